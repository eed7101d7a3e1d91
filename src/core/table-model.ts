/**
 * The pure logic behind `SimpleTable`: sorting, searching, composing both, and the export matrix.
 * Vue-free and DOM-free, so the component, the standalone bundle and Node tests share it.
 *
 * Built for 100,000 rows. Work that depends only on the data is done once per rows array and
 * cached in `WeakMap`s keyed by that array (so replacing the rows, as the library always does,
 * starts fresh and the old caches are garbage-collected with the old array):
 *
 * - sorting computes each row's key once, orders numbers with a stable radix sort over typed arrays
 *   and text by ranking the distinct values with the cached `Intl.Collator`; the ascending order of a
 *   column is cached, descending is derived from it in one pass;
 * - searching builds a lower-cased, accent-free text per cell once; a keystroke is then one pass of
 *   `String.prototype.includes`.
 *
 * The arrays handed in are never mutated; results are new arrays holding the SAME row objects.
 *
 * @module
 */
import type { Column, FormatOptions, Row, ValueFormat } from './types';
import { formatValue, getCollator, isInheritedName, toNumber, valueToText } from './format';
import { neutraliseCell } from './safety';

/** Direction of a sorted column; `null` elsewhere in this module means "original order". */
export type SortDirection = 'asc' | 'desc';

/** The sorted column of a table. */
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Search input of a table: one global query and/or one query per column key. */
export interface TableFilter {
  /** Matched against every searchable column of a row. */
  global?: string;
  /** Column key → query, matched against that column only (searchable columns only). */
  perColumn?: Readonly<Record<string, string>>;
}

/** What the table shows: the filter, then the sort. */
export interface TableViewState {
  filter?: TableFilter;
  sort?: SortState | null;
}

/** A locale tag, or the locale and currency used to format numbers for search. */
export type TableLocale = string | FormatOptions | undefined;

/** One cell of an export matrix: what `neutraliseCell` returns. */
export type ExportCell = ReturnType<typeof neutraliseCell>;

/** The column shape this module reads (any `Column<R>` fits). */
type ModelColumn<R extends Row> = Pick<Column<R>, 'key' | 'format' | 'searchable' | 'sortable' | 'sortValue'>;

/**
 * The next state of a header's sort button: ascending → descending → original order → ascending.
 * `null`/`undefined` (unsorted, or another column sorted) starts at ascending.
 */
export function nextSortDirection(current: SortDirection | null | undefined): SortDirection | null {
  if (current === 'asc') return 'desc';
  if (current === 'desc') return null;
  return 'asc';
}

function formatOptions(locale: TableLocale): FormatOptions {
  return typeof locale === 'string' ? { locale } : (locale ?? {});
}

/** Reads `row[key]` as an own property when `key` is an inherited name (`constructor`, …). */
function cellReader<R extends Row>(key: string): (row: R) => unknown {
  if (isInheritedName(key)) return (row) => (Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined);
  return (row) => row[key];
}

// ---------------------------------------------------------------------------------------------
// Sorting
// ---------------------------------------------------------------------------------------------

/** The cached sort of one column over one rows array. */
interface SortIndex {
  /** Row indices in ascending order; rows with an empty key last, in original order. */
  readonly asc: Uint32Array;
  /** Derived from `asc` on first use. */
  desc: Uint32Array | null;
  /** Dense rank of each row's key (equal keys share a rank); empty keys are not ranked. */
  readonly rank: Uint32Array;
  /** How many rows have a non-empty key (the first `ranked` entries of `asc`). */
  readonly ranked: number;
}

const sortCache = new WeakMap<readonly Row[], Map<string, SortIndex>>();
const functionIds = new WeakMap<(...args: never[]) => unknown, number>();
let nextFunctionId = 1;

function functionId(fn: ((row: never) => unknown) | undefined): number {
  if (fn === undefined) return 0;
  let id = functionIds.get(fn);
  if (id === undefined) {
    id = nextFunctionId++;
    functionIds.set(fn, id);
  }
  return id;
}

/** Kinds of sort key, in the order they sort ascending (numbers before text; empty always last). */
const NUMBER = 0;
const TEXT = 1;
const EMPTY = 2;

/** Number of the last `classify` call (module scratch, so the hot loop allocates nothing per row). */
let classifiedNumber = 0;
/** Text of the last `classify` call. */
let classifiedText = '';

/**
 * Classifies one sort key and leaves its number or text in `classifiedNumber` / `classifiedText`.
 * Numbers (and numeric strings in a numeric column, via `toNumber`) sort as numbers; valid Dates
 * sort by time; booleans sort false before true; other values as text. null, undefined, '',
 * whitespace-only text, NaN and invalid Dates are empty.
 */
function classify(value: unknown, numericStrings: boolean): number {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'number') {
    if (value !== value) return EMPTY;
    classifiedNumber = value;
    return NUMBER;
  }
  if (typeof value === 'string') {
    if (numericStrings) {
      const num = toNumber(value);
      if (num !== null) {
        classifiedNumber = num;
        return NUMBER;
      }
    }
    if (value.trim() === '') return EMPTY;
    classifiedText = value;
    return TEXT;
  }
  if (typeof value === 'bigint') {
    classifiedNumber = Number(value);
    return NUMBER;
  }
  if (typeof value === 'boolean') {
    classifiedNumber = value ? 1 : 0;
    return NUMBER;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    if (time !== time) return EMPTY;
    classifiedNumber = time;
    return NUMBER;
  }
  const text = valueToText(value);
  if (text.trim() === '') return EMPTY;
  classifiedText = text;
  return TEXT;
}

function isNumericFormat(format: ValueFormat): boolean {
  return format === 'number' || format === 'currency' || format === 'percent';
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Ascending order without sorting when the keys already run non-decreasing (an id column) or
 * strictly decreasing; null otherwise. One pass, and the common case of sorted ids costs nothing.
 */
function monotonicOrder(indices: Uint32Array, keys: Float64Array): Uint32Array | null {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < indices.length && (ascending || descending); i++) {
    const previous = keys[indices[i - 1] ?? 0] ?? 0;
    const current = keys[indices[i] ?? 0] ?? 0;
    if (current < previous) ascending = false;
    if (current >= previous) descending = false;
  }
  if (ascending) return indices.slice();
  if (descending) return indices.slice().reverse();
  return null;
}

/**
 * Stable ascending order of `indices` by `keys[index]` (finite or infinite doubles, no NaN): an LSD
 * radix sort over the IEEE 754 bits mapped to unsigned order, 16 bits per pass, skipping passes
 * whose digit is the same for every key (integers leave the low word constant). Stability keeps
 * equal keys in their original order, which the table promises.
 */
function radixOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  const count = indices.length;
  if (count < 2) return indices.slice();
  if (!LITTLE_ENDIAN || count < 64) {
    return indices.slice().sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
  }
  const doubles = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const value = keys[indices[i] ?? 0] ?? 0;
    doubles[i] = value === 0 ? 0 : value; // -0 and 0 are equal keys
  }
  const words = new Uint32Array(doubles.buffer);
  const lo = new Uint32Array(count);
  const hi = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const l = words[2 * i] ?? 0;
    const h = words[2 * i + 1] ?? 0;
    // Negative doubles: flip every bit (larger magnitude sorts first); positive: flip the sign bit.
    if (h & 0x80000000) {
      hi[i] = ~h >>> 0;
      lo[i] = ~l >>> 0;
    } else {
      hi[i] = (h | 0x80000000) >>> 0;
      lo[i] = l;
    }
  }
  let order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let scratch = new Uint32Array(count);
  const counts = new Uint32Array(65537);
  const passes: [Uint32Array, number][] = [
    [lo, 0],
    [lo, 16],
    [hi, 0],
    [hi, 16],
  ];
  for (const [word, shift] of passes) {
    counts.fill(0);
    for (let i = 0; i < count; i++) counts[(((word[i] ?? 0) >>> shift) & 0xffff) + 1]! += 1;
    // A digit shared by every key cannot reorder anything.
    let single = false;
    for (let d = 1; d <= 65536; d++) {
      if (counts[d] === count) {
        single = true;
        break;
      }
      if ((counts[d] ?? 0) > 0) break;
    }
    if (single) continue;
    for (let d = 1; d <= 65536; d++) counts[d]! += counts[d - 1] ?? 0;
    for (let i = 0; i < count; i++) {
      const position = order[i] ?? 0;
      const digit = ((word[position] ?? 0) >>> shift) & 0xffff;
      scratch[counts[digit]!++] = position;
    }
    const swap = order;
    order = scratch;
    scratch = swap;
  }
  const result = new Uint32Array(count);
  for (let i = 0; i < count; i++) result[i] = indices[order[i] ?? 0] ?? 0;
  return result;
}

/** Approximate keys of the last `collationOrder` call, reused once by the ranking loop. */
let approximateKeys: string[] | null = null;

const DIGITS = /\d+/g;
const HAS_DIGIT = /\d/;
const ZEROS = '0000000000000000';

/**
 * A cheap stand-in for a collation key: accent-free lower case with digit runs zero-padded (so
 * "item 9" < "item 10" as with numeric collation). It only has to be MOSTLY right; see
 * `collationOrder`.
 */
function approximateCollationKey(text: string): string {
  const base = normaliseSearchText(text);
  return HAS_DIGIT.test(base) ? base.replace(DIGITS, (run) => (run.length >= 16 ? run : ZEROS.slice(run.length) + run)) : base;
}

/**
 * Indices of `values` in exact collator order, computed fast: a collator comparison costs about a
 * third of a microsecond (numeric collation), and a plain sort of 100,000 distinct texts makes about
 * 1.7 million of them. So the values are first ordered by a cheap approximate key with plain string
 * comparison, then sorted again with the collator itself. The second sort is the one that decides
 * the result (the order is exact whatever the approximation gets wrong), and because `Array#sort`
 * is a TimSort, an almost-sorted input costs it about one comparison per value.
 */
function collationOrder(values: readonly string[], collator: Intl.Collator): number[] {
  const keys = values.map(approximateCollationKey);
  const order = Array.from(values, (_value, i) => i);
  order.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  order.sort((a, b) => collator.compare(values[a] ?? '', values[b] ?? ''));
  approximateKeys = keys;
  return order;
}

/**
 * True when a sample of the texts (up to 1,000, evenly spread) is more than half distinct values:
 * then deduplicating through a Map costs more than it saves.
 */
function mostlyDistinct(texts: readonly string[], rows: Uint32Array): boolean {
  const step = Math.max(1, Math.floor(rows.length / 1000));
  const seen = new Set<string>();
  let sampled = 0;
  for (let i = 0; i < rows.length; i += step) {
    seen.add(texts[rows[i] ?? 0] ?? '');
    sampled++;
  }
  return seen.size * 2 > sampled;
}

function buildSortIndex<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined): SortIndex {
  const count = rows.length;
  const read = column.sortValue ?? cellReader<R>(column.key);
  // Strings count as numbers in numeric columns, and whenever a custom sort key returned them.
  const numericStrings = isNumericFormat(column.format);
  const kinds = new Uint8Array(count);
  const nums = new Float64Array(count);
  const texts: string[] = new Array<string>(count);
  let numberCount = 0;
  let textCount = 0;
  for (let i = 0; i < count; i++) {
    const kind = classify(read(rows[i] as R), numericStrings);
    kinds[i] = kind;
    if (kind === NUMBER) {
      nums[i] = classifiedNumber;
      numberCount++;
    } else if (kind === TEXT) {
      texts[i] = classifiedText;
      textCount++;
    }
  }
  const numberRows = new Uint32Array(numberCount);
  const textRows = new Uint32Array(textCount);
  const emptyRows = new Uint32Array(count - numberCount - textCount);
  let n = 0;
  let t = 0;
  let e = 0;
  for (let i = 0; i < count; i++) {
    if (kinds[i] === NUMBER) numberRows[n++] = i;
    else if (kinds[i] === TEXT) textRows[t++] = i;
    else emptyRows[e++] = i;
  }

  const rank = new Uint32Array(count);
  const asc = new Uint32Array(count);
  let cursor = 0;
  let nextRank = 0;

  const sortedNumbers = monotonicOrder(numberRows, nums) ?? radixOrder(numberRows, nums);
  for (let i = 0; i < sortedNumbers.length; i++) {
    const row = sortedNumbers[i] ?? 0;
    if (i > 0 && nums[row] !== nums[sortedNumbers[i - 1] ?? 0]) nextRank++;
    rank[row] = nextRank;
    asc[cursor++] = row;
  }
  if (sortedNumbers.length > 0) nextRank++;

  if (textCount > 0) {
    // Rank the texts with the collator, then place rows with a stable counting sort over the
    // ranks: no collator call per row comparison. Columns that repeat values (cities, statuses)
    // rank each distinct text once; for mostly-distinct columns (names) the lookups would cost
    // more than they save, so every row's text is ranked directly.
    const values: string[] = [];
    const textIds = new Uint32Array(textCount);
    if (mostlyDistinct(texts, textRows)) {
      for (let i = 0; i < textCount; i++) {
        values.push(texts[textRows[i] ?? 0] ?? '');
        textIds[i] = i;
      }
    } else {
      const distinct = new Map<string, number>();
      for (let i = 0; i < textCount; i++) {
        const text = texts[textRows[i] ?? 0] ?? '';
        let id = distinct.get(text);
        if (id === undefined) {
          id = values.length;
          distinct.set(text, id);
          values.push(text);
        }
        textIds[i] = id;
      }
    }
    const collator = getCollator(locale);
    const byText = collationOrder(values, collator);
    const valueRank = new Uint32Array(values.length);
    let previousKey = '';
    for (let i = 0; i < byText.length; i++) {
      const id = byText[i] ?? 0;
      const key = approximateKeys === null ? '' : (approximateKeys[id] ?? '');
      // Values the collator calls equal have equal approximate keys, so most neighbours need no
      // call; identical strings (repeats when not deduplicated) need none either.
      if (i > 0) {
        const previous = values[byText[i - 1] ?? 0] ?? '';
        const current = values[id] ?? '';
        if (key !== previousKey || (current !== previous && collator.compare(current, previous) !== 0)) nextRank++;
      }
      valueRank[id] = nextRank;
      previousKey = key;
    }
    approximateKeys = null;
    const firstRank = valueRank[byText[0] ?? 0] ?? 0;
    const buckets = new Uint32Array(nextRank - firstRank + 2);
    for (let i = 0; i < textCount; i++) buckets[(valueRank[textIds[i] ?? 0] ?? 0) - firstRank + 1]! += 1;
    for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1] ?? 0;
    const placed = new Uint32Array(textCount);
    for (let i = 0; i < textCount; i++) {
      const r = (valueRank[textIds[i] ?? 0] ?? 0) - firstRank;
      placed[buckets[r]!++] = textRows[i] ?? 0;
      rank[textRows[i] ?? 0] = r + firstRank;
    }
    asc.set(placed, cursor);
    cursor += textCount;
  }
  asc.set(emptyRows, cursor);
  return { asc, desc: null, rank, ranked: numberCount + textCount };
}

/** Descending order from ascending: groups of equal rank in reverse, each group kept in original order. */
function deriveDescending(index: SortIndex): Uint32Array {
  const { asc, rank, ranked } = index;
  const desc = new Uint32Array(asc.length);
  let out = 0;
  let end = ranked;
  while (end > 0) {
    const groupRank = rank[asc[end - 1] ?? 0];
    let start = end - 1;
    while (start > 0 && rank[asc[start - 1] ?? 0] === groupRank) start--;
    desc.set(asc.subarray(start, end), out);
    out += end - start;
    end = start;
  }
  desc.set(asc.subarray(ranked), out);
  return desc;
}

function sortIndexFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined): SortIndex {
  let perRows = sortCache.get(rows);
  if (perRows === undefined) {
    perRows = new Map();
    sortCache.set(rows, perRows);
  }
  const cacheKey = `${column.key}\u0000${column.format}\u0000${locale ?? ''}\u0000${functionId(column.sortValue)}`;
  let index = perRows.get(cacheKey);
  if (index === undefined) {
    index = buildSortIndex(rows, column, locale);
    perRows.set(cacheKey, index);
  }
  return index;
}

/**
 * Row indices of `rows` in the order of `column` and `direction` (a cached array: do not mutate).
 * `direction` null gives the original order.
 */
function sortedIndices<R extends Row>(rows: readonly R[], column: ModelColumn<R>, direction: SortDirection, locale: string | undefined): Uint32Array {
  const index = sortIndexFor(rows, column, locale);
  if (direction === 'asc') return index.asc;
  if (index.desc === null) index.desc = deriveDescending(index);
  return index.desc;
}

/**
 * Rows ordered by one column; a new array of the same row objects (`rows` is not touched).
 *
 * - The key is `column.sortValue(row)` when given, else `row[column.key]` (own property).
 * - Numbers (and bigints, booleans as 0/1, valid Dates by time) compare as numbers; in `number`,
 *   `currency` and `percent` columns numeric strings (`toNumber`) do too. Other values compare as
 *   text with the cached `Intl.Collator` of `locale` (numeric collation: "item 2" < "item 10").
 *   A column holding both puts numbers before text (ascending).
 * - Empty keys (null, undefined, '', whitespace, NaN, invalid Date) come last in BOTH directions.
 * - Stable: rows with equal keys keep their original order in both directions.
 * - `direction` null returns the rows in their original order (a copy).
 *
 * The work per rows array and column is cached, so sorting the same data again (other direction,
 * or back to this column) costs one pass.
 */
export function sortRows<R extends Row>(rows: readonly R[], column: ModelColumn<R>, direction: SortDirection | null, locale?: TableLocale): R[] {
  if (direction === null) return rows.slice();
  const order = sortedIndices(rows, column, direction, formatOptions(locale).locale);
  return Array.from(order, (i) => rows[i] as R);
}

/**
 * Computes and caches the sort of `column` over `rows` now, so a later click costs one pass.
 * Callers use it while the browser is idle. Returns nothing; safe to call repeatedly.
 */
export function warmSortIndex<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale?: TableLocale): void {
  sortIndexFor(rows, column, formatOptions(locale).locale);
}

// ---------------------------------------------------------------------------------------------
// Searching
// ---------------------------------------------------------------------------------------------

const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex
const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
const NEEDS_SPACE_FIX = /\s\s|[^\S ]/;

/**
 * The form in which cells and queries are compared: lower case, accents removed (NFD, combining
 * marks dropped: "Café" → "cafe", "Їжак" → "іжак"), every run of whitespace (including the no-break
 * spaces of formatted numbers) as one plain space.
 */
export function normaliseSearchText(text: string): string {
  let result = text;
  if (NON_ASCII.test(result)) result = result.normalize('NFD').replace(MARKS, '');
  result = result.toLowerCase();
  return NEEDS_SPACE_FIX.test(result) ? result.replace(SPACES, ' ') : result;
}

/** Query terms: normalised, split on spaces; every term must occur. Empty for a blank query. */
function queryTerms(query: string | undefined): string[] {
  if (query === undefined) return [];
  // Control characters separate cells in the index; a query never matches across them.
  // eslint-disable-next-line no-control-regex
  const text = normaliseSearchText(query.replace(/[\u0000-\u001f]/g, ' ')).trim();
  return text === '' ? [] : text.split(' ');
}

/** Search texts of one column, or of whole rows, built up to `built` (the rest on demand). */
interface SearchTexts {
  readonly texts: string[];
  built: number;
}

/** The cached search texts of one rows array for one locale and currency. */
interface SearchIndex {
  /** `key\u0000format` → normalised text of that column per row (per-column filters). */
  readonly columns: Map<string, SearchTexts>;
  /** Searchable-column signature → the row's cell texts joined by `\u0000` (global search). */
  readonly rows: Map<string, SearchTexts>;
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

/**
 * Search text of one cell, not yet normalised: its formatted text and, for numbers, also its raw
 * text, so "1234" finds the cell showing "$1,234.00" and so does "1,234". Separated by \u0001 so
 * no term spans both.
 */
function cellSearchText(value: unknown, format: ValueFormat, options: FormatOptions): string {
  if (value === null || value === undefined) return '';
  const shown = formatValue(value, format, options);
  const raw = valueToText(value);
  return shown === raw ? shown : `${shown}\u0001${raw}`;
}

function textsFor(map: Map<string, SearchTexts>, key: string, count: number): SearchTexts {
  let entry = map.get(key);
  if (entry === undefined) {
    entry = { texts: new Array<string>(count), built: 0 };
    map.set(key, entry);
  }
  return entry;
}

/** Fills the per-column texts of `column` up to row `limit` and returns them. */
function fillColumnTexts<R extends Row>(rows: readonly R[], column: ModelColumn<R>, options: FormatOptions, index: SearchIndex, limit: number): SearchTexts {
  const entry = textsFor(index.columns, `${column.key}\u0000${column.format}`, rows.length);
  const read = cellReader<R>(column.key);
  const end = Math.min(rows.length, limit);
  for (let i = entry.built; i < end; i++) entry.texts[i] = normaliseSearchText(cellSearchText(read(rows[i] as R), column.format, options));
  if (end > entry.built) entry.built = end;
  return entry;
}

/**
 * Fills the row texts over the searchable columns up to row `limit`. Each row is normalised once
 * as a whole (normalisation works character by character, so this equals normalising each cell)
 * rather than once per cell: a tenth of the calls for an 8-column table.
 */
function fillRowTexts<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], options: FormatOptions, index: SearchIndex, limit: number): SearchTexts {
  const searchable = columns.filter((c) => c.searchable);
  const entry = textsFor(index.rows, searchable.map((c) => `${c.key}\u0000${c.format}`).join('\u0002'), rows.length);
  const readers = searchable.map((c) => cellReader<R>(c.key));
  const formats = searchable.map((c) => c.format);
  const parts = new Array<string>(searchable.length);
  const end = Math.min(rows.length, limit);
  for (let i = entry.built; i < end; i++) {
    const row = rows[i] as R;
    for (let c = 0; c < readers.length; c++) parts[c] = cellSearchText((readers[c] as (row: R) => unknown)(row), formats[c] as ValueFormat, options);
    // join() yields a flat string; `+=` would leave rope strings the first search must flatten.
    entry.texts[i] = normaliseSearchText(parts.join('\u0000'));
  }
  if (end > entry.built) entry.built = end;
  return entry;
}

/**
 * Builds (part of) the search texts of `rows` now, so a later keystroke is one pass of `includes`:
 * the global row texts, or the per-column texts of `columnKey` when given. `maxRows` bounds the
 * work of one call (the next call continues where this one stopped), so idle-time callers can
 * spread it over several idle periods. Returns true when that part of the index is complete.
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
    const current = textsFor(index.rows, columns.filter((c) => c.searchable).map((c) => `${c.key}\u0000${c.format}`).join('\u0002'), rows.length);
    return fillRowTexts(rows, columns, options, index, current.built + maxRows).built >= rows.length;
  }
  const column = columns.find((c) => c.key === columnKey && c.searchable);
  if (!column) return true;
  const current = textsFor(index.columns, `${column.key}\u0000${column.format}`, rows.length);
  return fillColumnTexts(rows, column, options, index, current.built + maxRows).built >= rows.length;
}

function matchesAll(text: string, terms: readonly string[]): boolean {
  for (let t = 0; t < terms.length; t++) if (!text.includes(terms[t] ?? '')) return false;
  return true;
}

/**
 * Which rows pass the filter: a flag per row, or null when there is no active filter (all pass).
 */
function matchFlags<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter | undefined, options: FormatOptions): Uint8Array | null {
  if (filter === undefined) return null;
  const checks: { texts: string[]; terms: string[] }[] = [];
  const index = searchIndexFor(rows, options);
  const globalTerms = queryTerms(filter.global);
  if (globalTerms.length > 0 && columns.some((c) => c.searchable)) {
    checks.push({ texts: fillRowTexts(rows, columns, options, index, rows.length).texts, terms: globalTerms });
  }
  if (filter.perColumn) {
    for (const column of columns) {
      if (!column.searchable || !Object.prototype.hasOwnProperty.call(filter.perColumn, column.key)) continue;
      const terms = queryTerms(filter.perColumn[column.key]);
      if (terms.length > 0) checks.push({ texts: fillColumnTexts(rows, column, options, index, rows.length).texts, terms });
    }
  }
  if (checks.length === 0) return null;
  const flags = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    let pass = 1;
    for (let c = 0; c < checks.length; c++) {
      const check = checks[c] as { texts: string[]; terms: string[] };
      if (!matchesAll(check.texts[i] ?? '', check.terms)) {
        pass = 0;
        break;
      }
    }
    flags[i] = pass;
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
 * The texts are built once per rows array (and locale/currency), then reused for every keystroke.
 */
export function filterRows<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter, locale?: TableLocale): R[] {
  const flags = matchFlags(rows, columns, filter, formatOptions(locale));
  if (flags === null) return rows.slice();
  const result: R[] = [];
  for (let i = 0; i < rows.length; i++) if (flags[i] === 1) result.push(rows[i] as R);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Composition
// ---------------------------------------------------------------------------------------------

/**
 * Indices (into `rows`) of the rows a table shows: filtered by `state.filter`, then ordered by
 * `state.sort` (see `filterRows` and `sortRows`). A sort naming an unknown or non-sortable column is
 * ignored (original order). Always a fresh array the caller may keep.
 *
 * Cost with warm caches: one pass over the rows; no comparison sort per call.
 */
export function visibleRowIndices<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], state: TableViewState, locale?: TableLocale): Uint32Array {
  const options = formatOptions(locale);
  const flags = matchFlags(rows, columns, state.filter, options);
  const sort = state.sort ?? null;
  const column = sort === null ? undefined : columns.find((c) => c.key === sort.key && c.sortable);
  if (sort !== null && column !== undefined) {
    const order = sortedIndices(rows, column, sort.direction, options.locale);
    if (flags === null) return order.slice();
    let count = 0;
    for (let i = 0; i < flags.length; i++) count += flags[i] ?? 0;
    const result = new Uint32Array(count);
    let out = 0;
    for (let i = 0; i < order.length; i++) {
      const row = order[i] ?? 0;
      if (flags[row] === 1) result[out++] = row;
    }
    return result;
  }
  if (flags === null) {
    const all = new Uint32Array(rows.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    return all;
  }
  let count = 0;
  for (let i = 0; i < flags.length; i++) count += flags[i] ?? 0;
  const result = new Uint32Array(count);
  let out = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i] === 1) result[out++] = i;
  return result;
}

/** The rows a table shows (filter, then sort); a new array of the same row objects. See `visibleRowIndices`. */
export function visibleRows<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], state: TableViewState, locale?: TableLocale): R[] {
  return Array.from(visibleRowIndices(rows, columns, state, locale), (i) => rows[i] as R);
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/**
 * The matrix a spreadsheet export writes: a header row of column labels, then one row per given row
 * (in the given order) with RAW values: `column.exportRaw(row)` when set, else `row[column.key]`.
 * Every cell, headers included, goes through `neutraliseCell`: numbers, booleans and Dates stay
 * typed (numeric cells), null/undefined become null (empty cells), and text starting with `=`, `+`,
 * `-`, `@`, tab or carriage return gets a leading apostrophe so no spreadsheet runs it as a formula.
 */
export function exportMatrix<R extends Row>(rows: readonly R[], columns: readonly Pick<Column<R>, 'key' | 'label' | 'exportRaw'>[]): ExportCell[][] {
  const readers = columns.map((c) => c.exportRaw ?? cellReader<R>(c.key));
  const matrix: ExportCell[][] = [columns.map((c) => neutraliseCell(c.label))];
  for (const row of rows) matrix.push(readers.map((read) => neutraliseCell(read(row))));
  return matrix;
}
