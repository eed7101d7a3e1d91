/**
 * `useTableWarmup`: gets a table ready for its first click or keystroke while the browser is idle.
 * Right after the first paint it asks for the search and sort code (`useTableEngine`), whatever the
 * `warmup` setting (a table that can be sorted or searched needs it; a page that draws its first
 * rows without it is the point of loading it apart); then, for a large table, it prepares the sort
 * and search caches in short slices, so the first interaction does not pay for building them and no
 * slice holds up input for long. Also prepares one column's sort on pointer or focus intent, before
 * the click (asking for the code at once if it has not arrived).
 *
 * @module
 */
import { onBeforeUnmount, onMounted, ref, toValue, watch } from 'vue';
import type { MaybeRefOrGetter, Ref } from 'vue';
import type { Column, Row, SearchMode } from '../src/core/types';
import type { TableLocale, WarmBudget } from '../src/core/table-model/types';
import { runWhenIdle } from '../src/core/table-model/idle';
import type { IdleScheduler } from '../src/core/table-model/idle';
import type { TableEngine } from './useTableEngine';

/**
 * Length of one warm-up slice: long enough to make progress, short enough that a click or keystroke
 * arriving meanwhile waits at most this long before it runs (and then finishes only what it needs).
 */
const WARM_SLICE_MS = 8;

/** Options of `useTableWarmup`. */
export interface UseTableWarmupOptions<R extends Row> {
  /** False prepares no caches in the background (small tables need no caches up front). */
  enabled: MaybeRefOrGetter<boolean>;
  /**
   * Whether `prepareSort` works, independently of `enabled` (a table with the background warm-up
   * switched off still prepares the column a pointer rests on). Default: `enabled`.
   */
  prepareOnIntent?: MaybeRefOrGetter<boolean>;
  /** Whether the table can use the search and sort code at all (something sortable or searchable). */
  interactive: MaybeRefOrGetter<boolean>;
  /** The search and sort code once downloaded (`useTableEngine`), else null. */
  engine: MaybeRefOrGetter<TableEngine | null>;
  /** Asks for the code (idempotent). */
  requestEngine: () => void;
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
  /**
   * Prepares the sort of `column` now, in the same short slices (call on pointer or focus intent);
   * asks for the code first when it has not arrived (whatever `prepareOnIntent` says).
   */
  prepareSort(column: Column<R>): void;
}

/**
 * Asks for the code after the first paint and warms the caches of a table whenever its rows,
 * columns, search mode, format or code change (after mount); cancels pending work on change and on
 * unmount.
 *
 * Edge cases: nothing runs without a window (SSR); no caches are built while `enabled` is false or
 * the code has not arrived (its arrival starts the warm-up); a change restarts the warm-up and sets
 * `warmed` back to false; a task that throws is skipped (the work happens again on demand).
 */
export function useTableWarmup<R extends Row>(options: UseTableWarmupOptions<R>): UseTableWarmupReturn<R> {
  const warmed = ref(false);
  let cancelWarmup: (() => void) | null = null;
  let cancelIntent: (() => void) | null = null;
  let cancelRequest: (() => void) | null = null;
  /** A column whose sort was wanted before the code arrived: prepared when it does. */
  let intended: Column<R> | null = null;
  const windowOf = (): SchedulingWindow | null => (toValue(options.element)?.ownerDocument.defaultView as SchedulingWindow | null | undefined) ?? null;

  /** Asks for the code right after the first paint: a frame, then the first idle moment. */
  const requestAfterPaint = (): void => {
    const view = windowOf();
    if (!view || toValue(options.engine) !== null || !toValue(options.interactive)) return;
    const ask = (): void => {
      cancelRequest = runWhenIdle([() => options.requestEngine()], backgroundScheduler(view));
    };
    if (typeof view.requestAnimationFrame !== 'function') {
      ask();
      return;
    }
    const frame = view.requestAnimationFrame(ask);
    cancelRequest = () => view.cancelAnimationFrame?.(frame);
  };

  const start = (): void => {
    cancelWarmup?.();
    cancelWarmup = null;
    warmed.value = false;
    const view = windowOf();
    const engine = toValue(options.engine);
    if (!view || engine === null) return;
    if (intended !== null) {
      const column = intended;
      intended = null;
      prepareSort(column);
    }
    if (!toValue(options.enabled)) return;
    const tasks = engine.warmupTasks(toValue(options.rows), toValue(options.columns), toValue(options.format), toValue(options.searchMode));
    cancelWarmup = runWhenIdle(tasks, backgroundScheduler(view), () => {
      warmed.value = true;
    }, { sliceMs: WARM_SLICE_MS });
  };

  const prepareSort = (column: Column<R>): void => {
    if (!column.sortable) return;
    const prepare = toValue(options.prepareOnIntent ?? options.enabled);
    const engine = toValue(options.engine);
    if (engine === null) {
      // The click is likely to follow: ask for the code now (any table), and prepare the column when it comes.
      if (prepare) intended = column;
      options.requestEngine();
      return;
    }
    const view = windowOf();
    if (!prepare || !view) return;
    const data = toValue(options.rows);
    const fmt = toValue(options.format);
    cancelIntent?.();
    cancelIntent = runWhenIdle([(budget: WarmBudget) => engine.warmSortIndex(data, column, fmt, budget)], backgroundScheduler(view), undefined, { sliceMs: WARM_SLICE_MS });
  };

  onMounted(() => {
    requestAfterPaint();
    start();
  });
  watch([() => toValue(options.rows), () => toValue(options.columns), () => toValue(options.searchMode), () => toValue(options.format), () => toValue(options.enabled), () => toValue(options.engine)], start);
  onBeforeUnmount(() => {
    cancelRequest?.();
    cancelRequest = null;
    cancelWarmup?.();
    cancelWarmup = null;
    cancelIntent?.();
    cancelIntent = null;
  });
  return { warmed, prepareSort };
}

/** What `backgroundScheduler` needs of a window. */
interface SchedulingWindow {
  requestAnimationFrame?(callback: () => void): number;
  cancelAnimationFrame?(handle: number): void;
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
