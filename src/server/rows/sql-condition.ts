/**
 * The pieces every SQL filter condition is built of: the checked columns and the translation's
 * context, conditions that are TRUE or FALSE and never NULL (`and`, `or`, `not` fold the constants
 * away), the cell of a column, numbers as parameters, and `cellTestSql`, the per-cell test that
 * reads a categorical column's distinct values once.
 *
 * Identifiers come only from the source's column list (`sql.ref` of a checked name); every value of
 * a request is a parameter.
 *
 * @module
 */
import { sql, type RawBuilder } from 'kysely';
import type { ValueFormat } from '../../core/types';
import type { SqlDialectName } from '../store/schema';
import type { SqlOperatorRegistry } from './sql-operators';
import { trimSql } from './sql-text';

/** A column of a SQL row source after checking. */
export interface SqlColumn {
  /** Key in requests and answers. */
  readonly key: string;
  /** Name of the SQL column (checked: letters, digits and `_`). */
  readonly column: string;
  readonly type: 'text' | 'number' | 'date';
  readonly label: string;
  readonly format: ValueFormat;
  readonly sortable: boolean;
  readonly filterable: boolean;
  readonly searchable: boolean;
  /** Text tests run once per distinct value, read through the column's index (`SqlRowSourceColumn.categorical`). */
  readonly categorical: boolean;
}

/** What a translation needs besides the query. */
export interface SqlFilterContext {
  readonly dialect: SqlDialectName;
  /** The table (categorical columns read their distinct values from it). */
  readonly table: string;
  readonly columns: ReadonlyMap<string, SqlColumn>;
  /** Searchable columns in column order (quick search and `label:` scopes). */
  readonly searchable: readonly SqlColumn[];
  /** Locale of number terms (`2 500,5` under `uk`). */
  readonly locale: string | undefined;
  /**
   * The values of a categorical column a test keeps, read beforehand: given the query that lists
   * them (each row `{ v }`, on PostgreSQL as text), the list, or null to select by the subquery
   * itself. The row source runs the translation twice, first collecting these queries.
   */
  readonly categoricalValues?: (query: RawBuilder<{ v: unknown }>) => readonly unknown[] | null;
  /**
   * SQLite only: write listed values as `+x IN (…)`, which keeps the planner off the column's index,
   * so a sorted block walks the sort's index instead (the source decides when that is cheaper).
   */
  readonly walkSortIndex?: boolean;
  /**
   * PostgreSQL only: write a categorical test that keeps exactly one value as `x IN (v, v)`, which
   * the planner does not take for `x = v` (a constant it would drop from an ORDER BY), so a block
   * ordered by x first and then by the sort can be read through an index on (x, sort…).
   */
  readonly singleValueAsList?: boolean;
  /**
   * PostgreSQL only: the date columns (by SQL name) whose type is `date`, `timestamp` or
   * `timestamptz`. Their date filters compare the column itself (`d >= '2024-03-05'`), which a
   * plain index on it serves; others compare the day of their text (`daySql`).
   */
  readonly nativeDays?: ReadonlyMap<string, NativeDayType>;
  /** The filter operators (`SQL_OPERATORS`, the built-in ones, when absent; a test's scratch registry). */
  readonly operators?: SqlOperatorRegistry;
}

/** A PostgreSQL type whose values a date filter compares natively (see `SqlFilterContext.nativeDays`). */
export type NativeDayType = 'date' | 'timestamp' | 'timestamptz';

/** Most values of a categorical column a condition lists as parameters; beyond, it selects by a subquery. */
export const MAX_LISTED_VALUES = 1000;

/** A condition that is TRUE or FALSE, never NULL. */
export type Condition = RawBuilder<boolean>;

/** Every row. */
export const TRUE: Condition = sql<boolean>`(1 = 1)`;
/** No row. */
export const FALSE: Condition = sql<boolean>`(1 = 0)`;

/** True for the condition of a query with no filter and no search (every row matches). */
export function matchesEveryRow(condition: RawBuilder<boolean>): boolean {
  return condition === TRUE;
}

/** The cell of a column as SQL. */
export function refOf(column: SqlColumn): RawBuilder<unknown> {
  return sql`${sql.ref(column.column)}`;
}

/**
 * A number of a request as a SQL value. On PostgreSQL a bare parameter takes the column's type, so
 * `int_column > 2.5` would fail to parse 2.5 as an integer, and 3e9 would overflow an `integer`
 * column: whole numbers go as `bigint` (compared with any integer column by the same btree operator
 * family, so an index on the column still serves them) and all others as `double precision` (the
 * browser compares doubles too). SQLite compares any number with any number.
 */
export function numberValueSql(ctx: Pick<SqlFilterContext, 'dialect'>, value: number): RawBuilder<number> {
  if (ctx.dialect !== 'postgres') return sql<number>`${value}`;
  return Number.isSafeInteger(value) ? sql<number>`CAST(${value} AS bigint)` : sql<number>`CAST(${value} AS double precision)`;
}

/**
 * A cell as the source answers it. A date column on PostgreSQL is read as its text (`2024-03-05`,
 * `2024-03-05 10:30:00`): the driver would turn a `date` into a JavaScript Date at local midnight,
 * which JSON then shifts to UTC, and the filters compare that same text.
 */
export function cellSql(dialect: SqlDialectName, column: SqlColumn): RawBuilder<unknown> {
  return dialect === 'postgres' && column.type === 'date' ? sql`CAST(${refOf(column)} AS text)` : refOf(column);
}

/**
 * Conditions that hold only for rows whose categorical column holds one value (a test that kept a
 * single value, alone or in an AND), with those columns. `or` of one part returns the part, so the
 * mark survives constants folded away; any other OR or NOT loses it.
 */
const singleValued = new WeakMap<Condition, readonly SqlColumn[]>();

/** The categorical columns a condition keeps at one value each (see `singleValued`). */
export function singleValueColumns(condition: RawBuilder<boolean>): readonly SqlColumn[] {
  return singleValued.get(condition) ?? [];
}

// The constants fold away, so a test no categorical value passes leaves no dead branch to the planner.
/** All of the parts (TRUE for none). */
export function and(all: readonly Condition[]): Condition {
  if (all.includes(FALSE)) return FALSE;
  const parts = all.filter((part) => part !== TRUE);
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0] as Condition;
  const joined = sql<boolean>`(${sql.join(parts, sql` AND `)})`;
  const pinned = parts.flatMap((part) => singleValued.get(part) ?? []);
  if (pinned.length > 0) singleValued.set(joined, pinned);
  return joined;
}


/** One of the parts (FALSE for none). */
export function or(all: readonly Condition[]): Condition {
  if (all.includes(TRUE)) return TRUE;
  const parts = all.filter((part) => part !== FALSE);
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0] as Condition;
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}

/** The opposite of a condition. */
export function not(part: Condition): Condition {
  if (part === TRUE) return FALSE;
  if (part === FALSE) return TRUE;
  return sql<boolean>`(NOT ${part})`;
}

/** A test of one non-NULL value: TRUE or FALSE, never NULL. */
export type ValueTest = (value: RawBuilder<unknown>) => Condition;

/** Name of the recursive query that lists a categorical column's distinct values (no table may have it). */
export const DISTINCT_VALUES_NAME = 'grid_view_distinct';

/**
 * The distinct non-NULL values of a categorical column for which `test` holds. A loose index scan:
 * the smallest value, then each time the smallest value above the last, so with an index whose first
 * column is this one it costs one index probe per distinct value, however many rows hold each
 * (without such an index every probe scans the table: `categorical` needs the index).
 */
export function distinctValuesSql(ctx: Pick<SqlFilterContext, 'dialect' | 'table'>, column: SqlColumn, test: ValueTest, listed: boolean): RawBuilder<{ v: unknown }> {
  const col = sql.ref(column.column);
  const table = sql.table(ctx.table);
  const name = sql.table(DISTINCT_VALUES_NAME);
  const v = sql.ref(`${DISTINCT_VALUES_NAME}.v`);
  // A list read beforehand is bound back as parameters: on PostgreSQL as text, which the column's
  // type reads back exactly (a date as a date, not a JavaScript Date in the local time zone).
  const out = listed && ctx.dialect === 'postgres' ? sql`CAST(${v} AS text)` : v;
  const limit = listed ? sql` LIMIT ${MAX_LISTED_VALUES + 1}` : sql``;
  return sql<{ v: unknown }>`WITH RECURSIVE ${name}(v) AS (SELECT MIN(${col}) FROM ${table} UNION ALL SELECT (SELECT MIN(${col}) FROM ${table} WHERE ${col} > ${v}) FROM ${name} WHERE ${v} IS NOT NULL) SELECT ${out} AS v FROM ${name} WHERE ${v} IS NOT NULL AND ${test(v)}${limit}`;
}

/**
 * A per-cell test: `whenNull` for a NULL cell, `test` of the value otherwise. A categorical column
 * evaluates `test` once per distinct value, and then selects rows by value: the source reads the
 * values a test keeps first (`categoricalValues`) and lists them (`x IN (?, ?)`), so the planner
 * sees real values (its statistics, the column's index, nothing for a test no value passes); past
 * `MAX_LISTED_VALUES`, or without a reader, by the subquery itself (`x IN (…)`; on PostgreSQL
 * `x = ANY(ARRAY(…))`, an index condition too). Any other column evaluates `test` on every row.
 * All give the same rows: the test depends on the value alone.
 */
export function cellTestSql(ctx: SqlFilterContext, column: SqlColumn, whenNull: boolean, test: ValueTest): Condition {
  const ref = refOf(column);
  // A test that is the same for every value (a blank test of a number column, `contains` of no
  // word) needs neither the values nor a test per row.
  const probe = test(ref);
  if (probe === TRUE) return whenNull ? TRUE : sql<boolean>`(${ref} IS NOT NULL)`;
  if (probe === FALSE) return whenNull ? sql<boolean>`(${ref} IS NULL)` : FALSE;
  if (!column.categorical) return whenNull ? sql<boolean>`(${ref} IS NULL OR ${probe})` : sql<boolean>`(${ref} IS NOT NULL AND ${probe})`;
  const listed = ctx.categoricalValues?.(distinctValuesSql(ctx, column, test, true)) ?? null;
  let inSet: Condition;
  if (listed !== null && listed.length <= MAX_LISTED_VALUES) {
    if (listed.length === 0) return whenNull ? sql<boolean>`(${ref} IS NULL)` : FALSE;
    const target = ctx.walkSortIndex === true && ctx.dialect === 'sqlite' ? sql`+${ref}` : ref;
    const values = listed.length === 1 && ctx.singleValueAsList === true && ctx.dialect === 'postgres' ? [listed[0], listed[0]] : listed;
    inSet = sql<boolean>`${target} IN (${sql.join(values.map((value) => sql`${value}`))})`;
    if (listed.length === 1 && !whenNull) {
      const kept = sql<boolean>`(${ref} IS NOT NULL AND ${inSet})`;
      singleValued.set(kept, [column]);
      return kept;
    }
  } else {
    const matching = distinctValuesSql(ctx, column, test, false);
    inSet = ctx.dialect === 'postgres' ? sql<boolean>`${ref} = ANY(ARRAY(${matching}))` : sql<boolean>`${ref} IN (${matching})`;
  }
  // `NULL IN (…)` is NULL, not FALSE: the NULL case is spelt out so NOT and OR combine as in the core.
  return whenNull ? sql<boolean>`(${ref} IS NULL OR ${inSet})` : sql<boolean>`(${ref} IS NOT NULL AND ${inSet})`;
}

/** A non-NULL value is blank: only whitespace (a number never is). */
export function blankValueSql(ctx: Pick<SqlFilterContext, 'dialect'>, column: SqlColumn): ValueTest {
  if (column.type === 'number') return () => FALSE;
  return (value) => sql<boolean>`(${trimSql(ctx.dialect, value)} = '')`;
}

