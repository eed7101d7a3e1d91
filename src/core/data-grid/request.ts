/**
 * Checking a row-source request that comes from outside (a browser's JSON body): the block, the sort
 * and filter models, the quick search and the visible columns. The one implementation for every
 * server row source; the sort and filter models go through `validateSortModel` and
 * `validateGridFilterModel`.
 *
 * @module
 */
import { FILTER_MODEL_LIMITS, validateGridFilterModel, validateSortModel } from './filter-model';
import type { RowSourceQuery, RowSourceRequest, RowSourceValuesRequest } from './types';

/** Limits of a request from outside, beyond `FILTER_MODEL_LIMITS`. */
export const ROW_SOURCE_REQUEST_LIMITS = Object.freeze({
  /** Highest `startRow`/`endRow`: a grid past a billion rows is not scrolled block by block. */
  maxRow: 1_000_000_000,
  /** Longest quick search and values search. */
  textLength: 1000,
  /** Most values a values request may ask for. */
  maxValuesLimit: 10_000,
});

/** The outcome of a check: the clean request, or where and why it was refused. */
export type RowSourceRequestCheck<T> = { ok: true; value: T } | { ok: false; path: string; message: string };

const REQUEST_KEYS: readonly string[] = ['startRow', 'endRow', 'sortModel', 'filterModel', 'quickFilter', 'columns'];
const QUERY_KEYS: readonly string[] = ['sortModel', 'filterModel', 'quickFilter'];
const VALUES_KEYS: readonly string[] = ['colId', 'filterModel', 'quickFilter', 'search', 'limit'];

/**
 * A clean copy of a block request from outside, or where it is wrong: no unknown keys; `startRow`
 * and `endRow` whole numbers with `0 ≤ startRow < endRow ≤ maxRow`; `sortModel` and `filterModel`
 * as their validators accept them (absent or null: none); `quickFilter` a string within
 * `textLength` (absent: ''); `columns` absent or a list of distinct non-empty keys.
 *
 * Edge cases: the block size is not limited here (a source clamps it to its own maximum); column
 * keys are not checked against any column list (the source knows its columns); a request that is
 * not a plain object is refused at path ''.
 *
 * @example
 * const check = validateRowSourceRequest(await request.json());
 * if (!check.ok) return new Response(check.message, { status: 400 });
 */
export function validateRowSourceRequest(raw: unknown): RowSourceRequestCheck<RowSourceRequest> {
  if (!isPlainObject(raw)) return refuse('', 'The request must be a JSON object.');
  const unknown = unknownKey(raw, REQUEST_KEYS);
  if (unknown !== null) return refuse(unknown, `Unknown field ${quote(unknown)}; the accepted fields are ${REQUEST_KEYS.join(', ')}.`);
  const { startRow, endRow } = raw;
  if (!isRowNumber(startRow)) return refuse('startRow', `startRow must be a whole number from 0 to ${ROW_SOURCE_REQUEST_LIMITS.maxRow}.`);
  if (!isRowNumber(endRow) || endRow <= startRow) return refuse('endRow', 'endRow must be a whole number above startRow.');
  const common = checkQuery(raw);
  if (!common.ok) return common;
  const request: RowSourceRequest = { startRow, endRow, ...common.value };
  if (raw.columns !== undefined && raw.columns !== null) {
    const columns = checkKeys(raw.columns);
    if (columns === null) return refuse('columns', 'columns must be a list of distinct, non-empty column keys.');
    request.columns = columns;
  }
  return { ok: true, value: request };
}

/**
 * A clean copy of a query without a block (sort, filters, quick search: what KPIs and charts over
 * the filtered set read), or where it is wrong; the same rules as `validateRowSourceRequest`.
 */
export function validateRowSourceQuery(raw: unknown): RowSourceRequestCheck<RowSourceQuery> {
  if (!isPlainObject(raw)) return refuse('', 'The request must be a JSON object.');
  const unknown = unknownKey(raw, QUERY_KEYS);
  if (unknown !== null) return refuse(unknown, `Unknown field ${quote(unknown)}; the accepted fields are ${QUERY_KEYS.join(', ')}.`);
  return checkQuery(raw);
}

/**
 * A clean copy of a values request from outside (the values filter's checklist), or where it is
 * wrong: `colId` a non-empty key, `filterModel` and `quickFilter` as in `validateRowSourceRequest`,
 * `search` a string within `textLength`, `limit` a whole number from 1 to `maxValuesLimit`.
 */
export function validateRowSourceValuesRequest(raw: unknown): RowSourceRequestCheck<RowSourceValuesRequest> {
  if (!isPlainObject(raw)) return refuse('', 'The request must be a JSON object.');
  const unknown = unknownKey(raw, VALUES_KEYS);
  if (unknown !== null) return refuse(unknown, `Unknown field ${quote(unknown)}; the accepted fields are ${VALUES_KEYS.join(', ')}.`);
  if (!isKey(raw.colId)) return refuse('colId', 'colId must be a non-empty column key.');
  const filterModel = validateGridFilterModel(raw.filterModel);
  if (filterModel === null) return refuse('filterModel', 'filterModel is not a valid filter model (see docs/server-rows.md).');
  const quickFilter = checkText(raw.quickFilter);
  if (quickFilter === null) return refuse('quickFilter', `quickFilter must be a string of at most ${ROW_SOURCE_REQUEST_LIMITS.textLength} characters.`);
  const search = checkText(raw.search);
  if (search === null) return refuse('search', `search must be a string of at most ${ROW_SOURCE_REQUEST_LIMITS.textLength} characters.`);
  const request: RowSourceValuesRequest = { colId: raw.colId, filterModel, quickFilter, search };
  if (raw.limit !== undefined && raw.limit !== null) {
    const { limit } = raw;
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > ROW_SOURCE_REQUEST_LIMITS.maxValuesLimit) {
      return refuse('limit', `limit must be a whole number from 1 to ${ROW_SOURCE_REQUEST_LIMITS.maxValuesLimit}.`);
    }
    request.limit = limit;
  }
  return { ok: true, value: request };
}

/** Sort model, filter model and quick search of a request. */
function checkQuery(raw: Record<string, unknown>): RowSourceRequestCheck<RowSourceQuery> {
  const sortModel = validateSortModel(raw.sortModel);
  if (sortModel === null) return refuse('sortModel', `sortModel must be a list of at most ${FILTER_MODEL_LIMITS.maxSortColumns} {colId, sort: "asc" | "desc"} items, each column once.`);
  const filterModel = validateGridFilterModel(raw.filterModel);
  if (filterModel === null) return refuse('filterModel', 'filterModel is not a valid filter model (see docs/server-rows.md).');
  const quickFilter = checkText(raw.quickFilter);
  if (quickFilter === null) return refuse('quickFilter', `quickFilter must be a string of at most ${ROW_SOURCE_REQUEST_LIMITS.textLength} characters.`);
  return { ok: true, value: { sortModel, filterModel, quickFilter } };
}

function checkText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' && value.length <= ROW_SOURCE_REQUEST_LIMITS.textLength ? value : null;
}

function checkKeys(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > FILTER_MODEL_LIMITS.maxColumns) return null;
  const seen = new Set<string>();
  for (const key of value) {
    if (!isKey(key) || seen.has(key)) return null;
    seen.add(key);
  }
  return [...seen];
}

function isKey(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value !== '__proto__' && value.length <= FILTER_MODEL_LIMITS.keyLength;
}

function isRowNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= ROW_SOURCE_REQUEST_LIMITS.maxRow;
}

function unknownKey(raw: Record<string, unknown>, allowed: readonly string[]): string | null {
  for (const key of Object.keys(raw)) if (!allowed.includes(key)) return key;
  return null;
}

function refuse<T>(path: string, message: string): RowSourceRequestCheck<T> {
  return { ok: false, path, message };
}

function quote(text: string): string {
  return JSON.stringify(text.length > 50 ? `${text.slice(0, 50)}…` : text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
