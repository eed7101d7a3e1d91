/**
 * Composing search and sort into what a table shows: `visibleRowIndices` and `visibleRows`.
 *
 * @module
 */
import type { Row } from '../types';
import type { ModelColumn, TableLocale, TableViewState } from './types';
import { formatOptions } from './shared';
import { matchFlags } from './search';
import { sortedIndices } from './sort';

/**
 * Indices (into `rows`) of the rows a table shows: filtered by `state.filter`, then ordered by
 * `state.sort` (see `filterRows` and `sortRows`). A sort naming an unknown or non-sortable column is
 * ignored (original order). Always a fresh array the caller may keep.
 *
 * Cost with warm caches: one pass over the rows; no comparison sort per call.
 */
export function visibleRowIndices<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], state: TableViewState, locale?: TableLocale): Uint32Array {
  const options = formatOptions(locale);
  const flags = matchFlags(rows, columns, state.filter, options);
  const sort = state.sort ?? null;
  const column = sort === null ? undefined : columns.find((c) => c.key === sort.key && c.sortable);
  if (sort !== null && column !== undefined) {
    const order = sortedIndices(rows, column, sort.direction, options.locale);
    if (flags === null) return order.slice();
    let count = 0;
    for (let i = 0; i < flags.length; i++) count += flags[i] ?? 0;
    const result = new Uint32Array(count);
    let out = 0;
    for (let i = 0; i < order.length; i++) {
      const row = order[i] ?? 0;
      if (flags[row] === 1) result[out++] = row;
    }
    return result;
  }
  if (flags === null) {
    const all = new Uint32Array(rows.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    return all;
  }
  let count = 0;
  for (let i = 0; i < flags.length; i++) count += flags[i] ?? 0;
  const result = new Uint32Array(count);
  let out = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i] === 1) result[out++] = i;
  return result;
}

/** The rows a table shows (filter, then sort); a new array of the same row objects. See `visibleRowIndices`. */
export function visibleRows<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], state: TableViewState, locale?: TableLocale): R[] {
  return Array.from(visibleRowIndices(rows, columns, state, locale), (i) => rows[i] as R);
}
