/**
 * Days in SQL: the day of a cell's text as the core's `dayOf` reads it (`daySql`, the expression an
 * index can hold: `dayIndexExpression`), and on PostgreSQL the bounds a `date`, `timestamp` or
 * `timestamptz` column is compared with natively (`nativeDayType`, `nativeDays`), so a plain
 * index on it serves a date filter.
 *
 * @module
 */
import { sql, type RawBuilder } from 'kysely';
import type { SqlDialectName } from '../store/schema';
import { type Condition, type NativeDayType, type SqlColumn, refOf } from './sql-condition';

/** The PostgreSQL type of a `format_type` text, when a date filter compares it natively. */
export function nativeDayType(formatted: string): NativeDayType | null {
  if (formatted === 'date') return 'date';
  const match = /^timestamp(?:\(\d+\))? with(out)? time zone$/.exec(formatted);
  if (match === null) return null;
  return match[1] === 'out' ? 'timestamp' : 'timestamptz';
}

/**
 * The day of a date value (`YYYY-MM-DD`, its first ten characters) when its text starts with an ISO
 * day followed by nothing, a space or `T` (the core's `dayOf`), else NULL. The test is inside the
 * expression, not beside it, so that one index on this expression (`dayIndexExpression`) answers
 * a date filter whole: a separate test would run on every row the index finds (a regular
 * expression on each of a month's 40,000 sales costs PostgreSQL more than finding them).
 */
export function daySql(dialect: SqlDialectName, value: RawBuilder<unknown>): RawBuilder<string | null> {
  const text = sql`CAST(${value} AS text)`;
  const parts = DAY_PIECES[dialect].flatMap((piece, i) => (i === 0 ? [sql.raw(piece)] : [text, sql.raw(piece)]));
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

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first day after the four-digit years: the text of a later value is no ISO day. */
const BEYOND_DAYS = '10000-01-01';
const FIRST_DAY = '0001-01-01';
const PG_DAY_TYPES: Readonly<Record<NativeDayType, string>> = { date: 'date', timestamp: 'timestamp', timestamptz: 'timestamptz' };

/** `YYYY-MM-DD`: a bound a native comparison can take (validation lets only such bounds through). */
export function isIsoDay(day: string): boolean {
  return ISO_DAY.test(day);
}

/**
 * What a date operator's native form (`SqlDateOperator.native`) compares a PostgreSQL `date`,
 * `timestamp` or `timestamptz` column with: the start of a day in the column's type, and `dayed`,
 * which keeps only values that have an ISO day. With these a plain index on the column finds the
 * rows (the text's day cannot be indexed there: a date's text depends on the session's
 * `DateStyle`). The rows must be those the day of the text keeps (`daySql`): a day D is
 * `[D 00:00, next day 00:00)`; "after D" starts at the next day; a bound no calendar has
 * (`2024-13-45`) compares as the first real day after it, as text order places it
 * (`firstDayFrom`, `firstDayAfter`); infinite values and years outside 1–9999 (whose text is no ISO
 * day) pass no comparison (`dayed`). A `timestamptz` is cut into days in the session's time zone,
 * as its text is.
 */
export interface NativeDays {
  /** The column. */
  readonly ref: RawBuilder<unknown>;
  /** The start of `day` (`YYYY-MM-DD`) in the column's type. */
  at(day: string): RawBuilder<unknown>;
  /** `test` for a value with an ISO day; FALSE for NULL, infinite values and years outside 1–9999. */
  dayed(test: Condition): Condition;
}

/** The native comparisons of `column`, whose PostgreSQL type is `type`. */
export function nativeDays(column: SqlColumn, type: NativeDayType): NativeDays {
  const ref = refOf(column);
  const at = (day: string) => sql`CAST(${day} AS ${sql.raw(PG_DAY_TYPES[type])})`;
  return {
    ref,
    at,
    dayed: (test) => sql<boolean>`(${ref} IS NOT NULL AND isfinite(${ref}) AND ${ref} >= ${at(FIRST_DAY)} AND ${ref} < ${at(BEYOND_DAYS)} AND ${test})`,
  };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` names a day of the calendar, years 1–9999. */
export function isCalendarDay(day: string): boolean {
  return firstDayFrom(day) === day;
}

/** The first calendar day (years 1–9999) whose text is at least `day` in text order, or `BEYOND_DAYS`. */
export function firstDayFrom(day: string): string {
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
export function nextDay(day: string): string {
  return firstDayFrom(`${day.slice(0, 8)}${pad(Number(day.slice(8, 10)) + 1, 2)}`);
}

/** The first calendar day whose text is past `day` in text order. */
export function firstDayAfter(day: string): string {
  return isCalendarDay(day) ? nextDay(day) : firstDayFrom(day);
}
