/**
 * `createSqlRowSource`: the data grid's row source over a table in SQLite or PostgreSQL (Kysely).
 * It answers the same requests as the core's `createLocalRowSource`, with the same semantics where
 * SQL can have them (docs/server-rows.md lists the few differences), so a grid reads a million rows
 * block by block without them ever leaving the database.
 *
 * This module checks the options and wires the parts, each a module of its own: the request checks
 * (`sql-request-checks.ts`), what the parts share (`sql-source-context.ts`: the database's turn,
 * the WHERE translation), the counts (`sql-counts.ts`), the plan probing (`sql-plans.ts`), block
 * reading (`sql-blocks.ts`, with keyset paging from `sql-keyset.ts`) and the values checklist
 * (`sql-values.ts`); the filters' SQL is `sql-filter.ts`, the aggregates' `sql-aggregate.ts`.
 *
 * @module
 */
import type { Kysely } from 'kysely';
import type { RowSource, RowSourceQuery, RowSourceRequest, RowSourceResult, RowSourceSignal, RowSourceValuesRequest, RowSourceValuesResult } from '../../core/data-grid/types';
import type { Row, ValueFormat } from '../../core/types';
import { dialectOf, type SqlDialectName } from '../store/schema';
import { type SqlAggregateRequest, type SqlAggregateResult, aggregateOver, checkAggregateSpecs } from './sql-aggregate';
import { readBlock } from './sql-blocks';
import { CountCache } from './sql-counts';
import { collationTag } from './sql-collation';
import { DISTINCT_VALUES_NAME, type SqlColumn } from './sql-filter';
import { createBoundaryCache } from './sql-keyset';
import { PlanProbe } from './sql-plans';
import { checkQuery, checkRowsRequest, checkValuesRequest } from './sql-request-checks';
import { SourceContext } from './sql-source-context';
import { readValues } from './sql-values';

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
   * Most rows of one block; larger requests are cut to it. At most 1,000 (the clamp: a
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
  /**
   * The readers' locale: the order of text in sorts (as the browser sorts for that locale:
   * `Intl.Collator(locale, { numeric: true })`, through an ICU collation on PostgreSQL and sort keys
   * from that collator on SQLite; docs/server-rows.md "Text order") and number terms in searches
   * (`2 500,5` under `uk`). Give the locale the grid is shown in. @default 'en'
   */
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
/** Rows a block request counts at most before it answers (`SqlRowSourceOptions.countLimit`). */
const DEFAULT_COUNT_LIMIT = 10_000;

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
 * `searchable` or `tieBreaker` keys, a `maxBlock` outside 1–1,000, or a `locale` that is not a
 * BCP 47 tag.
 *
 * Text sorts follow `locale` as the browser's do (`"Ірина"` before `"Тарас"` under `uk`, `"Item 2"`
 * before `"Item 10"`); texts the collator calls equal keep the tie-breaker's order. On PostgreSQL
 * the first text sort creates the collation `grid_view_<tag>` if it is not visible (a role that
 * may not create it gets a `DatabaseSetupError`, 500, naming the statement to run once); on SQLite
 * the first sort by a text column reads its distinct values and keeps them, in order, in memory.
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
  const collation = collationTag(options.locale);
  const columns = checkColumns(options.columns, options.searchable);
  const tie = columns.get(options.tieBreaker);
  if (tie === undefined) throw new TypeError(`tieBreaker ${JSON.stringify(options.tieBreaker)} is not a key of columns.`);
  const ctx = new SourceContext({ db, dialect, table, columns, tie, locale: options.locale, collation, maxBlock, countCacheMs, countLimit, now });
  const counts = new CountCache(ctx);
  const plans = new PlanProbe(ctx, counts);
  const blocks = { ctx, counts, plans, boundaries: createBoundaryCache(countCacheMs, now) };
  const walksIndex = (column: SqlColumn): Promise<boolean> => plans.walksIndex(column);

  return {
    dialect,
    columns,
    maxBlock,
    getRows: async (raw, signal) => {
      const { request, selected } = checkRowsRequest(columns, raw);
      if (signal?.aborted) return { rows: [], lastRow: -1 };
      return readBlock(blocks, request, selected);
    },
    getValues: async (raw) => {
      const { request, column } = checkValuesRequest(columns, raw);
      return readValues(ctx, request, column);
    },
    count: (query) => counts.count(query),
    checkQuery: (raw) => checkQuery(columns, raw),
    checkAggregate: (request) => checkAggregateSpecs({ columns }, request),
    aggregate: async (raw, request) => {
      const query = checkQuery(columns, raw);
      checkAggregateSpecs({ columns }, request);
      const result = await ctx.run(async () => aggregateOver({ db, dialect, table, columns, tie, walksIndex }, await ctx.where(query), request));
      // The exact count a first block may have answered without (countLimit): the next blocks have it.
      counts.remember(query, result.rowCount);
      return result;
    },
  };
}

/**
 * The columns of the options, checked and with their defaults, by key (the only identifiers that
 * ever reach SQL); throws the `TypeError`s `createSqlRowSource` lists.
 */
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
