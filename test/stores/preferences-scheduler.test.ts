/**
 * The save timing of one grid on its own: backoff delays, when retries stop, the debounce and retry
 * timers, and one request at a time with a single follow-up.
 */
import { describe, expect, it, vi } from 'vitest';
import type { HostErrorInfo } from '../../src/host/errors';
import { DEFAULT_RETRY, MAX_RETRY_AFTER_MS, SaveScheduler, backoffDelay, nextRetryDelay } from '../../stores/preferences/scheduler';
import { drain, useFakeTimersPerTest } from './helpers';

const noJitter = { ...DEFAULT_RETRY, jitter: 0 };
const network: HostErrorInfo = { code: 'network', message: 'offline', retryable: true };

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    expect([1, 2, 3, 5, 6, 10].map((attempt) => backoffDelay(attempt, undefined, noJitter, () => 0))).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
    expect(backoffDelay(0, undefined, noJitter, () => 0)).toBe(1000);
  });

  it('takes off up to the jitter share, clamped to 0..1', () => {
    expect(backoffDelay(1, undefined, { ...noJitter, jitter: 0.2 }, () => 1)).toBe(800);
    expect(backoffDelay(1, undefined, { ...noJitter, jitter: 0.2 }, () => 0.5)).toBe(900);
    expect(backoffDelay(1, undefined, { ...noJitter, jitter: 5 }, () => 1)).toBe(0);
    expect(backoffDelay(1, undefined, { ...noJitter, jitter: -1 }, () => 1)).toBe(1000);
  });

  it('waits at least the server\'s Retry-After, capped at five minutes', () => {
    expect(backoffDelay(1, 7000, noJitter, () => 0)).toBe(7000);
    expect(backoffDelay(1, 10 * 60_000, noJitter, () => 0)).toBe(MAX_RETRY_AFTER_MS);
    expect(backoffDelay(6, 500, noJitter, () => 0)).toBe(30_000);
  });
});

describe('nextRetryDelay', () => {
  it('returns null without an error, for an error a retry cannot fix, and after maxAttempts', () => {
    expect(nextRetryDelay(null, 1, undefined, noJitter, () => 0)).toBeNull();
    expect(nextRetryDelay({ code: 'http', status: 400, message: 'bad', retryable: false }, 1, undefined, noJitter, () => 0)).toBeNull();
    expect(nextRetryDelay(network, noJitter.maxAttempts, undefined, noJitter, () => 0)).toBeNull();
  });

  it('gives the backoff delay of a retryable error without drawing a random number otherwise', () => {
    const random = vi.fn(() => 0);
    expect(nextRetryDelay(network, 2, undefined, noJitter, random)).toBe(2000);
    expect(random).toHaveBeenCalledTimes(1);
    nextRetryDelay(null, 2, undefined, noJitter, random);
    expect(random).toHaveBeenCalledTimes(1);
  });
});

/** A scheduler whose attempts wait for `finish()`, counting them. */
function manualScheduler(wantsFollowUp = () => true) {
  const finishers: (() => void)[] = [];
  const attempt = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finishers.push(resolve);
      }),
  );
  const scheduler = new SaveScheduler({ attempt, wantsFollowUp });
  const finish = async (): Promise<void> => {
    finishers.shift()?.();
    await drain();
  };
  return { scheduler, attempt, finish };
}

describe('SaveScheduler', () => {
  useFakeTimersPerTest();

  it('sends once after the last of several debounces', async () => {
    const { scheduler, attempt } = manualScheduler();
    scheduler.debounce(400);
    await vi.advanceTimersByTimeAsync(300);
    scheduler.debounce(400);
    await vi.advanceTimersByTimeAsync(399);
    expect(attempt).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('replaces a retry wait with a debounce, and clear() cancels both timers', async () => {
    const { scheduler, attempt } = manualScheduler();
    scheduler.retryIn(5000);
    scheduler.debounce(100);
    expect(vi.getTimerCount()).toBe(1);
    scheduler.clear();
    expect(vi.getTimerCount()).toBe(0);
    scheduler.retryIn(5000);
    scheduler.retryIn(1000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('runs one attempt at a time and turns overlapping sends into one follow-up', async () => {
    const { scheduler, attempt, finish } = manualScheduler();
    const first = scheduler.send();
    expect(scheduler.inflight).toBe(first);
    expect(scheduler.send()).toBe(first);
    expect(scheduler.send()).toBe(first);
    expect(attempt).toHaveBeenCalledTimes(1);
    await finish();
    expect(attempt).toHaveBeenCalledTimes(2);
    await finish();
    await first;
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(scheduler.inflight).toBeNull();
  });

  it('skips a requested follow-up the owner no longer wants, and cancels pending timers before one', async () => {
    let wanted = false;
    const { scheduler, attempt, finish } = manualScheduler(() => wanted);
    const first = scheduler.send();
    scheduler.requestFollowUp();
    await finish();
    await first;
    expect(attempt).toHaveBeenCalledTimes(1);

    wanted = true;
    const second = scheduler.send();
    scheduler.requestFollowUp();
    scheduler.retryIn(60_000);
    await finish();
    expect(vi.getTimerCount()).toBe(0);
    expect(attempt).toHaveBeenCalledTimes(3);
    await finish();
    await second;
  });
});
