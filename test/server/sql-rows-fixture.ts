/**
 * The table the SQL row source tests read, loaded into SQLite and PostgreSQL alike, and the same
 * rows for the core's local row source (the oracle: the SQL source must give its answers).
 *
 * Text cells hold no digits, so a word of letters never matches a number's text and a number term
 * never finds a number written inside text: on such data the two sources must agree exactly. The
 * names include letters NFD leaves whole (Ł, Ø, Đ, Ħ, ı), which the fold maps on both databases.
 */
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import type { LocalRowSourceColumn } from '../../src/core/data-grid/local-row-source';
import { registerSqliteFunctions } from '../../src/server/rows/sql-text';
import type { SqlRowSourceColumn } from '../../src/server/rows/sql-row-source';
import { type PgAvailability, createTestSchema } from './pg-setup';

export interface OrderRow {
  [key: string]: unknown;
  id: number;
  name: string | null;
  city: string | null;
  amount: number | null;
  qty: number;
  rate: number | null;
  ordered_on: string | null;
}

const NAMES = ['Київ Trade', 'київ trade', 'Львівська Кава', 'Café Noir', 'cafe noir', 'Їжак і Ко', 'Йогурт', 'O\'Brien & Sons', 'Under_score', '100% Pure'.replace(/\d/g, ''), 'Back\\Slash', 'Ёлка', 'apple', 'Apple', 'Zeta  Two', '  padded  ', '', 'Łódź Fabryczna', 'lodz kaliska', 'Øresund Ferry', 'Đakovo Ħamrun', 'Diyarbakır'];
const CITIES = ['Kyiv', 'Lviv', 'Odesa', 'Харків', 'Дніпро', '-', '—', '', null];

/** A small deterministic generator (mulberry32), so every run and both databases hold the same rows. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` rows in id order. */
export function makeRows(count: number, seed = 12): OrderRow[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const rows: OrderRow[] = [];
  for (let id = 1; id <= count; id++) {
    const day = 1 + Math.floor(next() * 28);
    const month = 1 + Math.floor(next() * 12);
    rows.push({
      id,
      name: next() < 0.05 ? null : pick(NAMES),
      city: pick(CITIES),
      // Cents only, so sums and averages are exact enough to be shown alike.
      amount: next() < 0.07 ? null : Math.round(next() * 200_000) / 100 - 200,
      qty: Math.floor(next() * 20),
      // Whole percents: a percent column shows no decimals, and the browser compares what it shows.
      rate: next() < 0.1 ? null : Math.round(next() * 100) / 100,
      ordered_on: next() < 0.05 ? null : `2024-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}${next() < 0.3 ? ' 10:30:00' : ''}`,
    });
  }
  return rows;
}

/** A row of the typed table: the order's day also in a `date` column (`ordered_on` is a `timestamp` there on PostgreSQL). */
export interface TypedOrderRow extends OrderRow {
  ordered_day: string | null;
}

/** The tables of the tests, as Kysely sees them. */
export interface OrdersDatabase {
  orders: OrderRow;
  orders_typed: TypedOrderRow;
}

/** The rows with their day as `ordered_day` (what the typed table holds). */
export function typedRows(rows: readonly OrderRow[]): TypedOrderRow[] {
  return rows.map((row) => ({ ...row, ordered_day: row.ordered_on === null ? null : row.ordered_on.slice(0, 10) }));
}


export const SQL_COLUMNS: SqlRowSourceColumn[] = [
  { key: 'id', type: 'number' },
  { key: 'name', type: 'text', label: 'Name' },
  { key: 'city', type: 'text', label: 'City' },
  { key: 'amount', type: 'number', label: 'Amount', format: 'number' },
  { key: 'qty', type: 'number', label: 'Qty', format: 'number' },
  { key: 'rate', type: 'number', label: 'Rate', format: 'percent' },
  { key: 'ordered_on', type: 'date', label: 'Ordered' },
];

export const SEARCHABLE = ['name', 'city', 'amount', 'qty', 'rate'];

/**
 * `columns` with the named ones categorical (the fixture indexes `name`, `city` and `ordered_on` of
 * `orders`, and `ordered_on`, `ordered_day` of `orders_typed`).
 */
export function categorical(columns: readonly SqlRowSourceColumn[], keys: readonly string[]): SqlRowSourceColumn[] {
  return columns.map((c) => (keys.includes(c.key) ? { ...c, categorical: true } : c));
}

/** The variants every SQL row source suite runs: the plain source, and one with categorical text and date columns. */
export const COLUMN_VARIANTS: readonly { name: string; categorical: readonly string[] }[] = [
  { name: '', categorical: [] },
  { name: ', categorical name, city and ordered_on', categorical: ['name', 'city', 'ordered_on'] },
];

/** The typed table's columns: `ordered_on` (a timestamp on PostgreSQL) and `ordered_day` (a date). */
export const TYPED_SQL_COLUMNS: SqlRowSourceColumn[] = [...SQL_COLUMNS, { key: 'ordered_day', type: 'date', label: 'Day' }];

/** The same columns for the core's local row source. */
export const LOCAL_COLUMNS: LocalRowSourceColumn[] = SQL_COLUMNS.map((c) => ({
  key: c.key,
  label: c.label ?? c.key,
  format: c.format ?? (c.type === 'number' ? 'number' : 'text'),
  sortable: true,
  searchable: SEARCHABLE.includes(c.key),
}));

const CREATE = {
  sqlite: `CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount REAL, qty INTEGER NOT NULL, rate REAL, ordered_on TEXT)`,
  postgres: `CREATE TABLE orders (id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount DOUBLE PRECISION, qty INTEGER NOT NULL, rate DOUBLE PRECISION, ordered_on TEXT)`,
};

/**
 * The same rows with real date types where the database has them: PostgreSQL `timestamp` and
 * `date`; SQLite has no date type (a declared `DATETIME`/`DATE` gives NUMERIC affinity, and ISO
 * text stays text), so there the table stores what any SQLite application stores.
 */
const CREATE_TYPED = {
  sqlite: `CREATE TABLE orders_typed (id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount REAL, qty INTEGER NOT NULL, rate REAL, ordered_on DATETIME, ordered_day DATE)`,
  postgres: `CREATE TABLE orders_typed (id INTEGER PRIMARY KEY, name TEXT, city TEXT, amount DOUBLE PRECISION, qty INTEGER NOT NULL, rate DOUBLE PRECISION, ordered_on TIMESTAMP, ordered_day DATE)`,
};

/**
 * Indexes the SQL row source's categorical columns need (an index whose first column is the column),
 * and one on `amount`, so a whole-table median of `amount` walks an index while one of `qty` does not.
 */
const CATEGORICAL_INDEXES = [
  'CREATE INDEX orders_name ON orders (name)',
  'CREATE INDEX orders_city ON orders (city)',
  'CREATE INDEX orders_ordered_on ON orders (ordered_on)',
  'CREATE INDEX orders_amount ON orders (amount)',
];

/** What a fixture database holds besides `orders`. */
export interface FixtureOptions {
  /** Kysely's query log (tests count the statements a source sends). */
  log?: (event: LogEvent) => void;
  /** Also create and fill `orders_typed`. */
  typed?: boolean;
}

async function load(db: Kysely<OrdersDatabase>, dialect: 'sqlite' | 'postgres', rows: readonly OrderRow[], options: FixtureOptions): Promise<void> {
  await sql.raw(CREATE[dialect]).execute(db);
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto('orders').values(rows.slice(i, i + 500)).execute();
  }
  for (const statement of CATEGORICAL_INDEXES) await sql.raw(statement).execute(db);
  if (options.typed) {
    await sql.raw(CREATE_TYPED[dialect]).execute(db);
    const typed = typedRows(rows);
    for (let i = 0; i < typed.length; i += 500) {
      await db.insertInto('orders_typed').values(typed.slice(i, i + 500)).execute();
    }
    await sql`CREATE INDEX orders_typed_on ON orders_typed (ordered_on)`.execute(db);
    await sql`CREATE INDEX orders_typed_day ON orders_typed (ordered_day)`.execute(db);
  }
}

/** A SQLite database in memory holding `rows`, with the row source's function registered. */
export async function sqliteWith(rows: readonly OrderRow[], options: FixtureOptions = {}): Promise<{ db: Kysely<OrdersDatabase>; close: () => Promise<void> }> {
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  const db = new Kysely<OrdersDatabase>({ dialect: new SqliteDialect({ database }), log: options.log });
  await load(db, 'sqlite', rows, options);
  return { db, close: () => db.destroy() };
}

/** A PostgreSQL schema (from `createTestSchema`) holding `rows`. */
export async function postgresWith(url: string, rows: readonly OrderRow[], options: FixtureOptions = {}): Promise<{ db: Kysely<OrdersDatabase>; close: () => Promise<void> }> {
  const db = new Kysely<OrdersDatabase>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }), log: options.log });
  await load(db, 'postgres', rows, options);
  return { db, close: () => db.destroy() };
}

/** An opened fixture database: the Kysely instance, and what removes it (the PostgreSQL schema too). */
export interface FixtureDatabase {
  db: Kysely<OrdersDatabase>;
  close: () => Promise<void>;
}

/** A database every SQL row source suite runs on; `open` loads the rows (its options over the backend's). */
export interface FixtureBackend {
  name: 'sqlite' | 'postgres';
  open: (options?: FixtureOptions) => Promise<FixtureDatabase>;
}

/**
 * The two backends of the server suites, each holding `rows`: SQLite in memory, and a schema of its
 * own in the test PostgreSQL (`createTestSchema`, dropped on close). Opening PostgreSQL when it is
 * not available throws with the reason (suites skip it only under `GRID_VIEW_SKIP_PG=1`).
 */
export function fixtureBackends(pgState: PgAvailability, rows: readonly OrderRow[], defaults: FixtureOptions = {}): FixtureBackend[] {
  return [
    { name: 'sqlite', open: (options) => sqliteWith(rows, { ...defaults, ...options }) },
    {
      name: 'postgres',
      open: async (options) => {
        if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
        const schema = await createTestSchema(pgState.url);
        const opened = await postgresWith(schema.url, rows, { ...defaults, ...options });
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
}

/**
 * The plan of a statement the source sent (its SQL and parameters, from Kysely's log): SQLite's
 * `EXPLAIN QUERY PLAN` details, or PostgreSQL's `EXPLAIN` with sequential scans off, as on a table
 * too big to read whole (a test table is small enough that the planner would rather scan it).
 */
export async function planOf<DB>(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', statement: string, parameters: readonly unknown[]): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement}`, [...parameters]));
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${statement}`, [...parameters]));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
