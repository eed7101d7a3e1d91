/**
 * Text in SQL as the core's search compares it: the fold (lower case, accents removed, whitespace
 * runs as one space: `normaliseSearchText`) on both databases, LIKE patterns with every wildcard of
 * the user's text escaped, and the whitespace JavaScript's `trim` removes.
 *
 * - **SQLite** has no Unicode lower case (`LOWER` folds ASCII only), so the fold is a function
 *   registered on the connection, `grid_view_fold`, that runs the core's own `normaliseSearchText`:
 *   the database folds exactly as the browser does, Cyrillic and accents included.
 * - **PostgreSQL** folds with `lower()` (Unicode under a UTF-8 locale or ICU collation),
 *   `normalize(…, NFD)`, a regular expression that drops the combining marks (the Combining
 *   Diacritical Marks blocks; `normaliseSearchText` drops every `\p{M}`, which differs only for marks
 *   of scripts such as Devanagari), `translate()` for the letters NFD leaves whole (ł → l, ø → o:
 *   the core's own `UNMARKED_LETTER_FOLDS`, so the two sides cannot list different letters) and a
 *   second regular expression that folds whitespace runs.
 *
 * @module
 */
import { sql, type RawBuilder } from 'kysely';
import { AGGREGATES, AGGREGATE_SQL, type AggregateDefinition, type AggregateName, reduceNumbers } from '../../core/aggregates';
import { UNMARKED_LETTER_FOLDS, normaliseSearchText } from '../../core/table-model/text-fold';
import type { SqlDialectName } from '../store/schema';
import { SQLITE_SORT_KEY_FUNCTION, sqliteSortKey } from './sql-collation';

/** Name of the SQLite function `registerSqliteFunctions` adds. */
export const SQLITE_FOLD_FUNCTION = 'grid_view_fold';

/** Name of the SQLite aggregate `registerSqliteFunctions` adds for the median (its `sqliteFunction` in `AGGREGATE_SQL`). */
export const SQLITE_MEDIAN_FUNCTION: string = AGGREGATE_SQL.median.sqliteFunction;

/** Every character JavaScript's `String.prototype.trim` removes (a parameter of SQL `trim`). */
export const JS_WHITESPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** The same set as a PostgreSQL bracket expression (escapes read by PostgreSQL's regex engine). */
const PG_WHITESPACE_CLASS = String.raw`[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+`;
/** Combining marks NFD splits off accented letters (й → и + U+0306, é → e + U+0301). */
const PG_MARKS_CLASS = String.raw`[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+`;
/** `translate()`'s two lists: each letter NFD leaves whole, and at the same place its plain letter. */
const PG_UNMARKED_FROM = UNMARKED_LETTER_FOLDS.map(([letter]) => letter).join('');
const PG_UNMARKED_TO = UNMARKED_LETTER_FOLDS.map(([, plain]) => plain).join('');

/**
 * The fold of a cell as SQL: what `normaliseSearchText` gives for its text. Numbers are folded from
 * their text: on SQLite JavaScript's (`String(12.5)`), on PostgreSQL PostgreSQL's (`numeric` keeps
 * its scale: `12.50`). NULL stays NULL.
 */
export function foldSql(dialect: SqlDialectName, value: RawBuilder<unknown>): RawBuilder<string> {
  if (dialect === 'sqlite') return sql<string>`${sql.raw(SQLITE_FOLD_FUNCTION)}(${value})`;
  const lowered = sql`normalize(lower(CAST(${value} AS text)), NFD)`;
  // Literals, not parameters: the expression must be the same text in every statement, so an
  // expression index built on it can serve them.
  const unmarked = sql`translate(regexp_replace(${lowered}, ${sql.lit(PG_MARKS_CLASS)}, '', 'g'), ${sql.lit(PG_UNMARKED_FROM)}, ${sql.lit(PG_UNMARKED_TO)})`;
  return sql<string>`regexp_replace(${unmarked}, ${sql.lit(PG_WHITESPACE_CLASS)}, ' ', 'g')`;
}

/** `value` without the whitespace JavaScript's `trim` removes, at both ends. */
export function trimSql(dialect: SqlDialectName, value: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'sqlite' ? sql<string>`trim(${value}, ${JS_WHITESPACE})` : sql<string>`btrim(CAST(${value} AS text), ${JS_WHITESPACE})`;
}

/** A LIKE pattern's literal text: `\`, `%` and `_` escaped with `\` (every LIKE here says `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `value LIKE pattern ESCAPE '\'`; the pattern is always a parameter. */
export function likeSql(value: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${value} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * The fold the SQLite function computes: the core's `normaliseSearchText` for text, `String(n)` for
 * numbers (the text the browser searches), NULL for NULL and for blobs (no text to search).
 */
export function sqliteFold(value: unknown): string | null {
  if (typeof value === 'string') return normaliseSearchText(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** What `registerSqliteFunctions` needs of a better-sqlite3 `Database`. */
export interface SqliteFunctionHost {
  function(name: string, options: { deterministic?: boolean; directOnly?: boolean; varargs?: boolean }, fn: (...args: unknown[]) => unknown): unknown;
  aggregate(
    name: string,
    options: {
      start: () => MedianAccumulator;
      step: (total: MedianAccumulator, value: unknown) => MedianAccumulator;
      result: (total: MedianAccumulator) => number | null;
      deterministic?: boolean;
    },
  ): unknown;
}

/** The numbers `grid_view_median` has seen in one group. */
export interface MedianAccumulator {
  values: Float64Array;
  length: number;
}

/** One step of `grid_view_median`: finite numbers are kept (NULL, text and blobs are not numbers, as in the core). */
export function medianStep(total: MedianAccumulator, value: unknown): MedianAccumulator {
  const n = typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return total;
  if (total.length === total.values.length) {
    const grown = new Float64Array(total.values.length * 2);
    grown.set(total.values);
    total.values = grown;
  }
  total.values[total.length++] = n;
  return total;
}

/** The median of the numbers a group gave: the core's own (the registry entry's `reduce`), null for none. */
export function medianResult(total: MedianAccumulator): number | null {
  return reducedResult(AGGREGATES.median, total);
}

/** What an aggregate gives for the numbers a group gave, as the core computes it; null for none. */
function reducedResult(entry: AggregateDefinition, total: MedianAccumulator): number | null {
  return total.length === 0 ? null : reduceNumbers(entry, Array.from(total.values.subarray(0, total.length)));
}

/**
 * Registers the functions the SQL row source needs on a better-sqlite3 connection (see
 * docs/server-rows.md): `grid_view_fold(x)`, the core's case- and accent-insensitive fold,
 * `grid_view_sort_key(table, x)`, the key of a text in the reader's order (`Intl.Collator`'s, from
 * sort keys a row source reads in this process: see `sql-collation.ts`), and the aggregate
 * `grid_view_median(x)`, the exact median of a group's numbers as the core computes it (SQLite has
 * none). Call it once per connection, before the row source's first query; registering again
 * replaces the functions and is harmless.
 *
 * Edge cases: a value that is neither text nor a number (a blob) folds to NULL and so matches no
 * search; the fold is deterministic, so SQLite may use it in expression indexes
 * (`CREATE INDEX … ON t (grid_view_fold(name))` then needs the function on every connection that
 * writes the table, and a `REINDEX` after an upgrade that changes the fold, as the one that added
 * ł → l and the other letters of `UNMARKED_LETTER_FOLDS`). The sort key is direct-only: its keys
 * belong to this process, so SQLite refuses it in an index, a view or a trigger. The median keeps a group's numbers in memory (8 bytes each) and skips NULL
 * and anything that is not a finite number; a group without numbers gives NULL.
 *
 * @example
 * const database = new Database('big.db');
 * registerSqliteFunctions(database);
 * const db = new Kysely({ dialect: new SqliteDialect({ database }) });
 */
export function registerSqliteFunctions(database: SqliteFunctionHost): void {
  database.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (value: unknown) => sqliteFold(value));
  // Deterministic within a statement (keys never move while one runs), so SQLite computes the
  // key of a remembered row's text once; direct only, so no index, view or trigger can keep keys
  // that belong to this process.
  database.function(SQLITE_SORT_KEY_FUNCTION, { deterministic: true, directOnly: true }, (table: unknown, value: unknown) => sqliteSortKey(table, value));
  // Every aggregate SQLite lacks (those whose SQL names a `sqliteFunction`: today the median).
  for (const name of Object.keys(AGGREGATE_SQL) as AggregateName[]) {
    const { sqliteFunction } = AGGREGATE_SQL[name] as { sqliteFunction?: string };
    if (sqliteFunction === undefined) continue;
    const entry: AggregateDefinition = AGGREGATES[name];
    database.aggregate(sqliteFunction, {
      start: () => ({ values: new Float64Array(64), length: 0 }),
      step: (total, value) => medianStep(total, value),
      result: (total) => reducedResult(entry, total),
      deterministic: true,
    });
  }
}
