/**
 * `components/echarts-setup` as the browser bundle has it: ECharts is the page's own full build
 * (`window.echarts`, every chart, component and renderer already registered), so there is nothing
 * to register and no renderer to download. The bundle's build (vite.config.ts, mode `iife`) puts
 * this module in that one's place; the API is the same.
 *
 * @module
 */

/** Nothing to register: the page's full ECharts build has every part. */
export function ensureEChartsRegistered(): void {}

/** The SVG renderer is part of the page's full ECharts build. */
export function svgRendererLoaded(): boolean {
  return true;
}

/** Resolves at once: see `svgRendererLoaded`. */
export function loadSvgRenderer(): Promise<void> {
  return Promise.resolve();
}
