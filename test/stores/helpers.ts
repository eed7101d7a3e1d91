import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, vi } from 'vitest';
import { HostError, MemoryHost } from '../../src/host/index';
import type { MemoryHostOptions } from '../../src/host/index';
import type { GridPrefsPatch } from '../../src/core/types';
import type { SavePrefsResult } from '../../src/host/types';
import { useGridPreferencesStore } from '../../stores/index';
import { prefsStorageKey } from '../../stores/preferences/model';
import type { PreferencesStoreOptions, StorageLike, WindowLike } from '../../stores/index';
import type { LocalPrefsRecord } from '../../stores/preferences/model';

/** A Map-backed Web Storage with switchable failure modes. */
export class FakeStorage implements StorageLike {
  readonly data = new Map<string, string>();
  mode: 'ok' | 'throw' | 'full' = 'ok';
  reads = 0;
  writes = 0;

  getItem(key: string): string | null {
    this.reads++;
    if (this.mode === 'throw') throw new DOMException('The operation is insecure.', 'SecurityError');
    return this.data.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.writes++;
    if (this.mode === 'throw') throw new DOMException('The operation is insecure.', 'SecurityError');
    if (this.mode === 'full') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.data.set(key, value);
  }

  removeItem(key: string): void {
    if (this.mode === 'throw') throw new DOMException('The operation is insecure.', 'SecurityError');
    this.data.delete(key);
  }
}

/** A window of one "tab": an EventTarget with the tab's view of the shared storage. */
export interface FakeTab {
  window: WindowLike & EventTarget;
  storage: StorageLike;
}

/**
 * Browser tabs sharing one storage: a write in one tab fires a `storage` event in every OTHER tab
 * (as browsers do, on a later task).
 */
export function createTabs(count: number, shared = new FakeStorage()): { tabs: FakeTab[]; shared: FakeStorage; settle: () => Promise<void> } {
  const tabs: FakeTab[] = [];
  let queue: Promise<void> = Promise.resolve();
  for (let i = 0; i < count; i++) {
    const target = new EventTarget() as WindowLike & EventTarget;
    const tabStorage: StorageLike = {
      getItem: (key) => shared.getItem(key),
      setItem: (key, value) => {
        shared.setItem(key, value);
        for (const other of tabs) {
          if (other.window === target) continue;
          queue = queue.then(() => {
            other.window.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value, storageArea: null }));
          });
        }
      },
      removeItem: (key) => {
        shared.removeItem(key);
        for (const other of tabs) {
          if (other.window === target) continue;
          queue = queue.then(() => {
            other.window.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: null, storageArea: null }));
          });
        }
      },
    };
    tabs.push({ window: target, storage: tabStorage });
  }
  // Events can cause writes that queue more events; wait until the queue stays empty.
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      const current = queue;
      await current;
      if (current === queue) return;
    }
    throw new Error('storage events did not settle');
  };
  return { tabs, shared, settle };
}

/** A MemoryHost whose saves (and optionally loads) fail on demand, counting calls. */
export class FlakyHost extends MemoryHost {
  saves: GridPrefsPatch[] = [];
  /** Every save attempt with the subject it was made for, in order. */
  saveCalls: { subjectId: string | null; gridId: string; patch: GridPrefsPatch }[] = [];
  loads = 0;
  failSaves = 0;
  failLoads = 0;
  failWith: () => Error = () => new HostError('network', 'offline');
  /** While true, every save waits for `release()` before it runs. */
  holdSaves = false;
  /** How many of the next loads wait for `release()` before they run. */
  holdLoads = 0;
  readonly #held: (() => void)[] = [];

  constructor(options: MemoryHostOptions = {}) {
    super({ subjectId: 'u1', ...options });
  }

  /** Lets the oldest held request go on. */
  release(): void {
    this.#held.shift()?.();
  }

  #hold(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#held.push(resolve);
    });
  }

  override async saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult> {
    if (this.holdSaves) await this.#hold();
    this.saves.push(structuredClone(prefs));
    this.saveCalls.push({ subjectId, gridId, patch: structuredClone(prefs) });
    if (this.failSaves > 0) {
      this.failSaves--;
      throw this.failWith();
    }
    return super.saveGridPrefs(subjectId, gridId, prefs);
  }

  override async loadGridPrefs(subjectId: string | null, gridId: string) {
    if (this.holdLoads > 0) {
      this.holdLoads--;
      await this.#hold();
    }
    this.loads++;
    if (this.failLoads > 0) {
      this.failLoads--;
      throw this.failWith();
    }
    return super.loadGridPrefs(subjectId, gridId);
  }
}

/** Lets pending promise callbacks run (several rounds, for chained awaits). */
export async function drain(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/**
 * A preferences store on a fresh Pinia: no window, silent warnings, no retry jitter (so backoff
 * delays are exact), then `options`.
 */
export function freshPrefsStore(options: PreferencesStoreOptions) {
  setActivePinia(createPinia());
  const store = useGridPreferencesStore();
  store.configure({ window: null, warn: () => {}, ...options, retry: { jitter: 0, ...options.retry } });
  return store;
}

/** The local preferences record of one subject and grid (namespace `default`), or null. */
export function storedPrefs(storage: FakeStorage, subject: string | null, gridId = 'orders'): LocalPrefsRecord | null {
  const text = storage.data.get(prefsStorageKey('default', gridId, subject));
  return text ? (JSON.parse(text) as { state: LocalPrefsRecord }).state : null;
}

/** Fake timers for every test of the calling file (or describe block). */
export function useFakeTimersPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
