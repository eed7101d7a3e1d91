/**
 * PostgreSQL, an unsorted block under a filter its own index serves: rows stored in the order of
 * the filtered column (sales by date) sit at one end of the tie-breaker's index, which the planner
 * walks expecting the matches spread along it. The source reads them through the filter's index and
 * sorts them instead (a fenced subquery), when the planner expects few enough rows; a filter no
 * index serves (a search inside texts) or a set too large keeps the walk. Either way the rows are
 * exactly those of the plain statement, at every offset.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { dayIndexExpression } from '../../src/server/rows/sql-filter';
import { createSqlRowSource, type SqlRowSource, type SqlRowSourceColumn } from '../../src/server/rows/sql-row-source';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';

const pgState = await ensurePostgres();
const ROWS = 60_000;
const COLUMNS: SqlRowSourceColumn[] = [
  { key: 'id', type: 'number' },
  { key: 'day', type: 'date', label: 'Day' },
  { key: 'note', type: 'text', label: 'Note' },
  { key: 'amount', type: 'number', label: 'Amount' },
];
/** About the last 4% of the days (AG Grid's range leaves out both ends): rows at the far end of the id order. */
const LATE: GridFilterModel = { day: { filterType: 'date', type: 'inRange', dateFrom: '2025-12-01', dateTo: '2025-12-31' } };
/** Most rows: more than the planner may expect for a sort. */
const MOST: GridFilterModel = { day: { filterType: 'date', type: 'greaterThan', dateFrom: '2024-01-10' } };
/** Inside texts: no index serves it. */
const INSIDE: GridFilterModel = { note: { filterType: 'text', type: 'contains', filter: 'seven' } };

describe.skipIf(!pgState.available && SKIP_PG)('an unsorted filtered block on PostgreSQL', () => {
  let drop: () => Promise<void> = async () => undefined;
  let schemaUrl = '';
  let db: Kysely<unknown>;
  let source: SqlRowSource;
  const statements: string[] = [];
  const blocks = () => statements.filter((s) => /^select "id" as "c0"/.test(s));

  beforeAll(async () => {
    if (!pgState.available) throw new Error(pgState.reason);
    const schema = await createTestSchema(pgState.url);
    drop = schema.drop;
    schemaUrl = schema.url;
    db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 4 }) }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    await sql`CREATE TABLE sales (id INTEGER PRIMARY KEY, day TEXT NOT NULL, note TEXT NOT NULL, amount DOUBLE PRECISION NOT NULL)`.execute(db);
    // Stored by date, as sales arrive: two years, ids in date order; days as ISO text, as the
    // playground's big table keeps them.
    await sql`INSERT INTO sales SELECT g, to_char(DATE '2024-01-01' + (g * 730 / ${ROWS})::int, 'YYYY-MM-DD'), 'note ' || (ARRAY['one','two','seven','nine'])[1 + g % 4], (g * 7919) % 10000 FROM generate_series(1, ${ROWS}) AS g`.execute(db);
    // The index docs/server-rows.md gives a date column (the one the date filter's SQL can use).
    await sql.raw(`CREATE INDEX sales_day ON sales (${dayIndexExpression('postgres', 'day')})`).execute(db);
    await sql`VACUUM ANALYZE sales`.execute(db);
    source = createSqlRowSource({ db, table: 'sales', columns: COLUMNS, tieBreaker: 'id', countCacheMs: 0 });
  });
  beforeEach(() => {
    statements.length = 0;
  });
  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  /** The rows of the set in id order, straight from SQL. */
  async function expected(where: string, start: number, end: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`SELECT id FROM sales WHERE ${sql.raw(where)} ORDER BY id LIMIT ${end - start} OFFSET ${start}`.execute(db);
    return rows.map((row) => row.id);
  }

  it('reads a late month through its index and sorts it, with the rows of the plain statement at every offset', async () => {
    for (const start of [0, 100, 700]) {
      statements.length = 0;
      const { rows } = await source.getRows({ startRow: start, endRow: start + 100, sortModel: [], filterModel: LATE, quickFilter: '' });
      expect(rows.map((row) => row.id)).toEqual(await expected(`day > '2025-12-01' AND day < '2025-12-31'`, start, start + 100));
      expect(blocks()).toHaveLength(1);
      expect(blocks()[0]).toMatch(/from \(select \* from "sales" where .* offset \$\d+\) as "sales"/);
    }
  });

  it('walks the tie-breaker for a set larger than a sort should take, and for a filter no index serves', async () => {
    for (const [filterModel, where] of [
      [MOST, `day > '2024-01-10'`],
      [INSIDE, `note LIKE '%seven%'`],
    ] as const) {
      statements.length = 0;
      const { rows } = await source.getRows({ startRow: 200, endRow: 300, sortModel: [], filterModel, quickFilter: '' });
      expect(rows.map((row) => row.id)).toEqual(await expected(where, 200, 300));
      expect(blocks()).toHaveLength(1);
      expect(blocks()[0]).not.toMatch(/offset \$\d+\) as "sales"/);
    }
  });

  it('leaves sorted blocks and unfiltered ones to the planner', async () => {
    await source.getRows({ startRow: 0, endRow: 100, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: LATE, quickFilter: '' });
    await source.getRows({ startRow: 0, endRow: 100, sortModel: [], filterModel: null, quickFilter: '' });
    expect(blocks()).toHaveLength(2);
    for (const block of blocks()) expect(block).not.toMatch(/offset \$\d+\) as "sales"/);
  });

  it('answers the same rows from a database that cannot EXPLAIN (a PostgreSQL-compatible one without that form), with the plain statements', async () => {
    const refused: string[] = [];
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 2 });
    // A pool whose clients refuse EXPLAIN, as such a database answers it.
    const refusing = {
      connect: async () => {
        const client = await pool.connect();
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        return Object.assign(Object.create(client) as pg.PoolClient, {
          query: (...args: unknown[]) => {
            const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text ?? '';
            if (/^EXPLAIN/i.test(text)) {
              refused.push(text);
              return Promise.reject(new Error('syntax error at or near "FORMAT"'));
            }
            return query(...args);
          },
          release: () => client.release(),
        });
      },
      end: () => pool.end(),
    };
    const other = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: refusing as never }) });
    try {
      const plain = createSqlRowSource({ db: other, table: 'sales', columns: COLUMNS, tieBreaker: 'id', countCacheMs: 0 });
      for (const [filterModel, where] of [
        [LATE, `day > '2025-12-01' AND day < '2025-12-31'`],
        [INSIDE, `note LIKE '%seven%'`],
      ] as const) {
        const { rows } = await plain.getRows({ startRow: 100, endRow: 200, sortModel: [], filterModel, quickFilter: '' });
        expect(rows.map((row) => row.id)).toEqual(await expected(where, 100, 200));
      }
      expect(refused.length).toBeGreaterThan(0);
    } finally {
      await other.destroy();
    }
  });
});
