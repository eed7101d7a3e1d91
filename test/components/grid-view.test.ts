import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { isReactive, reactive } from 'vue';
import GridView from '../../components/GridView.vue';
import SimpleTable from '../../components/SimpleTable.vue';
import KpiStrip from '../../components/KpiStrip.vue';
import ChartBlock from '../../components/ChartBlock.vue';
import { GridRenderer } from '../../src/core/artifact';
import { GridViewPlugin } from '../../src/plugin';
import { parseGridViewSpecJson } from '../../src/core/spec';
import type { GridArtifactJson, GridViewSpecWire, Row, SimpleTableConfig } from '../../src/core/types';
import { loadCatalog } from '../../src/core/i18n/translator';
import { waitFor } from '../setup/wait';
import { staticRowsAdapter } from '../../src/core/adapters';

// These components are mounted without GridViewPlugin, which would register every shipped catalog;
// load Ukrainian up front as the plugin would (the on-demand path: catalog-loading.test.ts).
beforeAll(() => loadCatalog('uk'));

type Wrapper = ReturnType<typeof mount>;
/** The config GridView handed to its SimpleTable. */
const tableConfig = (wrapper: Wrapper): SimpleTableConfig => (wrapper.findComponent(SimpleTable).props() as unknown as { config: SimpleTableConfig }).config;

afterEach(() => {
  document.body.innerHTML = '';
});

const wire = (over: Partial<GridViewSpecWire> = {}): GridViewSpecWire => ({
  grid_id: 'orders',
  title: 'Orders',
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'region', label: 'Region' },
    { key: 'amount', label: 'Amount', format: 'currency' },
  ],
  kpis: [
    { label: 'Orders', aggregate: 'count', tone: 'good' },
    { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' },
  ],
  charts: [
    { id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] },
    { id: 'share', chart_type: 'pie', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] },
  ],
  ...over,
});

const rows: Row[] = [
  { id: 1, region: 'North', amount: 10 },
  { id: 2, region: 'South', amount: 20.5 },
  { id: 3, region: 'North', amount: 5 },
];

/** The data-gv-block values of the rendered view, in document order. */
/** Mounts a GridView whose spec is invalid and waits for its issues panel, which is loaded on demand. */
async function mountInvalid(props: Record<string, unknown>): Promise<Wrapper> {
  const wrapper = mount(GridView, { props });
  await waitFor(() => {
    if (!wrapper.find('.gv-spec-issues').exists()) throw new Error('the issues panel is not there yet');
  });
  return wrapper;
}

const blockOrder = (wrapper: Wrapper): string[] =>
  wrapper.findAll('.gv-view__inner > [data-gv-block]').map((el) => el.attributes('data-gv-block') ?? '');

describe('GridView', () => {
  it('renders title, KPIs, charts and table from a raw spec and rows', () => {
    const wrapper = mount(GridView, { props: { spec: wire(), rows } });
    expect(wrapper.find('h2.gv-view__title').text()).toBe('Orders');
    expect(blockOrder(wrapper)).toEqual(['title', 'kpis', 'chart', 'table']);
    const kpis = wrapper.findComponent(KpiStrip);
    expect(kpis.findAll('.gv-kpi__number').map((v) => v.text())).toEqual(['3', '$35.50']);
    expect(wrapper.findAllComponents(ChartBlock)).toHaveLength(2);
    expect(wrapper.find('.gv-view__charts').attributes('data-gv-chart-count')).toBe('2');
    const table = wrapper.findComponent(SimpleTable);
    expect(table.exists()).toBe(true);
    expect(wrapper.text()).toContain('South');
  });

  it('names its KPI region after its title, so two views on a page hold no two regions of one name', () => {
    const titled = mount(GridView, { props: { spec: wire(), rows } });
    expect(titled.find('section.gv-kpis').attributes('aria-label')).toBe('Key figures: Orders');
    const untitled = mount(GridView, { props: { spec: wire({ title: undefined }), rows } });
    expect(untitled.find('section.gv-kpis').attributes('aria-label')).toBe('Key figures');
  });

  it('lays the KPI cards out in the spec\'s kpi_columns, and the kpiColumns prop wins over it', () => {
    const kpis = Array.from({ length: 6 }, (_, i) => ({ label: `K${i}`, aggregate: 'count' as const }));
    const fromSpec = mount(GridView, { props: { spec: wire({ kpis, layout: { kpi_columns: 3 } }), rows } });
    const strip = fromSpec.find('[data-gv-columns]');
    expect(strip.attributes('data-gv-columns')).toBe('3');
    expect(strip.attributes('style')).toContain('--gv-kpi-columns: 3');
    const fromProp = mount(GridView, { props: { spec: wire({ kpis, layout: { kpi_columns: 3 } }), rows, kpiColumns: 2 } });
    expect(fromProp.find('[data-gv-columns]').attributes('data-gv-columns')).toBe('2');
    // No kpi_columns: the seed system's default of 4.
    expect(mount(GridView, { props: { spec: wire({ kpis }), rows } }).find('[data-gv-columns]').attributes('data-gv-columns')).toBe('4');
  });

  it('follows the layout order and leaves out blocks that are not listed or are empty', () => {
    const wrapper = mount(GridView, { props: { spec: wire({ layout: { blocks: ['table', 'kpis', 'title'] } }), rows } });
    expect(blockOrder(wrapper)).toEqual(['table', 'kpis', 'title']);
    expect(wrapper.findComponent(ChartBlock).exists()).toBe(false);
    const noKpis = mount(GridView, { props: { spec: wire({ kpis: [], layout: { blocks: ['title', 'kpis', 'chart', 'table'] } }), rows } });
    expect(blockOrder(noKpis)).toEqual(['title', 'chart', 'table']);
  });

  it.each(['full', 'inner', 'shell'] as const)('marks the %s wrapper with a class and data attribute', (wrapperKind) => {
    const wrapper = mount(GridView, { props: { spec: wire({ wrapper: wrapperKind }), rows } });
    const root = wrapper.find('section.gv-view');
    expect(root.classes()).toContain(`gv-view--${wrapperKind}`);
    expect(root.attributes('data-gv-wrapper')).toBe(wrapperKind);
    expect(root.attributes('data-gv-grid-id')).toBe('orders');
    expect(root.attributes('id')).toBe('orders-view');
    expect(root.attributes('aria-labelledby')).toBe('orders-title');
    expect(wrapper.find('#orders-title').text()).toBe('Orders');
  });

  it('accepts a built artifact and the artifact JSON alike', () => {
    const artifact = GridRenderer.build(parseGridViewSpecJson(wire()), rows);
    const fromObject = mount(GridView, { props: { artifact } });
    const fromJson = mount(GridView, { props: { artifact: JSON.parse(JSON.stringify(artifact.toJSON())) } });
    for (const wrapper of [fromObject, fromJson]) {
      expect(blockOrder(wrapper)).toEqual(['title', 'kpis', 'chart', 'table']);
      expect(wrapper.findComponent(KpiStrip).findAll('.gv-kpi__number').map((v) => v.text())).toEqual(['3', '$35.50']);
    }
  });

  it('reproduces the server KPI texts from the JSON format when the page chose no locale', () => {
    const server = GridRenderer.build(parseGridViewSpecJson(wire()), rows, { locale: 'uk', currency: 'UAH' });
    const json = JSON.parse(JSON.stringify(server.toJSON())) as GridArtifactJson;
    const wrapper = mount(GridView, { props: { artifact: json } });
    const values = wrapper.findComponent(KpiStrip).findAll('.gv-kpi__number').map((v) => v.text());
    expect(values).toEqual(server.kpis.map((k) => k.display));
    expect(values[1]).toMatch(/^35,50\s₴$/u);
    // The rest of the view follows the same locale: chart captions and texts are Ukrainian.
    expect(wrapper.findAllComponents(ChartBlock).map((c) => c.props('locale'))).toEqual(['uk', 'uk']);
    expect(wrapper.find('.gv-view__charts').attributes('aria-label')).toBe('Діаграми');
    // A built artifact keeps the format it was built with too.
    const fromObject = mount(GridView, { props: { artifact: server } });
    expect(fromObject.findComponent(KpiStrip).findAll('.gv-kpi__number').map((v) => v.text())).toEqual(values);
  });

  it("lets the page's active locale win over the JSON format, since the reader chose it", () => {
    const json = JSON.parse(JSON.stringify(GridRenderer.build(parseGridViewSpecJson(wire()), rows, { locale: 'uk', currency: 'UAH' }).toJSON())) as GridArtifactJson;
    const viaPlugin = mount(GridView, { props: { artifact: json }, global: { plugins: [[GridViewPlugin, { locale: 'en', currency: 'USD' }]] } });
    expect(viaPlugin.findComponent(KpiStrip).findAll('.gv-kpi__number').map((v) => v.text())).toEqual(['3', '$35.50']);
    const viaProps = mount(GridView, { props: { artifact: json, locale: 'en', currency: 'EUR' } });
    expect(viaProps.findComponent(KpiStrip).findAll('.gv-kpi__number').map((v) => v.text())).toEqual(['3', '€35.50']);
  });

  it('captions every chart with its series and x column labels, formatted per column', () => {
    const wrapper = mount(GridView, { props: { spec: wire(), rows, locale: 'uk', currency: 'UAH' } });
    const charts = wrapper.findAllComponents(ChartBlock);
    expect(charts.map((c) => c.find('figcaption').text())).toEqual(['Amount у розрізі «Region»', 'Amount у розрізі «Region»']);
    expect(charts.map((c) => c.props('currency'))).toEqual(['UAH', 'UAH']);
    // The hidden data table of the bar chart shows the amount column's currency format.
    expect(charts[0]!.findAll('.gv-chart__data tbody td').map((td) => td.text())[0]).toMatch(/^15,00\s₴$/u);
    const en = mount(GridView, { props: { spec: wire(), rows } });
    expect(en.findComponent(ChartBlock).find('figcaption').text()).toBe('Amount by Region');
  });

  it('makes its KPI strip and grid_filtered charts follow a page-owned grid through the adapter prop, and its table keeps every row', async () => {
    const filtered = wire({ charts: [{ id: 'live', chart_type: 'bar', x_key: 'region', data_source: 'grid_filtered', series: [{ key: 'amount', label: 'Amount' }] }] });
    const adapter = staticRowsAdapter(rows);
    const wrapper = mount(GridView, { props: { spec: filtered, rows, adapter } });
    const figures = () => wrapper.findAll('[data-gv-block="kpis"] .gv-kpi__number').map((n) => n.text());
    const categories = () => wrapper.findAll('.gv-chart__data tbody tr th').map((n) => n.text());
    await waitFor(() => expect(wrapper.find('[data-gv-block="kpis"][data-gv-live="true"]').exists()).toBe(true));
    await waitFor(() => expect(categories()).toEqual(['North', 'South']));
    adapter.setRows(rows.filter((row) => row.region === 'North'));
    await waitFor(() => expect(figures()).toEqual(['2', '$15.00']));
    await waitFor(() => expect(categories()).toEqual(['North']));
    expect(wrapper.findAll('.gv-table tbody tr[data-cm-row-index]')).toHaveLength(rows.length);
    // Without the adapter the view shows its own figures again.
    await wrapper.setProps({ adapter: null });
    await waitFor(() => expect(figures()).toEqual(['3', '$35.50']));
    expect(wrapper.find('[data-gv-block="kpis"][data-gv-live="true"]').exists()).toBe(false);
  });

  it('accepts a parsed spec', () => {
    const wrapper = mount(GridView, { props: { spec: parseGridViewSpecJson(wire()), rows } });
    expect(blockOrder(wrapper)).toEqual(['title', 'kpis', 'chart', 'table']);
  });

  it('renders a read-only table when not interactive', () => {
    const wrapper = mount(GridView, { props: { spec: wire({ search_mode: 'global', export_xlsx: true }), rows, interactive: false } });
    expect(wrapper.find('section.gv-view').attributes('data-gv-interactive')).toBe('false');
    const config = tableConfig(wrapper);
    expect(config.searchMode).toBe('disabled');
    expect(config.exportXlsx).toBe(false);
    expect(config.columns.every((column) => !column.sortable)).toBe(true);
    expect(wrapper.find('button[data-cm-export="csv"]').exists()).toBe(false);
    expect(wrapper.find('button[data-cm-column-menu]').exists()).toBe(false);
    expect(wrapper.find('[role="separator"]').exists()).toBe(false);
    const interactive = mount(GridView, { props: { spec: wire({ search_mode: 'global' }), rows } });
    expect(tableConfig(interactive).searchMode).toBe('global');
    expect(interactive.find('button[data-cm-column-menu]').exists()).toBe(true);
  });

  it('hands the spec column settings and group_by to the simple table', async () => {
    const spec = {
      grid_id: 'orders',
      columns: [
        { key: 'region', label: 'Region', menu_group: 'Where' },
        { key: 'amount', label: 'Amount', format: 'number', total: 'avg' },
        { key: 'internal', label: 'Internal', hidden: true, exportable: false },
      ],
      export_columns: ['amount', 'region'],
      group_by: 'region',
    };
    const wrapper = mount(GridView, { props: { spec, rows: [{ region: 'North', amount: 2, internal: 'x' }] } });
    const config = tableConfig(wrapper);
    expect(config.groupBy).toBe('region');
    expect(config.exportColumns).toEqual(['amount', 'region']);
    expect(config.columns.map((c) => [c.key, c.menuGroup, c.hidden, c.exportable, c.total])).toEqual([
      ['region', 'Where', false, true, 'none'],
      ['amount', null, false, true, 'avg'],
      ['internal', null, true, false, 'none'],
    ]);
    expect(wrapper.findAll('thead th[data-cm-col-key]').map((th) => th.attributes('data-cm-col-key'))).toEqual(['region', 'amount']);
    // Sections need the table's search and sort code, downloaded on demand: wait until it is there
    // (ready(), docs/simple-table.md "What loads when"); then the section header rows, downloaded
    // when a table first has sections.
    await (wrapper.findComponent(SimpleTable).vm as unknown as { ready(): Promise<void> }).ready();
    await waitFor(() => expect(wrapper.find('tr[data-cm-group="North"]').exists()).toBe(true));
    expect(wrapper.find('tr[data-cm-group="North"] [data-cm-total="amount"]').text()).toBe('Average 2');
  });

  it('never makes rows reactive, even when the parent passes a reactive array', () => {
    const reactiveRows = reactive(rows.map((row) => ({ ...row })));
    const wrapper = mount(GridView, { props: { spec: wire(), rows: reactiveRows } });
    const config = tableConfig(wrapper);
    expect(isReactive(config.data)).toBe(false);
    expect(isReactive(config.data[0])).toBe(false);
  });

  it('shows every issue of an invalid raw spec with code and path, and emits them', async () => {
    const wrapper = await mountInvalid({ spec: { grid_id: 'Bad Id', columns: [], rows: [[1]] }, rows });
    const panel = wrapper.find('[role="alert"]');
    expect(panel.exists()).toBe(true);
    expect(wrapper.find('section').attributes('data-gv-invalid')).toBe('true');
    const codes = wrapper.findAll('.gv-spec-issues__code').map((c) => c.text());
    expect(codes).toEqual(expect.arrayContaining(['invalid_pattern', 'too_few_items', 'forbidden_rows']));
    const paths = wrapper.findAll('.gv-spec-issues__path').map((c) => c.text());
    expect(paths).toEqual(expect.arrayContaining(['grid_id', 'columns']));
    const emitted = wrapper.emitted('invalid');
    expect(emitted?.[0]?.[0]).toHaveLength(codes.length);
    expect(wrapper.findComponent(SimpleTable).exists()).toBe(false);
  });

  it('shows the panel rather than nothing when given neither artifact nor spec, or a broken artifact', async () => {
    const none = await mountInvalid({});
    expect(none.find('[role="alert"]').exists()).toBe(true);
    expect(none.find('.gv-spec-issues__code').text()).toBe('required');
    const broken = await mountInvalid({ artifact: { version: 1, nonsense: true } });
    expect(broken.find('[role="alert"]').exists()).toBe(true);
  });

  it('shows the issues panel in Ukrainian for a Ukrainian locale, its sentences too from its first render', async () => {
    const wrapper = await mountInvalid({ spec: { grid_id: 5 }, locale: 'uk' });
    expect(wrapper.find('.gv-spec-issues__title').text()).toBe('Це подання неможливо показати');
    // The panel arrives with the Ukrainian issue texts (GridView loads both), so no English message
    // stands in, not even for one render.
    const sentences = wrapper.findAll('.gv-spec-issues__sentence');
    expect(sentences.map((sentence) => sentence.attributes('lang'))).toEqual(sentences.map(() => undefined));
    expect(sentences.map((sentence) => sentence.text())).toContain('columns — обов’язкове поле: додайте масив стовпців, кожен у вигляді {key, label}.');
  });

  it('keeps markup in the title, labels and cells as text and never follows a javascript: URL', () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const spec = wire({
      title: evil,
      columns: [
        { key: 'id', label: evil, link_template: '/orders/{id}' },
        { key: 'region', label: 'Region' },
        { key: 'amount', label: 'Amount', format: 'currency' },
      ],
      kpis: [{ label: evil, aggregate: 'count' }],
      charts: [{ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: evil }] }],
    });
    const evilRows: Row[] = [
      { id: 'javascript:alert(1)', region: evil, amount: 1 },
      { id: 2, region: 'South', amount: 2 },
    ];
    const wrapper = mount(GridView, { props: { spec, rows: evilRows }, attachTo: document.body });
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(wrapper.find('.gv-view__title').text()).toBe(evil);
    expect(wrapper.find('.gv-kpi__label').text()).toBe(evil);
    expect(wrapper.find('figcaption.gv-chart__caption').text()).toBe(`${evil} by Region`);
    expect(wrapper.text()).toContain(evil);
    for (const link of wrapper.findAll('a')) {
      expect(link.attributes('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    wrapper.unmount();
  });

  it('refuses a spec whose link template is a javascript: URL, with the code on the panel', async () => {
    const spec = wire({ columns: [{ key: 'id', label: 'ID', link_template: 'javascript:alert({id})' }] , kpis: [], charts: [] });
    const wrapper = await mountInvalid({ spec, rows });
    expect(wrapper.findAll('.gv-spec-issues__code').map((c) => c.text())).toContain('unsafe_url');
    expect(wrapper.findAll('a')).toHaveLength(0);
  });

  it('forwards cell slots and row clicks to the table', async () => {
    const wrapper = mount(GridView, {
      props: { spec: wire({ layout: { blocks: ['table'] } }), rows },
      slots: { 'cell-region': ({ value }: { value: unknown }) => `Region: ${String(value)}` },
      attachTo: document.body,
    });
    expect(wrapper.text()).toContain('Region: North');
    wrapper.findComponent(SimpleTable).vm.$emit('row-click', { row: rows[0], index: 0, visibleIndex: 0 });
    expect(wrapper.emitted('row-click')?.[0]?.[0]).toMatchObject({ index: 0 });
    wrapper.unmount();
  });
});
