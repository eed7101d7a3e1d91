/**
 * The `ColumnLayoutController` of a `SimpleTable`: its column menu's and preset menu's view of the
 * table (the data grid's, without pinning). Loaded with the first of those menus
 * (`useSimpleTableColumns`), so a table whose reader never opens them does not carry it.
 *
 * @module
 */
import type { ComputedRef } from 'vue';
import type { Row } from '../../src/core/types';
import { changeColumnLayout, layoutToColumnState } from '../../src/core/table-model/column-layout';
import type { resolveColumnLayout } from '../../src/core/table-model/column-layout';
import type { ColumnLayoutController } from '../data-grid/controller';
import type { SimpleTableContext } from './context';

/**
 * The controller over the table's resolved layout. `listeners` is the set the table calls after
 * every change of `columnLayout` (its watcher lives with the table, so it ends when the table is
 * unmounted). Edge case: a stored layout, or one the reader changed before the preferences loaded,
 * is not replaced by the preset marked "loads first" (`hasRestoredLayout`).
 */
export function simpleTableColumnController<R extends Row>(
  { props, columns, layout }: SimpleTableContext<R>,
  columnLayout: ComputedRef<ReturnType<typeof resolveColumnLayout>>,
  listeners: Set<() => void>,
): ColumnLayoutController {
  return {
    get gridId() {
      return props.config.gridId;
    },
    pinning: false,
    columns: () =>
      columns.value.map((c) => ({
        key: c.key,
        label: String(c.label),
        group: typeof c.menuGroup === 'string' && c.menuGroup.trim() !== '' ? c.menuGroup : null,
        visibleByDefault: c.hidden !== true,
        format: c.format,
        exportable: c.exportable !== false,
      })),
    getColumnState: () => layoutToColumnState(columnLayout.value),
    applyColumnState: (state, options) => layout.setColumnState(changeColumnLayout(columnLayout.value, state, { order: options?.order !== false })),
    resetColumns: () => layout.setColumnState(null),
    hasRestoredLayout: () => layout.columnState.value !== null,
    onChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
