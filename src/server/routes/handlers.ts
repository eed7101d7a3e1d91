/**
 * The handler of every route of the route table (`GRID_VIEW_ROUTES` in `src/host/route-table.ts`,
 * which the hosts' `urlFor` reads too), and the lookup of a request's path in that table.
 *
 * @module
 */
import { GRID_ROUTE_IDS, GRID_VIEW_ROUTES, type GridRouteId, type RouteMethod } from '../../host/route-table';
import type { RequestContext } from '../context';
import { exportFile } from './exports';
import { lazyFragment } from './lazy';
import { readPreferences, savePreferences } from './preferences';
import { rowsRoute } from './rows';
import { rowsExportRoute } from './rows-export';

/** Answers one request of its route; the handler has matched the path and the method already. */
export type RouteHandler = (ctx: RequestContext) => Promise<Response>;

/**
 * One handler per route id. The record is exhaustive: a route added to the table without a handler
 * here, or a handler left here for a route the table no longer has, does not compile.
 */
export const ROUTE_HANDLERS: { readonly [Id in GridRouteId]: RouteHandler } = {
  grid_prefs: (ctx) => savePreferences(ctx, false),
  grid_prefs_read: readPreferences,
  export_pdf: (ctx) => exportFile(ctx, 'pdf'),
  export_xlsx: (ctx) => exportFile(ctx, 'xlsx'),
  lazy: lazyFragment,
  grid_rows: (ctx) => rowsRoute(ctx, 'rows'),
  grid_values: (ctx) => rowsRoute(ctx, 'values'),
  grid_aggregate: (ctx) => rowsRoute(ctx, 'aggregate'),
  grid_rows_export: rowsExportRoute,
  grid_view_save: (ctx) => savePreferences(ctx, true),
};

/** The routes of one path: the route of each method, and the `Allow` header of a 405 there. */
export interface PathRoutes {
  readonly byMethod: ReadonlyMap<string, GridRouteId>;
  readonly allow: string;
}

/** `Allow` lists methods in this order whatever the table's order. */
const METHOD_ORDER: readonly RouteMethod[] = ['GET', 'HEAD', 'POST'];

/**
 * The table by path (without its trailing slash, as the handler compares it). Built once; a path
 * and method claimed by two routes would make one of them unreachable, so it throws at load time
 * (every server test then fails) rather than dispatching to whichever came first.
 */
const BY_PATH: ReadonlyMap<string, PathRoutes> = (() => {
  const methods = new Map<string, Map<string, GridRouteId>>();
  for (const id of GRID_ROUTE_IDS) {
    const { path, methods: routeMethods } = GRID_VIEW_ROUTES[id];
    const key = path.replace(/\/$/, '');
    const byMethod = methods.get(key) ?? new Map<string, GridRouteId>();
    for (const method of routeMethods) {
      const taken = byMethod.get(method);
      if (taken !== undefined) throw new Error(`Routes ${taken} and ${id} both answer ${method} ${path}.`);
      byMethod.set(method, id);
    }
    methods.set(key, byMethod);
  }
  const out = new Map<string, PathRoutes>();
  for (const [key, byMethod] of methods) {
    out.set(key, { byMethod, allow: METHOD_ORDER.filter((method) => byMethod.has(method)).join(', ') });
  }
  return out;
})();

/**
 * The routes of `path`, a request path below the base with any trailing slash removed; undefined
 * for a path no route has (the handler then answers nothing, so the host's next middleware can).
 */
export function routesAt(path: string): PathRoutes | undefined {
  return BY_PATH.get(path);
}
