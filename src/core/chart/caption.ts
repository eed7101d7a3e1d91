/**
 * The visible caption of a chart ("Amount by Region") and its description for screen readers ("Bar
 * chart of Amount by Region: 1 series over 5 categories."), in the translator's language.
 *
 * @module
 */
import { AGGREGATES, findAggregate } from '../aggregates';
import type { AggregateDefinition } from '../aggregates';
import type { Translator } from '../i18n';
import type { ChartRuntime } from '../types';
import { chartTypes } from './registry';
import type { ChartTypeEntry } from './registry';
import { COUNT_SERIES_KEY } from './count-series';

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

/** What `chartDescription` reads of a runtime (a runtime from JSON or an older version may lack `aggregate` and `omitted`). */
export type DescribedRuntime = Pick<ChartRuntime, 'chartType' | 'series' | 'xLabel' | 'categories' | 'values' | 'empty' | 'sampled' | 'aggregate' | 'omitted'>;

/**
 * What a chart shows, as one plain-text sentence for assistive technology, in the translator's
 * language: the type's name, the plotted series (with the aggregate when it is not a sum or a row
 * count), the category (the x column's label; a bare key is not a word for readers, so none without
 * one), then the counts: "Bar chart of Amount by Region: 1 series over 5 categories.", uk
 * "Стовпчикова діаграма: Виручка у розрізі «Регіон». 1 ряд даних, 5 категорій."
 *
 * - A pie or donut counts its slices and says how many categories it left out (no positive value).
 * - An empty chart says "no data"; a sampled line says it was drawn with sampling.
 * - Series are joined as a list in the translator's locale (`Intl.ListFormat`).
 * - The aggregate's name is its registry entry's catalog text, lower case: `definition` is the entry
 *   the runtime was built with (default: the built-in registry's entry for `runtime.aggregate`; an
 *   aggregate without an entry, or whose catalog key the translator lacks, is named by its wire name).
 *
 * Labels are inserted verbatim: the result is text for an attribute or a text node, never markup.
 * Runtimes carry this sentence in English as `description`; renderers that know the reader's
 * language call this instead.
 */
export function chartDescription(runtime: DescribedRuntime, translator: Translator, definition?: AggregateDefinition): string {
  const entry = chartTypes.has(runtime.chartType) ? chartTypes.entry(runtime.chartType) : undefined;
  const generic = translator.t('chart.label');
  const type = entry === undefined ? generic : translator.t(entry.label, generic);
  const pie = entry?.family === 'pie';
  const plotted = pie ? runtime.series.slice(0, 1) : runtime.series;
  const counted = runtime.series.length === 1 && runtime.series[0]?.key === COUNT_SERIES_KEY;
  const aggregate = runtime.aggregate ?? 'sum';
  const aggregateEntry = definition ?? findAggregate(AGGREGATES, aggregate);
  const aggregateName = (aggregateEntry === undefined ? aggregate : translator.t(aggregateEntry.catalogKey, aggregate)).toLocaleLowerCase(translator.locale);
  const labels = plotted
    .map((s) => (s.key === COUNT_SERIES_KEY ? translator.t('kpi.aggregate.count') : String(s.label)))
    .filter((label) => label !== '')
    .map((label) => (counted || aggregate === 'sum' ? label : translator.format('chart.describe.aggregated', { series: label, aggregate: aggregateName })));
  const category = typeof runtime.xLabel === 'string' ? runtime.xLabel : '';
  const series = labels.length > 0 ? listFormat(translator.locale).format(labels) : '';
  const head =
    series !== '' && category !== ''
      ? translator.format('chart.describe.of_by', { type, series, category })
      : series !== ''
        ? translator.format('chart.describe.of', { type, series })
        : category !== ''
          ? translator.format('chart.describe.by', { type, category })
          : type;
  if (runtime.empty) return translator.format('chart.describe.no_data', { head });
  let details: string;
  if (pie) {
    const first = runtime.values[0] ?? [];
    const slices = first.filter((v) => v !== null && v > 0).length;
    // A runtime lists only its slices and counts the rest in `omitted`; one from JSON of an older
    // version may still list them, without `omitted`.
    const left = runtime.omitted ?? runtime.categories.length - slices;
    const sliceText = translator.plural('chart.describe.slices', slices);
    details = left > 0 ? translator.format('chart.describe.with_left_out', { slices: sliceText, left_out: translator.plural('chart.describe.left_out', left) }) : sliceText;
  } else {
    details = translator.format('chart.describe.over', {
      series: translator.plural('chart.describe.series', labels.length),
      categories: translator.plural('chart.describe.categories', runtime.categories.length),
    });
    if (runtime.sampled) details = translator.format('chart.describe.sampled', { details });
  }
  return translator.format('chart.describe.summary', { head, details });
}
