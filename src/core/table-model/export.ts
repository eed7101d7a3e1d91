/**
 * The matrix of raw, neutralised values a CSV export writes (the XLSX exports write typed cells
 * with number formats instead: `xlsxMatrix` in `./xlsx.ts`), and which columns an export holds.
 *
 * @module
 */
import type { Column, Row } from '../types';
import { neutraliseCell } from '../safety';
import type { ExportCell } from './types';
import { cellReader } from './shared';

/**
 * The matrix a CSV export writes (and a host's own writer may): a header row of column labels,
 * then one row per given row (in the given order) with RAW values: `column.exportRaw(row)` when
 * set, else `row[column.key]`. Every cell, headers included, goes through `neutraliseCell`:
 * numbers, booleans and Dates stay typed, null/undefined become null (empty cells), and text
 * starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe so no
 * spreadsheet runs it as a formula.
 */
export function exportMatrix<R extends Row>(rows: readonly R[], columns: readonly Pick<Column<R>, 'key' | 'label' | 'exportRaw'>[]): ExportCell[][] {
  const readers = columns.map((c) => c.exportRaw ?? cellReader<R>(c.key));
  const matrix: ExportCell[][] = [columns.map((c) => neutraliseCell(c.label))];
  for (const row of rows) matrix.push(readers.map((read) => neutraliseCell(read(row))));
  return matrix;
}

/**
 * The columns an export of a table holds: of the columns the reader shows (`shown`, in the order
 * shown), those that are exportable (`exportable` not false) and, when `exportColumns` is given
 * (the spec's `export_columns`), listed in it. The reader's layout decides the order: an export is
 * exactly what is shown, minus what the spec keeps out of files.
 *
 * Edge cases: an empty `exportColumns` list allows no column; keys in it that no shown column has
 * are ignored (a hidden column is not exported).
 */
export function exportedColumns<C extends { key: string; exportable?: boolean }>(shown: readonly C[], exportColumns?: readonly string[] | null): C[] {
  const allowed = exportColumns ? new Set(exportColumns) : null;
  return shown.filter((column) => column.exportable !== false && (allowed === null || allowed.has(column.key)));
}
