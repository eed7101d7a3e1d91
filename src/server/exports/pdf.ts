/**
 * PDF bytes from an export table, with jsPDF and jsPDF-AutoTable (imported only when a PDF export
 * runs) and an embedded DejaVu Sans so Cyrillic text renders. Charts are drawn by `./charts`.
 *
 * @module
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { autoTable as AutoTable } from 'jspdf-autotable';
import { formatKpiValue, formatValue, readCell } from '../../core/format';
import { checkExportCharts, drawPdfCharts } from './charts';
import { PDF_FONT_FAMILY, loadPdfFont } from './font';
import { allOptionalPackages, loadOptionalPackage } from '../../core/optional-package';
import { PDF_EXPORT } from './packages';
import type { ExportColumn, ExportKpi, ExportTable } from './types';

/** MIME type of PDF files. */
export const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * Default cap on PDF rows. jsPDF-AutoTable needs seconds and hundreds of pages for 10,000 rows, and
 * nobody prints that; larger exports belong in XLSX. Configurable per handler and per builder.
 */
export const DEFAULT_PDF_MAX_ROWS = 5_000;

interface PdfLibraries {
  jsPDF: typeof JsPdf;
  autoTable: typeof AutoTable;
  /** The module itself: svg2pdf.js reads `GState` and the like from it. */
  jspdf: unknown;
}

let libraries: Promise<PdfLibraries> | undefined;

/**
 * jsPDF and AutoTable, loaded once on first use (tried again after a failure); a
 * `MissingPackageError` naming the ones that are not installed.
 */
function loadPdfLibraries(): Promise<PdfLibraries> {
  libraries ??= allOptionalPackages(PDF_EXPORT.feature, [
    loadOptionalPackage(PDF_EXPORT.feature, ['jspdf'], () => import('jspdf')),
    loadOptionalPackage(PDF_EXPORT.feature, ['jspdf-autotable'], () => import('jspdf-autotable')),
  ]).then(
    ([jspdf, autotable]) => {
      const jsPDF = (jspdf as { jsPDF?: typeof JsPdf }).jsPDF ?? (jspdf as unknown as { default: { jsPDF: typeof JsPdf } }).default.jsPDF;
      const autoTable = autotable.autoTable ?? (autotable as unknown as { default: PdfLibraries['autoTable'] }).default;
      const module = (jspdf as { jsPDF?: unknown }).jsPDF ? jspdf : (jspdf as unknown as { default: unknown }).default;
      return { jsPDF, autoTable, jspdf: module };
    },
    (error: unknown) => {
      libraries = undefined;
      throw error;
    },
  );
  return libraries;
}

/** Options of `buildPdf`. */
export interface BuildPdfOptions {
  /** Most rows written; extra rows are cut and the PDF says so. Default 5,000. */
  maxRows?: number;
}

/** Result of `buildPdf`: the bytes, and how many rows were written out of how many. */
export interface PdfResult {
  bytes: Uint8Array;
  rowsWritten: number;
  rowsTotal: number;
}

const MARGIN = 36;
const FOOTER = 28;
const NUMERIC = new Set(['number', 'currency', 'percent']);

/**
 * Builds the PDF: the title, the KPI strip (label and value per card, four per line), the charts
 * (vectors, one under another, each with its caption; see `drawPdfCharts`), a note when rows were
 * cut, the table (header repeated on every page, numbers right-aligned and formatted for
 * `table.format.locale`) and "Page X of Y" on every page. Landscape when there are more than six
 * columns. Text is drawn as text (searchable, extractable), never interpreted as markup.
 *
 * Charts are computed from every row of the table, not only the rows kept under `maxRows`.
 *
 * @throws Error when `table.charts` is malformed (see `checkExportTable`); an error with
 * `code: 'missing_package'` and `packages` naming them when optional packages are not installed
 * (`jspdf`, `jspdf-autotable`, `dejavu-fonts-ttf`; with charts also `echarts`, `svg2pdf.js`,
 * `jsdom`), which the handler's export routes answer with 501 `export_unavailable`.
 */
export async function buildPdf(table: ExportTable, options: BuildPdfOptions = {}): Promise<PdfResult> {
  // Both settled before failing, so a server missing jspdf AND the font learns both at once.
  const [{ jsPDF, autoTable, jspdf }, font] = await allOptionalPackages(PDF_EXPORT.feature, [loadPdfLibraries(), loadPdfFont()]);
  const maxRows = options.maxRows ?? DEFAULT_PDF_MAX_ROWS;
  const rowsTotal = table.rows.length;
  const rows = rowsTotal > maxRows ? table.rows.slice(0, maxRows) : table.rows;
  const doc = new jsPDF({ orientation: table.columns.length > 6 ? 'landscape' : 'portrait', unit: 'pt', format: 'a4', compress: true });
  doc.addFileToVFS('DejaVuSans.ttf', font.normal);
  doc.addFileToVFS('DejaVuSans-Bold.ttf', font.bold);
  doc.addFont('DejaVuSans.ttf', PDF_FONT_FAMILY, 'normal');
  doc.addFont('DejaVuSans-Bold.ttf', PDF_FONT_FAMILY, 'bold');
  doc.setFont(PDF_FONT_FAMILY, 'normal');
  if (table.title) doc.setProperties({ title: table.title });

  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  let y = MARGIN;
  if (table.title) {
    doc.setFont(PDF_FONT_FAMILY, 'bold').setFontSize(16);
    const lines = doc.splitTextToSize(table.title, width - 2 * MARGIN) as string[];
    doc.text(lines, MARGIN, y + 12);
    y += 12 + lines.length * 19;
  }
  if (table.kpis && table.kpis.length > 0) y = drawKpis(doc, table.kpis, table, y, width);
  if (table.charts && table.charts.length > 0) {
    // Checked again: buildPdf is public and may get a table no route has checked.
    const charts = checkExportCharts(table.charts, table.columns, 'buildPdf');
    y = await drawPdfCharts(doc, charts, {
      jspdf,
      jsPDF,
      font,
      rows: table.rows,
      columns: table.columns,
      format: table.format,
      left: MARGIN,
      width: width - 2 * MARGIN,
      top: y,
      pageTop: MARGIN,
      bottom: height - MARGIN - FOOTER,
    });
  }
  if (rows.length < rowsTotal) {
    const note = (table.truncatedLabel ?? 'Showing the first {shown} of {total} rows.')
      .replace('{shown}', formatValue(rows.length, 'number', table.format))
      .replace('{total}', formatValue(rowsTotal, 'number', table.format));
    doc.setFont(PDF_FONT_FAMILY, 'normal').setFontSize(9).setTextColor(120, 60, 0);
    doc.text(note, MARGIN, y + 10);
    doc.setTextColor(0, 0, 0);
    y += 18;
  }

  const columns = table.columns;
  const columnStyles: Record<string, { halign: 'right' }> = {};
  columns.forEach((column, i) => {
    if (NUMERIC.has(column.format ?? 'text')) columnStyles[String(i)] = { halign: 'right' };
  });
  // A printed or forwarded file has no locale context to disambiguate `$`: amounts carry the ISO code.
  const cellFormat = { ...table.format, currencyDisplay: 'code' as const };
  const body = rows.map((row) => columns.map((column: ExportColumn) => formatValue(readCell(row, column.key), column.format ?? 'text', cellFormat)));
  autoTable(doc, {
    head: [columns.map((c) => c.label)],
    body,
    startY: y + 4,
    margin: { top: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN },
    theme: 'striped',
    styles: { font: PDF_FONT_FAMILY, fontStyle: 'normal', fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { font: PDF_FONT_FAMILY, fontStyle: 'bold', fillColor: [55, 65, 81], textColor: 255 },
    columnStyles,
    showHead: 'everyPage',
  });

  const pages = doc.getNumberOfPages();
  const template = table.pageLabel ?? 'Page {page} of {pages}';
  doc.setFont(PDF_FONT_FAMILY, 'normal').setFontSize(8).setTextColor(100, 100, 100);
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    const label = template.replace('{page}', String(page)).replace('{pages}', String(pages));
    doc.text(label, width - MARGIN, height - MARGIN + 8, { align: 'right' });
  }
  const buffer = doc.output('arraybuffer');
  return { bytes: new Uint8Array(buffer), rowsWritten: rows.length, rowsTotal };
}

function drawKpis(doc: JsPdf, kpis: ExportKpi[], table: ExportTable, top: number, pageWidth: number): number {
  const perLine = Math.min(4, kpis.length);
  const gap = 8;
  const cardWidth = (pageWidth - 2 * MARGIN - gap * (perLine - 1)) / perLine;
  const cardHeight = 40;
  let y = top;
  kpis.forEach((kpi, i) => {
    const col = i % perLine;
    if (col === 0 && i > 0) y += cardHeight + gap;
    const x = MARGIN + col * (cardWidth + gap);
    doc.setDrawColor(209, 213, 219).setFillColor(249, 250, 251).roundedRect(x, y, cardWidth, cardHeight, 3, 3, 'FD');
    doc.setFont(PDF_FONT_FAMILY, 'normal').setFontSize(8).setTextColor(75, 85, 99);
    doc.text(fitText(doc, kpi.label, cardWidth - 12), x + 6, y + 13);
    const display = kpi.display ?? formatKpiValue(kpi.value ?? null, kpi.format ?? 'number', table.format);
    doc.setFont(PDF_FONT_FAMILY, 'bold').setFontSize(13).setTextColor(17, 24, 39);
    doc.text(fitText(doc, display, cardWidth - 12), x + 6, y + 31);
  });
  doc.setTextColor(0, 0, 0);
  return y + cardHeight + 12;
}

/** Cuts text with an ellipsis so it fits a width at the current font size. */
function fitText(doc: JsPdf, text: string, maxWidth: number): string {
  if (doc.getTextWidth(text) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && doc.getTextWidth(`${chars.join('')}…`) > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}
