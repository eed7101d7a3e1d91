/**
 * Charts: `buildChartRuntime` turns a chart spec plus rows into plain data (categories and one value
 * array per series), and `buildChartOption` turns that data into an Apache ECharts option.
 *
 * The option is plain JSON: no functions, no HTML, no rich-text templates built from row values, and
 * no `echarts` import here. Category names and series labels travel as data and ECharts draws them
 * as text (its default tooltip escapes them). Number formatting in tooltips and axis labels needs
 * functions, so it is a separate, explicit step: `withValueFormatter` (per-series formats from
 * `chartValueFormats`). `chartCaption` gives the visible caption text ("Amount by Region").
 *
 * ECharts components the option uses: `GridComponent`, `TooltipComponent`, `LegendComponent` +
 * `LegendScrollComponent`, `AriaComponent`, and the `BarChart`, `LineChart` and `PieChart` series;
 * `TitleComponent` only when `emptyText` is given.
 *
 * @module
 */
import { EMPTY_VALUE, formatValue, getNumberFormat, isInheritedName, toNumber, valueToText } from './format';
import { SPEC_DEFAULTS } from './spec';
import type { Translator } from './i18n';
import type { ChartDataSource, ChartRuntime, ChartRuntimeSeries, ChartSpec, ChartSpecWire, ChartType, FormatOptions, Row, ValueFormat } from './types';

/** Height in pixels of a chart whose spec gives none (the parser's default). */
export const DEFAULT_CHART_HEIGHT: number = SPEC_DEFAULTS.chart.height;

/** Line and area series longer than this are drawn with ECharts' LTTB sampling. */
export const DEFAULT_MAX_POINTS = 2000;

/** Chart types drawn on a category and a value axis (everything but pie and donut). */
const CARTESIAN: ReadonlySet<ChartType> = new Set(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area']);

const TYPE_NAMES: Readonly<Record<ChartType, string>> = {
  bar: 'Bar chart',
  horizontal_bar: 'Horizontal bar chart',
  stacked_bar: 'Stacked bar chart',
  line: 'Line chart',
  area: 'Area chart',
  pie: 'Pie chart',
  donut: 'Donut chart',
};

/** True for pie and donut, which plot only their first series. */
export function isPieChart(type: ChartType): boolean {
  return type === 'pie' || type === 'donut';
}

/** A chart spec in camelCase with defaults filled, whichever form it came in. */
function normaliseChart(chart: ChartSpec | ChartSpecWire): ChartSpec {
  if ('chartType' in chart) return chart;
  return {
    id: chart.id,
    chartType: chart.chart_type,
    xKey: chart.x_key,
    series: chart.series,
    dataSource: chart.data_source ?? 'static',
    height: chart.height ?? DEFAULT_CHART_HEIGHT,
  };
}

/**
 * What a chart runtime needs to know of a column: its key, label and display format. Typed and
 * wire column specs and table columns all fit.
 */
export interface ChartColumnInfo {
  key: string;
  label: string;
  format?: ValueFormat;
}

/** Options of `buildChartRuntime`. */
export interface ChartRuntimeOptions {
  /**
   * Line and area charts with more categories than this are marked `sampled` and drawn with LTTB
   * sampling. Default 2000; values that are not positive integers are ignored.
   */
  maxPoints?: number;
  /**
   * The spec's columns. When given, each series gets the `format` of the column whose key equals
   * the series key, and the runtime gets `xLabel`, the label of the column whose key is `xKey`
   * (both only when such a column exists; a column without a format counts as `text`, which
   * formats as `number`). Without columns neither field is set.
   */
  columns?: readonly ChartColumnInfo[];
}

/**
 * Text label of an x value. Empty values (null, undefined, '', NaN) become "—" so that their rows
 * still count (dropping them would make the chart disagree with the table); other values use
 * `valueToText` (numbers as `String`, Dates as ISO 8601). Note that a real category spelled "—"
 * shares the bucket of empty values.
 */
export function categoryLabel(value: unknown): string {
  if (value === null || value === undefined || value === '' || (typeof value === 'number' && value !== value)) return EMPTY_VALUE;
  const text = valueToText(value);
  return text === '' ? EMPTY_VALUE : text;
}

/**
 * Aggregates rows into chart data.
 *
 * - Categories are the labels of `xKey` (`categoryLabel`) in first-seen order; rows that share a
 *   label are summed per series (`1` and `"1"` share the label "1").
 * - Series values use `toNumber` (numeric strings count; booleans, NaN, ±Infinity do not). A
 *   category whose cells are all non-numeric for a series stays null: a gap in lines (ECharts
 *   `connectNulls: false`), no bar, and left out of pies.
 * - Pie and donut use only the first series; their slices are the categories with a positive value.
 * - `empty` is true when there are no categories or no value to draw (for pies: no positive value).
 * - `sampled` is true for line and area charts with more than `maxPoints` categories. The data is
 *   NOT thinned here: ECharts samples per rendered pixel, so it adapts to the real width and the
 *   runtime keeps exact values for tooltips, descriptions and exports.
 * - `description` is plain text for assistive technology (type, series labels, the x column's
 *   label when `columns` are given, else `xKey`, counts).
 *
 * Accepts a validated `ChartSpec` or a wire `ChartSpecWire` (defaults: `static` source, height 320).
 * Nullish entries in `rows` are skipped. Rows are only read. One pass over the rows, no per-row
 * allocation except the label of a new category.
 */
export function buildChartRuntime(chart: ChartSpec | ChartSpecWire, rows: readonly Row[], options?: ChartRuntimeOptions): ChartRuntime {
  return buildChartRuntimes([chart], rows, options)[0] as ChartRuntime;
}

/**
 * `buildChartRuntime` for several charts over the same rows, in ONE pass over the rows (what the
 * renderer uses for a spec's up to three charts). Same semantics, same results, in chart order.
 */
export function buildChartRuntimes(charts: readonly (ChartSpec | ChartSpecWire)[], rows: readonly Row[], options?: ChartRuntimeOptions): ChartRuntime[] {
  const specs = charts.map(normaliseChart);
  const maxPoints = options?.maxPoints !== undefined && Number.isInteger(options.maxPoints) && options.maxPoints > 0 ? options.maxPoints : DEFAULT_MAX_POINTS;
  const accumulators = specs.map((spec) => new ChartAccumulator(spec.xKey, spec.series.map((s) => s.key)));
  accumulate(rows, accumulators);
  const columns = columnIndex(options?.columns);
  return specs.map((spec, i) => {
    const { categories, values } = (accumulators[i] as ChartAccumulator).result();
    const pie = isPieChart(spec.chartType);
    let drawable = 0;
    const plotted = pie ? values.slice(0, 1) : values;
    for (const series of plotted) for (const value of series) if (value !== null && (!pie || value > 0)) drawable++;
    const empty = categories.length === 0 || drawable === 0;
    const sampled = (spec.chartType === 'line' || spec.chartType === 'area') && categories.length > maxPoints;
    const xColumn = columns?.get(spec.xKey);
    return {
      id: spec.id,
      chartType: spec.chartType,
      xKey: spec.xKey,
      ...(xColumn ? { xLabel: xColumn.label } : {}),
      series: spec.series.map((s): ChartRuntimeSeries => {
        const column = columns?.get(s.key);
        return column ? { key: s.key, label: s.label, format: column.format ?? SPEC_DEFAULTS.column.format } : { key: s.key, label: s.label };
      }),
      dataSource: spec.dataSource,
      height: spec.height,
      categories,
      values,
      empty,
      sampled,
      description: describe(spec, xColumn?.label ?? spec.xKey, categories.length, drawable, empty, sampled),
    };
  });
}

/** Columns by key (the first wins, as keys are unique in a valid spec); undefined when none given. */
function columnIndex(columns: readonly ChartColumnInfo[] | undefined): Map<string, ChartColumnInfo> | undefined {
  if (!Array.isArray(columns)) return undefined;
  const index = new Map<string, ChartColumnInfo>();
  for (const column of columns) {
    if (column === null || typeof column !== 'object' || typeof column.key !== 'string' || typeof column.label !== 'string') continue;
    if (!index.has(column.key)) index.set(column.key, column);
  }
  return index;
}

/** `toNumber` with NaN instead of null, so hot loops keep unboxed doubles. */
function numeric(value: unknown): number {
  if (typeof value === 'number') return value - value === 0 ? value : NaN;
  const n = toNumber(value);
  return n === null ? NaN : n;
}

/** Reads `row[key]`; keys such as `constructor` are read as own properties only. */
function cell(row: Row, key: string, own: boolean): unknown {
  if (own) return Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
  return row[key];
}

/**
 * Category sums of one chart. Category lookup goes through the raw x value first (a Map hit costs no
 * string building); only a raw value never seen before gets its label, which may merge it into an
 * existing category. Sums live in plain double arrays with NaN meaning "no numeric value yet".
 */
class ChartAccumulator {
  readonly xKey: string;
  readonly ownX: boolean;
  readonly keys: readonly string[];
  readonly own: readonly boolean[];
  readonly key0: string;
  readonly own0: boolean;
  readonly key1: string;
  readonly own1: boolean;
  readonly seriesCount: number;
  private readonly byRaw = new Map<unknown, number>();
  private readonly byLabel = new Map<string, number>();
  private readonly categories: string[] = [];
  private readonly sums: number[][];

  constructor(xKey: string, keys: readonly string[]) {
    this.xKey = xKey;
    this.ownX = isInheritedName(xKey);
    this.keys = keys;
    this.own = keys.map(isInheritedName);
    this.key0 = keys[0] ?? '';
    this.own0 = this.own[0] ?? false;
    this.key1 = keys[1] ?? '';
    this.own1 = this.own[1] ?? false;
    this.seriesCount = keys.length;
    this.sums = keys.map(() => []);
  }

  /** The category index of an x value, creating the category on first sight. */
  private slot(x: unknown): number {
    let index = this.byRaw.get(x);
    if (index !== undefined) return index;
    const label = categoryLabel(x);
    index = this.byLabel.get(label);
    if (index === undefined) {
      index = this.categories.length;
      this.categories.push(label);
      this.byLabel.set(label, index);
      for (const series of this.sums) series.push(NaN);
    }
    // Objects are keyed by identity, so only primitives are worth remembering by raw value.
    if (typeof x !== 'object' || x === null) this.byRaw.set(x, index);
    return index;
  }

  /** Adds a row whose x value and first two series cells the caller has read. */
  add(row: Row, x: unknown, v0: unknown, v1: unknown): void {
    const index = this.slot(x);
    const count = this.seriesCount;
    if (count === 0) return;
    plus(this.sums[0] as number[], index, numeric(v0));
    if (count === 1) return;
    plus(this.sums[1] as number[], index, numeric(v1));
    for (let s = 2; s < count; s++) plus(this.sums[s] as number[], index, numeric(cell(row, this.keys[s] as string, this.own[s] as boolean)));
  }

  result(): { categories: string[]; values: (number | null)[][] } {
    // NaN ("nothing numeric") and overflowed sums become null, the JSON-safe gap.
    return { categories: this.categories, values: this.sums.map((series) => series.map((v) => (Number.isFinite(v) ? v + 0 : null))) };
  }
}

function plus(target: number[], index: number, n: number): void {
  if (n !== n) return;
  const prev = target[index] as number;
  target[index] = prev !== prev ? n : prev + n;
}

const NO_CHART = new ChartAccumulator('', []);

/**
 * The single pass over the rows for all charts. Like the KPI pass (see kpi.ts), the x value and the
 * first two series of the first three charts (a spec's maximum) are read at their own
 * property-access sites, which stay monomorphic in the engine's inline caches; further series and
 * charts are read through one generic site.
 */
function accumulate(rows: readonly Row[], charts: readonly ChartAccumulator[]): void {
  const count = charts.length;
  const a = charts[0] ?? NO_CHART;
  const b = charts[1] ?? NO_CHART;
  const c = charts[2] ?? NO_CHART;
  const ax = a.xKey;
  const a0 = a.key0;
  const a1 = a.key1;
  const bx = b.xKey;
  const b0 = b.key0;
  const b1 = b.key1;
  const cx = c.xKey;
  const c0 = c.key0;
  const c1 = c.key1;
  const aSeries = a.seriesCount;
  const bSeries = b.seriesCount;
  const cSeries = c.seriesCount;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row === null || row === undefined) continue;
    if (count === 0) return;
    a.add(
      row,
      a.ownX ? cell(row, ax, true) : row[ax],
      aSeries > 0 ? (a.own0 ? cell(row, a0, true) : row[a0]) : undefined,
      aSeries > 1 ? (a.own1 ? cell(row, a1, true) : row[a1]) : undefined,
    );
    if (count === 1) continue;
    b.add(
      row,
      b.ownX ? cell(row, bx, true) : row[bx],
      bSeries > 0 ? (b.own0 ? cell(row, b0, true) : row[b0]) : undefined,
      bSeries > 1 ? (b.own1 ? cell(row, b1, true) : row[b1]) : undefined,
    );
    if (count === 2) continue;
    c.add(
      row,
      c.ownX ? cell(row, cx, true) : row[cx],
      cSeries > 0 ? (c.own0 ? cell(row, c0, true) : row[c0]) : undefined,
      cSeries > 1 ? (c.own1 ? cell(row, c1, true) : row[c1]) : undefined,
    );
    for (let i = 3; i < count; i++) {
      const chart = charts[i] as ChartAccumulator;
      chart.add(row, cell(row, chart.xKey, chart.ownX), cell(row, chart.key0, chart.own0), cell(row, chart.key1, chart.own1));
    }
  }
}

/** "a", "a and b", "a, b and c". */
function listLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1] ?? ''}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Plain-text description: type, series, x column (its label when known, else the key) and counts.
 * Labels are quoted verbatim, as text.
 */
function describe(spec: ChartSpec, xName: string, categoryCount: number, drawable: number, empty: boolean, sampled: boolean): string {
  const pie = isPieChart(spec.chartType);
  const labels = (pie ? spec.series.slice(0, 1) : spec.series).map((s) => s.label);
  const head = labels.length > 0 ? `${TYPE_NAMES[spec.chartType]} of ${listLabels(labels)} by ${xName}` : `${TYPE_NAMES[spec.chartType]} by ${xName}`;
  if (empty) return `${head}: no data.`;
  if (pie) {
    const left = categoryCount - drawable;
    const leftOut = left > 0 ? ` (${plural(left, 'category', 'categories')} without a positive value left out)` : '';
    return `${head}: ${plural(drawable, 'slice', 'slices')}${leftOut}.`;
  }
  const series = plural(labels.length, 'series', 'series');
  return `${head}: ${series} over ${plural(categoryCount, 'category', 'categories')}${sampled ? ', drawn with sampling' : ''}.`;
}

// ---------------------------------------------------------------------------------------------
// ECharts option
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Caption
// ---------------------------------------------------------------------------------------------

const listFormats = new Map<string, Intl.ListFormat>();

/** A cached "a, b and c" list formatter; an invalid locale falls back to `en`. */
function listFormat(locale: string): Intl.ListFormat {
  let formatter = listFormats.get(locale);
  if (formatter !== undefined) return formatter;
  try {
    formatter = new Intl.ListFormat([locale, 'en'], { style: 'long', type: 'conjunction' });
  } catch {
    formatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
  }
  // Locales may come from request headers: keep the cache bounded.
  if (listFormats.size >= 64) listFormats.clear();
  listFormats.set(locale, formatter);
  return formatter;
}

/**
 * The visible caption of a chart, as plain text: what it plots by what, e.g. "Amount by Region" or
 * "Amount and Cost by Month" (`chart.caption` of the translator's catalog, uk "Сума у розрізі
 * «Регіон»").
 *
 * - Series: the labels of the plotted series (pie and donut plot only the first), joined as a list
 *   in the translator's locale (`Intl.ListFormat`).
 * - Category: `runtime.xLabel` (the x column's label), else `runtime.xKey`.
 * - No series: the category label alone.
 *
 * Labels are inserted verbatim: the result is text for a text node or an attribute, never markup.
 */
export function chartCaption(runtime: Pick<ChartRuntime, 'chartType' | 'series' | 'xKey' | 'xLabel'>, translator: Translator): string {
  const category = typeof runtime.xLabel === 'string' && runtime.xLabel !== '' ? runtime.xLabel : runtime.xKey;
  const plotted = isPieChart(runtime.chartType) ? runtime.series.slice(0, 1) : runtime.series;
  const labels = plotted.map((s) => String(s.label)).filter((label) => label !== '');
  if (labels.length === 0) return category;
  return translator.format('chart.caption', { series: listFormat(translator.locale).format(labels), category });
}

/** Every chart type the core draws. */
export const CHART_TYPES: readonly ChartType[] = Object.freeze(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area', 'pie', 'donut']);

/** Every chart data source. */
export const CHART_DATA_SOURCES: readonly ChartDataSource[] = Object.freeze(['static', 'grid_filtered']);

/** True when the chart type is drawn on axes (bar, horizontal bar, stacked bar, line, area). */
export function isCartesianChart(type: ChartType): boolean {
  return CARTESIAN.has(type);
}
