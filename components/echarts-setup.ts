/**
 * The one place that registers ECharts parts. `echarts/core` is tree-shaken: only the chart types
 * the core can build (bar, line, pie), the components their options use and the canvas renderer
 * (the browser default) are bundled with the charts. The SVG renderer is registered by
 * `./echarts-svg` only where it is used: loaded on demand by a chart whose renderer is `svg`, and
 * imported by server-side rendering.
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

let registered = false;

/**
 * Registers the chart types, components and the canvas renderer with `echarts/core`. Idempotent
 * and cheap after the first call; touches no browser global, so it runs on the server too.
 */
export function ensureEChartsRegistered(): void {
  if (registered) return;
  // TitleComponent draws a donut's centre total (`center_total`).
  use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, TitleComponent, CanvasRenderer]);
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
