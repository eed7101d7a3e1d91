/**
 * The "Big table" page's data: the demo sales ledger at a million rows (`GV_BIG_TABLE_ROWS`) in a
 * SQLite file under the data folder, served through the library's `createSqlRowSource`. The rows
 * never reach the browser: the grid asks for blocks, values checklists, aggregates and exports over
 * the handler's rows routes.
 *
 * The file is generated on the first start (about 10 s for a million rows on a 2-core machine:
 * one transaction of prepared inserts, then the indexes) and kept; a later start opens it at once.
 * It is written under a temporary name and renamed when complete, so an interrupted generation
 * never leaves a half-filled table behind, and it is rebuilt when its row count, seed or layout
 * differs from what is asked (a `meta` table records them).
 *
 * Region, product and channel are stored in both languages of the playground (`region` and
 * `region_uk`, …): each language has its own row source over the one table, reading the columns of
 * its language under the same keys, so a Ukrainian reader sorts, filters, searches and exports the
 * Ukrainian texts.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createSqlRowSource, dayIndexExpression, registerSqliteFunctions } from 'vue-grid-view/server';
import type { RowSourceRegistration, SqlRowSource, SqlRowSourceColumn } from 'vue-grid-view/server';
import type { GridViewSpecWire } from 'vue-grid-view/core';
import bigSpecJson from '../specs/big-table.json';
import { BIG_TABLE_SEED, demoValue, iterateSales } from '../shared/data';
import { BIG_TABLE_GRID_IDS, DEMO_CURRENCY, localiseSpec, type DemoLocale } from '../shared/labels';

/** Rows of the big table unless `GV_BIG_TABLE_ROWS` says otherwise. */
export const BIG_TABLE_DEFAULT_ROWS = 1_000_000;

/**
 * Bumped when the table's columns or indexes change, so an old file is rebuilt (2: order numbers
 * and categorical indexes; 3: Ukrainian texts and their indexes; 4: region indexes that cover the KPIs; 5: the day index on `dayIndexExpression`).
 */
const LAYOUT_VERSION = 5;

/** What the quick search reads: the categorical columns (see `BIG_TABLE_COLUMNS`). */
export const BIG_TABLE_SEARCHABLE: readonly string[] = ['region', 'product', 'channel', 'менеджер'];

/** Table name in the file. */
export const BIG_TABLE = 'big_orders';

/**
 * The columns as the row source serves them (English texts). `id` is the SQLite rowid (the tie-breaker every sort
 * ends with); the manager column keeps the spec's Ukrainian key over an ASCII SQL name. Region,
 * product, channel and manager hold 4 to 8 values each and are indexed: categorical, so their
 * filters, checklists and the search read the distinct values from the index and find the rows
 * through it (docs/server-rows.md, "Big tables"). The order number (`SO-000001`, one per row) is
 * free text: its column filter reads every row, so it stays out of the quick search
 * (`BIG_TABLE_SEARCHABLE`), which would otherwise fold a million texts on every keystroke.
 */
export const BIG_TABLE_COLUMNS: readonly SqlRowSourceColumn[] = [
  { key: 'id', type: 'number', label: 'Order' },
  { key: 'order_no', type: 'text', label: 'Order no.' },
  { key: 'date', column: 'sold_on', type: 'date', label: 'Date' },
  { key: 'region', type: 'text', label: 'Region', categorical: true },
  { key: 'product', type: 'text', label: 'Product', categorical: true },
  { key: 'channel', type: 'text', label: 'Channel', categorical: true },
  { key: 'менеджер', column: 'manager', type: 'text', label: 'Manager', categorical: true },
  { key: 'units', type: 'number', label: 'Units', format: 'number' },
  { key: 'unit_price', type: 'number', label: 'Unit price', format: 'currency' },
  { key: 'amount', type: 'number', label: 'Amount', format: 'currency' },
  { key: 'margin', type: 'number', label: 'Margin', format: 'percent' },
];

/** The text columns stored in both languages: the Ukrainian text sits in `<column>_uk`. */
const TRANSLATED = new Set(['region', 'product', 'channel']);

/**
 * The same columns for Ukrainian readers: the same keys (so sort, filter and column state are the
 * same), the region, product and channel read from their Ukrainian SQL columns.
 */
export const BIG_TABLE_COLUMNS_UK: readonly SqlRowSourceColumn[] = BIG_TABLE_COLUMNS.map((column) =>
  TRANSLATED.has(column.key) ? { ...column, column: `${column.column ?? column.key}_uk` } : column,
);

/**
 * Indexes for what the page and the benchmark do. Sorting by a number puts empty cells last with
 * `CASE WHEN x IS NULL THEN 1 ELSE 0 END` first in ORDER BY (docs/server-rows.md); an index on
 * that same expression, then the column in the sort's direction, then the rowid, lets SQLite read
 * the first block in order without sorting the filtered set. The plain index on `amount` serves
 * the median KPI over the whole table (half an index walk instead of a sort) and amount filters;
 * number filters use the plain column indexes, date filters the index on the day
 * (`dayIndexExpression`: the expression the row source compares days with); the four categorical
 * columns need one each that starts with them (their distinct values, and the rows of the values a
 * filter keeps). The region indexes go on with the columns the KPIs read (amount, units, margin,
 * manager), so the KPIs of a region checklist are read from the index alone (SQLite otherwise looks
 * up each of the region's 200,000 rows in the table: about three times slower). A product's sales
 * by amount need more: cheap products sit at the bottom of the amount order, so neither walking
 * the amount index nor sorting a product's 125,000 rows finds a first block fast; the product
 * indexes continue with the amount sort, in both directions (PostgreSQL's planner needs the
 * source's help to take them: docs/server-rows.md, "Big tables"). The
 * Ukrainian texts (`region_uk`, …) get the same indexes as their English columns. On PostgreSQL
 * the sort indexes end with the tie-breaker `id` (SQLite's end with the rowid by themselves).
 */
export function bigTableIndexes(dialect: 'sqlite' | 'postgres'): readonly string[] {
  const statements = BIG_TABLE_INDEXES.map((statement) => statement.replace('$DAY', dayIndexExpression(dialect, 'sold_on')));
  return dialect === 'sqlite' ? statements : statements.map((statement) => (/_amount_(asc|desc) /.test(statement) ? statement.replace(/\)$/, ', id)') : statement));
}

const BIG_TABLE_INDEXES: readonly string[] = [
  `CREATE INDEX big_orders_amount_desc ON big_orders ((CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount" DESC)`,
  `CREATE INDEX big_orders_amount_asc ON big_orders ((CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount")`,
  `CREATE INDEX big_orders_amount ON big_orders ("amount")`,
  `CREATE INDEX big_orders_units ON big_orders ("units")`,
  `CREATE INDEX big_orders_day ON big_orders ($DAY)`,
  `CREATE INDEX big_orders_region ON big_orders ("region", "amount", "units", "margin", "manager")`,
  `CREATE INDEX big_orders_product_amount_desc ON big_orders ("product", (CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount" DESC)`,
  `CREATE INDEX big_orders_product_amount_asc ON big_orders ("product", (CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount")`,
  `CREATE INDEX big_orders_channel ON big_orders ("channel")`,
  `CREATE INDEX big_orders_manager ON big_orders ("manager")`,
  `CREATE INDEX big_orders_region_uk ON big_orders ("region_uk", "amount", "units", "margin", "manager")`,
  `CREATE INDEX big_orders_product_uk_amount_desc ON big_orders ("product_uk", (CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount" DESC)`,
  `CREATE INDEX big_orders_product_uk_amount_asc ON big_orders ("product_uk", (CASE WHEN "amount" IS NULL THEN 1 ELSE 0 END), "amount")`,
  `CREATE INDEX big_orders_channel_uk ON big_orders ("channel_uk")`,
];

const CREATE_TABLE = `CREATE TABLE big_orders (
  id INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL,
  sold_on TEXT NOT NULL,
  region TEXT NOT NULL,
  product TEXT NOT NULL,
  channel TEXT NOT NULL,
  manager TEXT NOT NULL,
  units INTEGER NOT NULL,
  unit_price REAL NOT NULL,
  amount REAL NOT NULL,
  margin REAL NOT NULL,
  region_uk TEXT NOT NULL,
  product_uk TEXT NOT NULL,
  channel_uk TEXT NOT NULL
)`;

/** What a caller learns about the opened table. */
export interface BigTable {
  /** The row source of the English texts (the benchmark's). */
  readonly source: SqlRowSource;
  /** One row source per language, over the same table. */
  readonly sources: Readonly<Record<DemoLocale, SqlRowSource>>;
  /** The handler's `rowSources` entries, one per language. */
  readonly registrations: Record<string, RowSourceRegistration>;
  readonly rows: number;
  /** Milliseconds spent generating the file on this start; 0 when an existing file was opened. */
  readonly generatedMs: number;
  readonly path: string;
  close(): Promise<void>;
}

/** The row count `GV_BIG_TABLE_ROWS` asks for (whole number, 1 to 10,000,000), else the default. */
export function bigTableRowsFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return BIG_TABLE_DEFAULT_ROWS;
  const rows = Number(value);
  if (!Number.isSafeInteger(rows) || rows < 1 || rows > 10_000_000) throw new Error(`GV_BIG_TABLE_ROWS must be a whole number from 1 to 10000000, not ${JSON.stringify(value)}.`);
  return rows;
}

/**
 * Opens the big table in `dataDir` (`big-table.sqlite`), generating it first when it is missing or
 * holds another row count, seed or layout.
 */
export async function openBigTable(options: { dataDir: string; rows: number }): Promise<BigTable> {
  const path = join(options.dataDir, 'big-table.sqlite');
  let generatedMs = 0;
  if (!isCurrent(path, options.rows)) {
    const started = performance.now();
    await generateBigTableFile(path, options.rows);
    generatedMs = performance.now() - started;
  }
  const database = new Database(path, { readonly: true, fileMustExist: true });
  registerSqliteFunctions(database);
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  const sources = {
    // Each language's texts sort as that language's readers expect (and as the grid over rows in
    // memory sorts them): "Ірина Бондаренко" before "Тарас Мельник" under uk.
    en: createSqlRowSource({ db, table: BIG_TABLE, columns: BIG_TABLE_COLUMNS, searchable: BIG_TABLE_SEARCHABLE, tieBreaker: 'id', maxBlock: 1000, locale: 'en' }),
    uk: createSqlRowSource({ db, table: BIG_TABLE, columns: BIG_TABLE_COLUMNS_UK, searchable: BIG_TABLE_SEARCHABLE, tieBreaker: 'id', maxBlock: 1000, locale: 'uk' }),
  };
  return {
    source: sources.en,
    sources,
    registrations: bigTableRegistrations(sources),
    rows: options.rows,
    generatedMs,
    path,
    close: () => db.destroy(),
  };
}

/**
 * One registration per language: its row source (the values in that language), the spec's KPIs and
 * grid-filtered chart, the column labels, export caps. One source serves both languages when given
 * alone (English texts everywhere).
 */
export function bigTableRegistrations(sources: SqlRowSource | Readonly<Record<DemoLocale, SqlRowSource>>): Record<string, RowSourceRegistration> {
  const out: Record<string, RowSourceRegistration> = {};
  for (const locale of ['en', 'uk'] as const) {
    const spec = localiseSpec(bigSpecJson as GridViewSpecWire, locale);
    out[BIG_TABLE_GRID_IDS[locale]] = {
      source: 'getRows' in sources ? sources : sources[locale],
      kpis: spec.kpis ?? [],
      charts: (spec.charts ?? []).filter((chart) => chart.data_source === 'grid_filtered'),
      columns: spec.columns.map((c) => ({ key: c.key, label: c.label, format: c.format })),
      locale,
      currency: DEMO_CURRENCY,
      exportTitle: spec.title ?? 'big-orders',
    };
  }
  return out;
}

function isCurrent(path: string, rows: number): boolean {
  if (!existsSync(path)) return false;
  let database: Database.Database | null = null;
  try {
    database = new Database(path, { readonly: true, fileMustExist: true });
    const meta = database.prepare('SELECT rows, seed, layout FROM meta').get() as { rows: number; seed: number; layout: number } | undefined;
    return meta !== undefined && meta.rows === rows && meta.seed === BIG_TABLE_SEED && meta.layout === LAYOUT_VERSION;
  } catch {
    // Not a database, no meta table, an older layout: rebuilt.
    return false;
  } finally {
    database?.close();
  }
}

/**
 * Writes `rows` sales into a new file at `path`: a temporary file first (no journal, no syncs: a
 * crash loses only the temporary file), indexes after the rows (faster than keeping them up to date
 * row by row), `ANALYZE` for the query planner, then an atomic rename.
 */
export async function generateBigTableFile(path: string, rows: number): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  const database = new Database(temporary);
  try {
    database.pragma('journal_mode = OFF');
    database.pragma('synchronous = OFF');
    database.pragma('cache_size = -200000');
    database.exec(CREATE_TABLE);
    database.exec('CREATE TABLE meta (rows INTEGER NOT NULL, seed INTEGER NOT NULL, layout INTEGER NOT NULL)');
    const insert = database.prepare('INSERT INTO big_orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const writeAll = database.transaction(() => {
      let id = 0;
      for (const sale of iterateSales(rows, BIG_TABLE_SEED)) {
        id += 1;
        insert.run(
          id, sale.id, sale.date, sale.region, sale.product, sale.channel, sale.менеджер, sale.units, sale.unit_price, sale.amount, sale.margin,
          demoValue(sale.region, 'uk'), demoValue(sale.product, 'uk'), demoValue(sale.channel, 'uk'),
        );
      }
    });
    writeAll();
    for (const statement of bigTableIndexes('sqlite')) database.exec(statement);
    database.prepare('INSERT INTO meta VALUES (?, ?, ?)').run(rows, BIG_TABLE_SEED, LAYOUT_VERSION);
    database.exec('ANALYZE');
  } catch (error) {
    database.close();
    await rm(temporary, { force: true });
    throw error;
  }
  database.close();
  await rename(temporary, path);
}
