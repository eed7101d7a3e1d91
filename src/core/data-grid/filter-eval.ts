/**
 * Turning a grid filter model into what the table model evaluates: the simple text filters (one
 * `contains` on a searchable column) go to the table model's indexed per-column search, everything
 * else becomes a predicate per column. The semantics of each operation are written in
 * docs/data-grid.md ("Filters"); a server row source must give the same answers.
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from '../types';
import { formatValue, toNumber, valueToText } from '../format';
import { normaliseSearchText } from '../table-model/search-text';
import { cellReader } from '../table-model/shared';
import type { ModelColumn } from '../table-model/types';
import { cellMatchesQuery, valuesMatcher } from './search-seam';
import type {
  ColumnFilterModel,
  DateFilterCondition,
  GridFilterModel,
  NumberFilterCondition,
  TextFilterCondition,
} from './types';

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
 * outside was already restricted to the grid's columns; a stale key must not hide every row).
 */
export function compileFilterModel<R extends Row>(model: GridFilterModel | null, columns: readonly RowSourceModelColumn<R>[], options: FormatOptions): CompiledFilter<R> {
  const compiled: CompiledFilter<R> = { perColumn: {}, predicates: [] };
  if (!model) return compiled;
  for (const [key, filter] of Object.entries(model)) {
    const column = columns.find((c) => c.key === key);
    if (!column) continue;
    if (filter.filterType === 'text' && 'type' in filter && filter.type === 'contains' && column.searchable) {
      compiled.perColumn[key] = filter.filter ?? '';
      continue;
    }
    const test = columnPredicate(filter, column.format, options);
    const read = cellReader<R>(key);
    compiled.predicates.push((row) => test(read(row)));
  }
  return compiled;
}

/** The test of one column's filter on a cell value. */
export function columnPredicate(filter: ColumnFilterModel, format: ValueFormat, options: FormatOptions): (value: unknown) => boolean {
  if (filter.filterType === 'values') return valuesMatcher(filter);
  if ('conditions' in filter) {
    const tests = (filter.conditions as ColumnFilterModel[]).map((condition) => columnPredicate(condition, format, options));
    return filter.operator === 'OR' ? (value) => tests.some((test) => test(value)) : (value) => tests.every((test) => test(value));
  }
  switch (filter.filterType) {
    case 'text':
      return textTest(filter, format, options);
    case 'number':
      return numberTest(filter);
    case 'date':
      return dateTest(filter);
  }
}

/** Blank for text, number and date filters: null, undefined, a whitespace-only string, NaN or an invalid Date. */
function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (value instanceof Date) return Number.isNaN(value.getTime());
  return false;
}

/**
 * The text a text filter reads: the cell as shown and, for numbers, also its raw text, so "1234"
 * and "1,234" both find 1234 (as the search does).
 */
function filterText(value: unknown, format: ValueFormat, options: FormatOptions): string {
  const shown = formatValue(value, format, options);
  const raw = valueToText(value);
  return shown === raw ? shown : `${shown}\u0001${raw}`;
}

function textTest(condition: TextFilterCondition, format: ValueFormat, options: FormatOptions): (value: unknown) => boolean {
  const query = condition.filter ?? '';
  const wanted = normaliseSearchText(query.trim());
  switch (condition.type) {
    case 'blank':
      return isBlank;
    case 'notBlank':
      return (value) => !isBlank(value);
    case 'contains':
      return (value) => !isBlank(value) && cellMatchesQuery(filterText(value, format, options), query);
    case 'notContains':
      return (value) => isBlank(value) || !cellMatchesQuery(filterText(value, format, options), query);
    case 'equals':
      return (value) => !isBlank(value) && normaliseSearchText(formatValue(value, format, options).trim()) === wanted;
    case 'notEqual':
      return (value) => isBlank(value) || normaliseSearchText(formatValue(value, format, options).trim()) !== wanted;
    case 'startsWith':
      return (value) => !isBlank(value) && normaliseSearchText(formatValue(value, format, options).trim()).startsWith(wanted);
    case 'endsWith':
      return (value) => !isBlank(value) && normaliseSearchText(formatValue(value, format, options).trim()).endsWith(wanted);
  }
}

function numberTest(condition: NumberFilterCondition): (value: unknown) => boolean {
  const a = condition.filter ?? 0;
  const b = condition.filterTo ?? 0;
  const compare = (test: (n: number) => boolean) => (value: unknown) => {
    const n = toNumber(value);
    return n !== null && test(n);
  };
  switch (condition.type) {
    case 'blank':
      return isBlank;
    case 'notBlank':
      return (value) => !isBlank(value);
    case 'equals':
      return compare((n) => n === a);
    case 'notEqual':
      return compare((n) => n !== a);
    case 'lessThan':
      return compare((n) => n < a);
    case 'lessThanOrEqual':
      return compare((n) => n <= a);
    case 'greaterThan':
      return compare((n) => n > a);
    case 'greaterThanOrEqual':
      return compare((n) => n >= a);
    case 'inRange': {
      const low = Math.min(a, b);
      const high = Math.max(a, b);
      return compare((n) => n > low && n < high);
    }
  }
}

const DAY_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/;

/**
 * The calendar day of a cell as `YYYY-MM-DD`: a string starting with an ISO date, or a valid Date
 * (its UTC day, so the answer does not depend on the machine's time zone); null for anything else.
 */
export function dayOf(value: unknown): string | null {
  if (typeof value === 'string') return DAY_PREFIX.exec(value.trim())?.[1] ?? null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return null;
}

function dateTest(condition: DateFilterCondition): (value: unknown) => boolean {
  const from = (condition.dateFrom ?? '').slice(0, 10);
  const to = (condition.dateTo ?? '').slice(0, 10);
  const compare = (test: (day: string) => boolean) => (value: unknown) => {
    const day = dayOf(value);
    return day !== null && test(day);
  };
  switch (condition.type) {
    case 'blank':
      return isBlank;
    case 'notBlank':
      return (value) => !isBlank(value);
    case 'equals':
      return compare((day) => day === from);
    case 'notEqual':
      return compare((day) => day !== from);
    case 'lessThan':
      return compare((day) => day < from);
    case 'greaterThan':
      return compare((day) => day > from);
    case 'inRange': {
      const low = from < to ? from : to;
      const high = from < to ? to : from;
      return compare((day) => day > low && day < high);
    }
  }
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
