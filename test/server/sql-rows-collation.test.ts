/**
 * Text order of the SQL row source (src/server/rows/sql-collation.ts) on a SQLite file and on
 * PostgreSQL: a text sort gives the order the browser gives for the source's locale,
 * `Intl.Collator(locale, { numeric: true, sensitivity: 'variant' })` (Node's ICU, as the
 * browser's), ascending and descending, read whole and in small blocks from remembered rows
 * (keyset paging), with texts the collator calls equal in tie-breaker order and empty cells last.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowSourceSortItem } from '../../src/core/data-grid/types';
import { collationTag, createCollationStatement, postgresCollationName } from '../../src/server/rows/sql-collation';
import { createSqlRowSource, type SqlRowSource, type SqlRowSourceColumn } from '../../src/server/rows/sql-row-source';
import { DatabaseSetupError } from '../../src/server/store/faults';
import { JS_WHITESPACE, registerSqliteFunctions } from '../../src/server/rows/sql-text';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';
import { planOf } from './sql-rows-fixture';

const pgState = await ensurePostgres();

/**
 * Ukrainian names in the order of code points differ from the alphabet's (і, ї, є and ґ sit outside
 * а…я), Latin names with case and accent twins, numbers inside names, and pairs the collator calls
 * equal ("Item 2" and "Item 02", "Émile" in NFC and in NFD), which must keep the tie-breaker's order.
 */
const NAMES = [
  'Тарас Шевченко',
  'Ірина Бондаренко',
  'Євген',
  'Ґанна',
  'Їжак',
  'Гнат',
  'Іван',
  'Ярема',
  'Щука',
  'Тарас Бульба',
  'apple',
  'Apple',
  'Zoë',
  'zoe',
  'Émile',
  'emile',
  'E\u0301mile',
  'Łukasz',
  'Oscar',
  'Item 10',
  'Item 2',
  'item 1',
  'Item 02',
  'Item 2a',
  'Андрій 3',
  'Андрій 21',
];
/** Empty cells: they sort last in both directions (among themselves as each database has it). */
const EMPTIES = [null, '', '   '];
const GROUPS = ['b', 'a'];

interface PersonRow {
  id: number;
  name: string | null;
  grp: string;
}

/** Every name twice (in two groups), the empties between them: ids in insertion order. */
const ROWS: PersonRow[] = [...NAMES, ...EMPTIES, ...[...NAMES].reverse()].map((name, i) => ({ id: i + 1, name, grp: GROUPS[i % 2] as string }));

const COLUMNS: SqlRowSourceColumn[] = [
  { key: 'id', type: 'number' },
  { key: 'name', type: 'text' },
  { key: 'grp', type: 'text' },
];

const isEmpty = (name: string | null): boolean => name === null || name.trim() === '';

/**
 * The rows the browser shows for a sort: by the collator in the sort's direction level after level
 * (`Array#sort` is stable, and rows start in tie-breaker order, so texts it calls equal keep that
 * order), a level's empty cells last in both directions.
 */
function expected(locale: string, sortModel: readonly RowSourceSortItem[], rows: readonly PersonRow[] = ROWS): PersonRow[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'variant' });
  return [...rows].sort((a, b) => {
    for (const item of sortModel) {
      const x = a[item.colId as 'name' | 'grp'];
      const y = b[item.colId as 'name' | 'grp'];
      if (isEmpty(x) || isEmpty(y)) {
        if (isEmpty(x) !== isEmpty(y)) return isEmpty(x) ? 1 : -1;
        continue;
      }
      const order = collator.compare(x as string, y as string);
      if (order !== 0) return item.sort === 'desc' ? -order : order;
    }
    return 0;
  });
}

/** The rows of a sort read in blocks of `block` from the start (a later block from the last row of the one before). */
async function readAll(source: SqlRowSource, sortModel: RowSourceSortItem[], block: number): Promise<PersonRow[]> {
  const out: PersonRow[] = [];
  for (let start = 0; ; start += block) {
    const { rows, lastRow } = await source.getRows({ startRow: start, endRow: start + block, sortModel, filterModel: null, quickFilter: '' });
    out.push(...(rows as unknown as PersonRow[]));
    if (lastRow !== -1 && start + block >= lastRow) return out;
    if (rows.length === 0) throw new Error(`No rows at ${start}`);
  }
}

/**
 * What the test compares: the ids in order, except that each run of rows whose first empty cell is
 * at the same level (after equal values) is one sorted list: empty cells sort last, and among
 * themselves as each database has it (docs/server-rows.md).
 */
function shape(rows: readonly PersonRow[], sortModel: readonly RowSourceSortItem[]): (number | number[])[] {
  const out: (number | number[])[] = [];
  let run: number[] = [];
  let runKey: string | null = null;
  const flush = (): void => {
    if (run.length > 0) out.push([...run].sort((a, b) => a - b));
    run = [];
    runKey = null;
  };
  for (const row of rows) {
    const at = sortModel.findIndex((item) => isEmpty(row[item.colId as 'name' | 'grp']));
    if (at === -1) {
      flush();
      out.push(row.id);
      continue;
    }
    const key = JSON.stringify([at, ...sortModel.slice(0, at).map((item) => row[item.colId as 'name' | 'grp'])]);
    if (key !== runKey) flush();
    runKey = key;
    run.push(row.id);
  }
  flush();
  return out;
}

const SORTS: { name: string; sortModel: RowSourceSortItem[] }[] = [
  { name: 'names ascending', sortModel: [{ colId: 'name', sort: 'asc' }] },
  { name: 'names descending', sortModel: [{ colId: 'name', sort: 'desc' }] },
  { name: 'group ascending, then names descending', sortModel: [{ colId: 'grp', sort: 'asc' }, { colId: 'name', sort: 'desc' }] },
];

interface Backend {
  name: 'sqlite' | 'postgres';
  open: () => Promise<{ db: Kysely<{ people: PersonRow }>; close: () => Promise<void>; schema?: string }>;
}

/** Block statements the sources sent (they select the sort key as k0…), with their parameters. */
const blockStatements: { sql: string; parameters: readonly unknown[] }[] = [];
const log = (event: LogEvent): void => {
  if (event.level === 'query' && /as "k0"/.test(event.query.sql) && !event.query.sql.startsWith('EXPLAIN')) blockStatements.push({ sql: event.query.sql, parameters: event.query.parameters });
};

const BACKENDS: Backend[] = [
  {
    name: 'sqlite',
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gv-collation-'));
      const database = new Database(join(dir, 'people.db'));
      registerSqliteFunctions(database);
      const db = new Kysely<{ people: PersonRow }>({ dialect: new SqliteDialect({ database }), log });
      await sql`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, grp TEXT NOT NULL)`.execute(db);
      await db.insertInto('people').values(ROWS).execute();
      return {
        db,
        close: async () => {
          await db.destroy();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    open: async () => {
      if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
      const schema = await createTestSchema(pgState.url);
      const db = new Kysely<{ people: PersonRow }>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }), log });
      await sql`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, grp TEXT NOT NULL)`.execute(db);
      await db.insertInto('people').values(ROWS).execute();
      return {
        db,
        schema: schema.schema,
        close: async () => {
          await db.destroy();
          await schema.drop();
        },
      };
    },
  },
];

describe('the ICU locale of a source', () => {
  it('is the browser collator’s locale with its options, numeric always', () => {
    expect(collationTag('uk')).toBe('uk-u-kn-true');
    expect(collationTag('uk-UA')).toBe('uk-u-kn-true');
    expect(collationTag('sr-Latn')).toBe('sr-Latn-u-kn-true');
    expect(collationTag(undefined)).toBe('en-u-kn-true');
    expect(collationTag('de-u-co-phonebk')).toBe('de-u-co-phonebk-kn-true');
    expect(postgresCollationName('uk-u-kn-true')).toBe('grid_view_uk-u-kn-true');
    expect(createCollationStatement('uk-u-kn-true')).toBe(`CREATE COLLATION IF NOT EXISTS "grid_view_uk-u-kn-true" (provider = icu, locale = 'uk-u-kn-true', deterministic = false)`);
  });

  it('refuses a locale that is not a BCP 47 tag, before any SQL', async () => {
    const unopened = new Kysely<{ people: PersonRow }>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    for (const locale of ['uk"; DROP TABLE people; --', 'en_US', '']) {
      expect(() => collationTag(locale)).toThrow(TypeError);
      expect(() => createSqlRowSource({ db: unopened, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale })).toThrow(/locale must be a BCP 47/);
    }
    expect(() => createCollationStatement(`uk'; --`)).toThrow(TypeError);
    await unopened.destroy();
  });
});

for (const backend of BACKENDS) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  describe.skipIf(skip)(`text order of the SQL row source on ${backend.name}`, () => {
    let opened: Awaited<ReturnType<Backend['open']>>;
    beforeAll(async () => {
      opened = await backend.open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    for (const locale of ['uk', 'en']) {
      for (const { name, sortModel } of SORTS) {
        it(`sorts ${name} as Intl.Collator('${locale}') does, whole and in blocks of 4 from remembered rows`, async () => {
          const want = shape(expected(locale, sortModel), sortModel);
          const whole = createSqlRowSource({ db: opened.db, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale, countCacheMs: 0 });
          expect(shape(await readAll(whole, sortModel, 1000), sortModel)).toEqual(want);
          const paged = createSqlRowSource({ db: opened.db, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale, maxBlock: 4 });
          blockStatements.length = 0;
          expect(shape(await readAll(paged, sortModel, 4), sortModel)).toEqual(want);
          // Read from remembered rows (a statement's last parameter is its OFFSET): none skips more
          // than the rows after the last remembered one, which the empty cells at the end are.
          const offsets = blockStatements.map((statement) => Number(statement.parameters.at(-1)));
          expect(offsets.length).toBeGreaterThanOrEqual(Math.ceil(ROWS.length / 4));
          expect(Math.max(...offsets)).toBeLessThanOrEqual(EMPTIES.length * 2);
        });
      }
    }

    it('puts Ukrainian names in the alphabet’s order under uk (і after и, ґ after г), Cyrillic before Latin', async () => {
      const source = createSqlRowSource({ db: opened.db, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale: 'uk' });
      const { rows } = await source.getRows({ startRow: 0, endRow: 1000, sortModel: [{ colId: 'name', sort: 'asc' }], filterModel: null, quickFilter: '' });
      const names = [...new Set(rows.map((row) => row.name as string | null))].filter((n) => !isEmpty(n));
      expect(names.slice(0, 5)).toEqual(['Андрій 3', 'Андрій 21', 'Гнат', 'Ґанна', 'Євген']);
      expect(names.indexOf('Ірина Бондаренко')).toBeLessThan(names.indexOf('Тарас Бульба'));
      expect(names.indexOf('Іван')).toBeLessThan(names.indexOf('Ірина Бондаренко'));
      expect(names.indexOf('Ярема')).toBeLessThan(names.indexOf('apple'));
      expect(names.indexOf('Item 2')).toBeLessThan(names.indexOf('Item 10'));
    });

    if (backend.name === 'sqlite') {
      it('places texts written after the sort keys were read, and reads them again after many', async () => {
        const source = createSqlRowSource({ db: opened.db, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale: 'uk', maxBlock: 7 });
        const sortModel: RowSourceSortItem[] = [{ colId: 'name', sort: 'asc' }];
        await readAll(source, sortModel, 7);
        // A few new texts, placed among the read ones by the collator…
        const few = ['Ірена', 'Їжачок', 'Item 3', 'Ґава', 'Ёж', 'Ω'].map((name, i) => ({ id: 1000 + i, name, grp: 'c' }));
        await opened.db.insertInto('people').values(few).execute();
        let all = [...ROWS, ...few];
        expect(shape(await readAll(source, sortModel, 7), sortModel)).toEqual(shape(expected('uk', sortModel, all), sortModel));
        // …and more than a statement may place (2,048): the statement is run again after a new read.
        const many = Array.from({ length: 2_100 }, (_, i) => ({ id: 2000 + i, name: `Учень ${2_100 - i}`, grp: 'd' }));
        await opened.db.insertInto('people').values(many).execute();
        all = [...all, ...many];
        const { rows } = await source.getRows({ startRow: 0, endRow: 7, sortModel, filterModel: null, quickFilter: '' });
        expect(rows.map((row) => row.id)).toEqual(shape(expected('uk', sortModel, all), sortModel).slice(0, 7));
        await sql`DELETE FROM people WHERE id >= 1000`.execute(opened.db);
      });

      it('keeps its sort keys out of indexes: the function is for statements only', async () => {
        await expect(sql`CREATE INDEX people_keys ON people (grid_view_sort_key(1, name))`.execute(opened.db)).rejects.toThrow(/unsafe use of grid_view_sort_key/);
      });
    }

    if (backend.name === 'postgres') {
      it('creates its collation once, and a sort reads the documented index on it', async () => {
        const name = postgresCollationName(collationTag('uk'));
        // Two sources of one locale, at once: one collation (in the schema of the search path), and
        // no error from the other's CREATE.
        const sortModel: RowSourceSortItem[] = [{ colId: 'name', sort: 'asc' }];
        const sources = [1, 2].map(() => createSqlRowSource({ db: opened.db, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale: 'uk', maxBlock: 5 }));
        await Promise.all(sources.map((source) => source.getRows({ startRow: 0, endRow: 3, sortModel, filterModel: null, quickFilter: '' })));
        const found = await sql<{ deterministic: boolean }>`SELECT collisdeterministic AS deterministic FROM pg_collation WHERE collname = ${name} AND collnamespace = current_schema()::regnamespace`.execute(opened.db);
        expect(found.rows).toEqual([{ deterministic: false }]);
        // docs/server-rows.md: (empty rank, name COLLATE "grid_view_uk-u-kn-true", id) serves the sort.
        const whitespace = `E'${[...JS_WHITESPACE].map((ch) => (ch === ' ' ? ' ' : `\\u${(ch.codePointAt(0) as number).toString(16).padStart(4, '0')}`)).join('')}'`;
        await sql
          .raw(`CREATE INDEX people_name_uk ON people ((CASE WHEN name IS NULL OR btrim(name, ${whitespace}) = '' THEN 1 ELSE 0 END), (name COLLATE "${name}"), id)`)
          .execute(opened.db);
        try {
          blockStatements.length = 0;
          const source = createSqlRowSource({ db: opened.db, table: 'people', columns: COLUMNS, tieBreaker: 'id', locale: 'uk', maxBlock: 5 });
          await source.getRows({ startRow: 0, endRow: 5, sortModel, filterModel: null, quickFilter: '' });
          await source.getRows({ startRow: 5, endRow: 10, sortModel, filterModel: null, quickFilter: '' });
          const sent = [...blockStatements];
          expect(sent).toHaveLength(2);
          for (const statement of sent) expect(await planOf(opened.db, 'postgres', statement.sql, statement.parameters)).toMatch(/Index (Only )?Scan using people_name_uk/);
          // The later block seeks in the index from the remembered name.
          const later = sent[1] as (typeof sent)[number];
          expect(await planOf(opened.db, 'postgres', later.sql, later.parameters)).toMatch(/Index Cond: [\s\S]*name(\)::text)? >= '[^']*'::text COLLATE "grid_view_uk-u-kn-true"/);
        } finally {
          await sql`DROP INDEX people_name_uk`.execute(opened.db);
        }
      });

      it('names the statement to run once when its role may not create the collation (a setup error, not a fault)', async () => {
        if (!pgState.available) throw new Error(pgState.reason);
        // A search path of pg_catalog alone: nothing of the test schema is visible, and the role may not create there.
        const url = `${pgState.url}${pgState.url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c search_path=pg_catalog')}`;
        const db = new Kysely<{ people: PersonRow }>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
        try {
          const source = createSqlRowSource({ db, table: `${opened.schema}.people`, columns: COLUMNS, tieBreaker: 'id', locale: 'uk' });
          const error = await source.getRows({ startRow: 0, endRow: 3, sortModel: [{ colId: 'name', sort: 'asc' }], filterModel: null, quickFilter: '' }).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(DatabaseSetupError);
          expect((error as Error).message).toContain(`${createCollationStatement('uk-u-kn-true')};`);
          // Unsorted, or sorted by a number, it needs no collation.
          const { rows } = await source.getRows({ startRow: 0, endRow: 3, sortModel: [{ colId: 'id', sort: 'desc' }], filterModel: null, quickFilter: '' });
          expect(rows.map((row) => row.id)).toEqual([ROWS.length, ROWS.length - 1, ROWS.length - 2]);
        } finally {
          await db.destroy();
        }
      });
    }
  });
}
