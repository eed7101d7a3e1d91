/**
 * The checks a SQL row source runs on every request before any SQL: the shape (the core's
 * `validateRowSourceRequest` and friends), then against the source's columns (known, sortable,
 * filterable, a filter type the column's type takes) and the texts (no U+0000, no lone surrogate).
 * Everything refused is `HttpError` 400 `invalid_rows_request`: requests come from browsers.
 *
 * @module
 */
import { validateRowSourceQuery, validateRowSourceRequest, validateRowSourceValuesRequest } from '../../core/data-grid/request';
import type { ColumnFilterModel, GridFilterModel, RowSourceQuery, RowSourceRequest, RowSourceSortItem, RowSourceValuesRequest } from '../../core/data-grid/types';
import { unstorableTextReason } from '../../core/prefs';
import { type HttpError, apiError } from '../errors';
import type { SqlColumn } from './sql-filter';

/** Which filter types each column type accepts. */
const FILTER_TYPES: Readonly<Record<SqlColumn['type'], readonly string[]>> = {
  text: ['text', 'values'],
  number: ['number', 'text', 'values'],
  date: ['date', 'text', 'values'],
};

/** A block request after its checks, with the columns it reads in the order asked (default every column). */
export interface CheckedRowsRequest {
  request: RowSourceRequest;
  selected: readonly SqlColumn[];
}

/** A values request after its checks, with its column. */
export interface CheckedValuesRequest {
  request: RowSourceValuesRequest;
  column: SqlColumn;
}

/** A validated, checked query (sort, filters, quick search) from anything a client sent. */
export function checkQuery(columns: ReadonlyMap<string, SqlColumn>, raw: unknown): RowSourceQuery {
  const check = validateRowSourceQuery(raw);
  if (!check.ok) throw invalid(check.message);
  const { sortModel, filterModel, quickFilter } = check.value;
  checkSort(columns, sortModel);
  checkFilters(columns, filterModel, quickFilter);
  return { sortModel, filterModel, quickFilter };
}

/** A validated, checked block request; `columns` it names must all be the source's. */
export function checkRowsRequest(columns: ReadonlyMap<string, SqlColumn>, raw: unknown): CheckedRowsRequest {
  const check = validateRowSourceRequest(raw);
  if (!check.ok) throw invalid(check.message);
  const request = check.value;
  checkSort(columns, request.sortModel);
  checkFilters(columns, request.filterModel, request.quickFilter);
  const keys = request.columns ?? [...columns.keys()];
  for (const key of keys) if (!columns.has(key)) throw invalid(`columns names the unknown column ${quote(key)}.`);
  return { request, selected: keys.map((key) => columns.get(key) as SqlColumn) };
}

/** A validated, checked values request: its column filterable, its `search` storable. */
export function checkValuesRequest(columns: ReadonlyMap<string, SqlColumn>, raw: unknown): CheckedValuesRequest {
  const check = validateRowSourceValuesRequest(raw);
  if (!check.ok) throw invalid(check.message);
  const request = check.value;
  const column = columns.get(request.colId);
  if (column === undefined) throw invalid(`colId names the unknown column ${quote(request.colId)}.`);
  if (!column.filterable) throw invalid(`The column ${quote(request.colId)} cannot be filtered.`);
  checkFilters(columns, request.filterModel, request.quickFilter);
  checkStorable(request.search ?? '', 'search');
  return { request, column };
}

function checkSort(columns: ReadonlyMap<string, SqlColumn>, sortModel: readonly RowSourceSortItem[]): void {
  for (const item of sortModel) {
    const column = columns.get(item.colId);
    if (column === undefined) throw invalid(`sortModel names the unknown column ${quote(item.colId)}.`);
    if (!column.sortable) throw invalid(`The column ${quote(item.colId)} cannot be sorted.`);
  }
}

function checkFilters(columns: ReadonlyMap<string, SqlColumn>, filterModel: GridFilterModel | null, quickFilter: string): void {
  checkStorable(quickFilter, 'quickFilter');
  for (const [key, filter] of Object.entries(filterModel ?? {})) {
    const column = columns.get(key);
    if (column === undefined) throw invalid(`filterModel names the unknown column ${quote(key)}.`);
    if (!column.filterable) throw invalid(`The column ${quote(key)} cannot be filtered.`);
    if (!FILTER_TYPES[column.type].includes(filter.filterType)) throw invalid(`The column ${quote(key)} (${column.type}) takes no ${filter.filterType} filter.`);
    checkFilterTexts(filter, key);
  }
}

/** Every text of a filter must be storable (no U+0000, no lone surrogate). */
function checkFilterTexts(filter: ColumnFilterModel, key: string): void {
  const texts: unknown[] = [];
  if (filter.filterType === 'values') {
    if ('values' in filter) texts.push(...filter.values);
  } else if ('conditions' in filter) {
    for (const condition of filter.conditions as ColumnFilterModel[]) checkFilterTexts(condition, key);
  } else if (filter.filterType === 'text') texts.push(filter.filter);
  for (const text of texts) if (typeof text === 'string') checkStorable(text, `filterModel.${key}`);
}

/**
 * Refuses text no database can hold: U+0000 (PostgreSQL rejects it in any text) and lone surrogates
 * (not UTF-8). Such text can match no stored cell, and sending it would be a database error.
 */
function checkStorable(text: string, path: string): void {
  const reason = unstorableTextReason(text);
  if (reason !== null) throw invalid(`${path} contains ${reason}; no stored cell can match it.`);
}

function invalid(message: string): HttpError {
  return apiError('invalid_rows_request', message);
}

function quote(text: string): string {
  return JSON.stringify(text.length > 50 ? `${text.slice(0, 50)}…` : text);
}
