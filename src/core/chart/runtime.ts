/**
 * Chart data: `buildChartRuntime` turns a chart spec plus rows into plain data (categories and one
 * value array per series, a plain-text description), aggregating every chart of a view in one pass
 * over the rows (`./accumulate`, as each aggregate's registry entry says: `../aggregates`). No
 * ECharts and no formatting of numbers here: see `./option` and `./caption`.
 *
 * @module
 */
import { AGGREGATES, countsCells, requireAggregate } from '../aggregates';
import type { AggregateDefinition, AggregateRegistry } from '../aggregates';
import { numberSymbols } from '../search/numbers';
import { toChart } from '../spec/build';
import { SPEC_DEFAULTS } from '../spec/defaults';
import type { ChartDataSource, ChartRuntime, ChartRuntimeSeries, ChartSpec, ChartSpecWire, ChartType, Row, ValueFormat } from '../types';
import { ChartAccumulator, accumulate } from './accumulate';
import { chartDescription } from './caption';
import { COUNT_SERIES_KEY } from './count-series';
import { englishTranslator } from './english';
import { chartTypes } from './registry';
import type { ChartTypeEntry } from './registry';

export { categoryLabel } from './accumulate';

/** Height in pixels of a chart whose spec gives none (the parser's default). */
export const DEFAULT_CHART_HEIGHT: number = SPEC_DEFAULTS.chart.height;

/** Line and area series longer than this are drawn with ECharts' LTTB sampling. */
export const DEFAULT_MAX_POINTS = 2000;

/**
 * True for the chart types of the `pie` family in the chart-type registry (pie and donut), which
 * plot only their first series. False for any other value, a type with no entry included.
 */
export function isPieChart(type: ChartType): boolean {
  return chartTypes.has(type) && chartTypes.entry(type).family === 'pie';
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

export { COUNT_SERIES_KEY } from './count-series';

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
 * - `description` is plain English text for assistive technology: the type's name (the English
 *   text of its registry entry's catalog key), the series labels, the x column's label when
 *   `columns` give one (a bare key names no category), the counts.
 *
 * Accepts a validated `ChartSpec` or a wire `ChartSpecWire` (the parser's defaults: `static` source,
 * height 320, or 300 in the seed form, series labels from `columns`). The runtime also carries the
 * spec's `title`, `aggregate`, `stacked` and per-series `color`/`seriesType` for the renderers.
 * Throws a `GridViewSpecError` before reading any row for an aggregate or a chart type with no
 * registry entry (`invalid_enum` at `chartType` for the type: e.g. a wire spec that skipped the parser).
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
  return buildChartRuntimesWith(AGGREGATES, charts, rows, options);
}

/**
 * `buildChartRuntimes` with the aggregates of `registry` (a scratch copy with an extra entry in the
 * registry fixture test). Throws a `GridViewSpecError` (`charts[i].aggregate`) for an aggregate the
 * registry lacks, before reading any row.
 *
 * @internal Not part of the public API.
 */
export function buildChartRuntimesWith(
  registry: AggregateRegistry,
  charts: readonly (ChartSpec | ChartSpecWire)[],
  rows: readonly Row[],
  options?: ChartRuntimeOptions,
): ChartRuntime[] {
  const columns = columnIndex(options?.columns);
  const labels = new Map<string, string>();
  if (columns) for (const [key, column] of columns) labels.set(key, column.label);
  const specs = charts.map((chart) => normaliseChart(chart, labels));
  const maxPoints = options?.maxPoints !== undefined && Number.isInteger(options.maxPoints) && options.maxPoints > 0 ? options.maxPoints : DEFAULT_MAX_POINTS;
  const symbols = numberSymbols(typeof options?.locale === 'string' ? options.locale : undefined);
  const countLabel = typeof options?.countLabel === 'string' && options.countLabel !== '' ? options.countLabel : 'Count';
  const entries = specs.map((spec, i) => requireAggregate(registry, spec.aggregate, `charts[${i}].aggregate`));
  // Like an unregistered aggregate, a chart type with no entry is refused before any row is read.
  for (const spec of specs) chartTypes.entry(spec.chartType);
  // A chart without series counts its rows per category, whatever its aggregate says.
  const accumulators = specs.map((spec, i) => new ChartAccumulator(spec.xKey, plottedKeys(spec), spec.series.length === 0 ? null : (entries[i] as AggregateDefinition), symbols));
  accumulate(rows, accumulators);
  return specs.map((spec, i) => finishRuntime(spec, entries[i] as AggregateDefinition, (accumulators[i] as ChartAccumulator).result(), columns, maxPoints, countLabel));
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
  registry: AggregateRegistry = AGGREGATES,
): ChartRuntime {
  const columns = columnIndex(options?.columns);
  const labels = new Map<string, string>();
  if (columns) for (const [key, column] of columns) labels.set(key, column.label);
  const maxPoints = options?.maxPoints !== undefined && Number.isInteger(options.maxPoints) && options.maxPoints > 0 ? options.maxPoints : DEFAULT_MAX_POINTS;
  const countLabel = typeof options?.countLabel === 'string' && options.countLabel !== '' ? options.countLabel : 'Count';
  const spec = normaliseChart(chart, labels);
  return finishRuntime(spec, requireAggregate(registry, spec.aggregate, 'chart.aggregate'), groups, columns, maxPoints, countLabel);
}

/** The keys of the series whose values a chart needs per category (see `plottedKeys`). */
export function chartPlottedKeys(chart: ChartSpec): string[] {
  return plottedKeys(chart);
}

/** The runtime of one chart from its categories and per-series values. */
function finishRuntime(
  spec: ChartSpec,
  aggregate: AggregateDefinition,
  groups: { categories: string[]; values: (number | null)[][] },
  columns: Map<string, ChartColumnInfo> | undefined,
  maxPoints: number,
  countLabel: string,
): ChartRuntime {
  const type = chartTypes.entry(spec.chartType);
  const sorted = sortedByValue(groups, spec, type);
  const pie = type.family === 'pie';
  // A pie or donut lists only its slices, the categories whose first value is positive (as the
  // seed system's runtimes do); `omitted` below says how many were left out.
  const kept = sorted.categories.map((_, i) => i).filter((i) => !pie || (sorted.values[0]?.[i] ?? 0) > 0);
  const categories = kept.map((i) => sorted.categories[i] as string);
  const values = sorted.values.map((series) => kept.map((i) => series[i] ?? null));
  let drawable = 0;
  let total = 0;
  const plotted = pie ? values.slice(0, 1) : values;
  for (const series of plotted) {
    for (const value of series) {
      if (value === null) continue;
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
          if (countsCells(aggregate.accumulator)) entry.format = 'number';
          if (s.color !== null && s.color !== undefined) entry.color = s.color;
          if (s.seriesType !== null && s.seriesType !== undefined) entry.seriesType = s.seriesType;
          return entry;
        });
  // Only a pie leaves categories out.
  const omitted = sorted.categories.length - categories.length;
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
    description: '',
  };
  if (pie) runtime.omitted = omitted;
  // In English: renderers that know the reader's language describe the runtime again in it.
  runtime.description = chartDescription(runtime, englishTranslator(), aggregate);
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
 * The categories of a bar chart with `sort` in value order: by the sum of the plotted series per
 * category (`desc` largest first). Stable: ties keep the order of the rows; a category with no value
 * in any series goes last whichever the order. Other charts, and `sort` null, are returned as given.
 */
function sortedByValue(
  result: { categories: string[]; values: (number | null)[][] },
  spec: ChartSpec,
  type: ChartTypeEntry,
): { categories: string[]; values: (number | null)[][] } {
  const order = spec.sort ?? null;
  if (order === null || !type.sortable || result.categories.length < 2) return result;
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

/** Every chart type the core draws: the chart-type registry's names, in its order (frozen). */
export const CHART_TYPES: readonly ChartType[] = chartTypes.names;

/** Every chart data source. */
export const CHART_DATA_SOURCES: readonly ChartDataSource[] = Object.freeze(['static', 'grid_filtered']);

/**
 * True when the chart type is drawn on axes: the `cartesian` family of the chart-type registry (bar,
 * horizontal bar, stacked bar, line, area). False for any other value, a type with no entry included.
 */
export function isCartesianChart(type: ChartType): boolean {
  return chartTypes.has(type) && chartTypes.entry(type).family === 'cartesian';
}
