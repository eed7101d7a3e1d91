/**
 * `createRowSource`: the browser's client of the server rows routes (`POST {base}/grid/rows/`,
 * `/grid/values/`, `/grid/aggregate/`), a `RowSource` a `DataGrid` reads instead of the rows in
 * memory. It speaks `fetch` only (no DOM, no Node module, no axios), so it runs in browsers and in
 * Node against a real server, which is how it is tested.
 *
 * @module
 */
import { canonicalJson } from '../core/data-grid/filter-eval';
import { appendQuery } from '../core/url';
import type {
  RowSource,
  RowSourceAggregates,
  RowSourceQuery,
  RowSourceRequest,
  RowSourceResult,
  RowSourceSignal,
  RowSourceValuesRequest,
  RowSourceValuesResult,
} from '../core/data-grid/types';
import type { Row } from '../core/types';
import { HostError } from './errors';
import type { HostErrorOptions } from './errors';
import { GRID_VIEW_ROUTES, type GridRouteId } from './route-table';
import type { GridViewHost } from './types';

/** The part of a `fetch` answer the source reads (the global `Response` fits). */
export interface RowSourceFetchResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText?: string;
  readonly headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/** The part of `fetch` the source calls (the global `fetch` fits). */
export type RowSourceFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal; credentials?: 'omit' | 'same-origin' | 'include' },
) => Promise<RowSourceFetchResponse>;

/** Options of `createRowSource`. Give `url` or `host`. */
export interface ServerRowSourceOptions {
  /** The grid id the server's handler registered the row source under (`rowSources`). */
  gridId: string;
  /**
   * Base URL of the server handler (its `baseUrl`, e.g. `/api`): the routes are `{url}/grid/rows/`,
   * `{url}/grid/values/` and `{url}/grid/aggregate/`. Trailing slashes are dropped.
   */
  url?: string;
  /** A host whose `urlFor('grid_rows' | 'grid_values' | 'grid_aggregate' | 'grid_rows_export')` gives the routes (wins over `url`). */
  host?: Pick<GridViewHost, 'urlFor'>;
  /** The `fetch` to call. @default globalThis.fetch */
  fetch?: RowSourceFetch;
  /** Extra request headers (an `Authorization` header), or a getter called per request. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** `fetch`'s `credentials`. @default 'same-origin' */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** How many times a 503 is sent again before the error is surfaced. @default 3 */
  retries?: number;
  /** First wait before a retry when the server says nothing; doubled each time. @default 500 */
  retryDelayMs?: number;
  /**
   * Longest wait before a retry. A `Retry-After` longer than this is not cut short: the error is
   * surfaced at once instead (the grid's overlay then offers a retry button).
   * @default 10000
   */
  maxRetryDelayMs?: number;
  /** Time one attempt may take before it fails with `timeout`. @default 30000 */
  timeoutMs?: number;
}

/** A `RowSource` over the server's routes, with what its owner may cancel. */
export interface ServerRowSource extends RowSource<Row> {
  readonly gridId: string;
  getValues(request: RowSourceValuesRequest, signal?: RowSourceSignal): Promise<RowSourceValuesResult>;
  getAggregates(query: RowSourceQuery, signal?: RowSourceSignal): Promise<RowSourceAggregates>;
  /**
   * The rows export of this grid in `format` (`GET {url}/grid/rows/export/?grid_id=…&format=…`, or
   * the host's `grid_rows_export` route with those parameters), without the grid's state: the
   * DataGrid's toolbar appends sort, filters, search and visible columns (`buildGridExportUrl`).
   */
  exportUrl(format: 'csv' | 'xlsx' | 'pdf'): string;
  /** Aborts every request in flight (their callers get `HostError` `aborted`); the source stays usable. */
  abortAll(): void;
}

/** The routes of the server rows (paths from the route table the server handler dispatches from). */
type Route = Extract<GridRouteId, 'grid_rows' | 'grid_values' | 'grid_aggregate' | 'grid_rows_export'>;

interface Flight {
  readonly controller: AbortController;
  readonly promise: Promise<unknown>;
  /** What it belongs to: requests of another group of the same lane are superseded. */
  readonly group: string;
  readonly lane: string;
  waiters: number;
}

/**
 * A row source whose rows stay on the server: each block, values list and aggregate is a `POST`
 * with `{ grid_id, …request }` to the handler's rows routes (`createGridViewHandler({ rowSources })`).
 *
 * - **Superseded requests are aborted.** A block request for another query (sort, filters, quick
 *   search or columns) aborts the blocks of the previous query still in flight (AG Grid has dropped
 *   them); a values request aborts the previous one of the same column (the user typed on); an
 *   aggregate request aborts the previous aggregate. Their callers get `HostError` `aborted`.
 * - **Identical concurrent requests are shared**: one HTTP request answers them all. A caller that
 *   aborts (its `signal`) leaves the others waiting; the request is aborted when none waits.
 * - **503 is retried** `retries` times, after the server's `Retry-After` when it sends one, else
 *   after `retryDelayMs` doubling; then (or when `Retry-After` exceeds `maxRetryDelayMs`) the error
 *   is surfaced: `HostError` `http` with `status`, `serverCode` and `retryAfterMs`. Other answers
 *   are not retried: a 400 will not improve by asking again.
 * - Failures are `HostError`s: `network`, `timeout`, `http`, `invalid_response` (a 2xx body that is
 *   not the documented JSON), `aborted`.
 *
 * Nothing is cached: a refresh asks the server again (the grid's `refreshInfiniteCache` keeps its
 * filters, sort and scroll position).
 *
 * Edge cases: an empty `gridId` or neither `url` nor `host` throws a `TypeError` at creation; a
 * `signal` already aborted rejects at once without a request.
 *
 * @example
 * const source = createRowSource({ url: '/api', gridId: 'orders' });
 * // <DataGrid :spec="spec" :row-source="source" /> or <GridView :spec="spec" :row-source="source" />
 */
export function createRowSource(options: ServerRowSourceOptions): ServerRowSource {
  const { gridId } = options;
  if (typeof gridId !== 'string' || gridId === '') throw new TypeError('createRowSource needs a gridId.');
  if (options.host === undefined && options.url === undefined) throw new TypeError('createRowSource needs a url or a host.');
  const base = (options.url ?? '').replace(/\/+$/, '');
  const urlOf = (route: Route): string => (options.host ? options.host.urlFor(route) : `${base}${GRID_VIEW_ROUTES[route].path}`);
  const doFetch: RowSourceFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const retries = Math.max(0, Math.floor(options.retries ?? 3));
  const retryDelayMs = Math.max(0, options.retryDelayMs ?? 500);
  const maxRetryDelayMs = Math.max(0, options.maxRetryDelayMs ?? 10_000);
  const timeoutMs = Math.max(1, options.timeoutMs ?? 30_000);
  const flights = new Map<string, Flight>();

  /** One attempt: the answer's JSON body, or a `HostError`. */
  const attempt = async (route: Route, body: string, signal: AbortSignal): Promise<unknown> => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const onAbort = (): void => timeout.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const extra = typeof options.headers === 'function' ? options.headers() : options.headers;
      let response: RowSourceFetchResponse;
      try {
        response = await doFetch(urlOf(route), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...extra },
          body,
          signal: timeout.signal,
          credentials: options.credentials ?? 'same-origin',
        });
      } catch (error) {
        if (signal.aborted) throw abortedError();
        if (timeout.signal.aborted) throw new HostError('timeout', `The server did not answer within ${timeoutMs} ms.`, { cause: error });
        throw new HostError('network', error instanceof Error ? error.message : 'The server could not be reached.', { cause: error });
      }
      let data: unknown = null;
      try {
        data = await response.json();
      } catch (error) {
        if (signal.aborted) throw abortedError();
        if (response.ok) throw new HostError('invalid_response', 'The answer is not JSON.', { cause: error });
      }
      if (!response.ok) throw httpError(response, data);
      return data;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  };

  /** Attempts with the retries of a 503. */
  const send = async (route: Route, body: string, signal: AbortSignal): Promise<unknown> => {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt(route, body, signal);
      } catch (error) {
        if (!(error instanceof HostError) || error.status !== 503 || tries >= retries) throw error;
        const wait = error.retryAfterMs ?? retryDelayMs * 2 ** tries;
        if (wait > maxRetryDelayMs) throw error;
        await sleep(wait, signal);
      }
    }
  };

  /**
   * Sends `payload` to `route`, sharing an identical request in flight and aborting the requests of
   * the same `lane` that belong to another `group`.
   */
  const request = (route: Route, lane: string, group: string, payload: object, signal?: RowSourceSignal): Promise<unknown> => {
    if (signal?.aborted) return Promise.reject(abortedError());
    for (const [key, flight] of flights) {
      if (flight.lane === lane && flight.group !== group) {
        flights.delete(key);
        flight.controller.abort();
      }
    }
    const body = JSON.stringify({ grid_id: gridId, ...payload });
    const key = `${route}\u0000${canonicalJson(payload)}`;
    let flight = flights.get(key);
    if (flight === undefined) {
      const controller = new AbortController();
      const promise = send(route, body, controller.signal).finally(() => {
        if (flights.get(key) === created) flights.delete(key);
      });
      // Every caller gets its own rejection; this keeps the shared promise from being "unhandled".
      promise.catch(() => undefined);
      const created: Flight = { controller, promise, group, lane, waiters: 0 };
      flights.set(key, created);
      flight = created;
    }
    const shared = flight;
    shared.waiters++;
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      const leave = (): void => {
        if (settled) return;
        settled = true;
        shared.waiters--;
        if (shared.waiters === 0 && !shared.controller.signal.aborted) {
          if (flights.get(key) === shared) flights.delete(key);
          shared.controller.abort();
        }
        reject(abortedError());
      };
      const listens = signal !== undefined && typeof (signal as Partial<AbortSignal>).addEventListener === 'function';
      if (listens) (signal as AbortSignal).addEventListener('abort', leave, { once: true });
      shared.promise.then(
        (value) => {
          if (listens) (signal as AbortSignal).removeEventListener('abort', leave);
          if (settled) return;
          settled = true;
          resolve(value);
        },
        (error: unknown) => {
          if (listens) (signal as AbortSignal).removeEventListener('abort', leave);
          if (settled) return;
          settled = true;
          reject(error);
        },
      );
    });
  };

  return {
    gridId,
    async getRows(req: RowSourceRequest, signal?: RowSourceSignal): Promise<RowSourceResult<Row>> {
      const payload = {
        startRow: req.startRow,
        endRow: req.endRow,
        sortModel: req.sortModel,
        filterModel: req.filterModel ?? {},
        quickFilter: req.quickFilter,
        ...(req.columns === undefined ? {} : { columns: req.columns }),
      };
      const group = canonicalJson([payload.sortModel, payload.filterModel, payload.quickFilter, payload.columns ?? null]);
      return readRows(await request('grid_rows', 'rows', group, payload, signal));
    },
    async getValues(req: RowSourceValuesRequest, signal?: RowSourceSignal): Promise<RowSourceValuesResult> {
      const payload = {
        colId: req.colId,
        filterModel: req.filterModel ?? {},
        quickFilter: req.quickFilter,
        ...(req.search === undefined ? {} : { search: req.search }),
        ...(req.limit === undefined ? {} : { limit: req.limit }),
      };
      return readValues(await request('grid_values', `values\u0000${req.colId}`, canonicalJson(payload), payload, signal));
    },
    async getAggregates(query: RowSourceQuery, signal?: RowSourceSignal): Promise<RowSourceAggregates> {
      const payload = { sortModel: query.sortModel, filterModel: query.filterModel ?? {}, quickFilter: query.quickFilter };
      return readAggregates(await request('grid_aggregate', 'aggregate', canonicalJson(payload), payload, signal));
    },
    exportUrl(format: 'csv' | 'xlsx' | 'pdf'): string {
      const params = { grid_id: gridId, format };
      return options.host ? options.host.urlFor('grid_rows_export', params) : appendQuery(`${base}${GRID_VIEW_ROUTES.grid_rows_export.path}`, params);
    },
    abortAll() {
      const all = [...flights.values()];
      flights.clear();
      for (const flight of all) flight.controller.abort();
    },
  };
}

function abortedError(): HostError {
  return new HostError('aborted', 'The request was cancelled.');
}

function httpError(response: RowSourceFetchResponse, data: unknown): HostError {
  const body = typeof data === 'object' && data !== null ? (data as { message?: unknown; code?: unknown }) : {};
  const message =
    typeof body.message === 'string' ? body.message : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const info: HostErrorOptions = { status: response.status };
  if (typeof body.code === 'string' && body.code.length <= 100) info.serverCode = body.code;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  if (retryAfterMs !== undefined) info.retryAfterMs = retryAfterMs;
  return new HostError('http', message, info);
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; undefined when unreadable. */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Waits `ms`, or rejects with `aborted` as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function okBody(data: unknown, what: string): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || (data as { status?: unknown }).status !== 'ok') {
    throw new HostError('invalid_response', `The ${what} answer is not a JSON object with status "ok".`);
  }
  return data as Record<string, unknown>;
}

function readRows(data: unknown): RowSourceResult<Row> {
  const body = okBody(data, 'rows');
  const { rows, lastRow } = body;
  if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new HostError('invalid_response', 'The rows answer has no list of row objects.');
  }
  if (typeof lastRow !== 'number' || !Number.isInteger(lastRow) || lastRow < -1) {
    throw new HostError('invalid_response', 'The rows answer has no whole lastRow (-1 for unknown).');
  }
  return { rows: rows as Row[], lastRow };
}

function readValues(data: unknown): RowSourceValuesResult {
  const body = okBody(data, 'values');
  const { values, empty, truncated } = body;
  const wellFormed =
    Array.isArray(values) &&
    values.every((item) => typeof item === 'object' && item !== null && typeof (item as { value?: unknown }).value === 'string' && typeof (item as { count?: unknown }).count === 'number');
  if (!wellFormed || typeof empty !== 'number' || typeof truncated !== 'boolean') {
    throw new HostError('invalid_response', 'The values answer is not { values: [{ value, count }], empty, truncated }.');
  }
  return { values: values as RowSourceValuesResult['values'], empty, truncated };
}

function readAggregates(data: unknown): RowSourceAggregates {
  const body = okBody(data, 'aggregate');
  if (!Array.isArray(body.kpis) || !Array.isArray(body.charts)) {
    throw new HostError('invalid_response', 'The aggregate answer has no kpis and charts lists.');
  }
  const aggregates: RowSourceAggregates = { kpis: body.kpis as RowSourceAggregates['kpis'], charts: body.charts as RowSourceAggregates['charts'] };
  // Optional (an older server sends none); anything but a whole count is a broken answer.
  if (body.rowCount !== undefined) {
    if (typeof body.rowCount !== 'number' || !Number.isSafeInteger(body.rowCount) || body.rowCount < 0) {
      throw new HostError('invalid_response', 'The aggregate answer has a rowCount that is not a whole number of rows.');
    }
    aggregates.rowCount = body.rowCount;
  }
  return aggregates;
}
