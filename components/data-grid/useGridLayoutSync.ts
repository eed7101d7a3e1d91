/**
 * `useGridLayoutSync`: a grid's column layout (order, width, visibility, pin, sort) kept with the
 * reader's preferences, for a grid the application owns (its own `AgGridVue`, or `agGrid.createGrid`
 * on a page without a build). Once the preferences have loaded, the layout kept last is applied; then
 * every change of the layout is kept again, after a quiet time, through the preferences store
 * (`saveLayout`): locally at once, to the host (route set B, or the preferences route) after its
 * debounce, and retried after a failure with the change kept meanwhile.
 *
 * @module
 */
import { onScopeDispose, shallowRef, toValue, watch } from 'vue';
import type { MaybeRefOrGetter, ShallowRef } from 'vue';
import { controllerFromGridApi } from './controller';
import type { ColumnLayoutController, ToolbarGridApi } from './controller';
import { LAYOUT_PRESET } from '../../stores/preferences/model';
import { useGridPreferences } from '../../composables/useGridPreferences';
import type { UseGridPreferencesOptions } from '../../composables/useGridPreferences';

/** Options of `useGridLayoutSync`. */
export interface UseGridLayoutSyncOptions extends UseGridPreferencesOptions {
  /** Quiet time (ms) after the last layout change before it is kept; a resize drag fires many. @default 400 */
  quietMs?: number;
}

/** What `useGridLayoutSync` returns. */
export interface UseGridLayoutSyncReturn {
  /** True once the kept layout was applied (or there was none to apply). */
  restored: Readonly<ShallowRef<boolean>>;
}

/**
 * Keeps `grid`'s layout with the preferences of `gridId`: an AG Grid API the application created
 * (its `AgGridVue`'s `@grid-ready` API, client-side row model), or a controller (`DataGrid`'s, a
 * `controllerFromGridApi`). Needs Pinia (the preferences store).
 *
 * @example
 * // Beside <AgGridVue @grid-ready="(e) => (api = e.api)"> and <DataGridToolbar :grid="api" grid-id="orders">:
 * const api = shallowRef<GridApi | null>(null);
 * useGridLayoutSync(api, 'orders');
 *
 * Edge cases: a grid that started with a layout of its own (`hasRestoredLayout()`: a shared link,
 * a stored session) keeps it and the kept layout is not applied over it; a layout equal to the one
 * kept last is not sent again; the layout counts as one of `PREFS_LIMITS.maxPresets` presets (at
 * the limit nothing is kept, the presets stay as they are); a grid given later, or replaced, is
 * followed from then on; listeners are removed with the calling scope, a change still waiting for
 * its quiet time being kept first.
 */
export function useGridLayoutSync(
  grid: MaybeRefOrGetter<ColumnLayoutController | ToolbarGridApi | null>,
  gridId: MaybeRefOrGetter<string>,
  options: UseGridLayoutSyncOptions = {},
): UseGridLayoutSyncReturn {
  const { quietMs = 400, ...prefsOptions } = options;
  const prefs = useGridPreferences(gridId, prefsOptions);
  const restored = shallowRef(false);
  let kept = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stop: (() => void) | null = null;
  let current: ColumnLayoutController | null = null;

  const keep = (controller: ColumnLayoutController): void => {
    timer = null;
    const columns = controller.getColumnState();
    const text = JSON.stringify(columns);
    if (text === kept) return;
    if (prefs.saveLayout(columns).ok) kept = text;
  };

  watch(
    [() => controllerOf(toValue(grid), toValue(gridId)), () => prefs.entry.value.loaded],
    ([controller, loaded]) => {
      stop?.();
      stop = null;
      current = controller;
      if (controller === null || !loaded) return;
      if (!restored.value) {
        const saved = prefs.applyPreset(LAYOUT_PRESET);
        if (saved !== null && !(controller.hasRestoredLayout?.() ?? false)) controller.applyColumnState(saved);
        restored.value = true;
      }
      kept = JSON.stringify(controller.getColumnState());
      stop = controller.onChange(() => {
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(() => keep(controller), quietMs);
      });
    },
    { immediate: true },
  );

  // A change still in its quiet time when the grid goes (a page leaving, a detach) is kept at once.
  onScopeDispose(() => {
    stop?.();
    if (timer === null) return;
    clearTimeout(timer);
    if (current !== null) keep(current);
  });

  return { restored };
}

const made = new WeakMap<object, ColumnLayoutController>();

/** The controller of a grid API (one per API, so a re-run of the watcher keeps its listeners' owner), or the controller given. */
function controllerOf(grid: ColumnLayoutController | ToolbarGridApi | null, gridId: string): ColumnLayoutController | null {
  if (grid === null) return null;
  // A controller has the chooser's `resetColumns`; an AG Grid API has `resetColumnState` instead.
  if ('resetColumns' in grid) return grid;
  let controller = made.get(grid);
  if (controller === undefined) made.set(grid, (controller = controllerFromGridApi(grid, { gridId })));
  return controller;
}
