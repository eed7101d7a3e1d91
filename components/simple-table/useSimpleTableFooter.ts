/**
 * `useSimpleTableFooter` (internal to `SimpleTable`): the table's footer row. The host's
 * (`footerRow`, its label spanning `footerLabelSpan` columns, marked as not following a search
 * while one is active) or, with `footerTotals`, totals of the rows shown (its own component,
 * downloaded on demand).
 *
 * @module
 */
import { computed, defineAsyncComponent, shallowRef } from 'vue';
import type { ComputedRef } from 'vue';
import type { Column, Row } from '../../src/core/types';
import { formatValue, readCell } from '../../src/core/format';
import type { TableFilter } from '../../src/core/table-model/types';
import type { SimpleTableContext } from './context';

/**
 * The footer of one table, over the columns shown and the search (`tableFilter`). Edge cases:
 * `footerTotals` wins over `footerRow`; a label alone (no `footerRow`) still draws the row with empty
 * cells; the label's span is at least 1 and at most the shown columns.
 */
export function useSimpleTableFooter<R extends Row>({ props, format }: SimpleTableContext<R>, shownColumns: ComputedRef<readonly Column<R>[]>, tableFilter: ComputedRef<TableFilter>) {
  /** The host's footer; null without one, or when the table computes its totals. */
  const footer = computed(() => {
    const { footerRow, footerLabel } = props.config;
    if (props.config.footerTotals === true) return null;
    if ((footerRow === null || footerRow === undefined) && (footerLabel === null || footerLabel === undefined)) return null;
    const cols = shownColumns.value;
    const hasLabel = footerLabel !== null && footerLabel !== undefined;
    const span = hasLabel ? Math.min(cols.length, Math.max(1, Math.floor(Number(props.config.footerLabelSpan) || 1))) : 0;
    const cells = cols.slice(span).map((column) => ({
      key: column.key,
      align: column.align,
      text: footerRow ? formatValue(readCell(footerRow, column.key), column.format, format.value) : '',
    }));
    return { label: hasLabel ? String(footerLabel) : null, span, cells };
  });

  /**
   * The footer the table computes (`footerTotals`): its own component, downloaded with the KPI
   * aggregates only by a table that shows it (server rendering waits for it, as for sections).
   */
  const SimpleTableTotalsFooter = defineAsyncComponent(() => import('./SimpleTableTotalsFooter.vue'));
  /** The search as one text, so the computed footer totals again when it changes and not on a sort. */
  const searchKey = computed(() => JSON.stringify(tableFilter.value));
  /** The computed footer's texts as it reports them (its `texts` event). */
  const computedFooterTexts = shallowRef<ReadonlyMap<string, string>>(new Map());
  /** What each column's footer cell shows (by key, empty cells left out), for the column widths. */
  const footerTexts = computed<ReadonlyMap<string, string>>(() => {
    if (props.config.footerTotals === true) return computedFooterTexts.value;
    return new Map((footer.value?.cells ?? []).filter((cell) => cell.text !== '').map((cell) => [cell.key, cell.text]));
  });

  return { footer, SimpleTableTotalsFooter, searchKey, computedFooterTexts, footerTexts };
}
