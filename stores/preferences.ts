/**
 * `useGridPreferencesStore` (`gridView/preferences`): named column presets and saved searches per
 * grid, persisted through a `GridViewHost` and mirrored in localStorage so that nothing the user did
 * is lost.
 *
 * How a change travels:
 * 1. An action (`savePreset`, `renamePreset`, `deletePreset`, `saveSearch`, `removeSearch`) checks
 *    the input (a refusal is a returned `{ ok: false, code, message }`, never a throw), applies it,
 *    marks the grid `pending` and writes the local record at once.
 * 2. After `debounceMs` (default 400 ms) of quiet the whole `{colPresets, searches}` is saved through
 *    `host.saveGridPrefs`; `flush()` sends at once.
 * 3. Success clears `pending` and `error` (unless newer changes arrived meanwhile, which are sent
 *    next). `localOnly: true` in the answer keeps everything in localStorage and says so.
 * 4. Failure keeps the change locally (`pending`, `error` set) and retries retryable errors with
 *    exponential backoff (`retry` options, capped, `Retry-After` honoured); the `online` event
 *    retries at once and a new change replaces the wait with the normal debounce. After `maxAttempts` the grid stays pending until `retry()`, the
 *    next change or the next load.
 *
 * Copies meet in two places: when the store gets the server's copy while it holds unconfirmed
 * changes (a load after a failed save, a save before any successful load), and when another tab
 * writes the same grid. Both merge (`mergePrefs`): local entries win, deletions are remembered as
 * tombstones until confirmed.
 *
 * Everything local belongs to one subject (the signed-in user, or the anonymous caller): the
 * in-memory state, the localStorage records (`prefsStorageKey(namespace, gridId, subject)`) and
 * what is sent. The subject is the `subject` option when one is set, else the host's
 * `currentSubjectId()`. Switching it (`setSubject`, `switchSubject`, `configure({ subject })`, or
 * the host reporting another caller) leaves the old subject's unconfirmed changes in the old
 * subject's records, drops every timer and late answer of the old subject, and loads the new
 * subject's state: nothing crosses from one user to another, nothing is lost.
 *
 * @module
 */
import { defineStore } from 'pinia';
import { onScopeDispose, ref, shallowRef } from 'vue';
import { createTranslator } from '../src/core/i18n';
import type { MessageOverrides } from '../src/core/i18n';
import { PREFS_LIMITS, validateGridPrefsPatch } from '../src/core/prefs';
import type { ColumnPreset, GridPrefs, PresetColumnState } from '../src/core/types';
import { toHostErrorInfo } from '../src/host/errors';
import type { HostErrorInfo } from '../src/host/errors';
import { isHostError } from '../src/host/errors';
import { cloneJson, jsonByteLength } from '../src/host/prefs-data';
import type { GridViewHost, LoadPrefsResult, LocalOnlyReason } from '../src/host/types';
import {
  canonicalPrefs,
  mergePrefs,
  normaliseName,
  prefsStorageKey,
  presetNameProblem,
  renameKey,
  searchProblem,
  validateLocalPrefsRecord,
} from './preferences-model';
import type { LocalPrefsRecord, PrefsErrorCode, PrefsProblem, Tombstones } from './preferences-model';
import { presetColumnsFromState } from './column-state';
import type { ColumnStateInput } from './column-state';
import { createSafeStorage, listenToStorage, parsePayload, readPayload, writePayload } from './safe-storage';
import type { SafeStorage, StorageOptions } from './safe-storage';

/** Backoff of failed saves: delay of attempt n is `min(maxDelayMs, initialDelayMs × factor^(n−1))`. */
export interface RetryOptions {
  /** Delay before the first retry; default 1000 ms. */
  initialDelayMs: number;
  /** Growth per attempt; default 2. */
  factor: number;
  /** Cap of one delay; default 30,000 ms. A server's `Retry-After` may ask for more (up to 5 min). */
  maxDelayMs: number;
  /** Failed attempts in a row after which automatic retries stop; default 10. */
  maxAttempts: number;
  /** Random share taken off each delay (0 to 1) so that many clients do not retry in step; default 0.2. */
  jitter: number;
}

/** Options of `configure`. Absent fields keep their current value. */
export interface PreferencesStoreOptions extends StorageOptions {
  /** The host saving and loading preferences. None: everything stays local (`localOnly`, reason `disabled`). */
  host?: GridViewHost | null;
  /** Quiet time before a change is sent; default 400 ms. */
  debounceMs?: number;
  /** Backoff of failed saves. */
  retry?: Partial<RetryOptions>;
  /** Separates applications on one origin in localStorage; default `default`. */
  namespace?: string;
  /**
   * Whose preferences these are: a subject id, or null for the anonymous caller. Absent from the
   * options: unchanged. Set to undefined: follow the host's `currentSubjectId()` (the default).
   * Needed with a host that cannot know the caller (an `HttpHost` without `subjectId`, where the
   * server decides by cookie). Changing it switches the store like `setSubject`.
   */
  subject?: string | null;
  /** Locale of the refusal messages; default `en`. */
  locale?: string;
  /** Message overrides per locale. */
  overrides?: MessageOverrides;
  /** Random source of the jitter (tests pass `() => 0`). */
  random?: () => number;
  /** Clock in epoch milliseconds for `nextRetryAt`. */
  now?: () => number;
}

/** The state of one grid's preferences. Read it; change it through the store's actions. */
export interface GridPrefsEntry {
  gridId: string;
  /** The subject these preferences belong to (null: the anonymous caller). */
  subject: string | null;
  colPresets: Record<string, ColumnPreset>;
  searches: string[];
  /** Time of the last save the server confirmed (null: never, or local only). */
  updatedAt: string | null;
  /** True while `load` runs. */
  loading: boolean;
  /** True once a `load` finished (even a failed one: local data is usable). */
  loaded: boolean;
  /** Why the last load failed, or null. */
  loadError: HostErrorInfo | null;
  /** True while a save request runs. */
  saving: boolean;
  /** True while the latest change is not confirmed by the host. The change is in localStorage. */
  pending: boolean;
  /** Why the last save failed, or null after a success. */
  error: HostErrorInfo | null;
  /** Failed saves in a row. */
  attempts: number;
  /** When the next automatic retry runs (epoch ms), or null. */
  nextRetryAt: number | null;
  /** True when preferences live on this device only (anonymous caller, or no server saving). */
  localOnly: boolean;
  localOnlyReason: LocalOnlyReason | null;
  /** True once the server's copy was seen in this session; before that a save re-reads and merges. */
  synced: boolean;
}

/** Result of an action: the value, or a refusal with a code and a translated message. */
export type PrefsResult<T = undefined> = { ok: true; value: T } | { ok: false; code: PrefsErrorCode; message: string };

/** Options of `switchSubject`. */
export interface SwitchSubjectOptions {
  /** Send the old subject's pending changes before `change` runs; default true. */
  flush?: boolean;
}

/** Options of `savePreset`. */
export interface SavePresetOptions {
  /** Replace a preset of the same name instead of refusing it; default false. */
  overwrite?: boolean;
}

const DEFAULT_RETRY: RetryOptions = { initialDelayMs: 1000, factor: 2, maxDelayMs: 30_000, maxAttempts: 10, jitter: 0.2 };
const MAX_RETRY_AFTER_MS = 300_000;
const MAX_TOMBSTONES = 200;

/** Whose records the store works on. A new object on every switch, so old work can tell it is stale. */
interface Scope {
  readonly namespace: string;
  readonly subject: string | null;
}

/** The non-reactive side of one grid of one scope. */
interface Runtime {
  readonly scope: Scope;
  readonly gridId: string;
  /** The reactive entry in `grids` (of this runtime's scope). */
  readonly entry: GridPrefsEntry;
  revision: number;
  tombstones: Tombstones;
  debounceTimer: ReturnType<typeof setTimeout> | null;
  retryTimer: ReturnType<typeof setTimeout> | null;
  inflight: Promise<void> | null;
  resend: boolean;
  loading: Promise<void> | null;
  localRead: boolean;
}

function emptyEntry(gridId: string, subject: string | null): GridPrefsEntry {
  return {
    gridId,
    subject,
    colPresets: {},
    searches: [],
    updatedAt: null,
    loading: false,
    loaded: false,
    loadError: null,
    saving: false,
    pending: false,
    error: null,
    attempts: 0,
    nextRetryAt: null,
    localOnly: false,
    localOnlyReason: null,
    synced: false,
  };
}

/** The preferences store. See the module comment and `docs/state.md`. */
export const useGridPreferencesStore = defineStore('gridView/preferences', () => {
  const grids = ref<Record<string, GridPrefsEntry>>({});
  const hasHost = shallowRef(false);
  /** The subject whose preferences `grids` holds (null: anonymous). */
  const subject = shallowRef<string | null>(null);
  let scope: Scope = { namespace: 'default', subject: null };
  let runtimes = new Map<string, Runtime>();
  /** The `subject` option; null: follow the host. */
  let explicitSubject: { value: string | null } | null = null;
  /** Set while `switchSubject` waits for the sign-in: no request starts. */
  let hold: { promise: Promise<void>; release: () => void } | null = null;
  let host: GridViewHost | null = null;
  let debounceMs = 400;
  let retryOptions: RetryOptions = { ...DEFAULT_RETRY };
  let locale = 'en';
  let overrides: MessageOverrides = {};
  let random: () => number = Math.random;
  let now: () => number = Date.now;
  let storageOptions: StorageOptions = {};
  let storage: SafeStorage = createSafeStorage();
  let stopListening: (() => void) | null = null;

  /** Changes the store's options; see `PreferencesStoreOptions`. Absent fields stay as they are. */
  function configure(options: PreferencesStoreOptions): void {
    if (options.host !== undefined) {
      host = options.host;
      hasHost.value = host !== null;
    }
    if (options.debounceMs !== undefined) debounceMs = Math.max(0, options.debounceMs);
    if (options.retry) retryOptions = { ...retryOptions, ...options.retry };
    if (options.locale !== undefined) locale = options.locale;
    if (options.overrides !== undefined) overrides = options.overrides;
    if (options.random) random = options.random;
    if (options.now) now = options.now;
    if (options.storage !== undefined || options.window !== undefined || options.warn !== undefined) {
      storageOptions = {
        ...storageOptions,
        ...(options.storage !== undefined ? { storage: options.storage } : {}),
        ...(options.window !== undefined ? { window: options.window } : {}),
        ...(options.warn !== undefined ? { warn: options.warn } : {}),
      };
      stopListening?.();
      stopListening = null;
      storage = createSafeStorage(storageOptions);
    }
    const namespace = options.namespace !== undefined ? options.namespace || 'default' : scope.namespace;
    if ('subject' in options) {
      explicitSubject = options.subject === undefined ? null : { value: options.subject };
      settleSubject(namespace);
    } else {
      syncScope(namespace);
    }
  }

  /** The host in use, or null. */
  function currentHost(): GridViewHost | null {
    return host;
  }

  // --- subject scope ----------------------------------------------------------------------------

  function resolveSubject(): string | null {
    if (explicitSubject) return explicitSubject.value;
    return host ? host.currentSubjectId() : null;
  }

  function live(runtime: Runtime): boolean {
    return runtime.scope === scope;
  }

  /**
   * Switches to the subject (and namespace) that should be active now, when it is not the active
   * one. Returns true when it switched.
   */
  function syncScope(namespace = scope.namespace): boolean {
    const wanted = resolveSubject();
    if (wanted === scope.subject && namespace === scope.namespace) return false;
    switchScope({ namespace, subject: wanted });
    return true;
  }

  function switchScope(next: Scope): void {
    const known = [...runtimes.values()].map((runtime) => ({ gridId: runtime.gridId, reload: runtime.entry.loaded || runtime.entry.loading }));
    // The old subject's unconfirmed changes are already in its own records (written on every change
    // and every failed save); they stay there for that subject's next session. Its timers go, and
    // answers still on their way are dropped by `live()`.
    for (const runtime of runtimes.values()) clearTimers(runtime);
    scope = next;
    subject.value = next.subject;
    runtimes = new Map();
    grids.value = {};
    for (const { gridId, reload } of known) {
      runtimeOf(gridId);
      if (reload) void load(gridId);
    }
  }

  /** Ends a hold and applies the subject option; resumes sending when the subject stayed. */
  function settleSubject(namespace = scope.namespace): void {
    const wasHeld = endHold();
    if (!syncScope(namespace) && wasHeld) resumePending();
  }

  function beginHold(): void {
    if (hold) return;
    let release: () => void = () => {};
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    hold = { promise, release };
    for (const runtime of runtimes.values()) {
      clearTimers(runtime);
      runtime.entry.nextRetryAt = null;
    }
  }

  function endHold(): boolean {
    if (!hold) return false;
    const ended = hold;
    hold = null;
    ended.release();
    return true;
  }

  function resumePending(): void {
    for (const runtime of runtimes.values()) if (runtime.entry.pending && !runtime.inflight) scheduleSave(runtime, 0);
  }

  /**
   * Makes `next` the subject whose preferences the store holds (a subject id, null for the anonymous
   * caller, undefined to follow the host's `currentSubjectId()` again). Call it right after the
   * sign-in or sign-out took effect. When the subject really changes, the old subject's unconfirmed
   * changes stay in its own local records (they are sent in its next session), nothing of the old
   * subject is shown or sent any more, and every grid loaded so far is loaded again for `next`.
   */
  function setSubject(next: string | null | undefined): void {
    explicitSubject = next === undefined ? null : { value: next };
    settleSubject();
  }

  /**
   * A sign-in or sign-out without a page reload, in the safe order: sends the old subject's pending
   * changes while the old credentials still apply (unless `flush: false`), holds every request while
   * `change` (the sign-in call) runs, then switches to `next` like `setSubject`. When `change` throws,
   * the store stays with the old subject, resumes sending and rethrows. Changes made meanwhile belong
   * to the old subject and are kept for it.
   */
  async function switchSubject(next: string | null | undefined, change?: () => unknown, options: SwitchSubjectOptions = {}): Promise<void> {
    syncScope();
    if (options.flush !== false) await flush();
    beginHold();
    try {
      await change?.();
    } catch (error) {
      if (endHold()) resumePending();
      throw error;
    }
    setSubject(next);
  }

  // --- entries ----------------------------------------------------------------------------------

  function runtimeOf(gridId: string): Runtime {
    let runtime = runtimes.get(gridId);
    if (!runtime) {
      // An entry may exist without a runtime (state restored into Pinia, e.g. after SSR).
      if (!grids.value[gridId]) grids.value[gridId] = emptyEntry(gridId, scope.subject);
      runtime = {
        scope,
        gridId,
        entry: grids.value[gridId]!,
        revision: 0,
        tombstones: { presets: [], searches: [] },
        debounceTimer: null,
        retryTimer: null,
        inflight: null,
        resend: false,
        loading: null,
        localRead: false,
      };
      runtimes.set(gridId, runtime);
    }
    return runtime;
  }

  /**
   * The entry of `gridId` for the active subject, created empty when new. It does not look at the
   * host's subject (it is called from computed values); every action does.
   */
  function entryOf(gridId: string): GridPrefsEntry {
    return runtimeOf(gridId).entry;
  }

  /** The grid's runtime in the current scope, with its local record read. */
  function prepare(gridId: string): Runtime {
    syncScope();
    const runtime = runtimeOf(gridId);
    readLocal(runtime);
    return runtime;
  }

  // --- local record ---------------------------------------------------------------------------

  function storageKey(runtime: Runtime): string {
    return prefsStorageKey(runtime.scope.namespace, runtime.gridId, runtime.scope.subject);
  }

  function recordOf(runtime: Runtime): LocalPrefsRecord {
    const { entry } = runtime;
    return {
      colPresets: cloneJson(entry.colPresets),
      searches: [...entry.searches],
      updatedAt: entry.updatedAt,
      pending: entry.pending,
      localOnly: entry.localOnly,
      localOnlyReason: entry.localOnlyReason,
      tombstones: cloneJson(runtime.tombstones),
    };
  }

  function writeRecord(runtime: Runtime): void {
    writePayload(storage, storageKey(runtime), recordOf(runtime));
  }

  /** Reads the local record once per grid and scope; unconfirmed changes made meanwhile win. */
  function readLocal(runtime: Runtime): void {
    if (runtime.localRead) return;
    runtime.localRead = true;
    const { state: record } = readPayload(storage, storageKey(runtime), validateLocalPrefsRecord);
    if (!record) return;
    const { entry } = runtime;
    if (entry.pending) {
      adoptMerged(runtime, record);
      return;
    }
    entry.colPresets = record.colPresets;
    entry.searches = record.searches;
    entry.updatedAt = record.updatedAt;
    entry.pending = record.pending;
    entry.localOnly = record.localOnly;
    entry.localOnlyReason = record.localOnlyReason;
    runtime.tombstones = record.tombstones;
  }

  function adoptMerged(runtime: Runtime, other: { colPresets: Record<string, ColumnPreset>; searches: string[] }): void {
    const merged = mergePrefs(runtime.entry, other, runtime.tombstones);
    runtime.entry.colPresets = merged.colPresets;
    runtime.entry.searches = merged.searches;
  }

  // --- listeners --------------------------------------------------------------------------------

  function startListening(): void {
    if (stopListening) return;
    const stopStorage = listenToStorage(storage, onStorage);
    const target = storage.window;
    const onOnline = (): void => {
      for (const runtime of runtimes.values()) if (runtime.entry.pending && runtime.entry.error) void retry(runtime.gridId);
    };
    target?.addEventListener('online', onOnline);
    stopListening = () => {
      stopStorage();
      target?.removeEventListener('online', onOnline);
    };
  }

  function onStorage(key: string | null, newValue: string | null): void {
    if (key === null || newValue === null) return;
    // Only the active subject's keys match: another user's records in another tab are not ours.
    const runtime = [...runtimes.values()].find((candidate) => storageKey(candidate) === key);
    if (!runtime) return;
    const parsed = parsePayload(newValue, validateLocalPrefsRecord);
    if (!parsed.ok) {
      storage.warn(`[vue-grid-view] ignored preferences "${key}" written by another tab: ${parsed.reason}.`);
      return;
    }
    const record = parsed.value;
    const { entry } = runtime;
    if (!entry.pending) {
      // Nothing unconfirmed here: the other tab's copy is the newest; it sends its own changes.
      entry.colPresets = record.colPresets;
      entry.searches = record.searches;
      entry.updatedAt = record.updatedAt;
      entry.localOnly = record.localOnly;
      entry.localOnlyReason = record.localOnlyReason;
      runtime.tombstones = { presets: [], searches: [] };
      return;
    }
    adoptMerged(runtime, record);
    const mine = recordOf(runtime);
    // Write back only when the contents differ, so two pending tabs settle instead of ping-ponging.
    if (canonicalPrefs(mine) !== canonicalPrefs(record)) writeRecord(runtime);
  }

  // --- loading ----------------------------------------------------------------------------------

  async function readServer(activeHost: GridViewHost, runtime: Runtime): Promise<LoadPrefsResult> {
    const subjectId = runtime.scope.subject;
    if (typeof activeHost.loadGridPrefs === 'function') return activeHost.loadGridPrefs(subjectId, runtime.gridId);
    const prefs = await activeHost.getGridPrefs(subjectId, runtime.gridId);
    return subjectId === null ? { localOnly: true, reason: 'anonymous', prefs } : { localOnly: false, prefs };
  }

  /**
   * Loads a grid's preferences for the active subject: the local record first (shown at once), then
   * the host's copy. With no unconfirmed local change the host's copy wins; with one, the two are
   * merged and sent. A failed load keeps the local data (`loadError` set). Concurrent calls share
   * one load. During `switchSubject` it waits for the switch and loads for the new subject; an answer
   * that arrives after the subject changed is dropped.
   */
  function load(gridId: string): Promise<void> {
    if (hold) return hold.promise.then(() => load(gridId));
    const runtime = prepare(gridId);
    if (runtime.loading) return runtime.loading;
    const { entry } = runtime;
    startListening();
    const activeHost = host;
    runtime.loading = (async () => {
      entry.loading = true;
      entry.loadError = null;
      try {
        if (!activeHost) {
          entry.localOnly = true;
          entry.localOnlyReason = 'disabled';
          return;
        }
        const server = await readServer(activeHost, runtime);
        // Signed over to another subject meanwhile: this answer belongs to nobody shown now.
        if (!live(runtime)) return;
        entry.synced = true;
        if (server.localOnly) {
          entry.localOnly = true;
          entry.localOnlyReason = server.reason ?? 'anonymous';
        } else {
          entry.localOnly = false;
          entry.localOnlyReason = null;
          if (entry.pending) adoptMerged(runtime, server.prefs);
          else adoptServer(runtime, server.prefs);
        }
        writeRecord(runtime);
      } catch (error) {
        entry.loadError = toHostErrorInfo(error);
      } finally {
        entry.loading = false;
        entry.loaded = true;
        runtime.loading = null;
        if (live(runtime) && entry.pending) scheduleSave(runtime, 0);
      }
    })();
    return runtime.loading;
  }

  function adoptServer(runtime: Runtime, prefs: GridPrefs): void {
    runtime.entry.colPresets = cloneJson(prefs.colPresets);
    runtime.entry.searches = [...prefs.searches];
    runtime.entry.updatedAt = prefs.updatedAt;
    runtime.tombstones = { presets: [], searches: [] };
  }

  // --- saving -----------------------------------------------------------------------------------

  function clearTimers(runtime: Runtime): void {
    if (runtime.debounceTimer !== null) clearTimeout(runtime.debounceTimer);
    if (runtime.retryTimer !== null) clearTimeout(runtime.retryTimer);
    runtime.debounceTimer = null;
    runtime.retryTimer = null;
  }

  function scheduleSave(runtime: Runtime, delay = debounceMs): void {
    clearTimers(runtime);
    runtime.entry.nextRetryAt = null;
    runtime.debounceTimer = setTimeout(() => {
      runtime.debounceTimer = null;
      void send(runtime);
    }, delay);
  }

  function backoffDelay(attempt: number, retryAfterMs: number | undefined): number {
    const { initialDelayMs, factor, maxDelayMs, jitter } = retryOptions;
    const base = Math.min(maxDelayMs, initialDelayMs * factor ** Math.max(0, attempt - 1));
    const jittered = base * (1 - Math.min(1, Math.max(0, jitter)) * random());
    return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
  }

  function scheduleRetry(runtime: Runtime, error: unknown): void {
    const { entry } = runtime;
    if (runtime.retryTimer !== null) clearTimeout(runtime.retryTimer);
    runtime.retryTimer = null;
    const info = entry.error;
    if (!info || !info.retryable || entry.attempts >= retryOptions.maxAttempts) {
      entry.nextRetryAt = null;
      return;
    }
    const delay = backoffDelay(entry.attempts, isHostError(error) ? error.retryAfterMs : undefined);
    entry.nextRetryAt = now() + delay;
    runtime.retryTimer = setTimeout(() => {
      runtime.retryTimer = null;
      void send(runtime);
    }, delay);
  }

  /** Sends the grid's current state once a previous request is done; coalesces overlapping calls. */
  function send(runtime: Runtime): Promise<void> {
    if (runtime.inflight) {
      runtime.resend = true;
      return runtime.inflight;
    }
    const run = (async () => {
      try {
        await sendOnce(runtime);
      } finally {
        runtime.inflight = null;
      }
      if (runtime.resend) {
        runtime.resend = false;
        if (live(runtime) && !hold && runtime.entry.pending) {
          clearTimers(runtime);
          await send(runtime);
        }
      }
    })();
    runtime.inflight = run;
    return run;
  }

  async function sendOnce(runtime: Runtime): Promise<void> {
    const { entry } = runtime;
    // Held (a sign-in is under way) or signed over: the change stays in its subject's record.
    if (!entry.pending || hold || !live(runtime)) return;
    // The host now reports another caller: switch, and keep this change for its own subject.
    if (syncScope()) return;
    if (!host) {
      entry.pending = false;
      entry.localOnly = true;
      entry.localOnlyReason = 'disabled';
      entry.error = null;
      runtime.tombstones = { presets: [], searches: [] };
      writeRecord(runtime);
      return;
    }
    const activeHost = host;
    entry.saving = true;
    try {
      if (!entry.synced) {
        // Never saved over a server copy we have not seen: read it and merge first.
        const server = await readServer(activeHost, runtime);
        if (!live(runtime)) return;
        if (!server.localOnly) adoptMerged(runtime, server.prefs);
        entry.synced = true;
        // A sign-in began while reading: send nothing now; the switch or its failure decides.
        if (hold) return;
      }
      const sentRevision = runtime.revision;
      const result = await activeHost.saveGridPrefs(runtime.scope.subject, runtime.gridId, {
        colPresets: cloneJson(entry.colPresets),
        searches: [...entry.searches],
      });
      // Signed over meanwhile: the old subject's record stays pending and is sent again (the same
      // contents) in its next session, rather than overwriting a newer record of that subject.
      if (!live(runtime)) return;
      entry.error = null;
      entry.attempts = 0;
      entry.nextRetryAt = null;
      entry.localOnly = result.localOnly;
      entry.localOnlyReason = result.localOnly ? (result.reason ?? 'anonymous') : null;
      if (!result.localOnly) entry.updatedAt = result.prefs.updatedAt;
      if (runtime.revision === sentRevision) {
        entry.pending = false;
        runtime.tombstones = { presets: [], searches: [] };
      } else {
        runtime.resend = true;
      }
      writeRecord(runtime);
    } catch (error) {
      if (!live(runtime)) return;
      entry.error = toHostErrorInfo(error);
      entry.attempts += 1;
      writeRecord(runtime);
      scheduleRetry(runtime, error);
    } finally {
      entry.saving = false;
    }
  }

  /**
   * Sends pending changes of the active subject now (one grid, or every grid) instead of waiting for
   * the debounce or a retry timer. Resolves when the requests are done; check `pending`/`error` for
   * the outcome. Sends nothing while `switchSubject` holds requests.
   */
  async function flush(gridId?: string): Promise<void> {
    syncScope();
    const targets = gridId === undefined ? [...runtimes.values()] : [runtimeOf(gridId)];
    await Promise.all(
      targets.map(async (runtime) => {
        clearTimers(runtime);
        if (runtime.inflight) {
          await runtime.inflight;
          clearTimers(runtime);
        }
        if (live(runtime) && runtime.entry.pending) await send(runtime);
      }),
    );
  }

  /** Retries a failed save now, with the backoff counter reset. */
  function retry(gridId: string): Promise<void> {
    syncScope();
    entryOf(gridId).attempts = 0;
    return flush(gridId);
  }

  // --- changes ----------------------------------------------------------------------------------

  function t(problem: PrefsProblem): string {
    if (problem.detail) return problem.detail;
    const translator = createTranslator({ locale, overrides, lookup: host ? (key) => host?.translate(key) : undefined });
    if (problem.plural) return translator.plural(problem.plural.base, problem.plural.count, problem.params);
    return translator.format(problem.key, problem.params, problem.fallback);
  }

  function refuse<T>(problem: PrefsProblem): PrefsResult<T> {
    return { ok: false, code: problem.code, message: t(problem) };
  }

  /**
   * Applies a change after checking it against the server's limits, updates the tombstones, marks
   * the grid pending, writes the local record and schedules a save. Returns a problem instead when
   * the change breaks a limit (nothing changes then).
   */
  function commit(
    runtime: Runtime,
    next: { colPresets: Record<string, ColumnPreset>; searches: string[] },
    updateTombstones: (tombstones: Tombstones) => void = () => {},
  ): PrefsProblem | null {
    const checked = validateGridPrefsPatch(next);
    if (!checked.ok) return { code: 'invalid', key: 'common.error', params: {}, detail: checked.message };
    if (jsonByteLength({ grid_id: runtime.gridId, ...checked.value }) > PREFS_LIMITS.maxBodyBytes) {
      return { code: 'invalid', key: 'common.error', params: {}, detail: `The preferences would be larger than ${PREFS_LIMITS.maxBodyBytes} bytes.` };
    }
    const { entry } = runtime;
    startListening();
    entry.colPresets = checked.value.colPresets ?? {};
    entry.searches = checked.value.searches ?? [];
    entry.pending = true;
    runtime.revision += 1;
    updateTombstones(runtime.tombstones);
    writeRecord(runtime);
    scheduleSave(runtime);
    return null;
  }

  function tombstone(list: string[], name: string): void {
    if (!list.includes(name)) list.push(name);
    if (list.length > MAX_TOMBSTONES) list.splice(0, list.length - MAX_TOMBSTONES);
  }

  function untombstone(list: string[], name: string): void {
    const at = list.indexOf(name);
    if (at !== -1) list.splice(at, 1);
  }

  /**
   * Saves the grid's column state as a named preset. `columns` may be AG Grid's
   * `getColumnState()` as it is: only `colId`, `hide`, `pinned`, `width`, `sort` and `sortIndex`
   * are kept, normalised to what the server accepts (`presetColumnsFromState`). The name is trimmed;
   * an empty, too long or taken name (case-insensitively) is refused unless `overwrite` is set for a
   * taken one, and so is a preset beyond the limits. Returns the stored name.
   */
  function savePreset(gridId: string, name: string, columns: readonly ColumnStateInput[], options: SavePresetOptions = {}): PrefsResult<string> {
    const runtime = prepare(gridId);
    const { entry } = runtime;
    const clean = normaliseName(name);
    const problem = presetNameProblem(clean, entry.colPresets);
    let colPresets = { ...entry.colPresets };
    if (problem) {
      if (!(problem.code === 'name_taken' && options.overwrite)) return refuse(problem);
      // Overwriting keeps the preset's place in the list.
      colPresets = renameKey(colPresets, String(problem.params.name), clean);
    } else if (Object.keys(colPresets).length >= PREFS_LIMITS.maxPresets) {
      return refuse({ code: 'too_many_presets', key: 'prefs.preset.too_many', params: {}, plural: { base: 'prefs.preset.too_many', count: PREFS_LIMITS.maxPresets } });
    }
    colPresets[clean] = { columns: presetColumnsFromState(columns) };
    const failed = commit(runtime, { colPresets, searches: entry.searches }, (tombstones) => untombstone(tombstones.presets, clean));
    if (failed) return refuse(failed);
    return { ok: true, value: clean };
  }

  /** Renames a preset, keeping its place. Refused when `from` is unknown or `to` is empty, too long or taken. */
  function renamePreset(gridId: string, from: string, to: string): PrefsResult<string> {
    const runtime = prepare(gridId);
    const { entry } = runtime;
    if (!Object.prototype.hasOwnProperty.call(entry.colPresets, from)) {
      return refuse({ code: 'not_found', key: 'prefs.preset.not_found', params: { name: from } });
    }
    const clean = normaliseName(to);
    if (clean === from) return { ok: true, value: clean };
    const problem = presetNameProblem(clean, entry.colPresets, from);
    if (problem) return refuse(problem);
    const failed = commit(runtime, { colPresets: renameKey(entry.colPresets, from, clean), searches: entry.searches }, (tombstones) => {
      tombstone(tombstones.presets, from);
      untombstone(tombstones.presets, clean);
    });
    if (failed) return refuse(failed);
    return { ok: true, value: clean };
  }

  /** Deletes a preset. Refused (`not_found`) for an unknown name. */
  function deletePreset(gridId: string, name: string): PrefsResult {
    const runtime = prepare(gridId);
    const { entry } = runtime;
    if (!Object.prototype.hasOwnProperty.call(entry.colPresets, name)) {
      return refuse({ code: 'not_found', key: 'prefs.preset.not_found', params: { name } });
    }
    const colPresets = { ...entry.colPresets };
    delete colPresets[name];
    const failed = commit(runtime, { colPresets, searches: entry.searches }, (tombstones) => tombstone(tombstones.presets, name));
    if (failed) return refuse(failed);
    return { ok: true, value: undefined };
  }

  /**
   * The column state of a preset, as a fresh copy for the grid adapter (AG Grid's
   * `applyColumnState({ state, applyOrder: true })`), or null for an unknown name.
   */
  function applyPreset(gridId: string, name: string): PresetColumnState[] | null {
    const { entry } = prepare(gridId);
    if (!Object.prototype.hasOwnProperty.call(entry.colPresets, name)) return null;
    return cloneJson(entry.colPresets[name]?.columns ?? []);
  }

  /** Saves a search text (trimmed). Refused when empty, too long, already saved or over the limit. */
  function saveSearch(gridId: string, text: string): PrefsResult<string> {
    const runtime = prepare(gridId);
    const { entry } = runtime;
    const clean = text.trim();
    const problem = searchProblem(clean, entry.searches);
    if (problem) return refuse(problem);
    const failed = commit(runtime, { colPresets: entry.colPresets, searches: [...entry.searches, clean] }, (tombstones) =>
      untombstone(tombstones.searches, clean),
    );
    if (failed) return refuse(failed);
    return { ok: true, value: clean };
  }

  /** Removes a saved search. Refused (`not_found`) when it is not saved. */
  function removeSearch(gridId: string, text: string): PrefsResult {
    const runtime = prepare(gridId);
    const { entry } = runtime;
    if (!entry.searches.includes(text)) {
      return refuse({ code: 'not_found', key: 'prefs.search.not_found', params: { search: text }, fallback: 'This search is not saved' });
    }
    const failed = commit(runtime, { colPresets: entry.colPresets, searches: entry.searches.filter((search) => search !== text) }, (tombstones) =>
      tombstone(tombstones.searches, text),
    );
    if (failed) return refuse(failed);
    return { ok: true, value: undefined };
  }

  /** Stops every timer and listener (also done when the store is disposed). Pending changes stay in localStorage. */
  function stop(): void {
    for (const runtime of runtimes.values()) clearTimers(runtime);
    stopListening?.();
    stopListening = null;
  }

  onScopeDispose(stop);

  return {
    grids,
    hasHost,
    subject,
    configure,
    currentHost,
    setSubject,
    switchSubject,
    entryOf,
    load,
    flush,
    retry,
    savePreset,
    renamePreset,
    deletePreset,
    applyPreset,
    saveSearch,
    removeSearch,
    stop,
  };
});
