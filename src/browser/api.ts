/**
 * The functions of the interface document's Browser API table, for pages without a Vue build:
 * KPIs and charts computed by the core, and charts and KPI strips mounted with the same components
 * a Vue app uses (`ChartBlock`, `KpiStrip`), each a small Vue app of its own on its element.
 *
 * The page's texts follow `window.GridViewI18n` (`{ locale?, messages? }`, read at each call):
 * `i18n.t` and every mounted part use its language and its overrides.
 *
 * @module
 */
import { createApp, h, shallowRef } from 'vue';
import type { App, ShallowRef, VNode } from 'vue';
import ChartBlock from '../../components/ChartBlock.vue';
import KpiStrip from '../../components/KpiStrip.vue';
import { GridViewPlugin } from '../plugin';
import { pagePinia, unmountDetached } from './boot';
import { buildChartOption as optionOf, buildChartRuntime } from '../core/chart';
import type { ChartOption } from '../core/chart';
import { createTranslator } from '../core/i18n';
import type { MessageOverrides } from '../core/i18n/translator';
import type { ChartRuntime, ChartSpecWire, FormatOptions, KpiSpecWire, ResolvedKpi, Row } from '../core/types';
import { resolveKpis as resolveKpisIn } from '../core/kpi';

/** What a page may set as `window.GridViewI18n` before or after the bundle's tag. */
export interface GridViewI18nGlobal {
  /** BCP 47 tag of the page's texts and numbers; default the document's `lang`, else `en`. */
  locale?: string;
  /** Texts that win over the catalogs, by locale then key (as `GridViewPlugin`'s `messages`). */
  messages?: MessageOverrides;
  /** ISO 4217 code of `currency` values; default `USD`. */
  currency?: string;
}

/** The page's language settings: `window.GridViewI18n`, else the document's `lang`. */
export function pageLanguage(): GridViewI18nGlobal {
  const set = (window as { GridViewI18n?: unknown }).GridViewI18n;
  const page = typeof set === 'object' && set !== null ? (set as GridViewI18nGlobal) : {};
  const lang = document.documentElement.lang.trim();
  return { ...page, locale: page.locale ?? (lang === '' ? undefined : lang) };
}


/**
 * The text of `key` in the page's language (`window.GridViewI18n`), `fallback` when no catalog
 * has it (else the key itself). Placeholders stay as written.
 */
export function t(key: string, fallback?: string): string {
  const language = pageLanguage();
  return createTranslator({ locale: language.locale, overrides: language.messages }).t(key, fallback);
}

/**
 * The KPIs of wire KPI specs over `rows`, as the server computes them (`resolveKpis` of the core),
 * their texts in the page's language and currency unless `options` says otherwise.
 */
export function resolveKpis(specs: readonly KpiSpecWire[], rows: readonly Row[], options?: FormatOptions): ResolvedKpi[] {
  const language = pageLanguage();
  return resolveKpisIn(specs, rows, { locale: language.locale, currency: language.currency, ...options });
}

/** A chart spec over `rows`, or with `rows` not an array a chart the server computed (a runtime). */
function runtimeOf(config: ChartSpecWire | ChartRuntime, rows: readonly Row[] | null | undefined): ChartRuntime {
  return Array.isArray(rows) ? buildChartRuntime(config as ChartSpecWire, rows) : (config as ChartRuntime);
}

/**
 * The ECharts option of a chart: `config` is a chart spec (wire JSON) computed over `rows`, or,
 * when `rows` is not given, a chart already computed (the runtime in an artifact or a
 * `data-cm-chart-config` attribute). Formatted in the page's language.
 */
export function buildChartOption(config: ChartSpecWire | ChartRuntime, rows?: readonly Row[] | null): ChartOption {
  const language = pageLanguage();
  return optionOf(runtimeOf(config, rows), { locale: language.locale, currency: language.currency });
}

/** A Vue app in `el` drawing what `render` returns, with the page's plugin options. */
export function mountRendered(el: Element, render: () => VNode): App {
  const app = createApp({ render });
  const language = pageLanguage();
  app.use(pagePinia);
  app.use(GridViewPlugin, { locale: language.locale, currency: language.currency, messages: language.messages });
  app.mount(el);
  return app;
}

interface MountedChart {
  readonly app: App;
  readonly config: ShallowRef<ChartSpecWire | ChartRuntime>;
  readonly rows: ShallowRef<readonly Row[] | null>;
}

const charts = new Map<Element, MountedChart>();


/**
 * Mounts one chart in `el` (its content is replaced): `config` a chart spec over `rows`, or a
 * computed chart when `rows` is not an array (see `buildChartOption`). ECharts comes from the page
 * (`window.echarts`). Mounting on an element that has a chart updates it instead (`refreshChartWrap`).
 */
export function initChart(el: Element, config: ChartSpecWire | ChartRuntime, rows?: readonly Row[] | null): void {
  unmountDetached(charts);
  const mounted = charts.get(el);
  if (mounted !== undefined) {
    refreshChartWrap(el, config, rows);
    return;
  }
  const configRef = shallowRef(config);
  const rowsRef = shallowRef<readonly Row[] | null>(Array.isArray(rows) ? rows : null);
  const app = mountRendered(el, () =>
    rowsRef.value === null ? h(ChartBlock, { config: configRef.value as ChartRuntime }) : h(ChartBlock, { chart: configRef.value as ChartSpecWire, rows: rowsRef.value }),
  );
  charts.set(el, { app, config: configRef, rows: rowsRef });
}

/**
 * Shows new data in the chart `initChart` mounted in `node` (or inside it): the chart redraws with
 * `config` over `rows` (same rules as `initChart`). Returns false when `node` holds no chart.
 */
export function refreshChartWrap(node: Element, config: ChartSpecWire | ChartRuntime, rows?: readonly Row[] | null): boolean {
  const mounted = charts.get(node) ?? [...charts].find(([el]) => node.contains(el))?.[1];
  if (mounted === undefined) return false;
  mounted.config.value = config;
  mounted.rows.value = Array.isArray(rows) ? rows : null;
  return true;
}

/**
 * Mounts a chart in every `[data-cm-chart-config]` element in `scope` (the scope itself included)
 * that has none yet: the attribute holds a computed chart as JSON (a runtime, as in an artifact).
 * An attribute that is not valid JSON is skipped. Returns how many charts it mounted.
 */
export function initAllCharts(scope: ParentNode = document): number {
  const elements: Element[] = [];
  if (scope instanceof Element && scope.hasAttribute('data-cm-chart-config')) elements.push(scope);
  elements.push(...Array.from(scope.querySelectorAll('[data-cm-chart-config]')));
  let count = 0;
  for (const el of elements) {
    if (charts.has(el)) continue;
    let config: ChartRuntime;
    try {
      config = JSON.parse(el.getAttribute('data-cm-chart-config') ?? '') as ChartRuntime;
    } catch {
      continue;
    }
    initChart(el, config);
    count++;
  }
  return count;
}

const strips = new Map<Element, { app: App; kpis: ShallowRef<readonly ResolvedKpi[]>; columns: ShallowRef<number | undefined> }>();

/**
 * Renders resolved KPI cards (`resolveKpis`, or an artifact's `kpis`) in `root` (its content is
 * replaced), `columns` cards per row on wide screens (1 to 6, default 4). Calling it again on the
 * same root shows the new figures.
 */
export function initKpiStrip(root: Element, kpis: readonly ResolvedKpi[], columns?: number): void {
  unmountDetached(strips);
  const mounted = strips.get(root);
  if (mounted !== undefined) {
    mounted.kpis.value = kpis;
    mounted.columns.value = columns;
    return;
  }
  const kpisRef = shallowRef(kpis);
  const columnsRef = shallowRef(columns);
  const app = mountRendered(root, () => h(KpiStrip, { kpis: kpisRef.value, ...(columnsRef.value === undefined ? {} : { columns: columnsRef.value }) }));
  strips.set(root, { app, kpis: kpisRef, columns: columnsRef });
}
