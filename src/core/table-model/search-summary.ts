/**
 * A table's search in words, for the line under its search box ("Region contains north AND Units
 * between 10 and 20"): the global query, or every column filter joined by AND, from the same syntax
 * tree the table model runs. Part of the table engine (`engine.ts`), so the parser and the
 * describer stay out of a table's first paint; the summary comes with the rows, which need the
 * same code.
 *
 * @module
 */
import type { Column, Row, SearchMode } from '../types';
import type { Translator } from '../i18n/translator';
import { parseSearchQuery } from '../search/parse';
import { describeQuery } from '../search/describe';

/**
 * The summary of a table's search, plain text: `query` in `global` mode (its `label:` may name any
 * searchable column of `columns`, shown or not), else the `filters` by column key of the searchable
 * columns among `shown`, in the order shown (`per_column` mode). Empty when nothing filters: a
 * blank global text, no filter with text, `disabled` search, or filters that say nothing; a filter
 * of a column that is not shown is not described (it does not filter either).
 */
export function describeTableSearch<R extends Row>(
  mode: SearchMode,
  query: string,
  filters: Readonly<Record<string, string>>,
  columns: readonly Column<R>[],
  shown: readonly Column<R>[],
  translator: Translator,
  locale: string | undefined,
): string {
  if (mode === 'global') {
    if (query.trim() === '') return '';
    const scopes = columns.filter((c) => c.searchable).map((c) => ({ key: c.key, label: String(c.label) }));
    return describeQuery(parseSearchQuery(query, { columns: scopes, locale }), translator);
  }
  if (mode !== 'per_column') return '';
  const parts: string[] = [];
  for (const column of shown) {
    const text = column.searchable ? (filters[column.key] ?? '') : '';
    if (text.trim() === '') continue;
    const said = describeQuery(parseSearchQuery(text, { locale, mode: 'cell' }), translator, { column: String(column.label) });
    if (said !== '') parts.push(said);
  }
  return parts.join(` ${translator.t('search.summary.and')} `);
}
