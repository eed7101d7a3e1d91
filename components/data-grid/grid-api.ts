/**
 * What `DataGrid`'s parts read of and write to AG Grid's API, in one place: the live API, and the
 * column layout in the page-state and preset format (`PresetColumnState`) both ways. Internal to
 * `DataGrid` (not exported by the package).
 *
 * @module
 */
import type { GridApi } from 'ag-grid-community';
import type { PresetColumnState } from '../../src/core/types';
import { presetColumnsFromState } from '../../src/core/column-state';

/**
 * The grid's API while the grid exists: null before it is ready, after it was destroyed, and while
 * a new grid is being created for another language (`api` is set back to null then).
 */
export function liveApi(api: { readonly value: GridApi | null }): GridApi | null {
  const grid = api.value;
  return grid && !grid.isDestroyed() ? grid : null;
}

/**
 * The grid's column layout as preset columns. Every column flexes until the reader sizes it (AG Grid
 * then drops its flex): a flexing column's width follows the grid's width and is left out, so only
 * widths the reader chose are kept.
 */
export function layoutOf(grid: GridApi): PresetColumnState[] {
  const raw = grid.getColumnState();
  const flexing = new Set(raw.filter((c) => (c.flex ?? 0) > 0).map((c) => c.colId));
  return presetColumnsFromState(raw).map((c) => {
    if (!flexing.has(c.colId) || c.width === undefined) return c;
    const { width: _width, ...rest } = c;
    return rest;
  });
}

/**
 * Preset columns as AG Grid column state: a kept width fixes the column (AG Grid ignores the width
 * of a flexing column), a column without one flexes again. Columns `known` refuses (a stored or
 * shared layout naming a column the spec no longer has) are left out.
 */
export function gridStateOf(state: readonly PresetColumnState[], known: (key: string) => boolean): (PresetColumnState & { flex: number | null })[] {
  return state.filter((c) => known(c.colId)).map((c) => ({ ...c, flex: typeof c.width === 'number' ? null : 1 }));
}
