/**
 * The `DataGridController` of a `DataGrid`: what its toolbar, column chooser, presets and saved
 * searches drive, over the grid's AG Grid API, its row source and its session. Internal to
 * `DataGrid` (the package exports the controller's type, not this factory).
 *
 * @module
 */
import type { Ref, ShallowRef } from 'vue';
import type { GridApi } from 'ag-grid-community';
import type { Column, PresetColumnState } from '../../src/core/types';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { presetColumnsFromState } from '../../src/core/column-state';
import type { DataGridColumnInfo, DataGridController } from './controller';
import { sortModelOf } from './controller';
import { gridStateOf, layoutOf, liveApi } from './grid-api';
import type { UseDataGridRowSourceReturn } from './useDataGridRowSource';
import type { UseDataGridSessionReturn } from './useDataGridSession';

/** What the controller of a `DataGrid` is made of. */
export interface DataGridControllerParts {
  gridId: () => string;
  api: Readonly<ShallowRef<GridApi | null>>;
  /** The quick search the grid applies; the controller owns it. */
  quick: Ref<string>;
  columns: () => readonly Column[];
  columnInfo: () => DataGridColumnInfo[];
  rows: Pick<UseDataGridRowSourceReturn, 'localSource' | 'counts' | 'currentView' | 'changed' | 'onChange' | 'searchChanged' | 'refreshRows'>;
  session: Pick<UseDataGridSessionReturn, 'knownColumn' | 'restoredLayout' | 'schedulePersist'>;
}

/**
 * The controller of a `DataGrid`. Every method is cheap and none throws: without a live grid (before
 * it is ready, while it is recreated for another language) reads answer empty and changes are
 * dropped, except the quick search, which is kept and applied when the grid asks for its rows.
 */
export function createDataGridController(parts: DataGridControllerParts): DataGridController {
  const { api, quick, rows, session } = parts;
  const grid = (): GridApi | null => liveApi(api);
  return {
    get gridId() {
      return parts.gridId();
    },
    columns: () => parts.columnInfo(),
    getColumnState(): PresetColumnState[] {
      const live = grid();
      return live ? layoutOf(live) : [];
    },
    applyColumnState(state, options) {
      const live = grid();
      if (live) live.applyColumnState({ state: gridStateOf(state, session.knownColumn), applyOrder: options?.order !== false });
    },
    resetColumns() {
      grid()?.resetColumnState();
    },
    // The quick search is the search language over the searchable columns (local rows and the SQL
    // source alike); `label:` names these.
    searchColumns: () => parts.columns().filter((column) => column.searchable).map((column) => ({ key: column.key, label: column.label })),
    getQuickFilter: () => quick.value,
    setQuickFilter(text) {
      if (text === quick.value) return;
      quick.value = text;
      rows.searchChanged();
      session.schedulePersist();
      rows.changed();
    },
    getFilterModel: () => ((grid()?.getFilterModel() ?? {}) as GridFilterModel),
    setFilterModel(model) {
      grid()?.setFilterModel(model && Object.keys(model).length > 0 ? model : null);
    },
    counts: () => rows.counts(),
    queryState() {
      const live = grid();
      const state = live ? presetColumnsFromState(live.getColumnState()) : [];
      return {
        sortModel: sortModelOf(state),
        filterModel: (live?.getFilterModel() ?? {}) as GridFilterModel,
        quickFilter: quick.value,
        columns: live ? live.getAllDisplayedColumns().map((column) => column.getColId()) : [],
      };
    },
    rowsForExport: () => (rows.localSource.value ? (rows.currentView()?.rows() ?? []) : null),
    hasRowsForExport: () => rows.localSource.value !== null,
    onChange: (listener) => rows.onChange(listener),
    hasRestoredLayout: () => session.restoredLayout.value,
    refresh: () => rows.refreshRows(),
  };
}
