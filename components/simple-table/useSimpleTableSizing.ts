/**
 * `useSimpleTableSizing` (internal to `SimpleTable`): the header and how wide each shown column is
 * drawn. The header's rows (a group row from `columnGroups`, the column row, the filter row of a
 * per-column search) and the props of each header cell, which carry the widths; widths come from
 * the measured content (`useSimpleTableColumnWidths`: every row of a small table, a sample of a
 * windowed one), shared out over the table's width; numbers are never cut; a reader's width wins.
 *
 * @module
 */
import { computed } from 'vue';
import type { ComputedRef, CSSProperties, Ref } from 'vue';
import type { Column, Row } from '../../src/core/types';
import { isNumericColumn } from '../../src/core/table-model/column-widths';
import { COLUMN_WIDTH_LIMITS } from '../../src/core/table-model/column-layout';
import { layoutHeader } from '../../src/core/table-model/header-layout';
import type { SimpleTableContext } from './context';
import { useSimpleTableColumnWidths } from './useSimpleTableColumnWidths';
import type { useSimpleTableColumns } from './useSimpleTableColumns';
import type { useSimpleTableSearch } from './useSimpleTableSearch';

/**
 * Header rows, header cell props and column widths of one table, from its shown columns and the
 * reader's widths (`columns`, see `useSimpleTableColumns`), its search and sort (`search`: a filter
 * row when a shown column is searchable in `per_column` mode, the header's sort directions), what
 * each column's footer cell shows (`footerTexts`: a footer text may be the widest of its column),
 * and its `<table>` and scroll container. Edge cases: a group row spans only shown
 * columns (an empty group is left out by `layoutHeader`); before the room is known (server
 * rendering, no ResizeObserver) the browser lays out a table that draws every row and has no
 * reader's width; a windowed table always counts as scrollable, any other until it is known not to
 * overflow.
 */
export function useSimpleTableSizing<R extends Row>(
  table: SimpleTableContext<R>,
  columns: Pick<ReturnType<typeof useSimpleTableColumns<R>>, 'shownColumns' | 'readerWidths'>,
  search: Pick<ReturnType<typeof useSimpleTableSearch<R>>, 'filterColumns' | 'directionOf'>,
  footerTexts: ComputedRef<ReadonlyMap<string, string>>,
  tableElement: Ref<HTMLElement | null>,
  scroller: Ref<HTMLElement | null>,
) {
  const { props, rows, windowed, searchMode } = table;
  const { shownColumns, readerWidths } = columns;
  const columnWidths = useSimpleTableColumnWidths<R>({
    rows,
    columns: shownColumns,
    format: table.format,
    readerWidths,
    extraTexts: footerTexts,
    filterBoxes: () => searchMode.value === 'per_column',
    // A table that draws every row measures them all (a few hundred at most; beyond a thousand, a
    // sample and the extremes scan, as a windowed table).
    sampleAll: () => !windowed.value && rows.value.length <= 1000,
    table: tableElement,
    scroller,
  });
  const hasReaderWidth = (): boolean => shownColumns.value.some((c) => readerWidths.value.has(c.key));

  /**
   * Whether the browser lays the columns out (automatic layout): before the room is known (server
   * rendering) in a table that draws every row and has no reader's width. Each header then carries
   * its column's minimum (`min-width`, which automatic layout honours where a `<col>` width is only
   * a wish), so a squeezed table keeps numbers and short texts whole and gives the rest by content.
   */
  const laidOutByBrowser = computed(() => !windowed.value && columnWidths.available.value === null && !hasReaderWidth());

  /** A column's `<col>` width: fitted from its content, or the spec's while the browser lays out. */
  function colStyle(column: Column<R>, index: number): Record<string, string> | undefined {
    if (laidOutByBrowser.value) return column.width ? { width: column.width } : undefined;
    const fitted = columnWidths.fitted.value.widths[index];
    return fitted === undefined ? undefined : { width: `${fitted}px` };
  }

  /**
   * Once the room is known the table lays out by its columns (`table-layout: fixed`): widths do not
   * change while rows scroll in, and a narrow screen shrinks long text rather than breaking short
   * values such as dates. It is as wide as its columns (wider than the scroll container when they
   * cannot fit, narrower when every column has a reader's width). Before that (server rendering,
   * no ResizeObserver) the browser lays it out, the `<col>` widths being each column's minimum; a
   * reader's width still needs fixed layout to stay exact.
   */
  const tableStyle = computed<CSSProperties | undefined>(() => {
    if (columnWidths.available.value !== null) return { tableLayout: 'fixed', width: `${columnWidths.fitted.value.total}px`, minWidth: '0' };
    return hasReaderWidth() ? { tableLayout: 'fixed' } : undefined;
  });

  /** The narrowest a reader may make each shown column (a number column: its widest value). */
  const minWidths = computed(() => {
    const mins = columnWidths.mins.value;
    return new Map(shownColumns.value.map((column, i) => [column.key, mins[i] ?? COLUMN_WIDTH_LIMITS.min]));
  });

  /** Each shown column's fitted width. */
  const fittedWidths = computed(() => {
    const widths = columnWidths.fitted.value.widths;
    return new Map(shownColumns.value.map((column, i) => [column.key, widths[i] ?? null]));
  });

  /** Class of each shown column's cells: its alignment, and `--numeric` for number columns (never wrapped). */
  const cellClasses = computed(() => shownColumns.value.map((column) => (isNumericColumn(column) ? `gv-table__cell--${column.align} gv-table__cell--numeric` : `gv-table__cell--${column.align}`)));

  /**
   * The scroll container is a focusable, labelled region whenever it may scroll (axe
   * `scrollable-region-focusable`): a windowed table always; any other when it is wider than its box,
   * and, until that is known (server rendering), in case it is.
   */
  const scrollable = computed(() => windowed.value || columnWidths.overflowing.value !== false);

  /** The group row (null without groups) and the column row, by index into the shown columns. */
  const layout = computed(() =>
    layoutHeader(
      shownColumns.value.map((c) => c.key),
      props.config.columnGroups,
      shownColumns.value.map((c) => String(c.label)),
    ),
  );
  /** The `aria-rowindex` of the column row (2 below a group row). */
  const columnRowIndex = computed(() => (layout.value.groupRow ? 2 : 1));
  /** How many header rows there are: they count in `aria-rowindex` before the body's. */
  const headerRowCount = computed(() => columnRowIndex.value + (searchMode.value === 'per_column' && search.filterColumns.value.length > 0 ? 1 : 0));

  /** The props of a column's header cell; the same in the group row (rowspan) and the column row. */
  function headerCellProps(column: Column<R>) {
    const fitted = fittedWidths.value.get(column.key) ?? null;
    return {
      columnKey: column.key,
      label: String(column.label),
      align: column.align,
      sortable: column.sortable,
      direction: search.directionOf(column),
      resizable: props.config.resizable !== false,
      width: readerWidths.value.get(column.key) ?? null,
      minWidth: minWidths.value.get(column.key) ?? COLUMN_WIDTH_LIMITS.min,
      fittedWidth: laidOutByBrowser.value ? null : fitted,
      layoutMinWidth: laidOutByBrowser.value ? fitted : null,
      resizeLabel: table.translator.value.format('table.columns.resize', { column: String(column.label) }),
    };
  }

  return { colStyle, tableStyle, cellClasses, scrollable, layout, columnRowIndex, headerRowCount, headerCellProps };
}
