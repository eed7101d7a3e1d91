import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { setPlatformAPI } from 'echarts/core';
import ChartBlock from '../../components/ChartBlock.vue';
import { loadSvgRenderer, svgRendererLoaded } from '../../components/echarts-setup';
import type { ChartRuntime } from '../../src/core/types';
import { waitFor } from '../setup/wait';

// One file, one module registry: the SVG renderer is not registered before this test, as on a page
// whose charts draw on canvas until one asks for SVG.
const sizeProps = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
const originals = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  // jsdom has no canvas for ECharts to measure text with: use ECharts' own character-width table.
  setPlatformAPI({ createCanvas: () => null as unknown as HTMLCanvasElement });
  for (const prop of sizeProps) {
    originals.set(prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop));
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => (prop.endsWith('Width') ? 600 : 300) });
  }
});
afterAll(() => {
  for (const prop of sizeProps) {
    const original = originals.get(prop);
    if (original) Object.defineProperty(HTMLElement.prototype, prop, original);
  }
});

const runtime: ChartRuntime = {
  id: 'sales',
  chartType: 'bar',
  xKey: 'region',
  xLabel: 'Region',
  categories: ['North', 'South'],
  series: [{ key: 'amount', label: 'Amount' }],
  values: [[10, 20]],
  dataSource: 'static',
  height: 300,
  empty: false,
  sampled: false,
  description: 'Bar chart of Amount by Region',
};

describe('the ECharts SVG renderer', () => {
  it('is loaded on demand by the first chart that asks for it, which draws once it has arrived', async () => {
    expect(svgRendererLoaded()).toBe(false);
    const wrapper = mount(ChartBlock, { props: { config: runtime, renderer: 'svg' }, attachTo: document.body });
    expect(wrapper.find('.gv-chart__canvas svg').exists()).toBe(false);
    await loadSvgRenderer();
    await flushPromises();
    expect(svgRendererLoaded()).toBe(true);
    await waitFor(() => expect(wrapper.find('.gv-chart__canvas svg').exists()).toBe(true));
    wrapper.unmount();
  });
});
