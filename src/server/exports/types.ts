/**
 * The contract between an export builder (host code) and the library's file writers.
 *
 * @module
 */
import type { ChartRuntime, ChartSpec, ChartSpecWire, FormatOptions, Row, ValueFormat } from '../../core/types';
import type { FilterState, GridViewHost } from '../../host/types';

/** A column of an export: the row key, its header and how numbers are shown. */
export interface ExportColumn {
  key: string;
  label: string;
  /** Display format; `number`, `currency` and `percent` columns write numeric cells. Default `text`. */
  format?: ValueFormat;
  /** Width in characters (XLSX) / relative weight (PDF); measured from the data when absent. */
  width?: number;
}

/**
 * A KPI shown in the PDF's KPI strip: a label and either a ready `display` text (e.g. a
 * `ResolvedKpi` from `resolveKpis`) or a numeric `value` with a `format`.
 */
export interface ExportKpi {
  label: string;
  display?: string;
  value?: number | null;
  format?: ValueFormat;
}

/** What a builder returns: the table the library turns into XLSX or PDF bytes. */
export interface ExportTable {
  /** Heading of the PDF and the workbook's title; also the default file and sheet name. */
  title?: string;
  columns: ExportColumn[];
  /** Rows in display order. Read, never mutated. */
  rows: readonly Row[];
  /** KPI strip of the PDF (ignored by XLSX). */
  kpis?: ExportKpi[];
  /**
   * Charts the PDF draws as vectors between the KPI strip and the table (ignored by XLSX), at most
   * three: chart specs (a view's `spec.charts`, or wire chart JSON, checked by the spec parser), whose
   * runtimes are built from `rows` with `columns` giving labels and formats, or ready runtimes (an
   * artifact's `charts`). Captions and number texts follow `format.locale`. Needs the optional
   * packages `echarts`, `svg2pdf.js` and `jsdom`.
   */
  charts?: (ChartSpec | ChartSpecWire | ChartRuntime)[];
  /** File name without or with extension; the right extension is ensured. Default: title or builder key. */
  fileName?: string;
  /** XLSX sheet name; default the title. Cut to 31 characters without `[]:*?/\`. */
  sheetName?: string;
  /** Locale and currency of PDF number text (XLSX keeps raw numbers with a number format). */
  format?: FormatOptions;
  /** PDF footer text with `{page}` and `{pages}`; default `Page {page} of {pages}`. */
  pageLabel?: string;
  /** PDF note when rows were cut, with `{shown}` and `{total}`; default `Showing the first {shown} of {total} rows.` */
  truncatedLabel?: string;
  /**
   * XLSX: a line of text written in the first column two rows below the table (after one empty row),
   * outside the column widths; the rows export says there that the file holds only the first rows.
   * Neutralised like every text cell. Ignored by the PDF (which has `truncatedLabel`).
   */
  note?: string;
}

/** What a builder receives for one export request. */
export interface ExportContext {
  request: Request;
  /** The request's query parameters (the builder key and the filter parameters). */
  params: URLSearchParams;
  /** The filter selection: from `host.filterStateFromRequest(spec)` when a spec was registered, else from `q`, `sort`, `dir`, `f_<key>`. */
  filterState: FilterState;
  /** The authenticated caller, or null. */
  subject: string | null;
  /** The request's host (from the handler's `host` option, or a plain in-memory host). */
  host: GridViewHost;
  /** Which file is being built. */
  format: 'pdf' | 'xlsx';
  /** The registered key. */
  builder: string;
}

/** A host function that loads the rows of an export. Throw `HttpError` to answer with a 4xx. */
export type ExportBuilder = (context: ExportContext) => ExportTable | Promise<ExportTable>;
