/**
 * The rows of a message as tab-separated text for the clipboard, ready to paste into a spreadsheet:
 * a header of column labels, then one line per row with each cell as the table shows it
 * (`formatValue`, the function the table's cells use, in the view's locale and currency), so a
 * spreadsheet set to the reader's language reads the numbers as numbers. A file export writes raw
 * values instead (`csvText`, `xlsxMatrix`); pasted text is read the way typed text is.
 *
 * @module
 */
import { formatValue, readCell, toNumber } from '../../src/core/format';
import { neutraliseCell } from '../../src/core/safety';
import type { Column, FormatOptions, Row } from '../../src/core/types';

/** Characters after which a spreadsheet would split or misread an unquoted field. */
const NEEDS_QUOTES = /[\t\r\n"]/;

/**
 * One field: quoted (every quote doubled) when it holds a tab, a line break or a quote, as
 * spreadsheet programs write and read their own clipboard.
 */
function field(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One cell as the table shows it. A number in a numeric column is its formatted text (`$1,234.50`,
 * `-5`, `12.5%`); any other text goes through `neutraliseCell`, so a value such as `=HYPERLINK(…)`
 * or `-2+3` pastes as text, never as a formula.
 */
function cellText<R extends Row>(row: R, column: Pick<Column<R>, 'key' | 'format'>, format: FormatOptions): string {
  const value = readCell(row, column.key);
  const text = formatValue(value, column.format, format);
  if (column.format !== 'text' && toNumber(value) !== null) return text;
  return String(neutraliseCell(text) ?? '');
}

/**
 * Tab-separated text of `rows` (in the order given) under `columns` (their labels first): lines
 * end with CRLF, the last one without (a trailing line break pastes as an empty row in some
 * programs). Labels go through `neutraliseCell` too.
 *
 * Edge cases: no rows gives the header line alone; no columns gives an empty string; null and
 * undefined cells are empty fields; markup in a value is text like any other.
 *
 * @example
 * tsvText([{ city: 'Kyiv', n: 1234.5 }], [{ key: 'city', label: 'City', format: 'text' }, { key: 'n', label: 'N', format: 'number' }], { locale: 'en' });
 * // "City\tN\r\nKyiv\t1,234.5"
 */
export function tsvText<R extends Row>(rows: readonly R[], columns: readonly Pick<Column<R>, 'key' | 'label' | 'format'>[], format: FormatOptions): string {
  if (columns.length === 0) return '';
  const lines = [columns.map((column) => field(String(neutraliseCell(column.label) ?? ''))).join('\t')];
  for (const row of rows) lines.push(columns.map((column) => field(cellText(row, column, format))).join('\t'));
  return lines.join('\r\n');
}
