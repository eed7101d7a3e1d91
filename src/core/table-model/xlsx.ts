/**
 * Client XLSX export of a simple table. The workbook is built from `exportMatrix` (raw values,
 * every cell neutralised), by a pure function that takes the `xlsx` module as an argument, so the
 * browser can import `xlsx` lazily on click while Node tests pass the real module and read the
 * bytes back.
 *
 * @module
 */
import type { ExportCell } from './types';
import { sheetName as safeSheetName } from '../safety';

/**
 * The part of the `xlsx` module (SheetJS) this file uses, written out so that the core needs no
 * `xlsx` types: `import('xlsx')` satisfies it, with its `WorkBook` and `WorkSheet` as `Book`/`Sheet`.
 */
export interface XlsxModule<Book = unknown, Sheet = unknown> {
  utils: {
    aoa_to_sheet(data: ExportCell[][]): Sheet;
    book_new(): Book;
    book_append_sheet(book: Book, sheet: Sheet, name: string): unknown;
  };
  write(book: Book, options: { type: 'array'; bookType: 'xlsx'; compression: boolean }): unknown;
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
 * Builds a one-sheet workbook from an export matrix (header row first). Numbers become numeric
 * cells, booleans boolean cells, Dates date-formatted numbers, null an empty cell, and strings
 * (already neutralised: a formula-like text carries a leading apostrophe) text cells.
 */
export function buildXlsxWorkbook<Book, Sheet>(xlsx: XlsxModule<Book, Sheet>, matrix: readonly (readonly ExportCell[])[], sheetName: string): Book {
  const sheet = xlsx.utils.aoa_to_sheet(matrix.map((row) => [...row]));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  return book;
}

/** The `.xlsx` bytes of `buildXlsxWorkbook(xlsx, matrix, sheetName)`. */
export function writeXlsxBytes<Book, Sheet>(xlsx: XlsxModule<Book, Sheet>, matrix: readonly (readonly ExportCell[])[], sheetName: string): Uint8Array {
  const written: unknown = xlsx.write(buildXlsxWorkbook(xlsx, matrix, sheetName), { type: 'array', bookType: 'xlsx', compression: true });
  return written instanceof Uint8Array ? written : new Uint8Array(written as ArrayBuffer);
}
