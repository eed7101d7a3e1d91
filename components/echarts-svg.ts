/**
 * The ECharts SVG renderer, registered on its own (see `./echarts-setup`): server-side rendering
 * imports this module; browsers load it only for charts whose renderer is `svg`.
 *
 * It registers the renderer only: the chart parts are `ensureEChartsRegistered`'s, which callers run
 * first (ChartBlock when it is set up, `renderChartSvg` before each drawing). Importing
 * `./echarts-setup` here would make the chart-type registry, and every option builder it names,
 * reachable from this on-demand chunk; bundlers (Vite 8's rolldown) then move them out of an app's
 * entry into a chunk of their own, the same code gzipped apart for about 0.6 kB more on first load.
 *
 * @module
 */
import { use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

let registered = false;

/** Registers the SVG renderer (not the chart parts: see the module's note). Idempotent. */
export function registerSvgRenderer(): void {
  if (registered) return;
  use([SVGRenderer]);
  registered = true;
}
