/**
 * Filter state in the URL. The query names are fixed because links built elsewhere (the simple
 * table's PDF link, shared URLs) use them too:
 *
 * | name | meaning |
 * |---|---|
 * | `q` | global search text |
 * | `sort` | key of the sorted column |
 * | `dir` | `asc` or `desc` (default `asc` when `sort` is given) |
 * | `f_<key>` | per-column filter text of column `<key>` |
 *
 * Pure string work: no DOM, no Node module, so it runs in hosts, stores and servers alike.
 *
 * @module
 */
import type { GridViewSpec } from '../core/types';
import type { FilterState, SortState } from './types';

/** Query name of the global search text. */
export const QUERY_SEARCH = 'q';
/** Query name of the sorted column key. */
export const QUERY_SORT = 'sort';
/** Query name of the sort direction. */
export const QUERY_DIR = 'dir';
/** Prefix of per-column filter query names (`f_region=north`). */
export const QUERY_FILTER_PREFIX = 'f_';

/** Longest search or filter text read from a URL; longer text is cut, not refused. */
export const MAX_QUERY_TEXT = 1000;
/** Most per-column filters read from one URL; further ones are ignored. */
export const MAX_QUERY_FILTERS = 200;

/** What `parseFilterState` needs of a spec: its columns and search mode. */
export type FilterSpecLike = Pick<GridViewSpec, 'columns' | 'searchMode'>;

/**
 * The filter fields that are actually present in a query string. A field absent from the URL is
 * absent here too, so that callers can let the URL win only where it says something (page state
 * keeps its stored sort when the URL has only `q`).
 *
 * Edge cases: `sort` with an empty value is ignored; `dir` without `sort` is ignored; `f_` with an
 * empty key or an empty value is ignored; `__proto__` is never used as a filter key. With a `spec`,
 * a sort key must name a sortable column, a filter key a searchable column, and a spec whose search
 * mode is `disabled` yields neither search text nor filters.
 */
export function presentFilterFields(search: URLSearchParams | string, spec?: FilterSpecLike): Partial<FilterState> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Partial<FilterState> = {};
  const searchable = spec?.searchMode !== 'disabled';

  const q = params.get(QUERY_SEARCH);
  if (q !== null && searchable) out.search = q.slice(0, MAX_QUERY_TEXT);

  const sortKey = params.get(QUERY_SORT);
  if (sortKey !== null && sortKey !== '' && isSortable(spec, sortKey)) {
    const sort: SortState = { key: sortKey, direction: params.get(QUERY_DIR) === 'desc' ? 'desc' : 'asc' };
    out.sort = sort;
  }

  if (searchable) {
    const filters: Record<string, string> = {};
    let count = 0;
    let seen = false;
    for (const [name, value] of params) {
      if (!name.startsWith(QUERY_FILTER_PREFIX)) continue;
      const key = name.slice(QUERY_FILTER_PREFIX.length);
      if (key === '' || key === '__proto__' || !isFilterable(spec, key)) continue;
      seen = true;
      if (value === '' || count >= MAX_QUERY_FILTERS) continue;
      if (!Object.prototype.hasOwnProperty.call(filters, key)) count++;
      filters[key] = value.slice(0, MAX_QUERY_TEXT);
    }
    if (seen) out.filters = filters;
  }
  return out;
}

/**
 * The full filter state of a query string: `presentFilterFields` with the absent fields filled
 * (empty search, no sort, no filters). This is what `GridViewHost.filterStateFromRequest` returns.
 *
 * @example parseFilterState('?q=acme&sort=total&dir=desc&f_region=north')
 *   // { search: 'acme', sort: { key: 'total', direction: 'desc' }, filters: { region: 'north' } }
 */
export function parseFilterState(search: URLSearchParams | string, spec?: FilterSpecLike): FilterState {
  const present = presentFilterFields(search, spec);
  return { search: present.search ?? '', sort: present.sort ?? null, filters: present.filters ?? {} };
}

/**
 * The query parameters of a filter state, in the names `parseFilterState` reads: the inverse
 * operation, for building shareable links or export URLs. Empty search text, a null sort and empty
 * filter values are left out, so an empty state gives an empty query.
 */
export function filterStateToQuery(state: Partial<FilterState>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(QUERY_SEARCH, state.search);
  if (state.sort) {
    params.set(QUERY_SORT, state.sort.key);
    params.set(QUERY_DIR, state.sort.direction);
  }
  for (const [key, value] of Object.entries(state.filters ?? {})) {
    if (value !== '') params.set(QUERY_FILTER_PREFIX + key, value);
  }
  return params;
}

/** An empty filter state: what an anonymous first visit without a query has. */
export function emptyFilterState(): FilterState {
  return { search: '', sort: null, filters: {} };
}

function isSortable(spec: FilterSpecLike | undefined, key: string): boolean {
  if (!spec) return true;
  return spec.columns.some((column) => column.key === key && column.sortable);
}

function isFilterable(spec: FilterSpecLike | undefined, key: string): boolean {
  if (!spec) return true;
  return spec.columns.some((column) => column.key === key && column.searchable);
}
