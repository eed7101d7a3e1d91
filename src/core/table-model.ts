/**
 * The pure logic behind `SimpleTable`: sorting, searching, composing both, and the export matrix.
 * Vue-free and DOM-free, so the component, the standalone bundle and Node tests share it.
 *
 * Built for 100,000 rows, including the FIRST interaction. Work that depends only on the data is
 * done once per rows array and cached in `WeakMap`s keyed by that array (so replacing the rows, as
 * the library always does, starts fresh and the old caches are garbage-collected with the old array):
 *
 * - sorting computes each row's key once, orders numbers by their bits with the engine's native
 *   64-bit integer sort, and text by ranking the distinct values in collator order. Columns whose
 *   texts are all ASCII (in locales whose collation of ASCII is the root one) are ranked without
 *   calling the collator: a key read from the collator itself orders them identically, and packed
 *   windows of those keys are sorted natively. The ascending order of a column is cached,
 *   descending is derived from it in one pass;
 * - searching matches a lower-cased, accent-free text per cell. Once the texts of every searchable
 *   column are built and joined per row, a keystroke is one pass of `String.prototype.includes`.
 *   Before that, a query looks at the cells as they are, row by row, without building texts
 *   (ASCII text through a case-insensitive pattern, numbers written as character codes from the
 *   locale's symbols, read once from `Intl.NumberFormat#formatToParts`), and skips columns that
 *   hold only numbers when the term has characters no number shows ("k");
 * - both caches are built ahead in short resumable steps (`warmSortIndex` with a budget,
 *   `warmSearchIndex` with a row limit); an interaction that arrives first finishes only the part
 *   it needs, continuing from where the warm-up stopped.
 *
 * Every fast path gives exactly the result of the plain computation (property tests check them
 * against `Intl.NumberFormat` and `Intl.Collator`); where it could not, the plain one runs.
 *
 * The arrays handed in are never mutated; results are new arrays holding the SAME row objects.
 *
 * @module
 */
import type { Column, FormatOptions, Row, ValueFormat } from './types';
import { getCollator, getNumberFormat, isInheritedName, toNumber, valueToText, formatValue } from './format';
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

/**
 * How long one warm-up call may keep going (an `IdleDeadline` fits): the call stops at its next
 * resumable point once `timeRemaining()` is 0 or less. Every call makes some progress, so a budget
 * that is always spent still finishes after enough calls.
 */
export interface WarmBudget {
  timeRemaining(): number;
}

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

/** Rows (or distinct values) handled per resumable step of a cache build: a millisecond or two of work. */
const STEP = 4096;

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

/** A sort index being built in resumable steps (by the warm-up, or by a click draining it). */
interface PendingSort {
  readonly steps: Generator<void, SortIndex, void>;
}

const sortCache = new WeakMap<readonly Row[], Map<string, SortIndex | PendingSort>>();
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

/** Native sorting of 64-bit integers (`BigUint64Array#sort`) is used where the engine has it. */
const NATIVE_SORT = LITTLE_ENDIAN && typeof BigUint64Array === 'function';

/** Bits that hold any position below `count` (count ≥ 2). */
function positionBits(count: number): number {
  return Math.max(1, Math.ceil(Math.log2(count)));
}

/** `indices` ordered by `keys[index]` with a comparison sort that keeps the given order of equal keys. */
function stableOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  // Array#sort is stable; -0 and 0 compare equal.
  return Uint32Array.from(Array.from(indices).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0)));
}

/** Orders positions [start, end) of `order` by `low[position]`, then position (when they differ at all). */
function orderRunByLow(order: Uint32Array, start: number, end: number, low: Uint32Array): void {
  const first = low[order[start] ?? 0];
  let differ = false;
  for (let k = start + 1; k < end && !differ; k++) differ = low[order[k] ?? 0] !== first;
  if (!differ) return;
  const run = Array.from(order.subarray(start, end));
  run.sort((a, b) => (low[a] ?? 0) - (low[b] ?? 0) || a - b);
  order.set(run, start);
}

/**
 * Stable ascending order of `indices` by `keys[index]` (finite or infinite doubles, no NaN; -0 and
 * 0 are equal keys): equal keys keep their order in `indices`, which the table relies on. Each key's bits
 * are mapped to an unsigned pattern in the same order; its top bits and the position share one
 * 64-bit integer, sorted natively (`BigUint64Array#sort`, no JavaScript comparisons), and the rare
 * runs whose top bits tie are ordered by the rest. Without native 64-bit sorting: a comparison sort.
 */
function doubleOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  const count = indices.length;
  if (count < 2) return indices.slice();
  if (!NATIVE_SORT || count < 64) return stableOrder(indices, keys);
  const bits = positionBits(count);
  const mask = 2 ** bits - 1;
  const doubles = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const value = keys[indices[i] ?? 0] ?? 0;
    doubles[i] = value === 0 ? 0 : value; // -0 and 0 are equal keys
  }
  const words = new Uint32Array(doubles.buffer);
  const low = new Uint32Array(count);
  const pairs = new BigUint64Array(count);
  const halves = new Uint32Array(pairs.buffer);
  for (let i = 0; i < count; i++) {
    let l = words[2 * i] ?? 0;
    let h = words[2 * i + 1] ?? 0;
    // Negative doubles: flip every bit (larger magnitude sorts first); positive: flip the sign bit.
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    low[i] = l;
    halves[2 * i + 1] = h;
    halves[2 * i] = (((l >>> bits) << bits) | i) >>> 0;
  }
  pairs.sort();
  const order = new Uint32Array(count);
  for (let k = 0; k < count; k++) order[k] = (halves[2 * k] ?? 0) & mask;
  for (let k = 0; k < count; ) {
    const high = halves[2 * k + 1];
    const top = (halves[2 * k] ?? 0) >>> bits;
    let j = k + 1;
    while (j < count && halves[2 * j + 1] === high && (halves[2 * j] ?? 0) >>> bits === top) j++;
    if (j - k > 1) orderRunByLow(order, k, j, low);
    k = j;
  }
  const result = new Uint32Array(count);
  for (let k = 0; k < count; k++) result[k] = indices[order[k] ?? 0] ?? 0;
  return result;
}

/**
 * Stable ascending order of `indices` by `keys[index]`, non-negative integers below
 * 2^(64 - positionBits(indices.length)) and 2^53: key and position share one 64-bit integer,
 * sorted natively. Without native 64-bit sorting: a comparison sort.
 */
function integerKeyOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  const count = indices.length;
  if (count < 2) return indices.slice();
  if (!NATIVE_SORT || count < 64) return stableOrder(indices, keys);
  const bits = positionBits(count);
  const mask = 2 ** bits - 1;
  const split = 2 ** (32 - bits);
  const scale = 2 ** bits;
  const pairs = new BigUint64Array(count);
  const halves = new Uint32Array(pairs.buffer);
  for (let i = 0; i < count; i++) {
    const key = keys[indices[i] ?? 0] ?? 0;
    const high = Math.floor(key / split);
    halves[2 * i + 1] = high;
    halves[2 * i] = (key - high * split) * scale + i;
  }
  pairs.sort();
  const result = new Uint32Array(count);
  for (let k = 0; k < count; k++) result[k] = indices[(halves[2 * k] ?? 0) & mask] ?? 0;
  return result;
}

/** How many key codes of `base` pack into a key for `integerKeyOrder` of `count` values. */
function packWidth(count: number, base: number): number {
  return Math.max(1, Math.floor(Math.min(53, 64 - positionBits(Math.max(2, count))) / Math.log2(base)));
}

/** 0, 1, …, count - 1. */
function identityOrder(count: number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  return order;
}

/** Distinct texts in collator order: `order[i]` is a value id; `same[i]` is 1 when it equals the one before. */
interface TextOrder {
  readonly order: ArrayLike<number>;
  readonly same: Uint8Array;
}

// --- Text through the collator (any text) -----------------------------------------------------

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
 * `values` in exact collator order, computed fast: a collator comparison costs about a third of a
 * microsecond (numeric collation), and a plain sort of 100,000 distinct texts makes about 1.7
 * million of them. So the values are first ordered by a cheap approximate key with plain string
 * comparison, then sorted again with the collator itself. The second sort is the one that decides
 * the result (the order is exact whatever the approximation gets wrong), and because `Array#sort`
 * is a TimSort, an almost-sorted input costs it about one comparison per value.
 */
function collationOrder(values: readonly string[], collator: Intl.Collator): TextOrder {
  const keys = values.map(approximateCollationKey);
  const order = Array.from(values, (_value, i) => i);
  order.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  order.sort((a, b) => collator.compare(values[a] ?? '', values[b] ?? ''));
  // Values the collator calls equal have equal approximate keys, so most neighbours need no call;
  // identical strings (repeats when not deduplicated) need none either.
  const same = new Uint8Array(order.length);
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1] ?? 0;
    const current = order[i] ?? 0;
    if (keys[current] !== keys[previous]) continue;
    const a = values[current] ?? '';
    const b = values[previous] ?? '';
    if (a === b || collator.compare(a, b) === 0) same[i] = 1;
  }
  return { order, same };
}

// --- ASCII text without the collator ----------------------------------------------------------

/**
 * The collation of ASCII text, read from a collator: a primary code per character (0 when the
 * collator ignores it; every digit shares the code of `0`, since numeric collation compares digit
 * runs by value) and a tertiary code that orders characters sharing a primary ("a" before "A").
 * A text's key is its primary codes (a digit run as: digit code, run length, digits without leading
 * zeros), a 0, then the tertiary codes of its non-digit characters; comparing keys code by code
 * orders texts exactly as the collator does, which `readAsciiCollation` checks on a probe set and
 * the property tests check on random text.
 */
interface AsciiCollation {
  readonly primary: Uint8Array;
  readonly tertiary: Uint8Array;
  /** Primary code of every digit. */
  readonly digit: number;
  /** Greater than every code a key can hold (codes are packed in this base, see `packWidth`). */
  readonly base: number;
}

/**
 * Languages whose collation leaves ASCII as in the root collation (their tailorings concern other
 * letters only). Others (Danish "aa", Czech "ch", Lithuanian "y", upper-case-first locales…)
 * always go through the collator. Every entry is covered by the property tests.
 */
const ASCII_COLLATION_LANGUAGES = new Set(['en', 'uk', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru']);
/** Longer digit runs go through the collator (ICU splits runs of more than 254 digits). */
const MAX_DIGIT_RUN = 60;
const asciiCollations = new WeakMap<Intl.Collator, AsciiCollation | null>();
/** Scratch buffer of `asciiKeyCodes`, grown on demand. */
let keyCodes = new Int32Array(256);

/**
 * Writes the key of `text` (see `AsciiCollation`) into `keyCodes` and returns its length; -1 when
 * `text` is not ASCII or holds a digit run longer than `MAX_DIGIT_RUN`.
 */
function asciiKeyCodes(text: string, collation: AsciiCollation): number {
  const length = text.length;
  if (keyCodes.length < 4 * length + 2) keyCodes = new Int32Array(4 * length + 64);
  const codes = keyCodes;
  const { primary, tertiary, digit } = collation;
  let n = 0;
  for (let i = 0; i < length; ) {
    const c = text.charCodeAt(i);
    if (c >= 128) return -1;
    if (c >= 48 && c <= 57) {
      let start = i;
      while (start < length && text.charCodeAt(start) === 48) start++;
      let end = start;
      while (end < length) {
        const d = text.charCodeAt(end);
        if (d < 48 || d > 57) break;
        end++;
      }
      const run = end - start;
      if (run > MAX_DIGIT_RUN) return -1;
      codes[n++] = digit;
      if (run === 0) {
        // Only zeros: the number 0 (length 1, digit 0).
        codes[n++] = 1;
        codes[n++] = 1;
      } else {
        codes[n++] = run;
        for (let j = start; j < end; j++) codes[n++] = text.charCodeAt(j) - 47;
      }
      i = end;
    } else {
      const p = primary[c] ?? 0;
      if (p !== 0) codes[n++] = p;
      i++;
    }
  }
  codes[n++] = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      const t = tertiary[c] ?? 0;
      if (t !== 0) codes[n++] = t;
    }
  }
  return n;
}

/** The whole key of `text` as a string (code units compare like the codes), or null. */
function asciiKeyString(text: string, collation: AsciiCollation): string | null {
  const n = asciiKeyCodes(text, collation);
  if (n < 0) return null;
  let key = '';
  for (let i = 0; i < n; i += 2048) key += String.fromCharCode.apply(null, keyCodes.subarray(i, Math.min(n, i + 2048)) as unknown as number[]);
  return key;
}

function asciiProbes(): string[] {
  const probes: string[] = [];
  for (let c = 0; c < 128; c++) probes.push(String.fromCharCode(c));
  const pieces = ['a', 'A', 'b', 'B', 'z', 'Z', '0', '1', '9', ' ', '-', '.', '_', '\t', "'", '\u0001', ''];
  for (const a of pieces) for (const b of pieces) probes.push(a + b);
  probes.push('01', '001', '10', '00', 'a01', 'a10', 'A1', 'a 1', 'a-1', 'x1y', 'x01y', 'x1Y', '1a', '01a', '1A', '1.5', '1.10', '1,5', 'co-op', 'coop', 'Co op');
  probes.push('12345678901234567890', '12345678901234567891', '99999999999999999999', 'item 2', 'item 10', 'Item 10', 'ab', 'Ab', 'aB', 'AB', 'a b', 'a_b', 'a-b');
  return probes;
}

/**
 * Reads the ASCII collation of `collator`, or null when its locale or options are outside what the
 * key model covers, or when the keys disagree with the collator on any probe.
 */
function readAsciiCollation(collator: Intl.Collator): AsciiCollation | null {
  const options = collator.resolvedOptions();
  const language = options.locale.split('-')[0] ?? '';
  if (!ASCII_COLLATION_LANGUAGES.has(language) || !options.numeric || options.sensitivity !== 'variant' || options.ignorePunctuation) return null;
  if ((options.caseFirst ?? 'false') !== 'false' || (options.collation ?? 'default') !== 'default' || options.usage !== 'sort') return null;
  const primaryOnly = new Intl.Collator(options.locale, { numeric: true, sensitivity: 'base' });
  const accents = new Intl.Collator(options.locale, { numeric: true, sensitivity: 'accent' });
  const chars: string[] = [];
  for (let c = 0; c < 128; c++) {
    if (c > 48 && c <= 57) continue; // '0' stands for every digit
    const ch = String.fromCharCode(c);
    if (collator.compare(ch, '') === 0) continue; // ignored altogether
    if (primaryOnly.compare(ch, '') === 0) return null; // ignored at the primary level only: not modelled
    chars.push(ch);
  }
  chars.sort(collator.compare);
  const primary = new Uint8Array(128);
  const tertiary = new Uint8Array(128);
  let group = 0;
  let rank = 0;
  let maxRank = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    const previous = chars[i - 1] ?? '';
    if (i === 0 || primaryOnly.compare(previous, ch) !== 0) {
      group++;
      rank = 1;
    } else {
      // Characters sharing a primary must differ at the tertiary level only (case).
      if (accents.compare(previous, ch) !== 0 || collator.compare(previous, ch) === 0) return null;
      rank++;
    }
    maxRank = Math.max(maxRank, rank);
    primary[ch.charCodeAt(0)] = group;
    tertiary[ch.charCodeAt(0)] = rank;
  }
  const digit = primary[48] ?? 0;
  if (digit === 0 || group > 250) return null;
  const base = Math.max(group, MAX_DIGIT_RUN, 10, maxRank) + 1;
  const collation: AsciiCollation = { primary, tertiary, digit, base };
  // Sorted by the collator, neighbouring probes must compare the same way by key.
  const probes = asciiProbes().sort(collator.compare);
  let previousKey = asciiKeyString(probes[0] ?? '', collation);
  for (let i = 1; i < probes.length; i++) {
    const key = asciiKeyString(probes[i] ?? '', collation);
    if (key === null || previousKey === null) return null;
    const byCollator = Math.sign(collator.compare(probes[i - 1] ?? '', probes[i] ?? ''));
    const byKey = previousKey < key ? -1 : previousKey > key ? 1 : 0;
    if (byCollator !== byKey) return null;
    previousKey = key;
  }
  return collation;
}

function asciiCollationOf(collator: Intl.Collator): AsciiCollation | null {
  let collation = asciiCollations.get(collator);
  if (collation === undefined) {
    collation = readAsciiCollation(collator);
    asciiCollations.set(collator, collation);
  }
  return collation;
}

/**
 * The sort key `sortRows` uses for an all-ASCII text column in `locale`, as a string whose code
 * units compare exactly as the locale's collator compares the texts (equal keys: the collator says
 * equal). Null when the text is not ASCII or the locale's ASCII collation is not modelled.
 * Exported for the property tests; not part of the public API.
 *
 * @internal
 */
export function asciiSortKey(text: string, locale?: string): string | null {
  const collation = asciiCollationOf(getCollator(locale));
  return collation === null ? null : asciiKeyString(text, collation);
}

/** Blocks of at most this many values are ordered by comparing whole keys. */
const SMALL_BLOCK = 24;

/**
 * Orders `ids` (a block of `values` sharing their first `depth` key codes) by whole keys, in place,
 * and marks equal neighbours in `same`.
 */
function orderByWholeKeys(values: readonly string[], ids: Uint32Array, same: Uint8Array, start: number, collation: AsciiCollation): void {
  const block = Array.from(ids, (id) => ({ id, key: asciiKeyString(values[id] ?? '', collation) ?? '' }));
  block.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  for (let k = 0; k < block.length; k++) {
    ids[k] = block[k]?.id ?? 0;
    if (k > 0 && block[k]?.key === block[k - 1]?.key) same[start + k] = 1;
  }
}

/** A digit run longer than `MAX_DIGIT_RUN`. */
const LONG_DIGIT_RUN = /\d{61}/;

/**
 * Checks values [start, end) for the ASCII path and narrows `shared`, the length of the text they
 * all share with `values[0]`; -1 when one of them cannot take the ASCII path.
 */
function scanAsciiValues(values: readonly string[], start: number, end: number, shared: number): number {
  const first = values[0] ?? '';
  for (let i = start; i < end; i++) {
    const text = values[i] ?? '';
    if (NON_ASCII.test(text) || LONG_DIGIT_RUN.test(text)) return -1;
    const limit = Math.min(shared, text.length);
    let j = 0;
    while (j < limit && text.charCodeAt(j) === first.charCodeAt(j)) j++;
    shared = j;
  }
  return shared;
}

/** Whether the key of the last `reducedKeyCodes` call ended within the codes it wrote. */
let reducedKeyEnded = false;

/**
 * Writes up to `limit` codes of the key of `text` with its first `from` characters left out into
 * `keyCodes` and returns how many; `reducedKeyEnded` tells whether the key ended within them.
 * Leaving out a prefix every text shares (and that ends outside a digit run) keeps the order: its
 * primary codes open every key and its tertiary codes open every tertiary part.
 */
function reducedKeyCodes(text: string, from: number, limit: number, collation: AsciiCollation): number {
  const { primary, tertiary, digit } = collation;
  if (keyCodes.length < limit) keyCodes = new Int32Array(limit + 64);
  const codes = keyCodes;
  const length = text.length;
  let n = 0;
  let i = from;
  while (i < length && n < limit) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      let start = i;
      while (start < length && text.charCodeAt(start) === 48) start++;
      let end = start;
      while (end < length) {
        const d = text.charCodeAt(end);
        if (d < 48 || d > 57) break;
        end++;
      }
      codes[n++] = digit;
      if (n < limit) codes[n++] = end === start ? 1 : end - start;
      if (end === start && n < limit) codes[n++] = 1;
      for (let j = start; j < end && n < limit; j++) codes[n++] = text.charCodeAt(j) - 47;
      if (n >= limit) {
        reducedKeyEnded = false;
        return n;
      }
      i = end;
    } else {
      const p = primary[c] ?? 0;
      if (p !== 0) codes[n++] = p;
      i++;
    }
  }
  if (i < length || n >= limit) {
    reducedKeyEnded = false;
    return n;
  }
  codes[n++] = 0; // between primary and tertiary codes
  let j = from;
  for (; j < length && n < limit; j++) {
    const c = text.charCodeAt(j);
    const t = c < 48 || c > 57 ? (tertiary[c] ?? 0) : 0;
    if (t !== 0) codes[n++] = t;
  }
  let ended = true;
  for (; j < length && ended; j++) {
    const c = text.charCodeAt(j);
    if ((c < 48 || c > 57) && (tertiary[c] ?? 0) !== 0) ended = false;
  }
  reducedKeyEnded = ended;
  return n;
}

/** `width` codes of `keyCodes` from `start` (of `n` written) as one number in `base`, zeros past the end. */
function packCodes(n: number, start: number, width: number, base: number): number {
  let value = 0;
  for (let k = start; k < start + width; k++) value = value * base + (k < n ? (keyCodes[k] ?? 0) : 0);
  return value;
}

/** Packed windows of the keys of values [start, end): the first `width` codes, and the next `width`. */
interface KeyWindows {
  readonly first: Float64Array;
  readonly second: Float64Array;
  /** 1: the key ended within the first window; 2: within the second; 0: later. */
  readonly ends: Uint8Array;
  readonly from: number;
  readonly width: number;
}

function packValues(values: readonly string[], start: number, end: number, windows: KeyWindows, collation: AsciiCollation): void {
  const { first, second, ends, from, width } = windows;
  const base = collation.base;
  for (let i = start; i < end; i++) {
    const n = reducedKeyCodes(values[i] ?? '', from, 2 * width, collation);
    first[i] = packCodes(n, 0, width, base);
    second[i] = packCodes(n, width, width, base);
    ends[i] = !reducedKeyEnded ? 0 : n <= width ? 1 : 2;
  }
}

/**
 * Orders blocks of `order` whose packed windows tie, with whole keys: each block skips the codes
 * its values share, packs the next codes and is sorted again, until blocks are small
 * enough to compare whole keys. Marks equal neighbours in `same`.
 */
function refineTies(values: readonly string[], order: Uint32Array, same: Uint8Array, blocks: number[], collation: AsciiCollation): void {
  if (blocks.length === 0) return;
  const base = collation.base;
  const packed = new Float64Array(values.length);
  const lengths = new Int32Array(values.length);
  while (blocks.length > 0) {
    const depth = blocks.pop() ?? 0;
    const end = blocks.pop() ?? 0;
    const start = blocks.pop() ?? 0;
    if (end - start <= SMALL_BLOCK) {
      orderByWholeKeys(values, order.subarray(start, end), same, start, collation);
      continue;
    }
    let shared = Number.POSITIVE_INFINITY;
    let first: Int32Array | null = null;
    for (let i = start; i < end; i++) {
      const n = asciiKeyCodes(values[order[i] ?? 0] ?? '', collation);
      if (first === null) {
        first = keyCodes.slice(0, n);
        shared = n;
        continue;
      }
      const limit = Math.min(shared, n);
      let j = depth;
      while (j < limit && keyCodes[j] === first[j]) j++;
      shared = j;
    }
    const from = Math.max(depth, shared === Number.POSITIVE_INFINITY ? depth : shared);
    const width = packWidth(end - start, base);
    for (let i = start; i < end; i++) {
      const id = order[i] ?? 0;
      const n = asciiKeyCodes(values[id] ?? '', collation);
      let value = 0;
      for (let k = from; k < from + width; k++) value = value * base + (k < n ? (keyCodes[k] ?? 0) : 0);
      packed[id] = value;
      lengths[id] = n;
    }
    order.set(integerKeyOrder(order.subarray(start, end), packed), start);
    const next = from + width;
    for (let i = start; i < end; ) {
      const value = packed[order[i] ?? 0];
      let j = i + 1;
      while (j < end && packed[order[j] ?? 0] === value) j++;
      if (j - i > 1) {
        if ((lengths[order[i] ?? 0] ?? 0) <= next) same.fill(1, i + 1, j);
        else blocks.push(i, j, next);
      }
      i = j;
    }
  }
}

/**
 * Marks runs of values in `order` whose compared windows tie: runs of identical texts, or whose
 * keys ended within the compared windows, are equal keys; others go to `refineTies`.
 */
function markTies(values: readonly string[], order: Uint32Array, windows: KeyWindows, both: boolean, same: Uint8Array): number[] {
  const blocks: number[] = [];
  const count = order.length;
  const { first, second, ends } = windows;
  for (let i = 0; i < count; ) {
    const head = order[i] ?? 0;
    const a = first[head];
    const b = second[head];
    let j = i + 1;
    while (j < count && first[order[j] ?? 0] === a && (!both || second[order[j] ?? 0] === b)) j++;
    if (j - i > 1) {
      const text = values[head];
      let identical = true;
      for (let k = i + 1; k < j && identical; k++) identical = values[order[k] ?? 0] === text;
      const ended = ends[head] ?? 0;
      if (identical || ended === 1 || (both && ended === 2)) same.fill(1, i + 1, j);
      else blocks.push(i, j, 0);
    }
    i = j;
  }
  return blocks;
}

/**
 * `values` (all ASCII) in collator order without a comparison sort: the text every value shares
 * is skipped, the next key codes of each are packed into two numbers (two windows) and ordered by
 * `integerKeyOrder`, by the second window then stably by the first when keys are longer than one
 * window; remaining ties are refined (`refineTies`). Returns null as soon as a value cannot take
 * the ASCII path. Yields between steps of `STEP` values.
 */
function* asciiOrderSteps(values: readonly string[], collation: AsciiCollation): Generator<void, TextOrder | null, void> {
  const count = values.length;
  let shared = (values[0] ?? '').length;
  for (let start = 0; start < count; start += STEP) {
    shared = scanAsciiValues(values, start, Math.min(count, start + STEP), shared);
    if (shared < 0) return null;
    yield;
  }
  // A digit run the shared text would cut in two must be read whole.
  const head = values[0] ?? '';
  while (shared > 0 && head.charCodeAt(shared - 1) >= 48 && head.charCodeAt(shared - 1) <= 57) shared--;
  const windows: KeyWindows = {
    first: new Float64Array(count),
    second: new Float64Array(count),
    ends: new Uint8Array(count),
    from: shared,
    width: packWidth(count, collation.base),
  };
  for (let start = 0; start < count; start += STEP) {
    packValues(values, start, Math.min(count, start + STEP), windows, collation);
    yield;
  }
  const both = windows.ends.includes(0) || windows.ends.includes(2);
  let order = identityOrder(count);
  if (both) {
    order = integerKeyOrder(order, windows.second);
    yield;
  }
  order = integerKeyOrder(order, windows.first);
  yield;
  const same = new Uint8Array(count);
  refineTies(values, order, same, markTies(values, order, windows, both, same), collation);
  return { order, same };
}

// --- Building a sort index ----------------------------------------------------------------------

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

/** Keys of a sort being built, filled row by row. */
interface SortKeys {
  readonly kinds: Uint8Array;
  readonly nums: Float64Array;
  readonly texts: string[];
  numbers: number;
  strings: number;
}

function classifyRange<R extends Row>(rows: readonly R[], read: (row: R) => unknown, numericStrings: boolean, keys: SortKeys, start: number, end: number): void {
  const { kinds, nums, texts } = keys;
  for (let i = start; i < end; i++) {
    const kind = classify(read(rows[i] as R), numericStrings);
    kinds[i] = kind;
    if (kind === NUMBER) {
      nums[i] = classifiedNumber;
      keys.numbers++;
    } else if (kind === TEXT) {
      texts[i] = classifiedText;
      keys.strings++;
    }
  }
}

/** Row indices by kind of key, each in row order. */
interface KindRows {
  readonly numbers: Uint32Array;
  readonly texts: Uint32Array;
  readonly empty: Uint32Array;
}

function rowsByKind(keys: SortKeys, count: number): KindRows {
  const numbers = new Uint32Array(keys.numbers);
  const texts = new Uint32Array(keys.strings);
  const empty = new Uint32Array(count - keys.numbers - keys.strings);
  const kinds = keys.kinds;
  let n = 0;
  let t = 0;
  let e = 0;
  for (let i = 0; i < count; i++) {
    if (kinds[i] === NUMBER) numbers[n++] = i;
    else if (kinds[i] === TEXT) texts[t++] = i;
    else empty[e++] = i;
  }
  return { numbers, texts, empty };
}

/** The sort index being assembled: rows placed so far in `asc`, and the next free rank. */
interface Placement {
  readonly asc: Uint32Array;
  readonly rank: Uint32Array;
  cursor: number;
  nextRank: number;
}

/** Places the number rows in ascending order, equal numbers sharing a rank. */
function placeNumbers(rows: Uint32Array, nums: Float64Array, placement: Placement): void {
  if (rows.length === 0) return;
  const sorted = monotonicOrder(rows, nums) ?? doubleOrder(rows, nums);
  const { asc, rank } = placement;
  let nextRank = placement.nextRank;
  let cursor = placement.cursor;
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i] ?? 0;
    if (i > 0 && nums[row] !== nums[sorted[i - 1] ?? 0]) nextRank++;
    rank[row] = nextRank;
    asc[cursor++] = row;
  }
  placement.nextRank = nextRank + 1;
  placement.cursor = cursor;
}

/** The texts to rank (`values`) and, per text row, the id of its value. */
interface TextValues {
  readonly values: string[];
  readonly ids: Uint32Array;
}

/**
 * Columns that repeat values (cities, statuses) rank each distinct text once; for mostly-distinct
 * columns (names) the lookups would cost more than they save, so every row's text is ranked.
 */
function textValues(texts: readonly string[], rows: Uint32Array): TextValues {
  const count = rows.length;
  const values: string[] = [];
  const ids = new Uint32Array(count);
  if (mostlyDistinct(texts, rows)) {
    for (let i = 0; i < count; i++) {
      values.push(texts[rows[i] ?? 0] ?? '');
      ids[i] = i;
    }
    return { values, ids };
  }
  const distinct = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const text = texts[rows[i] ?? 0] ?? '';
    let id = distinct.get(text);
    if (id === undefined) {
      id = values.length;
      distinct.set(text, id);
      values.push(text);
    }
    ids[i] = id;
  }
  return { values, ids };
}

/** Places the text rows in the order of their values (`byText`) with a stable counting sort over the ranks. */
function placeTexts(rows: Uint32Array, text: TextValues, byText: TextOrder, placement: Placement): void {
  const count = rows.length;
  const valueRank = new Uint32Array(text.values.length);
  const firstRank = placement.nextRank;
  let nextRank = firstRank;
  for (let i = 0; i < byText.order.length; i++) {
    if (i > 0 && byText.same[i] === 0) nextRank++;
    valueRank[byText.order[i] ?? 0] = nextRank;
  }
  const ids = text.ids;
  const buckets = new Uint32Array(nextRank - firstRank + 2);
  for (let i = 0; i < count; i++) buckets[(valueRank[ids[i] ?? 0] ?? 0) - firstRank + 1]! += 1;
  for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1] ?? 0;
  const { asc, rank } = placement;
  const start = placement.cursor;
  for (let i = 0; i < count; i++) {
    const r = (valueRank[ids[i] ?? 0] ?? 0) - firstRank;
    const row = rows[i] ?? 0;
    asc[start + buckets[r]!++] = row;
    rank[row] = r + firstRank;
  }
  placement.cursor = start + count;
  placement.nextRank = nextRank + 1;
}

/**
 * Builds the sort index of `column` over `rows` in resumable steps of a few milliseconds (the
 * comparison sort of non-ASCII text, when needed, is one longer step). The generator only
 * sequences the steps; every loop runs in a plain function, which the engine optimises while it
 * runs (it does not replace a running generator frame by optimised code).
 */
function* sortIndexSteps<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined): Generator<void, SortIndex, void> {
  const count = rows.length;
  const read = column.sortValue ?? cellReader<R>(column.key);
  // Strings count as numbers in numeric columns.
  const numericStrings = isNumericFormat(column.format);
  const keys: SortKeys = { kinds: new Uint8Array(count), nums: new Float64Array(count), texts: new Array<string>(count), numbers: 0, strings: 0 };
  for (let start = 0; start < count; start += STEP) {
    classifyRange(rows, read, numericStrings, keys, start, Math.min(count, start + STEP));
    yield;
  }
  const byKind = rowsByKind(keys, count);
  const placement: Placement = { asc: new Uint32Array(count), rank: new Uint32Array(count), cursor: 0, nextRank: 0 };
  if (byKind.numbers.length > 0) {
    placeNumbers(byKind.numbers, keys.nums, placement);
    yield;
  }
  if (byKind.texts.length > 0) {
    const text = textValues(keys.texts, byKind.texts);
    yield;
    const collator = getCollator(locale);
    const ascii = asciiCollationOf(collator);
    const byText = (ascii === null ? null : yield* asciiOrderSteps(text.values, ascii)) ?? collationOrder(text.values, collator);
    yield;
    placeTexts(byKind.texts, text, byText, placement);
  }
  placement.asc.set(byKind.empty, placement.cursor);
  return { asc: placement.asc, desc: null, rank: placement.rank, ranked: byKind.numbers.length + byKind.texts.length };
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

function sortEntries(rows: readonly Row[]): Map<string, SortIndex | PendingSort> {
  let perRows = sortCache.get(rows);
  if (perRows === undefined) {
    perRows = new Map();
    sortCache.set(rows, perRows);
  }
  return perRows;
}

function sortCacheKey<R extends Row>(column: ModelColumn<R>, locale: string | undefined): string {
  return `${column.key}\u0000${column.format}\u0000${locale ?? ''}\u0000${functionId(column.sortValue)}`;
}

/**
 * Advances the sort index of `column` until it is complete (no budget) or the budget is spent,
 * continuing a build the warm-up started. Returns the index when complete, else null. A build
 * that throws (a throwing `sortValue`) is dropped so the next call starts over, and rethrows.
 */
function advanceSortIndex<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined, budget?: WarmBudget): SortIndex | null {
  const entries = sortEntries(rows);
  const key = sortCacheKey(column, locale);
  let entry = entries.get(key);
  if (entry === undefined) {
    entry = { steps: sortIndexSteps(rows, column, locale) };
    entries.set(key, entry);
  }
  if (!('steps' in entry)) return entry;
  try {
    for (;;) {
      const step = entry.steps.next();
      if (step.done) {
        entries.set(key, step.value);
        return step.value;
      }
      if (budget !== undefined && budget.timeRemaining() <= 0) return null;
    }
  } catch (error) {
    entries.delete(key);
    throw error;
  }
}

function sortIndexFor<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined): SortIndex {
  return advanceSortIndex(rows, column, locale) as SortIndex;
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
 * Computes and caches the sort of `column` over `rows` ahead of a click. Without `budget` it
 * finishes the work now; with one it works in short steps until the budget is spent and the next
 * call continues (so does a click, which finishes only what is left). Returns true when the sort
 * is ready. Safe to call repeatedly. Throws what a `sortValue` throws.
 */
export function warmSortIndex<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale?: TableLocale, budget?: WarmBudget): boolean {
  return advanceSortIndex(rows, column, formatOptions(locale).locale, budget) !== null;
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

// --- Numbers as Intl shows them, without a format call per cell --------------------------------

/** Affixes and separators of a number format. */
interface NumberPieces {
  readonly positivePrefix: string;
  readonly positiveSuffix: string;
  readonly negativePrefix: string;
  readonly negativeSuffix: string;
  readonly group: string;
  readonly decimal: string;
}

/**
 * What a cached `Intl.NumberFormat` does with a number, read once through `formatToParts`: the
 * rounding (half away from zero on the shortest decimal form of the double, as ICU does), the
 * fraction digits, the grouping and the pieces around the digits.
 */
interface NumberShape {
  /** Places the decimal point moves right before rounding (2 for percent). */
  readonly scale: number;
  readonly minimumFraction: number;
  readonly maximumFraction: number;
  /** Digits of the group next to the decimal point, of the groups further left, and the fewest digits left of the first separator. */
  readonly primaryGroup: number;
  readonly secondaryGroup: number;
  readonly minimumGrouping: number;
  /** The pieces as Intl writes them. */
  readonly exact: NumberPieces;
  /** The same pieces normalised for search (the same object when normalising changes none). */
  readonly search: NumberPieces;
}

/** Values every shape is checked on before it replaces `format`: rounding ties, grouping edges, tiny and huge values. */
const SHAPE_PROBES = [
  0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.125, 0.0625, 1.0005, 1.00049, 0.0005, -0.0005, 0.005, 0.015, 0.045, 0.0045, 9.995, 999.995, 999.9995,
  0.1 + 0.2, 1 / 3, 2 / 3, 99.99999, -0.004999, 1e-7, -1e-7, 3e-10, 12, 123, 1234, -1234, 12345, 123456, 1234567.891, -1234567.891, 12345678.9,
  123456789.123456, 1e15 + 0.5, 2 ** 53 - 1, 2 ** 53, 1e21, -1e21, 5e-324,
];

const NUMERIC_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);
const ALL_DIGITS = /^[0-9]*$/;

interface SplitParts {
  prefix: string;
  suffix: string;
  integers: string[];
  group: string | null;
  decimal: string | null;
}

/** The parts of one formatted number around and inside its digits, or null when they are unusual. */
function splitParts(parts: readonly Intl.NumberFormatPart[]): SplitParts | null {
  let first = -1;
  let last = -1;
  for (let i = 0; i < parts.length; i++) {
    if (!NUMERIC_PARTS.has(parts[i]?.type ?? '')) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return null;
  const split: SplitParts = { prefix: '', suffix: '', integers: [], group: null, decimal: null };
  for (let i = 0; i < parts.length; i++) {
    const { type, value } = parts[i] as Intl.NumberFormatPart;
    if (i < first) split.prefix += value;
    else if (i > last) split.suffix += value;
    else if (type === 'integer' && ALL_DIGITS.test(value)) split.integers.push(value);
    else if (type === 'group' && (split.group === null || split.group === value)) split.group = value;
    else if (type === 'decimal') split.decimal = value;
    else if (type !== 'fraction' || !ALL_DIGITS.test(value)) return null;
  }
  return split;
}

function normalisePieces(pieces: NumberPieces): NumberPieces {
  const search: NumberPieces = {
    positivePrefix: normaliseSearchText(pieces.positivePrefix),
    positiveSuffix: normaliseSearchText(pieces.positiveSuffix),
    negativePrefix: normaliseSearchText(pieces.negativePrefix),
    negativeSuffix: normaliseSearchText(pieces.negativeSuffix),
    group: normaliseSearchText(pieces.group),
    decimal: normaliseSearchText(pieces.decimal),
  };
  const same = (Object.keys(pieces) as (keyof NumberPieces)[]).every((key) => pieces[key] === search[key]);
  return same ? pieces : search;
}

/**
 * Reads the shape of `format`, or null when it uses something the fast path does not model
 * (other digits, significant digits, other rounding, unusual parts) or disagrees with `format` on
 * any probe, normalised or not. Null means every number goes through `format` itself.
 */
function readNumberShape(format: Intl.NumberFormat): NumberShape | null {
  const options = format.resolvedOptions() as Intl.ResolvedNumberFormatOptions & Record<string, unknown>;
  if (options.numberingSystem !== 'latn' || (options.notation ?? 'standard') !== 'standard' || options.minimumIntegerDigits !== 1) return null;
  if (options.minimumSignificantDigits !== undefined || options.maximumSignificantDigits !== undefined) return null;
  if ((options.roundingMode ?? 'halfExpand') !== 'halfExpand' || (options.roundingIncrement ?? 1) !== 1 || (options.trailingZeroDisplay ?? 'auto') !== 'auto') return null;
  const minimumFraction = options.minimumFractionDigits ?? 0;
  const maximumFraction = options.maximumFractionDigits ?? 0;
  if (maximumFraction > 6 || minimumFraction > maximumFraction) return null;
  const scale = options.style === 'percent' ? 2 : 0;
  const unit = scale === 2 ? 0.01 : 1;
  const positive = splitParts(format.formatToParts(unit));
  const negative = splitParts(format.formatToParts(-unit));
  const grouped = splitParts(format.formatToParts(123456789012 * unit));
  const fractional = splitParts(format.formatToParts(1.25 * unit));
  if (!positive || !negative || !grouped || !fractional || grouped.group === null) return null;
  if (maximumFraction > 0 && fractional.decimal === null) return null;
  const sizes = grouped.integers.map((digits) => digits.length);
  const primaryGroup = sizes[sizes.length - 1] ?? 0;
  const secondaryGroup = sizes[sizes.length - 2] ?? 0;
  if (sizes.length < 3 || primaryGroup < 1 || secondaryGroup < 1 || sizes.slice(1, -1).some((size) => size !== secondaryGroup)) return null;
  const groupedAt = (digits: number) => (splitParts(format.formatToParts(10 ** (digits - 1) * unit))?.integers.length ?? 0) > 1;
  const minimumGrouping = groupedAt(primaryGroup + 1) ? 1 : groupedAt(primaryGroup + 2) ? 2 : 0;
  if (minimumGrouping === 0) return null;
  const exact: NumberPieces = {
    positivePrefix: positive.prefix,
    positiveSuffix: positive.suffix,
    negativePrefix: negative.prefix,
    negativeSuffix: negative.suffix,
    group: grouped.group,
    decimal: fractional.decimal ?? '.',
  };
  const shape: NumberShape = { scale, minimumFraction, maximumFraction, primaryGroup, secondaryGroup, minimumGrouping, exact, search: normalisePieces(exact) };
  for (const value of SHAPE_PROBES) {
    if (!splitDigits(value, shape)) continue;
    const shown = format.format(value);
    const negativeSign = value < 0 && !splitZero;
    if (assembleNumber(shape, shape.exact, negativeSign) !== shown || assembleNumber(shape, shape.search, negativeSign) !== normaliseSearchText(shown)) return null;
    if (splitRaw !== String(value)) return null;
  }
  return shape;
}

const numberShapes = new WeakMap<Intl.NumberFormat, NumberShape | null>();

function numberShapeOf(format: Intl.NumberFormat): NumberShape | null {
  let shape = numberShapes.get(format);
  if (shape === undefined) {
    shape = readNumberShape(format);
    numberShapes.set(format, shape);
  }
  return shape;
}

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];
/**
 * Below `EXACT_BELOW[d]` neighbouring doubles are closer than 10^-d, so a double equal to
 * round(x·10^d)/10^d has that decimal with at most d places as its shortest form.
 */
const EXACT_BELOW = POWERS_OF_TEN.map((_, places) => 2 ** Math.floor(52 - places * Math.log2(10)));
const TWO_TO_53 = 2 ** 53;

/** Results of the last `splitDigits` call (module scratch: no allocation per cell). */
let splitInteger = '';
let splitFraction = '';
let splitRaw = '';
let splitZero = false;

function stripLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  return i === 0 ? digits : digits.slice(i);
}

/**
 * Splits `x` into the integer and fraction digits `shape` shows (scaled, rounded half away from
 * zero on the shortest decimal form of the double, trailing zeros trimmed to the minimum) and its
 * raw text (`String(x)`), into the `split*` scratch variables. False when only Intl can show `x`
 * (2^53 and beyond: ICU then uses the exact integer value, not the shortest form).
 */
function splitDigits(x: number, shape: NumberShape): boolean {
  const negative = x < 0;
  const a = negative ? -x : x;
  if (!(a < TWO_TO_53)) return false;
  const { scale, maximumFraction } = shape;
  let integer: string;
  let fraction: string;
  if (Math.floor(a) === a) {
    const digits = String(a);
    splitRaw = negative ? `-${digits}` : digits;
    integer = scale === 0 || digits === '0' ? digits : `${digits}00`;
    fraction = '';
  } else {
    const places = maximumFraction + scale;
    const power = POWERS_OF_TEN[places] ?? 0;
    const k = power > 0 && a < (EXACT_BELOW[places] ?? 0) ? Math.round(a * power) : -1;
    if (k >= 0 && k / power === a) {
      // At most `places` decimals: the digits of k are the digits of x, no rounding needed.
      let digits = String(k);
      if (digits.length <= places) digits = ZEROS.slice(0, places + 1 - digits.length) + digits;
      const rawEnd = digits.length - places;
      let rawFraction = digits.slice(rawEnd);
      let trim = rawFraction.length;
      while (trim > 0 && rawFraction.charCodeAt(trim - 1) === 48) trim--;
      rawFraction = rawFraction.slice(0, trim);
      splitRaw = `${negative ? '-' : ''}${digits.slice(0, rawEnd)}.${rawFraction}`;
      const integerEnd = digits.length - maximumFraction;
      integer = stripLeadingZeros(digits.slice(0, integerEnd));
      fraction = digits.slice(integerEnd);
    } else {
      splitRaw = String(x);
      const text = negative ? splitRaw.slice(1) : splitRaw;
      const e = text.indexOf('e');
      if (e < 0) {
        const dot = text.indexOf('.');
        integer = dot < 0 ? text : text.slice(0, dot);
        fraction = dot < 0 ? '' : text.slice(dot + 1);
      } else {
        const mantissa = text.slice(0, e);
        const dot = mantissa.indexOf('.');
        const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
        const point = (dot < 0 ? mantissa.length : dot) + Number(text.slice(e + 1));
        if (point <= 0) {
          integer = '0';
          fraction = '0'.repeat(-point) + digits;
        } else if (point >= digits.length) {
          integer = digits + '0'.repeat(point - digits.length);
          fraction = '';
        } else {
          integer = digits.slice(0, point);
          fraction = digits.slice(point);
        }
      }
      if (scale > 0) {
        if (fraction.length < scale) fraction += '0'.repeat(scale - fraction.length);
        integer = stripLeadingZeros(integer + fraction.slice(0, scale));
        fraction = fraction.slice(scale);
      }
      if (fraction.length > maximumFraction) {
        const up = fraction.charCodeAt(maximumFraction) >= 53;
        fraction = fraction.slice(0, maximumFraction);
        if (up) {
          const digits = integer + fraction;
          let j = digits.length - 1;
          while (j >= 0 && digits.charCodeAt(j) === 57) j--;
          const bumped = j < 0 ? `1${'0'.repeat(digits.length)}` : digits.slice(0, j) + String.fromCharCode(digits.charCodeAt(j) + 1) + '0'.repeat(digits.length - 1 - j);
          integer = bumped.slice(0, bumped.length - fraction.length);
          fraction = bumped.slice(bumped.length - fraction.length);
        }
      }
    }
  }
  let end = fraction.length;
  while (end > shape.minimumFraction && fraction.charCodeAt(end - 1) === 48) end--;
  if (end < fraction.length) fraction = fraction.slice(0, end);
  else if (end < shape.minimumFraction) fraction += ZEROS.slice(0, shape.minimumFraction - end);
  let zero = integer === '0';
  for (let i = 0; zero && i < fraction.length; i++) if (fraction.charCodeAt(i) !== 48) zero = false;
  splitInteger = integer;
  splitFraction = fraction;
  splitZero = zero;
  return true;
}

function groupDigits(integer: string, shape: NumberShape, separator: string): string {
  const length = integer.length;
  const primary = shape.primaryGroup;
  if (length < primary + shape.minimumGrouping) return integer;
  let end = length - primary;
  let out = separator + integer.slice(end);
  const secondary = shape.secondaryGroup;
  while (end > secondary) {
    out = separator + integer.slice(end - secondary, end) + out;
    end -= secondary;
  }
  return integer.slice(0, end) + out;
}

/** The number of the last `splitDigits` call, written with `pieces`. */
function assembleNumber(shape: NumberShape, pieces: NumberPieces, negative: boolean): string {
  const grouped = groupDigits(splitInteger, shape, pieces.group);
  const body = splitFraction === '' ? grouped : grouped + pieces.decimal + splitFraction;
  return negative ? pieces.negativePrefix + body + pieces.negativeSuffix : pieces.positivePrefix + body + pieces.positiveSuffix;
}

/**
 * `value` formatted exactly as `formatValue(value, format, options)` shows a finite number, by the
 * fast path when the locale's shape could be read and `value` is below 2^53, else by Intl.
 * Exported for the property tests; not part of the public API.
 *
 * @internal
 */
export function formatNumberForSearch(value: number, format: Exclude<ValueFormat, 'text'>, options: FormatOptions = {}): { text: string; fast: boolean } {
  const intl = getNumberFormat(options.locale, format, options.currency);
  const shape = numberShapeOf(intl);
  if (shape !== null && Number.isFinite(value) && splitDigits(value, shape)) return { text: assembleNumber(shape, shape.exact, value < 0 && !splitZero), fast: true };
  return { text: intl.format(value), fast: false };
}

/**
 * Normalised search text of a finite number in a numeric column: what
 * `normaliseSearchText(cellSearchText(x, format, options))` gives, built from the shape's
 * normalised pieces (the pieces are separated by digits, so normalising them one by one equals
 * normalising the whole text; the shape's probes check it).
 */
function numberSearchText(x: number, shape: NumberShape | null, codes: NumberCodes | null, intl: Intl.NumberFormat): string {
  if (shape !== null) {
    const n = codes === null ? -1 : writeNumberChars(x, shape, codes);
    if (n >= 0) return numberCharsText(n);
    if (splitDigits(x, shape)) {
      const negative = x < 0 && !splitZero;
      const shown = assembleNumber(shape, shape.search, negative);
      if (shown !== splitRaw) return `${shown}\u0001${splitRaw}`;
      // The raw text is its own normal form, so only an exact match of the unnormalised text drops it.
      return shape.search === shape.exact || assembleNumber(shape, shape.exact, negative) === splitRaw ? splitRaw : `${shown}\u0001${splitRaw}`;
    }
  }
  const shown = intl.format(x);
  const raw = String(x);
  return normaliseSearchText(shown === raw ? shown : `${shown}\u0001${raw}`);
}

/**
 * What writing the usual numbers (integers, and values with no more decimals than the format
 * shows: no rounding) needs of a shape, as character codes: the normalised pieces, and whether
 * Intl's own text can equal the raw text (no affixes, "." as decimal separator).
 */
interface NumberCodes {
  /** Decimals read exactly from round(x·10^places) (maximum fraction digits + scale). */
  readonly places: number;
  readonly positivePrefix: readonly number[];
  readonly positiveSuffix: readonly number[];
  readonly negativePrefix: readonly number[];
  readonly negativeSuffix: readonly number[];
  readonly group: readonly number[];
  readonly decimal: readonly number[];
  /** Integers below this show without a group separator. */
  readonly ungroupedBelow: number;
  readonly positiveBare: boolean;
  readonly negativeBare: boolean;
  readonly dotDecimal: boolean;
}

const numberCodes = new WeakMap<NumberShape, NumberCodes | null>();

function codesOf(text: string): number[] {
  return Array.from({ length: text.length }, (_unused, i) => text.charCodeAt(i));
}

function numberCodesOf(shape: NumberShape): NumberCodes | null {
  let codes = numberCodes.get(shape);
  if (codes === undefined) {
    const places = shape.maximumFraction + shape.scale;
    const { search, exact } = shape;
    // Written texts must fit `numberChars` (256 codes): unusually long pieces take the general path.
    const pieces = [search.positivePrefix, search.positiveSuffix, search.negativePrefix, search.negativeSuffix, search.group, search.decimal];
    codes =
      places >= POWERS_OF_TEN.length || pieces.some((piece) => piece.length > 16)
        ? null
        : {
            places,
            positivePrefix: codesOf(search.positivePrefix),
            positiveSuffix: codesOf(search.positiveSuffix),
            negativePrefix: codesOf(search.negativePrefix),
            negativeSuffix: codesOf(search.negativeSuffix),
            group: codesOf(search.group),
            decimal: codesOf(search.decimal),
            ungroupedBelow: 10 ** (shape.primaryGroup + shape.minimumGrouping - 1),
            positiveBare: exact.positivePrefix === '' && exact.positiveSuffix === '',
            negativeBare: exact.negativePrefix === '-' && exact.negativeSuffix === '',
            dotDecimal: exact.decimal === '.',
          };
    numberCodes.set(shape, codes);
  }
  return codes;
}

/** Character codes of one number's search text (module scratch; the texts are short). */
const numberChars = new Uint16Array(256);
/** `numberChars.subarray(0, n)`, made once per length. */
const numberCharViews: Uint16Array[] = [];

function putCodes(at: number, codes: readonly number[]): number {
  for (let i = 0; i < codes.length; i++) numberChars[at + i] = codes[i] ?? 0;
  return at + codes.length;
}

function digitCount(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Writes the `digits` lowest decimal digits of the integer `value` (zero-padded) at `at`. */
function putDigits(at: number, value: number, digits: number): number {
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    numberChars[i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}

/** Writes the integer `value` with group separators at `at`. */
function putGrouped(at: number, value: number, shape: NumberShape, codes: NumberCodes): number {
  const digits = digitCount(value);
  if (value < codes.ungroupedBelow) return putDigits(at, value, digits);
  const separator = codes.group;
  const { primaryGroup, secondaryGroup } = shape;
  const separators = 1 + Math.max(0, Math.floor((digits - primaryGroup - 1) / secondaryGroup));
  let position = at + digits + separators * separator.length;
  const end = position;
  let rest = value;
  let written = 0;
  let nextSeparator = primaryGroup;
  while (written < digits) {
    if (written === nextSeparator) {
      for (let k = separator.length - 1; k >= 0; k--) numberChars[--position] = separator[k] ?? 0;
      nextSeparator += secondaryGroup;
    }
    numberChars[--position] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
    written++;
  }
  return end;
}

/**
 * Writes the search text of x into `numberChars` when x is an integer or has no more decimals than
 * the format shows (no rounding) and returns its length; -1 otherwise (the general path then).
 * Gives exactly what the general path gives (the property tests compare both with Intl).
 */
function writeNumberChars(x: number, shape: NumberShape, codes: NumberCodes): number {
  const negative = x < 0;
  const a = negative ? -x : x;
  const places = codes.places;
  if (!(a < (EXACT_BELOW[places] ?? 0))) return -1;
  let shownInteger: number;
  let shownFraction: number;
  let rawInteger: number;
  let rawFraction: number;
  if (Math.floor(a) === a) {
    rawInteger = a;
    rawFraction = 0;
    shownInteger = shape.scale === 0 ? a : a * 100;
    shownFraction = 0;
  } else {
    const power = POWERS_OF_TEN[places] ?? 0;
    const k = Math.round(a * power);
    if (k / power !== a) return -1;
    rawInteger = Math.floor(a);
    rawFraction = k - rawInteger * power;
    const shownPower = POWERS_OF_TEN[shape.maximumFraction] ?? 1;
    shownFraction = k % shownPower;
    shownInteger = (k - shownFraction) / shownPower;
  }
  // Trailing zeros: the shown fraction keeps the minimum digits, the raw one none.
  let fractionDigits = shape.maximumFraction;
  while (fractionDigits > shape.minimumFraction && shownFraction % 10 === 0) {
    shownFraction /= 10;
    fractionDigits--;
  }
  let rawDigits = rawFraction === 0 ? 0 : places;
  while (rawDigits > 0 && rawFraction % 10 === 0) {
    rawFraction /= 10;
    rawDigits--;
  }
  const showsSign = negative && (shownInteger !== 0 || shownFraction !== 0);
  // Intl's text equals the raw text only without affixes, grouping or other decimal writing.
  const sameAsRaw =
    shape.scale === 0 &&
    shownInteger < codes.ungroupedBelow &&
    (showsSign ? codes.negativeBare : codes.positiveBare) &&
    fractionDigits === rawDigits &&
    (fractionDigits === 0 || codes.dotDecimal);
  let n = 0;
  if (!sameAsRaw) {
    n = putCodes(n, showsSign ? codes.negativePrefix : codes.positivePrefix);
    n = putGrouped(n, shownInteger, shape, codes);
    if (fractionDigits > 0) n = putDigits(putCodes(n, codes.decimal), shownFraction, fractionDigits);
    n = putCodes(n, showsSign ? codes.negativeSuffix : codes.positiveSuffix);
    numberChars[n++] = 1;
  }
  if (negative) numberChars[n++] = 45;
  n = putDigits(n, rawInteger, digitCount(rawInteger));
  if (rawDigits > 0) {
    numberChars[n++] = 46;
    n = putDigits(n, rawFraction, rawDigits);
  }
  return n;
}

/** The first `n` codes of `numberChars` as a string. */
function numberCharsText(n: number): string {
  let view = numberCharViews[n];
  if (view === undefined) {
    view = numberChars.subarray(0, n);
    numberCharViews[n] = view;
  }
  return String.fromCharCode.apply(null, view as unknown as number[]);
}

/** Whether the first `n` codes of `numberChars` hold `term` (as codes). */
function numberCharsHold(n: number, term: readonly number[]): boolean {
  const length = term.length;
  const first = term[0] ?? 0;
  for (let i = 0; i + length <= n; i++) {
    if (numberChars[i] !== first) continue;
    let k = 1;
    while (k < length && numberChars[i + k] === term[k]) k++;
    if (k === length) return true;
  }
  return false;
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

/** Characters of `String(x)` for any finite x. */
const RAW_NUMBER_CHARS = '0123456789.-e+';
const RAW_NUMBER_ALPHABET: ReadonlySet<string> = new Set(RAW_NUMBER_CHARS);
const numberAlphabets = new WeakMap<Intl.NumberFormat, ReadonlySet<string>>();

/**
 * Every character the search text of a finite number can hold in `intl`'s format: digits,
 * separators, signs, symbols and affixes (all of which show in these few probes) and the raw
 * text's characters.
 */
function numberAlphabet(intl: Intl.NumberFormat): ReadonlySet<string> {
  let alphabet = numberAlphabets.get(intl);
  if (alphabet === undefined) {
    const chars = new Set<string>(RAW_NUMBER_CHARS);
    for (const value of [-1234567.891, 1234567.891, 1234567890, -0.5, 0.5, 1e21, -1e21]) for (const ch of normaliseSearchText(intl.format(value))) chars.add(ch);
    alphabet = chars;
    numberAlphabets.set(intl, alphabet);
  }
  return alphabet;
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
function matchFlags<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], filter: TableFilter | undefined, options: FormatOptions): Uint8Array | null {
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
