/**
 * The edits of a grid's saved preferences (save, rename, delete and mark as default a preset; save
 * and remove a search) as pure functions: from the grid's current contents and tombstones to the contents and
 * tombstones after the edit, or the problem that refuses it. Every accepted edit is checked against
 * the server's limits here, so what the client accepts the server accepts.
 *
 * The store applies a plan (marks the grid pending, writes the local record, schedules the save)
 * and translates a problem; keeping the rules apart lets them be read and tested without Pinia,
 * timers or storage.
 *
 * @module
 */
import { PREFS_LIMITS, validateGridPrefsPatch } from '../../src/core/prefs';
import { jsonByteLength } from '../../src/host/prefs-data';
import { presetColumnsFromState } from '../../src/core/column-state';
import type { ColumnStateInput } from '../../src/core/column-state';
import { LAYOUT_PRESET, clashingName, invalidProblem, normaliseName, presetNameProblem, renameKey, searchProblem } from './model';
import type { PrefsContents, PrefsProblem, Tombstones } from './model';

/** Tombstones kept per list at most; the oldest go first (a merge may then bring one back). */
export const MAX_TOMBSTONES = 200;

/** What an edit starts from: the grid's id (for the body limit), its contents and its tombstones. */
export interface PrefsEditBase {
  gridId: string;
  contents: PrefsContents;
  tombstones: Tombstones;
}

/** The contents and tombstones after an accepted edit; the contents passed the server's checks. */
export interface PrefsChange {
  next: PrefsContents;
  tombstones: Tombstones;
}

/**
 * A planned edit: accepted with the action's value and the change to apply (null when the edit
 * changes nothing, e.g. a rename to the same name), or refused with the problem.
 */
export type PrefsEdit<T> = { ok: true; value: T; change: PrefsChange | null } | { ok: false; problem: PrefsProblem };

/**
 * `list` with `name` added (once) and trimmed to the newest `MAX_TOMBSTONES`. Returns a new array.
 */
export function addTombstone(list: readonly string[], name: string): string[] {
  const out = list.includes(name) ? [...list] : [...list, name];
  return out.length > MAX_TOMBSTONES ? out.slice(out.length - MAX_TOMBSTONES) : out;
}

/** `list` without the first `name` (a name saved again is no longer deleted). Returns a new array. */
export function removeTombstone(list: readonly string[], name: string): string[] {
  const at = list.indexOf(name);
  return at === -1 ? [...list] : [...list.slice(0, at), ...list.slice(at + 1)];
}

/**
 * Checks contents against the server's rules (`validateGridPrefsPatch`) and its body limit
 * (`PREFS_LIMITS.maxBodyBytes`, measured as the request the host would send). Returns the
 * validated contents, or an `invalid` problem carrying the validator's message.
 */
export function checkPrefsContents(gridId: string, next: PrefsContents): { ok: true; value: PrefsContents } | { ok: false; problem: PrefsProblem } {
  const checked = validateGridPrefsPatch(next);
  if (!checked.ok) return { ok: false, problem: invalidProblem(checked.message) };
  if (jsonByteLength({ grid_id: gridId, ...checked.value }) > PREFS_LIMITS.maxBodyBytes) {
    return { ok: false, problem: invalidProblem(`The preferences would be larger than ${PREFS_LIMITS.maxBodyBytes} bytes.`) };
  }
  return { ok: true, value: { colPresets: checked.value.colPresets ?? {}, searches: checked.value.searches ?? [] } };
}

/**
 * Plans saving `columns` as the preset `name` (trimmed). Refused when the name is empty, too long,
 * `__proto__` or taken case-insensitively (unless `overwrite`: the taken preset is replaced in its
 * place, under the new spelling), when a new preset would exceed `PREFS_LIMITS.maxPresets`, or when
 * the result breaks the server's limits. The value is the stored name.
 */
export function planSavePreset(base: PrefsEditBase, name: string, columns: readonly ColumnStateInput[], overwrite?: boolean): PrefsEdit<string> {
  const { contents } = base;
  const clean = normaliseName(name);
  return planPreset(base, clean, columns, overwrite, presetNameProblem(clean, contents.colPresets));
}

/**
 * Plans keeping `columns` as the grid's own layout (`LAYOUT_PRESET`), replacing the one kept
 * before. It counts as a preset towards `PREFS_LIMITS.maxPresets`; refused like a new preset beyond
 * it, or when the result breaks the server's limits.
 */
export function planSaveLayout(base: PrefsEditBase, columns: readonly ColumnStateInput[]): PrefsEdit<string> {
  const taken = clashingName(base.contents.colPresets, LAYOUT_PRESET);
  return planPreset(base, LAYOUT_PRESET, columns, true, taken === null ? null : { code: 'name_taken', key: 'prefs.preset.name_taken', params: { name: taken } });
}

function planPreset(base: PrefsEditBase, clean: string, columns: readonly ColumnStateInput[], overwrite: boolean | undefined, problem: PrefsProblem | null): PrefsEdit<string> {
  const { contents, tombstones } = base;
  let colPresets = { ...contents.colPresets };
  if (problem) {
    if (!(problem.code === 'name_taken' && overwrite)) return refused(problem);
    // Overwriting keeps the preset's place in the list.
    colPresets = renameKey(colPresets, String(problem.params.name), clean);
  } else if (Object.keys(colPresets).length >= PREFS_LIMITS.maxPresets) {
    return refused({ code: 'too_many_presets', key: 'prefs.preset.too_many', params: {}, plural: { base: 'prefs.preset.too_many', count: PREFS_LIMITS.maxPresets } });
  }
  // Overwriting keeps the preset's "loads first" mark.
  const wasDefault = colPresets[clean]?.default === true;
  colPresets[clean] = wasDefault ? { columns: presetColumnsFromState(columns), default: true } : { columns: presetColumnsFromState(columns) };
  return accepted(base, clean, { colPresets, searches: contents.searches }, { ...tombstones, presets: removeTombstone(tombstones.presets, clean) });
}

/**
 * Plans marking the preset `name` as the one that loads first (`default: true`), unmarking every
 * other; `null` unmarks all. Refused (`not_found`) for an unknown name. Marking the preset that is
 * already the only default changes nothing.
 */
export function planSetDefaultPreset(base: PrefsEditBase, name: string | null): PrefsEdit<string | null> {
  const { contents, tombstones } = base;
  if (name !== null && !hasPreset(contents, name)) return refused({ code: 'not_found', key: 'prefs.preset.not_found', params: { name } });
  const colPresets: PrefsContents['colPresets'] = {};
  let changed = false;
  for (const [key, preset] of Object.entries(contents.colPresets)) {
    const wanted = key === name;
    if ((preset.default === true) !== wanted) changed = true;
    colPresets[key] = wanted ? { columns: preset.columns, default: true } : { columns: preset.columns };
  }
  if (!changed) return { ok: true, value: name, change: null };
  return accepted(base, name, { colPresets, searches: contents.searches }, tombstones);
}

/**
 * Plans renaming the preset `from` to `to` (trimmed), keeping its place; the old name is remembered
 * as deleted so a merge does not bring it back. Refused (`not_found`) for an unknown `from`, and for
 * a `to` that `planSavePreset` would refuse. A rename to the same name is accepted and changes nothing.
 */
export function planRenamePreset(base: PrefsEditBase, from: string, to: string): PrefsEdit<string> {
  const { contents, tombstones } = base;
  if (!hasPreset(contents, from)) return refused({ code: 'not_found', key: 'prefs.preset.not_found', params: { name: from } });
  const clean = normaliseName(to);
  if (clean === from) return { ok: true, value: clean, change: null };
  const problem = presetNameProblem(clean, contents.colPresets, from);
  if (problem) return refused(problem);
  const presets = removeTombstone(addTombstone(tombstones.presets, from), clean);
  return accepted(base, clean, { colPresets: renameKey(contents.colPresets, from, clean), searches: contents.searches }, { ...tombstones, presets });
}

/** Plans deleting the preset `name`, remembering the deletion. Refused (`not_found`) for an unknown name. */
export function planDeletePreset(base: PrefsEditBase, name: string): PrefsEdit<undefined> {
  const { contents, tombstones } = base;
  if (!hasPreset(contents, name)) return refused({ code: 'not_found', key: 'prefs.preset.not_found', params: { name } });
  const colPresets = { ...contents.colPresets };
  delete colPresets[name];
  return accepted(base, undefined, { colPresets, searches: contents.searches }, { ...tombstones, presets: addTombstone(tombstones.presets, name) });
}

/**
 * Plans saving the search `text` (trimmed) at the end of the list. Refused when empty, too long,
 * already saved or beyond `PREFS_LIMITS.maxSearches`. The value is the stored text.
 */
export function planSaveSearch(base: PrefsEditBase, text: string): PrefsEdit<string> {
  const { contents, tombstones } = base;
  const clean = text.trim();
  const problem = searchProblem(clean, contents.searches);
  if (problem) return refused(problem);
  return accepted(
    base,
    clean,
    { colPresets: contents.colPresets, searches: [...contents.searches, clean] },
    { ...tombstones, searches: removeTombstone(tombstones.searches, clean) },
  );
}

/** Plans removing the saved search `text` (exact, not trimmed), remembering it. Refused (`not_found`) when not saved. */
export function planRemoveSearch(base: PrefsEditBase, text: string): PrefsEdit<undefined> {
  const { contents, tombstones } = base;
  if (!contents.searches.includes(text)) {
    return refused({ code: 'not_found', key: 'prefs.search.not_found', params: { search: text }, fallback: 'This search is not saved' });
  }
  return accepted(
    base,
    undefined,
    { colPresets: contents.colPresets, searches: contents.searches.filter((search) => search !== text) },
    { ...tombstones, searches: addTombstone(tombstones.searches, text) },
  );
}

/** True when `name` is one of the presets (own key: `toString` and friends are not presets). */
export function hasPreset(contents: PrefsContents, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(contents.colPresets, name);
}

function refused<T>(problem: PrefsProblem): PrefsEdit<T> {
  return { ok: false, problem };
}

/** The edit accepted, once its contents pass the server's checks; refused (`invalid`) otherwise. */
function accepted<T>(base: PrefsEditBase, value: T, next: PrefsContents, tombstones: Tombstones): PrefsEdit<T> {
  const checked = checkPrefsContents(base.gridId, next);
  if (!checked.ok) return refused(checked.problem);
  return { ok: true, value, change: { next: checked.value, tombstones } };
}
