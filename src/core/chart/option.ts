/**
 * The Apache ECharts option of a chart runtime: `buildChartOption` (plain JSON: no functions, no
 * HTML, no rich-text templates built from row values, and no `echarts` import), and
 * `withValueFormatter`, the separate, explicit step that attaches locale-aware number formatters
 * for tooltips and value axes (per-series formats from `chartValueFormats`).
 *
 * Category names and series labels travel as data and ECharts draws them as text (its default
 * tooltip escapes them). The ECharts parts an option needs are the registry's
 * (`chartTypes.echartsParts()` of `./registry`).
 *
 * The option is built in modules by concern, gathered here: `./option-types` (the option's types),
 * `./option-base` (palettes and the part every type shares), `./option-cartesian` and `./option-pie`
 * (each family's builder and its label-fit decisions), `./formatters` (number texts), `./registry`
 * (which builder draws which type).
 *
 * @module
 */
import { ensureContrast } from '../color';
import { formatValue } from '../format';
import type { Translator } from '../i18n';
import type { ChartRuntime, FormatOptions, ValueFormat } from '../types';
import { chartDescription } from './caption';
import { englishTranslator } from './english';
import { CHART_BACKGROUNDS, CHART_PALETTES, chartFontSize } from './option-base';
import type { ChartOption, ChartOptionOptions } from './option-types';
import { chartTypes } from './registry';
import { COUNT_SERIES_KEY } from './count-series';

export type {
  ChartOptionOptions,
  ChartAxisOption,
  ChartCartesianSeriesOption,
  ChartPieSeriesOption,
  ChartOption,
  ChartValueFormatter,
  ChartOptionWithFormatters,
} from './option-types';
export { CHART_BACKGROUNDS } from './option-base';
export { barValueLabelsFit, barsTurnHorizontal, chartCategoryLabels, valueAxisStartsAtZero, TURN_HORIZONTAL_MAX_BARS, VALUE_LABELS_MAX_BARS } from './option-cartesian';
export { axisValueFormat, chartValueFormats, withValueFormatter } from './formatters';

/**
 * The colours of a runtime's series in a theme, in series order: each series' own colour (the
 * spec's, already validated and normalised by the parser) or the palette's next one, adjusted
 * with `ensureContrast` to keep 3:1 against every surface of the theme (darker on light pages,
 * lighter on dark ones); then the rest of the palette, for slices. Never a raw spec string. A chart
 * of slices (pie, donut) gets the palette as it is. Throws a `GridViewSpecError` for a chart type
 * with no entry in the registry.
 */
export function chartSeriesColors(runtime: Pick<ChartRuntime, 'series' | 'chartType'>, theme: 'light' | 'dark' = 'light'): string[] {
  const palette = CHART_PALETTES[theme].series;
  if (chartTypes.entry(runtime.chartType).family === 'pie') return [...palette];
  const colors = runtime.series.map((s, i) => {
    const own = typeof s.color === 'string' ? s.color : undefined;
    return own === undefined ? (palette[i % palette.length] as string) : ensureContrast(own, CHART_BACKGROUNDS[theme]);
  });
  return [...colors, ...palette.slice(colors.length)];
}

/**
 * Builds the ECharts option for a runtime: a pure function of its arguments, plain JSON out. The
 * runtime's chart type picks its builder in the registry (`./registry`); a type with no entry
 * throws a `GridViewSpecError` (`invalid_enum` at `chartType`) and is never drawn as another type.
 *
 * - `bar`, `stacked_bar`, `line` and `area`: categories on the x axis; `horizontal_bar`: categories
 *   on the y axis, first category on top. A series' `seriesType` draws it as bars or a line whatever
 *   the chart type (mixed charts). With `runtime.stacked` (always for `stacked_bar`) the series of
 *   the chart's own kind share one stack; a line over stacked bars is not stacked.
 * - `line`/`area`: nulls are gaps (`connectNulls: false`); when `runtime.sampled` the series get
 *   `sampling: 'lttb'` and no symbols.
 * - `pie`/`donut`: the first series only, slices for positive values (see `buildChartRuntime`); a
 *   donut with `centerTotal` shows it in its centre, formatted like the series.
 * - Colours: `chartSeriesColors` (the spec's colours with contrast kept, else the palette).
 * - ECharts `aria` is on and its description is `runtime.description`, or `chartDescription` in the
 *   language of `options.translator` (plus the value range when `valueFormat` is given, and the
 *   centre total); `decal` patterns on request.
 * - An empty runtime gives an option with no series (and a centred `emptyText` when given), so
 *   `setOption` clears a previously drawn chart.
 *
 * Labels and categories are passed as data, never as formatter templates, so markup in them is
 * drawn as literal text.
 */
export function buildChartOption(runtime: ChartRuntime, options?: ChartOptionOptions): ChartOption {
  const entry = chartTypes.entry(runtime.chartType);
  const theme = options?.theme === 'dark' ? 'dark' : 'light';
  const countLabel = options?.countLabel;
  if (countLabel !== undefined && countLabel !== '' && runtime.series.some((s) => s.key === COUNT_SERIES_KEY)) {
    runtime = { ...runtime, series: runtime.series.map((s) => (s.key === COUNT_SERIES_KEY ? { ...s, label: countLabel } : s)) };
  }
  const translator = options?.translator;
  const said = translator === undefined ? runtime.description : chartDescription(runtime, translator);
  const description = options?.valueFormat === undefined ? said : `${said}${rangeSentence(runtime, entry.family === 'pie', options.valueFormat, options, translator ?? englishTranslator())}`;
  return entry.build({
    runtime,
    options,
    dark: theme === 'dark',
    palette: CHART_PALETTES[theme],
    colors: chartSeriesColors(runtime, theme),
    fontSize: chartFontSize(options),
    description,
  });
}

/**
 * " Values range from A to B." over the plotted values, formatted; '' when there are none. Slices
 * plot the first series' positive values only.
 */
function rangeSentence(runtime: ChartRuntime, slices: boolean, format: ValueFormat, options: FormatOptions, translator: Translator): string {
  let low = Infinity;
  let high = -Infinity;
  for (const series of slices ? runtime.values.slice(0, 1) : runtime.values) {
    for (const value of series) {
      if (value === null || (slices && value <= 0)) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  if (low > high) return '';
  const a = formatValue(low, format === 'text' ? 'number' : format, options);
  const b = formatValue(high, format === 'text' ? 'number' : format, options);
  return ` ${low === high ? translator.format('chart.describe.same', { value: a }) : translator.format('chart.describe.range', { low: a, high: b })}`;
}
