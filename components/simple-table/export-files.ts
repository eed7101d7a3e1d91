/**
 * SimpleTable's client exports: the rows shown, written as an XLSX workbook (`xlsxMatrix`: numbers,
 * dates and currencies as the table shows them, text formula-safe) or as CSV text (`exportMatrix`:
 * raw values, every cell through `neutraliseCell`) and downloaded, and the run of one export with
 * the reasons of its failure. The table imports this module when a reader first exports, so a page
 * that never exports does not load it (the XLSX writer itself is a further chunk, loaded by the
 * first XLSX export).
 *
 * @module
 */
import type { Column, FormatOptions, Row } from '../../src/core/types';
import type { Translator } from '../../src/core/i18n/translator';
import { exportMatrix, exportedColumns } from '../../src/core/table-model/export';
import { writeXlsxBytes, xlsxFileName, xlsxMatrix } from '../../src/core/table-model/xlsx';
import { CSV_MIME, csvFileName, csvText } from '../../src/core/table-model/csv';
import { downloadBytes } from './download';
import { exportFailureText, loadXlsxWriter } from '../xlsx-export';

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
  /** Locale and currency the table formats with: the XLSX number formats follow them. Absent: `en`, `USD`. */
  format?: FormatOptions;
}

function columnsOf<R extends Row>(table: TableExport<R>): Column<R>[] {
  return exportedColumns(table.shownColumns, table.exportColumns);
}

/**
 * Writes and downloads `<gridId>.xlsx` (loads the XLSX writer the first time). Rejects with a
 * `MissingPackageError` when the application has not installed `xlsx`.
 */
export async function downloadXlsx<R extends Row>(table: TableExport<R>): Promise<void> {
  const xlsx = await loadXlsxWriter();
  const bytes = writeXlsxBytes(xlsx, xlsxMatrix(table.rows, columnsOf(table), table.format), table.gridId || 'table');
  downloadBytes(bytes, xlsxFileName(table.gridId, table.fallbackName));
}

/** Writes and downloads `<gridId>.csv`: UTF-8 with the byte order mark `csvText` starts with, which Excel needs to read Cyrillic. */
export function downloadCsv<R extends Row>(table: TableExport<R>): void {
  const bytes = new TextEncoder().encode(csvText(exportMatrix(table.rows, columnsOf(table))));
  downloadBytes(bytes, csvFileName(table.gridId, table.fallbackName), CSV_MIME);
}

/**
 * Runs one export of a table (`useSimpleTableExport` starts it): waits until the table has the code
 * its search, sort and sections need (`ready`), takes what to write then (`current`: the rows as
 * complete as they are at that moment) and downloads the file. Resolves to null once downloaded,
 * or to the sentence for the reader saying why it failed (a missing `xlsx` package named with its
 * install command, anything else "The export failed"), its warning already sent; never rejects.
 * The reasons travel with the export code, out of the table's first paint.
 */
export async function runTableExport<R extends Row>(kind: 'XLSX' | 'CSV', ready: () => Promise<void>, current: () => TableExport<R>, translator: { readonly value: Translator }): Promise<string | null> {
  try {
    await ready();
    await (kind === 'XLSX' ? downloadXlsx(current()) : downloadCsv(current()));
    return null;
  } catch (error) {
    return exportFailureText(error, translator.value, `the ${kind} export of a SimpleTable failed.`);
  }
}
