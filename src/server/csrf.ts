/**
 * Cross-site request forgery protection for callers authenticated by cookies. A browser attaches
 * cookies to cross-site POSTs, so a cookie-authenticated POST is accepted only when the browser says
 * it comes from the same origin, or when it carries a token header (which a cross-site form cannot
 * set without a CORS preflight the handler never grants).
 *
 * @module
 */
import { apiError } from './errors';

/**
 * How POSTs of cookie-authenticated callers are checked.
 *
 * - `same-origin` (default): accepted when `Sec-Fetch-Site` is `same-origin` (or `none`), or when
 *   `Origin` (else, for browsers that send no `Sec-Fetch-Site`, `Referer`) equals the request's own
 *   origin or one of `allowedOrigins`; `Origin: null` is refused; a request
 *   carrying the token header (checked by `verifyToken` when given) is also accepted. A request with
 *   neither `Sec-Fetch-Site` nor `Origin` nor `Referer` comes from a non-browser client, which cookie
 *   forgery cannot use, and is accepted.
 * - `header`: the token header is required on every POST.
 * - `off`: no check (only for hosts that protect the routes themselves).
 */
export interface CsrfOptions {
  mode: 'same-origin' | 'header' | 'off';
  /** Name of the token header; default `X-CSRF-Token`. */
  header?: string;
  /** Further origins accepted as "same" (`https://app.example.com`), e.g. behind a proxy. */
  allowedOrigins?: string[];
  /**
   * Checks the token header's value (e.g. against the session's token or a double-submit cookie).
   * Without it any non-empty value is accepted: the custom header alone already proves the request
   * passed the browser's same-origin policy.
   */
  verifyToken?: (token: string, request: Request) => boolean | Promise<boolean>;
}

/** Default CSRF settings. */
export const DEFAULT_CSRF: Readonly<CsrfOptions> = Object.freeze({ mode: 'same-origin', header: 'X-CSRF-Token' });

const REFUSED = 'Cross-site request refused: send it from the same origin or with the CSRF token header.';

/**
 * Throws `HttpError(403)` when a state-changing request of a cookie caller fails the configured
 * check. Call it only for unsafe methods of cookie-authenticated callers.
 */
export async function assertSameSiteRequest(request: Request, options: CsrfOptions): Promise<void> {
  if (options.mode === 'off') return;
  const headerName = options.header ?? 'X-CSRF-Token';
  const token = request.headers.get(headerName);
  if (token !== null && token.trim() !== '') {
    const valid = options.verifyToken === undefined ? true : await options.verifyToken(token, request);
    if (valid) return;
    throw apiError('csrf_refused', 'The CSRF token is invalid.');
  }
  if (options.mode === 'header') throw apiError('csrf_refused', `The ${headerName} header is required.`);
  if (isSameOrigin(request, options.allowedOrigins ?? [])) return;
  throw apiError('csrf_refused', REFUSED);
}

function isSameOrigin(request: Request, allowedOrigins: string[]): boolean {
  // Sec-Fetch-Site is set by the browser and cannot be written by page scripts, so "same-origin"
  // is trusted even when a proxy makes the request URL's origin differ from the public one.
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'same-origin' || fetchSite === 'none') return true;
  const allowed = new Set([new URL(request.url).origin, ...allowedOrigins.map(normaliseOrigin)]);
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== 'null' && allowed.has(normaliseOrigin(origin));
  if (fetchSite !== null) return false;
  const referer = request.headers.get('referer');
  if (referer !== null) return allowed.has(normaliseOrigin(referer));
  // No browser provenance at all: a server-side or command-line client, which forgery cannot use.
  return true;
}

function normaliseOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return `invalid:${value}`;
  }
}
