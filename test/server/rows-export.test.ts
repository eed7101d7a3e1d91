/**
 * `GET {base}/grid/rows/export/` on SQLite and a real PostgreSQL: CSV, XLSX and PDF of a server-rows
 * grid's whole filtered, sorted set with the visible columns in order, read block by block from the
 * SQL row source, equal to the core's local row source over the same rows; past a cap the file says
 * so itself (CSV last record, XLSX row under the table, PDF line), in the registration's language,
 * and the answer in a header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGridExportUrl } from '../../src/core/data-grid/export-url';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import { createGridViewHandler, type GridViewHandler } from '../../src/server/handler';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { readXlsx, XLSX, pdfText } from './export-readers';
import { expectError, get } from './helpers';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { parseCsv } from './sql-rows-csv';
import { LOCAL_COLUMNS, makeRows, SQL_COLUMNS, fixtureBackends, type FixtureDatabase } from './sql-rows-fixture';

const pgState = await ensurePostgres();
const ROWS = makeRows(2_500, 5);
const local = createLocalRowSource(ROWS, LOCAL_COLUMNS.map((c) => ({ ...c, searchable: c.key === 'name' || c.key === 'city' })), { locale: 'en' });
// Number sorts only: text order is the fold's code points in SQLite, the collator's in the core.
const SORT: RowSourceSortItem[] = [{ colId: 'qty', sort: 'asc' }, { colId: 'amount', sort: 'desc' }];
const FILTER: GridFilterModel = { rate: { filterType: 'number', type: 'greaterThan', filter: 0.2 } };
const COLUMNS = ['amount', 'id', 'name'];

const exportUrl = (gridId: string, format: string, state = { sortModel: SORT, filterModel: FILTER, quickFilter: '', columns: COLUMNS }) =>
  buildGridExportUrl(`/grid/rows/export/?grid_id=${gridId}&format=${format}`, state)!;

const expected = () => local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: SORT, filterModel: FILTER, quickFilter: '' }).rows;

const backends = fixtureBackends(pgState, ROWS);

for (const backend of backends) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  describe.skipIf(skip)(`rows export route on ${backend.name}`, () => {
    let handler: GridViewHandler;
    let opened: FixtureDatabase;

    beforeAll(async () => {
      opened = await backend.open();
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, searchable: ['name', 'city'], tieBreaker: 'id', maxBlock: 400 });
      const capped = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, searchable: ['name', 'city'], tieBreaker: 'id' });
      handler = createGridViewHandler({
        rowSources: {
          orders: { source, exportTitle: 'Orders' },
          capped: { source: capped, exportCaps: { csv: 10, xlsx: 20, pdf: 15 } },
          'capped-uk': { source: capped, exportCaps: { csv: 10, xlsx: 20, pdf: 15 }, locale: 'uk' },
          // The spec's columns: the city hidden until the reader shows it, the quantity never exported.
          described: {
            source: capped,
            columns: [
              { key: 'city', label: 'City', hidden: true },
              { key: 'qty', label: 'Qty', format: 'number', exportable: false },
            ],
          },
        },
        throttle: false,
        onError: () => undefined,
      });
    });
    afterAll(async () => {
      await opened?.close();
    });

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
      // Six blocks of 400: the tie-breaker keeps them disjoint and complete.
      expect(want.length).toBeGreaterThan(1600);
      expect(lines.map((l) => Number(l[1]))).toEqual(want.map((r) => r.id));
      expect(lines.map((l) => (l[0] === '' ? null : Number(l[0])))).toEqual(want.map((r) => r.amount));
      // Names as stored, neutralised for spreadsheets (none of the fixture's starts with = + - @).
      expect(lines.map((l) => l[2])).toEqual(want.map((r) => r.name ?? ''));
    });

    it('cuts a CSV at the registration’s cap and says so in its last record and in X-Grid-View-Truncated', async () => {
      const response = (await handler(get(exportUrl('capped', 'csv'))))!;
      const total = expected().length;
      expect(response.headers.get('x-grid-view-truncated')).toBe(`10/${total}`);
      const lines = parseCsv(await response.text());
      expect(lines).toHaveLength(12);
      expect(lines.slice(1, 11).map((l) => Number(l[1]))).toEqual(expected().slice(0, 10).map((r) => r.id));
      // The note has the header's number of fields, so the file stays a table.
      expect(lines[11]).toEqual([`Showing the first 10 of ${total.toLocaleString('en')} rows.`, '', '']);
    });

    it('says the cap in the registration’s language', async () => {
      const total = expected().length;
      const totalText = new Intl.NumberFormat('uk').format(total);
      const csv = parseCsv(await (await handler(get(exportUrl('capped-uk', 'csv'))))!.text());
      expect(csv.at(-1)?.[0]).toBe(`Показано перші 10 з ${totalText} рядків.`);
      const book = readXlsx(new Uint8Array(await (await handler(get(exportUrl('capped-uk', 'xlsx'))))!.arrayBuffer()));
      const matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: true });
      expect(matrix.at(-1)).toEqual([`Показано перші 20 з ${totalText} рядків.`]);
      const pdf = pdfText(new Uint8Array(await (await handler(get(exportUrl('capped-uk', 'pdf'))))!.arrayBuffer()));
      expect(pdf.replace(/\s+/g, ' ')).toContain(`Показано перші 15 з ${totalText.replace(/\s/g, ' ')} рядків.`);
    });

    it('writes the same rows into an XLSX with numeric cells, and nothing under them when nothing was cut', async () => {
      const response = (await handler(get(exportUrl('orders', 'xlsx'))))!;
      expect(response.status).toBe(200);
      const book = readXlsx(new Uint8Array(await response.arrayBuffer()));
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: true });
      expect(matrix[0]).toEqual(['Amount', 'id', 'Name']);
      expect(matrix.slice(1).map((row) => row[1])).toEqual(expected().map((r) => r.id));
      expect(matrix.slice(1).map((row) => row[0] ?? null)).toEqual(expected().map((r) => r.amount));
    });

    it('cuts an XLSX at its cap with a note two rows under the table', async () => {
      const response = (await handler(get(exportUrl('capped', 'xlsx'))))!;
      const total = expected().length;
      expect(response.headers.get('x-grid-view-truncated')).toBe(`20/${total}`);
      const book = readXlsx(new Uint8Array(await response.arrayBuffer()));
      const matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: true });
      expect(matrix).toHaveLength(23);
      expect(matrix.slice(1, 21).map((row) => row[1])).toEqual(expected().slice(0, 20).map((r) => r.id));
      expect(matrix[21]).toEqual([]);
      expect(matrix[22]).toEqual([`Showing the first 20 of ${total.toLocaleString('en')} rows.`]);
    });

    it('writes a capped PDF whose note gives the real total', async () => {
      const response = (await handler(get(exportUrl('capped', 'pdf'))))!;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const total = expected().length;
      expect(response.headers.get('x-grid-view-truncated')).toBe(`15/${total}`);
      expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(`Showing the first 15 of ${total.toLocaleString('en')} rows.`);
    });

    it('gives numbers, percents and dates the number formats the grid shows', async () => {
      const book = readXlsx(new Uint8Array(await (await handler(get(exportUrl('orders', 'xlsx', { sortModel: [{ colId: 'id', sort: 'asc' }], filterModel: {}, quickFilter: '', columns: ['id', 'amount', 'rate', 'ordered_on'] }))))!.arrayBuffer()));
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      const rows = ROWS.slice(0, 400);
      const at = (column: string, i: number) => sheet[`${column}${i + 2}`];
      const amount = rows.findIndex((r) => r.amount !== null && Math.round(Math.abs(r.amount) * 100) % 10 !== 0);
      expect(at('B', amount)).toMatchObject({ t: 'n', v: rows[amount]!.amount, z: '#,##0.00' });
      const rate = rows.findIndex((r) => r.rate !== null && r.rate > 0);
      expect(at('C', rate)).toMatchObject({ t: 'n', v: rows[rate]!.rate, z: expect.stringMatching(/^#,##0\.0{1,2}%$/) });
      const day = rows.findIndex((r) => r.ordered_on !== null && r.ordered_on.length === 10);
      expect(at('D', day)).toMatchObject({ t: 'n', z: 'yyyy-mm-dd', w: rows[day]!.ordered_on });
      const time = rows.findIndex((r) => r.ordered_on !== null && r.ordered_on.length > 10);
      expect(at('D', time)).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss', w: rows[time]!.ordered_on });
    });

    it('leaves out the columns the registration hides (unless the link shows them) and those it keeps out of exports', async () => {
      const header = async (columns: string[]) =>
        parseCsv(await (await handler(get(exportUrl('described', 'csv', { sortModel: [], filterModel: {}, quickFilter: '', columns }))))!.text())[0];
      expect(await header([])).toEqual(['id', 'Name', 'Amount', 'Rate', 'Ordered']);
      expect(await header(['city', 'qty', 'id'])).toEqual(['City', 'id']);
      await expectError(await handler(get(exportUrl('described', 'xlsx', { sortModel: [], filterModel: {}, quickFilter: '', columns: ['qty'] }))), 400, /may be exported/, 'invalid_query');
    });

    it('answers coded errors for a missing or unknown grid, a bad format and bad grid parameters', async () => {
      await expectError(await handler(get('/grid/rows/export/?format=csv')), 400, /grid_id/, 'invalid_query');
      await expectError(await handler(get('/grid/rows/export/?grid_id=orders&format=docx')), 400, /format/, 'invalid_query');
      await expectError(await handler(get('/grid/rows/export/?grid_id=nope&format=csv')), 404, /grid/, 'unknown_grid');
      await expectError(await handler(get('/grid/rows/export/?grid_id=orders&format=csv&filter=%7Bnot%20json')), 400, undefined, 'invalid_query');
      await expectError(await handler(get('/grid/rows/export/?grid_id=orders&format=csv&sort=nope')), 400, undefined, 'invalid_rows_request');
      await expectError(await handler(get(`/grid/rows/export/?grid_id=orders&format=csv&q=${'x'.repeat(1001)}`)), 400, /longer than 1000/, 'invalid_query');
    });
  });
}
