/**
 * Express adapter (Express 4 and 5). Express requests are Node requests, so this reuses the Node
 * adapter's conversion and writing (with its failure handling), or calls `next()` for other paths.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GridViewHandler } from '../handler';
import { type WarningLogger, defaultWarningLogger, safeWarn } from '../log';
import { type AdapterErrorLogger, adapterLogger, failRequest, toWebRequest, writeNodeResponse } from './node';

/** The part of Express's request the middleware reads (structural, so Express stays optional). */
export type ExpressRequestLike = IncomingMessage & { originalUrl?: string; body?: unknown; _body?: boolean };

/** An Express middleware, structurally typed. */
export type ExpressMiddleware = (req: ExpressRequestLike, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Options of `expressMiddleware`. */
export interface ExpressMiddlewareOptions {
  /**
   * Called with every error that made the middleware answer 500 (a handler that rejected, a
   * response that could not be written). Default: one line on stderr in every environment.
   */
  onError?: AdapterErrorLogger;
  /**
   * Receives the middleware's warnings (mounted after a body parser). Default: `console.warn`
   * unless `NODE_ENV` is `production`.
   */
  onWarn?: WarningLogger;
}

/**
 * Wraps a handler as Express middleware: answers the routes it owns (URLs from `req.originalUrl`, so
 * mounting under a path works with the handler's `baseUrl`) and calls `next()` for every other path.
 *
 * A failure inside the middleware (a handler that rejects, `writeHead` refusing a header, a body
 * stream failing) is answered here with a 500 `{status: 'error', code: 'internal_error', message}`
 * (or a closed connection when headers already left) and logged through `onError`; it is not passed
 * to `next(error)`, so Express's HTML error page (with a stack trace in development) never answers a
 * JSON route.
 *
 * Mount it before body parsers. If `express.json()` already consumed the body, the parsed value is
 * serialised again so the routes still work (the size limit then applies to the re-serialised JSON,
 * and a key written twice can no longer be detected); the middleware warns once through `onWarn`.
 *
 * @example
 * app.use(expressMiddleware(createGridViewHandler({ store, subject: (req) => sessionUser(req) })));
 */
export function expressMiddleware(handler: GridViewHandler, options: ExpressMiddlewareOptions = {}): ExpressMiddleware {
  const log = adapterLogger(options.onError);
  const warn = options.onWarn ?? defaultWarningLogger;
  let warnedParsed = false;
  return (req, res, next) => {
    void (async () => {
      let request: Request;
      try {
        const consumed = req._body === true || req.readableEnded;
        const body = consumed ? replayBody(req.body) : undefined;
        request = toWebRequest(req, body === undefined ? {} : { body });
        if (consumed && !warnedParsed && body !== null && body !== undefined) {
          warnedParsed = true;
          safeWarn(warn, 'expressMiddleware runs after a body parser: bodies are re-serialised, so a key written twice cannot be refused. Mount it before express.json().');
        }
      } catch {
        // A request fetch cannot represent (TRACE, TRACK) is not one of ours.
        next();
        return;
      }
      let response: Response | undefined;
      try {
        response = await handler(request);
      } catch (error) {
        failRequest(error, req, res, log);
        return;
      }
      if (response === undefined) {
        next();
        return;
      }
      await writeNodeResponse(response, req, res, log);
    })().catch((error: unknown) => failRequest(error, req, res, log));
  };
}

function replayBody(parsed: unknown): string | Uint8Array<ArrayBuffer> | null {
  if (parsed === undefined || parsed === null) return null;
  if (typeof parsed === 'string') return parsed;
  if (parsed instanceof Uint8Array) return new Uint8Array(parsed);
  return JSON.stringify(parsed);
}
