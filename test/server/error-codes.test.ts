/**
 * Every error answer carries a stable `code` from ONE catalog (`SERVER_ERROR_CODES`): the code each
 * refusal gets, the generic codes of a host's own `HttpError`, the adapters' own answers, the
 * client's `HostError.serverCode`, and docs/server.md listing exactly the catalog.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpHost, MemoryPrefs, isHostError } from '../../src/host/index';
import { SERVER_ERROR_CODES, serverErrorCodeFor } from '../../src/host/errors';
import { toNodeHandler } from '../../src/server/adapters/node';
import { HttpError, PreferencesStorageError, errorToResponse } from '../../src/server/errors';
import { ExportRegistry } from '../../src/server/exports/registry';
import { createGridViewHandler } from '../../src/server/handler';
import { as, expectError, get, headerSubject, postJson, postRaw } from './helpers';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

function handler() {
  const exports = new ExportRegistry();
  exports.register('xlsx', 'orders', () => ({ columns: [{ key: 'a', label: 'A' }], rows: [] }));
  return createGridViewHandler({
    store: new MemoryPrefs(),
    subject: headerSubject,
    exports,
    lazyBlocks: { hello: () => '<p>hi</p>' },
    throttle: { limit: 1, windowMs: 60_000 },
    authorize: ({ request }) => request.headers.get('x-deny') === null,
    onError: () => undefined,
  });
}

describe('error codes of the handler', () => {
  const h = handler();
  const cases: [string, () => Promise<Response | undefined>, number, string][] = [
    ['an empty body', () => h(postRaw('/grid/preferences/', '', { 'Content-Type': 'application/json' })), 400, 'invalid_body'],
    ['malformed JSON', () => h(postRaw('/grid/preferences/', '{', { 'Content-Type': 'application/json' })), 400, 'invalid_body'],
    ['a body that is not an object', () => h(postJson('/grid/preferences/', [1])), 400, 'invalid_body'],
    ['a malformed Content-Length', () => h(postRaw('/grid/preferences/', '{}', { 'Content-Type': 'application/json', 'Content-Length': 'x' })), 400, 'invalid_body'],
    ['a key written twice', () => h(postJson('/grid/preferences/', '{"grid_id":"a","grid_id":"b"}')), 400, 'duplicate_key'],
    ['an unknown field', () => h(postJson('/grid/preferences/', { grid_id: 'a', colpresets: {} })), 400, 'unknown_field'],
    ['nothing to save', () => h(postJson('/grid/preferences/', { grid_id: 'a' })), 400, 'nothing_to_save'],
    ['a bad grid_id', () => h(get('/grid/preferences/?grid_id=Bad')), 400, 'invalid_grid_id'],
    ['a missing grid_id', () => h(get('/grid/preferences/')), 400, 'invalid_grid_id'],
    ['query and body grid_id differing', () => h(postJson('/grid/preferences/?grid_id=b', { grid_id: 'a', searches: [] })), 400, 'invalid_grid_id'],
    ['presets of the wrong shape', () => h(postJson('/grid/preferences/', { grid_id: 'a', colPresets: [] })), 400, 'invalid_prefs'],
    ['a subject_id of the wrong type', () => h(postJson('/grid/preferences/', { grid_id: 'a', searches: [], subject_id: true }, as('u'))), 400, 'invalid_subject'],
    ['a repeated query parameter', () => h(get('/grid/preferences/?grid_id=a&grid_id=a')), 400, 'invalid_query'],
    ['a missing builder', () => h(get('/grid/export/xlsx/')), 400, 'invalid_query'],
    ['a bad dir', () => h(get('/grid/export/xlsx/?builder=orders&dir=up')), 400, 'invalid_query'],
    ['set B without a login', () => h(postJson('/api/grid-view/save/', { grid_id: 'a', searches: [] })), 401, 'login_required'],
    ['a cross-site cookie POST', () => h(postJson('/grid/preferences/', { grid_id: 'a', searches: [] }, { Cookie: 's=1', Origin: 'https://evil.example' })), 403, 'csrf_refused'],
    ['someone else\'s subject_id', () => h(postJson('/grid/preferences/', { grid_id: 'a', searches: [], subject_id: 'bob' }, as('alice'))), 403, 'subject_mismatch'],
    ['authorize saying no', () => h(get('/grid/export/xlsx/?builder=orders', { 'X-Deny': '1' })), 403, 'forbidden'],
    ['no PDF builder registered', () => h(get('/grid/export/pdf/?builder=orders')), 404, 'not_found'],
    ['an unknown builder', () => h(get('/grid/export/xlsx/?builder=nope')), 404, 'unknown_builder'],
    ['an unknown lazy block', () => h(get('/grid/lazy/?block=nope')), 404, 'unknown_block'],
    ['a wrong method', () => h(new Request('http://app.test/grid/export/xlsx/', { method: 'DELETE' })), 405, 'method_not_allowed'],
    ['a body over the cap', () => h(postJson('/grid/preferences/', { grid_id: 'a', searches: ['x'.repeat(70_000)] })), 413, 'body_too_large'],
    ['a form post', () => h(postRaw('/grid/preferences/', 'a=1', { 'Content-Type': 'application/x-www-form-urlencoded' })), 415, 'unsupported_media_type'],
  ];

  it.each(cases)('answers %s with its code', async (_what, send, status, code) => {
    await expectError(await send(), status, undefined, code);
  });

  it('answers the throttle with rate_limited and keeps Retry-After', async () => {
    const fresh = handler();
    await fresh(get('/grid/lazy/?block=hello'));
    expect((await fresh(get('/grid/export/xlsx/?builder=orders')))?.status).toBe(200);
    const { headers } = await expectError(await fresh(get('/grid/export/xlsx/?builder=orders')), 429, /Too many exports/, 'rate_limited');
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers a storage failure with storage_unavailable and a bug with internal_error', async () => {
    const request = new Request('http://app.test/grid/preferences/');
    const storage = errorToResponse(new PreferencesStorageError('db down'), request, () => undefined);
    expect(await storage.json()).toEqual({ status: 'error', code: 'storage_unavailable', message: 'Preferences storage is unavailable; nothing was saved. Try again later.' });
    const bug = errorToResponse(new TypeError('x is undefined'), request, () => undefined);
    expect(await bug.json()).toEqual({ status: 'error', code: 'internal_error', message: 'Internal server error.' });
  });
});

describe('storageRetryAfterSeconds', () => {
  const failing = { get: () => Promise.reject(new PreferencesStorageError('down')), save: () => Promise.reject(new PreferencesStorageError('down')) };

  it('sets the Retry-After of storage failures (default 5)', async () => {
    const read = (h: ReturnType<typeof createGridViewHandler>) => h(get('/grid/preferences/?grid_id=a', as('u')));
    const byDefault = await expectError(await read(createGridViewHandler({ store: failing, subject: headerSubject, onError: () => undefined })), 503, undefined, 'storage_unavailable');
    expect(byDefault.headers.get('retry-after')).toBe('5');
    const quick = await expectError(await read(createGridViewHandler({ store: failing, subject: headerSubject, onError: () => undefined, storageRetryAfterSeconds: 1 })), 503);
    expect(quick.headers.get('retry-after')).toBe('1');
  });

  it('refuses values that are not whole seconds from 0 to 3600', () => {
    for (const bad of [-1, 1.5, 3_601, Number.NaN]) expect(() => createGridViewHandler({ storageRetryAfterSeconds: bad })).toThrow(TypeError);
  });
});

describe("a host's own HttpError", () => {
  it('gets the generic code of its status unless it names one of the catalog', async () => {
    const request = new Request('http://app.test/grid/lazy/');
    const code = async (error: HttpError) => ((await errorToResponse(error, request, () => undefined).json()) as { code: string }).code;
    expect(await code(new HttpError(401, 'Log in to export.'))).toBe('unauthorized');
    expect(await code(new HttpError(403, 'No.'))).toBe('forbidden');
    expect(await code(new HttpError(404, 'Gone.'))).toBe('not_found');
    expect(await code(new HttpError(409, 'Conflict.'))).toBe('client_error');
    expect(await code(new HttpError(503, 'Maintenance.'))).toBe('service_unavailable');
    // 501's generic code is not the export's own: a host's "not implemented" is not a missing package.
    expect(await code(new HttpError(501, 'Not here.'))).toBe('not_implemented');
    expect(await code(new HttpError(501, 'No PDF.', {}, 'export_unavailable'))).toBe('export_unavailable');
    expect(await code(new HttpError(502, 'Upstream.'))).toBe('server_error');
    expect(await code(new HttpError(429, 'Slow down.', {}, 'rate_limited'))).toBe('rate_limited');
    // A code that belongs to another status would lie about the answer: the status wins.
    expect(await code(new HttpError(404, 'Gone.', {}, 'rate_limited'))).toBe('not_found');
  });

  it('maps every status to a catalog code of that status', () => {
    for (let status = 400; status <= 599; status++) {
      const code = serverErrorCodeFor(status);
      const expected = SERVER_ERROR_CODES[code];
      expect(expected === null ? (status < 500 ? 'client_error' : 'server_error') : expected).toBe(expected === null ? code : status);
    }
  });
});

describe('the Node adapter', () => {
  it('answers its own 404 and 400 with codes', async () => {
    const server = createServer(toNodeHandler(handler()));
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/elsewhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found.' });
  });
});

describe('HttpHost', () => {
  it('exposes the code of an error answer as serverCode', async () => {
    const server = createServer(toNodeHandler(handler()));
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const host = new HttpHost({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers: { 'X-Test-User': 'u' } });
    const error = await host.saveGridPrefs(null, 'orders', { searches: ['x'.repeat(501)] }).catch((e: unknown) => e);
    // Refused by the client before sending (same rule, same code name on both sides).
    expect(isHostError(error) && error.code).toBe('invalid_prefs');
    const forbidden = await new HttpHost({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers: { 'X-Test-User': 'alice', Cookie: 's=1', Origin: 'https://evil.example' } })
      .saveGridPrefs(null, 'orders', { searches: ['a'] })
      .catch((e: unknown) => e);
    expect(isHostError(forbidden) && { code: forbidden.code, status: forbidden.status, serverCode: forbidden.serverCode, info: forbidden.toJSON().serverCode }).toEqual({
      code: 'http',
      status: 403,
      serverCode: 'csrf_refused',
      info: 'csrf_refused',
    });
  });
});

describe('docs/server.md', () => {
  it('lists exactly the codes of the catalog, each with its status', () => {
    const doc = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8');
    const section = doc.split('### Error codes')[1]?.split('\n## ')[0]?.split('\n### ')[0] ?? '';
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], (m[2] ?? '').trim()]);
    const expected = Object.entries(SERVER_ERROR_CODES).map(([code, status]) => [code, status === null ? (code === 'client_error' ? 'other 4xx' : 'other 5xx') : String(status)]);
    expect(rows).toEqual(expected);
  });
});
