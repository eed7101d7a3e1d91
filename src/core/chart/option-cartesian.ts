/**
 * The option of the chart types drawn on a category and a value axis (`bar`, `horizontal_bar`,
 * `stacked_bar`, `line`, `area`), and the label-fit decisions they make from the chart's width:
 * value labels on bars only when they fit, upright bars turned horizontal when their names would
 * not fit under them, a line's value axis fitted to data far from zero, month categories named.
 * Text widths are estimated by `./text-fit`.
 *
 * @module
 */
import { formatCompactValue, formatValue } from '../format';
import type { ChartRuntime, ChartRuntimeSeries, FormatOptions, ValueFormat } from '../types';
import { baseChartOption, chartFontSize, sizedText } from './option-base';
import type { ChartBuildContext } from './option-base';
import { numericFormat } from './formatters';
import type { ChartAxisOption, ChartCartesianSeriesOption, ChartOption, ChartOptionOptions } from './option-types';
import { estimateTextWidth } from './text-fit';

/**
 * The option of a chart on axes:
 *
 * - `bar`, `stacked_bar`, `line` and `area`: categories on the x axis; `horizontal_bar`: categories
 *   on the y axis, first category on top. A series' `seriesType` draws it as bars or a line whatever
 *   the chart type (mixed charts). With `runtime.stacked` (always for `stacked_bar`) the series of
 *   the chart's own kind share one stack; a line over stacked bars is not stacked.
 * - `line`/`area`: nulls are gaps (`connectNulls: false`); when `runtime.sampled` the series get
 *   `sampling: 'lttb'` and no symbols.
 * - With a known `width`: bars whose names would not fit under them lie down
 *   (`barsTurnHorizontal`), and a few bars get value labels when each fits (`barValueLabelsFit`).
 * - An empty runtime keeps its axes and has no series.
 */
export function buildCartesianOption(context: ChartBuildContext): ChartOption {
  const { options, palette, fontSize } = context;
  let runtime = context.runtime;
  const sized = sizedText(fontSize);
  const pointer = runtime.chartType === 'line' || runtime.chartType === 'area' ? 'line' : 'shadow';
  const option = baseChartOption(context, { description: context.description, tooltip: { trigger: 'axis', axisPointer: pointer }, legend: runtime.series.length > 1 });
  // A bar chart whose category names would not fit under their bars is drawn lying down, so every
  // bar keeps its name instead of ECharts leaving some out (the reader could not tell which is which).
  if (barsTurnHorizontal(runtime, options)) runtime = { ...runtime, chartType: 'horizontal_bar' };
  const horizontal = runtime.chartType === 'horizontal_bar';
  const line = runtime.chartType === 'line' || runtime.chartType === 'area';
  const categoryAxis: ChartAxisOption = {
    type: 'category',
    data: chartCategoryLabels(runtime.categories, options?.locale),
    boundaryGap: !line,
    // A line starts on the value axis: its first label is moved right of the origin, not centred on it.
    axisLabel: { hideOverlap: true, color: palette.muted, ...sized, ...(line ? lineCategoryLabels(runtime, options) : {}) },
    axisLine: { lineStyle: { color: palette.axis } },
    ...(horizontal ? { inverse: true } : {}),
  };
  const fromZero = valueAxisStartsAtZero(runtime);
  const valueAxis: ChartAxisOption = {
    type: 'value',
    ...(fromZero ? {} : { scale: true }),
    // Long amounts on a horizontal value axis would run together: drop the ones that overlap.
    axisLabel: { hideOverlap: true, color: palette.muted, ...sized },
    // Shown, so an axis that does not start at zero visibly begins where its first label says.
    axisLine: { lineStyle: { color: palette.axis } },
    splitLine: { lineStyle: { color: palette.split } },
  };
  option.grid = { left: 8, right: 16, top: option.legend.show ? 32 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' };
  option.xAxis = horizontal ? valueAxis : categoryAxis;
  option.yAxis = horizontal ? categoryAxis : valueAxis;
  if (runtime.empty) return option;
  const series = runtime.series.map((s, i) => cartesianSeries(runtime, s, runtime.values[i] ?? [], i, context.colors[i]));
  const labels = showsValueLabels(runtime) ? barValueLabelsFit(runtime, options) : null;
  if (labels !== null) {
    for (const s of series) {
      if (s.type === 'bar') {
        s.label = { show: true, position: horizontal ? 'right' : 'top', color: palette.text, fontSize };
        s.labelLayout = { hideOverlap: true };
      }
    }
    // Room right of the longest horizontal bar for its label: the grid keeps axis labels inside, not series labels.
    if (horizontal) option.grid.right = Math.max(option.grid.right, Math.ceil(labels.widest) + 8);
  }
  // A lying value axis from zero gets a step at which all its labels show (see `lyingAxisStep`).
  const width = options?.width;
  if (horizontal && fromZero && width !== undefined && runtime.values.every((values) => values.every((v) => v === null || v >= 0))) {
    const reach = axisReach(runtime);
    const plot = width - 24 - widestCategoryName(runtime, options, fontSize) - (option.grid.right - 16);
    const step = lyingAxisStep(reach, plot, numericFormat(runtime.series[0]?.format), options, fontSize);
    if (step !== null) Object.assign(valueAxis, { min: 0, max: Math.ceil(reach / step) * step, interval: step });
  }
  option.series = series;
  return option;
}

/**
 * Whether a bar chart's value labels fit (null when they do not): each label, in the compact form
 * `withValueFormatter` draws ("$82.7M", "82,7 млн $"), must be narrower than the room of its bar
 * (vertical bars: the plot width shared by the categories, less the value axis' labels; horizontal
 * bars: the room right of the longest bar). Without a `width` the labels are assumed to fit.
 * Labels that do not fit are left out rather than drawn over each other; the tooltip and the data
 * table keep every value.
 */
export function barValueLabelsFit(runtime: ChartRuntime, options?: Pick<ChartOptionOptions, 'width' | 'locale' | 'currency' | 'fontSize'>): { widest: number } | null {
  const format = numericFormat(runtime.series[0]?.format);
  const size = chartFontSize(options);
  let widest = 0;
  let largest = 0;
  for (const value of runtime.values[0] ?? []) {
    if (value === null) continue;
    widest = Math.max(widest, estimateTextWidth(formatCompactValue(value, format, options), size));
    largest = Math.max(largest, Math.abs(value));
  }
  const width = options?.width;
  if (width === undefined || !Number.isFinite(width) || width <= 0) return { widest };
  const count = Math.max(1, runtime.categories.length);
  if (runtime.chartType === 'horizontal_bar') {
    const longestCategory = widestCategoryName(runtime, options, size);
    // The bars keep at least half of what is left after the category labels.
    return width - 24 - longestCategory - widest - 8 >= (width - 24 - longestCategory) / 2 ? { widest } : null;
  }
  return widest + 6 <= uprightBarRoom(width, count, largest, format, options, size) ? { widest } : null;
}

/**
 * The width one upright bar has: the plot (the chart less its padding and the value axis' labels,
 * estimated from the widest tick, a quarter above `largest`, without zero cents) shared by `count`
 * categories.
 */
function uprightBarRoom(width: number, count: number, largest: number, format: ValueFormat, options: FormatOptions | undefined, size: number): number {
  const axisLabel = estimateTextWidth(formatValue(Math.round(largest * 1.25), format, options).replace(/[.,]\d{2}(?=\D*$)/u, ''), size);
  return (width - 24 - axisLabel - 8) / count;
}

/** How wide the widest category name is drawn at `size` pixels (estimated). */
function widestCategoryName(runtime: ChartRuntime, options: Pick<ChartOptionOptions, 'locale'> | undefined, size: number): number {
  return Math.max(0, ...chartCategoryLabels(runtime.categories, options?.locale).map((c) => estimateTextWidth(c, size)));
}

/** A bar chart with more categories than this stays upright: lying down, its bars would be too thin to read. */
export const TURN_HORIZONTAL_MAX_BARS = 12;

/**
 * True when a `bar` or `stacked_bar` chart drawn at `options.width` should be drawn as horizontal
 * bars: some category name, as drawn, is wider than the room of its bar (the plot width shared by
 * the categories, less the value axis' labels), so ECharts would leave names out, and no name
 * is wider than 40% of the chart (lying down, longer names would leave the bars too little room). Only charts of
 * bars alone (a series drawn as a line keeps the chart upright), with at most
 * `TURN_HORIZONTAL_MAX_BARS` categories, and only when the width is known (a chart without one is
 * never turned). Widths are estimated on the wide side (`estimateTextWidth`).
 */
export function barsTurnHorizontal(runtime: ChartRuntime, options?: Pick<ChartOptionOptions, 'width' | 'locale' | 'currency' | 'fontSize'>): boolean {
  if (runtime.chartType !== 'bar' && runtime.chartType !== 'stacked_bar') return false;
  const width = options?.width;
  if (width === undefined || !Number.isFinite(width) || width <= 0 || runtime.empty) return false;
  const count = runtime.categories.length;
  if (count < 2 || count > TURN_HORIZONTAL_MAX_BARS) return false;
  if (runtime.series.some((s) => s.seriesType === 'line')) return false;
  const size = chartFontSize(options);
  const format = numericFormat(runtime.series[0]?.format);
  const widestName = widestCategoryName(runtime, options, size);
  // Lying down, the names take room from the bars: names that long keep the chart upright.
  return widestName + 4 > uprightBarRoom(width, count, axisReach(runtime), format, options, size) && widestName <= width * 0.4;
}

/** How far a bar chart's value axis reaches from zero: the largest bar, or the largest stack of bars. */
function axisReach(runtime: ChartRuntime): number {
  const stacked = runtime.chartType === 'stacked_bar' || runtime.stacked === true;
  let largest = 0;
  runtime.categories.forEach((_, c) => {
    let stack = 0;
    for (const values of runtime.values) {
      const value = Math.abs(values[c] ?? 0);
      stack = stacked ? stack + value : Math.max(stack, value);
    }
    largest = Math.max(largest, stack);
  });
  return largest;
}

/**
 * The tick step of a lying value axis (horizontal bars) at which every label fits beside the next:
 * 1, 2, 2.5 or 5 × 10ⁿ, at most 8 steps to `largest`, the axis ending within half again of
 * `largest` where a step allows. ECharts picks its step without knowing the
 * labels' width and then hides those that overlap, which left uneven labels ("10 млн $" and
 * "25 млн $" over lines every 5). Null when none fits (ECharts' own choice then stands).
 */
export function lyingAxisStep(largest: number, plotWidth: number, format: ValueFormat, options: FormatOptions | undefined, size: number): number | null {
  if (!(largest > 0) || !(plotWidth > 0)) return null;
  // As the axis writes its ticks: compact from 10,000 up, else without a zero fraction.
  const label = (value: number): number =>
    estimateTextWidth(largest >= 10_000 ? formatCompactValue(value, format, options) : formatValue(value, format, options).replace(/[.,]0+(?=\D*$)/u, ''), size);
  const magnitude = Math.floor(Math.log10(largest));
  let fits: number | null = null;
  for (let power = magnitude - 1; power <= magnitude + 1; power++) {
    for (const multiple of [1, 2, 2.5, 5]) {
      const step = multiple * 10 ** power;
      const steps = Math.ceil(largest / step);
      if (steps > 8 || label(steps * step) + 12 > plotWidth / steps) continue;
      // The finest step that fits, unless its axis runs far past the longest bar (40M for 24.7M):
      // then a coarser one that ends closer (25M), if one fits.
      if (steps * step <= largest * 1.5) return step;
      fits ??= step;
    }
  }
  return fits;
}

/**
 * How a line or area chart draws its category labels: the first and last at the plot's ends
 * (aligned inwards, so neither leaves the chart) and, with a known `width`, every `step`-th
 * counted back from the last, so the latest category (the month a reader looks for first) is
 * always named. `step` spaces the labels by one and a half of the widest label plus a gap: the
 * last one is right-aligned to its point and reaches a whole label's width to the left of it, the
 * others are centred. Without a width ECharts picks the labels, which left the last one shown
 * cut at the chart's edge, or only one label on a two-year axis ("серп. 2025 р.").
 */
function lineCategoryLabels(runtime: ChartRuntime, options: ChartOptionOptions | undefined): Pick<ChartAxisOption['axisLabel'], 'alignMinLabel' | 'alignMaxLabel' | 'interval'> {
  const ends = { alignMinLabel: 'left' as const, alignMaxLabel: 'right' as const };
  const step = lineLabelStep(runtime, options);
  if (step <= 1) return ends;
  const last = runtime.categories.length - 1;
  return { ...ends, interval: (index: number) => (last - index) % step === 0 };
}

/** Every how many categories a line chart of `options.width` names one (1: every one, or unknown width). */
function lineLabelStep(runtime: ChartRuntime, options: Pick<ChartOptionOptions, 'width' | 'locale' | 'currency' | 'fontSize'> | undefined): number {
  const width = options?.width;
  const count = runtime.categories.length;
  if (width === undefined || !Number.isFinite(width) || width <= 0 || count < 3) return 1;
  const size = chartFontSize(options);
  const format = numericFormat(runtime.series[0]?.format);
  let largest = 0;
  for (const values of runtime.values) for (const value of values) if (value !== null) largest = Math.max(largest, Math.abs(value));
  // The plot's width (uprightBarRoom for one category) spread over count - 1 gaps: a line has no
  // margin before its first point or after its last.
  const spacing = uprightBarRoom(width, 1, largest, format, options, size) / (count - 1);
  if (spacing <= 0) return count - 1;
  return Math.min(count - 1, Math.max(1, Math.ceil((widestCategoryName(runtime, options, size) * 1.5 + 12) / spacing)));
}

/** Bar charts with at most this many bars write each bar's value on it. */
export const VALUE_LABELS_MAX_BARS = 8;

/** True when a bar chart has few enough bars (one unstacked series) to write their values on them. */
function showsValueLabels(runtime: ChartRuntime): boolean {
  if (runtime.chartType !== 'bar' && runtime.chartType !== 'horizontal_bar') return false;
  return runtime.series.length === 1 && runtime.stacked !== true && runtime.categories.length <= VALUE_LABELS_MAX_BARS;
}

/**
 * False when a line or area chart's values lie far from zero: all of one sign, and the smallest
 * distance from zero at least half of the largest (e.g. monthly revenue between 3.1 M and 3.6 M).
 * Such a value axis is fitted to the data (`scale`), since a zero baseline would flatten the line
 * into a band at the top; a chart that shows this must say so (ChartBlock writes "the value axis
 * does not start at zero"). Bars, stacked lines and areas always start at zero: their length or
 * area is the value.
 */
export function valueAxisStartsAtZero(runtime: Pick<ChartRuntime, 'chartType' | 'values' | 'stacked' | 'empty'>): boolean {
  if (runtime.chartType !== 'line' || runtime.stacked === true || runtime.empty) return true;
  let low = Infinity;
  let high = -Infinity;
  for (const series of runtime.values) {
    for (const value of series) {
      if (value === null) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  if (low > high) return true;
  if (low > 0) return low < high / 2;
  if (high < 0) return high > low / 2;
  return true;
}

const TIME_CATEGORY = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The texts a category axis shows: month categories (`2024-01`, every category of that form) as
 * the locale's short month and year (`Jan 2024`, uk `січ. 2024 р.`), anything else as it is. The
 * runtime keeps the raw categories; only what is drawn changes.
 *
 * @example chartCategoryLabels(['2024-01', '2024-02'], 'en') // ['Jan 2024', 'Feb 2024']
 */
export function chartCategoryLabels(categories: readonly string[], locale: string | undefined): string[] {
  if (categories.length === 0 || !categories.every((c) => TIME_CATEGORY.test(c))) return [...categories];
  const key = locale ?? 'en';
  let format = monthFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat([key, 'en'], { month: 'short', year: 'numeric', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    }
    if (monthFormats.size >= 64) monthFormats.clear();
    monthFormats.set(key, format);
  }
  const formatter = format;
  return categories.map((c) => {
    const match = TIME_CATEGORY.exec(c);
    return match ? formatter.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : c;
  });
}

function cartesianSeries(runtime: ChartRuntime, series: ChartRuntimeSeries, data: readonly (number | null)[], index: number, color: string | undefined): ChartCartesianSeriesOption {
  const base = { id: `${runtime.id}-${index}`, name: series.label, data: [...data], emphasis: { focus: 'series' as const } };
  const lineChart = runtime.chartType === 'line' || runtime.chartType === 'area';
  const own: 'bar' | 'line' = lineChart ? 'line' : 'bar';
  const kind = series.seriesType ?? own;
  // Only the chart's own kind stacks: a line drawn over stacked bars shows its own values.
  const stacked = (runtime.stacked ?? runtime.chartType === 'stacked_bar') && kind === own;
  // The spec's colour goes on the series itself too, so it survives a theme's own palette.
  const styled = series.color !== undefined && color !== undefined;
  if (kind === 'line') {
    return {
      type: 'line',
      ...base,
      ...(stacked ? { stack: 'total' } : {}),
      ...(styled ? { itemStyle: { color }, lineStyle: { color } } : {}),
      connectNulls: false,
      showSymbol: !runtime.sampled,
      ...(runtime.sampled ? { sampling: 'lttb' as const } : {}),
      ...(runtime.chartType === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
    };
  }
  return { type: 'bar', ...base, ...(stacked ? { stack: 'total' } : {}), ...(styled ? { itemStyle: { color } } : {}) };
}
