/**
 * Coalescing of change bursts. A grid fires several events for one user action (filter changed,
 * then model updated, then sort changed); recomputing KPIs over 100,000 rows for each would be
 * wasted work, so consumers schedule one run per animation frame or microtask instead.
 *
 * @module
 */

/**
 * When a scheduled recompute runs:
 * - `frame`: on the next animation frame (one per frame however many events arrive; falls back to
 *   `microtask` where `requestAnimationFrame` does not exist, e.g. on the server);
 * - `microtask`: after the current synchronous burst of events;
 * - `sync`: at once, for every event (tests, or callers that coalesce themselves).
 */
export type RecomputeFlush = 'frame' | 'microtask' | 'sync';

/** A scheduler from `createCoalescer`. */
export interface Coalescer {
  /** Asks for one run; calls before the run merge into it. */
  schedule(): void;
  /** Drops a scheduled run (used on scope disposal). */
  cancel(): void;
}

/** Runs `task` at most once per `flush` window however often `schedule` is called. */
export function createCoalescer(task: () => void, flush: RecomputeFlush = 'frame'): Coalescer {
  let scheduled = false;
  let generation = 0;
  let frameId: number | null = null;
  // Feature-detected, so the same code runs in browsers, in Node and in Node tests.
  const scope = globalThis as { requestAnimationFrame?: (callback: () => void) => number; cancelAnimationFrame?: (handle: number) => void };
  const raf = typeof scope.requestAnimationFrame === 'function' ? scope.requestAnimationFrame.bind(globalThis) : null;
  const caf = typeof scope.cancelAnimationFrame === 'function' ? scope.cancelAnimationFrame.bind(globalThis) : null;

  const run = (token: number): void => {
    // A cancel (or a newer schedule after cancel) between scheduling and running voids this run.
    if (!scheduled || token !== generation) return;
    scheduled = false;
    frameId = null;
    task();
  };

  return {
    schedule() {
      if (flush === 'sync') {
        task();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      const token = generation;
      if (flush === 'frame' && raf) frameId = raf(() => run(token));
      else void Promise.resolve(token).then(run);
    },
    cancel() {
      if (!scheduled) return;
      scheduled = false;
      generation++;
      if (frameId !== null && caf) caf(frameId);
      frameId = null;
    },
  };
}
