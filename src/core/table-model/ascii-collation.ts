/**
 * Ranking ASCII text without calling the collator: a per-character collation table is read from
 * the collator itself (and checked on probes), giving keys that compare exactly as the collator
 * would; packed windows of those keys are sorted natively, ties refined. Owns the key scratch
 * buffer, so everything that writes keys lives in this one module. Also `asciiSortKey`, exported
 * for the property tests.
 *
 * @module
 */
import { getCollator } from '../format';
import { NON_ASCII } from './text-fold';
import { STEP } from './shared';
import type { TextOrder } from './key-order';
import { identityOrder, integerKeyOrder, packWidth } from './key-order';

/**
 * The collation of ASCII text, read from a collator: a primary code per character (0 when the
 * collator ignores it; every digit shares the code of `0`, since numeric collation compares digit
 * runs by value) and a tertiary code that orders characters sharing a primary ("a" before "A").
 * A text's key is its primary codes (a digit run as: digit code, run length, digits without leading
 * zeros), a 0, then the tertiary codes of its non-digit characters; comparing keys code by code
 * orders texts exactly as the collator does, which `readAsciiCollation` checks on a probe set and
 * the property tests check on random text.
 */
export interface AsciiCollation {
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

/** First index at or after `i` that is not the digit 0 (leading zeros do not change a number's order). */
function skipZeros(text: string, i: number, length: number): number {
  while (i < length && text.charCodeAt(i) === 48) i++;
  return i;
}

/** End (exclusive) of the run of ASCII digits starting at `start`. */
function digitRunEnd(text: string, start: number, length: number): number {
  let end = start;
  while (end < length) {
    const d = text.charCodeAt(end);
    if (d < 48 || d > 57) break;
    end++;
  }
  return end;
}

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
      const start = skipZeros(text, i, length);
      const end = digitRunEnd(text, start, length);
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

/** The ASCII collation of `collator`, read once per collator; null when its language or options are not modelled or the probes disagree. */
export function asciiCollationOf(collator: Intl.Collator): AsciiCollation | null {
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

/** A text with its key (see `AsciiCollation`), or null when the text has none (not ASCII, a long digit run, no collation). */
export interface KeyedText {
  readonly text: string;
  readonly key: Int32Array | null;
  /** The text up to its first digit: a text starting with it shares its first `headCodes` primary codes. */
  readonly head: string;
  readonly headCodes: number;
}

/** `text` with a copy of its key under `collation` (null: compared through the collator). */
export function keyedText(text: string, collation: AsciiCollation | null): KeyedText {
  const n = collation === null ? -1 : asciiKeyCodes(text, collation);
  if (n < 0 || collation === null) return { text, key: null, head: '', headCodes: 0 };
  let end = 0;
  let codes = 0;
  while (end < text.length && !isDigitCode(text.charCodeAt(end))) {
    if ((collation.primary[text.charCodeAt(end)] ?? 0) !== 0) codes++;
    end++;
  }
  return { text, key: keyCodes.slice(0, n), head: text.slice(0, end), headCodes: codes };
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Compares `text` with `bound` exactly as `collator` would (negative, 0, positive), fast when both
 * have a key: the text's primary codes are made one by one and compared with the bound's key as
 * they come, so most texts are decided within a few characters and nothing is written or
 * allocated; texts whose primary codes all agree compare whole keys (the tertiary part). Any other
 * pair goes through the collator. Keys order ASCII text exactly as the collator they were read
 * from (`readAsciiCollation` checks it), so mixing both ways of comparing gives one order: the
 * collator's.
 */
export function compareToKeyed(text: string, bound: KeyedText, collation: AsciiCollation | null, collator: Intl.Collator): number {
  const key = bound.key;
  // The key model holds for a whole text only: every character ASCII, no digit run it cannot write.
  if (key === null || collation === null || NON_ASCII.test(text) || (text.length > MAX_DIGIT_RUN && LONG_DIGIT_RUN.test(text))) {
    return collator.compare(text, bound.text);
  }
  const { primary, digit } = collation;
  const length = text.length;
  // Primary codes are never 0: the first 0 of a key ends its primary part. A text that starts
  // with the bound's head (its characters before the first digit: "Customer ") shares the head's
  // primary codes; comparing starts after them.
  const shared = bound.head.length > 0 && text.startsWith(bound.head);
  let k = shared ? bound.headCodes : 0;
  let theirs = 0;
  for (let i = shared ? bound.head.length : 0; i < length; ) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      const start = skipZeros(text, i, length);
      const end = digitRunEnd(text, start, length);
      // The run as the key writes it: the digit code, its length, its digits (the number 0: 1, 1).
      theirs = key[k++] as number;
      if (digit !== theirs) return digit < theirs ? -1 : 1;
      const run = end === start ? 1 : end - start;
      theirs = key[k++] as number;
      if (run !== theirs) return run < theirs ? -1 : 1;
      if (end === start) {
        theirs = key[k++] as number;
        if (theirs !== 1) return 1 < theirs ? -1 : 1;
      }
      for (let j = start; j < end; j++) {
        const mine = text.charCodeAt(j) - 47;
        theirs = key[k++] as number;
        if (mine !== theirs) return mine < theirs ? -1 : 1;
      }
      i = end;
      continue;
    }
    const mine = primary[c] as number;
    i++;
    if (mine === 0) continue;
    theirs = key[k++] as number;
    if (mine !== theirs) return mine < theirs ? -1 : 1;
  }
  // The text's primary part ended: its key goes on with 0, the separator.
  if (key[k] !== 0) return -1;
  return compareWrittenKey(asciiKeyCodes(text, collation), key);
}

/** Code-by-code comparison of `keyCodes[0, n)` with `key` (a shorter key that is a prefix comes first). */
function compareWrittenKey(n: number, key: Int32Array): number {
  const length = Math.min(n, key.length);
  const codes = keyCodes;
  for (let i = 0; i < length; i++) {
    const a = codes[i] as number;
    const b = key[i] as number;
    if (a !== b) return a < b ? -1 : 1;
  }
  return n === key.length ? 0 : n < key.length ? -1 : 1;
}

/** `compareToKeyed` for two keyed texts. */
export function compareKeyed(a: KeyedText, b: KeyedText, collator: Intl.Collator): number {
  if (a.key === null || b.key === null) return collator.compare(a.text, b.text);
  const x = a.key;
  const y = b.key;
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) if (x[i] !== y[i]) return (x[i] as number) < (y[i] as number) ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
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
      const start = skipZeros(text, i, length);
      const end = digitRunEnd(text, start, length);
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
export function* asciiOrderSteps(values: readonly string[], collation: AsciiCollation): Generator<void, TextOrder | null, void> {
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
