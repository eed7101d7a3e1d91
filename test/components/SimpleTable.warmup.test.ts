import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { runWhenIdle } from '../../src/core/table-model/idle';
import type { IdleScheduler } from '../../src/core/table-model/idle';
import { backgroundScheduler } from '../../composables/useTableWarmup';
import { column, mountTable, tableConfig } from './simple-table.fixtures';

/** A scheduler whose idle callbacks run only when the test says so. */
function manualScheduler(withIdle: boolean) {
  const queue = new Map<number, () => void>();
  let next = 1;
  const add = (callback: () => void) => {
    const id = next++;
    queue.set(id, callback);
    return id;
  };
  const scheduler: IdleScheduler = {
    requestIdleCallback: withIdle ? (callback) => add(callback) : undefined,
    cancelIdleCallback: withIdle ? (id) => void queue.delete(id) : undefined,
    setTimeout: (callback) => add(callback),
    clearTimeout: (id) => void queue.delete(id),
  };
  const runOne = () => {
    const [id, callback] = queue.entries().next().value ?? [];
    if (id === undefined || !callback) return false;
    queue.delete(id);
    callback();
    return true;
  };
  return { scheduler, runOne, pending: () => queue.size };
}

describe('runWhenIdle', () => {
  it('runs one task per idle period, repeats a task that returns false, then reports done', () => {
    const { scheduler, runOne } = manualScheduler(true);
    const calls: string[] = [];
    let slices = 0;
    const done = vi.fn();
    runWhenIdle(
      [
        () => {
          calls.push('slice');
          return ++slices === 3;
        },
        () => {
          calls.push('sort');
        },
      ],
      scheduler,
      done,
    );
    expect(calls).toEqual([]);
    while (runOne());
    expect(calls).toEqual(['slice', 'slice', 'slice', 'sort']);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('falls back to timers without requestIdleCallback and stops when cancelled', () => {
    const { scheduler, runOne, pending } = manualScheduler(false);
    const task = vi.fn();
    const done = vi.fn();
    const cancel = runWhenIdle([task, task, task], scheduler, done);
    runOne();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(pending()).toBe(0);
    expect(done).not.toHaveBeenCalled();
  });

  it('skips a task that throws and carries on', () => {
    const { scheduler, runOne } = manualScheduler(true);
    const after = vi.fn();
    runWhenIdle(
      [
        () => {
          throw new Error('boom');
        },
        after,
      ],
      scheduler,
    );
    while (runOne());
    expect(after).toHaveBeenCalledTimes(1);
  });
});

describe('runWhenIdle in time slices', () => {
  /** A postTask scheduler with a clock the test moves. */
  function slicedScheduler() {
    const queue: (() => void)[] = [];
    let clock = 0;
    const scheduler: IdleScheduler = {
      postTask: (callback) => {
        queue.push(callback);
        return () => {
          const at = queue.indexOf(callback);
          if (at >= 0) queue.splice(at, 1);
        };
      },
      setTimeout: () => {
        throw new Error('timers are not used when postTask exists');
      },
      clearTimeout: () => undefined,
      now: () => clock,
    };
    return {
      scheduler,
      tick: (ms: number) => {
        clock += ms;
      },
      runOne: () => {
        const next = queue.shift();
        next?.();
        return next !== undefined;
      },
      pending: () => queue.length,
    };
  }

  it('calls tasks back to back while the slice lasts, then yields and continues in the next slice', () => {
    const { scheduler, tick, runOne } = slicedScheduler();
    const budgets: number[] = [];
    let steps = 0;
    const done = vi.fn();
    runWhenIdle(
      [
        (budget) => {
          budgets.push(budget.timeRemaining());
          tick(3);
          return ++steps === 5;
        },
      ],
      scheduler,
      done,
      { sliceMs: 8 },
    );
    expect(runOne()).toBe(true);
    // 8 ms slice, 3 ms per step: three steps (8, 5, 2 ms left), then the slice is spent.
    expect(budgets).toEqual([8, 5, 2]);
    expect(done).not.toHaveBeenCalled();
    expect(runOne()).toBe(true);
    expect(steps).toBe(5);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('cancels the queued slice', () => {
    const { scheduler, runOne, pending } = slicedScheduler();
    const task = vi.fn(() => false);
    const cancel = runWhenIdle([task], scheduler, undefined, { sliceMs: 8 });
    expect(pending()).toBe(1);
    cancel();
    expect(pending()).toBe(0);
    expect(runOne()).toBe(false);
    expect(task).not.toHaveBeenCalled();
  });

  it('gives each task a spent budget (one step per slice) without a clock', () => {
    const { scheduler, runOne } = manualScheduler(true);
    const remaining: number[] = [];
    runWhenIdle(
      [
        (budget) => {
          remaining.push(budget.timeRemaining());
          return remaining.length === 2;
        },
      ],
      scheduler,
      undefined,
      { sliceMs: 8 },
    );
    while (runOne());
    expect(remaining).toEqual([0, 0]);
  });
});

describe('backgroundScheduler', () => {
  it('queues background-priority tasks with scheduler.postTask and aborts them on cancel', async () => {
    const posted: { callback: () => void; options: { priority: 'background'; signal?: AbortSignal } }[] = [];
    const view = {
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      performance: { now: () => 42 },
      AbortController,
      scheduler: {
        postTask: (callback: () => void, options: { priority: 'background'; signal?: AbortSignal }) => {
          posted.push({ callback, options });
          // Like the real one: rejects with an AbortError once aborted.
          return new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
        },
      },
    };
    const scheduler = backgroundScheduler(view);
    expect(scheduler.now?.()).toBe(42);
    const callback = vi.fn();
    const cancel = scheduler.postTask?.(callback);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.options.priority).toBe('background');
    expect(posted[0]?.callback).toBe(callback);
    cancel?.();
    expect(posted[0]?.options.signal?.aborted).toBe(true);
    // The rejection is handled inside: nothing reaches the page as an unhandled rejection.
    await flushPromises();
  });

  it('falls back to idle callbacks, then timers, where postTask is missing', () => {
    const timers = { setTimeout: vi.fn(() => 7), clearTimeout: vi.fn() };
    expect(backgroundScheduler(timers).postTask).toBeUndefined();
    expect(backgroundScheduler(timers).requestIdleCallback).toBeUndefined();
    const idle = backgroundScheduler({ ...timers, requestIdleCallback: () => 3, cancelIdleCallback: () => undefined });
    expect(idle.postTask).toBeUndefined();
    expect(idle.requestIdleCallback?.(() => undefined)).toBe(3);
  });
});

describe('useTableWarmup in SimpleTable', () => {
  it('first runs the code of a first search and sort over a copy of a few rows, a task per query, then warms the table itself', async () => {
    vi.useFakeTimers();
    try {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Customer ${(i * 7919) % 1000}`, amount: (i * 37) % 1000 }));
      const seen = new Set<unknown>();
      const columns = [
        column('id', { format: 'number' }),
        column('name', {
          sortValue: (row: Record<string, unknown>) => {
            seen.add(row);
            return row.name;
          },
        }),
        column('amount', { format: 'currency' }),
      ];
      const wrapper = mountTable(tableConfig(rows, columns), { warmup: true });
      // jsdom has no postTask or idle callbacks: one task per 30 ms timer; the first seven are the code's.
      vi.advanceTimersByTime(7 * 30);
      expect(seen.size).toBeGreaterThan(0);
      // Only the copy's rows: the table's own sort is not built by it.
      expect([...seen].every((row) => rows.indexOf(row as (typeof rows)[number]) >= 0 && rows.indexOf(row as (typeof rows)[number]) < 48)).toBe(true);
      await vi.runAllTimersAsync();
      expect(wrapper.find('[data-cm-simple-table]').attributes('data-cm-warmed')).toBe('true');
      expect(seen.size).toBe(1000);
      wrapper.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
