/**
 * The visible caption of a chart ("Amount by Region"), in the translator's language.
 *
 * @module
 */
import type { Translator } from '../i18n';
import type { ChartRuntime } from '../types';
import { chartTypes } from './registry';
import type { ChartTypeEntry } from './registry';
import { COUNT_SERIES_KEY } from './runtime';

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
 * The visible caption of a chart, as plain text: the spec's `title` when it has one, else what it
 * plots by what, e.g. "Amount by Region" or "Amount and Cost by Month" (`chart.caption` of the
 * translator's catalog, uk "Сума у розрізі «Регіон»").
 *
 * - Series: the labels of the plotted series (pie and donut plot only the first), joined as a list
 *   in the translator's locale (`Intl.ListFormat`); a chart that counts rows says "Count" in the
 *   translator's language (`kpi.aggregate.count`).
 * - Category: `runtime.xLabel` (the x column's label). A row key is not a word for readers (and
 *   would put English into a Ukrainian caption), so without a label the caption names the series
 *   only; give the chart a `title` or the x key a column to say more.
 * - No series: the category label alone (the chart type's name when there is no label either: the
 *   catalog key its registry entry names, `chart.type.bar`, …).
 * - A pie or donut that left categories out (zero, negative or no value) adds how many
 *   (`chart.omitted`, plural-aware), after the title too: the reader must know the circle is not
 *   everything.
 *
 * Labels are inserted verbatim: the result is text for a text node or an attribute, never markup.
 * Throws a `GridViewSpecError` for a chart type with no entry in the registry.
 */
export function chartCaption(runtime: Pick<ChartRuntime, 'chartType' | 'series' | 'xKey' | 'xLabel' | 'title' | 'omitted'>, translator: Translator): string {
  const entry = chartTypes.entry(runtime.chartType);
  const main = typeof runtime.title === 'string' && runtime.title !== '' ? runtime.title : generatedCaption(runtime, entry, translator);
  const omitted = typeof runtime.omitted === 'number' && runtime.omitted > 0 && entry.family === 'pie' ? runtime.omitted : 0;
  return omitted > 0 ? `${main} (${translator.plural('chart.omitted', omitted)})` : main;
}

function generatedCaption(runtime: Pick<ChartRuntime, 'series' | 'xLabel'>, entry: ChartTypeEntry, translator: Translator): string {
  const category = typeof runtime.xLabel === 'string' && runtime.xLabel !== '' ? runtime.xLabel : '';
  const plotted = entry.family === 'pie' ? runtime.series.slice(0, 1) : runtime.series;
  const labels = plotted.map((s) => (s.key === COUNT_SERIES_KEY ? translator.t('kpi.aggregate.count') : String(s.label))).filter((label) => label !== '');
  if (labels.length === 0) return category !== '' ? category : translator.t(entry.label, translator.t('chart.label'));
  const series = listFormat(translator.locale).format(labels);
  return category === '' ? series : translator.format('chart.caption', { series, category });
}
