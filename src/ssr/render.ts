/**
 * Server-side rendering of views and of any component: one fresh Vue SSR app per call, with the
 * plugin's options and the SVG chart renderer provided, rendered to a string.
 *
 * @module
 */
import { createSSRApp, h } from 'vue';
import type { App, Component } from 'vue';
import { renderToString } from 'vue/server-renderer';
import GridView from '../../components/GridView.vue';
import { GridViewPlugin } from '../plugin';
import { CHART_SSR_RENDERER_KEY } from '../plugin-context';
import type { GridViewPluginOptions } from '../plugin-context';
import type { GridViewHost } from '../host/types';
import type { GridViewSpec, Row } from '../core/types';
import { createSvgChartRenderer } from './chart-svg';
import { escapeAttribute } from './escape';
import { ISLAND_VERSION, hydratedViewProps, islandScript } from './island';
import type { GridViewIsland } from './island';
import { isGridViewSpec, specToWire } from '../core/spec';
import mainStylesheet from '../style.css?raw';
import tableStylesheet from '../../components/simple-table.css?raw';

/** Options shared by every server render. */
export interface SsrRenderOptions {
  /** The host: its `translate` feeds texts, its `urlFor` builds links (e.g. the PDF export). */
  host?: GridViewHost | null;
  /** BCP 47 tag for texts and numbers (default `en`). */
  locale?: string;
  /** ISO 4217 code for currency values (default `USD`). */
  currency?: string;
  /** Message overrides per locale, as for `GridViewPlugin`. */
  messages?: GridViewPluginOptions['messages'];
  /** Route id → URL, as for `GridViewPlugin`. */
  routes?: GridViewPluginOptions['routes'];
  /** Chart colours: `light` (default) or `dark`. The server cannot follow the reader's preference. */
  theme?: 'light' | 'dark';
  /**
   * One drawing width for server-rendered charts, in pixels, for a page that knows the width its
   * charts are shown at (the SVG scales to its box, its text with it). Default: each chart is drawn
   * at several widths and the stylesheet shows the one that fits its box, so text stays at 11 px or
   * more from a phone to a wide screen.
   */
  chartWidth?: number;
  /**
   * Called with each fresh SSR app before it renders, to install what the rendered components need,
   * e.g. `(app) => app.use(createPinia())` for components that use the stores. One app per render,
   * so nothing leaks between requests.
   */
  setupApp?: (app: App) => void;
}

/** How `renderHtml` carries the stylesheet. */
export type SsrStylesheet = 'inline' | 'none' | { href: string };

/** Options of `renderHtml`. */
export interface RenderHtmlOptions extends SsrRenderOptions {
  /**
   * `inline` (default) puts the package stylesheet in a `<style>` element, `{ href }` links it,
   * `none` leaves it out (the page already loads `vue-grid-view/style.css`).
   */
  stylesheet?: SsrStylesheet;
  /**
   * Server HTML is not hydrated, so by default the table is rendered read-only (no sort buttons or
   * search box that would do nothing without JavaScript). Pass true to render the full controls.
   */
  interactive?: boolean;
  /**
   * Write what a browser needs to hydrate the view (`GridView.bootScope` of the browser bundle, or
   * `hydrateViews` in a Vue app): the spec, rows and options in a JSON island beside the markup
   * (see `./island`: no value can close it or run). The page stays complete without JavaScript;
   * with the bundle, the same components take over the server's markup (sort, search, exports).
   * Implies `interactive` unless that is given: hydrated controls must be in the markup.
   */
  hydrate?: boolean;
}

/**
 * The package stylesheet as text, the same rules as `dist/style.css`: src/style.css with its
 * `@import` of the simple-table rules replaced by their text (an inline `<style>` cannot import) and
 * the data grid's left out.
 */
export const GRID_VIEW_STYLESHEET: string = mainStylesheet
  .replace(/@import\s+['"][^'"]*simple-table\.css['"]\s*;/, () => tableStylesheet)
  // The data grid needs a browser (server output has the simple table in its place): no rules for it.
  .replace(/@import\s+['"][^'"]*data-grid\.css['"]\s*;/, '');

/**
 * Renders any component (a GridView, a KpiStrip, the host's own component using them) to an HTML
 * string with Vue SSR. The plugin is installed with the given options and charts are drawn as SVG.
 * Props are passed as given (rows are never made reactive).
 *
 * This is what lazy blocks use; see `lazyBlockFromComponent`.
 */
export async function renderLazyFragment(
  component: Component,
  props: Readonly<Record<string, unknown>> = {},
  options: SsrRenderOptions = {},
): Promise<string> {
  const app = createSSRApp({ render: () => h(component, props) });
  app.use(GridViewPlugin, {
    host: options.host ?? null,
    locale: options.locale,
    currency: options.currency,
    messages: options.messages,
    routes: options.routes,
    chartTheme: options.theme === 'dark' ? 'dark' : 'light',
  });
  app.provide(CHART_SSR_RENDERER_KEY, createSvgChartRenderer({ width: options.chartWidth }));
  options.setupApp?.(app);
  return renderToString(app);
}

function stylesheetHtml(stylesheet: SsrStylesheet): string {
  if (stylesheet === 'none') return '';
  if (stylesheet === 'inline') return `<style data-gv-stylesheet>${GRID_VIEW_STYLESHEET}</style>`;
  return `<link rel="stylesheet" href="${escapeAttribute(stylesheet.href)}">`;
}

/**
 * The HTML of a whole view (title, KPI strip, charts as SVG, table with every row) for a spec and
 * rows, readable without JavaScript (pass the rows you want on the page: all of them are written). `spec` may be a parsed `GridViewSpec` or raw wire JSON; an invalid spec
 * renders the issues panel (with every code and path) instead of throwing.
 *
 * The result is a fragment: `<div class="gv-ssr">` holding the stylesheet (per `stylesheet`) and
 * the view. With `theme` set, the fragment carries `data-gv-theme` so its colours match the charts.
 */
export async function renderHtml(spec: GridViewSpec | unknown, rows: readonly Row[], options: RenderHtmlOptions = {}): Promise<string> {
  const hydrate = options.hydrate === true;
  const interactive = options.interactive ?? hydrate;
  const body = await renderLazyFragment(GridView, hydratedViewProps(spec ?? null, rows, { interactive, locale: options.locale, currency: options.currency }), options);
  const theme = options.theme ? ` data-gv-theme="${options.theme === 'dark' ? 'dark' : 'light'}"` : '';
  const stylesheet = stylesheetHtml(options.stylesheet ?? 'inline');
  if (!hydrate) return `<div class="gv-ssr"${theme}>${stylesheet}${body}</div>`;
  const island: GridViewIsland = {
    v: ISLAND_VERSION,
    spec: isGridViewSpec(spec) ? specToWire(spec) : (spec ?? null),
    rows,
    interactive,
    theme: options.theme === 'dark' ? 'dark' : 'light',
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    ...(options.currency === undefined ? {} : { currency: options.currency }),
    ...(options.chartWidth === undefined ? {} : { chartWidth: options.chartWidth }),
    ...(options.messages === undefined ? {} : { messages: options.messages }),
    ...(options.routes === undefined ? {} : { routes: options.routes }),
  };
  // The app's markup alone in its mount element: hydration compares that element's children with
  // what the client renders, so the stylesheet and the island stay outside it.
  return `<div class="gv-ssr" data-gv-hydrate${theme}>${stylesheet}<div class="gv-ssr__root" data-gv-root>${body}</div>${islandScript(island)}</div>`;
}

