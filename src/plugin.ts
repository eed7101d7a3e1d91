/**
 * `GridViewPlugin`: `app.use(GridViewPlugin, options)` registers `GridView`, `KpiStrip`,
 * `ChartBlock`, `SimpleTable`, `DataGrid` and `GridViewMessage` (the last two loaded on first use) globally and provides the options (locale, message overrides,
 * currency, host, preferences URL, routes, chart theme, row actions) through typed injection keys.
 *
 * Installing touches no browser global, so the same plugin serves SSR apps.
 *
 * @module
 */
import { defineAsyncComponent } from 'vue';
import type { App, Plugin } from 'vue';
import GridView from '../components/GridView.vue';
import KpiStrip from '../components/KpiStrip.vue';
import ChartBlock from '../components/ChartBlock.vue';
import SimpleTable from '../components/SimpleTable.vue';
import type DataGridComponent from '../components/DataGrid.vue';
import type GridViewMessageComponent from '../components/GridViewMessage.vue';
import { GRID_VIEW_CONTEXT_KEY, GRID_VIEW_HOST_KEY, createGridViewContext } from './plugin-context';
import type { GridViewContext, GridViewPluginOptions } from './plugin-context';
import { registerCatalog } from './core/i18n/translator';
import { setWarningHandler } from './core/warn';
import { CATALOGS } from './core/i18n/catalogs';

export {
  GRID_VIEW_CONTEXT_KEY,
  GRID_VIEW_HOST_KEY,
  createGridViewContext,
  useGridViewOptions,
  useGridViewTranslator,
  useGridViewFormat,
} from './plugin-context';
export type { ChartRenderer, ChartTheme, GridViewContext, GridViewPluginOptions, RowActionHandler } from './plugin-context';

/** Names under which the plugin registers the components. */
export const GRID_VIEW_COMPONENT_NAMES = ['GridView', 'KpiStrip', 'ChartBlock', 'SimpleTable', 'DataGrid', 'GridViewMessage'] as const;

/**
 * `DataGrid` as the plugin registers it: loaded on first use, so an app that never shows a data grid
 * never downloads AG Grid (import `DataGrid` from the package to bundle it eagerly instead).
 */
const LazyDataGrid = defineAsyncComponent(() => import('../components/DataGrid.vue'));

/**
 * `GridViewMessage` as the plugin registers it: loaded on first use, so an app that never shows a
 * chat message does not download it (import `GridViewMessage` from the package to bundle it
 * eagerly). The chunk is the message's body, which draws with the `GridView` registered below: a
 * lazy chunk that imported `GridView` would cost every app with `GridView` 1.9 kB of its first
 * paint (see `components/grid-view-message/GridViewMessageBody.vue`).
 */
const LazyGridViewMessage = defineAsyncComponent(() => import('../components/grid-view-message/GridViewMessageBody.vue'));

/**
 * The Vue plugin. `app.use(GridViewPlugin)` with no options uses `en`, `USD`, no host and theme
 * `auto`. Installing twice on one app replaces the provided options (Vue itself skips a second
 * `app.use` of the same plugin object, so this only matters for `install` called directly).
 *
 * The provided context is also returned through `app.config.globalProperties.$gridView`, so code
 * outside components can call `configure` (e.g. a locale switcher).
 */
export const GridViewPlugin: Plugin<[GridViewPluginOptions?]> = {
  install(app: App, options: GridViewPluginOptions = {}): void {
    // Every shipped language at once: texts are right on the first paint and when hydrating.
    // Components used without the plugin load a language when it is first needed instead.
    for (const [code, catalog] of Object.entries(CATALOGS)) registerCatalog(code, catalog);
    if (options.onWarn) setWarningHandler(options.onWarn);
    const context = createGridViewContext(options, true);
    app.provide(GRID_VIEW_CONTEXT_KEY, context);
    app.provide(GRID_VIEW_HOST_KEY, options.host ?? null);
    app.config.globalProperties.$gridView = context;
    app.component('GridView', GridView);
    app.component('KpiStrip', KpiStrip);
    app.component('ChartBlock', ChartBlock);
    app.component('SimpleTable', SimpleTable);
    app.component('DataGrid', LazyDataGrid);
    app.component('GridViewMessage', LazyGridViewMessage);
  },
};

// Global component and property typing: Volar checks `<GridView :artifact>` in any template of an
// app that imports this package (the augmentation ships in the emitted .d.ts).
declare module 'vue' {
  export interface GlobalComponents {
    GridView: typeof GridView;
    KpiStrip: typeof KpiStrip;
    ChartBlock: typeof ChartBlock;
    SimpleTable: typeof SimpleTable;
    DataGrid: typeof DataGridComponent;
    GridViewMessage: typeof GridViewMessageComponent;
  }
  export interface ComponentCustomProperties {
    /** The options provided by `GridViewPlugin`. */
    $gridView: GridViewContext;
  }
}
