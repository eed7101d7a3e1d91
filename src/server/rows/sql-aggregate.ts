/**
 * KPIs and `grid_filtered` chart series over a SQL row source's whole filtered set, aggregated by
 * the database and resolved by the core (`resolveKpiValue`, `chartRuntimeFromGroups`), so the
 * display texts and chart runtimes are exactly what the browser computes from rows in memory.
 *
 * Aggregates follow the core: each one's SQL per dialect is its entry in `AGGREGATE_SQL` beside
 * the aggregate registry (src/core/aggregates.ts), which also says what no number gives (`sum` of no number is 0 for a KPI
 * and null for a chart category) and which shortcuts apply. `count` counts rows (no column) or
 * non-empty cells (NULL and '' are empty), `count_distinct` distinct non-empty cells.
 *
 * Medians are exact. Over the whole table a KPI's median (SQL with `fromMiddleValues`) is read
 * in value order, the one or two middle values with `ORDER BY x LIMIT 1|2 OFFSET (n - 1) / 2` (an
 * index on the column makes that a walk of half the index), and reduced as the core does. Otherwise
 * PostgreSQL's is `percentile_cont(0.5)`, and SQLite's the aggregate `grid_view_median(x)` that
 * `registerSqliteFunctions` adds from its `sqliteFunction`: it collects the group's numbers
 * and takes the core's median of them, in the same pass as the other aggregates. A distinct count
 * of a categorical column counts its distinct values read from its index (see
 * `categoricalDistinct`).
 *
 * @module
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  AGGREGATES,
  AGGREGATE_SQL,
  type AggregateDefinition,
  type AggregateRegistry,
  type AggregateSqlDefinition,
  type AggregateSqlRegistry,
  countsCells,
  findAggregate,
  reduceNumbers,
} from '../../core/aggregates';
import { chartPlottedKeys, chartRuntimeFromGroups, categoryLabel, type ChartColumnInfo } from '../../core/chart/runtime';
import { resolveKpiValue } from '../../core/kpi';
import { toChart, toKpi } from '../../core/spec/build';
import type { ChartRuntime, ChartSpec, ChartSpecWire, KpiSpec, KpiSpecWire, ResolvedKpi } from '../../core/types';
import type { SqlDialectName } from '../store/schema';
import { type SqlColumn, type ValueTest, cellSql, distinctValuesSql, matchesEveryRow, refOf } from './sql-filter';

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

/** KPIs and chart runtimes of the filtered set, in the order of the request, and its size. */
export interface SqlAggregateResult {
  kpis: ResolvedKpi[];
  charts: ChartRuntime[];
  /** Rows of the filtered set, exact (counted in the KPIs' statement, or alone without KPIs). */
  rowCount: number;
}

/** What the aggregation needs of its row source. */
export interface AggregateContext {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: one table read by checked names.
  readonly db: Kysely<any>;
  readonly dialect: SqlDialectName;
  readonly table: string;
  readonly columns: ReadonlyMap<string, SqlColumn>;
  readonly tie: SqlColumn;
  /** Whether reading `column` in value order walks an index (SQLite's plan, asked once per column). */
  readonly walksIndex: (column: SqlColumn) => Promise<boolean>;
  /** The aggregates and their SQL: the core's registry unless a test passes a scratch one. */
  readonly aggregates?: AggregateRegistry;
  readonly aggregateSql?: AggregateSqlRegistry;
}

/** An aggregate `checkAggregateSpecs` has let through: its registry entry and its SQL. */
interface Aggregate {
  readonly entry: AggregateDefinition;
  readonly sql: AggregateSqlDefinition;
}

/** The entry and SQL of `name`, or undefined when either registry lacks it. */
function registered(ctx: Pick<AggregateContext, 'aggregates' | 'aggregateSql'>, name: string): Aggregate | undefined {
  const entry = findAggregate(ctx.aggregates ?? AGGREGATES, name);
  const registry: AggregateSqlRegistry = ctx.aggregateSql ?? AGGREGATE_SQL;
  const sqlOf = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
  return entry === undefined || sqlOf === undefined ? undefined : { entry, sql: sqlOf };
}

function entryOf(ctx: Pick<AggregateContext, 'aggregates' | 'aggregateSql'>, name: string): Aggregate {
  const aggregate = registered(ctx, name);
  if (aggregate === undefined) throw new TypeError(`${JSON.stringify(name)} is not a registered aggregate.`);
  return aggregate;
}

/**
 * Checks that every KPI and chart can be aggregated in SQL: registered aggregates (with their SQL),
 * known columns, aggregates of numbers on number columns only. Throws a `TypeError` (a
 * configuration error of the server, not of a caller); an unregistered aggregate is refused here,
 * never computed as another.
 */
export function checkAggregateSpecs(ctx: Pick<AggregateContext, 'columns' | 'aggregates' | 'aggregateSql'>, request: SqlAggregateRequest): void {
  const known = (aggregate: string, what: string): Aggregate => {
    const found = registered(ctx, aggregate);
    if (found === undefined) throw new TypeError(`${what} asks for the aggregate ${JSON.stringify(aggregate)}, which is not registered (src/core/aggregates.ts).`);
    return found;
  };
  const need = (key: string, aggregate: string, what: string): void => {
    const { entry } = known(aggregate, what);
    const column = ctx.columns.get(key);
    if (column === undefined) throw new TypeError(`${what} reads the column ${JSON.stringify(key)}, which the row source does not serve.`);
    if (!countsCells(entry.accumulator) && column.type !== 'number') throw new TypeError(`${what} takes the ${aggregate} of ${JSON.stringify(key)}, which is not a number column.`);
  };
  for (const kpi of (request.kpis ?? []).map(kpiOf)) {
    const what = `The KPI ${JSON.stringify(kpi.label)}`;
    if (kpi.columnKey !== null) need(kpi.columnKey, kpi.aggregate, what);
    else known(kpi.aggregate, what);
  }
  for (const chart of (request.charts ?? []).map((c) => chartOf(c, request.columns))) {
    const what = `The chart ${JSON.stringify(chart.id)}`;
    // The chart's own aggregate, also for a chart without series (which counts rows).
    known(chart.aggregate, what);
    need(chart.xKey, 'count', what);
    for (const key of chartPlottedKeys(chart)) need(key, chart.aggregate, what);
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

/**
 * One aggregate of a column over the current group (the whole set, or a category): the registry
 * entry's SQL for the dialect, with Kysely's `sql` as its template tag. `empty` is what a group
 * without numbers gives (see `AggregateSqlInput`).
 */
function aggregateSql(ctx: AggregateContext, aggregate: Aggregate, column: SqlColumn | null, empty: 'own' | 'null'): RawBuilder<unknown> {
  if (column === null) return sql`COUNT(*)`;
  const build = ctx.dialect === 'sqlite' ? aggregate.sql.sqlite : aggregate.sql.postgres;
  return build<RawBuilder<unknown>>(sql, { value: refOf(column), present: presentSql(column), empty });
}

/** How many cells an aggregate looked at (`ResolvedKpi.sampleSize`): present cells for counts, numbers otherwise. */
function sampleSql(entry: AggregateDefinition, column: SqlColumn | null): RawBuilder<unknown> {
  if (column === null) return sql`COUNT(*)`;
  return countsCells(entry.accumulator) ? sql`COUNT(CASE WHEN ${presentSql(column)} THEN 1 END)` : sql`COUNT(${refOf(column)})`;
}

/**
 * The exact median of the `count` numbers of `column` over the whole table, read in value order:
 * the middle value, or the mean of the two middle values (`ORDER BY x LIMIT 1|2 OFFSET (n - 1) / 2`).
 * With an index on the column the database walks half of it instead of sorting the table (on a
 * million rows a few milliseconds instead of a second). For an aggregate whose entry says
 * `fromMiddleValues` (a median); the result is the entry's `reduce` of the middle values.
 */
async function middleValuesByWalk(ctx: AggregateContext, entry: AggregateDefinition, column: SqlColumn, count: number): Promise<number | null> {
  if (count <= 0) return null;
  const ref = refOf(column);
  const middle = await sql<{ v: unknown }>`SELECT ${ref} AS v FROM ${sql.table(ctx.table)} WHERE ${ref} IS NOT NULL ORDER BY ${ref} LIMIT ${2 - (count % 2)} OFFSET ${Math.floor((count - 1) / 2)}`.execute(ctx.db);
  const values = middle.rows.map((row) => numberOrNull(row.v)).filter((v): v is number => v !== null);
  return reduceNumbers(entry, values);
}

/**
 * The distinct present values of a categorical column in the filtered set: all of them, read from
 * the index alone, over the whole table; under a filter those for which one matching row exists
 * (one index probe per value, which finds a row at once unless the filter keeps few rows of it).
 */
async function categoricalDistinct(ctx: AggregateContext, where: RawBuilder<boolean>, column: SqlColumn): Promise<number> {
  const present: ValueTest = (value) => sql<boolean>`(CAST(${value} AS text) <> '')`;
  if (matchesEveryRow(where)) {
    const values = distinctValuesSql(ctx, column, present, false);
    const result = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM (${values}) AS present_values`.execute(ctx.db);
    return Number(result.rows[0]?.n ?? 0);
  }
  const ref = refOf(column);
  const found: ValueTest = (value) => sql<boolean>`(${present(value)} AND EXISTS (SELECT 1 FROM ${sql.table(ctx.table)} WHERE ${ref} = ${value} AND ${where}))`;
  const values = distinctValuesSql(ctx, column, found, false);
  const result = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM (${values}) AS found_values`.execute(ctx.db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Whether a categorical column has no empty cell in the whole table (no NULL, no value that reads
 * as ''). Then the present cells of any set are its rows, and `count`/`count_distinct` KPIs of the
 * column take their count from `COUNT(*)` instead of a cast and a comparison per row (on SQLite a
 * fifth of a million-row KPI statement). Read through the column's index: one probe for NULL and
 * a loose scan of the distinct values, just before the statement (as the listed values are).
 */
async function alwaysPresent(ctx: AggregateContext, column: SqlColumn): Promise<boolean> {
  const ref = refOf(column);
  const emptyValues = distinctValuesSql(ctx, column, (value) => sql<boolean>`(CAST(${value} AS text) = '')`, false);
  const result = await sql<{ empty: number | string; nulls: number | string }>`SELECT (SELECT COUNT(*) FROM (${emptyValues}) AS empty_values) AS empty, (SELECT COUNT(*) FROM (SELECT 1 AS one FROM ${sql.table(ctx.table)} WHERE ${ref} IS NULL LIMIT 1) AS null_cells) AS nulls`.execute(ctx.db);
  const row = result.rows[0];
  return row !== undefined && Number(row.empty) === 0 && Number(row.nulls) === 0;
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The KPIs of the filtered set: one statement with every aggregate it can hold, then, apart, what is
 * cheaper apart: a median over the whole table walked in value order (on SQLite only when an index
 * serves that walk, else `grid_view_median` in the statement), and the `count_distinct` of a
 * categorical column read from its distinct values (a statement's `COUNT(DISTINCT …)` sorts or
 * hashes every row, and keeps PostgreSQL from aggregating in parallel).
 */
async function kpisOver(ctx: AggregateContext, where: RawBuilder<boolean>, specs: readonly KpiSpec[], request: SqlAggregateRequest): Promise<{ kpis: ResolvedKpi[]; rowCount: number }> {
  const everything = matchesEveryRow(where);
  const columnOf = (kpi: KpiSpec): SqlColumn | null => (kpi.columnKey === null ? null : (ctx.columns.get(kpi.columnKey) as SqlColumn));
  const entries = specs.map((kpi) => entryOf(ctx, kpi.aggregate));
  const apart = await Promise.all(
    specs.map(async (kpi, i): Promise<'walk' | 'distinct' | null> => {
      const column = columnOf(kpi);
      const { entry, sql: sqlOf } = entries[i] as Aggregate;
      if (column === null) return null;
      if (entry.accumulator === 'distinct' && column.categorical) return 'distinct';
      if (sqlOf.fromMiddleValues === true && everything && (ctx.dialect === 'postgres' || (await ctx.walksIndex(column)))) return 'walk';
      return null;
    }),
  );
  const full = new Map<string, boolean>();
  for (const [i, kpi] of specs.entries()) {
    const column = columnOf(kpi);
    if (column?.categorical && countsCells((entries[i] as Aggregate).entry.accumulator) && !full.has(column.key)) full.set(column.key, await alwaysPresent(ctx, column));
  }
  const selections = specs.flatMap((kpi, i) => {
    const column = columnOf(kpi);
    const aggregate = entries[i] as Aggregate;
    // Every row holds a value of this column: its present cells are the rows.
    const rows = column !== null && full.get(column.key) === true;
    const value = apart[i] !== null ? sql`NULL` : rows && aggregate.entry.accumulator === 'count' ? sql`COUNT(*)` : aggregateSql(ctx, aggregate, column, 'own');
    return [value.as(`v${i}`), (rows ? sql`COUNT(*)` : sampleSql(aggregate.entry, column)).as(`n${i}`)];
  });
  // The set's size rides along (the client's record counter and the source's count cache read it).
  const row = (await ctx.db.selectFrom(ctx.table).select([...selections, sql`COUNT(*)`.as('rows')]).where(where).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const format = { locale: request.locale, currency: request.currency };
  const resolved: ResolvedKpi[] = [];
  for (const [i, kpi] of specs.entries()) {
    let value = numberOrNull(row[`v${i}`]);
    let sample = Number(row[`n${i}`] ?? 0);
    if (apart[i] === 'walk') value = await middleValuesByWalk(ctx, (entries[i] as Aggregate).entry, columnOf(kpi) as SqlColumn, sample);
    // No present cell, no distinct value: nothing to look up.
    else if (apart[i] === 'distinct') value = sample === 0 ? 0 : await categoricalDistinct(ctx, where, columnOf(kpi) as SqlColumn);
    // A KPI without a column counts rows; any other aggregate without one has no value, as in the core.
    if (kpi.columnKey === null && (entries[i] as Aggregate).entry.accumulator !== 'count') {
      value = null;
      sample = 0;
    }
    resolved.push(resolveKpiValue(kpi, value, sample, format));
  }
  return { kpis: resolved, rowCount: Number(row.rows ?? 0) };
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
  const aggregate = entryOf(ctx, chart.aggregate);
  const series: (SqlColumn | null)[] = keys.length === 0 ? [null] : keys.map((key) => ctx.columns.get(key) as SqlColumn);
  const selections = [
    sql`${x}`.as('x'),
    // First occurrence in the table's order (the tie-breaker), as the browser meets categories.
    sql`MIN(${refOf(ctx.tie)})`.as('first'),
    ...series.map((column, i) => aggregateSql(ctx, aggregate, column, 'null').as(`v${i}`)),
  ];
  const rows = (await ctx.db.selectFrom(ctx.table).select(selections).where(where).groupBy(sql`1`).orderBy(sql`2`).execute()) as Record<string, unknown>[];
  const categories = rows.map((row) => categoryLabel(xColumn.type === 'number' ? numberOrNull(row.x) : row.x));
  const values = series.map((_, i) => rows.map((row) => numberOrNull(row[`v${i}`])));
  return chartRuntimeFromGroups(chart, { categories, values }, { columns: request.columns, countLabel: request.countLabel }, ctx.aggregates ?? AGGREGATES);
}

/** KPIs and charts of the filtered set `where`. */
export async function aggregateOver(ctx: AggregateContext, where: RawBuilder<boolean>, request: SqlAggregateRequest): Promise<SqlAggregateResult> {
  const { kpis, rowCount } = await kpisOver(ctx, where, (request.kpis ?? []).map(kpiOf), request);
  const charts: ChartRuntime[] = [];
  for (const chart of (request.charts ?? []).map((c) => chartOf(c, request.columns))) charts.push(await chartOver(ctx, where, chart, request));
  return { kpis, charts, rowCount };
}
