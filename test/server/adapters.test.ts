/**
 * The adapters with real servers on 127.0.0.1:0: Node `http`, Hono on @hono/node-server, Express.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import { expressMiddleware } from '../../src/server/adapters/express';
import { honoMiddleware } from '../../src/server/adapters/hono';
import { toNodeHandler } from '../../src/server/adapters/node';
import { getClientAddress, getFrameworkContext, getNodeRequest } from '../../src/server/request-context';
import { ExportRegistry } from '../../src/server/exports/registry';
import { createGridViewHandler, type GridViewHandlerOptions } from '../../src/server/handler';
import { headerSubject } from './helpers';
import { readXlsx } from './export-readers';

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Status of a request sent with node:http exactly as given (fetch would normalise method and path). */
async function rawStatus(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function handlerWith(options: GridViewHandlerOptions = {}) {
  const store = new MemoryPrefs();
  const onError = vi.fn();
  return { store, onError, handler: createGridViewHandler({ store, subject: headerSubject, onError, ...options }) };
}

const save = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Test-User': 'alice', ...headers }, body: JSON.stringify(body) });

describe('toNodeHandler (node:http)', () => {
  it('serves saves and reads end to end', async () => {
    const { handler, store } = handlerWith();
    const base = await listen(createServer(toNodeHandler(handler)));
    const res = await save(base, { grid_id: 'orders', searches: ['north'] });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toMatchObject({ status: 'ok', grid_id: 'orders', searches: ['north'] });
    expect((await store.get('alice', 'orders')).searches).toEqual(['north']);
    const read = await fetch(`${base}/grid/preferences/?grid_id=orders`, { headers: { 'X-Test-User': 'alice' } });
    expect(await read.json()).toMatchObject({ searches: ['north'] });
  });

  it('answers 404 JSON for other paths by default and hands them to the fallback untouched', async () => {
    const { handler } = handlerWith();
    const plain = await listen(createServer(toNodeHandler(handler)));
    const notFound = await fetch(`${plain}/elsewhere`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found.' });

    const withFallback = await listen(
      createServer(
        toNodeHandler(handler, {
          fallback: async (req, res) => {
            const chunks: Buffer[] = [];
            for await (const chunk of req) chunks.push(chunk as Buffer);
            res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`fallback got ${Buffer.concat(chunks).toString()}`);
          },
        }),
      ),
    );
    const res = await fetch(`${withFallback}/other`, { method: 'POST', body: 'the body' });
    expect(await res.text()).toBe('fallback got the body');
  });

  it('answers 413 for a body over 64 KiB and keeps serving', async () => {
    const { handler, onError } = handlerWith();
    const base = await listen(createServer(toNodeHandler(handler)));
    const big = JSON.stringify({ grid_id: 'a', searches: ['x'.repeat(70_000)] });
    const res = await fetch(`${base}/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 'error' });
    expect((await save(base, { grid_id: 'a', searches: [] })).status).toBe(200);
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers 413 for a chunked body that grows past the cap', async () => {
    const { handler } = handlerWith();
    const base = await listen(createServer(toNodeHandler(handler)));
    const chunk = new TextEncoder().encode(' '.repeat(16_384));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 8) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${base}/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('answers a client that aborts mid-body with a 400 it never receives, and logs nothing', async () => {
    const { handler, onError } = handlerWith();
    const adapterError = vi.fn();
    // The handler's answer to the aborted request: the moment its onError would have been called.
    let answered: (response: Response | undefined) => void = () => undefined;
    const answer = new Promise<Response | undefined>((resolve) => (answered = resolve));
    const server = createServer(
      toNodeHandler(
        async (request) => {
          const response = await handler(request);
          answered(response);
          return response;
        },
        { onError: adapterError },
      ),
    );
    // The adapter reads the body lazily; the abort must come while the handler is reading it.
    const reading = new Promise<void>((resolve) => {
      server.once('request', (req: IncomingMessage) => req.on('newListener', (event) => event === 'data' && resolve()));
    });
    const base = await listen(server);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST /grid/preferences/ HTTP/1.1\r\nHost: x\r\nX-Test-User: alice\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"grid_id":');
    await reading;
    socket.destroy();
    expect((await answer)?.status).toBe(400);
    expect(onError).not.toHaveBeenCalled();
    // A whole request served after it: the aborted one's response handling, which has no I/O left
    // to wait for, finished before this one's.
    expect((await save(base, { grid_id: 'a', searches: [] })).status).toBe(200);
    expect(adapterError).not.toHaveBeenCalled();
  });

  it('ends the body of a client that left before the handler started reading it, instead of waiting forever', async () => {
    // The handler reads the body only after the client is gone (a slow authorisation, a busy
    // store): the read must fail at once rather than hang on a stream that never ends.
    let gone: () => void = () => undefined;
    const clientGone = new Promise<void>((resolve) => (gone = resolve));
    let settled: (outcome: string) => void = () => undefined;
    const outcome = new Promise<string>((resolve) => (settled = resolve));
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const server = createServer(
      toNodeHandler(async (request) => {
        const node = getNodeRequest(request);
        node?.once('close', () => gone());
        started();
        await clientGone;
        try {
          await request.text();
          settled('read');
        } catch {
          settled('failed');
        }
        return new Response(null, { status: 400 });
      }),
    );
    const base = await listen(server);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST /grid/preferences/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"grid_id":');
    // The client leaves once the handler runs (it then waits for the client to be gone).
    await handlerStarted;
    socket.destroy();
    expect(await outcome).toBe('failed');
  });

  it('streams an export download with its headers and records the client address', async () => {
    const registry = new ExportRegistry();
    let address: string | null = null;
    registry.register('xlsx', 'orders', ({ request }) => {
      address = getClientAddress(request);
      return { title: 'Замовлення', columns: [{ key: 'n', label: 'N', format: 'number' }], rows: Array.from({ length: 2_000 }, (_, n) => ({ n })) };
    });
    const { handler } = handlerWith({ exports: registry });
    const base = await listen(createServer(toNodeHandler(handler)));
    const res = await fetch(`${base}/grid/export/xlsx/?builder=orders`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%D0%97%D0%B0%D0%BC%D0%BE%D0%B2%D0%BB%D0%B5%D0%BD%D0%BD%D1%8F.xlsx");
    const sheet = readXlsx(new Uint8Array(await res.arrayBuffer())).Sheets['Замовлення'];
    expect(sheet?.A2001).toMatchObject({ t: 'n', v: 1999 });
    expect(address).toBe('127.0.0.1');
  });

  it('throttles anonymous callers per client address', async () => {
    const registry = new ExportRegistry();
    registry.register('pdf', 't', () => ({ columns: [{ key: 'a', label: 'A' }], rows: [] }));
    const { handler } = handlerWith({ exports: registry, throttle: { limit: 1, windowMs: 60_000 } });
    const base = await listen(createServer(toNodeHandler(handler)));
    expect((await fetch(`${base}/grid/export/pdf/?builder=t`)).status).toBe(200);
    const second = await fetch(`${base}/grid/export/pdf/?builder=t`);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('refuses a cross-site cookie POST over a real socket', async () => {
    const { handler } = handlerWith();
    const base = await listen(createServer(toNodeHandler(handler)));
    const res = await save(base, { grid_id: 'a', searches: [] }, { Cookie: 'sid=1', Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const same = await save(base, { grid_id: 'a', searches: [] }, { Cookie: 'sid=1', Origin: base });
    expect(same.status).toBe(200);
  });

  it('answers a TRACE request with 400, not 500', async () => {
    const { handler, onError } = handlerWith();
    const base = await listen(createServer(toNodeHandler(handler)));
    const status = await rawStatus(base, 'TRACE', '/grid/preferences/');
    expect(status).toBe(400);
    expect(onError).not.toHaveBeenCalled();
  });

  it('never lets a protocol-relative path choose the request origin (no CSRF bypass)', async () => {
    const { handler, store } = handlerWith();
    const base = await listen(createServer(toNodeHandler(handler)));
    const status = await rawStatus(base, 'POST', '//evil.example/grid/preferences/', {
      'Content-Type': 'application/json',
      Cookie: 'sid=1',
      Origin: 'http://evil.example',
      'X-Test-User': 'alice',
    }, JSON.stringify({ grid_id: 'a', searches: ['pwned'] }));
    expect(status).toBe(404);
    expect(store.size).toBe(0);
  });

  it('builds the URL from X-Forwarded-* only when trustProxy is set', async () => {
    const seen: string[] = [];
    const { handler } = handlerWith({ lazyBlocks: { u: ({ request }) => { seen.push(request.url); return 'ok'; } } });
    const trusting = await listen(createServer(toNodeHandler(handler, { trustProxy: true })));
    const plain = await listen(createServer(toNodeHandler(handler)));
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'public.example' };
    await fetch(`${trusting}/grid/lazy/?block=u`, { headers });
    await fetch(`${plain}/grid/lazy/?block=u`, { headers });
    expect(seen[0]).toBe('https://public.example/grid/lazy/?block=u');
    expect(seen[1]).toBe(`${plain}/grid/lazy/?block=u`);
  });
});

describe('honoMiddleware', () => {
  it('answers owned routes and passes other paths to the next handler', async () => {
    const { handler, store } = handlerWith({ baseUrl: '/api' });
    const app = new Hono();
    app.use('*', honoMiddleware(handler));
    app.get('/hello', (c) => c.text('hello from hono'));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await once(server, 'listening');
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/api/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Test-User': 'h' }, body: JSON.stringify({ grid_id: 'g', searches: ['via hono'] }) });
    expect(res.status).toBe(200);
    expect((await store.get('h', 'g')).searches).toEqual(['via hono']);
    expect(await (await fetch(`${base}/hello`)).text()).toBe('hello from hono');
    const wrong = await fetch(`${base}/api/grid/export/pdf/`, { method: 'POST' });
    expect(wrong.status).toBe(405);
  });

  it('lets subject read Hono context variables through getFrameworkContext', async () => {
    const store = new MemoryPrefs();
    type Ctx = { get: (key: string) => unknown };
    const handler = createGridViewHandler({ store, subject: (request) => (getFrameworkContext<Ctx>(request)?.get('user') as string | undefined) ?? null });
    const app = new Hono<{ Variables: { user: string } }>();
    app.use('*', async (c, next) => {
      c.set('user', 'hono-user');
      await next();
    });
    app.use('*', honoMiddleware(handler));
    const res = await app.request('/grid/preferences/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ grid_id: 'g', searches: ['h'] }) });
    expect(res.status).toBe(200);
    expect((await store.get('hono-user', 'g')).searches).toEqual(['h']);
  });

  it('works with app.request and no socket', async () => {
    const { handler } = handlerWith();
    const app = new Hono();
    app.use('*', honoMiddleware(handler));
    const res = await app.request('/grid/preferences/?grid_id=g');
    expect(await res.json()).toMatchObject({ status: 'ok', local_only: true });
  });
});

describe('expressMiddleware', () => {
  it('lets subject read the Express request (a framework session) through getNodeRequest', async () => {
    const store = new MemoryPrefs();
    type SessionReq = { session?: { userId?: string } };
    const handler = createGridViewHandler({ store, subject: (request) => (getNodeRequest(request) as SessionReq | undefined)?.session?.userId ?? null });
    const app = express();
    app.use((req, _res, next) => {
      (req as SessionReq).session = { userId: 'from-session' };
      next();
    });
    app.use(expressMiddleware(handler));
    const base = await listen(createServer(app));
    const res = await fetch(`${base}/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ grid_id: 'g', searches: ['s'] }) });
    expect(await res.json()).not.toHaveProperty('local_only');
    expect((await store.get('from-session', 'g')).searches).toEqual(['s']);
  });

  it('answers owned routes and calls next() for other paths', async () => {
    const { handler, store } = handlerWith();
    const app = express();
    app.use(expressMiddleware(handler));
    app.get('/hello', (_req, res) => {
      res.send('hello from express');
    });
    const base = await listen(createServer(app));
    expect((await save(base, { grid_id: 'g', searches: ['via express'] })).status).toBe(200);
    expect((await store.get('alice', 'g')).searches).toEqual(['via express']);
    expect(await (await fetch(`${base}/hello`)).text()).toBe('hello from express');
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });

  it('uses the full URL when mounted under a path', async () => {
    const { handler } = handlerWith({ baseUrl: '/grid-api' });
    const app = express();
    app.use('/grid-api', expressMiddleware(handler));
    const base = await listen(createServer(app));
    const res = await fetch(`${base}/grid-api/grid/preferences/?grid_id=g`);
    expect(await res.json()).toMatchObject({ status: 'ok', grid_id: 'g' });
  });

  it('still works after express.json() consumed the body, and warns once that duplicate keys go unnoticed', async () => {
    const { handler, store } = handlerWith();
    const onWarn = vi.fn();
    const app = express();
    app.use(express.json());
    app.use(expressMiddleware(handler, { onWarn }));
    const base = await listen(createServer(app));
    expect((await save(base, { grid_id: 'g', searches: ['parsed first'] })).status).toBe(200);
    expect((await save(base, { grid_id: 'g', searches: ['parsed again'] })).status).toBe(200);
    expect((await store.get('alice', 'g')).searches).toEqual(['parsed again']);
    expect(onWarn).toHaveBeenCalledOnce();
    expect(onWarn.mock.calls[0]?.[0]).toMatch(/before express\.json\(\)/);
  });

  it('answers 413 and 415 through Express like the bare handler', async () => {
    const { handler } = handlerWith();
    const app = express();
    app.use(expressMiddleware(handler));
    const base = await listen(createServer(app));
    const big = await fetch(`${base}/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    const form = await fetch(`${base}/grid/preferences/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
  });
});

describe('lazy request body', () => {
  it('leaves the body of a request the handler does not own unread, even when the fallback reads late', async () => {
    const { handler } = handlerWith();
    const base = await listen(
      createServer(
        toNodeHandler(handler, {
          fallback: async (req, res) => {
            // The delay is the behaviour under test: a fallback that starts reading only after a
            // while (the rest of the body arrives meanwhile, with nobody reading it) still gets all of it.
            await new Promise((resolve) => setTimeout(resolve, 50));
            const chunks: Buffer[] = [];
            for await (const chunk of req) chunks.push(chunk as Buffer);
            res.end(`late fallback got ${Buffer.concat(chunks).length} bytes`);
          },
        }),
      ),
    );
    const res = await fetch(`${base}/other`, { method: 'POST', body: 'x'.repeat(200_000) });
    expect(await res.text()).toBe('late fallback got 200000 bytes');
  });
});
