/**
 * The server's one error class and the one place that turns any error into a response. Every error
 * body is `{ status: 'error', code, message }` with `code` from `SERVER_ERROR_CODES` (the one catalog,
 * shared with the client in `src/host/errors.ts`).
 *
 * @module
 */
import { SERVER_ERROR_CODES, type ServerErrorCode, isServerErrorCode, serverErrorCodeFor } from '../host/errors';

/**
 * An error that already knows its HTTP answer. Throw it from routes, export builders, lazy blocks
 * or the `authorize`/`subject` hooks to answer with that status and
 * `{status: 'error', code, message}`.
 *
 * Edge cases: `status` outside 400–599 is treated as 500 by `errorToResponse`; `message` is sent to
 * the caller as it is, so it must never contain secrets; `headers` (e.g. `Retry-After`, `Allow`) are
 * added to the response; `code` defaults to the generic code of the status (`serverErrorCodeFor`:
 * 403 `forbidden`, 409 `client_error`, …), and a code of the catalog that belongs to another status
 * is replaced by that generic code, so a body never contradicts its status. `options.cause` keeps
 * an underlying error for `onError` (never sent to the caller).
 *
 * @example
 * throw new HttpError(403, 'You may not export this.');
 * throw new HttpError(429, 'Slow down.', { 'Retry-After': '30' }, 'rate_limited');
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The catalog code sent in the body. */
  readonly code: ServerErrorCode;

  constructor(status: number, message: string, headers: Record<string, string> = {}, code?: ServerErrorCode, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.headers = { ...headers };
    this.code = code !== undefined && isServerErrorCode(code) && codeFits(code, status) ? code : serverErrorCodeFor(status);
  }
}

/** True when `code` may be sent with `status` (its own status, or the generic code of the class). */
function codeFits(code: ServerErrorCode, status: number): boolean {
  const expected = SERVER_ERROR_CODES[code];
  if (expected !== null) return expected === status;
  return code === (status < 500 ? 'client_error' : 'server_error') && status >= 400 && status <= 599;
}

/**
 * An `HttpError` whose status comes from the catalog: `apiError('invalid_body', '…')` is a 400. Only
 * for codes with one status (not `client_error`/`server_error`).
 */
export function apiError(code: Exclude<ServerErrorCode, 'client_error' | 'server_error'>, message: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(SERVER_ERROR_CODES[code], message, headers, code);
}

/**
 * Thrown by preference stores when the database cannot be reached or refuses to write (down,
 * read-only, locked past `busy_timeout`, missing table). The handler answers 503. `cause` keeps the
 * driver's error for logs; the message sent to callers never includes it.
 */
export class PreferencesStorageError extends Error {
  override readonly name = 'PreferencesStorageError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The message callers see for storage failures; details go to `onError` only. */
export const STORAGE_UNAVAILABLE_MESSAGE = 'Preferences storage is unavailable; nothing was saved. Try again later.';

/** The `Retry-After` of a storage failure unless the handler's `storageRetryAfterSeconds` says otherwise. */
export const DEFAULT_STORAGE_RETRY_AFTER_SECONDS = 5;

/** The message callers see for unexpected errors (bugs); details go to `onError` only. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error.';

/** Called with every 5xx-causing error (never with 4xx ones). Must not throw; if it does, it is ignored. */
export type ErrorLogger = (error: unknown, request: Request) => void;

/**
 * Headers every response of the handler carries: no MIME sniffing, and no `Referer` sent when a
 * user follows a link inside a fragment or an exported file (its URL carries filters and searches).
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

/**
 * A JSON response with the security headers. `Cache-Control: no-store` is added unless `headers`
 * sets it: every JSON answer of the handler is per-caller data or an error.
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const all = new Headers({ ...BASE_SECURITY_HEADERS, 'Cache-Control': 'no-store', ...headers });
  all.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers: all });
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  status: 'error';
  code: ServerErrorCode;
  message: string;
}

/** An error answer `{ status: 'error', code, message }` with the security headers and `no-store`. */
export function errorResponse(status: number, code: ServerErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const body: ErrorBody = { status: 'error', code, message };
  return jsonResponse(status, body, headers);
}

/**
 * THE place that turns an error into a response: `HttpError` gives its own status, code and message,
 * `PreferencesStorageError` 503 `storage_unavailable` with a generic message and `Retry-After`
 * (`storageRetryAfterSeconds`, default 5), anything else 500 `internal_error` with a generic message. Every 5xx is passed to `log` (a throwing logger is
 * ignored).
 */
export function errorToResponse(error: unknown, request: Request, log: ErrorLogger, storageRetryAfterSeconds = DEFAULT_STORAGE_RETRY_AFTER_SECONDS): Response {
  if (error instanceof HttpError && error.status >= 400 && error.status <= 599) {
    if (error.status >= 500) safeLog(log, error, request);
    return errorResponse(error.status, error.code, error.message, { ...error.headers });
  }
  safeLog(log, error, request);
  if (error instanceof PreferencesStorageError) {
    return errorResponse(503, 'storage_unavailable', STORAGE_UNAVAILABLE_MESSAGE, { 'Retry-After': String(storageRetryAfterSeconds) });
  }
  return errorResponse(500, 'internal_error', INTERNAL_ERROR_MESSAGE);
}

function safeLog(log: ErrorLogger, error: unknown, request: Request): void {
  try {
    log(error, request);
  } catch {
    // A broken logger must not turn a handled error into a crash.
  }
}
