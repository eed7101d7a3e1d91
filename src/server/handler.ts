/**
 * `createGridViewHandler`: the server part as one web-standard function `(Request) => Promise<Response
 * | undefined>`. It answers the preference, export and lazy-fragment routes under a base URL and
 * returns undefined for every other path, so it composes with any framework (adapters for Node
 * `http`, Hono and Express are in `./adapters`).
 *
 * @module
 */
import { setWarningHandler } from '../core/warn';
import { PREFS_LIMITS, validateSubject } from '../core/prefs';
import { MemoryHost } from '../host/memory-host';
import { MemoryPrefs } from '../host/memory-prefs';
import type { GridViewHost, PreferencesStore } from '../host/types';
import type { AuthMode, AuthorizeContext, LazyBlock, RequestContext, ResolvedOptions } from './context';
import { type CsrfOptions, DEFAULT_CSRF } from './csrf';
import { DEFAULT_STORAGE_RETRY_AFTER_SECONDS, type ErrorLogger, apiError, errorToResponse } from './errors';
import { type WarningLogger, createDefaultErrorLogger, defaultWarningLogger, safeWarn } from './log';
import { DEFAULT_PDF_MAX_ROWS } from './exports/pdf';
import { type FrameAncestors, resolveFramePolicy } from './frame-policy';
import { type ExportRegistry, defaultExportRegistry } from './exports/registry';
import { PDF_EXPORT, XLSX_EXPORT, checkExportPackages } from './exports/packages';
import { ROUTE_HANDLERS, routesAt } from './routes/handlers';
import type { RowSourceRegistration } from './routes/rows';
import type { SqlRowSource } from './rows/sql-row-source';
import { type AnyThrottle, DEFAULT_EXPORT_THROTTLE, DEFAULT_LAZY_THROTTLE, DEFAULT_ROWS_THROTTLE, type ThrottleOptions, createStoreThrottle, createThrottle } from './throttle';
import type { ThrottleStore } from './store/sql-throttle';

/** Options of `createGridViewHandler`. Every option has a default; see docs/server.md. */
export interface GridViewHandlerOptions {
  /** Path prefix of every route, e.g. `/app` gives `/app/grid/preferences/`. Default `''`. */
  baseUrl?: string;
  /** Where authenticated callers' preferences live. Default: a new `MemoryPrefs` (process memory). */
  store?: PreferencesStore;
  /**
   * The authenticated caller of a request (user key, token subject), or null for anonymous. The
   * library never authenticates anyone itself: the host reads its session or token here. An empty
   * string counts as anonymous. Default: every caller is anonymous.
   */
  subject?: (request: Request) => string | null | Promise<string | null>;
  /**
   * How callers are authenticated, which decides whether CSRF checks apply to their POSTs. Default:
   * `token` for a request with an `Authorization` header and no `Cookie` header, else `cookie`.
   */
  authMode?: AuthMode | ((request: Request) => AuthMode);
  /** CSRF protection for cookie callers' POSTs. Default `{ mode: 'same-origin', header: 'X-CSRF-Token' }`. */
  csrf?: CsrfOptions;
  /** Lazy blocks by id, for `GET {base}/grid/lazy/?block=<id>`. `vue-grid-view/ssr` builds them from components. */
  lazyBlocks?: Record<string, LazyBlock>;
  /** Export builders. Default: the module-level registry filled by `registerPdfExport`/`registerXlsxExport`. */
  exports?: ExportRegistry;
  /** Export throttle per caller, format and builder; `false` turns it off. Default 5 per 60 s. */
  throttle?: ThrottleOptions | false;
  /** Lazy-fragment throttle per caller and block; `false` turns it off. Default 120 per 60 s. */
  lazyThrottle?: ThrottleOptions | false;
  /**
   * Row sources of data grids on server rows, by grid id: `POST {base}/grid/rows/`, `/grid/values/`
   * and `/grid/aggregate/` answer them (see docs/server-rows.md). A bare `SqlRowSource` serves rows
   * and values; a registration adds the KPIs and charts `/aggregate` computes. Their specs are
   * checked against the source's columns at creation (a `TypeError` for one SQL cannot compute).
   * Default: none (the routes answer 404).
   */
  rowSources?: Record<string, SqlRowSource | RowSourceRegistration>;
  /** Throttle of the rows routes per caller and grid; `false` turns it off. Default 600 per 60 s. */
  rowsThrottle?: ThrottleOptions | false;
  /**
   * Where the export, lazy-fragment and rows throttles count. Default: in this process (a sliding
   * window; N instances each allow the full rate). A shared store (`createSqlThrottleStore(db)`
   * over the preferences database) makes every instance over that database count together, in
   * fixed windows of each throttle's `windowMs`. A failing store lets requests through and goes to
   * `onWarn`.
   */
  throttleStore?: ThrottleStore;
  /** Guards exports, lazy blocks and the rows routes: return false to answer 403. Runs after the 400/404 checks. */
  authorize?: (context: AuthorizeContext) => boolean | Promise<boolean>;
  /**
   * The `GridViewHost` of a request, given to export builders (`filterStateFromRequest`) and lazy
   * blocks. Default: a `MemoryHost` with the caller's subject, the request URL and the handler's store.
   */
  host?: (request: Request, context: { subject: string | null }) => GridViewHost | Promise<GridViewHost>;
  /**
   * Receives every error that became a 5xx, with the request. Default: stderr in every environment
   * (a 500 is a bug, a 503 an unreachable database: both must be seen), storage failures at most one
   * line a minute with the count left out. Replace it to send them to your logger.
   */
  onError?: ErrorLogger;
  /**
   * Receives warnings: things to fix or know that did not fail a request (a throttle at its memory
   * cap), and, once given, the core's warnings raised in this process too (a spec warning or a
   * currency fallback while an export renders; `detail.code` carries their stable code). The core
   * has one warning channel per process (`setWarningHandler`), so of several handlers with an
   * `onWarn` the last one created receives the core's warnings. Default: `console.warn` unless
   * `NODE_ENV` is `production`; nothing in production.
   */
  onWarn?: WarningLogger;
  /**
   * Who may show lazy fragments and export downloads in a frame: `'none'` (default), `'self'`, or a
   * list of CSP sources (`["'self'", 'https://portal.example.com']`). Sent as CSP `frame-ancestors`
   * and, for `'none'`/`'self'`, as `X-Frame-Options` (`DENY`/`SAMEORIGIN`). A malformed entry throws
   * a `TypeError` at creation.
   */
  frameAncestors?: FrameAncestors;
  /**
   * `Retry-After` (seconds) of the 503 answered when the preference database cannot be used. Clients
   * wait at least this long before trying again (`HttpHost` and the preferences store honour it).
   * Default 5; a whole number from 0 (clients use their own backoff) to 3,600.
   */
  storageRetryAfterSeconds?: number;
  /** Most rows in a PDF export unless the builder's registration says otherwise. Default 5,000. */
  pdfMaxRows?: number;
  /** Largest accepted JSON body in bytes. Default 65,536 (`PREFS_LIMITS.maxBodyBytes`). */
  maxBodyBytes?: number;
  /** Clock of the throttles, for tests. Default `Date.now`. */
  now?: () => number;
}

/** The handler: a response for the routes it owns, undefined for any other path. Never rejects. */
export type GridViewHandler = (request: Request) => Promise<Response | undefined>;

/**
 * Creates the request handler.
 *
 * Routes (each with or without the trailing slash):
 * - `GET {base}/grid/preferences/?grid_id=` and `POST {base}/grid/preferences/` (set A);
 * - `POST {base}/api/grid-view/save/` (set B, login required);
 * - `GET {base}/grid/export/pdf/?builder=` and `GET {base}/grid/export/xlsx/?builder=` (404 while no
 *   builder of that format is registered);
 * - `GET {base}/grid/lazy/?block=` (404 while no block is registered);
 * - `POST {base}/grid/rows/`, `/grid/values/`, `/grid/aggregate/` with `{ grid_id, … }` (404 while
 *   no row source is registered; see docs/server-rows.md).
 *
 * `HEAD` is answered on the preferences read only; export and lazy routes answer it with 405 and
 * `Allow: GET`, so a HEAD never runs a builder or block nor counts against a throttle.
 *
 * Every error answer is JSON `{status: 'error', message}` with the right status; a wrong method gets
 * 405 with `Allow`; nothing a caller sends produces a 500 (unexpected errors do, with a generic
 * message, and go to `onError`). The handler never rejects. An export whose optional packages are
 * not installed answers 501 `export_unavailable` naming them; `onWarn` gets one warning per
 * feature with the install command, already at creation for the formats registered by then
 * (`xlsx`; `jspdf`, `jspdf-autotable`, `dejavu-fonts-ttf`; with row sources both).
 *
 * Security: the library authenticates nobody. Without `subject` every caller is anonymous (nothing is
 * stored); exports and lazy blocks are only throttled unless `authorize` (or the host's own
 * middleware) guards them.
 *
 * Throws a `TypeError` at creation for a `baseUrl` that does not start with `/` or bad limits.
 */
export function createGridViewHandler(options: GridViewHandlerOptions = {}): GridViewHandler {
  const resolved = resolveOptions(options);
  const { base, log } = resolved;
  // One channel for the server's warnings and the core's (spec warnings, currency fallbacks while
  // exports render), as the plugin's `onWarn` is for a page.
  const onWarn = options.onWarn;
  if (onWarn) setWarningHandler((warning) => safeWarn(onWarn, warning.message, { code: warning.code, error: warning.detail }));
  // The optional packages of the exports this handler can serve by now, looked for without loading
  // them, so an operator reads what is missing at start-up rather than at the first download.
  const serverRows = Object.keys(resolved.rowSources).length > 0;
  checkExportPackages(resolved.warn, [
    ...(serverRows || resolved.exports.size('xlsx') > 0 ? [XLSX_EXPORT] : []),
    ...(serverRows || resolved.exports.size('pdf') > 0 ? [PDF_EXPORT] : []),
  ]);

  return async (request: Request): Promise<Response | undefined> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return undefined;
    }
    const path = url.pathname;
    if (base !== '' && !(path === base || path.startsWith(`${base}/`))) return undefined;
    const routes = routesAt(path.slice(base.length).replace(/\/$/, ''));
    if (routes === undefined) return undefined;
    let response: Response;
    try {
      const route = routes.byMethod.get(request.method);
      if (route === undefined) {
        throw apiError('method_not_allowed', `Method ${request.method} is not allowed here.`, { Allow: routes.allow });
      }
      response = await ROUTE_HANDLERS[route](requestContext(request, url, resolved));
    } catch (error) {
      response = errorToResponse(error, request, log, resolved.storageRetryAfterSeconds);
    }
    // A HEAD answer never has a body, errors included (the Node adapter drops it too, other hosts may not).
    return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  };
}

function requestContext(request: Request, url: URL, options: ResolvedOptions): RequestContext {
  let subject: Promise<string | null> | undefined;
  let host: Promise<GridViewHost> | undefined;
  const ctx: RequestContext = {
    request,
    url,
    options,
    subject() {
      subject ??= Promise.resolve(options.subject(request)).then(checkSubject);
      return subject;
    },
    host() {
      host ??= ctx.subject().then((subjectId) =>
        options.host
          ? options.host(request, { subject: subjectId })
          : new MemoryHost({ subjectId, url: request.url, prefs: options.store, baseUrl: options.base }),
      );
      return host;
    },
  };
  return ctx;
}

/**
 * The subject hook's answer: '' and null mean anonymous; a non-string is a bug in the hook (500); a
 * subject no database stores faithfully (U+0000, a lone surrogate) is refused with 400
 * `invalid_subject`: it usually comes from caller input (a token claim, a decoded cookie), and
 * PostgreSQL would refuse it with an error a client would retry forever.
 */
function checkSubject(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new TypeError(`The subject option must return a string or null, not ${typeof value}.`);
  const checked = validateSubject(value);
  if (!checked.ok) throw apiError('invalid_subject', checked.message);
  return value;
}

function defaultAuthMode(request: Request): AuthMode {
  return request.headers.has('authorization') && !request.headers.has('cookie') ? 'token' : 'cookie';
}

/** The warning a throttle gives (once) when it reaches its memory cap. */
function throttleWarning(warn: WarningLogger, what: string): (message: string) => void {
  return (message) => safeWarn(warn, `The ${what} throttle ${message}`);
}

function resolveOptions(options: GridViewHandlerOptions): ResolvedOptions {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  if (base !== '' && !base.startsWith('/')) throw new TypeError('baseUrl must be a path starting with "/" (or empty).');
  const maxBodyBytes = options.maxBodyBytes ?? PREFS_LIMITS.maxBodyBytes;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) throw new TypeError('maxBodyBytes must be a positive integer.');
  const pdfMaxRows = options.pdfMaxRows ?? DEFAULT_PDF_MAX_ROWS;
  if (!Number.isSafeInteger(pdfMaxRows) || pdfMaxRows < 1) throw new TypeError('pdfMaxRows must be a positive integer.');
  const storageRetryAfterSeconds = options.storageRetryAfterSeconds ?? DEFAULT_STORAGE_RETRY_AFTER_SECONDS;
  if (!Number.isSafeInteger(storageRetryAfterSeconds) || storageRetryAfterSeconds < 0 || storageRetryAfterSeconds > 3_600) {
    throw new TypeError('storageRetryAfterSeconds must be a whole number from 0 to 3600.');
  }
  const authMode = options.authMode;
  const now = options.now ?? Date.now;
  const warn = options.onWarn ?? defaultWarningLogger;
  const shared = options.throttleStore;
  const throttle = (given: ThrottleOptions | false | undefined, fallback: ThrottleOptions, what: string): AnyThrottle | null => {
    if (given === false) return null;
    if (shared === undefined) return createThrottle(given ?? fallback, now, throttleWarning(warn, what));
    // At most one warning a minute: an outage of the store would otherwise warn on every request.
    let warnedAt = Number.NEGATIVE_INFINITY;
    return createStoreThrottle(shared, given ?? fallback, now, (error) => {
      if (now() - warnedAt < 60_000) return;
      warnedAt = now();
      safeWarn(warn, `The ${what} throttle's store failed; requests are let through: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  return {
    base,
    store: options.store ?? new MemoryPrefs(),
    subject: options.subject ?? (() => null),
    authMode: typeof authMode === 'function' ? authMode : authMode ? () => authMode : defaultAuthMode,
    csrf: { ...DEFAULT_CSRF, ...options.csrf },
    // Kept by reference: blocks registered after the handler was created are served too.
    lazyBlocks: options.lazyBlocks ?? {},
    exports: options.exports ?? defaultExportRegistry,
    exportThrottle: throttle(options.throttle, DEFAULT_EXPORT_THROTTLE, 'export'),
    lazyThrottle: throttle(options.lazyThrottle, DEFAULT_LAZY_THROTTLE, 'lazy-fragment'),
    rowSources: resolveRowSources(options.rowSources),
    rowsThrottle: throttle(options.rowsThrottle, DEFAULT_ROWS_THROTTLE, 'rows'),
    authorize: options.authorize ?? null,
    host: options.host ?? null,
    log: options.onError ?? createDefaultErrorLogger(now),
    warn,
    frame: resolveFramePolicy(options.frameAncestors),
    pdfMaxRows,
    maxBodyBytes,
    storageRetryAfterSeconds,
  };
}

/** Registrations by grid id, each aggregate spec checked against its source now rather than on a request. */
function resolveRowSources(given: Record<string, SqlRowSource | RowSourceRegistration> | undefined): Record<string, RowSourceRegistration> {
  const out: Record<string, RowSourceRegistration> = Object.create(null) as Record<string, RowSourceRegistration>;
  for (const [gridId, entry] of Object.entries(given ?? {})) {
    const registration: RowSourceRegistration = 'source' in entry ? entry : { source: entry };
    if (typeof registration.source?.getRows !== 'function') throw new TypeError(`rowSources.${gridId} must be a SqlRowSource or { source, kpis, charts }.`);
    registration.source.checkAggregate({ kpis: registration.kpis, charts: registration.charts, columns: registration.columns });
    out[gridId] = registration;
  }
  return out;
}
