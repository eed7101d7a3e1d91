/**
 * Charts on the server: ECharts renders an option to an SVG string (`ssr: true`, SVG renderer), and
 * `createSvgChartRenderer` hands that string to `ChartBlock` as a VNode.
 *
 * Why a string is inserted as markup here, and why that is safe: the SVG is produced by ECharts
 * from a plain option object that the core builds from the spec and rows; no spec or row value is
 * ever concatenated into markup by this package. ECharts escapes every text it writes into the SVG
 * (category labels, series names), which `test/ssr/render-html.test.ts` probes with
 * `<img src=x onerror=...>` labels. This module is the only place the package inserts markup, and
 * it never runs in a browser.
 *
 * @module
 */
import { h } from 'vue';
import type { VNode } from 'vue';
import { init } from 'echarts/core';
import { registerSvgRenderer } from '../../components/echarts-svg';
import type { ChartSsrInput, ChartSsrRenderer } from '../plugin-context';

/** Font size of server-rendered chart text, in drawing pixels (ECharts draws 12 by default). */
const SVG_FONT_SIZE = 14;

/** Size and theme of a server-rendered chart. */
export interface SvgChartOptions {
  /** Pixel width of the drawing; the SVG has a viewBox, so CSS scales it to its box. */
  width: number;
  /** Pixel height of the drawing. */
  height: number;
  /** ECharts theme: `dark` uses the built-in dark theme, anything else the default. */
  theme?: 'light' | 'dark';
}

/**
 * Renders an ECharts option to an SVG string on the server (no DOM needed). Animation is turned
 * off so the string holds the final picture. The instance is disposed before returning, also when
 * ECharts throws.
 *
 * Edge cases: width or height that are not positive finite numbers fall back to 640 × 300.
 */
export function renderChartSvg(option: Readonly<Record<string, unknown>>, options: SvgChartOptions): string {
  registerSvgRenderer();
  const width = Number.isFinite(options.width) && options.width > 0 ? Math.round(options.width) : 640;
  const height = Number.isFinite(options.height) && options.height > 0 ? Math.round(options.height) : 300;
  const chart = init(null, options.theme === 'dark' ? 'dark' : undefined, { renderer: 'svg', ssr: true, width, height });
  try {
    // Text one step larger than on screen: the SVG is scaled to its box, usually narrower than
    // the drawing, and its text must stay readable (about 11.5 px in a 400 px card).
    const textStyle = { ...(option.textStyle as Record<string, unknown> | undefined), fontSize: SVG_FONT_SIZE };
    chart.setOption({ ...option, textStyle, animation: false });
    return chart.renderToSVGString({ useViewBox: true });
  } finally {
    chart.dispose();
  }
}

/**
 * Drawing width of server-rendered charts: about the narrowest width a chart card gets in a view at
 * 1280 to 1440 px (three charts side by side), so the SVG is scaled little and its text stays readable.
 */
const DEFAULT_SVG_WIDTH = 400;

/** Options of `createSvgChartRenderer`. */
export interface SvgChartRendererOptions {
  /** Drawing width in pixels (default 400); the chart's own height comes from its spec. */
  width?: number;
}

/**
 * The `ChartSsrRenderer` that `renderHtml` and lazy fragments provide to `ChartBlock`: every chart
 * becomes `<div class="gv-chart__svg" role="img" aria-label="…">` holding the ECharts SVG. The label
 * is `input.runtime.description` (ChartBlock passes the chart kind plus the description): in a
 * browser ECharts writes its aria description onto its live DOM element, which a server render does
 * not have. Vue escapes the attribute. A chart ECharts cannot draw renders nothing (the block's
 * hidden data table still carries every value).
 *
 * The option may hold formatter functions (ChartBlock's locale-aware axis labels and tooltips):
 * they run here, in the same process, so server SVG shows the same number texts as the browser.
 */
export function createSvgChartRenderer(options: SvgChartRendererOptions = {}): ChartSsrRenderer {
  const width = options.width ?? DEFAULT_SVG_WIDTH;
  return (input: ChartSsrInput): VNode | null => {
    let svg: string;
    try {
      svg = renderChartSvg(input.option, { width, height: input.height, theme: input.theme });
    } catch {
      return null;
    }
    // ECharts output only (see the module comment); `innerHTML` as a VNode prop is how Vue SSR
    // writes pre-rendered markup, and this renderer is never provided in a browser.
    const description = typeof input.runtime.description === 'string' ? input.runtime.description : '';
    return h('div', {
      class: 'gv-chart__svg',
      'data-gv-ssr-chart': input.runtime.id,
      role: 'img',
      'aria-label': description === '' ? undefined : description,
      innerHTML: svg,
    });
  };
}
