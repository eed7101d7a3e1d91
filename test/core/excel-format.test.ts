import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { EXCEL_DAY_FORMAT, EXCEL_TIME_FORMATS, excelCellWriter, excelNumberFormat } from '../../src/core/excel-format';
import { formatValue, getNumberFormat } from '../../src/core/format';
import type { FormatOptions, ValueFormat } from '../../src/core/types';

/** What Excel shows for a cell (SheetJS' own renderer of number format codes, English separators). */
function shown(value: unknown, format: ValueFormat, options?: FormatOptions): string {
  const cell = excelCellWriter(format, options)(value);
  if (cell === null || cell.t !== 'n') throw new Error(`not a numeric cell: ${JSON.stringify(cell)}`);
  return XLSX.SSF.format(cell.z ?? 'General', cell.v);
}

/** The screen's text (`formatValue`'s formatter), its group and decimal separators as Excel's English ones, spaces plain. */
function screenInEnglishSeparators(value: number, format: ValueFormat, options: FormatOptions): string {
  const screen = getNumberFormat(options.locale, format, options.currency).formatToParts(value);
  expect(screen.map((part) => part.value).join('')).toBe(formatValue(value, format, options));
  return screen
    .map((part) => (part.type === 'group' ? ',' : part.type === 'decimal' ? '.' : part.value))
    .join('')
    .replace(/\s/g, ' ');
}

describe('excelNumberFormat', () => {
  it('gives number cells grouping and the fraction digits the screen shows (up to 3)', () => {
    expect(excelNumberFormat(8444.88, 'number')).toBe('#,##0.00');
    expect(excelNumberFormat(12, 'number')).toBe('#,##0');
    expect(excelNumberFormat(0.1234, 'number')).toBe('#,##0.000');
    expect(excelNumberFormat(0.1 + 0.2, 'number')).toBe('#,##0.0');
    expect(excelNumberFormat(1e20, 'number')).toBe('#,##0');
    expect(excelNumberFormat(5, 'text')).toBeUndefined();
  });

  it('names the currency as the screen does, on the side the locale puts it, with its own fraction digits', () => {
    expect(excelNumberFormat(1234, 'currency', { locale: 'en', currency: 'USD' })).toBe('"$"#,##0.00');
    expect(excelNumberFormat(1234, 'currency', { locale: 'uk', currency: 'USD' })).toBe('#,##0.00" $"');
    expect(excelNumberFormat(1234, 'currency', { locale: 'uk', currency: 'UAH' })).toBe('#,##0.00" ₴"');
    expect(excelNumberFormat(1234, 'currency', { locale: 'en', currency: 'JPY' })).toBe('"¥"#,##0');
    // `$` would read as US dollars in Ukrainian: the screen says CAD, and so does the file.
    expect(excelNumberFormat(1234, 'currency', { locale: 'uk', currency: 'CAD' })).toBe('#,##0.00" CAD"');
    // A locale whose negatives are not "minus + positive" gets its negative section spelled out.
    expect(excelNumberFormat(-1, 'currency', { locale: 'de-CH', currency: 'USD' })).toMatch(/^"\$ ?"#,##0\.00;"\$ ?-"#,##0\.00$/);
  });

  it('shows percents from the fraction with a bare % and one digit, as the screen does', () => {
    expect(excelNumberFormat(0.106, 'percent')).toBe('#,##0.0%');
    expect(excelNumberFormat(0.5, 'percent', { locale: 'uk' })).toBe('#,##0.0%');
    expect(excelNumberFormat(0.12345, 'percent')).toBe('#,##0.0%');
    expect(excelNumberFormat(0.5, 'percent', { locale: 'tr' })).toBe('%#,##0.0');
  });

  it('makes Excel show the digits, symbol and sign the screen shows (separators aside)', () => {
    const values = [0, 1, -1, 0.5, 12.3456, 8444.88, -8444.881, 1234567.891, 0.106, -0.004];
    const settings: [ValueFormat, FormatOptions][] = [
      ['number', { locale: 'en' }],
      ['number', { locale: 'uk' }],
      ['currency', { locale: 'en', currency: 'USD' }],
      ['currency', { locale: 'uk', currency: 'USD' }],
      ['currency', { locale: 'uk', currency: 'UAH' }],
      ['currency', { locale: 'en', currency: 'JPY' }],
      ['currency', { locale: 'de-CH', currency: 'USD' }],
      ['percent', { locale: 'en' }],
      ['percent', { locale: 'uk' }],
    ];
    for (const [format, options] of settings) {
      for (const value of values) {
        // A negative that rounds to zero shows no sign on screen; Excel keeps its minus. Left out.
        if (value < 0 && formatValue(value, format, options).match(/^[^1-9]*$/)) continue;
        expect(shown(value, format, options), `${format} ${JSON.stringify(options)} ${value}`).toBe(screenInEnglishSeparators(value, format, options));
      }
    }
  });
});

describe('excelCellWriter', () => {
  it('keeps values: numbers (and numeric text in numeric columns) as numbers, percents as the fraction', () => {
    const currency = excelCellWriter('currency', { locale: 'uk', currency: 'USD' });
    expect(currency(8444.88)).toEqual({ t: 'n', v: 8444.88, z: '#,##0.00" $"' });
    expect(currency('99.5')).toEqual({ t: 'n', v: 99.5, z: '#,##0.00" $"' });
    expect(currency('1 000')).toEqual({ t: 's', v: '1 000' });
    expect(excelCellWriter('percent')(0.106)).toEqual({ t: 'n', v: 0.106, z: '#,##0.0%' });
    expect(excelCellWriter('number')(10n)).toEqual({ t: 'n', v: 10, z: '#,##0' });
  });

  it('leaves text columns text, formula-safe, and their whole numbers whole', () => {
    const text = excelCellWriter('text');
    expect(text('=SUM(A1:A9)')).toEqual({ t: 's', v: "'=SUM(A1:A9)" });
    expect(text('-2')).toEqual({ t: 's', v: "'-2" });
    expect(text('99.5')).toEqual({ t: 's', v: '99.5' });
    expect(text({ a: 1 })).toEqual({ t: 's', v: '{"a":1}' });
    expect(text(123456789012)).toEqual({ t: 'n', v: 123456789012, z: '0' });
    expect(text(1.5)).toEqual({ t: 'n', v: 1.5 });
    expect(text(true)).toEqual({ t: 'b', v: true });
    expect(text(2n ** 64n)).toEqual({ t: 's', v: '18446744073709551616' });
  });

  it('writes no cell for empty values and numbers that are not finite', () => {
    const number = excelCellWriter('number');
    for (const value of [null, undefined, '', NaN, Infinity, -Infinity, new Date(NaN)]) expect(number(value)).toBeNull();
  });

  it('makes dates real date cells of the precision written, on the clock the table shows', () => {
    const text = excelCellWriter('text');
    expect(text('2024-03-15')).toEqual({ t: 'n', v: 45366, z: EXCEL_DAY_FORMAT });
    expect(text('2024-03-15 09:30')).toMatchObject({ t: 'n', z: EXCEL_TIME_FORMATS.minutes });
    expect(text('2024-03-15T09:30:05Z')).toMatchObject({ t: 'n', z: EXCEL_TIME_FORMATS.seconds });
    expect(text('2024-03-15T09:30:05.250')).toMatchObject({ t: 'n', z: EXCEL_TIME_FORMATS.milliseconds });
    expect(XLSX.SSF.format(EXCEL_TIME_FORMATS.seconds, (text('2024-03-15T09:30:05Z') as { v: number }).v)).toBe('2024-03-15 09:30:05');
    expect(text(new Date(Date.UTC(2024, 0, 2)))).toEqual({ t: 'n', v: 45293, z: EXCEL_DAY_FORMAT });
    const when = text(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)));
    expect(when).toMatchObject({ t: 'n', z: EXCEL_TIME_FORMATS.seconds });
    expect(XLSX.SSF.format(EXCEL_TIME_FORMATS.seconds, (when as { v: number }).v)).toBe('2024-01-02 03:04:05');
  });

  it('keeps as text what a spreadsheet date would misstate: offsets, impossible days, days before 1900-03-01', () => {
    const text = excelCellWriter('text');
    expect(text('2024-03-15T09:30:05+02:00')).toEqual({ t: 's', v: '2024-03-15T09:30:05+02:00' });
    expect(text('2024-02-30')).toEqual({ t: 's', v: '2024-02-30' });
    expect(text('2024-03-15T24:00')).toEqual({ t: 's', v: '2024-03-15T24:00' });
    expect(text('1899-12-31')).toEqual({ t: 's', v: '1899-12-31' });
    expect(text(new Date(Date.UTC(1800, 0, 1)))).toEqual({ t: 's', v: '1800-01-01T00:00:00.000Z' });
  });
});
