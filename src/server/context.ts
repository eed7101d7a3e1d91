/**
 * What every route of one handler shares: the resolved options, and per request the lazily resolved
 * subject and host.
 *
 * @module
 */
import type { GridViewHost, PreferencesStore } from '../host/types';
import type { CsrfOptions } from './csrf';
import type { ErrorLogger } from './errors';
import type { ExportRegistry } from './exports/registry';
import type { FramePolicy } from './frame-policy';
import type { WarningLogger } from './log';
import type { RowSourceRegistration } from './routes/rows';
import type { AnyThrottle } from './throttle';

/** How a caller is authenticated: by a cookie the browser attaches (CSRF applies) or by a token header. */
export type AuthMode = 'cookie' | 'token';

/** Routes the `authorize` hook guards. */
export type GuardedRoute = 'export_pdf' | 'export_xlsx' | 'lazy' | 'rows' | 'values' | 'aggregate' | 'export_rows';

/** What the `authorize` hook is asked about. */
export interface AuthorizeContext {
  request: Request;
  route: GuardedRoute;
  subject: string | null;
  /** The export builder key (export routes). */
  builder?: string;
  /** The grid id (rows, values and aggregate routes). */
  gridId?: string;
  /** The lazy block id (lazy route). */
  block?: string;
}

/** What a lazy block renderer receives. */
export interface LazyBlockContext {
  request: Request;
  /** The request's query parameters (`block` and anything else the page sent). */
  params: URLSearchParams;
  host: GridViewHost;
  subject: string | null;
}

/**
 * Renders one lazy block to an HTML fragment. The HTML is sent as it is, so it must be built by a
 * renderer that escapes data (Vue SSR in `vue-grid-view/ssr`), never by pasting spec or row values
 * into markup. Throw `HttpError` to answer with a 4xx.
 */
export type LazyBlock = (context: LazyBlockContext) => Promise<string> | string;

/** The handler's options after defaults, shared by the routes. */
export interface ResolvedOptions {
  base: string;
  store: PreferencesStore;
  subject: (request: Request) => string | null | Promise<string | null>;
  authMode: (request: Request) => AuthMode;
  csrf: CsrfOptions;
  lazyBlocks: Readonly<Record<string, LazyBlock>>;
  exports: ExportRegistry;
  exportThrottle: AnyThrottle | null;
  lazyThrottle: AnyThrottle | null;
  rowSources: Readonly<Record<string, RowSourceRegistration>>;
  rowsThrottle: AnyThrottle | null;
  authorize: ((context: AuthorizeContext) => boolean | Promise<boolean>) | null;
  host: ((request: Request, context: { subject: string | null }) => GridViewHost | Promise<GridViewHost>) | null;
  log: ErrorLogger;
  warn: WarningLogger;
  frame: FramePolicy;
  pdfMaxRows: number;
  maxBodyBytes: number;
  storageRetryAfterSeconds: number;
}

/** Per-request state: the subject and host are resolved at most once, and only when a route needs them. */
export interface RequestContext {
  request: Request;
  url: URL;
  options: ResolvedOptions;
  subject(): Promise<string | null>;
  host(): Promise<GridViewHost>;
}
