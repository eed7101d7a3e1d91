/**
 * The route table (`GRID_VIEW_ROUTES`) against the real handler and the real hosts: every route it
 * declares is answered by the handler at the URL `urlFor` builds for it, with each of its methods,
 * and a path's other methods get 405 with the path's methods in `Allow`. A route added to the table
 * is covered here without a new test (its handler is required by the compiler).
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpHost } from '../../src/host/http-host';
import { MemoryHost } from '../../src/host/memory-host';
import { GRID_ROUTE_IDS, GRID_VIEW_ROUTES, type GridRouteId, type RouteEntry, type RouteMethod } from '../../src/host/route-table';
import { defaultRoutes } from '../../src/host/routes';
import { ExportRegistry } from '../../src/server/exports/registry';
import { createGridViewHandler } from '../../src/server/handler';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { ORIGIN, expectCatalogCode, postJson } from './helpers';

const BASE = '/api';
const database = new Database(':memory:');
const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
afterAll(async () => {
  await db.destroy();
});

/** Every registry filled, so that a 404 can only mean a route the handler does not dispatch. */
function fullHandler() {
  const exports = new ExportRegistry();
  const table = { title: 'T', columns: [{ key: 'a', label: 'A' }], rows: [{ a: 1 }] };
  exports.register('pdf', 'orders', () => table);
  exports.register('xlsx', 'orders', () => table);
  return createGridViewHandler({
    baseUrl: BASE,
    exports,
    lazyBlocks: { block: () => '<p>block</p>' },
    rowSources: { orders: createSqlRowSource({ db, table: 'orders', tieBreaker: 'id', columns: [{ key: 'id', type: 'number' }] }) },
    onWarn: () => undefined,
    onError: () => undefined,
  });
}

/** The request of `method` to `url`: a JSON POST with an empty object, else a bare request. */
function requestOf(method: string, url: string): Request {
  return method === 'POST' ? postJson(url, {}) : new Request(`${ORIGIN}${url}`, { method });
}

/** The table seen through its entry type (its own type is a union of literal tuples). */
const ROUTES: Readonly<Record<GridRouteId, RouteEntry>> = GRID_VIEW_ROUTES;
const routeMethods = GRID_ROUTE_IDS.flatMap((id) => ROUTES[id].methods.map((method): [GridRouteId, RouteMethod] => [id, method]));

describe('the route table', () => {
  it('gives defaultRoutes exactly one URL per route, the path under the base', () => {
    const routes = defaultRoutes(`${BASE}/`);
    expect(Object.keys(routes)).toEqual([...GRID_ROUTE_IDS]);
    for (const id of GRID_ROUTE_IDS) expect(routes[id]).toBe(`${BASE}${ROUTES[id].path}`);
  });

  it.each(GRID_ROUTE_IDS)('lets every package host build the URL of %s with urlFor', (id: GridRouteId) => {
    const path = `${BASE}${ROUTES[id].path}`;
    expect(new MemoryHost({ baseUrl: BASE }).urlFor(id)).toBe(path);
    expect(new HttpHost({ baseUrl: BASE }).urlFor(id, { grid_id: 'a b' })).toBe(`${path}?grid_id=a%20b`);
  });

  it.each(routeMethods)('answers route %s with %s through the real handler at the URL urlFor builds, never with 404, 405 or a 5xx', async (id, method) => {
    const url = new MemoryHost({ baseUrl: BASE }).urlFor(id);
    const response = await fullHandler()(requestOf(method, url));
    expect(response, `${method} ${url} is answered`).toBeInstanceOf(Response);
    const res = response as Response;
    expect(res.status).not.toBe(404);
    expect(res.status).not.toBe(405);
    expect(res.status).toBeLessThan(500);
    // Also without the trailing slash, which URLs written by hand often lack.
    const bare = await fullHandler()(requestOf(method, url.replace(/\/$/, '')));
    expect(bare?.status).toBe(res.status);
    if (method !== 'HEAD' && res.headers.get('content-type')?.startsWith('application/json')) {
      const body = (await res.json()) as { status: string; code?: string };
      if (body.status === 'error') expectCatalogCode(body.code, res.status);
    }
  });

  it.each(GRID_ROUTE_IDS)('answers the methods the path of %s does not take with 405 and its methods in Allow', async (id) => {
    const { path } = ROUTES[id];
    const allowed = new Set<string>(GRID_ROUTE_IDS.filter((other) => ROUTES[other].path === path).flatMap((other) => ROUTES[other].methods));
    const allow = ['GET', 'HEAD', 'POST'].filter((method) => allowed.has(method)).join(', ');
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].filter((m) => !allowed.has(m))) {
      const response = await fullHandler()(new Request(`${ORIGIN}${BASE}${path}`, { method }));
      expect(response?.status, `${method} ${path}`).toBe(405);
      expect(response?.headers.get('allow')).toBe(allow);
    }
  });

  it('leaves paths outside the table to the next handler', async () => {
    const handler = fullHandler();
    for (const path of ['/grid/', '/grid/preferences/extra/', '/grid/rows/export/more/', '/grid/__proto__/', '/grid/constructor/']) {
      expect(await handler(new Request(`${ORIGIN}${BASE}${path}`)), path).toBeUndefined();
    }
    expect(await handler(new Request(`${ORIGIN}${GRID_VIEW_ROUTES.grid_rows.path}`, { method: 'POST' }))).toBeUndefined();
  });
});
