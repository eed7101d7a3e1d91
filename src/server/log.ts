/**
 * Where the server part reports what went wrong. Two sinks, both replaceable:
 *
 * - errors (`onError`): every answer with a 5xx status. A 500 is a bug and a 503 means the database
 *   is unreachable: an operator must see both, so the default writes them to stderr in every
 *   environment, production included. Storage failures come in bursts (every request fails while
 *   the database is down), so the default writes the first one and then at most one line a minute
 *   with the number it left out.
 * - warnings (`onWarn`): things a developer should fix or know (a throttle at its memory cap, a body
 *   parser mounted before the middleware, a store reopening its file). The default writes them with
 *   `console.warn` unless `NODE_ENV` is `production`, and never in production.
 *
 * @module
 */
import type { GridViewWarningCode } from '../core/warn';
import { HttpError, PreferencesStorageError, type ErrorLogger } from './errors';

/** Extra facts of a warning: the error behind it and the request it happened in, when known. */
export interface WarningDetail {
  error?: unknown;
  request?: Request;
  /** The stable code of a warning raised by the core (`GridViewWarningCode`), when it came from there. */
  code?: GridViewWarningCode;
}

/**
 * Receives the server's warnings: plain sentences meant for a developer or an operator. Must not
 * throw; if it does, the throw is ignored.
 */
export type WarningLogger = (message: string, detail?: WarningDetail) => void;

/** How long the default error logger stays quiet about further storage failures. */
const STORAGE_LOG_INTERVAL_MS = 60_000;

/**
 * The default warning sink: `console.warn` with a `[vue-grid-view]` prefix unless `NODE_ENV` is
 * `production` (read on every call, so a test or a late `process.env` change is honoured).
 */
export function defaultWarningLogger(message: string, detail?: WarningDetail): void {
  if (process.env.NODE_ENV === 'production') return;
  if (detail?.error !== undefined) console.warn(`[vue-grid-view] ${message}`, detail.error);
  else console.warn(`[vue-grid-view] ${message}`);
}

/** Calls a warning sink, ignoring a sink that throws (logging must never turn into a failure). */
export function safeWarn(warn: WarningLogger, message: string, detail?: WarningDetail): void {
  try {
    warn(message, detail);
  } catch {
    // A broken sink is not the caller's problem.
  }
}

/**
 * The default `onError` of one handler: every 500 (and every other non-storage 5xx) on stderr with
 * method, path and the error; storage failures (`PreferencesStorageError`, 503) on stderr too, but
 * the first of a burst and then at most one line per minute that says how many were left out;
 * nothing for 501 `export_unavailable`, which `onWarn` already reported once with the install
 * command. `now` is the handler's clock.
 */
export function createDefaultErrorLogger(now: () => number = Date.now): ErrorLogger {
  let lastStorageLog = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error, request) => {
    // A missing optional package (501) was already told to onWarn once, with the install command;
    // a line per download would bury the log without saying more.
    if (error instanceof HttpError && error.code === 'export_unavailable') return;
    const where = `${request.method} ${pathOf(request)}`;
    const storage = error instanceof PreferencesStorageError || (error instanceof HttpError && error.code === 'storage_unavailable');
    if (!storage) {
      console.error(`[vue-grid-view] ${where} failed:`, error);
      return;
    }
    const at = now();
    if (at - lastStorageLog < STORAGE_LOG_INTERVAL_MS) {
      suppressed++;
      return;
    }
    const more = suppressed > 0 ? ` (${suppressed} more storage failures since the last line)` : '';
    lastStorageLog = at;
    suppressed = 0;
    console.error(`[vue-grid-view] ${where} failed: preferences storage unavailable${more}:`, error);
  };
}

/** The default logger of the adapters: a failure to answer is always a 500, so it always reaches stderr. */
export function defaultAdapterErrorLogger(error: unknown, where?: string): void {
  console.error(`[vue-grid-view] ${where ?? 'adapter'} failed:`, error);
}

function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return request.url;
  }
}
