/**
 * What the search language sees of a table cell: its text (shown and raw) and its numbers. One
 * definition for `compileQuery(...).matchesRow`, the table model's index and its cold path.
 *
 * @module
 */
import type { FormatOptions, ValueFormat } from '../types';
import { formatValue, getNumberFormat, toNumber, valueToText } from '../format';
import { isNumericFormat } from '../table-model/shared';
import { normaliseSearchText } from '../table-model/text-fold';
import { shownNumber } from '../table-model/number-text';
import type { NumberSymbols } from './numbers';
import { someNumberIn } from './numbers';

/**
 * Search text of one cell, not yet normalised: its formatted text and, for numbers, also its raw
 * text, so "1234" finds the cell showing "$1,234.00" and so does "1,234". Separated by \u0001 so
 * no term spans both. Empty for null and undefined.
 */
export function cellSearchText(value: unknown, format: ValueFormat, options: FormatOptions): string {
  if (value === null || value === undefined) return '';
  const shown = formatValue(value, format, options);
  const raw = valueToText(value);
  return shown === raw ? shown : `${shown}\u0001${raw}`;
}

/**
 * The number a numeric cell stands for, or null when its numbers are read from its text: finite
 * numbers (and safe bigints) in any column; numeric strings (`toNumber`) in `number`, `currency`
 * and `percent` columns, which show them formatted. In those columns the number is the one shown
 * (`shownNumber`: rounded as displayed, percent scaled).
 */
export function cellNumber(value: unknown, intl: Intl.NumberFormat | null): number | null {
  let n: number | null;
  if (typeof value === 'number') n = value - value === 0 ? value : null;
  else if (typeof value === 'bigint' || (intl !== null && typeof value === 'string')) n = toNumber(value);
  else return null;
  if (n === null) return null;
  return intl === null ? n + 0 : shownNumber(n, intl);
}

/**
 * Whether some number of the cell satisfies `test`: the cell's number (`cellNumber`), else any
 * number written in its normalised search text (`someNumberIn`). Null and undefined hold none.
 */
export function someCellNumber(value: unknown, format: ValueFormat, options: FormatOptions, symbols: NumberSymbols, test: (n: number) => boolean): boolean {
  if (value === null || value === undefined) return false;
  const intl = isNumericFormat(format) ? getNumberFormat(options.locale, format, options.currency) : null;
  const n = cellNumber(value, intl);
  if (n !== null) return test(n);
  if (typeof value === 'number') return false;
  const text = normaliseSearchText(cellSearchText(value, format, options));
  return someNumberIn(text, 0, text.length, symbols, test);
}
