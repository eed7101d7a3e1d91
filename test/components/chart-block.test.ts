/* eslint-disable vue/one-component-per-file -- tiny inline host components are the point of these tests */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount, flushPromises } from '@vue/test-utils';
import { defineComponent, h, nextTick, ref } from 'vue';
import type { EChartsType } from 'echarts/core';
import ChartBlock from '../../components/ChartBlock.vue';
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

function mountChart(props: Record<string, unknown>) {
  return mount(ChartBlock, { props: { renderer: 'svg', ...props }, attachTo: document.body });
}

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
