/**
 * The ECharts SVG renderer, registered on its own (see `./echarts-setup`): server-side rendering
 * imports this module; browsers load it only for charts whose renderer is `svg`.
 *
 * @module
 */
import { use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { ensureEChartsRegistered } from './echarts-setup';

let registered = false;

/** Registers the chart parts and the SVG renderer. Idempotent. */
export function registerSvgRenderer(): void {
  ensureEChartsRegistered();
  if (registered) return;
  use([SVGRenderer]);
  registered = true;
}
