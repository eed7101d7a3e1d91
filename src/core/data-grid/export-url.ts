/**
 * Server export links of a data grid (PDF, XLSX), carrying what the grid shows so that the server
 * exports the same rows in the same order with the same columns.
 *
 * @module
 */
import { appendQuery, isSafeUrl } from '../url';
import type { GridFilterModel, RowSourceSortItem } from './types';
import { FILTER_MODEL_LIMITS, validateGridFilterModel, validateSortModel } from './filter-model';

/** What a server export link carries. */
export interface GridExportLinkState {
  sortModel: readonly RowSourceSortItem[];
  filterModel: GridFilterModel;
  quickFilter: string;
  /** Visible column keys in their order. */
  columns: readonly string[];
}

/**
 * `base` with the grid's state appended, readable two ways:
 *
 * - the names every export builder already reads (`parseFilterState`): `q` (quick search), `sort`
 *   and `dir` (the first sorted column) and `f_<key>` for each column whose filter is a single text
 *   `contains` (its text is the column filter query);
 * - the whole state for builders that know the data grid: `columns` (visible keys in order, comma
 *   separated, each URL-encoded), `sorts` (JSON sort model) and `filter` (JSON filter model), which
 *   a builder validates before use.
 *
 * Returns null when `base` is missing or not an http(s)/relative URL, so no link is drawn rather than
 * a dangerous one. Empty parts are left out.
 */
export function buildGridExportUrl(base: string | null | undefined, state: GridExportLinkState): string | null {
  if (typeof base !== 'string' || !isSafeUrl(base)) return null;
  const params: Record<string, string> = {};
  const query = state.quickFilter.trim();
  if (query !== '') params.q = query;
  const first = state.sortModel[0];
  if (first) {
    params.sort = first.colId;
    params.dir = first.sort;
  }
  for (const [key, filter] of Object.entries(state.filterModel)) {
    if (filter.filterType === 'text' && 'type' in filter && filter.type === 'contains' && filter.filter) params[`f_${key}`] = filter.filter;
  }
  if (state.columns.length > 0) params.columns = state.columns.map((key) => encodeURIComponent(key)).join(',');
  if (state.sortModel.length > 1) params.sorts = JSON.stringify(state.sortModel);
  if (Object.keys(state.filterModel).length > 0) params.filter = JSON.stringify(state.filterModel);
  const url = appendQuery(base, params);
  return isSafeUrl(url) ? url : null;
}

/** The query parameters of a request: `URLSearchParams` fits (the core is DOM-free, so it names only what it reads). */
export interface QueryParamsLike {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

/** What `readGridExportParams` reads back from a link `buildGridExportUrl` wrote. */
export interface GridExportParams {
  /** Sort, filters and quick search, ready for a row source. */
  query: { sortModel: RowSourceSortItem[]; filterModel: GridFilterModel; quickFilter: string };
  /** Visible column keys in their order; empty when the link names none (export every column). */
  columns: string[];
}

/**
 * The grid state a server export link carries (the inverse of `buildGridExportUrl`), validated:
 * `q`, `sorts` (or else `sort` + `dir`), `filter` (or else the `f_<key>` text filters) and `columns`.
 * Returns null when a parameter is present but invalid (bad JSON, a filter model or sort model that
 * fails validation, `dir` other than `asc`/`desc`), so the caller can answer 400 instead of exporting
 * rows the reader did not choose. Column keys are not checked against a spec here: a row source
 * ignores unknown ones, and the caller keeps only the columns it knows.
 *
 * @example
 * const params = readGridExportParams(new URL(request.url).searchParams);
 * if (!params) throw new HttpError(400, 'Bad grid parameters.');
 * const rows = createLocalRowSource(all, spec.columns).view(params.query).rows();
 */
export function readGridExportParams(params: QueryParamsLike): GridExportParams | null {
  const quickFilter = (params.get('q') ?? '').slice(0, 1000);
  let sortModel: RowSourceSortItem[] = [];
  const sorts = params.get('sorts');
  if (sorts !== null) {
    const parsed = validateSortModel(parseJson(sorts));
    if (parsed === null) return null;
    sortModel = parsed;
  } else {
    const key = params.get('sort');
    const dir = params.get('dir');
    if (dir !== null && dir !== 'asc' && dir !== 'desc') return null;
    if (key !== null && key !== '') sortModel = [{ colId: key.slice(0, FILTER_MODEL_LIMITS.keyLength), sort: dir === 'desc' ? 'desc' : 'asc' }];
  }
  let filterModel: GridFilterModel = {};
  const filter = params.get('filter');
  if (filter !== null) {
    const parsed = validateGridFilterModel(parseJson(filter));
    if (parsed === null) return null;
    filterModel = parsed;
  } else {
    params.forEach((value, name) => {
      const key = name.slice(2);
      if (!name.startsWith('f_') || key === '' || key === '__proto__' || value.trim() === '') return;
      filterModel[key] = { filterType: 'text', type: 'contains', filter: value.slice(0, FILTER_MODEL_LIMITS.textLength) };
    });
  }
  const columns = readExportColumns(params);
  if (columns === null) return null;
  return { query: { sortModel, filterModel, quickFilter }, columns };
}

/**
 * The visible columns a server export link names (`columns`, as `buildGridExportUrl` writes it:
 * keys in display order, comma separated, each URL-encoded). Empty when the link names none (export
 * every column); null when the parameter is malformed (a bad `%` escape) or names more than
 * `FILTER_MODEL_LIMITS.maxColumns` columns, so the caller can refuse the link.
 */
export function readExportColumns(params: Pick<QueryParamsLike, 'get'>): string[] | null {
  const text = params.get('columns');
  if (text === null || text === '') return [];
  let columns: string[];
  try {
    columns = text.split(',').map((part: string) => decodeURIComponent(part)).filter((key: string) => key !== '');
  } catch {
    return null;
  }
  return columns.length > FILTER_MODEL_LIMITS.maxColumns ? null : columns;
}

function parseJson(text: string): unknown {
  if (text.length > 100_000) return Symbol('too long');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: neither validator accepts undefined, so the caller refuses the link.
    return Symbol('not json');
  }
}
