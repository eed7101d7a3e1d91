/**
 * Route ids to URLs, shared by every host's `urlFor`.
 *
 * @module
 */
import { HostError } from './errors';
import { appendQuery } from '../core/url';
import { GRID_ROUTE_IDS, GRID_VIEW_ROUTES, type GridRouteId } from './route-table';
import type { RouteId, RouteParams } from './types';

/** A map from logical route id to URL (absolute, root-relative or relative; no query needed). */
export type RouteMap = Partial<Record<RouteId, string>>;

/**
 * The package's default routes under a base URL: one URL per route of the server handler (the
 * route table `GRID_VIEW_ROUTES` both share), so `urlFor` and the handler agree on every path:
 * `grid_prefs` and `grid_prefs_read` → `{base}/grid/preferences/`, `export_pdf` →
 * `{base}/grid/export/pdf/`, `export_xlsx` → `{base}/grid/export/xlsx/`, `lazy` → `{base}/grid/lazy/`,
 * the server rows routes `grid_rows`, `grid_values`, `grid_aggregate`, `grid_rows_export` →
 * `{base}/grid/rows/`, `{base}/grid/values/`, `{base}/grid/aggregate/`, `{base}/grid/rows/export/`,
 * and `grid_view_save` → `{base}/api/grid-view/save/` (preferences route set B, login required).
 *
 * Edge cases: trailing slashes of `baseUrl` are dropped (`/api/` and `/api` give the same routes);
 * an empty base gives root-relative URLs (`/grid/preferences/`).
 */
export function defaultRoutes(baseUrl = ''): Record<GridRouteId, string> {
  const base = baseUrl.replace(/\/+$/, '');
  const routes = {} as Record<GridRouteId, string>;
  for (const id of GRID_ROUTE_IDS) routes[id] = `${base}${GRID_VIEW_ROUTES[id].path}`;
  return routes;
}

/**
 * URL of `route` in `routes` with `params` appended as query parameters, each name and value passed
 * through `encodeURIComponent`.
 *
 * Edge cases: null and undefined params are left out; booleans and numbers are written as text;
 * a URL that already has a query gets `&` before the new params; a `#fragment` stays at the end.
 * Throws `HostError` `unknown_route` for a route id with no URL (an empty string counts as none).
 */
export function buildRouteUrl(routes: RouteMap, route: RouteId, params: RouteParams = {}): string {
  const url = Object.prototype.hasOwnProperty.call(routes, route) ? routes[route] : undefined;
  if (url === undefined || url === '') {
    throw new HostError('unknown_route', `No URL is configured for route "${route}".`);
  }
  return appendQuery(url, params);
}

