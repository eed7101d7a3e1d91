/**
 * `useSimpleTableSections` (internal to `SimpleTable`): the sections of a table with `groupBy`.
 * Grouping and totals come from the core (the on-demand engine); the table only draws them. Which
 * sections the reader collapsed is kept by `useSimpleTableLayout`; a section's header row
 * (`SimpleTableGroupRow`, downloaded with the first sections) says its label and toggles it.
 *
 * @module
 */
import { computed, defineAsyncComponent } from 'vue';
import type { ComputedRef, Ref } from 'vue';
import type { Column, Row } from '../../src/core/types';
import type { SortState } from '../../src/core/table-model/types';
import type { GroupedView } from '../../src/core/table-model/groups';
import type { SimpleTableContext } from './context';

/**
 * Sections of one table: `visible` are the visible rows' indices in order, `groupColumn` the column
 * whose values group them (null: no sections). Edge cases: sorting by the grouping column orders the
 * sections, any other sort orders rows within them; until the code arrives the table shows no rows
 * (useTableView's `needsEngine`), so no sections either.
 */
export function useSimpleTableSections<R extends Row>(
  table: SimpleTableContext<R>,
  visible: Readonly<Ref<Uint32Array>>,
  groupColumn: ComputedRef<Column<R> | null>,
  sort: Readonly<Ref<SortState | null>>,
) {
  const { engine } = table.engine;
  /** The sections and the rows in section order; null without sections (or before the code arrived). */
  const grouped = computed<GroupedView | null>(() => {
    const column = groupColumn.value;
    if (column === null || engine.value === null) return null;
    const direction = sort.value !== null && sort.value.key === column.key ? sort.value.direction : 'asc';
    return engine.value.groupRowIndices(table.rows.value, visible.value, column, table.format.value, direction);
  });
  /** Keys of the collapsed sections. */
  const collapsedGroups = computed(() => new Set(table.layout.collapsedGroups.value));
  /** Body rows in order: a row index, or `-(section + 1)` for a section's header row; null without sections. */
  const displayList = computed(() => (grouped.value && engine.value ? engine.value.groupedDisplayList(grouped.value, collapsedGroups.value) : null));
  /** Body rows: data rows, plus one header row per section. */
  const displayCount = computed(() => displayList.value?.length ?? visible.value.length);
  /**
   * A section's header row with its totals, its label and its toggle. Downloaded when a table first
   * draws sections, so a table without `groupBy` carries neither the row nor the KPI aggregates;
   * server rendering waits for it.
   */
  const SimpleTableGroupRow = defineAsyncComponent(() => import('./SimpleTableGroupRow.vue'));

  return { grouped, collapsedGroups, displayList, displayCount, SimpleTableGroupRow };
}
