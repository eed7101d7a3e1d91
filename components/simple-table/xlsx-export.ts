/**
 * Client XLSX export of a simple table. The workbook is built from `exportMatrix` (raw values,
 * every cell neutralised), by a pure function that takes the `xlsx` module as an argument, so the
 * browser can import `xlsx` lazily on click while Node tests pass the real module and read the
 * bytes back.
 *
 * @module
 */
import type * as XLSX from 'xlsx';
import type { ExportCell } from '../../src/core/table-model';

/** The part of the `xlsx` module this file uses. */
export type XlsxModule = Pick<typeof XLSX, 'utils' | 'write'>;

/** MIME type of `.xlsx` files. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A sheet name Excel accepts: at most 31 characters, none of `[ ] : * ? / \`, not blank; `Sheet1`
 * when nothing usable is left.
 */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, '_').trim().slice(0, 31);
  return cleaned === '' ? 'Sheet1' : cleaned;
}

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
export function buildXlsxWorkbook(xlsx: XlsxModule, matrix: readonly (readonly ExportCell[])[], sheetName: string): XLSX.WorkBook {
  const sheet = xlsx.utils.aoa_to_sheet(matrix.map((row) => [...row]));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  return book;
}

/** The `.xlsx` bytes of `buildXlsxWorkbook(xlsx, matrix, sheetName)`. */
export function writeXlsxBytes(xlsx: XlsxModule, matrix: readonly (readonly ExportCell[])[], sheetName: string): Uint8Array {
  const written: unknown = xlsx.write(buildXlsxWorkbook(xlsx, matrix, sheetName), { type: 'array', bookType: 'xlsx', compression: true });
  return written instanceof Uint8Array ? written : new Uint8Array(written as ArrayBuffer);
}

/**
 * Saves bytes as a file through a Blob, an object URL and a temporary `<a download>` (no markup
 * strings). The URL is revoked later, once the browser has started the download.
 */
export function downloadBytes(bytes: Uint8Array, fileName: string, mime = XLSX_MIME, doc: Document = document): void {
  const view = doc.defaultView;
  if (!view) throw new Error('downloadBytes needs a document with a window');
  const url = view.URL.createObjectURL(new view.Blob([bytes as BlobPart], { type: mime }));
  const anchor = doc.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  doc.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a minute later is always safe.
  view.setTimeout(() => view.URL.revokeObjectURL(url), 60_000);
}
