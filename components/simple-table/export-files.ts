/**
 * SimpleTable's client exports: the export matrix of the rows shown (`exportMatrix`, every cell
 * through `neutraliseCell`) written as an XLSX workbook or CSV text and downloaded. The table
 * imports this module when a reader first exports, so a page that never exports does not load it
 * (the XLSX writer itself is a further chunk, loaded by the first XLSX export).
 *
 * @module
 */
import type { Column, Row } from '../../src/core/types';
import { exportMatrix, exportedColumns } from '../../src/core/table-model/export';
import { writeXlsxBytes, xlsxFileName } from '../../src/core/table-model/xlsx';
import { CSV_MIME, csvFileName, csvText } from '../../src/core/table-model/csv';
import { downloadBytes } from './download';
import { loadXlsxWriter } from '../xlsx-export';

// The reasons of a failed export travel with the export code, out of the table's first paint.
export { exportFailureText } from '../xlsx-export';

/** What both exports write: the rows, the columns shown, and the names. */
export interface TableExport<R extends Row> {
  /** The rows shown, in the order shown. */
  rows: readonly R[];
  /** The columns the reader shows, in the order shown (`exportedColumns` picks the exported ones). */
  shownColumns: readonly Column<R>[];
  /** The spec's `export_columns`, when given. */
  exportColumns?: readonly string[] | null;
  /** The table's id: the file and sheet name. */
  gridId: string;
  /** The file name when the id gives none (a translated "table"). */
  fallbackName: string;
}

function matrixOf<R extends Row>(table: TableExport<R>) {
  return exportMatrix(table.rows, exportedColumns(table.shownColumns, table.exportColumns));
}

/**
 * Writes and downloads `<gridId>.xlsx` (loads the XLSX writer the first time). Rejects with a
 * `MissingPackageError` when the application has not installed `xlsx`.
 */
export async function downloadXlsx<R extends Row>(table: TableExport<R>): Promise<void> {
  const xlsx = await loadXlsxWriter();
  const bytes = writeXlsxBytes(xlsx, matrixOf(table), table.gridId || 'table');
  downloadBytes(bytes, xlsxFileName(table.gridId, table.fallbackName));
}

/** Writes and downloads `<gridId>.csv`: UTF-8 with the byte order mark `csvText` starts with, which Excel needs to read Cyrillic. */
export function downloadCsv<R extends Row>(table: TableExport<R>): void {
  const bytes = new TextEncoder().encode(csvText(matrixOf(table)));
  downloadBytes(bytes, csvFileName(table.gridId, table.fallbackName), CSV_MIME);
}
