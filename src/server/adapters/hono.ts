/**
 * Hono adapter. Hono is built on web `Request`/`Response`, so the handler runs on `c.req.raw` as it is.
 *
 * @module
 */
import { setClientAddress, setFrameworkContext } from '../request-context';
import type { GridViewHandler } from '../handler';

/** The part of Hono's `Context` the middleware uses (kept structural so Hono stays optional). */
export interface HonoContextLike {
  req: { raw: Request };
  env?: unknown;
}

/** A Hono middleware (`MiddlewareHandler`), structurally typed. */
export type HonoMiddleware = (c: HonoContextLike, next: () => Promise<void>) => Promise<Response | void>;

/**
 * Wraps a handler as Hono middleware: answers the routes it owns, calls `next()` for every other
 * path. Mount it before middleware that reads the body (`c.req.json()` consumes the raw request).
 * On `@hono/node-server` the client address is taken from `c.env.incoming` for the throttle; the
 * context `c` is recorded for `getFrameworkContext(request)` (e.g. `c.get('user')` in `subject`).
 *
 * @example
 * const app = new Hono();
 * app.use('*', honoMiddleware(createGridViewHandler({ store })));
 */
export function honoMiddleware(handler: GridViewHandler): HonoMiddleware {
  return async (c, next) => {
    const request = c.req.raw;
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    setClientAddress(request, incoming?.socket?.remoteAddress);
    setFrameworkContext(request, c);
    const response = await handler(request);
    if (response) return response;
    await next();
  };
}
