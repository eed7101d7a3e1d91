/**
 * The standalone browser bundle (`dist/browser/grid-view.iife.js`): one `<script>` tag makes the
 * views a server rendered with `renderHtml(…, { hydrate: true })` live, with the same Vue components
 * that rendered them. It sets `window.GridView` (and `window.CmGridView`, the same object, for pages
 * written for the seed system) and boots the page once the document is parsed.
 *
 * @module
 */
import { bootScope, mountedViews, pageStateStore, unmountScope } from './boot';
import type { BootOptions } from './boot';
import { bootLazy } from './lazy';
import { buildChartOption, initAllCharts, initChart, initKpiStrip, refreshChartWrap, resolveKpis, t } from './api';
import { createDataGridAdapter, staticRowsAdapter } from '../core/adapters';
import { bindGridFilteredCharts, bindGridKpis, init } from './grid-bindings';
import type { InitOptions } from './grid-bindings';
import { attachDataGrid } from './attach';
import type { AttachDataGridOptions, AttachedDataGrid } from './attach';
import type { ToolbarGridApi } from '../../components/data-grid/controller';
import type { DataGridApiLike } from '../core/adapters';

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
  /**
   * Watches the lazy-block placeholders in `scope` (default the document; `lazyPlaceholder` of
   * `vue-grid-view/ssr` writes them): each loads its fragment when it nears the viewport, then its
   * views are booted. Idempotent; the bundle calls it when the document is parsed and after each
   * htmx swap. Returns how many placeholders it started watching. See `./lazy`.
   */
  loadLazyBlocks(scope?: ParentNode): number;
  /**
   * Boots `root` (default the document) in one call: its server-rendered views, or with `artifact`
   * a view drawn in `root`; its `[data-cm-chart-config]` charts; with `gridAdapter`, KPI strips and
   * `grid_filtered` charts that follow the grid. Returns the function that stops following the grid.
   */
  init(options?: InitOptions): () => void;
  /**
   * The library's toolbar, gear, column chooser, presets, saved searches and live figures around a
   * grid the page created (`agGrid.createGrid`), its column layout kept with the reader's
   * preferences (posted to `saveUrl`, default `preferencesUrl`). See `./attach`.
   */
  attachDataGrid(gridApi: ToolbarGridApi & DataGridApiLike, options: AttachDataGridOptions): AttachedDataGrid;
  /** Live KPI strips in the `[data-cm-grid-kpi]` elements of `root`, over a grid's rows; returns the stop function. */
  bindGridKpis: typeof bindGridKpis;
  /** The `[data-cm-chart-spec]` charts of `scope` with `data_source: grid_filtered`, over a grid's rows; returns the stop function. */
  bindGridFilteredCharts: typeof bindGridFilteredCharts;
  /**
   * The page-state store (Pinia) of every view the bundle mounts: each view's column layout and
   * collapsed sections, kept in `localStorage`. Read `entries`, or call `reset(key)` and the other actions.
   */
  readonly PageState: ReturnType<typeof pageStateStore>;
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
  loadLazyBlocks: (scope?: ParentNode) => bootLazy(scope ?? document, { boot: (block) => bootScope(block, bootOptions()) }),
  init: (options?: InitOptions) => init(options, bootOptions()),
  attachDataGrid: (gridApi, options) => attachDataGrid(gridApi, options, global.preferencesUrl),
  bindGridKpis,
  bindGridFilteredCharts,
  get PageState() {
    return pageStateStore();
  },
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

/** The views to hydrate and the lazy blocks to watch: once the document is parsed, and after each htmx swap. */
function bootPage(): void {
  global.bootScope();
  global.loadLazyBlocks();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bootPage, { once: true });
else bootPage();

// htmx: after a swap the new content is booted, and the views it replaced (no longer in the page)
// are unmounted by the same call. htmx 2 announces new content with `htmx:load`, htmx 4 with
// `htmx:after:swap`; both bubble to the document. Booting the whole document is cheap (one query;
// live views are skipped). Not htmx's cleanup events: they also fire for elements htmx processes
// again without removing them, and a view unmounted there could not be hydrated a second time.
for (const name of ['htmx:load', 'htmx:after:swap']) document.addEventListener(name, bootPage);


