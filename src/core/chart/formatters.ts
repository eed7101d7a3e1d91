/**
 * Number texts of a chart: the per-series display formats (`chartValueFormats`, `axisValueFormat`)
 * and `withValueFormatter`, the separate, explicit step that attaches locale-aware formatters for
 * tooltips, value axes, value labels and a pie's shares to an option `buildChartOption` made.
 *
 * @module
 */
import { formatCompactValue, formatValue, getNumberFormat } from '../format';
import type { ChartRuntime, FormatOptions, ValueFormat } from '../types';
import type { ChartAxisOption, ChartCartesianSeriesOption, ChartOption, ChartOptionWithFormatters, ChartPieSeriesOption, ChartValueFormatter } from './option-types';
import { wrapWords } from './text-fit';

/** A slice's share (ECharts' `percent`, 0–100) for the locale: "27%", uk "27 %", "0.4%" for small ones. */
function formatSharePercent(percent: number, options: FormatOptions | undefined): string {
  const digits = percent > 0 && percent < 1 ? 1 : 0;
  try {
    return new Intl.NumberFormat([options?.locale ?? 'en', 'en'], { style: 'percent', maximumFractionDigits: digits }).format(percent / 100);
  } catch {
    return `${percent.toFixed(digits)}%`;
  }
}

/**
 * The display format of each series of a runtime, aligned with `runtime.series`: the series'
 * `format` (set when the runtime was built with the spec's columns), else `number`. `text` becomes
 * `number`, because plotted values are always numbers.
 */
export function chartValueFormats(runtime: Pick<ChartRuntime, 'series'>): ValueFormat[] {
  return runtime.series.map((s) => numericFormat(s.format));
}

/**
 * The one format a value axis can use for several series: their common format, or `number` when
 * they differ (an axis cannot be in dollars and in percent at once) or there are none.
 */
export function axisValueFormat(formats: readonly (ValueFormat | undefined)[]): ValueFormat {
  const first = numericFormat(formats[0]);
  return formats.every((f) => numericFormat(f) === first) ? first : 'number';
}

/** The format a plotted value is written in: `currency` and `percent` as they are, anything else (`text`, none) as `number`. */
export function numericFormat(format: ValueFormat | undefined): ValueFormat {
  return format === 'currency' || format === 'percent' ? format : 'number';
}

const axisTickFormats = new Map<string, Intl.NumberFormat>();

/**
 * The formatter of value-axis ticks in `currency` or `percent`: `getNumberFormat`'s, but whole
 * values drop their zero fraction ("$20,000" and "20%" on a tick; "$0.50" and "12.5%" stay), where
 * cells and tooltips keep theirs ("$20,000.00", "20.0%"). Cached and bounded like the format module's.
 */
function axisTickFormat(format: 'currency' | 'percent', options: FormatOptions | undefined): Intl.NumberFormat {
  const base = getNumberFormat(options?.locale, format, options?.currency);
  const resolved = base.resolvedOptions();
  const key = `${format}\u0000${resolved.locale}\u0000${resolved.currency ?? ''}\u0000${resolved.currencyDisplay ?? ''}`;
  let formatter = axisTickFormats.get(key);
  if (formatter !== undefined) return formatter;
  formatter = new Intl.NumberFormat(
    resolved.locale,
    format === 'currency'
      ? {
          style: 'currency',
          currency: resolved.currency,
          // The cells' choice: the locale's symbol, or the unambiguous narrow one (`$`, not `USD`, under uk).
          currencyDisplay: resolved.currencyDisplay,
          signDisplay: 'negative',
          trailingZeroDisplay: 'stripIfInteger',
        }
      : { style: 'percent', minimumFractionDigits: resolved.minimumFractionDigits, maximumFractionDigits: resolved.maximumFractionDigits, signDisplay: 'negative', trailingZeroDisplay: 'stripIfInteger' },
  );
  if (axisTickFormats.size >= 64) axisTickFormats.clear();
  axisTickFormats.set(key, formatter);
  return formatter;
}

/**
 * The client-side hook for number formatting: returns a copy of `option` whose tooltip values and
 * value-axis labels go through `formatValue` (cached `Intl.NumberFormat` for `options.locale` and
 * `options.currency`), e.g. 100000000 shows as "100 000 000" for `uk`, 0.125 as "12.5%" for `percent`.
 * Axis ticks in `currency` and `percent` leave out a zero fraction ("$20,000", "20%"); tooltips keep
 * the cells' digits.
 * A value axis, upright or lying (horizontal bars, also those `buildChartOption` turned for a narrow
 * width), writes its ticks compactly ("$40M", "40 млн $") once the largest value reaches 10,000, as
 * the bars' value labels do; below that, ticks are full amounts.
 *
 * `format` is one format for every value, or one per series of the option (aligned with
 * `option.series`, e.g. from `chartValueFormats(runtime)`; missing entries and `text` count as
 * `number`). With one per series every series gets its own tooltip formatter, and the value axis
 * uses `axisValueFormat` (the common format, else `number`). The category axis is left alone.
 *
 * A pie's labels and legend name each slice with its share ("Роздріб" over "27 %"); names are
 * wrapped between words at the label's or the legend's `width` (`wrapWords`), and ECharts' own
 * wrapping, which may break a non-Latin word, is turned off there.
 *
 * The formatters return plain text, which ECharts escapes in HTML tooltips; an empty value (null,
 * undefined, ECharts' "-") gives ''. The result holds functions: pass it to `setOption` (in the
 * browser or to `renderChartSvg` in the same process), never serialise it. `option` is not changed.
 */
export function withValueFormatter(option: ChartOption, format: ValueFormat | readonly (ValueFormat | undefined)[], options?: FormatOptions): ChartOptionWithFormatters {
  const perSeries = typeof format === 'string' ? null : format;
  const formatterFor = (f: ValueFormat | undefined): ChartValueFormatter => {
    const display = numericFormat(f);
    return (value: unknown): string => {
      const number = Array.isArray(value) ? value[value.length - 1] : value;
      if (number === null || number === undefined || number === '-') return '';
      return formatValue(number, display, options);
    };
  };
  const axisFormat = numericFormat(perSeries ? axisValueFormat(perSeries.slice(0, Math.max(1, option.series.length))) : (format as ValueFormat));
  // The chart-wide tooltip formatter (series without their own) uses the axis format too.
  const tooltipFormatter = formatterFor(axisFormat);
  // Looked up once per option, not once per tick (each lookup reads the cell format's resolved options).
  const ticks = axisFormat === 'currency' || axisFormat === 'percent' ? axisTickFormat(axisFormat, options) : null;
  const axisFormatter: ChartValueFormatter =
    ticks === null ? tooltipFormatter : (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? ticks.format(value + 0) : tooltipFormatter(value));
  // From ten thousand up, value-axis ticks are written compactly ("$40M", "40 млн $"), as the bars'
  // value labels are: a tick of "$100,000,000" beside a bar saying "$82.7M" reads as two scales, and
  // across a horizontal axis only one or two full amounts would fit.
  let largest = 0;
  for (const s of option.series) if (s.type !== 'pie') for (const v of s.data) if (v !== null) largest = Math.max(largest, Math.abs(v));
  const compactTicks = largest >= 10_000;
  const compactFormatter: ChartValueFormatter = (value: unknown): string => formatCompactValue(value, axisFormat, options);
  const axis = (a: ChartAxisOption | undefined): (ChartAxisOption & { axisLabel: { formatter?: ChartValueFormatter } }) | undefined => {
    if (a === undefined) return undefined;
    return a.type === 'value' ? { ...a, axisLabel: { ...a.axisLabel, formatter: compactTicks ? compactFormatter : axisFormatter } } : a;
  };
  const { xAxis, yAxis, series, legend, ...rest } = option;
  // A pie's labels and legend name each slice with its share ("Роздріб" over "27 %").
  const pie = series.find((s): s is ChartPieSeriesOption => s.type === 'pie');
  const share = (percent: unknown): string => (typeof percent === 'number' && Number.isFinite(percent) ? formatSharePercent(percent, options) : '');
  // Value labels on bars in compact notation ($82.7M): a full amount would run into the next bar.
  const labelled = (s: ChartCartesianSeriesOption | ChartPieSeriesOption): ChartOptionWithFormatters['series'][number] => {
    if (s.type === 'bar' && s.label !== undefined) return { ...s, label: { ...s.label, formatter: (params: { value?: unknown }) => formatCompactValue(params.value, axisFormat, options) } };
    if (s.type === 'pie') {
      // Names wrapped here, between words; ECharts' own wrapping would break non-Latin words.
      const { width, fontSize } = s.label;
      const named = (params: { name?: unknown; percent?: unknown }): string => [...wrapWords(String(params.name ?? ''), width, fontSize), share(params.percent)].filter((t) => t !== '').join('\n');
      return { ...s, label: { ...s.label, ...(width !== undefined ? { overflow: 'none' as const } : {}), formatter: named } };
    }
    return s;
  };
  const pieTotal = pie ? pie.data.reduce((sum, d) => sum + d.value, 0) : 0;
  const pieShares = new Map(pie ? pie.data.map((d) => [d.name, pieTotal > 0 ? (d.value / pieTotal) * 100 : 0]) : []);
  const legendText = (name: string): string => wrapWords([name, share(pieShares.get(name))].filter((t) => t !== '').join(' '), legend.textStyle.width, legend.textStyle.fontSize).join('\n');
  const result: ChartOptionWithFormatters = {
    ...rest,
    legend:
      pie && legend.show
        ? { ...legend, textStyle: { ...legend.textStyle, ...(legend.textStyle.width !== undefined ? { overflow: 'none' as const } : {}) }, formatter: legendText }
        : legend,
    tooltip: { ...option.tooltip, valueFormatter: tooltipFormatter },
    series: perSeries ? series.map((s, i) => ({ ...labelled(s), tooltip: { valueFormatter: formatterFor(perSeries[i]) } })) : series.map(labelled),
  };
  const x = axis(xAxis);
  const y = axis(yAxis);
  if (x) result.xAxis = x;
  if (y) result.yAxis = y;
  return result;
}
