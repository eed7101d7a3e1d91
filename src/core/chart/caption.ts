/**
 * The visible caption of a chart ("Amount by Region"), in the translator's language.
 *
 * @module
 */
import type { Translator } from '../i18n';
import type { ChartRuntime } from '../types';
import { isPieChart } from './runtime';

const listFormats = new Map<string, Intl.ListFormat>();

/** A cached "a, b and c" list formatter; an invalid locale falls back to `en`. */
function listFormat(locale: string): Intl.ListFormat {
  let formatter = listFormats.get(locale);
  if (formatter !== undefined) return formatter;
  try {
    formatter = new Intl.ListFormat([locale, 'en'], { style: 'long', type: 'conjunction' });
  } catch {
    formatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
  }
  // Locales may come from request headers: keep the cache bounded.
  if (listFormats.size >= 64) listFormats.clear();
  listFormats.set(locale, formatter);
  return formatter;
}

/**
 * The visible caption of a chart, as plain text: what it plots by what, e.g. "Amount by Region" or
 * "Amount and Cost by Month" (`chart.caption` of the translator's catalog, uk "Сума у розрізі
 * «Регіон»").
 *
 * - Series: the labels of the plotted series (pie and donut plot only the first), joined as a list
 *   in the translator's locale (`Intl.ListFormat`).
 * - Category: `runtime.xLabel` (the x column's label), else `runtime.xKey`.
 * - No series: the category label alone.
 *
 * Labels are inserted verbatim: the result is text for a text node or an attribute, never markup.
 */
export function chartCaption(runtime: Pick<ChartRuntime, 'chartType' | 'series' | 'xKey' | 'xLabel'>, translator: Translator): string {
  const category = typeof runtime.xLabel === 'string' && runtime.xLabel !== '' ? runtime.xLabel : runtime.xKey;
  const plotted = isPieChart(runtime.chartType) ? runtime.series.slice(0, 1) : runtime.series;
  const labels = plotted.map((s) => String(s.label)).filter((label) => label !== '');
  if (labels.length === 0) return category;
  return translator.format('chart.caption', { series: listFormat(translator.locale).format(labels), category });
}
