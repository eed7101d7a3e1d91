/**
 * The core's public names: the spec contract, rendering (KPIs, charts, artifact), the table model,
 * texts and the grid adapters. Vue-free, DOM-free and Node-free. The package entry
 * `vue-grid-view/core` (`src/core-entry.ts`) is this plus the hosts.
 *
 * Every name here is a deliberate part of the public API (test/package/exports.test.ts snapshots
 * them); helpers that other modules of the package share are imported from their files instead.
 *
 * @module
 */
export type * from './types';

// The spec contract
export {
  parseGridViewSpecJson,
  parseGridViewSpec,
  safeParseGridViewSpecJson,
  safeParseGridViewSpec,
  specToWire,
  isGridViewSpec,
  SPEC_LIMITS,
  SPEC_ENUMS,
  SPEC_DEFAULTS,
} from './spec';
export type { SpecEnumName } from './spec';
export { SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG, GridViewSpecError } from './errors';
export type { SpecErrorCatalogEntry } from './errors';
export { formatSpecIssue } from './spec/message';

// Rendering: values, KPIs, charts, the artifact
export { formatValue, formatKpiValue } from './format';
export { resolveKpis } from './kpi';
export { buildChartRuntime, buildChartOption, withValueFormatter, chartValueFormats, chartCaption, chartDescription } from './chart';
export type {
  ChartRuntimeOptions,
  ChartColumnInfo,
  ChartOptionOptions,
  ChartOption,
  ChartAxisOption,
  ChartCartesianSeriesOption,
  ChartPieSeriesOption,
  ChartOptionWithFormatters,
  ChartValueFormatter,
} from './chart';
export { columnsFromSpec, toDataGridColumnDefs } from './columns';
export { GridRenderer, GridArtifactError, buildArtifactFromView, buildArtifactJsonFromView, hydrateArtifact } from './artifact';
export type { RenderOptions, TableOptions } from './artifact';

// The table model (what SimpleTable does, for any renderer or a server)
export { sortRows, filterRows, visibleRows, exportMatrix } from './table-model';
export type { SortDirection, SortState, TableFilter, TableViewState, TableLocale, ExportCell } from './table-model';
export { buildPdfExportUrl } from './table-model/pdf-url';
export type { PdfLinkState } from './table-model/pdf-url';

// The search language of every table (docs/search.md)
export { compileQuery, matchesQuery, matchesCellFilter, matchesValuesFilter, parseLocaleNumber, describeQuery, describeValuesFilter } from './search';
export type {
  CompiledQuery,
  CompileOptions,
  CompileQueryOptions,
  CompileQueryColumn,
  DescribeQueryOptions,
  SearchQueryAst,
  SearchGroupAst,
  SearchTermAst,
  SearchTextTerm,
  SearchNumberTerm,
  SearchNumberOp,
  SearchScope,
  SearchColumn,
  ValuesFilterModel,
} from './search';

// Safety helpers for code that renders or exports on its own
export { isSafeUrl, fillUrlTemplate } from './url';
export { neutraliseCell } from './safety';

// Texts
export { createTranslator, registerCatalog, loadCatalog, messages } from './i18n';
export type { MessageKey, MessageCatalog, MessageOverrides, MessageParams, TranslatorOptions, Translator } from './i18n';
export { loadSpecIssueTexts } from './i18n/spec-issues';
export type { SpecIssueTexts } from './i18n/spec-issues';

// Warnings (one channel; the plugin's `onWarn` sets it too)
export { setWarningHandler } from './warn';
export type { GridViewWarning, GridViewWarningCode, WarningHandler } from './warn';

// Saved preferences and grid adapters
export { PREFS_LIMITS, validateGridPrefsPatch } from './prefs';
export type { PrefsValidation } from './prefs';
export { createDataGridAdapter, staticRowsAdapter } from './adapters';
export type { GridAdapter, StaticRowsAdapter, DataGridAdapter, DataGridAdapterOptions, DataGridApiLike, DataGridRowNodeLike } from './adapters';

// The data grid's row source (the browser's; the server's SQL one implements the same interface)
export { createLocalRowSource } from './data-grid/local-row-source';
export type { LocalRowSource, LocalRowSourceColumn, LocalRowSourceOptions, LocalRowSourceView } from './data-grid/local-row-source';
export type { IdleScheduler } from './table-model/idle';
export type { WarmBudget } from './table-model/types';
export type {
  RowSource,
  RowSourceQuery,
  RowSourceRequest,
  RowSourceResult,
  RowSourceSortItem,
  RowSourceSignal,
  RowSourceValuesRequest,
  RowSourceValuesResult,
  RowSourceAggregates,
  GridFilterModel,
  ColumnFilterModel,
  TextFilterCondition,
  NumberFilterCondition,
  DateFilterCondition,
  CombinedFilterModel,
  ValuesColumnFilter,
  TextFilterOperation,
  NumberFilterOperation,
  DateFilterOperation,
} from './data-grid/types';
export { validateRowSourceQuery, validateRowSourceRequest, validateRowSourceValuesRequest, ROW_SOURCE_REQUEST_LIMITS } from './data-grid/request';
export type { RowSourceRequestCheck } from './data-grid/request';
export { readGridExportParams } from './data-grid/export-url';
export type { GridExportParams, QueryParamsLike } from './data-grid/export-url';
