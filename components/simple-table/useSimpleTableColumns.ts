/**
 * `useSimpleTableColumns` (internal to `SimpleTable`): the reader's column layout and what changes
 * it. Which columns are shown, in which order and how wide (the layout itself is kept by
 * `useSimpleTableLayout`; this composable resolves it against the spec's columns and holds the
 * widths of a resize still under way), and the column menu (the data grid's chooser, without
 * pinning) and the preset menu beside it, both downloaded on demand with the
 * `ColumnLayoutController` they drive (`column-menu-controller.ts`).
 *
 * @module
 */
import { computed, defineAsyncComponent, getCurrentInstance, onMounted, ref, shallowRef, watch } from 'vue';
import type { Column, Row } from '../../src/core/types';
import { changeColumnLayout, resolveColumnLayout } from '../../src/core/table-model/column-layout';
import type ColumnChooserComponent from '../data-grid/ColumnChooser.vue';
import type { ColumnLayoutController } from '../data-grid/controller';
import type { SimpleTableContext } from './context';

/**
 * The column layout of one table and its menus. Edge cases: a stored entry for a column the spec no
 * longer has is ignored (`resolveColumnLayout`); a released drag is stored once, through the
 * layout's owner, and its draft width dropped so the stored one shows; no menu without columns or
 * with `columnMenu: false`; a failed download of the menu closes it again, so the button does not
 * stay "expanded" over nothing (Vue reports the error); the preset menu needs Pinia.
 */
export function useSimpleTableColumns<R extends Row>(table: SimpleTableContext<R>) {
  const { props, columns, layout } = table;
  /** Every column with its place, visibility and reader's width (the stored layout over the spec's). */
  const columnLayout = computed(() => resolveColumnLayout(columns.value, layout.columnState.value));
  /** The columns the reader shows, in the order shown. Sort and search still know every column. */
  const shownColumns = computed<readonly Column<R>[]>(() => {
    const byKey = new Map(columns.value.map((c) => [c.key, c]));
    return columnLayout.value.flatMap((entry) => {
      const column = byKey.get(entry.key);
      return column && !entry.hidden ? [column] : [];
    });
  });
  /** Widths while a pointer drag is under way: drawn at once, stored on release. */
  const draftWidths = shallowRef<Readonly<Record<string, number>>>({});
  /** The reader's width of each column that has one (a drag under way included), by key. */
  const readerWidths = computed(() => {
    const widths = new Map<string, number>();
    for (const entry of columnLayout.value) if (entry.width !== null) widths.set(entry.key, entry.width);
    for (const [key, width] of Object.entries(draftWidths.value)) widths.set(key, width);
    return widths;
  });

  /** A header's resize handle moved (`commit` false: drawn at once) or was released (`commit` true: stored). */
  function onResize(column: Column<R>, width: number, commit: boolean): void {
    if (!commit) {
      draftWidths.value = { ...draftWidths.value, [column.key]: width };
      return;
    }
    const { [column.key]: _done, ...rest } = draftWidths.value;
    draftWidths.value = rest;
    layout.setColumnState(changeColumnLayout(columnLayout.value, [{ colId: column.key, width }]));
  }

  // The menus: told of every change of the layout through `listeners` (see column-menu-controller.ts).
  const listeners = new Set<() => void>();
  watch(columnLayout, () => {
    for (const listener of [...listeners]) listener();
  });
  /** The menus' view of this table: null until the first menu's code has arrived (it comes with it). */
  const columnMenuController = shallowRef<ColumnLayoutController | null>(null);
  /** A menu's loader that brings the controller with the menu's code, so both arrive together. */
  const withController =
    <T>(load: () => Promise<T>) =>
    (): Promise<T> =>
      Promise.all([load(), import('./column-menu-controller')]).then(([menu, code]) => {
        columnMenuController.value ??= code.simpleTableColumnController(table, columnLayout, listeners);
        return menu;
      });
  const showColumnMenu = computed(() => props.config.columnMenu !== false && columns.value.length > 0);
  /** Template refs: the "Columns" button (focus returns to it) and the open menu. */
  const columnMenuButton = ref<HTMLButtonElement | null>(null);
  const columnMenu = shallowRef<InstanceType<typeof ColumnChooserComponent> | null>(null);
  /** The menu exists only while open: a closed table carries no dialog (and no inputs) in its markup. */
  const columnMenuOpen = ref(false);

  // Most readers never open the menu, and it is the largest part of the table: downloaded on first open.
  const ColumnChooser = defineAsyncComponent({
    loader: withController(() => import('../data-grid/ColumnChooser.vue')),
    onError: (_error, _retry, fail) => {
      columnMenuOpen.value = false;
      fail();
    },
  });

  // The preset menu needs the preferences store, hence Pinia; like the page-state binding it is
  // downloaded after mount, and only once the layout has its owner (a stored layout shows first, so
  // the default preset can tell whether the reader's own layout is there).
  const hasPinia = getCurrentInstance()?.appContext.config.globalProperties.$pinia !== undefined;
  const mounted = ref(false);
  onMounted(() => {
    mounted.value = true;
  });
  const showPresets = computed(() => props.presets && hasPinia && showColumnMenu.value && mounted.value && layout.settled.value);
  const PresetMenu = defineAsyncComponent(withController(() => import('../data-grid/PresetMenu.vue')));

  // The dialog opens once its component is mounted, which waits for the download the first time.
  watch(
    columnMenu,
    (menu) => {
      if (menu && columnMenuOpen.value) menu.open();
    },
    { flush: 'post' },
  );

  function onColumnMenuClosed(): void {
    columnMenuOpen.value = false;
    columnMenuButton.value?.focus();
  }

  return { shownColumns, readerWidths, onResize, columnMenuController, showColumnMenu, showPresets, columnMenuOpen, columnMenuButton, columnMenu, ColumnChooser, PresetMenu, onColumnMenuClosed };
}
