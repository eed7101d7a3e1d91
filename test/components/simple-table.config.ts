// Builders of SimpleTable columns and configs with the spec defaults. No side effects, unlike
// simple-table.fixtures.ts (which loads the table's search and sort code first): the tests of a
// table whose code has not arrived yet use these directly.
import type { Column, Row, SimpleTableConfig } from '../../src/core/types';

/** A column with the spec defaults, overridable. */
export function column<R extends Row = Row>(key: string, extra: Partial<Column<R>> = {}): Column<R> {
  return { key, label: key, format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null, ...extra };
}

/** A table config with the spec defaults, overridable. */
export function tableConfig<R extends Row = Row>(data: readonly R[], columns: Column<R>[], extra: Partial<SimpleTableConfig<R>> = {}): SimpleTableConfig<R> {
  return {
    gridId: 'orders',
    columns,
    columnGroups: [],
    data,
    searchMode: 'global',
    striped: false,
    exportXlsx: false,
    exportPdfUrl: null,
    rowUrl: null,
    rowOnclick: null,
    footerRow: null,
    footerLabel: null,
    footerLabelSpan: 1,
    ...extra,
  };
}
