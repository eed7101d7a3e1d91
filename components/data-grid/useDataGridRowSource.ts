/**
 * `useDataGridRowSource`: where a `DataGrid`'s rows come from and what its grid shows of them. It
 * makes the row source (the local one over the rows in memory, unless the host gives one), answers
 * AG Grid's block requests through it (`datasource`), keeps the query the grid shows and its count,
 * asks a remote source for the aggregates of the filtered set, and gives the live KPIs and
 * grid-filtered charts the adapter over the same view. Internal to `DataGrid` (not exported by the
 * package; see docs/architecture.md for where internal composables live).
 *
 * @module
 */
import { computed, markRaw, ref, watch } from 'vue';
import type { ComputedRef, Ref, ShallowRef } from 'vue';
import type { GridApi, IDatasource, IGetRowsParams } from 'ag-grid-community';
import type { Column, Row } from '../../src/core/types';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { LocalRowSource, LocalRowSourceView } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSource, RowSourceAggregates, RowSourceQuery, RowSourceRequest, RowSourceSortItem } from '../../src/core/data-grid/types';
import { canonicalJson } from '../../src/core/data-grid/filter-eval';
import type { DataGridAdapter } from '../../src/core/adapters';
import { warn } from '../../src/core/warn';
import { backgroundScheduler } from '../../composables/useTableWarmup';
import type { DataGridCounts } from './controller';
import { liveApi } from './grid-api';

/** Options of `useDataGridRowSource`. */
export interface UseDataGridRowSourceOptions {
  /** The grid's API once it is ready; null before and while a grid is being recreated. */
  api: Readonly<ShallowRef<GridApi | null>>;
  /** The quick search the grid applies (the controller owns it; AG Grid's infinite model has none). */
  quick: Readonly<Ref<string>>;
  /** The host's row source; null: the local source over `rows`. */
  rowSource: () => RowSource | null;
  /** The rows in memory (raw, never reactive) and their columns. */
  rows: ComputedRef<readonly Row[]>;
  columns: ComputedRef<readonly Column[]>;
  /** Locale and currency the local source sorts, searches and reads numbers in. */
  format: ComputedRef<{ locale: string; currency: string }>;
  /** KPIs and chart runtimes of the whole filtered set, from a remote source with `getAggregates`. */
  onAggregates: (aggregates: RowSourceAggregates) => void;
}

/** What `useDataGridRowSource` returns. */
export interface UseDataGridRowSourceReturn {
  /** The local source over the rows in memory; null when the host gave a `rowSource`. Marked raw. */
  localSource: ComputedRef<LocalRowSource | null>;
  /** The source the grid reads: the host's, else the local one. */
  source: ComputedRef<RowSource>;
  /** AG Grid's datasource: every block request goes to the source. */
  datasource: IDatasource;
  /** The adapter over the settled view of the local rows (null with a host `rowSource`: its figures belong there). */
  adapter: ComputedRef<DataGridAdapter | null>;
  /** Rows of the current query (its last answer's `lastRow`); null before the first answer and while counting. */
  shownCount: Readonly<Ref<number | null>>;
  /** A failed block of a remote source (the error's message, or ''); null when there is none. */
  loadError: Readonly<Ref<string | null>>;
  /** Blocks of a remote source asked for and not answered yet (0 over rows in memory: they answer at once). */
  loadingBlocks: Readonly<Ref<number>>;
  /** True after the reader stopped a load (`stopLoading`) until the rows are asked for again. */
  loadStopped: Readonly<Ref<boolean>>;
  /**
   * Stops every block of a remote source under way: its requests are aborted, the grid keeps what it
   * has and says that loading stopped, with the way to load again (`refreshRows`).
   */
  stopLoading(): void;
  /** The record counter's numbers (reactive through `changed`). */
  counts(): DataGridCounts;
  /** The query of the last block the grid asked for: what it shows. */
  currentQuery(): RowSourceQuery;
  /** The exact view of the current query over the local rows (null with a host `rowSource`); finishes a count under way. */
  currentView(): LocalRowSourceView | null;
  /** Tells the controller's listeners that what it reports may have changed. */
  changed(): void;
  /** Adds a controller listener; returns the function that removes it. */
  onChange(listener: () => void): () => void;
  /** A new quick search: the grid asks for its rows again (in place over local rows, from the top over a remote source). */
  searchChanged(): void;
  /** Asks every block and the aggregates again; filters, sort and scroll position stay. */
  refreshRows(): void;
  /**
   * New rows or another source: cached answers are forgotten, `reattach` gives the grid the
   * datasource again (it then asks for its blocks), and the adapter's subscribers and the
   * controller's listeners hear of it.
   */
  sourceChanged(reattach: () => void): void;
  /** AG Grid's "external filter" is the quick search: it then says "no matching rows", not "no rows". */
  isExternalFilterPresent(): boolean;
  /** Rows are filtered by the row source; AG Grid never asks this with the infinite model. */
  doesExternalFilterPass(): boolean;
  /** Stops background work, pending requests and every listener (on unmount). */
  dispose(): void;
}

/** Rows for an empty view, shared (frozen, so no caller can fill it). */
const EMPTY_ROWS: readonly Row[] = Object.freeze([]);

/** What a count depends on: filters and search. */
function countKeyOf(query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter'>): string {
  return canonicalJson([query.filterModel ?? {}, query.quickFilter]);
}

/** Whether `error` is a cancellation (a superseded or dropped request), not a failure to show. */
export function isAbort(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === 'aborted' || name === 'AbortError';
}

/** Calls every listener of `listeners`; one that throws is reported and does not stop the others. */
function notifyAll(listeners: ReadonlySet<() => void>, who: string): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      warn('adapter_subscriber_failed', `a DataGrid ${who} threw; the others were still called.`, error);
    }
  }
}

/**
 * The row source of a `DataGrid` and the query its grid shows; see the module comment. Rows stay
 * raw: the local source is `markRaw` and AG Grid receives only the blocks it asks for.
 *
 * Edge cases: with a host `rowSource` the adapter is null and the total unknown; a remote block
 * that fails shows `loadError` (a superseded one, aborted, does not); a local query answered in
 * steps (cold caches) reports `lastRow: -1` and the rows found so far, and KPIs and charts keep the
 * previous query's figures until it is complete, so they never describe a half-counted set.
 */
export function useDataGridRowSource(options: UseDataGridRowSourceOptions): UseDataGridRowSourceReturn {
  const { api, quick } = options;
  const grid = (): GridApi | null => liveApi(api);

  /**
   * The local source over the rows in memory (none when a `rowSource` prop is given). In a browser it
   * answers a query whose caches are cold in steps: the first blocks from the rows found so far, the
   * rest in background slices that yield to input (`blockNow`); the grid learns the count after.
   */
  const localSource = computed<LocalRowSource | null>(() =>
    options.rowSource()
      ? null
      : markRaw(
          createLocalRowSource(options.rows.value, options.columns.value, {
            locale: options.format.value.locale,
            currency: options.format.value.currency,
            scheduler: typeof window === 'undefined' ? undefined : backgroundScheduler(window, 'user-visible'),
          }),
        ),
  );
  const source = computed<RowSource>(() => options.rowSource() ?? (localSource.value as RowSource));

  /** The query of the last block the grid asked for: what it shows. */
  let currentQuery: RowSourceQuery = { sortModel: [], filterModel: {}, quickFilter: '' };
  /** `canonicalJson(currentQuery)`, kept beside it (every block answer compares with it). */
  let currentKey = canonicalJson(currentQuery);
  /** Rows of the current query (`lastRow` of its last answer), null before the first answer. */
  const shownCount = ref<number | null>(null);
  /** While a server source has not counted the current query's set (`lastRow: -1`): rows loaded so far. */
  const loadedAtLeast = ref<number | null>(null);
  /** The last exact count a source's aggregates gave, by filters and search (a sort does not change it). */
  let aggregateCount: { key: string; rows: number } | null = null;
  /** Bumped whenever what the controller reports may have changed; the toolbar reads through it. */
  const version = ref(0);
  const changeListeners = new Set<() => void>();

  function changed(): void {
    version.value++;
    notifyAll(changeListeners, 'change listener');
  }

  /** The exact view of the current query over the local rows (exports read it; finishes a count under way). */
  function currentView(): LocalRowSourceView | null {
    return localSource.value?.view(currentQuery) ?? null;
  }

  /**
   * The query whose exact result KPIs and grid-filtered charts show: the current one, or while that
   * one is still being counted (a cold search or sort answered in steps), the one before, so figures
   * never describe a half-counted set; they move to the new set once it is complete.
   */
  let settledQuery: RowSourceQuery = currentQuery;
  let settledKey = canonicalJson(settledQuery);

  /** KPIs and charts read this view (see `settledQuery`). */
  function settledView(): LocalRowSourceView | null {
    return localSource.value?.view(settledQuery) ?? null;
  }

  /** The figures now describe `query`: subscribers hear it when that is another query. */
  function settleTo(query: RowSourceQuery, key: string): void {
    if (key === settledKey) return;
    settledQuery = query;
    settledKey = key;
    viewChanged();
  }

  // The adapter reads the same filtered index as the grid: `getRows()` is the current view's rows in
  // the grid's order, `getRowSet()` the same rows in the source's order (the same array after a sort,
  // so the KPIs are not computed again). Subscribers hear when the query or the rows change. One
  // adapter for the component's life: a host that took it once keeps a live one.
  const viewSubscribers = new Set<() => void>();
  let adapterDisposed = false;
  const viewAdapter: DataGridAdapter = markRaw({
    getRows: () => settledView()?.rows() ?? EMPTY_ROWS,
    getRowSet: () => settledView()?.rowSet() ?? EMPTY_ROWS,
    onChange(callback: () => void) {
      if (adapterDisposed) return () => {};
      const entry = (): void => callback();
      viewSubscribers.add(entry);
      return () => {
        viewSubscribers.delete(entry);
      };
    },
    dispose() {
      adapterDisposed = true;
      viewSubscribers.clear();
    },
  });
  const adapter = computed<DataGridAdapter | null>(() => (localSource.value ? viewAdapter : null));

  function viewChanged(): void {
    notifyAll(viewSubscribers, 'adapter subscriber');
  }

  /**
   * A block was answered for `request`. Listeners hear of it only when the query or the count
   * changed: the other blocks of a view (scrolling, or a quick search refreshing every kept block)
   * change nothing they show.
   */
  function noteQuery(request: RowSourceRequest, lastRow: number, loadedEnd = 0): void {
    const query: RowSourceQuery = { sortModel: request.sortModel, filterModel: request.filterModel, quickFilter: request.quickFilter };
    const key = canonicalJson(query);
    const same = key === currentKey;
    const sameSet = countKeyOf(query) === countKeyOf(currentQuery);
    currentQuery = query;
    currentKey = key;
    const countBefore = shownCount.value;
    const atLeastBefore = loadedAtLeast.value;
    const local = localSource.value;
    if (lastRow >= 0) {
      shownCount.value = lastRow;
      loadedAtLeast.value = null;
    } else if (aggregateCount?.key === countKeyOf(query)) {
      applyCount(aggregateCount.rows);
    } else if (local && sameSet && shownCount.value !== null) {
      // Rows in memory being counted in steps, in another order (a cold sort): the count is that of
      // the set already shown, so the scrollbar ends there at once.
      grid()?.setRowCount(shownCount.value, true);
    } else if (!sameSet || shownCount.value === null) {
      // A set not counted yet: the counter says how many rows exist at least until the count comes.
      shownCount.value = null;
      const found = local?.counting(query) ?? 0;
      loadedAtLeast.value = Math.max(sameSet ? (loadedAtLeast.value ?? 0) : 0, loadedEnd, found);
    }
    const counted = shownCount.value !== countBefore || loadedAtLeast.value !== atLeastBefore;
    if (!local) {
      if (!same) viewChanged();
    } else if (lastRow >= 0 && local.counting(query) === null) {
      // (A sort of a counted set knows its count while its order is still being built; its figures
      // move when it is complete, see `onLocalComplete`.)
      settleTo(query, key);
    }
    if (!same || counted) changed();
  }

  /**
   * A query of the local source answered in steps is complete: when the grid still shows it, the
   * count becomes exact (the scrollbar ends there, the blocks already shown stay), and KPIs and
   * charts move to its rows. A completion found while a block is being answered is left to that
   * block's `noteQuery`.
   */
  function onLocalComplete(query: RowSourceQuery, result: LocalRowSourceView): void {
    if (answering) return;
    const key = canonicalJson(query);
    if (key !== currentKey) return;
    if (shownCount.value !== result.count || loadedAtLeast.value !== null) applyCount(result.count);
    settleTo(currentQuery, currentKey);
    changed();
  }

  /** True while the datasource answers a block (AG Grid is then inside its own call). */
  let answering = false;
  let stopListening: (() => void) | null = null;
  watch(
    localSource,
    (local, before) => {
      stopListening?.();
      before?.cancel();
      stopListening = local ? local.onComplete(onLocalComplete) : null;
    },
    { immediate: true },
  );

  /** The exact count of the current query's set: the counter shows it and the scrollbar ends there. */
  function applyCount(rows: number): void {
    shownCount.value = rows;
    loadedAtLeast.value = null;
    grid()?.setRowCount(rows, true);
  }

  function requestOf(params: IGetRowsParams): RowSourceRequest {
    const sortModel: RowSourceSortItem[] = params.sortModel.map((item) => ({ colId: item.colId, sort: item.sort === 'desc' ? 'desc' : 'asc' }));
    return { startRow: params.startRow, endRow: params.endRow, sortModel, filterModel: (params.filterModel ?? {}) as GridFilterModel, quickFilter: quick.value };
  }

  /** A failed block of a remote source: the overlay with the retry button shows while it is set. */
  const loadError = ref<string | null>(null);
  /** The requests of the remote blocks under way, so the reader can stop them. */
  const inFlight = new Set<AbortController>();
  const loadingBlocks = ref(0);
  const loadStopped = ref(false);

  function stopLoading(): void {
    if (inFlight.size === 0) return;
    loadStopped.value = true;
    for (const controller of [...inFlight]) controller.abort();
  }

  let aggregatesKey: string | null = null;
  let aggregatesAbort: AbortController | null = null;

  /**
   * Asks a remote source for the aggregates of `query` unless they were asked for it already. Sort
   * is left out: KPIs and chart groups do not depend on it, so a sort change costs no aggregate.
   */
  function loadAggregates(query: RowSourceQuery, force = false): void {
    const remote = options.rowSource();
    if (!remote?.getAggregates) return;
    const wanted: RowSourceQuery = { sortModel: [], filterModel: query.filterModel, quickFilter: query.quickFilter };
    const key = canonicalJson(wanted);
    if (!force && key === aggregatesKey) return;
    aggregatesKey = key;
    aggregatesAbort?.abort();
    const abort = (aggregatesAbort = new AbortController());
    remote.getAggregates(wanted, abort.signal).then(
      (result) => {
        if (aggregatesKey !== key || abort.signal.aborted) return;
        options.onAggregates(result);
        if (typeof result.rowCount === 'number') {
          aggregateCount = { key: countKeyOf(wanted), rows: result.rowCount };
          // Blocks of this set answered before it was counted: the count ends the scrollbar now.
          if (shownCount.value === null && countKeyOf(currentQuery) === aggregateCount.key) {
            applyCount(result.rowCount);
            changed();
          }
        }
      },
      (error: unknown) => {
        if (!isAbort(error)) warn('row_source_failed', 'the DataGrid row source failed to answer the aggregates.', error);
      },
    );
  }

  function refreshRows(): void {
    loadError.value = null;
    loadStopped.value = false;
    const live = grid();
    if (!live) return;
    live.refreshInfiniteCache();
    loadAggregates(currentQuery, true);
  }

  /**
   * Whether AG Grid, when it last asked, heard that a quick search is on. It asks only when a filter
   * change is announced and keeps the answer for its "no matching rows" / "no rows" overlay; a quick
   * search over rows in memory is applied in place, unannounced (see `searchChanged`).
   */
  let heardSearch = false;

  const datasource: IDatasource = {
    getRows(params) {
      const request = requestOf(params);
      const local = localSource.value;
      if (local) {
        // Answered in the same task: a slice of the cached view, or over cold caches of the rows
        // found so far (lastRow -1 until the rest, found in background slices, is complete).
        answering = true;
        try {
          const result = local.blockNow(request);
          if (result.lastRow === 0 && heardSearch !== (request.quickFilter.trim() !== '')) {
            // Nothing to show, and AG Grid would pick "no rows" or "no matching rows" from a quick
            // search it has not heard of (it was applied in place): tell it, and it asks again.
            params.failCallback();
            grid()?.onFilterChanged();
            return;
          }
          params.successCallback(result.rows, result.lastRow);
          noteQuery(request, result.lastRow, result.lastRow < 0 ? request.startRow + result.rows.length : 0);
        } catch (error) {
          warn('row_source_failed', 'the DataGrid row source failed to answer a block.', error);
          params.failCallback();
        } finally {
          answering = false;
        }
        return;
      }
      loadAggregates(request);
      // A new block is a new load: a stop the reader asked for belonged to the one before.
      loadStopped.value = false;
      const controller = new AbortController();
      inFlight.add(controller);
      loadingBlocks.value = inFlight.size;
      const settle = (): void => {
        inFlight.delete(controller);
        loadingBlocks.value = inFlight.size;
      };
      source.value.getRows(request, controller.signal).then(
        (result) => {
          settle();
          loadError.value = null;
          params.successCallback(result.rows, result.lastRow);
          noteQuery(request, result.lastRow, request.startRow + result.rows.length);
        },
        (error: unknown) => {
          settle();
          params.failCallback();
          // A superseded block belongs to a view the grid has left, a stopped one to a load the
          // reader ended: nothing to report as a failure.
          if (isAbort(error)) return;
          warn('row_source_failed', 'the DataGrid row source failed to answer a block.', error);
          loadError.value = error instanceof Error ? error.message : '';
        },
      );
    },
  };

  /**
   * AG Grid's infinite model has no quick filter of its own, so the grid is told to ask for its rows
   * again. Over rows in memory the blocks it holds are refreshed in place: the rows on screen keep
   * their DOM and get the new rows' values, and the first rows are back in view; announcing a filter
   * change instead would make AG Grid drop every row, draw a loading row, wait a timer and build the
   * rows anew (several times the cost of the search itself). A remote source gets a filter change:
   * new blocks from the top, the superseded ones dropped and their requests aborted.
   */
  function searchChanged(): void {
    const live = grid();
    if (!live) return;
    if (!localSource.value) {
      live.onFilterChanged();
      return;
    }
    if (live.getFirstDisplayedRowIndex() > 0) live.ensureIndexVisible(0, 'top');
    live.refreshInfiniteCache();
  }

  return {
    localSource,
    source,
    datasource,
    adapter,
    shownCount,
    loadError,
    loadingBlocks,
    loadStopped,
    stopLoading,
    counts() {
      void version.value;
      const counts: DataGridCounts = { shown: shownCount.value, total: localSource.value ? options.rows.value.length : null };
      // Only a set that is still being counted has a floor.
      if (loadedAtLeast.value !== null) counts.atLeast = loadedAtLeast.value;
      return counts;
    },
    currentQuery: () => currentQuery,
    currentView,
    changed,
    onChange(listener) {
      changeListeners.add(listener);
      return () => {
        changeListeners.delete(listener);
      };
    },
    searchChanged,
    refreshRows,
    sourceChanged(reattach) {
      aggregatesKey = null;
      loadError.value = null;
      reattach();
      // The same query over other rows: KPIs and charts read them at once, the toolbar its total.
      viewChanged();
      changed();
    },
    isExternalFilterPresent: () => (heardSearch = quick.value.trim() !== ''),
    doesExternalFilterPass: () => true,
    dispose() {
      viewAdapter.dispose();
      stopListening?.();
      localSource.value?.cancel();
      aggregatesAbort?.abort();
      for (const controller of [...inFlight]) controller.abort();
      changeListeners.clear();
    },
  };
}
