/**
 * `vue-grid-view/ssr`: server-side rendering of whole views with Vue SSR and ECharts SVG.
 *
 * @module
 */
export {};
