/**
 * DataGrid and GridView on a remote row source (jsdom, real AG Grid): a failed block shows the
 * overlay with a retry button, the retry asks again with the same view, and the source's aggregates
 * become the view's KPIs and grid-filtered charts.
 */
import { afterEach, describe, expect, it } from 'vitest';
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
  for (let i = 0; i < 100; i++) {
    await flushPromises();
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
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
