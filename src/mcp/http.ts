/**
 * The MCP server over Streamable HTTP as a web-standard handler, `(Request) => Promise<Response |
 * undefined>`: the same shape as `createGridViewHandler`, so `toNodeHandler`, `honoMiddleware` and
 * `expressMiddleware` mount it, beside the grid routes or alone.
 *
 * Stateless: every request gets a new server from one shared toolkit (the SDK's
 * `createMcpHandler`), so there are no sessions to keep, lose or share between processes; the
 * 2026-07-28 protocol and the 2025 one (stateless fallback) are both served. What the SDK refuses
 * it answers with a JSON-RPC error body and a 4xx status: a POST whose `Accept` lacks
 * `application/json` or `text/event-stream` (406), a body that is not JSON (415 for another
 * content type, 400 for bad JSON or a message that is not JSON-RPC), a body over the limit (413),
 * GET and DELETE (405: no sessions, no server-sent stream). In front of it this module checks the
 * `Origin` header (403), which the MCP specification requires against DNS rebinding, and, when
 * configured, the `Host` header (403).
 *
 * @module
 */
import { createToolkit } from './options';
import type { GridViewMcpOptions } from './options';
import { newGridViewServer } from './server';
import { loadMcpSdk } from './sdk';

/** Options of `createMcpHandler`: the server's options and where and from whom it answers. */
export interface GridViewMcpHandlerOptions extends GridViewMcpOptions {
  /**
   * The path it answers, with or without a trailing slash (default `/mcp`); other paths resolve
   * `undefined`, so it composes with the grid handler. `null` answers every path (mount it under a
   * prefix of your router).
   */
  path?: string | null;
  /**
   * Host names (no scheme, no port) whose pages may call the endpoint from a browser. A request
   * with an `Origin` of another host is refused with 403; a request without `Origin` (every MCP
   * client outside a browser) passes. Default: localhost, 127.0.0.1 and [::1] only. `['*']` turns
   * the check off (behind your own CORS and authentication).
   */
  allowedOrigins?: readonly string[];
  /**
   * Host names the `Host` header may name (no port). Default: any, since the handler is mounted in
   * an application whose public names it cannot know; set it (e.g. `['localhost', '127.0.0.1']`)
   * for a local-only server, as DNS-rebinding protection in depth.
   */
  allowedHosts?: readonly string[];
  /** Largest POST body in bytes; larger is refused with 413 before it is parsed. Default 4 MiB. */
  maxRequestBodySize?: number;
}

/** The handler `createMcpHandler` resolves with: the grid handler's shape, plus `close()`. */
export interface GridViewMcpHandler {
  (request: Request): Promise<Response | undefined>;
  /** Ends in-flight exchanges and closes the query runner made for `database`; idempotent. */
  close(): Promise<void>;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

function pathMatches(request: Request, path: string | null): boolean {
  if (path === null) return true;
  const wanted = path.replace(/\/+$/, '');
  const actual = new URL(request.url).pathname.replace(/\/+$/, '');
  return actual === wanted;
}

/**
 * Creates the MCP endpoint of the grid views over Streamable HTTP (stateless; see the module
 * documentation for what it refuses and with which status). Every request is served by a fresh
 * `createGridViewMcpServer`-like server sharing one toolkit, so a `database` runner is made once.
 *
 * Edge cases: a request for another path resolves `undefined` (the adapters then answer 404 or
 * call their fallback); a client error is never a 500; an unexpected failure of the SDK is a 500
 * JSON-RPC error and goes to `onError`.
 *
 * @throws MissingPackageError (a rejection) when `@modelcontextprotocol/server` is not installed;
 * TypeError or RangeError for invalid options.
 * @example
 * const mcp = await createMcpHandler({ database: { sqlite: 'data/sales.sqlite' } });
 * const grid = createGridViewHandler({ store });
 * http.createServer(toNodeHandler(async (request) => (await mcp(request)) ?? grid(request))).listen(3000);
 */
export async function createMcpHandler(options: GridViewMcpHandlerOptions = {}): Promise<GridViewMcpHandler> {
  const sdk = await loadMcpSdk();
  const toolkit = createToolkit(options);
  const path = options.path === undefined ? '/mcp' : options.path;
  const origins = options.allowedOrigins === undefined ? LOCAL_HOSTS : [...options.allowedOrigins];
  const hosts = options.allowedHosts === undefined ? null : [...options.allowedHosts];
  const report = (error: Error): void => toolkit.report(error);
  const inner = sdk.createMcpHandler(() => newGridViewServer(sdk, toolkit), {
    ...(options.maxRequestBodySize === undefined ? {} : { maxRequestBodySize: options.maxRequestBodySize }),
    // The SDK reports here every request it refused with a 4xx: the caller's mistakes, already
    // answered, not defects for `onError` (which would print each one on stderr).
    onerror: () => undefined,
  });
  const handler = async (request: Request): Promise<Response | undefined> => {
    if (!pathMatches(request, path)) return undefined;
    const refused = (hosts === null ? undefined : sdk.hostHeaderValidationResponse(request, hosts)) ?? (origins.includes('*') ? undefined : sdk.originValidationResponse(request, origins));
    if (refused) return refused;
    try {
      return await inner.fetch(request);
    } catch (error) {
      report(error instanceof Error ? error : new Error(String(error)));
      return Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error.' }, id: null }, { status: 500 });
    }
  };
  let closing: Promise<void> | undefined;
  return Object.assign(handler, {
    close: () => (closing ??= Promise.all([inner.close(), toolkit.close()]).then(() => undefined)),
  });
}
