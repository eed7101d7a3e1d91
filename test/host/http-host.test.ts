import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios, { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchClient } from '../../src/browser/fetch-client';
import { HostError, HttpHost, MemoryPrefs } from '../../src/host/index';
import type { HttpHostOptions } from '../../src/host/index';
import { toHostError } from '../../src/host/http-host';
import type { GridPrefsPatch, GridViewSpec } from '../../src/core/types';

const patch: GridPrefsPatch = {
  colPresets: { wide: { columns: [{ colId: 'name', width: 300 }, { colId: 'total', sort: 'asc', sortIndex: 0 }] } },
  searches: ['north', 'acme'],
};

/**
 * A real server speaking the preferences route protocol: the caller is the `sid` cookie (absent:
 * anonymous, answered with local_only and nothing stored); `/fail/` answers 503 with Retry-After;
 * `/slow/` never answers in time; `/html/` answers 502 with an HTML page; `/bad/` answers 200 with a
 * body that is not the protocol's.
 */
function startServer(): Promise<{ server: Server; base: string; store: MemoryPrefs; requests: { method: string; url: string; body: unknown; cookie?: string }[] }> {
  const store = new MemoryPrefs({ now: () => new Date('2024-06-01T12:00:00Z') });
  const requests: { method: string; url: string; body: unknown; cookie?: string }[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const body: unknown = raw ? JSON.parse(raw) : null;
    requests.push({ method: req.method ?? '', url: url.pathname + url.search, body, cookie: req.headers.cookie });
    // A server slower than the client's timeout is the behaviour under test (`timeoutMs: 100`), not a wait.
    if (url.pathname === '/slow/') return void setTimeout(() => send(res, 200, {}), 2000);
    if (url.pathname === '/fail/') return send(res, 503, { status: 'error', message: 'Database unavailable' }, { 'retry-after': '7' });
    if (url.pathname === '/html/') {
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
      return void res.end('<html>bad gateway</html>');
    }
    if (url.pathname === '/bad/') return send(res, 200, { status: 'ok', grid_id: 'orders', colPresets: 'nope', searches: [] });
    const subject = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null;
    if (req.method === 'GET') {
      const gridId = url.searchParams.get('grid_id') ?? '';
      if (!subject) return send(res, 200, { status: 'ok', local_only: true, grid_id: gridId, colPresets: {}, searches: [], updated_at: null });
      const prefs = await store.get(subject, gridId);
      return send(res, 200, { status: 'ok', grid_id: gridId, colPresets: prefs.colPresets, searches: prefs.searches, updated_at: prefs.updatedAt });
    }
    const { grid_id: gridId, ...rest } = body as { grid_id: string } & GridPrefsPatch;
    if (typeof gridId !== 'string') return send(res, 400, { status: 'error', message: 'grid_id is required.' });
    if (!subject) return send(res, 200, { status: 'ok', local_only: true, grid_id: gridId, colPresets: rest.colPresets ?? {}, searches: rest.searches ?? [], updated_at: null });
    const saved = await store.save(subject, gridId, rest);
    return send(res, 200, { status: 'ok', grid_id: gridId, colPresets: saved.colPresets, searches: saved.searches, updated_at: saved.updatedAt });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { status: 'error', message: String(error) }));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}`, store, requests });
    });
  });
}

/**
 * HttpHost's two clients: axios, which it loads itself without an `axios` option, and the browser
 * bundle's client over fetch, which the bundle puts in axios' place (src/browser/axios-fetch.ts).
 */
const CLIENTS = [
  { name: 'axios', client: () => undefined },
  { name: 'the fetch client', client: createFetchClient },
];

describe.each(CLIENTS)('HttpHost over $name against a real local server', ({ name, client }) => {
  let ctx: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    ctx = await startServer();
  });
  afterAll(async () => {
    ctx.server.closeAllConnections();
    await new Promise((resolve) => ctx.server.close(resolve));
  });

  const newHost = (options: HttpHostOptions = {}) => new HttpHost({ axios: client(), ...options });
  const signedIn = () => newHost({ baseUrl: ctx.base, headers: () => ({ Cookie: 'sid=u1' }), timeoutMs: 500 });

  it('POSTs {grid_id, colPresets, searches} and reads the same preferences back with GET', async () => {
    const host = signedIn();
    const saved = await host.saveGridPrefs(null, 'orders', patch);
    expect(saved).toEqual({ localOnly: false, prefs: { ...patch, updatedAt: '2024-06-01T12:00:00.000Z' } });
    const post = ctx.requests.at(-1);
    expect(post).toMatchObject({ method: 'POST', url: '/grid/preferences/', body: { grid_id: 'orders', ...patch }, cookie: 'sid=u1' });
    await expect(host.getGridPrefs(null, 'orders')).resolves.toEqual(saved.prefs);
    expect(ctx.requests.at(-1)).toMatchObject({ method: 'GET', url: '/grid/preferences/?grid_id=orders' });
  });

  it('reads instead of POSTing an empty patch, which the server would refuse as nothing to save', async () => {
    const host = signedIn();
    await host.saveGridPrefs(null, 'empty-patch', patch);
    const posts = ctx.requests.filter((request) => request.method === 'POST').length;
    const result = await host.saveGridPrefs(null, 'empty-patch', {});
    expect(ctx.requests.filter((request) => request.method === 'POST').length).toBe(posts);
    expect(ctx.requests.at(-1)).toMatchObject({ method: 'GET', url: '/grid/preferences/?grid_id=empty-patch' });
    expect(result).toEqual({ localOnly: false, prefs: { ...patch, updatedAt: '2024-06-01T12:00:00.000Z' } });
  });

  it('scopes reads to the caller given by its cookie', async () => {
    const other = newHost({ baseUrl: ctx.base, headers: { Cookie: 'sid=u2' } });
    await expect(other.loadGridPrefs(null, 'orders')).resolves.toEqual({ localOnly: false, prefs: { colPresets: {}, searches: [], updatedAt: null } });
  });

  it('reports local_only for an anonymous caller and the server stores nothing', async () => {
    const before = ctx.store.size;
    const host = newHost({ baseUrl: ctx.base });
    const result = await host.saveGridPrefs(null, 'anon-grid', patch);
    expect(result).toEqual({ localOnly: true, reason: 'anonymous', prefs: { ...patch, updatedAt: null } });
    expect(ctx.store.size).toBe(before);
    await expect(host.loadGridPrefs(null, 'anon-grid')).resolves.toMatchObject({ localOnly: true, reason: 'anonymous' });
  });

  it('sends nothing at all when preferencesUrl is empty or null, and says the save is local', async () => {
    for (const preferencesUrl of ['', null]) {
      const count = ctx.requests.length;
      const host = newHost({ baseUrl: ctx.base, preferencesUrl });
      expect(host.savesToServer).toBe(false);
      await expect(host.saveGridPrefs(null, 'orders', patch)).resolves.toEqual({ localOnly: true, reason: 'disabled', prefs: { ...patch, updatedAt: null } });
      await expect(host.loadGridPrefs(null, 'orders')).resolves.toMatchObject({ localOnly: true, reason: 'disabled' });
      expect(ctx.requests.length).toBe(count);
    }
  });

  it('maps a 503 with a JSON error body to a retryable http error with the server message and Retry-After', async () => {
    const host = newHost({ preferencesUrl: `${ctx.base}/fail/` });
    const error = await host.saveGridPrefs(null, 'orders', patch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostError);
    expect(error).toMatchObject({ code: 'http', status: 503, message: 'Database unavailable', retryAfterMs: 7000, retryable: true });
  });

  it('maps a 502 HTML page to an http error with the status text', async () => {
    const host = newHost({ preferencesUrl: `${ctx.base}/html/` });
    await expect(host.getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'http', status: 502, message: 'HTTP 502 Bad Gateway' });
  });

  // transformRequest is axios' own; the fetch client's 4xx answers: test/host/fetch-client.test.ts.
  it.runIf(name === 'axios')('maps a 400 to a non-retryable http error', async () => {
    const host = new HttpHost({ baseUrl: ctx.base, axios: axios.create({ transformRequest: [() => JSON.stringify({})] }) });
    await expect(host.saveGridPrefs(null, 'orders', patch)).rejects.toMatchObject({ code: 'http', status: 400, message: 'grid_id is required.', retryable: false });
  });

  it('times out with a timeout error', async () => {
    const host = newHost({ preferencesUrl: `${ctx.base}/slow/`, timeoutMs: 100 });
    await expect(host.getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'timeout', retryable: true });
  });

  it('maps a refused connection to a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const host = newHost({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    await expect(host.getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'network', retryable: true });
  });

  it('refuses a 200 body that is not the protocol as invalid_response', async () => {
    const host = newHost({ preferencesUrl: `${ctx.base}/bad/` });
    await expect(host.getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'invalid_response', retryable: false });
  });
});

/** An axios instance whose adapter answers from a script, so every branch runs without a socket. */
function fakeAxios(answer: (config: InternalAxiosRequestConfig) => Promise<{ status: number; data: unknown; headers?: Record<string, string> }>) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status, data, headers = {} } = await answer(config);
    const response = { status, statusText: '', data, headers: new AxiosHeaders(headers), config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  return { instance: axios.create({ adapter }), calls };
}

const ok = (gridId: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  data: { status: 'ok', grid_id: gridId, colPresets: patch.colPresets, searches: patch.searches, updated_at: '2024-01-01T00:00:00.000Z', ...extra },
});

describe('HttpHost with a fake axios adapter', () => {
  it('sends JSON with credentials, the timeout and extra headers', async () => {
    const fake = fakeAxios(async () => ok('orders'));
    const host = new HttpHost({ axios: fake.instance, baseUrl: '/api', timeoutMs: 1234, headers: { 'X-CSRF-Token': 't0k' } });
    const result = await host.saveGridPrefs(null, 'orders', patch);
    expect(result).toEqual({ localOnly: false, prefs: { ...patch, updatedAt: '2024-01-01T00:00:00.000Z' } });
    const call = fake.calls[0]!;
    expect(call.url).toBe('/api/grid/preferences/');
    expect(call.method).toBe('post');
    expect(call.timeout).toBe(1234);
    expect(call.withCredentials).toBe(true);
    expect(call.headers.get('X-CSRF-Token')).toBe('t0k');
    expect(JSON.parse(String(call.data))).toEqual({ grid_id: 'orders', ...patch });
  });

  it('reports local_only answers as local', async () => {
    const fake = fakeAxios(async () => ok('orders', { local_only: true, updated_at: null }));
    const host = new HttpHost({ axios: fake.instance });
    await expect(host.saveGridPrefs(null, 'orders', patch)).resolves.toMatchObject({ localOnly: true, reason: 'anonymous', prefs: { updatedAt: null } });
  });

  it('maps an adapter timeout to a timeout error', async () => {
    const fake = fakeAxios(async (config) => {
      throw new AxiosError('timeout of 10ms exceeded', AxiosError.ETIMEDOUT, config);
    });
    await expect(new HttpHost({ axios: fake.instance }).getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('maps a request without an answer to a network error', async () => {
    const fake = fakeAxios(async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    });
    await expect(new HttpHost({ axios: fake.instance }).getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'network', message: 'Network Error' });
  });

  it('maps a failure status to an http error with the server message', async () => {
    const fake = fakeAxios(async () => ({ status: 429, data: { status: 'error', message: 'Slow down' }, headers: { 'retry-after': '2' } }));
    await expect(new HttpHost({ axios: fake.instance }).saveGridPrefs(null, 'orders', patch)).rejects.toMatchObject({
      code: 'http',
      status: 429,
      message: 'Slow down',
      retryAfterMs: 2000,
      retryable: true,
    });
  });

  it('refuses an answer for another grid', async () => {
    const fake = fakeAxios(async () => ok('invoices'));
    await expect(new HttpHost({ axios: fake.instance }).getGridPrefs(null, 'orders')).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('refuses an invalid patch or grid id before sending anything', async () => {
    const fake = fakeAxios(async () => ok('orders'));
    const host = new HttpHost({ axios: fake.instance });
    await expect(host.saveGridPrefs(null, 'orders', { searches: [1] } as unknown as GridPrefsPatch)).rejects.toMatchObject({ code: 'invalid_prefs' });
    await expect(host.saveGridPrefs(null, 'Orders!', patch)).rejects.toMatchObject({ code: 'invalid_prefs' });
    await expect(host.getGridPrefs(null, 'x'.repeat(101))).rejects.toMatchObject({ code: 'invalid_prefs' });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a save for a subject other than the known one', async () => {
    const fake = fakeAxios(async () => ok('orders'));
    const host = new HttpHost({ axios: fake.instance, subjectId: 'u1' });
    expect(host.currentSubjectId()).toBe('u1');
    await expect(host.saveGridPrefs('u2', 'orders', patch)).rejects.toMatchObject({ code: 'subject_mismatch' });
    await expect(host.saveGridPrefs('u1', 'orders', patch)).resolves.toMatchObject({ localOnly: false });
    expect(fake.calls).toHaveLength(1);
  });

  it('reads the filter state from the given query getter', () => {
    let search = '?q=a';
    const host = new HttpHost({ search: () => search });
    const spec = { columns: [{ key: 'name', sortable: true, searchable: true }], searchMode: 'global' } as unknown as GridViewSpec;
    expect(host.filterStateFromRequest(spec).search).toBe('a');
    search = '?sort=name&dir=desc';
    expect(host.filterStateFromRequest(spec)).toEqual({ search: '', sort: { key: 'name', direction: 'desc' }, filters: {} });
    expect(new HttpHost().filterStateFromRequest(spec)).toEqual({ search: '', sort: null, filters: {} });
  });

  it('resolves routes under the base URL', () => {
    const host = new HttpHost({ baseUrl: 'https://example.test/app/', routes: { lazy: '/fragments/' } });
    expect(host.urlFor('export_xlsx', { builder: 'sales report' })).toBe('https://example.test/app/grid/export/xlsx/?builder=sales%20report');
    expect(host.urlFor('lazy', { block: 'k/1' })).toBe('/fragments/?block=k%2F1');
  });

  it('turns foreign errors into network errors and keeps HostErrors', () => {
    expect(toHostError(new Error('boom'))).toMatchObject({ code: 'network', message: 'boom' });
    const known = new HostError('invalid_prefs', 'x');
    expect(toHostError(known)).toBe(known);
  });
});
