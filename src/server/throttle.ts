/**
 * A small in-process rate limiter: at most `limit` hits per key in any `windowMs` (a sliding log of
 * hit times). Keys are built by the handler from the caller (subject, else client address) and the
 * export builder or lazy block, so one user's exports never throttle another's.
 *
 * @module
 */

/** Rate of a throttle: at most `limit` requests per `windowMs` milliseconds for one key. */
export interface ThrottleOptions {
  limit: number;
  windowMs: number;
}

/** Default export throttle: 5 per minute per caller and builder. */
export const DEFAULT_EXPORT_THROTTLE: Readonly<ThrottleOptions> = Object.freeze({ limit: 5, windowMs: 60_000 });

/** Default lazy-fragment throttle: 120 per minute per caller and block (pages load several at once). */
export const DEFAULT_LAZY_THROTTLE: Readonly<ThrottleOptions> = Object.freeze({ limit: 120, windowMs: 60_000 });

/** Outcome of one hit: allowed, or refused with the seconds to wait (at least 1). */
export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A throttle instance. State is per process: several processes each allow `limit`. */
export interface Throttle {
  /** Records a hit for `key` unless it is over the limit (a refused hit is not recorded). */
  hit(key: string): ThrottleResult;
  /** Number of keys currently tracked (for tests and monitoring). */
  readonly size: number;
}

/** Keys tracked before expired ones are swept (bounds memory under many distinct callers). */
const SWEEP_AT = 10_000;

/**
 * Creates a sliding-window throttle.
 *
 * Edge cases: a `limit` that is not a positive integer, or a `windowMs` that is not a positive
 * number, throws a `RangeError` at creation, so a typo never silently disables or blocks exports.
 * `Retry-After` seconds are rounded up and at least 1. `now` is injectable for tests.
 */
export function createThrottle(options: ThrottleOptions, now: () => number = Date.now): Throttle {
  const { limit, windowMs } = options;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('throttle.limit must be a positive integer.');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('throttle.windowMs must be a positive number.');
  const hits = new Map<string, number[]>();

  function sweep(at: number): void {
    for (const [key, times] of hits) {
      if ((times[times.length - 1] ?? 0) <= at - windowMs) hits.delete(key);
    }
  }

  return {
    hit(key: string): ThrottleResult {
      const at = now();
      if (hits.size >= SWEEP_AT) sweep(at);
      const times = (hits.get(key) ?? []).filter((t) => t > at - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        const oldest = times[0] ?? at;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      times.push(at);
      hits.set(key, times);
      return { allowed: true };
    },
    get size() {
      return hits.size;
    },
  };
}
