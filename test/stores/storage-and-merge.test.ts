import { describe, expect, it, vi } from 'vitest';
import { parsePayload } from '../../stores/safe-storage';
import { readPayload } from '../../stores/safe-storage';
import { mergePrefs } from '../../stores/preferences/model';
import { createSafeStorage } from '../../stores/safe-storage';
import { writePayload } from '../../stores/safe-storage';
import { validateLocalPrefsRecord } from '../../stores/preferences/model';
import { FakeStorage } from './helpers';

describe('createSafeStorage', () => {
  it('touches nothing until first used', () => {
    const storage = new FakeStorage();
    const safe = createSafeStorage({ storage, window: null });
    expect(storage.reads + storage.writes).toBe(0);
    safe.read('k');
    expect(storage.reads).toBe(1);
  });

  it('survives a window whose localStorage getter throws', () => {
    const warn = vi.fn();
    const hostile = {
      addEventListener() {},
      removeEventListener() {},
      get localStorage(): never {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const safe = createSafeStorage({ window: hostile, warn });
    expect(safe.write('k', 'v')).toBe(false);
    expect(safe.read('k')).toBe('v');
    expect(safe.fallback).toBe('unavailable');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('warns once for a full storage however many writes fail', () => {
    const warn = vi.fn();
    const storage = new FakeStorage();
    storage.mode = 'full';
    const safe = createSafeStorage({ storage, window: null, warn });
    for (let i = 0; i < 5; i++) expect(safe.write(`k${i}`, 'v')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(safe.read('k3')).toBe('v');
    safe.remove('k3');
    expect(safe.read('k3')).toBeNull();
  });

  it('reads, validates and writes versioned payloads', () => {
    const storage = new FakeStorage();
    const safe = createSafeStorage({ storage, window: null, warn: () => {} });
    const validate = (state: unknown) => (typeof state === 'number' ? state : null);
    expect(writePayload(safe, 'n', 5, new Date('2024-01-01T00:00:00Z'))).toBe(true);
    expect(JSON.parse(storage.data.get('n')!)).toEqual({ v: 1, state: 5, savedAt: '2024-01-01T00:00:00.000Z' });
    expect(readPayload(safe, 'n', validate)).toEqual({ state: 5, dropped: false });
    expect(readPayload(safe, 'absent', validate)).toEqual({ state: null, dropped: false });
    storage.data.set('bad', JSON.stringify({ v: 1, state: 'five', savedAt: 'x' }));
    expect(readPayload(safe, 'bad', validate)).toEqual({ state: null, dropped: true });
    expect(storage.data.has('bad')).toBe(false);
  });

  it('explains why a payload is refused', () => {
    const any = (state: unknown) => state;
    expect(parsePayload('[]', any)).toEqual({ ok: false, reason: 'not an object' });
    expect(parsePayload('{"v":0,"state":1,"savedAt":"x"}', any)).toEqual({ ok: false, reason: 'version 0 instead of 1' });
    expect(parsePayload('{"state":1,"savedAt":"x"}', any)).toEqual({ ok: false, reason: 'version missing instead of 1' });
  });
});

describe('mergePrefs', () => {
  const preset = (colId: string) => ({ columns: [{ colId }] });

  it('keeps every local entry, adds the other copy\'s extras, and lets local win on a shared name', () => {
    const merged = mergePrefs(
      { colPresets: { A: preset('local'), B: preset('b') }, searches: ['x'] },
      { colPresets: { A: preset('remote'), C: preset('c') }, searches: ['y', 'x'] },
      { presets: [], searches: [] },
    );
    expect(merged).toEqual({ colPresets: { A: preset('local'), B: preset('b'), C: preset('c') }, searches: ['x', 'y'] });
  });

  it('does not bring back what the local side deleted', () => {
    const merged = mergePrefs({ colPresets: {}, searches: [] }, { colPresets: { Gone: preset('g') }, searches: ['old'] }, { presets: ['Gone'], searches: ['old'] });
    expect(merged).toEqual({ colPresets: {}, searches: [] });
  });

  it('keeps the local copy alone when the union would break a limit', () => {
    const local = { colPresets: {}, searches: Array.from({ length: 60 }, (_, i) => `l${i}`) };
    const other = { colPresets: {}, searches: Array.from({ length: 60 }, (_, i) => `o${i}`) };
    expect(mergePrefs(local, other, { presets: [], searches: [] }).searches).toEqual(local.searches);
  });
});

describe('validateLocalPrefsRecord', () => {
  const good = { colPresets: {}, searches: [], updatedAt: null, pending: false, localOnly: false, localOnlyReason: null, tombstones: { presets: [], searches: [] } };

  it('accepts a well-formed record and refuses wrong shapes', () => {
    expect(validateLocalPrefsRecord(good)).toEqual(good);
    expect(validateLocalPrefsRecord({ ...good, pending: 'yes' })).toBeNull();
    expect(validateLocalPrefsRecord({ ...good, localOnlyReason: 'other' })).toBeNull();
    expect(validateLocalPrefsRecord({ ...good, tombstones: null })).toBeNull();
    expect(validateLocalPrefsRecord({ ...good, searches: [1] })).toBeNull();
    expect(validateLocalPrefsRecord([])).toBeNull();
  });
});
