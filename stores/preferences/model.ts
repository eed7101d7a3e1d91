/**
 * The data side of saved preferences on the client: the local record kept in localStorage, the
 * merge of a local copy with a server or other-tab copy, and the name checks behind "duplicate names
 * are refused". Pure functions, so the rules that decide what the user keeps can be tested without
 * Pinia, timers or storage; the edits built on them are in `./preferences-edits`, the Pinia store
 * in `./preferences`.
 *
 * @module
 */
import { PREFS_LIMITS, validateGridPrefsPatch } from '../../src/core/prefs';
import type { ColumnPreset, GridPrefsPatch } from '../../src/core/types';
import type { LocalOnlyReason } from '../../src/host/types';

/** What one grid's preferences hold: named column presets (in their order) and saved searches. */
export interface PrefsContents {
  colPresets: Record<string, ColumnPreset>;
  searches: string[];
}

/**
 * Names removed locally since the last confirmed save. A merge with another copy must not bring
 * them back, so deletions survive a failed save and a reload.
 */
export interface Tombstones {
  presets: string[];
  searches: string[];
}

/** What the preferences store keeps in localStorage per grid (inside the versioned payload). */
export interface LocalPrefsRecord extends PrefsContents {
  updatedAt: string | null;
  /** True while the host has not confirmed the latest change. */
  pending: boolean;
  localOnly: boolean;
  localOnlyReason: LocalOnlyReason | null;
  tombstones: Tombstones;
}

/** Fresh, empty tombstones: nothing deleted since the last confirmed save. */
export function emptyTombstones(): Tombstones {
  return { presets: [], searches: [] };
}

/** Prefix of the preferences keys in localStorage. */
export const PREFS_KEY_PREFIX = 'gridView:prefs:';

/** The subject part of a preferences key for an anonymous caller. */
export const ANONYMOUS_SUBJECT_KEY = 'anonymous';

/**
 * The subject part of a preferences key: `anonymous` for null, else `@` and the URL-encoded subject.
 * The two can never be equal (a named subject always starts with `@`), so an anonymous record is
 * never read for a user called "anonymous", and no subject can produce a `:`.
 */
export function subjectKeyPart(subject: string | null): string {
  return subject === null ? ANONYMOUS_SUBJECT_KEY : `@${encodeURIComponent(subject)}`;
}

/**
 * The localStorage key of one subject's preferences of one grid:
 * `gridView:prefs:<namespace>:<subject>:<gridId>`, namespace and grid id URL-encoded, the subject as
 * `subjectKeyPart` gives it (`anonymous` or `@<subject>`). Each signed-in user of a shared browser
 * has keys of their own, and so has the anonymous caller.
 *
 * Edge case: records written by 0.1.0 under `gridView:prefs:<namespace>:<gridId>` carry no subject;
 * they cannot be told apart by user, so the store never reads them.
 */
export function prefsStorageKey(namespace: string, gridId: string, subject: string | null): string {
  return `${PREFS_KEY_PREFIX}${encodeURIComponent(namespace || 'default')}:${subjectKeyPart(subject)}:${encodeURIComponent(gridId)}`;
}

/** Validates a stored record (presets and searches by the server's rules); null when anything is off. */
export function validateLocalPrefsRecord(raw: unknown): LocalPrefsRecord | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const checked = validateGridPrefsPatch({ colPresets: record.colPresets, searches: record.searches });
  if (!checked.ok || !checked.value.colPresets || !checked.value.searches) return null;
  if (record.updatedAt !== null && typeof record.updatedAt !== 'string') return null;
  if (typeof record.pending !== 'boolean' || typeof record.localOnly !== 'boolean') return null;
  const reason = record.localOnlyReason;
  if (reason !== null && reason !== 'anonymous' && reason !== 'disabled') return null;
  const tombstones = record.tombstones as Partial<Tombstones> | null | undefined;
  if (typeof tombstones !== 'object' || tombstones === null) return null;
  if (!isStringList(tombstones.presets) || !isStringList(tombstones.searches)) return null;
  return {
    colPresets: checked.value.colPresets,
    searches: checked.value.searches,
    updatedAt: record.updatedAt,
    pending: record.pending,
    localOnly: record.localOnly,
    localOnlyReason: reason,
    tombstones: { presets: [...tombstones.presets], searches: [...tombstones.searches] },
  };
}

/** The contents two copies are compared by: presets by name, searches and tombstones as sets. */
export function canonicalPrefs(value: PrefsContents & { tombstones?: Tombstones }): string {
  const names = Object.keys(value.colPresets).sort();
  return JSON.stringify([
    names.map((name) => [name, value.colPresets[name]]),
    [...value.searches].sort(),
    [...(value.tombstones?.presets ?? [])].sort(),
    [...(value.tombstones?.searches ?? [])].sort(),
  ]);
}

/**
 * Merges unconfirmed local changes with another copy (the server's, or another tab's): every local
 * preset and search stays (local wins for a name both have), the other copy's entries are added
 * unless the local side deleted them (tombstones). Local order first, then the other copy's extras.
 *
 * Edge cases: when the union breaks a limit (too many presets or searches, body too big), the local
 * copy alone is returned, so what the user did is never the part that gets cut.
 */
export function mergePrefs(local: PrefsContents, other: PrefsContents, tombstones: Tombstones): GridPrefsPatch & PrefsContents {
  const deletedPresets = new Set(tombstones.presets);
  const deletedSearches = new Set(tombstones.searches);
  const colPresets: Record<string, ColumnPreset> = { ...local.colPresets };
  for (const [name, preset] of Object.entries(other.colPresets)) {
    if (!Object.prototype.hasOwnProperty.call(colPresets, name) && !deletedPresets.has(name)) colPresets[name] = preset;
  }
  const searches = [...local.searches];
  for (const search of other.searches) {
    if (!searches.includes(search) && !deletedSearches.has(search)) searches.push(search);
  }
  const checked = validateGridPrefsPatch({ colPresets, searches });
  if (!checked.ok) return { colPresets: { ...local.colPresets }, searches: [...local.searches] };
  return { colPresets: checked.value.colPresets ?? {}, searches: checked.value.searches ?? [] };
}

/** Refusal codes of the preferences store's actions. */
export type PrefsErrorCode =
  | 'name_empty'
  | 'name_taken'
  | 'name_too_long'
  | 'not_found'
  | 'too_many_presets'
  | 'search_empty'
  | 'search_duplicate'
  | 'search_too_long'
  | 'too_many_searches'
  | 'invalid';

/** A refusal before translation: the code, the catalog key and its parameters. */
export interface PrefsProblem {
  code: PrefsErrorCode;
  key: string;
  params: Record<string, string | number>;
  /** Plural base instead of `key`, with `count`. */
  plural?: { base: string; count: number };
  /** A validator's plain message (code `invalid`). */
  detail?: string;
  /** Text used when the catalog lacks `key`. */
  fallback?: string;
}

/** A refusal with a validator's plain message (code `invalid`, shown as it is). */
export function invalidProblem(detail: string): PrefsProblem {
  return { code: 'invalid', key: 'common.error', params: {}, detail };
}

/** Normalises a preset name (trimmed) and compares names case-insensitively. */
export function normaliseName(name: string): string {
  return name.trim();
}

/** The existing preset name that clashes with `name` (case-insensitively), other than `ignore`. */
export function clashingName(colPresets: Record<string, ColumnPreset>, name: string, ignore?: string): string | null {
  const wanted = name.toLocaleLowerCase();
  for (const existing of Object.keys(colPresets)) {
    if (existing !== ignore && existing.toLocaleLowerCase() === wanted) return existing;
  }
  return null;
}

/**
 * The preset under which a grid's own column layout is kept (`saveLayout`), so it travels with the
 * reader's presets through the same routes. Never listed as a preset, and refused as a name.
 */
export const LAYOUT_PRESET = '__layout__';

/** Checks a new preset name (already trimmed). Null when fine. */
export function presetNameProblem(name: string, colPresets: Record<string, ColumnPreset>, ignore?: string): PrefsProblem | null {
  if (name === '') return { code: 'name_empty', key: 'prefs.preset.name_empty', params: {} };
  if (name.length > PREFS_LIMITS.presetNameMaxLength) {
    const max = PREFS_LIMITS.presetNameMaxLength;
    return { code: 'name_too_long', key: 'prefs.preset.name_too_long', params: {}, plural: { base: 'prefs.preset.name_too_long', count: max } };
  }
  if (name === '__proto__') return invalidProblem('"__proto__" is not allowed as a preset name.');
  if (name.toLowerCase() === LAYOUT_PRESET) return invalidProblem(`"${LAYOUT_PRESET}" is kept for the grid's own layout.`);
  const clash = clashingName(colPresets, name, ignore);
  if (clash !== null) return { code: 'name_taken', key: 'prefs.preset.name_taken', params: { name: clash } };
  return null;
}

/** Checks a search text (already trimmed) against the saved list. Null when fine. */
export function searchProblem(text: string, searches: readonly string[]): PrefsProblem | null {
  if (text === '') return { code: 'search_empty', key: 'prefs.search.empty', params: {} };
  if (text.length > PREFS_LIMITS.searchMaxLength) {
    const max = PREFS_LIMITS.searchMaxLength;
    return { code: 'search_too_long', key: 'prefs.search.too_long', params: {}, plural: { base: 'prefs.search.too_long', count: max } };
  }
  if (searches.includes(text)) return { code: 'search_duplicate', key: 'prefs.search.duplicate', params: { search: text } };
  if (searches.length >= PREFS_LIMITS.maxSearches) {
    return { code: 'too_many_searches', key: 'prefs.search.too_many', params: {}, plural: { base: 'prefs.search.too_many', count: PREFS_LIMITS.maxSearches } };
  }
  return null;
}

/** `colPresets` with `from` renamed to `to`, keeping its position. */
export function renameKey(colPresets: Record<string, ColumnPreset>, from: string, to: string): Record<string, ColumnPreset> {
  const out: Record<string, ColumnPreset> = {};
  for (const [name, preset] of Object.entries(colPresets)) out[name === from ? to : name] = preset;
  return out;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
