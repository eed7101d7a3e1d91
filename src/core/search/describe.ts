/**
 * How a query was understood, in words: "Region contains north AND Units between 10 and 20". The
 * texts come from the translator's catalog (`search.summary.*`, `search.values.*`), so hosts can
 * reword them and every language has them. Plain text, never markup.
 *
 * @module
 */
import type { Translator } from '../i18n/translator';
import { getNumberFormat } from '../format';
import type { SearchNumberTerm, SearchQueryAst, SearchScope, SearchTermAst, SearchTextTerm, ValuesFilterModel } from './types';
import { valuesCheck } from './values';

const listFormats = new Map<string, Intl.ListFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T, fallback: () => T): T {
  let value = cache.get(key);
  if (value !== undefined) return value;
  try {
    value = make();
  } catch {
    value = fallback();
  }
  // Locales may come from request headers: keep the caches bounded.
  if (cache.size >= 64) cache.clear();
  cache.set(key, value);
  return value;
}

function list(locale: string, items: readonly string[], type: 'conjunction' | 'disjunction'): string {
  // One item needs no list (and building the first Intl.ListFormat costs milliseconds).
  if (items.length <= 1) return items[0] ?? '';
  const format = cached(
    listFormats,
    `${locale}\u0000${type}`,
    () => new Intl.ListFormat([locale, 'en'], { style: 'long', type }),
    () => new Intl.ListFormat('en', { style: 'long', type }),
  );
  return format.format(items);
}

/** A query number as typed, in the locale's writing, with every decimal it has (never rounded to 3). */
function number(locale: string, value: number): string {
  // Up to 3 decimals: the cached formatter the table and translator already use.
  if (Math.abs(value) < 1e15 && Math.round(value * 1000) / 1000 === value) return getNumberFormat(locale, 'number').format(value);
  const format = cached(
    numberFormats,
    locale,
    () => new Intl.NumberFormat([locale, 'en'], { maximumFractionDigits: 20 }),
    () => new Intl.NumberFormat('en', { maximumFractionDigits: 20 }),
  );
  return format.format(value);
}

/** Columns listed in a summary before the rest are counted ("A, B or 3 more columns"). */
const LISTED_COLUMNS = 3;

function columnsText(scope: SearchScope, t: Translator): string {
  const labels = scope.labels.map(String);
  if (labels.length <= LISTED_COLUMNS) return list(t.locale, labels, 'disjunction');
  const shown = labels.slice(0, LISTED_COLUMNS - 1);
  return list(t.locale, [...shown, t.plural('search.summary.more_columns', labels.length - shown.length)], 'disjunction');
}

function quoted(term: SearchTextTerm, value: string, t: Translator): string {
  return term.phrase ? t.format('search.summary.quoted', { value }) : value;
}

function textCondition(term: SearchTextTerm, t: Translator): string {
  const not = term.negate ? 'not_' : '';
  if (term.parts.length === 0) return t.t(term.negate ? 'search.summary.anything' : 'search.summary.nothing');
  const bare = term.source.replace(/^%+|%+$/g, '');
  let key = 'contains';
  let value = quoted(term, term.source, t);
  if (term.parts.length === 1 && (term.anchorStart || term.anchorEnd || term.source.includes('%'))) {
    key = term.anchorStart ? 'starts_with' : term.anchorEnd ? 'ends_with' : 'contains';
    value = quoted(term, bare, t);
  } else if (term.parts.length > 1) {
    key = 'like';
  }
  return t.format(`search.summary.${not}${key}`, { value });
}

function numberCondition(term: SearchNumberTerm, t: Translator): string {
  if (term.op === 'between') return t.format('search.summary.between', { from: number(t.locale, term.value), to: number(t.locale, term.to) });
  return t.format(`search.summary.${term.op}`, { value: number(t.locale, term.value) });
}

/**
 * A condition with what it is about: the scope's columns ("Region contains north"); a number
 * anywhere ("a number between 10 and 20", "no number greater than 5"); nothing for text anywhere
 * ("contains north": the row, as the search box says) and in column filters. `negate` is for
 * number conditions; text conditions carry their own negation.
 */
function withSubject(scope: SearchScope | null, condition: string, ast: SearchQueryAst, t: Translator, numeric: boolean, negate: boolean, column: string | undefined): string {
  const said = negate ? t.format('search.summary.not', { condition }) : condition;
  if (scope !== null) return t.format('search.summary.scoped', { columns: columnsText(scope, t), condition: said });
  if (ast.mode === 'cell' && column !== undefined) return t.format('search.summary.scoped', { columns: column, condition: said });
  if (!numeric || ast.mode === 'cell') return said;
  return t.format(negate ? 'search.summary.no_number' : 'search.summary.number', { condition });
}

/** The phrases of one group, in the order written; positive numbers with one scope form one phrase. */
function groupPhrases(terms: readonly SearchTermAst[], ast: SearchQueryAst, t: Translator, column: string | undefined): string[] {
  const phrases: string[] = [];
  const clusters = new Map<string, { at: number; scope: SearchScope | null; terms: SearchNumberTerm[] }>();
  for (const term of terms) {
    if (term.kind === 'text') {
      phrases.push(withSubject(term.scope, textCondition(term, t), ast, t, false, false, column));
    } else if (term.negate) {
      phrases.push(withSubject(term.scope, numberCondition(term, t), ast, t, true, true, column));
    } else {
      const key = term.scope === null ? '' : `\u0000${term.scope.keys.join('\u0000')}`;
      const cluster = clusters.get(key);
      if (cluster !== undefined) cluster.terms.push(term);
      else {
        clusters.set(key, { at: phrases.length, scope: term.scope, terms: [term] });
        phrases.push('');
      }
    }
  }
  for (const cluster of clusters.values()) {
    const condition = list(
      t.locale,
      cluster.terms.map((term) => numberCondition(term, t)),
      'conjunction',
    );
    phrases[cluster.at] = withSubject(cluster.scope, condition, ast, t, true, false, column);
  }
  return phrases;
}

function capitalise(text: string, locale: string): string {
  if (text === '') return text;
  const first = String.fromCodePoint(text.codePointAt(0) ?? 0);
  let upper: string;
  try {
    upper = first.toLocaleUpperCase(locale);
  } catch {
    upper = first.toUpperCase();
  }
  return upper + text.slice(first.length);
}

/** Options of `describeQuery`. */
export interface DescribeQueryOptions {
  /** For a column filter (`cell` mode): the column's label, said before each condition ("City starts with ky"). */
  column?: string;
}

/**
 * A short summary of how `ast` was understood, in the translator's language: conditions joined by
 * `search.summary.and`, groups by `search.summary.or` (a group of several conditions in
 * parentheses when there are several groups). Empty for a query with no groups.
 *
 * @example
 * describeQuery(compileQuery('region:north units:10..20', { columns }).ast, translator);
 * // "Region contains north AND Units between 10 and 20"
 * describeQuery(compileQuery('ky%', { mode: 'cell' }).ast, translator, { column: 'City' });
 * // "City starts with ky"
 */
export function describeQuery(ast: SearchQueryAst, translator: Translator, options: DescribeQueryOptions = {}): string {
  const column = typeof options?.column === 'string' && options.column !== '' ? options.column : undefined;
  const groups = ast.groups.map((group) => groupPhrases(group.terms, ast, translator, column));
  const and = ` ${translator.t('search.summary.and')} `;
  const or = ` ${translator.t('search.summary.or')} `;
  const text = groups.map((phrases) => (groups.length > 1 && phrases.length > 1 ? `(${phrases.join(and)})` : phrases.join(and))).join(or);
  return capitalise(text, translator.locale);
}

/**
 * A short summary of a values filter ("Is Kyiv", "Is one of 3 values", "Is empty"), with plural
 * forms from the translator; empty for an inactive or unreadable model.
 *
 * @example
 * describeValuesFilter({ values: ['Kyiv', 'Lviv'] }, createTranslator({ locale: 'uk' })); // "Одне з 2 значень"
 */
export function describeValuesFilter(model: ValuesFilterModel | null, translator: Translator): string {
  const check = valuesCheck(model);
  if (check === null) return '';
  let text: string;
  if (check.kind === 'empty' || check.kind === 'non_empty') text = translator.t(`search.values.${check.kind}`);
  else if (check.values.size === 0) text = translator.t('search.values.none');
  else if (check.values.size === 1) text = translator.format(check.kind === 'exact' ? 'search.values.is' : 'search.values.has', { value: [...check.values][0] ?? '' });
  else text = translator.plural(check.kind === 'exact' ? 'search.values.one_of' : 'search.values.has_one_of', check.values.size);
  return capitalise(text, translator.locale);
}
