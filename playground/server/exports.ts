/**
 * Export builders of the demo ledger. The table page's PDF link and the XLSX route call them with
 * the table's filter parameters (`q`, `sort`, `dir`, `f_<key>`), and they answer with exactly the
 * rows the table shows for those parameters: the same core functions filter and sort on both sides.
 *
 * @module
 */
import { createLocalRowSource, readGridExportParams, resolveKpis, visibleRows } from 'vue-grid-view/core';
import type { GridViewSpec } from 'vue-grid-view/core';
import { HttpError, registerPdfExport, registerXlsxExport } from 'vue-grid-view/server';
import type { ExportContext, ExportTable } from 'vue-grid-view/server';
import type { SaleRow } from '../shared/data';
import { DEMO_CURRENCY, PDF_MAX_ROWS, SALES_EXPORT_KEY, demoLocale, localiseColumns, specText, type DemoLocale } from '../shared/labels';

const TITLES = { en: 'Sales ledger', uk: 'Журнал продажів' } as const;
const PAGE_LABELS = { en: 'Page {page} of {pages}', uk: 'Сторінка {page} з {pages}' } as const;
const TRUNCATED = {
  en: 'Showing the first {shown} of {total} rows.',
  uk: 'Показано перші {shown} з {total} рядків.',
} as const;

/**
 * Builds the export table for one request. `lang=uk` in the query gives Ukrainian headers and number
 * text; search matches the displayed text of that locale, as the table on screen does.
 */
export function buildSalesExport(spec: GridViewSpec, rows: readonly SaleRow[], context: ExportContext): ExportTable {
  const locale = demoLocale(context.params.get('lang'));
  const format = { locale, currency: DEMO_CURRENCY };
  const { filterState } = context;
  const visible = visibleRows(
    rows,
    spec.columns,
    { filter: { global: filterState.search, perColumn: filterState.filters }, sort: filterState.sort },
    format,
  );
  return {
    title: TITLES[locale],
    columns: localiseColumns(spec.columns, locale).map((column) => ({ key: column.key, label: column.label, format: column.format })),
    rows: visible,
    kpis:
      context.format === 'pdf'
        ? resolveKpis(spec.kpis, visible, format).map((kpi) => ({ label: specText(kpi.label, locale), display: kpi.display }))
        : undefined,
    // The dashboard's charts over the exported rows, drawn as vectors above the PDF's table.
    charts:
      context.format === 'pdf'
        ? spec.charts.map((chart) => ({
            ...chart,
            title: chart.title === null ? null : specText(chart.title, locale),
            series: chart.series.map((series) => ({ ...series, label: specText(series.label, locale) })),
          }))
        : undefined,
    fileName: locale === 'uk' ? 'продажі' : 'sales',
    sheetName: TITLES[locale],
    format,
    pageLabel: PAGE_LABELS[locale],
    truncatedLabel: TRUNCATED[locale],
  };
}

/** The export builder key of the data grid page's links. */
export const SALES_GRID_EXPORT_KEY = 'sales-grid';

/**
 * Builds the export table of the data grid page: its links carry the grid's sort (several columns),
 * filter model, quick search and visible columns (`readGridExportParams`), and the core's row source
 * answers with the rows the grid shows, in its order, with its columns in their order.
 */
export function buildSalesGridExport(spec: GridViewSpec, rows: readonly SaleRow[], context: ExportContext): ExportTable {
  const locale = demoLocale(context.params.get('lang'));
  const format = { locale, currency: DEMO_CURRENCY };
  const params = readGridExportParams(context.params);
  if (!params) throw new HttpError(400, 'The grid parameters of this export link are invalid.');
  const visible = createLocalRowSource(rows, spec.columns, format).view(params.query).rows();
  const byKey = new Map(localiseColumns(spec.columns, locale).map((column) => [column.key, column]));
  const chosen = params.columns.length > 0 ? params.columns.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : [])) : [...byKey.values()];
  return {
    ...buildSalesExport(spec, [], context),
    columns: chosen.map((column) => ({ key: column.key, label: column.label, format: column.format })),
    rows: visible,
    kpis:
      context.format === 'pdf'
        ? resolveKpis(spec.kpis, visible, format).map((kpi) => ({ label: specText(kpi.label, locale), display: kpi.display }))
        : undefined,
  };
}

/**
 * Registers the XLSX and PDF builders of the ledger under `SALES_EXPORT_KEY` and
 * `SALES_GRID_EXPORT_KEY`. Each request reads the ledger of its `lang`, so the file holds the values
 * the page showed and a search or filter typed in that language finds the same rows.
 */
export function registerSalesExports(spec: GridViewSpec, rowsByLocale: Readonly<Record<DemoLocale, readonly SaleRow[]>>): void {
  const rowsOf = (context: ExportContext) => rowsByLocale[demoLocale(context.params.get('lang'))];
  registerXlsxExport(SALES_EXPORT_KEY, (context) => buildSalesExport(spec, rowsOf(context), context), { spec });
  registerPdfExport(SALES_EXPORT_KEY, (context) => buildSalesExport(spec, rowsOf(context), context), { spec, maxRows: PDF_MAX_ROWS });
  registerXlsxExport(SALES_GRID_EXPORT_KEY, (context) => buildSalesGridExport(spec, rowsOf(context), context));
  registerPdfExport(SALES_GRID_EXPORT_KEY, (context) => buildSalesGridExport(spec, rowsOf(context), context), { maxRows: PDF_MAX_ROWS });
}
