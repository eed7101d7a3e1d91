/**
 * The start every part of the data grid's toolbar shares (`DataGridToolbar`, `DataGridSearch`,
 * `DataGridGear`, `DataGridColumnModal`): its `grid` prop made into a `DataGridController`, and a
 * counter that moves on every change the controller reports. Kept here so that the parts, used
 * together or alone, read a grid in one way.
 *
 * @module
 */
import { computed, onBeforeUnmount, ref, watch } from 'vue';
import type { ComputedRef, Ref } from 'vue';
import { controllerFromGridApi, isDataGridController } from './controller';
import type { DataGridController, ToolbarGridApi } from './controller';

/** Where a toolbar part reads its grid from (getters, so props stay reactive). */
export interface ToolbarControllerSource {
  /** `DataGrid`'s controller, or a host-owned AG Grid API (client-side row model). */
  grid: () => DataGridController | ToolbarGridApi;
  /** The grid id presets and searches are kept under, with a grid API; default `'grid'`. */
  gridId: () => string | undefined;
  /** Locale numbers in the quick search are read in, with a grid API. */
  locale: () => string;
  /**
   * Whether a controller made over a grid API makes the grid's quick filter read the search
   * language (`controllerFromGridApi`'s option). The column chooser alone passes false: a part that
   * never searches has no business replacing how the grid reads its quick filter.
   * @default true
   */
  searchLanguage?: boolean;
}

/**
 * The controller a toolbar part drives: a controller given is used as it is (so parts the toolbar
 * renders share the toolbar's); a grid API gets one of `controllerFromGridApi`, made again when the
 * API, the grid id or the locale changes.
 */
export function useToolbarController(source: ToolbarControllerSource): ComputedRef<DataGridController> {
  return computed(() => {
    const grid = source.grid();
    if (isDataGridController(grid)) return grid;
    return controllerFromGridApi(grid, { gridId: source.gridId() ?? 'grid', locale: source.locale(), searchLanguage: source.searchLanguage });
  });
}

/**
 * A number bumped on every change `controller` reports (and when the controller itself is
 * replaced); computeds that read it re-read the grid. The subscription follows the controller and
 * ends with the component.
 */
export function useControllerVersion(controller: Readonly<Ref<DataGridController>>): Readonly<Ref<number>> {
  const version = ref(0);
  let unsubscribe: (() => void) | null = null;
  watch(
    controller,
    (next) => {
      unsubscribe?.();
      unsubscribe = next.onChange(() => {
        version.value++;
      });
      version.value++;
    },
    { immediate: true },
  );
  onBeforeUnmount(() => unsubscribe?.());
  return version;
}
