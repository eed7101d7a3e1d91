/**
 * Checks what a builder returned, picks the columns a file holds (`selectExportColumns`) and names
 * the file. A malformed table is a bug in host code, so it throws a plain `Error` (the handler logs
 * it and answers 500); nothing here trusts the builder.
 *
 * @module
 */
import type { ValueFormat } from '../../core/types';
import { checkExportCharts } from './charts';
import type { ExportColumn, ExportKpi, ExportTable } from './types';

const FORMATS = new Set<ValueFormat>(['text', 'number', 'currency', 'percent']);

/**
 * Returns a checked copy of a builder's table: `columns` a non-empty array of `{key, label}` strings
 * with a known `format`; `rows` an array; `kpis` an array of `{label}`; `charts` at most three chart
 * specs (wire ones pass the spec parser over the table's columns) or runtimes; text fields strings.
 * Throws an `Error` naming the first problem.
 */
export function checkExportTable(value: unknown, builder: string): ExportTable {
  const where = `Export builder "${builder}"`;
  if (typeof value !== 'object' || value === null) throw new Error(`${where} must return an object { columns, rows }.`);
  const table = value as Partial<ExportTable>;
  if (!Array.isArray(table.columns) || table.columns.length === 0) throw new Error(`${where} returned no columns.`);
  const columns: ExportColumn[] = table.columns.map((column: unknown, i) => {
    const c = column as Partial<ExportColumn> | null;
    if (typeof c !== 'object' || c === null || typeof c.key !== 'string' || typeof c.label !== 'string') {
      throw new Error(`${where}: columns[${i}] needs string key and label.`);
    }
    if (c.format !== undefined && !FORMATS.has(c.format)) throw new Error(`${where}: columns[${i}].format is not one of text, number, currency, percent.`);
    if (c.width !== undefined && !(typeof c.width === 'number' && Number.isFinite(c.width) && c.width > 0)) {
      throw new Error(`${where}: columns[${i}].width must be a positive number.`);
    }
    return { key: c.key, label: c.label, format: c.format ?? 'text', ...(c.width === undefined ? {} : { width: c.width }) };
  });
  if (!Array.isArray(table.rows)) throw new Error(`${where} returned rows that are not an array.`);
  let kpis: ExportKpi[] | undefined;
  if (table.kpis !== undefined) {
    if (!Array.isArray(table.kpis)) throw new Error(`${where} returned kpis that are not an array.`);
    kpis = table.kpis.map((kpi: unknown, i) => {
      const k = kpi as Partial<ExportKpi> | null;
      if (typeof k !== 'object' || k === null || typeof k.label !== 'string') throw new Error(`${where}: kpis[${i}] needs a string label.`);
      return { label: k.label, display: typeof k.display === 'string' ? k.display : undefined, value: typeof k.value === 'number' ? k.value : null, format: k.format && FORMATS.has(k.format) ? k.format : 'number' };
    });
  }
  for (const field of ['title', 'fileName', 'sheetName', 'pageLabel', 'truncatedLabel', 'note'] as const) {
    if (table[field] !== undefined && typeof table[field] !== 'string') throw new Error(`${where}: ${field} must be a string.`);
  }
  const charts = table.charts === undefined ? undefined : checkExportCharts(table.charts, columns, where);
  return { ...table, columns, rows: table.rows, kpis, ...(charts === undefined ? {} : { charts }) };
}

/** What a column's spec says about exports: its `hidden` (default visibility) and `exportable`. */
export interface ExportColumnFlags {
  key: string;
  /** Hidden until the reader shows it (the spec's `hidden`). */
  hidden?: boolean;
  /** False keeps the column out of every file (the spec's `exportable`). */
  exportable?: boolean;
}

/** What `selectExportColumns` decides by. */
export interface ExportColumnRules {
  /** The spec's columns (a parsed spec's `columns` fit); absent: nothing is known of the columns. */
  spec?: readonly ExportColumnFlags[];
  /** The spec's `export_columns`: the only spec columns files may hold. Absent or null: no such list. */
  exportColumns?: readonly string[] | null;
  /** The visible columns the request names, in display order (`readExportColumns`); empty: none named. */
  visible: readonly string[];
}

/**
 * The columns an export writes, of `columns` (what the builder or the row source offers), so that a
 * file holds what the reader's screen shows:
 *
 * - never a column the spec keeps out of files (`exportable: false`, or left out of `export_columns`),
 *   whatever the request names;
 * - when the request names the visible columns (a data grid's link, `columns=`), exactly those of
 *   them, in that order: a column the reader hid is left out, even one the builder returns and the
 *   spec does not know. A name no column has is ignored; a list naming none of `columns` (a link
 *   older than the columns) is ignored as a whole;
 * - otherwise every column except those the spec hides (`hidden`): the reader has not shown them.
 *
 * Returns `columns` itself when nothing is left out, and an empty list when nothing is left at all
 * (the caller decides: a link naming only columns kept out of files is the request's fault, a
 * builder and spec that allow none the host's).
 */
export function selectExportColumns<C extends { key: string }>(columns: readonly C[], rules: ExportColumnRules): readonly C[] {
  const flags = new Map((rules.spec ?? []).map((column) => [column.key, column]));
  const allowed = rules.exportColumns ? new Set(rules.exportColumns) : null;
  const mayExport = (column: C): boolean => {
    const flag = flags.get(column.key);
    return flag === undefined || (flag.exportable !== false && (allowed === null || allowed.has(column.key)));
  };
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const named = [...new Set(rules.visible)].flatMap((key) => {
    const column = byKey.get(key);
    return column === undefined ? [] : [column];
  });
  const kept = named.length > 0 ? named.filter(mayExport) : columns.filter((column) => mayExport(column) && flags.get(column.key)?.hidden !== true);
  return kept.length === columns.length && kept.every((column, i) => column === columns[i]) ? columns : kept;
}

/**
 * The download's file name: `fileName`, else the title, else the builder key; control characters
 * and `" \ / : * ? < > |` become spaces, leading and trailing dots and spaces are dropped (no hidden
 * files, no `..`), at most 150 characters, with the right extension (a given `.pdf`/`.xlsx` is not
 * doubled). Falls back to the builder key when nothing is left.
 */
export function exportFileName(table: ExportTable, builder: string, extension: 'pdf' | 'xlsx'): string {
  const base = (table.fileName ?? table.title ?? builder).replace(new RegExp(`\\.${extension}$`, 'i'), '');
  const chars = [...base.normalize('NFC')].map((c) => (isUnsafeFileChar(c) ? ' ' : c));
  const clean = chars.join('').replace(/\s+/g, ' ').trim();
  const cut = [...clean.replace(/^[.\s]+/, '')].slice(0, 150).join('').replace(/[.\s]+$/, '');
  return `${cut === '' ? builder : cut}.${extension}`;
}

/** Control characters and the characters Windows, macOS or Linux refuse in file names. */
function isUnsafeFileChar(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || '"\\/:*?<>|'.includes(c);
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback `filename` (accents dropped, other
 * non-ASCII as `_`) and the exact UTF-8 name in `filename*` (RFC 5987/6266).
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, '_')
    .replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
