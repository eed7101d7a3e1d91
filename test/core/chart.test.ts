import * as echarts from 'echarts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  axisValueFormat,
  buildChartOption,
  buildChartRuntime,
  buildChartRuntimes,
  categoryLabel,
  chartCaption,
  chartValueFormats,
  CHART_TYPES,
  isCartesianChart,
  isPieChart,
  withValueFormatter,
} from '../../src/core/chart';
import type { ChartCartesianSeriesOption, ChartOption, ChartPieSeriesOption } from '../../src/core/chart';
import { createTranslator } from '../../src/core/i18n';
import type { ChartSpec, ChartSpecWire, ChartType, Row } from '../../src/core/types';

function chart(chartType: ChartType, series: { key: string; label: string }[] = [{ key: 'amount', label: 'Amount' }], extra: Partial<ChartSpec> = {}): ChartSpec {
  return {
    id: 'c1',
    chartType,
    title: null,
    xKey: 'region',
    categoryField: 'x_key',
    series: series.map((s) => ({ ...s, color: null, seriesType: null })),
    valueField: 'series',
    aggregate: 'sum',
    stacked: chartType === 'stacked_bar',
    centerTotal: false,
    sort: null,
    dataSource: 'static',
    height: 300,
    ...extra,
  };
}

const ROWS: Row[] = [
  { region: 'north', amount: 10, cost: 1 },
  { region: 'south', amount: '5', cost: null },
  { region: 'north', amount: 2.5, cost: 'x' },
  { region: 'east', amount: 'n/a', cost: true },
  { region: null, amount: 1 },
  { region: '', amount: 2 },
  { amount: 4 },
];

const instances: echarts.ECharts[] = [];
afterEach(() => {
  for (const instance of instances.splice(0)) instance.dispose();
});

/** Renders an option with real ECharts (server-side SVG) and returns the markup. */
function renderSvg(option: unknown): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 400 });
  instances.push(instance);
  instance.setOption(option as echarts.EChartsCoreOption);
  return instance.renderToSVGString();
}

function seriesOf(option: ChartOption): ChartCartesianSeriesOption[] {
  return option.series as ChartCartesianSeriesOption[];
}

describe('buildChartRuntime', () => {
  it('takes categories in first-seen order and sums repeated categories', () => {
    const runtime = buildChartRuntime(chart('bar'), ROWS);
    expect(runtime.categories).toEqual(['north', 'south', 'east', '—']);
    expect(runtime.values).toEqual([[12.5, 5, null, 7]]);
  });

  it('puts null, undefined, missing and empty x values in one "—" category so their rows still count', () => {
    const runtime = buildChartRuntime(chart('bar'), [{ region: null, amount: 1 }, { amount: 2 }, { region: '', amount: 3 }, { region: NaN, amount: 4 }]);
    expect(runtime.categories).toEqual(['—']);
    expect(runtime.values).toEqual([[10]]);
  });

  it('merges x values with the same label (1 and "1") and labels Dates as ISO text', () => {
    const runtime = buildChartRuntime(chart('bar'), [
      { region: 1, amount: 1 },
      { region: '1', amount: 2 },
      { region: new Date(Date.UTC(2024, 0, 1)), amount: 3 },
      { region: new Date(Date.UTC(2024, 0, 1)), amount: 4 },
      { region: true, amount: 5 },
    ]);
    expect(runtime.categories).toEqual(['1', '2024-01-01T00:00:00.000Z', 'true']);
    expect(runtime.values).toEqual([[3, 7, 5]]);
  });

  it('keeps a category null for a series whose cells are all non-numeric (booleans, text, Infinity)', () => {
    const runtime = buildChartRuntime(chart('line', [{ key: 'amount', label: 'A' }, { key: 'cost', label: 'C' }]), ROWS);
    expect(runtime.values[1]).toEqual([1, null, null, null]);
    expect(buildChartRuntime(chart('bar'), [{ region: 'a', amount: Infinity }]).values).toEqual([[null]]);
  });

  it('reads more than two series and more than three charts in one pass', () => {
    const series = ['a', 'b', 'c', 'd'].map((key) => ({ key, label: key.toUpperCase() }));
    const rows: Row[] = [
      { region: 'x', a: 1, b: 2, c: 3, d: 4 },
      { region: 'x', a: 1, b: 2, c: 3, d: 4 },
    ];
    const charts = Array.from({ length: 5 }, (_, i) => chart('bar', series, { id: `c${i}`, xKey: i % 2 ? 'region' : 'a' }));
    const runtimes = buildChartRuntimes(charts, rows);
    expect(runtimes).toHaveLength(5);
    for (const runtime of runtimes) expect(runtime.values.map((v) => v[0])).toEqual([2, 4, 6, 8]);
    expect(runtimes[0]!.categories).toEqual(['1']);
    expect(runtimes.map((r) => r.id)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('gives the same runtimes through buildChartRuntimes as one by one', () => {
    const charts = [chart('bar'), chart('pie', undefined, { id: 'c2', xKey: 'cost' }), chart('line', [{ key: 'cost', label: 'C' }], { id: 'c3' })];
    expect(buildChartRuntimes(charts, ROWS)).toEqual(charts.map((c) => buildChartRuntime(c, ROWS)));
  });

  it('is empty for no rows and for rows without any numeric value', () => {
    const none = buildChartRuntime(chart('bar'), []);
    expect(none.empty).toBe(true);
    expect(none.categories).toEqual([]);
    expect(none.description).toBe('Bar chart of Amount: no data.');
    const text = buildChartRuntime(chart('line'), [{ region: 'a', amount: 'x' }]);
    expect(text.empty).toBe(true);
    expect(text.categories).toEqual(['a']);
  });

  it('uses only the first series of a pie, and is empty when nothing is positive', () => {
    const pie = buildChartRuntime(chart('pie', [{ key: 'amount', label: 'A' }, { key: 'cost', label: 'C' }]), ROWS);
    expect(pie.empty).toBe(false);
    expect(pie.description).toBe('Pie chart of A: 3 slices (1 category without a positive value left out).');
    const negative = buildChartRuntime(chart('donut'), [{ region: 'a', amount: -1 }, { region: 'b', amount: 0 }]);
    expect(negative.empty).toBe(true);
  });

  it('marks long line and area series as sampled without thinning the data', () => {
    const rows: Row[] = Array.from({ length: 2500 }, (_, i) => ({ region: `d${i}`, amount: i }));
    const line = buildChartRuntime(chart('line'), rows);
    expect(line.sampled).toBe(true);
    expect(line.categories).toHaveLength(2500);
    expect(line.values[0]).toHaveLength(2500);
    expect(line.description).toContain('drawn with sampling');
    expect(buildChartRuntime(chart('area'), rows).sampled).toBe(true);
    expect(buildChartRuntime(chart('bar'), rows).sampled).toBe(false);
    expect(buildChartRuntime(chart('line'), rows, { maxPoints: 5000 }).sampled).toBe(false);
    expect(buildChartRuntime(chart('line'), rows.slice(0, 2000)).sampled).toBe(false);
    expect(buildChartRuntime(chart('line'), rows.slice(0, 20), { maxPoints: 10 }).sampled).toBe(true);
    expect(buildChartRuntime(chart('line'), rows.slice(0, 20), { maxPoints: -1 }).sampled).toBe(false);
  });

  it('accepts wire chart specs and fills their defaults', () => {
    const wire: ChartSpecWire = { id: 'w', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] };
    const runtime = buildChartRuntime(wire, ROWS);
    expect(runtime).toMatchObject({ id: 'w', chartType: 'bar', xKey: 'region', dataSource: 'static', height: 320 });
    expect(runtime.values).toEqual(buildChartRuntime(chart('bar'), ROWS).values);
  });

  it('describes type, series, the category label and counts in plain text, never naming a raw row key', () => {
    const runtime = buildChartRuntime(chart('stacked_bar', [{ key: 'amount', label: 'Amount' }, { key: 'cost', label: 'Cost' }, { key: 'x', label: 'X' }]), ROWS);
    expect(runtime.description).toBe('Stacked bar chart of Amount, Cost, and X: 4 categories, 3 values each.');
    expect(buildChartRuntime(chart('bar'), [{ region: 'a', amount: 1 }]).description).toBe('Bar chart of Amount: 1 category, 1 value each.');
    const labelled = buildChartRuntime(chart('bar'), [{ region: 'a', amount: 1 }], { columns: [{ key: 'region', label: 'Sales region' }] });
    expect(labelled.description).toBe('Bar chart of Amount by Sales region: 1 category, 1 value each.');
  });

  it('keeps markup in labels and categories verbatim', () => {
    const runtime = buildChartRuntime(chart('bar', [{ key: 'amount', label: '<img src=x onerror=alert(1)>' }]), [{ region: '<script>alert(1)</script>', amount: 1 }]);
    expect(runtime.categories).toEqual(['<script>alert(1)</script>']);
    expect(runtime.series[0]!.label).toBe('<img src=x onerror=alert(1)>');
    expect(runtime.description).toContain('<img src=x onerror=alert(1)>');
  });

  it('does not read Object.prototype members for keys such as constructor', () => {
    const runtime = buildChartRuntime(chart('bar', [{ key: 'toString', label: 'T' }], { xKey: 'constructor' }), [{ amount: 1 }, { constructor: 'c', toString: 2 }]);
    expect(runtime.categories).toEqual(['—', 'c']);
    expect(runtime.values).toEqual([[null, 2]]);
  });

  it('skips nullish rows and never mutates the rows', () => {
    const rows = Object.freeze([Object.freeze({ region: 'a', amount: 1 }), null]) as unknown as Row[];
    expect(buildChartRuntime(chart('bar'), rows).values).toEqual([[1]]);
  });
});

describe('buildChartRuntime: numeric strings in the locale', () => {
  const chart = { id: 'c', chart_type: 'bar' as const, x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] };
  const rows = [
    { region: 'Північ', amount: '2 500,5' },
    { region: 'Північ', amount: '1\u202f000' },
    { region: 'Південь', amount: 12 },
    { region: 'Південь', amount: '1,234.5' },
  ];

  it('sums "2 500,5" as 2500.5 under uk', () => {
    const runtime = buildChartRuntime(chart, rows, { locale: 'uk' });
    expect(runtime.values).toEqual([[3500.5, 12]]);
  });

  it('reads en writing under en and the default', () => {
    expect(buildChartRuntime(chart, rows, { locale: 'en' }).values).toEqual([[null, 1246.5]]);
    expect(buildChartRuntime(chart, rows).values).toEqual([[null, 1246.5]]);
  });
});

describe('categoryLabel', () => {
  it('labels empty values with an em dash and other values as text', () => {
    expect(categoryLabel(null)).toBe('—');
    expect(categoryLabel('')).toBe('—');
    expect(categoryLabel(NaN)).toBe('—');
    expect(categoryLabel(2024)).toBe('2024');
    expect(categoryLabel({ a: 1 })).toBe('{"a":1}');
  });
});

describe('buildChartOption', () => {
  const runtimeOf = (type: ChartType, rows: readonly Row[] = ROWS) => buildChartRuntime(chart(type, [{ key: 'amount', label: 'Amount' }, { key: 'cost', label: 'Cost' }]), rows);

  it('builds category/value axes and bar series for bar charts', () => {
    const option = buildChartOption(runtimeOf('bar'));
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['north', 'south', 'east', '—'] });
    expect(option.yAxis).toMatchObject({ type: 'value' });
    expect(seriesOf(option).map((s) => [s.type, s.name, s.stack])).toEqual([
      ['bar', 'Amount', undefined],
      ['bar', 'Cost', undefined],
    ]);
    expect(option.tooltip).toMatchObject({ trigger: 'axis', axisPointer: { type: 'shadow' } });
    expect(option.legend.show).toBe(true);
  });

  it('puts categories on the y axis, first on top, for horizontal bars', () => {
    const option = buildChartOption(runtimeOf('horizontal_bar'));
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(option.xAxis).toMatchObject({ type: 'value' });
  });

  it('stacks stacked bars on one stack', () => {
    expect(seriesOf(buildChartOption(runtimeOf('stacked_bar'))).map((s) => s.stack)).toEqual(['total', 'total']);
  });

  it('draws lines and areas with gaps for nulls', () => {
    const line = seriesOf(buildChartOption(runtimeOf('line')));
    expect(line[1]).toMatchObject({ type: 'line', connectNulls: false, data: [1, null, null, null] });
    expect(line[0]!.areaStyle).toBeUndefined();
    const area = seriesOf(buildChartOption(runtimeOf('area')));
    expect(area[0]!.areaStyle).toEqual({ opacity: 0.25 });
  });

  it('samples long lines with LTTB and hides symbols', () => {
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => ({ region: `d${i}`, amount: Math.sin(i) }));
    const option = buildChartOption(buildChartRuntime(chart('line'), rows));
    expect(seriesOf(option)[0]).toMatchObject({ sampling: 'lttb', showSymbol: false });
    expect(seriesOf(option)[0]!.data).toHaveLength(3000);
    expect(option.animation).toBe(false);
    expect(seriesOf(buildChartOption(runtimeOf('line')))[0]!.sampling).toBeUndefined();
  });

  it('builds pie and donut series from the first series, positive values only', () => {
    const pie = buildChartOption(runtimeOf('pie'));
    expect(pie.xAxis).toBeUndefined();
    expect(pie.series).toHaveLength(1);
    const series = pie.series[0] as ChartPieSeriesOption;
    expect(series).toMatchObject({ type: 'pie', name: 'Amount', radius: '70%' });
    expect(series.data).toEqual([
      { name: 'north', value: 12.5 },
      { name: 'south', value: 5 },
      { name: '—', value: 7 },
    ]);
    expect(pie.tooltip.trigger).toBe('item');
    expect((buildChartOption(runtimeOf('donut')).series[0] as ChartPieSeriesOption).radius).toEqual(['45%', '70%']);
  });

  it('turns on ECharts aria with the runtime description, and decals on request', () => {
    const runtime = runtimeOf('bar');
    const option = buildChartOption(runtime);
    expect(option.aria).toEqual({ enabled: true, label: { enabled: true, description: runtime.description }, decal: { show: false } });
    expect(buildChartOption(runtime, { decal: true }).aria.decal.show).toBe(true);
  });

  it('adds the formatted value range to the description when a value format is given', () => {
    const runtime = buildChartRuntime(chart('bar'), [{ region: 'a', amount: 1200 }, { region: 'b', amount: 9800 }]);
    const option = buildChartOption(runtime, { valueFormat: 'currency', locale: 'en', currency: 'USD' });
    expect(option.aria.label.description).toBe(`${runtime.description} Values range from $1,200.00 to $9,800.00.`);
    const single = buildChartRuntime(chart('bar'), [{ region: 'a', amount: 0.5 }]);
    expect(buildChartOption(single, { valueFormat: 'percent' }).aria.label.description).toContain('Every value is 50.0%.');
  });

  it('gives an empty option with no series, and a centred text only when asked', () => {
    const empty = buildChartRuntime(chart('bar'), []);
    const option = buildChartOption(empty);
    expect(option.series).toEqual([]);
    expect(option.title).toBeUndefined();
    expect(option.legend.show).toBe(false);
    expect(buildChartOption(empty, { emptyText: 'No data' }).title).toMatchObject({ text: 'No data', left: 'center' });
    expect(buildChartOption(buildChartRuntime(chart('pie'), [])).series).toEqual([]);
  });

  it('uses dark colours for the dark theme', () => {
    const light = buildChartOption(runtimeOf('bar'));
    const dark = buildChartOption(runtimeOf('bar'), { theme: 'dark' });
    expect(dark.darkMode).toBe(true);
    expect(light.darkMode).toBe(false);
    expect(dark.textStyle.color).not.toBe(light.textStyle.color);
    expect(dark.tooltip.backgroundColor).toBeDefined();
  });

  it('is plain JSON for every chart type: no functions, unchanged by a JSON round trip', () => {
    for (const type of CHART_TYPES) {
      const option = buildChartOption(runtimeOf(type), { theme: 'dark', valueFormat: 'number', decal: true, emptyText: 'x' });
      expect(JSON.parse(JSON.stringify(option)), type).toEqual(option);
    }
  });

  it('does not share arrays with the runtime', () => {
    const runtime = runtimeOf('bar');
    const option = buildChartOption(runtime);
    (option.xAxis!.data as string[]).push('extra');
    seriesOf(option)[0]!.data.push(99);
    expect(runtime.categories).toHaveLength(4);
    expect(runtime.values[0]).toHaveLength(4);
  });

  it('renders with real ECharts for every chart type', () => {
    for (const type of CHART_TYPES) {
      const svg = renderSvg(buildChartOption(runtimeOf(type)));
      expect(svg, type).toMatch(/^<svg/);
      expect(svg, type).toContain('ecmeta_series_index="0"');
      expect(svg, type).toContain('>north<');
    }
  });

  it('passes markup in categories and labels to ECharts as text, which escapes it', () => {
    const runtime = buildChartRuntime(chart('bar', [{ key: 'amount', label: '<img src=x onerror=alert(1)>' }, { key: 'cost', label: 'b' }]), [
      { region: '<script>alert(1)</script>', amount: 1, cost: 2 },
    ]);
    const option = buildChartOption(runtime);
    expect(option.xAxis!.data).toEqual(['<script>alert(1)</script>']);
    expect(seriesOf(option)[0]!.name).toBe('<img src=x onerror=alert(1)>');
    const svg = renderSvg(option);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;script&gt;');
    const pieSvg = renderSvg(buildChartOption(buildChartRuntime(chart('pie'), [{ region: '<b>x</b>', amount: 1 }])));
    expect(pieSvg).not.toContain('<b>');
  });
});

describe('withValueFormatter', () => {
  it('formats tooltip values and value-axis labels, leaving the JSON option untouched', () => {
    const option = buildChartOption(buildChartRuntime(chart('bar'), [{ region: 'a', amount: 0.125 }]));
    const formatted = withValueFormatter(option, 'percent', { locale: 'en' });
    expect(formatted.tooltip.valueFormatter(0.125)).toBe('12.5%');
    expect(formatted.tooltip.valueFormatter(null)).toBe('');
    expect(formatted.tooltip.valueFormatter([1, 0.5])).toBe('50.0%');
    // Ticks drop a zero fraction; tooltips keep the cells' one decimal.
    expect(formatted.yAxis!.axisLabel.formatter!(0.5)).toBe('50%');
    expect(formatted.yAxis!.axisLabel.formatter!(0.25)).toBe('25%');
    expect(formatted.xAxis!.axisLabel.formatter).toBeUndefined();
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
    expect((option.tooltip as Record<string, unknown>).valueFormatter).toBeUndefined();
    expect(renderSvg(formatted)).toContain('>15%<');
  });

  it('formats the value axis with the grouping of the locale: uk groups with spaces', () => {
    // Below ten thousand the ticks are full numbers (compact from there on, see chart-fit.test.ts).
    const option = buildChartOption(buildChartRuntime(chart('bar'), [{ region: 'a', amount: 9_500 }]));
    const formatted = withValueFormatter(option, 'number', { locale: 'uk' });
    expect(formatted.yAxis!.axisLabel.formatter!(8_000)).toMatch(/^8\s000$/u);
    expect(formatted.yAxis!.axisLabel.formatter!(8_000)).not.toContain(',');
    expect(formatted.tooltip.valueFormatter(1234.5)).toMatch(/^1\s234,5$/u);
    const svg = renderSvg(formatted);
    expect(svg).toMatch(/>2\s000</u);
    expect(svg).not.toContain('2,000');
    // Compact ticks group and name the scale in the locale's words too.
    const large = withValueFormatter(buildChartOption(buildChartRuntime(chart('bar'), [{ region: 'a', amount: 100_000_000 }])), 'number', { locale: 'uk' });
    expect(large.yAxis!.axisLabel.formatter!(100_000_000)).toMatch(/^100\sмлн$/u);
    expect(large.tooltip.valueFormatter(100_000_000)).toMatch(/^100\s000\s000$/u);
  });

  it('formats each series in its own format and the axis in the common one', () => {
    const runtime = buildChartRuntime(chart('bar', [{ key: 'amount', label: 'Amount' }, { key: 'rate', label: 'Rate' }]), [{ region: 'a', amount: 1234, rate: 0.5 }], {
      columns: [
        { key: 'amount', label: 'Amount', format: 'currency' },
        { key: 'rate', label: 'Rate', format: 'percent' },
      ],
    });
    const formatted = withValueFormatter(buildChartOption(runtime), chartValueFormats(runtime), { locale: 'uk', currency: 'UAH' });
    expect(formatted.series[0]!.tooltip!.valueFormatter(1234)).toMatch(/^1\s234,00\s₴$/u);
    expect(formatted.series[1]!.tooltip!.valueFormatter(0.5)).toMatch(/^50,0\s?%$/u);
    // Dollars and percent cannot share one axis: it shows plain numbers.
    expect(formatted.yAxis!.axisLabel.formatter!(1000)).toMatch(/^1\s000$/u);
    const currencyOnly = buildChartRuntime(chart('bar'), [{ region: 'a', amount: 5 }], { columns: [{ key: 'amount', label: 'Amount', format: 'currency' }] });
    const money = withValueFormatter(buildChartOption(currencyOnly), chartValueFormats(currencyOnly), { locale: 'en', currency: 'EUR' });
    // Ticks leave out zero cents; tooltips keep the currency's digits.
    expect(money.yAxis!.axisLabel.formatter!(5)).toBe('€5');
    expect(money.yAxis!.axisLabel.formatter!(0.5)).toBe('€0.50');
    expect(money.yAxis!.axisLabel.formatter!(-0)).toBe('€0');
    expect(money.tooltip.valueFormatter(5)).toBe('€5.00');
    const pie = buildChartRuntime(chart('pie'), [{ region: 'a', amount: 0.25 }], { columns: [{ key: 'amount', label: 'Share', format: 'percent' }] });
    const share = withValueFormatter(buildChartOption(pie), chartValueFormats(pie), { locale: 'en' });
    expect(share.series[0]!.tooltip!.valueFormatter(0.25)).toBe('25.0%');
    expect(share.tooltip.valueFormatter(0.25)).toBe('25.0%');
  });

  it('formats the value axis of horizontal bars, which is the x axis', () => {
    const option = buildChartOption(buildChartRuntime(chart('horizontal_bar'), [{ region: 'a', amount: 1234 }]));
    const formatted = withValueFormatter(option, 'currency', { currency: 'EUR' });
    expect(formatted.xAxis!.axisLabel.formatter!(1234)).toBe('€1,234');
    expect(formatted.tooltip.valueFormatter(1234)).toBe('€1,234.00');
    expect(formatted.yAxis!.axisLabel.formatter).toBeUndefined();
  });
});

describe('runtime formats and labels from the spec columns', () => {
  const columns = [
    { key: 'region', label: 'Region' },
    { key: 'amount', label: 'Amount', format: 'currency' as const },
    { key: 'rate', label: 'Rate', format: 'percent' as const },
  ];

  it('gives each series the format of its column and the runtime the x column label', () => {
    const runtime = buildChartRuntime(chart('bar', [{ key: 'amount', label: 'Sales' }, { key: 'rate', label: 'Rate' }, { key: 'other', label: 'Other' }]), [], { columns });
    expect(runtime.xLabel).toBe('Region');
    expect(runtime.series).toEqual([
      { key: 'amount', label: 'Sales', format: 'currency' },
      { key: 'rate', label: 'Rate', format: 'percent' },
      { key: 'other', label: 'Other' },
    ]);
    expect(chartValueFormats(runtime)).toEqual(['currency', 'percent', 'number']);
  });

  it('sets neither field without columns, and treats a column without a format as text', () => {
    const bare = buildChartRuntime(chart('bar'), []);
    expect('xLabel' in bare).toBe(false);
    expect(bare.series).toEqual([{ key: 'amount', label: 'Amount' }]);
    const wire = buildChartRuntime(chart('bar'), [], { columns: [{ key: 'amount', label: 'Amount' }] });
    expect(wire.series[0]!.format).toBe('text');
    expect(chartValueFormats(wire)).toEqual(['number']);
  });

  it('picks one axis format: the common one, else number', () => {
    expect(axisValueFormat(['currency', 'currency'])).toBe('currency');
    expect(axisValueFormat(['currency', 'percent'])).toBe('number');
    expect(axisValueFormat(['text'])).toBe('number');
    expect(axisValueFormat([])).toBe('number');
  });
});

describe('chartCaption', () => {
  const en = createTranslator({ locale: 'en' });
  const uk = createTranslator({ locale: 'uk' });

  it('says what the chart plots by what, with the x column label', () => {
    const runtime = buildChartRuntime(chart('bar'), [], { columns: [{ key: 'region', label: 'Region' }] });
    expect(chartCaption(runtime, en)).toBe('Amount by Region');
  });

  it('lists several series in the locale and never names a raw x key (no label: the series alone)', () => {
    const runtime = buildChartRuntime(chart('line', [{ key: 'amount', label: 'Amount' }, { key: 'cost', label: 'Cost' }, { key: 'n', label: 'Count' }]), []);
    expect(chartCaption(runtime, en)).toBe('Amount, Cost, and Count');
    expect(chartCaption(runtime, uk)).toBe('Amount, Cost і Count');
    expect(chartCaption({ chartType: 'bar', series: [], xKey: 'month' }, uk)).toBe('Стовпчикова діаграма');
  });

  it('names only the plotted series of a pie', () => {
    const runtime = buildChartRuntime(chart('pie', [{ key: 'amount', label: 'Amount' }, { key: 'cost', label: 'Cost' }]), [], { columns: [{ key: 'region', label: 'Region' }] });
    expect(chartCaption(runtime, en)).toBe('Amount by Region');
  });

  it('reads in Ukrainian', () => {
    const runtime = buildChartRuntime(chart('bar', [{ key: 'amount', label: 'Сума' }]), [], { columns: [{ key: 'region', label: 'Регіон' }] });
    expect(chartCaption(runtime, uk)).toBe('Сума у розрізі «Регіон»');
  });

  it('keeps markup and placeholders in labels verbatim, as text', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const runtime = buildChartRuntime(chart('bar', [{ key: 'amount', label: `${evil} {category}` }]), [], { columns: [{ key: 'region', label: evil }] });
    expect(chartCaption(runtime, en)).toBe(`${evil} {category} by ${evil}`);
  });

  it('shows the category alone when there is no series label', () => {
    expect(chartCaption({ chartType: 'bar', series: [], xKey: 'region', xLabel: 'Region' }, en)).toBe('Region');
  });
});

describe('chart type helpers', () => {
  it('tells pies from cartesian charts', () => {
    expect(CHART_TYPES.filter(isPieChart)).toEqual(['pie', 'donut']);
    expect(CHART_TYPES.filter(isCartesianChart)).toEqual(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area']);
  });
});
