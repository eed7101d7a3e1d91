/* eslint-disable vue/one-component-per-file -- tiny inline host components are the point of these tests */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount, flushPromises } from '@vue/test-utils';
import { defineComponent, h, nextTick, ref } from 'vue';
import { setPlatformAPI } from 'echarts/core';
import type { EChartsType } from 'echarts/core';
import ChartBlock from '../../components/ChartBlock.vue';
import { autoThemeFollowers } from '../../components/chart-theme';
import { GridViewPlugin } from '../../src/plugin';
import type { ChartRuntime, ChartSpecWire, Row } from '../../src/core/types';
import { loadCatalog } from '../../src/core/i18n/translator';
import { loadSvgRenderer } from '../../components/echarts-setup';
import { waitFor } from '../setup/wait';

// These components are mounted without GridViewPlugin, which would register every shipped catalog;
// load Ukrainian up front as the plugin would (the on-demand path: catalog-loading.test.ts). The
// charts here draw with the SVG renderer (jsdom has no canvas), which a page loads on demand: load
// it up front too (the on-demand path has its own test below).
beforeAll(async () => {
  await loadCatalog('uk');
  await loadSvgRenderer();
  // The SVG renderer measures text on a canvas when it can make one; jsdom cannot (it logs "not
  // implemented" for every label), so let ECharts use its own character-width table instead.
  setPlatformAPI({ createCanvas: () => null as unknown as HTMLCanvasElement });
});

// jsdom has no layout: give every element a size so ECharts (SVG renderer; jsdom has no canvas)
// can draw, and let single tests switch the size off to see the chart wait for one.
let sized = true;
const sizeProps = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
const originals = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  for (const prop of sizeProps) {
    originals.set(prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop));
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get: () => (sized ? (prop.endsWith('Width') ? 600 : 300) : 0),
    });
  }
});
afterAll(() => {
  for (const prop of sizeProps) {
    const original = originals.get(prop);
    // clientWidth and clientHeight live on Element.prototype: drop the override to reach them again.
    if (original) Object.defineProperty(HTMLElement.prototype, prop, original);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  }
  // Later files of the dom project share this jsdom and ECharts: give canvases back.
  setPlatformAPI({ createCanvas: () => document.createElement('canvas') });
});
afterEach(() => {
  sized = true;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const runtime = (over: Partial<ChartRuntime> = {}): ChartRuntime => ({
  id: 'sales',
  chartType: 'bar',
  xKey: 'region',
  series: [{ key: 'amount', label: 'Amount' }],
  dataSource: 'static',
  height: 240,
  categories: ['North', 'South', 'East'],
  values: [[10, 20, null]],
  empty: false,
  sampled: false,
  description: 'Amount by region',
  ...over,
});

/**
 * Drains what a chart does after a change: promise jobs (the renderer's import, the plugin's
 * catalogs), Vue's updates and the task turns between them (`flushPromises` ends on one); ECharts
 * then draws synchronously in `setOption`. Nothing on the way waits on a timer, so nothing here does.
 */
async function settle(): Promise<void> {
  await flushPromises();
  await nextTick();
  await flushPromises();
  await flushPromises();
}

/** A change listener of a media query. */
type MediaListener = (event: { matches: boolean }) => void;

/**
 * Stubs `matchMedia`: a query matches when `matches` says so, and the listeners added to the
 * queries `heard` accepts (every query by default) are returned, for the test to call as if the
 * reader's setting changed. test/setup/dom.ts unstubs it after the file.
 */
function stubMatchMedia(matches: (query: string) => boolean, heard: (query: string) => boolean = () => true): MediaListener[] {
  const listeners: MediaListener[] = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: (_: string, cb: MediaListener) => {
      if (heard(query)) listeners.push(cb);
    },
    removeEventListener: vi.fn(),
  }));
  return listeners;
}

function mountChart(props: Record<string, unknown>, plugin?: Record<string, unknown>) {
  return mount(ChartBlock, {
    props: { renderer: 'svg', ...props },
    attachTo: document.body,
    global: plugin ? { plugins: [[GridViewPlugin, plugin]] } : {},
  });
}

type Formatter = (value: unknown) => string;
interface LiveOption {
  xAxis: { type: string; axisLabel: { formatter?: Formatter } }[];
  yAxis: { type: string; axisLabel: { formatter?: Formatter } }[];
  tooltip: { valueFormatter?: Formatter }[];
  series: { tooltip?: { valueFormatter?: Formatter } }[];
}
/** The option ECharts holds (what the chart really draws with), formatters included. */
const liveOption = (wrapper: ReturnType<typeof mountChart>): LiveOption => chartOf(wrapper)!.getOption() as unknown as LiveOption;
/** Texts of the drawn SVG (axis labels and the like). */
const svgTexts = (wrapper: ReturnType<typeof mountChart>): string[] => wrapper.findAll('.gv-chart__canvas svg text').map((t) => t.text());

const chartOf = (wrapper: ReturnType<typeof mountChart>): EChartsType | undefined =>
  (wrapper.vm as unknown as { chart: EChartsType | undefined }).chart;

describe('ChartBlock', () => {
  it('builds the ECharts option from a runtime and draws it', async () => {
    const wrapper = mountChart({ config: runtime() });
    await settle();
    const chart = chartOf(wrapper);
    expect(chart).toBeDefined();
    const option = chart!.getOption() as { series: { type: string; data: unknown[] }[]; aria?: unknown };
    expect(option.series[0]!.type).toBe('bar');
    expect(option.series[0]!.data).toHaveLength(3);
    const aria = ([] as { enabled?: boolean; label?: { description?: string } }[]).concat(option.aria as never)[0];
    expect(aria?.enabled).toBe(true);
    // Described again from its data in the reader's language, not the runtime's stored sentence.
    expect(aria?.label?.description).toBe('Bar chart of Amount: 3 categories, 1 value each.');
    expect(wrapper.find('.gv-chart__canvas svg').exists()).toBe(true);
    expect(wrapper.find('.gv-chart').attributes('data-gv-chart-id')).toBe('sales');
    wrapper.unmount();
  });

  it('builds the runtime itself from a chart spec and rows', async () => {
    const chart: ChartSpecWire = { id: 'by_region', chart_type: 'line', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] };
    const rows: Row[] = [
      { region: 'North', amount: 1 },
      { region: 'South', amount: 2 },
      { region: 'North', amount: 3 },
    ];
    const wrapper = mountChart({ chart, rows });
    await settle();
    const option = chartOf(wrapper)!.getOption() as { series: { type: string }[] };
    expect(option.series[0]!.type).toBe('line');
    const categories = wrapper.findAll('.gv-chart__data tbody th').map((th) => th.text());
    expect(categories).toEqual(['North', 'South']);
    wrapper.unmount();
  });

  it('draws the seed system forms: group_by with an aggregate, a donut from label/value keys with its centre total', async () => {
    const rows: Row[] = [
      { region: 'North', amount: 10, status: 'open' },
      { region: 'South', amount: -4, status: 'open' },
      { region: 'North', amount: 30, status: 'closed' },
      { region: 'East', amount: 0, status: 'open' },
    ];
    const grouped = mountChart({ chart: { id: 'avg', chart_type: 'bar', group_by: 'region', value_key: 'amount', aggregate: 'avg', title: 'Average order' } satisfies ChartSpecWire, rows });
    await settle();
    const bar = chartOf(grouped)!.getOption() as { series: { type: string; data: unknown[] }[] };
    expect(bar.series[0]!.type).toBe('bar');
    // One value per group in first-seen order: North (10 + 30) / 2, South -4, East 0.
    expect(grouped.findAll('.gv-chart__data tbody th').map((th) => th.text())).toEqual(['North', 'South', 'East']);
    expect(grouped.findAll('.gv-chart__data tbody td').map((td) => td.text())).toEqual(['20', '-4', '0']);
    // The spec's title is the caption, not the generated one.
    expect(grouped.find('.gv-chart__caption').text()).toBe('Average order');
    grouped.unmount();

    const donut = mountChart({ chart: { id: 'share', chart_type: 'donut', label_key: 'region', value_key: 'amount', center_total: true } satisfies ChartSpecWire, rows });
    await settle();
    const option = chartOf(donut)!.getOption() as { series: { type: string; data: { name: string; value: number }[] }[]; graphic?: unknown; title?: unknown };
    const pie = option.series.find((series) => series.type === 'pie')!;
    // Zero and negative slices are left out; the total is computed from the rows, never from the spec.
    expect(pie.data.map((slice) => [slice.name, slice.value])).toEqual([['North', 40]]);
    expect(JSON.stringify([option.graphic, option.title])).toContain('40');
    expect(donut.text()).toMatch(/2\b.*(left out|not shown|omitted)|(left out|not shown|omitted).*2\b/i);
    donut.unmount();
  });

  it('counts rows per group when a seed chart names no value column', async () => {
    const rows: Row[] = [{ status: 'open' }, { status: 'closed' }, { status: 'open' }];
    const wrapper = mountChart({ chart: { id: 'by_status', chart_type: 'bar', group_by: 'status' } satisfies ChartSpecWire, rows });
    await settle();
    expect(wrapper.findAll('.gv-chart__data tbody th').map((th) => th.text())).toEqual(['open', 'closed']);
    expect(wrapper.findAll('.gv-chart__data tbody td').map((td) => td.text())).toEqual(['2', '1']);
    wrapper.unmount();
  });

  it('names the chart for screen readers and lists every value in a hidden table', async () => {
    const wrapper = mountChart({ config: runtime() });
    await settle();
    const canvas = wrapper.find('.gv-chart__canvas');
    expect(canvas.attributes('role')).toBe('img');
    expect(canvas.attributes('aria-label')).toBe('Bar chart of Amount: 3 categories, 1 value each.');
    const table = wrapper.find('table.gv-chart__data');
    expect(table.classes()).toContain('gv-visually-hidden');
    expect(table.find('caption').text()).toBe('Chart data');
    expect(table.findAll('thead th').map((th) => th.text())).toEqual(['Category', 'Amount']);
    expect(table.findAll('tbody tr').map((tr) => tr.findAll('td').map((td) => td.text()))).toEqual([['10'], ['20'], ['—']]);
    wrapper.unmount();
  });

  it('disposes the ECharts instance exactly once on unmount', async () => {
    const wrapper = mountChart({ config: runtime() });
    await settle();
    const chart = chartOf(wrapper)!;
    const dispose = vi.spyOn(chart, 'dispose');
    wrapper.unmount();
    await settle();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(chart.isDisposed()).toBe(true);
  });

  it("marks the figure drawn on ECharts' finished event, and not drawn while a new option is being drawn", async () => {
    // Reduced motion first, so the first drawing finishes at once; then motion on, so that the
    // update animates (ECharts' 300 ms) and the figure can be seen not drawn in between.
    const reducedMotion = (query: string): boolean => query.includes('reduced-motion');
    const listeners = stubMatchMedia(reducedMotion, reducedMotion);
    const config = ref(runtime());
    const Host = defineComponent({ setup: () => () => h(ChartBlock, { config: config.value, renderer: 'svg' }) });
    const wrapper = mount(Host, { attachTo: document.body });
    const drawn = () => wrapper.find('.gv-chart').attributes('data-gv-chart-drawn');
    try {
      await settle();
      await waitFor(() => expect(drawn()).toBe(''));
      listeners.forEach((cb) => cb({ matches: false }));
      await settle();
      await waitFor(() => expect(drawn()).toBe(''));
      config.value = runtime({ categories: ['A', 'B'], values: [[1, 2]] });
      await nextTick();
      expect(drawn()).toBeUndefined();
      await waitFor(() => expect(drawn()).toBe(''));
    } finally {
      wrapper.unmount();
    }
  });

  it('never marks an empty chart drawn: there is no drawing to wait for', async () => {
    const wrapper = mountChart({ config: runtime({ empty: true }) });
    await settle();
    expect(wrapper.find('.gv-chart').attributes('data-gv-chart-drawn')).toBeUndefined();
    wrapper.unmount();
  });

  it('updates the same instance when the data changes instead of re-creating it', async () => {
    const config = ref(runtime());
    const Host = defineComponent({ setup: () => () => h(ChartBlock, { config: config.value, renderer: 'svg' }) });
    const wrapper = mount(Host, { attachTo: document.body });
    await settle();
    const block = wrapper.findComponent(ChartBlock);
    const chart = (block.vm as unknown as { chart: EChartsType }).chart;
    const dispose = vi.spyOn(chart, 'dispose');
    config.value = runtime({ categories: ['A', 'B'], values: [[1, 2]] });
    await settle();
    expect((block.vm as unknown as { chart: EChartsType }).chart).toBe(chart);
    expect(dispose).not.toHaveBeenCalled();
    const option = chart.getOption() as { series: { data: unknown[] }[] };
    expect(option.series[0]!.data).toHaveLength(2);
    wrapper.unmount();
    await settle();
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('waits for its box to get a size before creating the chart', async () => {
    sized = false;
    const observers: { callback: ResizeObserverCallback; target?: Element }[] = [];
    class FakeResizeObserver {
      constructor(private readonly callback: ResizeObserverCallback) {
        observers.push({ callback });
      }
      observe(target: Element): void {
        const entry = observers.find((o) => o.callback === this.callback);
        if (entry) entry.target = target;
      }
      unobserve(): void {}
      disconnect(): void {}
    }
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const wrapper = mountChart({ config: runtime() });
    await settle();
    expect(chartOf(wrapper)).toBeUndefined();
    expect(wrapper.find('.gv-chart__canvas svg').exists()).toBe(false);
    // The tab opens: the box gets a size and the observer reports it.
    sized = true;
    const mine = observers.find((o) => o.target?.classList.contains('gv-chart__canvas'));
    expect(mine).toBeDefined();
    mine!.callback([{ contentRect: { width: 600, height: 240 } } as ResizeObserverEntry], {} as ResizeObserver);
    await settle();
    expect(chartOf(wrapper)).toBeDefined();
    expect(wrapper.find('.gv-chart__canvas svg').exists()).toBe(true);
    wrapper.unmount();
  });

  it('shows an empty state and no chart when there is nothing to draw', async () => {
    const wrapper = mountChart({ config: runtime({ categories: [], values: [[]], empty: true }) });
    await settle();
    expect(wrapper.find('.gv-chart__empty').text()).toBe('No data to chart');
    expect(wrapper.find('.gv-chart').classes()).toContain('gv-chart--empty');
    expect(chartOf(wrapper)).toBeUndefined();
    expect(wrapper.find('table').exists()).toBe(false);
    wrapper.unmount();
  });

  it('shows the empty state in Ukrainian', async () => {
    const wrapper = mountChart({ config: runtime({ empty: true, categories: [], values: [[]] }), locale: 'uk' });
    expect(wrapper.find('.gv-chart__empty').text()).toBe('Немає даних для діаграми');
    wrapper.unmount();
  });

  it('draws without animation while the reader prefers reduced motion, following a change', async () => {
    const reducedMotion = (query: string): boolean => query.includes('reduced-motion');
    const listeners = stubMatchMedia(reducedMotion, reducedMotion);
    const wrapper = mountChart({ config: runtime() });
    await settle();
    expect((chartOf(wrapper)!.getOption() as { animation?: boolean }).animation).toBe(false);
    listeners.forEach((cb) => cb({ matches: false }));
    await settle();
    expect((chartOf(wrapper)!.getOption() as { animation?: boolean }).animation).toBe(true);
    wrapper.unmount();
  });

  it('uses the dark theme when asked and follows the system preference for auto', async () => {
    const dark = mountChart({ config: runtime(), theme: 'dark' });
    await settle();
    expect(dark.find('.gv-chart').attributes('data-gv-chart-theme')).toBe('dark');
    dark.unmount();

    const listeners = stubMatchMedia((query) => query.includes('dark'));
    const auto = mountChart({ config: runtime(), theme: 'auto' });
    await settle();
    expect(auto.find('.gv-chart').attributes('data-gv-chart-theme')).toBe('dark');
    listeners.forEach((cb) => cb({ matches: false }));
    await settle();
    expect(auto.find('.gv-chart').attributes('data-gv-chart-theme')).toBe('light');
    auto.unmount();
  });

  it('lets an explicit data-gv-theme on an ancestor win over the system preference', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    const Host = defineComponent({ setup: () => () => h('div', { 'data-gv-theme': 'light' }, [h(ChartBlock, { config: runtime(), renderer: 'svg' })]) });
    const wrapper = mount(Host, { attachTo: document.body });
    await settle();
    expect(wrapper.find('.gv-chart').attributes('data-gv-chart-theme')).toBe('light');
    wrapper.unmount();
  });

  it('formats value-axis labels and tooltips with the grouping of the locale (uk: spaces)', async () => {
    // Below ten thousand the ticks are full numbers; from there on compact, in the locale's words.
    const wrapper = mountChart({ config: runtime({ values: [[9_000, 2_000, 5]] }) }, { locale: 'uk' });
    await settle();
    const option = liveOption(wrapper);
    const axis = option.yAxis[0]!.axisLabel.formatter!;
    expect(axis(8_000)).toMatch(/^8\s000$/u);
    expect(axis(8_000)).not.toContain(',');
    expect(option.xAxis[0]!.axisLabel.formatter).toBeUndefined();
    expect(option.tooltip[0]!.valueFormatter!(1234.5)).toMatch(/^1\s234,5$/u);
    expect(option.series[0]!.tooltip!.valueFormatter!(1234.5)).toMatch(/^1\s234,5$/u);
    // The drawing itself: an axis tick written with uk grouping.
    expect(svgTexts(wrapper).some((text) => /^\d\s000$/u.test(text))).toBe(true);
    expect(svgTexts(wrapper).some((text) => /\d,\d{3}/u.test(text))).toBe(false);
    wrapper.unmount();
    const large = mountChart({ config: runtime({ values: [[150_000_000, 20_000_000, 5]] }) }, { locale: 'uk' });
    await settle();
    expect(svgTexts(large).some((text) => /^150\sмлн$/u.test(text))).toBe(true);
    expect(liveOption(large).tooltip[0]!.valueFormatter!(150_000_000)).toMatch(/^150\s000\s000$/u);
    large.unmount();
  });

  it('shows the currency for currency series and % for percent series', async () => {
    const money = mountChart({ config: runtime({ series: [{ key: 'amount', label: 'Amount', format: 'currency' }], values: [[1200, 800, 10]] }) }, { locale: 'uk', currency: 'UAH' });
    await settle();
    const moneyOption = liveOption(money);
    expect(moneyOption.yAxis[0]!.axisLabel.formatter!(1000)).toMatch(/^1\s000\s₴$/u);
    expect(svgTexts(money).some((text) => /^1\s000\s₴$/u.test(text))).toBe(true);
    expect(moneyOption.series[0]!.tooltip!.valueFormatter!(1200)).toMatch(/^1\s200,00\s₴$/u);
    expect(money.findAll('.gv-chart__data tbody td').map((td) => td.text())[0]).toMatch(/^1\s200,00\s₴$/u);
    money.unmount();

    const share = mountChart({ config: runtime({ series: [{ key: 'rate', label: 'Rate', format: 'percent' }], values: [[0.125, 0.5, null]] }) }, { locale: 'en' });
    await settle();
    const shareOption = liveOption(share);
    expect(shareOption.yAxis[0]!.axisLabel.formatter!(0.25)).toBe('25%');
    expect(shareOption.series[0]!.tooltip!.valueFormatter!(0.125)).toBe('12.5%');
    expect(svgTexts(share)).toContain('50%');
    share.unmount();
  });

  it('lets the currency prop and the valueFormat prop win over the plugin and the runtime', async () => {
    const wrapper = mountChart({ config: runtime({ series: [{ key: 'amount', label: 'Amount', format: 'percent' }] }), valueFormat: 'currency', currency: 'EUR' }, { currency: 'UAH' });
    await settle();
    expect(liveOption(wrapper).series[0]!.tooltip!.valueFormatter!(5)).toBe('€5.00');
    expect(liveOption(wrapper).yAxis[0]!.axisLabel.formatter!(5)).toBe('€5');
    wrapper.unmount();
  });

  it('formats each series in its own format when the formats differ, and the axis as plain numbers', async () => {
    const config = runtime({
      series: [
        { key: 'amount', label: 'Amount', format: 'currency' },
        { key: 'rate', label: 'Rate', format: 'percent' },
      ],
      values: [
        [1000, 2000, 3000],
        [0.1, 0.2, 0.3],
      ],
    });
    const wrapper = mountChart({ config });
    await settle();
    const option = liveOption(wrapper);
    expect(option.series[0]!.tooltip!.valueFormatter!(1000)).toBe('$1,000.00');
    expect(option.series[1]!.tooltip!.valueFormatter!(0.1)).toBe('10.0%');
    expect(option.yAxis[0]!.axisLabel.formatter!(1000)).toBe('1,000');
    wrapper.unmount();
  });

  it('shows a caption of what is plotted by what, and names the figure with it', async () => {
    const wrapper = mountChart({ config: runtime({ xLabel: 'Region' }) });
    const caption = wrapper.find('figcaption.gv-chart__caption');
    expect(caption.text()).toBe('Amount by Region');
    const figure = wrapper.find('figure.gv-chart');
    expect(figure.element.firstElementChild).toBe(caption.element);
    expect(caption.attributes('id')).toBeTruthy();
    expect(figure.attributes('aria-labelledby')).toBe(caption.attributes('id'));
    expect(document.getElementById(figure.attributes('aria-labelledby')!)?.textContent).toBe('Amount by Region');
    wrapper.unmount();
  });

  it('gives two charts on one page different caption ids', () => {
    const Host = defineComponent({ setup: () => () => h('div', [h(ChartBlock, { config: runtime() }), h(ChartBlock, { config: runtime() })]) });
    const wrapper = mount(Host, { attachTo: document.body });
    const ids = wrapper.findAll('figcaption').map((c) => c.attributes('id'));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    wrapper.unmount();
  });

  it('writes the caption in Ukrainian, and keeps it for an empty chart', () => {
    const wrapper = mountChart({ config: runtime({ xLabel: 'Регіон', series: [{ key: 'amount', label: 'Сума' }], empty: true, categories: [], values: [[]] }), locale: 'uk' });
    expect(wrapper.find('figcaption').text()).toBe('Сума у розрізі «Регіон»');
    expect(wrapper.find('.gv-chart__empty').exists()).toBe(true);
    wrapper.unmount();
  });

  it('takes column labels and formats for a chart spec plus rows from the columns prop', async () => {
    const chart: ChartSpecWire = { id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] };
    const columns = [
      { key: 'region', label: 'Sales region' },
      { key: 'amount', label: 'Amount', format: 'currency' as const },
    ];
    const wrapper = mountChart({ chart, rows: [{ region: 'North', amount: 3 }], columns });
    await settle();
    expect(wrapper.find('figcaption').text()).toBe('Amount by Sales region');
    expect(liveOption(wrapper).series[0]!.tooltip!.valueFormatter!(3)).toBe('$3.00');
    // Without columns there is no label for the x key, and a raw row key is never shown.
    const plain = mountChart({ chart, rows: [{ region: 'North', amount: 3 }] });
    expect(plain.find('figcaption').text()).toBe('Amount');
    wrapper.unmount();
    plain.unmount();
  });

  it('says under a line chart that its value axis does not start at zero, in the reader\u2019s language', async () => {
    const chart: ChartSpecWire = { id: 'c', chart_type: 'line', x_key: 'month', series: [{ key: 'amount', label: 'Сума' }] };
    const rows = ['2024-01', '2024-02', '2024-03'].map((month, i) => ({ month, amount: 3_000_000 + i * 100_000 }));
    const wrapper = mountChart({ chart, rows, columns: [{ key: 'month', label: 'Місяць' }], locale: 'uk' });
    await settle();
    expect(wrapper.find('[data-gv-axis-not-zero]').text()).toBe('Вісь значень починається не з нуля.');
    // The hidden data table names the months as the axis does.
    expect(wrapper.find('.gv-chart__data tbody th').text()).toBe('січ. 2024 р.');
    // The accessible name and ECharts' own description are Ukrainian too (the runtime's is English).
    const described = 'Лінійна діаграма: Сума у розрізі «Місяць». 3 категорії, 1 ряд даних.';
    expect(wrapper.find('[role="img"]').attributes('aria-label')).toBe(described);
    expect(([] as { label?: { description?: string } }[]).concat(chartOf(wrapper)!.getOption().aria as never)[0]?.label?.description).toBe(described);
    const bars = mountChart({ chart: { ...chart, chart_type: 'bar' }, rows, locale: 'uk' });
    await settle();
    expect(bars.find('[data-gv-axis-not-zero]').exists()).toBe(false);
    wrapper.unmount();
    bars.unmount();
  });

  it('renders markup in series and column labels literally in the caption, creating no element', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const wrapper = mountChart({ config: runtime({ xLabel: evil, series: [{ key: 'amount', label: evil }] }) });
    await settle();
    const caption = wrapper.find('figcaption');
    expect(caption.text()).toBe(`${evil} by ${evil}`);
    expect(caption.element.children).toHaveLength(0);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    wrapper.unmount();
  });

  it('keeps markup in categories and series names as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const wrapper = mountChart({ config: runtime({ categories: [evil, 'ok'], values: [[1, 2]], series: [{ key: 'amount', label: evil }] }) });
    await settle();
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(wrapper.find('.gv-chart__data tbody th').text()).toBe(evil);
    expect(wrapper.find('.gv-chart__data thead th:nth-child(2)').text()).toBe(evil);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    wrapper.unmount();
  });
});

describe('ChartBlock with the automatic theme', () => {
  /** A ChartBlock inside a themed wrapper; the wrapper's attributes are then changed outside Vue. */
  function mountThemed(wrapperAttrs: Record<string, string>, chartProps: Record<string, unknown> = {}, plugin?: Record<string, unknown>) {
    const Host = defineComponent({
      setup: () => () => h('section', { id: 'themed', ...wrapperAttrs }, [h('div', { id: 'inner' }, [h(ChartBlock, { config: runtime(), renderer: 'svg', ...chartProps })])]),
    });
    return mount(Host, { attachTo: document.body, global: plugin ? { plugins: [[GridViewPlugin, plugin]] } : {} });
  }
  const themeOf = (wrapper: ReturnType<typeof mountThemed>) => wrapper.find('.gv-chart').attributes('data-gv-chart-theme');
  const instanceOf = (wrapper: ReturnType<typeof mountThemed>) => (wrapper.findComponent(ChartBlock).vm as unknown as { chart: EChartsType }).chart;
  /** Fill of the value-axis tick labels as drawn (the option's colours differ per theme). */
  const axisFills = (wrapper: ReturnType<typeof mountThemed>) => [...new Set(wrapper.findAll('.gv-chart__canvas svg text').map((t) => t.attributes('fill')))];

  afterEach(() => {
    // Every test unmounts its charts: nothing may stay subscribed to the shared observer.
    expect(autoThemeFollowers()).toEqual({ charts: 0, observers: 0, schemeListener: false });
  });

  it('re-themes the same instance when data-gv-theme on an ancestor flips after mount', async () => {
    const wrapper = mountThemed({ 'data-gv-theme': 'light' });
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    const chart = instanceOf(wrapper);
    const lightFills = axisFills(wrapper);
    const setTheme = vi.spyOn(chart, 'setTheme');
    const dispose = vi.spyOn(chart, 'dispose');

    document.getElementById('themed')!.setAttribute('data-gv-theme', 'dark');
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    expect(setTheme).toHaveBeenLastCalledWith('dark');
    expect((chart.getOption() as { darkMode?: boolean }).darkMode).toBe(true);
    // The drawing itself changes colour, on the same instance.
    await waitFor(() => expect(axisFills(wrapper)).not.toEqual(lightFills));
    expect(instanceOf(wrapper)).toBe(chart);

    document.getElementById('themed')!.setAttribute('data-gv-theme', 'light');
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    expect((chart.getOption() as { darkMode?: boolean }).darkMode).toBe(false);
    await waitFor(() => expect(axisFills(wrapper)).toEqual(lightFills));
    expect(dispose).not.toHaveBeenCalled();

    wrapper.unmount();
    await settle();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(chart.isDisposed()).toBe(true);
  });

  it('follows gv-theme-* classes, a nearer ancestor gaining a switch, and its removal', async () => {
    const wrapper = mountThemed({ class: 'gv-theme-dark' });
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    const inner = document.getElementById('inner')!;
    inner.classList.add('gv-theme-light');
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    inner.classList.remove('gv-theme-light');
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    // A data-gv-theme value that is no switch (as in the stylesheet) leaves the outer switch in charge.
    inner.setAttribute('data-gv-theme', 'auto');
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    document.getElementById('themed')!.classList.replace('gv-theme-dark', 'gv-theme-light');
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    wrapper.unmount();
  });

  it('falls back to the system scheme when the switch is removed, and follows that scheme after', async () => {
    const listeners = stubMatchMedia(() => true);
    const wrapper = mountThemed({ 'data-gv-theme': 'light' });
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    // The switch wins over the system preference while it is there.
    listeners.forEach((cb) => cb({ matches: true }));
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    document.getElementById('themed')!.removeAttribute('data-gv-theme');
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    listeners.forEach((cb) => cb({ matches: false }));
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    wrapper.unmount();
  });

  it('shares one observer between charts and disconnects it when the last chart unmounts', async () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    const removeListener = vi.fn();
    // Only the colour-scheme listener is the theme's (each chart also follows prefers-reduced-motion).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: query.includes('color-scheme') ? removeListener : vi.fn() }));
    const themeObservers = () => observe.mock.calls.filter(([target]) => target === document).length;
    const first = mountThemed({ 'data-gv-theme': 'light' });
    const second = mountChart({ config: runtime({ id: 'second' }) });
    await settle();
    expect(themeObservers()).toBe(1);
    expect(autoThemeFollowers()).toEqual({ charts: 2, observers: 1, schemeListener: true });
    const [observer] = observe.mock.contexts.filter((_, i) => observe.mock.calls[i]![0] === document);

    first.unmount();
    expect(disconnect.mock.contexts).not.toContain(observer);
    expect(removeListener).not.toHaveBeenCalled();
    expect(autoThemeFollowers()).toEqual({ charts: 1, observers: 1, schemeListener: true });

    second.unmount();
    expect(disconnect.mock.contexts.filter((context) => context === observer)).toHaveLength(1);
    expect(removeListener).toHaveBeenCalledTimes(1);
    observe.mockRestore();
    disconnect.mockRestore();
  });

  it('subscribes to nothing while the theme is forced, and starts following when configured to auto', async () => {
    const wrapper = mountThemed({ 'data-gv-theme': 'light' }, {}, { chartTheme: 'dark' });
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    expect(autoThemeFollowers().charts).toBe(0);
    const chart = instanceOf(wrapper);
    const dispose = vi.spyOn(chart, 'dispose');

    (wrapper.vm.$gridView as { configure(patch: { chartTheme: 'auto' }): void }).configure({ chartTheme: 'auto' });
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    expect(autoThemeFollowers().charts).toBe(1);
    document.getElementById('themed')!.setAttribute('data-gv-theme', 'dark');
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    expect(instanceOf(wrapper)).toBe(chart);

    (wrapper.vm.$gridView as { configure(patch: { chartTheme: 'light' }): void }).configure({ chartTheme: 'light' });
    await settle();
    expect(autoThemeFollowers().charts).toBe(0);
    document.getElementById('themed')!.setAttribute('data-gv-theme', 'dark');
    await settle();
    expect(themeOf(wrapper)).toBe('light');
    wrapper.unmount();
    await settle();
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('ignores class changes that touch no theme class', async () => {
    const wrapper = mountThemed({ 'data-gv-theme': 'dark' });
    await settle();
    const setTheme = vi.spyOn(instanceOf(wrapper), 'setTheme');
    document.getElementById('inner')!.classList.add('is-hovered');
    document.getElementById('themed')!.classList.add('gv-theme-light-ish');
    await settle();
    expect(themeOf(wrapper)).toBe('dark');
    expect(setTheme).not.toHaveBeenCalled();
    wrapper.unmount();
  });
});
