import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createPinia } from 'pinia';
import type { Pinia } from 'pinia';
import type { Column, Row, SimpleTableConfig } from '../../src/core/types';
import { pageStateKey } from '../../stores/page-state/model';
import { column, mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';
import { waitFor } from '../setup/wait';
import { fakeModalDialogs } from '../setup/dialog';

beforeAll(fakeModalDialogs);

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

interface Download {
  blob: Blob;
  fileName: string;
}

function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      const url = `blob:test/${next++}`;
      blobs.set(url, blob);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ blob, fileName: this.download });
  });
  return downloads;
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

const headerKeys = (wrapper: ReturnType<typeof mountTable>): string[] => wrapper.findAll('thead th[data-cm-col-key]').map((th) => th.attributes('data-cm-col-key')!);

/**
 * Mounts with Pinia installed and waits until the page-state store owns the layout: its code is
 * downloaded after mount (the table alone does not carry Pinia), then the entry is hydrated.
 */
async function mountWithPageState<R extends Row>(config: SimpleTableConfig<R>, pinia: Pinia = createPinia()): Promise<ReturnType<typeof mountTable>> {
  const wrapper = mountTable(config, {}, { global: { plugins: [pinia] } });
  const key = pageStateKey({ id: config.gridId });
  await waitFor(() => expect(pageStateEntry(pinia, key)?.hydrated).toBe(true));
  await flushPromises();
  return wrapper;
}

/** The store's entry, read without creating the store (the test must not do the table's work). */
function pageStateEntry(pinia: Pinia, key: string): { hydrated: boolean } | undefined {
  const state = pinia.state.value['gridView/pageState'] as { entries: Record<string, { hydrated: boolean }> } | undefined;
  return state?.entries[key];
}

/** Clicks the Columns button and waits for the menu: its component is downloaded on first open. */
async function openColumnMenu(wrapper: ReturnType<typeof mountTable>): Promise<void> {
  await wrapper.find('button[data-cm-column-menu]').trigger('click');
  await waitFor(() => expect(wrapper.find('dialog[data-gv-column-chooser]').attributes('open')).toBeDefined());
}

describe('SimpleTable: CSV export', () => {
  it('downloads UTF-8 CSV with a BOM of exactly what is shown: visible rows in order, shown exportable columns', async () => {
    const downloads = captureDownloads();
    const columns: Column[] = [...peopleColumns(), column('secret', { label: 'Secret', exportable: false }), column('extra', { label: 'Extra', hidden: true })];
    const rows = people.map((p) => ({ ...p, secret: 's', extra: 'e' }));
    const wrapper = mountTable(tableConfig(rows, columns, { exportXlsx: true }));
    expect(wrapper.find('button[data-cm-export="csv"]').text()).toBe('Export CSV');
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('button[data-cm-export="csv"]').trigger('click');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('orders.csv');
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(downloads[0]!.blob);
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('ID,Name,City,Amount,Qty\r\n1,Olena,Kyiv,1200.5,10\r\n4,Zoë,Kyiv,,2\r\n');
    await flushPromises();
    expect(wrapper.find('[data-cm-announcer]').text()).toBe('The file is ready');
  });

  it('follows export_columns and the reader column order, and neutralises formulas as the XLSX export does', async () => {
    const downloads = captureDownloads();
    const rows: Row[] = [{ a: '=1+1', b: 'x,"y"', c: -3 }];
    const wrapper = mountTable(tableConfig(rows, [column('a'), column('b'), column('c', { format: 'number' })], { exportCsv: true, exportColumns: ['c', 'a'] }));
    expect(wrapper.find('button[data-cm-export="xlsx"]').exists()).toBe(false);
    await wrapper.find('button[data-cm-export="csv"]').trigger('click');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(new TextDecoder().decode((await bytesOf(downloads[0]!.blob)).subarray(3))).toBe("a,c\r\n'=1+1,-3\r\n");
  });

  it('shows no CSV button when neither export is on', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    expect(wrapper.find('button[data-cm-export="csv"]').exists()).toBe(false);
  });
});

describe('SimpleTable: column menu', () => {
  it('starts without hidden-by-default columns and shows, hides and reorders columns from the menu', async () => {
    const columns: Column[] = [...peopleColumns(), column('extra', { label: 'Extra', hidden: true, menuGroup: 'More' })];
    const wrapper = mountTable(tableConfig(people, columns));
    expect(headerKeys(wrapper)).toEqual(['id', 'name', 'city', 'amount', 'qty']);
    const button = wrapper.find('button[data-cm-column-menu]');
    expect(button.attributes('aria-haspopup')).toBe('dialog');
    expect(button.attributes('aria-expanded')).toBe('false');
    expect(wrapper.find('dialog').exists()).toBe(false);
    await openColumnMenu(wrapper);
    const dialog = wrapper.find('dialog[data-gv-column-chooser]');
    expect(dialog.attributes('open')).toBeDefined();
    expect(button.attributes('aria-expanded')).toBe('true');
    // The simple table cannot pin: no pin control.
    expect(dialog.find('select[data-gv-pin]').exists()).toBe(false);
    expect(dialog.findAll('h3').map((h) => h.text())).toEqual(['More', 'Other columns']);
    await dialog.find('[data-gv-column="extra"] input[data-gv-visible]').setValue(true);
    expect(headerKeys(wrapper)).toEqual(['id', 'name', 'city', 'amount', 'qty', 'extra']);
    await dialog.find('[data-gv-column="city"] input[data-gv-visible]').setValue(false);
    expect(headerKeys(wrapper)).toEqual(['id', 'name', 'amount', 'qty', 'extra']);
    expect(wrapper.findAll('tbody td[data-cm-col-key="city"]')).toHaveLength(0);
    await dialog.find('[data-gv-column="qty"] button[data-gv-move="up"]').trigger('click');
    expect(headerKeys(wrapper)).toEqual(['id', 'name', 'qty', 'amount', 'extra']);
    expect(wrapper.findAll('tbody tr')[0]!.findAll('td').map((td) => td.attributes('data-cm-col-key'))).toEqual(['id', 'name', 'qty', 'amount', 'extra']);
    await dialog.find('button[data-gv-chooser-reset]').trigger('click');
    expect(headerKeys(wrapper)).toEqual(['id', 'name', 'city', 'amount', 'qty']);
    await dialog.find('button[data-gv-chooser-close]').trigger('click');
    await flushPromises();
    expect(wrapper.find('dialog').exists()).toBe(false);
    expect(document.activeElement).toBe(button.element);
  });

  it('keeps the layout in page state when Pinia is installed, restoring it on the next mount', async () => {
    const config = tableConfig(people, peopleColumns());
    const first = await mountWithPageState(config);
    await openColumnMenu(first);
    await first.find('[data-gv-column="name"] input[data-gv-visible]').setValue(false);
    const stored = JSON.parse(localStorage.getItem(pageStateKey({ id: 'orders' })) ?? 'null') as { v: number; state: { columnState: { colId: string; hide: boolean }[] } };
    expect(stored.v).toBe(1);
    expect(stored.state.columnState.find((c) => c.colId === 'name')?.hide).toBe(true);
    first.unmount();
    const second = await mountWithPageState(config);
    expect(headerKeys(second)).toEqual(['id', 'city', 'amount', 'qty']);
  });

  it('drops the per-column filter of a hidden column along with its box', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { searchMode: 'per_column' }));
    await wrapper.find('input[data-cm-filter="city"]').setValue('kyiv');
    expect(wrapper.findAll('tbody tr[data-cm-row-index]')).toHaveLength(2);
    await openColumnMenu(wrapper);
    await wrapper.find('[data-gv-column="city"] input[data-gv-visible]').setValue(false);
    expect(wrapper.find('input[data-cm-filter="city"]').exists()).toBe(false);
    expect(wrapper.findAll('tbody tr[data-cm-row-index]')).toHaveLength(4);
  });
});

describe('SimpleTable: page state handed over after mount', () => {
  const widths = (key: string) =>
    (JSON.parse(localStorage.getItem(key) ?? 'null') as { state: { columnState: { colId: string; width?: number }[] | null } } | null)?.state.columnState?.map((c) => [c.colId, c.width ?? null]);

  it('carries a change made before the store takes over into it, where it wins over the stored layout', async () => {
    const config = tableConfig(people, peopleColumns());
    const key = pageStateKey({ id: 'orders' });
    const first = await mountWithPageState(config);
    // Keyboard steps start from the width the table gave the column (from its content).
    const cityHandle = first.find('th[data-cm-col-key="city"] [role="separator"]');
    const city = Number(cityHandle.attributes('aria-valuenow'));
    await cityHandle.trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    expect(widths(key)).toContainEqual(['city', city + 50]);
    first.unmount();

    const pinia = createPinia();
    const second = mountTable(config, {}, { global: { plugins: [pinia] } });
    // Synchronously after mount: the store's code is still on its way, so the table owns the layout.
    expect(pageStateEntry(pinia, key)).toBeUndefined();
    const nameHandle = () => second.find('th[data-cm-col-key="name"] [role="separator"]');
    const name = Number(nameHandle().attributes('aria-valuenow'));
    void nameHandle().trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(pageStateEntry(pinia, key)?.hydrated).toBe(true));
    await flushPromises();
    expect(widths(key)).toContainEqual(['name', name + 50]);
    expect(widths(key)).toContainEqual(['city', null]);
    expect(nameHandle().attributes('aria-valuenow')).toBe(String(name + 50));
    // From now on the store owns it: a change is stored at once.
    await nameHandle().trigger('keydown', { key: 'ArrowRight' });
    expect(widths(key)).toContainEqual(['name', name + 60]);
  });

  it('touches no store when unmounted before the store takes over', async () => {
    const pinia = createPinia();
    const wrapper = mountTable(tableConfig(people, peopleColumns()), {}, { global: { plugins: [pinia] } });
    wrapper.unmount();
    await import('../../composables/usePageState-on-demand');
    await flushPromises();
    expect(pinia.state.value['gridView/pageState']).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the layout in the component when Pinia is not installed', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await flushPromises();
    const start = Number(wrapper.find('th[data-cm-col-key="name"] [role="separator"]').attributes('aria-valuenow'));
    await wrapper.find('th[data-cm-col-key="name"] [role="separator"]').trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    await flushPromises();
    expect(wrapper.find('th[data-cm-col-key="name"] [role="separator"]').attributes('aria-valuenow')).toBe(String(start + 50));
    expect(localStorage.length).toBe(0);
  });
});

describe('SimpleTable: column resize', () => {
  it('gives every header a focusable separator with its width as aria-valuenow, changed by the arrow keys', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await flushPromises();
    const handle = wrapper.find('th[data-cm-col-key="name"] [role="separator"]');
    expect(handle.attributes()).toMatchObject({ tabindex: '0', 'aria-orientation': 'vertical', 'aria-label': 'Resize Name', 'aria-valuemin': '40', 'aria-valuemax': '2000' });
    // The column's width as drawn (jsdom draws nothing: the narrowest).
    const start = Number(handle.attributes('aria-valuenow'));
    await handle.trigger('keydown', { key: 'ArrowRight' });
    expect(handle.attributes('aria-valuenow')).toBe(String(start + 10));
    await handle.trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    expect(handle.attributes('aria-valuenow')).toBe(String(start + 60));
    await handle.trigger('keydown', { key: 'ArrowLeft' });
    expect(handle.attributes('aria-valuenow')).toBe(String(start + 50));
    expect(wrapper.findAll('colgroup col')[1]!.attributes('style')).toContain(`width: ${start + 50}px`);
    expect(wrapper.find('table').attributes('style')).toContain('table-layout: fixed');
    // Other keys are left alone.
    await handle.trigger('keydown', { key: 'Enter' });
    expect(handle.attributes('aria-valuenow')).toBe(String(start + 50));
  });

  it('resizes by dragging: live while moving, stored on release', async () => {
    const wrapper = await mountWithPageState(tableConfig(people, peopleColumns()));
    const handle = wrapper.find('th[data-cm-col-key="name"] [role="separator"]');
    const start = Number(handle.attributes('aria-valuenow')) + 50;
    await handle.trigger('keydown', { key: 'ArrowRight', shiftKey: true }); // a stored start
    await handle.trigger('pointerdown', { button: 0, pointerId: 1, clientX: 500 });
    await handle.trigger('pointermove', { pointerId: 1, clientX: 560 });
    expect(handle.attributes('aria-valuenow')).toBe(String(start + 60));
    const key = pageStateKey({ id: 'orders' });
    const widthStored = (colId = 'name') => (JSON.parse(localStorage.getItem(key) ?? 'null') as { state: { columnState: { colId: string; width?: number }[] } }).state.columnState.find((c) => c.colId === colId)?.width;
    expect(widthStored()).toBe(start);
    await handle.trigger('pointermove', { pointerId: 1, clientX: -2000 });
    await handle.trigger('pointerup', { pointerId: 1, clientX: -2000 });
    expect(handle.attributes('aria-valuenow')).toBe('40');
    expect(widthStored()).toBe(40);
  });

  it('stops a number column at its widest value, by pointer and by keyboard, and says so in aria-valuemin', async () => {
    const wrapper = await mountWithPageState(tableConfig(people, peopleColumns()));
    const handle = wrapper.find('th[data-cm-col-key="amount"] [role="separator"]');
    // "$15,000.00" is the widest amount: no width may cut it (measured by the estimate in jsdom).
    const floor = Number(handle.attributes('aria-valuemin'));
    expect(floor).toBeGreaterThan(60);
    expect(wrapper.find('th[data-cm-col-key="name"] [role="separator"]').attributes('aria-valuemin')).toBe('40');
    await handle.trigger('keydown', { key: 'Home' });
    expect(handle.attributes('aria-valuenow')).toBe(String(floor));
    await handle.trigger('keydown', { key: 'ArrowRight' });
    expect(handle.attributes('aria-valuenow')).toBe(String(floor + 10));
    await handle.trigger('pointerdown', { button: 0, pointerId: 1, clientX: 500 });
    await handle.trigger('pointermove', { pointerId: 1, clientX: 100 });
    await handle.trigger('pointerup', { pointerId: 1, clientX: 100 });
    expect(handle.attributes('aria-valuenow')).toBe(String(floor));
    const key = pageStateKey({ id: 'orders' });
    const stored = (JSON.parse(localStorage.getItem(key) ?? 'null') as { state: { columnState: { colId: string; width?: number }[] } }).state.columnState.find((c) => c.colId === 'amount')?.width;
    expect(stored).toBe(floor);
  });

  it('shows no handles when resizing is off', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { resizable: false, columnMenu: false }));
    expect(wrapper.find('[role="separator"]').exists()).toBe(false);
    expect(wrapper.find('button[data-cm-column-menu]').exists()).toBe(false);
  });
});

describe('SimpleTable: sections with totals (group_by)', () => {
  const rows = [
    { id: 1, city: 'Lviv', amount: 10, qty: 1 },
    { id: 2, city: 'Kyiv', amount: 5, qty: 2 },
    { id: 3, city: null, amount: 7, qty: 3 },
    { id: 4, city: 'Kyiv', amount: 20, qty: null },
    { id: 5, city: 'Lviv', amount: 1, qty: 5 },
  ];
  const columns = (): Column[] => [
    column('id', { label: 'ID', format: 'number', total: 'none' }),
    column('city', { label: 'City' }),
    column('amount', { label: 'Amount', format: 'currency', align: 'right' }),
    column('qty', { label: 'Qty', format: 'number', align: 'right', total: 'avg' }),
  ];
  /** Waits for the section header rows: their component is downloaded when a table first has sections. */
  const sectionsDrawn = (wrapper: ReturnType<typeof mountTable>) => waitFor(() => expect(wrapper.find('tr[data-cm-group]').exists()).toBe(true));
  const groupKeys = (wrapper: ReturnType<typeof mountTable>) => wrapper.findAll('tr[data-cm-group]').map((tr) => tr.attributes('data-cm-group'));
  const bodyOrder = (wrapper: ReturnType<typeof mountTable>) =>
    wrapper.findAll('tbody tr').filter((tr) => tr.attributes('data-cm-group') !== undefined || tr.attributes('data-cm-row-index') !== undefined).map((tr) => tr.attributes('data-cm-group') ?? Number(tr.attributes('data-cm-row-index')));

  it('draws a header row per group in key order with totals, the rows of each group below it', async () => {
    const wrapper = mountTable(tableConfig(rows, columns(), { groupBy: 'city' }));
    await sectionsDrawn(wrapper);
    expect(bodyOrder(wrapper)).toEqual(['Kyiv', 1, 3, 'Lviv', 0, 4, '', 2]);
    const kyiv = wrapper.find('tr[data-cm-group="Kyiv"]');
    const toggle = kyiv.find('button[data-cm-group-toggle]');
    expect(toggle.text()).toContain('Kyiv (2 rows)');
    expect(toggle.attributes('aria-expanded')).toBe('true');
    expect(kyiv.find('th').attributes('scope')).toBe('row');
    expect(kyiv.find('[data-cm-total="amount"]').text()).toBe('Sum $25.00');
    expect(kyiv.find('[data-cm-total="qty"]').text()).toBe('Average 2');
    expect(kyiv.find('[data-cm-total="id"]').exists()).toBe(false);
    expect(wrapper.find('tr[data-cm-group=""] button').text()).toContain('(empty) (1 row)');
    // aria-rowindex counts the group rows: header row 1, then 8 body rows.
    expect(wrapper.findAll('tbody tr[aria-rowindex]').map((tr) => tr.attributes('aria-rowindex'))).toEqual(['2', '3', '4', '5', '6', '7', '8', '9']);
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('9');
  });

  it('collapses and expands a group with its button, announcing it and keeping the state in page state', async () => {
    const wrapper = await mountWithPageState(tableConfig(rows, columns(), { groupBy: 'city' }));
    await sectionsDrawn(wrapper);
    await wrapper.find('tr[data-cm-group="Kyiv"] button').trigger('click');
    expect(bodyOrder(wrapper)).toEqual(['Kyiv', 'Lviv', 0, 4, '', 2]);
    expect(wrapper.find('tr[data-cm-group="Kyiv"] button').attributes('aria-expanded')).toBe('false');
    expect(wrapper.find('[data-cm-announcer]').text()).toBe('Kyiv collapsed');
    const stored = JSON.parse(localStorage.getItem(pageStateKey({ id: 'orders' })) ?? 'null') as { state: { collapsedGroups: string[] } };
    expect(stored.state.collapsedGroups).toEqual(['Kyiv']);
    // The totals of a collapsed group stay in its header.
    expect(wrapper.find('tr[data-cm-group="Kyiv"] [data-cm-total="amount"]').text()).toBe('Sum $25.00');
    wrapper.unmount();
    const again = await mountWithPageState(tableConfig(rows, columns(), { groupBy: 'city' }));
    await sectionsDrawn(again);
    expect(bodyOrder(again)).toEqual(['Kyiv', 'Lviv', 0, 4, '', 2]);
    await again.find('tr[data-cm-group="Kyiv"] button').trigger('click');
    expect(bodyOrder(again)).toEqual(['Kyiv', 1, 3, 'Lviv', 0, 4, '', 2]);
    expect(again.find('[data-cm-announcer]').text()).toBe('Kyiv expanded');
  });

  it('searches and sorts within groups; totals follow the search; sorting by the grouping column orders the groups', async () => {
    const wrapper = mountTable(tableConfig(rows, columns(), { groupBy: 'city' }));
    await sectionsDrawn(wrapper);
    await wrapper.find('th[data-cm-col-key="amount"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="amount"] button').trigger('click');
    expect(bodyOrder(wrapper)).toEqual(['Kyiv', 3, 1, 'Lviv', 0, 4, '', 2]);
    await wrapper.find('input[data-cm-search]').setValue('amount:>6');
    expect(bodyOrder(wrapper)).toEqual(['Kyiv', 3, 'Lviv', 0, '', 2]);
    expect(wrapper.find('tr[data-cm-group="Kyiv"] [data-cm-total="amount"]').text()).toBe('Sum $20.00');
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('3 of 5 rows');
    await wrapper.find('input[data-cm-search]').setValue('');
    await wrapper.find('th[data-cm-col-key="city"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="city"] button').trigger('click');
    expect(groupKeys(wrapper)).toEqual(['Lviv', 'Kyiv', '']);
  });

  it('exports group by group, collapsed groups included', async () => {
    const downloads = captureDownloads();
    const wrapper = mountTable(tableConfig(rows, columns(), { groupBy: 'city', exportCsv: true }));
    await sectionsDrawn(wrapper);
    await wrapper.find('tr[data-cm-group="Lviv"] button').trigger('click');
    await wrapper.find('button[data-cm-export="csv"]').trigger('click');
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = new TextDecoder().decode((await bytesOf(downloads[0]!.blob)).subarray(3));
    expect(text.split('\r\n').map((line) => line.split(',')[0])).toEqual(['ID', '2', '4', '1', '5', '3', '']);
  });

  it('windows a large grouped table: header rows count as body rows and collapsing shrinks the scroll height', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, city: `City ${i % 5}`, amount: i, qty: 1 }));
    const wrapper = mountTable(tableConfig(many, columns(), { groupBy: 'city' }));
    await sectionsDrawn(wrapper);
    expect(wrapper.attributes('data-cm-windowed')).toBe('true');
    expect(wrapper.findAll('tbody tr[data-cm-row-index]').length).toBeLessThan(60);
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe(String(1 + 5000 + 5));
    await wrapper.find('tr[data-cm-group="City 0"] button').trigger('click');
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe(String(1 + 4000 + 5));
    expect(groupKeys(wrapper).slice(0, 2)).toEqual(['City 0', 'City 1']);
  });
});
