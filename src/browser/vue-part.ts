/**
 * The Vue part of the browser bundle: everything that mounts Vue components (hydrating views,
 * charts, KPI strips, the grid bindings, the attached toolbar) and the page's Pinia. The bundle's
 * first script (`./index`) loads it the first time something needs it (a reader reaching a view,
 * a call of the global that mounts), so a page whose views nobody touches loads no Vue.
 *
 * The ES build shares modules with the first script through its chunks. The IIFE loads its own build
 * of this part (`iife-part/`), which reads the modules the script carries from it
 * (`./shared-modules`): either way a page holds one instance of every module.
 *
 * @module
 */
import type * as Attach from './attach';

export { bootScope, mountedViews, pageStateStore, unmountScope } from './boot';
export { initAllCharts, initChart, initKpiStrip, refreshChartWrap } from './api';
export { bindGridFilteredCharts, bindGridKpis, init } from './grid-bindings';
/**
 * `attachDataGrid`'s module (the toolbar, its menus and dialogs, the layout keeping), a chunk of its
 * own: only pages that attach to a grid of their own load it.
 */
export const loadAttach = (): Promise<typeof Attach> => import('./attach');
