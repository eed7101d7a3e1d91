/**
 * The edits behind the preferences store's actions, without Pinia, timers or storage: what each
 * edit changes, which tombstones it leaves, and which problem refuses it.
 */
import { describe, expect, it } from 'vitest';
import { PREFS_LIMITS } from '../../src/core/prefs';
import type { PresetColumnState } from '../../src/core/types';
import {
  MAX_TOMBSTONES,
  addTombstone,
  checkPrefsContents,
  hasPreset,
  planDeletePreset,
  planRemoveSearch,
  planRenamePreset,
  planSavePreset,
  planSaveSearch,
  removeTombstone,
} from '../../stores/preferences/edits';
import type { PrefsEdit, PrefsEditBase } from '../../stores/preferences/edits';

const wide: PresetColumnState[] = [{ colId: 'name', width: 300 }];
const narrow: PresetColumnState[] = [{ colId: 'name', width: 80 }];

function base(partial: Partial<PrefsEditBase['contents']> = {}, tombstones: Partial<PrefsEditBase['tombstones']> = {}): PrefsEditBase {
  return {
    gridId: 'orders',
    contents: { colPresets: {}, searches: [], ...partial },
    tombstones: { presets: [], searches: [], ...tombstones },
  };
}

/** The change of an accepted edit; fails the test for a refusal. */
function changeOf<T>(edit: PrefsEdit<T>) {
  if (!edit.ok) throw new Error(`refused: ${edit.problem.code}`);
  return edit.change;
}

describe('tombstones', () => {
  it('adds a name once and returns a new list', () => {
    const list = ['a'];
    expect(addTombstone(list, 'b')).toEqual(['a', 'b']);
    expect(addTombstone(list, 'a')).toEqual(['a']);
    expect(addTombstone(list, 'a')).not.toBe(list);
    expect(list).toEqual(['a']);
  });

  it('keeps only the newest MAX_TOMBSTONES names', () => {
    const full = Array.from({ length: MAX_TOMBSTONES }, (_, i) => `n${i}`);
    const next = addTombstone(full, 'newest');
    expect(next).toHaveLength(MAX_TOMBSTONES);
    expect(next[0]).toBe('n1');
    expect(next.at(-1)).toBe('newest');
  });

  it('removes the first occurrence only and leaves the input alone', () => {
    const list = ['a', 'b', 'a'];
    expect(removeTombstone(list, 'a')).toEqual(['b', 'a']);
    expect(removeTombstone(list, 'z')).toEqual(list);
    expect(list).toEqual(['a', 'b', 'a']);
  });
});

describe('checkPrefsContents', () => {
  it('refuses contents whose request body would exceed the server limit', () => {
    // Each part is within its own limit; together they are larger than the body may be.
    const columns = Array.from({ length: PREFS_LIMITS.maxColumnsPerPreset }, (_, i) => ({ colId: `c${i}`.padEnd(PREFS_LIMITS.colIdMaxLength, 'x') }));
    const checked = checkPrefsContents('orders', { colPresets: { Huge: { columns } }, searches: [] });
    expect(checked).toMatchObject({ ok: false, problem: { code: 'invalid', detail: expect.stringContaining(`${PREFS_LIMITS.maxBodyBytes} bytes`) } });
  });

  it('returns validated copies of acceptable contents', () => {
    const checked = checkPrefsContents('orders', { colPresets: { Wide: { columns: wide } }, searches: ['a'] });
    expect(checked).toEqual({ ok: true, value: { colPresets: { Wide: { columns: wide } }, searches: ['a'] } });
  });
});

describe('planSavePreset', () => {
  it('stores the trimmed name with only the preset fields and un-deletes that name', () => {
    const edit = planSavePreset(base({}, { presets: ['Wide', 'Other'] }), '  Wide ', [{ colId: 'name', width: 299.6, flex: 1 } as never]);
    expect(edit).toMatchObject({ ok: true, value: 'Wide' });
    expect(changeOf(edit)).toEqual({ next: { colPresets: { Wide: { columns: [{ colId: 'name', width: 300 }] } }, searches: [] }, tombstones: { presets: ['Other'], searches: [] } });
  });

  it('refuses a taken name case-insensitively unless overwrite is set, which keeps the place', () => {
    const current = base({ colPresets: { A: { columns: wide }, B: { columns: wide } } });
    expect(planSavePreset(current, 'a', narrow)).toMatchObject({ ok: false, problem: { code: 'name_taken', params: { name: 'A' } } });
    const overwritten = changeOf(planSavePreset(current, 'a', narrow, true));
    expect(Object.keys(overwritten!.next.colPresets)).toEqual(['a', 'B']);
    expect(overwritten!.next.colPresets.a).toEqual({ columns: narrow });
    expect(Object.keys(current.contents.colPresets)).toEqual(['A', 'B']);
  });

  it('refuses a new preset beyond the limit but still overwrites at the limit', () => {
    const colPresets = Object.fromEntries(Array.from({ length: PREFS_LIMITS.maxPresets }, (_, i) => [`p${i}`, { columns: wide }]));
    expect(planSavePreset(base({ colPresets }), 'one more', wide)).toMatchObject({ ok: false, problem: { code: 'too_many_presets', plural: { count: PREFS_LIMITS.maxPresets } } });
    expect(planSavePreset(base({ colPresets }), 'P0', narrow, true)).toMatchObject({ ok: true, value: 'P0' });
  });

  it('refuses columns the server would refuse, with its message', () => {
    expect(planSavePreset(base(), 'Bad', [{ colId: 'a', width: 20_000 }])).toMatchObject({ ok: false, problem: { code: 'invalid', detail: expect.stringContaining('width') } });
  });
});

describe('planRenamePreset', () => {
  const current = base({ colPresets: { A: { columns: wide }, B: { columns: narrow } } }, { presets: ['C'] });

  it('renames in place, remembers the old name and un-deletes the new one', () => {
    const edit = planRenamePreset(current, 'A', ' C ');
    expect(edit).toMatchObject({ ok: true, value: 'C' });
    const change = changeOf(edit)!;
    expect(Object.keys(change.next.colPresets)).toEqual(['C', 'B']);
    expect(change.tombstones.presets).toEqual(['A']);
  });

  it('accepts a rename to the same name without a change', () => {
    expect(planRenamePreset(current, 'A', ' A ')).toEqual({ ok: true, value: 'A', change: null });
  });

  it('refuses an unknown source, including inherited keys, and a taken target', () => {
    expect(planRenamePreset(current, 'toString', 'X')).toMatchObject({ ok: false, problem: { code: 'not_found' } });
    expect(planRenamePreset(current, 'A', 'b')).toMatchObject({ ok: false, problem: { code: 'name_taken', params: { name: 'B' } } });
    expect(planRenamePreset(current, 'A', '')).toMatchObject({ ok: false, problem: { code: 'name_empty' } });
  });
});

describe('planDeletePreset', () => {
  it('deletes the preset and remembers it', () => {
    const change = changeOf(planDeletePreset(base({ colPresets: { A: { columns: wide } } }), 'A'));
    expect(change).toEqual({ next: { colPresets: {}, searches: [] }, tombstones: { presets: ['A'], searches: [] } });
  });

  it('refuses an unknown name', () => {
    expect(planDeletePreset(base(), 'A')).toMatchObject({ ok: false, problem: { code: 'not_found', params: { name: 'A' } } });
  });
});

describe('saved searches', () => {
  it('appends a trimmed search and un-deletes it', () => {
    const edit = planSaveSearch(base({ searches: ['a'] }, { searches: ['b'] }), ' b ');
    expect(edit).toMatchObject({ ok: true, value: 'b' });
    expect(changeOf(edit)).toEqual({ next: { colPresets: {}, searches: ['a', 'b'] }, tombstones: { presets: [], searches: [] } });
  });

  it('refuses an empty or duplicate search', () => {
    expect(planSaveSearch(base(), '  ')).toMatchObject({ ok: false, problem: { code: 'search_empty' } });
    expect(planSaveSearch(base({ searches: ['a'] }), 'a ')).toMatchObject({ ok: false, problem: { code: 'search_duplicate' } });
  });

  it('removes an exact search and remembers it; refuses one not saved', () => {
    expect(changeOf(planRemoveSearch(base({ searches: ['a', 'b'] }), 'a'))).toEqual({ next: { colPresets: {}, searches: ['b'] }, tombstones: { presets: [], searches: ['a'] } });
    expect(planRemoveSearch(base({ searches: ['a'] }), ' a')).toMatchObject({ ok: false, problem: { code: 'not_found', fallback: 'This search is not saved' } });
  });
});

describe('hasPreset', () => {
  it('counts own names only', () => {
    expect(hasPreset({ colPresets: { A: { columns: [] } }, searches: [] }, 'A')).toBe(true);
    expect(hasPreset({ colPresets: {}, searches: [] }, 'constructor')).toBe(false);
  });
});
