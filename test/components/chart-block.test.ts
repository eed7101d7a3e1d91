/* eslint-disable vue/one-component-per-file -- tiny inline host components are the point of these tests */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount, flushPromises } from '@vue/test-utils';
import { defineComponent, h, nextTick, ref } from 'vue';
import type { EChartsType } from 'echarts/core';
import ChartBlock from '../../components/ChartBlock.vue';
import { GridViewPlugin } from '../../src/plugin';
import type { ChartRuntime, ChartSpecWire, Row } from '../../src/core/types';

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
    if (original) Object.defineProperty(HTMLElement.prototype, prop, original);
  }
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

async function settle(): Promise<void> {
  await flushPromises();
  await nextTick();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await flushPromises();
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
    expect(aria?.label?.description).toBe('Amount by region');
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

  it('names the chart for screen readers and lists every value in a hidden table', async () => {
    const wrapper = mountChart({ config: runtime() });
    await settle();
    const canvas = wrapper.find('.gv-chart__canvas');
    expect(canvas.attributes('role')).toBe('img');
    expect(canvas.attributes('aria-label')).toBe('Bar chart. Amount by region');
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

  it('uses the dark theme when asked and follows the system preference for auto', async () => {
    const dark = mountChart({ config: runtime(), theme: 'dark' });
    await settle();
    expect(dark.find('.gv-chart').attributes('data-gv-chart-theme')).toBe('dark');
    dark.unmount();

    const listeners: ((event: { matches: boolean }) => void)[] = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark'),
      media: query,
      addEventListener: (_: string, cb: (event: { matches: boolean }) => void) => listeners.push(cb),
      removeEventListener: vi.fn(),
    }));
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
    const wrapper = mountChart({ config: runtime({ values: [[150_000_000, 20_000_000, 5]] }) }, { locale: 'uk' });
    await settle();
    const option = liveOption(wrapper);
    const axis = option.yAxis[0]!.axisLabel.formatter!;
    expect(axis(100_000_000)).toMatch(/^100\s000\s000$/u);
    expect(axis(100_000_000)).not.toContain(',');
    expect(option.xAxis[0]!.axisLabel.formatter).toBeUndefined();
    expect(option.tooltip[0]!.valueFormatter!(1234.5)).toMatch(/^1\s234,5$/u);
    expect(option.series[0]!.tooltip!.valueFormatter!(1234.5)).toMatch(/^1\s234,5$/u);
    // The drawing itself: an axis tick written with uk grouping.
    expect(svgTexts(wrapper).some((text) => /^150\s000\s000$/u.test(text))).toBe(true);
    expect(svgTexts(wrapper).some((text) => text.includes('100,000,000'))).toBe(false);
    wrapper.unmount();
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
    expect(option.series[1]!.tooltip!.valueFormatter!(0.1)).toBe('10%');
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
    const plain = mountChart({ chart, rows: [{ region: 'North', amount: 3 }] });
    expect(plain.find('figcaption').text()).toBe('Amount by region');
    wrapper.unmount();
    plain.unmount();
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
