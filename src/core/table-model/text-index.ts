/**
 * The text index of a rows array: per column and per row the normalised texts the search language
 * looks in, and per column the numbers its number terms compare, built in resumable steps
 * (`warmSearchIndex`, `warmSearchNumbers`) and read cell by cell before they exist (`cellHolds`,
 * `rowNumberHolds`). `text-match.ts` evaluates a query over it, `table-filter.ts` runs a table's
 * filter through both.
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from '../types';
import { getNumberFormat } from '../format';
import type { ModelColumn, TableLocale } from './types';
import { NON_ASCII, normaliseSearchText } from './text-fold';
import type { NumberCodes, NumberShape } from './number-text';
import { RAW_NUMBER_ALPHABET, codesOf, numberAlphabet, numberCharsHold, numberCodesOf, numberSearchText, numberShapeOf, writeNumberChars } from './number-text';
import { cellReader, formatOptions, isNumericFormat } from './shared';
import { cellNumber, cellSearchText } from '../search/cell';
import type { NumberSymbols } from '../search/numbers';
import { numberSymbols, someNumberIn } from '../search/numbers';

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

/**
 * Normalised search texts of one column (or of whole rows), built for rows [0, built). `texts`
 * grows by appending (`texts.length === built`): a packed array, and nothing allocated up front,
 * where `new Array(100000)` would cost a first keystroke milliseconds per column.
 */
interface SearchTexts {
  readonly texts: string[];
  built: number;
}

/** The search texts of one column and how to make them. */
export interface ColumnTexts extends SearchTexts {
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
export interface GlobalTexts extends SearchTexts {
  /**
   * `texts[i]`: the row's column texts joined by \u0000, for rows [0, built). Until every row is
   * joined, global search matches column by column with these; dropped (null) once all are joined.
   */
  columns: ColumnTexts[] | null;
}

/** The cached search texts and numbers of one rows array for one locale and currency. */
export interface SearchIndex {
  /** `key\u0000format` → the texts of that column, for per-column filters. */
  readonly columns: Map<string, ColumnTexts>;
  /** Searchable-column signature → the texts of global search. */
  readonly rows: Map<string, GlobalTexts>;
  /** `key\u0000format` → the numbers of that column, for number terms. */
  readonly numbers: Map<string, ColumnNumbers>;
}

const searchCache = new WeakMap<readonly Row[], Map<string, SearchIndex>>();

export function searchIndexFor(rows: readonly Row[], options: FormatOptions): SearchIndex {
  let perRows = searchCache.get(rows);
  if (perRows === undefined) {
    perRows = new Map();
    searchCache.set(rows, perRows);
  }
  const cacheKey = `${options.locale ?? ''}\u0000${options.currency ?? ''}`;
  let index = perRows.get(cacheKey);
  if (index === undefined) {
    index = { columns: new Map(), rows: new Map(), numbers: new Map() };
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
  return { texts: [], built: 0, read, text, intl, writer: intl === null ? null : undefined, numbersOnly: undefined };
}

export function columnTextsFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions, index: SearchIndex): ColumnTexts {
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
export function fitsNumberText(entry: ColumnTexts, term: string): boolean {
  const alphabet = entry.intl === null ? RAW_NUMBER_ALPHABET : numberAlphabet(entry.intl);
  for (const ch of term) if (!alphabet.has(ch)) return false;
  return true;
}

/**
 * Whether the column's cells in rows [lo, hi) are all finite numbers (or nothing): then their texts
 * are made of a known set of characters, so "k" cannot match them and none of them need be looked
 * at for that word. Looking at the whole table settles `numbersOnly` for good; a step of
 * `visibleRowsInSteps` looks only at its own rows (the first keystroke must not pay for a pass over
 * every row of every numeric column). Stops at the first cell that is not a number.
 */
export function numbersOnlyIn(rows: readonly Row[], entry: ColumnTexts, lo: number, hi: number): boolean {
  if (entry.numbersOnly !== undefined) return entry.numbersOnly;
  const whole = lo === 0 && hi === rows.length;
  for (let i = lo; i < hi; i++) {
    const value = entry.read(rows[i] as Row);
    if (value !== null && value !== undefined && !(typeof value === 'number' && value - value === 0)) {
      if (whole) entry.numbersOnly = false;
      return false;
    }
  }
  if (whole) entry.numbersOnly = true;
  return true;
}

export function globalTextsFor<R extends Row>(rows: readonly R[], searchable: readonly ModelColumn<R>[], options: FormatOptions, index: SearchIndex): GlobalTexts {
  const signature = searchable.map((c) => `${c.key}\u0000${c.format}`).join('\u0002');
  let entry = index.rows.get(signature);
  if (entry === undefined) {
    entry = { texts: [], built: 0, columns: searchable.map((column) => newColumnTexts(rows, column, options)) };
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

/**
 * Builds (part of) the number caches that number terms (`>10`, `10..20`) read, so a later query
 * with numbers is one pass over typed arrays: those of every searchable column, or of `columnKey`
 * when given. `maxRows` bounds the rows of one call (the next call continues where this one
 * stopped). Returns true when they are complete. Queries never need this; they read what is built
 * and look at the cells for the rest.
 *
 * @example
 * while (!warmSearchNumbers(rows, columns, 'uk', undefined, 4096)) await idle();
 */
export function warmSearchNumbers<R extends Row>(
  rows: readonly R[],
  columns: readonly ModelColumn<R>[],
  locale?: TableLocale,
  columnKey?: string,
  maxRows = Number.POSITIVE_INFINITY,
): boolean {
  const options = formatOptions(locale);
  const index = searchIndexFor(rows, options);
  const symbols = numberSymbols(options.locale);
  const wanted = columns.filter((c) => c.searchable && (columnKey === undefined || c.key === columnKey));
  let budget = maxRows;
  let complete = true;
  for (const column of wanted) {
    const entry = columnNumbersFor(rows, column, options, index);
    if (entry.built < rows.length && budget > 0) {
      const before = entry.built;
      fillColumnNumbers(rows, entry, entry.built + budget, options, symbols);
      budget -= entry.built - before;
    }
    if (entry.built < rows.length) complete = false;
  }
  return complete;
}

/**
 * Patterns finding a term in ASCII text as it is. Normalising ASCII text only lower-cases it and
 * folds whitespace runs into one space, so a case-insensitive match in the text as it is equals a
 * match in its normal form, unless the text has such a run (`a  b`, a tab), which a phrase with a
 * space could span: those texts take the closer look, as non-ASCII ones do.
 */
export interface TermPatterns {
  /** The term's character codes (to find it in a number written by `writeNumberChars`). */
  readonly codes: readonly number[];
  /** The term, case-insensitively; null when the term is not ASCII (then no ASCII text holds it). */
  readonly term: RegExp | null;
  /** The term, or a character that is not ASCII, or whitespace normalising changes (texts that need a closer look). */
  readonly termOrOther: RegExp | null;
}

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;
/** What sends an ASCII text to the closer look: a character that is not ASCII, or whitespace that normalising changes. */
export const CLOSER_LOOK = '[^\\u0000-\\u007f]|\\s\\s|[^\\S ]';
export const NEEDS_CLOSER_LOOK = new RegExp(CLOSER_LOOK);

export function escapeTerm(term: string): string {
  return term.replace(REGEXP_SPECIAL, '\\$&');
}

export function termPatterns(term: string): TermPatterns {
  const codes = codesOf(term);
  if (NON_ASCII.test(term)) return { codes, term: null, termOrOther: null };
  const escaped = escapeTerm(term);
  return { codes, term: new RegExp(escaped, 'i'), termOrOther: new RegExp(`${escaped}|${CLOSER_LOOK}`, 'i') };
}

/** The shape and codes for writing the column's numbers, read on first use; null when Intl must write them. */
export function numberWriter(entry: ColumnTexts): { readonly shape: NumberShape; readonly codes: NumberCodes } | null {
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
export function cellHolds(entry: ColumnTexts, value: unknown, term: string, patterns: TermPatterns): boolean {
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

// --- Numbers per column -------------------------------------------------------------------------

/**
 * The numbers of one column's cells as search terms see them (`cellNumber`, else the numbers
 * written in the cell's text), built for rows [0, built): `first[i]` is the cell's first number
 * (NaN: none); a cell with more than one number has `multi[i]` set and all of them in `more`.
 */
export interface ColumnNumbers {
  readonly read: (row: Row) => unknown;
  readonly format: ValueFormat;
  readonly intl: Intl.NumberFormat | null;
  /** Allocated by the first fill: a query that finds nothing built allocates nothing. */
  first: Float64Array;
  multi: Uint8Array;
  readonly more: Map<number, Float64Array>;
  built: number;
}

const NO_NUMBERS = new Float64Array(0);
const NO_FLAGS = new Uint8Array(0);

export function columnNumbersFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions, index: SearchIndex): ColumnNumbers {
  const key = `${column.key}\u0000${column.format}`;
  let entry = index.numbers.get(key);
  if (entry === undefined) {
    entry = {
      read: cellReader<Row>(column.key),
      format: column.format,
      intl: isNumericFormat(column.format) ? getNumberFormat(options.locale, column.format, options.currency) : null,
      first: NO_NUMBERS,
      multi: NO_FLAGS,
      more: new Map(),
      built: 0,
    };
    index.numbers.set(key, entry);
  }
  return entry;
}

/** Scratch of `collectNumbers`. */
const found: number[] = [];
const collect = (n: number): boolean => {
  found.push(n);
  return false;
};

/**
 * The text whose numbers a cell holds when it is no number itself: the cell as it is for ASCII
 * strings (normalising them changes no digit, sign or separator: whitespace runs are one group
 * separator either way), else its normalised search text.
 */
function numberTextOf(value: unknown, entry: ColumnNumbers, options: FormatOptions): string {
  if (typeof value === 'string') {
    // Normalising never makes an ASCII digit, so a string without one holds no number ("Zürich").
    if (!NON_ASCII.test(value) || !HAS_DIGIT.test(value)) return value;
  }
  return normaliseSearchText(cellSearchText(value, entry.format, options));
}

const HAS_DIGIT = /[0-9]/;

/** Fills the numbers of a column up to row `limit`. */
function fillColumnNumbers(rows: readonly Row[], entry: ColumnNumbers, limit: number, options: FormatOptions, symbols: NumberSymbols): ColumnNumbers {
  const end = Math.min(rows.length, limit);
  if (end <= entry.built) return entry;
  if (entry.first.length !== rows.length) {
    entry.first = new Float64Array(rows.length);
    entry.multi = new Uint8Array(rows.length);
  }
  const { first, multi, more, read, intl } = entry;
  for (let i = entry.built; i < end; i++) {
    const value = read(rows[i] as Row);
    first[i] = Number.NaN;
    if (value === null || value === undefined) continue;
    const n = cellNumber(value, intl);
    if (n !== null) first[i] = n;
    else if (typeof value !== 'number') {
      const text = numberTextOf(value, entry, options);
      found.length = 0;
      someNumberIn(text, 0, text.length, symbols, collect);
      if (found.length > 0) first[i] = found[0] as number;
      if (found.length > 1) {
        multi[i] = 1;
        more.set(i, Float64Array.from(found));
      }
    }
  }
  if (end > entry.built) entry.built = end;
  return entry;
}

/** Whether a number of row `i` of the column satisfies `test`, from the cache or straight from the cell. */
export function rowNumberHolds(rows: readonly Row[], entry: ColumnNumbers, i: number, test: (n: number) => boolean, options: FormatOptions, symbols: NumberSymbols): boolean {
  if (i < entry.built) {
    const n = entry.first[i] as number;
    if (n !== n) return false;
    if (test(n)) return true;
    if (entry.multi[i] === 0) return false;
    const all = entry.more.get(i);
    if (all !== undefined) for (let k = 1; k < all.length; k++) if (test(all[k] as number)) return true;
    return false;
  }
  const value = entry.read(rows[i] as Row);
  if (value === null || value === undefined) return false;
  const n = cellNumber(value, entry.intl);
  if (n !== null) return test(n);
  if (typeof value === 'number') return false;
  const text = numberTextOf(value, entry, options);
  return someNumberIn(text, 0, text.length, symbols, test);
}
