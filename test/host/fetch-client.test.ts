/**
 * The browser bundle's HTTP client (src/browser/fetch-client.ts, axios' stand-in over `fetch`)
 * behind `HttpHost`, against the package's own server (`createGridViewHandler` on `node:http`):
 * every case runs over axios too, so the two clients give `HttpHost` the same answers and the same
 * `HostError`s.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFetchClient, FetchClientError } from '../../src/browser/fetch-client';
import axiosFetch from '../../src/browser/axios-fetch';
import type { GridPrefsPatch } from '../../src/core/types';
import { HostError, HttpHost, MemoryPrefs, type HttpHostOptions } from '../../src/host/index';
import { toNodeHandler } from '../../src/server/adapters/node';
import { PreferencesStorageError } from '../../src/server/errors';
import { createGridViewHandler } from '../../src/server/handler';

const patch: GridPrefsPatch = { colPresets: { wide: { columns: [{ colId: 'name', width: 300 }] } }, searches: ['north'] };

/** How long the store takes for the grid `slow`: far longer than the clients' timeout of 100 ms. */
const SLOW_MS = 1500;

/**
 * The package's handler over a store that fails for the grid `down` (503 with Retry-After) and
 * takes `SLOW_MS` for the grid `slow`; the caller is the `X-Test-User` header. Paths the handler
 * does not own stand for a proxy in front of it: `/proxy/html/` answers 502 with an HTML page,
 * `/proxy/text/` 200 with plain text, `/proxy/stall/` sends its headers and never its body.
 */
async function startServer(): Promise<{ server: Server; base: string; store: MemoryPrefs }> {
  const store = new MemoryPrefs({ now: () => new Date('2024-06-01T12:00:00Z') });
  const handler = createGridViewHandler({
    store: {
      get: async (subject, gridId) => {
        if (gridId === 'down') throw new PreferencesStorageError('down');
        if (gridId === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        return store.get(subject, gridId);
      },
      save: async (subject, gridId, prefs) => {
        if (gridId === 'down') throw new PreferencesStorageError('down');
        return store.save(subject, gridId, prefs);
      },
    },
    subject: (request) => request.headers.get('x-test-user'),
    storageRetryAfterSeconds: 7,
    onError: () => undefined,
  });
  const server = createServer(
    toNodeHandler(handler, {
      fallback: (req, res) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        if (path === '/proxy/html/') {
          res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
          res.end('<html><body>bad gateway</body></html>');
        } else if (path === '/proxy/text/') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('all good');
        } else if (path === '/proxy/stall/') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"status":');
        } else {
          res.writeHead(404).end();
        }
      },
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, store };
}

/** The clients under test: axios, as HttpHost loads it without an `axios` option, and the fetch client. */
const CLIENTS = [
  { name: 'axios', client: () => undefined },
  { name: 'the fetch client', client: () => createFetchClient() },
];

describe.each(CLIENTS)('HttpHost over $name against createGridViewHandler', ({ client }) => {
  let ctx: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    ctx = await startServer();
  });
  afterAll(async () => {
    ctx.server.closeAllConnections();
    await new Promise((resolve) => ctx.server.close(resolve));
  });

  const host = (options: HttpHostOptions = {}) => new HttpHost({ axios: client(), baseUrl: ctx.base, headers: { 'X-Test-User': 'u1' }, timeoutMs: 2000, ...options });

  it('saves preferences with POST, the server stores them for the caller, and GET reads the same back', async () => {
    const saved = await host().saveGridPrefs(null, 'orders', patch);
    expect(saved).toEqual({ localOnly: false, prefs: { ...patch, updatedAt: '2024-06-01T12:00:00.000Z' } });
    expect(await ctx.store.get('u1', 'orders')).toEqual(saved.prefs);
    await expect(host().loadGridPrefs(null, 'orders')).resolves.toEqual(saved);
    await expect(host({ headers: { 'X-Test-User': 'u2' } }).loadGridPrefs(null, 'orders')).resolves.toEqual({ localOnly: false, prefs: { colPresets: {}, searches: [], updatedAt: null } });
  });

  it('answers local-only, not an error, when route set B refuses a caller who is not signed in', async () => {
    const anonymous = host({ headers: {}, preferencesUrl: `${ctx.base}/api/grid-view/save/`, preferencesReadUrl: `${ctx.base}/grid/preferences/` });
    await expect(anonymous.saveGridPrefs(null, 'orders-b', patch)).resolves.toEqual({ localOnly: true, reason: 'anonymous', prefs: { ...patch, updatedAt: null } });
    // A signed-in caller saves through it.
    const saved = await host({ preferencesUrl: `${ctx.base}/api/grid-view/save/`, preferencesReadUrl: `${ctx.base}/grid/preferences/` }).saveGridPrefs(null, 'orders-b', patch);
    expect(saved).toMatchObject({ localOnly: false, prefs: patch });
  });

  it("turns a 4xx with the server's JSON error into a non-retryable http error with its message and serverCode", async () => {
    // A cookie caller's POST from a foreign origin: the handler's CSRF check answers 403.
    const error = await host({ headers: { 'X-Test-User': 'u1', Cookie: 's=1', Origin: 'https://evil.example' } })
      .saveGridPrefs(null, 'orders', patch)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostError);
    expect(error).toMatchObject({ code: 'http', status: 403, serverCode: 'csrf_refused', retryable: false, message: expect.stringMatching(/^Cross-site request refused/) });
  });

  it('turns a 503 with Retry-After into a retryable http error with retryAfterMs', async () => {
    await expect(host().loadGridPrefs(null, 'down')).rejects.toMatchObject({ code: 'http', status: 503, serverCode: 'storage_unavailable', retryAfterMs: 7000, retryable: true });
  });

  it("gives a proxy's HTML error page as the status and its text, without a parse error", async () => {
    const error = await host({ preferencesUrl: `${ctx.base}/proxy/html/` }).loadGridPrefs(null, 'orders').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'http', status: 502, message: 'HTTP 502 Bad Gateway', retryable: true });
    expect((error as HostError).serverCode).toBeUndefined();
  });

  it('refuses a 2xx body that is not JSON as invalid_response', async () => {
    await expect(host({ preferencesUrl: `${ctx.base}/proxy/text/` }).loadGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('gives up on a server slower than timeoutMs with a timeout error', async () => {
    const started = Date.now();
    await expect(host({ timeoutMs: 100 }).loadGridPrefs(null, 'slow')).rejects.toMatchObject({ code: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
  });

  it('maps a refused connection to a network error', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(host({ baseUrl: `http://127.0.0.1:${port}` }).loadGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'network', retryable: true });
  });
});

describe('the fetch client', () => {
  let ctx: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    ctx = await startServer();
  });
  afterAll(async () => {
    ctx.server.closeAllConnections();
    await new Promise((resolve) => ctx.server.close(resolve));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Replaces `fetch` with one that records its calls and answers the preferences of `orders`. */
  function recordFetch(): { url: string; init: RequestInit }[] {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ status: 'ok', grid_id: 'orders', colPresets: {}, searches: [], updated_at: null });
    });
    return calls;
  }

  it('sends HttpHost\'s JSON body, headers and query, with cookies cross-origin unless withCredentials is false', async () => {
    const calls = recordFetch();
    await new HttpHost({ axios: createFetchClient(), baseUrl: '/api', headers: { 'X-CSRF-Token': 't0k' } }).saveGridPrefs(null, 'orders', patch);
    await new HttpHost({ axios: createFetchClient(), baseUrl: '/api', withCredentials: false }).loadGridPrefs(null, 'orders');
    const [post, get] = calls;
    expect(post?.url).toBe('/api/grid/preferences/');
    expect(post?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(post?.init.body))).toEqual({ grid_id: 'orders', ...patch });
    const headers = new Headers(post?.init.headers);
    expect([headers.get('content-type'), headers.get('accept'), headers.get('x-csrf-token')]).toEqual(['application/json', 'application/json', 't0k']);
    expect(get?.url).toBe('/api/grid/preferences/?grid_id=orders');
    expect(get?.init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
  });

  it('appends params to a URL that already has a query, leaving out null and undefined', async () => {
    const calls = recordFetch();
    await createFetchClient().request({ url: '/prefs/?v=1', params: { grid_id: 'a b', skip: undefined, none: null, n: 2 } });
    expect(calls[0]?.url).toBe('/prefs/?v=1&grid_id=a+b&n=2');
  });

  it('rejects a non-2xx answer like axios: isAxiosError, ERR_BAD_REQUEST, the parsed body and lowercase headers', async () => {
    const error = await createFetchClient()
      .request({ method: 'POST', url: `${ctx.base}/grid/preferences/`, data: { grid_id: 'orders', searches: [] }, headers: { Cookie: 's=1', Origin: 'https://evil.example' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchClientError);
    expect(error).toMatchObject({ isAxiosError: true, code: 'ERR_BAD_REQUEST', message: 'Request failed with status code 403' });
    const response = (error as FetchClientError).response;
    expect(response).toMatchObject({ status: 403, statusText: 'Forbidden', data: { status: 'error', code: 'csrf_refused' } });
    expect(response?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('gives a 5xx the code ERR_BAD_RESPONSE and an HTML body as its text', async () => {
    const error = await createFetchClient().request({ url: `${ctx.base}/proxy/html/` }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERR_BAD_RESPONSE', response: { status: 502, data: '<html><body>bad gateway</body></html>' } });
  });

  it('counts reading the body in the timeout: a body that never ends times out with ETIMEDOUT', async () => {
    const error = await createFetchClient().request({ url: `${ctx.base}/proxy/stall/`, timeout: 100 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ isAxiosError: true, code: 'ETIMEDOUT', message: 'timeout of 100ms exceeded' });
    await expect(new HttpHost({ axios: createFetchClient(), preferencesUrl: `${ctx.base}/proxy/stall/`, timeoutMs: 100 }).loadGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('reports a request that could not be sent as ERR_NETWORK "Network Error", keeping the cause', async () => {
    const error = await createFetchClient().request({ url: 'http://[not a host/' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ isAxiosError: true, code: 'ERR_NETWORK', message: 'Network Error', response: undefined });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it("is what the bundle's axios stand-in creates", async () => {
    const calls = recordFetch();
    await new HttpHost({ axios: axiosFetch.create(), preferencesUrl: '/p/' }).loadGridPrefs(null, 'orders');
    expect(calls).toHaveLength(1);
  });
});
