/**
 * `vue-grid-view`: the Vue 3 entry (plugin, components, composables, stores, hosts) and the whole
 * core. Importing it also brings the stylesheet (`vue-grid-view/style.css` for CSS-only imports).
 *
 * @module
 */
import './style.css';

export * from './core/index';
export { messages, createTranslator, MESSAGE_KEYS } from './core/i18n';
export type { MessageCatalog, MessageKey, MessageOverrides, MessageParams, Translator, TranslatorOptions } from './core/i18n';

export {
  GridViewPlugin,
  GRID_VIEW_COMPONENT_NAMES,
  GRID_VIEW_CONTEXT_KEY,
  GRID_VIEW_HOST_KEY,
  createGridViewContext,
  useGridViewOptions,
  useGridViewTranslator,
  useGridViewFormat,
} from './plugin';
export type { ChartRenderer, ChartTheme, GridViewContext, GridViewPluginOptions, RowActionHandler } from './plugin';
export { CHART_SSR_RENDERER_KEY } from './plugin-context';
export type { ChartSsrInput, ChartSsrRenderer } from './plugin-context';

export { default as GridView } from '../components/GridView.vue';
export { default as KpiStrip } from '../components/KpiStrip.vue';
export { default as ChartBlock } from '../components/ChartBlock.vue';
export { default as SimpleTable } from '../components/SimpleTable.vue';
export { default as SpecIssues } from '../components/SpecIssues.vue';
export { KPI_GLYPHS } from '../components/kpi-icons';

export * from './host/index';
export * from '../composables/index';
export * from '../stores/index';
