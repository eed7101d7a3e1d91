/**
 * One grid of one subject in the preferences store: the reactive entry the UI reads
 * (`GridPrefsEntry`), the bookkeeping beside it that must not be reactive (revision, tombstones,
 * save scheduler, load in flight), and the state changes each arriving copy makes: the grid's own
 * local record, another tab's record, the server's copy, a save's answer or failure.
 *
 * The changes are synchronous and touch only the runtime: no timers, storage or host calls, so
 * the store can decide when to apply them and what to persist afterwards.
 *
 * @module
 */
import type { GridPrefs } from '../../src/core/types';
import type { HostErrorInfo } from '../../src/host/errors';
import { toHostErrorInfo } from '../../src/host/errors';
import { cloneJson } from '../../src/host/prefs-data';
import type { LoadPrefsResult, LocalOnlyReason, SavePrefsResult } from '../../src/host/types';
import { emptyTombstones, mergePrefs } from './model';
import type { LocalPrefsRecord, PrefsContents, Tombstones } from './model';
import type { SaveScheduler } from './scheduler';

/** The state of one grid's preferences. Read it; change it through the store's actions. */
export interface GridPrefsEntry extends PrefsContents {
  gridId: string;
  /** The subject these preferences belong to (null: the anonymous caller). */
  subject: string | null;
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

/**
 * Whose records the store works on. The store makes a new object on every switch, so work started
 * for an old scope can tell by identity that it is stale.
 */
export interface PrefsScope {
  readonly namespace: string;
  /** The subject id, or null for the anonymous caller. */
  readonly subject: string | null;
}

/** The non-reactive side of one grid of one scope, around its reactive entry. */
export interface GridRuntime {
  readonly scope: PrefsScope;
  readonly gridId: string;
  /** The reactive entry in the store's `grids` (of this runtime's scope). */
  readonly entry: GridPrefsEntry;
  /** Counts local changes, so a save's answer can tell whether it confirmed the latest one. */
  revision: number;
  /** Deletions since the last confirmed save (see `Tombstones`). */
  tombstones: Tombstones;
  /** The grid's debounce, retry timer and request in flight. */
  readonly saves: SaveScheduler;
  /** The load under way, shared by concurrent `load` calls, or null. */
  loading: Promise<void> | null;
  /** True once the local record was read for this scope. */
  localRead: boolean;
}

/** A new entry: no presets or searches, nothing loaded, pending or failed. */
export function emptyEntry(gridId: string, subject: string | null): GridPrefsEntry {
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

/** A runtime around `entry` with no changes, deletions or work under way yet. */
export function createGridRuntime(scope: PrefsScope, gridId: string, entry: GridPrefsEntry, saves: SaveScheduler): GridRuntime {
  return { scope, gridId, entry, revision: 0, tombstones: emptyTombstones(), saves, loading: null, localRead: false };
}

/** The record the runtime keeps in localStorage: fresh copies, safe to serialise later. */
export function toLocalRecord(runtime: GridRuntime): LocalPrefsRecord {
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

/**
 * Merges `other` (the server's copy, a local record, another tab's record) into the entry's
 * unconfirmed contents with `mergePrefs`: local entries win, the runtime's tombstones stay deleted.
 */
export function adoptMerged(runtime: GridRuntime, other: PrefsContents): void {
  const merged = mergePrefs(runtime.entry, other, runtime.tombstones);
  runtime.entry.colPresets = merged.colPresets;
  runtime.entry.searches = merged.searches;
}

/**
 * Takes this grid's own local record as it is, including whether it is pending and its tombstones
 * (the record of an earlier session of the same subject). Only for an entry with nothing pending;
 * one with pending changes merges instead (`adoptMerged`).
 */
export function adoptOwnRecord(runtime: GridRuntime, record: LocalPrefsRecord): void {
  showRecord(runtime.entry, record);
  runtime.entry.pending = record.pending;
  runtime.tombstones = record.tombstones;
}

/**
 * Takes the record another tab wrote, when this tab has nothing pending: it is the newest copy, and
 * that tab sends its own changes, so `pending` stays false here and no tombstones are kept.
 */
export function adoptOtherTabRecord(runtime: GridRuntime, record: LocalPrefsRecord): void {
  showRecord(runtime.entry, record);
  runtime.tombstones = emptyTombstones();
}

/** Takes the server's copy as it is (nothing pending to keep): copies, no tombstones. */
export function adoptServer(runtime: GridRuntime, prefs: GridPrefs): void {
  runtime.entry.colPresets = cloneJson(prefs.colPresets);
  runtime.entry.searches = [...prefs.searches];
  runtime.entry.updatedAt = prefs.updatedAt;
  runtime.tombstones = emptyTombstones();
}

/**
 * Applies a load's answer: the server's copy is seen (`synced`), local-only status follows the
 * answer, and the copy is merged with pending changes or replaces the entry's contents.
 */
export function applyLoadResult(runtime: GridRuntime, server: LoadPrefsResult): void {
  const { entry } = runtime;
  entry.synced = true;
  if (server.localOnly) {
    entry.localOnly = true;
    entry.localOnlyReason = server.reason ?? 'anonymous';
    return;
  }
  entry.localOnly = false;
  entry.localOnlyReason = null;
  if (entry.pending) adoptMerged(runtime, server.prefs);
  else adoptServer(runtime, server.prefs);
}

/** Marks the grid as kept on this device because there is no host to save through. */
export function markDisabled(entry: GridPrefsEntry): void {
  entry.localOnly = true;
  entry.localOnlyReason = 'disabled';
}

/**
 * Applies a successful save of revision `sentRevision`: errors and backoff are reset and the
 * local-only status follows the answer. Returns true when the save confirmed the latest change
 * (`pending` cleared, tombstones dropped); false when newer changes arrived meanwhile and must be
 * sent next.
 */
export function applySaveSuccess(runtime: GridRuntime, result: SavePrefsResult, sentRevision: number): boolean {
  const { entry } = runtime;
  entry.error = null;
  entry.attempts = 0;
  entry.nextRetryAt = null;
  entry.localOnly = result.localOnly;
  entry.localOnlyReason = result.localOnly ? (result.reason ?? 'anonymous') : null;
  if (!result.localOnly) entry.updatedAt = result.prefs.updatedAt;
  if (runtime.revision !== sentRevision) return false;
  entry.pending = false;
  runtime.tombstones = emptyTombstones();
  return true;
}

/** Applies a failed save: the error is kept for the UI and counted for the backoff; the change stays pending. */
export function applySaveFailure(runtime: GridRuntime, error: unknown): void {
  runtime.entry.error = toHostErrorInfo(error);
  runtime.entry.attempts += 1;
}

/**
 * Settles a pending change with no host to send it to: kept on this device only (`disabled`),
 * nothing pending, no error, no tombstones.
 */
export function settleWithoutHost(runtime: GridRuntime): void {
  const { entry } = runtime;
  entry.pending = false;
  markDisabled(entry);
  entry.error = null;
  runtime.tombstones = emptyTombstones();
}

/** Shows a record's contents and status in the entry. */
function showRecord(entry: GridPrefsEntry, record: LocalPrefsRecord): void {
  entry.colPresets = record.colPresets;
  entry.searches = record.searches;
  entry.updatedAt = record.updatedAt;
  entry.localOnly = record.localOnly;
  entry.localOnlyReason = record.localOnlyReason;
}
