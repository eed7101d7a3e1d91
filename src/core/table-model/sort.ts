/**
 * Sorting rows by one column: classifying each row's key once (number, text or empty), building
 * the ascending index in resumable steps (numbers via `key-order.ts`, text via `ascii-collation.ts`
 * or `collation-order.ts`), caching it per rows array, deriving descending from it, and the public
 * `sortRows` and `warmSortIndex` (the sort button's cycle, `nextSortDirection`, is in `shared.ts`).
 *
 * @module
 */
import type { Row } from '../types';
import { getCollator, toNumber, valueToText } from '../format';
import type { ModelColumn, SortDirection, TableLocale, WarmBudget } from './types';
import { STEP, cellReader, formatOptions, isNumericFormat } from './shared';
import type { TextOrder } from './key-order';
import { doubleOrder, monotonicOrder } from './key-order';
import { asciiCollationOf, asciiOrderSteps, compareKeyed, compareToKeyed, keyedText } from './ascii-collation';
import type { AsciiCollation, KeyedText } from './ascii-collation';
import { collationOrder } from './collation-order';


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
 * The cached ascending order of `column` over `rows` with each row's dense rank: `asc` (row
 * indices, ascending, rows with an empty key last), `rank` (equal keys share a rank; meaningless for
 * empty keys) and `ranked` (how many rows have a key: the first `ranked` entries of `asc`). For
 * sorting by several columns at once (the data grid's row source). Cached arrays: do not mutate.
 *
 * @internal
 */
export function sortRanks<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined): { readonly asc: Uint32Array; readonly rank: Uint32Array; readonly ranked: number } {
  return sortIndexFor(rows, column, locale);
}

/**
 * Row indices of `rows` in the order of `column` and `direction` (a cached array: do not mutate).
 * `direction` null gives the original order.
 */
export function sortedIndices<R extends Row>(rows: readonly R[], column: ModelColumn<R>, direction: SortDirection, locale: string | undefined): Uint32Array {
  const index = sortIndexFor(rows, column, locale);
  if (direction === 'asc') return index.asc;
  if (index.desc === null) index.desc = deriveDescending(index);
  return index.desc;
}

/** Whether the sort of `column` over `rows` is built (so `sortedIndices` costs nothing). */
export function sortIndexReady<R extends Row>(rows: readonly R[], column: ModelColumn<R>, locale: string | undefined): boolean {
  const entry = sortCache.get(rows)?.get(sortCacheKey(column, locale));
  return entry !== undefined && !('steps' in entry);
}

/**
 * True when a sample of the column's texts (up to 512 rows, evenly spread) repeats values (half
 * or fewer distinct): building the sort then ranks few distinct values and is cheaper than
 * comparing every row's text (cities, statuses).
 */
function repeatsTexts<R extends Row>(rows: readonly R[], read: (row: R) => unknown, numericStrings: boolean): boolean {
  const step = Math.max(1, Math.floor(rows.length / 512));
  const seen = new Set<string>();
  let sampled = 0;
  for (let i = 0; i < rows.length; i += step) {
    if (classify(read(rows[i] as R), numericStrings) !== TEXT) continue;
    seen.add(classifiedText);
    sampled++;
  }
  return sampled > 0 && seen.size * 2 <= sampled;
}

/** More distinct texts than this compared through the collator, and `firstSortedRows` gives up. */
const COLLATOR_TEXTS = 2048;

/**
 * Exactly the first `limit` entries of `sortedIndices(rows, column, direction, locale)` (all rows
 * when fewer), chosen in one pass over the rows without building the sort: the first screenful of
 * a sort click on a table whose sort is not prepared, drawn before the sort is built. Null when
 * that would not be faster than building the sort: text that repeats values (the sort ranks each
 * distinct value once), or text the collation keys do not cover (not ASCII, or a locale whose
 * ASCII collation is not modelled) with many distinct values, each of which the collator would
 * have to compare.
 *
 * The rows chosen so far are kept in a max-heap in view order; each row is compared with its root
 * (numbers as numbers, ASCII text by its collation key without allocating, other text with the
 * collator, once per distinct text) and replaces it when it comes first. Equal keys keep the
 * original order, empty keys come last, as in `sortRows`. Throws what a `sortValue` throws.
 *
 * @internal
 */
export function firstSortedRows<R extends Row>(rows: readonly R[], column: ModelColumn<R>, direction: SortDirection, locale: string | undefined, limit: number): Uint32Array | null {
  const count = rows.length;
  const k = Math.max(0, Math.min(count, Math.floor(limit)));
  if (sortIndexReady(rows, column, locale)) return sortedIndices(rows, column, direction, locale).slice(0, k);
  const read = column.sortValue ?? cellReader<R>(column.key);
  const numericStrings = isNumericFormat(column.format);
  if (repeatsTexts(rows, read, numericStrings)) return null;
  const desc = direction === 'desc';
  // Kinds in view order: numbers before text ascending, text before numbers descending.
  const textKind = desc ? 0 : 1;
  const numberKind = desc ? 1 : 0;
  // The heap of chosen rows: entry e is row `chosen[e]`, of kind order `kinds[e]`, with its number or text.
  const chosen = new Uint32Array(k);
  const kinds = new Uint8Array(k);
  const nums = new Float64Array(k);
  const texts: (KeyedText | null)[] = new Array<KeyedText | null>(k).fill(null);
  let size = 0;
  const empties: number[] = [];
  let collator: Intl.Collator | null = null;
  let collation: AsciiCollation | null = null;
  /** Texts without a key compared with the root's text: the collator's answer, valid until that text changes. */
  let unkeyed = new Map<string, number>();
  let collatorCalls = 0;

  /** Entry a against entry b in view order (ties by row: the original order). */
  const compareEntries = (a: number, b: number): number => {
    const ka = kinds[a] as number;
    const kb = kinds[b] as number;
    if (ka !== kb) return ka < kb ? -1 : 1;
    let result = 0;
    if (ka === numberKind) {
      const x = nums[a] as number;
      const y = nums[b] as number;
      if (x !== y) result = x < y ? -1 : 1;
    } else result = compareKeyed(texts[a] as KeyedText, texts[b] as KeyedText, collator as Intl.Collator);
    if (result !== 0) return desc ? -result : result;
    return (chosen[a] as number) - (chosen[b] as number);
  };
  const swap = (a: number, b: number): void => {
    const row = chosen[a] as number;
    chosen[a] = chosen[b] as number;
    chosen[b] = row;
    const kind = kinds[a] as number;
    kinds[a] = kinds[b] as number;
    kinds[b] = kind;
    const num = nums[a] as number;
    nums[a] = nums[b] as number;
    nums[b] = num;
    const text = texts[a] as KeyedText | null;
    texts[a] = texts[b] as KeyedText | null;
    texts[b] = text;
  };
  const siftUp = (at: number): void => {
    let e = at;
    while (e > 0) {
      const parent = (e - 1) >> 1;
      if (compareEntries(e, parent) <= 0) return;
      swap(e, parent);
      e = parent;
    }
  };
  const siftDown = (at: number): void => {
    let e = at;
    for (;;) {
      const left = 2 * e + 1;
      if (left >= size) return;
      const right = left + 1;
      const larger = right < size && compareEntries(right, left) > 0 ? right : left;
      if (compareEntries(larger, e) <= 0) return;
      swap(larger, e);
      e = larger;
    }
  };
  /**
   * Whether the current row (its classified key, of kind order `kind`) comes before the root. On
   * equal keys the earlier row comes first: the current one when reading backwards.
   */
  const beforeRoot = (kind: number): boolean => {
    const other = kinds[0] as number;
    if (kind !== other) return kind < other;
    if (kind === numberKind) {
      const x = classifiedNumber;
      const y = nums[0] as number;
      return desc ? x >= y : x < y;
    }
    const bound = texts[0] as KeyedText;
    const text = classifiedText;
    let result: number | undefined;
    if (bound.key !== null) result = compareToKeyed(text, bound, collation, collator as Intl.Collator);
    else {
      result = unkeyed.get(text);
      if (result === undefined) {
        result = (collator as Intl.Collator).compare(text, bound.text);
        unkeyed.set(text, result);
        collatorCalls++;
      }
    }
    return desc ? result >= 0 : result < 0;
  };
  const place = (row: number, kind: number, at: number): void => {
    chosen[at] = row;
    kinds[at] = kind;
    nums[at] = kind === numberKind ? classifiedNumber : 0;
    const previous = texts[at];
    // Rows repeating the text they replace (equal keys read backwards) share its key.
    texts[at] = kind !== textKind ? null : previous !== null && previous !== undefined && previous.text === classifiedText ? previous : keyedText(classifiedText, collation);
  };

  // Descending, the rows are read from the end, so data that already runs ascending (ids, dates)
  // meets its largest keys first and the heap rarely changes; a row whose key equals the root's
  // then comes before it (it is earlier in the original order).
  const step = desc ? -1 : 1;
  for (let n = 0, i = desc ? count - 1 : 0; n < count && k > 0; n++, i += step) {
    const value = read(rows[i] as R);
    let kind: number;
    // Most cells of a text column: a string starting with a printable ASCII character is text.
    if (!numericStrings && typeof value === 'string' && value.length > 0 && value.charCodeAt(0) > 32 && value.charCodeAt(0) < 127) {
      classifiedText = value;
      kind = TEXT;
    } else kind = classify(value, numericStrings);
    if (kind === EMPTY) {
      empties.push(i);
      continue;
    }
    const order = kind === NUMBER ? numberKind : textKind;
    if (order === textKind && collator === null) {
      collator = getCollator(locale);
      collation = asciiCollationOf(collator);
    }
    if (size < k) {
      place(i, order, size++);
      siftUp(size - 1);
      continue;
    }
    if (!beforeRoot(order)) {
      if (collatorCalls > COLLATOR_TEXTS) return null;
      continue;
    }
    const rootText = texts[0]?.text;
    place(i, order, 0);
    siftDown(0);
    // The memo compares with the root's text: it holds while that text stays.
    if (unkeyed.size > 0 && texts[0]?.text !== rootText) unkeyed = new Map();
  }
  const ranked = size;
  // The heap in view order: repeatedly move the root (the last) to the end.
  for (let end = size - 1; end > 0; end--) {
    swap(0, end);
    size--;
    siftDown(0);
  }
  const result = new Uint32Array(Math.min(k, ranked + empties.length));
  result.set(chosen.subarray(0, Math.min(ranked, result.length)));
  // Empty keys last in the original order (collected backwards when descending).
  if (desc) empties.reverse();
  for (let j = ranked, e = 0; j < result.length; j++, e++) result[j] = empties[e] as number;
  return result;
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
