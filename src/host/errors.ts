/**
 * The one error class of the hosts. Every failure a host reports carries a stable `code` so that
 * callers (the preferences store above all) can decide between "retry later" and "tell the user".
 *
 * @module
 */

/**
 * Stable codes of `HostError`.
 *
 * - `network`: no answer reached us (connection refused, DNS, offline, CORS); retryable.
 * - `timeout`: the request took longer than the host's timeout; retryable.
 * - `http`: the server answered with a non-2xx status (`status` says which); retryable for 408, 425,
 *   429 and 5xx only.
 * - `invalid_response`: a 2xx answer whose body is not the documented JSON; not retryable.
 * - `invalid_prefs`: a preferences patch or grid id the client refused before sending; not retryable.
 * - `subject_mismatch`: a save for a subject other than the authenticated one; not retryable.
 * - `unknown_route`: `urlFor` for a route id the host has no URL for.
 * - `unknown_template`: `renderHostTemplate` for a template the host does not own.
 */
export type HostErrorCode =
  | 'network'
  | 'timeout'
  | 'http'
  | 'invalid_response'
  | 'invalid_prefs'
  | 'subject_mismatch'
  | 'unknown_route'
  | 'unknown_template';

/** Options of `HostError` beyond code and message. */
export interface HostErrorOptions {
  /** HTTP status, for `http` errors. */
  status?: number;
  /** Milliseconds the server asked us to wait (`Retry-After`), when it said so. */
  retryAfterMs?: number;
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/** HTTP statuses worth retrying: the request may well succeed later without any change. */
const RETRYABLE_STATUS = new Set([408, 425, 429]);

/**
 * A coded host failure. `message` is plain text meant for logs and, for `http` errors, is the
 * server's own `message` when its JSON body gave one.
 *
 * Edge cases: `status` is only set for `http` errors; `retryAfterMs` only when the server sent a
 * parsable `Retry-After` header.
 */
export class HostError extends Error {
  override readonly name = 'HostError';
  readonly code: HostErrorCode;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(code: HostErrorCode, message: string, options: HostErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True when sending the same request again later may succeed (network, timeout, 408/425/429/5xx). */
  get retryable(): boolean {
    return isRetryable(this.code, this.status);
  }

  /** Plain-data form, safe to keep in reactive state or `JSON.stringify`. */
  toJSON(): HostErrorInfo {
    return toHostErrorInfo(this);
  }
}

/** Plain-data description of a failure, as stores keep it (no prototype, no cause). */
export interface HostErrorInfo {
  code: HostErrorCode;
  message: string;
  status?: number;
  retryable: boolean;
}

/** True for the failures `HostError.retryable` describes. */
export function isRetryable(code: HostErrorCode, status?: number): boolean {
  if (code === 'network' || code === 'timeout') return true;
  if (code !== 'http' || status === undefined) return false;
  return RETRYABLE_STATUS.has(status) || status >= 500;
}

/** True when `value` is a `HostError` (also across bundle copies, by name and code). */
export function isHostError(value: unknown): value is HostError {
  if (value instanceof HostError) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'HostError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/**
 * Turns anything thrown by a host into plain `HostErrorInfo`. A foreign error (a bug in a custom
 * host, say) is reported as a non-retryable `invalid_response`, so it is shown rather than retried
 * forever; custom hosts should throw `HostError` to get retries.
 */
export function toHostErrorInfo(error: unknown): HostErrorInfo {
  if (isHostError(error)) {
    const info: HostErrorInfo = { code: error.code, message: error.message, retryable: isRetryable(error.code, error.status) };
    if (error.status !== undefined) info.status = error.status;
    return info;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'invalid_response', message, retryable: false };
}
