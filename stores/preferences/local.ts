/**
 * The localStorage side of the preferences store. Each grid of each subject has one record under
 * its own key (`prefsStorageKey`): written on every change, save answer and failure, so nothing
 * unconfirmed is lost with the tab; read once per grid and subject; and followed across tabs
 * through `storage` events, where only the active subject's keys count.
 *
 * All access goes through a `SafeStorage`, so a missing, blocked or full storage never breaks the
 * store. The `online` event is listened to here too, since it shares the window and the lifetime.
 *
 * @module
 */
import { canonicalPrefs, prefsStorageKey, validateLocalPrefsRecord } from './model';
import { adoptMerged, adoptOtherTabRecord, adoptOwnRecord, toLocalRecord } from './runtime';
import type { GridRuntime } from './runtime';
import { listenToStorage, parsePayload, readPayload, writePayload } from '../safe-storage';
import type { SafeStorage } from '../safe-storage';

/** The localStorage key of the runtime's record: its scope's namespace and subject, and its grid. */
export function recordKey(runtime: GridRuntime): string {
  return prefsStorageKey(runtime.scope.namespace, runtime.gridId, runtime.scope.subject);
}

/** Writes the runtime's record (memory only when storage cannot take it). */
export function writeRecord(storage: SafeStorage, runtime: GridRuntime): void {
  writePayload(storage, recordKey(runtime), toLocalRecord(runtime));
}

/**
 * Reads the runtime's local record, once per runtime (so once per grid and scope). With changes
 * made before the read still pending, the record is merged under them (they win); otherwise the
 * record is taken as it is. A malformed record is dropped with a warning (`readPayload`).
 */
export function readLocalRecord(storage: SafeStorage, runtime: GridRuntime): void {
  if (runtime.localRead) return;
  runtime.localRead = true;
  const { state: record } = readPayload(storage, recordKey(runtime), validateLocalPrefsRecord);
  if (!record) return;
  if (runtime.entry.pending) adoptMerged(runtime, record);
  else adoptOwnRecord(runtime, record);
}

/**
 * Applies a `storage` event: another tab wrote `key` with `newValue`. Ignored unless the key is the
 * record of one of `runtimes` (the active subject's grids: another user's records are not ours) and
 * the value is a valid record (a malformed one is reported through `storage.warn`).
 *
 * With nothing pending here the other tab's copy is taken as it is. With pending changes the two
 * are merged, and the result is written back only when it differs from what the other tab wrote,
 * so two pending tabs settle instead of writing back and forth.
 */
export function applyOtherTabWrite(storage: SafeStorage, runtimes: Iterable<GridRuntime>, key: string | null, newValue: string | null): void {
  if (key === null || newValue === null) return;
  const runtime = [...runtimes].find((candidate) => recordKey(candidate) === key);
  if (!runtime) return;
  const parsed = parsePayload(newValue, validateLocalPrefsRecord);
  if (!parsed.ok) {
    storage.warn(`ignored preferences "${key}" written by another tab: ${parsed.reason}.`);
    return;
  }
  const record = parsed.value;
  if (!runtime.entry.pending) {
    adoptOtherTabRecord(runtime, record);
    return;
  }
  adoptMerged(runtime, record);
  if (canonicalPrefs(toLocalRecord(runtime)) !== canonicalPrefs(record)) writeRecord(storage, runtime);
}

/** What `listenToPrefsEvents` reports. */
export interface PrefsEventHandlers {
  /** Another tab wrote (or removed: `newValue` null; cleared: `key` null) a storage key. */
  storage(key: string | null, newValue: string | null): void;
  /** The browser is back online. */
  online(): void;
}

/**
 * Listens to `storage` and `online` events on `storage.window`. Returns the function that stops
 * both; without a window nothing is listened to and the function does nothing.
 */
export function listenToPrefsEvents(storage: SafeStorage, handlers: PrefsEventHandlers): () => void {
  const stopStorage = listenToStorage(storage, (key, newValue) => handlers.storage(key, newValue));
  const target = storage.window;
  const onOnline = (): void => handlers.online();
  target?.addEventListener('online', onOnline);
  return () => {
    stopStorage();
    target?.removeEventListener('online', onOnline);
  };
}
