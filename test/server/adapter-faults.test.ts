/**
 * Every path through the adapters ends in a response or a closed connection, never a crash: a host
 * fallback that rejects, a `writeHead` that throws, a handler that rejects. The answer is a 500 with
 * a coded JSON body and the error is logged. Also the server's default logging: 5xx always reach
 * stderr, warnings only outside production.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import { expressMiddleware } from '../../src/server/adapters/express';
import { honoMiddleware } from '../../src/server/adapters/hono';
import { toNodeHandler } from '../../src/server/adapters/node';
import { PreferencesStorageError } from '../../src/server/errors';
import { createGridViewHandler, type GridViewHandler } from '../../src/server/handler';
import type { PreferencesStore } from '../../src/host/types';
import { headerSubject } from './helpers';

const servers: Server[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
/** Server-side responses of the test's servers, each settled when its 'close' event fired. */
const responsesClosed: Promise<unknown>[] = [];
/**
 * Resolves once every request the servers took is finished on the server side (its response
 * closed) and Node has had its turn to report a rejection dropped on the way: Node reports an
 * unhandled rejection right after the microtasks of the task that dropped it, so one more task
 * (`setImmediate`) after the last response closed is enough. For in-process calls (Hono's
 * `app.request`) there is no server and only that turn is waited for.
 */
async function settled(): Promise<void> {
  await Promise.all(responsesClosed);
  await new Promise((resolve) => setImmediate(resolve));
}
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  responsesClosed.length = 0;
  process.off('unhandledRejection', onUnhandled);
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    responsesClosed.push(once(res, 'close'));
    listener(req, res);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const INTERNAL = { status: 'error', code: 'internal_error', message: 'Internal server error.' };

function handler(): GridViewHandler {
  return createGridViewHandler({ store: new MemoryPrefs(), subject: headerSubject, onError: () => undefined });
}

/** Replaces `res.writeHead` so that its first call throws, as Node does for a header it refuses. */
function throwingWriteHead(res: ServerResponse): void {
  const original = res.writeHead.bind(res);
  let calls = 0;
  res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
    if (calls++ === 0) {
      res.setHeader('Content-Disposition', 'attachment; filename="half-written.xlsx"');
      throw Object.assign(new TypeError('Invalid character in header content ["x-reason"]'), { code: 'ERR_INVALID_CHAR' });
    }
    return original(...args);
  }) as ServerResponse['writeHead'];
}

describe('toNodeHandler under faults', () => {
  it('answers 500 with a coded JSON body and logs when the fallback rejects, and keeps serving', async () => {
    const onError = vi.fn();
    const base = await listen(toNodeHandler(handler(), { onError, fallback: async () => Promise.reject(new Error('fallback broke')) }));
    const res = await fetch(`${base}/not-ours`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(INTERNAL);
    expect(onError).toHaveBeenCalledOnce();
    expect((onError.mock.calls[0]?.[0] as Error).message).toBe('fallback broke');
    expect((await fetch(`${base}/grid/preferences/?grid_id=a`)).status).toBe(200);
    expect(unhandled).toEqual([]);
  });

  it('closes the connection when the fallback rejects after sending its headers', async () => {
    const onError = vi.fn();
    const base = await listen(
      toNodeHandler(handler(), {
        onError,
        fallback: async (_req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.write('partial');
          throw new Error('late failure');
        },
      }),
    );
    const outcome = await fetch(`${base}/not-ours`).then((res) => res.text()).then(
      (text) => ({ text }),
      (error: unknown) => ({ error: String(error) }),
    );
    expect(outcome).toHaveProperty('error');
    expect(onError).toHaveBeenCalledOnce();
    expect(unhandled).toEqual([]);
  });

  it('answers 500 with a coded JSON body, without the half-written headers, when writeHead throws', async () => {
    const onError = vi.fn();
    const listener = toNodeHandler(handler(), { onError });
    const base = await listen((req, res) => {
      throwingWriteHead(res);
      listener(req, res);
    });
    for (const path of ['/grid/preferences/?grid_id=a', '/grid/lazy/?block=x']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(await res.json()).toEqual(INTERNAL);
    }
    // The HEAD path writes no body and took another branch.
    const head = await fetch(`${base}/grid/preferences/?grid_id=a`, { method: 'HEAD' });
    expect(head.status).toBe(500);
    expect(onError).toHaveBeenCalledTimes(3);
    expect(unhandled).toEqual([]);
  });

  it('answers 500 with a coded JSON body when a hand-written handler rejects', async () => {
    const onError = vi.fn();
    const base = await listen(toNodeHandler(async () => Promise.reject(new Error('custom handler broke')), { onError }));
    const res = await fetch(`${base}/anything`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(INTERNAL);
    expect(onError).toHaveBeenCalledOnce();
    await settled();
    expect(unhandled).toEqual([]);
  });
});

describe('honoMiddleware under faults', () => {
  it('answers 500 with a coded JSON body and logs when the handler rejects', async () => {
    const onError = vi.fn();
    const app = new Hono();
    app.use('*', honoMiddleware(async () => Promise.reject(new Error('custom handler broke')), { onError }));
    app.get('/', (c) => c.text('never'));
    const res = await app.request('/grid/preferences/?grid_id=a');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(INTERNAL);
    expect(onError).toHaveBeenCalledOnce();
    await settled();
    expect(unhandled).toEqual([]);
  });
});

describe('expressMiddleware under faults', () => {
  it('answers 500 with a coded JSON body (not Express\'s HTML page) and logs when writeHead throws', async () => {
    const onError = vi.fn();
    const app = express();
    app.use((_req, res, next) => {
      throwingWriteHead(res);
      next();
    });
    app.use(expressMiddleware(handler(), { onError }));
    const base = await listen(app);
    const res = await fetch(`${base}/grid/preferences/?grid_id=a`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(INTERNAL);
    expect(onError).toHaveBeenCalledOnce();
    expect(unhandled).toEqual([]);
  });

  it('answers 500 with a coded JSON body when the handler rejects', async () => {
    const onError = vi.fn();
    const app = express();
    app.use(expressMiddleware(async () => Promise.reject(new Error('custom handler broke')), { onError }));
    const base = await listen(app);
    const res = await fetch(`${base}/x`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(INTERNAL);
    expect(onError).toHaveBeenCalledOnce();
    await settled();
    expect(unhandled).toEqual([]);
  });
});

describe('default logging', () => {
  const failing: PreferencesStore = {
    get: () => Promise.reject(new PreferencesStorageError('database down')),
    save: () => Promise.reject(new PreferencesStorageError('database down')),
  };

  it('logs every 500 to stderr even in production, since a 500 is a bug', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = createGridViewHandler({ lazyBlocks: { bad: () => { throw new Error('block bug'); } } });
    expect((await h(new Request('http://app.test/grid/lazy/?block=bad')))?.status).toBe(500);
    expect((await h(new Request('http://app.test/grid/lazy/?block=bad')))?.status).toBe(500);
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]?.[0])).toContain('GET /grid/lazy/ failed');
  });

  it('logs storage failures in every environment, one line per minute at most with the count', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    let now = 0;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = createGridViewHandler({ store: failing, subject: () => 'u', now: () => now });
    const read = () => h(new Request('http://app.test/grid/preferences/?grid_id=a'));
    for (let i = 0; i < 5; i++) expect((await read())?.status).toBe(503);
    expect(error).toHaveBeenCalledTimes(1);
    now = 61_000;
    await read();
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[1]?.[0])).toMatch(/4 more storage failures/);
  });

  it('sends warnings to console.warn outside production and nowhere in production', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const warnOnce = async () => {
      // A throttle that reaches its memory cap warns (once per throttle).
      const h = createGridViewHandler({ subject: headerSubject, lazyBlocks: { b: () => 'ok' }, lazyThrottle: { limit: 1, windowMs: 60_000, maxKeys: 2 } });
      for (const user of ['a', 'b', 'c']) await h(new Request('http://app.test/grid/lazy/?block=b', { headers: { 'X-Test-User': user } }));
    };
    vi.stubEnv('NODE_ENV', 'production');
    await warnOnce();
    expect(warn).not.toHaveBeenCalled();
    vi.stubEnv('NODE_ENV', 'development');
    await warnOnce();
    expect(warn).toHaveBeenCalledOnce();
    const sink = vi.fn();
    const h = createGridViewHandler({ subject: headerSubject, onWarn: sink, lazyBlocks: { b: () => 'ok' }, lazyThrottle: { limit: 1, windowMs: 60_000, maxKeys: 2 } });
    for (const user of ['a', 'b', 'c']) await h(new Request('http://app.test/grid/lazy/?block=b', { headers: { 'X-Test-User': user } }));
    expect(sink).toHaveBeenCalledOnce();
    expect(sink.mock.calls[0]?.[0]).toMatch(/throttle/);
  });
});
