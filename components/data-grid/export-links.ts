/**
 * Where the data grid toolbar's server export links point (the toolbar appends the grid's sort,
 * filters, search and visible columns with `buildGridExportUrl`). One rule for `DataGrid` and for
 * `GridView`'s own toolbar block.
 *
 * @module
 */
import type { RowSource } from '../../src/core/data-grid/types';

/** The base URL of each server export link; null draws no link. */
export interface ServerExportBases {
  csv: string | null;
  xlsx: string | null;
  pdf: string | null;
}

/**
 * For each format: a URL the host gave wins (null: no link); else a row source that exports gives
 * it (server rows: `createRowSource`'s rows export route of its grid, every format); else the spec's
 * `export_pdf_url` for PDF and no link for XLSX and CSV (rows in memory have the client XLSX).
 *
 * @example
 * serverExportBases({}, createRowSource({ url: '/api', gridId: 'orders' }), null).csv;
 * // "/api/grid/rows/export/?grid_id=orders&format=csv"
 */
export function serverExportBases(
  given: Partial<Record<keyof ServerExportBases, string | null | undefined>>,
  source: RowSource | null | undefined,
  specPdfUrl: string | null | undefined,
): ServerExportBases {
  const pick = (format: keyof ServerExportBases): string | null => {
    const own = given[format];
    if (own !== undefined) return own;
    const fromSource = source?.exportUrl?.(format);
    if (typeof fromSource === 'string' && fromSource !== '') return fromSource;
    return format === 'pdf' ? (specPdfUrl ?? null) : null;
  };
  return { csv: pick('csv'), xlsx: pick('xlsx'), pdf: pick('pdf') };
}
