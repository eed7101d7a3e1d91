/**
 * A row-source query (filter model, quick search) as one SQL condition. The semantics are the
 * core's (src/core/data-grid/filter-eval.ts and the search language): every operation is written so
 * that it is TRUE or FALSE, never NULL, so `NOT`, `AND` and `OR` combine them as the core does
 * (a NULL cell holds no text and no number: `contains` is false, `notContains` true).
 *
 * Each operator's SQL is its entry in the operator registry (`sql-operators.ts`); this module
 * routes a model to it (and to the search language, `sql-search.ts`), decides NULL cells from the
 * operator's local evaluator, and translates the values checklist. The pieces conditions are built
 * of are in `sql-condition.ts`, days in `sql-days.ts`. Identifiers come only from the source's
 * column list (`sql.ref` of a checked name); every value of a request is a parameter.
 *
 * @module
 */
import { sql } from 'kysely';
import type { CompileQueryColumn } from '../../core/search/compile';
import { compileQuery } from '../../core/search/compile';
import { dateOperand, numberOperand, textOperand, valuesOperand, type TextCellReaders } from '../../core/data-grid/filter-operators';
import type { ColumnFilterModel, DateFilterCondition, GridFilterModel, NumberFilterCondition, TextFilterCondition, ValuesColumnFilter } from '../../core/data-grid/types';
import {
  type Condition,
  FALSE,
  type SqlColumn,
  type SqlFilterContext,
  TRUE,
  and,
  blankValueSql,
  cellTestSql,
  numberValueSql,
  or,
  refOf,
} from './sql-condition';
import { daySql, isIsoDay, nativeDays } from './sql-days';
import { SQL_OPERATORS, type SqlValueReaders, sqlOperatorOf } from './sql-operators';
import { searchSql } from './sql-search';
import { foldSql, trimSql } from './sql-text';

export type { NativeDayType, SqlColumn, SqlFilterContext, ValueTest } from './sql-condition';
export { DISTINCT_VALUES_NAME, MAX_LISTED_VALUES, cellSql, distinctValuesSql, matchesEveryRow, numberValueSql, refOf, singleValueColumns } from './sql-condition';
export { dayIndexExpression, nativeDayType } from './sql-days';
export { searchSql } from './sql-search';
export { EMPTY_VALUE_TEXTS } from './sql-operators';

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
 * One column's filter. As in the core (`compileFilterModel`), only a lone condition of an operator
 * that reads the search language (`contains`) on a searchable column reads its text so; inside
 * combined conditions, and on other columns, every operation is its registry entry (`contains`:
 * every word occurs). An operation the registry does not hold throws.
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

/** What the local evaluators read of a NULL cell: nothing (the empty text, no number, no day). */
const NULL_CELL: TextCellReaders = { shown: () => '', words: () => '' };

/** What an operator's SQL reads of a value in the translation's dialect. */
function readers(ctx: SqlFilterContext, column: SqlColumn): SqlValueReaders {
  return {
    dialect: ctx.dialect,
    // After the fold every whitespace run is one plain space, so SQL's space-only trim is JavaScript's.
    shown: (value) => sql<string>`trim(${foldSql(ctx.dialect, value)})`,
    words: (value) => foldSql(ctx.dialect, value),
    blank: blankValueSql(ctx, column),
    day: (value) => daySql(ctx.dialect, value),
    trim: (value) => trimSql(ctx.dialect, value),
    numeric: column.type === 'number',
    number: (n) => numberValueSql(ctx, n),
  };
}

function textSql(ctx: SqlFilterContext, column: SqlColumn, condition: TextFilterCondition, combined: boolean): Condition {
  const { local, sql: entry } = sqlOperatorOf(ctx.operators ?? SQL_OPERATORS, 'text', condition.type);
  const operand = textOperand(condition.filter);
  // As the local source: a searchable column's lone filter reads the text in the search language (cell mode).
  if (local.searchLanguage === true && column.searchable && !combined) {
    const ast = compileQuery(operand.text, { mode: 'cell', locale: ctx.locale }).ast;
    return ast.groups.length === 0 ? TRUE : searchSql(ctx, ast, [column]);
  }
  const read = readers(ctx, column);
  return cellTestSql(ctx, column, local.local(operand, NULL_CELL)(null), (value) => entry.sql(value, operand, read));
}

function numberSql(ctx: SqlFilterContext, column: SqlColumn, condition: NumberFilterCondition): Condition {
  const { local, sql: entry } = sqlOperatorOf(ctx.operators ?? SQL_OPERATORS, 'number', condition.type);
  const operand = numberOperand(condition.filter, condition.filterTo);
  const ref = refOf(column);
  const raw = entry.sql(ref, { value: numberValueSql(ctx, operand.value), low: numberValueSql(ctx, operand.low), high: numberValueSql(ctx, operand.high) });
  // In parentheses, so an entry's `a AND b` stays one test beside the NULL case; constants fold away.
  const test = raw === TRUE || raw === FALSE ? raw : sql<boolean>`(${raw})`;
  return local.local(operand)(null) ? or([sql<boolean>`(${ref} IS NULL)`, test]) : and([sql<boolean>`(${ref} IS NOT NULL)`, test]);
}

function dateSql(ctx: SqlFilterContext, column: SqlColumn, condition: DateFilterCondition): Condition {
  const { local, sql: entry } = sqlOperatorOf(ctx.operators ?? SQL_OPERATORS, 'date', condition.type);
  const operand = dateOperand(condition.dateFrom, condition.dateTo);
  const whenNull = local.local(operand)(null);
  // A categorical column tests each distinct value once already.
  const native = ctx.dialect === 'postgres' && !column.categorical ? ctx.nativeDays?.get(column.column) : undefined;
  if (native !== undefined && entry.native !== undefined && isIsoDay(operand.from) && (local.operands < 2 || (isIsoDay(operand.low) && isIsoDay(operand.high)))) {
    const compared = entry.native(operand, nativeDays(column, native));
    return whenNull ? or([sql<boolean>`(${refOf(column)} IS NULL)`, compared]) : compared;
  }
  const read = readers(ctx, column);
  return cellTestSql(ctx, column, whenNull, (value) => entry.sql(value, operand, read));
}

/** The cell is empty for the values filter: NULL, blank, `-` or `—` (the registry's `empty`). */
export function valuesEmptySql(ctx: SqlFilterContext, column: SqlColumn): Condition {
  return valuesSql(ctx, column, { filterType: 'values', mode: 'empty' });
}

/**
 * The values filter, by its operator (`match`, `exact` when absent, or `mode`). Text cells compare
 * their trimmed text, case-sensitively, with the trimmed values; number cells compare by value with
 * the values that read as a decimal number ("12.5", "12.50" and "1.25e1" all select 12.5; "1,250"
 * and "0x10" select nothing), as in the browser.
 */
function valuesSql(ctx: SqlFilterContext, column: SqlColumn, filter: ValuesColumnFilter): Condition {
  const name = 'mode' in filter ? filter.mode : (filter.match ?? 'exact');
  const { local, sql: entry } = sqlOperatorOf(ctx.operators ?? SQL_OPERATORS, 'values', name);
  const operand = valuesOperand('mode' in filter ? undefined : filter.values);
  const read = readers(ctx, column);
  return cellTestSql(ctx, column, local.local(operand)(null), (value) => entry.sql(value, operand, read));
}
