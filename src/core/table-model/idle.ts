/**
 * Running resumable work in short background slices (used to prepare a large table's sort and
 * search caches so the first click or keystroke does not pay for building them, and no slice holds
 * up input for long). Environment-free: the caller passes the scheduling functions.
 *
 * @module
 */
import type { WarmBudget } from './types';

/** The scheduling functions used; a window provides them, tests may pass their own. */
export interface IdleScheduler {
  /**
   * Queues a task that runs when nothing more urgent is waiting (in browsers:
   * `scheduler.postTask(callback, { priority: 'background' })`); returns a function that cancels
   * it. Preferred over `requestIdleCallback` when given.
   */
  postTask?: (callback: () => void) => () => void;
  requestIdleCallback?: (callback: (deadline?: WarmBudget) => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
  /** Clock in milliseconds (`performance.now`) for time slices. */
  now?: () => number;
}

/**
 * A unit of background work. It receives the budget of the current slice and should stop at a
 * resumable point once `budget.timeRemaining()` is 0 or less. Returning `false` means "not
 * finished": it is called again (in the same slice while time remains, else in the next one).
 */
export type IdleTask = (budget: WarmBudget) => boolean | void;

/** Options of `runWhenIdle`. */
export interface IdleOptions {
  /**
   * Length of one slice in milliseconds. Tasks are called back to back while the slice lasts, then
   * the runner yields (input, rendering and other tasks go first) and queues the next slice. Needs
   * `now` and `postTask` or `requestIdleCallback`; without them (or without this option) each
   * slice is one task call with a spent budget, so each call does one short step.
   */
  sliceMs?: number;
}

/** A budget that is always spent: the task does one step. */
const ONE_STEP: WarmBudget = { timeRemaining: () => 0 };

/**
 * Runs `tasks` in order in background slices (`postTask`, else `requestIdleCallback`, else a 30 ms
 * timer), then calls `onDone` (not after a cancel). A task returning `false` is called again, so
 * long work can be split into short steps. Returns a cancel function; cancelling stops the
 * remaining work. A task that throws is skipped (warming is an optimisation; the real work happens
 * again on demand).
 */
export function runWhenIdle(tasks: readonly IdleTask[], scheduler: IdleScheduler, onDone?: () => void, options: IdleOptions = {}): () => void {
  let cancelled = false;
  let cancelPending: (() => void) | null = null;
  let next = 0;

  const budgetFor = (idle: WarmBudget | undefined, sliced: boolean): WarmBudget => {
    const { now } = scheduler;
    if (!sliced || options.sliceMs === undefined || now === undefined) return ONE_STEP;
    const end = now() + options.sliceMs;
    return { timeRemaining: () => Math.min(end - now(), idle ? idle.timeRemaining() : Number.POSITIVE_INFINITY) };
  };

  const step = (idle: WarmBudget | undefined, sliced: boolean): void => {
    cancelPending = null;
    if (cancelled) return;
    const budget = budgetFor(idle, sliced);
    do {
      const task = tasks[next];
      if (task === undefined) break;
      let finished = true;
      try {
        finished = task(budget) !== false;
      } catch {
        // Skipped on purpose: see the doc comment.
      }
      if (finished) next++;
    } while (budget.timeRemaining() > 0);
    schedule();
  };

  const schedule = (): void => {
    if (cancelled) return;
    if (next >= tasks.length) {
      onDone?.();
      return;
    }
    if (scheduler.postTask) {
      cancelPending = scheduler.postTask(() => step(undefined, true));
    } else if (scheduler.requestIdleCallback) {
      const handle = scheduler.requestIdleCallback((deadline) => step(deadline, true), { timeout: 2000 });
      cancelPending = () => scheduler.cancelIdleCallback?.(handle);
    } else {
      const handle = scheduler.setTimeout(() => step(undefined, false), 30);
      cancelPending = () => scheduler.clearTimeout(handle);
    }
  };

  schedule();
  return () => {
    cancelled = true;
    cancelPending?.();
    cancelPending = null;
  };
}
