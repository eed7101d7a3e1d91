/**
 * The SQL row source's `lastRow` count cache on SQLite and a real PostgreSQL, with an injected
 * clock and Kysely's query log: a count is reused per filter and search (not per sort or block) for
 * `countCacheMs`, counted again after it, never kept with `countCacheMs: 0`, and counted again when
 * the rows just read contradict it (rows added or removed since). A set larger than `countLimit`
 * answers its first blocks with `lastRow: -1` after counting at most `countLimit + 1` rows, until
 * `aggregate` counts it exactly.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GridFilterModel, RowSourceRequest } from '../../src/core/data-grid/types';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { makeRows, SQL_COLUMNS, fixtureBackends, type FixtureDatabase } from './sql-rows-fixture';

const pgState = await ensurePostgres();
const ROWS = makeRows(2_000, 3);
const QTY_UNDER_5: GridFilterModel = { qty: { filterType: 'number', type: 'lessThan', filter: 5 } };
const KYIV: GridFilterModel = { city: { filterType: 'values', values: ['Kyiv'] } };

const backends = fixtureBackends(pgState, ROWS);

for (const backend of backends) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  describe.skipIf(skip)(`lastRow count cache on ${backend.name}`, () => {
    let opened: FixtureDatabase;
    const statements: string[] = [];
    let clock = 1_000_000;
    /** COUNT statements the source sent since the last reset. */
    const counts = () => statements.filter((text) => /^select COUNT\(\*\) as "n" from/i.test(text)).length;
    const block = (source: SqlRowSource, filterModel: GridFilterModel | null, extra: Partial<RowSourceRequest> = {}) =>
      source.getRows({ startRow: 0, endRow: 50, sortModel: [], filterModel, quickFilter: '', ...extra });
    const rowCount = async (where: string) => Number((await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM cache_rows WHERE ${sql.raw(where)}`.execute(opened.db)).rows[0]?.n);

    beforeAll(async () => {
      opened = await backend.open({ log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      } });
    });
    beforeEach(async () => {
      // A table of its own per test: the tests add and remove rows.
      await sql`DROP TABLE IF EXISTS cache_rows`.execute(opened.db);
      await sql`CREATE TABLE cache_rows AS SELECT * FROM orders`.execute(opened.db);
      statements.length = 0;
      clock = 1_000_000;
    });
    afterAll(async () => {
      await opened?.close();
    });

    const create = (countCacheMs?: number, countLimit?: number) =>
      createSqlRowSource({ db: opened.db, table: 'cache_rows', columns: SQL_COLUMNS, tieBreaker: 'id', maxBlock: 50, countCacheMs, countLimit, now: () => clock });
    /** Statements that counted at most some rows (`… LIMIT ?`), since the last reset. */
    const cappedCounts = () => statements.filter((text) => /^select COUNT\(\*\) as "n" from \(select 1 as "one" from .* limit (\?|\$\d+)\) as "matching"$/i.test(text)).length;

    it('answers lastRow -1 for a set larger than countLimit, counting no further, and the exact count once aggregate has counted it', async () => {
      const source = create(10_000, 100);
      const exact = await rowCount('qty < 5');
      expect(exact).toBeGreaterThan(150);
      const first = await block(source, QTY_UNDER_5, { sortModel: [{ colId: 'amount', sort: 'desc' }] });
      expect(first.rows).toHaveLength(50);
      expect(first.lastRow).toBe(-1);
      expect(counts()).toBe(1);
      expect(cappedCounts()).toBe(1);
      // "More than 100" is kept for countCacheMs: the next blocks of the scroll do not count again.
      expect((await block(source, QTY_UNDER_5, { startRow: 50, endRow: 100 })).lastRow).toBe(-1);
      expect((await block(source, QTY_UNDER_5, { startRow: 100, endRow: 150, sortModel: [{ colId: 'qty', sort: 'asc' }] })).lastRow).toBe(-1);
      expect(counts()).toBe(1);
      // Once it has passed, a block counts again (still capped).
      clock += 10_000;
      expect((await block(source, QTY_UNDER_5, { startRow: 50, endRow: 100 })).lastRow).toBe(-1);
      expect(counts()).toBe(2);
      expect(cappedCounts()).toBe(2);
      const aggregated = await source.aggregate({ sortModel: [], filterModel: QTY_UNDER_5, quickFilter: '' }, {});
      expect(aggregated.rowCount).toBe(exact);
      // The aggregate's exact count replaces the lower bound for the blocks that follow.
      expect((await block(source, QTY_UNDER_5, { startRow: 100, endRow: 150 })).lastRow).toBe(exact);
      expect(counts()).toBe(2);
      // The rows are the same as with an exact count first.
      const exactSource = create(0, Number.POSITIVE_INFINITY);
      expect((await block(exactSource, QTY_UNDER_5, { sortModel: [{ colId: 'amount', sort: 'desc' }] })).rows).toEqual(first.rows);
    });

    it('answers the exact count of a set of at most countLimit rows, and caches it', async () => {
      const source = create(10_000, 2_000);
      const exact = await rowCount('qty < 5');
      expect((await block(source, QTY_UNDER_5)).lastRow).toBe(exact);
      expect(cappedCounts()).toBe(1);
      expect((await block(source, QTY_UNDER_5, { startRow: 50, endRow: 100 })).lastRow).toBe(exact);
      expect(counts()).toBe(1);
    });

    it('counts exactly before answering with countLimit Infinity, and says where the last block ends even with countLimit 0', async () => {
      const exact = await rowCount('qty < 5');
      expect((await block(create(0, Number.POSITIVE_INFINITY), QTY_UNDER_5)).lastRow).toBe(exact);
      expect(counts()).toBe(1);
      expect(cappedCounts()).toBe(0);
      const never = create(0, 0);
      expect((await block(never, QTY_UNDER_5)).lastRow).toBe(-1);
      const tail = await block(never, QTY_UNDER_5, { startRow: exact - 10, endRow: exact + 40 });
      expect(tail.rows).toHaveLength(10);
      expect(tail.lastRow).toBe(exact);
    });

    it('counts the set in aggregate without KPIs too', async () => {
      const source = create(10_000, 10);
      expect(await source.aggregate({ sortModel: [], filterModel: KYIV, quickFilter: '' }, {})).toEqual({ kpis: [], charts: [], rowCount: await rowCount(`city = 'Kyiv'`) });
    });

    it('refuses a countLimit that is not a whole number of rows', () => {
      for (const countLimit of [-1, 1.5, Number.NaN, Number.NEGATIVE_INFINITY]) expect(() => create(0, countLimit)).toThrow(TypeError);
    });

    it('counts a filter once and reuses the count for other sorts and blocks of it, per filter and search', async () => {
      const source = create(10_000);
      const first = await block(source, QTY_UNDER_5);
      expect(counts()).toBe(1);
      expect(first.lastRow).toBe(await rowCount('qty < 5'));
      await block(source, QTY_UNDER_5, { sortModel: [{ colId: 'amount', sort: 'desc' }] });
      await block(source, QTY_UNDER_5, { startRow: 100, endRow: 150 });
      expect(counts()).toBe(1);
      const kyiv = await block(source, KYIV);
      expect(counts()).toBe(2);
      expect(kyiv.lastRow).toBe(await rowCount(`city = 'Kyiv'`));
      await block(source, QTY_UNDER_5, { quickFilter: '-kyiv' });
      expect(counts()).toBe(3);
      // Key order of the filter model does not make another filter.
      const both = { ...QTY_UNDER_5, ...KYIV };
      const reversed = { ...KYIV, ...QTY_UNDER_5 };
      await block(source, both);
      await block(source, reversed);
      expect(counts()).toBe(4);
      await block(source, QTY_UNDER_5);
      expect(counts()).toBe(4);
      // source.count (the export route's) shares the cache.
      expect(await source.count({ filterModel: QTY_UNDER_5, quickFilter: '' })).toBe(first.lastRow);
      expect(counts()).toBe(4);
    });

    it('counts again once countCacheMs has passed, and an added row then shows', async () => {
      const source = create(10_000);
      const before = (await block(source, QTY_UNDER_5)).lastRow;
      await sql`INSERT INTO cache_rows (id, name, city, amount, qty, rate, ordered_on) VALUES (100001, 'new', 'Kyiv', 1, 1, 0.1, '2024-01-01')`.execute(opened.db);
      clock += 9_999;
      expect((await block(source, QTY_UNDER_5)).lastRow).toBe(before);
      expect(counts()).toBe(1);
      clock += 1;
      expect((await block(source, QTY_UNDER_5)).lastRow).toBe(before + 1);
      expect(counts()).toBe(2);
    });

    it('never keeps a count with countCacheMs 0', async () => {
      const source = create(0);
      await block(source, QTY_UNDER_5);
      await block(source, QTY_UNDER_5);
      expect(counts()).toBe(2);
    });

    it('counts again when the rows just read run past a cached count (rows added since)', async () => {
      const source = create(60_000);
      const before = (await block(source, QTY_UNDER_5)).lastRow;
      // 60 more matching rows: the cached count now ends inside the next blocks.
      await sql`INSERT INTO cache_rows (id, name, city, amount, qty, rate, ordered_on) SELECT id + 100000, name, city, amount, 0, rate, ordered_on FROM orders WHERE id <= 60`.execute(opened.db);
      const start = before - 20;
      const answer = await block(source, QTY_UNDER_5, { startRow: start, endRow: start + 50 });
      expect(answer.rows).toHaveLength(50);
      expect(counts()).toBe(2);
      expect(answer.lastRow).toBe(before + 60);
      // The new count is cached in turn.
      await block(source, QTY_UNDER_5, { startRow: 0, endRow: 50 });
      expect(counts()).toBe(2);
    });

    it('answers the exact end when rows were removed since the count, and recounts a block wholly past it', async () => {
      const source = create(60_000);
      const before = (await block(source, QTY_UNDER_5)).lastRow;
      await sql`DELETE FROM cache_rows WHERE qty < 5 AND id > 1000`.execute(opened.db);
      const now = await rowCount('qty < 5');
      expect(now).toBeLessThan(before - 60);
      // The last block says where the set ends, whatever the cache holds.
      const tail = await block(source, QTY_UNDER_5, { startRow: now - 10, endRow: now + 40 });
      expect(tail.rows).toHaveLength(10);
      expect(tail.lastRow).toBe(now);
      // A block past the new end counts again instead of answering the stale count.
      const past = await block(source, QTY_UNDER_5, { startRow: now + 10, endRow: now + 60 });
      expect(past).toEqual({ rows: [], lastRow: now });
      expect(counts()).toBe(2);
    });

    it('keeps at most 256 counts, dropping the oldest first', async () => {
      const source = create(60_000);
      for (let i = 0; i < 257; i++) await block(source, { amount: { filterType: 'number', type: 'greaterThan', filter: i } });
      expect(counts()).toBe(257);
      await block(source, { amount: { filterType: 'number', type: 'greaterThan', filter: 256 } });
      expect(counts()).toBe(257);
      await block(source, { amount: { filterType: 'number', type: 'greaterThan', filter: 0 } });
      expect(counts()).toBe(258);
    });
  });
}
