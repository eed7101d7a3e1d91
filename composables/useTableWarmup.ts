/**
 * `useTableWarmup`: prepares a large table's sort and search caches while the browser is idle, in
 * short slices, so the first click or keystroke does not pay for building them and no slice holds
 * up input for long. Also prepares one column's sort on pointer or focus intent, before the click.
 *
 * @module
 */
import { onBeforeUnmount, onMounted, ref, toValue, watch } from 'vue';
import type { MaybeRefOrGetter, Ref } from 'vue';
import type { Column, Row, SearchMode } from '../src/core/types';
import { visibleRowsInSteps, warmSearchIndex, warmSearchNumbers, warmSortIndex } from '../src/core/table-model';
import type { TableFilter, TableLocale, WarmBudget } from '../src/core/table-model';
import { firstSortedRows } from '../src/core/table-model/sort';
import { formatOptions } from '../src/core/table-model/shared';
import { runWhenIdle } from '../src/core/table-model/idle';
import type { IdleScheduler, IdleTask } from '../src/core/table-model/idle';

/**
 * Length of one warm-up slice: long enough to make progress, short enough that a click or keystroke
 * arriving meanwhile waits at most this long before it runs (and then finishes only what it needs).
 */
const WARM_SLICE_MS = 8;
/** Rows of search text built per resumable step (about a millisecond for 8 columns). */
const WARM_SEARCH_ROWS = 1024;

/** Options of `useTableWarmup`. */
export interface UseTableWarmupOptions<R extends Row> {
  /** False prepares nothing in the background (small tables need no caches up front). */
  enabled: MaybeRefOrGetter<boolean>;
  /**
   * Whether `prepareSort` works, independently of `enabled` (a table with the background warm-up
   * switched off still prepares the column a pointer rests on). Default: `enabled`.
   */
  prepareOnIntent?: MaybeRefOrGetter<boolean>;
  /** An element of the table; its window provides the scheduler. Nothing runs while it is null. */
  element: MaybeRefOrGetter<HTMLElement | null | undefined>;
  /** The rows (raw, never reactive). */
  rows: MaybeRefOrGetter<readonly R[]>;
  /** The columns. */
  columns: MaybeRefOrGetter<readonly Column<R>[]>;
  /** Which search texts to prepare: the whole row (`global`), each searchable column, or none. */
  searchMode: MaybeRefOrGetter<SearchMode>;
  /** Locale and currency the caches are built for. */
  format: MaybeRefOrGetter<TableLocale>;
}

/** What `useTableWarmup` returns. */
export interface UseTableWarmupReturn<R extends Row> {
  /** True once every cache is ready (SimpleTable exposes it as `data-cm-warmed`). */
  warmed: Readonly<Ref<boolean>>;
  /** Prepares the sort of `column` now, in the same short slices (call on pointer or focus intent). */
  prepareSort(column: Column<R>): void;
}

/** Rows copied for `primingTasks`. */
const PRIME_ROWS = 48;

/**
 * Tasks that run the code of a first search and a first sort click over a few rows copied from
 * the table (their caches belong to the copy and go with it): a plain word, a digit and a query
 * with an OR, an exclusion, a number range and a column scope, before and after the copy's search
 * texts are built,
 * and the first rows of each sortable column. The engine compiles that code then, in the
 * background, instead of on the reader's first keystroke or click, and the number formats read
 * their shape (a few dozen Intl calls per format). One task per query, so each fits a slice.
 * A task throws what a `sortValue` throws (the warm-up skips it).
 */
function primingTasks<R extends Row>(rows: readonly R[], columns: readonly Column<R>[], format: TableLocale, mode: SearchMode): IdleTask[] {
  const sample = rows.slice(0, PRIME_ROWS);
  const searchable = columns.filter((c) => c.searchable);
  if (sample.length === 0) return [];
  const filterOf = (query: string): TableFilter | null => {
    if (mode === 'global') return { global: query };
    const first = searchable[0];
    return mode === 'per_column' && first ? { perColumn: { [first.key]: query } } : null;
  };
  const search = (query: string): IdleTask => () => {
    const filter = filterOf(query);
    if (filter !== null) visibleRowsInSteps(sample, columns, { filter }, format).advance(Number.POSITIVE_INFINITY);
  };
  const locale = formatOptions(format).locale;
  // A term scoped to a column (`qty:>1`) reads the column labels too.
  const scoped = mode === 'global' && searchable[0] ? ` ${searchable[0].key}:>1` : '';
  return [
    search('a'),
    search('1'),
    search(`a/b -c 1..2${scoped}`),
    // Then over built texts and numbers, as keystrokes after the warm-up run.
    () => {
      warmSearchIndex(sample, columns, format);
      warmSearchNumbers(sample, columns, format);
      if (mode === 'per_column') for (const column of searchable) warmSearchIndex(sample, columns, format, column.key);
    },
    search('a'),
    search('b/1 -c'),
    () => {
      for (const column of columns) if (column.sortable) firstSortedRows(sample, column, 'asc', locale, 8);
    },
  ];
}

/** Repeats a resumable step while the slice's budget lasts; true when the work is complete. */
function whileBudget(step: () => boolean, budget: WarmBudget): boolean {
  let done = step();
  while (!done && budget.timeRemaining() > 0) done = step();
  return done;
}

/**
 * Warms the caches of a table whenever its rows, columns, search mode or format change (after
 * mount), and cancels pending work on change and on unmount.
 *
 * Edge cases: nothing runs without a window (SSR) or while `enabled` is false; a change restarts
 * the warm-up and sets `warmed` back to false; a task that throws is skipped (the work happens
 * again on demand).
 */
export function useTableWarmup<R extends Row>(options: UseTableWarmupOptions<R>): UseTableWarmupReturn<R> {
  const warmed = ref(false);
  let cancelWarmup: (() => void) | null = null;
  let cancelIntent: (() => void) | null = null;
  const windowOf = (): SchedulingWindow | null => (toValue(options.element)?.ownerDocument.defaultView as SchedulingWindow | null | undefined) ?? null;

  const start = (): void => {
    cancelWarmup?.();
    cancelWarmup = null;
    warmed.value = false;
    const view = windowOf();
    if (!toValue(options.enabled) || !view) return;
    const data = toValue(options.rows);
    const cols = toValue(options.columns);
    const fmt = toValue(options.format);
    const mode = toValue(options.searchMode);
    // First the code of a first interaction (a few milliseconds), then search texts and numbers in
    // steps of rows, then the sort of each column in steps; see WARM_SLICE_MS.
    const tasks: IdleTask[] = primingTasks(data, cols, fmt, mode);
    // The numbers that number terms (`>10`, `10..20`) compare come right after the texts.
    if (mode === 'global') {
      tasks.push((budget) => whileBudget(() => warmSearchIndex(data, cols, fmt, undefined, WARM_SEARCH_ROWS), budget));
      tasks.push((budget) => whileBudget(() => warmSearchNumbers(data, cols, fmt, undefined, WARM_SEARCH_ROWS * 4), budget));
    } else if (mode === 'per_column') {
      for (const column of cols) {
        if (!column.searchable) continue;
        tasks.push((budget) => whileBudget(() => warmSearchIndex(data, cols, fmt, column.key, WARM_SEARCH_ROWS * 4), budget));
        tasks.push((budget) => whileBudget(() => warmSearchNumbers(data, cols, fmt, column.key, WARM_SEARCH_ROWS * 4), budget));
      }
    }
    for (const column of cols) if (column.sortable) tasks.push((budget) => warmSortIndex(data, column, fmt, budget));
    cancelWarmup = runWhenIdle(tasks, backgroundScheduler(view), () => {
      warmed.value = true;
    }, { sliceMs: WARM_SLICE_MS });
  };

  const prepareSort = (column: Column<R>): void => {
    if (!toValue(options.prepareOnIntent ?? options.enabled) || !column.sortable) return;
    const view = windowOf();
    if (!view) return;
    const data = toValue(options.rows);
    const fmt = toValue(options.format);
    cancelIntent?.();
    cancelIntent = runWhenIdle([(budget) => warmSortIndex(data, column, fmt, budget)], backgroundScheduler(view), undefined, { sliceMs: WARM_SLICE_MS });
  };

  onMounted(start);
  watch([() => toValue(options.rows), () => toValue(options.columns), () => toValue(options.searchMode), () => toValue(options.format), () => toValue(options.enabled)], start);
  onBeforeUnmount(() => {
    cancelWarmup?.();
    cancelWarmup = null;
    cancelIntent?.();
    cancelIntent = null;
  });
  return { warmed, prepareSort };
}

/** What `backgroundScheduler` needs of a window. */
interface SchedulingWindow {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  requestIdleCallback?: (callback: (deadline: WarmBudget) => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  performance?: { now(): number };
  AbortController?: typeof AbortController;
  // A method signature (bivariant): a window or stub that only knows 'background' still fits.
  scheduler?: { postTask?(callback: () => void, options: { priority: 'background' | 'user-visible'; signal?: AbortSignal }): Promise<unknown> };
}

/**
 * The scheduler of a window: `scheduler.postTask` with background priority where the browser has
 * it (Chromium), else idle callbacks, else timers; `performance.now` as the clock. `priority`
 * `user-visible` is for work the reader waits for (the rest of a search answer): it goes before
 * background work, still in slices that yield to input.
 */
export function backgroundScheduler(view: SchedulingWindow, priority: 'background' | 'user-visible' = 'background'): IdleScheduler {
  const postTask = view.scheduler?.postTask;
  const Abort = view.AbortController;
  const performance = view.performance;
  return {
    postTask:
      typeof postTask === 'function' && Abort
        ? (callback) => {
            const controller = new Abort();
            // Rejects with an AbortError when cancelled; nothing to do then.
            postTask.call(view.scheduler, callback, { priority, signal: controller.signal }).catch(() => undefined);
            return () => controller.abort();
          }
        : undefined,
    requestIdleCallback: typeof view.requestIdleCallback === 'function' ? view.requestIdleCallback.bind(view) : undefined,
    cancelIdleCallback: typeof view.cancelIdleCallback === 'function' ? view.cancelIdleCallback.bind(view) : undefined,
    setTimeout: (callback, ms) => view.setTimeout(callback, ms),
    clearTimeout: (handle) => view.clearTimeout(handle),
    now: performance ? () => performance.now() : undefined,
  };
}
