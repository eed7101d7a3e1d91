/**
 * The Apache ECharts option of a chart runtime: `buildChartOption` (plain JSON: no functions, no
 * HTML, no rich-text templates built from row values, and no `echarts` import), and
 * `withValueFormatter`, the separate, explicit step that attaches locale-aware number formatters
 * for tooltips and value axes (per-series formats from `chartValueFormats`).
 *
 * Category names and series labels travel as data and ECharts draws them as text (its default
 * tooltip escapes them). ECharts components the option uses: `GridComponent`, `TooltipComponent`,
 * `LegendComponent` + `LegendScrollComponent`, `AriaComponent`, and the `BarChart`, `LineChart` and
 * `PieChart` series; `TitleComponent` only when `emptyText` is given.
 *
 * @module
 */
import { formatValue, getNumberFormat } from '../format';
import type { ChartRuntime, ChartRuntimeSeries, FormatOptions, ValueFormat } from '../types';
import { isPieChart } from './runtime';

/** Options of `buildChartOption`. */
export interface ChartOptionOptions {
  /** Colours for a light (default) or dark page. */
  theme?: 'light' | 'dark';
  /**
   * When given, the accessible description also states the range of the plotted values formatted
   * for `locale`/`currency` (e.g. "Values range from $1,200.00 to $9,800.00."). The option itself
   * stays function-free; use `withValueFormatter` for formatted tooltips and axis labels.
   */
  valueFormat?: ValueFormat;
  locale?: string;
  currency?: string;
  /** Adds ECharts decal patterns so series differ by more than colour. Default false. */
  decal?: boolean;
  /** Text drawn in the middle of an empty chart (needs `TitleComponent`). Default: nothing drawn. */
  emptyText?: string;
}

/** A category or value axis of the option. */
export interface ChartAxisOption {
  type: 'category' | 'value';
  data?: string[];
  inverse?: boolean;
  boundaryGap?: boolean;
  axisLabel: { hideOverlap?: boolean; color: string };
  axisLine: { lineStyle: { color: string } };
  splitLine?: { lineStyle: { color: string } };
}

/** A bar or line series of the option. */
export interface ChartCartesianSeriesOption {
  type: 'bar' | 'line';
  id: string;
  name: string;
  data: (number | null)[];
  stack?: string;
  connectNulls?: false;
  showSymbol?: boolean;
  sampling?: 'lttb';
  areaStyle?: { opacity: number };
  emphasis: { focus: 'series' };
}

/** A pie or donut series of the option. */
export interface ChartPieSeriesOption {
  type: 'pie';
  id: string;
  name: string;
  radius: string | [string, string];
  center: [string, string];
  data: { name: string; value: number }[];
  avoidLabelOverlap: true;
  label: { show: boolean; color: string };
  emphasis: { focus: 'self' };
}

/**
 * The ECharts option `buildChartOption` returns: a plain, JSON-serialisable object (no functions),
 * valid input for `chart.setOption`. A subset of ECharts' own `EChartsOption` type, kept here so the
 * core does not import echarts.
 */
export interface ChartOption {
  animation: boolean;
  backgroundColor: string;
  color: string[];
  darkMode: boolean;
  textStyle: { color: string };
  aria: { enabled: true; label: { enabled: true; description: string }; decal: { show: boolean } };
  title?: { show: true; text: string; left: 'center'; top: 'middle'; textStyle: { color: string; fontSize: number; fontWeight: 'normal' } };
  tooltip: {
    trigger: 'axis' | 'item';
    confine: true;
    axisPointer?: { type: 'shadow' | 'line' };
    backgroundColor?: string;
    borderColor?: string;
    textStyle?: { color: string };
  };
  legend: { show: boolean; type: 'scroll'; top: number; textStyle: { color: string }; pageTextStyle: { color: string } };
  /**
   * Axis labels are kept inside the grid box (ECharts 6 `outerBounds`; the legacy `containLabel`
   * would need an extra ECharts module), so long labels such as uk "150 000 000" are not cut off.
   */
  grid?: { left: number; right: number; top: number; bottom: number; outerBoundsMode: 'same'; outerBoundsContain: 'axisLabel' };
  xAxis?: ChartAxisOption;
  yAxis?: ChartAxisOption;
  series: (ChartCartesianSeriesOption | ChartPieSeriesOption)[];
}

interface Palette {
  series: string[];
  text: string;
  muted: string;
  axis: string;
  split: string;
  tooltipBg?: string;
}

/** Colour-blind-safe series colours (Okabe–Ito order), with contrast adjusted per theme. */
const PALETTES: Readonly<Record<'light' | 'dark', Palette>> = {
  light: {
    series: ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#B8860B', '#4D4D4D'],
    text: '#1F2937',
    muted: '#4B5563',
    axis: '#9CA3AF',
    split: '#E5E7EB',
  },
  dark: {
    series: ['#56B4E9', '#E69F00', '#2EC4A0', '#FF7F50', '#E39AC6', '#F0E442', '#9DB8FF', '#D1D5DB'],
    text: '#E5E7EB',
    muted: '#9CA3AF',
    axis: '#6B7280',
    split: '#374151',
    tooltipBg: '#111827',
  },
};

/**
 * Builds the ECharts option for a runtime: a pure function of its arguments, plain JSON out.
 *
 * - `bar`, `stacked_bar` (series share one stack), `line` and `area`: categories on the x axis;
 *   `horizontal_bar`: categories on the y axis, first category on top.
 * - `line`/`area`: nulls are gaps (`connectNulls: false`); when `runtime.sampled` the series get
 *   `sampling: 'lttb'` and no symbols.
 * - `pie`/`donut`: the first series only, slices for positive values (see `buildChartRuntime`).
 * - ECharts `aria` is on and its description is `runtime.description` (plus the value range when
 *   `valueFormat` is given); `decal` patterns on request.
 * - An empty runtime gives an option with no series (and a centred `emptyText` when given), so
 *   `setOption` clears a previously drawn chart.
 *
 * Labels and categories are passed as data, never as formatter templates, so markup in them is
 * drawn as literal text.
 */
export function buildChartOption(runtime: ChartRuntime, options?: ChartOptionOptions): ChartOption {
  const dark = options?.theme === 'dark';
  const palette = PALETTES[dark ? 'dark' : 'light'];
  const pie = isPieChart(runtime.chartType);
  const description = options?.valueFormat === undefined ? runtime.description : `${runtime.description}${rangeSentence(runtime, options.valueFormat, options)}`;
  const option: ChartOption = {
    animation: !runtime.sampled,
    backgroundColor: 'transparent',
    color: [...palette.series],
    darkMode: dark,
    textStyle: { color: palette.text },
    aria: { enabled: true, label: { enabled: true, description }, decal: { show: options?.decal === true } },
    tooltip: {
      trigger: pie ? 'item' : 'axis',
      confine: true,
      ...(pie ? {} : { axisPointer: { type: runtime.chartType === 'line' || runtime.chartType === 'area' ? ('line' as const) : ('shadow' as const) } }),
      ...(palette.tooltipBg ? { backgroundColor: palette.tooltipBg, borderColor: palette.axis, textStyle: { color: palette.text } } : {}),
    },
    legend: {
      show: !runtime.empty && (pie || runtime.series.length > 1),
      type: 'scroll',
      top: 0,
      textStyle: { color: palette.text },
      pageTextStyle: { color: palette.muted },
    },
    series: [],
  };
  if (runtime.empty && options?.emptyText) {
    option.title = { show: true, text: options.emptyText, left: 'center', top: 'middle', textStyle: { color: palette.muted, fontSize: 14, fontWeight: 'normal' } };
  }
  if (pie) {
    if (!runtime.empty) option.series = [pieSeries(runtime, palette)];
    return option;
  }
  const horizontal = runtime.chartType === 'horizontal_bar';
  const line = runtime.chartType === 'line' || runtime.chartType === 'area';
  const categoryAxis: ChartAxisOption = {
    type: 'category',
    data: [...runtime.categories],
    boundaryGap: !line,
    axisLabel: { hideOverlap: true, color: palette.muted },
    axisLine: { lineStyle: { color: palette.axis } },
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxis: ChartAxisOption = {
    type: 'value',
    axisLabel: { color: palette.muted },
    axisLine: { lineStyle: { color: palette.axis } },
    splitLine: { lineStyle: { color: palette.split } },
  };
  option.grid = { left: 8, right: 16, top: option.legend.show ? 32 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' };
  option.xAxis = horizontal ? valueAxis : categoryAxis;
  option.yAxis = horizontal ? categoryAxis : valueAxis;
  if (runtime.empty) return option;
  option.series = runtime.series.map((s, i) => cartesianSeries(runtime, s, runtime.values[i] ?? [], i));
  return option;
}

function cartesianSeries(runtime: ChartRuntime, series: ChartRuntimeSeries, data: readonly (number | null)[], index: number): ChartCartesianSeriesOption {
  const base = { id: `${runtime.id}-${index}`, name: series.label, data: [...data], emphasis: { focus: 'series' as const } };
  switch (runtime.chartType) {
    case 'line':
    case 'area':
      return {
        type: 'line',
        ...base,
        connectNulls: false,
        showSymbol: !runtime.sampled,
        ...(runtime.sampled ? { sampling: 'lttb' as const } : {}),
        ...(runtime.chartType === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
      };
    case 'stacked_bar':
      return { type: 'bar', ...base, stack: 'total' };
    default:
      return { type: 'bar', ...base };
  }
}

function pieSeries(runtime: ChartRuntime, palette: Palette): ChartPieSeriesOption {
  const values = runtime.values[0] ?? [];
  const data: { name: string; value: number }[] = [];
  runtime.categories.forEach((name, i) => {
    const value = values[i];
    if (value !== null && value !== undefined && value > 0) data.push({ name, value });
  });
  return {
    type: 'pie',
    id: `${runtime.id}-0`,
    name: runtime.series[0]?.label ?? '',
    radius: runtime.chartType === 'donut' ? ['45%', '70%'] : '70%',
    center: ['50%', '55%'],
    data,
    avoidLabelOverlap: true,
    label: { show: data.length <= 12, color: palette.text },
    emphasis: { focus: 'self' },
  };
}

/** " Values range from A to B." over the plotted values, formatted; '' when there are none. */
function rangeSentence(runtime: ChartRuntime, format: ValueFormat, options: FormatOptions): string {
  const pie = isPieChart(runtime.chartType);
  let low = Infinity;
  let high = -Infinity;
  for (const series of pie ? runtime.values.slice(0, 1) : runtime.values) {
    for (const value of series) {
      if (value === null || (pie && value <= 0)) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  if (low > high) return '';
  const a = formatValue(low, format === 'text' ? 'number' : format, options);
  const b = formatValue(high, format === 'text' ? 'number' : format, options);
  return low === high ? ` Every value is ${a}.` : ` Values range from ${a} to ${b}.`;
}

/** A value formatter: plain text for ECharts to draw or escape. */
export type ChartValueFormatter = (value: unknown) => string;

/** An option with formatter functions attached; for `setOption`, not for JSON. */
export type ChartOptionWithFormatters = Omit<ChartOption, 'tooltip' | 'xAxis' | 'yAxis' | 'series'> & {
  tooltip: ChartOption['tooltip'] & { valueFormatter: ChartValueFormatter };
  xAxis?: ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } };
  yAxis?: ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } };
  series: ((ChartCartesianSeriesOption | ChartPieSeriesOption) & { tooltip?: { valueFormatter: ChartValueFormatter } })[];
};

/**
 * The display format of each series of a runtime, aligned with `runtime.series`: the series'
 * `format` (set when the runtime was built with the spec's columns), else `number`. `text` becomes
 * `number`, because plotted values are always numbers.
 */
export function chartValueFormats(runtime: Pick<ChartRuntime, 'series'>): ValueFormat[] {
  return runtime.series.map((s) => numericFormat(s.format));
}

/**
 * The one format a value axis can use for several series: their common format, or `number` when
 * they differ (an axis cannot be in dollars and in percent at once) or there are none.
 */
export function axisValueFormat(formats: readonly (ValueFormat | undefined)[]): ValueFormat {
  const first = numericFormat(formats[0]);
  return formats.every((f) => numericFormat(f) === first) ? first : 'number';
}

function numericFormat(format: ValueFormat | undefined): ValueFormat {
  return format === 'currency' || format === 'percent' ? format : 'number';
}

const axisCurrencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The currency formatter of value-axis ticks: `getNumberFormat`'s, but whole amounts drop their
 * zero cents ("$20,000" on a tick, "$0.50" stays). Cached and bounded like the format module's.
 */
function axisCurrencyFormat(options: FormatOptions | undefined): Intl.NumberFormat {
  const base = getNumberFormat(options?.locale, 'currency', options?.currency);
  const resolved = base.resolvedOptions();
  const key = `${resolved.locale}\u0000${resolved.currency ?? ''}`;
  let formatter = axisCurrencyFormats.get(key);
  if (formatter !== undefined) return formatter;
  formatter = new Intl.NumberFormat(resolved.locale, { style: 'currency', currency: resolved.currency, signDisplay: 'negative', trailingZeroDisplay: 'stripIfInteger' });
  if (axisCurrencyFormats.size >= 64) axisCurrencyFormats.clear();
  axisCurrencyFormats.set(key, formatter);
  return formatter;
}

/**
 * The client-side hook for number formatting: returns a copy of `option` whose tooltip values and
 * value-axis labels go through `formatValue` (cached `Intl.NumberFormat` for `options.locale` and
 * `options.currency`), e.g. 100000000 shows as "100 000 000" for `uk`, 0.125 as "12.5%" for `percent`.
 * Axis ticks in `currency` leave out zero cents ("$20,000"); tooltips keep the currency's digits.
 *
 * `format` is one format for every value, or one per series of the option (aligned with
 * `option.series`, e.g. from `chartValueFormats(runtime)`; missing entries and `text` count as
 * `number`). With one per series every series gets its own tooltip formatter, and the value axis
 * uses `axisValueFormat` (the common format, else `number`). The category axis is left alone.
 *
 * The formatters return plain text, which ECharts escapes in HTML tooltips; an empty value (null,
 * undefined, ECharts' "-") gives ''. The result holds functions: pass it to `setOption` (in the
 * browser or to `renderChartSvg` in the same process), never serialise it. `option` is not changed.
 */
export function withValueFormatter(option: ChartOption, format: ValueFormat | readonly (ValueFormat | undefined)[], options?: FormatOptions): ChartOptionWithFormatters {
  const perSeries = typeof format === 'string' ? null : format;
  const formatterFor = (f: ValueFormat | undefined): ChartValueFormatter => {
    const display = numericFormat(f);
    return (value: unknown): string => {
      const number = Array.isArray(value) ? value[value.length - 1] : value;
      if (number === null || number === undefined || number === '-') return '';
      return formatValue(number, display, options);
    };
  };
  const axisFormat = numericFormat(perSeries ? axisValueFormat(perSeries.slice(0, Math.max(1, option.series.length))) : (format as ValueFormat));
  // The chart-wide tooltip formatter (series without their own) uses the axis format too.
  const tooltipFormatter = formatterFor(axisFormat);
  const axisFormatter: ChartValueFormatter =
    axisFormat === 'currency'
      ? (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? axisCurrencyFormat(options).format(value + 0) : tooltipFormatter(value))
      : tooltipFormatter;
  const axis = (a: ChartAxisOption | undefined): (ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } }) | undefined => {
    if (a === undefined) return undefined;
    return a.type === 'value' ? { ...a, axisLabel: { ...a.axisLabel, formatter: axisFormatter } } : a;
  };
  const { xAxis, yAxis, series, ...rest } = option;
  const result: ChartOptionWithFormatters = {
    ...rest,
    tooltip: { ...option.tooltip, valueFormatter: tooltipFormatter },
    series: perSeries ? series.map((s, i) => ({ ...s, tooltip: { valueFormatter: formatterFor(perSeries[i]) } })) : [...series],
  };
  const x = axis(xAxis);
  const y = axis(yAxis);
  if (x) result.xAxis = x;
  if (y) result.yAxis = y;
  return result;
}
