import { describe, expect, it } from 'vitest';
import schema from '../../schema/grid-view-spec.v1.json';
import { CHART_TYPES, buildChartOption, buildChartRuntime, chartCaption, chartSeriesColors, isCartesianChart, isPieChart } from '../../src/core/chart';
import { CHART_COMMON_PARTS, CHART_TYPE_ENTRIES, chartTypes, defineChartTypes } from '../../src/core/chart/registry';
import type { ChartTypeTable } from '../../src/core/chart/registry';
import { GridViewSpecError } from '../../src/core/errors';
import { createTranslator, messages } from '../../src/core/i18n';
import { SPEC_ENUMS, safeParseGridViewSpecJson } from '../../src/core/spec';
import type { ChartRuntime, ChartType } from '../../src/core/types';

const runtime = (chartType: string): ChartRuntime => ({
  ...buildChartRuntime({ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }, [{ region: 'North', amount: 3 }]),
  chartType: chartType as ChartType,
});

/** The issue a registry lookup threw, or null when it did not throw a GridViewSpecError. */
function thrownIssue(run: () => unknown): { code: string; path: string; message: string } | null {
  try {
    run();
  } catch (error) {
    if (error instanceof GridViewSpecError) return error.issues[0] ?? null;
    throw error;
  }
  return null;
}

describe('chart-type registry', () => {
  it('is the list of the spec enum and of CHART_TYPES, in the same order', () => {
    expect([...chartTypes.names]).toEqual(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area', 'pie', 'donut']);
    expect([...SPEC_ENUMS.chart_type]).toEqual([...chartTypes.names]);
    expect([...CHART_TYPES]).toEqual([...chartTypes.names]);
  });

  it("gives every type the family the runtime draws it in (slices for pie and donut, axes for the rest)", () => {
    for (const type of chartTypes.names) {
      const family = chartTypes.entry(type).family;
      expect(family === 'pie', type).toBe(isPieChart(type));
      expect(family === 'cartesian', type).toBe(isCartesianChart(type));
    }
  });

  it('names a text for every type in both shipped catalogs', () => {
    expect(chartTypes.catalogKeys()).toEqual(chartTypes.names.map((type) => `chart.type.${type}`));
    for (const key of chartTypes.catalogKeys()) {
      expect(messages.en[key as keyof typeof messages.en], key).toMatch(/\S/);
      expect(messages.uk[key as keyof typeof messages.uk], key).toMatch(/\S/);
    }
  });

  it("names each type in a chart's English description by its entry's English catalog text", () => {
    for (const type of chartTypes.names) {
      const chart = { id: 'c', chart_type: type, x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] };
      const rt = buildChartRuntime(chart, [{ region: 'North', amount: 3 }], { columns: [{ key: 'region', label: 'Region' }] });
      expect(rt.description, type).toMatch(new RegExp(`^${messages.en[CHART_TYPE_ENTRIES[type].label]} of Amount by Region: `));
    }
  });

  it('refuses at compile time a type whose name the English catalog lacks, and an entry without a name', () => {
    const { bar } = CHART_TYPE_ENTRIES;
    // @ts-expect-error 'chart.type.radar' is no key of the English catalog: the table refuses the entry.
    const unnamed: ChartTypeTable = { ...CHART_TYPE_ENTRIES, bar: { ...bar, label: 'chart.type.radar' } };
    // @ts-expect-error an entry of a scratch registry needs the catalog key of its name (label).
    const nameless = defineChartTypes({ radar: { family: 'cartesian', sortable: false, build: bar.build, echarts: bar.echarts } });
    // Neither stops the program: the compiler is what refuses them (npm run typecheck).
    expect(unnamed.bar.label).toBe('chart.type.radar');
    expect(nameless.names).toEqual(['radar']);
  });

  it('lists the ECharts parts the options use: the shared ones, axes for cartesian types, the pie series for slices', () => {
    expect(chartTypes.echartsParts()).toEqual({
      charts: ['BarChart', 'LineChart', 'PieChart'],
      components: ['TooltipComponent', 'LegendComponent', 'AriaComponent', 'TitleComponent', 'GridComponent'],
    });
    expect(chartTypes.echartsParts(['donut'])).toEqual({ charts: ['PieChart'], components: [...CHART_COMMON_PARTS.components] });
    expect(chartTypes.echartsParts(['line']).charts).toEqual(['BarChart', 'LineChart']);
  });

  it('lets sort order the categories of the bar charts only, as the JSON Schema says', () => {
    const sortable = chartTypes.names.filter((type) => CHART_TYPE_ENTRIES[type].sortable);
    expect(sortable).toEqual(['bar', 'horizontal_bar', 'stacked_bar']);
    const rule = schema.$defs.chart.allOf.find((part) => 'if' in part && JSON.stringify(part.if) === JSON.stringify({ properties: { sort: true }, required: ['sort'] }));
    expect(rule && 'then' in rule ? rule.then : undefined).toEqual({ properties: { chart_type: { enum: sortable } } });
  });
});

describe('an unregistered chart type', () => {
  it('is refused by the parser with invalid_enum at its path', () => {
    for (const type of ['radar', 'Bar', 'toString', '__proto__']) {
      const result = safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'region', label: 'Region' }], charts: [{ id: 'c', chart_type: type, x_key: 'region' }] });
      expect(result.ok, type).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => [i.code, i.path]), type).toContainEqual(['invalid_enum', 'charts[0].chart_type']);
    }
  });

  it('has no runtime, builder, colours or caption: each throws invalid_enum at chartType instead of drawing another type', () => {
    const t = createTranslator();
    for (const type of ['radar', 'toString', 'constructor']) {
      for (const [what, run] of [
        ['buildChartRuntime', () => buildChartRuntime({ id: 'c', chart_type: type as ChartType, x_key: 'region', series: [] }, [{ region: 'North' }])],
        ['buildChartOption', () => buildChartOption(runtime(type))],
        ['chartSeriesColors', () => chartSeriesColors(runtime(type))],
        ['chartCaption', () => chartCaption(runtime(type), t)],
        ['echartsParts', () => chartTypes.echartsParts([type])],
      ] as const) {
        const issue = thrownIssue(run);
        expect(issue, `${what}(${type})`).toMatchObject({ code: 'invalid_enum', path: 'chartType' });
        expect(issue?.message).toContain('"bar", "horizontal_bar"');
      }
    }
    expect(chartTypes.has('toString')).toBe(false);
    expect(chartTypes.has(undefined)).toBe(false);
  });

  it('still builds every registered type', () => {
    for (const type of chartTypes.names) expect(buildChartOption(runtime(type)).series, type).toHaveLength(1);
  });
});
