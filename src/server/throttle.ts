/**
 * A small in-process rate limiter: at most `limit` hits per key in any `windowMs` (a sliding log of
 * hit times). Keys are built by the handler from the caller (subject, else client address) and the
 * export builder or lazy block, so one user's exports never throttle another's.
 *
 * Cost: every hit is O(1) amortised, however many keys are tracked. The keys live in one `Map` kept
 * in order of their latest hit (a hit moves its key to the end), so the keys whose latest hit left
 * the window are always at the front: each hit removes those, and every key is removed at most once
 * per time it was added. Memory is capped: past `maxKeys` live keys the least recently seen key is
 * dropped (its caller starts afresh), with one warning.
 *
 * @module
 */

/** Rate of a throttle: at most `limit` requests per `windowMs` milliseconds for one key. */
export interface ThrottleOptions {
  limit: number;
  windowMs: number;
  /**
   * Most keys tracked at once; past it the least recently seen key is forgotten (its caller starts
   * afresh), so memory stays bounded whatever the number of distinct callers. Each key costs about
   * 150 bytes plus 8 per hit remembered (at most `limit`). Default 100,000.
   */
  maxKeys?: number;
}

/** Default export throttle: 5 per minute per caller and builder. */
export const DEFAULT_EXPORT_THROTTLE: Readonly<ThrottleOptions> = Object.freeze({ limit: 5, windowMs: 60_000 });

/** Default lazy-fragment throttle: 120 per minute per caller and block (pages load several at once). */
export const DEFAULT_LAZY_THROTTLE: Readonly<ThrottleOptions> = Object.freeze({ limit: 120, windowMs: 60_000 });

/** Default `maxKeys` of a throttle. */
export const DEFAULT_THROTTLE_MAX_KEYS = 100_000;

/** Outcome of one hit: allowed, or refused with the seconds to wait (at least 1). */
export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A throttle instance. State is per process: several processes each allow `limit`. */
export interface Throttle {
  /** Records a hit for `key` unless it is over the limit (a refused hit is not recorded). */
  hit(key: string): ThrottleResult;
  /** Number of keys with a hit inside the window (exact after every hit; for tests and monitoring). */
  readonly size: number;
}

/**
 * Creates a sliding-window throttle.
 *
 * Edge cases: a `limit` that is not a positive integer, a `windowMs` that is not a positive number,
 * or a `maxKeys` that is not a positive integer throws a `RangeError` at creation, so a typo never
 * silently disables or blocks exports. `Retry-After` seconds are rounded up and at least 1. `now` is
 * injectable for tests; a clock that steps back only delays expiry. `onCap` is called once, the
 * first time the cap makes the throttle forget a live key.
 */
export function createThrottle(options: ThrottleOptions, now: () => number = Date.now, onCap?: (message: string) => void): Throttle {
  const { limit, windowMs } = options;
  const maxKeys = options.maxKeys ?? DEFAULT_THROTTLE_MAX_KEYS;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('throttle.limit must be a positive integer.');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('throttle.windowMs must be a positive number.');
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) throw new RangeError('throttle.maxKeys must be a positive integer.');
  /** Hit times per key, oldest first; the Map is in order of each key's latest hit. */
  const hits = new Map<string, number[]>();
  let warned = false;

  /** Drops keys whose latest hit left the window; they are all at the front. */
  function expire(cutoff: number): void {
    for (const [key, times] of hits) {
      if ((times[times.length - 1] ?? Number.NEGATIVE_INFINITY) > cutoff) return;
      hits.delete(key);
    }
  }

  return {
    hit(key: string): ThrottleResult {
      const at = now();
      const cutoff = at - windowMs;
      expire(cutoff);
      const times = hits.get(key);
      if (times === undefined) {
        if (hits.size >= maxKeys) {
          // Every tracked key is live: forget the least recently seen one rather than grow.
          const oldest = hits.keys().next().value;
          if (oldest !== undefined) hits.delete(oldest);
          if (!warned) {
            warned = true;
            onCap?.(`tracks ${maxKeys} callers (its maxKeys) and forgets the least recently seen ones early; raise maxKeys if this is normal traffic.`);
          }
        }
        hits.set(key, [at]);
        return { allowed: true };
      }
      let drop = 0;
      while (drop < times.length && (times[drop] as number) <= cutoff) drop++;
      if (drop > 0) times.splice(0, drop);
      if (times.length >= limit) {
        const oldest = times[0] ?? at;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      times.push(at);
      // Moved to the end: the Map stays ordered by latest hit, which is what makes `expire` O(1).
      hits.delete(key);
      hits.set(key, times);
      return { allowed: true };
    },
    get size() {
      return hits.size;
    },
  };
}
