import { describe, expect, it, vi } from 'vitest';
import {
  EMPTY_VALUE,
  KPI_COMPACT_AFTER,
  currencySymbolDisplay,
  kpiValueTexts,
  formatKpiValue,
  formatValue,
  getCollator,
  getNumberFormat,
  isEmptyValue,
  isInheritedName,
  readCell,
  toNumber,
  valueToText,
} from '../../src/core/format';

/** Group separators ICU uses for `uk`: a no-break space (U+00A0) or, in newer data, a narrow one (U+202F). */
const UK_GROUP = '[\\u00a0\\u202f]';

describe('toNumber', () => {
  it('returns finite numbers unchanged, including 0 and -0', () => {
    expect(toNumber(12.5)).toBe(12.5);
    expect(toNumber(0)).toBe(0);
    expect(Object.is(toNumber(-0), -0)).toBe(true);
    expect(toNumber(-3)).toBe(-3);
  });

  it('returns null for NaN, Infinity and -Infinity', () => {
    expect(toNumber(NaN)).toBeNull();
    expect(toNumber(Infinity)).toBeNull();
    expect(toNumber(-Infinity)).toBeNull();
  });

  it('parses trimmed decimal strings', () => {
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber(' 3 ')).toBe(3);
    expect(toNumber('-4')).toBe(-4);
    expect(toNumber('+4')).toBe(4);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('5.')).toBe(5);
    expect(toNumber('1e3')).toBe(1000);
    expect(toNumber('1E-2')).toBe(0.01);
    expect(toNumber('\t42\n')).toBe(42);
  });

  it('refuses strings that are not plain decimal notation', () => {
    for (const text of ['', '   ', '12abc', 'abc', '1,5', '1 000', '0x10', '0b1', '0o7', 'Infinity', '-Infinity', 'NaN', '1e', '--1', '.', '1.2.3']) {
      expect(toNumber(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('returns null for a numeric string too large for a double', () => {
    expect(toNumber('1e400')).toBeNull();
  });

  it('treats booleans as not numbers', () => {
    expect(toNumber(true)).toBeNull();
    expect(toNumber(false)).toBeNull();
  });

  it('converts safe bigints and refuses unsafe ones', () => {
    expect(toNumber(42n)).toBe(42);
    expect(toNumber(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(toNumber(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toBeNull();
    expect(toNumber(BigInt(Number.MIN_SAFE_INTEGER) - 1n)).toBeNull();
  });

  it('returns null for null, undefined, objects, arrays and Dates', () => {
    for (const value of [null, undefined, {}, [], [1], new Date(0), Symbol('x'), () => 1]) expect(toNumber(value)).toBeNull();
  });
});

describe('isEmptyValue', () => {
  it('treats null, undefined, empty string and NaN as empty', () => {
    for (const value of [null, undefined, '', NaN]) expect(isEmptyValue(value)).toBe(true);
  });

  it('treats 0, false and whitespace as values', () => {
    for (const value of [0, false, ' ', 'x', Infinity]) expect(isEmptyValue(value)).toBe(false);
  });
});

describe('readCell', () => {
  it('reads own properties and gives undefined for missing keys and nullish rows', () => {
    expect(readCell({ a: 1 }, 'a')).toBe(1);
    expect(readCell({ a: 1 }, 'b')).toBeUndefined();
    expect(readCell(null, 'a')).toBeUndefined();
    expect(readCell(undefined, 'a')).toBeUndefined();
  });

  it('does not read inherited Object.prototype members for keys such as constructor', () => {
    expect(isInheritedName('constructor')).toBe(true);
    expect(isInheritedName('__proto__')).toBe(true);
    expect(isInheritedName('amount')).toBe(false);
    expect(readCell({}, 'constructor')).toBeUndefined();
    expect(readCell({}, 'toString')).toBeUndefined();
    expect(readCell({}, '__proto__')).toBeUndefined();
    expect(readCell({ constructor: 'mine' }, 'constructor')).toBe('mine');
  });
});

describe('formatValue', () => {
  it('gives an empty string for null and undefined in every format', () => {
    for (const format of ['text', 'number', 'currency', 'percent'] as const) {
      expect(formatValue(null, format)).toBe('');
      expect(formatValue(undefined, format)).toBe('');
    }
  });

  it('shows text without grouping, so ids stay as written', () => {
    expect(formatValue(12345, 'text')).toBe('12345');
    expect(formatValue('A-1', 'text')).toBe('A-1');
    expect(formatValue(true, 'text')).toBe('true');
    expect(formatValue(10n, 'text')).toBe('10');
  });

  it('returns markup verbatim as text', () => {
    expect(formatValue('<img src=x onerror=alert(1)>', 'text')).toBe('<img src=x onerror=alert(1)>');
    expect(formatValue('<b>1</b>', 'number')).toBe('<b>1</b>');
  });

  it('shows Dates as ISO 8601 and invalid Dates as empty', () => {
    expect(formatValue(new Date(Date.UTC(2024, 0, 2)), 'text')).toBe('2024-01-02T00:00:00.000Z');
    expect(formatValue(new Date(NaN), 'text')).toBe('');
  });

  it('shows objects as JSON and survives cycles', () => {
    expect(formatValue({ a: 1 }, 'text')).toBe('{"a":1}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatValue(cyclic, 'text')).toBe('[object Object]');
  });

  it('formats numbers with the default en locale', () => {
    expect(formatValue(12345.5, 'number')).toBe('12,345.5');
    expect(formatValue(1 / 3, 'number')).toBe('0.333');
  });

  it('formats numeric strings like numbers', () => {
    expect(formatValue('12345.5', 'number')).toBe('12,345.5');
  });

  it('formats Ukrainian numbers with a no-break group separator and a decimal comma', () => {
    expect(formatValue(12345.5, 'number', { locale: 'uk' })).toMatch(new RegExp(`^12${UK_GROUP}345,5$`));
  });

  it('formats currency in the currency the host gives', () => {
    expect(formatValue(1234.5, 'currency')).toBe('$1,234.50');
    expect(formatValue(1234.5, 'currency', { currency: 'EUR' })).toBe('€1,234.50');
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'UAH' })).toMatch(new RegExp(`^1${UK_GROUP}234,50${UK_GROUP}₴$`));
    expect(formatValue(1234, 'currency', { currency: 'JPY' })).toBe('¥1,234');
  });

  it('formats percent as a fraction', () => {
    expect(formatValue(0.125, 'percent')).toBe('12.5%');
    // Exactly one decimal, so a column of percents reads evenly ("100.0%" above "12.5%" and "12.3%",
    // never "12.35%" beside "12.5%").
    expect(formatValue(1, 'percent')).toBe('100.0%');
    expect(formatValue(0.12345, 'percent')).toBe('12.3%');
    expect(formatValue(0.18333, 'percent')).toBe('18.3%');
    expect(formatValue(0.125, 'percent', { locale: 'uk' })).toMatch(/^12,5\s?%$/u);
  });

  it('shows non-numeric values in number formats as their text instead of hiding them', () => {
    expect(formatValue('n/a', 'number')).toBe('n/a');
    expect(formatValue(true, 'currency')).toBe('true');
    expect(formatValue(NaN, 'number')).toBe('NaN');
  });

  it('never shows a negative zero', () => {
    expect(formatValue(-0, 'number')).toBe('0');
    expect(formatValue(-0.0001, 'number')).toBe('0');
    expect(formatValue(-0.001, 'currency')).toBe('$0.00');
    expect(formatValue(-5, 'number')).toBe('-5');
  });
});

describe('formatKpiValue', () => {
  it('shows an em dash for null and non-finite values', () => {
    expect(EMPTY_VALUE).toBe('—');
    expect(formatKpiValue(null, 'number')).toBe('—');
    expect(formatKpiValue(NaN, 'currency')).toBe('—');
  });

  it('formats text KPIs like numbers, never with float noise', () => {
    expect(formatKpiValue(10 / 3, 'text')).toBe('3.333');
  });

  it('uses the locale and currency from the options', () => {
    expect(formatKpiValue(0, 'currency', { locale: 'de', currency: 'EUR' })).toMatch(/^0,00\s€$/u);
    expect(formatKpiValue(0.5, 'percent')).toBe('50.0%');
  });
});

describe('getNumberFormat and getCollator', () => {
  it('returns the same cached instance for the same key', () => {
    expect(getNumberFormat('en', 'number')).toBe(getNumberFormat('en', 'number'));
    expect(getNumberFormat('en', 'currency', 'EUR')).toBe(getNumberFormat('en', 'currency', 'EUR'));
    expect(getNumberFormat('en', 'currency', 'EUR')).not.toBe(getNumberFormat('en', 'currency', 'USD'));
    expect(getCollator('en')).toBe(getCollator('en'));
  });

  it('falls back to en for malformed and unknown locales without throwing', () => {
    expect(getNumberFormat('not a locale!', 'number').resolvedOptions().locale).toBe('en');
    expect(getNumberFormat('xx', 'number').resolvedOptions().locale).toBe('en');
    expect(getNumberFormat('', 'number').resolvedOptions().locale).toBe('en');
    expect(formatValue(1234.5, 'number', { locale: '$$$' })).toBe('1,234.5');
    expect(getCollator('not a locale!').resolvedOptions().locale).toBe('en');
  });

  it('falls back to USD for malformed currency codes without throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(getNumberFormat('en', 'currency', 'dollars').resolvedOptions().currency).toBe('USD');
      expect(getNumberFormat('en', 'currency', '').resolvedOptions().currency).toBe('USD');
      expect(getNumberFormat('en', 'currency', 'eur').resolvedOptions().currency).toBe('EUR');
    } finally {
      warn.mockRestore();
    }
  });

  it('warns once per malformed currency code, naming it, and never for a good one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // Codes no other test uses: the warning and the formatter cache live for the whole module.
      expect(formatValue(5, 'currency', { currency: 'euro-warn-test' })).toBe('$5.00');
      expect(formatKpiValue(5, 'currency', { locale: 'de', currency: 'euro-warn-test' })).toMatch(/^5,00\s\$$/u);
      for (let i = 0; i < 600; i++) getNumberFormat(`en-x-w${i}`, 'currency', 'euro-warn-test');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('"euro-warn-test"');
      expect(String(warn.mock.calls[0]?.[0])).toContain('USD');
      formatValue(5, 'currency', { currency: 'GBP' });
      formatValue(5, 'currency', { currency: 'gbp' });
      formatValue(5, 'currency');
      expect(warn).toHaveBeenCalledTimes(1);
      formatValue(5, 'currency', { currency: '€€€-warn-test' });
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('caches 256 formatters and no more: the 257th distinct locale pushes out the oldest, and formatting goes on', () => {
    const cached = (locale: string, instance: Intl.NumberFormat | undefined): boolean => getNumberFormat(locale, 'number') === instance;
    // The cache is module-wide and earlier tests filled it partly: add new keys until a sentinel
    // is no longer the cached instance, i.e. the cache was emptied. That must come within 256 keys.
    const sentinel = getNumberFormat('en-x-sentinel', 'number');
    let added = 0;
    while (cached('en-x-sentinel', sentinel)) {
      getNumberFormat(`en-x-f${added++}`, 'number');
      expect(added, 'new keys added without the cache ever being emptied').toBeLessThanOrEqual(256);
    }
    // Now it holds the last key added and the sentinel again (its check re-created it); 254 more
    // make 256, and every one of them must still be the cached instance.
    const keys = ['en-x-sentinel', `en-x-f${added - 1}`, ...Array.from({ length: 254 }, (_, i) => `en-x-g${i}`)];
    const instances = keys.map((locale) => getNumberFormat(locale, 'number'));
    expect(keys.filter((locale, i) => !cached(locale, instances[i]))).toEqual([]);
    getNumberFormat('en-x-over', 'number');
    expect(cached('en-x-sentinel', instances[0])).toBe(false);
    expect(formatValue(1000, 'number', { locale: 'en' })).toBe('1,000');
  });

  it('sorts text numerically with the collator', () => {
    const collator = getCollator('en');
    expect(['item 10', 'item 2', 'Item 1'].sort(collator.compare)).toEqual(['Item 1', 'item 2', 'item 10']);
    expect(getCollator('en', 'base').compare('a', 'A')).toBe(0);
  });
});

describe('valueToText', () => {
  it('gives empty text for symbols and functions', () => {
    expect(valueToText(Symbol('x'))).toBe('');
    expect(valueToText(() => 1)).toBe('');
  });
});

describe('currency names and KPI texts', () => {
  it('uses the locale symbol, else an unambiguous narrow symbol, else the ISO code', () => {
    // uk has no symbol of its own for USD: `$` names only the US dollar, so it is shown.
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'USD' })).toMatch(/^1\s234,50\s\$$/u);
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'EUR' })).toMatch(/^1\s234,50\s€$/u);
    // `$` would read as US dollars and `kr` is also NOK and DKK: the code stays.
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'CAD' })).toMatch(/^1\s234,50\sCAD$/u);
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'SEK' })).toMatch(/^1\s234,50\sSEK$/u);
    // The locale's own symbol wins (English writes CA$ for Canadian dollars).
    expect(formatValue(1234.5, 'currency', { locale: 'en', currency: 'CAD' })).toBe('CA$1,234.50');
    expect(currencySymbolDisplay('uk', 'USD')).toBe('narrowSymbol');
    expect(currencySymbolDisplay('en', 'USD')).toBe('symbol');
  });

  it('writes the ISO code (exports) or the currency\'s name in the locale\'s words (screen readers) when asked', () => {
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'USD', currencyDisplay: 'code' })).toMatch(/^1\s234,50\sUSD$/u);
    expect(formatKpiValue(-5, 'currency', { locale: 'en', currency: 'EUR', currencyDisplay: 'code' })).toMatch(/^-EUR\s5\.00$/u);
    expect(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'USD', currencyDisplay: 'name' })).toMatch(/^1\s234,50\sдолара США$/u);
    expect(formatValue(2, 'currency', { locale: 'en', currency: 'EUR', currencyDisplay: 'name' })).toBe('2.00 euros');
  });

  it('gives KPI values a compact form when the full text is long, keeping the full text', () => {
    const nbsp = (text: string): string => text.replace(/\s/gu, ' ');
    const whole = kpiValueTexts(8066380.88, 'currency', { locale: 'en', currency: 'USD' });
    expect({ ...whole, spoken: nbsp(whole.spoken) }).toEqual({
      display: '$8,066,380.88',
      full: '$8,066,380.88',
      spoken: '8,066,380.88 US dollars',
      compact: false,
    });
    const huge = kpiValueTexts(-18066380.88, 'currency', { locale: 'en', currency: 'USD' });
    expect({ ...huge, spoken: nbsp(huge.spoken) }).toEqual({ display: '-$18.1M', full: '-$18,066,380.88', spoken: '-18,066,380.88 US dollars', compact: true });
    const uk = kpiValueTexts(1234567890123, 'number', { locale: 'uk' });
    expect(uk.compact).toBe(true);
    expect(uk.display).toMatch(/^1,23\sтрлн$/u);
    expect(uk.spoken).toBe(uk.full);
    for (const texts of [huge, uk]) expect([...texts.display].length).toBeLessThanOrEqual(KPI_COMPACT_AFTER);
    expect(kpiValueTexts(null, 'currency')).toEqual({ display: '—', full: '—', spoken: '—', compact: false });
    expect(kpiValueTexts(Number.POSITIVE_INFINITY, 'number').display).toBe('—');
  });
});
