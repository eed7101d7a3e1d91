/**
 * Preferences of a shared browser: every local record belongs to one subject, and switching the
 * subject at run time neither leaks one user's changes into another's state or saves nor loses them.
 */
import { describe, expect, it, vi } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import type { GridPrefs, PresetColumnState } from '../../src/core/types';
import { prefsStorageKey } from '../../stores/preferences/model';
import type { LocalPrefsRecord } from '../../stores/preferences/model';
import { FakeStorage, FlakyHost, createTabs, drain, freshPrefsStore, storedPrefs, useFakeTimersPerTest } from './helpers';

const wide: PresetColumnState[] = [{ colId: 'name', width: 300 }, { colId: 'total', sort: 'desc', sortIndex: 0 }];
const narrow: PresetColumnState[] = [{ colId: 'name', width: 80, pinned: 'left' }];

function presetNames(value: { colPresets?: Record<string, unknown> } | null | undefined): string[] {
  return Object.keys(value?.colPresets ?? {});
}

describe('preferences scoped by subject', () => {
  useFakeTimersPerTest();

  it('keeps A’s failed change with A: B never sees or sends it, and A gets it back and retried', async () => {
    const prefs = new MemoryPrefs();
    const host = new FlakyHost({ prefs, subjectId: 'alice' });
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    host.failSaves = 100;
    store.savePreset('orders', 'Alice wide', wide);
    await vi.advanceTimersByTimeAsync(400);
    expect(store.entryOf('orders')).toMatchObject({ subject: 'alice', pending: true, error: { code: 'network' } });
    expect(vi.getTimerCount()).toBe(1);

    host.setSubjectId('bob');
    store.setSubject('bob');
    await store.load('orders');
    expect(store.subject).toBe('bob');
    expect(store.entryOf('orders')).toMatchObject({ subject: 'bob', colPresets: {}, searches: [], pending: false, error: null, loaded: true });

    host.failSaves = 0;
    const before = host.saveCalls.length;
    expect(store.saveSearch('orders', 'bob search')).toMatchObject({ ok: true });
    await store.flush();
    // Long enough for every retry alice's failed save had scheduled.
    await vi.advanceTimersByTimeAsync(120_000);
    const sinceSwitch = host.saveCalls.slice(before);
    expect(sinceSwitch.map((call) => call.subjectId)).toEqual(['bob']);
    expect(JSON.stringify(sinceSwitch)).not.toContain('Alice wide');
    expect(presetNames(store.entryOf('orders'))).toEqual([]);
    await expect(prefs.get('bob', 'orders')).resolves.toMatchObject({ colPresets: {}, searches: ['bob search'] });
    await expect(prefs.get('alice', 'orders')).resolves.toMatchObject({ colPresets: {}, searches: [] });
    expect(storedPrefs(storage, 'alice')).toMatchObject({ pending: true, colPresets: { 'Alice wide': { columns: wide } } });
    expect(storedPrefs(storage, 'bob')).toMatchObject({ pending: false, colPresets: {}, searches: ['bob search'] });

    host.setSubjectId('alice');
    store.configure({ subject: 'alice' });
    expect(store.entryOf('orders')).toMatchObject({ subject: 'alice', pending: true, colPresets: { 'Alice wide': { columns: wide } } });
    await store.load('orders');
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(host.saveCalls.at(-1)).toMatchObject({ subjectId: 'alice', patch: { colPresets: { 'Alice wide': { columns: wide } }, searches: [] } });
    expect(store.entryOf('orders')).toMatchObject({ subject: 'alice', pending: false, error: null, searches: [] });
    await expect(prefs.get('alice', 'orders')).resolves.toMatchObject({ colPresets: { 'Alice wide': { columns: wide } }, searches: [] });
    await expect(prefs.get('bob', 'orders')).resolves.toMatchObject({ colPresets: {}, searches: ['bob search'] });
  });

  it('follows the host: a change still in its debounce is not sent once the host reports another caller', async () => {
    const prefs = new MemoryPrefs();
    const host = new FlakyHost({ prefs, subjectId: 'alice' });
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    store.savePreset('orders', 'Alice only', wide);

    host.setSubjectId('bob');
    await vi.advanceTimersByTimeAsync(400);
    expect(host.saveCalls).toEqual([]);
    expect(store.subject).toBe('bob');
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ subject: 'bob', colPresets: {}, pending: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(host.saveCalls).toEqual([]);

    host.setSubjectId('alice');
    await store.load('orders');
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(host.saveCalls.map((call) => [call.subjectId, presetNames(call.patch)])).toEqual([['alice', ['Alice only']]]);
    await expect(prefs.get('bob', 'orders')).resolves.toMatchObject({ colPresets: {} });
    await expect(prefs.get('alice', 'orders')).resolves.toMatchObject({ colPresets: { 'Alice only': { columns: wide } } });
  });

  it('switchSubject sends the old subject’s change first, holds requests during the sign-in, then switches', async () => {
    const prefs = new MemoryPrefs();
    const host = new FlakyHost({ prefs, subjectId: 'alice' });
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage, subject: 'alice' });
    await store.load('orders');
    store.savePreset('orders', 'Sent first', wide);

    let savesDuringSignIn = -1;
    await store.switchSubject('bob', async () => {
      expect(host.saveCalls.map((call) => [call.subjectId, presetNames(call.patch)])).toEqual([['alice', ['Sent first']]]);
      host.setSubjectId('bob');
      // A change made while signing in belongs to the subject still shown, and waits.
      expect(store.savePreset('orders', 'Made while switching', narrow)).toMatchObject({ ok: true });
      await vi.advanceTimersByTimeAsync(5000);
      savesDuringSignIn = host.saveCalls.length;
    });
    expect(savesDuringSignIn).toBe(1);
    expect(store.subject).toBe('bob');
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ subject: 'bob', colPresets: {}, pending: false });
    expect(presetNames(storedPrefs(storage, 'alice'))).toEqual(['Sent first', 'Made while switching']);
    expect(storedPrefs(storage, 'alice')?.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(host.saveCalls.filter((call) => call.subjectId === 'bob')).toEqual([]);

    await store.switchSubject('alice', () => host.setSubjectId('alice'));
    await store.load('orders');
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(host.saveCalls.at(-1)?.subjectId).toBe('alice');
    expect(store.entryOf('orders')).toMatchObject({ subject: 'alice', pending: false });
    expect(presetNames(await prefs.get('alice', 'orders'))).toEqual(['Sent first', 'Made while switching']);
  });

  it('stays with the old subject and sends its held change when the sign-in fails', async () => {
    const host = new FlakyHost({ subjectId: 'alice' });
    const store = freshPrefsStore({ host, storage: new FakeStorage(), subject: 'alice' });
    await store.load('orders');
    store.savePreset('orders', 'Kept', wide);
    await expect(
      store.switchSubject(
        'bob',
        () => {
          throw new Error('login refused');
        },
        { flush: false },
      ),
    ).rejects.toThrow('login refused');
    expect(store.subject).toBe('alice');
    expect(host.saveCalls).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(host.saveCalls.map((call) => call.subjectId)).toEqual(['alice']);
    expect(store.entryOf('orders')).toMatchObject({ subject: 'alice', pending: false, colPresets: { Kept: { columns: wide } } });
  });

  it('drops a save answer that arrives after the switch instead of applying it to the new subject', async () => {
    const prefs = new MemoryPrefs();
    const host = new FlakyHost({ prefs, subjectId: 'alice' });
    host.holdSaves = true;
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage, subject: 'alice' });
    await store.load('orders');
    store.savePreset('orders', 'Slow', wide);
    await vi.advanceTimersByTimeAsync(400);
    expect(store.entryOf('orders').saving).toBe(true);

    store.setSubject('bob');
    await store.load('orders');
    host.release();
    await drain();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.entryOf('orders')).toMatchObject({ subject: 'bob', colPresets: {}, pending: false, saving: false, updatedAt: null });
    expect(presetNames(storedPrefs(storage, 'bob'))).toEqual([]);
    // Alice's copy reached the server; her record stays pending and is confirmed in her next session.
    expect(presetNames(await prefs.get('alice', 'orders'))).toEqual(['Slow']);
    expect(storedPrefs(storage, 'alice')?.pending).toBe(true);
  });

  it('drops a load answer that arrives after the switch', async () => {
    const prefs = new MemoryPrefs();
    await prefs.save('alice', 'orders', { colPresets: { 'Alice server': { columns: wide } }, searches: ['alice search'] });
    const host = new FlakyHost({ prefs, subjectId: 'alice' });
    host.holdLoads = 1;
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage, subject: 'alice' });
    const aliceLoad = store.load('orders');
    store.setSubject('bob');
    await store.load('orders');
    host.release();
    await aliceLoad;
    await drain();
    expect(store.entryOf('orders')).toMatchObject({ subject: 'bob', colPresets: {}, searches: [] });
    expect(storedPrefs(storage, 'bob')).toMatchObject({ colPresets: {}, searches: [] });
    expect(storedPrefs(storage, 'alice')).toBeNull();
  });

  it('keeps the anonymous caller in a scope of its own, apart from a user named "anonymous"', async () => {
    const prefs = new MemoryPrefs();
    const host = new FlakyHost({ prefs, subjectId: null });
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ subject: null, localOnly: true, localOnlyReason: 'anonymous' });
    store.savePreset('orders', 'Guest', wide);
    await store.flush();
    expect(storage.data.has('gridView:prefs:default:anonymous:orders')).toBe(true);

    host.setSubjectId('anonymous');
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ subject: 'anonymous', colPresets: {}, localOnly: false });
    store.saveSearch('orders', 'signed in');
    await store.flush();
    expect(storage.data.has('gridView:prefs:default:@anonymous:orders')).toBe(true);
    expect(host.saveCalls.map((call) => [call.subjectId, presetNames(call.patch)])).toEqual([
      [null, ['Guest']],
      ['anonymous', []],
    ]);

    host.setSubjectId(null);
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ subject: null, colPresets: { Guest: { columns: wide } }, searches: [] });
  });

  it('ignores another tab’s writes to another subject’s records', async () => {
    const prefs = new MemoryPrefs();
    const { tabs, settle } = createTabs(2);
    const alice = freshPrefsStore({ host: new FlakyHost({ prefs, subjectId: 'alice' }), storage: tabs[0]!.storage, window: tabs[0]!.window });
    await alice.load('orders');
    const bob = freshPrefsStore({ host: new FlakyHost({ prefs, subjectId: 'bob' }), storage: tabs[1]!.storage, window: tabs[1]!.window });
    await bob.load('orders');
    alice.savePreset('orders', 'Alice tab', wide);
    await settle();
    await alice.flush();
    await settle();
    expect(bob.entryOf('orders').colPresets).toEqual({});
    expect(presetNames(alice.entryOf('orders'))).toEqual(['Alice tab']);
  });

  it('writes and reads records under keys that carry the subject, URL-encoded', () => {
    expect(prefsStorageKey('default', 'orders', null)).toBe('gridView:prefs:default:anonymous:orders');
    expect(prefsStorageKey('app', 'orders', 'alice')).toBe('gridView:prefs:app:@alice:orders');
    expect(prefsStorageKey('app', 'a:b', 'x:y@z')).toBe('gridView:prefs:app:@x%3Ay%40z:a%3Ab');
    expect(prefsStorageKey('', 'orders', '')).toBe('gridView:prefs:default:@:orders');
  });

  it('switches records with the namespace, and ignores records written without a subject', async () => {
    const storage = new FakeStorage();
    const legacy: GridPrefs & Omit<LocalPrefsRecord, 'updatedAt'> = {
      colPresets: { Legacy: { columns: wide } },
      searches: [],
      updatedAt: null,
      pending: true,
      localOnly: false,
      localOnlyReason: null,
      tombstones: { presets: [], searches: [] },
    };
    storage.data.set('gridView:prefs:default:orders', JSON.stringify({ v: 1, state: legacy, savedAt: new Date().toISOString() }));
    const host = new FlakyHost({ subjectId: 'alice' });
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ colPresets: {}, pending: false });

    store.saveSearch('orders', 'in default');
    store.configure({ namespace: 'other' });
    await store.load('orders');
    expect(store.entryOf('orders').searches).toEqual([]);
    store.configure({ namespace: 'default' });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ searches: ['in default'], pending: true });
  });
});
