/**
 * The SQL half of the filter operator registry (the core's `FILTER_OPERATORS` is the other half):
 * per operator, the SQL test of one non-NULL cell value on SQLite and PostgreSQL, and for date
 * operators the native comparison of a PostgreSQL date column. A NULL cell is decided by the
 * operator's local evaluator (`local(operand)(null)`), so the two sides agree on empty cells by
 * construction. Each table is typed by the core's operator names: an operator without SQL, or SQL
 * for an operator the core does not have, does not compile.
 *
 * Every test must give, for every non-NULL value, what the local evaluator gives for the same cell
 * (the parity tests in test/server/sql-rows.test.ts try each operator with probe operands on both sides),
 * and must be TRUE or FALSE, never NULL.
 *
 * @module
 */
import { sql, type RawBuilder } from 'kysely';
import type {
  BuiltInDateOperation,
  BuiltInNumberOperation,
  BuiltInTextOperation,
  BuiltInValuesMatch,
  BuiltInValuesMode,
  DateOperand,
  FilterOperatorRegistry,
  OperatorFilterType,
  TextOperand,
  ValuesOperand,
} from '../../core/data-grid/filter-operators';
import { FILTER_OPERATORS } from '../../core/data-grid/filter-operators';
import type { SqlDialectName } from '../store/schema';
import { type Condition, FALSE, TRUE, and, not } from './sql-condition';
import { type NativeDays, firstDayAfter, firstDayFrom, isCalendarDay, nextDay } from './sql-days';
import { escapeLike, likeSql } from './sql-text';

/** What an operator's SQL reads of a non-NULL value, in the translation's dialect. */
export interface SqlValueReaders {
  readonly dialect: SqlDialectName;
  /** The value as the local `shown` reads it: folded, then trimmed ('' for a blank value). */
  shown(value: RawBuilder<unknown>): RawBuilder<string>;
  /** The value as the local `words` reads it: folded (a number as its own text). */
  words(value: RawBuilder<unknown>): RawBuilder<string>;
  /** The value is blank (only whitespace; never for a number column). */
  blank(value: RawBuilder<unknown>): Condition;
  /** The day of the value (`YYYY-MM-DD`, the core's `dayOf`), or NULL when it has none. */
  day(value: RawBuilder<unknown>): RawBuilder<string | null>;
  /** The value without the whitespace JavaScript's `trim` removes (its raw text, not folded). */
  trim(value: RawBuilder<unknown>): RawBuilder<string>;
  /** The column holds numbers (a values checklist compares them by value). */
  readonly numeric: boolean;
  /** A number as a SQL value (`numberValueSql`). */
  number(n: number): RawBuilder<number>;
}

/** A number condition's operands as SQL values (`numberValueSql`). */
export interface SqlNumberOperand {
  readonly value: RawBuilder<number>;
  readonly low: RawBuilder<number>;
  readonly high: RawBuilder<number>;
}

/** The SQL of a text operator: the test of one non-NULL value. */
export interface SqlTextOperator {
  readonly sql: (value: RawBuilder<unknown>, operand: TextOperand, read: SqlValueReaders) => Condition;
}

/** The SQL of a number operator: the test of a non-NULL number cell (`cell` is the column). */
export interface SqlNumberOperator {
  readonly sql: (cell: RawBuilder<unknown>, operand: SqlNumberOperand) => Condition;
}

/** The SQL of a date operator. */
export interface SqlDateOperator {
  /** The test of one non-NULL value, by the day of its text. */
  readonly sql: (value: RawBuilder<unknown>, operand: DateOperand, read: SqlValueReaders) => Condition;
  /**
   * The same rows by comparing a PostgreSQL `date`/`timestamp`/`timestamptz` column itself (see
   * `NativeDays`), so a plain index on it serves the filter; NULL cells are decided apart. Without
   * it such a column is compared by the day of its text.
   */
  readonly native?: (operand: DateOperand, days: NativeDays) => Condition;
}

/** The SQL of a values operator: the test of one non-NULL value. */
export interface SqlValuesOperator {
  readonly sql: (value: RawBuilder<unknown>, operand: ValuesOperand, read: SqlValueReaders) => Condition;
}

/** Both halves of the operators a translation reads. */
export interface SqlOperatorRegistry {
  /** The core's half: validation, local evaluation, and the answer for a NULL cell. */
  readonly local: FilterOperatorRegistry;
  readonly text: Readonly<Record<string, SqlTextOperator>>;
  readonly number: Readonly<Record<string, SqlNumberOperator>>;
  readonly date: Readonly<Record<string, SqlDateOperator>>;
  readonly values: Readonly<Record<string, SqlValuesOperator>>;
}

/** The test that holds for a value whose day passes `test` (never for one without a day). */
function dayIs(value: RawBuilder<unknown>, read: SqlValueReaders, test: (day: RawBuilder<string>) => Condition): Condition {
  const day = read.day(value);
  // IS NOT NULL first: FALSE AND NULL is FALSE, so NOT and OR around it combine as in the core.
  return sql<boolean>`(${day} IS NOT NULL AND ${test(day as RawBuilder<string>)})`;
}

/** Every word of the operand occurs in the folded value (the local `contains` of a non-search column). */
function hasEvery(value: RawBuilder<unknown>, terms: readonly string[], read: SqlValueReaders): Condition {
  if (terms.length === 0) return TRUE;
  const words = read.words(value);
  return and(terms.map((term) => likeSql(words, `%${escapeLike(term)}%`)));
}

const TEXT_SQL = {
  contains: { sql: (value, { terms }, read) => hasEvery(value, terms, read) },
  notContains: { sql: (value, { terms }, read) => not(hasEvery(value, terms, read)) },
  equals: { sql: (value, { wanted }, read) => sql<boolean>`(${read.shown(value)} = ${wanted})` },
  notEqual: { sql: (value, { wanted }, read) => sql<boolean>`(${read.shown(value)} <> ${wanted})` },
  startsWith: { sql: (value, { wanted }, read) => (wanted === '' ? TRUE : likeSql(read.shown(value), `${escapeLike(wanted)}%`)) },
  endsWith: { sql: (value, { wanted }, read) => (wanted === '' ? TRUE : likeSql(read.shown(value), `%${escapeLike(wanted)}`)) },
  blank: { sql: (value, _operand, read) => read.blank(value) },
  notBlank: { sql: (value, _operand, read) => not(read.blank(value)) },
} satisfies Record<BuiltInTextOperation, SqlTextOperator>;

const NUMBER_SQL = {
  equals: { sql: (cell, { value }) => sql<boolean>`${cell} = ${value}` },
  notEqual: { sql: (cell, { value }) => sql<boolean>`${cell} <> ${value}` },
  greaterThan: { sql: (cell, { value }) => sql<boolean>`${cell} > ${value}` },
  greaterThanOrEqual: { sql: (cell, { value }) => sql<boolean>`${cell} >= ${value}` },
  lessThan: { sql: (cell, { value }) => sql<boolean>`${cell} < ${value}` },
  lessThanOrEqual: { sql: (cell, { value }) => sql<boolean>`${cell} <= ${value}` },
  inRange: { sql: (cell, { low, high }) => sql<boolean>`${cell} > ${low} AND ${cell} < ${high}` },
  // A number cell is blank only when NULL, which the local evaluator decides.
  blank: { sql: () => FALSE },
  notBlank: { sql: () => TRUE },
} satisfies Record<BuiltInNumberOperation, SqlNumberOperator>;

const DATE_SQL = {
  equals: {
    sql: (value, { from }, read) => dayIs(value, read, (day) => sql<boolean>`${day} = ${from}`),
    native: ({ from }, { ref, at, dayed }) => (isCalendarDay(from) ? dayed(sql<boolean>`${ref} >= ${at(from)} AND ${ref} < ${at(nextDay(from))}`) : FALSE),
  },
  notEqual: {
    sql: (value, { from }, read) => dayIs(value, read, (day) => sql<boolean>`${day} <> ${from}`),
    native: ({ from }, { ref, at, dayed }) => (isCalendarDay(from) ? dayed(sql<boolean>`(${ref} < ${at(from)} OR ${ref} >= ${at(nextDay(from))})`) : dayed(TRUE)),
  },
  lessThan: {
    sql: (value, { from }, read) => dayIs(value, read, (day) => sql<boolean>`${day} < ${from}`),
    native: ({ from }, { ref, at, dayed }) => dayed(sql<boolean>`${ref} < ${at(firstDayFrom(from))}`),
  },
  greaterThan: {
    sql: (value, { from }, read) => dayIs(value, read, (day) => sql<boolean>`${day} > ${from}`),
    native: ({ from }, { ref, at, dayed }) => dayed(sql<boolean>`${ref} >= ${at(firstDayAfter(from))}`),
  },
  inRange: {
    sql: (value, { low, high }, read) => dayIs(value, read, (day) => sql<boolean>`${day} > ${low} AND ${day} < ${high}`),
    native: ({ low, high }, { ref, at, dayed }) => dayed(sql<boolean>`${ref} >= ${at(firstDayAfter(low))} AND ${ref} < ${at(firstDayFrom(high))}`),
  },
  blank: { sql: (value, _operand, read) => read.blank(value) },
  notBlank: { sql: (value, _operand, read) => not(read.blank(value)) },
} satisfies Record<BuiltInDateOperation, SqlDateOperator>;

/** Texts the values checklist counts as empty (after trimming). */
export const EMPTY_VALUE_TEXTS: readonly string[] = ['', '-', '—'];

/** A non-NULL value the checklist counts as empty: blank, `-` or `—` (a number never is). */
function emptyValue(value: RawBuilder<unknown>, read: SqlValueReaders): Condition {
  if (read.numeric) return FALSE;
  return sql<boolean>`(${read.trim(value)} IN (${sql.join(EMPTY_VALUE_TEXTS.map((t) => sql`${t}`))}))`;
}

/**
 * A non-NULL value the checklist selects: a text by its trimmed text, case-sensitively; a number by
 * value (the core's `ValuesOperand.numbers`: "12.50" selects 12.5, "1,250" nothing).
 */
function selected(value: RawBuilder<unknown>, { texts, numbers }: ValuesOperand, read: SqlValueReaders): Condition {
  if (texts.size === 0) return FALSE;
  if (read.numeric) return numbers.size === 0 ? FALSE : sql<boolean>`${value} IN (${sql.join([...numbers].map((n) => read.number(n)))})`;
  return sql<boolean>`(${read.trim(value)} IN (${sql.join([...texts].map((t) => sql`${t}`))}))`;
}

const VALUES_SQL = {
  exact: { sql: selected },
  // A SQL cell holds one value, so reading a list cell's items is reading the cell.
  any_token: { sql: selected },
  empty: { sql: (value, _operand, read) => emptyValue(value, read) },
  non_empty: { sql: (value, _operand, read) => not(emptyValue(value, read)) },
} satisfies Record<BuiltInValuesMatch | BuiltInValuesMode, SqlValuesOperator>;

/** The built-in operators with their SQL. */
export const SQL_OPERATORS: SqlOperatorRegistry = Object.freeze({ local: FILTER_OPERATORS, text: TEXT_SQL, number: NUMBER_SQL, date: DATE_SQL, values: VALUES_SQL });

/**
 * Both halves of an operator; throws when either is missing (a model that reached the translation
 * was validated against the same registry, so this is a programming error, and no other operator
 * stands in for it).
 */
export function sqlOperatorOf<T extends OperatorFilterType>(
  registry: SqlOperatorRegistry,
  filterType: T,
  name: string,
): { local: FilterOperatorRegistry[T][string]; sql: SqlOperatorRegistry[T][string] } {
  const local = registry.local[filterType] as Readonly<Record<string, FilterOperatorRegistry[T][string]>>;
  const tests = registry[filterType] as Readonly<Record<string, SqlOperatorRegistry[T][string]>>;
  const own = (table: object) => Object.prototype.hasOwnProperty.call(table, name);
  if (!own(local) || !own(tests)) throw new Error(`No ${filterType} filter operator ${JSON.stringify(name)} is registered with its SQL.`);
  return { local: local[name] as FilterOperatorRegistry[T][string], sql: tests[name] as SqlOperatorRegistry[T][string] };
}
