/**
 * DataGrid and GridView on a remote row source (jsdom, real AG Grid): a failed block shows the
 * overlay with a retry button, the retry asks again with the same view, and the source's aggregates
 * become the view's KPIs and grid-filtered charts.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import DataGrid from '../../components/DataGrid.vue';
import GridView from '../../components/GridView.vue';
import KpiStrip from '../../components/KpiStrip.vue';
import ChartBlock from '../../components/ChartBlock.vue';
import type { RowSource, RowSourceAggregates, RowSourceQuery, RowSourceRequest, RowSourceResult } from '../../src/core/data-grid/types';
import type { GridViewSpecWire } from '../../src/core/types';
import { HostError } from '../../src/host/errors';
import { GridRenderer } from '../../src/core/artifact';
import { parseGridViewSpec } from '../../src/core/spec';
import { readGridExportParams } from '../../src/core/data-grid/export-url';
import { createRowSource } from '../../src/host/row-source';
import { waitFor } from '../setup/wait';
import { fakeModalDialogs } from '../setup/dialog';

const spec: GridViewSpecWire = {
  grid_id: 'orders',
  title: 'Orders',
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'region', label: 'Region' },
    { key: 'amount', label: 'Amount', format: 'number' },
  ],
  kpis: [{ label: 'Orders', aggregate: 'count' }],
  charts: [{ id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }], data_source: 'grid_filtered' }],
  layout: { blocks: ['kpis', 'chart', 'ag_grid'] },
};

/** What a server would aggregate: the figures of rows the browser never holds. */
const SERVER_FIGURES = GridRenderer.build(
  parseGridViewSpec(spec),
  Array.from({ length: 40 }, (_, i) => ({ id: i + 1, region: i % 3 === 0 ? 'South' : 'North', amount: i })),
  { locale: 'en' },
);

/** A source that fails while `failing` is set and records what it was asked. */
function remoteSource(): RowSource & { failing: boolean; requests: RowSourceRequest[]; aggregateQueries: RowSourceQuery[] } {
  const state = {
    failing: true,
    requests: [] as RowSourceRequest[],
    aggregateQueries: [] as RowSourceQuery[],
    getRows(request: RowSourceRequest): Promise<RowSourceResult> {
      state.requests.push(request);
      if (state.failing) return Promise.reject(new HostError('http', 'The rows database is unavailable; try again later.', { status: 503 }));
      return Promise.resolve({ rows: [{ id: 1, region: 'North', amount: 10 }], lastRow: 1 });
    },
    getAggregates(query: RowSourceQuery): Promise<RowSourceAggregates> {
      state.aggregateQueries.push(query);
      return Promise.resolve({ kpis: [...SERVER_FIGURES.kpis], charts: [...SERVER_FIGURES.charts] });
    },
  };
  return state;
}

/** Waits until `check` holds (AG Grid asks its first block asynchronously). */
async function until(check: () => boolean, what: string): Promise<void> {
  await waitFor(async () => {
    await flushPromises();
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('DataGrid on a remote row source', () => {
  it('shows an overlay with a retry button when a block fails, and the retry asks the same view again and clears it', async () => {
    const source = remoteSource();
    const wrapper = mount(DataGrid, { props: { spec, rowSource: source, pageState: false }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => wrapper.find('[data-gv-grid-error]').exists(), 'the error overlay');
    const overlay = wrapper.find('[data-gv-grid-error]');
    expect(overlay.attributes('role')).toBe('alert');
    expect(overlay.text()).toContain('The rows could not be loaded.');
    expect(overlay.text()).toContain('The rows database is unavailable');
    const asked = source.requests.length;
    source.failing = false;
    await overlay.find('button[data-gv-grid-retry]').trigger('click');
    await until(() => !wrapper.find('[data-gv-grid-error]').exists() && source.requests.length > asked, 'the retry');
    const again = source.requests.at(-1)!;
    expect({ ...again, columns: undefined }).toEqual({ ...source.requests[0]!, columns: undefined });
    wrapper.unmount();
  });

  it('emits the source’s aggregates for the view’s filters and search, not again for a sort', async () => {
    const source = remoteSource();
    source.failing = false;
    const wrapper = mount(DataGrid, { props: { spec, rowSource: source, pageState: false }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => (wrapper.emitted('aggregates') ?? []).length === 1, 'the aggregates');
    expect(source.aggregateQueries).toEqual([{ sortModel: [], filterModel: {}, quickFilter: '' }]);
    const controller = (wrapper.vm as unknown as { controller: { setQuickFilter(text: string): void; applyColumnState(state: unknown[]): void } }).controller;
    controller.applyColumnState([{ colId: 'amount', sort: 'desc', sortIndex: 0 }]);
    await until(() => source.requests.some((r) => r.sortModel.length === 1), 'the sorted block');
    expect(source.aggregateQueries).toHaveLength(1);
    controller.setQuickFilter('north');
    await until(() => source.aggregateQueries.length === 2, 'the aggregates of the search');
    expect(source.aggregateQueries[1]).toEqual({ sortModel: [], filterModel: {}, quickFilter: 'north' });
    wrapper.unmount();
  });
});

describe('DataGrid record counter on a large server set', () => {
  /** Blocks of a 5,000-row set answered with lastRow -1 (not counted yet), its count only in the aggregates, released by the test. */
  function uncountedSource() {
    let release: (aggregates: RowSourceAggregates) => void = () => undefined;
    const aggregates = new Promise<RowSourceAggregates>((resolve) => (release = resolve));
    const source: RowSource = {
      getRows: (request) => Promise.resolve({ rows: Array.from({ length: request.endRow - request.startRow }, (_, i) => ({ id: request.startRow + i + 1, region: 'North', amount: i })), lastRow: -1 }),
      getAggregates: () => aggregates,
    };
    return { source, count: (rowCount: number) => release({ kpis: [...SERVER_FIGURES.kpis], charts: [...SERVER_FIGURES.charts], rowCount }) };
  }

  for (const [locale, counting, counted] of [
    ['en', 'At least 100 rows, counting…', '5,000 rows'],
    ['uk', 'Щонайменше 100 рядків, рахуємо…', `${new Intl.NumberFormat('uk').format(5_000)} рядків`],
  ] as const) {
    it(`says how many rows exist at least while the set is not counted, then the aggregates' count, which also ends the scrollbar (${locale})`, async () => {
      const { source, count } = uncountedSource();
      let api: { getDisplayedRowCount(): number; isLastRowIndexKnown(): boolean | undefined } | null = null;
      const wrapper = mount(DataGrid, {
        props: { spec, rowSource: source, pageState: false, locale, onReady: (ready: { api: typeof api }) => (api = ready.api) },
        global: { plugins: [createPinia()] },
        attachTo: document.body,
      });
      const counter = () => wrapper.find('[data-gv-record-count]').text().replace(/\s/g, ' ');
      await until(() => wrapper.find('[data-gv-record-count]').exists() && api !== null && counter() === counting.replace(/\s/g, ' '), 'the counting text');
      expect(api!.isLastRowIndexKnown()).toBe(false);
      count(5_000);
      await until(() => counter() === counted.replace(/\s/g, ' '), 'the exact count');
      expect(api!.getDisplayedRowCount()).toBe(5_000);
      expect(api!.isLastRowIndexKnown()).toBe(true);
      wrapper.unmount();
    });
  }
});

/** The grid state a toolbar link carries, read back as the server's rows export reads it. */
function linkState(href: string): { path: string; gridId: string | null; format: string | null; params: ReturnType<typeof readGridExportParams> } {
  const url = new URL(href, 'http://app.test');
  return { path: url.pathname, gridId: url.searchParams.get('grid_id'), format: url.searchParams.get('format'), params: readGridExportParams(url.searchParams) };
}

describe('DataGrid filters on server rows', () => {
  it('chooses each column’s filter from a first block asked before the grid exists: the values checklist for few repeated texts, the date filter for days', async () => {
    const block = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, region: ['North', 'South', 'East'][i % 3], amount: i, day: `2024-01-${String((i % 28) + 1).padStart(2, '0')}` }));
    const requests: RowSourceRequest[] = [];
    const source: RowSource = {
      getRows(request) {
        requests.push(request);
        return Promise.resolve({ rows: block.slice(request.startRow, request.endRow), lastRow: block.length });
      },
    };
    const withDay: GridViewSpecWire = { ...spec, columns: [...spec.columns, { key: 'day', label: 'Day' }] };
    const wrapper = mount(DataGrid, { props: { spec: withDay, rowSource: source, pageState: false }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => (wrapper.vm as unknown as { api: { getColumnDef(key: string): unknown } | null }).api !== null, 'the grid');
    expect(requests[0]).toEqual({ startRow: 0, endRow: 100, sortModel: [], filterModel: {}, quickFilter: '' });
    const api = (wrapper.vm as unknown as { api: { getColumnDef(key: string): { filter?: unknown } | null } }).api;
    expect(typeof api.getColumnDef('region')?.filter).toBe('object');
    expect(api.getColumnDef('day')?.filter).toBe('agDateColumnFilter');
    expect(api.getColumnDef('amount')?.filter).toBe('agNumberColumnFilter');
    wrapper.unmount();
  });
});

describe('DataGrid toolbar on server rows', () => {
  it('links CSV, XLSX and PDF to the rows export route with the grid’s sort, filters, search and visible columns, and offers no client XLSX', async () => {
    const server = createRowSource({ url: '/api', gridId: 'orders', fetch: () => Promise.resolve({ ok: true, status: 200, headers: { get: () => null }, json: () => Promise.resolve({ status: 'ok', rows: [{ id: 1, region: 'North', amount: 10 }], lastRow: 1 }) }) });
    const source = Object.assign(remoteSource(), { failing: false, exportUrl: server.exportUrl });
    const wrapper = mount(DataGrid, { props: { spec: { ...spec, export_pdf_url: '/spec/pdf/' }, rowSource: source, pageState: false }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => wrapper.find('[data-gv-export="csv-server"]').exists() && source.requests.length > 0, 'the export links');
    expect(wrapper.find('button[data-gv-export="xlsx"]').exists()).toBe(false);
    const controller = (wrapper.vm as unknown as { controller: { setQuickFilter(text: string): void; applyColumnState(state: unknown[]): void; setFilterModel(model: unknown): void } }).controller;
    controller.applyColumnState([
      { colId: 'id' },
      { colId: 'region', hide: true },
      { colId: 'amount', sort: 'desc', sortIndex: 0 },
    ]);
    controller.setFilterModel({ amount: { filterType: 'number', type: 'greaterThan', filter: 5 } });
    controller.setQuickFilter('north');
    await until(() => (wrapper.find('[data-gv-export="csv-server"]').attributes('href') ?? '').includes('q=north'), 'the links with the search');
    const links = Object.fromEntries(['csv-server', 'xlsx-server', 'pdf'].map((name) => [name, wrapper.find(`a[data-gv-export="${name}"]`)]));
    expect(links['csv-server']!.text()).toBe('CSV of all matching rows');
    for (const [name, format] of [['csv-server', 'csv'], ['xlsx-server', 'xlsx'], ['pdf', 'pdf']] as const) {
      const state = linkState(links[name]!.attributes('href')!);
      expect(state).toEqual({
        path: '/api/grid/rows/export/',
        gridId: 'orders',
        format,
        params: {
          query: { sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 5 } }, quickFilter: 'north' },
          columns: ['id', 'amount'],
        },
      });
    }
    wrapper.unmount();
  });

  it('keeps the host’s URLs over the row source’s (null: no link) and says the CSV link in Ukrainian', async () => {
    const source = Object.assign(remoteSource(), { failing: false, exportUrl: (format: string) => `/rows/export/?format=${format}` });
    const wrapper = mount(DataGrid, {
      props: { spec, rowSource: source, pageState: false, locale: 'uk', exportPdfUrl: null, exportXlsxUrl: '/own/xlsx/' },
      global: { plugins: [createPinia()] },
      attachTo: document.body,
    });
    await until(() => wrapper.find('[data-gv-export="csv-server"]').exists(), 'the export links');
    expect(wrapper.find('a[data-gv-export="pdf"]').exists()).toBe(false);
    expect(wrapper.find('a[data-gv-export="xlsx-server"]').attributes('href')).toMatch(/^\/own\/xlsx\/\?/);
    expect(wrapper.find('a[data-gv-export="csv-server"]').text()).toBe('CSV усіх знайдених рядків');
    wrapper.unmount();
  });

  it('draws no CSV link and keeps the spec’s PDF link on rows in memory', async () => {
    const rows = [{ id: 1, region: 'North', amount: 10 }];
    const wrapper = mount(DataGrid, { props: { spec: { ...spec, export_pdf_url: '/spec/pdf/' }, rows, pageState: false }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => wrapper.find('a[data-gv-export="pdf"]').exists(), 'the PDF link');
    expect(wrapper.find('[data-gv-export="csv-server"]').exists()).toBe(false);
    expect(wrapper.find('a[data-gv-export="pdf"]').attributes('href')).toMatch(/^\/spec\/pdf\//);
    wrapper.unmount();
  });
});

describe('GridView with a rowSource', () => {
  it('gives its toolbar block the rows export links of the source', async () => {
    const source = Object.assign(remoteSource(), { failing: false, exportUrl: (format: string) => `/api/grid/rows/export/?grid_id=orders&format=${format}` });
    const wrapper = mount(GridView, {
      props: { spec: { ...spec, layout: { blocks: ['toolbar', 'ag_grid'] } }, rows: [], rowSource: source },
      global: { plugins: [createPinia()] },
      attachTo: document.body,
    });
    await until(() => wrapper.find('[data-gv-block="toolbar"] a[data-gv-export="csv-server"]').exists(), 'the toolbar links');
    for (const [name, format] of [['csv-server', 'csv'], ['xlsx-server', 'xlsx'], ['pdf', 'pdf']] as const) {
      expect(linkState(wrapper.find(`[data-gv-block="toolbar"] a[data-gv-export="${name}"]`).attributes('href')!)).toMatchObject({ path: '/api/grid/rows/export/', gridId: 'orders', format });
    }
    wrapper.unmount();
  });


  it('shows the source’s aggregated KPIs and grid-filtered chart runtimes', async () => {
    const source = remoteSource();
    source.failing = false;
    const wrapper = mount(GridView, { props: { spec, rows: [], rowSource: source }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => wrapper.find('[data-gv-block="kpis"][data-gv-server="true"]').exists() && source.aggregateQueries.length > 0, 'the server KPIs');
    await flushPromises();
    const strip = wrapper.findAllComponents(KpiStrip).find((c) => c.attributes('data-gv-server') === 'true')!;
    expect((strip.props('kpis') as readonly { display: string }[]).map((k) => k.display)).toEqual(['40']);
    const chart = wrapper.findAllComponents(ChartBlock).find((c) => c.attributes('data-gv-server') === 'true')!;
    expect(chart.props('config')).toEqual(SERVER_FIGURES.charts[0]);
    wrapper.unmount();
  });
});

/** A server-like source over `count` rows: blocks, aggregates and export links, recording what it was asked. */
function bigSource(count = 5_000) {
  let rows = Array.from({ length: count }, (_, i) => ({ id: i + 1, region: ['North', 'South', 'East'][i % 3], amount: i }));
  const requests: RowSourceRequest[] = [];
  const aggregateQueries: RowSourceQuery[] = [];
  const server = createRowSource({ url: '/api', gridId: 'orders', fetch: () => Promise.reject(new Error('the links are read, never fetched')) });
  const source: RowSource & { exportUrl: typeof server.exportUrl } = {
    getRows(request) {
      requests.push(request);
      return Promise.resolve({ rows: rows.slice(request.startRow, request.endRow), lastRow: rows.length });
    },
    getAggregates(query) {
      aggregateQueries.push(query);
      return Promise.resolve({ kpis: [...SERVER_FIGURES.kpis], charts: [...SERVER_FIGURES.charts] });
    },
    exportUrl: server.exportUrl,
  };
  return {
    source,
    requests,
    aggregateQueries,
    /** The server's rows change (a refresh must show the new ones). */
    bump: () => {
      rows = rows.map((row) => ({ ...row, amount: row.amount + 1_000_000 }));
    },
  };
}

type GridApiLike = {
  ensureIndexVisible(index: number, position?: 'top'): void;
  getFirstDisplayedRowIndex(): number;
  getVerticalPixelRange(): { top: number; bottom: number };
  getDisplayedRowAtIndex(index: number): { data?: Record<string, unknown> } | undefined;
  getColumn(key: string): { isVisible(): boolean } | null;
  getColumnState(): { colId: string; sort?: string | null; hide?: boolean | null }[];
};

describe('DataGrid refresh on server rows', () => {
  it('Reload asks the blocks on screen and the aggregates again with the same view, keeps the scroll position and shows the new rows', async () => {
    const server = bigSource();
    const wrapper = mount(DataGrid, { props: { spec, rowSource: server.source, pageState: false, height: '400px' }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => (wrapper.vm as unknown as { api: unknown }).api !== null && server.requests.length > 0, 'the first block');
    const api = (wrapper.vm as unknown as { api: GridApiLike }).api;
    const controller = (wrapper.vm as unknown as { controller: { setFilterModel(model: unknown): void; applyColumnState(state: unknown[]): void } }).controller;
    controller.setFilterModel({ amount: { filterType: 'number', type: 'greaterThan', filter: -1 } });
    controller.applyColumnState([{ colId: 'id', sort: 'asc', sortIndex: 0 }]);
    await until(() => server.requests.some((r) => r.sortModel.length === 1 && Object.keys(r.filterModel ?? {}).length === 1), 'the filtered, sorted block');
    api.ensureIndexVisible(2_500, 'top');
    await until(() => server.requests.some((r) => r.startRow === 2_500), 'the block at row 2,500');
    await until(() => api.getDisplayedRowAtIndex(2_500)?.data?.amount === 2_500, 'row 2,500 drawn');
    const position = { first: api.getFirstDisplayedRowIndex(), top: api.getVerticalPixelRange().top };
    expect(position.first).toBeGreaterThanOrEqual(2_400);
    expect(api.getDisplayedRowAtIndex(2_500)?.data?.amount).toBe(2_500);
    const view = { ...server.requests.at(-1)!, startRow: 0, endRow: 0 };
    server.requests.length = 0;
    const aggregatesBefore = server.aggregateQueries.length;
    server.bump();
    await wrapper.find('button[data-gv-reload]').trigger('click');
    await until(() => server.requests.some((r) => r.startRow === 2_500), 'the block at row 2,500 again');
    await until(
      () => api.getDisplayedRowAtIndex(2_500)?.data?.amount === 1_002_500 && server.requests.some((r) => r.startRow === 2_400) && server.aggregateQueries.length > aggregatesBefore,
      'the new rows drawn, the block above asked again and the aggregates asked again',
    );
    // The blocks on screen again, with the same sort and filters; nothing scrolled back to the top.
    expect(server.requests.every((r) => JSON.stringify({ ...r, startRow: 0, endRow: 0 }) === JSON.stringify(view))).toBe(true);
    expect(server.requests.map((r) => r.startRow)).toContain(2_400);
    expect({ first: api.getFirstDisplayedRowIndex(), top: api.getVerticalPixelRange().top }).toEqual(position);
    expect(api.getDisplayedRowAtIndex(2_500)?.data?.amount).toBe(1_002_500);
    expect(server.aggregateQueries.length).toBe(aggregatesBefore + 1);
    expect(server.aggregateQueries.at(-1)).toEqual({ sortModel: [], filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: -1 } }, quickFilter: '' });
    wrapper.unmount();
  });
});

describe('DataGrid chooser, presets and saved searches on server rows', () => {
  beforeAll(fakeModalDialogs);

  it('hides a column with the chooser, saves and applies a preset and a saved search, and the source and the export links follow', async () => {
    const server = bigSource();
    const wrapper = mount(DataGrid, { props: { spec, rowSource: server.source, pageState: false }, global: { plugins: [createPinia()] }, attachTo: document.body });
    await until(() => (wrapper.vm as unknown as { api: unknown }).api !== null && wrapper.find('a[data-gv-export="csv-server"]').exists() && server.requests.length > 0, 'the grid and its links');
    const api = (wrapper.vm as unknown as { api: GridApiLike }).api;
    const csvColumns = () => linkState(wrapper.find('a[data-gv-export="csv-server"]').attributes('href')!).params?.columns;
    await until(() => JSON.stringify(csvColumns()) === JSON.stringify(['id', 'region', 'amount']), 'the links with every column');

    // The chooser hides Region: the grid and every export link drop it; the rows still come from the source.
    await wrapper.find('button[data-gv-gear]').trigger('click');
    await wrapper.find('[data-gv-column-chooser] [data-gv-column="region"] input[data-gv-visible]').setValue(false);
    await until(() => api.getColumn('region')?.isVisible() === false, 'Region hidden');
    await until(() => JSON.stringify(csvColumns()) === JSON.stringify(['id', 'amount']), 'the links without Region');
    await wrapper.find('[data-gv-chooser-close]').trigger('click');

    // Sort by amount, descending (the state a header click leaves; the controller applies order
    // too), then save that layout as a preset.
    const controller = (wrapper.vm as unknown as { controller: { applyColumnState(state: unknown[]): void; setQuickFilter(text: string): void } }).controller;
    controller.applyColumnState([{ colId: 'id' }, { colId: 'region', hide: true }, { colId: 'amount', sort: 'desc', sortIndex: 0 }]);
    await until(() => server.requests.some((r) => r.sortModel[0]?.colId === 'amount'), 'the sorted block');
    await wrapper.find('[data-gv-preset-name]').setValue('Big first');
    await wrapper.find('[data-gv-preset-save]').trigger('submit');
    await until(() => wrapper.find('[data-gv-preset="Big first"]').exists(), 'the saved preset');

    // Back to the spec's layout (Region shown, no sort) …
    controller.applyColumnState([{ colId: 'id' }, { colId: 'region', hide: false }, { colId: 'amount', sort: null }]);
    await until(() => api.getColumn('region')?.isVisible() === true && server.requests.at(-1)!.sortModel.length === 0, 'the plain layout');
    server.requests.length = 0;
    // … and the preset brings its layout back: the source sorts, the links leave Region out.
    await wrapper.find('[data-gv-preset="Big first"] [data-gv-preset-apply]').trigger('click');
    await until(() => server.requests.some((r) => JSON.stringify(r.sortModel) === JSON.stringify([{ colId: 'amount', sort: 'desc' }])), 'the preset’s sort sent to the source');
    expect(api.getColumn('region')?.isVisible()).toBe(false);
    await until(() => JSON.stringify(csvColumns()) === JSON.stringify(['id', 'amount']), 'the links of the preset');

    // A saved search: the quick search and a column filter, saved, cleared, applied again.
    controller.setQuickFilter('north');
    (wrapper.vm as unknown as { controller: { setFilterModel(model: unknown): void } }).controller.setFilterModel({ amount: { filterType: 'number', type: 'lessThan', filter: 100 } });
    await until(() => server.requests.some((r) => r.quickFilter === 'north' && Object.keys(r.filterModel ?? {}).length === 1), 'the searched block');
    await wrapper.find('[data-gv-search-name]').setValue('Small north');
    await wrapper.find('[data-gv-search-save]').trigger('submit');
    await until(() => wrapper.find('[data-gv-search="Small north"]').exists(), 'the saved search');
    controller.setQuickFilter('');
    (wrapper.vm as unknown as { controller: { setFilterModel(model: unknown): void } }).controller.setFilterModel({});
    await until(() => server.requests.at(-1)!.quickFilter === '' && Object.keys(server.requests.at(-1)!.filterModel ?? {}).length === 0, 'the cleared view');
    const asked = server.aggregateQueries.length;
    server.requests.length = 0;
    await wrapper.find('[data-gv-search="Small north"] [data-gv-search-apply]').trigger('click');
    const wanted = { quickFilter: 'north', filterModel: { amount: { filterType: 'number', type: 'lessThan', filter: 100 } } };
    await until(() => server.requests.some((r) => r.quickFilter === wanted.quickFilter && JSON.stringify(r.filterModel) === JSON.stringify(wanted.filterModel)), 'the saved search sent to the source');
    await until(() => server.aggregateQueries.length > asked, 'the aggregates of the saved search');
    expect(server.aggregateQueries.at(-1)).toEqual({ sortModel: [], ...wanted });
    // The sort of the preset stays; the links carry the search too.
    expect(server.requests.at(-1)!.sortModel).toEqual([{ colId: 'amount', sort: 'desc' }]);
    expect(linkState(wrapper.find('a[data-gv-export="csv-server"]').attributes('href')!).params?.query).toEqual({ sortModel: [{ colId: 'amount', sort: 'desc' }], ...wanted });
    wrapper.unmount();
  });
});
