/**
 * Export routes: `GET {base}/grid/export/pdf/` and `GET {base}/grid/export/xlsx/` with
 * `builder=<key>` plus the page's filter parameters.
 *
 * @module
 */
import { QUERY_DIR, QUERY_FILTER_PREFIX, QUERY_SEARCH, QUERY_SORT, parseFilterState } from '../../host/filter-state';
import { callerKey } from '../caller';
import type { RequestContext } from '../context';
import { BASE_SECURITY_HEADERS, apiError } from '../errors';
import { buildPdf, PDF_CONTENT_TYPE } from '../exports/pdf';
import type { ExportFormat } from '../exports/registry';
import { checkExportTable, contentDisposition, exportFileName, selectExportColumns } from '../exports/table';
import { readExportColumns } from '../../core/data-grid/export-url';
import { buildXlsx, XLSX_CONTENT_TYPE } from '../exports/xlsx';
import { PDF_EXPORT, XLSX_EXPORT, requireExportPackages, writeExport } from '../exports/packages';
import { refuseRepeatedParams, singleQueryValue } from '../query';
import type { ExportTable } from '../exports/types';
import type { GridViewSpec } from '../../core/types';

/**
 * Runs a registered builder and answers with the file. Order of checks: no builder registered for
 * the format at all (404: the route does not exist yet, whatever the query says), `builder` missing,
 * empty or repeated (400), no builder under that key (404), a filter parameter (`q`, `sort`, `dir`,
 * `f_<key>`) or `columns` repeated, `dir` other than `asc`/`desc` or a malformed `columns` (400),
 * `authorize` (403), throttle (429), the format's optional packages (501 `export_unavailable`, see
 * `exports/packages.ts`; the packages a table's charts need are found when the file is written);
 * then the builder runs. An XLSX holds the columns `selectExportColumns` keeps of its table (the
 * visible ones `columns` names, else all but those the registered spec hides; never one the spec
 * keeps out of exports); a PDF holds the builder's columns. `HEAD` never gets here (405 in the
 * handler), so only a real download runs a builder or counts against the throttle.
 */
export async function exportFile(ctx: RequestContext, format: ExportFormat): Promise<Response> {
  const { request, url, options } = ctx;
  const label = format.toUpperCase();
  if (options.exports.size(format) === 0) throw apiError('not_found', `No ${label} export builders are registered.`);
  const key = singleQueryValue(url.searchParams, 'builder');
  if (key === null || key.trim() === '') throw apiError('invalid_query', 'The builder query parameter is required.');
  const registered = options.exports.get(format, key);
  if (!registered) throw apiError('unknown_builder', `No ${label} export is registered for builder "${key.slice(0, 100)}".`);
  checkFilterParams(url.searchParams);
  const visible = readExportColumns(url.searchParams);
  if (visible === null) throw apiError('invalid_query', 'The columns query parameter is not a valid list of column keys.');
  const subject = await ctx.subject();
  const route = format === 'pdf' ? 'export_pdf' : 'export_xlsx';
  if (options.authorize && !(await options.authorize({ request, route, subject, builder: key }))) {
    throw apiError('forbidden', 'You are not allowed to export this.');
  }
  if (options.exportThrottle) {
    const hit = await options.exportThrottle.hit(`${callerKey(request, subject)}\u0000${format}\u0000${key}`);
    if (!hit.allowed) {
      throw apiError('rate_limited', `Too many exports; try again in ${hit.retryAfterSeconds} s.`, { 'Retry-After': String(hit.retryAfterSeconds) });
    }
  }
  // Before the builder runs its query: a file nobody can write is answered at once (501, one warning).
  requireExportPackages(options.warn, request, format === 'pdf' ? PDF_EXPORT : XLSX_EXPORT);
  const host = await ctx.host();
  const spec = registered.options.spec;
  const filterState = spec ? host.filterStateFromRequest(spec) : parseFilterState(url.searchParams);
  const built = checkExportTable(
    await registered.builder({ request, params: url.searchParams, filterState, subject, host, format, builder: key }),
    key,
  );
  // XLSX holds the reader's columns. The PDF keeps the builder's: its charts read their series'
  // labels and formats from the table's columns, hidden ones included.
  const table = format === 'xlsx' ? withExportedColumns(built, visible, spec) : built;
  const headers: Record<string, string> = {
    ...BASE_SECURITY_HEADERS,
    ...options.frame.headers,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; ${options.frame.directive}`,
  };
  let bytes: Uint8Array;
  if (format === 'pdf') {
    const pdf = await writeExport(options.warn, request, () => buildPdf(table, { maxRows: registered.options.maxRows ?? options.pdfMaxRows }));
    bytes = pdf.bytes;
    headers['Content-Type'] = PDF_CONTENT_TYPE;
    if (pdf.rowsWritten < pdf.rowsTotal) headers['X-Grid-View-Truncated'] = `${pdf.rowsWritten}/${pdf.rowsTotal}`;
  } else {
    const xlsx = await writeExport(options.warn, request, () => buildXlsx(table));
    bytes = xlsx.bytes;
    headers['Content-Type'] = XLSX_CONTENT_TYPE;
    if (xlsx.truncated) headers['X-Grid-View-Truncated'] = `${table.rows.length}`;
  }
  headers['Content-Disposition'] = contentDisposition(exportFileName(table, key, format));
  headers['Content-Length'] = String(bytes.byteLength);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/**
 * The table with the columns the file may hold (`selectExportColumns`): the visible ones the link
 * names (`columns`), else all but those the registered spec hides; never one the spec keeps out of
 * files. Nothing left is the link's fault when it named columns (400), else the host's (500).
 */
function withExportedColumns(table: ExportTable, visible: readonly string[], spec: GridViewSpec | undefined): ExportTable {
  const columns = selectExportColumns(table.columns, { spec: spec?.columns, exportColumns: spec?.exportColumns, visible });
  if (columns.length === 0) {
    if (visible.length > 0) throw apiError('invalid_query', 'None of the columns this link names may be exported.');
    throw new Error('The export has no column to write: the spec hides every column the builder returned, or keeps it out of exports.');
  }
  return columns === table.columns ? table : { ...table, columns: [...columns] };
}

/**
 * The filter reader keeps one value per name and reads any `dir` but `desc` as ascending; for a file
 * download both would silently export something other than what the URL says, so they are refused.
 */
function checkFilterParams(params: URLSearchParams): void {
  refuseRepeatedParams(params, (name) => name === QUERY_SEARCH || name === QUERY_SORT || name === QUERY_DIR || name === 'columns' || name.startsWith(QUERY_FILTER_PREFIX));
  const dir = params.get(QUERY_DIR);
  if (dir !== null && dir !== 'asc' && dir !== 'desc') throw apiError('invalid_query', 'The dir query parameter must be asc or desc.');
}
