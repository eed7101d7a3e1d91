/**
 * The package's HTTP routes, written once: each route id with its path below the handler's base URL
 * and the methods it answers. The server handler dispatches from this table (one handler per id in
 * `src/server/routes/handlers.ts`, an exhaustive record) and every package host builds its default
 * URLs from it (`defaultRoutes`, behind `urlFor`), so the server and the browser cannot disagree on
 * a path. It lives in the host layer because the server may import the host and the host may not
 * import the server.
 *
 * @module
 */

/** The HTTP methods a route of the package answers. */
export type RouteMethod = 'GET' | 'HEAD' | 'POST';

/** One route of the table. */
export interface RouteEntry {
  /**
   * Path below the handler's base URL, starting and ending with `/`: URLs are built with the
   * trailing slash, and the handler answers the path with or without it.
   */
  readonly path: `/${string}/`;
  /**
   * Methods this route answers. Two routes may share a path with different methods (the
   * preferences read and save); the 405 answer's `Allow` lists the methods of every route of the
   * path. A `HEAD` is listed only where it costs no more than a read (never on exports or lazy
   * blocks, whose headers exist only once a builder or block has run).
   */
  readonly methods: readonly RouteMethod[];
}

/**
 * Every route of the server handler, by the route id hosts know it under (`urlFor`). The order is
 * the order of `defaultRoutes`' keys.
 *
 * To add a route: an entry here and its handler in `src/server/routes/handlers.ts` (the compiler
 * asks for it), see docs/contributing.md "Add a route".
 */
export const GRID_VIEW_ROUTES = {
  /** Set A save: anonymous callers are answered `local_only: true`. */
  grid_prefs: { path: '/grid/preferences/', methods: ['POST'] },
  /** Set A read (`?grid_id=`); `HEAD` is one store read, so it gets the GET's headers. */
  grid_prefs_read: { path: '/grid/preferences/', methods: ['GET', 'HEAD'] },
  /** `?builder=` plus the page's filter parameters. */
  export_pdf: { path: '/grid/export/pdf/', methods: ['GET'] },
  export_xlsx: { path: '/grid/export/xlsx/', methods: ['GET'] },
  /** `?block=`: one lazy block as an HTML fragment. */
  lazy: { path: '/grid/lazy/', methods: ['GET'] },
  /** Server rows: JSON bodies `{ grid_id, …request }`. */
  grid_rows: { path: '/grid/rows/', methods: ['POST'] },
  grid_values: { path: '/grid/values/', methods: ['POST'] },
  grid_aggregate: { path: '/grid/aggregate/', methods: ['POST'] },
  /** `?grid_id=&format=csv|xlsx|pdf` plus the grid's state. */
  grid_rows_export: { path: '/grid/rows/export/', methods: ['GET'] },
  /** Set B save of the data-grid integration: login required. */
  grid_view_save: { path: '/api/grid-view/save/', methods: ['POST'] },
} as const satisfies Readonly<Record<string, RouteEntry>>;

/** The id of a route of the package (a key of `GRID_VIEW_ROUTES`). */
export type GridRouteId = keyof typeof GRID_VIEW_ROUTES;

/** Every route id, in the table's order. */
export const GRID_ROUTE_IDS = Object.keys(GRID_VIEW_ROUTES) as readonly GridRouteId[];
