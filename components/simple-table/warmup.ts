/**
 * Idle-time preparation of a large table's sort and search caches, one column per idle slot, so
 * the first click or keystroke does not pay for building them.
 *
 * @module
 */

/** The scheduling functions used; a window provides them, tests may pass their own. */
export interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

/** A unit of idle work. Returning `false` means "not finished": it runs again in the next idle period. */
export type IdleTask = () => boolean | void;

/**
 * Runs `tasks` one by one, each call in its own idle period (`requestIdleCallback`, or a 30 ms
 * timer where there is none), then calls `onDone` (not after a cancel). A task returning `false`
 * is called again in the next period, so long work can be split into short slices. Returns a
 * cancel function; cancelling stops the remaining work. A task that throws is skipped (warming is
 * an optimisation; the real work happens again on demand).
 */
export function runWhenIdle(tasks: readonly IdleTask[], scheduler: IdleScheduler, onDone?: () => void): () => void {
  let cancelled = false;
  let handle: number | null = null;
  let usedIdle = false;
  let next = 0;

  const step = (): void => {
    handle = null;
    if (cancelled) return;
    if (next >= tasks.length) {
      onDone?.();
      return;
    }
    const task = tasks[next];
    let finished = true;
    try {
      finished = task?.() !== false;
    } catch {
      // Skipped on purpose: see the doc comment.
    }
    if (finished) next++;
    schedule();
  };

  const schedule = (): void => {
    if (cancelled) return;
    if (next >= tasks.length) {
      onDone?.();
      return;
    }
    if (scheduler.requestIdleCallback) {
      usedIdle = true;
      handle = scheduler.requestIdleCallback(step, { timeout: 2000 });
    } else {
      usedIdle = false;
      handle = scheduler.setTimeout(step, 30);
    }
  };

  schedule();
  return () => {
    cancelled = true;
    if (handle === null) return;
    if (usedIdle) scheduler.cancelIdleCallback?.(handle);
    else scheduler.clearTimeout(handle);
    handle = null;
  };
}
