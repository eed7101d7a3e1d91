/**
 * The types of the row source: the one interface through which a data grid reads its rows
 * (`{ startRow, endRow, sortModel, filterModel, quickFilter } → { rows, lastRow }`), in the browser
 * over rows in memory (`createLocalRowSource`) and on a server over SQL. The filter models are the
 * shapes AG Grid's provided filters produce, plus the library's own `values` filter (a checklist of
 * distinct values: AG Grid's set filter is Enterprise), so a grid's `getFilterModel()` can be sent
 * as it is.
 *
 * Plain data only: every request and model survives `JSON.stringify`, so a browser can send it to a
 * server unchanged.
 *
 * @module
 */
import type { ChartRuntime, ResolvedKpi, Row } from '../types';
import type { BuiltInDateOperation, BuiltInNumberOperation, BuiltInTextOperation, BuiltInValuesMatch, BuiltInValuesMode } from './filter-operators';

/** One sorted column of a request; the first item sorts first. */
export interface RowSourceSortItem {
  /** Column key. */
  colId: string;
  sort: 'asc' | 'desc';
}

/**
 * Operations of the text filter: the names of the registry's text operators
 * (src/core/data-grid/filter-operators.ts). `contains` reads its text in the search language (see
 * docs/data-grid.md).
 */
export type TextFilterOperation = BuiltInTextOperation;

/** Operations of the number filter: the names of the registry's number operators. */
export type NumberFilterOperation = BuiltInNumberOperation;

/** Operations of the date filter: the names of the registry's date operators. */
export type DateFilterOperation = BuiltInDateOperation;

/** One condition of AG Grid's text filter. */
export interface TextFilterCondition {
  filterType: 'text';
  type: TextFilterOperation;
  /** The text; absent for `blank`/`notBlank`. */
  filter?: string | null;
}

/** One condition of AG Grid's number filter. `inRange` is exclusive at both ends (AG Grid's default). */
export interface NumberFilterCondition {
  filterType: 'number';
  type: NumberFilterOperation;
  filter?: number | null;
  /** Upper bound of `inRange`. */
  filterTo?: number | null;
}

/**
 * One condition of AG Grid's date filter. Dates are `YYYY-MM-DD` optionally followed by a time
 * (`2024-03-01 00:00:00`, as AG Grid writes them); only the day is compared. `inRange` is exclusive.
 */
export interface DateFilterCondition {
  filterType: 'date';
  type: DateFilterOperation;
  dateFrom?: string | null;
  dateTo?: string | null;
}

/** Two or more conditions of one filter type joined by AND or OR (AG Grid's combined model). */
export interface CombinedFilterModel<C extends { filterType: string }> {
  filterType: C['filterType'];
  operator: 'AND' | 'OR';
  conditions: C[];
}

/**
 * The values filter: a checklist of distinct values (the search language's `ValuesFilterModel`
 * tagged with `filterType: 'values'`). `match` and `mode` name the registry's values operators.
 *
 * - `{ values, match: 'exact' }` (default): the trimmed cell text equals one of `values`, and a
 *   number cell is also selected by value (`"-10.00"` selects -10);
 * - `{ values, match: 'any_token' }`: one of the items of a list cell is selected;
 * - an empty `values` list matches nothing;
 * - `{ mode: 'empty' }`: the cell is blank, `-` or `—`; `{ mode: 'non_empty' }`: anything else.
 */
export type ValuesColumnFilter =
  | { filterType: 'values'; values: string[]; match?: BuiltInValuesMatch }
  | { filterType: 'values'; mode: BuiltInValuesMode };

/** The filter of one column. */
export type ColumnFilterModel =
  | TextFilterCondition
  | CombinedFilterModel<TextFilterCondition>
  | NumberFilterCondition
  | CombinedFilterModel<NumberFilterCondition>
  | DateFilterCondition
  | CombinedFilterModel<DateFilterCondition>
  | ValuesColumnFilter;

/** Column key → that column's filter: what AG Grid's `getFilterModel()` returns. Columns without a filter are absent. */
export type GridFilterModel = Record<string, ColumnFilterModel>;

/** What a grid shows, without the paging: sort, column filters and quick search. */
export interface RowSourceQuery {
  /** Sorted columns, first first; empty for the rows' own order. */
  sortModel: readonly RowSourceSortItem[];
  /** Column filters; null or `{}` for none. */
  filterModel: GridFilterModel | null;
  /** Quick search over every searchable column; '' for none. */
  quickFilter: string;
}

/** A block of rows to fetch: rows `[startRow, endRow)` of the query's result. */
export interface RowSourceRequest extends RowSourceQuery {
  startRow: number;
  endRow: number;
  /**
   * Keys of the columns the grid shows, in order. A server source answers rows with only these
   * keys (absent: every column it serves); the local source hands out whole rows and ignores it.
   */
  columns?: readonly string[];
}

/** A block of rows and, when known, the number of rows of the whole result. */
export interface RowSourceResult<R extends Row = Row> {
  /** The rows of the block, in order (the same objects the source holds; never copies). */
  rows: R[];
  /**
   * The number of rows of the whole result, or -1 when the source does not know it yet (AG Grid's
   * infinite row model then keeps asking for more blocks).
   */
  lastRow: number;
}

/** What can cancel a request: an `AbortSignal` fits. */
export interface RowSourceSignal {
  readonly aborted: boolean;
}

/** Request for the distinct values of a column (the values filter's checklist). */
export interface RowSourceValuesRequest {
  /** The column. */
  colId: string;
  /** The other columns' filters and the quick search: the column's own filter is ignored. */
  filterModel: GridFilterModel | null;
  quickFilter: string;
  /** Only values containing this text (case- and accent-insensitive); '' for all. */
  search?: string;
  /** At most this many values, the most frequent first. Default 1,000. */
  limit?: number;
}

/** Distinct values of a column, the most frequent first (ties in the locale's text order). */
export interface RowSourceValuesResult {
  values: { value: string; count: number }[];
  /** Rows whose cell is blank, `-` or `—` (the "empty" entry of the checklist). */
  empty: number;
  /** True when more values exist than `limit` allowed. */
  truncated: boolean;
}

/**
 * The KPIs and chart runtimes of a query's whole filtered set, as a server computes them
 * (`POST /grid/aggregate/`): resolved and formatted by the core exactly as `resolveKpis` and
 * `buildChartRuntime` do over rows in memory.
 */
export interface RowSourceAggregates {
  /** The registered KPIs, in their order. */
  kpis: ResolvedKpi[];
  /** The registered charts' runtimes (usually the spec's `grid_filtered` charts), matched by `id`. */
  charts: ChartRuntime[];
  /**
   * Rows of the whole filtered set, when the source counted them (the SQL source always does). A
   * block may answer `lastRow: -1` while a large set is not counted yet; the grid then takes its
   * size from here.
   */
  rowCount?: number;
}

/**
 * The one interface through which a data grid reads rows. `getRows` answers one block of the
 * sorted, filtered result; `getValues`, when present, feeds the values filter's checklist;
 * `getAggregates`, when present, gives the KPIs and grid-filtered charts of the whole filtered set
 * (a source whose rows are not in the browser has it, so a view's figures describe every matching
 * row and not the loaded blocks); `exportUrl`, when present, is where the whole filtered, sorted set
 * is exported (the DataGrid's toolbar appends the grid's state with `buildGridExportUrl`).
 * Implementations: `createLocalRowSource` (rows in memory, the core's table model), the server's
 * SQL row source, and `createRowSource` (the browser's client of the server's routes). A source
 * never mutates the rows it hands out.
 */
export interface RowSource<R extends Row = Row> {
  getRows(request: RowSourceRequest, signal?: RowSourceSignal): Promise<RowSourceResult<R>>;
  getValues?(request: RowSourceValuesRequest, signal?: RowSourceSignal): Promise<RowSourceValuesResult>;
  getAggregates?(query: RowSourceQuery, signal?: RowSourceSignal): Promise<RowSourceAggregates>;
  exportUrl?(format: 'csv' | 'xlsx' | 'pdf'): string | null;
}
