/**
 * Composing search and sort into what a table shows: `visibleRowIndices` and `visibleRows` at once,
 * or `visibleRowsInSteps`: the first rows now, the rest in resumable steps.
 *
 * @module
 */
import type { Row } from '../types';
import type { ModelColumn, SortState, TableLocale, TableViewState, WarmBudget } from './types';
import { formatOptions } from './shared';
import { filterIsBlank, matchFlags, prepareFilter, searchIndexReady } from './table-filter';
import type { PreparedFilter } from './table-filter';
import { firstSortedRows, sortIndexReady, sortedIndices, warmSortIndex } from './sort';

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

/**
 * Rows looked at by the first step (a screenful of matches is often among them, and a first
 * keystroke runs code the engine has not optimised yet); each further step looks at twice as many,
 * up to `LAST_STEP`, or fewer in a background slice when a step took more than half of it.
 */
const FIRST_STEP = 256;
const LAST_STEP = 16_384;
/** The smallest step in background slices (smaller ones spend more on each call than on rows). */
const SLICE_STEP = 1024;

/**
 * What a table shows (`visibleRowIndices`), found in steps, for the first interaction with a table
 * whose caches are not built yet: `advance(screenful)` finds the first rows of the result so the
 * table can draw them at once; `advance(0, budget)` then does the rest in short steps that yield
 * to input. The result is exactly that of `visibleRowIndices`, only sooner in front:
 *
 * - a search looks at rows in view order (sorted, or original) until enough are found; each step
 *   answers exactly as `visibleRowIndices` would for its rows (the same evaluation, restricted to
 *   them; the query is parsed once);
 * - a sort whose order is not built yet, with nothing to filter, takes its first rows from
 *   `firstSortedRows` (one pass over the rows, no sort) and builds the order in the later steps
 *   (continuing what a warm-up started). A sort with a search is built up front.
 *
 * With nothing to filter and the sort built (or no sort), or with complete search caches (one pass
 * then takes a few milliseconds), the first `advance` answers everything at once.
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
  const blank = filterIsBlank(filter);
  let sortPending = sort !== null && column !== undefined && blank && !sortIndexReady(rows, column, options.locale);
  const order = sort !== null && column !== undefined && !sortPending ? sortedIndices(rows, column, sort.direction, options.locale) : null;
  let found: Uint32Array = new Uint32Array(0);
  let size = 0;
  let position = 0;
  let step = FIRST_STEP;
  let match: PreparedFilter | null = null;
  /** Flags of the rows a step looks at (0 elsewhere), reused by every step. */
  let within: Uint8Array | null = null;
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
    match ??= prepareFilter(rows, columns, filter, options);
    within ??= new Uint8Array(count);
    if (order === null) {
      within.fill(1, position, end);
      const flags = match(within, position, end);
      for (let i = position; i < end; i++) if (flags === null || flags[i] === 1) push(i);
      within.fill(0, position, end);
    } else {
      for (let k = position; k < end; k++) within[order[k] as number] = 1;
      const flags = match(within, 0, count);
      for (let k = position; k < end; k++) {
        const row = order[k] as number;
        if (flags === null || flags[row] === 1) push(row);
      }
      for (let k = position; k < end; k++) within[order[k] as number] = 0;
    }
    position = end;
  };
  const answerAll = (): true => {
    found = visibleRowIndices(rows, columns, state, locale);
    size = found.length;
    position = count;
    sortPending = false;
    return true;
  };
  /** A sort not built yet: its first rows, then the order built (in budgeted steps when given one). */
  const advanceSort = (wanted: number, budget: WarmBudget | undefined): boolean => {
    const sorted = column as ModelColumn<R>;
    if (size === 0 && wanted > 0 && Number.isFinite(wanted)) {
      const first = firstSortedRows(rows, sorted, (sort as SortState).direction, options.locale, wanted);
      if (first === null || first.length === count) return answerAll();
      found = first;
      size = first.length;
    }
    if (size >= wanted && budget === undefined) return false;
    if (budget !== undefined && !warmSortIndex(rows, sorted, options.locale, budget)) return false;
    return answerAll();
  };
  const steps: VisibleRowsSteps = {
    get found() {
      return found.subarray(0, size);
    },
    get complete() {
      return position >= count;
    },
    advance(wanted, budget) {
      if (position >= count) return true;
      if (sortPending) return advanceSort(wanted, budget);
      if (position === 0 && (blank || searchIndexReady(rows, columns, filter, options))) return answerAll();
      while (position < count && size < wanted) {
        look(step);
        step = Math.min(LAST_STEP, step * 2);
      }
      // With a budget, at least one step: a budget that is always spent still gets there.
      if (budget !== undefined) {
        const slice = budget.timeRemaining();
        do {
          if (position >= count) break;
          const before = budget.timeRemaining();
          look(step);
          // A step that took more than half the slice makes the next one smaller, so input never
          // waits long behind one; a quick one makes it larger (fewer, cheaper calls).
          const spent = before - budget.timeRemaining();
          if (slice > 0 && spent > slice / 2) step = Math.max(SLICE_STEP, step >> 1);
          else if (slice <= 0 || spent < slice / 4) step = Math.min(LAST_STEP, step * 2);
        } while (budget.timeRemaining() > 0);
      }
      return position >= count;
    },
  };
  return steps;
}
