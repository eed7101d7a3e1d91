/**
 * `compileQuery` and the one-call forms `matchesQuery` and `matchesCellFilter`: parse once, match
 * many times, say how the query was understood.
 *
 * @module
 */
import type { FormatOptions, ValueFormat } from '../types';
import { createTranslator } from '../i18n';
import type { Translator } from '../i18n';
import { normaliseSearchText } from '../table-model/text-fold';
import { cellSearchText, someCellNumber } from './cell';
import { describeQuery } from './describe';
import type { GroupPlan, NumberCluster, TextTest } from './evaluate';
import { planQuery, somePlanHolds, textIn } from './evaluate';
import { numberSymbols, someNumberIn } from './numbers';
import { parseSearchQuery } from './parse';
import type { CompileQueryOptions, SearchColumn, SearchQueryAst } from './types';

/** A column for `compileQuery`: what `label:` can name and, for `matchesRow`, how its cells show. */
export interface CompileQueryColumn extends SearchColumn {
  /** Display format of the column's cells (`matchesRow` reads numbers as shown). Default `text`. */
  readonly format?: ValueFormat;
}

/** Options of `compileQuery` beyond the language's own. */
export interface CompileOptions extends CompileQueryOptions {
  columns?: readonly CompileQueryColumn[];
  /** Currency of `currency` columns for `matchesRow`. Default `USD`. */
  currency?: string;
  /**
   * `global` (default): a search box over rows, `label:` scopes. `cell`: a column filter over one
   * cell: `%` wildcards, no scopes (what `matchesCellFilter` uses).
   */
  mode?: 'global' | 'cell';
}

/** A parsed query: match it against texts or rows as often as needed. */
export interface CompiledQuery {
  /** The JSON-safe AST (see docs/search.md); translate it to SQL or a grid filter model. */
  readonly ast: SearchQueryAst;
  /** True when the query has no terms: it matches everything. */
  readonly empty: boolean;
  /**
   * Whether `text` matches. Text terms look at `text`. With `cells` (the row's cell texts, in the
   * order of `options.columns`), number terms are checked cell by cell, never across two cells, and
   * `label:` terms look only at the cells of their columns; without `cells` both look at `text`.
   */
  matchesText(text: string, cells?: readonly string[]): boolean;
  /**
   * Whether a row matches, given its cell values by column key: each column of `options.columns`
   * (default: every key of the row) is read as a table shows it (`formatValue` with the column's
   * format, plus the raw text of numbers), and its numbers as shown. Text terms never span two cells.
   */
  matchesRow(cellsByKey: Readonly<Record<string, unknown>>): boolean;
  /**
   * How the query was understood, e.g. "Region contains north AND Units between 10 and 20", in
   * `locale` (default: the compile locale, else `en`) from the shipped catalogs, or with a
   * `Translator` (its overrides and catalogs). Empty for an empty query.
   */
  describe(locale?: string | Translator): string;
}

function isTranslator(value: unknown): value is Translator {
  return typeof value === 'object' && value !== null && typeof (value as Translator).t === 'function' && typeof (value as Translator).format === 'function';
}

function ownValue(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Parses `query` once (see docs/search.md for the language) into a `CompiledQuery`.
 *
 * Edge cases: never throws. A blank query, or one of operators alone, is `empty` and matches
 * everything; an unbalanced quote reads as closed at the end; `>abc` is the literal text ">abc";
 * `label:` naming no column (or any `label:` without `columns`) is literal text; a value that is not
 * a string reads as blank; at most 100 terms are read.
 *
 * @example
 * const query = compileQuery('region:north units:10..20', {
 *   columns: [{ key: 'region', label: 'Region' }, { key: 'units', label: 'Units' }],
 * });
 * query.matchesRow({ region: 'North-East', units: 12 }); // true
 * query.describe('en'); // "Region contains north AND Units between 10 and 20"
 * query.describe('uk'); // "Region містить north І Units від 10 до 20"
 */
export function compileQuery(query: string, options: CompileOptions = {}): CompiledQuery {
  const mode = options.mode === 'cell' ? 'cell' : 'global';
  const locale = typeof options.locale === 'string' && options.locale !== '' ? options.locale : undefined;
  const columns = Array.isArray(options.columns) ? options.columns.filter((c) => c !== null && typeof c === 'object' && typeof c.key === 'string') : undefined;
  const ast = parseSearchQuery(query, { columns, locale, mode });
  const plans: GroupPlan[] = planQuery(ast);
  const symbols = numberSymbols(locale);
  const format: FormatOptions = { locale, currency: options.currency };
  const positions = new Map<string, number>();
  columns?.forEach((column, i) => {
    if (!positions.has(column.key)) positions.set(column.key, i);
  });

  const matchesText = (text: string, cells?: readonly string[]): boolean => {
    if (plans.length === 0) return true;
    const whole = normaliseSearchText(typeof text === 'string' ? text : '');
    const given = Array.isArray(cells) ? cells : null;
    const normalised: (string | undefined)[] = [];
    const cellAt = (i: number): string => (normalised[i] ??= normaliseSearchText(typeof given?.[i] === 'string' ? given[i] : ''));
    const scoped = (scope: readonly string[], check: (cell: string) => boolean): boolean => {
      for (const key of scope) {
        const i = positions.get(key);
        if (i !== undefined && given !== null && i < given.length && check(cellAt(i))) return true;
      }
      return false;
    };
    const textCheck = (test: TextTest): boolean =>
      test.scope === null || given === null ? textIn(whole, 0, whole.length, test) : scoped(test.scope, (cell) => textIn(cell, 0, cell.length, test));
    const numberCheck = (cluster: NumberCluster): boolean => {
      const inCell = (cell: string) => someNumberIn(cell, 0, cell.length, symbols, cluster.test);
      if (given === null) return inCell(whole);
      if (cluster.scope !== null) return scoped(cluster.scope, inCell);
      for (let i = 0; i < given.length; i++) if (inCell(cellAt(i))) return true;
      return false;
    };
    return somePlanHolds(plans, textCheck, numberCheck);
  };

  const matchesRow = (cellsByKey: Readonly<Record<string, unknown>>): boolean => {
    if (plans.length === 0) return true;
    const record: Readonly<Record<string, unknown>> = cellsByKey !== null && typeof cellsByKey === 'object' ? cellsByKey : {};
    const list: readonly CompileQueryColumn[] = columns ?? Object.keys(record).map((key) => ({ key, label: key }));
    const byKey = new Map<string, CompileQueryColumn>();
    for (const column of list) if (!byKey.has(column.key)) byKey.set(column.key, column);
    const texts = new Map<string, string>();
    const textOf = (column: CompileQueryColumn): string => {
      let text = texts.get(column.key);
      if (text === undefined) {
        text = normaliseSearchText(cellSearchText(ownValue(record, column.key), column.format ?? 'text', format));
        texts.set(column.key, text);
      }
      return text;
    };
    const inScope = (scope: readonly string[] | null): CompileQueryColumn[] =>
      scope === null ? [...byKey.values()] : scope.map((key) => byKey.get(key)).filter((c): c is CompileQueryColumn => c !== undefined);
    const textCheck = (test: TextTest): boolean =>
      inScope(test.scope).some((column) => {
        const text = textOf(column);
        return textIn(text, 0, text.length, test);
      });
    const numberCheck = (cluster: NumberCluster): boolean =>
      inScope(cluster.scope).some((column) => someCellNumber(ownValue(record, column.key), column.format ?? 'text', format, symbols, cluster.test));
    return somePlanHolds(plans, textCheck, numberCheck);
  };

  return {
    ast,
    empty: plans.length === 0,
    matchesText,
    matchesRow,
    describe: (how) => {
      if (isTranslator(how)) return describeQuery(ast, how);
      return describeQuery(ast, createTranslator({ locale: typeof how === 'string' && how !== '' ? how : (locale ?? 'en') }));
    },
  };
}

/** Recently compiled queries of the one-call forms, so a loop over rows parses its query once. */
const recent = new Map<string, CompiledQuery>();
const RECENT_LIMIT = 32;

function compiledFor(query: string, locale: string | undefined, mode: 'global' | 'cell'): CompiledQuery {
  const key = `${mode}\u0000${locale ?? ''}\u0000${typeof query === 'string' ? query : ''}`;
  let compiled = recent.get(key);
  if (compiled === undefined) {
    compiled = compileQuery(query, { locale, mode });
    if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
    recent.set(key, compiled);
  }
  return compiled;
}

/**
 * Whether `text` matches the search `query` (global search: words, phrases, `+`, `-`, `/` `\` `,`,
 * numbers; `label:` is literal text here, as no columns are given). Same as
 * `compileQuery(query, { locale }).matchesText(text, options.cells)`; recent queries stay compiled.
 *
 * @example
 * matchesQuery('Laptop, 2 year warranty', 'laptop -refurb +warranty'); // true
 * matchesQuery('Order 5 / 25 units', '>20+<30');                        // true (25)
 * matchesQuery('2 500,5 ₴', '>2000', { locale: 'uk' });                 // true
 */
export function matchesQuery(text: string, query: string, options: { cells?: readonly string[]; locale?: string } = {}): boolean {
  return compiledFor(query, options?.locale, 'global').matchesText(text, options?.cells);
}

/**
 * Whether one cell passes a column filter: the search language for one cell plus SQL-style
 * wildcards: `%x%` contains, `x%` starts with, `%x` ends with, `a%b` in that order, and `%` or
 * `%%` alone match nothing. Quoted `%` is a plain character; `label:` is literal text.
 *
 * @example
 * matchesCellFilter('Kyiv', 'ky%');      // true
 * matchesCellFilter('Kyiv', '%iv');      // true
 * matchesCellFilter('Kyiv', 'iv%');      // false
 * matchesCellFilter('12,5', '>10', { locale: 'uk' }); // true
 */
export function matchesCellFilter(cell: string, query: string, options: { locale?: string } = {}): boolean {
  const text = typeof cell === 'string' ? cell : '';
  return compiledFor(query, options?.locale, 'cell').matchesText(text, [text]);
}
