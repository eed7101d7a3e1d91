/**
 * Chart data: `buildChartRuntime` turns a chart spec plus rows into plain data (categories and one
 * value array per series, a plain-text description), aggregating every chart of a view in one pass
 * over the rows. No ECharts and no formatting of numbers here: see `./option` and `./caption`.
 *
 * @module
 */
import { EMPTY_VALUE, isInheritedName, toNumber, valueToText } from '../format';
import { toChart } from '../spec/build';
import { SPEC_DEFAULTS } from '../spec/defaults';
import type { ChartDataSource, ChartRuntime, ChartRuntimeSeries, ChartSpec, ChartSpecWire, ChartType, Row, ValueFormat } from '../types';

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

/**
 * A chart spec in camelCase with defaults filled, whichever form it came in: wire charts get the
 * parser's defaults (series labels from `labels`, the column labels by key).
 */
function normaliseChart(chart: ChartSpec | ChartSpecWire, labels: ReadonlyMap<string, string>): ChartSpec {
  return 'chartType' in chart ? chart : toChart(chart, labels);
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
  const columns = columnIndex(options?.columns);
  const labels = new Map<string, string>();
  if (columns) for (const [key, column] of columns) labels.set(key, column.label);
  const specs = charts.map((chart) => normaliseChart(chart, labels));
  const maxPoints = options?.maxPoints !== undefined && Number.isInteger(options.maxPoints) && options.maxPoints > 0 ? options.maxPoints : DEFAULT_MAX_POINTS;
  const accumulators = specs.map((spec) => new ChartAccumulator(spec.xKey, spec.series.map((s) => s.key)));
  accumulate(rows, accumulators);
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


/** Every chart type the core draws. */
export const CHART_TYPES: readonly ChartType[] = Object.freeze(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area', 'pie', 'donut']);

/** Every chart data source. */
export const CHART_DATA_SOURCES: readonly ChartDataSource[] = Object.freeze(['static', 'grid_filtered']);

/** True when the chart type is drawn on axes (bar, horizontal bar, stacked bar, line, area). */
export function isCartesianChart(type: ChartType): boolean {
  return CARTESIAN.has(type);
}
