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
import { checkExportTable, contentDisposition, exportFileName } from '../exports/table';
import { buildXlsx, XLSX_CONTENT_TYPE } from '../exports/xlsx';
import { PDF_EXPORT, XLSX_EXPORT, requireExportPackages, writeExport } from '../exports/packages';
import { refuseRepeatedParams, singleQueryValue } from '../query';

/**
 * Runs a registered builder and answers with the file. Order of checks: no builder registered for
 * the format at all (404: the route does not exist yet, whatever the query says), `builder` missing,
 * empty or repeated (400), no builder under that key (404), a filter parameter (`q`, `sort`, `dir`,
 * `f_<key>`) repeated or `dir` other than `asc`/`desc` (400), `authorize` (403), throttle (429), the
 * format's optional packages (501 `export_unavailable`, see `exports/packages.ts`; the packages a
 * table's charts need are found when the file is written); then the builder runs. `HEAD` never gets here (405 in the handler), so only a real download runs a
 * builder or counts against the throttle.
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
  const table = checkExportTable(
    await registered.builder({ request, params: url.searchParams, filterState, subject, host, format, builder: key }),
    key,
  );
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
 * The filter reader keeps one value per name and reads any `dir` but `desc` as ascending; for a file
 * download both would silently export something other than what the URL says, so they are refused.
 */
function checkFilterParams(params: URLSearchParams): void {
  refuseRepeatedParams(params, (name) => name === QUERY_SEARCH || name === QUERY_SORT || name === QUERY_DIR || name.startsWith(QUERY_FILTER_PREFIX));
  const dir = params.get(QUERY_DIR);
  if (dir !== null && dir !== 'asc' && dir !== 'desc') throw apiError('invalid_query', 'The dir query parameter must be asc or desc.');
}
