// SimpleTable before its search and sort code has arrived (it is downloaded on demand, see
// docs/simple-table.md "What loads when"). The download is held back by a gate the test opens, so
// what a reader sees and does in between is checked, then the result once it is there. This file
// does not use simple-table.fixtures.ts, which loads the code before its tests (only its side-effect-free
// builders in simple-table.config.ts).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import type { DefineComponent } from 'vue';
import { nextTick } from 'vue';
import type { Column, Row, SimpleTableConfig } from '../../src/core/types';
import { sortRows, visibleRows } from '../../src/core/table-model';
import SimpleTable from '../../components/SimpleTable.vue';
import { column, tableConfig } from './simple-table.config';

const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open(), loads: 0 };
});

// The gate holds back a module of the engine's (not the engine itself: Vue inspects the engine
// module it stores, and a mocked namespace throws on keys it does not have).
vi.mock('../../src/core/table-model/warmup', async (importOriginal) => {
  gate.loads++;
  await gate.opened;
  return importOriginal();
});

const AnyTable = SimpleTable as unknown as DefineComponent<Record<string, unknown>>;

const columns = (): Column[] => [column('id', { label: 'ID', format: 'number', align: 'right' }), column('city', { label: 'City' }), column('qty', { label: 'Qty', format: 'number', align: 'right' })];
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, city: ['Lviv', 'Kyiv', 'Odesa'][i % 3], qty: (i * 7) % 10 }));

function config(extra: Partial<SimpleTableConfig> = {}): SimpleTableConfig {
  return tableConfig(rows, columns(), extra);
}

const mounted: ReturnType<typeof mount>[] = [];
function mountTable(extra: Partial<SimpleTableConfig> = {}, props: Record<string, unknown> = {}) {
  const wrapper = mount(AnyTable, { props: { config: config(extra), warmup: false, ...props }, attachTo: document.body });
  mounted.push(wrapper);
  return wrapper;
}
afterAll(() => {
  for (const wrapper of mounted) wrapper.unmount();
});

const ids = (wrapper: ReturnType<typeof mount>): number[] => wrapper.findAll('tbody tr[data-cm-row-index] td[data-cm-col-key="id"]').map((td) => Number(td.text()));
const root = (wrapper: ReturnType<typeof mount>) => wrapper.find('[data-cm-simple-table]');

describe('SimpleTable before its search and sort code has arrived', () => {
  it('draws an unsorted, unsearched table at once, keeps every click and keystroke while the code downloads, then shows exactly what the code answers', async () => {
    // Nothing to sort or search: the rows are drawn without the code.
    const plain = mountTable();
    expect(ids(plain)).toEqual(rows.map((r) => r.id));
    expect(root(plain).attributes('data-cm-search-pending')).toBeUndefined();
    expect(plain.find('[data-cm-row-count]').text()).toBe('12 rows');

    // Sort clicks: the header follows at once; the rows stay, marked pending, until the code is there.
    const sorted = mountTable();
    const qty = () => sorted.find('th[data-cm-col-key="qty"] button');
    await qty().trigger('click');
    await qty().trigger('click');
    expect(sorted.find('th[data-cm-col-key="qty"]').attributes('aria-sort')).toBe('descending');
    expect(ids(sorted)).toEqual(rows.map((r) => r.id));
    expect(root(sorted).attributes('data-cm-search-pending')).toBe('true');
    expect(sorted.find('table').attributes('aria-busy')).toBe('true');

    // Keystrokes: the box keeps every one; the answer is that of the last text.
    const typed = mountTable();
    const box = typed.find('input[data-cm-search]');
    for (const text of ['k', 'ky', 'kyi', 'kyiv']) await box.setValue(text);
    expect((box.element as HTMLInputElement).value).toBe('kyiv');
    expect(typed.emitted('update:query')?.map((args) => args[0])).toEqual(['k', 'ky', 'kyi', 'kyiv']);
    expect(root(typed).attributes('data-cm-search-pending')).toBe('true');

    // A table that starts with a search or sections shows no rows until it can show the right ones.
    const searched = mountTable({}, { query: 'lviv' });
    const grouped = mountTable({ groupBy: 'city' });
    for (const wrapper of [searched, grouped]) {
      expect(ids(wrapper)).toEqual([]);
      expect(wrapper.find('tr.gv-table__empty').exists()).toBe(false);
      expect(wrapper.find('[data-cm-row-count]').text()).toBe('Loading…');
      expect(root(wrapper).attributes('data-cm-visible-rows')).toBeUndefined();
      expect(root(wrapper).attributes('data-cm-search-pending')).toBe('true');
    }
    gate.open();
    await Promise.all([sorted, typed, searched, grouped].map((wrapper) => (wrapper.vm as unknown as { ready(): Promise<void> }).ready()));
    await flushPromises();
    await nextTick();

    const byQty = sortRows(rows, columns()[2]!, 'desc', 'en');
    expect(ids(sorted)).toEqual(byQty.map((r) => r.id));
    expect(root(sorted).attributes('data-cm-search-pending')).toBeUndefined();

    const kyiv = visibleRows(rows, columns(), { filter: { global: 'kyiv' } }, 'en');
    expect(ids(typed)).toEqual(kyiv.map((r) => r.id));
    expect(typed.find('[data-cm-row-count]').text()).toBe(`${kyiv.length} of 12 rows`);
    expect(typed.find('[data-cm-search-summary]').text()).toBe('Contains kyiv');

    const lviv = visibleRows(rows, columns(), { filter: { global: 'lviv' } }, 'en');
    expect(ids(searched)).toEqual(lviv.map((r) => r.id));
    expect(root(searched).attributes('data-cm-visible-rows')).toBe(String(lviv.length));

    expect(grouped.findAll('tr[data-cm-group]').length + grouped.findAll('tbody tr[data-cm-row-index]').length).toBeGreaterThan(0);
    expect(ids(grouped).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));

    // A table mounted now has the code at once: a click answers before the next render.
    const later = mountTable();
    await later.find('th[data-cm-col-key="qty"] button').trigger('click');
    expect(ids(later)).toEqual(sortRows(rows, columns()[2]!, 'asc', 'en').map((r) => r.id));
    // One download for every table on the page.
    expect(gate.loads).toBe(1);
  });
});
