/**
 * `useGridPreferencesStore` (`gridView/preferences`): named column presets and saved searches per
 * grid, persisted through a `GridViewHost` and mirrored in localStorage so that nothing the user did
 * is lost.
 *
 * How a change travels:
 * 1. An action (`savePreset`, `renamePreset`, `deletePreset`, `setDefaultPreset`, `saveSearch`,
 *    `removeSearch`) checks
 *    the input (a refusal is a returned `{ ok: false, code, message }`, never a throw), applies it,
 *    marks the grid `pending` and writes the local record at once.
 * 2. After `debounceMs` (default 400 ms) of quiet the whole `{colPresets, searches}` is saved through
 *    `host.saveGridPrefs`; `flush()` sends at once.
 * 3. Success clears `pending` and `error` (unless newer changes arrived meanwhile, which are sent
 *    next). `localOnly: true` in the answer keeps everything in localStorage and says so.
 * 4. Failure keeps the change locally (`pending`, `error` set) and retries retryable errors with
 *    exponential backoff (`retry` options, capped, `Retry-After` honoured); the `online` event
 *    retries at once and a new change replaces the wait with the normal debounce. After
 *    `maxAttempts` the grid stays pending until `retry()`, the next change or the next load.
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
 * This module is the Pinia store that wires the parts together and owns what spans grids: the
 * options, the active subject and the hold of `switchSubject`, and the order in which each step
 * runs. The parts:
 * - `./preferences-edits`: what each action changes, or why it is refused (pure);
 * - `./preferences-model`: the local record, its keys, the merge and the name checks (pure);
 * - `./preferences-runtime`: one grid's entry and the state change each arriving copy makes;
 * - `./preferences-local`: the records in localStorage and other tabs' writes;
 * - `./preferences-scheduler`: debounce, backoff and one request at a time per grid.
 *
 * @module
 */
import { defineStore } from 'pinia';
import { onScopeDispose, ref, shallowRef } from 'vue';
import { createTranslator } from '../src/core/i18n/translator';
import type { MessageOverrides } from '../src/core/i18n/translator';
import type { PresetColumnState } from '../src/core/types';
import { isHostError, toHostErrorInfo } from '../src/host/errors';
import { cloneJson } from '../src/host/prefs-data';
import type { GridViewHost, LoadPrefsResult } from '../src/host/types';
import type { ColumnStateInput } from '../src/core/column-state';
import { hasPreset, planDeletePreset, planRemoveSearch, planRenamePreset, planSaveLayout, planSavePreset, planSaveSearch, planSetDefaultPreset } from './preferences/edits';
import type { PrefsEdit, PrefsEditBase } from './preferences/edits';
import { applyOtherTabWrite, listenToPrefsEvents, readLocalRecord, writeRecord } from './preferences/local';
import type { PrefsErrorCode, PrefsProblem } from './preferences/model';
import {
  adoptMerged,
  applyLoadResult,
  applySaveFailure,
  applySaveSuccess,
  createGridRuntime,
  emptyEntry,
  markDisabled,
  settleWithoutHost,
} from './preferences/runtime';
import type { GridPrefsEntry, GridRuntime, PrefsScope } from './preferences/runtime';
import { DEFAULT_RETRY, SaveScheduler, nextRetryDelay } from './preferences/scheduler';
import type { RetryOptions } from './preferences/scheduler';
import { createSafeStorage } from './safe-storage';
import type { SafeStorage, StorageOptions } from './safe-storage';

export type { GridPrefsEntry } from './preferences/runtime';
export type { RetryOptions } from './preferences/scheduler';

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

/** The preferences store. See the module comment and `docs/state.md`. */
export const useGridPreferencesStore = defineStore('gridView/preferences', () => {
  const grids = ref<Record<string, GridPrefsEntry>>({});
  const hasHost = shallowRef(false);
  /** The subject whose preferences `grids` holds (null: anonymous). */
  const subject = shallowRef<string | null>(null);
  let scope: PrefsScope = { namespace: 'default', subject: null };
  let runtimes = new Map<string, GridRuntime>();
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

  /** False once the store switched away from the runtime's scope: its late answers are dropped. */
  function live(runtime: GridRuntime): boolean {
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

  function switchScope(next: PrefsScope): void {
    const known = [...runtimes.values()].map((runtime) => ({ gridId: runtime.gridId, reload: runtime.entry.loaded || runtime.entry.loading }));
    // The old subject's unconfirmed changes are already in its own records (written on every change
    // and every failed save); they stay there for that subject's next session. Its timers go, and
    // answers still on their way are dropped by `live()`.
    for (const runtime of runtimes.values()) runtime.saves.clear();
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
      runtime.saves.clear();
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
    for (const runtime of runtimes.values()) if (runtime.entry.pending && !runtime.saves.inflight) scheduleSave(runtime, 0);
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

  function runtimeOf(gridId: string): GridRuntime {
    const known = runtimes.get(gridId);
    if (known) return known;
    // An entry may exist without a runtime (state restored into Pinia, e.g. after SSR).
    if (!grids.value[gridId]) grids.value[gridId] = emptyEntry(gridId, scope.subject);
    const saves = new SaveScheduler({
      attempt: () => sendOnce(runtime),
      wantsFollowUp: () => live(runtime) && !hold && runtime.entry.pending,
    });
    const runtime = createGridRuntime(scope, gridId, grids.value[gridId]!, saves);
    runtimes.set(gridId, runtime);
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
  function prepare(gridId: string): GridRuntime {
    syncScope();
    const runtime = runtimeOf(gridId);
    readLocalRecord(storage, runtime);
    return runtime;
  }

  /** Writes the runtime's local record to the storage in use now. */
  function persist(runtime: GridRuntime): void {
    writeRecord(storage, runtime);
  }

  /** Follows other tabs' writes and the `online` event, from the first load or change on. */
  function startListening(): void {
    if (stopListening) return;
    stopListening = listenToPrefsEvents(storage, {
      storage: (key, newValue) => applyOtherTabWrite(storage, runtimes.values(), key, newValue),
      online: () => {
        for (const runtime of runtimes.values()) if (runtime.entry.pending && runtime.entry.error) void retry(runtime.gridId);
      },
    });
  }

  // --- loading ----------------------------------------------------------------------------------

  async function readServer(activeHost: GridViewHost, runtime: GridRuntime): Promise<LoadPrefsResult> {
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
    const loading = (async () => {
      entry.loading = true;
      entry.loadError = null;
      try {
        if (!activeHost) {
          markDisabled(entry);
          return;
        }
        const server = await readServer(activeHost, runtime);
        // Signed over to another subject meanwhile: this answer belongs to nobody shown now.
        if (!live(runtime)) return;
        applyLoadResult(runtime, server);
        persist(runtime);
      } catch (error) {
        entry.loadError = toHostErrorInfo(error);
      } finally {
        entry.loading = false;
        entry.loaded = true;
        if (live(runtime) && entry.pending) scheduleSave(runtime, 0);
      }
    })();
    // Cleared when settled, not inside the body: without a host the body finishes synchronously,
    // before this assignment, and a marker cleared there would stay set and block later loads.
    runtime.loading = loading;
    void loading.finally(() => {
      if (runtime.loading === loading) runtime.loading = null;
    });
    return loading;
  }

  // --- saving -----------------------------------------------------------------------------------

  /** Sends after `delay` of quiet (default `debounceMs`), replacing any retry wait. */
  function scheduleSave(runtime: GridRuntime, delay = debounceMs): void {
    runtime.entry.nextRetryAt = null;
    runtime.saves.debounce(delay);
  }

  /** After a failed save: the next automatic retry by the backoff, or none (`nextRetryAt` null). */
  function scheduleRetry(runtime: GridRuntime, error: unknown): void {
    const { entry } = runtime;
    runtime.saves.cancelRetry();
    const delay = nextRetryDelay(entry.error, entry.attempts, isHostError(error) ? error.retryAfterMs : undefined, retryOptions, random);
    if (delay === null) {
      entry.nextRetryAt = null;
      return;
    }
    entry.nextRetryAt = now() + delay;
    runtime.saves.retryIn(delay);
  }

  /** One save attempt of the grid's current state (the scheduler runs one at a time). */
  async function sendOnce(runtime: GridRuntime): Promise<void> {
    const { entry } = runtime;
    // Held (a sign-in is under way) or signed over: the change stays in its subject's record.
    if (!entry.pending || hold || !live(runtime)) return;
    // The host now reports another caller: switch, and keep this change for its own subject.
    if (syncScope()) return;
    if (!host) {
      settleWithoutHost(runtime);
      persist(runtime);
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
      if (!applySaveSuccess(runtime, result, sentRevision)) runtime.saves.requestFollowUp();
      persist(runtime);
    } catch (error) {
      if (!live(runtime)) return;
      applySaveFailure(runtime, error);
      persist(runtime);
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
        runtime.saves.clear();
        if (runtime.saves.inflight) {
          await runtime.saves.inflight;
          runtime.saves.clear();
        }
        if (live(runtime) && runtime.entry.pending) await runtime.saves.send();
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

  /** What an edit of the grid starts from. */
  function editBase(runtime: GridRuntime): PrefsEditBase {
    return { gridId: runtime.gridId, contents: runtime.entry, tombstones: runtime.tombstones };
  }

  /**
   * Applies a planned edit: a refusal is translated; an accepted change is shown, marks the grid
   * pending, replaces the tombstones, is written to the local record and schedules a save.
   */
  function commit<T>(runtime: GridRuntime, edit: PrefsEdit<T>): PrefsResult<T> {
    if (!edit.ok) return refuse(edit.problem);
    if (edit.change) {
      const { entry } = runtime;
      startListening();
      entry.colPresets = edit.change.next.colPresets;
      entry.searches = edit.change.next.searches;
      entry.pending = true;
      runtime.revision += 1;
      runtime.tombstones = edit.change.tombstones;
      persist(runtime);
      scheduleSave(runtime);
    }
    return { ok: true, value: edit.value };
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
    return commit(runtime, planSavePreset(editBase(runtime), name, columns, options.overwrite));
  }

  /**
   * Keeps the grid's column layout (as `savePreset` takes it) under `LAYOUT_PRESET`, saved like any
   * change: locally at once, to the host after `debounceMs`, retried after a failure. Returns the
   * problem when the layout would break the limits (a grid at `maxPresets` keeps no layout).
   */
  function saveLayout(gridId: string, columns: readonly ColumnStateInput[]): PrefsResult<string> {
    const runtime = prepare(gridId);
    return commit(runtime, planSaveLayout(editBase(runtime), columns));
  }

  /** Renames a preset, keeping its place. Refused when `from` is unknown or `to` is empty, too long or taken. */
  function renamePreset(gridId: string, from: string, to: string): PrefsResult<string> {
    const runtime = prepare(gridId);
    return commit(runtime, planRenamePreset(editBase(runtime), from, to));
  }

  /** Deletes a preset. Refused (`not_found`) for an unknown name. */
  function deletePreset(gridId: string, name: string): PrefsResult {
    const runtime = prepare(gridId);
    return commit(runtime, planDeletePreset(editBase(runtime), name));
  }

  /**
   * Marks the preset `name` as the one a grid applies when it opens without a layout of its own
   * (every other preset is unmarked); null unmarks all. Refused (`not_found`) for an unknown name.
   */
  function setDefaultPreset(gridId: string, name: string | null): PrefsResult<string | null> {
    const runtime = prepare(gridId);
    return commit(runtime, planSetDefaultPreset(editBase(runtime), name));
  }

  /** The name of the grid's default preset, or null. */
  function defaultPreset(gridId: string): string | null {
    const { entry } = prepare(gridId);
    return Object.keys(entry.colPresets).find((name) => entry.colPresets[name]?.default === true) ?? null;
  }

  /**
   * The column state of a preset, as a fresh copy for the grid adapter (AG Grid's
   * `applyColumnState({ state, applyOrder: true })`), or null for an unknown name.
   */
  function applyPreset(gridId: string, name: string): PresetColumnState[] | null {
    const { entry } = prepare(gridId);
    if (!hasPreset(entry, name)) return null;
    return cloneJson(entry.colPresets[name]?.columns ?? []);
  }

  /** Saves a search text (trimmed). Refused when empty, too long, already saved or over the limit. */
  function saveSearch(gridId: string, text: string): PrefsResult<string> {
    const runtime = prepare(gridId);
    return commit(runtime, planSaveSearch(editBase(runtime), text));
  }

  /** Removes a saved search. Refused (`not_found`) when it is not saved. */
  function removeSearch(gridId: string, text: string): PrefsResult {
    const runtime = prepare(gridId);
    return commit(runtime, planRemoveSearch(editBase(runtime), text));
  }

  /** Stops every timer and listener (also done when the store is disposed). Pending changes stay in localStorage. */
  function stop(): void {
    for (const runtime of runtimes.values()) runtime.saves.clear();
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
    saveLayout,
    renamePreset,
    deletePreset,
    applyPreset,
    setDefaultPreset,
    defaultPreset,
    saveSearch,
    removeSearch,
    stop,
  };
});
