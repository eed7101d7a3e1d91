import { mount } from '@vue/test-utils';
import type { DefineComponent } from 'vue';
import type { Column, Row, SimpleTableConfig } from '../../src/core/types';
import { column } from './simple-table.config';
import SimpleTable from '../../components/SimpleTable.vue';
import { loadTableEngine } from '../../composables/useTableEngine';

// These tests check sort, search and sections right after a click or at mount, as a reader meets
// them on a page that has been open for a moment: the table's search and sort code, which a page
// downloads after the first paint (docs/simple-table.md, "What loads when"), is loaded once here
// first. SimpleTable.engine.test.ts covers a table whose code has not arrived yet.
await loadTableEngine();

export { column, tableConfig } from './simple-table.config';

export const people = [
  { id: 1, name: 'Olena', city: 'Kyiv', amount: 1200.5, qty: 10 },
  { id: 2, name: 'Émile', city: 'Lyon', amount: 99, qty: 9 },
  { id: 3, name: 'bob', city: 'Paris', amount: 15000, qty: 100 },
  { id: 4, name: 'Zoë', city: 'Kyiv', amount: null, qty: 2 },
];

export const peopleColumns = (): Column[] => [
  column('id', { label: 'ID', format: 'number', align: 'right' }),
  column('name', { label: 'Name' }),
  column('city', { label: 'City' }),
  column('amount', { label: 'Amount', format: 'currency', align: 'right' }),
  column('qty', { label: 'Qty', format: 'number', align: 'right' }),
];

/** SimpleTable is generic over the row type; tests mount it with loosely typed props. */
export const AnySimpleTable = SimpleTable as unknown as DefineComponent<Record<string, unknown>>;

/** Mounts SimpleTable with test-friendly defaults (no idle warm-up), attached to the document. */
export function mountTable<R extends Row>(config: SimpleTableConfig<R>, props: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  return mount(AnySimpleTable, { props: { config, warmup: false, ...props }, attachTo: document.body, ...options });
}

/** Text of the body cells of one column, top to bottom (rendered rows only). */
export function columnTexts(wrapper: ReturnType<typeof mountTable>, key: string): string[] {
  return wrapper.findAll(`tbody tr[data-cm-row-index] td[data-cm-col-key="${key}"]`).map((td) => td.text());
}
