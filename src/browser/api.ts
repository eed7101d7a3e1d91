/**
 * The mounting functions of the interface document's Browser API table, for pages without a Vue
 * build: charts and KPI strips mounted with the same components a Vue app uses (`ChartBlock`,
 * `KpiStrip`), each a small Vue app of its own on its element, in the page's language
 * (`window.GridViewI18n`, read at each call; see `./compute`).
 *
 * @module
 */
import { createApp, h, shallowRef } from 'vue';
import type { App, ShallowRef, VNode } from 'vue';
import ChartBlock from '../../components/ChartBlock.vue';
import KpiStrip from '../../components/KpiStrip.vue';
import { GridViewPlugin } from '../plugin';
import { pagePinia, unmountDetached } from './boot';
import type { ChartRuntime, ChartSpecWire, ResolvedKpi, Row } from '../core/types';
import { pageLanguage } from './compute';
import { elementsWithin } from './dom';

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
  let count = 0;
  for (const el of elementsWithin(scope, '[data-cm-chart-config]')) {
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
