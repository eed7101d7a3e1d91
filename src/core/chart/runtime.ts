/**
 * Chart data: `buildChartRuntime` turns a chart spec plus rows into plain data (categories and one
 * value array per series, a plain-text description), aggregating every chart of a view in one pass
 * over the rows. No ECharts and no formatting of numbers here: see `./option` and `./caption`.
 *
 * @module
 */
import { EMPTY_VALUE, isInheritedName, toNumber, valueToText } from '../format';
import { numberSymbols, parseNumberWith } from '../search/numbers';
import type { NumberSymbols } from '../search/numbers';
import { aggregate as aggregateNumbers } from '../kpi';
import { toChart } from '../spec/build';
import { SPEC_DEFAULTS } from '../spec/defaults';
import type { ChartDataSource, ChartRuntime, ChartRuntimeSeries, ChartSpec, ChartSpecWire, ChartType, KpiAggregate, Row, ValueFormat } from '../types';

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
  /**
   * Locale whose writing numeric strings in the rows are read with (`parseLocaleNumber`:
   * `"2 500,5"` is 2500.5 under `uk`). Default `en`; numbers are numbers in any locale.
   */
  locale?: string;
  /**
   * Label of the one series of a chart that counts rows per category (no `series`, no
   * `value_key`). Renderers pass their catalog's word. Default `'Count'`.
   */
  countLabel?: string;
}

/** Key of the series a chart without value columns plots: the number of rows per category. */
export const COUNT_SERIES_KEY = '';

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
 * - Categories are the labels of the category key (`xKey`: the spec's `x_key`, `label_key` or
 *   `group_by`; see `categoryLabel`) in first-seen order; rows that share a label form one group
 *   (`1` and `"1"` share the label "1").
 * - Each series gets one value per category: the chart's `aggregate` over the group's cells, with
 *   `resolveKpis`' rules. `sum` (the default when values are named), `avg`, `min`, `max` and
 *   `median` use numeric cells (numbers, and numeric strings read in `options.locale` with
 *   `parseLocaleNumber`: `"2 500,5"` is 2500.5 under `uk`; booleans, NaN, ±Infinity do not), and a group without one stays null: a gap in lines (`connectNulls: false`), no bar, no
 *   slice; a sum that overflows is null too. `count` counts non-empty cells and `count_distinct`
 *   distinct non-empty cells (0 for none). A chart without `series` and `value_key` counts rows: its
 *   one series has the key `COUNT_SERIES_KEY` and the label `countLabel`.
 * - Pie and donut use only the first series; their slices are the categories with a positive value.
 *   `omitted` counts the categories left out (zero, negative or no value); with `center_total` on a
 *   donut, `centerTotal` is the sum of the drawn slices.
 * - `empty` is true when there are no categories or no value to draw (for pies: no positive value).
 * - `sampled` is true for line and area charts with more than `maxPoints` categories. The data is
 *   NOT thinned here: ECharts samples per rendered pixel, so it adapts to the real width and the
 *   runtime keeps exact values for tooltips, descriptions and exports.
 * - `description` is plain text for assistive technology (type, series labels, the x column's
 *   label when `columns` are given, else `xKey`, counts).
 *
 * Accepts a validated `ChartSpec` or a wire `ChartSpecWire` (the parser's defaults: `static` source,
 * height 320, or 300 in the seed form, series labels from `columns`). The runtime also carries the
 * spec's `title`, `aggregate`, `stacked` and per-series `color`/`seriesType` for the renderers.
 * Nullish entries in `rows` are skipped. Rows are only read. One pass over the rows; a sum needs no
 * per-row allocation except the label of a new category (median and average keep the group's
 * numbers, distinct counts a set per group).
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
  const symbols = numberSymbols(typeof options?.locale === 'string' ? options.locale : undefined);
  const countLabel = typeof options?.countLabel === 'string' && options.countLabel !== '' ? options.countLabel : 'Count';
  const accumulators = specs.map((spec) => new ChartAccumulator(spec.xKey, plottedKeys(spec), kindOf(spec), spec.aggregate, symbols));
  accumulate(rows, accumulators);
  return specs.map((spec, i) => finishRuntime(spec, (accumulators[i] as ChartAccumulator).result(), columns, maxPoints, countLabel));
}

/**
 * A chart runtime from category aggregates computed elsewhere (a server's SQL `GROUP BY` over all
 * filtered rows): `groups.categories` are the category labels (`categoryLabel`) in order and
 * `groups.values` one array per plotted series (`plottedKeys`: one for a chart that counts rows,
 * the first series only for pie and donut) with the chart's aggregate per category, null for none.
 * Everything after the aggregation (series formats, pie slices, `empty`, `sampled`, the
 * description) is what `buildChartRuntimes` does, so both runtimes are alike for the same groups.
 *
 * @internal The server's `/aggregate` route uses it; not part of the public API.
 */
export function chartRuntimeFromGroups(
  chart: ChartSpec | ChartSpecWire,
  groups: { categories: string[]; values: (number | null)[][] },
  options?: Omit<ChartRuntimeOptions, 'locale'>,
): ChartRuntime {
  const columns = columnIndex(options?.columns);
  const labels = new Map<string, string>();
  if (columns) for (const [key, column] of columns) labels.set(key, column.label);
  const maxPoints = options?.maxPoints !== undefined && Number.isInteger(options.maxPoints) && options.maxPoints > 0 ? options.maxPoints : DEFAULT_MAX_POINTS;
  const countLabel = typeof options?.countLabel === 'string' && options.countLabel !== '' ? options.countLabel : 'Count';
  return finishRuntime(normaliseChart(chart, labels), groups, columns, maxPoints, countLabel);
}

/** The keys of the series whose values a chart needs per category (see `plottedKeys`). */
export function chartPlottedKeys(chart: ChartSpec): string[] {
  return plottedKeys(chart);
}

/** The runtime of one chart from its categories and per-series values. */
function finishRuntime(
  spec: ChartSpec,
  groups: { categories: string[]; values: (number | null)[][] },
  columns: Map<string, ChartColumnInfo> | undefined,
  maxPoints: number,
  countLabel: string,
): ChartRuntime {
  const { categories, values } = sortedByValue(groups, spec);
  const pie = isPieChart(spec.chartType);
  let drawable = 0;
  let total = 0;
  const plotted = pie ? values.slice(0, 1) : values;
  for (const series of plotted) {
    for (const value of series) {
      if (value === null || (pie && value <= 0)) continue;
      drawable++;
      total += value;
    }
  }
  const empty = categories.length === 0 || drawable === 0;
  const sampled = (spec.chartType === 'line' || spec.chartType === 'area') && categories.length > maxPoints;
  const xColumn = columns?.get(spec.xKey);
  const series: ChartRuntimeSeries[] =
    spec.series.length === 0
      ? [{ key: COUNT_SERIES_KEY, label: countLabel, format: 'number' }]
      : spec.series.map((s): ChartRuntimeSeries => {
          const column = columns?.get(s.key);
          const entry: ChartRuntimeSeries = { key: s.key, label: s.label };
          if (column) entry.format = column.format ?? SPEC_DEFAULTS.column.format;
          // Counts are whole numbers whatever the column shows (a count of amounts is not money).
          if (spec.aggregate === 'count' || spec.aggregate === 'count_distinct') entry.format = 'number';
          if (s.color !== null && s.color !== undefined) entry.color = s.color;
          if (s.seriesType !== null && s.seriesType !== undefined) entry.seriesType = s.seriesType;
          return entry;
        });
  const omitted = pie ? categories.length - drawable : 0;
  const runtime: ChartRuntime = {
    id: spec.id,
    chartType: spec.chartType,
    xKey: spec.xKey,
    ...(xColumn ? { xLabel: xColumn.label } : {}),
    ...(spec.title !== null && spec.title !== undefined ? { title: spec.title } : {}),
    aggregate: spec.aggregate,
    stacked: spec.stacked,
    series,
    dataSource: spec.dataSource,
    height: spec.height,
    categories,
    values,
    empty,
    sampled,
    // A key is not a word for readers: without a column label the sentence names no category.
    description: describe(spec, series, xColumn?.label ?? '', categories.length, drawable, empty, sampled),
  };
  if (pie) runtime.omitted = omitted;
  if (spec.chartType === 'donut' && spec.centerTotal) runtime.centerTotal = empty || !Number.isFinite(total) ? null : total + 0;
  return runtime;
}

/** The row keys a chart aggregates, one per plotted series; none when it counts rows. */
function plottedKeys(spec: ChartSpec): string[] {
  const keys = spec.series.map((s) => s.key);
  // Pie and donut plot only their first series: the others would cost a read per row for nothing.
  return isPieChart(spec.chartType) ? keys.slice(0, 1) : keys;
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

/**
 * A series cell as a number, NaN for none (so hot loops keep unboxed doubles): numbers as they are,
 * numeric strings read with the locale's symbols, safe bigints.
 */
function numeric(value: unknown, symbols: NumberSymbols): number {
  if (typeof value === 'number') return value - value === 0 ? value : NaN;
  const n = typeof value === 'string' ? parseNumberWith(value, symbols) : toNumber(value);
  return n === null ? NaN : n;
}

/** Reads `row[key]`; keys such as `constructor` are read as own properties only. */
function cell(row: Row, key: string, own: boolean): unknown {
  if (own) return Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
  return row[key];
}

// Aggregates as small integers, so the per-cell switch compares numbers.
const SUM = 0;
const COUNT = 1;
const COUNT_DISTINCT = 2;
const MIN = 3;
const MAX = 4;
/** avg and median: the group's numbers are kept and aggregated at the end (`aggregate` of kpi.ts). */
const COLLECT = 5;
/** No series: the number of rows per category. */
const ROWS = 6;

function kindOf(spec: ChartSpec): number {
  if (spec.series.length === 0) return ROWS;
  switch (spec.aggregate) {
    case 'count':
      return COUNT;
    case 'count_distinct':
      return COUNT_DISTINCT;
    case 'min':
      return MIN;
    case 'max':
      return MAX;
    case 'avg':
    case 'median':
      return COLLECT;
    default:
      return SUM;
  }
}

/**
 * Category aggregates of one chart. Category lookup goes through the raw x value first (a Map hit
 * costs no string building); only a raw value never seen before gets its label, which may merge it
 * into an existing category. Sums, counts and extremes live in plain double arrays with NaN meaning
 * "no numeric value yet"; the sum path is the one the renderer's benchmark measures, so it stays a
 * handful of operations per cell.
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
  readonly kind: number;
  readonly aggregate: KpiAggregate;
  private readonly byRaw = new Map<unknown, number>();
  private readonly byLabel = new Map<string, number>();
  private readonly categories: string[] = [];
  /** One array per series (one for ROWS): sums, counts or extremes per category. */
  private readonly sums: number[][];
  private readonly symbols: NumberSymbols;
  /** COLLECT: the numbers of each category; COUNT_DISTINCT: the distinct values of each category. */
  private readonly groups: (number[] | Set<unknown>)[][];

  constructor(xKey: string, keys: readonly string[], kind: number, aggregate: KpiAggregate = 'sum', symbols: NumberSymbols = numberSymbols(undefined)) {
    this.symbols = symbols;
    this.xKey = xKey;
    this.ownX = isInheritedName(xKey);
    this.keys = keys;
    this.own = keys.map(isInheritedName);
    this.key0 = keys[0] ?? '';
    this.own0 = this.own[0] ?? false;
    this.key1 = keys[1] ?? '';
    this.own1 = this.own[1] ?? false;
    this.seriesCount = keys.length;
    this.kind = kind;
    this.aggregate = aggregate;
    this.sums = kind === ROWS ? [[]] : keys.map(() => []);
    this.groups = kind === COLLECT || kind === COUNT_DISTINCT ? keys.map(() => []) : [];
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
      const start = this.kind === COUNT || this.kind === ROWS || this.kind === COUNT_DISTINCT ? 0 : NaN;
      for (const series of this.sums) series.push(start);
      if (this.kind === COLLECT) for (const series of this.groups) series.push([]);
      else if (this.kind === COUNT_DISTINCT) for (const series of this.groups) series.push(new Set());
    }
    // Objects are keyed by identity, so only primitives are worth remembering by raw value.
    if (typeof x !== 'object' || x === null) this.byRaw.set(x, index);
    return index;
  }

  /** Adds a row whose x value and first two series cells the caller has read. */
  add(row: Row, x: unknown, v0: unknown, v1: unknown): void {
    const index = this.slot(x);
    const count = this.seriesCount;
    if (this.kind !== SUM) {
      this.addOther(row, index, v0, v1);
      return;
    }
    if (count === 0) return;
    plus(this.sums[0] as number[], index, numeric(v0, this.symbols));
    if (count === 1) return;
    plus(this.sums[1] as number[], index, numeric(v1, this.symbols));
    for (let s = 2; s < count; s++) plus(this.sums[s] as number[], index, numeric(cell(row, this.keys[s] as string, this.own[s] as boolean), this.symbols));
  }

  /** Every aggregate but sum: off the hot path of the common chart. */
  private addOther(row: Row, index: number, v0: unknown, v1: unknown): void {
    if (this.kind === ROWS) {
      const counts = this.sums[0] as number[];
      counts[index] = (counts[index] as number) + 1;
      return;
    }
    for (let s = 0; s < this.seriesCount; s++) {
      const value = s === 0 ? v0 : s === 1 ? v1 : cell(row, this.keys[s] as string, this.own[s] as boolean);
      const target = this.sums[s] as number[];
      switch (this.kind) {
        case COUNT:
          if (!isEmptyCell(value)) target[index] = (target[index] as number) + 1;
          break;
        case COUNT_DISTINCT:
          if (!isEmptyCell(value)) {
            const distinct = (this.groups[s] as Set<unknown>[])[index] as Set<unknown>;
            // Dates count by instant, as in resolveKpis.
            distinct.add(value instanceof Date ? `\u0000date:${value.getTime()}` : value);
            target[index] = distinct.size;
          }
          break;
        case MIN: {
          const n = numeric(value, this.symbols);
          if (n === n && !((target[index] as number) <= n)) target[index] = n;
          break;
        }
        case MAX: {
          const n = numeric(value, this.symbols);
          if (n === n && !((target[index] as number) >= n)) target[index] = n;
          break;
        }
        default: {
          const n = numeric(value, this.symbols);
          if (n === n) ((this.groups[s] as number[][])[index] as number[]).push(n);
        }
      }
    }
  }

  result(): { categories: string[]; values: (number | null)[][] } {
    if (this.kind === COLLECT) {
      const values = this.groups.map((series) => (series as number[][]).map((numbers) => aggregateNumbers(this.aggregate, numbers)));
      return { categories: this.categories, values };
    }
    // NaN ("nothing numeric") and overflowed sums become null, the JSON-safe gap.
    return { categories: this.categories, values: this.sums.map((series) => series.map((v) => (Number.isFinite(v) ? v + 0 : null))) };
  }
}

/** Empty as `resolveKpis` counts it: null, undefined, '' and NaN. */
function isEmptyCell(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'number' && value !== value);
}

function plus(target: number[], index: number, n: number): void {
  if (n !== n) return;
  const prev = target[index] as number;
  target[index] = prev !== prev ? n : prev + n;
}

const NO_CHART = new ChartAccumulator('', [], SUM);

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

const AGGREGATE_NAMES: Readonly<Record<KpiAggregate, string>> = {
  count: 'count',
  count_distinct: 'distinct count',
  sum: 'sum',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  median: 'median',
};

/**
 * Plain-text description: type, series (with the aggregate when it is not a sum), x column (its
 * label when known, else the key) and counts. Labels are quoted verbatim, as text.
 */
function describe(spec: ChartSpec, series: readonly ChartRuntimeSeries[], xName: string, categoryCount: number, drawable: number, empty: boolean, sampled: boolean): string {
  const pie = isPieChart(spec.chartType);
  const counted = spec.series.length === 0;
  const names = (pie ? series.slice(0, 1) : series).map((s) => s.label);
  const labels = counted || spec.aggregate === 'sum' ? names : names.map((label) => `${label} (${AGGREGATE_NAMES[spec.aggregate]})`);
  const by = xName === '' ? '' : ` by ${xName}`;
  const head = labels.length > 0 ? `${TYPE_NAMES[spec.chartType]} of ${listLabels(labels)}${by}` : `${TYPE_NAMES[spec.chartType]}${by}`;
  if (empty) return `${head}: no data.`;
  if (pie) {
    const left = categoryCount - drawable;
    const leftOut = left > 0 ? ` (${plural(left, 'category', 'categories')} without a positive value left out)` : '';
    return `${head}: ${plural(drawable, 'slice', 'slices')}${leftOut}.`;
  }
  const count = plural(labels.length, 'series', 'series');
  return `${head}: ${count} over ${plural(categoryCount, 'category', 'categories')}${sampled ? ', drawn with sampling' : ''}.`;
}

/** Chart types whose categories `sort` orders. */
const SORTABLE: ReadonlySet<ChartType> = new Set(['bar', 'horizontal_bar', 'stacked_bar']);

/**
 * The categories of a bar chart with `sort` in value order: by the sum of the plotted series per
 * category (`desc` largest first). Stable: ties keep the order of the rows; a category with no value
 * in any series goes last whichever the order. Other charts, and `sort` null, are returned as given.
 */
function sortedByValue(result: { categories: string[]; values: (number | null)[][] }, spec: ChartSpec): { categories: string[]; values: (number | null)[][] } {
  const order = spec.sort ?? null;
  if (order === null || !SORTABLE.has(spec.chartType) || result.categories.length < 2) return result;
  const totals = result.categories.map((_, c) => {
    let total: number | null = null;
    for (const series of result.values) {
      const value = series[c];
      if (value !== null && value !== undefined) total = (total ?? 0) + value;
    }
    return total;
  });
  const sign = order === 'asc' ? 1 : -1;
  const index = result.categories.map((_, c) => c);
  index.sort((a, b) => {
    const x = totals[a] ?? null;
    const y = totals[b] ?? null;
    if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
    return x === y ? a - b : sign * (x - y);
  });
  return {
    categories: index.map((c) => result.categories[c] as string),
    values: result.values.map((series) => index.map((c) => series[c] ?? null)),
  };
}

/** Every chart type the core draws. */
export const CHART_TYPES: readonly ChartType[] = Object.freeze(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area', 'pie', 'donut']);

/** Every chart data source. */
export const CHART_DATA_SOURCES: readonly ChartDataSource[] = Object.freeze(['static', 'grid_filtered']);

/** True when the chart type is drawn on axes (bar, horizontal bar, stacked bar, line, area). */
export function isCartesianChart(type: ChartType): boolean {
  return CARTESIAN.has(type);
}
