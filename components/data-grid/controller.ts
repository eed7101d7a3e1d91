/**
 * `DataGridController`: what the toolbar, the column chooser, presets and saved searches need of a
 * grid, as one small interface. `DataGrid` implements it over its AG Grid and row source;
 * `controllerFromGridApi` implements it over any host-owned AG Grid API (client-side row model), so
 * `DataGridToolbar` works beside a grid the library did not create.
 *
 * @module
 */
import type { PresetColumnState, Row, ValueFormat } from '../../src/core/types';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import { validateGridFilterModel } from '../../src/core/data-grid/filter-model';
import { presetColumnsFromState } from '../../src/core/column-state';
import type { DataGridAdapter } from '../../src/core/adapters';
import type { ColumnStateInput } from '../../src/core/column-state';
import { compileQuery } from '../../src/core/search/compile';
import type { CompiledQuery } from '../../src/core/search/compile';

/** A column as the chooser lists it. */
export interface DataGridColumnInfo {
  key: string;
  label: string;
  /** The column's `menu_group`, or null (listed under "Other columns" when other columns have groups). */
  group: string | null;
  /** Shown when the layout is "Standard" (the spec's default visibility). */
  visibleByDefault: boolean;
  format: ValueFormat;
  /** False keeps the column out of exports (the spec's `exportable`). Absent: true. */
  exportable?: boolean;
  /** False when the quick search never looks at the column (the spec's `searchable`). Absent: true. */
  searchable?: boolean;
}

/** The record counter's numbers: rows the grid shows after filters and search, and rows in all. Null: not known. */
export interface DataGridCounts {
  shown: number | null;
  total: number | null;
  /**
   * While `shown` is not known yet (a server source answered a large set's first blocks with
   * `lastRow: -1` and its exact count is still being taken): the rows known to exist so far.
   * Absent or null otherwise.
   */
  atLeast?: number | null;
}

/** What a server export link and a shared view carry. */
export interface DataGridQueryState {
  sortModel: RowSourceSortItem[];
  filterModel: GridFilterModel;
  quickFilter: string;
  /** Visible column keys in display order (pinned left first, as the grid shows them). */
  columns: string[];
}

/**
 * What the column chooser drives: a table's columns and their layout. `DataGridController` is one;
 * `SimpleTable` makes another over its own layout (no pinning). Every method is cheap; none throws.
 */
export interface ColumnLayoutController {
  /** The table's id (its spec's `grid_id`). */
  readonly gridId: string;
  /** False when the table cannot pin columns (the chooser then offers no pin control). Absent: true. */
  readonly pinning?: boolean;
  /** Every column the table knows, in the spec's order. */
  columns(): readonly DataGridColumnInfo[];
  /** The current layout in display order (order, hide, pin, width, sort). */
  getColumnState(): PresetColumnState[];
  /**
   * Applies column states. With `order` (the default) the order of `state` becomes the display
   * order, columns it does not name following; without it only the fields given change (hide one
   * column, pin another) and the order stays.
   */
  applyColumnState(state: readonly PresetColumnState[], options?: { order?: boolean }): void;
  /** Back to the spec's layout: its order, every default-visible column shown, no pins, no sort, default widths. */
  resetColumns(): void;
  /** Calls `listener` after any change of the layout; returns the function that unsubscribes. */
  onChange(listener: () => void): () => void;
  /**
   * True when the table started with a layout of its own (a stored session, a shared link, or one
   * the reader changed before the preferences loaded), so a default preset must not replace it.
   * Absent: false.
   */
  hasRestoredLayout?(): boolean;
}

/** The grid a toolbar and a column chooser drive. Every method is cheap; none throws. */
export interface DataGridController extends ColumnLayoutController {
  /** The grid's id (its spec's `grid_id`): presets and saved searches are kept under it. */
  readonly gridId: string;
  getQuickFilter(): string;
  setQuickFilter(text: string): void;
  getFilterModel(): GridFilterModel;
  /** Replaces every column filter (null or `{}` clears them all). */
  setFilterModel(model: GridFilterModel | null): void;
  counts(): DataGridCounts;
  /** Sort, filters, search and visible columns, for export links and shared views. */
  queryState(): DataGridQueryState;
  /** The rows the grid shows (filtered and sorted), for a client export; null when the rows are not in the browser. */
  rowsForExport(): readonly Row[] | null;
  /**
   * Whether `rowsForExport()` would give rows (not null), answered without building them: the
   * toolbar asks it after every change to decide whether to offer the client XLSX export. Absent:
   * the toolbar calls `rowsForExport()` instead.
   */
  hasRowsForExport?(): boolean;
  /** Calls `listener` after any change of the above; returns the function that unsubscribes. */
  onChange(listener: () => void): () => void;
  /**
   * Present when the quick search reads its text in the library's search language
   * (docs/search.md): the columns a `label:` scope can name (empty: no scopes, `label:` is text).
   * The toolbar then shows the language's help and a summary of how the text was understood,
   * compiled with these columns, so the summary says what the grid does. Absent: the grid's own
   * quick filter, with no help and no summary.
   */
  searchColumns?(): readonly { key: string; label: string }[];
  /**
   * Asks the rows again without changing the view (filters, sort, scroll position stay), e.g. a
   * grid on server rows after a failure or for fresh data. Absent: the rows are the host's to reload.
   */
  refresh?(): void;
}

/**
 * What `DataGrid` emits as `ready` (again when it recreates its grid for another language): AG
 * Grid's API, the controller for a toolbar placed elsewhere, and the adapter for live KPIs and
 * grid-filtered charts (null when the rows come from a `rowSource`: their figures belong there).
 */
export interface DataGridReady<Api = unknown> {
  api: Api;
  controller: DataGridController;
  adapter: DataGridAdapter | null;
}

/**
 * The part of AG Grid's `GridApi` that `controllerFromGridApi`, `DataGridToolbar`, `DataGridSearch`,
 * `DataGridGear` and `useGridLayoutSync` use (duck-typed: AG Grid Community's `GridApi` of a grid
 * with the client-side row model fits it, and no AG Grid import is needed to name it).
 */
export interface ToolbarGridApi {
  getGridOption(key: 'quickFilterText'): string | undefined;
  getGridOption(key: 'quickFilterParser' | 'quickFilterMatcher'): unknown;
  setGridOption(key: 'quickFilterText', value: string): void;
  setGridOption(key: 'quickFilterParser', value: (quickFilter: string) => string[]): void;
  setGridOption(key: 'quickFilterMatcher', value: (quickFilterParts: string[], rowQuickFilterAggregateText: string) => boolean): void;
  getFilterModel(): Record<string, unknown>;
  setFilterModel(model: Record<string, unknown> | null): void;
  getColumnState(): ColumnStateInput[];
  applyColumnState(params: { state: ColumnStateInput[]; applyOrder?: boolean; defaultState?: Record<string, unknown> }): boolean;
  resetColumnState(): void;
  getColumns(): { getColId(): string; getColDef(): { headerName?: string; field?: string; context?: unknown } }[] | null;
  getDisplayedRowCount(): number;
  forEachNode(callback: (node: { data?: unknown }) => void): void;
  forEachNodeAfterFilterAndSort(callback: (node: { data?: unknown }) => void): void;
  getAllDisplayedColumns(): { getColId(): string }[];
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  isDestroyed?(): boolean;
}

/** Options of `controllerFromGridApi`. */
export interface ControllerFromGridApiOptions {
  /** The grid id presets and saved searches are kept under. */
  gridId: string;
  /** Locale numbers in the quick search are read in (`1 234,5` under `uk`). @default 'en' */
  locale?: string;
  /**
   * Make the grid's quick filter read the search language (installs AG Grid's `quickFilterParser`
   * and `quickFilterMatcher`), unless the grid already has a parser or matcher of its own.
   * @default true
   */
  searchLanguage?: boolean;
}

/** The parser and matcher functions this module installed, so a later call knows they are its own. */
const installedByUs = new WeakSet<object>();

/**
 * Makes a host-owned grid's quick filter read the search language: the parser keeps the whole text
 * as one part (AG Grid hands it over in upper case, which the case-insensitive language ignores),
 * the matcher compiles it once per text and runs it over the row's quick-filter text, split into
 * its cells (AG Grid joins them with line breaks) so a number term is checked cell by cell and a
 * phrase never spans two cells. Returns false when the grid has a parser or matcher of its own,
 * which are left alone. No `label:` scopes: the row text does not say which cell is which column.
 */
function installSearchLanguage(api: ToolbarGridApi, locale: string | undefined): boolean {
  const parser = api.getGridOption('quickFilterParser');
  const matcher = api.getGridOption('quickFilterMatcher');
  if ((parser && !installedByUs.has(parser)) || (matcher && !installedByUs.has(matcher))) return false;
  let compiled: { text: string; query: CompiledQuery } | null = null;
  const parse = (quickFilter: string): string[] => [quickFilter];
  const match = (parts: string[], rowText: string): boolean => {
    const text = parts.join(' ');
    if (compiled === null || compiled.text !== text) compiled = { text, query: compileQuery(text, { locale, mode: 'global' }) };
    const cells = rowText.split('\n');
    return compiled.query.matchesText(cells.join('\u0000'), cells);
  };
  installedByUs.add(parse);
  installedByUs.add(match);
  api.setGridOption('quickFilterParser', parse);
  api.setGridOption('quickFilterMatcher', match);
  return true;
}

const API_EVENTS = ['filterChanged', 'sortChanged', 'modelUpdated', 'rowDataUpdated', 'columnMoved', 'columnVisible', 'columnPinned', 'columnResized', 'displayedColumnsChanged'];

/**
 * A controller over a host-owned AG Grid with the client-side row model: the quick search is the
 * grid option `quickFilterText`, read in the library's search language (the grid's
 * `quickFilterParser` and `quickFilterMatcher` are set, unless it has its own or
 * `searchLanguage: false`), filters are its filter model, counts are the displayed and all row
 * nodes, and the export reads the rows after filter and sort. Column labels come from each column
 * definition's `headerName` (else its field); `context.menuGroup` of a column definition, when
 * present, groups it in the chooser.
 *
 * Edge cases: a destroyed grid answers empty state and ignores changes; listeners are attached on
 * the first `onChange` and removed with the last unsubscribe; the search language has no `label:`
 * scopes here (AG Grid's row text does not say which cell is which column). The total of the
 * record counter walks the grid's rows once and is kept while listeners hear the grid (until its
 * row data changes), so the counter does not walk 100,000 rows after every filter, sort or column
 * event.
 */
export function controllerFromGridApi(api: ToolbarGridApi, options: ControllerFromGridApiOptions): DataGridController {
  const listeners = new Set<() => void>();
  const alive = (): boolean => api.isDestroyed?.() !== true;
  /** Rows in the grid, kept while the listeners below would hear a change of the row data. */
  let total: number | null = null;
  const countAll = (): number => {
    let count = 0;
    api.forEachNode((node) => {
      if (node.data !== undefined) count++;
    });
    return count;
  };
  const language = options.searchLanguage !== false && alive() && installSearchLanguage(api, options.locale);
  const fire = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const rowDataChanged = (): void => {
    total = null;
  };
  const columns = (): DataGridColumnInfo[] =>
    (alive() ? (api.getColumns() ?? []) : []).map((column) => {
      const def = column.getColDef();
      const context = (def.context ?? {}) as { menuGroup?: unknown; format?: unknown };
      return {
        key: column.getColId(),
        label: def.headerName ?? def.field ?? column.getColId(),
        group: typeof context.menuGroup === 'string' ? context.menuGroup : null,
        visibleByDefault: true,
        format: (typeof context.format === 'string' ? context.format : 'text') as ValueFormat,
      };
    });
  const getColumnState = (): PresetColumnState[] => (alive() ? presetColumnsFromState(api.getColumnState()) : []);
  return {
    gridId: options.gridId,
    columns,
    getColumnState,
    applyColumnState(state, options) {
      if (alive()) api.applyColumnState({ state: [...state], applyOrder: options?.order !== false });
    },
    resetColumns() {
      if (alive()) api.resetColumnState();
    },
    getQuickFilter: () => (alive() ? (api.getGridOption('quickFilterText') ?? '') : ''),
    setQuickFilter(text) {
      if (!alive()) return;
      api.setGridOption('quickFilterText', text);
      fire();
    },
    getFilterModel: () => (alive() ? (validateGridFilterModel(api.getFilterModel()) ?? {}) : {}),
    setFilterModel(model) {
      if (alive()) api.setFilterModel(model && Object.keys(model).length > 0 ? { ...model } : null);
    },
    counts() {
      if (!alive()) return { shown: null, total: null };
      // Without listeners nothing would say when the rows change: count them every time.
      const all = listeners.size === 0 ? countAll() : (total ??= countAll());
      return { shown: api.getDisplayedRowCount(), total: all };
    },
    queryState() {
      const state = getColumnState();
      const sortModel = state
        .filter((column) => column.sort === 'asc' || column.sort === 'desc')
        .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
        .map((column) => ({ colId: column.colId, sort: column.sort as 'asc' | 'desc' }));
      return {
        sortModel,
        filterModel: alive() ? (validateGridFilterModel(api.getFilterModel()) ?? {}) : {},
        quickFilter: alive() ? (api.getGridOption('quickFilterText') ?? '') : '',
        columns: alive() ? api.getAllDisplayedColumns().map((column) => column.getColId()) : [],
      };
    },
    hasRowsForExport: () => true,
    rowsForExport() {
      if (!alive()) return [];
      const rows: Row[] = [];
      api.forEachNodeAfterFilterAndSort((node) => {
        if (node.data !== undefined && node.data !== null) rows.push(node.data as Row);
      });
      return rows;
    },
    ...(language ? { searchColumns: () => [] } : {}),
    onChange(listener) {
      if (listeners.size === 0 && alive()) {
        total = null;
        // Registered before `fire`, so listeners read the new total after a change of the rows.
        api.addEventListener('rowDataUpdated', rowDataChanged);
        for (const type of API_EVENTS) api.addEventListener(type, fire);
      }
      listeners.add(listener);
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0 && alive()) {
          api.removeEventListener('rowDataUpdated', rowDataChanged);
          for (const type of API_EVENTS) api.removeEventListener(type, fire);
        }
      };
    },
  };
}

/** Whether `value` is a `DataGridController` rather than a grid API. */
export function isDataGridController(value: unknown): value is DataGridController {
  return typeof value === 'object' && value !== null && typeof (value as DataGridController).queryState === 'function' && typeof (value as DataGridController).counts === 'function';
}

/** The sort model a column state describes (sorted columns by `sortIndex`). */
export function sortModelOf(state: readonly PresetColumnState[]): RowSourceSortItem[] {
  return state
    .filter((column) => column.sort === 'asc' || column.sort === 'desc')
    .map((column, position) => ({ column, position }))
    .sort((a, b) => (a.column.sortIndex ?? a.position) - (b.column.sortIndex ?? b.position))
    .map(({ column }) => ({ colId: column.colId, sort: column.sort as 'asc' | 'desc' }));
}
