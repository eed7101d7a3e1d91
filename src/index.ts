/**
 * `vue-grid-view`: the Vue 3 entry: the plugin, the components, the composables and the Pinia
 * stores. The stylesheet is a file of its own: applications import `vue-grid-view/style.css` once
 * (the built entry carries no CSS import; the import below is what gathers the rules into it).
 * The framework-agnostic contract (spec parsing, KPIs, charts, the table model, hosts) is imported
 * from `vue-grid-view/core`.
 *
 * @module
 */
import './style.css';

export { GridViewPlugin } from './plugin';
export { useGridViewOptions } from './plugin-context';
export type { ChartRenderer, ChartTheme, GridViewContext, GridViewPluginOptions, RowActionHandler } from './plugin-context';

export { default as GridView } from '../components/GridView.vue';
export { default as KpiStrip } from '../components/KpiStrip.vue';
export { default as ChartBlock } from '../components/ChartBlock.vue';
export { default as SimpleTable } from '../components/SimpleTable.vue';
export { default as SpecIssues } from '../components/SpecIssues.vue';
export { default as DataGrid } from '../components/DataGrid.vue';
export { default as DataGridToolbar } from '../components/DataGridToolbar.vue';
export { default as DataGridSearch } from '../components/DataGridSearch.vue';
export { default as DataGridGear } from '../components/DataGridGear.vue';
export { default as DataGridColumnModal } from '../components/DataGridColumnModal.vue';
export { default as GridKpiStrip } from '../components/GridKpiStrip.vue';
export { default as GridViewMessage } from '../components/GridViewMessage.vue';
export type { DataGridController, DataGridColumnInfo, DataGridCounts, DataGridQueryState, DataGridReady, ToolbarGridApi } from '../components/data-grid/controller';
export type { SimpleTableRowClick, SimpleTableSearchChange } from '../components/simple-table/types';
export { useGridLayoutSync } from '../components/data-grid/useGridLayoutSync';
export type { UseGridLayoutSyncOptions, UseGridLayoutSyncReturn } from '../components/data-grid/useGridLayoutSync';

export * from '../composables/index';
export * from '../stores/index';
