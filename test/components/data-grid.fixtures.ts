/**
 * Shared helpers of the DataGrid DOM tests (jsdom, real AG Grid): a spec, rows, mounting with
 * Pinia, waiting for AG Grid's asynchronous steps, and the exposed controller and API.
 */
import { flushPromises, mount } from '@vue/test-utils';
import type { VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import type { Pinia } from 'pinia';
import type { GridApi } from 'ag-grid-community';
import DataGrid from '../../components/DataGrid.vue';
import type { DataGridController } from '../../components/data-grid/controller';
import type { DataGridAdapter } from '../../src/core/adapters';
import type { GridViewSpecWire, Row } from '../../src/core/types';
import { GridViewPlugin } from '../../src/plugin';
import { waitFor } from '../setup/wait';

/** Orders: a text id with a link, a values column (few repeated regions), free text, numbers, a date. */
export const ORDERS_SPEC: GridViewSpecWire = {
  grid_id: 'orders',
  title: 'Orders',
  columns: [
    { key: 'id', label: 'Order', link_template: '/orders/{id}', menu_group: 'Order' },
    { key: 'day', label: 'Day', menu_group: 'Order' },
    { key: 'region', label: 'Region', menu_group: 'Sale' },
    { key: 'note', label: 'Note', menu_group: 'Sale' },
    { key: 'units', label: 'Units', format: 'number', align: 'right', menu_group: 'Figures' },
    { key: 'amount', label: 'Amount', format: 'currency', align: 'right', menu_group: 'Figures' },
    { key: 'secret', label: 'Internal code', hidden: true, menu_group: 'Figures' },
  ],
  kpis: [{ label: 'Orders', aggregate: 'count' }],
  layout: { blocks: ['toolbar', 'kpis', 'ag_grid'] },
};

const REGIONS = ['North', 'South', 'East', 'West'];
const NOTES = ['rush delivery', 'gift wrap', 'call first', 'leave at door', 'fragile glass'];

/** `count` orders made by a fixed rule (no randomness), so expectations can be computed. */
export function orderRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `SO-${String(i + 1).padStart(4, '0')}`,
    day: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    region: REGIONS[i % REGIONS.length] as string,
    note: `${NOTES[i % NOTES.length] as string} #${i + 1}`,
    units: (i % 20) + 1,
    amount: ((i * 37) % 1000) + 0.5,
    secret: `c${i}`,
  }));
}

/** What `DataGrid` exposes. */
export interface DataGridExposed {
  api: GridApi | null;
  controller: DataGridController;
  adapter: DataGridAdapter | null;
}

export function exposed(wrapper: VueWrapper): DataGridExposed {
  return wrapper.vm as unknown as DataGridExposed;
}

/**
 * Waits until `check` holds (AG Grid and the components answer asynchronously), flushing promises
 * before each look; fails naming `what` when it never does.
 */
export async function until(check: () => boolean, what: string): Promise<void> {
  // waitFor's default limit of 1 s is too short when the suite's three lanes share two cores (a rare
  // failure of data-grid-presets.test.ts); a wait that is met returns at once whatever the limit.
  await waitFor(
    async () => {
      await flushPromises();
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 10_000 },
  );
}

/** Mounts a DataGrid (attached to the document, with Pinia and the plugin) and waits for its first block. */
export async function mountGrid(
  props: Record<string, unknown>,
  options: { pinia?: Pinia; plugin?: Record<string, unknown> } = {},
): Promise<VueWrapper> {
  const pinia = options.pinia ?? createPinia();
  const wrapper = mount(DataGrid, {
    props: { pageState: false, ...props },
    global: { plugins: [pinia, [GridViewPlugin, options.plugin ?? {}]] },
    attachTo: document.body,
  });
  await until(() => exposed(wrapper).api !== null && exposed(wrapper).controller.counts().shown !== null, 'the first block');
  return wrapper;
}
