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
import { cellReader, formatOptions, isNumericFormat } from './shared';
import { cellNumber, cellSearchText } from '../search/cell';
import type { GroupPlan, NumberCluster, TextTest } from '../search/evaluate';
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

/**
 * Builds (part of) the number caches that number terms (`>10`, `10..20`) read, so a later query
 * with numbers is one pass over typed arrays: those of every searchable column, or of `columnKey`
 * when given. `maxRows` bounds the rows of one call (the next call continues where this one
 * stopped). Returns true when they are complete. Queries never need this; they read what is built
 * and look at the cells for the rest.
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
  readonly first: Float64Array;
  readonly multi: Uint8Array;
  readonly more: Map<number, Float64Array>;
  built: number;
}

function columnNumbersFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions, index: SearchIndex): ColumnNumbers {
  const key = `${column.key}\u0000${column.format}`;
  let entry = index.numbers.get(key);
  if (entry === undefined) {
    entry = {
      read: cellReader<Row>(column.key),
      format: column.format,
      intl: isNumericFormat(column.format) ? getNumberFormat(options.locale, column.format, options.currency) : null,
      first: new Float64Array(rows.length),
      multi: new Uint8Array(rows.length),
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
  if (typeof value === 'string' && !NON_ASCII.test(value)) return value;
  return normaliseSearchText(cellSearchText(value, entry.format, options));
}

/** Fills the numbers of a column up to row `limit`. */
function fillColumnNumbers(rows: readonly Row[], entry: ColumnNumbers, limit: number, options: FormatOptions, symbols: NumberSymbols): ColumnNumbers {
  const end = Math.min(rows.length, limit);
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

/** The rows of `alive` where some cell of the test's columns matches the text test. */
function textHits(target: Target, test: TextTest, alive: Uint8Array): Uint8Array {
  const rows = target.rows;
  const count = rows.length;
  const positions = positionsOf(target, test.scope);
  const global = target.global;
  if (test.contains && global !== null && global.columns === null) {
    // Complete row texts: one `includes` per row, or per named cell.
    const term = test.parts[0] as string;
    const texts = global.texts;
    const hits = new Uint8Array(count);
    const all = positions.length === target.keys.length;
    for (let i = 0; i < count; i++) {
      if (alive[i] === 0) continue;
      const text = texts[i] ?? '';
      if (all) {
        if (text.includes(term)) hits[i] = 1;
        continue;
      }
      for (const c of positions) {
        if (segmentHolds(text, c, term)) {
          hits[i] = 1;
          break;
        }
      }
    }
    return hits;
  }
  const columns = target.texts();
  const entries = positions.map((c) => columns[c] as ColumnTexts);
  if (test.contains) return rowsHolding(rows, entries, test.parts[0] as string, alive);
  // A `%` pattern (column filters): match the normalised cell text.
  const hits = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    if (alive[i] === 0) continue;
    for (const entry of entries) {
      let text: string;
      if (i < entry.built) text = entry.texts[i] ?? '';
      else {
        const value = entry.read(rows[i] as Row);
        text = value === null || value === undefined ? '' : entry.text(value);
      }
      if (textIn(text, 0, text.length, test)) {
        hits[i] = 1;
        break;
      }
    }
  }
  return hits;
}

/** The rows of `alive` where some cell of the cluster's columns has a number satisfying it. */
function numberHits(target: Target, cluster: NumberCluster, alive: Uint8Array): Uint8Array {
  const rows = target.rows;
  const hits = new Uint8Array(rows.length);
  const all = target.numbers();
  const entries = positionsOf(target, cluster.scope).map((c) => all[c] as ColumnNumbers);
  const { options, symbols } = target;
  const test = cluster.test;
  for (let i = 0; i < rows.length; i++) {
    if (alive[i] === 0) continue;
    for (let c = 0; c < entries.length; c++) {
      if (rowNumberHolds(rows, entries[c] as ColumnNumbers, i, test, options, symbols)) {
        hits[i] = 1;
        break;
      }
    }
  }
  return hits;
}

function anyAlive(flags: Uint8Array): boolean {
  return flags.indexOf(1) >= 0;
}

/**
 * The rows of `within` (all when null) where some group of `plans` holds. Each group narrows its
 * rows term by term (positive terms first, so exclusions and number checks see few rows), and is
 * tried only on the rows no earlier group took.
 */
function rowsMatchingPlans(target: Target, plans: readonly GroupPlan[], within: Uint8Array | null): Uint8Array {
  const count = target.rows.length;
  const result = new Uint8Array(count);
  for (const plan of plans) {
    let alive: Uint8Array = new Uint8Array(count);
    for (let i = 0; i < count; i++) alive[i] = (within === null || within[i] === 1) && result[i] === 0 ? 1 : 0;
    for (const test of plan.texts) {
      if (!anyAlive(alive)) break;
      const hits = textHits(target, test, alive);
      if (!test.negate) alive = hits;
      else for (let i = 0; i < count; i++) if (hits[i] === 1) alive[i] = 0;
    }
    for (const cluster of plan.clusters) {
      if (!anyAlive(alive)) break;
      const hits = numberHits(target, cluster, alive);
      if (!cluster.negate) alive = hits;
      else for (let i = 0; i < count; i++) if (hits[i] === 1) alive[i] = 0;
    }
    for (let i = 0; i < count; i++) if (alive[i] === 1) result[i] = 1;
  }
  return result;
}

/** Plain words: one group of positive, unscoped `includes` terms; what the search did before the language, and as fast. */
function plainTerms(plans: readonly GroupPlan[]): string[] | null {
  if (plans.length !== 1) return null;
  const plan = plans[0] as GroupPlan;
  if (plan.clusters.length > 0) return null;
  const terms: string[] = [];
  for (const test of plan.texts) {
    if (test.negate || test.scope !== null || !test.contains) return null;
    terms.push(test.parts[0] as string);
  }
  return terms;
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

/** Runs a parsed query over a target, narrowing `flags` (all rows when null). */
function applyQuery(target: Target, plans: readonly GroupPlan[], flags: Uint8Array | null): Uint8Array {
  const terms = plainTerms(plans);
  if (terms !== null) {
    const global = target.global;
    if (global !== null && global.columns === null) return keepMatchingAll(flags, global.texts, terms, target.rows.length);
    let out = flags;
    const entries = target.texts();
    for (const term of terms) out = rowsHolding(target.rows, entries, term, out);
    return out ?? new Uint8Array(target.rows.length).fill(1);
  }
  return rowsMatchingPlans(target, plans, flags);
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
 * Which rows pass the filter: a flag per row, or null when there is no active filter (all pass).
 * The global query and each column filter are parsed into the search language's AST and run over
 * the index (`applyQuery`); values filters run over the raw cells.
 */
export function matchFlags<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter | undefined, options: FormatOptions): Uint8Array | null {
  if (filter === undefined || filter === null) return null;
  const index = searchIndexFor(rows, options);
  const symbols = numberSymbols(options.locale);
  let flags: Uint8Array | null = null;
  const searchable = columns.filter((c) => c.searchable);
  const global = typeof filter.global === 'string' ? filter.global : '';
  if (global.trim() !== '' && searchable.length > 0) {
    const ast = parseSearchQuery(global, { columns: searchable.map((c) => ({ key: c.key, label: typeof c.label === 'string' ? c.label : c.key })), locale: options.locale });
    if (ast.groups.length > 0) {
      const texts = globalTextsFor(rows, searchable, options, index);
      const target: Target = {
        rows,
        keys: searchable.map((c) => c.key),
        global: texts,
        // Read when needed: the column texts exist only until the row texts are complete.
        texts: () => texts.columns ?? [],
        numbers: () => searchable.map((c) => columnNumbersFor(rows, c, options, index)),
        options,
        symbols,
      };
      flags = applyQuery(target, planQuery(ast), flags);
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
      const target: Target = {
        rows,
        keys: [column.key],
        global: null,
        texts: () => [columnTextsFor(rows, column, options, index)],
        numbers: () => [columnNumbersFor(rows, column, options, index)],
        options,
        symbols,
      };
      flags = applyQuery(target, planQuery(ast), flags);
    }
  }
  const values = filter.values;
  if (values !== null && typeof values === 'object') {
    for (const column of columns) {
      if (!Object.prototype.hasOwnProperty.call(values, column.key)) continue;
      const check = valuesCheck(values[column.key] ?? null);
      if (check === null) continue;
      const read = cellReader<Row>(column.key);
      const out: Uint8Array = flags ?? new Uint8Array(rows.length).fill(1);
      for (let i = 0; i < rows.length; i++) {
        if (out[i] === 0) continue;
        const cell = valuesCell(read(rows[i] as Row));
        if (!passesValuesCheck(check, cell.text, cell.tokens)) out[i] = 0;
      }
      flags = out;
    }
  }
  return flags;
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
