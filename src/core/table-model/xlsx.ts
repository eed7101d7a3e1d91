/**
 * Client XLSX export of a SimpleTable or a DataGrid. The cells come from `xlsxMatrix` (the rows'
 * raw values through `excelCellWriter`: numbers with the number format the screen shows, dates as
 * date cells, text formula-safe), and the workbook is built by a pure function that takes the `xlsx`
 * module as an argument, so the browser can import `xlsx` lazily on click while Node tests pass the
 * real module and read the bytes back.
 *
 * @module
 */
import type { Column, FormatOptions, Row } from '../types';
import type { ExportCell } from './types';
import { sheetName as safeSheetName } from '../safety';
import { excelCellWriter, excelTextCell } from '../excel-format';
import type { ExcelCell } from '../excel-format';
import { cellReader } from './shared';

/**
 * The part of the `xlsx` module (SheetJS) this file uses, written out so that the core needs no
 * `xlsx` types: `import('xlsx')` satisfies it, with its `WorkBook` and `WorkSheet` as `Book`/`Sheet`.
 */
export interface XlsxModule<Book = unknown, Sheet = unknown> {
  utils: {
    aoa_to_sheet(data: XlsxCell[][]): Sheet;
    book_new(): Book;
    book_append_sheet(book: Book, sheet: Sheet, name: string): unknown;
  };
  write(book: Book, options: { type: 'array'; bookType: 'xlsx'; compression: boolean }): unknown;
}

/**
 * One cell handed to the writer: an `ExcelCell` (`xlsxMatrix`: typed, with its number format) or a
 * plain value of an export matrix (`exportMatrix`), which `xlsx` types by itself, without a format.
 */
export type XlsxCell = ExcelCell | ExportCell;

/** What `xlsxMatrix` reads of a column: its key and header, its display format, its export value. */
export type XlsxColumn<R extends Row> = Pick<Column<R>, 'key' | 'label' | 'format' | 'exportRaw'>;

/**
 * The cells of a client XLSX export: a header row of the labels (text cells), then one row per
 * given row (in the given order) of `column.exportRaw(row)` when set, else `row[column.key]`, each
 * through the column's `excelCellWriter(column.format, format)`: what the screen shows under the
 * same locale and currency (`$1,234.00` stays the number 1234 shown as `"$"#,##0.00`, a margin of
 * 0.106 is 0.106 shown as `10.6%`, `2024-03-15` a date cell), text formula-safe. Empty values give
 * null (no cell).
 */
export function xlsxMatrix<R extends Row>(rows: readonly R[], columns: readonly XlsxColumn<R>[], format?: FormatOptions): (ExcelCell | null)[][] {
  const readers = columns.map((c) => c.exportRaw ?? cellReader<R>(c.key));
  const writers = columns.map((c) => excelCellWriter(c.format, format));
  const matrix: (ExcelCell | null)[][] = [columns.map((c) => excelTextCell(c.label))];
  for (const row of rows) matrix.push(readers.map((read, i) => (writers[i] as (value: unknown) => ExcelCell | null)(read(row))));
  return matrix;
}

/** MIME type of `.xlsx` files. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A download file name: `<base>.xlsx` with anything but letters, digits, `_`, `-` and `.` replaced
 * by `_` (a grid id from host code cannot smuggle a path or odd characters); `fallback` when blank.
 */
export function xlsxFileName(base: string | null | undefined, fallback = 'table'): string {
  const cleaned = (base ?? '').replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '').slice(0, 120);
  return `${cleaned === '' ? fallback : cleaned}.xlsx`;
}

/**
 * Builds a one-sheet workbook from a matrix (header row first): `xlsxMatrix`'s cells as they are
 * (type, value, number format), null as no cell. The plain values of an `exportMatrix` are typed by
 * `xlsx` itself (numbers, booleans, Dates, text already neutralised), without number formats.
 */
export function buildXlsxWorkbook<Book, Sheet>(xlsx: XlsxModule<Book, Sheet>, matrix: readonly (readonly XlsxCell[])[], sheetName: string): Book {
  const sheet = xlsx.utils.aoa_to_sheet(matrix.map((row) => [...row]));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  return book;
}

/** The `.xlsx` bytes of `buildXlsxWorkbook(xlsx, matrix, sheetName)`. */
export function writeXlsxBytes<Book, Sheet>(xlsx: XlsxModule<Book, Sheet>, matrix: readonly (readonly XlsxCell[])[], sheetName: string): Uint8Array {
  const written: unknown = xlsx.write(buildXlsxWorkbook(xlsx, matrix, sheetName), { type: 'array', bookType: 'xlsx', compression: true });
  return written instanceof Uint8Array ? written : new Uint8Array(written as ArrayBuffer);
}
