/**
 * The DataGrid toolbar (jsdom, real AG Grid): the quick search in the search language with its
 * help popover and the summary of how the text was understood, the text column filter in the same
 * language, reload through the host's callback, and `DataGridToolbar` alone beside a grid the host
 * created with AG Grid's client-side row model.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, shallowRef } from 'vue';
import { mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { AgGridVue } from 'ag-grid-vue3';
import { ClientSideRowModelApiModule, ClientSideRowModelModule, ColumnApiModule, EventApiModule, QuickFilterModule, RowApiModule, TextFilterModule } from 'ag-grid-community';
import type { GridApi } from 'ag-grid-community';
import DataGridToolbar from '../../components/DataGridToolbar.vue';
import TextFilter from '../../components/data-grid/TextFilter.vue';
import { loadCatalog } from '../../src/core/i18n/translator';
import { GridViewPlugin } from '../../src/plugin';
import type { Row } from '../../src/core/types';
import { ORDERS_SPEC, exposed, mountGrid, orderRows, until } from './data-grid.fixtures';

beforeAll(() => loadCatalog('uk'));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const rows = orderRows(200);
const count = (test: (row: Row) => boolean) => rows.filter(test).length;

async function typeSearch(wrapper: ReturnType<typeof mount>, text: string): Promise<void> {
  const input = wrapper.find('input[data-gv-quick-search]');
  await input.setValue(text);
  await input.trigger('keydown', { key: 'Enter' });
}

describe('DataGrid quick search: the search language', () => {
  it('has the language’s help popover beside the box, with scopes explained', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const search = wrapper.find('.gv-grid-toolbar__search');
    const button = search.find('button[data-cm-search-help]');
    expect(button.attributes('aria-expanded')).toBe('false');
    expect(button.attributes('aria-label')).toBe('Search help');
    await button.trigger('click');
    // The popover is downloaded on the first open.
    await until(() => button.attributes('aria-expanded') === 'true' && search.find('[data-cm-search-help-panel]').exists(), 'the popover');
    const panel = search.find('[data-cm-search-help-panel]');
    expect(panel.attributes('role')).toBe('dialog');
    expect(panel.text()).toContain('A column name and a colon limit the words after it to that column.');
    expect(panel.text()).toContain('region:north units:10..20');
    expect(document.activeElement).toBe(panel.element);
    await panel.trigger('keydown', { key: 'Escape' });
    expect(button.attributes('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button.element);
    wrapper.unmount();
  });

  it('finds rows with a scope, an exclusion and a number range, and says how it read them in the box’s description and, after a pause, in a live region', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const { controller } = exposed(wrapper);
    await typeSearch(wrapper, 'region:north -rush units:>10');
    const expected = count((row) => row.region === 'North' && !String(row.note).includes('rush') && Number(row.units) > 10);
    expect(expected).toBeGreaterThan(0);
    await until(() => controller.counts().shown === expected, 'the filtered rows');
    const summary = wrapper.find('[data-gv-search-summary]');
    expect(summary.text()).toBe('Region contains north AND Region does not contain rush AND Units greater than 10');
    expect(wrapper.find('input[data-gv-quick-search]').attributes('aria-describedby')).toBe(summary.attributes('id'));
    await until(() => wrapper.find('[data-gv-search-announcer]').text() !== '', 'the spoken summary');
    expect(wrapper.find('[data-gv-search-announcer]').text()).toBe('Search understood as: Region contains north AND Region does not contain rush AND Units greater than 10');
    expect(wrapper.find('[data-gv-record-count]').text()).toBe(`${expected} of 200 rows`);

    await typeSearch(wrapper, 'south / east');
    await until(() => controller.counts().shown === count((row) => row.region === 'South' || row.region === 'East'), 'the OR search');
    expect(wrapper.find('[data-gv-search-summary]').text()).toBe('Contains south OR contains east');

    await wrapper.find('button[data-gv-clear-search]').trigger('click');
    await until(() => controller.counts().shown === 200, 'the cleared search');
    expect(wrapper.find('[data-gv-search-summary]').exists()).toBe(false);
    expect(wrapper.find('input[data-gv-quick-search]').attributes('aria-describedby')).toBeUndefined();
    wrapper.unmount();
  });

  it('describes the query in Ukrainian with the grid’s locale', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows, locale: 'uk' });
    await wrapper.find('input[data-gv-quick-search]').setValue('units:5..10');
    await until(() => wrapper.find('[data-gv-search-summary]').exists(), 'the summary');
    expect(wrapper.find('[data-gv-search-summary]').text()).toBe('Units від 5 до 10');
    expect(wrapper.find('button[data-cm-search-help]').attributes('aria-label')).not.toBe('Search help');
    wrapper.unmount();
  });
});

describe('DataGrid quick search over rows in memory', () => {
  /** The grid's first row (the spec pins no column, so there is one row element per row). */
  const firstRow = (wrapper: ReturnType<typeof mount>): Element | null => wrapper.element.querySelector('.ag-row[row-index="0"]');
  const firstId = (wrapper: ReturnType<typeof mount>): string | null | undefined => firstRow(wrapper)?.querySelector('.ag-cell[col-id="id"]')?.textContent;

  it('refreshes the rows on screen in place: the same row elements show the first matches, and AG Grid hears of no filter change', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const { api, controller } = exposed(wrapper);
    await until(() => firstId(wrapper) === 'SO-0001', 'the first row');
    const row = firstRow(wrapper);
    const filterChanged = vi.fn();
    api!.addEventListener('filterChanged', filterChanged);
    const south = rows.filter((r) => r.region === 'South');
    await typeSearch(wrapper, 'south');
    await until(() => controller.counts().shown === south.length && firstId(wrapper) === south[0]!.id, 'the matching rows');
    expect(firstRow(wrapper)).toBe(row);
    expect(wrapper.find('[data-gv-record-count]').text()).toBe(`${south.length} of 200 rows`);
    await typeSearch(wrapper, '');
    await until(() => controller.counts().shown === 200 && firstId(wrapper) === 'SO-0001', 'every row again');
    expect(firstRow(wrapper)).toBe(row);
    expect(filterChanged).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('says that no rows match when a search finds nothing, and shows the rows again when it is cleared', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const { controller } = exposed(wrapper);
    const overlay = (): string => wrapper.element.querySelector('.ag-overlay')?.textContent?.trim() ?? '';
    await typeSearch(wrapper, 'zzzz');
    await until(() => controller.counts().shown === 0 && overlay() === 'No rows match the search and filters', 'the “no matching rows” overlay');
    expect(wrapper.find('[data-gv-record-count]').text()).toBe('0 of 200 rows');
    await typeSearch(wrapper, '');
    await until(() => controller.counts().shown === 200 && firstId(wrapper) === 'SO-0001', 'every row again');
    expect(overlay()).toBe('');
    // A search that finds rows, then one that finds none: still the “no matching rows” text.
    await typeSearch(wrapper, 'north');
    await until(() => controller.counts().shown === 50, 'the northern rows');
    await typeSearch(wrapper, 'north zzzz');
    await until(() => controller.counts().shown === 0 && overlay() === 'No rows match the search and filters', 'the overlay again');
    wrapper.unmount();
  });

  it('tells its listeners nothing when another block of the same view loads, and once per search that changes the rows', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows, height: '300px' });
    const { api, controller } = exposed(wrapper);
    await until(() => firstId(wrapper) === 'SO-0001', 'the first row');
    const heard = vi.fn();
    controller.onChange(heard);
    // Rows 100 to 199 are the second block of the same view.
    api!.ensureIndexVisible(180, 'top');
    await until(() => wrapper.element.querySelector('.ag-row[row-index="180"] .ag-cell[col-id="id"]')?.textContent === 'SO-0181', 'the second block');
    expect(heard).not.toHaveBeenCalled();
    const south = rows.filter((r) => r.region === 'South');
    await typeSearch(wrapper, 'south');
    await until(() => controller.counts().shown === south.length && firstId(wrapper) === south[0]!.id, 'the matching rows');
    // The search itself, then its answer with the new count (not once more per block kept).
    expect(heard).toHaveBeenCalledTimes(2);
    expect(wrapper.find('[data-gv-record-count]').text()).toBe(`${south.length} of 200 rows`);
    wrapper.unmount();
  });

  it('decides on the XLSX button without gathering the filtered rows after every change', async () => {
    const wrapper = await mountGrid({ spec: { ...ORDERS_SPEC, export_xlsx: true }, rows });
    const { controller } = exposed(wrapper);
    const gather = vi.spyOn(controller, 'rowsForExport');
    await typeSearch(wrapper, 'north');
    await until(() => controller.counts().shown === 50, 'the northern rows');
    await typeSearch(wrapper, '');
    await until(() => controller.counts().shown === 200, 'every row');
    expect(wrapper.find('[data-gv-export="xlsx"]').exists()).toBe(true);
    expect(gather).not.toHaveBeenCalled();
    wrapper.unmount();
  });
});

describe('DataGrid text filter: the search language for one cell', () => {
  function mountFilter(model: unknown = null, onModelChange = vi.fn()) {
    const params = { model, onModelChange, locale: 'en', columnLabel: 'Note', debounceMs: 250 };
    const wrapper = mount(TextFilter, { props: { params: params as never }, global: { plugins: [[GridViewPlugin, {}]] }, attachTo: document.body });
    return { wrapper, onModelChange };
  }

  it('reports AG Grid’s text contains model after a quiet time, at once on Enter, and removes it when emptied', async () => {
    vi.useFakeTimers();
    const { wrapper, onModelChange } = mountFilter();
    const input = wrapper.find('input[data-gv-text-filter-input]');
    expect(wrapper.find('label').text()).toBe('Filter Note');
    await input.setValue('gift% -wrap');
    expect(onModelChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(260);
    expect(onModelChange).toHaveBeenLastCalledWith({ filterType: 'text', type: 'contains', filter: 'gift% -wrap' });
    await input.setValue('rush');
    await input.trigger('keydown', { key: 'Enter' });
    expect(onModelChange).toHaveBeenLastCalledWith({ filterType: 'text', type: 'contains', filter: 'rush' });
    await input.setValue('  ');
    await input.trigger('keydown', { key: 'Enter' });
    expect(onModelChange).toHaveBeenLastCalledWith(null);
    wrapper.unmount();
  });

  it('says how the text was understood, with the column’s name, and offers the help for column filters (wildcards, no scopes)', async () => {
    vi.useFakeTimers();
    const { wrapper } = mountFilter();
    const input = wrapper.find('input[data-gv-text-filter-input]');
    await input.setValue('gift% -wrap');
    const summary = wrapper.find('[data-gv-text-filter-summary]');
    expect(summary.text()).toBe('Note starts with gift AND Note does not contain wrap');
    expect(input.attributes('aria-describedby')).toBe(summary.attributes('id'));
    await vi.advanceTimersByTimeAsync(700);
    expect(wrapper.find('[data-gv-text-filter-announcer]').text()).toBe('Search understood as: Note starts with gift AND Note does not contain wrap');
    const help = wrapper.find('button[data-cm-search-help]');
    expect(help.attributes('aria-label')).toBe('Help for the filter of Note');
    await help.trigger('click');
    await until(() => wrapper.find('[data-cm-search-help-panel]').exists(), 'the popover');
    const panel = wrapper.find('[data-cm-search-help-panel]');
    expect(panel.text()).toContain('% stands for any text');
    expect(panel.text()).not.toContain('A column name and a colon');
    wrapper.unmount();
  });

  it('shows a model of another operation as a sentence until the reader types, and follows a model set elsewhere', async () => {
    const { wrapper } = mountFilter({ filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'notContains', filter: 'rush' }, { filterType: 'text', type: 'blank' }] });
    expect(wrapper.find('input').element.value).toBe('');
    expect(wrapper.find('[data-gv-text-filter-other]').text()).toBe('Current filter: Does not contain “rush” OR Blank. Type to replace it.');
    const refresh = (wrapper.vm as unknown as { refresh(params: unknown): boolean }).refresh;
    refresh({ model: { filterType: 'text', type: 'contains', filter: 'fragile' }, onModelChange: vi.fn(), locale: 'en', columnLabel: 'Note' });
    await wrapper.vm.$nextTick();
    expect(wrapper.find('input').element.value).toBe('fragile');
    expect(wrapper.find('[data-gv-text-filter-other]').exists()).toBe(false);
    refresh({ model: null, onModelChange: vi.fn(), locale: 'en', columnLabel: 'Note' });
    await wrapper.vm.$nextTick();
    expect(wrapper.find('input').element.value).toBe('');
    wrapper.unmount();
  });

  it('is what AG Grid gets for a free-text column, and its model runs in the search language in the row source', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const { api, controller } = exposed(wrapper);
    expect(api!.getColumnDef('note')?.filter).toEqual({ component: TextFilter });
    // The popup itself is driven in Chromium (jsdom cannot place AG Grid's popups).
    controller.setFilterModel({ note: { filterType: 'text', type: 'contains', filter: 'gift% / fragile%' } });
    const expected = count((row) => String(row.note).startsWith('gift') || String(row.note).startsWith('fragile'));
    await until(() => controller.counts().shown === expected, 'the filtered rows');
    expect(wrapper.find('[data-gv-clear-filters]').text()).toBe('Clear 1 filter');
    wrapper.unmount();
  });
});

describe('DataGrid toolbar: reload', () => {
  it('calls the host’s callback once per click, is busy until it settles, then says the rows were reloaded', async () => {
    let settle: () => void = () => {};
    const reload = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows, reload });
    const button = wrapper.find('button[data-gv-reload]');
    expect(button.text()).toBe('Reload');
    await button.trigger('click');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(button.attributes('disabled')).toBeDefined();
    expect(button.attributes('aria-busy')).toBe('true');
    await button.trigger('click');
    expect(reload).toHaveBeenCalledTimes(1);
    settle();
    await until(() => button.attributes('disabled') === undefined, 'the reload to settle');
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === 'The rows were reloaded', 'the announcement');
    await button.trigger('click');
    expect(reload).toHaveBeenCalledTimes(2);
    wrapper.unmount();
  });

  it('has no reload button without a callback on rows in memory', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    expect(wrapper.find('[data-gv-reload]').exists()).toBe(false);
    wrapper.unmount();
  });
});

/** A host's own AG Grid (client-side row model, its own modules) with `DataGridToolbar` beside it. */
function mountHostGrid(options: { matcher?: (parts: string[], text: string) => boolean; locale?: string } = {}) {
  const api = shallowRef<GridApi | null>(null);
  const Host = defineComponent({
    setup() {
      return () =>
        h('div', [
          api.value ? h(DataGridToolbar, { grid: api.value, gridId: 'host-orders', locale: options.locale }) : null,
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
            quickFilterMatcher: options.matcher,
            onGridReady: (event: { api: GridApi }) => (api.value = event.api),
          }),
        ]);
    },
  });
  const wrapper = mount(Host, { global: { plugins: [createPinia(), [GridViewPlugin, {}]] }, attachTo: document.body });
  return { wrapper, api };
}

describe('DataGridToolbar alone beside a host’s AG Grid', () => {
  it('searches the host’s grid in the search language, counts its rows and says how the text was read (no column scopes there)', async () => {
    const { wrapper, api } = mountHostGrid();
    await until(() => wrapper.find('[data-gv-record-count]').exists() && api.value !== null, 'the toolbar');
    expect(wrapper.find('[data-gv-record-count]').text()).toBe('200 rows');
    await typeSearch(wrapper, 'north / south -rush');
    const expected = count((row) => row.region === 'North' || (row.region === 'South' && !String(row.note).includes('rush')));
    await until(() => api.value!.getDisplayedRowCount() === expected, 'the quick filter');
    expect(api.value!.getGridOption('quickFilterText')).toBe('north / south -rush');
    await until(() => wrapper.find('[data-gv-record-count]').text() === `${expected} of 200 rows`, 'the counter');
    expect(wrapper.find('[data-gv-search-summary]').text()).toBe('Contains north OR (contains south AND does not contain rush)');
    expect(wrapper.find('button[data-cm-search-help]').exists()).toBe(true);
    api.value!.setFilterModel({ region: { filterType: 'text', type: 'contains', filter: 'East' } });
    await typeSearch(wrapper, '');
    await until(() => wrapper.find('[data-gv-clear-filters]').text() === 'Clear 1 filter', 'the filter count');
    await wrapper.find('[data-gv-clear-filters]').trigger('click');
    await until(() => api.value!.getDisplayedRowCount() === 200, 'every filter cleared');
    expect(api.value!.getFilterModel()).toEqual({});
    wrapper.unmount();
  });

  it('counts the host grid’s rows once while it listens, not after every search, and again when the grid’s row data changes', async () => {
    const { wrapper, api } = mountHostGrid();
    await until(() => wrapper.find('[data-gv-record-count]').text() === '200 rows' && api.value !== null, 'the toolbar');
    const walk = vi.spyOn(api.value!, 'forEachNode');
    await typeSearch(wrapper, 'north');
    await until(() => wrapper.find('[data-gv-record-count]').text() === '50 of 200 rows', 'the northern rows');
    await typeSearch(wrapper, 'south');
    await until(() => wrapper.find('[data-gv-record-count]').text() === '50 of 200 rows' && api.value!.getGridOption('quickFilterText') === 'south', 'the southern rows');
    expect(walk).not.toHaveBeenCalled();
    api.value!.setGridOption('rowData', rows.slice(0, 40));
    await until(() => wrapper.find('[data-gv-record-count]').text() === '10 of 40 rows', 'the new rows counted');
    expect(walk).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });

  it('leaves a host’s own quick-filter matcher alone and then offers no help or summary of a language the grid does not speak', async () => {
    const matcher = vi.fn((parts: string[], text: string) => parts.every((part) => text.includes(part)));
    const { wrapper, api } = mountHostGrid({ matcher });
    await until(() => wrapper.find('[data-gv-record-count]').exists(), 'the toolbar');
    await typeSearch(wrapper, 'north -rush');
    await until(() => matcher.mock.calls.length > 0, 'the host’s matcher');
    expect(api.value!.getGridOption('quickFilterMatcher')).toBe(matcher);
    expect(wrapper.find('button[data-cm-search-help]').exists()).toBe(false);
    expect(wrapper.find('[data-gv-search-summary]').exists()).toBe(false);
    wrapper.unmount();
  });
});
