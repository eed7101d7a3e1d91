/**
 * Keyset paging of the SQL row source (src/server/rows/sql-keyset.ts) on SQLite and PostgreSQL:
 * blocks read from a remembered row equal the blocks a plain OFFSET reads (a source whose
 * `countCacheMs` is 0 remembers nothing: the oracle), for every sort shape, and the seek is really
 * used (the statements' OFFSET is smaller than the block's start).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import type { Row } from '../../src/core/types';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { type FixtureDatabase, fixtureBackends, makeRows, planOf, SQL_COLUMNS } from './sql-rows-fixture';

const pgState = await ensurePostgres();
const ROWS = makeRows(10_000, 44);
const BLOCK = 500;
const LIFETIME = 10_000;

const SHAPES: { name: string; sortModel: RowSourceSortItem[]; filterModel?: GridFilterModel; quickFilter?: string }[] = [
  { name: 'no sort (the tie-breaker alone)', sortModel: [] },
  { name: 'a number ascending, with NULLs', sortModel: [{ colId: 'amount', sort: 'asc' }] },
  { name: 'a number descending, with NULLs', sortModel: [{ colId: 'amount', sort: 'desc' }] },
  { name: 'text ascending (Cyrillic, case and accent twins, blanks, NULLs)', sortModel: [{ colId: 'name', sort: 'asc' }] },
  { name: 'text descending', sortModel: [{ colId: 'name', sort: 'desc' }] },
  { name: 'dates descending (days and times, NULLs)', sortModel: [{ colId: 'ordered_on', sort: 'desc' }] },
  { name: 'a duplicate-heavy number, then text descending, then a number ascending', sortModel: [{ colId: 'qty', sort: 'asc' }, { colId: 'name', sort: 'desc' }, { colId: 'rate', sort: 'asc' }] },
  { name: 'text ascending, then a number descending, under a filter', sortModel: [{ colId: 'city', sort: 'asc' }, { colId: 'amount', sort: 'desc' }], filterModel: { qty: { filterType: 'number', type: 'lessThan', filter: 12 } } },
  { name: 'a date ascending under a search', sortModel: [{ colId: 'ordered_on', sort: 'asc' }], quickFilter: 'kyiv' },
];

const ids = (rows: readonly Row[]) => rows.map((row) => row.id);
/** An empty sort value: NULL, or text that is blank after trimming (such a row is not remembered). */
const isEmptyCell = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

for (const backend of fixtureBackends(pgState, ROWS)) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  describe.skipIf(skip)(`keyset paging on ${backend.name}`, () => {
    let opened: FixtureDatabase;
    let clock = 1_000_000;
    /** Start and OFFSET of every block statement, as sent. */
    const blocks: { sql: string; offset: number; parameters: readonly unknown[] }[] = [];
    const create = (countCacheMs: number, table = 'orders'): SqlRowSource =>
      createSqlRowSource({ db: opened.db, table, columns: SQL_COLUMNS, tieBreaker: 'id', countCacheMs, now: () => clock });
    let oracle: SqlRowSource;

    beforeAll(async () => {
      opened = await backend.open({
        log: (event) => {
          // Block statements select the sort key as k0…; their last parameter is the OFFSET.
          if (event.level === 'query' && /as "k0"/.test(event.query.sql)) blocks.push({ sql: event.query.sql, offset: Number(event.query.parameters.at(-1)), parameters: event.query.parameters });
        },
      });
      oracle = create(0);
    });
    afterAll(async () => {
      await opened?.close();
    });

    const block = async (source: SqlRowSource, shape: (typeof SHAPES)[number], start: number) =>
      (await source.getRows({ startRow: start, endRow: start + BLOCK, sortModel: shape.sortModel, filterModel: shape.filterModel ?? null, quickFilter: shape.quickFilter ?? '' })).rows;

    for (const shape of SHAPES) {
      it(`reads blocks in order from the last row of the one before, exactly as OFFSET does: ${shape.name}`, async () => {
        const source = create(LIFETIME);
        let start = 0;
        // Whether a block so far ended with a row that can be remembered: one with no empty sort
        // value (docs/server-rows.md). Until one did, a block is read with OFFSET from the start.
        let remembered = false;
        let seeks = 0;
        for (;;) {
          blocks.length = 0;
          const rows = await block(source, shape, start);
          // Any statement of this block: on SQLite a planning variant may be asked first.
          const offsets = blocks.map((b) => b.offset);
          if (start > 0 && remembered) expect(Math.min(...offsets), `block at ${start}`).toBeLessThan(start);
          if (start > 0 && !remembered) expect(Math.min(...offsets), `block at ${start}, none remembered before`).toBe(start);
          if (start > 0 && remembered) seeks++;
          expect(ids(rows), `block at ${start}`).toEqual(ids(await block(oracle, shape, start)));
          const last = rows.at(-1);
          if (last !== undefined && shape.sortModel.every((item) => !isEmptyCell(last[item.colId]))) remembered = true;
          if (rows.length < BLOCK) break;
          start += BLOCK;
        }
        // Every shape that reads more than one block reads all but at most one from a remembered row
        // (on this table only the duplicate-heavy shape's first block ends with an empty value: a NULL rate).
        if (start >= 2 * BLOCK) expect(seeks, 'blocks read from a remembered row').toBeGreaterThanOrEqual(start / BLOCK - 1);
        // The filtered shapes end early; the others read the whole table.
        if (shape.filterModel === undefined && shape.quickFilter === undefined) expect(start).toBe(ROWS.length);
      });
    }

    it('reads blocks asked out of order from the nearest remembered row before each, with the OFFSET from it', async () => {
      const source = create(LIFETIME);
      const order = [0, 7, 3, 4, 12, 11, 19, 1, 8, 15, 2];
      for (const shape of SHAPES.slice(0, 7)) {
        for (const n of order) {
          expect(ids(await block(source, shape, n * BLOCK)), `${shape.name} block ${n}`).toEqual(ids(await block(oracle, shape, n * BLOCK)));
        }
      }
      // Block 4 came after block 3: it started at its boundary (OFFSET 0).
      blocks.length = 0;
      await block(source, SHAPES[0]!, 4 * BLOCK);
      expect(blocks.map((b) => b.offset)).toContain(0);
    });

    it('reads with OFFSET, and the same rows, when the boundaries are lost (another app server) or expired', async () => {
      const shape = SHAPES[3]!;
      const first = create(LIFETIME);
      for (let start = 0; start < 5 * BLOCK; start += BLOCK) await block(first, shape, start);
      // Another instance (or this one after a restart) has no boundaries.
      const other = create(LIFETIME);
      blocks.length = 0;
      expect(ids(await block(other, shape, 5 * BLOCK))).toEqual(ids(await block(oracle, shape, 5 * BLOCK)));
      expect(blocks[0]?.offset).toBe(5 * BLOCK);
      // The first one's boundaries expire with the count cache's lifetime.
      clock += LIFETIME;
      blocks.length = 0;
      expect(ids(await block(first, shape, 5 * BLOCK))).toEqual(ids(await block(oracle, shape, 5 * BLOCK)));
      expect(blocks[0]?.offset).toBe(5 * BLOCK);
    });

    it('continues after the row the previous block ended with when a row is inserted before it, until the boundary expires', async () => {
      await sql`DROP TABLE IF EXISTS keyset_rows`.execute(opened.db);
      await sql`CREATE TABLE keyset_rows AS SELECT * FROM orders`.execute(opened.db);
      const shape = SHAPES[1]!;
      const source = create(LIFETIME, 'keyset_rows');
      const plain = create(0, 'keyset_rows');
      const before = await block(source, shape, 0);
      const nextBefore = await block(plain, shape, BLOCK);
      // A row that sorts first: every row moves one place down.
      await sql`INSERT INTO keyset_rows (id, name, city, amount, qty, rate, ordered_on) VALUES (${ROWS.length + 1}, ${'New'}, ${'Kyiv'}, ${-1_000_000}, ${1}, ${0.5}, ${'2024-01-01'})`.execute(opened.db);
      const nextAfter = await block(plain, shape, BLOCK);
      expect(ids(nextAfter)[0]).toBe(before.at(-1)?.id);
      // The reader scrolling on sees the rows after the last one it has: none repeated, none skipped.
      expect(ids(await block(source, shape, BLOCK))).toEqual(ids(nextBefore));
      // Once the boundary expires, blocks are at their place in the changed table again.
      clock += LIFETIME;
      expect(ids(await block(source, shape, BLOCK))).toEqual(ids(nextAfter));
      await sql`DROP TABLE keyset_rows`.execute(opened.db);
    });

    it('seeks to the remembered row through an index on the sort (no walk from its first entry), and reads past the last value into the empty cells as OFFSET does', async () => {
      await sql`DROP TABLE IF EXISTS seek_rows`.execute(opened.db);
      await sql`CREATE TABLE seek_rows AS SELECT * FROM orders`.execute(opened.db);
      // The index docs/server-rows.md gives a number sort: empty rank, the column in the sort's direction, the tie-breaker.
      await sql`CREATE INDEX seek_rows_amount_desc ON seek_rows ((CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount" DESC, "id")`.execute(opened.db);
      await sql.raw('ANALYZE').execute(opened.db);
      const shape = SHAPES[2]!;
      const source = create(LIFETIME, 'seek_rows');
      const plain = create(0, 'seek_rows');
      await block(source, shape, 0);
      blocks.length = 0;
      expect(ids(await block(source, shape, BLOCK))).toEqual(ids(await block(plain, shape, BLOCK)));
      const seeking = blocks.find((b) => b.offset < BLOCK);
      expect(seeking).toBeDefined();
      const plan = await planOf(opened.db, backend.name, seeking!.sql, seeking!.parameters);
      // The walk starts at the remembered amount: SQLite searches the index with a range on it,
      // PostgreSQL's index condition bounds it.
      expect(plan).toMatch(backend.name === 'sqlite' ? /SEARCH seek_rows USING INDEX seek_rows_amount_desc \(.*amount<\?\)/ : /Index Cond: .*amount <= /);
      // Every block to the end, through the last amounts into the NULLs, equals OFFSET's, and none
      // is read with the OFFSET of its start (the one that reaches the NULLs goes on with them).
      let start = 2 * BLOCK;
      for (;;) {
        blocks.length = 0;
        const rows = await block(source, shape, start);
        expect(Math.max(...blocks.map((b) => b.offset)), `block at ${start}`).toBeLessThan(start);
        expect(ids(rows), `block at ${start}`).toEqual(ids(await block(plain, shape, start)));
        if (rows.length < BLOCK) break;
        start += BLOCK;
      }
      expect(start).toBe(ROWS.length);
      await sql`DROP TABLE seek_rows`.execute(opened.db);
    });
  });
}

