/**
 * Spreadsheet cells that keep what the screen shows: THE mapping from a column's display format
 * (`ValueFormat`) and the host's locale and currency to an XLSX cell, shared by every XLSX writer
 * (SimpleTable's and DataGrid's client exports through `table-model/xlsx.ts`, the server's through
 * `server/exports/xlsx.ts`). Values stay values (numbers are numeric cells, percents the fraction,
 * dates date serials) and an Excel number format code (`z`) makes the spreadsheet show the digits,
 * the currency symbol and the percent sign the table showed.
 *
 * The codes are read from the same cached `Intl.NumberFormat` the cells use (`getNumberFormat`):
 * where the locale puts the currency symbol and which one (`$` before the number in `en`, `$` after
 * it in `uk`, `CAD` where a bare `$` would read as US dollars), the percent sign, and the fraction
 * digits. Group and decimal separators are NOT in the file: an Excel code always writes `,` and `.`,
 * which each reader's Excel shows in its own system's separators (`1,234.50` in an English Excel,
 * `1 234,50` in a Ukrainian one). Nothing here imports Vue, the DOM or `xlsx`: a cell is a plain
 * object of the shape SheetJS reads (`{ t, v, z }`).
 *
 * @module
 */
import { getNumberFormat, toNumber, valueToText } from './format';
import { neutraliseCell } from './safety';
import type { FormatOptions, ValueFormat } from './types';

/**
 * One spreadsheet cell as SheetJS (`xlsx`) writes it: `t` the type (`n` number, `s` text, `b`
 * boolean), `v` the value, `z` the Excel number format code (absent: General).
 */
export interface ExcelCell {
  readonly t: 'n' | 's' | 'b';
  readonly v: number | string | boolean;
  readonly z?: string;
}

/** Excel format of a calendar day (`2024-03-15`): the ISO form the table shows. */
export const EXCEL_DAY_FORMAT = 'yyyy-mm-dd';
/** Excel formats of a date with a time, by the precision the value carries. */
export const EXCEL_TIME_FORMATS = {
  minutes: 'yyyy-mm-dd hh:mm',
  seconds: 'yyyy-mm-dd hh:mm:ss',
  milliseconds: 'yyyy-mm-dd hh:mm:ss.000',
} as const;

/** Days from Excel's day 0 (1899-12-30 in the 1900 date system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;
/**
 * Excel's first date that a serial shows correctly: 1900-03-01 (serial 61). Earlier serials are off
 * by Excel's phantom 1900-02-29, and Excel cannot show dates before 1900 at all; such values stay text.
 */
const FIRST_EXCEL_TIME = Date.UTC(1900, 2, 1);
/** The last moment Excel can show (9999-12-31 23:59:59.999). */
const LAST_EXCEL_TIME = Date.UTC(10_000, 0, 1) - 1;

/**
 * ISO 8601 day, optionally with a time (`T` or a space) of minutes, seconds and a fraction, and
 * optionally `Z`. A numeric offset (`+02:00`) is not matched: a spreadsheet date has no zone, and
 * either dropping the offset or moving the clock would change what the value says, so it stays text.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?Z?)?$/;

/** Upper bound on cached number patterns (locale tags may come from requests; see format.ts). */
const MAX_CACHED = 256;

/** The Excel codes of one locale, format and currency. */
interface NumberPattern {
  /** The code for each count of fraction digits from 0 to `max` (index = digits). */
  readonly codes: readonly string[];
  readonly min: number;
  readonly max: number;
  /** 100 for percent (its fraction digits count on the value shown), else 1. */
  readonly scale: number;
}

const patterns = new Map<string, NumberPattern>();

/** A piece of text around the digits: literal text, the percent sign, or a minus sign. */
type AffixToken = { kind: 'text'; text: string } | { kind: 'percent' } | { kind: 'minus' };

/** What surrounds the digits of one formatted number, and whether it has group separators. */
interface Affixes {
  prefix: AffixToken[];
  suffix: AffixToken[];
  grouped: boolean;
}

const DIGIT_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

function affixesOf(parts: readonly Intl.NumberFormatPart[]): Affixes {
  const out: Affixes = { prefix: [], suffix: [], grouped: false };
  let seenDigits = false;
  for (const part of parts) {
    if (DIGIT_PARTS.has(part.type)) {
      seenDigits = true;
      if (part.type === 'group') out.grouped = true;
      continue;
    }
    const token: AffixToken =
      part.type === 'percentSign' ? { kind: 'percent' } : part.type === 'minusSign' ? { kind: 'minus' } : { kind: 'text', text: part.value };
    (seenDigits ? out.suffix : out.prefix).push(token);
  }
  return out;
}

/**
 * Excel code of affix tokens: consecutive text (and a minus sign written out) in one quoted string
 * with its spaces as plain spaces (the locale's no-break spaces would only look the same), the
 * percent sign bare, since a bare `%` is what makes Excel show the fraction ×100. Intl never puts a
 * double quote in a symbol; one would be dropped, as Excel has no escape inside a quoted string.
 */
function affixCode(tokens: readonly AffixToken[]): string {
  let code = '';
  let text = '';
  const flush = (): void => {
    if (text !== '') code += `"${text.replace(/"/g, '').replace(/\s/g, ' ')}"`;
    text = '';
  };
  for (const token of tokens) {
    if (token.kind === 'percent') {
      flush();
      code += '%';
    } else text += token.kind === 'minus' ? '-' : token.text;
  }
  flush();
  return code;
}

function sameTokens(a: readonly AffixToken[], b: readonly AffixToken[]): boolean {
  return a.length === b.length && a.every((token, i) => JSON.stringify(token) === JSON.stringify(b[i]));
}

/**
 * The codes of a numeric format under a locale and currency, cached. One section when negatives are
 * the positive form behind a minus sign (Excel writes that minus itself: `-$1,234.50`); otherwise a
 * second section spells the negative form out (`de-CH`: `"$"#,##0.00;"$-"#,##0.00`).
 */
function patternOf(format: 'number' | 'currency' | 'percent', options: FormatOptions | undefined): NumberPattern {
  const key = `${options?.locale ?? ''}\u0000${format}\u0000${format === 'currency' ? (options?.currency ?? '') : ''}`;
  const cached = patterns.get(key);
  if (cached !== undefined) return cached;
  // `symbol`: the file names the currency as the cells do (`code` is for accessible labels).
  const formatter = getNumberFormat(options?.locale, format, options?.currency, 'symbol');
  const resolved = formatter.resolvedOptions();
  const min = resolved.minimumFractionDigits ?? 0;
  const max = Math.max(min, resolved.maximumFractionDigits ?? 0);
  const positive = affixesOf(formatter.formatToParts(1_234_567.5));
  const negative = affixesOf(formatter.formatToParts(-1_234_567.5));
  const [first, ...rest] = negative.prefix;
  const plainNegative = first?.kind === 'minus' && sameTokens(rest, positive.prefix) && sameTokens(negative.suffix, positive.suffix);
  const codes: string[] = [];
  for (let digits = 0; digits <= max; digits++) {
    const body = `${positive.grouped ? '#,##0' : '0'}${digits > 0 ? `.${'0'.repeat(digits)}` : ''}`;
    const code = `${affixCode(positive.prefix)}${body}${affixCode(positive.suffix)}`;
    codes.push(plainNegative ? code : `${code};${affixCode(negative.prefix)}${body}${affixCode(negative.suffix)}`);
  }
  const pattern: NumberPattern = { codes, min, max, scale: format === 'percent' ? 100 : 1 };
  if (patterns.size >= MAX_CACHED) patterns.clear();
  patterns.set(key, pattern);
  return pattern;
}

/**
 * The fraction digits the screen shows for `value`: the format's minimum, plus the digits up to its
 * maximum that are not trailing zeros once rounded to the maximum (`number` shows `8,444.88` and
 * `12`, never `12.000`). Beyond a double's integer precision the value has no fraction to show.
 */
function fractionDigits(value: number, pattern: NumberPattern): number {
  if (pattern.min === pattern.max) return pattern.max;
  let scaled = Math.round(Math.abs(value) * pattern.scale * 10 ** pattern.max);
  if (!Number.isSafeInteger(scaled)) return pattern.min;
  let digits = pattern.max;
  while (digits > pattern.min && scaled % 10 === 0) {
    scaled /= 10;
    digits--;
  }
  return digits;
}

/**
 * The Excel number format code that shows `value` in a `format` column as the screen does under
 * `options` (locale, currency), or undefined for `text` (General).
 *
 * - `number`: grouped, with the fraction digits the screen shows (up to 3): `#,##0`, `#,##0.00`;
 * - `currency`: the currency's own fraction digits, its symbol quoted on the side the locale puts it:
 *   `"$"#,##0.00` (`en`, USD), `#,##0.00" $"` (`uk`, USD), `"¥"#,##0` (`en`, JPY), `#,##0.00" CAD"`
 *   (`uk`, CAD: the screen's unambiguous name, see `currencySymbolDisplay`);
 * - `percent`: the fraction shown ×100 with the one digit the screen shows: `#,##0.0%`.
 *
 * Separators are the reader's Excel's (see the module comment). A currency code `Intl` refuses
 * falls back to USD, exactly as on screen.
 *
 * @example excelNumberFormat(8444.88, 'currency', { locale: 'uk', currency: 'USD' }) // '#,##0.00" $"'
 */
export function excelNumberFormat(value: number, format: ValueFormat, options?: FormatOptions): string | undefined {
  if (format === 'text') return undefined;
  const pattern = patternOf(format, options);
  return pattern.codes[fractionDigits(value, pattern)];
}

/** A text cell, formula-safe: `neutraliseCell` puts an apostrophe before `=`, `+`, `-`, `@`, tab, CR. */
export function excelTextCell(value: unknown): ExcelCell {
  const safe = neutraliseCell(value);
  return { t: 's', v: typeof safe === 'string' ? safe : valueToText(safe) };
}

/** A date cell for `time` (ms since 1970, UTC clock) with `z`, or null outside Excel's dates. */
function dateCell(time: number, z: string): ExcelCell | null {
  if (!(time >= FIRST_EXCEL_TIME && time <= LAST_EXCEL_TIME)) return null;
  return { t: 'n', v: time / DAY_MS + EXCEL_EPOCH_DAYS, z };
}

/**
 * A Date as the table shows it (ISO 8601 in UTC): a day when it is exactly midnight UTC, else the
 * UTC date and time to the second (to the millisecond when it has milliseconds).
 */
function dateObjectCell(value: Date): ExcelCell | null {
  const time = value.getTime();
  const ofDay = ((time % DAY_MS) + DAY_MS) % DAY_MS;
  const z = ofDay === 0 ? EXCEL_DAY_FORMAT : ofDay % 1000 === 0 ? EXCEL_TIME_FORMATS.seconds : EXCEL_TIME_FORMATS.milliseconds;
  return dateCell(time, z);
}

/** An ISO date text (`ISO_DATE`) as a date cell of the precision written, or null when it is no real date. */
function isoDateCell(text: string): ExcelCell | null {
  const match = ISO_DATE.exec(text);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s, fraction] = match;
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const hours = h === undefined ? 0 : Number(h);
  const minutes = mi === undefined ? 0 : Number(mi);
  const seconds = s === undefined ? 0 : Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const ms = fraction === undefined ? 0 : Math.min(999, Math.round(Number(`0.${fraction}`) * 1000));
  const time = Date.UTC(year, month, day, hours, minutes, seconds, ms);
  // 2024-02-30 would roll over into March: not a date, so it stays the text it is.
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  const z = h === undefined ? EXCEL_DAY_FORMAT : fraction !== undefined ? EXCEL_TIME_FORMATS.milliseconds : s !== undefined ? EXCEL_TIME_FORMATS.seconds : EXCEL_TIME_FORMATS.minutes;
  return dateCell(time, z);
}

/**
 * The function that turns the values of one `format` column into spreadsheet cells as the screen
 * shows them under `options` (locale and currency; defaults `en`, `USD`). Make one per column and
 * call it per cell: the column's codes are looked up once.
 *
 * - null, undefined and `''` give null (an empty cell); NaN and ±Infinity too (no number to show);
 * - numbers are numeric cells with `excelNumberFormat`'s code; in `number`, `currency` and `percent`
 *   columns numeric strings too (as `formatValue` reads them: `"99.5"` yes, `"1 000"` no), and
 *   bigints within ±2^53 in any column. In `text` columns an integer gets the code `0` (an id such
 *   as 123456789012 shows whole, as General would switch to `1.23457E+11`), other numbers General;
 * - booleans are boolean cells;
 * - a valid Date is a date cell: `yyyy-mm-dd` at midnight UTC, else `yyyy-mm-dd hh:mm:ss` in UTC
 *   (`.000` with milliseconds), the clock the table's ISO text shows;
 * - text that is an ISO 8601 day or date-time without an offset (`2024-03-15`, `2024-03-15 09:30`,
 *   `2024-03-15T09:30:05Z`) is a date cell of the precision written; with an offset (`+02:00`), an
 *   impossible day (`2024-02-30`), or before 1900-03-01 (which Excel cannot show) it stays text;
 * - everything else is a text cell through `neutraliseCell` (formula-safe; objects as JSON).
 *
 * Values are never rounded: `v` is the value, the code only decides what is shown.
 */
export function excelCellWriter(format: ValueFormat, options?: FormatOptions): (value: unknown) => ExcelCell | null {
  const numeric = format !== 'text';
  let pattern: NumberPattern | undefined;
  const numberCell = (num: number): ExcelCell => {
    if (!numeric) return Number.isSafeInteger(num) ? { t: 'n', v: num, z: '0' } : { t: 'n', v: num };
    pattern ??= patternOf(format, options);
    return { t: 'n', v: num, z: pattern.codes[fractionDigits(num, pattern)] as string };
  };
  return (value) => {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value === 'number') return value - value === 0 ? numberCell(value) : null;
    if (typeof value === 'boolean') return { t: 'b', v: value };
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : (dateObjectCell(value) ?? excelTextCell(value));
    if (typeof value === 'bigint' || (numeric && typeof value === 'string')) {
      const num = toNumber(value);
      if (num !== null) return numberCell(num);
    }
    if (typeof value === 'string') return isoDateCell(value) ?? excelTextCell(value);
    return excelTextCell(value);
  };
}
