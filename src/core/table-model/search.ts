/**
 * Searching rows in the search language (../search, docs/search.md): per-column and per-row text
 * caches and per-column number caches built in resumable steps (`warmSearchIndex`), cold matching
 * straight from the cells before the caches exist, and the evaluation of a parsed query over them:
 * the public `filterRows` and the `matchFlags` it shares with the view.
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from '../types';
import { getNumberFormat, valueToText } from '../format';
import type { ModelColumn, TableFilter, TableLocale } from './types';
import { NON_ASCII, normaliseSearchText } from './search-text';
import type { NumberCodes, NumberShape } from './number-text';
import { RAW_NUMBER_ALPHABET, codesOf, numberAlphabet, numberCharsHold, numberCodesOf, numberSearchText, numberShapeOf, writeNumberChars } from './number-text';
import { cellReader, filterHasText, formatOptions, isNumericFormat } from './shared';
import { cellNumber, cellSearchText } from '../search/cell';
import type { GroupPlan } from '../search/evaluate';
import { planQuery, textIn } from '../search/evaluate';
import type { NumberSymbols } from '../search/numbers';
import { numberSymbols, someNumberIn } from '../search/numbers';
import { parseSearchQuery } from '../search/parse';
import { passesValuesCheck, valuesCheck } from '../search/values';

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

/** The cached search texts and numbers of one rows array for one locale and currency. */
interface SearchIndex {
  /** `key\u0000format` → the texts of that column, for per-column filters. */
  readonly columns: Map<string, ColumnTexts>;
  /** Searchable-column signature → the texts of global search. */
  readonly rows: Map<string, GlobalTexts>;
  /** `key\u0000format` → the numbers of that column, for number terms. */
  readonly numbers: Map<string, ColumnNumbers>;
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
 * Whether the column's cells in rows [lo, hi) are all finite numbers (or nothing): then their texts
 * are made of a known set of characters, so "k" cannot match them and none of them need be looked
 * at for that word. Looking at the whole table settles `numbersOnly` for good; a step of
 * `visibleRowsInSteps` looks only at its own rows (the first keystroke must not pay for a pass over
 * every row of every numeric column). Stops at the first cell that is not a number.
 */
function numbersOnlyIn(rows: readonly Row[], entry: ColumnTexts, lo: number, hi: number): boolean {
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

function globalTextsFor<R extends Row>(rows: readonly R[], searchable: readonly ModelColumn<R>[], options: FormatOptions, index: SearchIndex): GlobalTexts {
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
interface TermPatterns {
  /** The term's character codes (to find it in a number written by `writeNumberChars`). */
  readonly codes: readonly number[];
  /** The term, case-insensitively; null when the term is not ASCII (then no ASCII text holds it). */
  readonly term: RegExp | null;
  /** The term, or a character that is not ASCII, or whitespace normalising changes (texts that need a closer look). */
  readonly termOrOther: RegExp | null;
}

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;
/** What sends an ASCII text to the closer look: a character that is not ASCII, or whitespace that normalising changes. */
const CLOSER_LOOK = '[^\\u0000-\\u007f]|\\s\\s|[^\\S ]';
const NEEDS_CLOSER_LOOK = new RegExp(CLOSER_LOOK);

function escapeTerm(term: string): string {
  return term.replace(REGEXP_SPECIAL, '\\$&');
}

function termPatterns(term: string): TermPatterns {
  const codes = codesOf(term);
  if (NON_ASCII.test(term)) return { codes, term: null, termOrOther: null };
  const escaped = escapeTerm(term);
  return { codes, term: new RegExp(escaped, 'i'), termOrOther: new RegExp(`${escaped}|${CLOSER_LOOK}`, 'i') };
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

// --- Numbers per column -------------------------------------------------------------------------

/**
 * The numbers of one column's cells as search terms see them (`cellNumber`, else the numbers
 * written in the cell's text), built for rows [0, built): `first[i]` is the cell's first number
 * (NaN: none); a cell with more than one number has `multi[i]` set and all of them in `more`.
 */
interface ColumnNumbers {
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

function columnNumbersFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions, index: SearchIndex): ColumnNumbers {
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
function rowNumberHolds(rows: readonly Row[], entry: ColumnNumbers, i: number, test: (n: number) => boolean, options: FormatOptions, symbols: NumberSymbols): boolean {
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

// --- Evaluating a query over the index ----------------------------------------------------------

/**
 * Where a query looks: the searchable columns of the global search (its row texts once complete,
 * else their column texts) or the one column of a column filter, with their numbers.
 */
interface Target {
  readonly rows: readonly Row[];
  readonly keys: readonly string[];
  /** The joined row texts of the global search; null for a column filter. */
  readonly global: GlobalTexts | null;
  /** Column texts in `keys` order: the global search's while its row texts are incomplete. */
  readonly texts: () => readonly ColumnTexts[];
  readonly numbers: () => readonly ColumnNumbers[];
  readonly options: FormatOptions;
  readonly symbols: NumberSymbols;
  /** The rows looked at: [lo, hi) (the whole table, or one step of `visibleRowsInSteps`). */
  readonly lo: number;
  readonly hi: number;
}

/** Positions in `target.keys` of a scope's columns (all of them for null). */
function positionsOf(target: Target, scope: readonly string[] | null): number[] {
  if (scope === null) return target.keys.map((_, i) => i);
  const positions: number[] = [];
  target.keys.forEach((key, i) => {
    if (scope.includes(key)) positions.push(i);
  });
  return positions;
}

/** Whether the `column`-th \u0000-separated cell of a joined row text holds `term`. */
function segmentHolds(text: string, column: number, term: string): boolean {
  let start = 0;
  for (let c = 0; c < column; c++) {
    const next = text.indexOf('\u0000', start);
    if (next < 0) return false;
    start = next + 1;
  }
  let end = text.indexOf('\u0000', start);
  if (end < 0) end = text.length;
  const at = text.indexOf(term, start);
  return at >= 0 && at + term.length <= end;
}

/** A word looked for in every cell of the target (an unscoped `includes` term), shared by the groups that have it. */
interface Word {
  readonly term: string;
  readonly patterns: TermPatterns;
}

/** The normalised text of row `i`'s cell of a column: built, or made from the cell now. */
function cellText(rows: readonly Row[], entry: ColumnTexts, i: number): string {
  if (i < entry.built) return entry.texts[i] ?? '';
  const value = entry.read(rows[i] as Row);
  return value === null || value === undefined ? '' : entry.text(value);
}

/** Whether row `i`'s cell of a column holds `term`: built text, else the cell as it is (`cellHolds`). */
function cellHoldsAt(rows: readonly Row[], entry: ColumnTexts, i: number, term: string, patterns: TermPatterns): boolean {
  return i < entry.built ? (entry.texts[i] ?? '').includes(term) : cellHolds(entry, entry.read(rows[i] as Row), term, patterns);
}

/**
 * For each row of `alive` (all when null) in [lo, hi), which of `words` occur in one of `entries`
 * (`hits[w][i - lo]`), in one pass that looks at each cell once: built texts by `includes`, the
 * cells as they are before that, where one case-insensitive pattern per column finds "any of its
 * words, or a text that needs a closer look", so a cell holding none of the words costs one test
 * however many words the query has. Columns holding only numbers are skipped for words no number
 * can show. A plain loop on purpose: a first keystroke runs it before the engine has optimised
 * anything.
 */
function wordHits(rows: readonly Row[], entries: readonly ColumnTexts[], words: readonly Word[], alive: Uint8Array | null, lo: number, hi: number): Uint8Array[] {
  const hits = words.map(() => new Uint8Array(hi - lo));
  const perColumn: number[][] = entries.map(() => []);
  for (let c = 0; c < entries.length; c++) {
    const entry = entries[c] as ColumnTexts;
    // Only asked when some word holds a character no number of the column shows.
    const onlyNumbers = words.some((word) => !fitsNumberText(entry, word.term)) && numbersOnlyIn(rows, entry, lo, hi);
    for (let w = 0; w < words.length; w++) if (!onlyNumbers || fitsNumberText(entry, (words[w] as Word).term)) (perColumn[c] as number[]).push(w);
  }
  const columns: ColumnTexts[] = [];
  const lists: number[][] = [];
  const anyOf: RegExp[] = [];
  for (let c = 0; c < entries.length; c++) {
    const list = perColumn[c] as number[];
    if (list.length === 0) continue;
    columns.push(entries[c] as ColumnTexts);
    lists.push(list);
    const ascii = list.map((w) => (words[w] as Word).term).filter((term) => !NON_ASCII.test(term));
    anyOf.push(new RegExp(ascii.length === 0 ? CLOSER_LOOK : `${ascii.map(escapeTerm).join('|')}|${CLOSER_LOOK}`, 'i'));
  }
  for (let i = lo; i < hi; i++) {
    if (alive !== null && alive[i] === 0) continue;
    const row = rows[i] as Row;
    const at = i - lo;
    for (let c = 0; c < columns.length; c++) {
      const entry = columns[c] as ColumnTexts;
      const list = lists[c] as number[];
      let text: string;
      if (i < entry.built) text = entry.texts[i] ?? '';
      else {
        const value = entry.read(row);
        if (value === null || value === undefined) continue;
        if (typeof value === 'number' && value - value === 0 && entry.intl !== null) {
          const writer = numberWriter(entry);
          const n = writer === null ? -1 : writeNumberChars(value, writer.shape, writer.codes);
          if (n >= 0) {
            for (let k = 0; k < list.length; k++) {
              const w = list[k] as number;
              if (numberCharsHold(n, (words[w] as Word).patterns.codes)) (hits[w] as Uint8Array)[at] = 1;
            }
            continue;
          }
          text = entry.text(value);
        } else if (typeof value === 'string' && entry.intl === null) {
          if (!(anyOf[c] as RegExp).test(value)) continue;
          if (NEEDS_CLOSER_LOOK.test(value)) text = entry.text(value);
          else {
            // Plain ASCII: only ASCII words can be in it, found as they are.
            for (let k = 0; k < list.length; k++) {
              const w = list[k] as number;
              const found = (words[w] as Word).patterns.term;
              if (found !== null && found.test(value)) (hits[w] as Uint8Array)[at] = 1;
            }
            continue;
          }
        } else text = entry.text(value);
      }
      for (let k = 0; k < list.length; k++) {
        const w = list[k] as number;
        if (text.includes((words[w] as Word).term)) (hits[w] as Uint8Array)[at] = 1;
      }
    }
  }
  return hits;
}

/** A check of one row that is not a word: a scoped or `%` text term, or number terms. */
interface RowCheck {
  readonly negate: boolean;
  readonly check: (i: number) => boolean;
}

/** A group over word hits: the words it needs and excludes, then its other checks. */
interface WordGroup {
  readonly must: readonly Uint8Array[];
  readonly mustNot: readonly Uint8Array[];
  readonly others: readonly RowCheck[];
}

/** The unscoped words of a query's plans and where each is in the list. */
interface PlanWords {
  readonly words: readonly Word[];
  readonly wordOf: ReadonlyMap<string, number>;
}

/** Made once per plans (a prepared filter runs its plans step after step). */
const planWords = new WeakMap<readonly GroupPlan[], PlanWords>();

function wordsOf(plans: readonly GroupPlan[]): PlanWords {
  let known = planWords.get(plans);
  if (known === undefined) {
    const words: Word[] = [];
    const wordOf = new Map<string, number>();
    for (const plan of plans) {
      for (const test of plan.texts) {
        if (!test.contains || test.scope !== null) continue;
        const term = test.parts[0] as string;
        if (!wordOf.has(term)) {
          wordOf.set(term, words.length);
          words.push({ term, patterns: termPatterns(term) });
        }
      }
    }
    known = { words, wordOf };
    planWords.set(plans, known);
  }
  return known;
}

/**
 * The rows of `alive` (all when null) that match the query while the row texts are incomplete:
 * the words of all groups settled in one pass (`wordHits`), then each row's groups tried in order,
 * with the other checks only where the words allow.
 */
function matchByWords(target: Target, plans: readonly GroupPlan[], alive: Uint8Array | null): Uint8Array {
  const rows = target.rows;
  const { lo, hi } = target;
  const columns = target.texts();
  const { words, wordOf } = wordsOf(plans);
  const hits = wordHits(rows, columns, words, alive, lo, hi);
  const numbers = plans.some((plan) => plan.clusters.length > 0) ? target.numbers() : [];
  const groups: WordGroup[] = plans.map((plan) => {
    const must: Uint8Array[] = [];
    const mustNot: Uint8Array[] = [];
    const others: RowCheck[] = [];
    for (const test of plan.texts) {
      if (test.contains && test.scope === null) {
        (test.negate ? mustNot : must).push(hits[wordOf.get(test.parts[0] as string) as number] as Uint8Array);
        continue;
      }
      const entries = positionsOf(target, test.scope).map((c) => columns[c] as ColumnTexts);
      const term = test.parts[0] as string;
      const patterns = test.contains ? termPatterns(term) : null;
      others.push({
        negate: test.negate,
        check: (i) => {
          for (const entry of entries) {
            if (patterns !== null) {
              if (cellHoldsAt(rows, entry, i, term, patterns)) return true;
              continue;
            }
            // A `%` pattern: column filters only.
            const text = cellText(rows, entry, i);
            if (textIn(text, 0, text.length, test)) return true;
          }
          return false;
        },
      });
    }
    for (const cluster of plan.clusters) {
      const entries = positionsOf(target, cluster.scope).map((c) => numbers[c] as ColumnNumbers);
      others.push({ negate: cluster.negate, check: (i) => someRowNumber(target, entries, i, cluster.test) });
    }
    return { must, mustNot, others };
  });
  const out = new Uint8Array(rows.length);
  for (let i = lo; i < hi; i++) {
    if (alive !== null && alive[i] === 0) continue;
    const at = i - lo;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] as WordGroup;
      let ok = true;
      for (let k = 0; ok && k < group.must.length; k++) if ((group.must[k] as Uint8Array)[at] === 0) ok = false;
      for (let k = 0; ok && k < group.mustNot.length; k++) if ((group.mustNot[k] as Uint8Array)[at] === 1) ok = false;
      for (let k = 0; ok && k < group.others.length; k++) {
        const other = group.others[k] as RowCheck;
        if (other.check(i) === other.negate) ok = false;
      }
      if (ok) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}

/** Whether a number of row `i` in one of `entries` satisfies `test` (typed arrays where built, else the cell). */
function someRowNumber(target: Target, entries: readonly ColumnNumbers[], i: number, test: (n: number) => boolean): boolean {
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e] as ColumnNumbers;
    if (i < entry.built) {
      const n = entry.first[i] as number;
      // NaN: the cell has no number.
      if (n !== n) continue;
      if (test(n)) return true;
      if (entry.multi[i] === 1 && rowNumberHolds(target.rows, entry, i, test, target.options, target.symbols)) return true;
    } else if (rowNumberHolds(target.rows, entry, i, test, target.options, target.symbols)) return true;
  }
  return false;
}

/** Marks in `out` the rows of `within` (all when null) in [lo, hi) whose row text holds every word. */
function rowsHavingAll(texts: readonly string[], words: readonly string[], within: Uint8Array | null, out: Uint8Array, lo: number, hi: number): Uint8Array {
  for (let i = lo; i < hi; i++) {
    if (within !== null && within[i] === 0) continue;
    const text = texts[i] ?? '';
    let ok = 1;
    for (let k = 0; k < words.length; k++) {
      if (!text.includes(words[k] as string)) {
        ok = 0;
        break;
      }
    }
    out[i] = ok;
  }
  return out;
}

/** A group over complete row texts: its unscoped words as plain lists, the rest as checks. */
interface JoinedGroup {
  readonly must: readonly string[];
  readonly mustNot: readonly string[];
  readonly others: readonly { readonly negate: boolean; readonly check: (text: string, i: number) => boolean }[];
}

/**
 * The rows of `within` (all when null) that match the query; plain words are its simplest case.
 * With complete row texts, in one tight pass: per row and group, `includes` for its words and exclusions, then
 * its scoped terms (the named cells of the row text) and number terms (typed arrays). Before that,
 * from word hits (`matchByWords`), which look at each cell once for all words.
 */
function rowsMatchingPlans(target: Target, plans: readonly GroupPlan[], within: Uint8Array | null): Uint8Array {
  const count = target.rows.length;
  const global = target.global;
  if (global === null || global.columns !== null) return matchByWords(target, plans, within);
  const out = new Uint8Array(count);
  const texts = global.texts;
  const { lo, hi } = target;
  const numbers = plans.some((plan) => plan.clusters.length > 0) ? target.numbers() : [];
  const groups: JoinedGroup[] = plans.map((plan) => {
    const must: string[] = [];
    const mustNot: string[] = [];
    const others: { negate: boolean; check: (text: string, i: number) => boolean }[] = [];
    for (const test of plan.texts) {
      const term = test.parts[0] as string;
      if (test.scope === null) (test.negate ? mustNot : must).push(term);
      else {
        const positions = positionsOf(target, test.scope);
        others.push({
          negate: test.negate,
          check: (text) => {
            for (let p = 0; p < positions.length; p++) if (segmentHolds(text, positions[p] as number, term)) return true;
            return false;
          },
        });
      }
    }
    for (const cluster of plan.clusters) {
      const entries = positionsOf(target, cluster.scope).map((c) => numbers[c] as ColumnNumbers);
      others.push({ negate: cluster.negate, check: (_text, i) => someRowNumber(target, entries, i, cluster.test) });
    }
    return { must, mustNot, others };
  });
  const only = groups.length === 1 ? (groups[0] as JoinedGroup) : null;
  // Plain words, the most frequent search: the tightest loop, in a function of its own.
  if (only !== null && only.mustNot.length === 0 && only.others.length === 0) return rowsHavingAll(texts, only.must, within, out, lo, hi);
  for (let i = lo; i < hi; i++) {
    if (within !== null && within[i] === 0) continue;
    const text = texts[i] ?? '';
    for (let g = 0; g < groups.length; g++) {
      const { must, mustNot, others } = groups[g] as JoinedGroup;
      let ok = true;
      for (let k = 0; ok && k < must.length; k++) if (!text.includes(must[k] as string)) ok = false;
      for (let k = 0; ok && k < mustNot.length; k++) if (text.includes(mustNot[k] as string)) ok = false;
      for (let k = 0; ok && k < others.length; k++) {
        const other = others[k] as JoinedGroup['others'][number];
        if (other.check(text, i) === other.negate) ok = false;
      }
      if (ok) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}


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
