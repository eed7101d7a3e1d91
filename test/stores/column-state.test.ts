import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import { validateGridPrefsPatch } from '../../src/core/prefs';
import { useGridPreferencesStore } from '../../stores/index';
import { presetColumnsFromState } from '../../src/core/column-state';
import type { ColumnStateInput } from '../../src/core/column-state';
import { FakeStorage, FlakyHost } from './helpers';

describe('presetColumnsFromState', () => {
  it('keeps only the six preset fields and drops AG Grid’s others', () => {
    const state = [
      { colId: 'a', width: 120, hide: false, pinned: null, sort: null, sortIndex: null, flex: 1, rowGroup: false, pivot: false, aggFunc: null, sortType: 'default', headerName: null },
    ] as unknown as ColumnStateInput[];
    expect(presetColumnsFromState(state)).toEqual([{ colId: 'a', width: 120, hide: false, pinned: null, sort: null, sortIndex: null }]);
  });

  it('rounds widths to positive integers and leaves out widths that are not positive numbers', () => {
    const widths = [123.4, 123.6, 0.4, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, null];
    const out = presetColumnsFromState(widths.map((width, i) => ({ colId: `c${i}`, width })));
    expect(out.map((column) => column.width)).toEqual([123, 124, 1, undefined, undefined, undefined, undefined, undefined]);
    expect(out.every((column, i) => i < 3 || !('width' in column))).toBe(true);
  });

  it('normalises pinned to left, right or null (true is AG Grid’s left)', () => {
    const pins = ['left', 'right', true, false, null, 'middle'] as unknown as ColumnStateInput['pinned'][];
    expect(presetColumnsFromState(pins.map((pinned) => ({ colId: 'x', pinned }))).map((column) => column.pinned)).toEqual(['left', 'right', 'left', null, null, null]);
  });

  it('normalises sort to asc, desc or null and sortIndex to a non-negative integer or null', () => {
    const input = [
      { colId: 'a', sort: 'asc', sortIndex: 0 },
      { colId: 'b', sort: 'desc', sortIndex: 2 },
      { colId: 'c', sort: 'ascending', sortIndex: 1.5 },
      { colId: 'd', sort: null, sortIndex: -1 },
    ] as unknown as ColumnStateInput[];
    expect(presetColumnsFromState(input).map(({ sort, sortIndex }) => [sort, sortIndex])).toEqual([
      ['asc', 0],
      ['desc', 2],
      [null, null],
      [null, null],
    ]);
  });

  it('keeps absent fields absent, drops a non-boolean hide and does not change its input', () => {
    const input = [{ colId: 'a', hide: null }, { colId: 'b' }];
    const copy = structuredClone(input);
    expect(presetColumnsFromState(input)).toEqual([{ colId: 'a' }, { colId: 'b' }]);
    expect(input).toEqual(copy);
  });

  it('passes entries that are not objects through, so the store refuses them with a message instead of throwing', () => {
    setActivePinia(createPinia());
    const store = useGridPreferencesStore();
    store.configure({ host: new FlakyHost(), storage: new FakeStorage(), window: null });
    const refused = store.savePreset('orders', 'Broken', [null, { colId: 'a' }] as unknown as ColumnStateInput[]);
    expect(refused).toMatchObject({ ok: false, code: 'invalid', message: expect.stringContaining('columns[0]') });
    expect(store.entryOf('orders').colPresets).toEqual({});
  });

  it('gives what the server accepts for any mix of the fields', () => {
    const out = presetColumnsFromState([
      { colId: 'a', width: 99.5, pinned: true, sort: 'desc', sortIndex: 0, hide: true },
      { colId: 'b', width: 0, pinned: false, sort: null, sortIndex: null, hide: null },
    ]);
    expect(validateGridPrefsPatch({ colPresets: { P: { columns: out } } })).toMatchObject({ ok: true });
  });
});
