/**
 * Express adapter (Express 4 and 5). Express requests are Node requests, so this reuses the Node
 * adapter's conversion and writes the handler's response, or calls `next()` for other paths.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GridViewHandler } from '../handler';
import { toWebRequest, writeNodeResponse } from './node';

/** The part of Express's request the middleware reads (structural, so Express stays optional). */
export type ExpressRequestLike = IncomingMessage & { originalUrl?: string; body?: unknown; _body?: boolean };

/** An Express middleware, structurally typed. */
export type ExpressMiddleware = (req: ExpressRequestLike, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Wraps a handler as Express middleware: answers the routes it owns (URLs from `req.originalUrl`, so
 * mounting under a path works with the handler's `baseUrl`), calls `next()` for every other path and
 * `next(error)` if writing fails unexpectedly.
 *
 * Mount it before body parsers. If `express.json()` already consumed the body, the parsed value is
 * serialised again so the routes still work (the size limit then applies to the re-serialised JSON).
 *
 * @example
 * app.use(expressMiddleware(createGridViewHandler({ store, subject: (req) => sessionUser(req) })));
 */
export function expressMiddleware(handler: GridViewHandler): ExpressMiddleware {
  return (req, res, next) => {
    void (async () => {
      let request: Request;
      try {
        const consumed = req._body === true || req.readableEnded;
        const body = consumed ? replayBody(req.body) : undefined;
        request = toWebRequest(req, body === undefined ? {} : { body });
      } catch {
        // A request fetch cannot represent (TRACE, TRACK) is not one of ours.
        next();
        return;
      }
      try {
        const response = await handler(request);
        if (response === undefined) {
          next();
          return;
        }
        await writeNodeResponse(response, req, res, (error) => next(error));
      } catch (error) {
        next(error);
      }
    })();
  };
}

function replayBody(parsed: unknown): string | Uint8Array<ArrayBuffer> | null {
  if (parsed === undefined || parsed === null) return null;
  if (typeof parsed === 'string') return parsed;
  if (parsed instanceof Uint8Array) return new Uint8Array(parsed);
  return JSON.stringify(parsed);
}
