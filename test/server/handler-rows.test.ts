/**
 * The rows routes of the handler (`/grid/rows/`, `/grid/values/`, `/grid/aggregate/`) over SQLite
 * and a real PostgreSQL: answers, errors, guards, and an injection corpus in every field, column
 * name, sort key and filter type that answers 400 or matches literally, never 5xx, never a changed
 * table.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { resolveKpis } from '../../src/core/kpi';
import type { KpiSpecWire } from '../../src/core/types';
import { createGridViewHandler, type GridViewHandler } from '../../src/server/handler';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { expectError, jsonOf, postJson, postRaw, get, ORIGIN } from './helpers';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';
import { LOCAL_COLUMNS, makeRows, postgresWith, SQL_COLUMNS, sqliteWith, type OrdersDatabase } from './sql-rows-fixture';
import type { Kysely } from 'kysely';

const pgState = await ensurePostgres();
const ROWS = makeRows(600, 7);
// Only text columns are searched: a text term on a number column reads the number as the browser
// shows it ("29%") there and as the database writes it ("0.29") in SQL, a documented difference.
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

function localIds(filterModel: GridFilterModel | null, quickFilter: string): number[] {
  return local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter }).rows.map((r) => r.id);
}

/** Strings that break naive SQL, LIKE patterns, JSON or databases. */
const CORPUS: string[] = [
  "'",
  "''",
  '"',
  "' OR '1'='1",
  "x'; DROP TABLE orders; --",
  '"; DELETE FROM orders; --',
  '/* comment */',
  '-- comment',
  '%',
  '%%',
  '_',
  '\\',
  '\\%',
  '\\_',
  '[a-z]*',
  ') OR (1=1',
  '$1',
  '?',
  'Київ',
  'КИЇВ',
  'café',
  '🙂',
  'a\u0000b',
  '\ud800',
  'x'.repeat(100_000),
];

interface Opened {
  db: Kysely<OrdersDatabase>;
  close: () => Promise<void>;
}

const backends: { name: string; open: () => Promise<Opened> }[] = [
  { name: 'sqlite', open: () => sqliteWith(ROWS) },
  {
    name: 'postgres',
    open: async () => {
      if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
      const schema = await createTestSchema(pgState.url);
      const opened = await postgresWith(schema.url, ROWS);
      return {
        db: opened.db,
        close: async () => {
          await opened.close();
          await schema.drop();
        },
      };
    },
  },
];

for (const backend of backends) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  describe.skipIf(skip)(`rows routes on ${backend.name}`, () => {
    let opened: Opened;
    let handler: GridViewHandler;
    const rows = (body: unknown) => handler(postJson('/grid/rows/', body));

    /** Row count and a checksum of the table: an injection that wrote anything changes them. */
    const fingerprint = async () => {
      const result = await sql<{ n: number | string; s: number | string }>`SELECT COUNT(*) AS n, SUM(id * 7 + qty) AS s FROM orders`.execute(opened.db);
      return { n: Number(result.rows[0]?.n), s: Number(result.rows[0]?.s) };
    };

    beforeAll(async () => {
      opened = await backend.open();
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, searchable: TEXT_SEARCH, tieBreaker: 'id', maxBlock: 1000 });
      handler = createGridViewHandler({
        rowSources: { orders: { source, kpis: KPIS, locale: 'en' } },
        maxBodyBytes: 1_000_000,
        rowsThrottle: false,
        onError: () => undefined,
      });
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('answers a block with rows and lastRow', async () => {
      const { status, body } = await jsonOf(await rows({ grid_id: 'orders', startRow: 0, endRow: 5, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: null, quickFilter: 'kyiv', columns: ['id', 'amount'] }));
      expect(status).toBe(200);
      const expected = local.rowsNow({ startRow: 0, endRow: 5, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: null, quickFilter: 'kyiv' });
      expect(body).toEqual({ status: 'ok', rows: expected.rows.map((r) => ({ id: r.id, amount: r.amount })), lastRow: expected.lastRow });
    });

    it('answers the values checklist and the aggregates', async () => {
      const values = await jsonOf(await handler(postJson('/grid/values/', { grid_id: 'orders', colId: 'city', filterModel: null, quickFilter: '' })));
      expect(values.status).toBe(200);
      expect(values.body.empty).toBe(local.valuesNow({ colId: 'city', filterModel: null, quickFilter: '' }).empty);
      const filterModel: GridFilterModel = { qty: { filterType: 'number', type: 'lessThan', filter: 10 } };
      const aggregate = await jsonOf(await handler(postJson('/grid/aggregate/', { grid_id: 'orders', filterModel, quickFilter: '' })));
      expect(aggregate.status).toBe(200);
      const expected = resolveKpis(KPIS, local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter: '' }).rows, { locale: 'en' });
      expect((aggregate.body.kpis as { display: string }[]).map((k) => k.display)).toEqual(expected.map((k) => k.display));
      expect(aggregate.body.charts).toEqual([]);
    });

    it('answers coded errors: unknown grid 404, wrong method 405, wrong content type 415, bad JSON and bad requests 400', async () => {
      await expectError(await rows({ grid_id: 'nope', startRow: 0, endRow: 5 }), 404, /grid/, 'unknown_grid');
      await expectError(await rows({ grid_id: '__proto__', startRow: 0, endRow: 5 }), 404, undefined, 'unknown_grid');
      await expectError(await rows({ startRow: 0, endRow: 5 }), 400, /grid_id/, 'invalid_rows_request');
      await expectError(await handler(get('/grid/rows/')), 405, undefined, 'method_not_allowed');
      await expectError(await handler(postRaw('/grid/rows/', '{}', { 'Content-Type': 'text/plain', Origin: ORIGIN })), 415);
      await expectError(await handler(postRaw('/grid/rows/', '{"grid_id":', { 'Content-Type': 'application/json' })), 400, undefined, 'invalid_body');
      await expectError(await rows({ grid_id: 'orders', startRow: 0, endRow: 5, sortModel: [{ colId: 'nope', sort: 'asc' }] }), 400, /unknown column/, 'invalid_rows_request');
      await expectError(await handler(postJson('/grid/values/', { grid_id: 'orders', colId: 'nope' })), 400, undefined, 'invalid_rows_request');
      await expectError(await handler(postJson('/grid/aggregate/', { grid_id: 'orders', filterModel: { amount: { filterType: 'text', type: 'bogus', filter: 'x' } } })), 400, undefined, 'invalid_rows_request');
    });

    it('answers 404 on every rows route while no row source is registered', async () => {
      const bare = createGridViewHandler();
      for (const path of ['/grid/rows/', '/grid/values/', '/grid/aggregate/']) await expectError(await bare(postJson(path, { grid_id: 'orders' })), 404, undefined, 'not_found');
    });

    it('asks authorize with the route and grid, and throttles per caller and grid', async () => {
      const asked: unknown[] = [];
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
      const guarded = createGridViewHandler({
        rowSources: { orders: source, other: source },
        authorize: ({ route, gridId }) => {
          asked.push([route, gridId]);
          return gridId === 'orders';
        },
        rowsThrottle: { limit: 2, windowMs: 60_000 },
      });
      await expectError(await guarded(postJson('/grid/rows/', { grid_id: 'other', startRow: 0, endRow: 1 })), 403, undefined, 'forbidden');
      expect((await guarded(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 1 })))?.status).toBe(200);
      expect((await guarded(postJson('/grid/values/', { grid_id: 'orders', colId: 'city' })))?.status).toBe(200);
      const limited = await expectError(await guarded(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 1 })), 429, undefined, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(asked).toEqual([
        ['rows', 'other'],
        ['rows', 'orders'],
        ['values', 'orders'],
        ['rows', 'orders'],
      ]);
    });

    it('refuses at creation an aggregate SQL cannot compute as the core does', () => {
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
      expect(() => createGridViewHandler({ rowSources: { orders: { source, kpis: [{ label: 'x', aggregate: 'avg', column_key: 'city' }] } } })).toThrow(TypeError);
    });

    it('answers the injection corpus in every field with 400 or a literal match, never 5xx, and leaves the table unchanged', async () => {
      const before = await fingerprint();
      const statuses = new Set<number>();
      const literal = async (body: Record<string, unknown>, filterModel: GridFilterModel | null, quickFilter: string) => {
        const response = await rows(body);
        expect(response).toBeInstanceOf(Response);
        const status = (response as Response).status;
        statuses.add(status);
        if (status === 200) {
          const answer = (await (response as Response).json()) as { rows: { id: number }[] };
          expect(answer.rows.map((r) => r.id), JSON.stringify(body).slice(0, 300)).toEqual(localIds(filterModel, quickFilter));
        } else {
          expect(status).toBe(400);
          await expectError(response, 400, undefined, 'invalid_rows_request');
        }
      };
      const bad = async (path: string, body: Record<string, unknown>) => {
        const response = await handler(postJson(path, body));
        const status = (response as Response).status;
        statuses.add(status);
        expect([400, 404]).toContain(status);
        await expectError(response, status);
      };
      const block = { grid_id: 'orders', startRow: 0, endRow: 1000 };
      for (const text of CORPUS) {
        await literal({ ...block, quickFilter: text }, null, text);
        for (const type of ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith']) {
          const filterModel = { name: { filterType: 'text', type, filter: text } } as GridFilterModel;
          await literal({ ...block, filterModel }, filterModel, '');
          const onNumbers = { amount: { filterType: 'text', type: 'contains', filter: text } } as GridFilterModel;
          await literal({ ...block, filterModel: onNumbers }, onNumbers, '');
        }
        const values = { city: { filterType: 'values', values: [text, 'Kyiv'] } } as GridFilterModel;
        await literal({ ...block, filterModel: values }, values, '');
        // Names and kinds: column keys, sort keys, directions, filter types, operators, grid ids.
        await bad('/grid/rows/', { ...block, filterModel: { [text]: { filterType: 'text', type: 'contains', filter: 'x' } } });
        await bad('/grid/rows/', { ...block, sortModel: [{ colId: text, sort: 'asc' }] });
        await bad('/grid/rows/', { ...block, sortModel: [{ colId: 'name', sort: text }] });
        await bad('/grid/rows/', { ...block, columns: ['id', text] });
        await bad('/grid/rows/', { ...block, filterModel: { name: { filterType: text, type: 'contains', filter: 'x' } } });
        await bad('/grid/rows/', { ...block, filterModel: { name: { filterType: 'text', type: text, filter: 'x' } } });
        await bad('/grid/rows/', { ...block, filterModel: { name: { filterType: 'text', operator: text, conditions: [{ filterType: 'text', type: 'blank' }] } } });
        await bad('/grid/rows/', { ...block, [text]: 1 });
        await bad('/grid/rows/', { ...block, grid_id: text });
        await bad('/grid/values/', { grid_id: 'orders', colId: text });
        const search = await handler(postJson('/grid/values/', { grid_id: 'orders', colId: 'name', search: text }));
        statuses.add((search as Response).status);
        expect([200, 400]).toContain((search as Response).status);
        await bad('/grid/aggregate/', { grid_id: 'orders', sortModel: [{ colId: text, sort: 'asc' }] });
      }
      expect([...statuses].every((status) => status < 500)).toBe(true);
      expect(await fingerprint()).toEqual(before);
    }, 120_000);
  });
}
