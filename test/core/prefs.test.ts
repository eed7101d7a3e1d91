import { describe, expect, it } from 'vitest';
import { GRID_ID_PATTERN, PREFS_LIMITS, unstorableTextReason, validateGridId, validateGridPrefsPatch, validateSubject } from '../../src/core/prefs';

const preset = (columns: unknown[]) => ({ columns });

describe('validateGridId', () => {
  it('accepts ids matching the interface pattern up to 100 characters', () => {
    for (const id of ['a', 'orders', 'sales-2024_q1', `a${'b'.repeat(99)}`]) {
      expect(validateGridId(id)).toEqual({ ok: true, value: id });
    }
    expect(GRID_ID_PATTERN.test('orders')).toBe(true);
  });

  it('refuses non-strings, empty, too long and off-pattern ids with a message', () => {
    for (const id of [undefined, null, 1, {}, [], '', `a${'b'.repeat(100)}`, 'Orders', '1abc', '-x', '_x', 'a b', 'a.b', 'ä', ' a']) {
      const result = validateGridId(id);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/grid_id/);
    }
  });
});

describe('validateGridPrefsPatch', () => {
  it('keeps only colPresets and searches and leaves absent fields absent', () => {
    expect(validateGridPrefsPatch({ grid_id: 'x', subject_id: 'u' })).toEqual({ ok: true, value: {} });
    expect(validateGridPrefsPatch({ searches: ['a'] })).toEqual({ ok: true, value: { searches: ['a'] } });
    expect(validateGridPrefsPatch({ colPresets: {} })).toEqual({ ok: true, value: { colPresets: {} } });
    expect(validateGridPrefsPatch({ colPresets: undefined, searches: undefined })).toEqual({ ok: true, value: {} });
  });

  it('accepts full column states and returns fresh copies', () => {
    const input = {
      colPresets: {
        Compact: preset([
          { colId: 'name', hide: false, pinned: 'left', width: 120, sort: 'asc', sortIndex: 0 },
          { colId: 'total', pinned: null, sort: null, sortIndex: null },
        ]),
      },
      searches: ['north', ''],
    };
    const result = validateGridPrefsPatch(input);
    expect(result).toEqual({ ok: true, value: input });
    if (result.ok) {
      expect(result.value.colPresets).not.toBe(input.colPresets);
      expect(result.value.searches).not.toBe(input.searches);
    }
  });

  it('refuses a body that is not a plain object', () => {
    for (const raw of [null, undefined, [], 'x', 3, new Date(), new Map()]) {
      expect(validateGridPrefsPatch(raw).ok).toBe(false);
    }
  });

  it.each([
    ['colPresets null', { colPresets: null }, /colPresets/],
    ['colPresets array', { colPresets: [] }, /colPresets/],
    ['colPresets string', { colPresets: '{}' }, /colPresets/],
    // A list is a preset too now (AG Grid column state, from the seed system), so a string stands for "not an object".
    ['preset not an object', { colPresets: { a: 'wide' } }, /columns/],
    ['preset unknown key', { colPresets: { a: { columns: [], extra: 1 } } }, /unknown key "extra"/],
    ['columns missing', { colPresets: { a: {} } }, /columns must be an array/],
    ['column not an object', { colPresets: { a: preset(['name']) } }, /must be an object/],
    ['colId missing', { colPresets: { a: preset([{ hide: true }]) } }, /colId/],
    ['colId empty', { colPresets: { a: preset([{ colId: '' }]) } }, /colId/],
    ['colId too long', { colPresets: { a: preset([{ colId: 'x'.repeat(PREFS_LIMITS.colIdMaxLength + 1) }]) } }, /colId/],
    ['column unknown key', { colPresets: { a: preset([{ colId: 'x', flex: 1 }]) } }, /unknown key "flex"/],
    ['hide not boolean', { colPresets: { a: preset([{ colId: 'x', hide: 'yes' }]) } }, /hide/],
    ['pinned invalid', { colPresets: { a: preset([{ colId: 'x', pinned: 'top' }]) } }, /pinned/],
    ['width negative', { colPresets: { a: preset([{ colId: 'x', width: -1 }]) } }, /width/],
    ['width NaN-like', { colPresets: { a: preset([{ colId: 'x', width: '100' }]) } }, /width/],
    ['width huge', { colPresets: { a: preset([{ colId: 'x', width: 1e9 }]) } }, /width/],
    ['sort invalid', { colPresets: { a: preset([{ colId: 'x', sort: 'up' }]) } }, /sort/],
    ['sortIndex fractional', { colPresets: { a: preset([{ colId: 'x', sortIndex: 1.5 }]) } }, /sortIndex/],
    ['sortIndex negative', { colPresets: { a: preset([{ colId: 'x', sortIndex: -1 }]) } }, /sortIndex/],
    ['duplicate colId', { colPresets: { a: preset([{ colId: 'x' }, { colId: 'x' }]) } }, /appears twice/],
    ['empty preset name', { colPresets: { '': preset([]) } }, /Preset names/],
    ['long preset name', { colPresets: { ['n'.repeat(PREFS_LIMITS.presetNameMaxLength + 1)]: preset([]) } }, /Preset names/],
    ['searches null', { searches: null }, /searches/],
    ['searches object', { searches: { 0: 'a' } }, /searches/],
    ['search not a string', { searches: ['a', 2] }, /searches\[1\]/],
    ['search too long', { searches: ['s'.repeat(PREFS_LIMITS.searchMaxLength + 1)] }, /searches\[0\]/],
  ])('refuses %s', (_name, raw, message) => {
    const result = validateGridPrefsPatch(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses a "__proto__" preset name from parsed JSON without touching prototypes', () => {
    const raw: unknown = JSON.parse('{"colPresets": {"__proto__": {"columns": []}}}');
    const result = validateGridPrefsPatch(raw);
    expect(result).toEqual({ ok: false, message: '"__proto__" is not allowed as a preset name.' });
    expect(({} as Record<string, unknown>).columns).toBeUndefined();
  });

  it('accepts names such as "constructor" as ordinary own keys', () => {
    const result = validateGridPrefsPatch({ colPresets: { constructor: preset([]) } });
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.value.colPresets ?? {})).toEqual(['constructor']);
  });

  it('enforces the count limits at the boundary', () => {
    const presets = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, preset([])]));
    expect(validateGridPrefsPatch({ colPresets: presets(PREFS_LIMITS.maxPresets) }).ok).toBe(true);
    expect(validateGridPrefsPatch({ colPresets: presets(PREFS_LIMITS.maxPresets + 1) }).ok).toBe(false);
    const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ colId: `c${i}` }));
    expect(validateGridPrefsPatch({ colPresets: { a: preset(columns(PREFS_LIMITS.maxColumnsPerPreset)) } }).ok).toBe(true);
    expect(validateGridPrefsPatch({ colPresets: { a: preset(columns(PREFS_LIMITS.maxColumnsPerPreset + 1)) } }).ok).toBe(false);
    expect(validateGridPrefsPatch({ searches: Array(PREFS_LIMITS.maxSearches).fill('s') }).ok).toBe(true);
    expect(validateGridPrefsPatch({ searches: Array(PREFS_LIMITS.maxSearches + 1).fill('s') }).ok).toBe(false);
    expect(validateGridPrefsPatch({ searches: ['s'.repeat(PREFS_LIMITS.searchMaxLength)] }).ok).toBe(true);
  });

  it('exposes the documented limits', () => {
    expect(PREFS_LIMITS).toMatchObject({ gridIdMaxLength: 100, maxBodyBytes: 65_536, maxColumnsPerPreset: 500, presetNameMaxLength: 100 });
    expect(Object.isFrozen(PREFS_LIMITS)).toBe(true);
  });
});

describe('unstorableTextReason and validateSubject', () => {
  it('accept any well-formed text, emoji and the empty string included', () => {
    for (const text of ['', 'north', 'Київ', '😀', 'a😀b', '\uFFFD', '\u0001\u007F', 'x'.repeat(10_000)]) {
      expect(unstorableTextReason(text)).toBeNull();
    }
    expect(validateSubject('user:1')).toEqual({ ok: true, value: 'user:1' });
  });

  it('name U+0000 and each kind of lone surrogate without repeating the text', () => {
    expect(unstorableTextReason('a\u0000')).toMatch(/U\+0000/);
    expect(unstorableTextReason('\uD83D')).toMatch(/lone surrogate U\+D83D/);
    expect(unstorableTextReason('x\uDE00')).toMatch(/lone surrogate U\+DE00/);
    expect(unstorableTextReason('\uDE00\uD83D')).toMatch(/lone surrogate U\+DE00/);
    expect(unstorableTextReason('😀'.slice(0, 1) + 'secret')).not.toContain('secret');
  });

  it('refuse subjects that are not non-empty storable strings', () => {
    for (const subject of [undefined, null, 1, '', 'a\u0000', '\uD800']) expect(validateSubject(subject).ok).toBe(false);
  });

  it('make the patch validator refuse unstorable names, column ids and searches', () => {
    expect(validateGridPrefsPatch({ searches: ['\u0000'] })).toMatchObject({ ok: false, message: expect.stringMatching(/searches\[0\] holds U\+0000/) });
    expect(validateGridPrefsPatch({ colPresets: { '\uD800': preset([]) } })).toMatchObject({ ok: false, message: expect.stringMatching(/preset name holds a lone surrogate/) });
    expect(validateGridPrefsPatch({ colPresets: { A: preset([{ colId: 'x\uDC00' }]) } })).toMatchObject({ ok: false, message: expect.stringMatching(/colId holds a lone surrogate/) });
    expect(validateGridPrefsPatch({ searches: ['😀'], colPresets: { '😀': preset([{ colId: '😀' }]) } }).ok).toBe(true);
  });
});
