/**
 * KPIs and `grid_filtered` chart series over a SQL row source's whole filtered set, aggregated by
 * the database and resolved by the core (`resolveKpiValue`, `chartRuntimeFromGroups`), so the
 * display texts and chart runtimes are exactly what the browser computes from rows in memory.
 *
 * Aggregates follow the core (src/core/kpi.ts): `count` counts rows (no column) or non-empty cells
 * (NULL and '' are empty), `count_distinct` distinct non-empty cells, `sum` of no number is 0 for a
 * KPI and null for a chart category, `avg`/`min`/`max`/`median` of nothing are null. The median is
 * PostgreSQL's `percentile_cont(0.5)`; SQLite has none, so there the one or two middle values are
 * read in value order and averaged (exact): a KPI's with `ORDER BY x LIMIT 1 or 2 OFFSET (n - 1) / 2`
 * (n, the count of numbers, comes with the other KPIs; an index on the column turns it into a walk
 * of half the index instead of a sort), a chart's per category by row numbers (`ROW_NUMBER()`).
 *
 * @module
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { chartPlottedKeys, chartRuntimeFromGroups, categoryLabel, type ChartColumnInfo } from '../../core/chart/runtime';
import { resolveKpiValue } from '../../core/kpi';
import { toChart, toKpi } from '../../core/spec/build';
import type { ChartRuntime, ChartSpec, ChartSpecWire, KpiAggregate, KpiSpec, KpiSpecWire, ResolvedKpi } from '../../core/types';
import type { SqlDialectName } from '../store/schema';
import { type SqlColumn, cellSql, matchesEveryRow, refOf } from './sql-filter';

/** What to aggregate over a row source's filtered set, and how to show it. */
export interface SqlAggregateRequest {
  /** KPI specs (typed or wire form), e.g. a parsed spec's `kpis`. */
  kpis?: readonly (KpiSpec | KpiSpecWire)[];
  /** Chart specs (typed or wire form); each gets a runtime over the filtered set. */
  charts?: readonly (ChartSpec | ChartSpecWire)[];
  /** Locale and currency of the KPI display texts. @default 'en', 'USD' */
  locale?: string;
  currency?: string;
  /** Column labels and formats for chart series and axes (a spec's `columns`). */
  columns?: readonly ChartColumnInfo[];
  /** Label of the series of a chart that counts rows. @default 'Count' */
  countLabel?: string;
}

/** KPIs and chart runtimes of the filtered set, in the order of the request. */
export interface SqlAggregateResult {
  kpis: ResolvedKpi[];
  charts: ChartRuntime[];
}

/** What the aggregation needs of its row source. */
export interface AggregateContext {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: one table read by checked names.
  readonly db: Kysely<any>;
  readonly dialect: SqlDialectName;
  readonly table: string;
  readonly columns: ReadonlyMap<string, SqlColumn>;
  readonly tie: SqlColumn;
}

const NUMERIC: ReadonlySet<KpiAggregate> = new Set(['sum', 'avg', 'min', 'max', 'median']);

/**
 * Checks that every KPI and chart can be aggregated in SQL: known columns, numeric aggregates on
 * number columns only. Throws a `TypeError` (a configuration error of the server, not of a caller).
 */
export function checkAggregateSpecs(ctx: Pick<AggregateContext, 'columns'>, request: SqlAggregateRequest): void {
  const need = (key: string, aggregate: KpiAggregate, what: string): void => {
    const column = ctx.columns.get(key);
    if (column === undefined) throw new TypeError(`${what} reads the column ${JSON.stringify(key)}, which the row source does not serve.`);
    if (NUMERIC.has(aggregate) && column.type !== 'number') throw new TypeError(`${what} takes the ${aggregate} of ${JSON.stringify(key)}, which is not a number column.`);
  };
  for (const kpi of (request.kpis ?? []).map(kpiOf)) if (kpi.columnKey !== null) need(kpi.columnKey, kpi.aggregate, `The KPI ${JSON.stringify(kpi.label)}`);
  for (const chart of (request.charts ?? []).map((c) => chartOf(c, request.columns))) {
    need(chart.xKey, 'count', `The chart ${JSON.stringify(chart.id)}`);
    for (const key of chartPlottedKeys(chart)) need(key, chart.aggregate, `The chart ${JSON.stringify(chart.id)}`);
  }
}

function kpiOf(spec: KpiSpec | KpiSpecWire): KpiSpec {
  return 'columnKey' in spec ? spec : toKpi(spec);
}

function chartOf(spec: ChartSpec | ChartSpecWire, columns: readonly ChartColumnInfo[] | undefined): ChartSpec {
  if ('chartType' in spec) return spec;
  return toChart(spec, new Map((columns ?? []).map((c) => [c.key, c.label])));
}

/** A cell counts as a value: not NULL and not ''. */
function presentSql(column: SqlColumn): RawBuilder<boolean> {
  const ref = refOf(column);
  return column.type === 'number' ? sql<boolean>`${ref} IS NOT NULL` : sql<boolean>`(${ref} IS NOT NULL AND CAST(${ref} AS text) <> '')`;
}

/** One aggregate of a column over the current group (the whole set, or a category). */
function aggregateSql(ctx: AggregateContext, aggregate: KpiAggregate, column: SqlColumn | null, emptySum: 'zero' | 'null'): RawBuilder<unknown> {
  if (column === null) return sql`COUNT(*)`;
  const ref = refOf(column);
  switch (aggregate) {
    case 'count':
      return sql`COUNT(CASE WHEN ${presentSql(column)} THEN 1 END)`;
    case 'count_distinct':
      return sql`COUNT(DISTINCT CASE WHEN ${presentSql(column)} THEN ${ref} END)`;
    case 'sum':
      // SQLite's SUM fails on integer overflow; TOTAL sums in doubles, as JavaScript does.
      if (ctx.dialect === 'sqlite') return emptySum === 'zero' ? sql`TOTAL(${ref})` : sql`CASE WHEN COUNT(${ref}) = 0 THEN NULL ELSE TOTAL(${ref}) END`;
      return emptySum === 'zero' ? sql`COALESCE(SUM(${ref}), 0)` : sql`SUM(${ref})`;
    case 'avg':
      return sql`AVG(${ref})`;
    case 'min':
      return sql`MIN(${ref})`;
    case 'max':
      return sql`MAX(${ref})`;
    case 'median':
      // SQLite's median comes from `medianSql`; this is PostgreSQL's.
      return sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${ref})`;
  }
}

/** How many cells an aggregate looked at (`ResolvedKpi.sampleSize`): present cells for counts, numbers otherwise. */
function sampleSql(aggregate: KpiAggregate, column: SqlColumn | null): RawBuilder<unknown> {
  if (column === null) return sql`COUNT(*)`;
  return aggregate === 'count' || aggregate === 'count_distinct' ? sql`COUNT(CASE WHEN ${presentSql(column)} THEN 1 END)` : sql`COUNT(${refOf(column)})`;
}

/**
 * SQLite's exact median of the `count` numbers of `column` in the filtered set: the middle value, or
 * the mean of the two middle values, read in value order with LIMIT/OFFSET (no window function).
 * Over the whole table SQLite may walk an index on the column (reading (n - 1) / 2 entries instead of
 * sorting); under a filter the order key is `+x`, which keeps SQLite off that index: walking it
 * would look up every row to test the filter (seconds on a million rows) where a scan and a sort
 * cost a fraction of that.
 */
async function sqliteMedian(ctx: AggregateContext, where: RawBuilder<boolean>, column: SqlColumn, count: number): Promise<number | null> {
  if (count <= 0) return null;
  const ref = refOf(column);
  const key = matchesEveryRow(where) ? ref : sql`+${ref}`;
  const middle = await sql<{ v: unknown }>`SELECT ${ref} AS v FROM ${sql.table(ctx.table)} WHERE ${where} AND ${ref} IS NOT NULL ORDER BY ${key} LIMIT ${2 - (count % 2)} OFFSET ${Math.floor((count - 1) / 2)}`.execute(ctx.db);
  const values = middle.rows.map((row) => numberOrNull(row.v)).filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * SQLite's exact median of `column` per category (`x`, or one group when null): the middle value,
 * or the mean of the two middle values, by row number in value order.
 */
async function sqliteMedians(ctx: AggregateContext, where: RawBuilder<boolean>, column: SqlColumn, x: RawBuilder<unknown> | null): Promise<Map<unknown, number>> {
  const ref = refOf(column);
  const partition = x === null ? sql`` : sql`PARTITION BY ${x}`;
  const inner = sql`SELECT ${x ?? sql`0`} AS x, ${ref} AS v, ROW_NUMBER() OVER (${partition} ORDER BY ${ref}) AS rn, COUNT(*) OVER (${partition}) AS cnt FROM ${sql.table(ctx.table)} WHERE ${where} AND ${ref} IS NOT NULL`;
  const result = await sql<{ x: unknown; m: number }>`SELECT x, AVG(v) AS m FROM (${inner}) AS ranked WHERE rn IN ((cnt + 1) / 2, (cnt + 2) / 2) GROUP BY x`.execute(ctx.db);
  return new Map(result.rows.map((row) => [row.x, Number(row.m)]));
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The KPIs of the filtered set: one statement (plus one per median on SQLite). */
async function kpisOver(ctx: AggregateContext, where: RawBuilder<boolean>, specs: readonly KpiSpec[], request: SqlAggregateRequest): Promise<ResolvedKpi[]> {
  if (specs.length === 0) return [];
  const columnOf = (kpi: KpiSpec): SqlColumn | null => (kpi.columnKey === null ? null : (ctx.columns.get(kpi.columnKey) as SqlColumn));
  const sqliteMedianOf = (kpi: KpiSpec): boolean => ctx.dialect === 'sqlite' && kpi.aggregate === 'median' && kpi.columnKey !== null;
  const selections = specs.flatMap((kpi, i) => {
    const column = columnOf(kpi);
    const value = sqliteMedianOf(kpi) ? sql`NULL` : aggregateSql(ctx, kpi.aggregate, column, 'zero');
    return [value.as(`v${i}`), sampleSql(kpi.aggregate, column).as(`n${i}`)];
  });
  const row = (await ctx.db.selectFrom(ctx.table).select(selections).where(where).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const format = { locale: request.locale, currency: request.currency };
  const resolved: ResolvedKpi[] = [];
  for (const [i, kpi] of specs.entries()) {
    let value = numberOrNull(row[`v${i}`]);
    let sample = Number(row[`n${i}`] ?? 0);
    if (sqliteMedianOf(kpi)) value = await sqliteMedian(ctx, where, columnOf(kpi) as SqlColumn, sample);
    // A KPI without a column counts rows; any other aggregate without one has no value, as in the core.
    if (kpi.columnKey === null && kpi.aggregate !== 'count') {
      value = null;
      sample = 0;
    }
    resolved.push(resolveKpiValue(kpi, value, sample, format));
  }
  return resolved;
}

/**
 * The category of a chart row as SQL: empty cells ('' and the "—" the core shows for them) are one
 * NULL group. Dates are grouped by the text the source answers for them (`cellSql`).
 */
function categorySql(dialect: SqlDialectName, column: SqlColumn): RawBuilder<unknown> {
  if (column.type === 'number') return refOf(column);
  return sql`NULLIF(NULLIF(${cellSql(dialect, column)}, ''), '—')`;
}

/** One chart over the filtered set: a GROUP BY of its category column, categories in the order they first occur. */
async function chartOver(ctx: AggregateContext, where: RawBuilder<boolean>, chart: ChartSpec, request: SqlAggregateRequest): Promise<ChartRuntime> {
  const xColumn = ctx.columns.get(chart.xKey) as SqlColumn;
  const x = categorySql(ctx.dialect, xColumn);
  const keys = chartPlottedKeys(chart);
  const series: (SqlColumn | null)[] = keys.length === 0 ? [null] : keys.map((key) => ctx.columns.get(key) as SqlColumn);
  const medianByRows = ctx.dialect === 'sqlite' && chart.aggregate === 'median' && keys.length > 0;
  const selections = [
    sql`${x}`.as('x'),
    // First occurrence in the table's order (the tie-breaker), as the browser meets categories.
    sql`MIN(${refOf(ctx.tie)})`.as('first'),
    ...series.map((column, i) => (medianByRows ? sql`NULL` : aggregateSql(ctx, column === null ? 'count' : chart.aggregate, column, 'null')).as(`v${i}`)),
  ];
  const rows = (await ctx.db.selectFrom(ctx.table).select(selections).where(where).groupBy(sql`1`).orderBy(sql`2`).execute()) as Record<string, unknown>[];
  const medians = medianByRows ? await Promise.all(series.map((column) => sqliteMedians(ctx, where, column as SqlColumn, x))) : [];
  const categories = rows.map((row) => categoryLabel(xColumn.type === 'number' ? numberOrNull(row.x) : row.x));
  const values = series.map((_, i) =>
    rows.map((row) => (medianByRows ? (medians[i]?.get(row.x) ?? null) : numberOrNull(row[`v${i}`]))),
  );
  return chartRuntimeFromGroups(chart, { categories, values }, { columns: request.columns, countLabel: request.countLabel });
}

/** KPIs and charts of the filtered set `where`. */
export async function aggregateOver(ctx: AggregateContext, where: RawBuilder<boolean>, request: SqlAggregateRequest): Promise<SqlAggregateResult> {
  const kpis = await kpisOver(ctx, where, (request.kpis ?? []).map(kpiOf), request);
  const charts: ChartRuntime[] = [];
  for (const chart of (request.charts ?? []).map((c) => chartOf(c, request.columns))) charts.push(await chartOver(ctx, where, chart, request));
  return { kpis, charts };
}
