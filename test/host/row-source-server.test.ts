/**
 * `createRowSource` with the real `fetch` against the real handler (`toNodeHandler` on a socket) over
 * a SQLite file: what the browser's grid gets is what the core's local row source gives over the
 * same rows, for blocks, values and aggregates; a database that goes away surfaces a 503.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import { resolveKpis } from '../../src/core/kpi';
import type { KpiSpecWire } from '../../src/core/types';
import { createRowSource } from '../../src/host/row-source';
import { HostError } from '../../src/host/errors';
import { toNodeHandler } from '../../src/server/adapters/node';
import { createGridViewHandler } from '../../src/server/handler';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { registerSqliteFunctions } from '../../src/server/rows/sql-text';
import { LOCAL_COLUMNS, makeRows, SQL_COLUMNS, type OrdersDatabase } from '../server/sql-rows-fixture';

const ROWS = makeRows(2_000, 21);
const TEXT_SEARCH = ['name', 'city'];
const local = createLocalRowSource(
  ROWS,
  LOCAL_COLUMNS.map((c) => ({ ...c, searchable: TEXT_SEARCH.includes(c.key) })),
  { locale: 'en' },
);
const KPIS: KpiSpecWire[] = [
  { label: 'Orders', aggregate: 'count' },
  { label: 'Revenue', aggregate: 'sum', column_key: 'amount', format: 'currency' },
  { label: 'Median', aggregate: 'median', column_key: 'amount' },
];

const dir = mkdtempSync(join(tmpdir(), 'gv-row-source-'));
let database: Database.Database;
let db: Kysely<OrdersDatabase>;
let server: Server;
let base: string;

beforeAll(async () => {
  database = new Database(join(dir, 'orders.db'));
  registerSqliteFunctions(database);
  db = new Kysely<OrdersDatabase>({ dialect: new SqliteDialect({ database }) });
  await sql.raw('CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount REAL, qty INTEGER NOT NULL, rate REAL, ordered_on TEXT)').execute(db);
  for (let i = 0; i < ROWS.length; i += 500) await db.insertInto('orders').values(ROWS.slice(i, i + 500)).execute();
  const source = createSqlRowSource({ db, table: 'orders', columns: SQL_COLUMNS, searchable: TEXT_SEARCH, tieBreaker: 'id' });
  const handler = createGridViewHandler({ baseUrl: '/api', rowSources: { orders: { source, kpis: KPIS, locale: 'en' } }, onError: () => undefined });
  server = createServer(toNodeHandler(handler));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}/api`;
});

afterAll(async () => {
  server?.close();
  await db?.destroy().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('createRowSource against the handler over a SQLite file', () => {
  it('pages a filtered, multi-sorted result exactly as the local row source does, with no repeats or gaps', async () => {
    const source = createRowSource({ url: base, gridId: 'orders' });
    // Number columns only: text order is the fold's code points in SQLite, the collator's in the core.
    const sortModel: RowSourceSortItem[] = [{ colId: 'qty', sort: 'desc' }, { colId: 'rate', sort: 'asc' }];
    const filterModel: GridFilterModel = { amount: { filterType: 'number', type: 'greaterThan', filter: 0 } };
    const expected = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel, filterModel, quickFilter: '' });
    const seen: number[] = [];
    for (let start = 0; ; start += 100) {
      const result = await source.getRows({ startRow: start, endRow: start + 100, sortModel, filterModel, quickFilter: '', columns: ['id', 'qty'] });
      seen.push(...result.rows.map((row) => row.id as number));
      expect(result.lastRow).toBe(expected.lastRow);
      if (start + 100 >= result.lastRow) break;
    }
    expect(seen).toEqual(expected.rows.map((row) => row.id));
  });

  it('answers the values checklist and the aggregates of the whole filtered set as the core does', async () => {
    const source = createRowSource({ url: base, gridId: 'orders' });
    const filterModel: GridFilterModel = { qty: { filterType: 'number', type: 'lessThan', filter: 10 } };
    const values = await source.getValues({ colId: 'city', filterModel, quickFilter: 'kyiv' });
    const localValues = local.valuesNow({ colId: 'city', filterModel, quickFilter: 'kyiv' });
    expect(values.empty).toBe(localValues.empty);
    expect(new Map(values.values.map((v) => [v.value, v.count]))).toEqual(new Map(localValues.values.map((v) => [v.value, v.count])));
    const aggregates = await source.getAggregates({ sortModel: [], filterModel, quickFilter: '' });
    const shown = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter: '' }).rows;
    expect(aggregates.kpis.map((k) => k.display)).toEqual(resolveKpis(KPIS, shown, { locale: 'en' }).map((k) => k.display));
    expect(aggregates.rowCount).toBe(shown.length);
  });

  it('surfaces the handler’s 400 for a request the server refuses, without retrying', async () => {
    const source = createRowSource({ url: base, gridId: 'orders' });
    const error = await source.getRows({ startRow: 0, endRow: 10, sortModel: [{ colId: 'nope', sort: 'asc' }], filterModel: null, quickFilter: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostError);
    expect(error).toMatchObject({ code: 'http', status: 400, serverCode: 'invalid_rows_request' });
  });

  it('aborts a superseded block on the wire and still answers the new one', async () => {
    const source = createRowSource({ url: base, gridId: 'orders' });
    const old = source.getRows({ startRow: 0, endRow: 100, sortModel: [], filterModel: null, quickFilter: 'kyiv', columns: ['id'] });
    const fresh = source.getRows({ startRow: 0, endRow: 100, sortModel: [], filterModel: null, quickFilter: 'lviv', columns: ['id'] });
    await expect(old).rejects.toMatchObject({ code: 'aborted' });
    const expected = local.rowsNow({ startRow: 0, endRow: 100, sortModel: [], filterModel: null, quickFilter: 'lviv' });
    expect((await fresh).rows.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
  });

  // Last: it takes the table away.
  it('surfaces the 503 of a failing database once its Retry-After exceeds the longest wait', async () => {
    const source = createRowSource({ url: base, gridId: 'orders', maxRetryDelayMs: 1000 });
    database.exec('ALTER TABLE orders RENAME TO orders_gone');
    const error = await source.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel: null, quickFilter: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'http', status: 503, serverCode: 'service_unavailable', retryAfterMs: 5000 });
  });
});
