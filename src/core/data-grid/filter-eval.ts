/**
 * Turning a grid filter model into what the table model evaluates: the simple text filters (one
 * `contains` on a searchable column) go to the table model's indexed per-column search, everything
 * else becomes a predicate per column, each operation's test read from the operator registry
 * (`filter-operators.ts`). The semantics are written in docs/data-grid.md ("What the row source
 * changes"); a server row source gives the same answers (its SQL takes the NULL case from here).
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from '../types';
import { formatValue, valueToText } from '../format';
import { normaliseSearchText } from '../table-model/text-fold';
import { cellReader } from '../table-model/shared';
import type { ModelColumn } from '../table-model/types';
import type { FilterOperatorRegistry, TextCellReaders } from './filter-operators';
import { BUILT_IN_OPERATORS, dateOperand, isBlankCell, numberOperand, operatorOf, textOperand, valuesOperand } from './filter-operators';
import type { ColumnFilterModel, GridFilterModel } from './types';

/** A column as the row source reads it. */
export type RowSourceModelColumn<R extends Row = Row> = ModelColumn<R> & { label?: string };

/** A filter model split into what the table model's index answers and what is checked row by row. */
export interface CompiledFilter<R extends Row> {
  /** Column key → query for the indexed per-column search (`TableFilter.perColumn`). */
  perColumn: Record<string, string>;
  /** Every other column filter, as one predicate per column (all must hold). */
  predicates: ((row: R) => boolean)[];
}

/**
 * Splits `model` for `columns`. Filters on unknown columns are ignored (the validated model from
 * outside was already restricted to the grid's columns; a stale key must not hide every row). An
 * operation `operators` does not hold throws.
 */
export function compileFilterModel<R extends Row>(
  model: GridFilterModel | null,
  columns: readonly RowSourceModelColumn<R>[],
  options: FormatOptions,
  operators: FilterOperatorRegistry = BUILT_IN_OPERATORS,
): CompiledFilter<R> {
  const compiled: CompiledFilter<R> = { perColumn: {}, predicates: [] };
  if (!model) return compiled;
  for (const [key, filter] of Object.entries(model)) {
    const column = columns.find((c) => c.key === key);
    if (!column) continue;
    // A lone condition of an operator that reads the search language goes to the table model's index.
    if (filter.filterType === 'text' && 'type' in filter && column.searchable && operatorOf(operators, 'text', filter.type).searchLanguage === true) {
      compiled.perColumn[key] = filter.filter ?? '';
      continue;
    }
    const test = columnPredicate(filter, column.format, options, operators);
    const read = cellReader<R>(key);
    compiled.predicates.push((row) => test(read(row)));
  }
  return compiled;
}

/**
 * The test of one column's filter on a cell value, read from `operators`. An operation `operators`
 * does not hold throws (a validated model holds only registered ones; no other operator stands in).
 */
export function columnPredicate(
  filter: ColumnFilterModel,
  format: ValueFormat,
  options: FormatOptions,
  operators: FilterOperatorRegistry = BUILT_IN_OPERATORS,
): (value: unknown) => boolean {
  if (filter.filterType === 'values') {
    // A mode has no list; a list is read by its `match` (`exact` when absent).
    if ('mode' in filter) return operatorOf(operators, 'values', filter.mode).local(valuesOperand(undefined));
    return operatorOf(operators, 'values', filter.match ?? 'exact').local(valuesOperand(filter.values));
  }
  if ('conditions' in filter) {
    const tests = (filter.conditions as ColumnFilterModel[]).map((condition) => columnPredicate(condition, format, options, operators));
    return filter.operator === 'OR' ? (value) => tests.some((test) => test(value)) : (value) => tests.every((test) => test(value));
  }
  switch (filter.filterType) {
    case 'text':
      return operatorOf(operators, 'text', filter.type).local(textOperand(filter.filter), textReaders(format, options));
    case 'number':
      return operatorOf(operators, 'number', filter.type).local(numberOperand(filter.filter, filter.filterTo));
    case 'date':
      return operatorOf(operators, 'date', filter.type).local(dateOperand(filter.dateFrom, filter.dateTo));
  }
}

/**
 * The texts a text operator reads of a cell in a `format` column: '' for a blank cell, else folded;
 * `words` also holds a number's raw text, so "1234" and "1,234" both find 1234 (as the search does).
 */
function textReaders(format: ValueFormat, options: FormatOptions): TextCellReaders {
  return {
    shown: (value) => (isBlankCell(value) ? '' : normaliseSearchText(formatValue(value, format, options).trim())),
    words: (value) => {
      if (isBlankCell(value)) return '';
      const shown = formatValue(value, format, options);
      const raw = valueToText(value);
      return normaliseSearchText(shown === raw ? shown : `${shown}\u0001${raw}`);
    },
  };
}

/** A canonical text of a query part, for cache keys (JSON with the object keys in a fixed order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
