/**
 * Charts in PDF exports, drawn as vectors: the core builds the chart's ECharts option exactly as the
 * page does, ECharts renders it to SVG on the server (`ssr: true`, no DOM), and svg2pdf.js turns
 * that SVG into jsPDF paths and text in the PDF's embedded DejaVu Sans, so Cyrillic labels stay
 * text: searchable, copyable and sharp at any zoom.
 *
 * svg2pdf.js is written for browsers: it reads the SVG through the DOM and measures text with
 * `document`. On the server it runs inside one jsdom window per process, evaluated in that
 * window's own context (jsdom's VM context, scripts from the page never run: `outside-only`), so
 * its `document` is the window's and nothing is added to Node's globals (a global `document` would
 * be seen by every other request of the process while a conversion awaits). jsdom lays nothing
 * out, so the text width svg2pdf asks for (`getBBox`) is measured with jsPDF's metrics of the same
 * DejaVu font the PDF draws with. The SVG is ECharts' output for an option built from the spec and
 * rows; it is parsed as XML (`DOMParser`) in that window and never reaches a browser.
 *
 * The packages (echarts, svg2pdf.js, jsdom) are optional peers, imported on the first PDF with a
 * chart.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { runInContext } from 'node:vm';
import type { jsPDF as JsPdf } from 'jspdf';
import { buildChartOption, buildChartRuntime, chartCaption, chartValueFormats, isPieChart, withValueFormatter } from '../../core/chart';
import { chartTypes } from '../../core/chart/registry';
import type { ChartColumnInfo } from '../../core/chart';
import { createTranslator } from '../../core/i18n';
import { parseGridViewSpecJson } from '../../core/spec';
import { GridViewSpecError } from '../../core/errors';
import type { ChartRuntime, ChartSpec, ChartSpecWire, FormatOptions, Row } from '../../core/types';
import { PDF_FONT_FAMILY } from './font';
import type { PdfFontData } from './font';
import { allOptionalPackages, loadOptionalPackage } from '../../core/optional-package';
import { PDF_CHARTS_EXPORT } from './packages';

/**
 * A chart of an export: a chart spec (typed, or wire JSON as in a view spec, checked by the spec
 * parser) whose runtime is built from the export's rows, or a ready `ChartRuntime` (e.g. one of an
 * artifact's `charts`).
 */
export type ExportChart = ChartSpec | ChartSpecWire | ChartRuntime;

/** Most charts one export draws, as in a view. */
export const EXPORT_CHARTS_MAX = 3;

/** True for a built runtime rather than a spec: it already holds its categories and values. */
function isRuntime(chart: ExportChart): chart is ChartRuntime {
  return Array.isArray((chart as Partial<ChartRuntime>).categories) && Array.isArray((chart as Partial<ChartRuntime>).values);
}

/**
 * Checks the `charts` of a builder's table: an array of at most three objects, each a runtime, a
 * typed chart spec (`chartType`) or a wire chart spec, which must pass the spec parser together with
 * the export's columns (their keys and labels) so a bad colour or an unknown field is refused.
 * Returns the charts as typed specs or runtimes. Throws an `Error` naming the first problem.
 */
export function checkExportCharts(value: unknown, columns: readonly ChartColumnInfo[], where: string): (ChartSpec | ChartRuntime)[] {
  if (!Array.isArray(value)) throw new Error(`${where} returned charts that are not an array.`);
  if (value.length > EXPORT_CHARTS_MAX) throw new Error(`${where} returned ${value.length} charts; a PDF draws at most ${EXPORT_CHARTS_MAX}, as a view does.`);
  return value.map((chart: unknown, i) => {
    if (typeof chart !== 'object' || chart === null || Array.isArray(chart)) throw new Error(`${where}: charts[${i}] must be a chart spec or a chart runtime.`);
    const candidate = chart as ExportChart;
    if (isRuntime(candidate)) {
      if (!Array.isArray(candidate.series) || typeof candidate.id !== 'string') throw new Error(`${where}: charts[${i}] is not a complete chart runtime.`);
      return candidate;
    }
    if ('chartType' in candidate) return candidate;
    return wireChart(candidate, columns, `${where}: charts[${i}]`);
  });
}

/** A wire chart parsed as part of a minimal view over the export's columns. */
function wireChart(chart: ChartSpecWire, columns: readonly ChartColumnInfo[], where: string): ChartSpec {
  const seen = new Set<string>();
  const specColumns = columns.filter((c) => !seen.has(c.key) && seen.add(c.key)).map((c) => ({ key: c.key, label: c.label, ...(c.format ? { format: c.format } : {}) }));
  try {
    const spec = parseGridViewSpecJson({ grid_id: 'export', columns: specColumns.length > 0 ? specColumns : [{ key: 'export', label: 'Export' }], charts: [chart] });
    return spec.charts[0] as ChartSpec;
  } catch (error) {
    if (!(error instanceof GridViewSpecError)) throw error;
    const chartIssues = error.issues.filter((issue) => issue.path.startsWith('charts[0]'));
    const issues = (chartIssues.length > 0 ? chartIssues : error.issues).map((issue) => `[${issue.code}] ${issue.path.replace(/^charts\[0\]\.?/, '') || '(chart)'}: ${issue.message}`);
    throw new Error(`${where} is not a valid chart spec: ${issues.join('; ')}`);
  }
}

/** What draws SVG into a PDF, loaded once per process. */
interface ChartLibraries {
  renderSvg(option: Record<string, unknown>, width: number, height: number): string;
  svgToPdf(svg: string, doc: JsPdf, box: { x: number; y: number; width: number; height: number }): Promise<void>;
}

let libraries: Promise<ChartLibraries> | undefined;

interface DomWindow {
  DOMParser: new () => { parseFromString(text: string, type: string): { documentElement: unknown } };
  SVGElement: { prototype: { getBBox?: () => { x: number; y: number; width: number; height: number } } };
  jspdf?: unknown;
  svg2pdf?: { svg2pdf(element: unknown, doc: JsPdf, options: Record<string, number>): Promise<unknown> };
}

/**
 * ECharts with the SVG renderer, and svg2pdf.js inside a jsdom window whose text measurement uses
 * `measure`, a jsPDF document holding the PDF font (measuring only, never written). Needs the
 * jspdf module itself: svg2pdf.js reads `GState` and friends from it. Rejects with a
 * `MissingPackageError` naming those of `echarts`, `jsdom` and `svg2pdf.js` that are not installed,
 * and tries again on the next call.
 */
function loadChartLibraries(jspdf: unknown, measure: JsPdf): Promise<ChartLibraries> {
  libraries ??= (async (): Promise<ChartLibraries> => {
    const require = createRequire(import.meta.url);
    // Every package tried before failing, so a server lacking several learns them all at once.
    const [core, charts, components, renderers, jsdom, source] = await allOptionalPackages(PDF_CHARTS_EXPORT.feature, [
      loadOptionalPackage(PDF_CHARTS_EXPORT.feature, ['echarts'], () => import('echarts/core')),
      loadOptionalPackage(PDF_CHARTS_EXPORT.feature, ['echarts'], () => import('echarts/charts')),
      loadOptionalPackage(PDF_CHARTS_EXPORT.feature, ['echarts'], () => import('echarts/components')),
      loadOptionalPackage(PDF_CHARTS_EXPORT.feature, ['echarts'], () => import('echarts/renderers')),
      loadOptionalPackage(PDF_CHARTS_EXPORT.feature, ['jsdom'], () => import('jsdom')),
      loadOptionalPackage(PDF_CHARTS_EXPORT.feature, ['svg2pdf.js'], async () => readFile(require.resolve('svg2pdf.js/dist/svg2pdf.umd.min.js'), 'utf8')),
    ]);
    // Every part the chart-type registry names (a tooltip draws nothing on paper, but ECharts warns
    // without it), looked up by export name: the type checker holds each name to the modules' exports.
    const parts = chartTypes.echartsParts();
    core.use([...parts.charts.map((name) => charts[name]), ...parts.components.map((name) => components[name]), renderers.SVGRenderer]);
    // A console of its own, so jsdom's "not implemented" notes (canvas) never reach the host's logs.
    const dom = new jsdom.JSDOM('<!doctype html><html><body></body></html>', { runScripts: 'outside-only', virtualConsole: new jsdom.VirtualConsole() });
    const window = dom.window as unknown as DomWindow;
    window.SVGElement.prototype.getBBox = function measureText(this: { getAttribute(name: string): string | null; textContent: string | null }) {
      const size = Number.parseFloat(this.getAttribute('font-size') ?? '') || 12;
      const bold = /^(bold|[6-9]00)$/.test(this.getAttribute('font-weight') ?? '');
      const width = measure.getStringUnitWidth(this.textContent ?? '', { fontName: PDF_FONT_FAMILY, fontStyle: bold ? 'bold' : 'normal' }) * size;
      return { x: 0, y: 0, width, height: size };
    };
    window.jspdf = jspdf;
    runInContext(source, dom.getInternalVMContext());
    const convert = window.svg2pdf?.svg2pdf;
    if (typeof convert !== 'function') throw new Error('svg2pdf.js did not load.');
    return {
      renderSvg(option, width, height) {
        const chart = core.init(null, undefined, { renderer: 'svg', ssr: true, width, height });
        try {
          chart.setOption({ ...option, animation: false });
          return chart.renderToSVGString();
        } finally {
          chart.dispose();
        }
      },
      async svgToPdf(svg, doc, box) {
        const element = new window.DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
        await convert(element, doc, box);
      },
    };
  })().catch((error: unknown) => {
    libraries = undefined;
    throw error;
  });
  return libraries;
}

/** Where and how `drawPdfCharts` draws. */
export interface PdfChartLayout {
  /** The jspdf module (for svg2pdf.js) and the font data (for its text measurement). */
  jspdf: unknown;
  jsPDF: typeof JsPdf;
  font: PdfFontData;
  /** The export's rows and columns, for charts given as specs. */
  rows: readonly Row[];
  columns: readonly ChartColumnInfo[];
  format: FormatOptions | undefined;
  /** Left edge and width of the drawing area, top of the first chart, top and bottom limit of a page. */
  left: number;
  width: number;
  top: number;
  pageTop: number;
  bottom: number;
}

/** Ratio of the SVG's pixel size to its size on the page: ECharts' 12 px texts become 8 pt. */
const SVG_SCALE = 1.5;

/** A measuring-only jsPDF document with the PDF font, made once per process. */
let measureDoc: JsPdf | undefined;

function measuringDocument(jsPDF: typeof JsPdf, font: PdfFontData): JsPdf {
  if (measureDoc) return measureDoc;
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  doc.addFileToVFS('DejaVuSans.ttf', font.normal);
  doc.addFileToVFS('DejaVuSans-Bold.ttf', font.bold);
  doc.addFont('DejaVuSans.ttf', PDF_FONT_FAMILY, 'normal');
  doc.addFont('DejaVuSans-Bold.ttf', PDF_FONT_FAMILY, 'bold');
  measureDoc = doc;
  return doc;
}

/**
 * Draws the charts one under another, each with its caption (`chartCaption` in the export's
 * language: the chart's title, or "Amount by Region"; pies say how many slices were left out) and,
 * for an empty chart, the "No data to chart" text instead of a drawing. Starts a new page when a
 * chart does not fit. Returns the y below the last chart.
 *
 * The chart is the page's chart: the same runtime (built from all the export's rows, not only the
 * rows the PDF's table keeps), the same option (light theme, locale and currency of `format`, value
 * formats of the columns), drawn in the PDF's font.
 */
export async function drawPdfCharts(doc: JsPdf, charts: readonly (ChartSpec | ChartRuntime)[], layout: PdfChartLayout): Promise<number> {
  if (charts.length === 0) return layout.top;
  const libs = await loadChartLibraries(layout.jspdf, measuringDocument(layout.jsPDF, layout.font));
  const translator = createTranslator({ locale: layout.format?.locale });
  const countLabel = translator.t('kpi.aggregate.count');
  let y = layout.top;
  for (const chart of charts) {
    const runtime = isRuntime(chart) ? chart : buildChartRuntime(chart, layout.rows, { columns: layout.columns, countLabel });
    const height = Math.round(Math.min(280, Math.max(120, runtime.height * 0.55)));
    doc.setFont(PDF_FONT_FAMILY, 'bold').setFontSize(10);
    const caption = doc.splitTextToSize(chartCaption(runtime, translator), layout.width) as string[];
    const captionHeight = caption.length * 13;
    const needed = captionHeight + (runtime.empty ? 16 : height) + 12;
    // A chart taller than the space left goes to the next page (unless the page is still empty).
    if (y + needed > layout.bottom && y > layout.pageTop) {
      doc.addPage();
      y = layout.pageTop;
    }
    doc.setTextColor(17, 24, 39).text(caption, layout.left, y + 10);
    y += captionHeight;
    if (runtime.empty) {
      doc.setFont(PDF_FONT_FAMILY, 'normal').setFontSize(9).setTextColor(75, 85, 99);
      doc.text(translator.t('chart.empty'), layout.left, y + 10);
      y += 16 + 12;
      continue;
    }
    const formats = chartValueFormats(runtime);
    const option = buildChartOption(runtime, {
      theme: 'light',
      locale: layout.format?.locale,
      currency: layout.format?.currency,
      countLabel,
      translator,
      fontFamily: PDF_FONT_FAMILY,
      ...(formats[0] ? { centerFormat: formats[0] } : {}),
    });
    // Axis ticks and the centre total in the export's locale, as on the page.
    const formatted = withValueFormatter(option, isPieChart(runtime.chartType) ? formats.slice(0, 1) : formats, layout.format ?? {});
    const svg = libs.renderSvg(formatted as unknown as Record<string, unknown>, Math.round(layout.width * SVG_SCALE), Math.round(height * SVG_SCALE));
    await libs.svgToPdf(svg, doc, { x: layout.left, y, width: layout.width, height });
    y += height + 12;
  }
  doc.setTextColor(0, 0, 0);
  return y;
}
