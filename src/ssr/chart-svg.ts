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
import { init, setPlatformAPI } from 'echarts/core';
import { ensureEChartsRegistered } from '../../components/echarts-setup';
import { registerSvgRenderer } from '../../components/echarts-svg';
import { estimateTextWidth } from '../core/chart/text-fit';
import type { ChartSsrInput, ChartSsrRenderer } from '../plugin-context';
import { chartShellProps } from './chart-shell';

/**
 * Text widths as a server without a canvas should measure them: zrender's own fallback uses the
 * widths of a narrow font, while the SVG is drawn in the page's font (DejaVu Sans, system-ui…), so
 * legend items and labels laid out by it crowded each other in the browser ("South 17%Central
 * 28%"). The core's estimate (`estimateTextWidth`) is on the wide side on purpose. Set once, and
 * only where there is no document: in a browser the canvas measures the real font.
 */
let measuring = false;
function measureLikeTheBrowser(): void {
  if (measuring || typeof document !== 'undefined') return;
  measuring = true;
  setPlatformAPI({
    measureText: (text: string, font?: string) => {
      const size = /(\d+(?:\.\d+)?)px/.exec(font ?? '');
      return { width: estimateTextWidth(text ?? '', size ? Number(size[1]) : 12) } as TextMetrics;
    },
  });
}

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
  ensureEChartsRegistered();
  registerSvgRenderer();
  measureLikeTheBrowser();
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
 * Drawing widths of a server-rendered chart when no width is given: one SVG each, and the page's
 * stylesheet shows the one for its box (a container query on `.gv-chart__svg`): the widest drawing
 * not wider than the box, else the narrowest. A drawing is thus never shrunk, except the narrowest in
 * a box under 320 px, where 14 px text stays at 11 px or more down to a 252 px box (a chart card on
 * a 320 px phone). The browser never scales text up or down by more than that, and the page does not
 * need to tell the server its width.
 */
export const SVG_CHART_WIDTHS: readonly number[] = [320, 480, 720, 1080];

/** Options of `createSvgChartRenderer`. */
export interface SvgChartRendererOptions {
  /**
   * One drawing width in pixels, for a page that knows the width its charts are shown at (the SVG
   * scales to its box, text with it). Default: one drawing per `SVG_CHART_WIDTHS`, the right one
   * shown by the stylesheet. The chart's own height comes from its spec.
   */
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
  const fixed = options.width !== undefined && Number.isFinite(options.width) && options.width > 0 ? Math.round(options.width) : null;
  return (input: ChartSsrInput): VNode | null => {
    const draw = (width: number): string => renderChartSvg(input.optionAt ? input.optionAt(width, SVG_FONT_SIZE) : input.option, { width, height: input.height, theme: input.theme });
    try {
      // ECharts output only (see the module comment); `innerHTML` as a VNode prop is how Vue SSR
      // writes pre-rendered markup, and this renderer is never provided in a browser.
      if (fixed !== null) return h('div', { ...chartShellProps(input, false), innerHTML: draw(fixed) });
      const drawings = SVG_CHART_WIDTHS.map((width) => h('div', { class: 'gv-chart__svg-at', 'data-gv-svg-width': String(width), innerHTML: draw(width) }));
      return h('div', chartShellProps(input, true), drawings);
    } catch {
      return null;
    }
  };
}
