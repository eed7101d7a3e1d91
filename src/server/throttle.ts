/**
 * A small in-process rate limiter: at most `limit` hits per key in any `windowMs` (a sliding log of
 * hit times). Keys are built by the handler from the caller (subject, else client address) and the
 * export builder or lazy block, so one user's exports never throttle another's.
 *
 * Cost: every hit is O(1) amortised, however many keys are tracked. The keys form a list in order
 * of their latest hit (a hit moves its key to the tail), so the keys whose latest hit left the
 * window are always at the head: each hit unlinks those, and a key is unlinked at most once per
 * time it was linked. (The list is linked by hand: walking a `Map` from its start skips every entry
 * deleted since its last rehash, which made each hit cost the churn of the whole table.) Memory is
 * capped: past `maxKeys` live keys the least recently seen key is dropped (its caller starts
 * afresh), with one warning.
 *
 * @module
 */

import type { ThrottleStore, ThrottleStoreHit } from './store/sql-throttle';

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

/** Default rows throttle: 600 per minute per caller and grid (scrolling asks for a block every few hundred rows). */
export const DEFAULT_ROWS_THROTTLE: Readonly<ThrottleOptions> = Object.freeze({ limit: 600, windowMs: 60_000 });

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

/** What the routes call: the in-process throttle, or one counting in a shared store. */
export interface AnyThrottle {
  hit(key: string): ThrottleResult | Promise<ThrottleResult>;
}

/**
 * A throttle that counts in a shared `ThrottleStore` (several app servers as one): at most `limit`
 * hits per key in each fixed window of `windowMs`, across every process using the store.
 *
 * Edge cases: options are checked as `createThrottle` checks them (`RangeError`); `maxKeys` does not
 * apply (the store holds one row per live key). A store that fails lets the request through and
 * calls `onFailure` (a database hiccup must not refuse every caller; the routes behind the
 * throttle meet the same database and answer 503 themselves if it is really down).
 */
export function createStoreThrottle(
  store: ThrottleStore,
  options: ThrottleOptions,
  now: () => number = Date.now,
  onFailure?: (error: unknown) => void,
): AnyThrottle {
  const { limit, windowMs } = options;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('throttle.limit must be a positive integer.');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('throttle.windowMs must be a positive number.');
  return {
    async hit(key) {
      const at = now();
      let counted: ThrottleStoreHit;
      try {
        counted = await store.hit(key, windowMs, at);
      } catch (error) {
        onFailure?.(error);
        return { allowed: true };
      }
      if (counted.hits <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((counted.resetAt - at) / 1000)) };
    },
  };
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
  /** Per key: its hit times inside the window (oldest first) and its place in the recency list. */
  const entries = new Map<string, Entry>();
  /** Least recently hit key first. */
  let head: Entry | null = null;
  let tail: Entry | null = null;
  let warned = false;

  function unlink(entry: Entry): void {
    if (entry.prev) entry.prev.next = entry.next;
    else head = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    else tail = entry.prev;
    entry.prev = null;
    entry.next = null;
  }

  function append(entry: Entry): void {
    entry.prev = tail;
    entry.next = null;
    if (tail) tail.next = entry;
    else head = entry;
    tail = entry;
  }

  function forget(entry: Entry): void {
    unlink(entry);
    entries.delete(entry.key);
  }

  return {
    hit(key: string): ThrottleResult {
      const at = now();
      const cutoff = at - windowMs;
      // Keys whose latest hit left the window are at the head: O(1) amortised.
      while (head !== null && (head.times[head.times.length - 1] ?? Number.NEGATIVE_INFINITY) <= cutoff) forget(head);
      const entry = entries.get(key);
      if (entry === undefined) {
        if (entries.size >= maxKeys && head !== null) {
          // Every tracked key is live: forget the least recently seen one rather than grow.
          forget(head);
          if (!warned) {
            warned = true;
            onCap?.(`tracks ${maxKeys} callers (its maxKeys) and forgets the least recently seen ones early; raise maxKeys if this is normal traffic.`);
          }
        }
        const created: Entry = { key, times: [at], prev: null, next: null };
        entries.set(key, created);
        append(created);
        return { allowed: true };
      }
      const { times } = entry;
      let drop = 0;
      while (drop < times.length && (times[drop] as number) <= cutoff) drop++;
      if (drop > 0) times.splice(0, drop);
      if (times.length >= limit) {
        // Refused hits are not recorded, so the key keeps its place in the list.
        const oldest = times[0] ?? at;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      times.push(at);
      if (entry !== tail) {
        unlink(entry);
        append(entry);
      }
      return { allowed: true };
    },
    get size() {
      return entries.size;
    },
  };
}

/** One tracked key: its hit times and its neighbours in the recency list. */
interface Entry {
  readonly key: string;
  readonly times: number[];
  prev: Entry | null;
  next: Entry | null;
}
