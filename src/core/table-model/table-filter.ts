/**
 * A table's filter (`TableFilter`: the global search, per-column search-language filters, values
 * checklists) over one rows array: parsed and planned once (`prepareFilter`), run over the text
 * index (`text-index.ts`, `text-match.ts`) and the raw cells; the public `filterRows` and the
 * `matchFlags` it shares with the view.
 *
 * @module
 */
import type { FormatOptions, Row } from '../types';
import { valueToText } from '../format';
import type { ModelColumn, TableFilter, TableLocale } from './types';
import { cellReader, filterHasText, formatOptions } from './shared';
import { planQuery } from '../search/evaluate';
import { numberSymbols } from '../search/numbers';
import { parseSearchQuery } from '../search/parse';
import { passesValuesCheck, valuesCheck } from '../search/values';
import { columnNumbersFor, columnTextsFor, globalTextsFor, searchIndexFor } from './text-index';
import { rowsMatchingPlans } from './text-match';

/** The text of a cell for a values filter (its raw text) and its tokens (the items of an array cell). */
function valuesCell(value: unknown): { text: string; tokens: string[] | undefined } {
  if (Array.isArray(value)) {
    const tokens = value.map(valueToText);
    return { text: tokens.join(', '), tokens };
  }
  return { text: valueToText(value), tokens: undefined };
}

/**
 * A filter made ready to run over one rows array: `(within, lo, hi)` gives the flags of the rows
 * that pass among those of `within` (all when null) in [lo, hi), or null when nothing filters (all
 * pass); with `within`, the flags outside [lo, hi) are 0 and it may be changed or returned.
 */
export type PreparedFilter = (within: Uint8Array | null, lo: number, hi: number) => Uint8Array | null;

/**
 * `filter` parsed and planned once for `rows`, `columns` and `options` (see `matchFlags`), so a
 * view answered in steps (`visibleRowsInSteps`) parses nothing again per step: the global query
 * and each column filter in the search language's AST, run over the index (`rowsMatchingPlans`);
 * values filters over the raw cells.
 */
export function prepareFilter<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter | undefined, options: FormatOptions): PreparedFilter {
  if (filter === undefined || filter === null) return (within) => within;
  const index = searchIndexFor(rows, options);
  const symbols = numberSymbols(options.locale);
  const parts: ((flags: Uint8Array | null, lo: number, hi: number) => Uint8Array | null)[] = [];
  const searchable = columns.filter((c) => c.searchable);
  const global = typeof filter.global === 'string' ? filter.global : '';
  if (global.trim() !== '' && searchable.length > 0) {
    const ast = parseSearchQuery(global, { columns: searchable.map((c) => ({ key: c.key, label: typeof c.label === 'string' ? c.label : c.key })), locale: options.locale });
    if (ast.groups.length > 0) {
      const plans = planQuery(ast);
      const texts = globalTextsFor(rows, searchable, options, index);
      const keys = searchable.map((c) => c.key);
      // Read when needed: the column texts exist only until the row texts are complete.
      const columnTexts = () => texts.columns ?? [];
      const numbers = () => searchable.map((c) => columnNumbersFor(rows, c, options, index));
      parts.push((flags, lo, hi) => rowsMatchingPlans({ rows, keys, global: texts, texts: columnTexts, numbers, options, symbols, lo, hi }, plans, flags));
    }
  }
  const perColumn = filter.perColumn;
  if (perColumn !== null && typeof perColumn === 'object') {
    for (const column of searchable) {
      if (!Object.prototype.hasOwnProperty.call(perColumn, column.key)) continue;
      const text = perColumn[column.key];
      if (typeof text !== 'string' || text.trim() === '') continue;
      const ast = parseSearchQuery(text, { locale: options.locale, mode: 'cell' });
      if (ast.groups.length === 0) continue;
      const plans = planQuery(ast);
      const keys = [column.key];
      const columnTexts = () => [columnTextsFor(rows, column, options, index)];
      const numbers = () => [columnNumbersFor(rows, column, options, index)];
      parts.push((flags, lo, hi) => rowsMatchingPlans({ rows, keys, global: null, texts: columnTexts, numbers, options, symbols, lo, hi }, plans, flags));
    }
  }
  const values = filter.values;
  if (values !== null && typeof values === 'object') {
    for (const column of columns) {
      if (!Object.prototype.hasOwnProperty.call(values, column.key)) continue;
      const check = valuesCheck(values[column.key] ?? null);
      if (check === null) continue;
      const read = cellReader<Row>(column.key);
      parts.push((flags, lo, hi) => {
        const out: Uint8Array = flags ?? new Uint8Array(rows.length).fill(1);
        for (let i = lo; i < hi; i++) {
          if (out[i] === 0) continue;
          const cell = valuesCell(read(rows[i] as Row));
          if (!passesValuesCheck(check, cell.text, cell.tokens)) out[i] = 0;
        }
        return out;
      });
    }
  }
  return (within, lo, hi) => {
    let flags = within;
    for (const part of parts) flags = part(flags, lo, hi);
    return flags;
  };
}

/**
 * Which rows pass the filter: a flag per row, or null when there is no active filter (all pass).
 * The global query and each column filter are parsed into the search language's AST and run over
 * the index (`rowsMatchingPlans`); values filters run over the raw cells. With `within` (flags that are 0
 * outside [lo, hi)), only those rows are looked at: one step of `visibleRowsInSteps`.
 */
export function matchFlags<R extends Row>(
  rows: readonly R[],
  columns: readonly ModelColumn<R>[],
  filter: TableFilter | undefined,
  options: FormatOptions,
  within: Uint8Array | null = null,
  lo = 0,
  hi = rows.length,
): Uint8Array | null {
  return prepareFilter(rows, columns, filter, options)(within, lo, hi);
}

/** Whether a filter has nothing active (every row passes). */
export function filterIsBlank(filter: TableFilter | undefined): boolean {
  if (filter === undefined || filter === null) return true;
  if (filterHasText(filter)) return false;
  for (const model of Object.values(filter.values ?? {})) if (valuesCheck(model ?? null) !== null) return false;
  return true;
}

/**
 * Whether the caches `filter` reads are complete (row texts and numbers of the searchable columns
 * for the global query; texts and numbers of each filtered column): then one pass answers it in a
 * few milliseconds and there is no point in answering in steps.
 */
export function searchIndexReady<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter | undefined, options: FormatOptions): boolean {
  if (filter === undefined || filter === null) return true;
  const index = searchIndexFor(rows, options);
  const searchable = columns.filter((c) => c.searchable);
  const numbersDone = (column: ModelColumn<R>) => index.numbers.get(`${column.key}\u0000${column.format}`)?.built === rows.length;
  if (typeof filter.global === 'string' && filter.global.trim() !== '' && searchable.length > 0) {
    const signature = searchable.map((c) => `${c.key}\u0000${c.format}`).join('\u0002');
    const texts = index.rows.get(signature);
    if (texts === undefined || texts.built < rows.length || !searchable.every(numbersDone)) return false;
  }
  for (const column of searchable) {
    const text = filter.perColumn?.[column.key];
    if (typeof text !== 'string' || text.trim() === '') continue;
    const texts = index.columns.get(`${column.key}\u0000${column.format}`);
    if (texts === undefined || texts.built < rows.length || !numbersDone(column)) return false;
  }
  return true;
}

/**
 * Rows that match the filter; a new array of the same row objects, in their original order.
 *
 * - `global` and `perColumn` are in the search language (docs/search.md): words (all must occur,
 *   case- and accent-insensitive, anywhere in the row for `global`, in that column for a column
 *   filter), phrases in quotes, `+`, `-word` exclusions, `/` `\` `,` between alternatives, number
 *   comparisons and ranges (`>10`, `10..20`), `label:` to name columns (global only), `%`
 *   wildcards (column filters only). Blank queries match everything.
 * - `global` looks at searchable columns only (`searchable: false` columns are never matched);
 *   `perColumn[key]` filters by that column only, and is ignored for unknown or non-searchable keys.
 *   `values[key]` is a values filter (`matchesValuesFilter`) on the cell's raw text. All given must hold.
 * - Cells are matched against their displayed text (`formatValue` with the locale and currency)
 *   AND, for numbers, their raw text: `1234.5` is found by "1,234.5", "$1,234.50" and "1234.5".
 *   Number terms compare the number as shown (rounded as displayed; percent cells as 12.5 for
 *   12.5%), or the numbers written in a text cell, read with the locale's conventions.
 *   Null and undefined cells match nothing.
 *
 * The texts and numbers are built once per rows array (and locale/currency), column by column as
 * queries need them, then reused for every keystroke.
 *
 * @example
 * filterRows(rows, columns, { global: 'kyiv/lviv -paid amount:>1000' }, 'en');
 */
export function filterRows<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter, locale?: TableLocale): R[] {
  const flags = matchFlags(rows, columns, filter, formatOptions(locale));
  if (flags === null) return rows.slice();
  const result: R[] = [];
  for (let i = 0; i < rows.length; i++) if (flags[i] === 1) result.push(rows[i] as R);
  return result;
}
