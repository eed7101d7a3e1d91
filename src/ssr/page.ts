/**
 * Whole HTML pages for a view: `pageRoute` gives a web-standard `(Request) => Promise<Response>`
 * handler and `mountPage` registers it as a GET route on a Hono-like or Express-like app.
 *
 * @module
 */
import type { GridViewHost } from '../host/types';
import type { GridViewSpec, Row } from '../core/types';
import { isGridViewSpec, safeParseGridViewSpecJson } from '../core/spec';
import { renderHtml } from './render';
import type { RenderHtmlOptions } from './render';
import { escapeAttribute, escapeText } from './escape';

/** A value, or a function of the request giving it (sync or async), e.g. rows loaded per request. */
export type PerRequest<T> = T | ((request: Request) => T | Promise<T>);

/** Options of `pageRoute` and `mountPage`. */
export interface PageRouteOptions extends Omit<RenderHtmlOptions, 'host'> {
  /** The host, or a function building one per request (e.g. bound to the caller). */
  host?: PerRequest<GridViewHost | null>;
  /** Document title; default: the spec's title, else "Grid view". */
  title?: string;
  /** Called when loading rows, the spec or the host fails (the response is a plain 500). */
  onError?: (error: unknown, request: Request) => void;
  /**
   * URLs of classic scripts written at the end of the body, in order: with `hydrate`, the browser
   * bundle (`['/static/grid-view.iife.js']`, after ECharts' or SheetJS's when the page uses them)
   * makes the view live. Each URL is written as an attribute value, escaped. Default: none.
   */
  scripts?: readonly string[];
}

function resolve<T>(value: PerRequest<T>, request: Request): T | Promise<T> {
  return typeof value === 'function' ? (value as (request: Request) => T | Promise<T>)(request) : value;
}

function specTitle(spec: unknown): string | null {
  if (isGridViewSpec(spec)) return spec.title;
  if (spec && typeof spec === 'object' && typeof (spec as { title?: unknown }).title === 'string') return (spec as { title: string }).title;
  return null;
}

/** The HTML document around a rendered view, with `scripts` (URLs) at the end of its body. */
export function pageDocument(body: string, options: { title: string; locale?: string; scripts?: readonly string[] }): string {
  const lang = escapeAttribute(options.locale || 'en');
  const scripts = (options.scripts ?? []).map((src) => `<script src="${escapeAttribute(src)}"></script>`).join('');
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeText(options.title)}</title></head>` +
    `<body class="gv-page">${body}${scripts}</body></html>`
  );
}

/**
 * A GET/HEAD handler serving a whole HTML document for the view (see `renderHtml`; the stylesheet
 * is inlined unless `stylesheet` says otherwise).
 *
 * Responses: 200 `text/html` (an invalid spec still gives 200 with the issues panel, and the header
 * `x-gv-spec-issues: true`); 405 with `Allow: GET, HEAD` for other methods; 500 with a short plain
 * text, and `onError` called, when a per-request loader throws. Spec, rows and host may be
 * functions of the request, so the same route serves fresh rows on every call.
 */
export function pageRoute(
  spec: PerRequest<GridViewSpec | unknown>,
  rows: PerRequest<readonly Row[]>,
  options: PageRouteOptions = {},
): (request: Request) => Promise<Response> {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
    }
    let html: string;
    let invalid: boolean;
    try {
      const [specValue, rowValue, hostValue] = await Promise.all([
        resolve(spec, request),
        resolve(rows, request),
        resolve(options.host ?? null, request),
      ]);
      const body = await renderHtml(specValue, rowValue ?? [], { ...options, host: hostValue });
      invalid = !isGridViewSpec(specValue) && !safeParseGridViewSpecJson(specValue).ok;
      html = pageDocument(body, { title: options.title ?? specTitle(specValue) ?? 'Grid view', locale: options.locale, scripts: options.scripts });
    } catch (error) {
      options.onError?.(error, request);
      return new Response('The page could not be rendered.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (invalid) headers['x-gv-spec-issues'] = 'true';
    return new Response(request.method === 'HEAD' ? null : html, { status: 200, headers });
  };
}

/** What `mountPage` needs of an app: a `get(path, handler)` method (Hono, Express, routers). */
export interface GetRouter {
  get(path: string, handler: (...args: never[]) => unknown): unknown;
}

/** Options of `mountPage`: the spec and rows plus everything `pageRoute` takes. */
export interface MountPageOptions extends PageRouteOptions {
  spec: PerRequest<GridViewSpec | unknown>;
  rows: PerRequest<readonly Row[]>;
}

interface NodeRequestLike {
  method?: string;
  url?: string;
  originalUrl?: string;
  protocol?: string;
  headers: Record<string, string | string[] | undefined>;
}

interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: Uint8Array | string): unknown;
  headersSent?: boolean;
}

function isHonoContext(value: unknown): value is { req: { raw: Request } } {
  return Boolean(value && typeof value === 'object' && (value as { req?: { raw?: unknown } }).req?.raw instanceof Request);
}

function isNodePair(req: unknown, res: unknown): req is NodeRequestLike {
  return Boolean(
    req && typeof req === 'object' && typeof (req as NodeRequestLike).headers === 'object' &&
      res && typeof res === 'object' && typeof (res as NodeResponseLike).setHeader === 'function' && typeof (res as NodeResponseLike).end === 'function',
  );
}

/** A web `Request` for a body-less Node request (GET/HEAD pages only). */
function toWebRequest(req: NodeRequestLike): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const host = headers.get('host') ?? 'localhost';
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  const url = new URL(req.originalUrl ?? req.url ?? '/', `${protocol}://${host}`);
  return new Request(url, { method: req.method ?? 'GET', headers });
}

async function writeNodeResponse(res: NodeResponseLike, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined;
  res.end(body);
}

/**
 * Mounts the page as `GET path` on a Hono-like app (handler gets a context with `c.req.raw`, returns
 * the `Response`) or an Express-like app (handler gets `(req, res, next)`; the response is written to
 * `res`, errors go to `next`). The kind is detected per call from the handler's arguments, so any
 * router with `get(path, handler)` in either style works. Returns the web handler as well, for tests
 * and other frameworks.
 */
export function mountPage(app: GetRouter, path: string, options: MountPageOptions): (request: Request) => Promise<Response> {
  const { spec, rows, ...routeOptions } = options;
  const handler = pageRoute(spec, rows, routeOptions);
  const adapter = (first: unknown, second?: unknown, third?: unknown): unknown => {
    if (isHonoContext(first)) return handler(first.req.raw);
    if (first instanceof Request) return handler(first);
    if (isNodePair(first, second)) {
      const next = typeof third === 'function' ? (third as (error?: unknown) => void) : undefined;
      return handler(toWebRequest(first))
        .then((response) => writeNodeResponse(second as NodeResponseLike, response))
        .catch((error: unknown) => {
          if (next) next(error);
          else throw error;
        });
    }
    throw new TypeError('mountPage: the router called the handler with arguments it does not recognise (expected a Hono context or Express req/res).');
  };
  app.get(path, adapter as (...args: never[]) => unknown);
  return handler;
}
