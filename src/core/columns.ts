/**
 * Columns for the two table backends: `Column`s for the simple table and plain AG Grid column
 * definitions for the data grid, both derived from the validated column specs.
 *
 * @module
 */
import type { Column, ColumnJson, ColumnSpec, DataGridColumnDef, GridViewSpec, Row, ValueFormat } from './types';

/** Formats whose values are numbers: right-aligned numeric columns in AG Grid. */
const NUMERIC_FORMATS: ReadonlySet<ValueFormat> = new Set(['number', 'currency', 'percent']);

/** True for `number`, `currency` and `percent`. */
export function isNumericFormat(format: ValueFormat): boolean {
  return NUMERIC_FORMATS.has(format);
}

/**
 * The simple-table columns of a spec, in spec order, one fresh object per column (callers may add
 * `sortValue`/`exportRaw` to their copies). Specs never carry callables, so neither do these.
 */
export function columnsFromSpec<R extends Row = Row>(spec: GridViewSpec): Column<R>[] {
  return spec.columns.map((c) => ({
    key: c.key,
    label: c.label,
    format: c.format,
    align: c.align,
    sortable: c.sortable,
    searchable: c.searchable,
    width: c.width,
    linkTemplate: c.linkTemplate,
    hidden: c.hidden,
    menuGroup: c.menuGroup,
    exportable: c.exportable,
    total: c.total,
  }));
}

/**
 * The serialisable part of a column: host-added callables (`sortValue`, `exportRaw`) are dropped;
 * the optional settings (`hidden`, `menuGroup`, `exportable`, `total`) are kept when present.
 */
export function columnToJson<R extends Row>(column: Column<R>): ColumnJson {
  const json: ColumnJson = {
    key: column.key,
    label: column.label,
    format: column.format,
    align: column.align,
    sortable: column.sortable,
    searchable: column.searchable,
    width: column.width,
    linkTemplate: column.linkTemplate,
  };
  if (column.hidden !== undefined) json.hidden = column.hidden;
  if (column.menuGroup !== undefined) json.menuGroup = column.menuGroup;
  if (column.exportable !== undefined) json.exportable = column.exportable;
  if (column.total !== undefined) json.total = column.total;
  return json;
}

/** `"120px"` → 120; anything else (`12rem`, `20%`, `auto`, `0px`, null) → undefined. */
export function pixelWidth(width: string | null): number | undefined {
  if (width === null) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)px\s*$/i.exec(width);
  if (!match) return undefined;
  const px = Number(match[1]);
  return px > 0 && Number.isFinite(px) ? Math.round(px) : undefined;
}

/**
 * AG Grid column definitions for column specs (or simple-table columns), as plain data.
 *
 * - `field` and `colId` are the column key, `headerName` its label (AG Grid renders header names as
 *   text). AG Grid reads a `field` containing dots as a nested path, so grids fed by these
 *   definitions should set the grid option `suppressFieldDotNotation: true` (rows are flat).
 * - `sortable` follows the spec; `filter` is true for searchable columns.
 * - `type: 'numericColumn'` for `number`, `currency` and `percent` (right-aligned, numeric).
 * - `width` only for pixel widths (`"120px"`); AG Grid takes numbers, so `rem`/`%` widths are left to
 *   the grid's own sizing.
 * - `cellClass` is `gv-cell gv-align-<align> gv-format-<format>` for the stylesheet.
 * - `context` carries the format and link template for the client's value formatter and renderer.
 */
export function toDataGridColumnDefs(columns: readonly (ColumnSpec | Column)[]): DataGridColumnDef[] {
  return columns.map((c) => {
    const def: DataGridColumnDef = {
      field: c.key,
      colId: c.key,
      headerName: c.label,
      sortable: c.sortable,
      filter: c.searchable,
      type: isNumericFormat(c.format) ? 'numericColumn' : undefined,
      cellClass: `gv-cell gv-align-${c.align} gv-format-${c.format}`,
      context: { format: c.format, linkTemplate: c.linkTemplate },
    };
    const width = pixelWidth(c.width);
    if (width !== undefined) def.width = width;
    return def;
  });
}
