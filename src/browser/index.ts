/**
 * The standalone browser bundle (`dist/browser/grid-view.iife.js`): one `<script>` tag makes the
 * views a server rendered with `renderHtml(…, { hydrate: true })` live, with the same Vue components
 * that rendered them. It sets `window.GridView` (and `window.CmGridView`, the same object, for pages
 * written for the seed system) and boots the page once the document is parsed.
 *
 * @module
 */
import { bootScope, mountedViews, unmountScope } from './boot';
import type { BootOptions } from './boot';
import { buildChartOption, initAllCharts, initChart, initKpiStrip, refreshChartWrap, resolveKpis, t } from './api';
import { createDataGridAdapter, staticRowsAdapter } from '../core/adapters';

/** The `window.GridView` global. */
export interface GridViewGlobal {
  /** The package version this bundle was built from. */
  readonly version: string;
  /**
   * URL the booted views post named presets and searches to; `''` (default) keeps them in the page.
   * Read by every boot, so set it before the document is parsed or before calling `bootScope`.
   */
  preferencesUrl: string;
  /** Hydrates the server-rendered views in `scope` (default the document); see `./boot`. */
  bootScope(scope?: ParentNode): number;
  /** Unmounts the live views in `scope`. */
  unmountScope(scope?: ParentNode): number;
  /** How many views are live. */
  mountedViews(): number;
  /** KPIs of wire KPI specs over rows, as the server computes them, in the page's language. */
  resolveKpis: typeof resolveKpis;
  /** An adapter over fixed rows (`getRows`, `onChange`, `setRows`). */
  staticRowsAdapter: typeof staticRowsAdapter;
  /** An adapter over an AG Grid API: the rows it shows after filter and sort, and their changes. */
  createDataGridAdapter: typeof createDataGridAdapter;
  /** The ECharts option of a chart spec over rows, or of a computed chart. */
  buildChartOption: typeof buildChartOption;
  /** Mounts one chart in an element. */
  initChart: typeof initChart;
  /** Mounts a chart in every `[data-cm-chart-config]` element of a scope. */
  initAllCharts: typeof initAllCharts;
  /** New data for a chart `initChart` mounted. */
  refreshChartWrap: typeof refreshChartWrap;
  /** KPI cards. */
  readonly Kpi: { initKpiStrip: typeof initKpiStrip };
  /** The simple tables of server-rendered views: `initAll(scope)` boots the views in `scope`. */
  readonly SimpleTable: { initAll(scope?: ParentNode): number };
  /** Texts in the page's language (`window.GridViewI18n`). */
  readonly i18n: { t: typeof t };
}

declare const __GV_VERSION__: string;

const global: GridViewGlobal = {
  version: typeof __GV_VERSION__ === 'string' ? __GV_VERSION__ : '0.0.0',
  preferencesUrl: '',
  bootScope: (scope?: ParentNode) => bootScope(scope ?? document, bootOptions()),
  unmountScope: (scope?: ParentNode) => unmountScope(scope ?? document),
  mountedViews,
  resolveKpis,
  staticRowsAdapter,
  createDataGridAdapter,
  buildChartOption,
  initChart,
  initAllCharts,
  refreshChartWrap,
  Kpi: { initKpiStrip },
  // The tables live inside the views the server rendered: booting the views makes them live.
  SimpleTable: { initAll: (scope?: ParentNode) => bootScope(scope ?? document, bootOptions()) },
  i18n: { t },
};

function bootOptions(): BootOptions {
  return { preferencesUrl: global.preferencesUrl };
}

/**
 * The page's window as the bundle writes it. Typed here rather than by augmenting `Window`: the
 * package's declaration of the globals for pages' own scripts is dist/browser/grid-view.d.ts
 * (written by scripts/build.mjs), and two declarations of one property would clash.
 */
interface PageWindow {
  GridView?: unknown;
  CmGridView?: GridViewGlobal;
  CmSimpleTable?: GridViewGlobal['SimpleTable'];
}
const page = window as unknown as PageWindow;

// A page may set `window.GridView = { preferencesUrl }` before the tag: keep what it set.
const preset = typeof page.GridView === 'object' && page.GridView !== null ? (page.GridView as Partial<GridViewGlobal>) : {};
if (typeof preset.preferencesUrl === 'string') global.preferencesUrl = preset.preferencesUrl;
page.GridView = global;
page.CmGridView = global;
page.CmSimpleTable = global.SimpleTable;

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => global.bootScope(), { once: true });
else global.bootScope();

// htmx: after a swap the new content is booted, and the views it replaced (no longer in the page)
// are unmounted by the same call. htmx 2 announces new content with `htmx:load`, htmx 4 with
// `htmx:after:swap`; both bubble to the document. Booting the whole document is cheap (one query;
// live views are skipped). Not htmx's cleanup events: they also fire for elements htmx processes
// again without removing them, and a view unmounted there could not be hydrated a second time.
for (const name of ['htmx:load', 'htmx:after:swap']) document.addEventListener(name, () => global.bootScope());


