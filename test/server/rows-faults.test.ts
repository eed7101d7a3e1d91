/**
 * The SQL row source when its database fails: a closed better-sqlite3 connection (the driver throws
 * a `TypeError` for it) is a database fault like any other, answered 503 `service_unavailable` with
 * `Retry-After` on every rows route and the rows export, never 500. A connection that lacks the fold
 * function is the application's setup bug and stays a 500.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/errors';
import { createGridViewHandler } from '../../src/server/handler';
import { registerSqliteFunctions } from '../../src/server/rows/sql-text';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { expectError, get, postJson } from './helpers';
import { makeRows, SQL_COLUMNS, type OrdersDatabase } from './sql-rows-fixture';

const QUERY = { sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: { qty: { filterType: 'number', type: 'lessThan', filter: 10 } }, quickFilter: 'kyiv' };

async function openOrders(options: { fold?: boolean } = {}): Promise<{ database: Database.Database; db: Kysely<OrdersDatabase> }> {
  const database = new Database(':memory:');
  if (options.fold !== false) registerSqliteFunctions(database);
  database.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount REAL, qty INTEGER NOT NULL, rate REAL, ordered_on TEXT)');
  const insert = database.prepare('INSERT INTO orders VALUES (@id, @name, @city, @amount, @qty, @rate, @ordered_on)');
  for (const row of makeRows(50)) insert.run(row);
  return { database, db: new Kysely<OrdersDatabase>({ dialect: new SqliteDialect({ database }) }) };
}

describe('SQL row source under database faults', () => {
  const opened: Kysely<OrdersDatabase>[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy().catch(() => undefined);
  });

  it('rejects with HttpError 503 service_unavailable when the better-sqlite3 connection was closed', async () => {
    const { database, db } = await openOrders();
    opened.push(db);
    const source = createSqlRowSource({ db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
    await expect(source.getRows({ startRow: 0, endRow: 10, ...QUERY } as never)).resolves.toMatchObject({ lastRow: expect.any(Number) });
    database.close();
    const failure = await source.getRows({ startRow: 0, endRow: 10, ...QUERY } as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect((failure as HttpError).cause).toBeInstanceOf(TypeError);
  });

  it('answers 503 with Retry-After on rows, values, aggregate and the rows export after the connection closed, never 500', async () => {
    const { database, db } = await openOrders();
    opened.push(db);
    const source = createSqlRowSource({ db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
    const logged: unknown[] = [];
    const handler = createGridViewHandler({
      rowSources: { orders: { source, kpis: [{ label: 'Orders', aggregate: 'count' }] } },
      rowsThrottle: false,
      throttle: false,
      onError: (error) => logged.push(error),
    });
    expect((await handler(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 10, ...QUERY })))?.status).toBe(200);
    database.close();
    const answers = [
      await handler(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 10, ...QUERY })),
      await handler(postJson('/grid/values/', { grid_id: 'orders', colId: 'city', filterModel: null, quickFilter: '' })),
      await handler(postJson('/grid/aggregate/', { grid_id: 'orders', filterModel: null, quickFilter: '' })),
      await handler(get('/grid/rows/export/?grid_id=orders&format=csv')),
    ];
    for (const answer of answers) {
      await expectError(answer, 503, undefined, 'service_unavailable');
      expect(answer?.headers.get('Retry-After')).toBe('5');
    }
    expect(logged).toHaveLength(answers.length);
  });

  it('answers 500 internal_error when the SQLite connection lacks the fold function (a setup bug, not a fault)', async () => {
    const { db } = await openOrders({ fold: false });
    opened.push(db);
    const source = createSqlRowSource({ db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
    const failure = await source.getRows({ startRow: 0, endRow: 10, ...QUERY } as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(String((failure as Error).message)).toMatch(/registerSqliteFunctions/);
    const handler = createGridViewHandler({ rowSources: { orders: source }, rowsThrottle: false, onError: () => undefined });
    await expectError(await handler(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 10, ...QUERY })), 500, undefined, 'internal_error');
  });
});
