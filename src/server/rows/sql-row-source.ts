/**
 * `createSqlRowSource`: the data grid's row source over a table in SQLite or PostgreSQL (Kysely).
 * It answers the same requests as the core's `createLocalRowSource`, with the same semantics where
 * SQL can have them (docs/server-rows.md lists the few differences), so a grid reads a million rows
 * block by block without them ever leaving the database.
 *
 * @module
 */
import { type Compilable, CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { canonicalJson } from '../../core/data-grid/filter-eval';
import { validateRowSourceQuery, validateRowSourceRequest, validateRowSourceValuesRequest } from '../../core/data-grid/request';
import { unstorableTextReason } from '../../core/prefs';
import { normaliseSearchText } from '../../core/table-model/search-text';
import type {
  ColumnFilterModel,
  GridFilterModel,
  RowSource,
  RowSourceQuery,
  RowSourceRequest,
  RowSourceResult,
  RowSourceSignal,
  RowSourceSortItem,
  RowSourceValuesRequest,
  RowSourceValuesResult,
} from '../../core/data-grid/types';
import type { Row, ValueFormat } from '../../core/types';
import { HttpError, apiError } from '../errors';
import { DatabaseSetupError, isDatabaseFault } from '../store/faults';
import { dialectOf, type SqlDialectName } from '../store/schema';
import { type SqlAggregateRequest, type SqlAggregateResult, aggregateOver, checkAggregateSpecs } from './sql-aggregate';
import { DISTINCT_VALUES_NAME, MAX_LISTED_VALUES, type NativeDayType, type SqlColumn, type SqlFilterContext, cellSql, nativeDayType, refOf, singleValueColumns, valuesEmptySql, whereSql } from './sql-filter';
import { type Boundary, afterSql, createBoundaryCache, emptiesSql, emptyRankSql, keyOf, keySelections, seekSql, sortLevels } from './sql-keyset';
import { SQLITE_FOLD_FUNCTION, SQLITE_MEDIAN_FUNCTION, escapeLike, foldSql, likeSql, trimSql } from './sql-text';

/** A column a SQL row source serves: the only identifiers that ever reach SQL. */
export interface SqlRowSourceColumn {
  /** Key of the column in requests and in the rows answered (a spec column's key). */
  key: string;
  /** Name of the SQL column: letters, digits and `_`, not starting with a digit. @default key */
  column?: string;
  /**
   * What the column holds: `text`, `number` (integer, real, numeric) or `date` (ISO `YYYY-MM-DD`
   * text, optionally with a time, or a PostgreSQL `date`). Decides which filters it accepts and how
   * it sorts and aggregates.
   */
  type: 'text' | 'number' | 'date';
  /** Label that `label:` in the quick search names. @default key */
  label?: string;
  /** Display format; `percent` makes number terms compare the value as shown (×100). @default 'text' or 'number' */
  format?: ValueFormat;
  /** May the grid sort by it. @default true */
  sortable?: boolean;
  /** May the grid filter it (column filters and the values checklist). @default true */
  filterable?: boolean;
  /**
   * The column holds few distinct values (a region, a status, a product: up to a few thousand) and
   * the table has an index whose first column is this one. Text and date filters, the values
   * checklist and the search then test each distinct value once (read from the index by a loose
   * index scan) and find and count the rows through the index, instead of folding and testing the
   * cell of every row; a whole-table `count_distinct` KPI reads the distinct values alone. The rows
   * answered are the same. Without such an index every probe scans the table: leave it off. Text
   * and date columns only. @default false
   */
  categorical?: boolean;
}

/** Options of `createSqlRowSource`. */
export interface SqlRowSourceOptions {
  /**
   * The database. On SQLite the connection must have the row source's function registered
   * (`registerSqliteFunctions`); the first query checks and says so otherwise.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the source reads one table by checked names.
  db: Kysely<any>;
  /** The table (or view): `name` or `schema.name`, letters, digits and `_`. */
  table: string;
  /** Every column the grid may read, sort or filter. Nothing else is ever selected or named. */
  columns: readonly SqlRowSourceColumn[];
  /** Keys of the columns the quick search and `label:` look at. @default every text column */
  searchable?: readonly string[];
  /**
   * Key of a column whose values are unique and never NULL (the primary key). It is the last sort
   * key of every query, so rows with equal sort values keep one order and pages never repeat or skip
   * rows. Need not be among the visible columns.
   */
  tieBreaker: string;
  /**
   * Most rows of one block; larger requests are cut to it. At most 1,000 (the issue's clamp: a
   * browser never needs more at once, and a bigger block only makes one request slower). @default 1000
   */
  maxBlock?: number;
  /**
   * Milliseconds a count of a filtered set is reused for `lastRow`, and a remembered block boundary
   * for keyset paging (a later block of the same query is read from the last row of an earlier one
   * instead of with a deep `OFFSET`; docs/server-rows.md "Deep blocks"). @default 10000 (0: neither
   * is cached, every block is read with `OFFSET`)
   */
  countCacheMs?: number;
  /**
   * Most rows a block request counts before it answers. A block that is not the last one needs the
   * filtered set's size for `lastRow`; when it is not cached, the source counts at most this many
   * matching rows (`SELECT COUNT(*) FROM (SELECT 1 … LIMIT countLimit + 1)`, which stops early) and
   * answers the exact count when the set is that small, else `lastRow: -1` (unknown: AG Grid's
   * infinite model lets the scrollbar grow as blocks arrive). The exact count then comes with
   * `/aggregate` (`rowCount`), which counts the set anyway, and is cached for the next blocks. An
   * exact count of a large set reads every matching index entry (a million take tens to hundreds of
   * milliseconds), which a first block should not wait for. `Infinity` always counts exactly before
   * answering; 0 never counts in a block request. @default 10000
   */
  countLimit?: number;
  /** Locale of number terms in searches (`2 500,5` under `uk`). @default 'en' */
  locale?: string;
  /** Clock of the count cache, for tests. @default Date.now */
  now?: () => number;
}

/** A `RowSource` over SQL, with what the server's routes need besides. */
export interface SqlRowSource extends RowSource<Row> {
  /** The dialect of `db`. */
  readonly dialect: SqlDialectName;
  /** The checked columns, by key. */
  readonly columns: ReadonlyMap<string, SqlColumn>;
  /** Highest block size. */
  readonly maxBlock: number;
  /**
   * One block. `request` may be anything a client sent: it is validated (`validateRowSourceRequest`,
   * then against the columns) and refused with `HttpError` 400 `invalid_rows_request`.
   */
  getRows(request: RowSourceRequest, signal?: RowSourceSignal): Promise<RowSourceResult<Row>>;
  /** Distinct values of a column under the other filters, most frequent first; validated as `getRows`. */
  getValues(request: RowSourceValuesRequest, signal?: RowSourceSignal): Promise<RowSourceValuesResult>;
  /** Rows of a validated query's filtered set (counts are cached per filter for `countCacheMs`). */
  count(query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): Promise<number>;
  /**
   * A validated, checked query (sort, filters, quick search) from anything a client sent; throws
   * `HttpError` 400 `invalid_rows_request` otherwise. The `/aggregate` route reads its query here.
   */
  checkQuery(raw: unknown): RowSourceQuery;
  /**
   * The KPIs and chart runtimes of a query's whole filtered set, aggregated in SQL and resolved by
   * the core exactly as `resolveKpis`/`buildChartRuntime` resolve them over rows in memory. `query`
   * is validated as `checkQuery` does; the specs are checked against the columns (a `TypeError` for
   * an unknown column or a numeric aggregate of a non-number column: a server configuration error).
   * `rowCount` is the set's exact size, counted in the same statement (alone when there are no
   * KPIs), and kept in the count cache for the blocks that follow.
   */
  aggregate(query: unknown, request: SqlAggregateRequest): Promise<SqlAggregateResult>;
  /** Checks specs as `aggregate` would, without a query: call it at start-up to fail early. */
  checkAggregate(request: SqlAggregateRequest): void;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TABLE = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?$/;
/** Highest `maxBlock` a source may be created with: every block a client gets is clamped to 1,000 rows. */
export const MAX_BLOCK_LIMIT = 1000;
/** Counts kept at once; the oldest goes first. */
const COUNT_CACHE_SIZE = 256;
const DEFAULT_VALUES_LIMIT = 1000;
/** Rows a block request counts at most before it answers (`SqlRowSourceOptions.countLimit`). */
const DEFAULT_COUNT_LIMIT = 10_000;
/** How long the table's row count and a statement's plan are reused for planning sorted blocks (`blockQuery`). */
const TABLE_SIZE_CACHE_MS = 60_000;
const NO_NATIVE_DAYS: ReadonlyMap<string, NativeDayType> = new Map();

/** Which filter types each column type accepts. */
const FILTER_TYPES: Readonly<Record<SqlColumn['type'], readonly string[]>> = {
  text: ['text', 'values'],
  number: ['number', 'text', 'values'],
  date: ['date', 'text', 'values'],
};

/**
 * Creates a row source over `table`. Nothing connects until the first request.
 *
 * Requests are validated strictly, as they come from browsers: unknown fields, columns that are not
 * in `columns` (or not sortable/filterable), a filter type the column's type does not take
 * (`number` on a text column), text with U+0000 or a lone surrogate (no database stores it), and
 * anything `validateRowSourceRequest` refuses throw `HttpError` 400 `invalid_rows_request` before
 * any SQL runs. Blocks larger than `maxBlock` are cut to it.
 *
 * Answers: rows carry only the requested `columns` (default every column) by key; number cells
 * come back as JavaScript numbers on both databases. `lastRow` is exact when the block is the
 * last one, else the filtered set's count, cached per filter and search for `countCacheMs` (the cache
 * is per process and safe to lose). A database failure of any kind (unreachable, a closed
 * connection, a lock, a cancelled statement; classified as the preferences store does, see
 * `store/faults.ts`) throws `HttpError` 503 `service_unavailable` with `Retry-After: 5` (the cause
 * goes to the handler's `onError`). A SQLite connection without `registerSqliteFunctions` throws a
 * `TypeError` (a setup bug: 500).
 *
 * Throws a `TypeError` at creation for a column or table name that is not a plain identifier (or a
 * table named `grid_view_distinct`), a duplicate key, a categorical number column, unknown
 * `searchable` or `tieBreaker` keys, or a `maxBlock` outside 1–1,000.
 *
 * @example
 * const source = createSqlRowSource({
 *   db, table: 'orders', tieBreaker: 'id',
 *   columns: [
 *     { key: 'id', type: 'number' },
 *     { key: 'customer', type: 'text', label: 'Customer' },
 *     { key: 'amount', type: 'number', format: 'currency' },
 *     { key: 'ordered_on', column: 'ordered_at', type: 'date' },
 *   ],
 * });
 * const { rows, lastRow } = await source.getRows({ startRow: 0, endRow: 100, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: null, quickFilter: 'kyiv' });
 */
export function createSqlRowSource(options: SqlRowSourceOptions): SqlRowSource {
  const { db } = options;
  const dialect = dialectOf(db as Kysely<unknown>);
  if (typeof options.table !== 'string' || !TABLE.test(options.table)) throw new TypeError(`table must be a plain name or schema.name, not ${JSON.stringify(options.table)}.`);
  if (options.table.split('.').at(-1)?.toLowerCase() === DISTINCT_VALUES_NAME) throw new TypeError(`table may not be named ${DISTINCT_VALUES_NAME} (the row source's own name for distinct values).`);
  const table = options.table;
  const maxBlock = options.maxBlock ?? 1000;
  if (!Number.isSafeInteger(maxBlock) || maxBlock < 1 || maxBlock > MAX_BLOCK_LIMIT) throw new TypeError(`maxBlock must be a whole number from 1 to ${MAX_BLOCK_LIMIT}.`);
  const countCacheMs = options.countCacheMs ?? 10_000;
  if (!Number.isFinite(countCacheMs) || countCacheMs < 0) throw new TypeError('countCacheMs must be a number of milliseconds, 0 or more.');
  const countLimit = options.countLimit ?? DEFAULT_COUNT_LIMIT;
  if (!(countLimit === Number.POSITIVE_INFINITY || (Number.isSafeInteger(countLimit) && countLimit >= 0))) throw new TypeError('countLimit must be a whole number of rows, 0 or more, or Infinity.');
  const now = options.now ?? Date.now;
  const columns = checkColumns(options.columns, options.searchable);
  const tie = columns.get(options.tieBreaker);
  if (tie === undefined) throw new TypeError(`tieBreaker ${JSON.stringify(options.tieBreaker)} is not a key of columns.`);
  const searchable = [...columns.values()].filter((c) => c.searchable);
  const ctx: SqlFilterContext = { dialect, table, columns, searchable, locale: options.locale };
  const allKeys = [...columns.keys()];
  const dateColumns = [...columns.values()].some((column) => column.type === 'date' && !column.categorical);
  // Exact counts, and lower bounds of sets larger than a capped count reached (`exact: false`).
  const counts = new Map<string, { at: number; count: number; exact: boolean }>();
  const boundaries = createBoundaryCache(countCacheMs, now);
  let ready: Promise<void> | null = null;

  /** On SQLite, checks once that the functions are registered: without them searches and medians would fail with a SQL error. */
  const ensureReady = (): Promise<void> => {
    if (dialect !== 'sqlite') return Promise.resolve();
    ready ??= sql`SELECT ${sql.raw(SQLITE_FOLD_FUNCTION)}('A') AS v, ${sql.raw(SQLITE_MEDIAN_FUNCTION)}(1) AS m`
      .execute(db)
      .then(
        () => undefined,
        (error: unknown) => {
          ready = null;
          if (/no such function/i.test(error instanceof Error ? error.message : String(error))) {
            throw new DatabaseSetupError(
              `createSqlRowSource: the SQLite connection lacks ${SQLITE_FOLD_FUNCTION}() or ${SQLITE_MEDIAN_FUNCTION}(); call registerSqliteFunctions(database) on it first.`,
              { cause: error },
            );
          }
          throw error;
        },
      );
    return ready;
  };

  const run = async <T>(body: () => Promise<T>): Promise<T> => {
    try {
      if (dialect === 'sqlite') await nextMacrotask();
      await ensureReady();
      return await body();
    } catch (error) {
      // A driver's error of any class (a closed better-sqlite3 connection throws a TypeError) is a fault.
      if (!isDatabaseFault(error)) throw error;
      throw new HttpError(503, 'The rows database is unavailable; try again later.', { 'Retry-After': '5' }, 'service_unavailable', { cause: error });
    }
  };

  const checkFilters = (filterModel: GridFilterModel | null, quickFilter: string): void => {
    checkStorable(quickFilter, 'quickFilter');
    for (const [key, filter] of Object.entries(filterModel ?? {})) {
      const column = columns.get(key);
      if (column === undefined) throw invalid(`filterModel names the unknown column ${quote(key)}.`);
      if (!column.filterable) throw invalid(`The column ${quote(key)} cannot be filtered.`);
      if (!FILTER_TYPES[column.type].includes(filter.filterType)) throw invalid(`The column ${quote(key)} (${column.type}) takes no ${filter.filterType} filter.`);
      checkFilterTexts(filter, key);
    }
  };

  const checkQuery = (raw: unknown): RowSourceQuery => {
    const check = validateRowSourceQuery(raw);
    if (!check.ok) throw invalid(check.message);
    const { sortModel, filterModel, quickFilter } = check.value;
    checkSort(sortModel);
    checkFilters(filterModel, quickFilter);
    return { sortModel, filterModel, quickFilter };
  };

  const checkSort = (sortModel: readonly RowSourceSortItem[]): void => {
    for (const item of sortModel) {
      const column = columns.get(item.colId);
      if (column === undefined) throw invalid(`sortModel names the unknown column ${quote(item.colId)}.`);
      if (!column.sortable) throw invalid(`The column ${quote(item.colId)} cannot be sorted.`);
    }
  };

  /**
   * Builds SQL with `build`, having first read the values each test of a categorical column keeps
   * (one small query per test, walking the column's index): the translation runs once to collect
   * those queries, then again with their answers, which it lists as parameters (see `cellTestSql`).
   */
  const resolved = async <T>(build: (context: SqlFilterContext) => T): Promise<Resolved<T>> => {
    const pending: RawBuilder<{ v: unknown }>[] = [];
    const base: SqlFilterContext = { ...ctx, nativeDays: await nativeDays() };
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
        const { rows } = await query.execute(db);
        return rows.length > MAX_LISTED_VALUES ? null : rows.map((row) => row.v);
      }),
    );
    const again = (options: WriteOptions = {}): T => {
      let next = 0;
      return build({ ...base, ...options, categoricalValues: () => lists[next++] ?? null });
    };
    return { value: again(), listed: true, again };
  };

  let dayTypes: { at: number; types: Promise<ReadonlyMap<string, NativeDayType>> } | null = null;
  /**
   * PostgreSQL: the date columns stored as `date`, `timestamp` or `timestamptz` (read from the
   * catalog, asked again after a minute), whose date filters compare the column itself. A table
   * the catalog does not show, or a failed read, leaves every date column to its text's day.
   */
  const nativeDays = (): Promise<ReadonlyMap<string, NativeDayType>> => {
    if (dialect !== 'postgres' || !dateColumns) return Promise.resolve(NO_NATIVE_DAYS);
    if (dayTypes === null || now() - dayTypes.at >= TABLE_SIZE_CACHE_MS) {
      const qualified = table.split('.').map((part) => `"${part}"`).join('.');
      const types = sql<{ name: string; type: string }>`SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = to_regclass(${qualified}) AND attnum > 0 AND NOT attisdropped`
        .execute(db)
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
          if (dayTypes === entry) dayTypes = null;
          return NO_NATIVE_DAYS;
        });
      const entry = { at: now(), types };
      dayTypes = entry;
    }
    return dayTypes.types;
  };

  const walks = new Map<string, Promise<boolean>>();
  /**
   * Whether SQLite reads `column` in value order through an index (its plan of `ORDER BY x`), asked
   * once per column: a median over the whole table then walks half the index instead of sorting.
   */
  const walksIndex = (column: SqlColumn): Promise<boolean> => {
    let known = walks.get(column.key);
    if (known === undefined) {
      const ref = refOf(column);
      known = sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT ${ref} FROM ${sql.table(table)} WHERE ${ref} IS NOT NULL ORDER BY ${ref} LIMIT 1`
        .execute(db)
        .then((plan) => plan.rows.some((step) => /\bINDEX\b/.test(step.detail)) && !plan.rows.some((step) => /TEMP B-TREE/.test(step.detail)));
      walks.set(column.key, known);
      known.catch(() => walks.delete(column.key));
    }
    return known;
  };

  /** The WHERE condition of a query, and whether it lists values of categorical columns. */
  const whereOf = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>) => resolved((context) => whereSql(context, query.filterModel, query.quickFilter));
  const where = async (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): Promise<RawBuilder<boolean>> => (await whereOf(query)).value;

  let tableSize: { at: number; rows: number } | null = null;
  /** Rows in the table, reused for a minute: only a planning estimate (a stale one costs time, never a wrong answer). */
  const tableRows = async (): Promise<number> => {
    if (tableSize !== null && now() - tableSize.at < TABLE_SIZE_CACHE_MS) return tableSize.rows;
    const result = await db.selectFrom(table).select(sql<number | string | bigint>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
    tableSize = { at: now(), rows: Number(result.n) };
    return tableSize.rows;
  };

  /** The cached exact count of a query, when fresh. */
  const cachedCount = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): number | null => {
    const cached = counts.get(countKey(query));
    return cached !== undefined && cached.exact && now() - cached.at < countCacheMs ? cached.count : null;
  };

  /**
   * What is known of a query's size without counting, for a count up to `limit`: a fresh exact
   * count, or a fresh lower bound above `limit` (a set that ran past an earlier capped count, so
   * the blocks of one scroll do not count it again each), else null.
   */
  const cachedCounted = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>, limit: number): Counted | null => {
    const cached = counts.get(countKey(query));
    if (cached === undefined || now() - cached.at >= countCacheMs) return null;
    if (cached.exact) return { rows: cached.count, exact: true };
    return cached.count > limit ? { rows: cached.count, exact: false } : null;
  };

  /**
   * Keeps a count of a query for `countCacheMs` (the oldest of `COUNT_CACHE_SIZE` goes first): an
   * exact one, or a lower bound (`exact: false`), which never replaces a fresh exact count.
   */
  const remember = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>, counted: number, exact = true): void => {
    if (countCacheMs <= 0) return;
    const key = countKey(query);
    if (!exact && cachedCount(query) !== null) return;
    counts.delete(key);
    counts.set(key, { at: now(), count: counted, exact });
    if (counts.size > COUNT_CACHE_SIZE) counts.delete(counts.keys().next().value as string);
  };

  const count = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): Promise<number> =>
    run(async () => {
      const cached = cachedCount(query);
      if (cached !== null) return cached;
      const result = await db
        .selectFrom(table)
        .select(sql<number | string | bigint>`COUNT(*)`.as('n'))
        .where(await where(query))
        .executeTakeFirstOrThrow();
      const counted = Number(result.n);
      remember(query, counted);
      return counted;
    });

  /**
   * The rows of a query's set, counted up to `limit`: exact when cached or when the set holds at
   * most `limit` rows (then cached), else `limit + 1` and not exact (a lower bound). The count
   * stops after `limit + 1` matching rows, so a large set costs what `limit` rows cost.
   */
  const countUpTo = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>, limit: number): Promise<Counted> => {
    if (limit === Number.POSITIVE_INFINITY) return count(query).then((rows) => ({ rows, exact: true }));
    return run(async () => {
      const cached = cachedCounted(query, limit);
      if (cached !== null) return cached;
      const matching = db
        .selectFrom(table)
        .select(sql`1`.as('one'))
        .where(await where(query))
        .limit(limit + 1)
        .as('matching');
      const result = await db.selectFrom(matching).select(sql<number | string | bigint>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = Number(result.n);
      if (rows > limit) {
        remember(query, rows, false);
        return { rows, exact: false };
      }
      remember(query, rows);
      return { rows, exact: true };
    });
  };

  /**
   * PostgreSQL's plan of a statement (`EXPLAIN (FORMAT JSON)`, its root node), or undefined, also
   * when the database cannot say (a PostgreSQL-compatible one without that EXPLAIN form): the plan
   * only chooses between statements that give the same rows, and a fault of the database shows in
   * the statement that follows.
   */
  const postgresPlan = async (query: Compilable<unknown>): Promise<unknown> => {
    const compiled = query.compile();
    try {
      const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]));
      return (plan.rows[0]?.['QUERY PLAN'] as { Plan?: unknown }[] | undefined)?.[0]?.Plan;
    } catch {
      return undefined;
    }
  };

  /**
   * PostgreSQL, an unsorted filtered block (ordered by the tie-breaker alone): whether to read the
   * matching rows through the filter's index and sort them (a fenced subquery) instead of walking
   * the tie-breaker's index. The planner assumes the matching rows are spread evenly along that
   * index, so it walks it expecting to meet a block early; rows stored in the order of the filtered
   * column (a month of sales stored by date) sit at one end of it, and the walk reads most of the
   * table first (0.8 s for a month of a million rows). Asked of the planner itself: its plan of the
   * filter alone must use an index and expect at most `FENCE_ROWS` rows, so the sort stays small
   * and a filter no index serves (a search inside texts) is never turned into a full scan.
   */
  const fences = new Map<string, { at: number; fenced: boolean }>();
  const indexedAndSmall = async (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>, condition: RawBuilder<boolean>): Promise<boolean> => {
    // Asked once per filter while its count would be reused: the blocks of one scroll share it.
    const key = countKey(query);
    const known = fences.get(key);
    if (known !== undefined && now() - known.at < countCacheMs) return known.fenced;
    const root = (await postgresPlan(db.selectFrom(table).select(sql`1`.as('one')).where(condition))) as { 'Plan Rows'?: number } | undefined;
    const text = JSON.stringify(root ?? null);
    const fenced = root !== undefined && !/"Node Type":\s*"Seq Scan"/.test(text) && /"Node Type":\s*"(Bitmap Index|Index|Index Only) Scan"/.test(text) && (root['Plan Rows'] ?? Infinity) <= FENCE_ROWS;
    if (countCacheMs > 0) {
      fences.delete(key);
      fences.set(key, { at: now(), fenced });
      if (fences.size > COUNT_CACHE_SIZE) fences.delete(fences.keys().next().value as string);
    }
    return fenced;
  };

  /** ORDER BY of a sort, the tie-breaker last; `lead` first (a column the filter keeps at one value, which orders nothing). */
  const orderBy = (sortModel: readonly RowSourceSortItem[], lead?: SqlColumn): RawBuilder<unknown> => {
    const parts: RawBuilder<unknown>[] = lead === undefined ? [] : [refOf(lead)];
    for (const item of sortModel) {
      const column = columns.get(item.colId) as SqlColumn;
      const ref = refOf(column);
      const dir = sql.raw(item.sort === 'desc' ? 'DESC' : 'ASC');
      // Empty cells last in both directions, as the core sorts.
      parts.push(emptyRankSql(dialect, column));
      if (column.type === 'text') {
        // Case- and accent-insensitive first, then the exact text, so "apple" and "Apple" sit together.
        parts.push(sql`${foldSql(dialect, ref)} ${dir}`);
      }
      parts.push(sql`${ref} ${dir}`);
    }
    parts.push(sql`${refOf(tie)} ASC`);
    return sql.join(parts);
  };

  /**
   * Plans that sort (SQLite: a temporary b-tree; PostgreSQL: a Sort node), by statement text
   * (bounded), asked again after a minute so that an index created meanwhile is used.
   */
  const sortingPlans = new Map<string, { at: number; sorts: boolean }>();
  const planSorts = async (query: Compilable<unknown>): Promise<boolean> => {
    const compiled = query.compile();
    const known = sortingPlans.get(compiled.sql);
    let sorts = known !== undefined && now() - known.at < TABLE_SIZE_CACHE_MS ? known.sorts : undefined;
    if (sorts === undefined) {
      if (dialect === 'postgres') {
        // No plan (the database cannot say): assume it sorts, which keeps the plain statement.
        const root = await postgresPlan(query);
        sorts = root === undefined || /"Node Type":\s*"(Incremental )?Sort"/.test(JSON.stringify(root));
      } else {
        const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
        sorts = plan.rows.some((step) => /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(step.detail));
      }
      sortingPlans.delete(compiled.sql);
      sortingPlans.set(compiled.sql, { at: now(), sorts });
      if (sortingPlans.size > COUNT_CACHE_SIZE) sortingPlans.delete(sortingPlans.keys().next().value as string);
    }
    return sorts;
  };

  /**
   * PostgreSQL's block query when the filter keeps one value of a categorical column (a product
   * picked in the checklist, a search word that names one). The planner assumes that value's rows
   * are spread evenly over the sort's order and often walks the sort's index, which reads most of
   * the table when they sit at its far end (cheap products in an amount sort: seconds). Written
   * with that column first in ORDER BY (it orders nothing: every row has the one value) and the
   * value as `x IN (v, v)` (else the planner drops the column from ORDER BY as a constant), the
   * walk cannot give the order, and an index on (x, sort…) gives exactly the block. Used when the
   * plan of that form needs no sort (such an index exists), asked once per statement text.
   */
  const oneValueQuery = async (
    request: RowSourceRequest,
    build: BuildBlock,
    condition: Resolved<RawBuilder<boolean>>,
    query: Compilable<unknown>,
  ): Promise<Compilable<unknown>> => {
    const lead = singleValueColumns(condition.value).find((column) => !request.sortModel.some((item) => item.colId === column.key));
    if (lead === undefined) return query;
    const variant = build(condition.again({ singleValueAsList: true }), lead);
    return (await planSorts(variant)) ? query : variant;
  };

  /**
   * The block query: its condition, and on SQLite the plan it leads to. Shown a list of a
   * categorical column's values, SQLite's planner takes that column's index and then sorts every
   * matching row, even when walking the sort's own index would find the first block in a few hundred
   * rows. When its plan sorts, and the filter keeps so many rows that a walk meets the block early
   * (about (startRow + size) × table rows / matching rows row reads, against the matching rows
   * plus their sort), the lists are written `+x IN (…)`, which keeps the planner off those indexes.
   * A sort an index serves already (one on the filter's column and then the sort's) is left alone.
   * The count this needs is the one `lastRow` needs anyway.
   */
  const blockQuery = async (
    request: RowSourceRequest,
    build: BuildBlock,
    end: number,
  ): Promise<{ query: Compilable<unknown>; counted: Counted | null }> => {
    const plain = await whereOf(request);
    const query = build(plain.value);
    if (dialect === 'postgres') {
      if (request.sortModel.length > 0) return { query: plain.listed ? await oneValueQuery(request, build, plain, query) : query, counted: null };
      return { query: isFiltered(request) && (await indexedAndSmall(request, plain.value)) ? build(plain.value, undefined, true) : query, counted: null };
    }
    if (request.sortModel.length === 0 || !plain.listed) return { query, counted: null };
    // A walk pays when matching² > end × table rows: counting up to √(end × table rows) decides it,
    // and as far as lastRow needs (countLimit) the same count serves that too.
    const enough = Math.floor(Math.sqrt(end * (await tableRows()))) + 1;
    const counted = await countUpTo(request, Math.max(enough, countLimit));
    if ((counted.exact && counted.rows < enough) || !(await planSorts(query))) return { query, counted };
    return { query: build(plain.again({ walkSortIndex: true })), counted };
  };

  const getRows = async (raw: RowSourceRequest, signal?: RowSourceSignal): Promise<RowSourceResult<Row>> => {
    const check = validateRowSourceRequest(raw);
    if (!check.ok) throw invalid(check.message);
    const request = check.value;
    checkSort(request.sortModel);
    checkFilters(request.filterModel, request.quickFilter);
    const keys = request.columns ?? allKeys;
    for (const key of keys) if (!columns.has(key)) throw invalid(`columns names the unknown column ${quote(key)}.`);
    const start = request.startRow;
    const size = Math.min(maxBlock, request.endRow - start);
    if (signal?.aborted) return { rows: [], lastRow: -1 };
    const selected = keys.map((key) => columns.get(key) as SqlColumn);
    // PostgreSQL counts (up to countLimit) on another connection of the pool while the block is
    // read; SQLite has one connection, and counts first only when the plan of a sorted block
    // depends on it.
    let counting: Promise<Counted> | null = null;
    if (dialect === 'postgres' && cachedCounted(request, countLimit) === null) {
      counting = countUpTo(request, countLimit);
      counting.catch(() => undefined);
    }
    let known: Counted | null = null;
    // Keyset paging (sql-keyset.ts): the sort key of the last row of each block answered is kept for
    // countCacheMs, and a later block reads from the nearest such row with a seek and a small OFFSET
    // instead of producing (and, for a filtered sort, sorting) every row before it.
    const levels = countCacheMs > 0 ? sortLevels(columns, request.sortModel, tie) : null;
    const read = (from: ReadFrom) =>
      run(async () => {
        const seek = from.kind === 'after' && levels !== null ? seekSql(dialect, levels, from.boundary.key) : null;
        let after: RawBuilder<boolean>[] = [];
        if (from.kind === 'after' && levels !== null) after = [...(seek === null ? [] : [seek]), afterSql(dialect, levels, from.boundary.key)];
        else if (from.kind === 'empties' && levels !== null) after = [emptiesSql(dialect, levels)];
        const limit = from.kind === 'empties' ? from.rows : size + 1;
        const offset = from.kind === 'start' ? start : from.kind === 'after' ? start - from.boundary.index - 1 : from.offset;
        const build: BuildBlock = (condition, lead, fenced = false) => {
          const kept = after.length === 0 ? condition : sql<boolean>`${sql.join([condition, ...after], sql` AND `)}`;
          // Fenced: the matching rows in a subquery the planner cannot merge (OFFSET 0), read through
          // the filter's own index, then sorted; named as the table, so column references still hold.
          const selectFrom = fenced ? db.selectFrom(db.selectFrom(table).selectAll().where(kept).offset(0).as(table)) : db.selectFrom(table);
          return selectFrom
            .select([...selected.map((column, i) => sql`${cellSql(dialect, column)}`.as(`c${i}`)), ...(levels === null ? [] : keySelections(dialect, levels))])
            .where(fenced ? sql<boolean>`TRUE` : kept)
            .orderBy(orderBy(request.sortModel, lead))
            // One row more than asked: whether it comes says if this is the last block.
            .limit(limit)
            .offset(offset);
        };
        const { query, counted } = await blockQuery(request, build, start + size + 1);
        known = counted ?? known;
        const found = (await db.executeQuery<Record<string, unknown>>(query.compile())).rows;
        if (seek === null || found.length > size) return { found, emptiesFrom: null };
        // The seek reached the end of the first level's values; the block goes on into its empty
        // cells, which sort after them: from the first, when the seek found rows, else past as
        // many as the block starts after the last value (the values passed over, counted).
        if (found.length > 0) return { found, emptiesFrom: 0 };
        const kept = sql<boolean>`${sql.join([(await whereOf(request)).value, ...after], sql` AND `)}`;
        const passed = db.selectFrom(table).select(sql`1`.as('one')).where(kept).limit(offset).as('passed');
        const values = await db.selectFrom(passed).select(sql<number | string | bigint>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
        return { found, emptiesFrom: offset - Number(values.n) };
      });
    const boundary = levels === null ? null : boundaries.before(request, start);
    const first = await read(boundary === null ? { kind: 'start' } : { kind: 'after', boundary });
    let fetched = first.found;
    if (first.emptiesFrom !== null) fetched = [...fetched, ...(await read({ kind: 'empties', rows: size + 1 - fetched.length, offset: first.emptiesFrom })).found];
    const more = fetched.length > size;
    if (levels !== null && fetched.length > 0) {
      const lastIndex = Math.min(fetched.length, size) - 1;
      const key = keyOf(fetched[lastIndex] as Record<string, unknown>, levels);
      if (key !== null) boundaries.remember(request, start + lastIndex, key);
    }
    const rows = (more ? fetched.slice(0, size) : fetched).map((record: Record<string, unknown>) => {
      const row: Record<string, unknown> = {};
      selected.forEach((column, i) => {
        row[column.key] = cellOut(column, record[`c${i}`]);
      });
      return row;
    });
    if (!more) {
      // Not needed, but finished before answering: no statement of a request outlives it (and
      // holds a pooled connection) after its answer.
      await counting?.catch(() => undefined);
      // A block that ends the set says exactly where; one wholly past the end (a grid scrolled
      // while rows were deleted) does not know where the set ends, so it counts.
      if (rows.length > 0 || start === 0) return { rows, lastRow: start + rows.length };
      counts.delete(countKey(request));
      return { rows, lastRow: await count(request) };
    }
    const counted = known ?? (await (counting ?? countUpTo(request, countLimit)));
    // More rows than countLimit and no exact count yet: unknown, until /aggregate counts the set.
    if (!counted.exact) return { rows, lastRow: -1 };
    let total = counted.rows;
    // A cached count from before rows were added may end inside what we just read: count again.
    if (total <= start + size) {
      counts.delete(countKey(request));
      total = await count(request);
    }
    return { rows, lastRow: Math.max(total, start + size + 1) };
  };

  const getValues = async (raw: RowSourceValuesRequest): Promise<RowSourceValuesResult> => {
    const check = validateRowSourceValuesRequest(raw);
    if (!check.ok) throw invalid(check.message);
    const request = check.value;
    const column = columns.get(request.colId);
    if (column === undefined) throw invalid(`colId names the unknown column ${quote(request.colId)}.`);
    if (!column.filterable) throw invalid(`The column ${quote(request.colId)} cannot be filtered.`);
    checkFilters(request.filterModel, request.quickFilter);
    const search = request.search ?? '';
    checkStorable(search, 'search');
    const limit = request.limit ?? DEFAULT_VALUES_LIMIT;
    const ref = refOf(column);
    const value = column.type === 'number' ? ref : trimSql(dialect, ref);
    const folded = search.trim() === '' ? null : foldSql(dialect, value);
    return run(async () => {
      const [others, empty] = (await resolved((context) => [whereSql(context, request.filterModel, request.quickFilter, column.key), valuesEmptySql(context, column)] as const)).value;
      let query = db
        .selectFrom(table)
        .select([sql`${value}`.as('v'), sql<number | string>`COUNT(*)`.as('n')])
        .where(others)
        .where(sql<boolean>`(NOT ${empty})`);
      if (folded !== null) query = query.where(likeSql(folded, `%${escapeLike(normaliseSearch(search))}%`));
      // By position: PostgreSQL sees the same expression with its parameters numbered anew as
      // another expression, and would refuse the trimmed text in GROUP BY.
      const grouped = await query
        .groupBy(sql`1`)
        .orderBy(sql`2 DESC, 1 ASC`)
        .limit(limit + 1)
        .execute();
      const emptyCount = await db
        .selectFrom(table)
        .select(sql<number | string>`COUNT(*)`.as('n'))
        .where(others)
        .where(empty)
        .executeTakeFirstOrThrow();
      const values = grouped.slice(0, limit).map((record: Record<string, unknown>) => ({ value: valueText(column, record.v), count: Number(record.n) }));
      return { values, empty: Number(emptyCount.n), truncated: grouped.length > limit };
    });
  };

  return {
    dialect,
    columns,
    maxBlock,
    getRows,
    getValues,
    count,
    checkQuery,
    checkAggregate: (request) => checkAggregateSpecs({ columns }, request),
    aggregate: async (raw, request) => {
      const query = checkQuery(raw);
      checkAggregateSpecs({ columns }, request);
      const result = await run(async () => aggregateOver({ db, dialect, table, columns, tie, walksIndex }, await where(query), request));
      // The exact count a first block may have answered without (countLimit): the next blocks have it.
      remember(query, result.rowCount);
      return result;
    },
  };
}

/**
 * Where a block reads from: the start of the set, after a remembered row, or the first sort
 * level's empty cells alone (`rows` of them from `offset`: the rest of a block whose seek reached
 * the end of the level's values).
 */
type ReadFrom = { kind: 'start' } | { kind: 'after'; boundary: Boundary } | { kind: 'empties'; rows: number; offset: number };

/**
 * Builds a block's statement for a WHERE condition: `lead` first in ORDER BY (see `oneValueQuery`),
 * `fenced` to read the matching rows before sorting them (see `indexedAndSmall`).
 */
type BuildBlock = (condition: RawBuilder<boolean>, lead?: SqlColumn, fenced?: boolean) => Compilable<unknown>;

/** Most rows the planner may expect of a filter for an unsorted block to sort them (`indexedAndSmall`). */
const FENCE_ROWS = 100_000;

/** True when a query filters or searches (a set smaller than the table). */
function isFiltered(query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): boolean {
  return Object.keys(query.filterModel ?? {}).length > 0 || query.quickFilter.trim() !== '';
}

/** How listed values of categorical columns are written (see `SqlFilterContext`). */
type WriteOptions = Pick<SqlFilterContext, 'walkSortIndex' | 'singleValueAsList'>;

/** A translation with the values of its categorical tests read: the SQL, whether it lists any, and the same written otherwise. */
interface Resolved<T> {
  value: T;
  listed: boolean;
  again(options?: WriteOptions): T;
}

/** A count of a filtered set: exact, or a lower bound (`countUpTo`). */
interface Counted {
  rows: number;
  exact: boolean;
}

/** The count cache's key: the filters and the search (a sort does not change a count). */
function countKey(query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): string {
  return canonicalJson([query.filterModel ?? {}, query.quickFilter]);
}

/** The search of a values request in the fold's form (the cells' fold, applied in JavaScript to the parameter). */
function normaliseSearch(search: string): string {
  return normaliseSearchText(search.trim());
}

/** A cell as answered: numbers as JavaScript numbers on both databases (`pg` gives `numeric` and `bigint` as strings). */
function cellOut(column: SqlColumn, value: unknown): unknown {
  if (column.type === 'number' && (typeof value === 'string' || typeof value === 'bigint')) {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value === undefined ? null : value;
}

/** The checklist text of a grouped value: a number's own text, or the trimmed text. */
function valueText(column: SqlColumn, value: unknown): string {
  const out = cellOut(column, value);
  if (out === null || out === undefined) return '';
  return typeof out === 'string' ? out : String(out);
}

function checkColumns(list: readonly SqlRowSourceColumn[], searchableKeys: readonly string[] | undefined): Map<string, SqlColumn> {
  if (!Array.isArray(list) || list.length === 0) throw new TypeError('columns must list at least one column.');
  const searchable = searchableKeys === undefined ? null : new Set(searchableKeys);
  const out = new Map<string, SqlColumn>();
  for (const raw of list) {
    const key = raw.key;
    if (typeof key !== 'string' || key === '' || key === '__proto__') throw new TypeError(`A column key must be a non-empty string, not ${JSON.stringify(key)}.`);
    if (out.has(key)) throw new TypeError(`The column key ${JSON.stringify(key)} appears twice.`);
    const column = raw.column ?? key;
    if (!IDENTIFIER.test(column)) throw new TypeError(`The SQL column of ${JSON.stringify(key)} must be a plain identifier (letters, digits, _), not ${JSON.stringify(column)}; set column.`);
    if (raw.type !== 'text' && raw.type !== 'number' && raw.type !== 'date') throw new TypeError(`The column ${JSON.stringify(key)} has an unknown type ${JSON.stringify(raw.type)}.`);
    // Number filters and terms already compare the column itself, which an index serves as it is.
    if (raw.categorical === true && raw.type === 'number') throw new TypeError(`The number column ${JSON.stringify(key)} cannot be categorical: its filters compare numbers, which an index on it serves already.`);
    out.set(key, {
      key,
      column,
      type: raw.type,
      label: typeof raw.label === 'string' && raw.label !== '' ? raw.label : key,
      format: raw.format ?? (raw.type === 'number' ? 'number' : 'text'),
      sortable: raw.sortable ?? true,
      filterable: raw.filterable ?? true,
      searchable: searchable === null ? raw.type === 'text' : searchable.has(key),
      categorical: raw.categorical === true,
    });
  }
  for (const key of searchable ?? []) if (!out.has(key)) throw new TypeError(`searchable names ${JSON.stringify(key)}, which is not a key of columns.`);
  return out;
}

/** Every text of a filter must be storable (no U+0000, no lone surrogate). */
function checkFilterTexts(filter: ColumnFilterModel, key: string): void {
  const texts: unknown[] = [];
  if (filter.filterType === 'values') {
    if ('values' in filter) texts.push(...filter.values);
  } else if ('conditions' in filter) {
    for (const condition of filter.conditions as ColumnFilterModel[]) checkFilterTexts(condition, key);
  } else if (filter.filterType === 'text') texts.push(filter.filter);
  for (const text of texts) if (typeof text === 'string') checkStorable(text, `filterModel.${key}`);
}

/**
 * Refuses text no database can hold: U+0000 (PostgreSQL rejects it in any text) and lone surrogates
 * (not UTF-8). Such text can match no stored cell, and sending it would be a database error.
 */
function checkStorable(text: string, path: string): void {
  const reason = unstorableTextReason(text);
  if (reason !== null) throw invalid(`${path} contains ${reason}; no stored cell can match it.`);
}

function invalid(message: string): HttpError {
  return apiError('invalid_rows_request', message);
}

function quote(text: string): string {
  return JSON.stringify(text.length > 50 ? `${text.slice(0, 50)}…` : text);
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
