/**
 * A row-source query (filter model, quick search) as one SQL condition. The semantics are the
 * core's (src/core/data-grid/filter-eval.ts and the search language): every operation is written so
 * that it is TRUE or FALSE, never NULL, so `NOT`, `AND` and `OR` combine them as the core does
 * (a NULL cell holds no text and no number: `contains` is false, `notContains` true).
 *
 * Identifiers come only from the source's column list (`sql.ref` of a checked name); every value of
 * a request is a parameter.
 *
 * @module
 */
import { sql, type RawBuilder } from 'kysely';
import type { CompileQueryColumn } from '../../core/search/compile';
import { compileQuery } from '../../core/search/compile';
import type { SearchNumberTerm, SearchQueryAst, SearchTextTerm } from '../../core/search/types';
import { normaliseSearchText, queryTerms } from '../../core/table-model/search-text';
import type {
  ColumnFilterModel,
  DateFilterCondition,
  GridFilterModel,
  NumberFilterCondition,
  TextFilterCondition,
  ValuesColumnFilter,
} from '../../core/data-grid/types';
import type { ValueFormat } from '../../core/types';
import type { SqlDialectName } from '../store/schema';
import { escapeLike, foldSql, likeSql, trimSql } from './sql-text';

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
}

/** A PostgreSQL type whose values a date filter compares natively (see `SqlFilterContext.nativeDays`). */
export type NativeDayType = 'date' | 'timestamp' | 'timestamptz';

/** The PostgreSQL type of a `format_type` text, when a date filter compares it natively. */
export function nativeDayType(formatted: string): NativeDayType | null {
  if (formatted === 'date') return 'date';
  const match = /^timestamp(?:\(\d+\))? with(out)? time zone$/.exec(formatted);
  if (match === null) return null;
  return match[1] === 'out' ? 'timestamp' : 'timestamptz';
}

/** Most values of a categorical column a condition lists as parameters; beyond, it selects by a subquery. */
export const MAX_LISTED_VALUES = 1000;

type Condition = RawBuilder<boolean>;

const TRUE: Condition = sql<boolean>`(1 = 1)`;
const FALSE: Condition = sql<boolean>`(1 = 0)`;

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
function and(all: readonly Condition[]): Condition {
  if (all.includes(FALSE)) return FALSE;
  const parts = all.filter((part) => part !== TRUE);
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0] as Condition;
  const joined = sql<boolean>`(${sql.join(parts, sql` AND `)})`;
  const pinned = parts.flatMap((part) => singleValued.get(part) ?? []);
  if (pinned.length > 0) singleValued.set(joined, pinned);
  return joined;
}



function or(all: readonly Condition[]): Condition {
  if (all.includes(TRUE)) return TRUE;
  const parts = all.filter((part) => part !== FALSE);
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0] as Condition;
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}

function not(part: Condition): Condition {
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
function cellTestSql(ctx: SqlFilterContext, column: SqlColumn, whenNull: boolean, test: ValueTest): Condition {
  const ref = refOf(column);
  if (!column.categorical) return whenNull ? sql<boolean>`(${ref} IS NULL OR ${test(ref)})` : sql<boolean>`(${ref} IS NOT NULL AND ${test(ref)})`;
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
function blankValueSql(ctx: SqlFilterContext, column: SqlColumn): ValueTest {
  if (column.type === 'number') return () => FALSE;
  return (value) => sql<boolean>`(${trimSql(ctx.dialect, value)} = '')`;
}

/**
 * The whole WHERE condition of a query: every column filter and the quick search. `skip` leaves one
 * column's filter out (the values checklist of that column shows the values under the others).
 */
export function whereSql(ctx: SqlFilterContext, filterModel: GridFilterModel | null, quickFilter: string, skip?: string): Condition {
  const parts: Condition[] = [];
  for (const [key, filter] of Object.entries(filterModel ?? {})) {
    if (key === skip) continue;
    const column = ctx.columns.get(key);
    // The route checked every key against the whitelist; a stale key here is a programming error.
    if (column === undefined) throw new Error(`Unknown column ${key} reached the SQL translation.`);
    parts.push(columnFilterSql(ctx, column, filter));
  }
  if (quickFilter.trim() !== '' && ctx.searchable.length > 0) {
    const columns: CompileQueryColumn[] = ctx.searchable.map((c) => ({ key: c.key, label: c.label }));
    const ast = compileQuery(quickFilter, { columns, locale: ctx.locale }).ast;
    if (ast.groups.length > 0) parts.push(searchSql(ctx, ast, ctx.searchable));
  }
  return and(parts);
}

/**
 * One column's filter. As in the core (`compileFilterModel`), only a lone `contains` on a searchable
 * column reads its text in the search language; inside combined conditions every operation is the
 * plain per-cell test (`contains`: every word occurs).
 */
export function columnFilterSql(ctx: SqlFilterContext, column: SqlColumn, filter: ColumnFilterModel, combined = false): Condition {
  if (filter.filterType === 'values') return valuesSql(ctx, column, filter);
  if ('conditions' in filter) {
    const parts = (filter.conditions as ColumnFilterModel[]).map((condition) => columnFilterSql(ctx, column, condition, true));
    return filter.operator === 'OR' ? or(parts) : and(parts);
  }
  switch (filter.filterType) {
    case 'text':
      return textSql(ctx, column, filter, combined);
    case 'number':
      return numberSql(ctx, column, filter);
    case 'date':
      return dateSql(ctx, column, filter);
  }
}

/** Blank as the core reads it: NULL, or text that is only whitespace. */
function blankSql(ctx: SqlFilterContext, column: SqlColumn): Condition {
  if (column.type === 'number') return sql<boolean>`(${refOf(column)} IS NULL)`;
  return cellTestSql(ctx, column, true, blankValueSql(ctx, column));
}

/** Not blank: a value that is not only whitespace. */
function notBlankSql(ctx: SqlFilterContext, column: SqlColumn): Condition {
  if (column.type === 'number') return sql<boolean>`(${refOf(column)} IS NOT NULL)`;
  const blank = blankValueSql(ctx, column);
  return cellTestSql(ctx, column, false, (value) => not(blank(value)));
}

/** The folded, trimmed text of a value (what equals/startsWith/endsWith compare). */
function foldedTrim(ctx: SqlFilterContext, value: RawBuilder<unknown>): RawBuilder<string> {
  // After the fold every whitespace run is one plain space, so SQL's space-only trim is JavaScript's.
  return sql<string>`trim(${foldSql(ctx.dialect, value)})`;
}

function textSql(ctx: SqlFilterContext, column: SqlColumn, condition: TextFilterCondition, combined: boolean): Condition {
  const query = condition.filter ?? '';
  const wanted = normaliseSearchText(query.trim());
  const blank = blankValueSql(ctx, column);
  /** Holds for a value that is not blank and passes `test`; never for NULL. */
  const present = (test: ValueTest): Condition => cellTestSql(ctx, column, false, (value) => and([not(blank(value)), test(value)]));
  /** Holds for NULL, a blank value, or a value that fails `test`. */
  const absentOr = (test: ValueTest): Condition => cellTestSql(ctx, column, true, (value) => or([blank(value), test(value)]));
  switch (condition.type) {
    case 'blank':
      return blankSql(ctx, column);
    case 'notBlank':
      return notBlankSql(ctx, column);
    case 'contains': {
      // As the local source: a searchable column's lone filter reads the text in the search language
      // (cell mode); a condition of a combined filter, or any other column, needs every word.
      if (column.searchable && !combined) {
        const ast = compileQuery(query, { mode: 'cell', locale: ctx.locale }).ast;
        return ast.groups.length === 0 ? TRUE : searchSql(ctx, ast, [column]);
      }
      return present(allTermsTest(ctx, query));
    }
    case 'notContains':
      return absentOr((value) => not(allTermsTest(ctx, query)(value)));
    case 'equals':
      return present((value) => sql<boolean>`(${foldedTrim(ctx, value)} = ${wanted})`);
    case 'notEqual':
      return absentOr((value) => sql<boolean>`(${foldedTrim(ctx, value)} <> ${wanted})`);
    case 'startsWith':
      return present((value) => likeSql(foldedTrim(ctx, value), `${escapeLike(wanted)}%`));
    case 'endsWith':
      return present((value) => likeSql(foldedTrim(ctx, value), `%${escapeLike(wanted)}`));
  }
}

/** Every whitespace-separated word of `query` occurs in the folded value (the core's `cellMatchesQuery`). */
function allTermsTest(ctx: SqlFilterContext, query: string): ValueTest {
  const terms = queryTerms(query);
  return (value) => {
    const folded = foldSql(ctx.dialect, value);
    return and(terms.map((term) => likeSql(folded, `%${escapeLike(term)}%`)));
  };
}

function numberSql(ctx: SqlFilterContext, column: SqlColumn, condition: NumberFilterCondition): Condition {
  const ref = refOf(column);
  const a = numberValueSql(ctx, condition.filter ?? 0);
  const low = numberValueSql(ctx, Math.min(condition.filter ?? 0, condition.filterTo ?? 0));
  const high = numberValueSql(ctx, Math.max(condition.filter ?? 0, condition.filterTo ?? 0));
  const compare = (test: RawBuilder<boolean>): Condition => sql<boolean>`(${ref} IS NOT NULL AND ${test})`;
  switch (condition.type) {
    case 'blank':
      return sql<boolean>`(${ref} IS NULL)`;
    case 'notBlank':
      return sql<boolean>`(${ref} IS NOT NULL)`;
    case 'equals':
      return compare(sql<boolean>`${ref} = ${a}`);
    case 'notEqual':
      return compare(sql<boolean>`${ref} <> ${a}`);
    case 'lessThan':
      return compare(sql<boolean>`${ref} < ${a}`);
    case 'lessThanOrEqual':
      return compare(sql<boolean>`${ref} <= ${a}`);
    case 'greaterThan':
      return compare(sql<boolean>`${ref} > ${a}`);
    case 'greaterThanOrEqual':
      return compare(sql<boolean>`${ref} >= ${a}`);
    case 'inRange':
      // Exclusive at both ends, bounds in either order (AG Grid's default, and the core's).
      return compare(sql<boolean>`${ref} > ${low} AND ${ref} < ${high}`);
  }
}

/**
 * The day of a date value (`YYYY-MM-DD`, its first ten characters) when its text starts with an ISO
 * day followed by nothing, a space or `T` (the core's `dayOf`), else NULL. The test is inside the
 * expression, not beside it, so that one index on this expression (`dayIndexExpression`) answers
 * a date filter whole: a separate test would run on every row the index finds (a regular
 * expression on each of a month's 40,000 sales costs PostgreSQL more than finding them).
 */
function daySql(ctx: Pick<SqlFilterContext, 'dialect'>, value: RawBuilder<unknown>): RawBuilder<string | null> {
  const text = sql`CAST(${value} AS text)`;
  const parts = DAY_PIECES[ctx.dialect].flatMap((piece, i) => (i === 0 ? [sql.raw(piece)] : [text, sql.raw(piece)]));
  return sql<string | null>`${sql.join(parts, sql``)}`;
}

const SQLITE_DAY_GLOB = '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]';

/**
 * The day expression of each dialect as the raw SQL around each place the cell's text goes, so
 * that the filters (`daySql`) and the index users create (`dayIndexExpression`) are one text.
 */
const DAY_PIECES: Readonly<Record<SqlDialectName, readonly string[]>> = {
  sqlite: ['(CASE WHEN ', ` GLOB '${SQLITE_DAY_GLOB}' OR `, ` GLOB '${SQLITE_DAY_GLOB}[ T]*' THEN substr(`, ', 1, 10) END)'],
  postgres: ['(CASE WHEN ', " ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}([ T]|$)' THEN substr(", ', 1, 10) END)'],
};

/**
 * The expression a date filter on `column` compares, as SQL text for `CREATE INDEX … ON table
 * (<expression>)`: with that index a date filter reads only the rows it keeps. The column name must
 * be a plain identifier (letters, digits, `_`); it is quoted here. On PostgreSQL a `date` or
 * `timestamp` column's text depends on the session's `DateStyle`, so PostgreSQL refuses the index
 * ("functions in index expression must be marked IMMUTABLE"): it serves text columns holding ISO days.
 */
export function dayIndexExpression(dialect: SqlDialectName, column: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(column)) throw new TypeError(`dayIndexExpression: ${JSON.stringify(column)} is not a plain column name.`);
  return DAY_PIECES[dialect].join(`CAST("${column}" AS text)`);
}

function dateSql(ctx: SqlFilterContext, column: SqlColumn, condition: DateFilterCondition): Condition {
  const from = (condition.dateFrom ?? '').slice(0, 10);
  const to = (condition.dateTo ?? '').slice(0, 10);
  // A categorical column tests each distinct value once already.
  const native = ctx.dialect === 'postgres' && !column.categorical ? ctx.nativeDays?.get(column.column) : undefined;
  if (native !== undefined && condition.type !== 'blank' && condition.type !== 'notBlank') {
    const compared = nativeDateSql(column, native, condition.type, from, to);
    if (compared !== null) return compared;
  }
  const compare = (test: (day: RawBuilder<string>) => RawBuilder<boolean>): Condition =>
    cellTestSql(ctx, column, false, (value) => {
      const day = daySql(ctx, value);
      // IS NOT NULL first: FALSE AND NULL is FALSE, so NOT and OR around it combine as in the core.
      return sql<boolean>`(${day} IS NOT NULL AND ${test(day as RawBuilder<string>)})`;
    });
  switch (condition.type) {
    case 'blank':
      return blankSql(ctx, column);
    case 'notBlank':
      return notBlankSql(ctx, column);
    case 'equals':
      return compare((day) => sql<boolean>`${day} = ${from}`);
    case 'notEqual':
      return compare((day) => sql<boolean>`${day} <> ${from}`);
    case 'lessThan':
      return compare((day) => sql<boolean>`${day} < ${from}`);
    case 'greaterThan':
      return compare((day) => sql<boolean>`${day} > ${from}`);
    case 'inRange': {
      const low = from < to ? from : to;
      const high = from < to ? to : from;
      return compare((day) => sql<boolean>`${day} > ${low} AND ${day} < ${high}`);
    }
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first day after the four-digit years: the text of a later value is no ISO day. */
const BEYOND_DAYS = '10000-01-01';
const FIRST_DAY = '0001-01-01';
const PG_DAY_TYPES: Readonly<Record<NativeDayType, string>> = { date: 'date', timestamp: 'timestamp', timestamptz: 'timestamptz' };

/**
 * A date filter on a PostgreSQL `date`/`timestamp`/`timestamptz` column, comparing the column with
 * the start of a day, so that a plain index on it finds the rows (the text's day cannot be indexed
 * there: a date's text depends on the session's `DateStyle`). The rows are those `daySql`'s
 * comparisons keep: a day D is `[D 00:00, next day 00:00)`; "after D" starts at the next day;
 * a bound no calendar has (`2024-13-45`) compares as the first real day after it, as text order
 * places it; infinite values and years outside 1–9999 (whose text is no ISO day) pass no
 * comparison. A `timestamptz` is cut into days in the session's time zone, as its text is. Null
 * when a bound is not a day (never, after validation).
 */
function nativeDateSql(column: SqlColumn, type: NativeDayType, op: Exclude<DateFilterCondition['type'], 'blank' | 'notBlank'>, from: string, to: string): Condition | null {
  if (!ISO_DAY.test(from) || (op === 'inRange' && !ISO_DAY.test(to))) return null;
  const ref = refOf(column);
  const at = (day: string) => sql`CAST(${day} AS ${sql.raw(PG_DAY_TYPES[type])})`;
  const dayed = (test: Condition): Condition =>
    sql<boolean>`(${ref} IS NOT NULL AND isfinite(${ref}) AND ${ref} >= ${at(FIRST_DAY)} AND ${ref} < ${at(BEYOND_DAYS)} AND ${test})`;
  switch (op) {
    case 'equals':
      return isCalendarDay(from) ? dayed(sql<boolean>`${ref} >= ${at(from)} AND ${ref} < ${at(nextDay(from))}`) : FALSE;
    case 'notEqual':
      return isCalendarDay(from) ? dayed(sql<boolean>`(${ref} < ${at(from)} OR ${ref} >= ${at(nextDay(from))})`) : dayed(TRUE);
    case 'lessThan':
      return dayed(sql<boolean>`${ref} < ${at(firstDayFrom(from))}`);
    case 'greaterThan':
      return dayed(sql<boolean>`${ref} >= ${at(firstDayAfter(from))}`);
    case 'inRange': {
      const low = from < to ? from : to;
      const high = from < to ? to : from;
      return dayed(sql<boolean>`${ref} >= ${at(firstDayAfter(low))} AND ${ref} < ${at(firstDayFrom(high))}`);
    }
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` names a day of the calendar, years 1–9999. */
function isCalendarDay(day: string): boolean {
  return firstDayFrom(day) === day;
}

/** The first calendar day (years 1–9999) whose text is at least `day` in text order, or `BEYOND_DAYS`. */
function firstDayFrom(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  if (year === 0) return FIRST_DAY;
  if (month > 12) return year === 9999 ? BEYOND_DAYS : `${pad(year + 1, 4)}-01-01`;
  if (month === 0) return `${pad(year, 4)}-01-01`;
  if (date === 0) return `${pad(year, 4)}-${pad(month, 2)}-01`;
  if (date > daysInMonth(year, month)) return month === 12 ? (year === 9999 ? BEYOND_DAYS : `${pad(year + 1, 4)}-01-01`) : `${pad(year, 4)}-${pad(month + 1, 2)}-01`;
  return day;
}

/** The calendar day after a calendar day, or `BEYOND_DAYS` after 9999-12-31. */
function nextDay(day: string): string {
  return firstDayFrom(`${day.slice(0, 8)}${pad(Number(day.slice(8, 10)) + 1, 2)}`);
}

/** The first calendar day whose text is past `day` in text order. */
function firstDayAfter(day: string): string {
  return isCalendarDay(day) ? nextDay(day) : firstDayFrom(day);
}

/** Texts the values filter counts as empty (after trimming). */
export const EMPTY_VALUE_TEXTS: readonly string[] = ['', '-', '—'];

/** The cell is empty for the values filter: NULL, blank, `-` or `—`. */
export function valuesEmptySql(ctx: SqlFilterContext, column: SqlColumn): Condition {
  if (column.type === 'number') return sql<boolean>`(${refOf(column)} IS NULL)`;
  return cellTestSql(ctx, column, true, emptyValueTest(ctx));
}

/** A non-NULL value the values filter counts as empty. */
function emptyValueTest(ctx: SqlFilterContext): ValueTest {
  return (value) => sql<boolean>`(${trimSql(ctx.dialect, value)} IN (${sql.join(EMPTY_VALUE_TEXTS.map((t) => sql`${t}`))}))`;
}

/**
 * The values filter. Text cells compare their trimmed text, case-sensitively, with the trimmed
 * values; number cells compare as numbers with the values that are a number's own text
 * (`String(n)`, what the checklist shows), so "12.5" selects 12.5 and "12.50" selects nothing, as
 * in the browser. A SQL cell holds one value, so `any_token` is `exact` here.
 */
function valuesSql(ctx: SqlFilterContext, column: SqlColumn, filter: ValuesColumnFilter): Condition {
  if ('mode' in filter) {
    if (filter.mode === 'empty') return valuesEmptySql(ctx, column);
    if (column.type === 'number') return sql<boolean>`(${refOf(column)} IS NOT NULL)`;
    const empty = emptyValueTest(ctx);
    return cellTestSql(ctx, column, false, (value) => not(empty(value)));
  }
  const ref = refOf(column);
  if (column.type === 'number') {
    const numbers = [...new Set(filter.values.map((v) => v.trim()).filter((v) => v !== '' && String(Number(v)) === v).map(Number))];
    if (numbers.length === 0) return FALSE;
    return sql<boolean>`(${ref} IS NOT NULL AND ${ref} IN (${sql.join(numbers.map((n) => numberValueSql(ctx, n)))}))`;
  }
  const texts = [...new Set(filter.values.map((v) => v.trim()))];
  if (texts.length === 0) return FALSE;
  return cellTestSql(ctx, column, false, (value) => sql<boolean>`(${trimSql(ctx.dialect, value)} IN (${sql.join(texts.map((t) => sql`${t}`))}))`);
}

// --- The search language ------------------------------------------------------------------------

/**
 * A compiled search query over `inScope` columns (the searchable columns for the quick search, the
 * one column for a column filter): an OR of groups, each an AND of its terms. Text terms are LIKE
 * patterns over the folded cell; positive number terms of a group with the same scope hold for one
 * cell together (`>10+<20` is a range within one column); number terms compare only number
 * columns (a text cell's written numbers are not read in SQL; see docs/server-rows.md).
 */
export function searchSql(ctx: SqlFilterContext, ast: SearchQueryAst, inScope: readonly SqlColumn[]): Condition {
  const scopeColumns = (scope: readonly string[] | null): SqlColumn[] =>
    scope === null ? [...inScope] : inScope.filter((column) => scope.includes(column.key));
  const groups = ast.groups.map((group) => {
    const parts: Condition[] = [];
    const clusters = new Map<string, { scope: readonly string[] | null; terms: SearchNumberTerm[] }>();
    for (const term of group.terms) {
      const scope = term.scope === null ? null : term.scope.keys;
      if (term.kind === 'text') {
        const found = or(scopeColumns(scope).map((column) => textTermSql(ctx, column, term)));
        parts.push(term.negate ? not(found) : found);
        continue;
      }
      if (term.negate) {
        parts.push(not(or(numberColumns(scopeColumns(scope)).map((column) => numberTermsSql(ctx, column, [term])))));
        continue;
      }
      const key = scope === null ? '' : `\u0000${scope.join('\u0000')}`;
      let cluster = clusters.get(key);
      if (cluster === undefined) {
        cluster = { scope, terms: [] };
        clusters.set(key, cluster);
      }
      cluster.terms.push(term);
    }
    for (const cluster of clusters.values()) {
      parts.push(or(numberColumns(scopeColumns(cluster.scope)).map((column) => numberTermsSql(ctx, column, cluster.terms))));
    }
    return and(parts);
  });
  return or(groups);
}

function numberColumns(columns: readonly SqlColumn[]): SqlColumn[] {
  return columns.filter((column) => column.type === 'number');
}

/** A text term on one column: its pieces in order, anchored when the term says so. Never NULL. */
function textTermSql(ctx: SqlFilterContext, column: SqlColumn, term: SearchTextTerm): Condition {
  if (term.parts.length === 0) return FALSE;
  const pattern = `${term.anchorStart ? '' : '%'}${term.parts.map(escapeLike).join('%')}${term.anchorEnd ? '' : '%'}`;
  return cellTestSql(ctx, column, false, (value) => likeSql(foldSql(ctx.dialect, value), pattern));
}

/**
 * Number terms that must all hold for the one number of a cell. A percent column is compared as
 * shown (0.125 shows as 12.5 %, so `>10` keeps it): the term's number is divided by 100 in
 * JavaScript, because `29 / 100` is the same double as a stored 0.29 while `0.29 * 100` in SQL is
 * not 29. Never NULL.
 */
function numberTermsSql(ctx: SqlFilterContext, column: SqlColumn, terms: readonly SearchNumberTerm[]): Condition {
  const ref = refOf(column);
  const scale = column.format === 'percent' ? (n: number) => numberValueSql(ctx, n / 100) : (n: number) => numberValueSql(ctx, n);
  const tests = terms.map((term): Condition => {
    const value = scale(term.value);
    switch (term.op) {
      case 'gt':
        return sql<boolean>`${ref} > ${value}`;
      case 'ge':
        return sql<boolean>`${ref} >= ${value}`;
      case 'lt':
        return sql<boolean>`${ref} < ${value}`;
      case 'le':
        return sql<boolean>`${ref} <= ${value}`;
      case 'eq':
        return sql<boolean>`${ref} = ${value}`;
      default:
        return sql<boolean>`${ref} >= ${value} AND ${ref} <= ${scale(term.to)}`;
    }
  });
  return sql<boolean>`(${ref} IS NOT NULL AND ${sql.join(tests, sql` AND `)})`;
}
