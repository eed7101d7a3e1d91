/**
 * How the SQL row source asks, where that decides its speed on big tables (the answers themselves
 * are checked against the core in sql-rows.test.ts): a categorical column's tests are read once per
 * distinct value and the rows selected by a list of values, which the column's index serves; a test
 * no value passes leaves no condition to scan for; medians and distinct counts take the cheap path.
 * Statements are read from Kysely's query log on SQLite and a real PostgreSQL.
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aggregate } from '../../src/core/kpi';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { type MedianAccumulator, medianResult, medianStep, registerSqliteFunctions } from '../../src/server/rows/sql-text';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { categorical, makeRows, SQL_COLUMNS, fixtureBackends, type FixtureDatabase } from './sql-rows-fixture';

const pgState = await ensurePostgres();
const ROWS = makeRows(3_000, 21);
const KYIV_LVIV: GridFilterModel = { city: { filterType: 'values', values: ['Kyiv', 'Lviv'] } };

const backends = fixtureBackends(pgState, ROWS);

describe('grid_view_median, the SQLite median aggregate', () => {
  it('gives the core’s median of the finite numbers it sees, growing past its first buffer, and null for none', () => {
    const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2000 - 1000;
    const next = random(7);
    for (const size of [1, 2, 3, 64, 65, 1000, 1001]) {
      const numbers = Array.from({ length: size }, () => Math.round(next() * 100) / 100);
      let total: MedianAccumulator = { values: new Float64Array(64), length: 0 };
      for (const value of [...numbers, null, 'text', Number.NaN, Number.POSITIVE_INFINITY]) total = medianStep(total, value);
      expect(total.length).toBe(size);
      expect(medianResult(total)).toBe(aggregate('median', numbers));
    }
    expect(medianResult({ values: new Float64Array(64), length: 0 })).toBeNull();
    expect(medianResult(medianStep({ values: new Float64Array(1), length: 0 }, 5n))).toBe(5);
    // Two huge middle values do not overflow, as in the core.
    const huge = [Number.MAX_VALUE, Number.MAX_VALUE].reduce(medianStep, { values: new Float64Array(1), length: 0 });
    expect(medianResult(huge)).toBe(Number.MAX_VALUE);
  });

  it('is registered with the fold and runs per group in SQL', () => {
    const database = new Database(':memory:');
    registerSqliteFunctions(database);
    database.exec("CREATE TABLE t (g TEXT, x REAL); INSERT INTO t VALUES ('a', 1), ('a', 4), ('a', NULL), ('b', 7), ('b', 'x'), ('c', NULL)");
    expect(database.prepare('SELECT g, grid_view_median(x) AS m FROM t GROUP BY g ORDER BY g').all()).toEqual([
      { g: 'a', m: 2.5 },
      { g: 'b', m: 7 },
      { g: 'c', m: null },
    ]);
    database.close();
  });
});

for (const backend of backends) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  describe.skipIf(skip)(`how the SQL row source asks on ${backend.name}`, () => {
    let opened: FixtureDatabase;
    let plain: SqlRowSource;
    let source: SqlRowSource;
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    // Counts of a filtered set: exact, or up to countLimit (`from (select 1 … limit ?) as "matching"`).
    const counts = () => statements.filter((s) => /^select COUNT\(\*\) as "n" from (\(select 1 as "one" from )?"orders"/.test(s.sql));

    beforeAll(async () => {
      opened = await backend.open({ log: (event) => {
        if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
      } });
      if (backend.name === 'postgres') await sql`ANALYZE orders`.execute(opened.db);
      else await sql`ANALYZE`.execute(opened.db);
      plain = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id', countCacheMs: 0 });
      source = createSqlRowSource({ db: opened.db, table: 'orders', columns: categorical(SQL_COLUMNS, ['name', 'city']), tieBreaker: 'id', countCacheMs: 0 });
    });
    beforeEach(() => {
      statements.length = 0;
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('reads the values a categorical test keeps first, then lists them instead of testing every row', async () => {
      await source.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel: KYIV_LVIV, quickFilter: '' });
      const [count] = counts();
      expect(count?.sql).toMatch(/where \("city" IS NOT NULL AND "city" IN \((\?|\$1), (\?|\$2)\)\)( limit (\?|\$3)\) as "matching")?$/);
      expect(count?.parameters.slice(0, 2)).toEqual(['Kyiv', 'Lviv']);
      expect(statements.some((s) => s.sql.startsWith('WITH RECURSIVE "grid_view_distinct"(v) AS (SELECT MIN("city") FROM "orders"'))).toBe(true);
      // The plain source tests the trimmed text of every row.
      statements.length = 0;
      await plain.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel: KYIV_LVIV, quickFilter: '' });
      expect(counts()[0]?.sql).toMatch(/trim\(/);
    });

    it('leaves no condition to scan for when no value passes a test, and drops that column from a search', async () => {
      const none = await source.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel: { city: { filterType: 'text', type: 'contains', filter: 'atlantis' } }, quickFilter: '' });
      expect(none).toEqual({ rows: [], lastRow: 0 });
      // Any of the statements: on PostgreSQL the count runs beside the block, and either may end last.
      expect(statements.some((s) => /where \(1 = 0\) order by/.test(s.sql))).toBe(true);
      statements.length = 0;
      await source.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel: null, quickFilter: 'noir' });
      const [count] = counts();
      // Only names hold "noir": the search is a list of names, no test of the cities is left.
      expect(count?.sql).not.toMatch(/"city"/);
      expect(count?.sql).toMatch(/"name" IN \(/);
    });

    it.runIf(backend.name === 'sqlite')('counts a categorical filter through the column’s index (SQLite’s plan)', async () => {
      await source.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel: KYIV_LVIV, quickFilter: '' });
      const [count] = counts();
      const plan = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${count!.sql.replace(/limit \?/, 'limit 10001').replace(/\?/g, () => "'Kyiv'")}`).execute(opened.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING COVERING INDEX orders_city/);
    });

    it.runIf(backend.name === 'sqlite')('walks the sort’s index for a block of a filter that keeps many rows, and sorts the few rows of a rare one (SQLite)', async () => {
      await sql`CREATE INDEX orders_amount_sort ON orders ((CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount" DESC)`.execute(opened.db);
      await sql`ANALYZE`.execute(opened.db);
      const sortModel = [{ colId: 'amount', sort: 'desc' as const }];
      const block = (from: SqlRowSource, filterModel: GridFilterModel) => from.getRows({ startRow: 0, endRow: 100, sortModel, filterModel, quickFilter: '' });
      const many = await block(source, KYIV_LVIV);
      const rows = statements.filter((s) => s.sql.startsWith('select "id"'));
      expect(rows.at(-1)?.sql).toMatch(/\+"city" IN \(\?, \?\)/);
      const plan = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${rows.at(-1)!.sql.replace(/\?/g, (_m) => "'Kyiv'")}`).execute(opened.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
      expect(many).toEqual(await block(plain, KYIV_LVIV));
      statements.length = 0;
      const rare: GridFilterModel = { name: { filterType: 'values', values: ['Йогурт'] } };
      const few = await block(source, rare);
      expect(statements.filter((s) => s.sql.startsWith('select "id"')).at(-1)?.sql).toMatch(/ "name" IN \(\?\)/);
      expect(few).toEqual(await block(plain, rare));
      await sql`DROP INDEX orders_amount_sort`.execute(opened.db);
    });

    it.runIf(backend.name === 'postgres')('reads a block of one kept value of a categorical column through an index on (column, sort…) when there is one (PostgreSQL)', async () => {
      const sortModel = [{ colId: 'amount', sort: 'desc' as const }];
      const one: GridFilterModel = { name: { filterType: 'values', values: ['Йогурт'] } };
      const block = (from: SqlRowSource, filterModel: GridFilterModel) => from.getRows({ startRow: 0, endRow: 20, sortModel, filterModel, quickFilter: '' });
      const blockSql = () => statements.filter((s) => s.sql.startsWith('select "id"')).at(-1)?.sql;
      // No such index: the planner's own choice stands.
      const before = await block(source, one);
      expect(blockSql()).toMatch(/"name" IN \(\$1\)\) order by CASE/);
      expect(before).toEqual(await block(plain, one));
      await sql`CREATE INDEX orders_name_amount ON orders ("name", (CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount" DESC, "id")`.execute(opened.db);
      await sql`ANALYZE orders`.execute(opened.db);
      try {
        // A source asks the plan of a statement once a minute: a fresh one sees the new index now.
        const fresh = createSqlRowSource({ db: opened.db, table: 'orders', columns: categorical(SQL_COLUMNS, ['name', 'city']), tieBreaker: 'id', countCacheMs: 0 });
        statements.length = 0;
        const after = await block(fresh, one);
        // The one value twice (not a constant the planner would drop from ORDER BY), the column first.
        expect(blockSql()).toMatch(/"name" IN \(\$1, \$2\)\) order by "name", CASE/);
        expect(after).toEqual(before);
        // Two values keep the plain form: the column first would change the order.
        statements.length = 0;
        const two: GridFilterModel = { name: { filterType: 'values', values: ['Йогурт', 'Apple'] } };
        const both = await block(fresh, two);
        expect(blockSql()).toMatch(/order by CASE/);
        expect(both).toEqual(await block(plain, two));
      } finally {
        await sql`DROP INDEX orders_name_amount`.execute(opened.db);
      }
    });

    it('counts rows for count KPIs of a categorical column without empty cells, and tests each cell when it has some', async () => {
      const kpis = [
        { label: 'With a city', aggregate: 'count', column_key: 'city' },
        { label: 'Cities', aggregate: 'count_distinct', column_key: 'city' },
      ] as const;
      const present = /CAST\("city" AS text\) <> ''/;
      const main = () => statements.find((s) => s.sql.startsWith('select'))!.sql;
      // orders holds NULL, '' and blank cities: each cell is tested.
      const withEmpty = await source.aggregate({ filterModel: null, quickFilter: '' }, { kpis: [...kpis] });
      expect(main()).toMatch(present);
      expect(withEmpty).toEqual(await plain.aggregate({ filterModel: null, quickFilter: '' }, { kpis: [...kpis] }));
      await sql`CREATE TABLE orders_full AS SELECT * FROM orders WHERE city IS NOT NULL AND city <> ''`.execute(opened.db);
      await sql`CREATE INDEX orders_full_city ON orders_full (city)`.execute(opened.db);
      try {
        const full = createSqlRowSource({ db: opened.db, table: 'orders_full', columns: categorical(SQL_COLUMNS, ['city']), tieBreaker: 'id', countCacheMs: 0 });
        const fullPlain = createSqlRowSource({ db: opened.db, table: 'orders_full', columns: SQL_COLUMNS, tieBreaker: 'id', countCacheMs: 0 });
        for (const filterModel of [null, { qty: { filterType: 'number', type: 'lessThan', filter: 5 } }] as GridFilterModel[]) {
          statements.length = 0;
          const counted = await full.aggregate({ filterModel, quickFilter: '' }, { kpis: [...kpis] });
          expect(main()).not.toMatch(present);
          expect(counted).toEqual(await fullPlain.aggregate({ filterModel, quickFilter: '' }, { kpis: [...kpis] }));
        }
      } finally {
        await sql`DROP TABLE orders_full`.execute(opened.db);
      }
    });

    it('walks the index for a whole-table median and counts a categorical column’s distinct values without COUNT(DISTINCT)', async () => {
      const kpis = [
        { label: 'Median amount', aggregate: 'median', column_key: 'amount' },
        { label: 'Median qty', aggregate: 'median', column_key: 'qty' },
        { label: 'Cities', aggregate: 'count_distinct', column_key: 'city' },
      ] as const;
      await source.aggregate({ filterModel: null, quickFilter: '' }, { kpis: [...kpis] });
      const main = statements.find((s) => s.sql.startsWith('select'))!.sql;
      expect(main).not.toMatch(/COUNT\(DISTINCT/);
      expect(statements.some((s) => /ORDER BY "amount" LIMIT/.test(s.sql))).toBe(true);
      // qty has no index: SQLite takes its median in the same pass; PostgreSQL's planner decides the walk.
      if (backend.name === 'sqlite') expect(main).toMatch(/grid_view_median\("qty"\)/);
      statements.length = 0;
      await source.aggregate({ filterModel: KYIV_LVIV, quickFilter: '' }, { kpis: [...kpis] });
      const filtered = statements.find((s) => s.sql.startsWith('select'))!.sql;
      expect(filtered).not.toMatch(/COUNT\(DISTINCT/);
      expect(filtered).toMatch(backend.name === 'sqlite' ? /grid_view_median\("amount"\)/ : /percentile_cont\(0\.5\) WITHIN GROUP \(ORDER BY "amount"\)/);
      expect(statements.some((s) => /EXISTS \(SELECT 1 FROM "orders" WHERE "city" = "grid_view_distinct"\."v"/.test(s.sql))).toBe(true);
    });
  });
}
