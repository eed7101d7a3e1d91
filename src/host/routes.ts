/**
 * Route ids to URLs, shared by every host's `urlFor`.
 *
 * @module
 */
import { HostError } from './errors';
import { appendQuery } from '../core/url';
import type { RouteId, RouteParams } from './types';

/** A map from logical route id to URL (absolute, root-relative or relative; no query needed). */
export type RouteMap = Partial<Record<RouteId, string>>;

/**
 * The package's default routes under a base URL, matching the server handler's paths:
 * `grid_prefs` and `grid_prefs_read` → `{base}/grid/preferences/`, `export_pdf` →
 * `{base}/grid/export/pdf/`, `export_xlsx` → `{base}/grid/export/xlsx/`, `lazy` → `{base}/grid/lazy/`,
 * and the server rows routes `grid_rows`, `grid_values`, `grid_aggregate`, `grid_rows_export` →
 * `{base}/grid/rows/`, `{base}/grid/values/`, `{base}/grid/aggregate/`, `{base}/grid/rows/export/`.
 *
 * Edge cases: trailing slashes of `baseUrl` are dropped (`/api/` and `/api` give the same routes);
 * an empty base gives root-relative URLs (`/grid/preferences/`).
 */
export function defaultRoutes(
  baseUrl = '',
): Record<'grid_prefs' | 'grid_prefs_read' | 'export_pdf' | 'export_xlsx' | 'lazy' | 'grid_rows' | 'grid_values' | 'grid_aggregate' | 'grid_rows_export', string> {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    grid_prefs: `${base}/grid/preferences/`,
    grid_prefs_read: `${base}/grid/preferences/`,
    export_pdf: `${base}/grid/export/pdf/`,
    export_xlsx: `${base}/grid/export/xlsx/`,
    lazy: `${base}/grid/lazy/`,
    grid_rows: `${base}/grid/rows/`,
    grid_values: `${base}/grid/values/`,
    grid_aggregate: `${base}/grid/aggregate/`,
    grid_rows_export: `${base}/grid/rows/export/`,
  };
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

