/**
 * Client CSV export of a simple table: the same export matrix as the XLSX export (`exportMatrix`:
 * raw values, every cell through `neutraliseCell`), written as RFC 4180 text for spreadsheet
 * programs. Pure string work, so Node tests read the result back without a browser.
 *
 * @module
 */
import type { ExportCell } from './types';

/** MIME type of CSV files (RFC 4180 §3, with the charset spreadsheet programs need to read Cyrillic). */
export const CSV_MIME = 'text/csv;charset=utf-8';

/** The UTF-8 byte order mark as a character: Excel reads a CSV as UTF-8 only when the file starts with it. */
const BOM = '\uFEFF';

/** Characters that make RFC 4180 quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field of an export cell:
 *
 * - null (an empty cell) is an empty field;
 * - numbers are written as JavaScript writes them (`1234.5`, `-0` as `0`), raw like the XLSX
 *   export, never formatted for a locale (a `1 234,5` would be split or misread elsewhere);
 *   NaN and ±Infinity, which no spreadsheet holds, are empty fields;
 * - booleans are `TRUE` and `FALSE`, as spreadsheet programs write them;
 * - Dates are ISO 8601 in UTC (`2026-03-01T10:00:00.000Z`); an invalid Date is an empty field;
 * - text is written as it is (already neutralised: a formula-like text carries a leading
 *   apostrophe), in double quotes when it holds a quote, a comma, CR or LF, with every quote doubled.
 */
export function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell + 0) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * The text of a CSV file for an export matrix (header row first): RFC 4180 (comma separated, CRLF
 * after every record, the last one included, fields quoted as `csvField` says), starting with the
 * UTF-8 byte order mark unless `bom` is false. Encode it as UTF-8 (`TextEncoder`) to get the bytes.
 *
 * Edge cases: an empty matrix gives just the mark; a row shorter than the header is written as it
 * is (the matrix of `exportMatrix` is always rectangular).
 *
 * @example
 * csvText([['Name', 'Note'], ['Olena', '=1+1']]); // "\uFEFFName,Note\r\nOlena,'=1+1\r\n"
 */
export function csvText(matrix: readonly (readonly ExportCell[])[], options: { bom?: boolean } = {}): string {
  const lines: string[] = [];
  for (const row of matrix) lines.push(`${row.map(csvField).join(',')}\r\n`);
  return (options.bom === false ? '' : BOM) + lines.join('');
}

/**
 * A download file name: `<base>.csv` with anything but letters, digits, `_`, `-` and `.` replaced
 * by `_` (as `xlsxFileName`); `fallback` when blank.
 */
export function csvFileName(base: string | null | undefined, fallback = 'table'): string {
  const cleaned = (base ?? '').replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '').slice(0, 120);
  return `${cleaned === '' ? fallback : cleaned}.csv`;
}
