/**
 * Checking filter models that come from outside the grid (stored page state, a shared URL, a saved
 * search, a request body) and counting what is active. A model either passes whole or is refused:
 * half of a filter silently applied would show other rows than the reader chose.
 *
 * @module
 */
import type { FilterOperatorRegistry } from './filter-operators';
import { BUILT_IN_OPERATORS, findOperator } from './filter-operators';
import type {
  ColumnFilterModel,
  DateFilterCondition,
  DateFilterOperation,
  GridFilterModel,
  NumberFilterCondition,
  NumberFilterOperation,
  RowSourceSortItem,
  TextFilterCondition,
  TextFilterOperation,
  ValuesColumnFilter,
} from './types';

type ValuesMode = Extract<ValuesColumnFilter, { mode: string }>['mode'];
type ValuesMatch = NonNullable<Extract<ValuesColumnFilter, { values: string[] }>['match']>;

/**
 * Limits of a filter model from outside: columns with a filter, conditions per column, the length
 * of a text or date, and the entries (and their length) of a values checklist.
 */
export const FILTER_MODEL_LIMITS = Object.freeze({
  maxColumns: 200,
  maxConditions: 10,
  textLength: 1000,
  maxValues: 1000,
  keyLength: 200,
  maxSortColumns: 20,
});

/** `YYYY-MM-DD`, optionally followed by a time, as AG Grid's date filter writes it. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A clean copy of a filter model from outside, or null when anything is off: every entry a known
 * filter type with operations `operators` holds (the built-in registry by default) and values of
 * the right type within `FILTER_MODEL_LIMITS`, no unknown keys, column keys non-empty and not
 * `__proto__`. `null`, `undefined` and `{}` give `{}`.
 *
 * Edge cases: an unregistered operation is refused, never read as another one; a condition whose
 * value is missing (a `contains` without text) is refused rather than read as "match everything",
 * while a text of only whitespace is kept (it is the empty text: docs/data-grid.md); an operator
 * with two operands (`inRange`) needs both, one with none (`blank`) takes none; a combined model
 * needs 1 to `maxConditions` conditions of its own filter type and `AND`/`OR`.
 */
export function validateGridFilterModel(raw: unknown, operators: FilterOperatorRegistry = BUILT_IN_OPERATORS): GridFilterModel | null {
  if (raw === null || raw === undefined) return {};
  if (!isPlainObject(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.length > FILTER_MODEL_LIMITS.maxColumns) return null;
  const out: GridFilterModel = {};
  for (const key of keys) {
    if (key === '' || key === '__proto__' || key.length > FILTER_MODEL_LIMITS.keyLength) return null;
    const model = validateColumnFilter(raw[key], operators);
    if (model === null) return null;
    out[key] = model;
  }
  return out;
}

/** One column's filter, checked against `operators`; null when invalid. */
export function validateColumnFilter(raw: unknown, operators: FilterOperatorRegistry = BUILT_IN_OPERATORS): ColumnFilterModel | null {
  if (!isPlainObject(raw)) return null;
  const type = raw.filterType;
  if (type === 'values') return validateValues(raw, operators);
  if ('operator' in raw || 'conditions' in raw) {
    if (!onlyKeys(raw, ['filterType', 'operator', 'conditions'])) return null;
    if (raw.operator !== 'AND' && raw.operator !== 'OR') return null;
    const conditions = raw.conditions;
    if (!Array.isArray(conditions) || conditions.length === 0 || conditions.length > FILTER_MODEL_LIMITS.maxConditions) return null;
    const clean: ColumnFilterModel[] = [];
    for (const condition of conditions) {
      const checked = validateCondition(condition, operators);
      if (checked === null || checked.filterType !== type) return null;
      clean.push(checked);
    }
    return { filterType: type, operator: raw.operator, conditions: clean } as ColumnFilterModel;
  }
  return validateCondition(raw, operators);
}

function validateCondition(raw: unknown, operators: FilterOperatorRegistry): TextFilterCondition | NumberFilterCondition | DateFilterCondition | null {
  if (!isPlainObject(raw)) return null;
  switch (raw.filterType) {
    case 'text': {
      if (!onlyKeys(raw, ['filterType', 'type', 'filter'])) return null;
      const operands = findOperator(operators, 'text', raw.type)?.operands;
      // The registry's own name (a model may carry any name a registry holds, typed or not).
      const type = raw.type as TextFilterOperation;
      if (operands === undefined) return null;
      if (operands === 0) return absent(raw.filter) ? { filterType: 'text', type } : null;
      if (typeof raw.filter !== 'string' || raw.filter.length === 0 || raw.filter.length > FILTER_MODEL_LIMITS.textLength) return null;
      return { filterType: 'text', type, filter: raw.filter };
    }
    case 'number': {
      if (!onlyKeys(raw, ['filterType', 'type', 'filter', 'filterTo'])) return null;
      const operands = findOperator(operators, 'number', raw.type)?.operands;
      const type = raw.type as NumberFilterOperation;
      if (operands === undefined) return null;
      if (operands === 0) return absent(raw.filter) && absent(raw.filterTo) ? { filterType: 'number', type } : null;
      if (!isFiniteNumber(raw.filter)) return null;
      if (operands === 2) return isFiniteNumber(raw.filterTo) ? { filterType: 'number', type, filter: raw.filter, filterTo: raw.filterTo } : null;
      return absent(raw.filterTo) ? { filterType: 'number', type, filter: raw.filter } : null;
    }
    case 'date': {
      if (!onlyKeys(raw, ['filterType', 'type', 'dateFrom', 'dateTo'])) return null;
      const operands = findOperator(operators, 'date', raw.type)?.operands;
      const type = raw.type as DateFilterOperation;
      if (operands === undefined) return null;
      if (operands === 0) return absent(raw.dateFrom) && absent(raw.dateTo) ? { filterType: 'date', type } : null;
      if (!isDateText(raw.dateFrom)) return null;
      if (operands === 2) return isDateText(raw.dateTo) ? { filterType: 'date', type, dateFrom: raw.dateFrom, dateTo: raw.dateTo } : null;
      return absent(raw.dateTo) ? { filterType: 'date', type, dateFrom: raw.dateFrom } : null;
    }
    default:
      return null;
  }
}

function validateValues(raw: Record<string, unknown>, operators: FilterOperatorRegistry): ColumnFilterModel | null {
  if ('mode' in raw) {
    if (!onlyKeys(raw, ['filterType', 'mode'])) return null;
    // A mode is a values operator without a list.
    return findOperator(operators, 'values', raw.mode)?.operands === 0 ? { filterType: 'values', mode: raw.mode as ValuesMode } : null;
  }
  if (!onlyKeys(raw, ['filterType', 'values', 'match'])) return null;
  const values = raw.values;
  if (!Array.isArray(values) || values.length > FILTER_MODEL_LIMITS.maxValues) return null;
  if (!values.every((value): value is string => typeof value === 'string' && value.length <= FILTER_MODEL_LIMITS.textLength)) return null;
  if (raw.match === undefined) return { filterType: 'values', values: [...values] };
  // A match is a values operator that reads a list.
  return findOperator(operators, 'values', raw.match)?.operands === 1 ? { filterType: 'values', values: [...values], match: raw.match as ValuesMatch } : null;
}

/**
 * A clean copy of a sort model from outside, or null when anything is off: at most
 * `maxSortColumns` items of `{ colId, sort: 'asc' | 'desc' }`, each column once.
 */
export function validateSortModel(raw: unknown): RowSourceSortItem[] | null {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > FILTER_MODEL_LIMITS.maxSortColumns) return null;
  const seen = new Set<string>();
  const out: RowSourceSortItem[] = [];
  for (const item of raw) {
    if (!isPlainObject(item) || !onlyKeys(item, ['colId', 'sort'])) return null;
    const { colId, sort } = item;
    if (typeof colId !== 'string' || colId === '' || colId.length > FILTER_MODEL_LIMITS.keyLength || seen.has(colId)) return null;
    if (sort !== 'asc' && sort !== 'desc') return null;
    seen.add(colId);
    out.push({ colId, sort });
  }
  return out;
}

/** How many columns have a filter (what "clear all filters" would clear). */
export function countActiveFilters(model: GridFilterModel | null | undefined): number {
  return model ? Object.keys(model).length : 0;
}

/**
 * The model without the columns `keep` refuses, and the keys it dropped (a preset or a shared view
 * from an older column set names columns that no longer exist or can no longer be filtered).
 */
export function restrictFilterModel(model: GridFilterModel, keep: (key: string) => boolean): { model: GridFilterModel; dropped: string[] } {
  const out: GridFilterModel = {};
  const dropped: string[] = [];
  for (const [key, filter] of Object.entries(model)) {
    if (keep(key)) out[key] = filter;
    else dropped.push(key);
  }
  return { model: out, dropped };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isDateText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && DATE_TEXT.test(value);
}
