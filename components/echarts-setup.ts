/**
 * The one place that registers ECharts parts. `echarts/core` is tree-shaken: only the chart types
 * the core can build (bar, line, pie), the components their options use and both renderers are
 * bundled (canvas for the browser by default, SVG for the `svg` renderer option and for SSR).
 *
 * Registration is a function rather than an import side effect: the package declares only its CSS
 * as having side effects, so a bundler could drop a bare `import './echarts-setup'`.
 *
 * @module
 */
import { use } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

let registered = false;

/**
 * Registers the chart types, components and renderers with `echarts/core`. Idempotent and cheap
 * after the first call; touches no browser global, so it runs on the server too.
 */
export function ensureEChartsRegistered(): void {
  if (registered) return;
  use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer, SVGRenderer]);
  registered = true;
}
