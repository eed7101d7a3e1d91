import { describe, expect, it, vi } from 'vitest';
import { runWhenIdle } from '../../components/simple-table/warmup';
import type { IdleScheduler } from '../../components/simple-table/warmup';

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
