import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import type { PreferencesStore } from '../../src/host/types';
import { createGridViewHandler, type GridViewHandlerOptions } from '../../src/server/handler';
import { PreferencesStorageError } from '../../src/server/errors';
import { as, expectError, get, headerSubject, jsonOf, ORIGIN, postJson, postRaw } from './helpers';

const PREFS = '/grid/preferences/';
const SAVE = '/api/grid-view/save/';
const presets = { Compact: { columns: [{ colId: 'name', width: 120 }, { colId: 'total', hide: true }] } };

function setup(options: GridViewHandlerOptions = {}) {
  const store = new MemoryPrefs();
  const onError = vi.fn();
  const handler = createGridViewHandler({ store, subject: headerSubject, onError, ...options });
  return { store, handler, onError };
}

describe('route ownership', () => {
  it('returns undefined for paths it does not own', async () => {
    const { handler } = setup({ baseUrl: '/app' });
    for (const path of ['/', '/grid/preferences/', '/app', '/app/', '/app/grid/other/', '/application/grid/preferences/', '/app/grid/preferences/x']) {
      expect(await handler(get(path)), path).toBeUndefined();
    }
  });

  it('answers under the base URL with or without the trailing slash', async () => {
    const { handler } = setup({ baseUrl: '/app/' });
    for (const path of ['/app/grid/preferences/?grid_id=a', '/app/grid/preferences?grid_id=a']) {
      const { status } = await jsonOf(await handler(get(path)));
      expect(status).toBe(200);
    }
  });

  it('refuses a baseUrl that is not a path', () => {
    expect(() => createGridViewHandler({ baseUrl: 'app' })).toThrow(TypeError);
  });

  it.each([
    ['PUT', PREFS, 'GET, HEAD, POST'],
    ['DELETE', PREFS, 'GET, HEAD, POST'],
    ['GET', SAVE, 'POST'],
    ['OPTIONS', SAVE, 'POST'],
    ['POST', '/grid/export/pdf/', 'GET'],
    ['PATCH', '/grid/export/xlsx/', 'GET'],
    ['POST', '/grid/lazy/', 'GET'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const { handler } = setup();
    const res = await expectError(await handler(new Request(`${ORIGIN}${path}`, { method })), 405, new RegExp(method));
    expect(res.headers.get('allow')).toBe(allow);
  });
});

describe('GET preferences', () => {
  it('answers an anonymous caller with local_only and empty preferences', async () => {
    const { handler } = setup();
    const { status, body, response } = await jsonOf(await handler(get(`${PREFS}?grid_id=orders`)));
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', local_only: true, grid_id: 'orders', colPresets: {}, searches: [], updated_at: null });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("returns the caller's stored preferences and nobody else's", async () => {
    const { handler, store } = setup();
    await store.save('alice', 'orders', { colPresets: presets, searches: ['north'] });
    const alice = await jsonOf(await handler(get(`${PREFS}?grid_id=orders`, as('alice'))));
    expect(alice.body).toMatchObject({ status: 'ok', grid_id: 'orders', colPresets: presets, searches: ['north'] });
    expect(alice.body).not.toHaveProperty('local_only');
    expect(typeof alice.body.updated_at).toBe('string');
    const bob = await jsonOf(await handler(get(`${PREFS}?grid_id=orders`, as('bob'))));
    expect(bob.body).toEqual({ status: 'ok', grid_id: 'orders', colPresets: {}, searches: [], updated_at: null });
  });

  it.each([
    ['missing', ''],
    ['empty', '?grid_id='],
    ['off-pattern', '?grid_id=Orders'],
    ['too long', `?grid_id=a${'b'.repeat(100)}`],
  ])('answers 400 for a %s grid_id', async (_name, query) => {
    const { handler } = setup();
    await expectError(await handler(get(`${PREFS}${query}`, as('alice'))), 400, /grid_id/);
  });

  it('answers HEAD with the GET status and headers but no body', async () => {
    const { handler } = setup();
    const res = (await handler(new Request(`${ORIGIN}${PREFS}?grid_id=a`, { method: 'HEAD' }))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe('');
  });
});

describe('POST preferences (route set A)', () => {
  it('echoes an anonymous save with local_only and stores nothing', async () => {
    const { handler, store } = setup();
    const { status, body } = await jsonOf(await handler(postJson(PREFS, { grid_id: 'orders', colPresets: presets, searches: ['x'] })));
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', local_only: true, grid_id: 'orders', colPresets: presets, searches: ['x'], updated_at: null });
    expect(store.size).toBe(0);
  });

  it('saves for an authenticated caller and answers with what is stored', async () => {
    const { handler, store } = setup();
    const { status, body } = await jsonOf(await handler(postJson(PREFS, { grid_id: 'orders', colPresets: presets, searches: ['x'] }, as('alice'))));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', grid_id: 'orders', colPresets: presets, searches: ['x'] });
    expect(Date.parse(body.updated_at as string)).not.toBeNaN();
    expect(await store.get('alice', 'orders')).toMatchObject({ colPresets: presets, searches: ['x'] });
  });

  it('keeps stored fields that a save leaves out', async () => {
    const { handler, store } = setup();
    await handler(postJson(PREFS, { grid_id: 'orders', colPresets: presets, searches: ['x'] }, as('alice')));
    const onlySearches = await jsonOf(await handler(postJson(PREFS, { grid_id: 'orders', searches: ['y'] }, as('alice'))));
    expect(onlySearches.body).toMatchObject({ colPresets: presets, searches: ['y'] });
    const onlyPresets = await jsonOf(await handler(postJson(PREFS, { grid_id: 'orders', colPresets: {} }, as('alice'))));
    expect(onlyPresets.body).toMatchObject({ colPresets: {}, searches: ['y'] });
    expect(await store.get('alice', 'orders')).toMatchObject({ colPresets: {}, searches: ['y'] });
  });

  it('never lets two users see or overwrite each other', async () => {
    const { handler } = setup();
    await handler(postJson(PREFS, { grid_id: 'orders', searches: ['alice-secret'] }, as('alice')));
    await handler(postJson(PREFS, { grid_id: 'orders', searches: ['bob-secret'] }, as('bob')));
    const alice = await jsonOf(await handler(get(`${PREFS}?grid_id=orders`, as('alice'))));
    const bob = await jsonOf(await handler(get(`${PREFS}?grid_id=orders`, as('bob'))));
    expect(alice.body.searches).toEqual(['alice-secret']);
    expect(bob.body.searches).toEqual(['bob-secret']);
  });

  it('accepts a subject_id equal to the caller (string or number) or null', async () => {
    const { handler } = setup();
    for (const subject_id of ['42', 42, null]) {
      const { status } = await jsonOf(await handler(postJson(PREFS, { grid_id: 'a', searches: [], subject_id }, as('42'))));
      expect(status).toBe(200);
    }
  });

  it('refuses a subject_id that differs from the caller with 403 and stores nothing', async () => {
    const { handler, store } = setup();
    await expectError(await handler(postJson(PREFS, { grid_id: 'a', searches: ['x'], subject_id: 'bob' }, as('alice'))), 403, /authenticated user/);
    await expectError(await handler(postJson(PREFS, { grid_id: 'a', searches: ['x'], subject_id: 'bob' })), 403);
    expect(store.size).toBe(0);
  });

  it('answers 400 for a subject_id of the wrong type', async () => {
    const { handler } = setup();
    await expectError(await handler(postJson(PREFS, { grid_id: 'a', subject_id: { id: 1 } }, as('alice'))), 400, /subject_id/);
  });
});

describe('POST save (route set B)', () => {
  it('refuses an anonymous caller with 401', async () => {
    const { handler, store } = setup();
    await expectError(await handler(postJson(SAVE, { grid_id: 'a', searches: ['x'] })), 401, /Log in/);
    expect(store.size).toBe(0);
  });

  it('saves for an authenticated caller and answers status ok', async () => {
    const { handler, store } = setup();
    const { status, body } = await jsonOf(await handler(postJson(SAVE, { grid_id: 'grid-1', colPresets: presets, searches: [] }, as('u1'))));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', grid_id: 'grid-1', colPresets: presets, searches: [] });
    expect((await store.get('u1', 'grid-1')).colPresets).toEqual(presets);
  });

  it('answers validation failures with 400 and the error shape', async () => {
    const { handler } = setup();
    await expectError(await handler(postJson(SAVE, { grid_id: 'BAD', searches: [] }, as('u1'))), 400, /grid_id/);
    await expectError(await handler(postJson(SAVE, { grid_id: 'a', searches: 'x' }, as('u1'))), 400, /searches/);
    await expectError(await handler(postJson(SAVE, { grid_id: 'a', colPresets: { p: { columns: [{ colId: 'a', bad: 1 }] } } }, as('u1'))), 400, /unknown key/);
    await expectError(await handler(postJson(SAVE, { grid_id: 'a', searches: [], subject_id: 'u2' }, as('u1'))), 403);
  });
});

describe('no field is dropped silently', () => {
  const routes = [
    ['route set A', PREFS],
    ['route set B', SAVE],
  ] as const;

  it.each(routes)('refuses misspelt fields with 400 naming them and the accepted ones, storing nothing (%s)', async (_set, path) => {
    const { handler, store } = setup();
    const body = { grid_id: 'g', colpresets: presets, Searches: ['x'] };
    const res = await expectError(await handler(postJson(path, body, as('alice'))), 400);
    expect(res.body.message).toBe(
      'Unknown fields "colpresets" (did you mean "colPresets"?), "Searches" (did you mean "searches"?) in the preferences body; the accepted fields are grid_id, colPresets, searches and subject_id.',
    );
    expect(store.size).toBe(0);
    expect(await store.get('alice', 'g')).toMatchObject({ colPresets: {}, searches: [] });
  });

  it.each(routes)('refuses an unknown field next to valid ones instead of saving the valid part (%s)', async (_set, path) => {
    const { handler, store } = setup();
    await handler(postJson(path, { grid_id: 'g', searches: ['kept'] }, as('alice')));
    await expectError(await handler(postJson(path, { grid_id: 'g', searches: ['new'], col_presets: {} }, as('alice'))), 400, /Unknown field "col_presets" \(did you mean "colPresets"\?\)/);
    await expectError(await handler(postJson(path, { gridId: 'g', searches: ['new'] }, as('alice'))), 400, /Unknown field "gridId" \(did you mean "grid_id"\?\)/);
    await expectError(await handler(postJson(path, { grid_id: 'g', searches: ['new'], presets: {} }, as('alice'))), 400, /^Unknown field "presets" in the preferences body; the accepted fields are grid_id, colPresets, searches and subject_id\.$/);
    expect((await store.get('alice', 'g')).searches).toEqual(['kept']);
  });

  it('refuses unknown fields of anonymous callers too, instead of echoing a partial save', async () => {
    const { handler } = setup();
    await expectError(await handler(postJson(PREFS, { grid_id: 'g', colpresets: presets })), 400, /colpresets/);
  });

  it('names at most five unknown fields and counts the rest, each cut to 50 characters', async () => {
    const { handler } = setup();
    const body: Record<string, unknown> = { grid_id: 'g', searches: [] };
    for (let i = 0; i < 8; i++) body[`extra${i}`] = i;
    body['k'.repeat(300)] = 1;
    const res = await expectError(await handler(postJson(PREFS, body, as('u'))), 400);
    expect(res.body.message).toMatch(/^Unknown fields "extra0", "extra1", "extra2", "extra3", "extra4" and 4 more in the preferences body/);
    const long = await expectError(await handler(postJson(PREFS, { grid_id: 'g', ['k'.repeat(300)]: 1 }, as('u'))), 400);
    expect(long.body.message).toContain(`"${'k'.repeat(50)}…"`);
    expect(long.text).not.toContain('k'.repeat(51));
  });

  it.each(routes)('answers 400 "nothing to save" for a body with neither colPresets nor searches (%s)', async (_set, path) => {
    const { handler, store } = setup();
    await handler(postJson(path, { grid_id: 'g', searches: ['kept'] }, as('42')));
    for (const body of [{ grid_id: 'g' }, { grid_id: 'g', subject_id: '42' }, { grid_id: 'g', subject_id: null }]) {
      await expectError(await handler(postJson(path, body, as('42'))), 400, /^Nothing to save: send colPresets, searches or both/);
    }
    expect(await store.get('42', 'g')).toMatchObject({ colPresets: {}, searches: ['kept'] });
  });

  it('answers "nothing to save" to an anonymous caller too, instead of echoing empty preferences', async () => {
    const { handler } = setup();
    await expectError(await handler(postJson(PREFS, { grid_id: 'g' })), 400, /Nothing to save/);
  });

  it.each(routes)('refuses a key repeated in one object instead of keeping the last (%s)', async (_set, path) => {
    const { handler, store } = setup();
    const cases: [string, RegExp][] = [
      ['{"grid_id":"a","grid_id":"b","searches":[]}', /^The request body has the key "grid_id" twice at the top level; each key may appear only once\.$/],
      ['{"grid_id":"a","searches":["x"],"searches":[]}', /"searches" twice at the top level/],
      ['{"grid_id":"a","searches":[],"\\u0073earches":["x"]}', /"searches" twice at the top level/],
      ['{"grid_id":"a","colPresets":{"Wide":{"columns":[{"colId":"x","width":1,"width":900}]}}}', /"width" twice in colPresets\.Wide\.columns\[0\]/],
      ['{"grid_id":"a","colPresets":{"My view":{"columns":[]},"My view":{"columns":[{"colId":"y"}]}}}', /"My view" twice in colPresets;/],
      ['{"grid_id":"a","colPresets":{"p q":{"columns":[{"colId":"x"},{"colId":"y","colId":"z"}]}}}', /"colId" twice in colPresets\["p q"\]\.columns\[1\]/],
    ];
    for (const [body, message] of cases) {
      await expectError(await handler(postJson(path, body, as('alice'))), 400, message);
    }
    expect(store.size).toBe(0);
  });

  it('accepts equal keys in different objects and key-like text inside strings', async () => {
    const { handler } = setup();
    const body = '{"grid_id":"a","colPresets":{"A":{"columns":[{"colId":"x"}]},"B":{"columns":[{"colId":"x"}]}},"searches":["{\\"grid_id\\":1,\\"grid_id\\":2}","a\\\\","grid_id"]}';
    const { status, body: answer } = await jsonOf(await handler(postJson(PREFS, body, as('u'))));
    expect(status).toBe(200);
    expect(answer.searches).toEqual(['{"grid_id":1,"grid_id":2}', 'a\\', 'grid_id']);
    expect(Object.keys(answer.colPresets as object)).toEqual(['A', 'B']);
  });

  it('answers 400 for a grid_id repeated in the query string of a read, instead of using the first', async () => {
    const { handler, store } = setup();
    await store.save('alice', 'a', { searches: ['a'] });
    for (const query of ['?grid_id=a&grid_id=b', '?grid_id=a&grid_id=a', '?grid_id=&grid_id=a']) {
      await expectError(await handler(get(`${PREFS}${query}`, as('alice'))), 400, /grid_id" must appear at most once/);
    }
    const head = (await handler(new Request(`${ORIGIN}${PREFS}?grid_id=a&grid_id=b`, { method: 'HEAD' }))) as Response;
    expect(head.status).toBe(400);
    expect(await head.text()).toBe('');
  });

  it.each(routes)('refuses a save whose query-string grid_id differs from the body or repeats (%s)', async (_set, path) => {
    const { handler, store } = setup();
    await expectError(await handler(postJson(`${path}?grid_id=other`, { grid_id: 'a', searches: ['x'] }, as('u'))), 400, /differs from the grid_id in the body/);
    await expectError(await handler(postJson(`${path}?grid_id=a&grid_id=a`, { grid_id: 'a', searches: ['x'] }, as('u'))), 400, /at most once/);
    expect(store.size).toBe(0);
    const same = await jsonOf(await handler(postJson(`${path}?grid_id=a`, { grid_id: 'a', searches: ['x'] }, as('u'))));
    expect(same.status).toBe(200);
    expect((await store.get('u', 'a')).searches).toEqual(['x']);
  });

  it('refuses numbers as grid_id rather than turning them into text', async () => {
    const { handler } = setup();
    await expectError(await handler(postJson(PREFS, '{"grid_id":7,"searches":[]}', as('u'))), 400, /^grid_id must be a string\.$/);
  });

  it('refuses a numeric subject_id that JSON cannot carry exactly instead of comparing a rounded value', async () => {
    const { handler, store } = setup();
    // 12345678901234567890 parses as 12345678901234567000: it must not match or mismatch by accident.
    for (const raw of ['12345678901234567890', '42.5', '1e400', '-0.5']) {
      await expectError(await handler(postJson(SAVE, `{"grid_id":"a","searches":["x"],"subject_id":${raw}}`, as('12345678901234567000'))), 400, /subject_id must be a string or a whole number below 2\^53/);
    }
    expect(store.size).toBe(0);
    expect((await handler(postJson(SAVE, '{"grid_id":"a","searches":["x"],"subject_id":"12345678901234567890"}', as('12345678901234567890'))))?.status).toBe(200);
  });
});

describe('input checks', () => {
  const paths = [PREFS, SAVE];

  it.each(paths)('answers 415 for missing or wrong content types on %s', async (path) => {
    const { handler } = setup();
    const body = JSON.stringify({ grid_id: 'a', searches: [] });
    for (const type of [null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/jsonp']) {
      const headers: Record<string, string> = { Origin: ORIGIN, ...as('u') };
      if (type !== null) headers['Content-Type'] = type;
      await expectError(await handler(postRaw(path, body, headers)), 415);
    }
    const ok = await handler(postRaw(path, body, { 'Content-Type': 'Application/JSON; Charset="UTF-8"', Origin: ORIGIN, ...as('u') }));
    expect(ok?.status).toBe(200);
  });

  it.each(paths)('answers 400 for malformed bodies on %s', async (path) => {
    const { handler } = setup();
    const cases: (string | Uint8Array)[] = ['', '{', '{"grid_id":', 'null', '[]', '"text"', '42', 'true', '{"grid_id":"a",}', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])];
    for (const body of cases) {
      await expectError(await handler(postRaw(path, body, { 'Content-Type': 'application/json', Origin: ORIGIN, ...as('u') })), 400);
    }
  });

  it('answers 400 for a grid_id that is missing or of the wrong type', async () => {
    const { handler } = setup();
    for (const grid_id of [undefined, null, 5, ['a'], { a: 1 }, '', 'x'.repeat(101), 'A']) {
      await expectError(await handler(postJson(PREFS, { grid_id, searches: [] }, as('u'))), 400, /grid_id/);
    }
  });

  it('answers 413 when Content-Length announces more than 64 KiB', async () => {
    const { handler } = setup();
    const req = postRaw(PREFS, '{}', { 'Content-Type': 'application/json', 'Content-Length': String(65_537), Origin: ORIGIN });
    const res = await expectError(await handler(req), 413, /65536/);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('answers 413 when a streamed body without Content-Length grows past 64 KiB, without reading it all', async () => {
    const { handler } = setup();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1_000) return controller.close();
        controller.enqueue(new TextEncoder().encode(' '.repeat(16_384)));
      },
    });
    await expectError(await handler(postRaw(PREFS, stream, { 'Content-Type': 'application/json', Origin: ORIGIN })), 413);
    expect(pulled).toBeLessThan(10);
  });

  it('accepts a body of exactly the limit and refuses one byte more', async () => {
    const { handler } = setup();
    const make = (size: number) => {
      const base = JSON.stringify({ grid_id: 'a', searches: [] });
      return base.slice(0, -1) + ' '.repeat(size - base.length) + '}';
    };
    const exact = make(65_536);
    expect(new TextEncoder().encode(exact).length).toBe(65_536);
    expect((await handler(postRaw(PREFS, exact, { 'Content-Type': 'application/json', Origin: ORIGIN })))?.status).toBe(200);
    await expectError(await handler(postRaw(PREFS, make(65_537), { 'Content-Type': 'application/json', Origin: ORIGIN })), 413);
  });

  it('answers 400 for a malformed Content-Length', async () => {
    const { handler } = setup();
    await expectError(await handler(postRaw(PREFS, '{}', { 'Content-Type': 'application/json', 'Content-Length': 'abc', Origin: ORIGIN })), 400);
  });

  it('answers 400 when the body stream fails mid-way (client gone), never 500', async () => {
    const { handler, onError } = setup();
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"grid_id":'));
        } else controller.error(new Error('socket hang up'));
      },
    });
    await expectError(await handler(postRaw(PREFS, stream, { 'Content-Type': 'application/json', Origin: ORIGIN })), 400, /could not be read/);
    expect(onError).not.toHaveBeenCalled();
  });

  it('never answers 500 to any JSON value a caller can send', async () => {
    const { handler, onError } = setup();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), fc.constantFrom(PREFS, SAVE), async (value, authed, path) => {
        const res = await handler(postJson(path, JSON.stringify(value), authed ? as('fuzz') : {}));
        expect(res).toBeDefined();
        expect([200, 400, 401, 403]).toContain(res?.status);
        expect(((await res?.json()) as { status: string }).status).toMatch(/^(ok|error)$/);
      }),
      { numRuns: 300 },
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('never answers 500 to prefs-shaped bodies with random field values', async () => {
    const { handler, onError } = setup();
    const anything = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    await fc.assert(
      fc.asyncProperty(
        fc.record({ grid_id: fc.oneof(fc.constantFrom('orders', 'a-b_c'), anything), colPresets: fc.oneof(fc.dictionary(fc.string(), fc.record({ columns: fc.array(fc.dictionary(fc.constantFrom('colId', 'hide', 'pinned', 'width', 'sort', 'sortIndex', 'x'), anything)) })), anything), searches: fc.oneof(fc.array(fc.string()), anything), subject_id: anything }),
        async (body) => {
          const res = await handler(postJson(PREFS, body, as('fuzz')));
          expect([200, 400, 403]).toContain(res?.status);
        },
      ),
      { numRuns: 300 },
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('handles deeply nested JSON within the size limit without a crash', async () => {
    const { handler, onError } = setup();
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    await expectError(await handler(postJson(PREFS, `{"grid_id":"a","extra":${deep}}`, as('u'))), 400, /Unknown field "extra"/);
    await expectError(await handler(postJson(PREFS, `{"grid_id":"a","searches":[],"colPresets":{"p":{"columns":${deep}}}}`, as('u'))), 400, /columns\[0\]/);
    await expectError(await handler(postJson(PREFS, `{"grid_id":"a","searches":${deep}}`, as('u'))), 400, /searches\[0\]/);
    await expectError(await handler(postJson(PREFS, deep, as('u'))), 400);
    expect(onError).not.toHaveBeenCalled();
  });

  it('never answers 500 to random bytes', async () => {
    const { handler, onError } = setup();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const res = await handler(postRaw(PREFS, bytes, { 'Content-Type': 'application/json', Origin: ORIGIN, ...as('u') }));
        expect([200, 400]).toContain(res?.status);
      }),
      { numRuns: 200 },
    );
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('failures of the host and the store', () => {
  function failingStore(error: unknown): PreferencesStore {
    return { get: () => Promise.reject(error), save: () => Promise.reject(error) };
  }

  it('answers 503 with a clear message when the store is unavailable, and logs the cause', async () => {
    const cause = new PreferencesStorageError('SQLITE_READONLY: attempt to write a readonly database');
    const { handler, onError } = setup({ store: failingStore(cause) });
    const res = await expectError(await handler(postJson(PREFS, { grid_id: 'a', searches: ['x'] }, as('u'))), 503, /Preferences storage is unavailable/);
    expect(res.headers.get('retry-after')).toBe('5');
    await expectError(await handler(get(`${PREFS}?grid_id=a`, as('u'))), 503);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError.mock.calls[0]?.[0]).toBe(cause);
  });

  it('treats any error a store throws as unavailable storage (503), never leaking its text', async () => {
    const { handler } = setup({ store: failingStore(new Error('password=hunter2 connection refused')) });
    const res = await expectError(await handler(postJson(PREFS, { grid_id: 'a', searches: [] }, as('u'))), 503);
    expect(res.text).not.toContain('hunter2');
  });

  it('answers 500 with a generic message when the subject hook throws, and logs it', async () => {
    const onError = vi.fn();
    const handler = createGridViewHandler({ subject: () => { throw new Error('session store secret'); }, onError });
    const res = await expectError(await handler(get(`${PREFS}?grid_id=a`)), 500, /^Internal server error\.$/);
    expect(res.text).not.toContain('secret');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('treats an empty subject as anonymous and refuses a non-string subject as a host bug', async () => {
    const anonymous = createGridViewHandler({ subject: () => '' });
    expect((await jsonOf(await anonymous(get(`${PREFS}?grid_id=a`)))).body.local_only).toBe(true);
    const onError = vi.fn();
    const broken = createGridViewHandler({ subject: () => 7 as unknown as string, onError });
    await expectError(await broken(get(`${PREFS}?grid_id=a`)), 500);
  });

  it('keeps working when onError itself throws', async () => {
    const handler = createGridViewHandler({ subject: () => { throw new Error('x'); }, onError: () => { throw new Error('logger down'); } });
    await expectError(await handler(get(`${PREFS}?grid_id=a`)), 500);
  });

  it('lets a subject hook answer with its own HttpError status', async () => {
    const { HttpError } = await import('../../src/server/errors');
    const handler = createGridViewHandler({ subject: () => { throw new HttpError(401, 'Session expired.'); } });
    await expectError(await handler(get(`${PREFS}?grid_id=a`)), 401, /Session expired/);
  });

  it('uses MemoryPrefs when no store is given', async () => {
    const handler = createGridViewHandler({ subject: headerSubject });
    await handler(postJson(PREFS, { grid_id: 'a', searches: ['kept'] }, as('u')));
    expect((await jsonOf(await handler(get(`${PREFS}?grid_id=a`, as('u'))))).body.searches).toEqual(['kept']);
  });
});
