/**
 * The "Add a chart type" recipe of docs/contributing.md, proven: a scratch registry (the package's
 * entries plus one, made with the same `defineChartTypes`) stands in for the chart-type registry,
 * and the new type flows through the parser, its own option builder, the ECharts parts list and the
 * catalogs without any other module knowing of it.
 */
import { describe, expect, it, vi } from 'vitest';
// vi.mock is hoisted above these imports: every module they load reads the scratch registry.
import { buildChartOption, buildChartRuntime, chartCaption } from '../../src/core/chart';
import type { ChartBuildContext } from '../../src/core/chart/option-base';
import { chartTypes } from '../../src/core/chart/registry';
import type { ChartTypeEntry, EChartsComponentPart } from '../../src/core/chart/registry';
import type * as Registry from '../../src/core/chart/registry';
import { createTranslator } from '../../src/core/i18n';
import { SPEC_ENUMS, parseGridViewSpecJson, safeParseGridViewSpecJson } from '../../src/core/spec';

const scratch = vi.hoisted(() => ({ builds: [] as string[] }));

vi.mock('../../src/core/chart/registry', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  const { buildCartesianOption } = await import('../../src/core/chart/option-cartesian');
  // A line drawn in steps, its highest point marked: a builder of its own over the line's.
  const stepLine: ChartTypeEntry = {
    family: 'cartesian',
    sortable: false,
    build: (context: ChartBuildContext) => {
      scratch.builds.push(context.runtime.chartType);
      const option = buildCartesianOption({ ...context, runtime: { ...context.runtime, chartType: 'line' } });
      return { ...option, series: option.series.map((s) => ({ ...s, step: 'middle', markPoint: { data: [{ type: 'max' }] } })) };
    },
    echarts: { charts: ['LineChart'], components: ['GridComponent', 'MarkPointComponent' as EChartsComponentPart] },
    label: 'chart.type.step_line',
  };
  return { ...original, chartTypes: original.defineChartTypes({ ...original.CHART_TYPE_ENTRIES, step_line: stepLine }) };
});

const columns = [
  { key: 'month', label: 'Month' },
  { key: 'amount', label: 'Amount', format: 'currency' as const },
];
const rows = [
  { month: '2024-01', amount: 3 },
  { month: '2024-02', amount: 5 },
  { month: '2024-03', amount: 4 },
];
const stepChart = { id: 'steps', chart_type: 'step_line', x_key: 'month', series: [{ key: 'amount' }] };

describe('a chart type added to a scratch registry', () => {
  it('is a value of the spec enum, so the parser accepts it and keeps it', () => {
    expect(SPEC_ENUMS.chart_type).toContain('step_line');
    const spec = parseGridViewSpecJson({ grid_id: 'g', columns, charts: [stepChart] });
    expect(spec.charts[0]?.chartType).toBe('step_line');
  });

  it("gets the parser's rules from its entry: not sortable, so sort is refused at its path", () => {
    const result = safeParseGridViewSpecJson({ grid_id: 'g', columns, charts: [{ ...stepChart, sort: 'asc' }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toContainEqual(expect.objectContaining({ code: 'conflicting_fields', path: 'charts[0].sort' }));
  });

  it('is drawn by its own builder from buildChartOption', () => {
    const spec = parseGridViewSpecJson({ grid_id: 'g', columns, charts: [stepChart] });
    const chart = spec.charts[0];
    if (chart === undefined) throw new Error('the chart was not parsed');
    scratch.builds.length = 0;
    const option = buildChartOption(buildChartRuntime(chart, rows, { columns }), { width: 480 });
    expect(scratch.builds).toEqual(['step_line']);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Jan 2024', 'Feb 2024', 'Mar 2024'], boundaryGap: false });
    expect(option.series).toEqual([expect.objectContaining({ type: 'line', data: [3, 5, 4], step: 'middle', markPoint: { data: [{ type: 'max' }] } })]);
    // The registered types still go to their own builders.
    const bars = buildChartOption(buildChartRuntime({ ...stepChart, chart_type: 'bar' }, rows, { columns }));
    expect(bars.series[0]?.type).toBe('bar');
    expect(scratch.builds).toEqual(['step_line']);
  });

  it('adds the ECharts parts its entry names to the list every renderer registers', () => {
    const parts = chartTypes.echartsParts();
    expect(parts.components).toContain('MarkPointComponent');
    expect(parts.charts).toEqual(['BarChart', 'LineChart', 'PieChart']);
    expect(chartTypes.echartsParts(['step_line'])).toEqual({
      charts: ['LineChart'],
      components: ['TooltipComponent', 'LegendComponent', 'AriaComponent', 'TitleComponent', 'GridComponent', 'MarkPointComponent'],
    });
  });

  it('is named through its catalog key in every catalog that has it, in English and Ukrainian', () => {
    expect(chartTypes.catalogKeys()).toContain('chart.type.step_line');
    const catalogs = { en: { 'chart.type.step_line': 'Step line chart' }, uk: { 'chart.type.step_line': 'Ступінчастий графік' } };
    const spec = parseGridViewSpecJson({ grid_id: 'g', columns, charts: [stepChart] });
    const chart = spec.charts[0];
    if (chart === undefined) throw new Error('the chart was not parsed');
    // Nothing else to call it by (no series label, no category label): the caption is the type's name.
    const unnamed = { ...buildChartRuntime(chart, rows), series: [] };
    expect(chartCaption(unnamed, createTranslator({ locale: 'en', catalogs }))).toBe('Step line chart');
    expect(chartCaption(unnamed, createTranslator({ locale: 'uk', catalogs }))).toBe('Ступінчастий графік');
    // Without a text the generic word is said, never the key.
    expect(chartCaption(unnamed, createTranslator({ locale: 'en' }))).toBe('Chart');
  });
});
