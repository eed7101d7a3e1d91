/**
 * Exports of a server-rows grid: `GET {base}/grid/rows/export/?grid_id=…&format=csv|xlsx|pdf` with
 * the grid's state as a server export link carries it (`q`, `sorts` or `sort`/`dir`, `filter` or
 * `f_<key>`, `columns`: `buildGridExportUrl`). The rows are the whole filtered, sorted set of the
 * registered row source, read block by block, with the visible columns in their order, less those
 * the registration's spec columns keep out of exports (`selectExportColumns`).
 *
 * @module
 */
import { readGridExportParams } from '../../core/data-grid/export-url';
import { createTranslator } from '../../core/i18n';
import { ROW_SOURCE_REQUEST_LIMITS } from '../../core/data-grid/request';
import type { RowSourceQuery } from '../../core/data-grid/types';
import { neutraliseCell } from '../../core/safety';
import type { Row } from '../../core/types';
import { callerKey } from '../caller';
import type { RequestContext } from '../context';
import { BASE_SECURITY_HEADERS, apiError } from '../errors';
import { buildPdf, PDF_CONTENT_TYPE } from '../exports/pdf';
import { contentDisposition, selectExportColumns } from '../exports/table';
import type { ExportColumn, ExportTable } from '../exports/types';
import { buildXlsx, XLSX_CONTENT_TYPE } from '../exports/xlsx';
import { PDF_EXPORT, XLSX_EXPORT, requireExportPackages, writeExport } from '../exports/packages';
import type { SqlRowSource } from '../rows/sql-row-source';

/** Most rows of a rows export per format unless the registration says otherwise. */
export const DEFAULT_ROWS_EXPORT_CAPS = Object.freeze({ csv: 1_000_000, xlsx: 100_000, pdf: 5_000 });

/** The formats of the rows export. */
export type RowsExportFormat = keyof typeof DEFAULT_ROWS_EXPORT_CAPS;

/**
 * Answers one rows export. Checks, in order: any row source registered (404 `not_found`),
 * `grid_id` and `format` (400 `invalid_query`), a source under it (404 `unknown_grid`), the grid
 * parameters (400 `invalid_query`), `authorize` with route `export_rows` (403), the export throttle
 * (429), the optional packages of XLSX and PDF (501 `export_unavailable`, before any row is read);
 * then the request is validated by the source (400 `invalid_rows_request`).
 *
 * Caps (`exportCaps` of the registration, else `DEFAULT_ROWS_EXPORT_CAPS`; PDF also at most the
 * handler's `pdfMaxRows`): past a cap the file holds the first rows and says so in the
 * registration's language ("Showing the first 10 of 2,500 rows."): the CSV in a last record (the
 * note in the first field, the others empty), the XLSX in a row after an empty row below the table,
 * the PDF in a line above the table; and the answer in `X-Grid-View-Truncated: <written>/<total>`.
 * CSV is streamed a block at a time, never holding the rows; XLSX and PDF are built in memory.
 */
export async function rowsExportRoute(ctx: RequestContext): Promise<Response> {
  const { request, url, options } = ctx;
  const sources = options.rowSources;
  if (Object.keys(sources).length === 0) throw apiError('not_found', 'No row sources are registered.');
  const gridId = url.searchParams.get('grid_id');
  if (gridId === null || gridId === '') throw apiError('invalid_query', 'The grid_id query parameter is required.');
  const format = url.searchParams.get('format');
  if (format !== 'csv' && format !== 'xlsx' && format !== 'pdf') throw apiError('invalid_query', 'The format query parameter must be csv, xlsx or pdf.');
  const registration = Object.prototype.hasOwnProperty.call(sources, gridId) ? sources[gridId] : undefined;
  if (registration === undefined) throw apiError('unknown_grid', `No row source is registered for grid ${JSON.stringify(gridId.slice(0, 100))}.`);
  // The link reader cuts texts to their limit; a longer one is refused rather than searched in part.
  url.searchParams.forEach((value, name) => {
    if ((name === 'q' || name.startsWith('f_')) && value.length > ROW_SOURCE_REQUEST_LIMITS.textLength) {
      throw apiError('invalid_query', `The ${name === 'q' ? 'q' : 'f_…'} parameter is longer than ${ROW_SOURCE_REQUEST_LIMITS.textLength} characters.`);
    }
  });
  const params = readGridExportParams(url.searchParams);
  if (params === null) throw apiError('invalid_query', 'The grid parameters (sorts, filter, sort, dir) are not valid.');
  const subject = await ctx.subject();
  if (options.authorize && !(await options.authorize({ request, route: 'export_rows', subject, gridId }))) {
    throw apiError('forbidden', 'You are not allowed to export these rows.');
  }
  if (options.exportThrottle) {
    const hit = await options.exportThrottle.hit(`${callerKey(request, subject)}\u0000rows-export\u0000${format}\u0000${gridId}`);
    if (!hit.allowed) {
      throw apiError('rate_limited', `Too many exports; try again in ${hit.retryAfterSeconds} s.`, { 'Retry-After': String(hit.retryAfterSeconds) });
    }
  }
  // Before any row is read: a file nobody can write is answered at once (501, and one warning).
  if (format !== 'csv') requireExportPackages(options.warn, request, format === 'pdf' ? PDF_EXPORT : XLSX_EXPORT);
  const { source } = registration;
  // The visible columns the link names, in its order (unknown keys left out: a link may outlive a
  // column); none named: every column the registration's spec columns do not hide. Never one they
  // keep out of exports.
  const columns = selectExportColumns([...source.columns.values()], { spec: registration.columns, visible: params.columns });
  if (columns.length === 0) {
    if (params.columns.length > 0) throw apiError('invalid_query', 'None of the columns this link names may be exported.');
    throw new Error(`Rows export of grid ${JSON.stringify(gridId)}: the registration's columns hide every column of the source, or keep it out of exports.`);
  }
  const query = source.checkQuery(params.query);
  const caps = { ...DEFAULT_ROWS_EXPORT_CAPS, ...registration.exportCaps };
  const cap = format === 'pdf' ? Math.min(caps.pdf, options.pdfMaxRows) : caps[format];
  const total = await source.count(query);
  const written = Math.min(total, cap);
  const title = registration.exportTitle ?? gridId;
  const headers: Record<string, string> = {
    ...BASE_SECURITY_HEADERS,
    ...options.frame.headers,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; ${options.frame.directive}`,
    'Content-Disposition': contentDisposition(`${fileBase(title)}.${format}`),
  };
  // Past a cap the file says so itself (the header is for programs): the CSV's last record, the
  // XLSX's row under the table, the PDF's line above it; in the registration's language.
  let note: string | null = null;
  if (written < total) {
    headers['X-Grid-View-Truncated'] = `${written}/${total}`;
    note = createTranslator({ locale: registration.locale }).plural('export.rows_truncated', total, { shown: written });
  }
  const keys = columns.map((c) => c.key);

  if (format === 'csv') {
    headers['Content-Type'] = 'text/csv; charset=utf-8';
    const blocks = readBlocks(source, query, keys, written);
    const encoder = new TextEncoder();
    // A BOM, so spreadsheet programs read the file as UTF-8 (Cyrillic included).
    let head: string | null = `\uFEFF${csvLine(columns.map((c) => c.label))}`;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (head !== null) {
          controller.enqueue(encoder.encode(head));
          head = null;
          return;
        }
        const next = await blocks.next();
        if (next.done) {
          // The note is a record of its own with the header's number of fields.
          if (note !== null) controller.enqueue(encoder.encode(csvLine([csvCell(note), ...keys.slice(1).map(() => '')])));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(keys.map((key) => csvCell(row[key])))).join('')));
      },
      async cancel() {
        await blocks.return(undefined);
      },
    });
    return new Response(stream, { status: 200, headers });
  }

  const rows: Row[] = [];
  // A truncated PDF reads one row more, so the writer sees the cut and prints its note.
  const wanted = format === 'pdf' && written < total ? written + 1 : written;
  for await (const block of readBlocks(source, query, keys, wanted)) rows.push(...block);
  const table: ExportTable = {
    title,
    columns: columns.map((c): ExportColumn => ({ key: c.key, label: c.label, format: c.format })),
    rows,
    format: { locale: registration.locale, currency: registration.currency },
    ...(note === null ? {} : { note }),
  };
  let bytes: Uint8Array;
  if (format === 'pdf') {
    // The PDF holds all it was given (capped above), and its note gives the real total.
    const pdf = await writeExport(options.warn, request, () => buildPdf({ ...table, truncatedLabel: note ?? undefined }, { maxRows: Math.max(1, written) }));
    bytes = pdf.bytes;
    headers['Content-Type'] = PDF_CONTENT_TYPE;
  } else {
    bytes = (await writeExport(options.warn, request, () => buildXlsx(table))).bytes;
    headers['Content-Type'] = XLSX_CONTENT_TYPE;
  }
  headers['Content-Length'] = String(bytes.byteLength);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** The first `limit` rows of `query`, a source block at a time (the tie-breaker keeps pages disjoint). */
async function* readBlocks(source: SqlRowSource, query: RowSourceQuery, columns: string[], limit: number): AsyncGenerator<Row[], void, undefined> {
  for (let start = 0; start < limit; start += source.maxBlock) {
    const end = Math.min(limit, start + source.maxBlock);
    const { rows } = await source.getRows({ ...query, startRow: start, endRow: end, columns });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < end - start) return;
  }
}

/** A CSV cell: neutralised like every exported spreadsheet cell (a leading `=`, `+`, `-`, `@`, tab or CR). */
function csvCell(value: unknown): string {
  const safe = neutraliseCell(value);
  if (safe === null) return '';
  if (safe instanceof Date) return safe.toISOString();
  return String(safe);
}

/** One CSV line (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. */
function csvLine(fields: readonly string[]): string {
  return `${fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',')}\r\n`;
}

function fileBase(title: string): string {
  const cleaned = [...title]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .trim()
    .slice(0, 100);
  return cleaned === '' ? 'export' : cleaned;
}
