/**
 * Hono adapter. Hono is built on web `Request`/`Response`, so the handler runs on `c.req.raw` as it is.
 *
 * @module
 */
import { setClientAddress, setFrameworkContext } from '../request-context';
import { INTERNAL_ERROR_MESSAGE, errorResponse } from '../errors';
import type { GridViewHandler } from '../handler';
import { defaultAdapterErrorLogger } from '../log';

/** The part of Hono's `Context` the middleware uses (kept structural so Hono stays optional). */
export interface HonoContextLike {
  req: { raw: Request };
  env?: unknown;
}

/** A Hono middleware (`MiddlewareHandler`), structurally typed. */
export type HonoMiddleware = (c: HonoContextLike, next: () => Promise<void>) => Promise<Response | void>;

/** Options of `honoMiddleware`. */
export interface HonoMiddlewareOptions {
  /**
   * Called with every error that made the middleware answer 500 (a handler that rejected). Default:
   * one line on stderr in every environment.
   */
  onError?: (error: unknown, request: Request) => void;
}

/**
 * Wraps a handler as Hono middleware: answers the routes it owns, calls `next()` for every other
 * path. Mount it before middleware that reads the body (`c.req.json()` consumes the raw request).
 * On `@hono/node-server` the client address is taken from `c.env.incoming` for the throttle; the
 * context `c` is recorded for `getFrameworkContext(request)` (e.g. `c.get('user')` in `subject`).
 *
 * A handler that rejects (`createGridViewHandler`'s never does; a hand-written wrapper might) is
 * answered with a 500 `{status: 'error', code: 'internal_error', message}` and logged through
 * `onError`, instead of Hono's plain-text error page. Errors thrown further down the chain
 * (`next()`) are your application's and reach Hono's `onError` as usual.
 *
 * @example
 * const app = new Hono();
 * app.use('*', honoMiddleware(createGridViewHandler({ store })));
 */
export function honoMiddleware(handler: GridViewHandler, options: HonoMiddlewareOptions = {}): HonoMiddleware {
  return async (c, next) => {
    const request = c.req.raw;
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    setClientAddress(request, incoming?.socket?.remoteAddress);
    setFrameworkContext(request, c);
    let response: Response | undefined;
    try {
      response = await handler(request);
    } catch (error) {
      try {
        if (options.onError) options.onError(error, request);
        else defaultAdapterErrorLogger(error, `${request.method} ${new URL(request.url).pathname}`);
      } catch {
        // A logger that throws must not replace the answer.
      }
      return errorResponse(500, 'internal_error', INTERNAL_ERROR_MESSAGE);
    }
    if (response) return response;
    await next();
  };
}
