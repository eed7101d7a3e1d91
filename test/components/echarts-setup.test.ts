import { describe, expect, it, vi } from 'vitest';
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import { use } from 'echarts/core';
import type * as EChartsCore from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { ensureEChartsRegistered } from '../../components/echarts-setup';
import { chartTypes } from '../../src/core/chart/registry';

vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<typeof EChartsCore>()), use: vi.fn() }));

describe('ensureEChartsRegistered', () => {
  it("registers exactly the parts the chart-type registry names, with the canvas renderer, once", () => {
    ensureEChartsRegistered();
    ensureEChartsRegistered();
    expect(use).toHaveBeenCalledTimes(1);
    const parts = chartTypes.echartsParts();
    expect(vi.mocked(use).mock.calls[0]?.[0]).toEqual([...parts.charts.map((name) => charts[name]), ...parts.components.map((name) => components[name]), CanvasRenderer]);
    expect(parts.charts.length + parts.components.length).toBe(8);
  });
});
