/**
 * From a grid's column state to what presets and page state store. AG Grid's `getColumnState()`
 * gives much more than a preset keeps (`flex`, `rowGroup`, `pivot`, `aggFunc`, `sortType`, …) and
 * the server refuses unknown keys, so only the six preset fields survive, in the server's shapes.
 *
 * @module
 */
import type { PresetColumnState } from './types';

/**
 * One column of a grid's column state as input: AG Grid's `ColumnState` fits (its extra fields are
 * ignored), and so does a `PresetColumnState`.
 */
export interface ColumnStateInput {
  colId: string;
  hide?: boolean | null;
  /** AG Grid also allows `true` (meaning left) and `false` (not pinned). */
  pinned?: 'left' | 'right' | boolean | null;
  width?: number | null;
  sort?: 'asc' | 'desc' | null;
  sortIndex?: number | null;
}

/**
 * Picks the preset fields of a column state and normalises them to what the server accepts
 * (`validateGridPrefsPatch`):
 *
 * - `colId` is kept as it is (an invalid one is left for the validation to refuse with a message);
 * - `hide` is kept when it is a boolean, otherwise left out;
 * - `pinned` becomes `'left'`, `'right'` or null (`true` is AG Grid's "left"; anything else is null);
 * - `width` is rounded to an integer of at least 1; a missing, non-finite or non-positive width is
 *   left out (the grid keeps its own width); a width above the server's limit is kept so the save is
 *   refused with a clear message instead of silently changed;
 * - `sort` is `'asc'`, `'desc'` or null; `sortIndex` a non-negative integer or null;
 * - every other key (`flex`, `rowGroup`, `pivot`, `aggFunc`, …) is dropped.
 *
 * A field that is absent (undefined) stays absent. Entries that are not objects are passed through
 * unchanged, for the validation to refuse. Returns new objects; the input is not changed.
 */
export function presetColumnsFromState(state: readonly ColumnStateInput[]): PresetColumnState[] {
  return state.map((column) => {
    if (typeof column !== 'object' || column === null) return column;
    const raw = column as unknown as Record<string, unknown>;
    const out: PresetColumnState = { colId: column.colId };
    if (typeof raw.hide === 'boolean') out.hide = raw.hide;
    if (raw.pinned !== undefined) out.pinned = raw.pinned === 'left' || raw.pinned === true ? 'left' : raw.pinned === 'right' ? 'right' : null;
    const width = raw.width;
    if (typeof width === 'number' && Number.isFinite(width) && width > 0) out.width = Math.max(1, Math.round(width));
    if (raw.sort !== undefined) out.sort = raw.sort === 'asc' || raw.sort === 'desc' ? raw.sort : null;
    if (raw.sortIndex !== undefined) {
      const index = raw.sortIndex;
      out.sortIndex = typeof index === 'number' && Number.isSafeInteger(index) && index >= 0 ? index : null;
    }
    return out;
  });
}
