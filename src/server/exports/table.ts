/**
 * Checks what a builder returned and names the file. A malformed table is a bug in host code, so it
 * throws a plain `Error` (the handler logs it and answers 500); nothing here trusts the builder.
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
