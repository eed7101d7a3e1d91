/**
 * The element around a server-drawn chart, shared by the server's SVG renderer (`./chart-svg`) and
 * the browser that hydrates its markup (`keptChartRenderer`): both must write the same tag, class
 * and attributes, or hydration would not match. Browser-safe: no ECharts here.
 *
 * @module
 */
import { h } from 'vue';
import type { Ref, VNode } from 'vue';
import type { ChartSsrInput, ChartSsrRenderer } from '../plugin-context';

/** The wrapper's attributes: one drawing (`responsive` false) or one per width, the stylesheet picking. */
export function chartShellProps(input: ChartSsrInput, responsive: boolean): Record<string, unknown> {
  const description = typeof input.runtime.description === 'string' ? input.runtime.description : '';
  return {
    class: responsive ? 'gv-chart__svg gv-chart__svg--responsive' : 'gv-chart__svg',
    'data-gv-ssr-chart': input.runtime.id,
    role: 'img',
    'aria-label': description === '' ? undefined : description,
  };
}

/**
 * Markup the browser leaves as it is. A VNode with an `innerHTML` prop is hydrated without its
 * children (Vue skips them and never writes the prop while hydrating), so the server's drawing
 * stays. The value is a constant, never a spec or row value, and an HTML comment: were the node
 * ever mounted afresh rather than hydrated, it would draw nothing.
 */
const KEPT = '<!--gv-kept-->';

/**
 * The chart renderer a hydrating browser provides: the server's drawing of each chart is kept
 * exactly as written (`chartWidth` must be the server's: it decides the wrapper's class) until
 * `live` turns true; then it draws nothing, and `ChartBlock` replaces the drawing with a live
 * ECharts chart (tooltips, resizing). `live` is read inside the render, so turning it re-renders
 * every chart of the app. With `adopted` (the server's drawings by chart id, for a view rendered
 * afresh instead of hydrated, see `bootScope`) each wrapper takes its drawing back.
 */
export function keptChartRenderer(chartWidth: number | undefined, live: Readonly<Ref<boolean>>, adopted?: ReadonlyMap<string, readonly Node[]>): ChartSsrRenderer {
  const responsive = !(chartWidth !== undefined && Number.isFinite(chartWidth) && chartWidth > 0);
  return (input: ChartSsrInput): VNode | null => {
    if (live.value) return null;
    if (adopted === undefined) return h('div', { ...chartShellProps(input, responsive), innerHTML: KEPT });
    // Rendered afresh over markup that cannot be hydrated: the server's drawing nodes, taken out
    // before the render, go back into the new wrapper (DOM nodes moved, no markup parsed).
    const drawing = adopted.get(input.runtime.id);
    const adopt = ({ el }: VNode): void => {
      if (drawing !== undefined && el instanceof Element) el.replaceChildren(...drawing);
    };
    return h('div', { ...chartShellProps(input, responsive), onVnodeMounted: adopt });
  };
}
