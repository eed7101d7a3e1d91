/**
 * Booting server-rendered views in a page: `bootScope` finds each view `renderHtml(…, { hydrate:
 * true })` wrote (`[data-gv-hydrate]`), reads its JSON island and hydrates the server's markup with
 * the same `GridView` component and the same props (`hydratedViewProps`), so the markup becomes the
 * live view (sort, search, exports) without being drawn again. Charts keep the server's SVG drawing
 * through hydration (`keptChartRenderer`), and become live ECharts charts right after it when the
 * page has ECharts (`window.echarts`); without it they stay the server's drawings.
 *
 * Every booted view is remembered by its element: booting a scope twice mounts nothing new, and each
 * call first unmounts the views whose element has left the document (an htmx swap, any DOM
 * replacement), so listeners and observers of removed views do not leak.
 *
 * @module
 */
import { createApp, createSSRApp, h, shallowRef } from 'vue';
import type { App, ShallowRef } from 'vue';
import { createPinia } from 'pinia';
import GridView from '../../components/GridView.vue';
import { GridViewPlugin } from '../plugin';
import { CHART_SSR_RENDERER_KEY } from '../plugin-context';
import type { GridViewPluginOptions } from '../plugin-context';
import { keptChartRenderer } from '../ssr/chart-shell';
import { ISLAND_VERSION, hydratedViewProps } from '../ssr/island';
import type { GridViewIsland } from '../ssr/island';
import { warn } from '../core/warn';
import type { GridAdapter } from '../core/adapters';
import type { GridArtifact, GridArtifactJson } from '../core/types';
import { usePageStateStore } from '../../stores/page-state';
import { HYDRATE_SELECTOR, elementsWithin } from './dom';

/** Options of `bootScope`. */
export interface BootOptions {
  /**
   * URL the views post named presets and searches to; `''` (the default here) keeps them in the
   * page only. `window.GridView.preferencesUrl` sets it for the page's boot.
   */
  preferencesUrl?: string;
}

const booted = new Map<Element, { readonly app: App }>();

/**
 * The page's one Pinia, installed on every app the bundle mounts: the views' page state (column
 * layout, collapsed sections; kept in `localStorage` per view) lives in ONE store for the page,
 * `GridView.PageState`, whichever app a view belongs to.
 */
export const pagePinia = createPinia();

/** The page-state store of every view the bundle mounts (`GridView.PageState`). */
export function pageStateStore(): ReturnType<typeof usePageStateStore> {
  return usePageStateStore(pagePinia);
}

/** The island of a hydratable view, or null (with a warning) when it is missing or unreadable. */
function readIsland(view: Element): GridViewIsland | null {
  const script = view.querySelector(':scope > script[data-gv-island]');
  try {
    const island = JSON.parse(script?.textContent ?? '') as GridViewIsland;
    if (typeof island === 'object' && island !== null && island.v === ISLAND_VERSION && Array.isArray(island.rows)) return island;
  } catch {
    // Reported below, like a missing island.
  }
  warn('hydrate_failed', 'A server-rendered view has no readable hydration island; it stays as the server wrote it.', { island: script === null ? 'missing' : 'unreadable' });
  return null;
}

/** True when `root` still holds the comments Vue's server render writes around fragments. */
function hasFragmentMarkers(root: Element): boolean {
  return document.createTreeWalker(root, NodeFilter.SHOW_COMMENT).nextNode() !== null;
}

/** The server's chart drawings in `root` by chart id: the nodes inside each `[data-gv-ssr-chart]`. */
function serverDrawings(root: Element): Map<string, Node[]> {
  const drawings = new Map<string, Node[]>();
  for (const wrapper of Array.from(root.querySelectorAll('[data-gv-ssr-chart]'))) {
    const id = wrapper.getAttribute('data-gv-ssr-chart');
    if (id !== null) drawings.set(id, Array.from(wrapper.childNodes));
  }
  return drawings;
}

/** Hydrates one view; null when it cannot (it then stays read as the server wrote it). */
function hydrateView(view: Element, options: BootOptions): App | null {
  const root = view.querySelector(':scope > [data-gv-root]');
  const island = root === null ? null : readIsland(view);
  if (root === null || island === null) return null;
  const props = hydratedViewProps(island.spec, island.rows, { interactive: island.interactive, locale: island.locale, currency: island.currency });
  // Vue's server markup marks fragments with comments, which hydration needs. Some insertions drop
  // them (htmx 2 parses swapped HTML with Document.parseHTMLUnsafe, which in Chromium 156 keeps no
  // comments): such markup is rendered afresh from the island instead, the same view, its chart
  // drawings moved into the new markup.
  const intact = hasFragmentMarkers(root);
  const adopted = intact ? undefined : serverDrawings(root);
  const app = intact ? createSSRApp(GridView, props) : createApp(GridView, props);
  app.use(pagePinia);
  app.use(GridViewPlugin, {
    locale: island.locale,
    currency: island.currency,
    messages: island.messages,
    routes: island.routes,
    chartTheme: island.theme,
    preferencesUrl: options.preferencesUrl ?? '',
  });
  // The server's SVG charts are kept through hydration (the markup must match), then, with ECharts
  // on the page, replaced by live charts: tooltips, resizing, the theme followed.
  const live = shallowRef(false);
  app.provide(CHART_SSR_RENDERER_KEY, keptChartRenderer(island.chartWidth, live, adopted));
  app.mount(root);
  if (typeof (globalThis as { echarts?: { init?: unknown } }).echarts?.init === 'function') live.value = true;
  return app;
}

/** What `mountArtifactView` shows; replaced as a whole by a second call on the same element. */
export interface ArtifactViewInput {
  artifact: GridArtifact | GridArtifactJson;
  /** The rows of a grid the page owns: the view's KPI strip and `grid_filtered` charts follow them. */
  adapter?: GridAdapter | null;
}

const artifactInputs = new Map<Element, ShallowRef<ArtifactViewInput>>();

/**
 * Renders a live view of an artifact (or its JSON) in `el`, replacing its content, counted among the
 * page's views (`mountedViews`, `unmountScope`). A second call on the same element shows the new
 * input in the same app. Texts and numbers follow `language` (the page's `window.GridViewI18n`).
 */
export function mountArtifactView(el: Element, input: ArtifactViewInput, language: Pick<GridViewPluginOptions, 'locale' | 'currency' | 'messages'>, options: BootOptions = {}): void {
  sweep();
  const known = artifactInputs.get(el);
  if (known !== undefined && booted.has(el)) {
    known.value = input;
    return;
  }
  const current = shallowRef(input);
  // A root that renders GridView from `current`, so a second call changes the view in place (an
  // app's root props are read once, at mount).
  const app = createApp({ render: () => h(GridView, { artifact: current.value.artifact, adapter: current.value.adapter ?? null }) });
  app.use(pagePinia);
  app.use(GridViewPlugin, { ...language, preferencesUrl: options.preferencesUrl ?? '' });
  app.mount(el);
  booted.set(el, { app });
  artifactInputs.set(el, current);
}

/**
 * Unmounts the apps of `mounted` whose element is no longer in the document, and forgets them: the
 * views here, and the charts and KPI strips the global's functions mount (`./api`).
 */
export function unmountDetached(mounted: Map<Element, { readonly app: App }>): void {
  for (const [el, entry] of mounted) {
    if (el.isConnected) continue;
    entry.app.unmount();
    mounted.delete(el);
  }
}

/** Unmounts the views whose element is no longer in the document. */
function sweep(): void {
  unmountDetached(booted);
  for (const el of artifactInputs.keys()) if (!booted.has(el)) artifactInputs.delete(el);
}

/**
 * Hydrates every server-rendered view in `scope` (the scope itself included) that is not live yet,
 * after unmounting the views whose element left the document. Idempotent: a second call on the
 * same scope mounts nothing. Returns how many views it mounted.
 *
 * Edge cases: a view without a readable island stays as the server wrote it (a `hydrate_failed`
 * warning); a scope outside the document is ignored (its views would be unmounted by the next call).
 */
export function bootScope(scope: ParentNode = document, options: BootOptions = {}): number {
  sweep();
  let mounted = 0;
  for (const view of elementsWithin(scope, HYDRATE_SELECTOR)) {
    if (booted.has(view) || !view.isConnected) continue;
    const app = hydrateView(view, options);
    if (app === null) continue;
    booted.set(view, { app });
    mounted++;
  }
  return mounted;
}

/**
 * Unmounts every live view inside `scope` (the scope itself included), e.g. before a page removes
 * or replaces it. Returns how many it unmounted. Vue removes their markup; `bootScope` on the same
 * elements renders them again from their islands.
 */
export function unmountScope(scope: ParentNode = document): number {
  let count = 0;
  for (const [view, { app }] of booted) {
    if (view !== scope && !scope.contains(view)) continue;
    app.unmount();
    booted.delete(view);
    artifactInputs.delete(view);
    count++;
  }
  return count;
}

/** How many views are live now (after dropping those whose element left the document). */
export function mountedViews(): number {
  sweep();
  return booted.size;
}
