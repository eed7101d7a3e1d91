/**
 * The types of a chart's ECharts option: what `buildChartOption` returns (plain JSON) and what
 * `withValueFormatter` adds (formatter functions). A subset of ECharts' own option types, kept here
 * so the core does not import echarts.
 *
 * @module
 */
import type { Translator } from '../i18n';
import type { ValueFormat } from '../types';

/** Options of `buildChartOption`. */
export interface ChartOptionOptions {
  /** Colours for a light (default) or dark page. */
  theme?: 'light' | 'dark';
  /**
   * When given, the accessible description also states the range of the plotted values formatted
   * for `locale`/`currency` (e.g. "Values range from $1,200.00 to $9,800.00."). The option itself
   * stays function-free; use `withValueFormatter` for formatted tooltips and axis labels.
   */
  valueFormat?: ValueFormat;
  locale?: string;
  currency?: string;
  /** Adds ECharts decal patterns so series differ by more than colour. Default false. */
  decal?: boolean;
  /**
   * The reader's language for the accessible description (`chartDescription`, the value range, a
   * donut's total). Default: English, the runtime's own `description`.
   */
  translator?: Translator;
  /** Text drawn in the middle of an empty chart (needs `TitleComponent`). Default: nothing drawn. */
  emptyText?: string;
  /**
   * Name of the series of a chart that counts rows (no value columns), in the reader's language;
   * default the runtime's label (`Count`).
   */
  countLabel?: string;
  /**
   * Format of a donut's centre total when the runtime has none per series (`centerTotal`); the
   * total is formatted with `locale`/`currency` like the series. Default: the first series' format.
   */
  centerFormat?: ValueFormat;
  /** Font family of every text, e.g. the font a PDF embeds. Default: ECharts' own. */
  fontFamily?: string;
  /**
   * Width in pixels the chart is drawn at (its box in a browser, the drawing width of an SVG).
   * With it, value labels on bars are shown only when each fits over its bar, and a pie's labels
   * get the room they need (wrapping long names) or give way to a legend. Without it those
   * decisions assume a wide chart.
   */
  width?: number;
  /**
   * Size in pixels of the chart's text (axis labels, value labels, legend). Default 12, ECharts'
   * own; a server-rendered SVG that may be scaled down uses more.
   */
  fontSize?: number;
  /** Height in pixels the chart is drawn at; default `runtime.height`. */
  height?: number;
  /**
   * The reader asked for less motion (`prefers-reduced-motion: reduce`): no ECharts animation.
   * Default false (animated unless the runtime is sampled).
   */
  reducedMotion?: boolean;
}

/** A category or value axis of the option. */
export interface ChartAxisOption {
  type: 'category' | 'value';
  data?: string[];
  inverse?: boolean;
  boundaryGap?: boolean;
  /** Value axis fitted to the data instead of starting at zero (see `valueAxisStartsAtZero`). */
  scale?: boolean;
  /** A lying value axis' extent and tick step, when every label fits at that step (`lyingAxisStep`). */
  min?: number;
  max?: number;
  interval?: number;
  axisLabel: {
    hideOverlap?: boolean;
    color: string;
    fontSize?: number;
    alignMinLabel?: 'left';
    alignMaxLabel?: 'right';
    /** Which category labels are drawn (a line's, counted back from the last: `lineLabelInterval`). */
    interval?: (index: number) => boolean;
  };
  axisLine: { lineStyle: { color: string } };
  splitLine?: { lineStyle: { color: string } };
}

/** A bar or line series of the option. */
export interface ChartCartesianSeriesOption {
  type: 'bar' | 'line';
  id: string;
  name: string;
  data: (number | null)[];
  stack?: string;
  /** The spec's validated colour, adjusted for contrast with the theme's background. */
  itemStyle?: { color: string };
  lineStyle?: { color: string };
  connectNulls?: false;
  showSymbol?: boolean;
  sampling?: 'lttb';
  areaStyle?: { opacity: number };
  /**
   * Value labels on bars when there are few of them (`VALUE_LABELS_MAX_BARS`) and, for a known
   * `width`, each fits over its bar (see `barValueLabelsFit`).
   */
  label?: { show: true; position: 'top' | 'right'; color: string; fontSize: number };
  /** Labels that would overlap (narrow charts) are left out; the tooltip and data table keep every value. */
  labelLayout?: { hideOverlap: true };
  emphasis: { focus: 'series' };
}

/** A pie or donut series of the option. */
export interface ChartPieSeriesOption {
  type: 'pie';
  id: string;
  name: string;
  radius: string | number | [string, string] | [number, number];
  center: [string, string];
  data: { name: string; value: number }[];
  avoidLabelOverlap: true;
  /**
   * Outside labels: the slice's name, and its share once `withValueFormatter` adds the formatter.
   * With a known `width`, long names wrap at `width` pixels instead of being cut to "Па…":
   * `withValueFormatter` wraps them between words itself and turns ECharts' own wrapping off
   * (`overflow: 'none'`); without it ECharts wraps them (`overflow: 'break'`), which is right for
   * Latin text but may break a word of another script (see `wrapWords`).
   */
  label: { show: boolean; color: string; fontSize: number; width?: number; overflow?: 'break' | 'none'; lineHeight?: number };
  labelLine?: { length: number; length2: number };
  emphasis: { focus: 'self' };
}

/**
 * The ECharts option `buildChartOption` returns: a plain, JSON-serialisable object (no functions),
 * valid input for `chart.setOption`. A subset of ECharts' own `EChartsOption` type, kept here so the
 * core does not import echarts.
 */
export interface ChartOption {
  animation: boolean;
  backgroundColor: string;
  color: string[];
  darkMode: boolean;
  textStyle: { color: string; fontFamily?: string; fontSize?: number };
  aria: { enabled: true; label: { enabled: true; description: string }; decal: { show: boolean } };
  /**
   * Centred text: the empty text of an empty chart, or a donut's centre total (needs
   * `TitleComponent`). Plain text, never a template.
   */
  title?: { show: true; text: string; left: 'center'; top: 'middle'; textStyle: { color: string; fontSize: number; fontWeight: 'normal' | 'bold'; fontFamily?: string } };
  tooltip: {
    trigger: 'axis' | 'item';
    confine: true;
    axisPointer?: { type: 'shadow' | 'line' };
    backgroundColor?: string;
    borderColor?: string;
    textStyle?: { color: string };
  };
  /**
   * Series names (several series), or a pie's slice names when they have no room beside the pie:
   * then a `plain` legend under the pie whose items wrap onto more lines, never cut.
   */
  legend: {
    show: boolean;
    type: 'scroll' | 'plain';
    top?: number;
    bottom?: number;
    left?: number;
    right?: number;
    textStyle: { color: string; fontSize?: number; width?: number; overflow?: 'break' | 'none' };
    pageTextStyle: { color: string; fontSize?: number };
  };
  /**
   * Axis labels are kept inside the grid box (ECharts 6 `outerBounds`; the legacy `containLabel`
   * would need an extra ECharts module), so long labels such as uk "150 000 000" are not cut off.
   */
  grid?: { left: number; right: number; top: number; bottom: number; outerBoundsMode: 'same'; outerBoundsContain: 'axisLabel' };
  xAxis?: ChartAxisOption;
  yAxis?: ChartAxisOption;
  series: (ChartCartesianSeriesOption | ChartPieSeriesOption)[];
}

/** A value formatter: plain text for ECharts to draw or escape. */
export type ChartValueFormatter = (value: unknown) => string;

/** An option with formatter functions attached; for `setOption`, not for JSON. */
export type ChartOptionWithFormatters = Omit<ChartOption, 'tooltip' | 'xAxis' | 'yAxis' | 'series' | 'legend'> & {
  legend: ChartOption['legend'] & { formatter?: (name: string) => string };
  tooltip: ChartOption['tooltip'] & { valueFormatter: ChartValueFormatter };
  xAxis?: ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } };
  yAxis?: ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } };
  series: ((ChartCartesianSeriesOption | ChartPieSeriesOption) & {
    tooltip?: { valueFormatter: ChartValueFormatter };
    label?: { formatter?: (params: { value?: unknown; name?: unknown; percent?: unknown }) => string };
  })[];
};
