/**
 * Node `http` adapter: turns `IncomingMessage`/`ServerResponse` into `Request`/`Response` and back,
 * streaming both bodies. The request body is read only if a route asks for it, so a `fallback` (or
 * the next Express middleware) still gets an untouched request for paths the handler does not own.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setClientAddress, setNodeRequest } from '../request-context';
import { INTERNAL_ERROR_MESSAGE, errorResponse } from '../errors';
import { defaultAdapterErrorLogger } from '../log';
import type { GridViewHandler } from '../handler';

/** A body `new Request()` accepts (BodyInit without relying on DOM types). */
type WebBody = NonNullable<ConstructorParameters<typeof Request>[1]>['body'];

/** Options of `toNodeHandler`. */
export interface NodeHandlerOptions {
  /**
   * Called for requests the handler does not own. Default: 404 with a JSON error body. It receives
   * the untouched Node request (its body has not been read). If it throws or rejects, the client gets
   * a 500 JSON answer (or, when the fallback already sent headers, a closed connection) and the
   * error goes to `onError`; the process never sees an unhandled rejection.
   */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  /**
   * Build the request URL from `X-Forwarded-Proto` / `X-Forwarded-Host` (first value). Only for
   * servers behind a proxy that sets them; a client could forge them otherwise. Default false.
   */
  trustProxy?: boolean;
  /**
   * Called with every error that made the adapter answer 500 or close the connection: a fallback
   * that failed, a handler that rejected, a response that could not be written (`writeHead`
   * refusing a header, a body stream failing), never for a client that went away. Default: one line
   * on stderr in every environment (a 500 must be seen). Must not throw; a throw is ignored.
   */
  onError?: (error: unknown, req?: IncomingMessage) => void;
}

/** A Node `http` request listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** What the adapters report failures to: the `onError` option, else stderr. */
export type AdapterErrorLogger = (error: unknown, req?: IncomingMessage) => void;

/**
 * Wraps a handler as a `node:http` request listener.
 *
 * - The client address (`req.socket.remoteAddress`) is recorded for the throttle, and the Node
 *   request itself for `getNodeRequest(request)`.
 * - A client that aborts while sending or receiving is not an error: nothing is logged, no 500.
 * - Every other failure (a handler that rejects, a fallback that throws, `writeHead` throwing, a body
 *   stream failing) ends in a 500 `{status: 'error', code: 'internal_error', message}` answer when
 *   no headers were sent yet, else in a closed connection; it is logged through `onError`. The
 *   listener never throws and never leaves a rejected promise behind.
 *
 * @example
 * http.createServer(toNodeHandler(createGridViewHandler({ store }))).listen(3000);
 */
export function toNodeHandler(handler: GridViewHandler, options: NodeHandlerOptions = {}): NodeRequestListener {
  const log = adapterLogger(options.onError);
  return (req, res) => {
    serve(handler, req, res, options, log).catch((error: unknown) => failRequest(error, req, res, log));
  };
}

/** The adapter's logger: the given one made safe, else stderr. */
export function adapterLogger(onError: AdapterErrorLogger | undefined): AdapterErrorLogger {
  return (error, req) => {
    try {
      if (onError) onError(error, req);
      else defaultAdapterErrorLogger(error, req ? `${req.method ?? 'GET'} ${pathOf(req)}` : undefined);
    } catch {
      // A logger that throws must not turn a handled failure into a crash.
    }
  };
}

async function serve(handler: GridViewHandler, req: IncomingMessage, res: ServerResponse, options: NodeHandlerOptions, log: AdapterErrorLogger): Promise<void> {
  let request: Request;
  try {
    request = toWebRequest(req, { trustProxy: options.trustProxy ?? false });
  } catch {
    // Methods fetch refuses (TRACE, TRACK) and similar: not ours to answer, and never a 500.
    if (options.fallback) return runFallback(options.fallback, req, res, log);
    return writeNodeResponse(errorResponse(400, 'bad_request', 'Bad request.'), req, res, log);
  }
  let response: Response | undefined;
  try {
    response = await handler(request);
  } catch (error) {
    log(error, req);
    response = errorResponse(500, 'internal_error', INTERNAL_ERROR_MESSAGE);
  }
  if (response === undefined) {
    if (options.fallback) return runFallback(options.fallback, req, res, log);
    response = errorResponse(404, 'not_found', 'Not found.');
  }
  await writeNodeResponse(response, req, res, log);
}

async function runFallback(
  fallback: NonNullable<NodeHandlerOptions['fallback']>,
  req: IncomingMessage,
  res: ServerResponse,
  log: AdapterErrorLogger,
): Promise<void> {
  try {
    await fallback(req, res);
  } catch (error) {
    failRequest(error, req, res, log);
  }
}

/**
 * The last resort of every adapter path: logs the error (unless the client is gone) and answers 500
 * with the coded JSON body, or closes the connection when headers already left. Never throws.
 */
export function failRequest(error: unknown, req: IncomingMessage, res: ServerResponse, log: AdapterErrorLogger): void {
  const gone = res.destroyed || (req.destroyed && !req.complete);
  if (!gone) log(error, req);
  if (gone || res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    // Headers a failed writeHead or a fallback set before failing (a file name, a length) must not
    // travel with the error answer.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const body = JSON.stringify({ status: 'error', code: 'internal_error', message: INTERNAL_ERROR_MESSAGE });
    res.writeHead(500, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    res.end(body);
  } catch {
    res.destroy();
  }
}

function pathOf(req: IncomingMessage): string {
  const raw = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

/**
 * Builds a web `Request` from a Node request. The body is a lazy stream: nothing is read from the
 * socket until the handler reads the body, and reading is paused while the consumer is behind.
 */
export function toWebRequest(req: IncomingMessage, options: { trustProxy?: boolean; body?: WebBody } = {}): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.startsWith(':')) continue;
    try {
      headers.append(name, raw[i + 1] as string);
    } catch {
      // A header Node accepted but fetch refuses is dropped rather than failing the request.
    }
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const url = requestUrl(req, options.trustProxy ?? false);
  const controller = new AbortController();
  req.once('close', () => {
    if (!req.complete) controller.abort();
  });
  const hasBody = method !== 'GET' && method !== 'HEAD';
  let body: WebBody = hasBody ? lazyBody(req) : null;
  if (options.body !== undefined) {
    // A body already read by someone else (Express body parsers) is passed again; its length differs.
    body = hasBody ? options.body : null;
    headers.delete('content-length');
  }
  const request = new Request(url, {
    method,
    headers,
    body,
    signal: controller.signal,
    ...(body !== null ? { duplex: 'half' } : {}),
  } as ConstructorParameters<typeof Request>[1]);
  setClientAddress(request, req.socket?.remoteAddress);
  setNodeRequest(request, req);
  return request;
}

function requestUrl(req: IncomingMessage, trustProxy: boolean): string {
  const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  let protocol = encrypted ? 'https' : 'http';
  let host = req.headers.host ?? 'localhost';
  if (trustProxy) {
    const proto = first(req.headers['x-forwarded-proto']);
    if (proto === 'http' || proto === 'https') protocol = proto;
    host = first(req.headers['x-forwarded-host']) ?? host;
  }
  const raw = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  // Concatenated, never resolved: `new URL('//evil.example/x', base)` would make the path's first
  // segment the host and so the request's origin (which the CSRF check compares with `Origin`).
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  if (!/^[A-Za-z0-9.-]+(?::\d+)?$|^\[[0-9A-Fa-f:.]+\](?::\d+)?$/.test(host)) host = 'localhost';
  try {
    return new URL(`${protocol}://${host}${path}`).href;
  } catch {
    return new URL(`${protocol}://localhost/`).href;
  }
}

/**
 * The Node request as a web stream that only starts reading when someone reads it. The high-water
 * mark is 0 on purpose: any other value makes the stream pull (and so attach to the socket) as soon
 * as it is created, and a fallback for a path the handler does not own could lose the body.
 */
function lazyBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (started) {
        req.resume();
        return;
      }
      started = true;
      req.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        try {
          controller.close();
        } catch {
          // Already cancelled.
        }
      });
      req.once('error', (error) => {
        try {
          controller.error(error);
        } catch {
          // Already cancelled.
        }
      });
      req.once('close', () => {
        if (!req.complete) {
          try {
            controller.error(new Error('The client closed the connection.'));
          } catch {
            // Already closed or cancelled.
          }
        }
      });
    },
    cancel() {
      // The handler stopped reading (body too large): discard the rest instead of buffering it; the
      // response carries `Connection: close`, so the connection ends after it.
      req.removeAllListeners('data');
      req.resume();
    },
  }, { highWaterMark: 0 });
}

/**
 * Writes a web `Response` to a Node response, streaming the body with back-pressure. A client that
 * went away ends the copy quietly. Any other failure (a header `writeHead` refuses, a body stream
 * that errors) is logged through `onError` and answered with a 500 JSON body when no headers left
 * yet, else by closing the connection. Never rejects.
 */
export async function writeNodeResponse(response: Response, req: IncomingMessage, res: ServerResponse, onError?: AdapterErrorLogger): Promise<void> {
  const log = adapterLogger(onError);
  if (res.headersSent || res.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (response.body === null || req.method === 'HEAD') {
    await response.body?.cancel().catch(() => undefined);
    try {
      res.writeHead(response.status, headers);
      res.end();
    } catch (error) {
      failRequest(error, req, res, log);
    }
    return;
  }
  const reader = response.body.getReader();
  const gone = (): boolean => res.destroyed || res.writableEnded;
  try {
    const first = await reader.read();
    const second = first.done ? first : await reader.read();
    if (second.done) {
      // The whole body arrived at once (JSON, HTML fragments, export files): one write with a
      // Content-Length instead of chunked encoding, so headers and body leave in one packet.
      const body = first.value ?? new Uint8Array(0);
      if (!('content-length' in headers) && !('transfer-encoding' in headers)) headers['content-length'] = String(body.byteLength);
      res.writeHead(response.status, headers);
      res.end(body);
      return;
    }
    res.writeHead(response.status, headers);
    for (const chunk of [first.value, second.value]) {
      if (chunk !== undefined && !gone() && !res.write(chunk)) await drained(res);
    }
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone()) break;
      if (!res.write(value)) await drained(res);
    }
    if (!gone()) res.end();
  } catch (error) {
    if (gone()) return;
    failRequest(error, req, res, log);
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Resolves when the response can take more data, or when the client went away. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const finish = (): void => {
      res.off('drain', finish);
      res.off('close', finish);
      resolve();
    };
    res.on('drain', finish);
    res.on('close', finish);
  });
}
