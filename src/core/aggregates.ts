/**
 * The aggregates of KPIs and charts: one registry, the single source of truth. The `KpiAggregate`
 * union, the spec's enum (`SPEC_ENUMS.aggregate`, which the JSON Schema's enums are tested equal
 * to), the parser's rules, `resolveKpis`, the chart runtime, the server's SQL aggregation and the
 * KPI cards' names all read it, so adding an aggregate is its entry here (in `AGGREGATES`, and its
 * SQL in `AGGREGATE_SQL`, which browser bundles leave out) plus its catalog key in `i18n/en.ts` and
 * `i18n/uk.ts` (docs/contributing.md, "Add an aggregate").
 *
 * What every aggregate shares, whatever its entry says:
 *
 * - Empty cells are null, undefined (a missing key), '' and NaN; they never take part. `0`, `false`
 *   and `" "` are values.
 * - Numbers are finite numbers, safe bigints and numeric strings read in the view's locale
 *   (`parseLocaleNumber`); booleans, NaN and ±Infinity are not numbers. `reduce` only ever sees
 *   finite numbers.
 * - A chart category without a number is a gap (null) for every aggregate of numbers, whatever
 *   `reduce` gives for none (a bar of "sum of nothing" would claim a zero the rows do not hold); a
 *   KPI shows what `reduce` gives for none (`sum` 0, `avg` null as "—").
 * - A result that is not finite (a sum that overflowed) is null, and -0 is 0.
 *
 * An unknown name is refused where it enters: by the parser (`invalid_enum` with the field's path),
 * by `resolveKpis` and the chart runtime (a `GridViewSpecError` naming the KPI or chart) and by the
 * SQL row source (a `TypeError`, a configuration error of the server). Nothing falls back to
 * another aggregate.
 *
 * Tests use a scratch registry (`{ ...AGGREGATES, mine: {...} }`, and `{ ...AGGREGATE_SQL, mine }`
 * for SQL) passed to the consumers' internal seams; the registry itself is frozen and never changes
 * at run time.
 *
 * @module
 */
import { GridViewSpecError } from './errors';
import type { MessageKey } from './i18n/en';
import { meanOf, medianOf } from './aggregates/reduce';

/**
 * How the engines gather an aggregate in their one pass over the rows. Each is a specialised loop
 * of `resolveKpis` and of the chart runtime (so the hot paths stay a few operations per cell); an
 * aggregate names the cheapest one that gives it.
 *
 * - `count`: non-empty cells (0 for none). Without a column a KPI counts rows.
 * - `distinct`: distinct non-empty cells, compared with SameValueZero (`1` and `"1"` are two values,
 *   `0` and `-0` one), Dates by instant, other objects by identity (0 for none).
 * - `sum`: a running sum of the numbers.
 * - `mean`: the overflow-safe mean of the numbers (`meanOf`; KPIs keep a running sum and read the
 *   rows again only when it overflowed).
 * - `min`, `max`: a running extreme of the numbers.
 * - `collect`: the numbers themselves, handed to `reduce` at the end (8 bytes a number).
 */
export type AggregateAccumulator = 'count' | 'distinct' | 'sum' | 'mean' | 'min' | 'max' | 'collect';

/**
 * The accumulators as small integers: the one code table of the hot loops (the chart runtime's
 * per-cell switch compares these instead of strings; `resolveKpis` needs no codes, its pass tests
 * flags it sets from the accumulators before the pass).
 */
export const ACCUMULATOR_CODES = Object.freeze({
  count: 0,
  distinct: 1,
  sum: 2,
  mean: 3,
  min: 4,
  max: 5,
  collect: 6,
} as const satisfies Record<AggregateAccumulator, number>);

/** True for accumulators that count cells rather than read numbers (`count`, `distinct`). */
export function countsCells(accumulator: AggregateAccumulator): boolean {
  return accumulator === 'count' || accumulator === 'distinct';
}

/**
 * A tagged template that builds one SQL fragment from fragments (`S`). The server passes Kysely's
 * `sql`; the core never sees a SQL library, so an entry's SQL is plain text around its inputs.
 */
export type SqlTag<S> = (strings: TemplateStringsArray, ...values: S[]) => S;

/** What an aggregate's SQL is built from, for one column. */
export interface AggregateSqlInput<S> {
  /** The column, as a reference. */
  readonly value: S;
  /** A boolean: the cell holds a value (not NULL and, for text, not ''). */
  readonly present: S;
  /**
   * What a group without a number must give: `own` the aggregate's value of no numbers (a KPI: a
   * sum of nothing is 0), `null` NULL (a chart category: a gap).
   */
  readonly empty: 'own' | 'null';
}

/** An aggregate as SQL for one dialect: an aggregate expression over the current group. */
export type AggregateSql = <S>(sql: SqlTag<S>, input: AggregateSqlInput<S>) => S;

/** One aggregate as the engines see it (its SQL is its entry in `AGGREGATE_SQL`). */
export interface AggregateDefinition {
  /** Catalog key of its name as readers see it (the KPI card's tooltip), in every catalog. */
  readonly catalogKey: string;
  /** How the engines gather it (see `AggregateAccumulator`). */
  readonly accumulator: AggregateAccumulator;
  /**
   * The aggregate of finite numbers, edge cases stated in the entry; it may reorder `values`
   * (scratch space). `aggregate()` of kpi.ts, the `collect` and `mean` accumulators, the SQLite
   * function (`sqliteFunction`) and the server's median walk call it. For `count` and `distinct`
   * aggregates it counts numbers (what `aggregate()` is asked for), the engines count cells.
   */
  readonly reduce: (values: Float64Array) => number | null;
  /**
   * A total of its per-category values means something (a sum of sums, of counts), so a donut may
   * show it in its centre (`center_total`; ignored with a warning otherwise).
   */
  readonly additive: boolean;
}

/** One aggregate as the server's SQL row source computes it. */
export interface AggregateSqlDefinition {
  /** Its SQL per dialect; NULL (no number, or a result the database cannot give) is read as null. */
  readonly sqlite: AggregateSql;
  readonly postgres: AggregateSql;
  /**
   * Its value depends on the one or two middle numbers in value order only (a median): over a
   * whole table the server then reads just those, walking an index, and `reduce`s them.
   */
  readonly fromMiddleValues?: boolean;
  /**
   * A SQLite aggregate function of this name that `registerSqliteFunctions` adds, computing the
   * entry's `reduce` over a group's numbers, for aggregates SQLite lacks (`sqlite` calls it).
   */
  readonly sqliteFunction?: string;
}

/** A registry of aggregates by wire name (snake_case). */
export type AggregateRegistry = Readonly<Record<string, AggregateDefinition>>;

/** The SQL of a registry's aggregates, by the same names. */
export type AggregateSqlRegistry = Readonly<Record<string, AggregateSqlDefinition>>;

/** The built-in entries: every catalog key must exist (a compile error otherwise). */
type BuiltIn = AggregateDefinition & { readonly catalogKey: MessageKey };

/** The same SQL for both dialects (standard SQL both databases run alike). */
export function anyDialect(build: AggregateSql): AggregateSqlDefinition {
  return { sqlite: build, postgres: build };
}

/**
 * Every aggregate of the core, in documentation order (the spec's enum and the JSON Schema list
 * them in this order). Frozen, entries too.
 */
export const AGGREGATES = deepFreeze({
  /** Non-empty cells; without `column_key` a KPI counts rows and a chart rows per category. 0 for none. */
  count: { catalogKey: 'kpi.aggregate.count', accumulator: 'count', reduce: (values) => values.length, additive: true },
  /** Distinct non-empty cells (see `distinct`); 0 for none. Distinct counts of parts do not add up. */
  count_distinct: { catalogKey: 'kpi.aggregate.count_distinct', accumulator: 'distinct', reduce: (values) => new Set(values).size, additive: false },
  /** The sum of the numbers: 0 for none (a KPI), null when it overflows to ±Infinity. */
  sum: { catalogKey: 'kpi.aggregate.sum', accumulator: 'sum', reduce: (values) => values.reduce((sum, value) => sum + value, 0), additive: true },
  /** The mean of the numbers, null for none; never overflows (the mean of finite values is finite). */
  avg: { catalogKey: 'kpi.aggregate.avg', accumulator: 'mean', reduce: (values) => (values.length === 0 ? null : meanOf(values)), additive: false },
  /** The smallest number, null for none. */
  min: { catalogKey: 'kpi.aggregate.min', accumulator: 'min', reduce: (values) => (values.length === 0 ? null : values.reduce((min, value) => (value < min ? value : min))), additive: false },
  /** The largest number, null for none. */
  max: { catalogKey: 'kpi.aggregate.max', accumulator: 'max', reduce: (values) => (values.length === 0 ? null : values.reduce((max, value) => (value > max ? value : max))), additive: false },
  /** The middle number, or the mean of the two middle numbers for an even count (never overflows); null for none. */
  median: { catalogKey: 'kpi.aggregate.median', accumulator: 'collect', reduce: (values) => (values.length === 0 ? null : medianOf(values)), additive: false },
} as const satisfies Record<string, BuiltIn>);

/**
 * Each aggregate's SQL, under its name: a record of its own beside `AGGREGATES` because only the
 * server runs SQL, so browser bundles leave it out (nothing they load reads it); `satisfies` makes
 * a missing or stray name a compile error, so an aggregate without its SQL cannot be added.
 */
export const AGGREGATE_SQL = /* @__PURE__ */ Object.freeze({
  count: /* @__PURE__ */ anyDialect((sql, { present }) => sql`COUNT(CASE WHEN ${present} THEN 1 END)`),
  count_distinct: /* @__PURE__ */ anyDialect((sql, { value, present }) => sql`COUNT(DISTINCT CASE WHEN ${present} THEN ${value} END)`),
  sum: {
    // SQLite's SUM fails on integer overflow; TOTAL sums in doubles, as JavaScript does.
    sqlite: (sql, { value, empty }) => (empty === 'own' ? sql`TOTAL(${value})` : sql`CASE WHEN COUNT(${value}) = 0 THEN NULL ELSE TOTAL(${value}) END`),
    postgres: (sql, { value, empty }) => (empty === 'own' ? sql`COALESCE(SUM(${value}), 0)` : sql`SUM(${value})`),
  },
  avg: /* @__PURE__ */ anyDialect((sql, { value }) => sql`AVG(${value})`),
  min: /* @__PURE__ */ anyDialect((sql, { value }) => sql`MIN(${value})`),
  max: /* @__PURE__ */ anyDialect((sql, { value }) => sql`MAX(${value})`),
  // Exact on both: PostgreSQL's percentile_cont(0.5) interpolates the core's mean of the two middle
  // numbers; SQLite has no median and gets the core's own as `grid_view_median`.
  median: {
    sqlite: (sql, { value }) => sql`grid_view_median(${value})`,
    postgres: (sql, { value }) => sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value})`,
    fromMiddleValues: true,
    sqliteFunction: 'grid_view_median',
  },
} as const satisfies Record<AggregateName, AggregateSqlDefinition>);

/** The name of an aggregate of the core (the wire spec's `aggregate`; `KpiAggregate` in types). */
export type AggregateName = keyof typeof AGGREGATES;

/** Every aggregate name, in registry order. */
export const AGGREGATE_NAMES: readonly AggregateName[] = Object.freeze(Object.keys(AGGREGATES) as AggregateName[]);

/**
 * The entry of `name` in `registry`, or undefined. Own entries only: `constructor` or `__proto__`
 * is no aggregate even though every object inherits it.
 */
export function findAggregate(registry: AggregateRegistry, name: unknown): AggregateDefinition | undefined {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
}

/**
 * The entry of `name`, or a `GridViewSpecError` (`invalid_enum` at `path`, listing the registered
 * names): for the engines, which accept unchecked wire specs and must not guess what an unknown
 * aggregate meant.
 */
export function requireAggregate(registry: AggregateRegistry, name: unknown, path: string): AggregateDefinition {
  const entry = findAggregate(registry, name);
  if (entry !== undefined) return entry;
  const known = Object.keys(registry)
    .map((n) => `"${n}"`)
    .join(', ');
  throw new GridViewSpecError([{ code: 'invalid_enum', path, message: `${path} must be one of ${known}; got ${JSON.stringify(String(name))}.` }]);
}

/**
 * `entry.reduce` over the finite numbers of `values` (anything else is skipped, as the engines skip
 * it), with the registry's result rules: a result that is not finite is null, -0 is 0.
 */
export function reduceNumbers(entry: AggregateDefinition, values: readonly number[]): number | null {
  const finite = new Float64Array(values.length);
  let length = 0;
  for (const value of values) if (typeof value === 'number' && value - value === 0) finite[length++] = value;
  const result = entry.reduce(finite.subarray(0, length));
  return result === null || !Number.isFinite(result) ? null : result + 0;
}

function deepFreeze<T extends Record<string, object>>(registry: T): T {
  for (const entry of Object.values(registry)) Object.freeze(entry);
  return Object.freeze(registry);
}
