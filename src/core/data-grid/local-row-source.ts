/**
 * The row source over rows in memory: the core's table model answers a data grid's block requests.
 * The filtered and sorted result of a query is computed once (an index of row numbers, `Uint32Array`)
 * and every block, the record count, the KPIs and the grid-filtered charts read that same index.
 *
 * @module
 */
import type { FormatOptions, Row } from '../types';
import { getCollator, readCell } from '../format';
import { warn } from '../warn';
import { matchFlags } from '../table-model/table-filter';
import { sortRanks, sortedIndices } from '../table-model/sort';
import { visibleRowsInSteps } from '../table-model/view';
import type { VisibleRowsSteps } from '../table-model/view';
import { runWhenIdle } from '../table-model/idle';
import type { IdleScheduler } from '../table-model/idle';
import type { TableViewState } from '../table-model/types';
import { normaliseSearchText } from '../table-model/text-fold';
import { canonicalJson, compileFilterModel } from './filter-eval';
import type { RowSourceModelColumn } from './filter-eval';
import { isValuesEmpty, valuesKey } from './search-seam';
import type {
  GridFilterModel,
  RowSource,
  RowSourceQuery,
  RowSourceRequest,
  RowSourceResult,
  RowSourceSortItem,
  RowSourceValuesRequest,
  RowSourceValuesResult,
} from './types';

/** A column of a local row source: a spec column or a table column fits. */
export type LocalRowSourceColumn = RowSourceModelColumn;

/** Options of `createLocalRowSource`. */
export interface LocalRowSourceOptions {
  /** Locale of number texts (search) and text order (sort). @default 'en' */
  locale?: string;
  /** Currency of `currency` columns' texts (search). @default 'USD' */
  currency?: string;
  /**
   * Where the rest of a query answered in steps is found (a browser's background scheduler, see
   * `blockNow`). Without it every answer is exact at once.
   */
  scheduler?: IdleScheduler;
  /** Length in ms of one background slice of a query answered in steps. @default 8 */
  sliceMs?: number;
}

/** The result of a query over a local row source. */
export interface LocalRowSourceView<R extends Row = Row> {
  /** Row numbers (indices into the source's rows) in the order the grid shows them. Do not mutate. */
  readonly indices: Uint32Array;
  /** How many rows the query keeps (`indices.length`). */
  readonly count: number;
  /** How many rows the source holds. */
  readonly total: number;
  /** The kept rows in order: the same objects, in a new array made once per view. */
  rows(): readonly R[];
  /**
   * The kept rows in the source's order: the same array for every view with the same filters and
   * quick search, whatever the sort, so consumers that ignore order (KPIs) see that a sort changed
   * nothing. Do not mutate.
   */
  rowSet(): readonly R[];
}

/** A `RowSource` over rows in memory, with synchronous access for the grid's own KPIs and exports. */
export interface LocalRowSource<R extends Row = Row> extends RowSource<R> {
  /** The rows, as given (never copied or mutated). */
  readonly rows: readonly R[];
  /** The filtered, sorted result of `query` (cached: the same query gives the same view object). */
  view(query: RowSourceQuery): LocalRowSourceView<R>;
  /** `getRows`, answered now and exact (a query being counted is finished first). */
  rowsNow(request: RowSourceRequest): RowSourceResult<R>;
  /**
   * A block answered now, the grid's way. When the query's caches are cold (the first search of a
   * table, a sort not built yet) and the source has a `scheduler`, the query is answered in steps
   * with the table model's `visibleRowsInSteps`: the block comes from the rows found so far (the
   * same rows the exact result has there) with `lastRow: -1` (or the exact count when it is known
   * already: no filter, or a new sort of the set last found), and the rest is found in background
   * slices; `onComplete` listeners then hear the exact result. A block beyond the rows found yet is
   * found first (never a wrong or short block); a block request of another query cancels the rest
   * of an unfinished one. Otherwise (warm caches, a cached view, column filters other than a
   * searchable column's `contains`, several sorted columns, no scheduler) it is `rowsNow`.
   */
  blockNow(request: RowSourceRequest): RowSourceResult<R>;
  /** Stops the background work of a query being answered in steps (a later request of it starts again). For a source no longer used. */
  cancel(): void;
  /** Rows found so far while `query` is being answered in steps; null when it is not (done, cancelled, never started). */
  counting(query: RowSourceQuery): number | null;
  /**
   * Calls `listener` with the query and its exact view each time a query answered in steps is
   * complete (in a background slice, or at once when `view` or `rowsNow` needed it). Returns the
   * unsubscribe function. A listener that throws does not stop the others (reported through `warn`,
   * code `adapter_subscriber_failed`).
   */
  onComplete(listener: (query: RowSourceQuery, view: LocalRowSourceView<R>) => void): () => void;
  /** `getValues`, answered now. */
  valuesNow(request: RowSourceValuesRequest): RowSourceValuesResult;
  getValues(request: RowSourceValuesRequest): Promise<RowSourceValuesResult>;
}

/** Views kept per source: the current one, the one before (a reset), and a few the grid may ask again. */
const VIEW_CACHE_SIZE = 4;
/** Default and highest `limit` of `getValues`. */
const DEFAULT_VALUES_LIMIT = 1000;
const MAX_VALUES_LIMIT = 10_000;
/** Background slice of a query answered in steps (as the SimpleTable's). */
const DEFAULT_SLICE_MS = 8;

/**
 * A row source over `rows` held in memory, answering with the core's table model:
 *
 * - the quick filter is the table's global search over the searchable columns (every word must
 *   occur, case- and accent-insensitive, numbers as shown and as typed);
 * - a text filter `contains` on a searchable column is the table's per-column search; the other
 *   filters (text operations, number, date, values, combined AND/OR) are checked row by row with the
 *   semantics in docs/data-grid.md;
 * - sorting uses the table model's cached sort of each column (numbers as numbers, text in the
 *   locale's collation, empty cells last in both directions, stable); several sorted columns are
 *   combined with stable counting sorts over the columns' ranks, never a comparison sort of rows.
 *
 * The result of a query is cached (a few queries per source), so a block request after the first is
 * a slice. Filters on unknown columns and sort items on unknown or unsortable columns are ignored.
 * `lastRow` of `rowsNow`, `getRows` and `view` is always exact; `blockNow` (given a `scheduler`)
 * may answer a cold query's first blocks with `lastRow: -1` and finish it in background slices.
 *
 * @example
 * const source = createLocalRowSource(rows, columnsFromSpec(spec), { locale: 'uk' });
 * const { rows: block, lastRow } = await source.getRows({ startRow: 0, endRow: 100, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: null, quickFilter: 'north' });
 */
export function createLocalRowSource<R extends Row = Row>(
  rows: readonly R[],
  columns: readonly LocalRowSourceColumn[],
  options: LocalRowSourceOptions = {},
): LocalRowSource<R> {
  const format: FormatOptions = { locale: options.locale, currency: options.currency };
  const cols = columns as readonly RowSourceModelColumn<R>[];
  const views = new Map<string, LocalRowSourceView<R>>();
  let lastFlags: { key: string; flags: Uint8Array | null; count?: number } | null = null;
  let lastSet: { key: string; rows: readonly R[] } | null = null;

  /** Which rows pass the filters and the quick search: a flag per row, or null when all pass. */
  const flagsFor = (filterModel: GridFilterModel | null, quickFilter: string): Uint8Array | null => {
    const key = canonicalJson([filterModel ?? {}, quickFilter]);
    if (lastFlags !== null && lastFlags.key === key) return lastFlags.flags;
    const compiled = compileFilterModel(filterModel, cols, format);
    let flags = matchFlags(rows, cols, { global: quickFilter, perColumn: compiled.perColumn }, format);
    if (compiled.predicates.length > 0) {
      const out = flags ?? new Uint8Array(rows.length).fill(1);
      const tests = compiled.predicates;
      for (let i = 0; i < rows.length; i++) {
        if (out[i] === 0) continue;
        const row = rows[i] as R;
        for (let t = 0; t < tests.length; t++) {
          if (!(tests[t] as (row: R) => boolean)(row)) {
            out[i] = 0;
            break;
          }
        }
      }
      flags = out;
    }
    lastFlags = { key, flags };
    return flags;
  };

  const queryKey = (query: RowSourceQuery): string => canonicalJson([query.sortModel, query.filterModel ?? {}, query.quickFilter]);

  /** The view of `query` over `indices` (its exact result), cached as the most recent. */
  const makeView = (query: RowSourceQuery, key: string, indices: Uint32Array, flags: () => Uint8Array | null): LocalRowSourceView<R> => {
    const filterKey = canonicalJson([query.filterModel ?? {}, query.quickFilter]);
    let materialised: readonly R[] | null = null;
    const result: LocalRowSourceView<R> = {
      indices,
      count: indices.length,
      total: rows.length,
      rows() {
        materialised ??= pick(rows, indices);
        return materialised;
      },
      rowSet() {
        if (lastSet !== null && lastSet.key === filterKey) return lastSet.rows;
        // Without a sort the view's order is the source's: the same array serves both.
        const set = query.sortModel.length === 0 || !hasSort(cols, query.sortModel) ? result.rows() : pick(rows, keep(null, flags(), rows.length));
        lastSet = { key: filterKey, rows: set };
        return set;
      },
    };
    views.set(key, result);
    if (views.size > VIEW_CACHE_SIZE) views.delete(views.keys().next().value as string);
    return result;
  };

  /** The query being answered in steps, while it is not complete, and its count when known before (a sort of a counted set). */
  let pending: { key: string; query: RowSourceQuery; steps: VisibleRowsSteps; count: number | null; cancel: () => void } | null = null;
  const completeListeners = new Set<(query: RowSourceQuery, view: LocalRowSourceView<R>) => void>();

  /** The pending query is complete: its view is cached (and its flags, for the next sort of the same set), listeners hear of it. */
  const settle = (): LocalRowSourceView<R> => {
    const done = pending as NonNullable<typeof pending>;
    pending = null;
    done.cancel();
    const found = done.steps.found;
    const indices = found.length === found.buffer.byteLength / Uint32Array.BYTES_PER_ELEMENT ? found : found.slice();
    const flags = indices.length === rows.length ? null : flagsOf(indices, rows.length);
    lastFlags = { key: canonicalJson([done.query.filterModel ?? {}, done.query.quickFilter]), flags };
    const result = makeView(done.query, done.key, indices, () => flags);
    lastFlags.count = indices.length;
    for (const listener of [...completeListeners]) {
      try {
        listener(done.query, result);
      } catch (error) {
        warn('adapter_subscriber_failed', 'a local row source completion listener threw; the others were still called.', error);
      }
    }
    return result;
  };

  /** Finishes the pending query now when it is `key` (someone needs its exact result). */
  const finishPending = (key: string): LocalRowSourceView<R> | null => {
    if (pending === null || pending.key !== key) return null;
    pending.steps.advance(Number.POSITIVE_INFINITY);
    return settle();
  };

  const view = (query: RowSourceQuery): LocalRowSourceView<R> => {
    const key = queryKey(query);
    const cached = views.get(key);
    if (cached !== undefined) {
      // Most recently used last: re-insert.
      views.delete(key);
      views.set(key, cached);
      return cached;
    }
    const finished = finishPending(key);
    if (finished !== null) return finished;
    const flags = flagsFor(query.filterModel, query.quickFilter);
    const indices = orderedIndices(rows, cols, query.sortModel, flags, format.locale);
    return makeView(query, key, indices, () => flags);
  };

  /**
   * The table model's state for `query` when it can be answered in steps: filters that are the
   * table's search (quick search, `contains` of searchable columns) and at most one sorted column.
   */
  const stepState = (query: RowSourceQuery): TableViewState | null => {
    const compiled = compileFilterModel(query.filterModel, cols, format);
    if (compiled.predicates.length > 0) return null;
    const sorted: RowSourceSortItem[] = [];
    for (const item of query.sortModel) {
      if (cols.some((c) => c.key === item.colId && c.sortable) && !sorted.some((s) => s.colId === item.colId)) sorted.push(item);
    }
    if (sorted.length > 1) return null;
    const only = sorted[0];
    return {
      filter: { global: query.quickFilter, perColumn: compiled.perColumn },
      sort: only === undefined ? null : { key: only.colId, direction: only.sort === 'desc' ? 'desc' : 'asc' },
    };
  };

  /**
   * The number of rows `query`'s filters keep when it is known without searching: no filter (every
   * row), or the filters of the last set found (a new sort of the same rows). Else null.
   */
  const knownCount = (query: RowSourceQuery, state: TableViewState): number | null => {
    const filter = state.filter ?? {};
    if ((filter.global ?? '').trim() === '' && Object.values(filter.perColumn ?? {}).every((text) => text.trim() === '')) return rows.length;
    if (lastFlags === null || lastFlags.key !== canonicalJson([query.filterModel ?? {}, query.quickFilter])) return null;
    lastFlags.count ??= keptCount(lastFlags.flags, rows.length);
    return lastFlags.count;
  };

  const slice = (indices: Uint32Array, count: number, request: RowSourceRequest, lastRow: number): RowSourceResult<R> => {
    const start = clampIndex(request.startRow, count);
    const end = Math.max(start, clampIndex(request.endRow, count));
    const block = new Array<R>(end - start);
    for (let i = start; i < end; i++) block[i - start] = rows[indices[i] ?? 0] as R;
    return { rows: block, lastRow };
  };

  const blockNow = (request: RowSourceRequest): RowSourceResult<R> => {
    const key = queryKey(request);
    const scheduler = options.scheduler;
    if (pending !== null && pending.key !== key) {
      // A newer query: the rest of the unfinished one is not wanted any more.
      pending.cancel();
      pending = null;
    }
    if (pending === null) {
      const state = scheduler === undefined || views.has(key) ? null : stepState(request);
      if (state === null || scheduler === undefined) return rowsNow(request);
      const steps = visibleRowsInSteps(rows, cols, state, format);
      const entry = { key, query: queryOf(request), steps, count: knownCount(request, state), cancel: () => {} };
      pending = entry;
      if (steps.advance(Math.max(0, request.endRow))) {
        // Answered whole in the first step (warm search caches): nothing left for the background.
        settle();
        return rowsNow(request);
      }
      entry.cancel = runWhenIdle([(budget) => steps.advance(0, budget)], scheduler, () => {
        if (pending === entry) settle();
      }, { sliceMs: options.sliceMs ?? DEFAULT_SLICE_MS });
    } else if (pending.steps.advance(Math.max(0, request.endRow))) {
      // A block beyond the rows found so far: found first, and that finished the query.
      settle();
      return rowsNow(request);
    }
    const found = pending.steps.found;
    return slice(found, found.length, request, pending.count ?? -1);
  };

  const rowsNow = (request: RowSourceRequest): RowSourceResult<R> => {
    const result = view(request);
    return slice(result.indices, result.count, request, result.count);
  };

  const valuesNow = (request: RowSourceValuesRequest): RowSourceValuesResult => {
    const others: GridFilterModel = { ...(request.filterModel ?? {}) };
    delete others[request.colId];
    const flags = flagsFor(others, request.quickFilter);
    const counts = new Map<string, number>();
    let empty = 0;
    for (let i = 0; i < rows.length; i++) {
      if (flags !== null && flags[i] === 0) continue;
      const cell = readCell(rows[i] as R, request.colId);
      const items = Array.isArray(cell) ? cell : [cell];
      for (const item of items) {
        const text = valuesKey(item);
        if (isValuesEmpty(text)) {
          empty++;
          continue;
        }
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
    }
    const search = normaliseSearchText((request.search ?? '').trim());
    const collator = getCollator(format.locale);
    const entries = [...counts]
      .filter(([value]) => search === '' || normaliseSearchText(value).includes(search))
      .sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]));
    const limit = Math.min(MAX_VALUES_LIMIT, Math.max(1, Math.floor(request.limit ?? DEFAULT_VALUES_LIMIT)));
    return { values: entries.slice(0, limit).map(([value, count]) => ({ value, count })), empty, truncated: entries.length > limit };
  };

  return {
    rows,
    view,
    rowsNow,
    blockNow,
    cancel() {
      pending?.cancel();
      pending = null;
    },
    counting: (query) => (pending !== null && pending.key === queryKey(query) ? pending.steps.found.length : null),
    onComplete(listener) {
      const entry = (query: RowSourceQuery, result: LocalRowSourceView<R>): void => listener(query, result);
      completeListeners.add(entry);
      return () => {
        completeListeners.delete(entry);
      };
    },
    valuesNow,
    getRows: (request) => Promise.resolve().then(() => rowsNow(request)),
    getValues: (request) => Promise.resolve().then(() => valuesNow(request)),
  };
}

/** The query part of a request (what its view depends on). */
function queryOf(request: RowSourceQuery): RowSourceQuery {
  return { sortModel: request.sortModel, filterModel: request.filterModel, quickFilter: request.quickFilter };
}

/** A flag per row: 1 for the rows `indices` holds. */
function flagsOf(indices: Uint32Array, count: number): Uint8Array {
  const flags = new Uint8Array(count);
  for (let i = 0; i < indices.length; i++) flags[indices[i] as number] = 1;
  return flags;
}

/** `rows[indices[i]]` for every i, in a new array (a plain loop: `Array.from` with a map function is several times slower). */
function pick<R>(rows: readonly R[], indices: Uint32Array): R[] {
  const out = new Array<R>(indices.length);
  for (let i = 0; i < indices.length; i++) out[i] = rows[indices[i] as number] as R;
  return out;
}

/** True when some item of `sortModel` sorts a known, sortable column (the others are ignored). */
function hasSort<R extends Row>(columns: readonly RowSourceModelColumn<R>[], sortModel: readonly RowSourceSortItem[]): boolean {
  return sortModel.some((item) => columns.some((c) => c.key === item.colId && c.sortable));
}

function clampIndex(value: number, count: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(count, Math.floor(value));
}

/**
 * Row numbers of the rows `flags` keeps (all when null) in the order of `sortModel`. One sorted
 * column reads the table model's cached order; several are combined by stable counting sorts over
 * each column's ranks, last column first (a least-significant-digit radix sort), so equal rows keep
 * their original order and empty cells stay last in both directions.
 */
function orderedIndices<R extends Row>(
  rows: readonly R[],
  columns: readonly RowSourceModelColumn<R>[],
  sortModel: readonly RowSourceSortItem[],
  flags: Uint8Array | null,
  locale: string | undefined,
): Uint32Array {
  const sorts: { column: RowSourceModelColumn<R>; direction: 'asc' | 'desc' }[] = [];
  for (const item of sortModel) {
    const column = columns.find((c) => c.key === item.colId && c.sortable);
    if (column && !sorts.some((s) => s.column === column)) sorts.push({ column, direction: item.sort === 'desc' ? 'desc' : 'asc' });
  }
  if (sorts.length === 1) {
    const only = sorts[0]!;
    return keep(sortedIndices(rows, only.column, only.direction, locale), flags);
  }
  let order = keep(null, flags, rows.length);
  for (let s = sorts.length - 1; s >= 0; s--) {
    const { column, direction } = sorts[s]!;
    order = countingSortByRank(order, bucketKeys(rows, column, locale), direction);
  }
  return order;
}

/** How many rows `flags` keeps (`all` when null: every row passes). */
function keptCount(flags: Uint8Array | null, all: number): number {
  if (flags === null) return all;
  let kept = 0;
  for (let i = 0; i < flags.length; i++) kept += flags[i] ?? 0;
  return kept;
}

/**
 * The rows of `order` (all row numbers `0…count-1` when `order` is null) that `flags` keeps, in a
 * new array.
 */
function keep(order: Uint32Array | null, flags: Uint8Array | null, count = 0): Uint32Array {
  if (order !== null && flags === null) return order.slice();
  const length = order === null ? count : order.length;
  const out = new Uint32Array(keptCount(flags, length));
  let at = 0;
  for (let i = 0; i < length; i++) {
    const row = order === null ? i : (order[i] ?? 0);
    if (flags === null || flags[row] === 1) out[at++] = row;
  }
  return out;
}

/** Per column: each row's rank + 1, or 0 for an empty key, and the highest rank + 1. */
interface BucketKeys {
  readonly keys: Uint32Array;
  readonly top: number;
}

const bucketCache = new WeakMap<object, BucketKeys>();

function bucketKeys<R extends Row>(rows: readonly R[], column: RowSourceModelColumn<R>, locale: string | undefined): BucketKeys {
  const index = sortRanks(rows, column, locale);
  let cached = bucketCache.get(index);
  if (cached === undefined) {
    const keys = new Uint32Array(rows.length);
    let top = 0;
    for (let i = 0; i < index.ranked; i++) {
      const row = index.asc[i] ?? 0;
      const key = (index.rank[row] ?? 0) + 1;
      keys[row] = key;
      if (key > top) top = key;
    }
    cached = { keys, top };
    bucketCache.set(index, cached);
  }
  return cached;
}

/** A stable counting sort of `order` by the column's keys; empty keys last in both directions. */
function countingSortByRank(order: Uint32Array, column: BucketKeys, direction: 'asc' | 'desc'): Uint32Array {
  const { keys, top } = column;
  // Buckets 0…top-1 for ranks (reversed for descending), bucket `top` for empty keys.
  const bucketOf = (row: number): number => {
    const key = keys[row] ?? 0;
    if (key === 0) return top;
    return direction === 'asc' ? key - 1 : top - key;
  };
  const starts = new Uint32Array(top + 2);
  for (let i = 0; i < order.length; i++) starts[bucketOf(order[i] ?? 0) + 1]! += 1;
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1] ?? 0;
  const out = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const row = order[i] ?? 0;
    out[starts[bucketOf(row)]!++] = row;
  }
  return out;
}
