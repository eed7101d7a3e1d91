/**
 * `createRowSource` against a fetch double: wire format, superseding, sharing, 503 retries with
 * `Retry-After`, and the coded errors it surfaces. test/host/row-source-server.test.ts drives it with
 * real fetch against the real handler over a SQLite file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRowSource } from '../../src/host/row-source';
import type { RowSourceFetch, RowSourceFetchResponse } from '../../src/host/row-source';
import { HostError } from '../../src/host/errors';
import { MemoryHost } from '../../src/host/memory-host';
import type { RowSourceRequest } from '../../src/core/data-grid/types';

interface Call {
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  signal: AbortSignal;
  answer(status: number, body: unknown, headers?: Record<string, string>): void;
  fail(error: Error): void;
}

/** A fetch double whose calls wait until the test answers them. */
function fetchDouble(): { fetch: RowSourceFetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: RowSourceFetch = (url, init) =>
    new Promise<RowSourceFetchResponse>((resolve, reject) => {
      init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      calls.push({
        url,
        body: JSON.parse(init.body) as Record<string, unknown>,
        headers: init.headers,
        signal: init.signal,
        answer(status, body, headers = {}) {
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: { get: (name) => headers[name.toLowerCase()] ?? null },
            json: () => Promise.resolve(body),
          });
        },
        fail: reject,
      });
    });
  return { fetch, calls };
}

const block = (over: Partial<RowSourceRequest> = {}): RowSourceRequest => ({ startRow: 0, endRow: 100, sortModel: [], filterModel: null, quickFilter: '', ...over });
const OK_ROWS = { status: 'ok', rows: [{ id: 1 }, { id: 2 }], lastRow: 2 };

/** A request the test does not await: its rejection (an abort) is expected. */
function quiet(promise: Promise<unknown>): void {
  promise.catch(() => undefined);
}

async function rejection(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HostError);
    return error as HostError;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createRowSource', () => {
  it('posts the block request with grid_id as JSON to {url}/grid/rows/ and answers rows and lastRow', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '/api/', gridId: 'orders', fetch, headers: () => ({ Authorization: 'Bearer t' }) });
    const pending = source.getRows(block({ startRow: 100, endRow: 200, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: { city: { filterType: 'text', type: 'equals', filter: 'Kyiv' } }, quickFilter: 'x', columns: ['id', 'amount'] }));
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe('/api/grid/rows/');
    expect(call.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer t' });
    expect(call.body).toEqual({
      grid_id: 'orders',
      startRow: 100,
      endRow: 200,
      sortModel: [{ colId: 'amount', sort: 'desc' }],
      filterModel: { city: { filterType: 'text', type: 'equals', filter: 'Kyiv' } },
      quickFilter: 'x',
      columns: ['id', 'amount'],
    });
    call.answer(200, OK_ROWS);
    await expect(pending).resolves.toEqual({ rows: [{ id: 1 }, { id: 2 }], lastRow: 2 });
  });

  it('takes the routes from a host’s urlFor when given one', async () => {
    const { fetch, calls } = fetchDouble();
    const host = new MemoryHost({ routes: { grid_rows: '/custom/rows', grid_values: '/custom/values', grid_aggregate: '/custom/agg' } });
    const source = createRowSource({ host, gridId: 'g', fetch });
    quiet(source.getRows(block()));
    quiet(source.getValues({ colId: 'city', filterModel: null, quickFilter: '' }));
    quiet(source.getAggregates({ sortModel: [], filterModel: null, quickFilter: '' }));
    expect(calls.map((c) => c.url)).toEqual(['/custom/rows', '/custom/values', '/custom/agg']);
    source.abortAll();
  });

  it('gives the rows export route of its grid per format, from the url or the host’s grid_rows_export route', () => {
    const source = createRowSource({ url: '/api/', gridId: 'big orders' });
    expect(source.exportUrl('csv')).toBe('/api/grid/rows/export/?grid_id=big%20orders&format=csv');
    expect(source.exportUrl('pdf')).toBe('/api/grid/rows/export/?grid_id=big%20orders&format=pdf');
    const host = new MemoryHost({ routes: { grid_rows_export: '/custom/export?v=1' } });
    expect(createRowSource({ host, gridId: 'g' }).exportUrl('xlsx')).toBe('/custom/export?v=1&grid_id=g&format=xlsx');
    expect(createRowSource({ host: new MemoryHost({ baseUrl: '/x' }), gridId: 'g' }).exportUrl('csv')).toBe('/x/grid/rows/export/?grid_id=g&format=csv');
  });

  it('refuses to be created without a grid id or without a url or host', () => {
    expect(() => createRowSource({ url: '', gridId: '' })).toThrow(TypeError);
    expect(() => createRowSource({ gridId: 'g' })).toThrow(/url or a host/);
  });

  it('aborts the blocks of a previous query when a block of another query is asked', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const old = source.getRows(block({ quickFilter: 'a' }));
    const oldSecond = source.getRows(block({ quickFilter: 'a', startRow: 100, endRow: 200 }));
    const fresh = source.getRows(block({ quickFilter: 'ab' }));
    expect(calls).toHaveLength(3);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.signal.aborted).toBe(false);
    expect((await rejection(old)).code).toBe('aborted');
    expect((await rejection(oldSecond)).code).toBe('aborted');
    calls[2]!.answer(200, OK_ROWS);
    await expect(fresh).resolves.toMatchObject({ lastRow: 2 });
  });

  it('keeps blocks of the same query in flight together', () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    quiet(source.getRows(block({ startRow: 0, endRow: 100 })));
    quiet(source.getRows(block({ startRow: 100, endRow: 200 })));
    expect(calls.map((c) => c.signal.aborted)).toEqual([false, false]);
    source.abortAll();
  });

  it('shares one HTTP request among identical concurrent requests', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const a = source.getRows(block({ sortModel: [{ colId: 'id', sort: 'asc' }] }));
    const b = source.getRows(block({ sortModel: [{ colId: 'id', sort: 'asc' }] }));
    expect(calls).toHaveLength(1);
    calls[0]!.answer(200, OK_ROWS);
    expect(await a).toEqual(await b);
    // Once answered, the same request is sent again (nothing is cached: a refresh asks the server).
    quiet(source.getRows(block({ sortModel: [{ colId: 'id', sort: 'asc' }] })));
    expect(calls).toHaveLength(2);
    source.abortAll();
  });

  it('lets one caller of a shared request abort without cancelling the others, and cancels the request when none waits', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const first = new AbortController();
    const second = new AbortController();
    const a = source.getRows(block(), first.signal);
    const b = source.getRows(block(), second.signal);
    first.abort();
    expect((await rejection(a)).code).toBe('aborted');
    expect(calls[0]!.signal.aborted).toBe(false);
    second.abort();
    expect((await rejection(b)).code).toBe('aborted');
    expect(calls[0]!.signal.aborted).toBe(true);
    // A signal aborted before the call sends nothing.
    await expect(source.getRows(block({ quickFilter: 'z' }), first.signal)).rejects.toMatchObject({ code: 'aborted' });
    expect(calls).toHaveLength(1);
  });

  it('retries a 503 after the server’s Retry-After, never sooner', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch, retryDelayMs: 10 });
    const pending = source.getRows(block());
    calls[0]!.answer(503, { status: 'error', code: 'service_unavailable', message: 'down' }, { 'retry-after': '2' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]!.answer(200, OK_ROWS);
    await expect(pending).resolves.toMatchObject({ lastRow: 2 });
  });

  it('backs off doubling without Retry-After and surfaces the 503 after the last retry', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch, retries: 2, retryDelayMs: 100 });
    const pending = rejection(source.getRows(block()));
    calls[0]!.answer(503, { status: 'error', code: 'service_unavailable', message: 'The database is unreachable.' });
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    calls[1]!.answer(503, { status: 'error', code: 'service_unavailable', message: 'The database is unreachable.' });
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    calls[2]!.answer(503, { status: 'error', code: 'service_unavailable', message: 'The database is unreachable.' });
    const error = await pending;
    expect(calls).toHaveLength(3);
    expect(error).toMatchObject({ code: 'http', status: 503, serverCode: 'service_unavailable', message: 'The database is unreachable.' });
    expect(error.retryable).toBe(true);
  });

  it('surfaces a 503 at once when its Retry-After is longer than maxRetryDelayMs', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch, maxRetryDelayMs: 1000 });
    const pending = rejection(source.getRows(block()));
    calls[0]!.answer(503, { status: 'error', code: 'service_unavailable', message: 'later' }, { 'retry-after': '30' });
    const error = await pending;
    expect(calls).toHaveLength(1);
    expect(error.retryAfterMs).toBe(30_000);
  });

  it('does not retry a 400 and carries the server’s code', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const pending = rejection(source.getRows(block()));
    calls[0]!.answer(400, { status: 'error', code: 'invalid_rows_request', message: 'sortModel[0].colId is not a sortable column.' });
    const error = await pending;
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ code: 'http', status: 400, serverCode: 'invalid_rows_request' });
    expect(error.retryable).toBe(false);
  });

  it('reports a malformed answer as invalid_response and an unreachable server as network', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const malformed = rejection(source.getRows(block()));
    calls[0]!.answer(200, { status: 'ok', rows: [1, 2], lastRow: 2 });
    expect((await malformed).code).toBe('invalid_response');
    const noLastRow = rejection(source.getRows(block({ quickFilter: 'q' })));
    calls[1]!.answer(200, { status: 'ok', rows: [], lastRow: 1.5 });
    expect((await noLastRow).code).toBe('invalid_response');
    const offline = rejection(source.getRows(block({ quickFilter: 'r' })));
    calls[2]!.fail(new TypeError('fetch failed'));
    expect((await offline).code).toBe('network');
  });

  it('reads the aggregates’ rowCount when the server sends one, and refuses one that is not a whole count', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const query = (quickFilter: string) => ({ sortModel: [], filterModel: null, quickFilter });
    const counted = source.getAggregates(query('a'));
    calls[0]!.answer(200, { status: 'ok', kpis: [], charts: [], rowCount: 1_234_567 });
    expect(await counted).toEqual({ kpis: [], charts: [], rowCount: 1_234_567 });
    const older = source.getAggregates(query('b'));
    calls[1]!.answer(200, { status: 'ok', kpis: [], charts: [] });
    expect(await older).toEqual({ kpis: [], charts: [] });
    for (const [i, rowCount] of [-1, 2.5, '10', null].entries()) {
      const broken = rejection(source.getAggregates(query(`c${i}`)));
      calls[2 + i]!.answer(200, { status: 'ok', kpis: [], charts: [], rowCount });
      expect((await broken).code).toBe('invalid_response');
    }
  });

  it('fails an attempt that takes longer than timeoutMs with timeout', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch, timeoutMs: 500 });
    const pending = rejection(source.getRows(block()));
    await vi.advanceTimersByTimeAsync(500);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect((await pending).code).toBe('timeout');
  });

  it('asks /grid/values/ for a column under the other filters and aborts the previous values request of that column', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '/api', gridId: 'g', fetch });
    const typed = source.getValues({ colId: 'city', filterModel: null, quickFilter: '', search: 'k' });
    const other = source.getValues({ colId: 'name', filterModel: null, quickFilter: '' });
    const more = source.getValues({ colId: 'city', filterModel: null, quickFilter: '', search: 'ky', limit: 50 });
    expect(calls.map((c) => c.url)).toEqual(['/api/grid/values/', '/api/grid/values/', '/api/grid/values/']);
    expect(calls[2]!.body).toEqual({ grid_id: 'g', colId: 'city', filterModel: {}, quickFilter: '', search: 'ky', limit: 50 });
    expect((await rejection(typed)).code).toBe('aborted');
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[2]!.answer(200, { status: 'ok', values: [{ value: 'Kyiv', count: 3 }], empty: 1, truncated: false });
    await expect(more).resolves.toEqual({ values: [{ value: 'Kyiv', count: 3 }], empty: 1, truncated: false });
    calls[1]!.answer(200, { status: 'ok', values: [], empty: 0, truncated: false });
    await expect(other).resolves.toMatchObject({ values: [] });
  });

  it('asks /grid/aggregate/ for the query’s KPIs and charts, the newest query superseding the one before', async () => {
    const { fetch, calls } = fetchDouble();
    const source = createRowSource({ url: '', gridId: 'g', fetch });
    const before = source.getAggregates({ sortModel: [], filterModel: null, quickFilter: 'a' });
    const now = source.getAggregates({ sortModel: [], filterModel: null, quickFilter: 'ab' });
    expect(calls[1]!.body).toEqual({ grid_id: 'g', sortModel: [], filterModel: {}, quickFilter: 'ab' });
    expect((await rejection(before)).code).toBe('aborted');
    const kpis = [{ label: 'Orders', aggregate: 'count', value: 3, display: '3', format: 'number', columnKey: null, hint: null, direction: null }];
    calls[1]!.answer(200, { status: 'ok', kpis, charts: [] });
    await expect(now).resolves.toEqual({ kpis, charts: [] });
  });
});
