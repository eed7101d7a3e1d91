/**
 * The one place that registers ECharts parts in the Vue layer. `echarts/core` is tree-shaken: the
 * parts registered are exactly those the core's chart-type registry names
 * (`chartTypes.echartsParts()` of `src/core/chart/registry.ts`: the parts every option shares and
 * each chart type's own), plus the canvas renderer (the browser default). The SVG renderer is
 * registered by `./echarts-svg` only where it is used: loaded on demand by a chart whose renderer is
 * `svg`, and imported by server-side rendering.
 *
 * The maps below only bind each part's name to its import, which a bundler needs to see statically;
 * they decide nothing. They are typed by the registry's part names, so a part a chart type starts to
 * need is a compile error here until it is imported, and an import no name asks for is one too.
 *
 * Registration is a function rather than an import side effect: the package declares only its CSS
 * as having side effects, so a bundler could drop a bare `import './echarts-setup'`.
 *
 * @module
 */
import { use } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { chartTypes } from '../src/core/chart/registry';
import type { EChartsChartPart, EChartsComponentPart } from '../src/core/chart/registry';

/** Every series module a chart type may name, by its export name. */
const CHART_PARTS = { BarChart, LineChart, PieChart } satisfies Record<EChartsChartPart, unknown>;

/** Every component a chart type may name, by its export name. */
const COMPONENT_PARTS = { GridComponent, TooltipComponent, LegendComponent, AriaComponent, TitleComponent } satisfies Record<EChartsComponentPart, unknown>;

let registered = false;

/**
 * Registers the parts every chart type of the registry needs and the canvas renderer with
 * `echarts/core`. Idempotent and cheap after the first call; touches no browser global, so it runs
 * on the server too.
 */
export function ensureEChartsRegistered(): void {
  if (registered) return;
  const parts = chartTypes.echartsParts();
  use([...parts.charts.map((name) => CHART_PARTS[name]), ...parts.components.map((name) => COMPONENT_PARTS[name]), CanvasRenderer]);
  registered = true;
}

let svg: Promise<void> | null = null;
let svgLoaded = false;

/** True once `loadSvgRenderer` has finished: an SVG chart can be created at once. */
export function svgRendererLoaded(): boolean {
  return svgLoaded;
}

/**
 * Loads and registers the SVG renderer once (a separate chunk in an app's bundle, so apps that draw
 * on canvas never download it). Resolves when charts can be created with `renderer: 'svg'`.
 */
export function loadSvgRenderer(): Promise<void> {
  svg ??= import('./echarts-svg-on-demand').then(
    ({ registerSvgRenderer }) => {
      // The SVG module registers the renderer only (see ./echarts-svg): the parts are ours.
      ensureEChartsRegistered();
      registerSvgRenderer();
      svgLoaded = true;
    },
    (error: unknown) => {
      svg = null; // a failed chunk load may succeed later
      throw error;
    },
  );
  return svg;
}
