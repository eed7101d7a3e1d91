/**
 * Composing search and sort into what a table shows: `visibleRowIndices` and `visibleRows` at once,
 * or `visibleRowsInSteps`: the first rows now, the rest in resumable steps.
 *
 * @module
 */
import type { Row } from '../types';
import type { ModelColumn, TableLocale, TableViewState, WarmBudget } from './types';
import { formatOptions } from './shared';
import { filterIsBlank, matchFlags, searchIndexReady } from './search';
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

/** A view computed in steps (see `visibleRowsInSteps`). */
export interface VisibleRowsSteps {
  /** The rows found so far, in view order: always the beginning of the final result. */
  readonly found: Uint32Array;
  /** True once every row has been looked at: `found` is the whole result. */
  readonly complete: boolean;
  /**
   * Looks at further rows until at least `wanted` rows are found (or every row has been looked
   * at), then, given a `budget`, one more step and on while it lasts. Returns `complete`.
   */
  advance(wanted: number, budget?: WarmBudget): boolean;
}

/** Rows looked at by the first step; each further step looks at twice as many, up to `LAST_STEP`. */
const FIRST_STEP = 2048;
const LAST_STEP = 16_384;

/**
 * What a table shows (`visibleRowIndices`), found in steps, for the first interaction with a table
 * whose search caches are not built yet: `advance(screenful)` finds the first rows of the result
 * (in view order: sorted, or original) by looking at rows in that order until enough are found,
 * so the table can draw them at once; `advance(0, budget)` then looks at the rest in short steps
 * that yield to input. Each step answers exactly as `visibleRowIndices` would for its rows (the
 * same evaluation, restricted to them), so the result is the same, only sooner in front.
 *
 * With nothing to filter, or with complete caches (one pass then takes a few milliseconds), the
 * first `advance` answers everything at once. A sort is computed (or read from its cache) up front.
 *
 * @example
 * const steps = visibleRowsInSteps(rows, columns, { filter: { global: 'kyiv/lviv -paid' } }, 'en');
 * steps.advance(100);                    // the first 100 rows: draw them now
 * while (!steps.advance(0, idleBudget)); // the rest while the browser is idle
 */
export function visibleRowsInSteps<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], state: TableViewState, locale?: TableLocale): VisibleRowsSteps {
  const options = formatOptions(locale);
  const count = rows.length;
  const filter = state.filter;
  const sort = state.sort ?? null;
  const column = sort === null ? undefined : columns.find((c) => c.key === sort.key && c.sortable);
  const order = sort !== null && column !== undefined ? sortedIndices(rows, column, sort.direction, options.locale) : null;
  let found: Uint32Array = new Uint32Array(0);
  let size = 0;
  let position = 0;
  let step = FIRST_STEP;
  const push = (row: number): void => {
    if (size === found.length) {
      const grown = new Uint32Array(Math.min(count, Math.max(1024, found.length * 2)));
      grown.set(found);
      found = grown;
    }
    found[size++] = row;
  };
  /** Looks at the next `length` rows of the order. */
  const look = (length: number): void => {
    const end = Math.min(count, position + length);
    const within = new Uint8Array(count);
    if (order === null) {
      within.fill(1, position, end);
      const flags = matchFlags(rows, columns, filter, options, within, position, end);
      for (let i = position; i < end; i++) if (flags === null || flags[i] === 1) push(i);
    } else {
      for (let k = position; k < end; k++) within[order[k] as number] = 1;
      const flags = matchFlags(rows, columns, filter, options, within);
      for (let k = position; k < end; k++) {
        const row = order[k] as number;
        if (flags === null || flags[row] === 1) push(row);
      }
    }
    position = end;
  };
  const steps: VisibleRowsSteps = {
    get found() {
      return found.subarray(0, size);
    },
    get complete() {
      return position >= count;
    },
    advance(wanted, budget) {
      if (position === 0 && (filterIsBlank(filter) || searchIndexReady(rows, columns, filter, options))) {
        found = visibleRowIndices(rows, columns, state, locale);
        size = found.length;
        position = count;
        return true;
      }
      while (position < count && size < wanted) {
        look(step);
        step = Math.min(LAST_STEP, step * 2);
      }
      // With a budget, at least one step: a budget that is always spent still gets there.
      if (budget !== undefined) {
        do {
          if (position >= count) break;
          look(step);
          step = Math.min(LAST_STEP, step * 2);
        } while (budget.timeRemaining() > 0);
      }
      return position >= count;
    },
  };
  return steps;
}
