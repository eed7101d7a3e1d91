/**
 * `vue-grid-view/ssr`: server-side rendering of whole views with Vue SSR and ECharts SVG, whole
 * pages as web-standard handlers, and lazy blocks for the server's lazy route with the placeholders
 * pages write for them.
 *
 * @module
 */
export { renderHtml, renderLazyFragment, GRID_VIEW_STYLESHEET } from './render';
export type { RenderHtmlOptions, SsrRenderOptions, SsrStylesheet } from './render';
export { pageRoute, mountPage } from './page';
export type { GetRouter, MountPageOptions, PageRouteOptions, PerRequest } from './page';
export { lazyBlockFromComponent, lazyPlaceholder } from './lazy';
export type { LazyBlockProps, LazyPlaceholderOptions } from './lazy';
export { renderChartSvg } from './chart-svg';
export type { SvgChartOptions } from './chart-svg';
