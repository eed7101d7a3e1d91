import { describe, expect, it, vi } from 'vitest';
import { HostError, MemoryHost, MemoryPrefs } from '../../src/host/index';
import type { PresetColumnState } from '../../src/core/types';
import { prefsStorageKey } from '../../stores/preferences/model';
import type { LocalPrefsRecord } from '../../stores/preferences/model';
import { FakeStorage, FlakyHost, createTabs, drain, freshPrefsStore, storedPrefs, useFakeTimersPerTest } from './helpers';

const wide: PresetColumnState[] = [{ colId: 'name', width: 300 }, { colId: 'total', sort: 'desc', sortIndex: 0 }];
const narrow: PresetColumnState[] = [{ colId: 'name', width: 80, pinned: 'left' }, { colId: 'total', hide: true }];

/** The record of FlakyHost's default subject `u1`, or of `subject`. */
function localRecord(storage: FakeStorage, gridId = 'orders', subject: string | null = 'u1'): LocalPrefsRecord | null {
  return storedPrefs(storage, subject, gridId);
}

describe('useGridPreferencesStore', () => {
  useFakeTimersPerTest();

  it('loads the server copy and saves presets and searches after the debounce, in one request', async () => {
    const host = new FlakyHost();
    await host.saveGridPrefs('u1', 'orders', { colPresets: { Wide: { columns: wide } }, searches: [] });
    host.saves = [];
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ loaded: true, synced: true, pending: false, localOnly: false });
    expect(Object.keys(store.entryOf('orders').colPresets)).toEqual(['Wide']);

    expect(store.savePreset('orders', '  Narrow ', narrow)).toEqual({ ok: true, value: 'Narrow' });
    expect(store.saveSearch('orders', 'acme')).toEqual({ ok: true, value: 'acme' });
    expect(store.saveSearch('orders', 'north')).toMatchObject({ ok: true });
    expect(store.entryOf('orders').pending).toBe(true);
    expect(localRecord(storage)).toMatchObject({ pending: true, searches: ['acme', 'north'] });

    await vi.advanceTimersByTimeAsync(399);
    expect(host.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await drain();
    expect(host.saves).toEqual([{ colPresets: { Wide: { columns: wide }, Narrow: { columns: narrow } }, searches: ['acme', 'north'] }]);
    expect(store.entryOf('orders')).toMatchObject({ pending: false, error: null, updatedAt: expect.any(String) });
    expect(localRecord(storage)).toMatchObject({ pending: false });
    await expect(host.getGridPrefs('u1', 'orders')).resolves.toMatchObject({ searches: ['acme', 'north'] });
  });

  it('honours a configured debounce and sends at once on flush', async () => {
    const host = new FlakyHost();
    const store = freshPrefsStore({ host, storage: new FakeStorage(), debounceMs: 5000 });
    await store.load('orders');
    store.saveSearch('orders', 'a');
    await vi.advanceTimersByTimeAsync(4000);
    expect(host.saves).toHaveLength(0);
    await store.flush('orders');
    expect(host.saves).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses duplicate, empty and overlong names with translated messages', async () => {
    const store = freshPrefsStore({ host: new FlakyHost(), storage: new FakeStorage() });
    store.savePreset('orders', 'Wide', wide);
    expect(store.savePreset('orders', 'wide ', narrow)).toEqual({ ok: false, code: 'name_taken', message: 'A preset named "Wide" already exists' });
    expect(store.savePreset('orders', '   ', narrow)).toMatchObject({ ok: false, code: 'name_empty', message: 'Give the preset a name' });
    expect(store.savePreset('orders', 'x'.repeat(101), narrow)).toMatchObject({ ok: false, code: 'name_too_long', message: expect.stringContaining('100') });
    expect(store.saveSearch('orders', 'acme')).toMatchObject({ ok: true });
    expect(store.saveSearch('orders', ' acme ')).toMatchObject({ ok: false, code: 'search_duplicate', message: 'This search is already saved' });
    expect(store.saveSearch('orders', '')).toMatchObject({ ok: false, code: 'search_empty' });
    expect(store.entryOf('orders').colPresets.Wide!.columns).toEqual(wide);

    // The host's translate comes first, so a Ukrainian page has a Ukrainian host.
    store.configure({ locale: 'uk', host: new FlakyHost({ locale: 'uk' }) });
    const refused = store.savePreset('orders', 'WIDE', narrow);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).not.toContain('already exists');
    expect(!refused.ok && refused.message).toContain('Wide');
  });

  it('overwrites a taken name only when asked, keeping its place', () => {
    const store = freshPrefsStore({ host: new FlakyHost(), storage: new FakeStorage() });
    store.savePreset('orders', 'A', wide);
    store.savePreset('orders', 'B', wide);
    expect(store.savePreset('orders', 'a', narrow, { overwrite: true })).toEqual({ ok: true, value: 'a' });
    expect(Object.keys(store.entryOf('orders').colPresets)).toEqual(['a', 'B']);
    expect(store.entryOf('orders').colPresets.a!.columns).toEqual(narrow);
  });

  it('renames in place, deletes, and applies presets as fresh copies', () => {
    const store = freshPrefsStore({ host: new FlakyHost(), storage: new FakeStorage() });
    store.savePreset('orders', 'A', wide);
    store.savePreset('orders', 'B', narrow);
    expect(store.renamePreset('orders', 'A', 'B')).toMatchObject({ ok: false, code: 'name_taken' });
    expect(store.renamePreset('orders', 'Z', 'Y')).toMatchObject({ ok: false, code: 'not_found', message: 'There is no preset named "Z"' });
    expect(store.renamePreset('orders', 'A', 'a')).toEqual({ ok: true, value: 'a' });
    expect(store.renamePreset('orders', 'a', ' First ')).toEqual({ ok: true, value: 'First' });
    expect(Object.keys(store.entryOf('orders').colPresets)).toEqual(['First', 'B']);

    const applied = store.applyPreset('orders', 'First')!;
    expect(applied).toEqual(wide);
    applied[0]!.width = 1;
    expect(store.applyPreset('orders', 'First')![0]!.width).toBe(300);
    expect(store.applyPreset('orders', 'nope')).toBeNull();

    expect(store.deletePreset('orders', 'B')).toEqual({ ok: true, value: undefined });
    expect(store.deletePreset('orders', 'B')).toMatchObject({ ok: false, code: 'not_found' });
    expect(Object.keys(store.entryOf('orders').colPresets)).toEqual(['First']);
    store.saveSearch('orders', 's1');
    expect(store.removeSearch('orders', 's1')).toEqual({ ok: true, value: undefined });
    expect(store.removeSearch('orders', 's1')).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('refuses a preset that breaks the server limits without changing anything', () => {
    const store = freshPrefsStore({ host: new FlakyHost(), storage: new FakeStorage() });
    const tooWide = [{ colId: 'a', width: 20_000 }];
    expect(store.savePreset('orders', 'Bad', tooWide)).toMatchObject({ ok: false, code: 'invalid', message: expect.stringContaining('width') });
    expect(store.entryOf('orders').colPresets).toEqual({});
    expect(store.entryOf('orders').pending).toBe(false);
  });

  it('keeps a failed save locally, marks it pending and retries with exponential backoff until it succeeds', async () => {
    const host = new FlakyHost();
    host.failSaves = 3;
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage, retry: { initialDelayMs: 1000, factor: 2, maxDelayMs: 30_000, jitter: 0 } });
    await store.load('orders');
    store.savePreset('orders', 'Wide', wide);

    await vi.advanceTimersByTimeAsync(400);
    expect(host.saves).toHaveLength(1);
    const entry = store.entryOf('orders');
    expect(entry).toMatchObject({ pending: true, attempts: 1, error: { code: 'network', retryable: true } });
    expect(localRecord(storage)).toMatchObject({ pending: true, colPresets: { Wide: { columns: wide } } });
    expect(entry.nextRetryAt).toBe(Date.now() + 1000);

    await vi.advanceTimersByTimeAsync(999);
    expect(host.saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(host.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(host.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(host.saves).toHaveLength(3);
    expect(store.entryOf('orders').attempts).toBe(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(host.saves).toHaveLength(4);
    expect(store.entryOf('orders')).toMatchObject({ pending: false, error: null, attempts: 0, nextRetryAt: null });
    expect(localRecord(storage)).toMatchObject({ pending: false });
    expect(vi.getTimerCount()).toBe(0);
    await expect(host.getGridPrefs('u1', 'orders')).resolves.toMatchObject({ colPresets: { Wide: { columns: wide } } });
  });

  it('caps the backoff delay and honours Retry-After', async () => {
    const host = new FlakyHost();
    host.failSaves = 10;
    host.failWith = () => new HostError('http', 'busy', { status: 503, retryAfterMs: 12_000 });
    const store = freshPrefsStore({ host, storage: new FakeStorage(), retry: { initialDelayMs: 1000, maxDelayMs: 5000 } });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    await vi.advanceTimersByTimeAsync(400);
    expect(store.entryOf('orders').nextRetryAt).toBe(Date.now() + 12_000);
    host.failWith = () => new HostError('network', 'offline');
    await vi.advanceTimersByTimeAsync(12_000);
    expect(host.saves).toHaveLength(2);
    // attempts 2, 3, 4, 5 → 2000, 4000, 5000 (capped), 5000
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(4000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(host.saves).toHaveLength(5);
    expect(store.entryOf('orders').nextRetryAt).toBe(Date.now() + 5000);
  });

  it('stops retrying after maxAttempts, keeps the change pending, and retry() sends it', async () => {
    const host = new FlakyHost();
    host.failSaves = 2;
    const store = freshPrefsStore({ host, storage: new FakeStorage(), retry: { maxAttempts: 2, initialDelayMs: 100 } });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    await vi.advanceTimersByTimeAsync(400 + 100);
    expect(host.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(host.saves).toHaveLength(2);
    expect(store.entryOf('orders')).toMatchObject({ pending: true, nextRetryAt: null, attempts: 2 });
    expect(vi.getTimerCount()).toBe(0);
    await store.retry('orders');
    expect(store.entryOf('orders')).toMatchObject({ pending: false, error: null });
  });

  it('does not retry errors that cannot succeed later, but keeps the change', async () => {
    const host = new FlakyHost();
    host.failSaves = 1;
    host.failWith = () => new HostError('http', 'Forbidden', { status: 403 });
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    await vi.advanceTimersByTimeAsync(400);
    expect(store.entryOf('orders')).toMatchObject({ pending: true, error: { code: 'http', status: 403, retryable: false }, nextRetryAt: null });
    expect(vi.getTimerCount()).toBe(0);
    expect(localRecord(storage)!.searches).toEqual(['x']);
  });

  it('retries at once when the browser comes back online', async () => {
    const host = new FlakyHost();
    host.failSaves = 1;
    const target = new EventTarget();
    const store = freshPrefsStore({ host, storage: new FakeStorage(), window: target as never, retry: { initialDelayMs: 60_000 } });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    await vi.advanceTimersByTimeAsync(400);
    expect(store.entryOf('orders').pending).toBe(true);
    target.dispatchEvent(new Event('online'));
    await drain();
    expect(host.saves).toHaveLength(2);
    expect(store.entryOf('orders').pending).toBe(false);
  });

  it('sends changes made while a save is in flight right after it', async () => {
    const host = new FlakyHost();
    host.holdSaves = true;
    const store = freshPrefsStore({ host, storage: new FakeStorage() });
    await store.load('orders');
    store.saveSearch('orders', 'first');
    await vi.advanceTimersByTimeAsync(400);
    store.saveSearch('orders', 'second');
    await vi.advanceTimersByTimeAsync(400);
    host.release();
    await drain();
    expect(store.entryOf('orders').pending).toBe(true);
    host.release();
    await drain();
    expect(host.saves.map((save) => save.searches)).toEqual([['first'], ['first', 'second']]);
    expect(store.entryOf('orders').pending).toBe(false);
  });

  it('round-trips: presets and searches saved in one session are identical after a reload', async () => {
    const host = new FlakyHost();
    const storage = new FakeStorage();
    const first = freshPrefsStore({ host, storage });
    await first.load('orders');
    first.savePreset('orders', 'Wide', wide);
    first.savePreset('orders', 'Narrow', narrow);
    first.saveSearch('orders', 'acme');
    await first.flush();
    const saved = JSON.parse(JSON.stringify(first.entryOf('orders'))) as object;

    const second = freshPrefsStore({ host, storage: new FakeStorage() });
    await second.load('orders');
    expect(second.entryOf('orders')).toEqual(saved);
  });

  it('loses nothing when the save failed and the page was reloaded: the next load merges and sends it', async () => {
    const prefs = new MemoryPrefs();
    await prefs.save('u1', 'orders', { colPresets: { Server: { columns: wide } }, searches: ['s'] });
    const down = new FlakyHost({ prefs });
    down.failSaves = 100;
    const storage = new FakeStorage();
    const first = freshPrefsStore({ host: down, storage });
    await first.load('orders');
    first.savePreset('orders', 'Mine', narrow);
    first.deletePreset('orders', 'Server');
    await vi.advanceTimersByTimeAsync(400);
    expect(first.entryOf('orders').pending).toBe(true);
    first.$dispose();

    const up = new FlakyHost({ prefs });
    const second = freshPrefsStore({ host: up, storage });
    await second.load('orders');
    expect(second.entryOf('orders').colPresets).toEqual({ Mine: { columns: narrow } });
    expect(second.entryOf('orders').pending).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(second.entryOf('orders').pending).toBe(false);
    await expect(prefs.get('u1', 'orders')).resolves.toMatchObject({ colPresets: { Mine: { columns: narrow } }, searches: ['s'] });
  });

  it('never overwrites server presets it has not seen: a save before any load merges first', async () => {
    const prefs = new MemoryPrefs();
    await prefs.save('u1', 'orders', { colPresets: { Other: { columns: wide } }, searches: ['from elsewhere'] });
    const host = new FlakyHost({ prefs });
    host.failLoads = 1;
    const store = freshPrefsStore({ host, storage: new FakeStorage() });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ synced: false, loadError: { code: 'network' } });
    store.savePreset('orders', 'Mine', narrow);
    await store.flush('orders');
    await expect(prefs.get('u1', 'orders')).resolves.toMatchObject({
      colPresets: { Mine: { columns: narrow }, Other: { columns: wide } },
      searches: ['from elsewhere'],
    });
  });

  it('keeps everything local for an anonymous caller and says so', async () => {
    const prefs = new MemoryPrefs();
    const host = new MemoryHost({ prefs });
    const storage = new FakeStorage();
    const store = freshPrefsStore({ host, storage });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ localOnly: true, localOnlyReason: 'anonymous' });
    store.savePreset('orders', 'Wide', wide);
    await store.flush();
    expect(store.entryOf('orders')).toMatchObject({ localOnly: true, pending: false, error: null });
    expect(prefs.size).toBe(0);

    const reloaded = freshPrefsStore({ host, storage });
    await reloaded.load('orders');
    expect(reloaded.entryOf('orders')).toMatchObject({ localOnly: true, colPresets: { Wide: { columns: wide } } });
  });

  it('treats a server answer local_only as local even when the read did not say so', async () => {
    const host = new FlakyHost();
    host.saveGridPrefs = async (_s, _g, patch) => ({ localOnly: true, reason: 'anonymous', prefs: { colPresets: patch.colPresets ?? {}, searches: patch.searches ?? [], updatedAt: null } });
    const store = freshPrefsStore({ host, storage: new FakeStorage() });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    await store.flush();
    expect(store.entryOf('orders')).toMatchObject({ localOnly: true, localOnlyReason: 'anonymous', pending: false, searches: ['x'] });
  });

  it('works with no host at all: local only, reason disabled', async () => {
    const storage = new FakeStorage();
    const store = freshPrefsStore({ storage });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    await store.flush();
    expect(store.entryOf('orders')).toMatchObject({ localOnly: true, localOnlyReason: 'disabled', pending: false, subject: null });
    // No host, no subject option: the anonymous caller's record.
    expect(localRecord(storage, 'orders', null)!.searches).toEqual(['x']);
  });

  it('reads the server once a host is configured after a load that had none', async () => {
    const host = new FlakyHost();
    await host.saveGridPrefs('u1', 'orders', { colPresets: { Wide: { columns: wide } }, searches: ['acme'] });
    const store = freshPrefsStore({ storage: new FakeStorage(), subject: 'u1' });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ localOnly: true, localOnlyReason: 'disabled' });
    store.configure({ host });
    await store.load('orders');
    expect(store.entryOf('orders')).toMatchObject({ localOnly: false, searches: ['acme'] });
    expect(Object.keys(store.entryOf('orders').colPresets)).toEqual(['Wide']);
  });

  it('keeps working when storage throws or is full', async () => {
    for (const mode of ['throw', 'full'] as const) {
      const host = new FlakyHost();
      const storage = new FakeStorage();
      storage.mode = mode;
      const store = freshPrefsStore({ host, storage });
      await store.load('orders');
      expect(store.savePreset('orders', 'Wide', wide)).toMatchObject({ ok: true });
      await store.flush();
      expect(store.entryOf('orders')).toMatchObject({ pending: false, colPresets: { Wide: { columns: wide } } });
    }
  });

  it('drops a corrupt local record with a warning and loads the server copy', async () => {
    const storage = new FakeStorage();
    storage.data.set(prefsStorageKey('default', 'orders', 'u1'), '{"v":1,"savedAt":"x","state":{"colPresets":[]}}');
    const warn = vi.fn();
    const host = new FlakyHost();
    await host.saveGridPrefs('u1', 'orders', { searches: ['server'] });
    const store = freshPrefsStore({ host, storage, warn });
    await store.load('orders');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('gridView:prefs:default:@u1:orders'));
    expect(store.entryOf('orders').searches).toEqual(['server']);
  });

  it('lets two tabs edit the same grid without losing either change', async () => {
    const prefs = new MemoryPrefs();
    const { tabs, settle } = createTabs(2);
    const a = freshPrefsStore({ host: new FlakyHost({ prefs }), storage: tabs[0]!.storage, window: tabs[0]!.window });
    await a.load('orders');
    const b = freshPrefsStore({ host: new FlakyHost({ prefs }), storage: tabs[1]!.storage, window: tabs[1]!.window });
    await b.load('orders');

    a.savePreset('orders', 'From A', wide);
    await settle();
    expect(Object.keys(b.entryOf('orders').colPresets)).toEqual(['From A']);
    b.savePreset('orders', 'From B', narrow);
    a.saveSearch('orders', 'search A');
    await settle();
    await Promise.all([a.flush(), b.flush()]);
    await settle();
    await Promise.all([a.flush(), b.flush()]);
    await settle();

    const stored = await prefs.get('u1', 'orders');
    expect(Object.keys(stored.colPresets).sort()).toEqual(['From A', 'From B']);
    expect(stored.searches).toEqual(['search A']);
    for (const store of [a, b]) {
      expect(Object.keys(store.entryOf('orders').colPresets).sort()).toEqual(['From A', 'From B']);
      expect(store.entryOf('orders').searches).toEqual(['search A']);
    }
  });

  it('clears every timer and listener when the store is disposed', async () => {
    const host = new FlakyHost();
    host.failSaves = 5;
    const target = new EventTarget();
    const remove = vi.spyOn(target, 'removeEventListener');
    const store = freshPrefsStore({ host, storage: new FakeStorage(), window: target as never });
    await store.load('orders');
    store.saveSearch('orders', 'x');
    store.saveSearch('other-grid', 'y');
    await vi.advanceTimersByTimeAsync(400);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    store.$dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(remove.mock.calls.map((call) => call[0]).sort()).toEqual(['online', 'storage']);
  });
});
