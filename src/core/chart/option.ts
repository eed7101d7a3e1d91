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
import { ensureContrast } from '../color';
import { formatCompactValue, formatValue, getNumberFormat } from '../format';
import type { ChartRuntime, ChartRuntimeSeries, FormatOptions, ValueFormat } from '../types';
import { COUNT_SERIES_KEY, isPieChart } from './runtime';
import { LABEL_FONT_SIZE, estimateTextWidth, wrapWords } from './text-fit';

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
  /**
   * Name of the series of a chart that counts rows (no value columns), in the reader's language;
   * default the runtime's label (`Count`).
   */
  countLabel?: string;
  /**
   * Format of a donut's centre total when the runtime has none per series (`centerTotal`); the
   * total is formatted with `locale`/`currency` like the series. Default: the first series' format.
   */
  centerFormat?: ValueFormat;
  /** Font family of every text, e.g. the font a PDF embeds. Default: ECharts' own. */
  fontFamily?: string;
  /**
   * Width in pixels the chart is drawn at (its box in a browser, the drawing width of an SVG).
   * With it, value labels on bars are shown only when each fits over its bar, and a pie's labels
   * get the room they need (wrapping long names) or give way to a legend. Without it those
   * decisions assume a wide chart.
   */
  width?: number;
  /**
   * Size in pixels of the chart's text (axis labels, value labels, legend). Default 12, ECharts'
   * own; a server-rendered SVG that may be scaled down uses more.
   */
  fontSize?: number;
  /** Height in pixels the chart is drawn at; default `runtime.height`. */
  height?: number;
  /**
   * The reader asked for less motion (`prefers-reduced-motion: reduce`): no ECharts animation.
   * Default false (animated unless the runtime is sampled).
   */
  reducedMotion?: boolean;
}

/** A category or value axis of the option. */
export interface ChartAxisOption {
  type: 'category' | 'value';
  data?: string[];
  inverse?: boolean;
  boundaryGap?: boolean;
  /** Value axis fitted to the data instead of starting at zero (see `valueAxisStartsAtZero`). */
  scale?: boolean;
  axisLabel: { hideOverlap?: boolean; color: string; fontSize?: number; alignMinLabel?: 'left'; alignMaxLabel?: 'right' };
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
  /** The spec's validated colour, adjusted for contrast with the theme's background. */
  itemStyle?: { color: string };
  lineStyle?: { color: string };
  connectNulls?: false;
  showSymbol?: boolean;
  sampling?: 'lttb';
  areaStyle?: { opacity: number };
  /**
   * Value labels on bars when there are few of them (`VALUE_LABELS_MAX_BARS`) and, for a known
   * `width`, each fits over its bar (see `barValueLabelsFit`).
   */
  label?: { show: true; position: 'top' | 'right'; color: string; fontSize: number };
  /** Labels that would overlap (narrow charts) are left out; the tooltip and data table keep every value. */
  labelLayout?: { hideOverlap: true };
  emphasis: { focus: 'series' };
}

/** A pie or donut series of the option. */
export interface ChartPieSeriesOption {
  type: 'pie';
  id: string;
  name: string;
  radius: string | number | [string, string] | [number, number];
  center: [string, string];
  data: { name: string; value: number }[];
  avoidLabelOverlap: true;
  /**
   * Outside labels: the slice's name, and its share once `withValueFormatter` adds the formatter.
   * With a known `width`, long names wrap at `width` pixels instead of being cut to "Па…":
   * `withValueFormatter` wraps them between words itself and turns ECharts' own wrapping off
   * (`overflow: 'none'`); without it ECharts wraps them (`overflow: 'break'`), which is right for
   * Latin text but may break a word of another script (see `wrapWords`).
   */
  label: { show: boolean; color: string; fontSize: number; width?: number; overflow?: 'break' | 'none'; lineHeight?: number };
  labelLine?: { length: number; length2: number };
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
  textStyle: { color: string; fontFamily?: string; fontSize?: number };
  aria: { enabled: true; label: { enabled: true; description: string }; decal: { show: boolean } };
  /**
   * Centred text: the empty text of an empty chart, or a donut's centre total (needs
   * `TitleComponent`). Plain text, never a template.
   */
  title?: { show: true; text: string; left: 'center'; top: 'middle'; textStyle: { color: string; fontSize: number; fontWeight: 'normal' | 'bold'; fontFamily?: string } };
  tooltip: {
    trigger: 'axis' | 'item';
    confine: true;
    axisPointer?: { type: 'shadow' | 'line' };
    backgroundColor?: string;
    borderColor?: string;
    textStyle?: { color: string };
  };
  /**
   * Series names (several series), or a pie's slice names when they have no room beside the pie:
   * then a `plain` legend under the pie whose items wrap onto more lines, never cut.
   */
  legend: {
    show: boolean;
    type: 'scroll' | 'plain';
    top?: number;
    bottom?: number;
    left?: number;
    right?: number;
    textStyle: { color: string; fontSize?: number; width?: number; overflow?: 'break' | 'none' };
    pageTextStyle: { color: string; fontSize?: number };
  };
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

/**
 * The surfaces a chart is drawn on in each theme (`--gv-color-bg`, `--gv-color-surface`,
 * `--gv-color-surface-2` of the stylesheet): every series colour keeps 3:1 contrast (WCAG 2's
 * minimum for graphics) against each of them.
 */
export const CHART_BACKGROUNDS: Readonly<Record<'light' | 'dark', readonly string[]>> = {
  light: ['#ffffff', '#f6f8fa'],
  dark: ['#0d1117', '#151b23', '#1c232c'],
};

/**
 * Series colours per theme. Okabe–Ito hues (distinguishable with the common colour-vision
 * deficiencies), darkened on light backgrounds where the original would fall below 3:1 (its orange,
 * sky blue and pink), with indigo and brown for the two slots whose darkened forms collided with
 * others. A test checks every colour against `CHART_BACKGROUNDS`.
 */
const PALETTES: Readonly<Record<'light' | 'dark', Palette>> = {
  light: {
    series: ['#0072B2', '#B26B00', '#00845F', '#D55E00', '#B0578C', '#5B5FC7', '#8A6D3B', '#4D4D4D'],
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
 * The colours of a runtime's series in a theme, in series order: each series' own colour (the
 * spec's, already validated and normalised by the parser) or the palette's next one, adjusted
 * with `ensureContrast` to keep 3:1 against every surface of the theme (darker on light pages,
 * lighter on dark ones); then the rest of the palette, for slices. Never a raw spec string.
 */
export function chartSeriesColors(runtime: Pick<ChartRuntime, 'series' | 'chartType'>, theme: 'light' | 'dark' = 'light'): string[] {
  const palette = PALETTES[theme].series;
  if (isPieChart(runtime.chartType)) return [...palette];
  const colors = runtime.series.map((s, i) => {
    const own = typeof s.color === 'string' ? s.color : undefined;
    return own === undefined ? (palette[i % palette.length] as string) : ensureContrast(own, CHART_BACKGROUNDS[theme]);
  });
  return [...colors, ...palette.slice(colors.length)];
}

/**
 * Builds the ECharts option for a runtime: a pure function of its arguments, plain JSON out.
 *
 * - `bar`, `stacked_bar`, `line` and `area`: categories on the x axis; `horizontal_bar`: categories
 *   on the y axis, first category on top. A series' `seriesType` draws it as bars or a line whatever
 *   the chart type (mixed charts). With `runtime.stacked` (always for `stacked_bar`) the series of
 *   the chart's own kind share one stack; a line over stacked bars is not stacked.
 * - `line`/`area`: nulls are gaps (`connectNulls: false`); when `runtime.sampled` the series get
 *   `sampling: 'lttb'` and no symbols.
 * - `pie`/`donut`: the first series only, slices for positive values (see `buildChartRuntime`); a
 *   donut with `centerTotal` shows it in its centre, formatted like the series.
 * - Colours: `chartSeriesColors` (the spec's colours with contrast kept, else the palette).
 * - ECharts `aria` is on and its description is `runtime.description` (plus the value range when
 *   `valueFormat` is given, and the centre total); `decal` patterns on request.
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
  const countLabel = options?.countLabel;
  if (countLabel !== undefined && countLabel !== '' && runtime.series.some((s) => s.key === COUNT_SERIES_KEY)) {
    runtime = { ...runtime, series: runtime.series.map((s) => (s.key === COUNT_SERIES_KEY ? { ...s, label: countLabel } : s)) };
  }
  const total = centerTotalText(runtime, options);
  const pieLayout = pie && !runtime.empty ? piePlan(runtime, options?.width, options?.height ?? runtime.height, chartFontSize(options)) : null;
  let description = options?.valueFormat === undefined ? runtime.description : `${runtime.description}${rangeSentence(runtime, options.valueFormat, options)}`;
  if (total !== null) description = `${description} Total: ${total}.`;
  const fontFamily = options?.fontFamily;
  const fontSize = chartFontSize(options);
  const sized = fontSize !== LABEL_FONT_SIZE ? { fontSize } : {};
  const option: ChartOption = {
    // Motion only for readers who have not asked for less (and not for sampled long lines).
    animation: !runtime.sampled && options?.reducedMotion !== true,
    backgroundColor: 'transparent',
    color: chartSeriesColors(runtime, dark ? 'dark' : 'light'),
    darkMode: dark,
    textStyle: { color: palette.text, ...(fontFamily ? { fontFamily } : {}), ...(fontSize !== LABEL_FONT_SIZE ? { fontSize } : {}) },
    aria: { enabled: true, label: { enabled: true, description }, decal: { show: options?.decal === true } },
    tooltip: {
      trigger: pie ? 'item' : 'axis',
      confine: true,
      ...(pie ? {} : { axisPointer: { type: runtime.chartType === 'line' || runtime.chartType === 'area' ? ('line' as const) : ('shadow' as const) } }),
      ...(palette.tooltipBg ? { backgroundColor: palette.tooltipBg, borderColor: palette.axis, textStyle: { color: palette.text } } : {}),
    },
    legend: {
      // A pie names its slices either with outside labels (few slices) or with a legend, never both.
      show: !runtime.empty && (pie ? pieLayout?.mode === 'legend' : runtime.series.length > 1),
      type: 'scroll',
      top: 0,
      // ECharts gives legends and axis labels a size of their own (12): a larger chart text is set on each.
      textStyle: { color: palette.text, ...sized },
      pageTextStyle: { color: palette.muted, ...sized },
    },
    series: [],
  };
  if (runtime.empty && options?.emptyText) {
    option.title = { show: true, text: options.emptyText, left: 'center', top: 'middle', textStyle: { color: palette.muted, fontSize: 14, fontWeight: 'normal', ...(fontFamily ? { fontFamily } : {}) } };
  }
  if (pie) {
    if (pieLayout !== null) {
      option.series = [pieSeries(runtime, palette, total !== null, pieLayout, fontSize)];
      if (pieLayout.mode === 'legend' && pieLayout.legendWidth !== undefined) {
        // Under the pie, items wrapping onto as many lines as they need; long names wrap too.
        option.legend = { show: true, type: 'plain', bottom: 0, left: 8, right: 8, textStyle: { color: palette.text, ...sized, width: pieLayout.legendWidth, overflow: 'break' }, pageTextStyle: option.legend.pageTextStyle };
      }
    }
    if (total !== null) {
      option.title = { show: true, text: total, left: 'center', top: 'middle', textStyle: { color: palette.text, fontSize: 18, fontWeight: 'bold', ...(fontFamily ? { fontFamily } : {}) } };
    }
    return option;
  }
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
    axisLabel: { hideOverlap: true, color: palette.muted, ...sized, ...(line ? { alignMinLabel: 'left' as const, alignMaxLabel: 'right' as const } : {}) },
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
  option.series = runtime.series.map((s, i) => cartesianSeries(runtime, s, runtime.values[i] ?? [], i, option.color[i]));
  const labels = showsValueLabels(runtime) ? barValueLabelsFit(runtime, options) : null;
  if (labels !== null) {
    for (const series of option.series) {
      if (series.type === 'bar') {
        (series as ChartCartesianSeriesOption).label = { show: true, position: horizontal ? 'right' : 'top', color: palette.text, fontSize };
        (series as ChartCartesianSeriesOption).labelLayout = { hideOverlap: true };
      }
    }
    // Room right of the longest horizontal bar for its label: the grid keeps axis labels inside, not series labels.
    if (horizontal) option.grid.right = Math.max(option.grid.right, Math.ceil(labels.widest) + 8);
  }
  return option;
}

function chartFontSize(options: Pick<ChartOptionOptions, 'fontSize'> | undefined): number {
  const size = options?.fontSize;
  return size !== undefined && Number.isFinite(size) && size >= 8 && size <= 40 ? size : LABEL_FONT_SIZE;
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
  // The value axis reaches the largest bar, or the largest stack of bars.
  const stacked = runtime.chartType === 'stacked_bar' || runtime.stacked === true;
  let largest = 0;
  for (let c = 0; c < count; c++) {
    let stack = 0;
    for (const values of runtime.values) {
      const value = Math.abs(values[c] ?? 0);
      stack = stacked ? stack + value : Math.max(stack, value);
    }
    largest = Math.max(largest, stack);
  }
  const widestName = widestCategoryName(runtime, options, size);
  // Lying down, the names take room from the bars: names that long keep the chart upright.
  return widestName + 4 > uprightBarRoom(width, count, largest, format, options, size) && widestName <= width * 0.4;
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

/**
 * The centre text of a donut that asks for one: its total formatted like the series (the
 * `centerFormat` option, else the first series' format, with `locale`/`currency`). Null otherwise.
 */
function centerTotalText(runtime: ChartRuntime, options: ChartOptionOptions | undefined): string | null {
  if (runtime.chartType !== 'donut' || runtime.empty || typeof runtime.centerTotal !== 'number' || !Number.isFinite(runtime.centerTotal)) return null;
  const format = numericFormat(options?.centerFormat ?? runtime.series[0]?.format);
  return formatValue(runtime.centerTotal, format, options);
}

/** Pie and donut slices beyond this many get a legend instead of outside labels. */
const PIE_LABELS_MAX = 6;

/** How a pie names its slices, decided from its size and its names (see `piePlan`). */
interface PiePlan {
  mode: 'labels' | 'legend';
  /** Outer radius in pixels; undefined: ECharts' percentages (size unknown). */
  radius?: number;
  /** Width at which a label's name wraps (labels). */
  labelWidth?: number;
  /** Width at which a legend item's name wraps (legend). */
  legendWidth?: number;
  /** Vertical centre of the pie, as a percentage of the height. */
  centerY?: number;
}

/** Smallest outer radius of a pie with outside labels; a pie that would be smaller gets a legend. */
const PIE_MIN_RADIUS = 56;

/**
 * How a pie names its slices. More than `PIE_LABELS_MAX` slices: a legend. Else, with a known
 * width: outside labels ("Роздріб" over its share) when the longest name fits on two lines of at
 * most 30 % of the width beside a pie of at least `PIE_MIN_RADIUS`, the pie shrinking to leave
 * them the room; otherwise a legend under the pie, whose items wrap and are never cut.
 */
function piePlan(runtime: ChartRuntime, width: number | undefined, height: number, fontSize: number): PiePlan {
  const values = runtime.values[0] ?? [];
  const names: string[] = [];
  runtime.categories.forEach((name, i) => {
    const value = values[i];
    if (value !== null && value !== undefined && value > 0) names.push(name);
  });
  const known = width !== undefined && Number.isFinite(width) && width > 0;
  if (names.length > PIE_LABELS_MAX) {
    return known ? { mode: 'legend', legendWidth: Math.max(80, Math.floor(width - 60)), ...legendPie(names, width, height, fontSize) } : { mode: 'legend' };
  }
  if (!known) return { mode: 'labels' };
  // With slack over the estimate: ECharts breaks a label wider than its width, even inside a word.
  const wide = (text: string): number => estimateTextWidth(text, fontSize) * 1.1 + 6;
  const longest = Math.max(...names.map(wide), wide('100 %'));
  const longestWord = Math.max(...names.flatMap((n) => n.split(/\s+/u)).map(wide));
  const labelWidth = Math.ceil(Math.min(longest, Math.max(longestWord, 56, width * 0.3)));
  // Two lines at most per name (wrapped between words, as `withValueFormatter` draws them), plus the
  // share: taller labels would crowd each other.
  const lines = Math.max(...names.map((name) => wrapWords(name, labelWidth, fontSize).length));
  const radius = Math.floor(Math.min(height / 2 - 24 - lines * fontSize * 0.7, (width - 2 * (labelWidth + 36)) / 2));
  if (lines <= 2 && radius >= PIE_MIN_RADIUS) return { mode: 'labels', radius, labelWidth };
  return { mode: 'legend', legendWidth: Math.max(80, Math.floor(width - 60)), ...legendPie(names, width, height, fontSize) };
}

/**
 * The radius and centre of a pie above a legend naming `names`: the legend's lines are counted by
 * laying its items out as ECharts does (marker, name and share, gap; as many per line as fit in the
 * legend's width, a name wider than that wrapping), so the pie never reaches under the legend.
 */
function legendPie(names: readonly string[], width: number, height: number, fontSize: number): { radius: number; centerY: number } {
  const room = Math.max(80, width - 16);
  const legendText = Math.max(80, Math.floor(width - 60));
  let lines = 0;
  let used = Infinity;
  for (const name of names) {
    const text = estimateTextWidth(`${name} 100 %`, fontSize);
    // Marker (25) and its gap (5) before the text, 10 between items.
    const item = 30 + Math.min(text, legendText);
    const wraps = Math.max(1, Math.ceil(text / legendText));
    if (wraps > 1 || used + 10 + item > room) {
      lines += wraps;
      used = wraps > 1 ? Infinity : item;
    } else {
      used += 10 + item;
    }
  }
  const legendHeight = lines * (fontSize + 10) + 8;
  const free = Math.max(80, height - legendHeight);
  return { radius: Math.floor(Math.max(40, Math.min(free / 2 - 12, width / 2 - 16))), centerY: Math.round((free / 2 / height) * 100) };
}

function pieSeries(runtime: ChartRuntime, palette: Palette, centred: boolean, plan: PiePlan, fontSize: number): ChartPieSeriesOption {
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
    radius: pieRadius(runtime.chartType === 'donut', plan.radius),
    // A centre total is drawn in the middle of the box, so the ring is centred on it.
    center: ['50%', plan.centerY !== undefined ? `${plan.centerY}%` : centred ? '50%' : '55%'],
    data,
    avoidLabelOverlap: true,
    label: {
      show: plan.mode === 'labels',
      color: palette.text,
      fontSize,
      ...(plan.labelWidth !== undefined ? { width: plan.labelWidth, overflow: 'break' as const, lineHeight: Math.round(fontSize * 1.25) } : {}),
    },
    ...(plan.radius !== undefined ? { labelLine: { length: 10, length2: 10 } } : {}),
    emphasis: { focus: 'self' },
  };
}

function pieRadius(donut: boolean, outer: number | undefined): ChartPieSeriesOption['radius'] {
  if (outer === undefined) return donut ? ['45%', '70%'] : '70%';
  return donut ? [Math.round(outer * 0.64), outer] : outer;
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

/** A slice's share (ECharts' `percent`, 0–100) for the locale: "27%", uk "27 %", "0.4%" for small ones. */
function formatSharePercent(percent: number, options: FormatOptions | undefined): string {
  const digits = percent > 0 && percent < 1 ? 1 : 0;
  try {
    return new Intl.NumberFormat([options?.locale ?? 'en', 'en'], { style: 'percent', maximumFractionDigits: digits }).format(percent / 100);
  } catch {
    return `${percent.toFixed(digits)}%`;
  }
}

/** A value formatter: plain text for ECharts to draw or escape. */
export type ChartValueFormatter = (value: unknown) => string;

/** An option with formatter functions attached; for `setOption`, not for JSON. */
export type ChartOptionWithFormatters = Omit<ChartOption, 'tooltip' | 'xAxis' | 'yAxis' | 'series' | 'legend'> & {
  legend: ChartOption['legend'] & { formatter?: (name: string) => string };
  tooltip: ChartOption['tooltip'] & { valueFormatter: ChartValueFormatter };
  xAxis?: ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } };
  yAxis?: ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } };
  series: ((ChartCartesianSeriesOption | ChartPieSeriesOption) & {
    tooltip?: { valueFormatter: ChartValueFormatter };
    label?: { formatter?: (params: { value?: unknown; name?: unknown; percent?: unknown }) => string };
  })[];
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
  const key = `${resolved.locale}\u0000${resolved.currency ?? ''}\u0000${resolved.currencyDisplay ?? ''}`;
  let formatter = axisCurrencyFormats.get(key);
  if (formatter !== undefined) return formatter;
  formatter = new Intl.NumberFormat(resolved.locale, {
    style: 'currency',
    currency: resolved.currency,
    // The cells' choice: the locale's symbol, or the unambiguous narrow one (`$`, not `USD`, under uk).
    currencyDisplay: resolved.currencyDisplay,
    signDisplay: 'negative',
    trailingZeroDisplay: 'stripIfInteger',
  });
  if (axisCurrencyFormats.size >= 64) axisCurrencyFormats.clear();
  axisCurrencyFormats.set(key, formatter);
  return formatter;
}

/**
 * The client-side hook for number formatting: returns a copy of `option` whose tooltip values and
 * value-axis labels go through `formatValue` (cached `Intl.NumberFormat` for `options.locale` and
 * `options.currency`), e.g. 100000000 shows as "100 000 000" for `uk`, 0.125 as "12.5%" for `percent`.
 * Axis ticks in `currency` leave out zero cents ("$20,000"); tooltips keep the currency's digits.
 * A horizontal value axis (horizontal bars, also those `buildChartOption` turned for a narrow width)
 * writes its ticks compactly ("$40M", "40 млн $") once the largest value reaches 10,000.
 *
 * `format` is one format for every value, or one per series of the option (aligned with
 * `option.series`, e.g. from `chartValueFormats(runtime)`; missing entries and `text` count as
 * `number`). With one per series every series gets its own tooltip formatter, and the value axis
 * uses `axisValueFormat` (the common format, else `number`). The category axis is left alone.
 *
 * A pie's labels and legend name each slice with its share ("Роздріб" over "27 %"); names are
 * wrapped between words at the label's or the legend's `width` (`wrapWords`), and ECharts' own
 * wrapping, which may break a non-Latin word, is turned off there.
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
  // Ticks along a horizontal value axis (horizontal bars) share the chart's width: from ten thousand
  // up they are written compactly ("40 млн $"), or only one or two of them would fit.
  let largest = 0;
  for (const s of option.series) if (s.type !== 'pie') for (const v of s.data) if (v !== null) largest = Math.max(largest, Math.abs(v));
  const compactTicks = option.xAxis?.type === 'value' && largest >= 10_000;
  const compactFormatter: ChartValueFormatter = (value: unknown): string => formatCompactValue(value, axisFormat, options);
  const axis = (a: ChartAxisOption | undefined, along: boolean): (ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } }) | undefined => {
    if (a === undefined) return undefined;
    return a.type === 'value' ? { ...a, axisLabel: { ...a.axisLabel, formatter: along && compactTicks ? compactFormatter : axisFormatter } } : a;
  };
  const { xAxis, yAxis, series, legend, ...rest } = option;
  // A pie's labels and legend name each slice with its share ("Роздріб" over "27 %").
  const pie = series.find((s): s is ChartPieSeriesOption => s.type === 'pie');
  const share = (percent: unknown): string => (typeof percent === 'number' && Number.isFinite(percent) ? formatSharePercent(percent, options) : '');
  // Value labels on bars in compact notation ($82.7M): a full amount would run into the next bar.
  const labelled = (s: ChartCartesianSeriesOption | ChartPieSeriesOption): ChartOptionWithFormatters['series'][number] => {
    if (s.type === 'bar' && s.label !== undefined) return { ...s, label: { ...s.label, formatter: (params: { value?: unknown }) => formatCompactValue(params.value, axisFormat, options) } };
    if (s.type === 'pie') {
      // Names wrapped here, between words; ECharts' own wrapping would break non-Latin words.
      const { width, fontSize } = s.label;
      const named = (params: { name?: unknown; percent?: unknown }): string => [...wrapWords(String(params.name ?? ''), width, fontSize), share(params.percent)].filter((t) => t !== '').join('\n');
      return { ...s, label: { ...s.label, ...(width !== undefined ? { overflow: 'none' as const } : {}), formatter: named } };
    }
    return s;
  };
  const pieTotal = pie ? pie.data.reduce((sum, d) => sum + d.value, 0) : 0;
  const pieShares = new Map(pie ? pie.data.map((d) => [d.name, pieTotal > 0 ? (d.value / pieTotal) * 100 : 0]) : []);
  const legendText = (name: string): string => wrapWords([name, share(pieShares.get(name))].filter((t) => t !== '').join(' '), legend.textStyle.width, legend.textStyle.fontSize).join('\n');
  const result: ChartOptionWithFormatters = {
    ...rest,
    legend:
      pie && legend.show
        ? { ...legend, textStyle: { ...legend.textStyle, ...(legend.textStyle.width !== undefined ? { overflow: 'none' as const } : {}) }, formatter: legendText }
        : legend,
    tooltip: { ...option.tooltip, valueFormatter: tooltipFormatter },
    series: perSeries ? series.map((s, i) => ({ ...labelled(s), tooltip: { valueFormatter: formatterFor(perSeries[i]) } })) : series.map(labelled),
  };
  const x = axis(xAxis, true);
  const y = axis(yAxis, false);
  if (x) result.xAxis = x;
  if (y) result.yAxis = y;
  return result;
}
