/**
 * Charts in the seed system's forms (issue 14): grouping and aggregation, pie and donut from a label
 * and a value column, series colours with contrast kept, mixed bar + line, stacking, chart titles,
 * centre totals; with the accessibility of every chart (caption, aria description, decals) and
 * real ECharts SVG.
 */
import * as echarts from 'echarts';
import { afterEach, describe, expect, it } from 'vitest';
import { CHART_BACKGROUNDS, COUNT_SERIES_KEY, buildChartOption, buildChartRuntime, buildChartRuntimes, chartCaption, chartSeriesColors, withValueFormatter } from '../../src/core/chart';
import type { ChartCartesianSeriesOption, ChartPieSeriesOption } from '../../src/core/chart';
import { contrastRatio, parseCssColor } from '../../src/core/color';
import { createTranslator } from '../../src/core/i18n';
import { uk } from '../../src/core/i18n/uk';
import { parseGridViewSpecJson, safeParseGridViewSpecJson, specToWire } from '../../src/core/spec';
import type { ChartRuntime, ChartSpecWire, GridViewSpec, Row } from '../../src/core/types';

const COLUMNS = [
  { key: 'region', label: 'Region' },
  { key: 'channel', label: 'Channel' },
  { key: 'amount', label: 'Amount', format: 'currency' as const },
  { key: 'units', label: 'Units', format: 'number' as const },
];

const ROWS: Row[] = [
  { region: 'north', channel: 'web', amount: 10, units: 1 },
  { region: 'south', channel: 'shop', amount: 4, units: 2 },
  { region: 'north', channel: 'web', amount: '6', units: 5 },
  { region: 'east', channel: 'web', amount: -3, units: null },
  { region: 'north', channel: 'phone', amount: 2, units: 3 },
  { region: 'west', channel: 'shop', amount: 0, units: 'x' },
  { region: 'south', channel: 'phone', amount: null, units: 4 },
];

function specWith(charts: ChartSpecWire[]): GridViewSpec {
  return parseGridViewSpecJson({ grid_id: 'g', columns: COLUMNS, charts });
}

function runtimeOf(chart: Partial<ChartSpecWire> & Pick<ChartSpecWire, 'chart_type'>, rows: readonly Row[] = ROWS): ChartRuntime {
  const spec = specWith([{ id: 'c', ...chart }]);
  return buildChartRuntime(spec.charts[0]!, rows, { columns: spec.columns });
}

const instances: echarts.ECharts[] = [];
afterEach(() => {
  for (const instance of instances.splice(0)) instance.dispose();
});

function renderSvg(option: unknown): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 400 });
  instances.push(instance);
  instance.setOption(option as echarts.EChartsCoreOption);
  return instance.renderToSVGString();
}

const en = createTranslator({ locale: 'en' });
const ukT = createTranslator({ locale: 'uk', catalogs: { uk } });

describe('group_by and aggregate', () => {
  it('counts rows per group, in first-seen order, when no value is named', () => {
    const runtime = runtimeOf({ chart_type: 'bar', group_by: 'region' });
    expect(runtime.categories).toEqual(['north', 'south', 'east', 'west']);
    expect(runtime.values).toEqual([[3, 2, 1, 1]]);
    expect(runtime.series).toEqual([{ key: COUNT_SERIES_KEY, label: 'Count', format: 'number' }]);
    expect(runtime.aggregate).toBe('count');
    expect(runtime.description).toBe('Bar chart of Count by Region: 4 categories, 1 value each.');
  });

  it('computes every aggregate per group with resolveKpis rules (numeric strings count, empty cells do not)', () => {
    const of = (aggregate: ChartSpecWire['aggregate']) => runtimeOf({ chart_type: 'bar', group_by: 'region', value_key: 'units', aggregate }).values[0];
    expect(of('sum')).toEqual([9, 6, null, null]);
    expect(of('avg')).toEqual([3, 3, null, null]);
    expect(of('min')).toEqual([1, 2, null, null]);
    expect(of('max')).toEqual([5, 4, null, null]);
    expect(of('median')).toEqual([3, 3, null, null]);
    expect(of('count')).toEqual([3, 2, 0, 1]);
    expect(of('count_distinct')).toEqual([3, 2, 0, 1]);
    expect(runtimeOf({ chart_type: 'bar', group_by: 'channel', value_key: 'region', aggregate: 'count_distinct' }).values[0]).toEqual([2, 2, 2]);
  });

  it('aggregates x_key + series too, and counts carry the number format whatever the column', () => {
    const runtime = runtimeOf({ chart_type: 'bar', x_key: 'region', series: [{ key: 'amount' }, { key: 'units' }], aggregate: 'max' });
    expect(runtime.values).toEqual([
      [10, 4, -3, 0],
      [5, 4, null, null],
    ]);
    expect(runtime.series.map((s) => s.format)).toEqual(['currency', 'number']);
    expect(runtimeOf({ chart_type: 'bar', x_key: 'region', series: [{ key: 'amount' }], aggregate: 'count' }).series[0]?.format).toBe('number');
    expect(runtime.description).toContain('Amount (maximum) and Units (maximum)');
  });

  it('gives the same results in one pass for several charts as one by one', () => {
    const spec = specWith([
      { id: 'a', chart_type: 'bar', group_by: 'region' },
      { id: 'b', chart_type: 'line', x_key: 'channel', series: [{ key: 'amount' }], aggregate: 'median' },
      { id: 'c', chart_type: 'donut', label_key: 'channel', value_key: 'amount', center_total: true },
    ]);
    const together = buildChartRuntimes(spec.charts, ROWS, { columns: spec.columns });
    expect(together).toEqual(spec.charts.map((chart) => buildChartRuntime(chart, ROWS, { columns: spec.columns })));
  });

  it('takes wire seed charts directly, with series labels from the columns', () => {
    const runtime = buildChartRuntime({ id: 'w', chart_type: 'pie', label_key: 'region', value_key: 'amount' }, ROWS, { columns: COLUMNS });
    expect(runtime.series[0]).toMatchObject({ key: 'amount', label: 'Amount', format: 'currency' });
    expect(runtime.height).toBe(300);
  });
});

describe('pie and donut from label_key + value_key', () => {
  it('leave out zero and negative slices and count them in the runtime, the caption and the description', () => {
    const runtime = runtimeOf({ chart_type: 'pie', label_key: 'region', value_key: 'amount' });
    // The runtime lists the slices only, as the seed system's do (issue 26); the rest are counted.
    expect(runtime.categories).toEqual(['north', 'south']);
    expect(runtime.values[0]).toEqual([18, 4]);
    expect(runtime.omitted).toBe(2);
    expect(runtime.description).toBe('Pie chart of Amount by Region: 2 slices (2 categories without a positive value left out).');
    const option = buildChartOption(runtime);
    expect((option.series[0] as ChartPieSeriesOption).data).toEqual([
      { name: 'north', value: 18 },
      { name: 'south', value: 4 },
    ]);
    expect(chartCaption(runtime, en)).toBe('Amount by Region (2 categories with no positive value are not shown)');
    expect(chartCaption(runtime, ukT)).toBe('Amount у розрізі «Region» (2 категорії без додатного значення не показано)');
    expect(chartCaption({ ...runtime, omitted: 1 }, en)).toBe('Amount by Region (1 category with no positive value is not shown)');
    expect(chartCaption({ ...runtime, omitted: 5 }, ukT)).toContain('5 категорій');
  });

  it('say nothing about left-out slices when every slice is positive', () => {
    const runtime = runtimeOf({ chart_type: 'pie', label_key: 'channel', value_key: 'units' });
    expect(runtime.omitted).toBe(0);
    expect(chartCaption(runtime, en)).toBe('Units by Channel');
  });

  it('show a donut centre total computed from the rows (the drawn slices), formatted like the series', () => {
    const runtime = runtimeOf({ chart_type: 'donut', label_key: 'region', value_key: 'amount', center_total: true });
    expect(runtime.centerTotal).toBe(22);
    const option = buildChartOption(runtime, { locale: 'en', currency: 'EUR' });
    expect(option.title?.text).toBe('€22.00');
    expect(option.aria.label.description).toContain('Total: €22.00.');
    expect((option.series[0] as ChartPieSeriesOption).center).toEqual(['50%', '50%']);
    expect(renderSvg(option)).toContain('€22.00');
    const ukOption = buildChartOption(runtime, { locale: 'uk', currency: 'UAH' });
    expect(ukOption.title?.text).toMatch(/^22,00\s₴|^22,00\sгрн/u);
  });

  it('total a donut that counts rows, and has no centre text unless asked or when empty', () => {
    const counted = runtimeOf({ chart_type: 'donut', group_by: 'channel', center_total: true });
    expect(counted.centerTotal).toBe(7);
    expect(buildChartOption(counted).title?.text).toBe('7');
    expect(runtimeOf({ chart_type: 'donut', group_by: 'channel' })).not.toHaveProperty('centerTotal');
    expect(buildChartOption(runtimeOf({ chart_type: 'donut', group_by: 'channel' })).title).toBeUndefined();
    const empty = runtimeOf({ chart_type: 'donut', label_key: 'region', value_key: 'amount', center_total: true }, []);
    expect([empty.empty, empty.centerTotal, buildChartOption(empty).title]).toEqual([true, null, undefined]);
  });
});

describe('a seed v1 pie or donut naming label_key beside group_by', () => {
  const wire = (chart_type: string, label_key = 'channel') => ({ grid_id: 'g', columns: COLUMNS, charts: [{ id: 'p', chart_type, label_key, group_by: 'region', value_key: 'amount' }] });

  it('is accepted, grouped by group_by and summing value_key, with a warning that label_key is ignored', () => {
    for (const type of ['pie', 'donut']) {
      const parsed = safeParseGridViewSpecJson(wire(type));
      expect(parsed.ok).toBe(true);
      expect(parsed.warnings).toEqual([expect.objectContaining({ code: 'ignored_field', path: 'charts[0].label_key' })]);
      if (!parsed.ok) continue;
      expect(parsed.spec.charts[0]).toMatchObject({ xKey: 'region', categoryField: 'group_by' });
      const runtime = buildChartRuntime(parsed.spec.charts[0]!, ROWS, { columns: parsed.spec.columns });
      // north 10 + 6 + 2, south 4; east (-3) and west (0) are no slices.
      expect(runtime.categories).toEqual(['north', 'south']);
      expect(runtime.values[0]).toEqual([18, 4]);
      // Written back in the form it was read: group_by alone, since label_key meant nothing.
      expect(specToWire(parsed.spec).charts?.[0]).toMatchObject({ group_by: 'region', value_key: 'amount' });
      expect(specToWire(parsed.spec).charts?.[0]).not.toHaveProperty('label_key');
    }
  });

  it('is still refused on other chart types, where the categories come from one field', () => {
    const parsed = safeParseGridViewSpecJson(wire('bar'));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues).toEqual([expect.objectContaining({ code: 'conflicting_fields', path: 'charts[0].group_by' })]);
  });
});

describe('titles and count labels in captions', () => {
  it('use the chart title instead of the generated caption', () => {
    const runtime = runtimeOf({ chart_type: 'bar', group_by: 'region', title: 'Orders <b>per</b> region' });
    expect(runtime.title).toBe('Orders <b>per</b> region');
    expect(chartCaption(runtime, en)).toBe('Orders <b>per</b> region');
  });

  it('name a count in the reader language, in the caption and in the option', () => {
    const runtime = runtimeOf({ chart_type: 'bar', group_by: 'region' });
    expect(chartCaption(runtime, ukT)).toBe('Кількість у розрізі «Region»');
    const option = buildChartOption(runtime, { countLabel: 'Кількість' });
    expect((option.series[0] as ChartCartesianSeriesOption).name).toBe('Кількість');
  });
});

describe('series colours', () => {
  const colored = (color: string, theme: 'light' | 'dark' = 'light') =>
    buildChartOption(runtimeOf({ chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', color }, { key: 'units' }] }), { theme });

  it('draw a series in its spec colour (normalised hex) and the others in the palette', () => {
    const option = colored('SteelBlue');
    expect(option.color.slice(0, 2)).toEqual(['#4682b4', '#B26B00']);
    expect((option.series[0] as ChartCartesianSeriesOption).itemStyle).toEqual({ color: '#4682b4' });
    expect((option.series[1] as ChartCartesianSeriesOption).itemStyle).toBeUndefined();
    expect(renderSvg(option)).toContain('#4682b4');
  });

  it('keep 3:1 contrast with every background of both themes (WCAG 2 graphics), adjusting colours that lack it', () => {
    const worst = (hex: string, theme: 'light' | 'dark') => Math.min(...CHART_BACKGROUNDS[theme].map((bg) => contrastRatio(parseCssColor(hex)!, parseCssColor(bg)!)));
    for (const theme of ['light', 'dark'] as const) {
      const palette = chartSeriesColors({ chartType: 'pie', series: [] }, theme);
      for (const color of palette) expect(worst(color, theme), `${theme} palette ${color}`).toBeGreaterThanOrEqual(3);
      for (const spec of ['yellow', 'white', 'black', 'navy', '#777', '#f0e44280', 'lightgray', 'rgb(20, 20, 30)', 'hsl(60, 100%, 90%)']) {
        const drawn = colored(parseGridViewSpecJson({ grid_id: 'g', columns: COLUMNS, charts: [{ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', color: spec }] }] }).charts[0]!.series[0]!.color!, theme).color[0]!;
        expect(drawn, `${theme} ${spec}`).toMatch(/^#[0-9a-f]{6}$/);
        expect(worst(drawn, theme), `${theme} ${spec} drawn as ${drawn}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('leave a colour that already has the contrast as it is', () => {
    expect(colored('#0050a0').color[0]).toBe('#0050a0');
    expect(colored('#ffd700', 'dark').color[0]).toBe('#ffd700');
  });

  it('keep decal patterns available with spec colours', () => {
    const runtime = runtimeOf({ chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', color: 'red' }] });
    expect(buildChartOption(runtime, { decal: true }).aria.decal.show).toBe(true);
  });
});

describe('mixed bar + line and stacking', () => {
  it('draws a series as a line on a bar chart and as bars on a line chart', () => {
    const bars = buildChartOption(runtimeOf({ chart_type: 'bar', x_key: 'region', series: [{ key: 'amount' }, { key: 'units', series_type: 'line' }] }));
    expect(bars.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect((bars.series[1] as ChartCartesianSeriesOption).connectNulls).toBe(false);
    const lines = buildChartOption(runtimeOf({ chart_type: 'area', x_key: 'region', series: [{ key: 'amount', series_type: 'bar' }, { key: 'units' }] }));
    expect(lines.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect((lines.series[0] as ChartCartesianSeriesOption).areaStyle).toBeUndefined();
    const svg = renderSvg(bars);
    expect(svg).toContain('<path');
  });

  it('stacks the bars of a stacked bar chart but not a line drawn over them', () => {
    const option = buildChartOption(runtimeOf({ chart_type: 'bar', x_key: 'region', stacked: true, series: [{ key: 'amount' }, { key: 'units' }, { key: 'units', label: 'Trend', series_type: 'line' }] }));
    expect(option.series.map((s) => (s as ChartCartesianSeriesOption).stack)).toEqual(['total', 'total', undefined]);
    const unstacked = buildChartOption(runtimeOf({ chart_type: 'bar', x_key: 'region', series: [{ key: 'amount' }, { key: 'units' }] }));
    expect(unstacked.series.map((s) => (s as ChartCartesianSeriesOption).stack)).toEqual([undefined, undefined]);
    const lines = buildChartOption(runtimeOf({ chart_type: 'line', x_key: 'region', stacked: true, series: [{ key: 'amount' }, { key: 'units' }] }));
    expect(lines.series.map((s) => (s as ChartCartesianSeriesOption).stack)).toEqual(['total', 'total']);
  });

  it('renders every seed form with real ECharts and formatters, labels drawn as text', () => {
    const forms: ChartSpecWire[] = [
      { id: 'a', chart_type: 'bar', group_by: 'region', title: '<img src=x onerror=alert(1)>' },
      { id: 'b', chart_type: 'horizontal_bar', x_key: 'region', series: [{ key: 'amount', color: 'tomato' }, { key: 'units', series_type: 'line' }] },
      { id: 'c', chart_type: 'donut', label_key: 'region', value_key: 'amount', center_total: true },
    ];
    const spec = specWith(forms);
    for (const chart of spec.charts) {
      const runtime = buildChartRuntime(chart, ROWS, { columns: spec.columns });
      const option = withValueFormatter(buildChartOption(runtime, { theme: 'dark' }), runtime.series.map((s) => s.format));
      const svg = renderSvg(option);
      expect(svg).toContain('<svg');
      expect(svg).not.toContain('<img');
    }
  });
});
