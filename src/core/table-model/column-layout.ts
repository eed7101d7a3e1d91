/**
 * The reader's column layout of a simple table (order, visibility, widths) as plain data: resolved
 * from the columns and a stored column state (the preset format of `PresetColumnState`, so page
 * state, presets and the data grid read the same shape), changed by the column menu and by
 * resizing. Pure: the component owns no layout logic.
 *
 * @module
 */
import type { PresetColumnState } from '../types';

/** Narrowest and widest a resized column may be, in CSS pixels. */
export const COLUMN_WIDTH_LIMITS = Object.freeze({ min: 40, max: 2000 });

/** One column of a resolved layout. */
export interface ColumnLayoutEntry {
  key: string;
  hidden: boolean;
  /** The reader's width in pixels; null keeps the column's own width (`Column.width` or automatic). */
  width: number | null;
}

/** What the layout reads of a column. */
export interface LayoutColumnInput {
  key: string;
  /** Hidden by default (the spec's `hidden`). */
  hidden?: boolean;
}

/** `px` rounded and clamped to `COLUMN_WIDTH_LIMITS`; a value that is not a finite number gives the minimum. */
export function clampColumnWidth(px: number): number {
  if (!Number.isFinite(px)) return COLUMN_WIDTH_LIMITS.min;
  return Math.min(COLUMN_WIDTH_LIMITS.max, Math.max(COLUMN_WIDTH_LIMITS.min, Math.round(px)));
}

/**
 * The layout the reader sees: the columns named by `state` first, in its order, then the columns it
 * does not name (added since it was stored) in their own order; each hidden as `state` says, else
 * as the column says; each width from `state` (clamped) or null.
 *
 * Edge cases: `state` null is the columns' own layout; entries naming unknown columns, and repeated
 * entries after the first, are ignored; when every column would be hidden the first one in order is
 * shown (a table without a column cannot give its columns back).
 */
export function resolveColumnLayout(columns: readonly LayoutColumnInput[], state: readonly PresetColumnState[] | null | undefined): ColumnLayoutEntry[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const stated = new Map<string, PresetColumnState>();
  for (const entry of state ?? []) if (byKey.has(entry.colId) && !stated.has(entry.colId)) stated.set(entry.colId, entry);
  const order = [...stated.keys(), ...columns.map((column) => column.key).filter((key) => !stated.has(key))];
  const layout = order.map((key): ColumnLayoutEntry => {
    const entry = stated.get(key);
    const width = entry?.width;
    return {
      key,
      hidden: typeof entry?.hide === 'boolean' ? entry.hide : byKey.get(key)?.hidden === true,
      width: typeof width === 'number' && width > 0 ? clampColumnWidth(width) : null,
    };
  });
  const first = layout[0];
  if (first && layout.every((entry) => entry.hidden)) first.hidden = false;
  return layout;
}

/** A layout as column state (display order; `hide` always, `width` when the reader set one). */
export function layoutToColumnState(layout: readonly ColumnLayoutEntry[]): PresetColumnState[] {
  return layout.map((entry) => (entry.width === null ? { colId: entry.key, hide: entry.hidden } : { colId: entry.key, hide: entry.hidden, width: entry.width }));
}

/**
 * `layout` with `changes` applied, as column state. With `order` the order of `changes` becomes the
 * display order (columns it does not name follow, in their order); without it only the fields each
 * change gives (`hide`, `width`) change. `width` null or 0 goes back to the column's own width.
 * Changes naming unknown columns are ignored.
 */
export function changeColumnLayout(layout: readonly ColumnLayoutEntry[], changes: readonly PresetColumnState[], options: { order?: boolean } = {}): PresetColumnState[] {
  const byKey = new Map(layout.map((entry) => [entry.key, { ...entry }]));
  for (const change of changes) {
    const entry = byKey.get(change.colId);
    if (!entry) continue;
    if (typeof change.hide === 'boolean') entry.hidden = change.hide;
    if (change.width !== undefined) entry.width = typeof change.width === 'number' && change.width > 0 ? clampColumnWidth(change.width) : null;
  }
  let keys = layout.map((entry) => entry.key);
  if (options.order) {
    const named = changes.map((change) => change.colId).filter((key, i, all) => byKey.has(key) && all.indexOf(key) === i);
    keys = [...named, ...keys.filter((key) => !named.includes(key))];
  }
  return layoutToColumnState(keys.map((key) => byKey.get(key) as ColumnLayoutEntry));
}

/**
 * The width a keyboard step on a column's resize handle gives: ArrowRight and ArrowUp widen,
 * ArrowLeft and ArrowDown narrow, by 10 pixels (50 with Shift); Home gives the narrowest width.
 * Null for any other key (the handler then leaves the event alone). The result is clamped.
 */
export function keyboardResizeWidth(current: number, key: string, shiftKey: boolean): number | null {
  const step = shiftKey ? 50 : 10;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clampColumnWidth(current + step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampColumnWidth(current - step);
    case 'Home':
      return COLUMN_WIDTH_LIMITS.min;
    default:
      return null;
  }
}
