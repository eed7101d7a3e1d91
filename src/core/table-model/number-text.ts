/**
 * Numbers as `Intl.NumberFormat` shows them, without a format call per cell: a locale's number
 * shape (affixes, separators, digits) is read once from `formatToParts` and checked against Intl
 * on probe values; numbers are then written as strings or character codes from it, and anything
 * the shape cannot reproduce exactly falls back to Intl. `formatNumberForSearch` is exported for
 * the property tests.
 *
 * @module
 */
import type { FormatOptions, ValueFormat } from '../types';
import { getNumberFormat } from '../format';
import { ZEROS } from './shared';
import { normaliseSearchText } from './text-fold';

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
export interface NumberShape {
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

/** The shape of `format`, read and checked once per format object; null when Intl must write its numbers. */
export function numberShapeOf(format: Intl.NumberFormat): NumberShape | null {
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
export function numberSearchText(x: number, shape: NumberShape | null, codes: NumberCodes | null, intl: Intl.NumberFormat): string {
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
export interface NumberCodes {
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

/** The UTF-16 code units of `text`. */
export function codesOf(text: string): number[] {
  return Array.from({ length: text.length }, (_unused, i) => text.charCodeAt(i));
}

/** The codes of `shape` (see `NumberCodes`), made once per shape; null when the shape cannot be written as codes. */
export function numberCodesOf(shape: NumberShape): NumberCodes | null {
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
export function writeNumberChars(x: number, shape: NumberShape, codes: NumberCodes): number {
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
export function numberCharsHold(n: number, term: readonly number[]): boolean {
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

/** Characters of `String(x)` for any finite x. */
const RAW_NUMBER_CHARS = '0123456789.-e+';
export const RAW_NUMBER_ALPHABET: ReadonlySet<string> = new Set(RAW_NUMBER_CHARS);
const numberAlphabets = new WeakMap<Intl.NumberFormat, ReadonlySet<string>>();

/**
 * Every character the search text of a finite number can hold in `intl`'s format: digits,
 * separators, signs, symbols and affixes (all of which show in these few probes) and the raw
 * text's characters.
 */
export function numberAlphabet(intl: Intl.NumberFormat): ReadonlySet<string> {
  let alphabet = numberAlphabets.get(intl);
  if (alphabet === undefined) {
    const chars = new Set<string>(RAW_NUMBER_CHARS);
    for (const value of [-1234567.891, 1234567.891, 1234567890, -0.5, 0.5, 1e21, -1e21]) for (const ch of normaliseSearchText(intl.format(value))) chars.add(ch);
    alphabet = chars;
    numberAlphabets.set(intl, alphabet);
  }
  return alphabet;
}

/**
 * The number a cell of a numeric column shows, as a number: `x` rounded as `intl` rounds it (half
 * away from zero on the shortest decimal form, as ICU does) and scaled for percent (0.125 shows
 * 12.5%, so 12.5). What numeric search terms compare, so `>=10` agrees with the "10" on screen for
 * 9.9999. Without a readable shape (other numbering systems) the value is rounded arithmetically.
 */
export function shownNumber(x: number, intl: Intl.NumberFormat): number {
  const shape = numberShapeOf(intl);
  if (shape === null) {
    const options = intl.resolvedOptions();
    const scale = options.style === 'percent' ? 100 : 1;
    const power = 10 ** Math.min(20, options.maximumFractionDigits ?? 0);
    return Math.round(x * scale * power) / power + 0;
  }
  const negative = x < 0;
  const a = negative ? -x : x;
  const places = shape.maximumFraction + shape.scale;
  const power = POWERS_OF_TEN[places] ?? 0;
  if (power > 0 && a < (EXACT_BELOW[places] ?? 0)) {
    const k = Math.round(a * power);
    // At most `places` decimals: no rounding; k / 10^maximumFraction is the scaled value, correctly rounded.
    if (k / power === a) {
      const shown = k / (POWERS_OF_TEN[shape.maximumFraction] ?? 1);
      return negative && shown !== 0 ? -shown : 0 + shown;
    }
  }
  if (!splitDigits(x, shape)) return x * (shape.scale === 2 ? 100 : 1);
  const shown = Number(splitFraction === '' ? splitInteger : `${splitInteger}.${splitFraction}`);
  return negative && !splitZero ? -shown : shown;
}
