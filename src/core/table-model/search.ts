/**
 * Searching rows: the search text of a cell, per-column and per-row text caches built in
 * resumable steps (`warmSearchIndex`), cold matching of a query straight from the cells before
 * the caches exist, and the public `filterRows` with the `matchFlags` it shares with the view.
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from '../types';
import { formatValue, getNumberFormat, valueToText } from '../format';
import type { ModelColumn, TableFilter, TableLocale } from './types';
import { NON_ASCII, normaliseSearchText, queryTerms } from './search-text';
import type { NumberCodes, NumberShape } from './number-text';
import { RAW_NUMBER_ALPHABET, codesOf, numberAlphabet, numberCharsHold, numberCodesOf, numberSearchText, numberShapeOf, writeNumberChars } from './number-text';
import { cellReader, formatOptions, isNumericFormat } from './shared';

/**
 * Search text of one cell, not yet normalised: its formatted text and, for numbers, also its raw
 * text, so "1234" finds the cell showing "$1,234.00" and so does "1,234". Separated by \u0001 so
 * no term spans both. The fast path for numbers (`numberSearchText`) gives the same text normalised.
 */
function cellSearchText(value: unknown, format: ValueFormat, options: FormatOptions): string {
  if (value === null || value === undefined) return '';
  const shown = formatValue(value, format, options);
  const raw = valueToText(value);
  return shown === raw ? shown : `${shown}\u0001${raw}`;
}

/**
 * The normalised search text of a number cell in a `format` column, as the index holds it (for
 * the property tests; not part of the public API).
 *
 * @internal
 */
export function searchTextOfNumber(value: number, format: ValueFormat, options: FormatOptions = {}): string {
  return cellTextFunction(format, options, isNumericFormat(format) ? getNumberFormat(options.locale, format, options.currency) : null)(value);
}

// --- Search texts per column --------------------------------------------------------------------

/** Normalised search texts of one column (or of whole rows), built for rows [0, built). */
interface SearchTexts {
  readonly texts: string[];
  built: number;
}

/** The search texts of one column and how to make them. */
interface ColumnTexts extends SearchTexts {
  readonly read: (row: Row) => unknown;
  /** Normalised search text of one cell value. */
  readonly text: (value: unknown) => string;
  /** Number formatter of the column (null for text columns), its shape and codes when read. */
  readonly intl: Intl.NumberFormat | null;
  /** The formatter's shape and codes for writing numbers (`numberWriter`); undefined until needed. */
  writer: { readonly shape: NumberShape; readonly codes: NumberCodes } | null | undefined;
  /** Whether every cell holds a finite number or nothing (undefined until a query needs to know). */
  numbersOnly: boolean | undefined;
}

/** Texts of global search over one set of searchable columns. */
interface GlobalTexts extends SearchTexts {
  /**
   * `texts[i]`: the row's column texts joined by \u0000, for rows [0, built). Until every row is
   * joined, global search matches column by column with these; dropped (null) once all are joined.
   */
  columns: ColumnTexts[] | null;
}

/** The cached search texts of one rows array for one locale and currency. */
interface SearchIndex {
  /** `key\u0000format` → the texts of that column, for per-column filters. */
  readonly columns: Map<string, ColumnTexts>;
  /** Searchable-column signature → the texts of global search. */
  readonly rows: Map<string, GlobalTexts>;
}

const searchCache = new WeakMap<readonly Row[], Map<string, SearchIndex>>();

function searchIndexFor(rows: readonly Row[], options: FormatOptions): SearchIndex {
  let perRows = searchCache.get(rows);
  if (perRows === undefined) {
    perRows = new Map();
    searchCache.set(rows, perRows);
  }
  const cacheKey = `${options.locale ?? ''}\u0000${options.currency ?? ''}`;
  let index = perRows.get(cacheKey);
  if (index === undefined) {
    index = { columns: new Map(), rows: new Map() };
    perRows.set(cacheKey, index);
  }
  return index;
}

/** More entries than this and a column's memo of texts stops growing. */
const MEMO_LIMIT = 65_536;
/** After this many distinct values a memo that is hit less often than it misses is dropped. */
const MEMO_TRIAL = 2048;

/**
 * `text` remembering the result per distinct primitive value, for columns that repeat values
 * (cities, statuses, quantities): a lookup is cheaper than normalising or formatting again. The
 * memo drops itself when the column turns out to be mostly distinct.
 */
function memoised(text: (value: unknown) => string): (value: unknown) => string {
  let memo: Map<unknown, string> | null = new Map();
  let hits = 0;
  return (value) => {
    if (memo === null || (value !== null && typeof value === 'object')) return text(value);
    let found = memo.get(value);
    if (found !== undefined) {
      hits++;
      return found;
    }
    found = text(value);
    if (memo.size < MEMO_LIMIT) memo.set(value, found);
    if (memo.size === MEMO_TRIAL && hits < MEMO_TRIAL) memo = null;
    return found;
  };
}

/** The function giving a cell's normalised search text in a column of `format`. */
function cellTextFunction(format: ValueFormat, options: FormatOptions, intl: Intl.NumberFormat | null): (value: unknown) => string {
  if (intl === null) {
    return (value) => {
      if (typeof value === 'string') return normaliseSearchText(value);
      // String(x) of a finite number is already in normal form.
      if (typeof value === 'number' && value - value === 0) return String(value);
      return normaliseSearchText(cellSearchText(value, format, options));
    };
  }
  // Read on the first number: a query that never looks at this column's numbers does not pay for it.
  let shape: NumberShape | null | undefined;
  let codes: NumberCodes | null = null;
  return (value) => {
    if (typeof value === 'number' && value - value === 0) {
      if (shape === undefined) {
        shape = numberShapeOf(intl);
        codes = shape === null ? null : numberCodesOf(shape);
      }
      return numberSearchText(value, shape, codes, intl);
    }
    return normaliseSearchText(cellSearchText(value, format, options));
  };
}

function newColumnTexts<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions): ColumnTexts {
  const read = cellReader<Row>(column.key);
  const intl = isNumericFormat(column.format) ? getNumberFormat(options.locale, column.format, options.currency) : null;
  const text = memoised(cellTextFunction(column.format, options, intl));
  return { texts: new Array<string>(rows.length), built: 0, read, text, intl, writer: intl === null ? null : undefined, numbersOnly: undefined };
}

function columnTextsFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions, index: SearchIndex): ColumnTexts {
  const key = `${column.key}\u0000${column.format}`;
  let entry = index.columns.get(key);
  if (entry === undefined) {
    entry = newColumnTexts(rows, column, options);
    index.columns.set(key, entry);
  }
  return entry;
}

/** Fills the texts of a column up to row `limit` and returns them. */
function fillColumnTexts(rows: readonly Row[], entry: ColumnTexts, limit: number): ColumnTexts {
  const end = Math.min(rows.length, limit);
  const { texts, read, text } = entry;
  for (let i = entry.built; i < end; i++) {
    const value = read(rows[i] as Row);
    texts[i] = value === null || value === undefined ? '' : text(value);
  }
  if (end > entry.built) entry.built = end;
  return entry;
}

/** Whether `term` could occur in the text of some finite number of the column. */
function fitsNumberText(entry: ColumnTexts, term: string): boolean {
  const alphabet = entry.intl === null ? RAW_NUMBER_ALPHABET : numberAlphabet(entry.intl);
  for (const ch of term) if (!alphabet.has(ch)) return false;
  return true;
}

/**
 * Settles `numbersOnly` (every cell a finite number or nothing) for the entries where `term` cannot
 * occur in a number's text and it is not known yet: one pass over the rows for all of them.
 */
function settleNumbersOnly(rows: readonly Row[], entries: readonly ColumnTexts[], term: string): void {
  const open = entries.filter((entry) => entry.numbersOnly === undefined && !fitsNumberText(entry, term));
  if (open.length === 0) return;
  for (const entry of open) entry.numbersOnly = true;
  let left = open.length;
  for (let i = 0; i < rows.length && left > 0; i++) {
    const row = rows[i] as Row;
    for (let c = 0; c < open.length; c++) {
      const entry = open[c] as ColumnTexts;
      if (!entry.numbersOnly) continue;
      const value = entry.read(row);
      if (value !== null && value !== undefined && !(typeof value === 'number' && value - value === 0)) {
        entry.numbersOnly = false;
        left--;
      }
    }
  }
}

/**
 * Whether `term` can occur in some cell of the column. A column whose cells all hold finite numbers
 * (or nothing) has texts made of a known set of characters, so "k" cannot match it and none of
 * its cells need be looked at for that query (`settleNumbersOnly` must have run for the term).
 */
function columnMayContain(entry: ColumnTexts, term: string): boolean {
  return entry.numbersOnly !== true || fitsNumberText(entry, term);
}

function globalTextsFor<R extends Row>(rows: readonly R[], searchable: readonly ModelColumn<R>[], options: FormatOptions, index: SearchIndex): GlobalTexts {
  const signature = searchable.map((c) => `${c.key}\u0000${c.format}`).join('\u0002');
  let entry = index.rows.get(signature);
  if (entry === undefined) {
    entry = { texts: new Array<string>(rows.length), built: 0, columns: searchable.map((column) => newColumnTexts(rows, column, options)) };
    index.rows.set(signature, entry);
  }
  return entry;
}

/**
 * Joins the rows' column texts by \u0000 up to row `limit`, building the column texts as far as
 * needed. Normalisation works character by character and never across the separators, so this
 * equals normalising the joined cell texts, as the row index always did. Once every row is joined
 * the column texts are dropped: global search needs only the joined texts from then on.
 */
function fillRowTexts(rows: readonly Row[], entry: GlobalTexts, limit: number): GlobalTexts {
  const end = Math.min(rows.length, limit);
  const columns = entry.columns;
  if (end <= entry.built || columns === null) return entry;
  const lists = columns.map((column) => fillColumnTexts(rows, column, end).texts);
  const parts = new Array<string>(lists.length);
  for (let i = entry.built; i < end; i++) {
    for (let c = 0; c < lists.length; c++) parts[c] = (lists[c] as string[])[i] ?? '';
    // join() yields a flat string; `+=` would leave rope strings the first search must flatten.
    entry.texts[i] = parts.join('\u0000');
  }
  entry.built = end;
  if (end >= rows.length) entry.columns = null;
  return entry;
}

/**
 * Builds (part of) the search texts of `rows` now, so a later keystroke is one pass of `includes`:
 * the global row texts, or the per-column texts of `columnKey` when given. `maxRows` bounds the
 * work of one call (the next call continues where this one stopped), so idle-time callers can
 * spread it over short steps. Returns true when that part of the index is complete.
 */
export function warmSearchIndex<R extends Row>(
  rows: readonly R[],
  columns: readonly ModelColumn<R>[],
  locale?: TableLocale,
  columnKey?: string,
  maxRows = Number.POSITIVE_INFINITY,
): boolean {
  const options = formatOptions(locale);
  const index = searchIndexFor(rows, options);
  if (columnKey === undefined) {
    const entry = globalTextsFor(rows, columns.filter((c) => c.searchable), options, index);
    return fillRowTexts(rows, entry, entry.built + maxRows).built >= rows.length;
  }
  const column = columns.find((c) => c.key === columnKey && c.searchable);
  if (!column) return true;
  const entry = columnTextsFor(rows, column, options, index);
  return fillColumnTexts(rows, entry, entry.built + maxRows).built >= rows.length;
}

/** Keeps the rows of `flags` (all rows when null) whose text holds every term. */
function keepMatchingAll(flags: Uint8Array | null, texts: readonly string[], terms: readonly string[], count: number): Uint8Array {
  const out = flags ?? new Uint8Array(count).fill(1);
  for (let i = 0; i < count; i++) {
    if (out[i] === 0) continue;
    const text = texts[i] ?? '';
    for (let t = 0; t < terms.length; t++) {
      if (!text.includes(terms[t] ?? '')) {
        out[i] = 0;
        break;
      }
    }
  }
  return out;
}

/** Patterns finding a term in ASCII text as it is (normalising ASCII text only lower-cases it and folds whitespace, which no term holds). */
interface TermPatterns {
  /** The term's character codes (to find it in a number written by `writeNumberChars`). */
  readonly codes: readonly number[];
  /** The term, case-insensitively; null when the term is not ASCII (then no ASCII text holds it). */
  readonly term: RegExp | null;
  /** The term, or any character that is not ASCII (texts that need a closer look). */
  readonly termOrOther: RegExp | null;
}

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;

function termPatterns(term: string): TermPatterns {
  const codes = codesOf(term);
  if (NON_ASCII.test(term)) return { codes, term: null, termOrOther: null };
  const escaped = term.replace(REGEXP_SPECIAL, '\\$&');
  return { codes, term: new RegExp(escaped, 'i'), termOrOther: new RegExp(`${escaped}|[^\\u0000-\\u007f]`, 'i') };
}

/** The shape and codes for writing the column's numbers, read on first use; null when Intl must write them. */
function numberWriter(entry: ColumnTexts): { readonly shape: NumberShape; readonly codes: NumberCodes } | null {
  if (entry.writer === undefined) {
    const shape = entry.intl === null ? null : numberShapeOf(entry.intl);
    const codes = shape === null ? null : numberCodesOf(shape);
    entry.writer = shape === null || codes === null ? null : { shape, codes };
  }
  return entry.writer;
}

/**
 * Whether the cell `value` of a column holds `term`, looked at as it is, without building (or
 * keeping) its text: ASCII strings of text columns are searched as they are with `patterns`, the
 * usual numbers as the character codes `writeNumberChars` writes, other values through the
 * column's text function. Allocates nothing for ASCII text and those numbers, so a first keystroke
 * does not fill the young generation with texts the collector would then have to copy.
 */
function cellHolds(entry: ColumnTexts, value: unknown, term: string, patterns: TermPatterns): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number' && value - value === 0 && entry.intl !== null) {
    const writer = numberWriter(entry);
    const n = writer === null ? -1 : writeNumberChars(value, writer.shape, writer.codes);
    return n >= 0 ? numberCharsHold(n, patterns.codes) : entry.text(value).includes(term);
  }
  if (typeof value === 'string' && entry.intl === null) {
    // In a text column a string's text is the string itself, normalised.
    const found = patterns.term;
    const foundOrOther = patterns.termOrOther;
    if (found === null || foundOrOther === null) return NON_ASCII.test(value) && entry.text(value).includes(term);
    return foundOrOther.test(value) && (found.test(value) || entry.text(value).includes(term));
  }
  return entry.text(value).includes(term);
}

/**
 * The rows that `flags` keeps (all when null) where one of `entries` holds `term`: for each row,
 * the texts built so far, else the cells as they are (`cellHolds`). Row by row rather than column
 * by column, so each row object is visited once however many columns are searched.
 */
function rowsHolding(rows: readonly Row[], entries: readonly ColumnTexts[], term: string, flags: Uint8Array | null): Uint8Array {
  const count = rows.length;
  const hits = new Uint8Array(count);
  settleNumbersOnly(rows, entries, term);
  const candidates = entries.filter((entry) => columnMayContain(entry, term));
  if (candidates.length === 0) return hits;
  const patterns = termPatterns(term);
  for (let i = 0; i < count; i++) {
    if (flags !== null && flags[i] === 0) continue;
    const row = rows[i] as Row;
    for (let c = 0; c < candidates.length; c++) {
      const entry = candidates[c] as ColumnTexts;
      if (i < entry.built ? (entry.texts[i] ?? '').includes(term) : cellHolds(entry, entry.read(row), term, patterns)) {
        hits[i] = 1;
        break;
      }
    }
  }
  return hits;
}

/**
 * Which rows pass the filter: a flag per row, or null when there is no active filter (all pass).
 * Global search uses the joined row texts once complete; before that it matches column by column,
 * only the columns each term can occur in (a term occurs in a row exactly when it occurs in one
 * of its cells, since no term holds the separators).
 */
export function matchFlags<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter | undefined, options: FormatOptions): Uint8Array | null {
  if (filter === undefined) return null;
  const count = rows.length;
  const index = searchIndexFor(rows, options);
  let flags: Uint8Array | null = null;
  const globalTerms = queryTerms(filter.global);
  const searchable = columns.filter((c) => c.searchable);
  if (globalTerms.length > 0 && searchable.length > 0) {
    const global = globalTextsFor(rows, searchable, options, index);
    if (global.columns === null) flags = keepMatchingAll(flags, global.texts, globalTerms, count);
    else for (const term of globalTerms) flags = rowsHolding(rows, global.columns, term, flags);
  }
  if (filter.perColumn) {
    for (const column of searchable) {
      if (!Object.prototype.hasOwnProperty.call(filter.perColumn, column.key)) continue;
      const entry = columnTextsFor(rows, column, options, index);
      for (const term of queryTerms(filter.perColumn[column.key])) flags = rowsHolding(rows, [entry], term, flags);
    }
  }
  return flags;
}

/**
 * Rows that match the search; a new array of the same row objects, in their original order.
 *
 * - Matching is case- and accent-insensitive "contains" (`normaliseSearchText`); a query of several
 *   words matches when EVERY word occurs (anywhere in the row for `global`, in that column for a
 *   per-column filter). Blank queries match everything.
 * - `global` looks at searchable columns only (`searchable: false` columns are never matched);
 *   `perColumn[key]` filters by that column only, and is ignored for unknown or non-searchable keys.
 *   Both together must all match.
 * - Cells are matched against their displayed text (`formatValue` with the locale and currency)
 *   AND, for numbers, their raw text: `1234.5` is found by "1,234.5", "$1,234.50" and "1234.5".
 *   Null and undefined cells match nothing.
 *
 * The texts are built once per rows array (and locale/currency), column by column as queries need
 * them, then reused for every keystroke.
 */
export function filterRows<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter, locale?: TableLocale): R[] {
  const flags = matchFlags(rows, columns, filter, formatOptions(locale));
  if (flags === null) return rows.slice();
  const result: R[] = [];
  for (let i = 0; i < rows.length; i++) if (flags[i] === 1) result.push(rows[i] as R);
  return result;
}
