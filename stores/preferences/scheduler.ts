/**
 * When one grid's preferences are sent: the debounce after a change, the exponential backoff after
 * a failed save, and one request at a time (a send asked for while one runs becomes a single
 * follow-up). A `SaveScheduler` owns the grid's two timers and its request in flight and nothing
 * else: what a send does and whether a follow-up is still wanted are the store's, given as
 * callbacks, so the timing rules stay readable and testable apart from hosts and storage.
 *
 * @module
 */
import type { HostErrorInfo } from '../../src/host/errors';

/** Backoff of failed saves: delay of attempt n is `min(maxDelayMs, initialDelayMs × factor^(n−1))`. */
export interface RetryOptions {
  /** Delay before the first retry; default 1000 ms. */
  initialDelayMs: number;
  /** Growth per attempt; default 2. */
  factor: number;
  /** Cap of one delay; default 30,000 ms. A server's `Retry-After` may ask for more (up to 5 min). */
  maxDelayMs: number;
  /** Failed attempts in a row after which automatic retries stop; default 10. */
  maxAttempts: number;
  /** Random share taken off each delay (0 to 1) so that many clients do not retry in step; default 0.2. */
  jitter: number;
}

/** The store's retry options before `configure` changes any. */
export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({ initialDelayMs: 1000, factor: 2, maxDelayMs: 30_000, maxAttempts: 10, jitter: 0.2 });

/** The longest wait a server's `Retry-After` can impose (5 minutes); a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 300_000;

/**
 * The delay before retry number `attempt` (1 for the first): the capped exponential delay minus a
 * random share of up to `jitter` of it (`random` gives 0 to 1), but never less than the server's
 * `retryAfterMs` (itself capped at `MAX_RETRY_AFTER_MS`). Rounded to whole milliseconds.
 *
 * Edge cases: an `attempt` below 1 counts as 1; a `jitter` outside 0 to 1 is clamped.
 */
export function backoffDelay(attempt: number, retryAfterMs: number | undefined, options: RetryOptions, random: () => number): number {
  const { initialDelayMs, factor, maxDelayMs, jitter } = options;
  const base = Math.min(maxDelayMs, initialDelayMs * factor ** Math.max(0, attempt - 1));
  const jittered = base * (1 - Math.min(1, Math.max(0, jitter)) * random());
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
}

/**
 * The delay before the next automatic retry after `attempts` failed saves in a row ending with
 * `error`, or null when there is none: no error, an error a retry cannot fix (`retryable` false),
 * or `options.maxAttempts` reached.
 */
export function nextRetryDelay(
  error: HostErrorInfo | null,
  attempts: number,
  retryAfterMs: number | undefined,
  options: RetryOptions,
  random: () => number,
): number | null {
  if (!error || !error.retryable || attempts >= options.maxAttempts) return null;
  return backoffDelay(attempts, retryAfterMs, options, random);
}

/** What a `SaveScheduler` asks its owner. */
export interface SaveSchedulerCallbacks {
  /** One save attempt; it may call `requestFollowUp` when newer changes arrived meanwhile. */
  attempt(): Promise<void>;
  /** Whether a requested follow-up should still run once the attempt is done. */
  wantsFollowUp(): boolean;
}

/**
 * The debounce timer, the retry timer and the request in flight of one grid. Every timer, when it
 * fires, calls `send()`; `clear()` cancels both timers but never a request already sent.
 */
export class SaveScheduler {
  readonly #callbacks: SaveSchedulerCallbacks;
  #debounceTimer: ReturnType<typeof setTimeout> | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #inflight: Promise<void> | null = null;
  #followUp = false;

  constructor(callbacks: SaveSchedulerCallbacks) {
    this.#callbacks = callbacks;
  }

  /** The send under way (it settles once its follow-up is done too), or null. */
  get inflight(): Promise<void> | null {
    return this.#inflight;
  }

  /** Cancels the debounce and the retry timer. */
  clear(): void {
    if (this.#debounceTimer !== null) clearTimeout(this.#debounceTimer);
    this.#debounceTimer = null;
    this.cancelRetry();
  }

  /** Cancels the retry timer only (a debounce keeps running). */
  cancelRetry(): void {
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  /** Sends after `delayMs` of quiet: both timers are replaced by one debounce timer. */
  debounce(delayMs: number): void {
    this.clear();
    this.#debounceTimer = this.#sendAfter(delayMs, () => {
      this.#debounceTimer = null;
    });
  }

  /** Sends after `delayMs`, replacing an earlier retry timer. */
  retryIn(delayMs: number): void {
    this.cancelRetry();
    this.#retryTimer = this.#sendAfter(delayMs, () => {
      this.#retryTimer = null;
    });
  }

  /** Asks for one more send right after the one in flight (if `wantsFollowUp` still agrees then). */
  requestFollowUp(): void {
    this.#followUp = true;
  }

  /**
   * Runs `attempt` now, or, while one runs, asks for a follow-up and returns the running one, so
   * at most one request is under way and overlapping calls coalesce into one more.
   */
  send(): Promise<void> {
    if (this.#inflight) {
      this.#followUp = true;
      return this.#inflight;
    }
    const run = (async () => {
      try {
        await this.#callbacks.attempt();
      } finally {
        this.#inflight = null;
      }
      if (this.#followUp) {
        this.#followUp = false;
        if (this.#callbacks.wantsFollowUp()) {
          this.clear();
          await this.send();
        }
      }
    })();
    this.#inflight = run;
    return run;
  }

  /** A timer that forgets itself (`fired`) and then sends. */
  #sendAfter(delayMs: number, fired: () => void): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      fired();
      void this.send();
    }, delayMs);
  }
}
