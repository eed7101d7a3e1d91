/**
 * The browser bundle's first script (`dist/browser/grid-view.iife.js`, and `esm/grid-view.js` of the
 * ES build): one `<script>` tag makes the views a server rendered with `renderHtml(…, { hydrate:
 * true })` live, with the same Vue components that rendered them. It sets `window.GridView` (and
 * `window.CmGridView`, the same object, for pages written for the seed system).
 *
 * It carries the global, what answers at once (texts, KPIs, chart options, row adapters, lazy
 * blocks) and no Vue: the Vue part (`./vue-part`) is loaded the first time something needs it. By
 * default server-rendered views hydrate at the reader's first interaction with the page (the
 * pointer moving, a key, a touch, the wheel, focus), so a page nobody touches loads no Vue; a click
 * or typing that came before the Vue part is replayed on the live view. `window.GridView = { hydrate: 'load' }`
 * before the tag hydrates every view once the document is parsed instead. The functions that mount
 * (`bootScope`, `initChart`, `init`, `attachDataGrid`, …) load the Vue part at once and do their work
 * when it is there; `ready()` says when.
 *
 * @module
 */
import type { BootOptions, pageStateStore } from './boot';
import { bootLazy } from './lazy';
import { buildChartOption, resolveKpis, t } from './compute';
import type { ChartRuntime, ChartSpecWire, ResolvedKpi, Row } from '../core/types';
import { createDataGridAdapter, staticRowsAdapter } from '../core/adapters';
import type { DataGridApiLike, GridAdapter } from '../core/adapters';
import type { BindGridKpisOptions, InitOptions } from './grid-bindings';
import type { AttachDataGridOptions, AttachedDataGrid } from './attach';
import type { ToolbarGridApi } from '../../components/data-grid/controller';
import { checkAttachPlace, checkInitRoot } from './checks';
import { HYDRATE_SELECTOR, elementsWithin } from './dom';
import { gridOptions } from './grid-options';
import { loadVuePart } from './load-vue-part';
import type { VuePartModule } from './load-vue-part';
import { warn } from '../core/warn';

/** The `window.GridView` global. */
export interface GridViewGlobal {
  /** The package version this bundle was built from. */
  readonly version: string;
  /**
   * URL the booted views post named presets and searches to; `''` (default) keeps them in the page.
   * Read by every boot, so set it before the document is parsed or before calling `bootScope`.
   */
  preferencesUrl: string;
  /**
   * When server-rendered views hydrate: `interaction` (default) at the reader's first interaction
   * with the page, `load` once the document is parsed. Set it before the tag (`window.GridView = {
   * hydrate: 'load' }`) or before an htmx swap.
   */
  hydrate: 'interaction' | 'load';
  /** Resolves once the Vue part is loaded (it starts loading now): then `mountedViews` and `PageState` answer for every view. */
  ready(): Promise<void>;
  /**
   * Hydrates the server-rendered views in `scope` (default the document) now, not waiting for the
   * reader; see `./boot`. Returns how many it mounted, or, while the Vue part is still loading, how
   * many it will mount. Idempotent.
   */
  bootScope(scope?: ParentNode): number;
  /** Unmounts the live views in `scope`. */
  unmountScope(scope?: ParentNode): number;
  /** How many views are live (0 until the Vue part is loaded). */
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
  /**
   * What the library's own data grid sets on AG Grid, added to a page's grid options: the theme
   * over the `--gv-*` tokens, AG Grid's texts in the page's language, the overlay scrollbar band,
   * cells of `context.format` columns formatted as the library formats them. See `./grid-options`.
   */
  gridOptions: typeof gridOptions;
  /** Live KPI strips in the `[data-cm-grid-kpi]` elements of `root`, over a grid's rows; returns the stop function. */
  bindGridKpis(options: BindGridKpisOptions): () => void;
  /** The `[data-cm-chart-spec]` charts of `scope` with `data_source: grid_filtered`, over a grid's rows; returns the stop function. */
  bindGridFilteredCharts(scope: ParentNode, adapter: GridAdapter): () => void;
  /**
   * The page-state store (Pinia) of every view the bundle mounts: each view's column layout and
   * collapsed sections, kept in `localStorage`. Read `entries`, or call `reset(key)` and the other
   * actions. Null until the Vue part is loaded (`await GridView.ready()`).
   */
  readonly PageState: ReturnType<typeof pageStateStore> | null;
  /** KPIs of wire KPI specs over rows, as the server computes them, in the page's language. */
  resolveKpis: typeof resolveKpis;
  /** An adapter over fixed rows (`getRows`, `onChange`, `setRows`). */
  staticRowsAdapter: typeof staticRowsAdapter;
  /** An adapter over an AG Grid API: the rows it shows after filter and sort, and their changes. */
  createDataGridAdapter: typeof createDataGridAdapter;
  /** The ECharts option of a chart spec over rows, or of a computed chart. */
  buildChartOption: typeof buildChartOption;
  /** Mounts one chart in an element. */
  initChart(el: Element, config: ChartSpecWire | ChartRuntime, rows?: readonly Row[] | null): void;
  /** Mounts a chart in every `[data-cm-chart-config]` element of a scope; returns how many. */
  initAllCharts(scope?: ParentNode): number;
  /** New data for a chart `initChart` mounted (or is mounting); false when `node` holds none. */
  refreshChartWrap(node: Element, config: ChartSpecWire | ChartRuntime, rows?: readonly Row[] | null): boolean;
  /** KPI cards. */
  readonly Kpi: { initKpiStrip(root: Element, kpis: readonly ResolvedKpi[], columns?: number): void };
  /** The simple tables of server-rendered views: `initAll(scope)` boots the views in `scope`. */
  readonly SimpleTable: { initAll(scope?: ParentNode): number };
  /** Texts in the page's language (`window.GridViewI18n`). */
  readonly i18n: { t: typeof t };
}

declare const __GV_VERSION__: string;


let part: VuePartModule | null = null;
let loading: Promise<VuePartModule> | null = null;

/** The Vue part, loaded once; a failed load (offline, a new deployment) is tried again by the next need. */
function vuePart(): Promise<VuePartModule> {
  loading ??= loadVuePart().then(
    (module) => (part = module),
    (error: unknown) => {
      loading = null;
      warn('hydrate_failed', 'The Vue part of the browser bundle could not be loaded; the page stays as the server wrote it.', error);
      throw error;
    },
  );
  return loading;
}

/** Runs `task` with the Vue part: at once when it is loaded, else once it is (never when it fails). */
function withPart(task: (module: VuePartModule) => void): void {
  if (part !== null) task(part);
  else vuePart().then(task, () => undefined);
}


// --- views hydrating at the reader's first interaction ----------------------------------------------

/** Views asked to hydrate (or hydrated) by this script: not armed again. */
const requested = new WeakSet<Element>();
/** Server-rendered views waiting for the reader's first interaction with the page. */
const waiting = new Set<Element>();
/**
 * What counts as the reader's first interaction: the pointer moved or pressed, a key, a touch, the
 * wheel, focus arriving (the keyboard's Tab). Not `scroll`: a page opened at an `#anchor` scrolls by
 * itself. Page-wide rather than per view: the views take their final layout (measured column
 * widths) while the reader is still finding their way, not under the pointer that reached them.
 */
const FIRST_INTERACTION = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'focusin'] as const;
let interacted = false;

function onFirstInteraction(event: Event): void {
  // A browser moves the pointer by itself when the layout changes under a cursor resting on the
  // page (Chromium's synthetic move, at the same place): not the reader. A real move goes somewhere.
  if (event.type === 'pointermove' && (event as PointerEvent).movementX === 0 && (event as PointerEvent).movementY === 0) return;
  if (interacted) return;
  interacted = true;
  for (const type of FIRST_INTERACTION) document.removeEventListener(type, onFirstInteraction, true);
  for (const view of waiting) if (view.isConnected) hydrateView(view);
  waiting.clear();
}
for (const type of FIRST_INTERACTION) document.addEventListener(type, onFirstInteraction, { capture: true, passive: true });

/**
 * Hydrates `view` now. A click (on a button: a sort header, an export) or text typed in it while the
 * Vue part loads is handed to the live view once it is there: hydration keeps the server's
 * elements, so the same button is clicked again and the typed text is given back to its field.
 */
function hydrateView(view: Element): void {
  if (requested.has(view)) return;
  requested.add(view);
  waiting.delete(view);
  let clicked: Element | null = null;
  const remember = (event: Event): void => {
    if (event.target instanceof Element) clicked = event.target;
  };
  view.addEventListener('click', remember, true);
  withPart((module) => {
    view.removeEventListener('click', remember, true);
    if (!view.isConnected) return;
    const typed = Array.from(view.querySelectorAll('input, textarea'))
      .filter((field): field is HTMLInputElement | HTMLTextAreaElement => (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== field.defaultValue)
      .map((field) => [field, field.value] as const);
    module.bootScope(view, bootOptions());
    // After the view's first render has settled (v-model sets its fields in a post-render hook).
    void Promise.resolve().then(() => {
      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      const button = (clicked as Element | null)?.closest('button');
      if (button && button.isConnected && view.contains(button)) button.click();
    });
  });
}

/**
 * Hydrates the views of `scope` not asked for yet once the reader has interacted with the page (at
 * once with `hydrate: 'load'`, or when the interaction already happened: an htmx swap, a lazy block).
 */
function armViews(scope: ParentNode): void {
  for (const view of elementsWithin(scope, HYDRATE_SELECTOR)) {
    if (requested.has(view) || !view.isConnected) continue;
    if (global.hydrate === 'load' || interacted) hydrateView(view);
    else waiting.add(view);
  }
  // Views that left the page while waiting are forgotten.
  for (const view of waiting) if (!view.isConnected) waiting.delete(view);
}

// --- charts and KPI strips asked for before the Vue part is there ------------------------------------

/** Charts `initChart` was asked for while the Vue part loads: the latest arguments per element. */
const pendingCharts = new Map<Element, { config: ChartSpecWire | ChartRuntime; rows?: readonly Row[] | null }>();

/**
 * A stop function for work that starts once the Vue part is there (and, for `start`s that load a
 * chunk of their own, once that is): stopping before then cancels it.
 */
function deferredStop(start: (module: VuePartModule) => (() => void) | Promise<() => void>): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  withPart((module) => {
    if (stopped) return;
    void Promise.resolve(start(module)).then((started) => {
      if (stopped) started();
      else stop = started;
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

const global: GridViewGlobal = {
  version: typeof __GV_VERSION__ === 'string' ? __GV_VERSION__ : '0.0.0',
  preferencesUrl: '',
  hydrate: 'interaction',
  ready: () => vuePart().then(() => undefined),
  bootScope(scope = document) {
    if (part !== null) return part.bootScope(scope, bootOptions());
    const views = elementsWithin(scope, HYDRATE_SELECTOR).filter((view) => view.isConnected && !requested.has(view));
    for (const view of views) hydrateView(view);
    return views.length;
  },
  unmountScope: (scope = document) => (part === null ? 0 : part.unmountScope(scope)),
  mountedViews: () => (part === null ? 0 : part.mountedViews()),
  loadLazyBlocks: (scope = document) => bootLazy(scope, { boot: (block) => armViews(block) }),
  init(options = {}) {
    checkInitRoot(options.root ?? document, options.artifact);
    return deferredStop((module) => module.init(options, bootOptions()));
  },
  attachDataGrid(gridApi, options) {
    if (!(options.toolbar instanceof Element) && options.toolbar !== false) checkAttachPlace(options.toolbar, options.container);
    const adapter = createDataGridAdapter(gridApi);
    const detach = deferredStop(async (module) => {
      const attached = (await module.loadAttach()).attachDataGrid(gridApi, options, global.preferencesUrl);
      return () => attached.detach();
    });
    return { adapter, detach };
  },
  gridOptions,
  bindGridKpis: (options) => deferredStop((module) => module.bindGridKpis(options)),
  bindGridFilteredCharts: (scope, adapter) => deferredStop((module) => module.bindGridFilteredCharts(scope, adapter)),
  get PageState() {
    return part === null ? null : part.pageStateStore();
  },
  resolveKpis,
  staticRowsAdapter,
  createDataGridAdapter,
  buildChartOption,
  initChart(el, config, rows) {
    if (part !== null) {
      part.initChart(el, config, rows);
      return;
    }
    const waiting = pendingCharts.has(el);
    pendingCharts.set(el, { config, rows });
    if (waiting) return;
    withPart((module) => {
      const latest = pendingCharts.get(el);
      pendingCharts.delete(el);
      if (latest !== undefined && el.isConnected) module.initChart(el, latest.config, latest.rows);
    });
  },
  initAllCharts(scope = document) {
    if (part !== null) return part.initAllCharts(scope);
    const found = elementsWithin(scope, '[data-cm-chart-config]').filter((el) => !pendingCharts.has(el)).length;
    withPart((module) => module.initAllCharts(scope));
    return found;
  },
  refreshChartWrap(node, config, rows) {
    if (part !== null) return part.refreshChartWrap(node, config, rows);
    const el = pendingCharts.has(node) ? node : [...pendingCharts.keys()].find((candidate) => node.contains(candidate));
    if (el === undefined) return false;
    pendingCharts.set(el, { config, rows });
    return true;
  },
  Kpi: {
    initKpiStrip: (root, kpis, columns) => withPart((module) => module.initKpiStrip(root, kpis, columns)),
  },
  // The tables live inside the views the server rendered: booting the views makes them live.
  SimpleTable: { initAll: (scope?: ParentNode) => global.bootScope(scope) },
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

// A page may set `window.GridView = { preferencesUrl, hydrate }` before the tag: keep what it set.
const preset = typeof page.GridView === 'object' && page.GridView !== null ? (page.GridView as Partial<GridViewGlobal>) : {};
if (typeof preset.preferencesUrl === 'string') global.preferencesUrl = preset.preferencesUrl;
if (preset.hydrate === 'load' || preset.hydrate === 'interaction') global.hydrate = preset.hydrate;
page.GridView = global;
page.CmGridView = global;
page.CmSimpleTable = global.SimpleTable;

/**
 * The views to hydrate and the lazy blocks to watch: once the document is parsed, and after each
 * htmx swap. Live views whose element left the page are unmounted first (`mountedViews` sweeps).
 */
function bootPage(): void {
  part?.mountedViews();
  armViews(document);
  global.loadLazyBlocks();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', bootPage, { once: true });
else bootPage();

// htmx: after a swap the new content is armed (or booted), and the views it replaced (no longer in
// the page) are unmounted. htmx 2 announces new content with `htmx:load`, htmx 4 with
// `htmx:after:swap`; both bubble to the document. Not htmx's cleanup events: they also fire for
// elements htmx processes again without removing them, and a view unmounted there could not be
// hydrated a second time.
for (const name of ['htmx:load', 'htmx:after:swap']) document.addEventListener(name, bootPage);
