/**
 * `useDataGridSession`: a `DataGrid`'s session state (column layout, sort, filters, quick search)
 * in the page-state store under the grid id. A new grid starts from a shared link (`gv_<gridId>`,
 * `share.ts`), else from the stored session; every change is written back (debounced), and a change
 * another tab stores is shown here too. Internal to `DataGrid` (not exported by the package).
 *
 * @module
 */
import { ref, watch } from 'vue';
import type { ComputedRef, Ref, ShallowRef } from 'vue';
import type { GridApi } from 'ag-grid-community';
import type { Column, GridViewSpec } from '../../src/core/types';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { restrictFilterModel, validateGridFilterModel } from '../../src/core/data-grid/filter-model';
import { canonicalJson } from '../../src/core/data-grid/filter-eval';
import type { DataGridViewState } from '../../src/core/data-grid/view-state';
import { usePageState } from '../../composables/usePageState';
import type { UsePageStateReturn } from '../../composables/usePageState';
import { sortModelOf } from './controller';
import { gridStateOf, layoutOf } from './grid-api';
import { readSharedView } from './share';

/** Options of `useDataGridSession`. */
export interface UseDataGridSessionOptions {
  gridId: ComputedRef<string>;
  /** The grid's API once it is ready; null before and while a grid is being recreated. */
  api: Readonly<ShallowRef<GridApi | null>>;
  /** The quick search the grid applies; a restored view sets it. */
  quick: Ref<string>;
  columns: ComputedRef<readonly Column[]>;
  /** The spec whose columns URL fields are checked against. */
  spec: () => GridViewSpec | null;
  /** False keeps nothing in the page state (a shared link still applies). */
  pageState: () => boolean;
  /** Page-state scope (one record of many served by one spec). */
  scope: () => string | null;
  /** Texts in the reader's language (the announcement of a restored view). */
  t: (key: string) => string;
}

/** What `useDataGridSession` returns. */
export interface UseDataGridSessionReturn {
  /** The page state of the grid (`usePageState`). */
  page: UsePageStateReturn;
  /** True once a stored or shared layout was applied (a default preset then does not replace it). */
  restoredLayout: Readonly<Ref<boolean>>;
  /** What the live region says about the view the grid started with ('' for nothing). */
  announcement: Readonly<Ref<string>>;
  /** Whether `key` is one of the grid's columns. */
  knownColumn(key: string): boolean;
  /** The view the grid shows now, in the page-state format; null without a live grid. */
  viewStateNow(): DataGridViewState | null;
  /** Applies a view to the grid: known columns only, filters of known columns only; not written back. */
  applyViewState(state: DataGridViewState): void;
  /** Applies the view a new grid starts with (a shared link, else the stored session); false when there is none. */
  restore(): boolean;
  /** Writes the grid's view into the page state soon (a column drag fires many events). */
  schedulePersist(): void;
  /** Writes a view still waiting to be written now (on unmount). */
  flush(): void;
}

/** Quiet time before the view is written (a column drag or resize fires an event per step). */
const PERSIST_DEBOUNCE_MS = 150;

/**
 * The session state of a `DataGrid`; see the module comment. A shared link wins over the stored
 * session and is applied once, when the grid starts; it is then stored like any change.
 *
 * Edge cases: with `pageState` false nothing is read or written but a shared link; columns and
 * filters of columns the spec no longer has are dropped, and a filter model that fails validation
 * is ignored; a stored session from before the filter models (text per column, one sort) is read
 * as `contains` filters and a one-column sort; a view identical to the one last written is not
 * written again, nor re-applied when another tab stores it.
 */
export function useDataGridSession(options: UseDataGridSessionOptions): UseDataGridSessionReturn {
  const { api, quick, columns } = options;
  const page = usePageState(options.gridId, { scope: options.scope, spec: options.spec });
  let lastWritten = '';
  let applying = false;
  const restoredLayout = ref(false);
  const announcement = ref('');

  function knownColumn(key: string): boolean {
    return columns.value.some((c) => c.key === key);
  }

  function viewStateNow(): DataGridViewState | null {
    const grid = api.value;
    if (!grid || grid.isDestroyed()) return null;
    return {
      columns: layoutOf(grid),
      filterModel: (grid.getFilterModel() ?? {}) as GridFilterModel,
      quickFilter: quick.value,
    };
  }

  function applyViewState(state: DataGridViewState): void {
    const grid = api.value;
    if (!grid || grid.isDestroyed()) return;
    applying = true;
    try {
      if (state.columns) {
        grid.applyColumnState({ state: gridStateOf(state.columns, knownColumn), applyOrder: true, defaultState: { sort: null } });
      }
      const checked = validateGridFilterModel(state.filterModel) ?? {};
      grid.setFilterModel(restrictFilterModel(checked, knownColumn).model);
      quick.value = state.quickFilter;
    } finally {
      applying = false;
    }
  }

  /** The initial view: a shared link first, else the stored session state, else nothing (the spec's). */
  function initialViewState(): { state: DataGridViewState; from: 'link' | 'stored' } | null {
    if (typeof window !== 'undefined') {
      const shared = readSharedView(options.gridId.value, window.location.search);
      if (shared) return { state: shared, from: 'link' };
    }
    if (!options.pageState()) return null;
    const stored = page.state.value;
    const legacy: GridFilterModel = {};
    for (const [key, text] of Object.entries(stored.filters)) legacy[key] = { filterType: 'text', type: 'contains', filter: text };
    const filterModel = { ...legacy, ...(stored.filterModel ?? {}) };
    let columnsState = stored.columnState;
    if (!columnsState && stored.sort) columnsState = [{ colId: stored.sort.key, sort: stored.sort.direction, sortIndex: 0 }];
    if (!columnsState && Object.keys(filterModel).length === 0 && stored.search === '') return null;
    return { state: { columns: columnsState, filterModel, quickFilter: stored.search }, from: 'stored' };
  }

  function restore(): boolean {
    const initial = initialViewState();
    if (!initial) return false;
    applyViewState(initial.state);
    restoredLayout.value = initial.state.columns !== null;
    announcement.value = options.t(initial.from === 'link' ? 'grid.state.from_link' : 'grid.state.restored');
    return true;
  }

  let persistTimer: ReturnType<typeof setTimeout> | null = null;

  function schedulePersist(): void {
    if (!options.pageState() || applying) return;
    if (persistTimer !== null) clearTimeout(persistTimer);
    persistTimer = setTimeout(persist, PERSIST_DEBOUNCE_MS);
  }

  function persist(): void {
    persistTimer = null;
    const state = viewStateNow();
    if (!state || !options.pageState()) return;
    const first = sortModelOf(state.columns ?? [])[0];
    const patch = {
      columnState: state.columns,
      filterModel: state.filterModel,
      filters: {},
      search: state.quickFilter,
      sort: first ? { key: first.colId, direction: first.sort } : null,
    };
    const text = canonicalJson(patch);
    if (text === lastWritten) return;
    if (page.update(patch)) lastWritten = text;
  }

  // Another tab changed this grid's page state: show it here too.
  watch(
    () => page.state.value,
    (state) => {
      if (!options.pageState() || !page.hydrated.value || !api.value) return;
      const patch = { columnState: state.columnState, filterModel: state.filterModel ?? {}, filters: {}, search: state.search, sort: state.sort };
      const text = canonicalJson(patch);
      if (text === lastWritten) return;
      lastWritten = text;
      applyViewState({ columns: state.columnState, filterModel: state.filterModel ?? {}, quickFilter: state.search });
      api.value.onFilterChanged();
    },
  );

  return {
    page,
    restoredLayout,
    announcement,
    knownColumn,
    viewStateNow,
    applyViewState,
    restore,
    schedulePersist,
    flush() {
      if (persistTimer === null) return;
      clearTimeout(persistTimer);
      persist();
    },
  };
}
