/**
 * Reading numbers written the way people write them: `parseLocaleNumber` for a whole text (KPI and
 * chart aggregation, numbers in queries) and `someNumberIn` for the numbers inside a text (numeric
 * search terms). Both follow the same rules, so a cell that aggregates as 2500.5 is also found by
 * `=2500.5`.
 *
 * A locale contributes its group separator, decimal separator and grouping sizes, read once from
 * `Intl.NumberFormat#formatToParts`. Plain JavaScript syntax (`1234.5`) is always read as well.
 * Only ASCII digits are read; other numbering systems are text.
 *
 * @module
 */
import { getNumberFormat } from '../format';

/** What a locale writes around digits. */
export interface NumberSymbols {
  /** Group separator; `' '` for every locale that groups with some kind of space. */
  readonly group: string;
  /** The locale groups with a space (uk: U+00A0): any run of whitespace then separates groups. */
  readonly spaceGroup: boolean;
  readonly decimal: string;
  /** Digits in the group next to the decimal separator, and in the groups further left (en-IN: 3 and 2). */
  readonly primary: number;
  readonly secondary: number;
  /** `.` can also be read as a decimal point (JavaScript syntax) because the locale does not group with it. */
  readonly dotDecimal: boolean;
}

const EN_SYMBOLS: NumberSymbols = { group: ',', spaceGroup: false, decimal: '.', primary: 3, secondary: 3, dotDecimal: false };
const symbolCache = new Map<string, NumberSymbols>();

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x202f || code === 0x2007 || code === 0x2009 || code === 0x200a || code === 0x3000 || code === 0x205f || (code >= 0x2000 && code <= 0x2006) || code === 0x2008 || code === 0xfeff || code === 0x1680 || code === 0x2028 || code === 0x2029;
}

function readSymbols(locale: string): NumberSymbols {
  try {
    const parts = getNumberFormat(locale, 'number').formatToParts(123456789.5);
    const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value);
    const group = parts.find((p) => p.type === 'group')?.value ?? '';
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    if (integers.some((digits) => !/^[0-9]+$/.test(digits)) || decimal.length !== 1 || /[0-9]/.test(decimal)) return EN_SYMBOLS;
    const primary = integers[integers.length - 1]?.length ?? 3;
    const secondary = integers.length > 2 ? (integers[integers.length - 2]?.length ?? primary) : primary;
    const spaceGroup = group.length === 1 && isSpace(group.charCodeAt(0));
    const usable = group.length === 1 && group !== decimal && !/[0-9]/.test(group);
    return {
      group: spaceGroup ? ' ' : usable ? group : '',
      spaceGroup,
      decimal,
      primary: primary > 0 ? primary : 3,
      secondary: secondary > 0 ? secondary : 3,
      dotDecimal: decimal !== '.' && group !== '.',
    };
  } catch {
    return EN_SYMBOLS;
  }
}

/** The number symbols of `locale` (default `en`), read once per locale; invalid tags read as `en`. */
export function numberSymbols(locale: string | undefined): NumberSymbols {
  const key = locale ?? '';
  let symbols = symbolCache.get(key);
  if (symbols === undefined) {
    symbols = key === '' || key === 'en' ? EN_SYMBOLS : readSymbols(key);
    // Locales can come from request headers: keep the cache bounded.
    if (symbolCache.size >= 256) symbolCache.clear();
    symbolCache.set(key, symbols);
  }
  return symbols;
}

const ZERO = 48;
const NINE = 57;
const DOT = 46;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const TWO_TO_53 = 2 ** 53;

/** Value and end of the last `readDigits` call (module scratch: reading allocates nothing). */
let readValue = 0;
let readEnd = 0;

/** Length of the group separator at `i` (a run of spaces for space-grouping locales), 0 when there is none. */
function separatorAt(text: string, i: number, end: number, symbols: NumberSymbols): number {
  if (i >= end) return 0;
  if (symbols.spaceGroup) {
    let j = i;
    while (j < end && isSpace(text.charCodeAt(j))) j++;
    return j - i;
  }
  return symbols.group !== '' && text.charCodeAt(i) === symbols.group.charCodeAt(0) ? 1 : 0;
}

/** Whether exactly `size` digits start at `i` and no further digit follows them. */
function groupOf(text: string, i: number, end: number, size: number): boolean {
  if (i + size > end) return false;
  for (let k = i; k < i + size; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return i + size >= end || !isDigit(text.charCodeAt(i + size));
}

/**
 * Reads the number whose first digit is at `start`, up to `end`: a digit run, groups of the locale
 * (the first of at most `secondary` digits and not starting with 0, then `secondary`-digit groups,
 * the last of `primary` digits), then a fraction after the locale's decimal separator or, where the locale does not
 * group with `.` or used no group, after `.`. Sets `readValue` and `readEnd`.
 */
function readDigits(text: string, start: number, end: number, symbols: NumberSymbols): void {
  let j = start;
  while (j < end && isDigit(text.charCodeAt(j))) j++;
  const firstLength = j - start;
  // Groups: after a first group of at most `secondary` digits, `secondary`-digit groups may
  // follow, and the number may end after any `primary`-digit group (for most locales both are 3).
  let grouped = false;
  let integerEnd = j;
  const { primary, secondary } = symbols;
  // A grouped number never starts with 0 ("0,123" is not 123).
  if (symbols.group !== '' && firstLength <= secondary && text.charCodeAt(start) !== ZERO) {
    let at = j;
    for (;;) {
      const sep = separatorAt(text, at, end, symbols);
      if (sep === 0) break;
      const next = at + sep;
      if (groupOf(text, next, end, primary)) {
        integerEnd = next + primary;
        grouped = true;
      }
      if (!groupOf(text, next, end, secondary)) break;
      at = next + secondary;
    }
  }
  // Fraction.
  let fractionStart = -1;
  if (integerEnd + 1 < end && isDigit(text.charCodeAt(integerEnd + 1))) {
    const code = text.charCodeAt(integerEnd);
    // `.` is also a decimal point (JavaScript syntax) unless the locale groups with it and did here.
    if (code === symbols.decimal.charCodeAt(0) || (code === DOT && (symbols.dotDecimal || !grouped))) fractionStart = integerEnd + 1;
  }
  let stop = integerEnd;
  if (fractionStart > 0) {
    stop = fractionStart;
    while (stop < end && isDigit(text.charCodeAt(stop))) stop++;
  }
  readEnd = stop;
  readValue = digitsValue(text, start, integerEnd, fractionStart, stop);
}

/**
 * The value of the digits in [start, integerEnd) (separators skipped) with the fraction digits in
 * [fractionStart, stop): exactly `Number` of the decimal text. An integer and a power of ten
 * divide to the correctly rounded result while both are exact; beyond that the text is built and
 * handed to `Number`.
 */
function digitsValue(text: string, start: number, integerEnd: number, fractionStart: number, stop: number): number {
  let n = 0;
  let digits = 0;
  for (let k = start; k < integerEnd; k++) {
    const code = text.charCodeAt(k);
    if (!isDigit(code)) continue;
    n = n * 10 + (code - ZERO);
    digits++;
  }
  let places = 0;
  if (fractionStart > 0) {
    for (let k = fractionStart; k < stop; k++) {
      n = n * 10 + (text.charCodeAt(k) - ZERO);
      places++;
      digits++;
    }
  }
  if (n < TWO_TO_53 && places < POWERS.length) return places === 0 ? n : n / (POWERS[places] as number);
  let plain = '';
  for (let k = start; k < integerEnd; k++) if (isDigit(text.charCodeAt(k))) plain += text[k];
  if (fractionStart > 0) plain += `.${text.slice(fractionStart, stop)}`;
  return digits > 0 ? Number(plain) : 0;
}

const MINUS = 45;
const UNICODE_MINUS = 0x2212;
const WORDISH = /[\p{L}\p{N}]/u;

/** Whether the character at `i` is a letter or digit (a minus right after one is a hyphen, not a sign). */
function isWordChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return WORDISH.test(text[i] ?? '');
}

/**
 * Whether some number written in `text[from, to)` satisfies `test`. Numbers are read as
 * `parseLocaleNumber` reads them: digits with the locale's groups and decimal separator, or `.`
 * as the decimal point; a `-` (or U+2212 minus) directly before the digits is a sign unless a letter
 * or digit precedes it (`A-5` and `2024-01` hold no negative numbers); `.5` is 0.5 when no letter
 * or digit precedes the point. Exponents are not read in running text (`1e5` is 1 and 5). Reading
 * allocates nothing for numbers below 2^53.
 */
export function someNumberIn(text: string, from: number, to: number, symbols: NumberSymbols, test: (value: number) => boolean): boolean {
  let i = from;
  while (i < to) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    // A bare fraction: ".5" (not "v.5", not "1.5", which the integer reading covers).
    let signAt = i - 1;
    let value: number;
    const before = i > from ? text.charCodeAt(i - 1) : -1;
    if ((before === DOT || before === symbols.decimal.charCodeAt(0)) && (i - 2 < from || !isWordChar(text, i - 2))) {
      let stop = i;
      while (stop < to && isDigit(text.charCodeAt(stop))) stop++;
      value = digitsValue(text, i, i, i, stop);
      readEnd = stop;
      signAt = i - 2;
    } else {
      readDigits(text, i, to, symbols);
      value = readValue;
    }
    if (signAt >= from) {
      const sign = text.charCodeAt(signAt);
      if ((sign === MINUS || sign === UNICODE_MINUS) && (signAt === from || !isWordChar(text, signAt - 1))) value = -value;
    }
    if (test(value === 0 ? 0 : value)) return true;
    i = readEnd;
  }
  return false;
}

/** Plain decimal notation, as `toNumber` reads it (sign, digits, fraction, exponent). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Digits grouped by dots only (`1.234.567`): a grouped number where the locale groups with `.`. */
const DOT_GROUPED = /^[+-]?[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * Reads a whole text as one number, written either in plain JavaScript syntax or with the
 * conventions of `locale` (default `en`), or returns null.
 *
 * - Plain syntax: `1234.5`, `-4`, `+4`, `.5`, `1e3` (what `toNumber` accepts).
 * - The locale's groups and decimal separator: `1,234.5` under `en`; `1 234,5` under `uk` with a
 *   plain, no-break (U+00A0) or narrow no-break (U+202F) space, or any run of spaces, between
 *   groups; `2 500,5` → 2500.5. Groups must have the locale's sizes (`1,23` is not a number under
 *   `en`). A `.` is a decimal point wherever the locale does not group with `.`, so `1234.5` is
 *   1234.5 under `uk` as well; under `de`, `1.234` is 1234 and `1.5` is 1.5.
 * - A leading `-`, `+` or U+2212 minus; surrounding whitespace is ignored.
 * - Not numbers: `''`, `'12abc'`, `'1,5'` under `en`, `'$5'`, `'5%'`, `'Infinity'`, `'0x10'`, two
 *   numbers (`'5 25'` under `en`), values too large for a double (`'1e400'`).
 *
 * Never throws: a value that is not a string gives null, an invalid locale reads as `en`.
 *
 * @example
 * parseLocaleNumber('2 500,5', 'uk'); // 2500.5
 * parseLocaleNumber('1,234.5', 'en'); // 1234.5
 * parseLocaleNumber('1,5', 'en');     // null
 */
export function parseLocaleNumber(text: string, locale?: string): number | null {
  if (typeof text !== 'string') return null;
  return parseNumberWith(text, numberSymbols(typeof locale === 'string' ? locale : undefined));
}

/**
 * `parseLocaleNumber` with the locale's symbols already looked up, for loops over many cells (KPI
 * and chart aggregation). Plain decimals take one regular expression test, as `toNumber` does.
 */
export function parseNumberWith(text: string, symbols: NumberSymbols): number | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return null;
  if (DECIMAL.test(trimmed) && !(symbols.group === '.' && DOT_GROUPED.test(trimmed))) {
    const parsed = Number(trimmed);
    return parsed - parsed === 0 ? parsed + 0 : null;
  }
  let i = 0;
  let negative = false;
  const first = trimmed.charCodeAt(0);
  if (first === MINUS || first === UNICODE_MINUS || first === 43) {
    negative = first !== 43;
    i = 1;
  }
  if (i >= trimmed.length || !isDigit(trimmed.charCodeAt(i))) return null;
  readDigits(trimmed, i, trimmed.length, symbols);
  if (readEnd !== trimmed.length) return null;
  const value = negative ? -readValue : readValue;
  return value - value === 0 ? value + 0 : null;
}
