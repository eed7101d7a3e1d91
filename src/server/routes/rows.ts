/**
 * Server rows routes: `POST {base}/grid/rows/`, `POST {base}/grid/values/` and
 * `POST {base}/grid/aggregate/`, each with a JSON body `{ grid_id, …request }` answered by the row
 * source registered under that grid id (`rowSources` of the handler).
 *
 * They read and never write, so there is no CSRF check: a cross-site page can only send them as a
 * CORS request (a JSON content type is not a "simple" request), which the browser refuses to show
 * the page unless the host allows it.
 *
 * @module
 */
import type { ChartColumnInfo } from '../../core/chart/runtime';
import type { ChartSpec, ChartSpecWire, KpiSpec, KpiSpecWire } from '../../core/types';
import { readJsonBody, requireJsonContentType } from '../body';
import { callerKey } from '../caller';
import type { RequestContext } from '../context';
import { apiError, jsonResponse } from '../errors';
import type { SqlRowSource } from '../rows/sql-row-source';
import type { ExportColumnFlags } from '../exports/table';

/** A row source served under a grid id, with what `/aggregate` computes for it. */
export interface RowSourceRegistration {
  source: SqlRowSource;
  /** KPIs `/aggregate` answers (a parsed spec's `kpis`). @default none */
  kpis?: readonly (KpiSpec | KpiSpecWire)[];
  /** Charts `/aggregate` answers: usually the spec's `grid_filtered` charts. @default none */
  charts?: readonly (ChartSpec | ChartSpecWire)[];
  /**
   * Column labels and formats for chart series and axes (the spec's `columns`). Their `hidden` and
   * `exportable`, when given (a parsed spec's columns carry both), decide the columns of a rows
   * export: one the link does not name is left out when hidden, one kept out of exports always.
   */
  columns?: readonly (ChartColumnInfo & Pick<ExportColumnFlags, 'hidden' | 'exportable'>)[];
  /** Locale and currency of KPI display texts (and of PDF numbers in rows exports). @default 'en', 'USD' */
  locale?: string;
  currency?: string;
  /** Most rows of a rows export per format (`GET {base}/grid/rows/export/`). @default { csv: 1_000_000, xlsx: 100_000, pdf: 5_000 } */
  exportCaps?: Partial<Record<'csv' | 'xlsx' | 'pdf', number>>;
  /** Title of rows exports (PDF heading, file name). @default the grid id */
  exportTitle?: string;
}

/** The three routes. */
export type RowsRoute = 'rows' | 'values' | 'aggregate';

/**
 * Answers one rows route. Checks, in order: any row source registered at all (404 `not_found`),
 * content type (415), body size (413), JSON (400), `grid_id` a string (400 `invalid_rows_request`),
 * a source under it (404 `unknown_grid`), `authorize` (403), the rows throttle per caller and grid
 * (429); then the source validates the rest of the body (400 `invalid_rows_request`) and answers.
 */
export async function rowsRoute(ctx: RequestContext, route: RowsRoute): Promise<Response> {
  const { request, options } = ctx;
  const sources = options.rowSources;
  if (Object.keys(sources).length === 0) throw apiError('not_found', 'No row sources are registered.');
  requireJsonContentType(request);
  const body = await readJsonBody(request, options.maxBodyBytes);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw apiError('invalid_rows_request', 'The request body must be a JSON object with grid_id.');
  const { grid_id: gridId, ...rest } = body as Record<string, unknown>;
  if (typeof gridId !== 'string' || gridId === '') throw apiError('invalid_rows_request', 'grid_id must be a non-empty string.');
  const registration = Object.prototype.hasOwnProperty.call(sources, gridId) ? sources[gridId] : undefined;
  if (registration === undefined) throw apiError('unknown_grid', `No row source is registered for grid ${JSON.stringify(gridId.slice(0, 100))}.`);
  const subject = await ctx.subject();
  if (options.authorize && !(await options.authorize({ request, route, subject, gridId }))) {
    throw apiError('forbidden', 'You are not allowed to read these rows.');
  }
  if (options.rowsThrottle) {
    const hit = await options.rowsThrottle.hit(`${callerKey(request, subject)}\u0000rows\u0000${gridId}`);
    if (!hit.allowed) {
      throw apiError('rate_limited', `Too many row requests; try again in ${hit.retryAfterSeconds} s.`, { 'Retry-After': String(hit.retryAfterSeconds) });
    }
  }
  const { source } = registration;
  switch (route) {
    case 'rows': {
      const { rows, lastRow } = await source.getRows(rest as never);
      return jsonResponse(200, { status: 'ok', rows, lastRow });
    }
    case 'values': {
      const { values, empty, truncated } = await source.getValues(rest as never);
      return jsonResponse(200, { status: 'ok', values, empty, truncated });
    }
    case 'aggregate': {
      const { kpis, charts, rowCount } = await source.aggregate(rest, {
        kpis: registration.kpis,
        charts: registration.charts,
        columns: registration.columns,
        locale: registration.locale,
        currency: registration.currency,
      });
      return jsonResponse(200, { status: 'ok', kpis, charts, rowCount });
    }
  }
}
