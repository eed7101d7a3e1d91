/**
 * Composables of vue-grid-view: a grid adapter as reactive rows, live KPIs, grid-filtered charts,
 * saved preferences and page state.
 *
 * @module
 */
export type { RecomputeFlush } from '../src/core/coalesce';
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
