/**
 * The state changes of one grid's runtime when a copy arrives (a local record, another tab's
 * record, the server's copy, a save's answer), without Pinia, timers, storage or a host.
 */
import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/host/index';
import type { GridPrefs } from '../../src/core/types';
import type { LocalPrefsRecord } from '../../stores/preferences/model';
import {
  adoptOtherTabRecord,
  adoptOwnRecord,
  applyLoadResult,
  applySaveFailure,
  applySaveSuccess,
  createGridRuntime,
  emptyEntry,
  settleWithoutHost,
  toLocalRecord,
} from '../../stores/preferences/runtime';
import { SaveScheduler } from '../../stores/preferences/scheduler';

const preset = (colId: string) => ({ columns: [{ colId }] });

function runtime() {
  const saves = new SaveScheduler({ attempt: async () => {}, wantsFollowUp: () => false });
  return createGridRuntime({ namespace: 'default', subject: 'u1' }, 'orders', emptyEntry('orders', 'u1'), saves);
}

function record(partial: Partial<LocalPrefsRecord> = {}): LocalPrefsRecord {
  return {
    colPresets: { Theirs: preset('t') },
    searches: ['theirs'],
    updatedAt: '2024-01-01T00:00:00.000Z',
    pending: true,
    localOnly: false,
    localOnlyReason: null,
    tombstones: { presets: ['Old'], searches: [] },
    ...partial,
  };
}

const serverCopy: GridPrefs = { colPresets: { Server: preset('s') }, searches: ['server'], updatedAt: '2024-02-01T00:00:00.000Z' };

describe('records', () => {
  it('takes its own record with its pending state and tombstones, and writes the same back', () => {
    const grid = runtime();
    adoptOwnRecord(grid, record());
    expect(grid.entry).toMatchObject({ colPresets: { Theirs: preset('t') }, searches: ['theirs'], pending: true });
    expect(grid.tombstones).toEqual({ presets: ['Old'], searches: [] });
    expect(toLocalRecord(grid)).toEqual(record());
  });

  it('takes another tab\'s record without its pending state or tombstones', () => {
    const grid = runtime();
    grid.tombstones = { presets: ['Mine'], searches: [] };
    adoptOtherTabRecord(grid, record({ localOnly: true, localOnlyReason: 'anonymous' }));
    expect(grid.entry).toMatchObject({ colPresets: { Theirs: preset('t') }, pending: false, localOnly: true, localOnlyReason: 'anonymous' });
    expect(grid.tombstones).toEqual({ presets: [], searches: [] });
  });

  it('writes copies, so later changes of the entry do not reach a written record', () => {
    const grid = runtime();
    grid.entry.searches = ['a'];
    const written = toLocalRecord(grid);
    grid.entry.searches.push('b');
    expect(written.searches).toEqual(['a']);
  });
});

describe('applyLoadResult', () => {
  it('replaces the contents when nothing is pending', () => {
    const grid = runtime();
    grid.entry.colPresets = { Local: preset('l') };
    grid.tombstones = { presets: ['Server'], searches: [] };
    applyLoadResult(grid, { localOnly: false, prefs: serverCopy });
    expect(grid.entry).toMatchObject({ synced: true, colPresets: { Server: preset('s') }, searches: ['server'], updatedAt: serverCopy.updatedAt });
    expect(grid.tombstones).toEqual({ presets: [], searches: [] });
  });

  it('merges under pending changes and keeps what was deleted locally deleted', () => {
    const grid = runtime();
    grid.entry.pending = true;
    grid.entry.colPresets = { Local: preset('l') };
    grid.tombstones = { presets: [], searches: ['server'] };
    applyLoadResult(grid, { localOnly: false, prefs: serverCopy });
    expect(Object.keys(grid.entry.colPresets)).toEqual(['Local', 'Server']);
    expect(grid.entry.searches).toEqual([]);
  });

  it('marks a local-only answer without touching the contents', () => {
    const grid = runtime();
    grid.entry.searches = ['kept'];
    applyLoadResult(grid, { localOnly: true, prefs: serverCopy });
    expect(grid.entry).toMatchObject({ synced: true, localOnly: true, localOnlyReason: 'anonymous', searches: ['kept'] });
  });
});

describe('save answers', () => {
  it('confirms the latest change: pending and tombstones cleared, errors reset', () => {
    const grid = runtime();
    Object.assign(grid.entry, { pending: true, attempts: 3, nextRetryAt: 5, error: { code: 'network', message: 'x', retryable: true } });
    grid.tombstones = { presets: ['Old'], searches: [] };
    grid.revision = 4;
    expect(applySaveSuccess(grid, { localOnly: false, prefs: serverCopy }, 4)).toBe(true);
    expect(grid.entry).toMatchObject({ pending: false, attempts: 0, nextRetryAt: null, error: null, updatedAt: serverCopy.updatedAt });
    expect(grid.tombstones).toEqual({ presets: [], searches: [] });
  });

  it('keeps newer changes pending when the answer is for an older revision', () => {
    const grid = runtime();
    grid.entry.pending = true;
    grid.tombstones = { presets: ['Old'], searches: [] };
    grid.revision = 5;
    expect(applySaveSuccess(grid, { localOnly: true, reason: 'disabled', prefs: serverCopy }, 4)).toBe(false);
    expect(grid.entry).toMatchObject({ pending: true, localOnly: true, localOnlyReason: 'disabled', updatedAt: null });
    expect(grid.tombstones).toEqual({ presets: ['Old'], searches: [] });
  });

  it('counts failures and keeps the error as plain data', () => {
    const grid = runtime();
    applySaveFailure(grid, new HostError('http', 'busy', { status: 503 }));
    applySaveFailure(grid, new Error('boom'));
    expect(grid.entry.attempts).toBe(2);
    expect(grid.entry.error).toMatchObject({ message: 'boom', retryable: false });
  });

  it('settles a change with no host as kept on this device', () => {
    const grid = runtime();
    Object.assign(grid.entry, { pending: true, error: { code: 'network', message: 'x', retryable: true } });
    grid.tombstones = { presets: ['Old'], searches: [] };
    settleWithoutHost(grid);
    expect(grid.entry).toMatchObject({ pending: false, error: null, localOnly: true, localOnlyReason: 'disabled' });
    expect(grid.tombstones).toEqual({ presets: [], searches: [] });
  });
});
