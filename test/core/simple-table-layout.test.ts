import { describe, expect, it } from 'vitest';
import { COLUMN_WIDTH_LIMITS, changeColumnLayout, clampColumnWidth, keyboardResizeWidth, layoutToColumnState, resolveColumnLayout } from '../../src/core/table-model/column-layout';

const columns = [{ key: 'id' }, { key: 'name' }, { key: 'notes', hidden: true }, { key: 'amount' }];

describe('resolveColumnLayout', () => {
  it('is the columns own layout without state: their order, hidden as the spec says, no widths', () => {
    expect(resolveColumnLayout(columns, null)).toEqual([
      { key: 'id', hidden: false, width: null },
      { key: 'name', hidden: false, width: null },
      { key: 'notes', hidden: true, width: null },
      { key: 'amount', hidden: false, width: null },
    ]);
  });

  it('puts stated columns first in their order, then new columns, ignoring unknown and repeated entries', () => {
    const layout = resolveColumnLayout(columns, [
      { colId: 'amount', width: 180 },
      { colId: 'gone', hide: false },
      { colId: 'notes', hide: false },
      { colId: 'amount', hide: true },
    ]);
    expect(layout).toEqual([
      { key: 'amount', hidden: false, width: 180 },
      { key: 'notes', hidden: false, width: null },
      { key: 'id', hidden: false, width: null },
      { key: 'name', hidden: false, width: null },
    ]);
  });

  it('clamps stored widths and shows the first column when every column would be hidden', () => {
    const layout = resolveColumnLayout(columns, [
      { colId: 'name', hide: true, width: 5 },
      { colId: 'id', hide: true, width: 99_999 },
      { colId: 'notes', hide: true },
      { colId: 'amount', hide: true },
    ]);
    expect(layout[0]).toEqual({ key: 'name', hidden: false, width: COLUMN_WIDTH_LIMITS.min });
    expect(layout[1]).toEqual({ key: 'id', hidden: true, width: COLUMN_WIDTH_LIMITS.max });
  });
});

describe('changeColumnLayout', () => {
  const layout = resolveColumnLayout(columns, null);

  it('changes only the given fields and keeps the order without `order`', () => {
    expect(changeColumnLayout(layout, [{ colId: 'notes', hide: false }, { colId: 'id', width: 123.4 }])).toEqual([
      { colId: 'id', hide: false, width: 123 },
      { colId: 'name', hide: false },
      { colId: 'notes', hide: false },
      { colId: 'amount', hide: false },
    ]);
  });

  it('makes the given order the display order with `order`, unnamed columns following', () => {
    const state = changeColumnLayout(layout, [{ colId: 'amount' }, { colId: 'id' }], { order: true });
    expect(state.map((s) => s.colId)).toEqual(['amount', 'id', 'name', 'notes']);
    expect(resolveColumnLayout(columns, state).map((e) => e.key)).toEqual(['amount', 'id', 'name', 'notes']);
  });

  it('goes back to the column width with width 0 or null, and round-trips through layoutToColumnState', () => {
    const wide = resolveColumnLayout(columns, changeColumnLayout(layout, [{ colId: 'name', width: 300 }]));
    expect(wide[1]!.width).toBe(300);
    const back = resolveColumnLayout(columns, changeColumnLayout(wide, [{ colId: 'name', width: 0 }]));
    expect(back[1]!.width).toBeNull();
    expect(resolveColumnLayout(columns, layoutToColumnState(wide))).toEqual(wide);
  });
});

describe('column resizing by keyboard', () => {
  it('widens with ArrowRight/ArrowUp, narrows with ArrowLeft/ArrowDown, by 10 or 50 with Shift, within the limits', () => {
    expect(keyboardResizeWidth(100, 'ArrowRight', false)).toBe(110);
    expect(keyboardResizeWidth(100, 'ArrowUp', true)).toBe(150);
    expect(keyboardResizeWidth(100, 'ArrowLeft', false)).toBe(90);
    expect(keyboardResizeWidth(100, 'ArrowDown', true)).toBe(50);
    expect(keyboardResizeWidth(45, 'ArrowLeft', true)).toBe(COLUMN_WIDTH_LIMITS.min);
    expect(keyboardResizeWidth(COLUMN_WIDTH_LIMITS.max, 'ArrowRight', false)).toBe(COLUMN_WIDTH_LIMITS.max);
    expect(keyboardResizeWidth(300, 'Home', false)).toBe(COLUMN_WIDTH_LIMITS.min);
    expect(keyboardResizeWidth(300, 'Enter', false)).toBeNull();
    expect(keyboardResizeWidth(300, 'a', false)).toBeNull();
  });

  it('clamps and rounds any width, and gives the minimum for a non-number', () => {
    expect(clampColumnWidth(120.6)).toBe(121);
    expect(clampColumnWidth(-3)).toBe(COLUMN_WIDTH_LIMITS.min);
    expect(clampColumnWidth(Number.NaN)).toBe(COLUMN_WIDTH_LIMITS.min);
  });
});
