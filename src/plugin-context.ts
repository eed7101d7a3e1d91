/**
 * What `GridViewPlugin` provides to every component and composable: locale, message overrides,
 * currency, host, preference URL, routes, chart theme and named row actions, plus a translator.
 *
 * This module holds the injection keys and the accessors so components can import them without
 * importing the plugin (which imports the components). Nothing here touches `window`: it is safe to
 * import and call on the server.
 *
 * @module
 */
import { computed, hasInjectionContext, inject, shallowReactive, shallowRef, toValue } from 'vue';
import type { InjectionKey, MaybeRefOrGetter, VNode } from 'vue';
import { createTranslator, hasCatalog, loadCatalog } from './core/i18n/translator';
import type { MessageOverrides, Translator } from './core/i18n/translator';
import { en } from './core/i18n/en';
import type { GridViewHost, RouteId, RouteParams } from './host/types';
import { appendQuery } from './core/url';
import type { WarningHandler } from './core/warn';

/** Chart colour scheme: fixed, or `auto` to follow the reader's `prefers-color-scheme`. */
export type ChartTheme = 'light' | 'dark' | 'auto';

/** ECharts renderer used in the browser. `canvas` is faster for many points; `svg` is crisper. */
export type ChartRenderer = 'canvas' | 'svg';

/**
 * A named action that a table's `rowOnclick` may call. Receives the row values named in the call.
 * (A spec has no click handler: the application sets `rowOnclick` on the table it builds.)
 */
export type RowActionHandler = (...args: unknown[]) => void;

/** Options of `app.use(GridViewPlugin, options)`. Every field is optional. */
export interface GridViewPluginOptions {
  /** BCP 47 tag for texts and numbers; default `en`. `uk` ships with the package. */
  locale?: string;
  /** Message overrides per locale, e.g. `{ en: { 'table.no_rows': 'Nothing here' } }`. */
  messages?: MessageOverrides;
  /** ISO 4217 code for `currency` formats; default `USD`. */
  currency?: string;
  /** The application's host. Its `translate` is consulted after `messages`, before the catalogs. */
  host?: GridViewHost | null;
  /**
   * URL for saving named presets and searches. An empty string disables the POST (page state still
   * works locally). Default: `routes.grid_prefs`, else empty.
   */
  preferencesUrl?: string;
  /** Route id → URL, e.g. `{ export_pdf: '/grid/export/pdf/' }`. Wins over `host.urlFor`. */
  routes?: Readonly<Partial<Record<RouteId, string>>>;
  /** Chart theme; default `auto`. */
  chartTheme?: ChartTheme;
  /** Browser chart renderer; default `canvas`. */
  chartRenderer?: ChartRenderer;
  /** Named row actions for a table's `rowOnclick` (`openOrder({id})` calls `actions.openOrder(row.id)`). */
  actions?: Readonly<Record<string, RowActionHandler>>;
  /**
   * Receives every warning of the library (a currency code that fell back to USD, a failed export,
   * storage that is not available, …) as `{ code, message, detail }`. Default: `console.warn`,
   * nothing in a bundler's production build (one that replaces `process.env.NODE_ENV`, as Vite and
   * webpack do); a page without a bundler prints. One handler per page: the last install wins.
   */
  onWarn?: WarningHandler;
}

/**
 * The resolved options every component reads. Fields are reactive (read them inside a computed or
 * a render and the view follows `configure`).
 */
export interface GridViewContext {
  readonly locale: string;
  readonly currency: string;
  readonly messages: MessageOverrides;
  readonly host: GridViewHost | null;
  readonly preferencesUrl: string;
  readonly routes: Readonly<Record<string, string>>;
  readonly chartTheme: ChartTheme;
  readonly chartRenderer: ChartRenderer;
  readonly actions: Readonly<Record<string, RowActionHandler>>;
  /** Translator for `locale` with `messages` and the host's `translate`. */
  readonly translator: Translator;
  /** True when `GridViewPlugin` provided this context (false for the defaults). */
  readonly installed: boolean;
  /**
   * URL of a logical route: the `routes` option first, then `host.urlFor`. Params are appended as
   * a query string (URL-encoded; null and undefined left out). Null when neither knows the route.
   */
  urlFor(route: RouteId, params?: RouteParams): string | null;
  /** Changes options at run time (e.g. switching the locale); components update. */
  configure(patch: GridViewPluginOptions): void;
}

/** Injection key of the whole context. */
export const GRID_VIEW_CONTEXT_KEY: InjectionKey<GridViewContext> = Symbol('vue-grid-view:context');
/** Injection key of the host alone, for composables that need nothing else. */
export const GRID_VIEW_HOST_KEY: InjectionKey<GridViewHost | null> = Symbol('vue-grid-view:host');

const DEFAULT_LOCALE = 'en';
const DEFAULT_CURRENCY = 'USD';
const CHART_THEMES: readonly ChartTheme[] = ['light', 'dark', 'auto'];
const CHART_RENDERERS: readonly ChartRenderer[] = ['canvas', 'svg'];

/**
 * The host's `translate` as a translator lookup. A host answers every key (the key itself when it
 * does not know it, and hosts built on the package catalogs answer in their own locale, often
 * English), so two answers count as "unknown": the key echoed back, and, when the active locale is
 * not English, the package's own English text (the host fell back to the default catalog; the
 * active locale's catalog should win). A host that throws is treated as not knowing the key.
 */
export function hostLookup(host: GridViewHost | null | undefined, locale: string): ((key: string) => string | null) | undefined {
  if (!host) return undefined;
  const english = (locale.split('-')[0] ?? 'en').toLowerCase() === 'en';
  const catalog: Readonly<Record<string, string>> = en;
  return (key: string): string | null => {
    let text: unknown;
    try {
      text = host.translate(key);
    } catch {
      return null;
    }
    if (typeof text !== 'string' || text === key) return null;
    if (!english && Object.prototype.hasOwnProperty.call(catalog, key) && catalog[key] === text) return null;
    return text;
  };
}

// Bumped when a catalog loaded on demand arrives, so translators made before it re-render.
const catalogsLoaded = shallowRef(0);

/**
 * A translator for `locale`. When the package ships a catalog for the locale that is not loaded
 * yet (`GridViewPlugin` registers every shipped catalog; a component used without the plugin does
 * not), it is loaded in the background and texts switch from English to it when it arrives.
 */
function reactiveTranslator(locale: string, overrides: MessageOverrides, host: GridViewHost | null | undefined): Translator {
  void catalogsLoaded.value;
  if (!hasCatalog(locale)) {
    void loadCatalog(locale).then((loaded) => {
      if (loaded) catalogsLoaded.value++;
    });
  }
  return createTranslator({ locale, overrides, lookup: hostLookup(host, locale) });
}

/**
 * Builds a context from options. Used by the plugin, by SSR (one context per request) and as the
 * default when the plugin is not installed.
 *
 * Edge cases: an unknown `chartTheme` or `chartRenderer` falls back to the default; an empty locale
 * means `en`; `preferencesUrl` undefined means `routes.grid_prefs` or empty; a host whose `urlFor`
 * throws for a route yields null, not an exception.
 */
export function createGridViewContext(options: GridViewPluginOptions = {}, installed = true): GridViewContext {
  const state = shallowReactive<GridViewPluginOptions>({ ...options });
  const translator = computed(() => reactiveTranslator(state.locale || DEFAULT_LOCALE, state.messages ?? {}, state.host));
  const routes = computed<Readonly<Record<string, string>>>(() => {
    const out: Record<string, string> = {};
    for (const [id, url] of Object.entries(state.routes ?? {})) if (typeof url === 'string') out[id] = url;
    return Object.freeze(out);
  });
  return {
    get locale() {
      return state.locale || DEFAULT_LOCALE;
    },
    get currency() {
      return state.currency || DEFAULT_CURRENCY;
    },
    get messages() {
      return state.messages ?? {};
    },
    get host() {
      return state.host ?? null;
    },
    get preferencesUrl() {
      return state.preferencesUrl ?? routes.value.grid_prefs ?? '';
    },
    get routes() {
      return routes.value;
    },
    get chartTheme() {
      return state.chartTheme && CHART_THEMES.includes(state.chartTheme) ? state.chartTheme : 'auto';
    },
    get chartRenderer() {
      return state.chartRenderer && CHART_RENDERERS.includes(state.chartRenderer) ? state.chartRenderer : 'canvas';
    },
    get actions() {
      return state.actions ?? {};
    },
    get translator() {
      return translator.value;
    },
    installed,
    urlFor(route, params) {
      const configured = routes.value[route];
      if (configured !== undefined) return params ? appendQuery(configured, params) : configured;
      const host = state.host;
      if (!host) return null;
      try {
        return host.urlFor(route, params);
      } catch {
        // Hosts throw for routes they do not know; callers treat that as "no such route".
        return null;
      }
    },
    configure(patch) {
      Object.assign(state, patch);
    },
  };
}

/**
 * The options provided by `GridViewPlugin`, or defaults (`en`, `USD`, no host, no routes, theme
 * `auto`, no actions) when the plugin is not installed. Call inside `setup` or an app's
 * `runWithContext`; outside any injection context it returns the defaults too.
 */
export function useGridViewOptions(): GridViewContext {
  // `inject` warns outside setup; ask Vue first whether it would work.
  const provided = hasInjectionContext() ? inject(GRID_VIEW_CONTEXT_KEY, null) : null;
  return provided ?? createGridViewContext({}, false);
}

/**
 * A translator that follows the plugin's locale, or `locale` when given (a component's `locale`
 * prop). Reactive: re-evaluates when either changes.
 */
export function useGridViewTranslator(locale?: MaybeRefOrGetter<string | null | undefined>) {
  const context = useGridViewOptions();
  return computed<Translator>(() => {
    const wanted = toValue(locale);
    if (!wanted || wanted === context.locale) return context.translator;
    return reactiveTranslator(wanted, context.messages, context.host);
  });
}

/** Locale and currency for number formatting: a component's props win over the plugin's. */
export function useGridViewFormat(
  locale?: MaybeRefOrGetter<string | null | undefined>,
  currency?: MaybeRefOrGetter<string | null | undefined>,
) {
  const context = useGridViewOptions();
  return computed(() => ({
    locale: toValue(locale) || context.locale,
    currency: toValue(currency) || context.currency,
  }));
}

/** What a server-side chart renderer receives for one chart. */
export interface ChartSsrInput {
  /** The chart's data. */
  readonly runtime: ChartRuntimeLike;
  /**
   * The ECharts option `ChartBlock` built. It may hold formatter functions (locale-aware axis and
   * tooltip text), so it is for in-process rendering only, never for JSON.
   */
  readonly option: Readonly<Record<string, unknown>>;
  /**
   * The same option built for a drawing `width` pixels wide with text of `fontSize` pixels (value
   * labels on bars and a pie's labels depend on both). A renderer that draws at several widths uses
   * it; absent, `option` serves every width.
   */
  readonly optionAt?: (width: number, fontSize: number) => Readonly<Record<string, unknown>>;
  /** The resolved theme. */
  readonly theme: 'light' | 'dark';
  /** Pixel height of the chart. */
  readonly height: number;
}

/**
 * Only the runtime fields a server renderer needs (kept structural to avoid a type cycle). A renderer
 * puts `description` on a `role="img"` wrapper: ECharts sets its aria text only on live DOM.
 */
export interface ChartRuntimeLike {
  readonly id: string;
  readonly height: number;
  readonly description: string;
}

/**
 * Renders a chart to a VNode on the server. Provided by `vue-grid-view/ssr` (`renderHtml`, lazy
 * fragments) so that `ChartBlock` itself never builds markup from strings: the SSR module renders
 * the ECharts SVG and owns the one place where that SVG is inserted. Return null to render nothing.
 */
export type ChartSsrRenderer = (input: ChartSsrInput) => VNode | null;

/** Injection key of the server-side chart renderer (absent in browsers). */
export const CHART_SSR_RENDERER_KEY: InjectionKey<ChartSsrRenderer> = Symbol('vue-grid-view:chart-ssr');
