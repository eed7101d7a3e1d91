/**
 * The toolbar's parts as components of their own (jsdom, real AG Grid): `DataGridSearch` and
 * `DataGridGear` beside a host's own AG Grid (client-side row model, the host's modules) and over
 * `DataGrid`'s controller, and `DataGridColumnModal` opened by a button of the host's. The toolbar
 * renders the same components: its own tests (data-grid-toolbar, data-grid-chooser) still hold.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref, shallowRef } from 'vue';
import { mount } from '@vue/test-utils';
import type { DOMWrapper, VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { AgGridVue } from 'ag-grid-vue3';
import { ClientSideRowModelApiModule, ClientSideRowModelModule, ColumnApiModule, EventApiModule, QuickFilterModule, RowApiModule, TextFilterModule } from 'ag-grid-community';
import type { GridApi } from 'ag-grid-community';
import DataGridSearch from '../../components/DataGridSearch.vue';
import DataGridGear from '../../components/DataGridGear.vue';
import DataGridColumnModal from '../../components/DataGridColumnModal.vue';
import { GridViewPlugin } from '../../src/plugin';
import type { Row } from '../../src/core/types';
import { ORDERS_SPEC, exposed, mountGrid, orderRows, until } from './data-grid.fixtures';
import { fakeModalDialogs } from '../setup/dialog';

beforeAll(fakeModalDialogs);

afterEach(() => {
  document.body.innerHTML = '';
});

const rows = orderRows(200);
const count = (test: (row: Row) => boolean) => rows.filter(test).length;
const HOST_COLUMNS = ['id', 'region', 'note', 'units'];

/**
 * A host's own AG Grid with `part(api)` rendered beside it once the grid is ready (as an
 * application does with `v-if="api"`).
 */
function mountBesideHostGrid(part: (api: GridApi) => ReturnType<typeof h>) {
  const api = shallowRef<GridApi | null>(null);
  const Host = defineComponent({
    setup() {
      return () =>
        h('div', [
          api.value ? part(api.value) : null,
          h(AgGridVue, {
            style: 'height: 400px',
            modules: [ClientSideRowModelModule, ClientSideRowModelApiModule, QuickFilterModule, TextFilterModule, ColumnApiModule, RowApiModule, EventApiModule],
            rowData: rows,
            columnDefs: [
              { field: 'id', headerName: 'Order' },
              { field: 'region', headerName: 'Region', filter: 'agTextColumnFilter' },
              { field: 'note', headerName: 'Note' },
              { field: 'units', headerName: 'Units' },
            ],
            onGridReady: (event: { api: GridApi }) => (api.value = event.api),
          }),
        ]);
    },
  });
  const wrapper = mount(Host, { global: { plugins: [createPinia(), [GridViewPlugin, {}]] }, attachTo: document.body });
  return { wrapper, api };
}

async function typeSearch(wrapper: VueWrapper, text: string): Promise<void> {
  const input = wrapper.find('input[data-gv-quick-search]');
  await input.setValue(text);
  await input.trigger('keydown', { key: 'Enter' });
}

const displayed = (api: GridApi): string[] => api.getAllDisplayedColumns().map((column) => column.getColId());

describe('DataGridSearch alone beside a host’s AG Grid', () => {
  it('filters the grid in the search language, says how it read the text (shown, the box’s description, then spoken) and counts the rows', async () => {
    const { wrapper, api } = mountBesideHostGrid((gridApi) => h(DataGridSearch, { grid: gridApi, gridId: 'host-orders' }));
    await until(() => wrapper.find('[data-gv-record-count]').exists(), 'the search');
    expect(wrapper.find('[data-gv-grid-toolbar]').exists()).toBe(false);
    expect(wrapper.find('[role="search"] label').text()).toBe('Search the grid');
    expect(wrapper.find('[data-gv-record-count]').text()).toBe('200 rows');
    expect(wrapper.find('[data-gv-record-count]').attributes()).toMatchObject({ role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });

    await typeSearch(wrapper, 'north -rush');
    const expected = count((row) => row.region === 'North' && !String(row.note).includes('rush'));
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(50);
    await until(() => api.value!.getDisplayedRowCount() === expected, 'the quick filter');
    expect(api.value!.getGridOption('quickFilterText')).toBe('north -rush');
    await until(() => wrapper.find('[data-gv-record-count]').text() === `${expected} of 200 rows`, 'the counter');
    const summary = wrapper.find('[data-gv-search-summary]');
    expect(summary.text()).toBe('Contains north AND does not contain rush');
    expect(wrapper.find('input[data-gv-quick-search]').attributes('aria-describedby')).toBe(summary.attributes('id'));
    await until(() => wrapper.find('[data-gv-search-announcer]').text() !== '', 'the spoken summary');
    expect(wrapper.find('[data-gv-search-announcer]').text()).toBe('Search understood as: Contains north AND does not contain rush');
    expect(wrapper.find('[role="search"] button[data-cm-search-help]').attributes('aria-expanded')).toBe('false');

    const input = wrapper.find('input[data-gv-quick-search]');
    await wrapper.find('button[data-gv-clear-search]').trigger('click');
    await until(() => api.value!.getDisplayedRowCount() === 200, 'the cleared search');
    expect(api.value!.getGridOption('quickFilterText')).toBe('');
    expect(document.activeElement).toBe(input.element);
    expect(wrapper.find('[data-gv-search-summary]').exists()).toBe(false);
    expect(wrapper.find('[data-gv-clear-search]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('searches on every keystroke without Enter when debounceMs is 0, and leaves the counter out when counter is false', async () => {
    const { wrapper, api } = mountBesideHostGrid((gridApi) => h(DataGridSearch, { grid: gridApi, gridId: 'host-orders', debounceMs: 0, counter: false }));
    await until(() => wrapper.find('input[data-gv-quick-search]').exists(), 'the search');
    expect(wrapper.find('[data-gv-record-count]').exists()).toBe(false);
    await wrapper.find('input[data-gv-quick-search]').setValue('south');
    expect(api.value!.getGridOption('quickFilterText')).toBe('south');
    await until(() => api.value!.getDisplayedRowCount() === count((row) => row.region === 'South'), 'the southern rows');
    wrapper.unmount();
  });

  it('empties the box and the grid’s search through clear(), a typed text still in its quiet time included', async () => {
    const search = ref<{ clear(): void } | null>(null);
    const { wrapper, api } = mountBesideHostGrid((gridApi) => h(DataGridSearch, { ref: search, grid: gridApi, gridId: 'host-orders', debounceMs: 300 }));
    await until(() => search.value !== null, 'the search');
    await typeSearch(wrapper, 'north');
    await until(() => api.value!.getDisplayedRowCount() === 50, 'the northern rows');
    // Typed, not yet applied: clear() must drop it, not leave it in the box to be applied after.
    await wrapper.find('input[data-gv-quick-search]').setValue('south');
    search.value!.clear();
    await nextTick();
    expect(wrapper.find<HTMLInputElement>('input[data-gv-quick-search]').element.value).toBe('');
    expect(api.value!.getGridOption('quickFilterText')).toBe('');
    await until(() => api.value!.getDisplayedRowCount() === 200, 'every row');
    // Past the quiet time the typed text has not come back.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.value!.getGridOption('quickFilterText')).toBe('');
    wrapper.unmount();
  });
});

describe('DataGridSearch over DataGrid’s controller', () => {
  it('searches with column scopes, since that grid says which cell is which column', async () => {
    const grid = await mountGrid({ spec: ORDERS_SPEC, rows, toolbar: false });
    expect(grid.find('[data-gv-grid-toolbar]').exists()).toBe(false);
    const { controller } = exposed(grid);
    const search = mount(DataGridSearch, { props: { grid: controller }, global: { plugins: [[GridViewPlugin, {}]] }, attachTo: document.body });
    await typeSearch(search, 'region:north units:>10');
    const expected = count((row) => row.region === 'North' && Number(row.units) > 10);
    await until(() => controller.counts().shown === expected, 'the filtered rows');
    expect(search.find('[data-gv-search-summary]').text()).toBe('Region contains north AND Units greater than 10');
    await until(() => search.find('[data-gv-record-count]').text() === `${expected} of 200 rows`, 'the counter');
    search.unmount();
    grid.unmount();
  });
});

/** Opens the dialog with the gear's button and waits until it is open. */
async function openWithGear(wrapper: VueWrapper): Promise<DOMWrapper<HTMLDialogElement>> {
  await wrapper.find('button[data-gv-gear]').trigger('click');
  const dialog = wrapper.find<HTMLDialogElement>('dialog[data-gv-column-chooser]');
  await until(() => dialog.attributes('open') !== undefined, 'the chooser');
  return dialog;
}

describe('DataGridGear alone beside a host’s AG Grid', () => {
  it('opens the column chooser as a modal dialog; hiding a column hides it in the grid; closing puts focus back on the gear', async () => {
    const { wrapper, api } = mountBesideHostGrid((gridApi) => h(DataGridGear, { grid: gridApi, gridId: 'host-orders' }));
    await until(() => wrapper.find('button[data-gv-gear]').exists(), 'the gear');
    const gear = wrapper.find('button[data-gv-gear]');
    expect(gear.attributes()).toMatchObject({ type: 'button', 'aria-label': 'Choose columns', title: 'Choose columns', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });
    expect(displayed(api.value!)).toEqual(HOST_COLUMNS);

    const dialog = await openWithGear(wrapper);
    expect(gear.attributes('aria-expanded')).toBe('true');
    expect(dialog.attributes('aria-modal')).toBe('true');
    expect(dialog.findAll('[data-gv-column]').map((row) => row.attributes('data-gv-column'))).toEqual(HOST_COLUMNS);
    expect(dialog.element.contains(document.activeElement)).toBe(true);
    await dialog.find('[data-gv-column="region"] input[data-gv-visible]').setValue(false);
    expect(displayed(api.value!)).toEqual(['id', 'note', 'units']);
    expect(dialog.find('[data-gv-chooser-announcer]').text()).toBe('Region hidden');

    await dialog.find('button[data-gv-chooser-close]').trigger('click');
    expect(dialog.attributes('open')).toBeUndefined();
    expect(document.activeElement).toBe(gear.element);
    expect(gear.attributes('aria-expanded')).toBe('false');
    // A dialog closed another way (Esc closes a native dialog the same way): focus back on the gear too.
    await openWithGear(wrapper);
    dialog.element.close();
    await nextTick();
    expect(document.activeElement).toBe(gear.element);
    expect(gear.attributes('aria-expanded')).toBe('false');
    wrapper.unmount();
  });

  it('leaves the grid’s quick filter as it was: a gear never searches, so it installs no search language', async () => {
    const { wrapper, api } = mountBesideHostGrid((gridApi) => h(DataGridGear, { grid: gridApi, gridId: 'host-orders', class: 'host-gear' }));
    await until(() => wrapper.find('button[data-gv-gear]').exists(), 'the gear');
    await openWithGear(wrapper);
    expect(api.value!.getGridOption('quickFilterParser')).toBeUndefined();
    expect(api.value!.getGridOption('quickFilterMatcher')).toBeUndefined();
    // Attributes the host gives the component go to the button, not to the dialog.
    expect(wrapper.find('button[data-gv-gear]').classes()).toContain('host-gear');
    expect(wrapper.find('dialog[data-gv-column-chooser]').classes()).not.toContain('host-gear');
    wrapper.unmount();
  });

  it('over DataGrid’s controller lists the spec’s columns by menu group and hides a column in that grid', async () => {
    const grid = await mountGrid({ spec: ORDERS_SPEC, rows, toolbar: false });
    const { api, controller } = exposed(grid);
    const gear = mount(DataGridGear, { props: { grid: controller }, global: { plugins: [[GridViewPlugin, {}]] }, attachTo: document.body });
    const dialog = await openWithGear(gear);
    expect(dialog.findAll('.gv-chooser__group').map((group) => group.text())).toEqual(['Order', 'Sale', 'Figures']);
    await dialog.find('[data-gv-column="note"] input[data-gv-visible]').setValue(false);
    expect(displayed(api!)).toEqual(['id', 'day', 'region', 'units', 'amount']);
    gear.unmount();
    grid.unmount();
  });
});

describe('DataGridColumnModal opened by the host’s own button', () => {
  /** A host button that sets `open`; the modal beside it with `v-model:open`. */
  function mountModal() {
    const open = ref(false);
    const { wrapper, api } = mountBesideHostGrid((gridApi) =>
      h('div', [
        h('button', { type: 'button', 'data-host-opener': '', onClick: () => (open.value = true) }, 'Columns'),
        h(DataGridColumnModal, { grid: gridApi, gridId: 'host-orders', open: open.value, 'onUpdate:open': (value: boolean) => (open.value = value) }),
      ]),
    );
    return { wrapper, api, open };
  }

  it('opens when open becomes true, closes from inside with open set back to false, and gives focus back to the button that opened it', async () => {
    const { wrapper, api, open } = mountModal();
    await until(() => wrapper.find('button[data-host-opener]').exists(), 'the host’s button');
    const opener = wrapper.find<HTMLButtonElement>('button[data-host-opener]');
    const dialog = wrapper.find<HTMLDialogElement>('dialog[data-gv-column-chooser]');
    expect(dialog.attributes('open')).toBeUndefined();
    opener.element.focus();
    await opener.trigger('click');
    await until(() => dialog.attributes('open') !== undefined, 'the dialog');
    expect(dialog.attributes('aria-modal')).toBe('true');
    await dialog.find('[data-gv-column="units"] input[data-gv-visible]').setValue(false);
    expect(displayed(api.value!)).toEqual(['id', 'region', 'note']);
    await dialog.find('button[data-gv-chooser-close]').trigger('click');
    expect(dialog.attributes('open')).toBeUndefined();
    expect(open.value).toBe(false);
    expect(document.activeElement).toBe(opener.element);
    wrapper.unmount();
  });

  it('closes when the host sets open to false', async () => {
    const { wrapper, open } = mountModal();
    await until(() => wrapper.find('button[data-host-opener]').exists(), 'the host’s button');
    const dialog = wrapper.find<HTMLDialogElement>('dialog[data-gv-column-chooser]');
    open.value = true;
    await until(() => dialog.attributes('open') !== undefined, 'the dialog');
    open.value = false;
    await until(() => dialog.attributes('open') === undefined, 'the dialog closed');
    expect(open.value).toBe(false);
    wrapper.unmount();
  });
});
