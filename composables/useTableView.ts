/**
 * `useTableView`: the rows a table shows (searched, then sorted), as row indices. A large table
 * whose search caches are not built yet answers in steps (`visibleRowsInSteps`): the first rows of
 * the result now, so the very first keystroke draws them at once, the rest right after that frame
 * in short slices that yield to input (before background work such as the warm-up); a newer change
 * cancels the rest. Everything else answers at once.
 *
 * @module
 */
import { onBeforeUnmount, shallowRef, toValue, watch } from 'vue';
import type { MaybeRefOrGetter, ShallowRef } from 'vue';
import type { Column, Row } from '../src/core/types';
import { visibleRowIndices, visibleRowsInSteps } from '../src/core/table-model';
import type { SortState, TableFilter, TableLocale } from '../src/core/table-model';
import { runWhenIdle } from '../src/core/table-model/idle';
import { backgroundScheduler } from './useTableWarmup';

/**
 * Rows found before the table draws: the screenful of a table up to about 1,400 px tall (a
 * windowed table draws no overscan while the answer is incomplete, see useSimpleTableWindow). A
 * taller one shows its last rows a frame later. Fewer rows to find is less to look at before the
 * first frame: a query matching one row in 16 needs about 640.
 */
const FIRST_ROWS = 40;
/** Length of one slice of the rest (as the warm-up's). */
const SLICE_MS = 8;

/** Options of `useTableView`. */
export interface UseTableViewOptions<R extends Row> {
  /** The rows (raw, never reactive). */
  rows: MaybeRefOrGetter<readonly R[]>;
  columns: MaybeRefOrGetter<readonly Column<R>[]>;
  filter: MaybeRefOrGetter<TableFilter>;
  sort: MaybeRefOrGetter<SortState | null>;
  /** Locale and currency of the search texts and the sort. */
  format: MaybeRefOrGetter<TableLocale>;
  /** Whether to answer in steps when the caches are cold (large, windowed tables). */
  stepwise: MaybeRefOrGetter<boolean>;
  /** An element of the table; its window schedules the background slices. */
  element: MaybeRefOrGetter<HTMLElement | null | undefined>;
}

/** What `useTableView` returns. */
export interface UseTableViewReturn {
  /** Row indices of what the table shows, in order; while `complete` is false, the beginning of it. */
  indices: Readonly<ShallowRef<Uint32Array>>;
  /** False while the rest of a stepwise answer is still being found. */
  complete: Readonly<ShallowRef<boolean>>;
  /** Finds the rest now (exports need all rows) and returns the whole answer. */
  finish(): Uint32Array;
}

/**
 * The view of a table, recomputed when rows, columns, filter, sort or format change (before the
 * next render). Edge cases: without a window (SSR) or when not `stepwise` the answer is always
 * complete at once; an unmount cancels the rest.
 */
export function useTableView<R extends Row>(options: UseTableViewOptions<R>): UseTableViewReturn {
  const indices = shallowRef<Uint32Array>(new Uint32Array(0));
  const complete = shallowRef(true);
  let cancel: (() => void) | null = null;
  let finishNow: (() => void) | null = null;

  const compute = (): void => {
    cancel?.();
    cancel = null;
    finishNow = null;
    const rows = toValue(options.rows);
    const columns = toValue(options.columns);
    const state = { filter: toValue(options.filter), sort: toValue(options.sort) };
    const format = toValue(options.format);
    const view = toValue(options.element)?.ownerDocument.defaultView;
    if (!toValue(options.stepwise) || !view) {
      indices.value = visibleRowIndices(rows, columns, state, format);
      complete.value = true;
      return;
    }
    const steps = visibleRowsInSteps(rows, columns, state, format);
    const done = steps.advance(FIRST_ROWS);
    indices.value = steps.found;
    complete.value = done;
    if (done) return;
    const settle = (): void => {
      cancel = null;
      finishNow = null;
      indices.value = steps.found;
      complete.value = true;
    };
    finishNow = () => {
      cancel?.();
      steps.advance(Number.POSITIVE_INFINITY);
      settle();
    };
    // The frame with the first rows goes first; right after it the rest, before background work
    // (the warm-up), in slices that yield to input.
    let pending: (() => void) | null = null;
    const rest = (): void => {
      pending = runWhenIdle([(budget) => steps.advance(0, budget)], backgroundScheduler(view, 'user-visible'), settle, { sliceMs: SLICE_MS });
    };
    if (typeof view.requestAnimationFrame !== 'function') {
      rest();
      cancel = () => pending?.();
      return;
    }
    const frame = view.requestAnimationFrame(rest);
    cancel = () => {
      view.cancelAnimationFrame(frame);
      pending?.();
    };
  };

  watch(
    [() => toValue(options.rows), () => toValue(options.columns), () => toValue(options.filter), () => toValue(options.sort), () => toValue(options.format), () => toValue(options.stepwise)],
    compute,
    { immediate: true },
  );
  onBeforeUnmount(() => {
    cancel?.();
    cancel = null;
  });

  return {
    indices,
    complete,
    finish: () => {
      finishNow?.();
      return indices.value;
    },
  };
}
