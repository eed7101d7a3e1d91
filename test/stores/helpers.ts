import { HostError, MemoryHost } from '../../src/host/index';
import type { MemoryHostOptions } from '../../src/host/index';
import type { GridPrefsPatch } from '../../src/core/types';
import type { SavePrefsResult } from '../../src/host/types';
import type { StorageLike, WindowLike } from '../../stores/index';

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
  loads = 0;
  failSaves = 0;
  failLoads = 0;
  failWith: () => Error = () => new HostError('network', 'offline');

  constructor(options: MemoryHostOptions = {}) {
    super({ subjectId: 'u1', ...options });
  }

  override async saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult> {
    this.saves.push(structuredClone(prefs));
    if (this.failSaves > 0) {
      this.failSaves--;
      throw this.failWith();
    }
    return super.saveGridPrefs(subjectId, gridId, prefs);
  }

  override async loadGridPrefs(subjectId: string | null, gridId: string) {
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
