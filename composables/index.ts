/**
 * Composables of vue-grid-view: grid adapters (re-exported from the Vue-free core), live KPIs,
 * grid-filtered charts, saved preferences and page state.
 *
 * @module
 */
export { createDataGridAdapter, staticRowsAdapter, DATA_GRID_CHANGE_EVENTS } from '../src/core/adapters';
export type {
  DataGridAdapter,
  DataGridAdapterOptions,
  DataGridApiLike,
  DataGridRowNodeLike,
  GridAdapter,
  StaticRowsAdapter,
} from '../src/core/adapters';
export { createCoalescer } from '../src/core/coalesce';
export type { Coalescer, RecomputeFlush } from '../src/core/coalesce';
export { useGridAdapter } from './useGridAdapter';
export type { UseGridAdapterOptions, UseGridAdapterReturn } from './useGridAdapter';
export { useLiveKpis } from './useLiveKpis';
export type { UseLiveKpisOptions, UseLiveKpisReturn } from './useLiveKpis';
export { useGridFilteredChart } from './useGridFilteredChart';
export type { UseGridFilteredChartOptions, UseGridFilteredChartReturn } from './useGridFilteredChart';
export { useGridPreferences } from './useGridPreferences';
export type { UseGridPreferencesOptions, UseGridPreferencesReturn } from './useGridPreferences';
export { usePageState } from './usePageState';
export type { UsePageStateOptions, UsePageStateReturn } from './usePageState';
