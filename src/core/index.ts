/**
 * `vue-grid-view/core`: the framework-agnostic contract. Runs unchanged in Node and in browsers;
 * imports neither Vue nor the DOM nor Node modules.
 *
 * @module
 */
export type * from './types';
export { isSafeUrl, checkLinkTemplate, fillUrlTemplate, templatePlaceholders, parseRowAction } from './url';
export type { RowAction } from './url';
export { neutraliseCell } from './safety';
export { SPEC_ERROR_CATALOG, GridViewSpecError } from './errors';
export type { SpecErrorCatalogEntry } from './errors';
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
export {
  EMPTY_VALUE,
  DEFAULT_LOCALE,
  DEFAULT_CURRENCY,
  toNumber,
  readCell,
  isInheritedName,
  isEmptyValue,
  getNumberFormat,
  getCollator,
  valueToText,
  formatValue,
  formatKpiValue,
} from './format';
export { KPI_AGGREGATES, resolveKpis, aggregate } from './kpi';
export {
  DEFAULT_CHART_HEIGHT,
  DEFAULT_MAX_POINTS,
  CHART_TYPES,
  CHART_DATA_SOURCES,
  buildChartRuntime,
  buildChartRuntimes,
  buildChartOption,
  withValueFormatter,
  chartCaption,
  chartValueFormats,
  axisValueFormat,
  categoryLabel,
  isPieChart,
  isCartesianChart,
} from './chart';
export type {
  ChartRuntimeOptions,
  ChartOptionOptions,
  ChartOption,
  ChartAxisOption,
  ChartCartesianSeriesOption,
  ChartPieSeriesOption,
  ChartOptionWithFormatters,
  ChartColumnInfo,
  ChartValueFormatter,
} from './chart';
export { columnsFromSpec, columnToJson, toDataGridColumnDefs, pixelWidth, isNumericFormat } from './columns';
export { GridRenderer, GridArtifactError, buildArtifactFromView, buildArtifactJsonFromView, hydrateArtifact } from './artifact';
export type { RenderOptions, TableOptions } from './artifact';
export { PRESENTATION_FORMATS, PLANNER_LIMITS, layoutForFormat, applyPresentationFormat, validatePlannerOutput } from './presenter';
export {
  nextSortDirection,
  sortRows,
  filterRows,
  visibleRows,
  visibleRowIndices,
  exportMatrix,
  normaliseSearchText,
  warmSortIndex,
  warmSearchIndex,
} from './table-model';
export type { SortDirection, SortState, TableFilter, TableViewState, TableLocale, ExportCell, WarmBudget } from './table-model';
export { messages, MESSAGE_KEYS, createTranslator } from './i18n';
export type { MessageKey, MessageCatalog, MessageOverrides, MessageParams, TranslatorOptions, Translator } from './i18n';
export { GRID_ID_PATTERN, PREFS_LIMITS, validateGridId, validateGridPrefsPatch } from './prefs';
export { unstorableTextReason, validateSubject } from './prefs';
export type { PrefsValidation } from './prefs';
export { DATA_GRID_CHANGE_EVENTS, createDataGridAdapter, staticRowsAdapter } from './adapters';
export type { GridAdapter, StaticRowsAdapter, DataGridAdapter, DataGridAdapterOptions, DataGridApiLike, DataGridRowNodeLike } from './adapters';
