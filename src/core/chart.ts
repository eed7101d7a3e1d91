/**
 * Charts, in three steps that each live in their own module:
 *
 * - `./chart/runtime`: `buildChartRuntime` turns a chart spec plus rows into plain data (categories,
 *   one value array per series and a plain-text description);
 * - `./chart/option`: `buildChartOption` turns that data into an Apache ECharts option (plain JSON),
 *   and `withValueFormatter` attaches locale-aware number formatters;
 * - `./chart/caption`: `chartCaption`, the visible caption ("Amount by Region"), and
 *   `chartDescription`, what the chart shows in words for screen readers, in the reader's language.
 *
 * Which chart types exist, how each is drawn and which ECharts parts it needs is said once, in
 * `./chart/registry` (internal: the Vue layer, server-side rendering and the PDF export read it).
 *
 * @module
 */
export {
  DEFAULT_CHART_HEIGHT,
  DEFAULT_MAX_POINTS,
  COUNT_SERIES_KEY,
  CHART_TYPES,
  CHART_DATA_SOURCES,
  buildChartRuntime,
  buildChartRuntimes,
  categoryLabel,
  isPieChart,
  isCartesianChart,
} from './chart/runtime';
export type { ChartColumnInfo, ChartRuntimeOptions } from './chart/runtime';
export {
  buildChartOption,
  withValueFormatter,
  chartValueFormats,
  axisValueFormat,
  chartSeriesColors,
  chartCategoryLabels,
  valueAxisStartsAtZero,
  CHART_BACKGROUNDS,
} from './chart/option';
export type {
  ChartOptionOptions,
  ChartOption,
  ChartAxisOption,
  ChartCartesianSeriesOption,
  ChartPieSeriesOption,
  ChartOptionWithFormatters,
  ChartValueFormatter,
} from './chart/option';
export { chartCaption, chartDescription } from './chart/caption';
export type { DescribedRuntime } from './chart/caption';
