/**
 * What every part of one SQL row source shares (`sql-counts.ts`, `sql-plans.ts`, `sql-blocks.ts`,
 * `sql-values.ts`): its checked settings, the database's turn (`run`) and the WHERE translation with
 * the values of categorical tests read first (`resolved`, `whereOf`).
 *
 * @module
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { RowSourceQuery } from '../../core/data-grid/types';
import { HttpError } from '../errors';
import { DatabaseSetupError, isDatabaseFault } from '../store/faults';
import type { SqlDialectName } from '../store/schema';
import { SQLITE_SORT_KEY_FUNCTION, TextCollation } from './sql-collation';
import { MAX_LISTED_VALUES, type NativeDayType, type SqlColumn, type SqlFilterContext, nativeDayType, whereSql } from './sql-filter';
import { SQLITE_FOLD_FUNCTION, SQLITE_MEDIAN_FUNCTION } from './sql-text';

/** The part of a query that decides its set: the filters and the search (a sort does not). */
export type FilterQuery = Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>;

/** How long the table's row count, a statement's plan and the native date types are reused. */
export const TABLE_SIZE_CACHE_MS = 60_000;
/** Entries each cache of a source (counts, fences, plans) keeps at once; the oldest goes first. */
export const COUNT_CACHE_SIZE = 256;
const NO_NATIVE_DAYS: ReadonlyMap<string, NativeDayType> = new Map();

/** The settings of a row source after `createSqlRowSource` checked them. */
export interface SourceSettings {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the source reads one table by checked names.
  readonly db: Kysely<any>;
  readonly dialect: SqlDialectName;
  readonly table: string;
  readonly columns: ReadonlyMap<string, SqlColumn>;
  /** The unique, never-NULL column every ORDER BY ends with. */
  readonly tie: SqlColumn;
  readonly locale: string | undefined;
  /** ICU tag of the text order (`collationTag(locale)`: `uk-u-kn-true`). */
  readonly collation: string;
  readonly maxBlock: number;
  readonly countCacheMs: number;
  readonly countLimit: number;
  readonly now: () => number;
}

/** How listed values of categorical columns are written (see `SqlFilterContext`). */
export type WriteOptions = Pick<SqlFilterContext, 'walkSortIndex' | 'singleValueAsList'>;

/** A translation with the values of its categorical tests read: the SQL, whether it lists any, and the same written otherwise. */
export interface Resolved<T> {
  value: T;
  listed: boolean;
  again(options?: WriteOptions): T;
}

/** The shared part of one row source: its settings, its database turn and its WHERE translation. */
export class SourceContext {
  /** The checked settings, held as given (read as `ctx.settings.db`, …). */
  readonly settings: SourceSettings;
  /** The order of text in sorts and keyset comparisons: the reader's language's (`sql-collation.ts`). */
  readonly textOrder: TextCollation;
  readonly #filter: SqlFilterContext;
  /** Whether any date column may be stored natively (PostgreSQL asks the catalog then). */
  readonly #dateColumns: boolean;
  #ready: Promise<void> | null = null;
  #dayTypes: { at: number; types: Promise<ReadonlyMap<string, NativeDayType>> } | null = null;

  constructor(settings: SourceSettings) {
    this.settings = settings;
    this.textOrder = new TextCollation({ db: settings.db, dialect: settings.dialect, table: settings.table, locale: settings.locale, tag: settings.collation });
    const searchable = [...settings.columns.values()].filter((c) => c.searchable);
    this.#filter = { dialect: settings.dialect, table: settings.table, columns: settings.columns, searchable, locale: settings.locale };
    this.#dateColumns = [...settings.columns.values()].some((column) => column.type === 'date' && !column.categorical);
  }

  /**
   * Runs `body` in the database's turn: on SQLite from a macrotask of its own (`nextMacrotask`),
   * after the one-time check of the registered functions; a fault of the database of any kind
   * becomes `HttpError` 503 `service_unavailable` with `Retry-After: 5`.
   */
  async run<T>(body: () => Promise<T>): Promise<T> {
    try {
      if (this.settings.dialect === 'sqlite') await nextMacrotask();
      await this.#ensureReady();
      return await body();
    } catch (error) {
      // A driver's error of any class (a closed better-sqlite3 connection throws a TypeError) is a fault.
      if (!isDatabaseFault(error)) throw error;
      throw new HttpError(503, 'The rows database is unavailable; try again later.', { 'Retry-After': '5' }, 'service_unavailable', { cause: error });
    }
  }

  /**
   * Builds SQL with `build`, having first read the values each test of a categorical column keeps
   * (one small query per test, walking the column's index): the translation runs once to collect
   * those queries, then again with their answers, which it lists as parameters (see `cellTestSql`).
   */
  async resolved<T>(build: (context: SqlFilterContext) => T): Promise<Resolved<T>> {
    const pending: RawBuilder<{ v: unknown }>[] = [];
    const base: SqlFilterContext = { ...this.#filter, nativeDays: await this.#nativeDays() };
    const first = build({
      ...base,
      categoricalValues: (query) => {
        pending.push(query);
        return null;
      },
    });
    if (pending.length === 0) return { value: first, listed: false, again: () => first };
    // At once: PostgreSQL reads them on several pooled connections (a search over four categorical
    // columns asks four), SQLite one after the other as ever.
    const lists = await Promise.all(
      pending.map(async (query): Promise<readonly unknown[] | null> => {
        const { rows } = await query.execute(this.settings.db);
        return rows.length > MAX_LISTED_VALUES ? null : rows.map((row) => row.v);
      }),
    );
    const again = (options: WriteOptions = {}): T => {
      let next = 0;
      return build({ ...base, ...options, categoricalValues: () => lists[next++] ?? null });
    };
    return { value: again(), listed: true, again };
  }

  /** The WHERE condition of a query, and whether it lists values of categorical columns. */
  whereOf(query: FilterQuery): Promise<Resolved<RawBuilder<boolean>>> {
    return this.resolved((context) => whereSql(context, query.filterModel, query.quickFilter));
  }

  /** The WHERE condition of a query. */
  async where(query: FilterQuery): Promise<RawBuilder<boolean>> {
    return (await this.whereOf(query)).value;
  }

  /** On SQLite, checks once that the functions are registered: without them searches, text sorts and medians would fail with a SQL error. */
  #ensureReady(): Promise<void> {
    if (this.settings.dialect !== 'sqlite') return Promise.resolve();
    this.#ready ??= sql`SELECT ${sql.raw(SQLITE_FOLD_FUNCTION)}('A') AS v, ${sql.raw(SQLITE_MEDIAN_FUNCTION)}(1) AS m, ${sql.raw(SQLITE_SORT_KEY_FUNCTION)}(0, NULL) AS k`
      .execute(this.settings.db)
      .then(
        () => undefined,
        (error: unknown) => {
          this.#ready = null;
          if (/no such function/i.test(error instanceof Error ? error.message : String(error))) {
            throw new DatabaseSetupError(
              `createSqlRowSource: the SQLite connection lacks ${SQLITE_FOLD_FUNCTION}(), ${SQLITE_SORT_KEY_FUNCTION}() or ${SQLITE_MEDIAN_FUNCTION}(); call registerSqliteFunctions(database) on it first.`,
              { cause: error },
            );
          }
          throw error;
        },
      );
    return this.#ready;
  }

  /**
   * PostgreSQL: the date columns stored as `date`, `timestamp` or `timestamptz` (read from the
   * catalog, asked again after a minute), whose date filters compare the column itself. A table
   * the catalog does not show, or a failed read, leaves every date column to its text's day.
   */
  #nativeDays(): Promise<ReadonlyMap<string, NativeDayType>> {
    if (this.settings.dialect !== 'postgres' || !this.#dateColumns) return Promise.resolve(NO_NATIVE_DAYS);
    if (this.#dayTypes === null || this.settings.now() - this.#dayTypes.at >= TABLE_SIZE_CACHE_MS) {
      const qualified = this.settings.table
        .split('.')
        .map((part) => `"${part}"`)
        .join('.');
      const types = sql<{ name: string; type: string }>`SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = to_regclass(${qualified}) AND attnum > 0 AND NOT attisdropped`
        .execute(this.settings.db)
        .then((result) => {
          const found = new Map<string, NativeDayType>();
          for (const row of result.rows) {
            const type = nativeDayType(row.type);
            if (type !== null) found.set(row.name, type);
          }
          return found;
        })
        .catch((): ReadonlyMap<string, NativeDayType> => {
          // Asked again by the next request rather than remembered as "none".
          if (this.#dayTypes === entry) this.#dayTypes = null;
          return NO_NATIVE_DAYS;
        });
      const entry = { at: this.settings.now(), types };
      this.#dayTypes = entry;
    }
    return this.#dayTypes.types;
  }
}

/**
 * Resolves in a later macrotask (`setImmediate`, else a 0 ms timer). better-sqlite3 answers
 * synchronously and Kysely hands its one connection on within the same microtask drain, so a
 * request that joins the queue while statements run is served in that drain too: the queue can go
 * on growing, and timers and the reading of new requests wait until it is empty. Under 50 readers
 * a request waited for whole such turns at each step of its HTTP handling (p99 1.2 s, and a few
 * past 10 s). Entered from a macrotask, each request's statements run in a callback of their own,
 * a turn holds only the requests that were waiting when it began, and those read meanwhile are
 * served next, in order (p99 0.6 s, same throughput).
 */
function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
