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
 * - `aborted`: the caller cancelled the request, or a newer request of the server row source
 *   superseded it; nothing to show and nothing to retry.
 */
export type HostErrorCode =
  | 'network'
  | 'timeout'
  | 'http'
  | 'invalid_response'
  | 'invalid_prefs'
  | 'subject_mismatch'
  | 'unknown_route'
  | 'unknown_template'
  | 'aborted';

/**
 * THE catalog of codes the server's JSON error bodies carry: every 4xx/5xx answer of
 * `createGridViewHandler` and its adapters is `{ status: 'error', code, message }` with `code` from
 * this list, so clients branch on `code` (stable) and show `message` (human, may change). Each code
 * maps to the one HTTP status it is sent with; `client_error` and `server_error` stand for any other
 * 4xx or 5xx a host's own `HttpError` uses (their status is null here).
 *
 * Aligned with `HostErrorCode`: `invalid_prefs` and `subject_mismatch` mean the same on both sides
 * (the client refuses before sending what the server would refuse with that code). `HttpHost` puts
 * the code of an error answer in `HostError.serverCode`. docs/server.md lists the same table; a test
 * keeps the two equal.
 */
export const SERVER_ERROR_CODES = Object.freeze({
  bad_request: 400,
  invalid_body: 400,
  duplicate_key: 400,
  unknown_field: 400,
  nothing_to_save: 400,
  invalid_grid_id: 400,
  invalid_prefs: 400,
  invalid_subject: 400,
  invalid_query: 400,
  invalid_rows_request: 400,
  unauthorized: 401,
  login_required: 401,
  forbidden: 403,
  csrf_refused: 403,
  subject_mismatch: 403,
  not_found: 404,
  unknown_builder: 404,
  unknown_block: 404,
  unknown_grid: 404,
  method_not_allowed: 405,
  body_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  client_error: null,
  internal_error: 500,
  not_implemented: 501,
  export_unavailable: 501,
  service_unavailable: 503,
  storage_unavailable: 503,
  server_error: null,
} as const satisfies Record<string, number | null>);

/** A code of `SERVER_ERROR_CODES`. */
export type ServerErrorCode = keyof typeof SERVER_ERROR_CODES;

/** True when `value` is a code of `SERVER_ERROR_CODES` (own key, never an inherited name). */
export function isServerErrorCode(value: unknown): value is ServerErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SERVER_ERROR_CODES, value);
}

/**
 * The code an answer of `status` gets when nothing more precise is known: the first (generic) code
 * of the catalog made for that status (400 `bad_request`, 401 `unauthorized`, 403 `forbidden`, 404
 * `not_found`, 405, 413, 415, 429, 500 `internal_error`, 501 `not_implemented`, 503
 * `service_unavailable`), else
 * `client_error` for other 4xx and `server_error` for other 5xx.
 *
 * Edge cases: a status outside 400–599 gives `server_error` (the handler answers those with 500).
 */
export function serverErrorCodeFor(status: number): ServerErrorCode {
  for (const [code, codeStatus] of Object.entries(SERVER_ERROR_CODES)) {
    if (codeStatus === status) return code as ServerErrorCode;
  }
  return status >= 400 && status <= 499 ? 'client_error' : 'server_error';
}

/** Options of `HostError` beyond code and message. */
export interface HostErrorOptions {
  /** HTTP status, for `http` errors. */
  status?: number;
  /** Milliseconds the server asked us to wait (`Retry-After`), when it said so. */
  retryAfterMs?: number;
  /** The underlying error, kept for debugging. */
  cause?: unknown;
  /** The `code` of the server's JSON error body (`SERVER_ERROR_CODES`), for `http` errors whose body had one. */
  serverCode?: string;
}

/** HTTP statuses worth retrying: the request may well succeed later without any change. */
const RETRYABLE_STATUS = new Set([408, 425, 429]);

/**
 * A coded host failure. `message` is plain text meant for logs and, for `http` errors, is the
 * server's own `message` when its JSON body gave one.
 *
 * Edge cases: `status` is only set for `http` errors; `retryAfterMs` only when the server sent a
 * parsable `Retry-After` header; `serverCode` only when the error body carried a `code`.
 */
export class HostError extends Error {
  override readonly name = 'HostError';
  readonly code: HostErrorCode;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * The server's own code for an `http` error (`storage_unavailable`, `invalid_prefs`, … from
   * `SERVER_ERROR_CODES`), when its JSON body carried one; undefined otherwise (a proxy's HTML page,
   * an older server). A code this client does not know yet is kept as it came.
   */
  readonly serverCode: string | undefined;

  constructor(code: HostErrorCode, message: string, options: HostErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.serverCode = options.serverCode;
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
  /** The server's code of an `http` error, when its body had one (see `HostError.serverCode`). */
  serverCode?: string;
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
    const serverCode = (error as { serverCode?: unknown }).serverCode;
    if (typeof serverCode === 'string') info.serverCode = serverCode;
    return info;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'invalid_response', message, retryable: false };
}
