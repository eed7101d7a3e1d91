/**
 * Storage that never breaks the page. `localStorage` can be missing (server rendering, old
 * embedded browsers), throw on any access (Safari private mode, sandboxed iframes, cookies blocked)
 * or refuse writes when full (`QuotaExceededError`). The page state and preferences stores go
 * through this helper, which falls back to memory in each case and keeps working, and which reads
 * and writes the versioned payload `{ v: 1, state, savedAt }`.
 *
 * Nothing is touched when the helper is created: the storage is resolved on first use, so stores can
 * create it during SSR or `setup` and only use it after mount.
 *
 * @module
 */
import { warn } from '../src/core/warn';
import type { GridViewWarningCode } from '../src/core/warn';

/** The part of the Web Storage API used here (tests pass a fake). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The part of `window` used here: storage and the `storage` event (tests pass a fake or jsdom's). */
export interface WindowLike {
  readonly localStorage?: StorageLike;
  addEventListener(type: string, listener: (event: never) => void): void;
  removeEventListener(type: string, listener: (event: never) => void): void;
}

/** Where the stores keep data, VueUse-style: every global is configurable. */
export interface StorageOptions {
  /**
   * The storage. Absent: `window.localStorage`, looked up on first use. Null: memory only (nothing
   * survives a reload), e.g. to opt out of persistence.
   */
  storage?: StorageLike | null;
  /** The window whose `storage` events keep tabs in sync. Absent: `globalThis.window` when present. */
  window?: WindowLike | null;
  /**
   * Receives this storage's warnings (dropped payloads, fallbacks) instead of the library's warning
   * channel (`onWarn` of the plugin; by default the console in development builds only).
   */
  warn?: (message: string) => void;
}

/** Version of the stored payload. A payload of another version is dropped with a warning. */
export const PAYLOAD_VERSION = 1;

/** The stored payload around a store's state. */
export interface StoredPayload<T> {
  v: typeof PAYLOAD_VERSION;
  state: T;
  /** ISO 8601 time of the write. */
  savedAt: string;
}

/** Why storage is not (fully) persistent right now; null when it is. */
export type StorageFallback = 'missing' | 'unavailable' | 'full' | null;

/** What `createSafeStorage` returns. */
export interface SafeStorage {
  /** The stored text of `key` (memory first when a write had to fall back), or null. */
  read(key: string): string | null;
  /** Stores `value`; returns false when it could only be kept in memory. Never throws. */
  write(key: string, value: string): boolean;
  /** Removes `key` from storage and memory. Never throws. */
  remove(key: string): void;
  /** Why storage is not fully persistent, or null. */
  readonly fallback: StorageFallback;
  /** The real storage in use (null when missing or unavailable); `storage` events name it. */
  readonly area: StorageLike | null;
  /** The window for `storage` events, or null (server, tests without one). */
  readonly window: WindowLike | null;
  /** Reports a warning through the configured `warn`. */
  warn(message: string): void;
}

/**
 * Makes a `SafeStorage`. See the module comment for the failure modes it absorbs.
 *
 * Edge cases: each failure mode warns once per helper, not once per write; after a write failed for
 * being full, the value lives in memory and is what `read` returns, and the next successful write of
 * that key moves it back to storage; an access that throws (e.g. `SecurityError`) switches the whole
 * helper to memory for the rest of its life.
 */
export function createSafeStorage(options: StorageOptions = {}): SafeStorage {
  const memory = new Map<string, string>();
  const warned = new Set<string>();
  const warnSink = (code: GridViewWarningCode, message: string): void => (options.warn ? options.warn(message) : warn(code, message));
  let resolved = false;
  let area: StorageLike | null = null;
  let fallback: StorageFallback = null;

  const warnOnce = (kind: string, message: string): void => {
    if (warned.has(kind)) return;
    warned.add(kind);
    warnSink('storage_unavailable', message);
  };

  const win = (): WindowLike | null => {
    if (options.window !== undefined) return options.window;
    return typeof window === 'undefined' ? null : (window as unknown as WindowLike);
  };

  const resolve = (): StorageLike | null => {
    if (resolved) return area;
    resolved = true;
    try {
      area = options.storage !== undefined ? options.storage : (win()?.localStorage ?? null);
    } catch {
      // Reading `window.localStorage` itself throws when storage is blocked.
      area = null;
      fallback = 'unavailable';
      warnOnce('unavailable', 'localStorage is not accessible; state is kept in memory for this page only.');
      return null;
    }
    if (area === null) fallback = 'missing';
    return area;
  };

  const giveUp = (error: unknown): void => {
    area = null;
    fallback = 'unavailable';
    warnOnce('unavailable', `localStorage failed (${describe(error)}); state is kept in memory for this page only.`);
  };

  return {
    read(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      const storage = resolve();
      if (!storage) return null;
      try {
        return storage.getItem(key);
      } catch (error) {
        giveUp(error);
        return null;
      }
    },
    write(key, value) {
      const storage = resolve();
      if (!storage) {
        memory.set(key, value);
        return false;
      }
      try {
        storage.setItem(key, value);
        memory.delete(key);
        return true;
      } catch (error) {
        memory.set(key, value);
        if (isQuotaError(error)) {
          fallback = 'full';
          warnOnce('full', `localStorage is full; "${key}" is kept in memory for this page only.`);
        } else {
          giveUp(error);
        }
        return false;
      }
    },
    remove(key) {
      memory.delete(key);
      const storage = resolve();
      if (!storage) return;
      try {
        storage.removeItem(key);
      } catch (error) {
        giveUp(error);
      }
    },
    get fallback() {
      resolve();
      return fallback;
    },
    get area() {
      return resolve();
    },
    get window() {
      return win();
    },
    warn(message) {
      warnSink('storage_dropped', message);
    },
  };
}

/**
 * Reads a versioned payload and validates its state. `state` is null when the key is absent or the
 * payload was refused; `dropped` tells the two apart. A payload that is not JSON, has another
 * version, lacks `savedAt` or whose state fails `validate` is removed from storage and reported
 * with a warning naming the key; it never throws.
 */
export function readPayload<T>(storage: SafeStorage, key: string, validate: (state: unknown) => T | null): { state: T | null; dropped: boolean } {
  const text = storage.read(key);
  if (text === null) return { state: null, dropped: false };
  const parsed = parsePayload(text, validate);
  if (parsed.ok) return { state: parsed.value, dropped: false };
  storage.warn(`dropped stored state "${key}": ${parsed.reason}.`);
  storage.remove(key);
  return { state: null, dropped: true };
}

/** Parses the text of a payload; the reason says why it was refused. Pure: no storage access. */
export function parsePayload<T>(text: string, validate: (state: unknown) => T | null): { ok: true; value: T } | { ok: false; reason: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { ok: false, reason: 'not an object' };
  const { v, state, savedAt } = payload as Record<string, unknown>;
  if (v !== PAYLOAD_VERSION) return { ok: false, reason: `version ${JSON.stringify(v) ?? 'missing'} instead of ${PAYLOAD_VERSION}` };
  if (typeof savedAt !== 'string') return { ok: false, reason: 'savedAt missing' };
  const value = validate(state);
  return value === null ? { ok: false, reason: 'state has the wrong shape' } : { ok: true, value };
}

/** Writes `state` as a versioned payload. Returns false when it could only be kept in memory. */
export function writePayload<T>(storage: SafeStorage, key: string, state: T, now: Date = new Date()): boolean {
  const payload: StoredPayload<T> = { v: PAYLOAD_VERSION, state, savedAt: now.toISOString() };
  return storage.write(key, JSON.stringify(payload));
}

/** The `storage` event fields the stores read. */
export interface StorageEventLike {
  key: string | null;
  newValue: string | null;
  storageArea: unknown;
}

/**
 * Listens to `storage` events of other tabs on `storage.window`, for keys accepted by `accept`.
 * Returns the function that stops listening (idempotent); without a window it does nothing.
 *
 * Edge cases: an event whose `storageArea` is another storage (sessionStorage) is ignored; an event
 * with key null (the other tab called `clear()`) is passed on with key null.
 */
export function listenToStorage(storage: SafeStorage, onChange: (key: string | null, newValue: string | null) => void): () => void {
  const target = storage.window;
  if (!target || typeof target.addEventListener !== 'function') return () => {};
  const listener = (event: StorageEventLike): void => {
    const area = storage.area;
    if (event.storageArea != null && area !== null && event.storageArea !== area) return;
    onChange(event.key, event.newValue);
  };
  target.addEventListener('storage', listener as (event: never) => void);
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    target.removeEventListener('storage', listener as (event: never) => void);
  };
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Names differ by engine (Firefox used NS_ERROR_DOM_QUOTA_REACHED); codes 22 and 1014 are the legacy ones.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
