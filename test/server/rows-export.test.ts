/**
 * `GET {base}/grid/rows/export/`: CSV, XLSX and PDF of a server-rows grid's whole filtered, sorted
 * set with the visible columns in order, read block by block from the SQL row source (SQLite),
 * equal to the core's local row source over the same rows; caps said in a header and the PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGridExportUrl } from '../../src/core/data-grid/export-url';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import { createGridViewHandler, type GridViewHandler } from '../../src/server/handler';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { readXlsx, XLSX, pdfText } from './export-readers';
import { expectError, get } from './helpers';
import { LOCAL_COLUMNS, makeRows, SQL_COLUMNS, sqliteWith } from './sql-rows-fixture';

const ROWS = makeRows(2_500, 5);
const local = createLocalRowSource(ROWS, LOCAL_COLUMNS.map((c) => ({ ...c, searchable: c.key === 'name' || c.key === 'city' })), { locale: 'en' });
// Number sorts only: text order is the fold's code points in SQLite, the collator's in the core.
const SORT: RowSourceSortItem[] = [{ colId: 'qty', sort: 'asc' }, { colId: 'amount', sort: 'desc' }];
const FILTER: GridFilterModel = { rate: { filterType: 'number', type: 'greaterThan', filter: 0.2 } };
const COLUMNS = ['amount', 'id', 'name'];

let handler: GridViewHandler;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await sqliteWith(ROWS);
  close = opened.close;
  const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, searchable: ['name', 'city'], tieBreaker: 'id', maxBlock: 400 });
  const capped = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, searchable: ['name', 'city'], tieBreaker: 'id' });
  handler = createGridViewHandler({
    rowSources: { orders: { source, exportTitle: 'Orders' }, capped: { source: capped, exportCaps: { csv: 10, xlsx: 20, pdf: 15 } } },
    throttle: false,
    onError: () => undefined,
  });
});
afterAll(async () => {
  await close?.();
});

const exportUrl = (gridId: string, format: string, state = { sortModel: SORT, filterModel: FILTER, quickFilter: '', columns: COLUMNS }) =>
  buildGridExportUrl(`/grid/rows/export/?grid_id=${gridId}&format=${format}`, state)!;

const expected = () => local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: SORT, filterModel: FILTER, quickFilter: '' }).rows;

/** RFC 4180 parsing of the test's CSV (quoted fields may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let field = '';
  let line: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      line.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      line.push(field);
      lines.push(line);
      line = [];
      field = '';
      i++;
    } else field += c;
  }
  return lines;
}

describe('rows export route', () => {
  it('streams a CSV of the whole filtered, sorted set with the visible columns in order, as the local source gives it', async () => {
    const response = (await handler(get(exportUrl('orders', 'csv'))))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('Orders.csv');
    expect(response.headers.get('x-grid-view-truncated')).toBeNull();
    expect(response.body).toBeInstanceOf(ReadableStream);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte order mark first, so spreadsheet programs read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsv(new TextDecoder().decode(bytes));
    // Labels of the source's columns (the fixture gives `id` none: its key).
    expect(header).toEqual(['Amount', 'id', 'Name']);
    const want = expected();
    expect(lines.map((l) => Number(l[1]))).toEqual(want.map((r) => r.id));
    // Names as stored, neutralised for spreadsheets (none of the fixture's starts with = + - @).
    expect(lines.map((l) => l[2])).toEqual(want.map((r) => r.name ?? ''));
  });

  it('cuts at the registration’s cap and says so in X-Grid-View-Truncated', async () => {
    const response = (await handler(get(exportUrl('capped', 'csv'))))!;
    const total = expected().length;
    expect(response.headers.get('x-grid-view-truncated')).toBe(`10/${total}`);
    const lines = parseCsv(await response.text());
    expect(lines).toHaveLength(11);
    expect(lines.slice(1).map((l) => Number(l[1]))).toEqual(expected().slice(0, 10).map((r) => r.id));
  });

  it('writes the same rows into an XLSX with numeric cells', async () => {
    const response = (await handler(get(exportUrl('orders', 'xlsx'))))!;
    expect(response.status).toBe(200);
    const book = readXlsx(new Uint8Array(await response.arrayBuffer()));
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false });
    const body = matrix.filter((row) => typeof row[1] === 'number');
    expect(body.map((row) => row[1])).toEqual(expected().map((r) => r.id));
  });

  it('writes a capped PDF whose note gives the real total', async () => {
    const response = (await handler(get(exportUrl('capped', 'pdf'))))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const total = expected().length;
    expect(response.headers.get('x-grid-view-truncated')).toBe(`15/${total}`);
    expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(`Showing the first 15 of ${total} rows.`);
  });

  it('answers coded errors for a missing or unknown grid, a bad format and bad grid parameters', async () => {
    await expectError(await handler(get('/grid/rows/export/?format=csv')), 400, /grid_id/, 'invalid_query');
    await expectError(await handler(get('/grid/rows/export/?grid_id=orders&format=docx')), 400, /format/, 'invalid_query');
    await expectError(await handler(get('/grid/rows/export/?grid_id=nope&format=csv')), 404, /grid/, 'unknown_grid');
    await expectError(await handler(get('/grid/rows/export/?grid_id=orders&format=csv&filter=%7Bnot%20json')), 400, undefined, 'invalid_query');
    await expectError(await handler(get('/grid/rows/export/?grid_id=orders&format=csv&sort=nope')), 400, undefined, 'invalid_rows_request');
  });
});
