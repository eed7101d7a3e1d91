/**
 * Numbers and text for display. Every number the library shows goes through here: one numeric
 * coercion (`toNumber`) shared by KPIs, charts and table sorting, and cached `Intl.NumberFormat` /
 * `Intl.Collator` instances so that formatting 100,000 cells builds each formatter once.
 *
 * Locale and currency always come from the host (`FormatOptions`); the defaults `en` and `USD` are
 * only used when the host gives none or gives a code `Intl` refuses.
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from './types';
import { warn } from './warn';

/** What an absent value shows as: an em dash, never a made-up 0. */
export const EMPTY_VALUE = '—';

/** Locale used when the host gives none, or one that `Intl` refuses. */
export const DEFAULT_LOCALE = 'en';

/** Currency used when the host gives none, or a code that `Intl` refuses. */
export const DEFAULT_CURRENCY = 'USD';

/**
 * Plain decimal notation: optional sign, digits with an optional fraction (or a bare fraction such
 * as `.5`), optional exponent. Deliberately excludes what `Number()` would also accept: hex/octal/
 * binary literals (`0x10`), `Infinity`, and the empty string, which `Number()` turns into 0.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * THE numeric coercion of the library, used by KPI aggregates, chart values and numeric table
 * sorting, so the three always agree on what counts as a number.
 *
 * - finite numbers are returned as they are (`-0` included);
 * - `NaN`, `Infinity` and `-Infinity` give null (they cannot be summed or drawn meaningfully);
 * - strings are trimmed and must then be plain decimal notation: `"12.5"`, `" 3 "`, `"-4"`, `".5"`,
 *   `"1e3"` are numbers; `""`, `"   "`, `"12abc"`, `"1,5"`, `"1 000"`, `"0x10"`, `"Infinity"` and
 *   `"NaN"` are not (locale-formatted text is ambiguous, so it is never guessed at). A numeric string
 *   too large for a double (`"1e400"`) gives null;
 * - bigints give a number when they are within ±`Number.MAX_SAFE_INTEGER`, otherwise null (a value
 *   that would silently lose precision is not a number here);
 * - booleans are NOT numbers (null): a `true` in an amount column is a data error, not 1;
 * - null, undefined, Dates, arrays and other objects give null.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value - value === 0 ? value : null;
  if (typeof value === 'string') return stringToNumber(value);
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : null;
  }
  return null;
}

/** String branch of `toNumber`, split out so the number branch stays small enough to inline. */
function stringToNumber(value: string): number | null {
  const text = value.trim();
  if (text.length === 0 || !DECIMAL.test(text)) return null;
  const parsed = Number(text);
  return parsed - parsed === 0 ? parsed : null;
}

/**
 * Reads `row[key]` as an own property. Keys that name something every object inherits
 * (`constructor`, `toString`, `__proto__`, …) would otherwise read `Object.prototype` members out of
 * rows that lack them; `isInheritedName` lets hot loops decide once per key whether they need the
 * slower own-property check.
 *
 * Edge cases: a null or undefined row gives undefined; a missing key gives undefined.
 */
export function readCell(row: Row | null | undefined, key: string): unknown {
  if (row === null || row === undefined) return undefined;
  if (isInheritedName(key)) return Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
  return row[key];
}

/** True when every plain object answers `key` through its prototype (`constructor`, `__proto__`, …). */
export function isInheritedName(key: string): boolean {
  return key in Object.prototype;
}

/**
 * True for the values the library treats as empty: null, undefined (a missing key reads as
 * undefined), the empty string and NaN. `0`, `false` and whitespace-only strings are values.
 */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'number' && value !== value);
}

// ---------------------------------------------------------------------------------------------
// Intl caches
// ---------------------------------------------------------------------------------------------

/**
 * Upper bound on cached formatters. Locale strings may come from request headers, so an unbounded
 * cache would be a memory leak an attacker can drive; when full the cache is simply cleared (real
 * pages use a handful of keys, so it refills at once).
 */
const MAX_CACHED = 256;
const numberFormats = new Map<string, Intl.NumberFormat>();
const collators = new Map<string, Intl.Collator>();

/**
 * The locale list handed to `Intl`: the host's tag, then the default. A malformed tag (which would
 * make `Intl` throw) is dropped; a well-formed tag the runtime has no data for (`xx`) makes `Intl`
 * fall through to `en` instead of to the runtime's own default locale. Never throws.
 */
function localeList(locale: string | undefined): string[] {
  if (locale === undefined || locale === '') return [DEFAULT_LOCALE];
  try {
    const tag = Intl.getCanonicalLocales(locale)[0];
    return tag === undefined ? [DEFAULT_LOCALE] : [tag, DEFAULT_LOCALE];
  } catch {
    return [DEFAULT_LOCALE];
  }
}

/** Currency codes already warned about, so each bad code is reported once per process or page. */
const warnedCurrencies = new Set<string>();

/**
 * Reports a currency code that fell back to `DEFAULT_CURRENCY` with one warning per code (through
 * `warn`, see ./warn.ts). A silent fallback would show amounts in dollars with no hint why; a
 * warning on every format call would flood the console from a table of 100,000 cells.
 */
function warnCurrencyFallback(currency: string): void {
  if (warnedCurrencies.has(currency)) return;
  // Bounded like the formatter caches: codes may come from requests.
  if (warnedCurrencies.size >= MAX_CACHED) warnedCurrencies.clear();
  warnedCurrencies.add(currency);
  warn('currency_fallback', `currency code ${JSON.stringify(String(currency))} is not an ISO 4217 code Intl accepts; amounts are shown in ${DEFAULT_CURRENCY}.`);
}

/** Upper-case ISO 4217 code if well formed (three letters), else the default (with a one-time warning). */
function supportedCurrency(currency: string): string {
  // `typeof` because JavaScript callers may pass anything; only text can be a currency code.
  if (typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency)) return currency.toUpperCase();
  warnCurrencyFallback(currency);
  return DEFAULT_CURRENCY;
}

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * How `getNumberFormat` names a currency: the locale's (possibly narrow) symbol, the ISO code, or
 * its name in the locale's words ("US dollars", «долара США»).
 */
export type CurrencyDisplay = 'symbol' | 'code' | 'name';

/**
 * Currencies whose narrow symbols are compared to decide whether a narrow symbol is unambiguous:
 * the world's most traded currencies plus the neighbours of the shipped locales. `$` is shared by
 * USD, CAD, AUD, … and `kr` by SEK, NOK, DKK; a narrow symbol is used only when no other currency
 * here has it, or when the currency is that symbol's "home" (English shows exactly that symbol for
 * it: `$` is USD, `£` is GBP, `¥` is JPY).
 */
const REFERENCE_CURRENCIES = [
  'USD', 'EUR', 'JPY', 'GBP', 'CNY', 'AUD', 'CAD', 'CHF', 'HKD', 'SGD', 'SEK', 'NOK', 'DKK', 'NZD', 'MXN', 'KRW',
  'INR', 'BRL', 'ZAR', 'TRY', 'PLN', 'CZK', 'HUF', 'RON', 'UAH', 'ILS', 'EGP', 'ARS', 'CLP', 'COP', 'TWD', 'THB',
] as const;

const symbolDisplays = new Map<string, 'symbol' | 'narrowSymbol'>();

function currencySymbol(tags: readonly string[], code: string, display: 'symbol' | 'narrowSymbol'): string {
  try {
    const parts = new Intl.NumberFormat(tags as string[], { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(1);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * `symbol` or `narrowSymbol` for `code` under `tags`: the locale's own symbol when it has one
 * (`en` + `CAD` → `CA$`), else the narrow symbol when it names this currency only (`uk` + `USD` →
 * `$`, `uk` + `UAH` → `₴`, `uk` + `SEK` stays `SEK` because `kr` is also NOK and DKK). Cached per
 * locale list and code (bounded like the formatter caches).
 */
function symbolDisplay(tags: readonly string[], code: string): 'symbol' | 'narrowSymbol' {
  const key = `${tags.join(',')}\u0000${code}`;
  const cached = symbolDisplays.get(key);
  if (cached !== undefined) return cached;
  let result: 'symbol' | 'narrowSymbol' = 'symbol';
  if (currencySymbol(tags, code, 'symbol') === code) {
    const narrow = currencySymbol(tags, code, 'narrowSymbol');
    if (narrow !== code) {
      const home = currencySymbol(['en'], code, 'symbol') === narrow;
      const shared = REFERENCE_CURRENCIES.some((other) => other !== code && currencySymbol(tags, other, 'narrowSymbol') === narrow);
      if (home || !shared) result = 'narrowSymbol';
    }
  }
  return remember(symbolDisplays, key, result);
}

/**
 * How cells, axes and KPIs name `currency` under `locale`: `symbol` (the locale's symbol) or
 * `narrowSymbol` (the locale has no symbol of its own but the narrow one is unambiguous). Exposed
 * for tests and for hosts that build their own `Intl.NumberFormat`.
 *
 * @example currencySymbolDisplay('uk', 'USD') // 'narrowSymbol' ($)
 * @example currencySymbolDisplay('uk', 'CAD') // 'symbol' (CAD: `$` would read as US dollars)
 */
export function currencySymbolDisplay(locale: string | undefined, currency: string): 'symbol' | 'narrowSymbol' {
  return symbolDisplay(localeList(locale), supportedCurrency(currency));
}

/**
 * A cached `Intl.NumberFormat` for a locale and display format.
 *
 * - `number`: the locale's grouping, up to 3 fraction digits (`12345.5` → `12,345.5`; in `uk`
 *   `12 345,5` with narrow no-break spaces);
 * - `currency`: the currency's own fraction digits (`USD` 2, `JPY` 0);
 * - `percent`: the value is a fraction, shown with exactly one fraction digit (`0.125` → `12.5%`,
 *   `0.19` → `19.0%`, `0.18333` → `18.3%`), so a column reads evenly and its digits line up;
 * - `text`: same as `number` (callers decide whether text gets number formatting at all).
 *
 * Negative zero, and negatives that round to zero, show without a sign (`0`, never `-0`).
 * Invalid locales (`"not a locale!"`) fall back to `en`; nothing throws. A currency code that is not
 * three letters (`"dollars"`, `""`), or that `Intl` refuses, falls back to `USD` and is reported once
 * per code through the warning channel (`warn`, code `currency_fallback`), because showing euros
 * as dollars without a word would hide a host bug; lowercase codes (`"eur"`) are accepted as they
 * are. The currency code only matters for `currency`, so other formats share one instance.
 *
 * `currencyDisplay` (`currency` only) picks how the currency is named:
 * - `symbol` (default, cells, axes, KPIs): the locale's symbol, and where the locale has none but
 *   the currency's narrow symbol is unambiguous, that narrow symbol (`uk` + `USD` shows `1 234,50 $`
 *   rather than `1 234,50 USD` in every cell; `uk` + `CAD` stays `CAD`, because `$` would read as
 *   US dollars; see `currencySymbolDisplay`);
 * - `code`: the ISO code (`USD 1,234.50`), for exports, where nothing may be ambiguous;
 * - `name`: the currency's name in the locale's words (`1,234.50 US dollars`, `1 234,50 долара
 *   США`), for screen readers, which would spell a code out letter by letter ("U S D").
 *
 * @default format `number`, currency `USD`, currencyDisplay `symbol`
 * @example getNumberFormat('uk', 'currency', 'USD').format(1234.5) // '1 234,50 $'
 */
export function getNumberFormat(
  locale?: string,
  format: ValueFormat = 'number',
  currency?: string,
  currencyDisplay: CurrencyDisplay = 'symbol',
): Intl.NumberFormat {
  const cur = format === 'currency' ? (currency ?? DEFAULT_CURRENCY) : '';
  const shown = format === 'currency' ? currencyDisplay : '';
  const key = `${locale ?? ''}\u0000${format}\u0000${cur}\u0000${shown}`;
  const cached = numberFormats.get(key);
  if (cached !== undefined) return cached;
  const tags = localeList(locale);
  let options: Intl.NumberFormatOptions;
  // signDisplay 'negative': -0 and negatives that round to zero show as 0, not "-0".
  if (format === 'currency') {
    const code = supportedCurrency(cur);
    const display = currencyDisplay === 'code' || currencyDisplay === 'name' ? currencyDisplay : symbolDisplay(tags, code);
    options = { style: 'currency', currency: code, currencyDisplay: display, signDisplay: 'negative' };
  } else if (format === 'percent') {
    // Exactly one decimal, so a column reads evenly: "19.0%" above "17.1%" and "18.3%", never "19%"
    // or "18.33%" beside them.
    options = { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'negative' };
  }
  else options = { maximumFractionDigits: 3, signDisplay: 'negative' };
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(tags, options);
  } catch {
    // A well-formed but unknown currency code can still be refused by some engines.
    if (format === 'currency') warnCurrencyFallback(cur);
    formatter = new Intl.NumberFormat(tags, format === 'currency' ? { ...options, currency: DEFAULT_CURRENCY } : options);
  }
  return remember(numberFormats, key, formatter);
}

/**
 * A cached `Intl.Collator` for sorting text the way readers of `locale` expect, with numeric
 * collation (`"item 2"` before `"item 10"`). `sensitivity` defaults to `variant` (sorting); pass
 * `base` for case- and accent-insensitive matching. Invalid locales fall back to `en`.
 */
export function getCollator(locale?: string, sensitivity: Intl.CollatorOptions['sensitivity'] = 'variant'): Intl.Collator {
  const key = `${locale ?? ''}\u0000${sensitivity ?? ''}`;
  const cached = collators.get(key);
  if (cached !== undefined) return cached;
  return remember(collators, key, new Intl.Collator(localeList(locale), { numeric: true, sensitivity }));
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/**
 * Text of any cell value, without number formatting: strings as they are (markup stays literal
 * text), numbers/bigints/booleans through `String`, valid Dates as ISO 8601, invalid Dates as '',
 * other objects as JSON (or `String(value)` when JSON fails, e.g. on cycles); null and undefined
 * give ''.
 */
export function valueToText(value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'symbol':
    case 'function':
      return '';
    default:
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
      try {
        return JSON.stringify(value) ?? '';
      } catch {
        return String(value);
      }
  }
}

/**
 * Formats a cell value for display.
 *
 * - null and undefined give '' (an empty cell; KPIs use `formatKpiValue`, which shows "—");
 * - `text` shows the value as text without grouping (IDs such as 12345 stay `12345`);
 * - `number`, `currency` and `percent` format anything `toNumber` accepts (numeric strings
 *   included) with the cached formatter for `options.locale` / `options.currency`; a value that is not
 *   a number (`"n/a"`, `true`, `NaN`) is shown as its text rather than hidden, so bad data stays
 *   visible. `percent` expects a fraction: 0.125 gives `12.5%`.
 *
 * The result is plain text: callers put it into text nodes, never into markup.
 */
export function formatValue(value: unknown, format: ValueFormat, options?: FormatOptions): string {
  if (value === null || value === undefined) return '';
  if (format === 'text') return valueToText(value);
  const num = toNumber(value);
  if (num === null) return valueToText(value);
  return getNumberFormat(options?.locale, format, options?.currency, options?.currencyDisplay).format(num);
}

/**
 * Formats a KPI value: "—" for null (no value, never a made-up 0). KPI values are always numbers,
 * so `text` formats like `number` (a plain `String` would show float noise such as
 * `3.3333333333333335`).
 */
export function formatKpiValue(value: number | null, format: ValueFormat, options?: FormatOptions): string {
  if (value === null || !Number.isFinite(value)) return EMPTY_VALUE;
  return getNumberFormat(options?.locale, format === 'text' ? 'number' : format, options?.currency, options?.currencyDisplay).format(value);
}

/**
 * KPI value texts longer than this many characters are shown in compact notation (`$8.07M`), with
 * the full value kept for the tooltip and the accessible text. 13 characters (`$8,066,380.88`) still
 * fit the narrowest card (10rem) at the smallest value size the stylesheet allows.
 */
export const KPI_COMPACT_AFTER = 13;

/** The texts of one KPI value: what the card shows, what a tooltip and a screen reader get. */
export interface KpiValueTexts {
  /** What the card shows: the full text, or its compact form when the full text is long. */
  readonly display: string;
  /** The full value with the locale's symbol (`$8,066,380.88`): the tooltip. */
  readonly full: string;
  /**
   * The full value with the currency's name in the locale's words (`8,066,380.88 US dollars`,
   * `1 481 481 540,00 долара США`): the accessible text. A screen reader spells "USD" letter by letter.
   */
  readonly spoken: string;
  /** True when `display` is the compact form. */
  readonly compact: boolean;
}

/**
 * The texts of a KPI value (see `KpiValueTexts`). A number never has to break inside a card: when
 * the full text is longer than `KPI_COMPACT_AFTER` characters the card shows `Intl` compact notation
 * with 3 significant digits (`$410M`, `410 млн $`, `-1.23B`), and the full value stays available.
 *
 * Edge cases: null and non-finite values give "—" everywhere (`compact` false); `text` formats like
 * `number` (as `formatKpiValue`); negative values keep their sign in every text.
 *
 * @example kpiValueTexts(8066380.88, 'currency', { locale: 'en', currency: 'USD' })
 * // { display: '$8.07M', full: '$8,066,380.88', spoken: '8,066,380.88 US dollars', compact: true }
 */
export function kpiValueTexts(value: number | null, format: ValueFormat, options?: FormatOptions): KpiValueTexts {
  const full = formatKpiValue(value, format, { ...options, currencyDisplay: 'symbol' });
  if (value === null || !Number.isFinite(value)) return { display: full, full, spoken: full, compact: false };
  const spoken = format === 'currency' ? formatKpiValue(value, format, { ...options, currencyDisplay: 'name' }) : full;
  if (full.length <= KPI_COMPACT_AFTER) return { display: full, full, spoken, compact: false };
  return { display: compactFormat(options?.locale, format === 'text' ? 'number' : format, options?.currency).format(value), full, spoken, compact: true };
}

/**
 * A number in compact notation with 3 significant digits (`$82.7M`, `82,7 млн $`), currencies named
 * as cells name them: for labels drawn on bars, where the full text would run into its neighbours.
 * Values that are not numbers (`toNumber`) give ''.
 */
export function formatCompactValue(value: unknown, format: ValueFormat, options?: FormatOptions): string {
  const num = toNumber(value);
  if (num === null) return '';
  return compactFormat(options?.locale, format === 'text' ? 'number' : format, options?.currency).format(num);
}

/** A cached compact `Intl.NumberFormat` (3 significant digits) that names currencies as cells do. */
function compactFormat(locale: string | undefined, format: ValueFormat, currency: string | undefined): Intl.NumberFormat {
  const base = getNumberFormat(locale, format, currency).resolvedOptions();
  const key = `compact\u0000${base.locale}\u0000${format}\u0000${base.currency ?? ''}\u0000${base.currencyDisplay ?? ''}`;
  const cached = numberFormats.get(key);
  if (cached !== undefined) return cached;
  const options: Intl.NumberFormatOptions = { notation: 'compact', maximumSignificantDigits: 3, signDisplay: 'negative' };
  if (format === 'currency') Object.assign(options, { style: 'currency', currency: base.currency, currencyDisplay: base.currencyDisplay });
  else if (format === 'percent') options.style = 'percent';
  return remember(numberFormats, key, new Intl.NumberFormat(localeList(locale), options));
}
