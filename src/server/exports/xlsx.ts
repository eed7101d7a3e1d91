/**
 * XLSX bytes from an export table, with the `xlsx` package (imported only when an XLSX export runs).
 * Cells are built directly in a dense sheet (no per-cell type guessing) so 100,000 rows stay fast.
 *
 * @module
 */
import type * as Xlsx from 'xlsx';
import type { CellObject, WorkSheet } from 'xlsx';
import { sheetName } from '../../core/safety';
import { readCell, valueToText } from '../../core/format';
import { excelCellWriter, excelTextCell } from '../../core/excel-format';
import { loadOptionalPackage } from '../../core/optional-package';
import { XLSX_EXPORT } from './packages';
import type { ExportColumn, ExportTable } from './types';

/** MIME type of XLSX files. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows Excel can hold in one sheet besides the header row. */
export const XLSX_MAX_ROWS = 1_048_575;

type XlsxModule = typeof Xlsx;
let xlsxModule: Promise<XlsxModule> | undefined;

/**
 * The `xlsx` module, loaded once on first use (tried again after a failure). Rejects with a
 * `MissingPackageError` when the optional package is not installed. Not exported: its type is `xlsx`'s own, and the module's declaration file must not import
 * `xlsx` (a project without it would fail to type-check the server entry).
 */
function loadXlsx(): Promise<XlsxModule> {
  xlsxModule ??= loadOptionalPackage(XLSX_EXPORT.feature, XLSX_EXPORT.packages, () => import('xlsx')).then(
    (mod) => ((mod as { default?: XlsxModule }).default ?? mod) as XlsxModule,
    (error: unknown) => {
      xlsxModule = undefined;
      throw error;
    },
  );
  return xlsxModule;
}

/** Rows sampled to size columns: enough to be representative, cheap on 100,000 rows. */
const WIDTH_SAMPLE = 1_000;

/**
 * Builds the XLSX file: one sheet with a header row, then one row per table row.
 *
 * - every cell goes through the core's `excelCellWriter` for its column's `format` under
 *   `table.format` (locale and currency, default `en`, `USD`), as the client exports do: numbers
 *   (and, in `number`/`currency`/`percent` columns, numeric strings) are numeric cells whose number
 *   format shows the screen's digits (`#,##0` or `#,##0.00` as the value needs, `"$"#,##0.00` in
 *   `en`, `#,##0.00" $"` in `uk`, `#,##0.0%`); NaN and ±Infinity are left empty; booleans are
 *   boolean cells; valid Dates and ISO date texts are date cells (`yyyy-mm-dd`, with the time when
 *   there is one);
 * - every other value becomes text through `neutraliseCell`, so text starting with `=`, `+`, `-`,
 *   `@`, tab or carriage return is stored with a leading apostrophe and never runs as a formula;
 * - the columns are the table's, as given: the routes leave out hidden and non-exportable ones
 *   before (`selectExportColumns`);
 * - column widths come from the header and a sample of the rows (or `column.width`), 6 to 60 characters;
 * - more than 1,048,575 rows are cut to that (Excel's sheet limit); `truncated` says so;
 * - `note`, when given, is one text cell in the first column after an empty row below the data.
 *
 * @throws an error with `code: 'missing_package'` and `packages: ['xlsx']` when the optional `xlsx`
 * package is not installed (the handler's export routes answer 501 `export_unavailable`).
 */
export async function buildXlsx(table: ExportTable): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const XLSX = await loadXlsx();
  const columns = table.columns;
  const truncated = table.rows.length > XLSX_MAX_ROWS;
  const rows = truncated ? table.rows.slice(0, XLSX_MAX_ROWS) : table.rows;
  // A dense sheet (an array of row arrays) instead of an object keyed "A1", "B1", …: a million keys
  // push V8 into slow dictionary mode, which made 100,000 × 10 cells take seconds just to build.
  const sheet: CellObject[][] = new Array<CellObject[]>(rows.length + 1);
  sheet[0] = columns.map((column) => excelTextCell(column.label));
  const writers = columns.map((column) => excelCellWriter(column.format ?? 'text', table.format));
  const keys = columns.map((column) => column.key);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const cells = new Array<CellObject>(columns.length);
    for (let c = 0; c < columns.length; c++) {
      const cell = (writers[c] as ReturnType<typeof excelCellWriter>)(readCell(row, keys[c] as string));
      if (cell !== null) cells[c] = cell;
    }
    sheet[r + 1] = cells;
  }
  // The note sits below an empty row, so a reader's filter or table range over the data stops before it.
  const note = typeof table.note === 'string' && table.note !== '' ? table.note : null;
  if (note !== null) {
    sheet.push([]);
    sheet.push([excelTextCell(note)]);
  }
  const ws = sheet as unknown as WorkSheet;
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: sheet.length - 1, c: columns.length - 1 } });
  ws['!cols'] = columnWidths(columns, rows);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, ws, sheetName(table.sheetName ?? table.title));
  workbook.Props = { Title: table.title ?? '' };
  const out = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
  return { bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), truncated };
}

function columnWidths(columns: ExportColumn[], rows: ExportTable['rows']): { wch: number }[] {
  const sample = rows.length > WIDTH_SAMPLE ? rows.slice(0, WIDTH_SAMPLE) : rows;
  return columns.map((column) => {
    if (column.width !== undefined) return { wch: Math.round(column.width) };
    let widest = column.label.length;
    for (const row of sample) {
      const text = valueToText(readCell(row, column.key));
      if (text.length > widest) widest = text.length;
    }
    return { wch: Math.min(60, Math.max(6, widest + 2)) };
  });
}
