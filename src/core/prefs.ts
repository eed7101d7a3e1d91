/**
 * Validation of saved grid preferences (named column presets and saved searches), shared by the
 * server routes and the client stores so that both refuse exactly the same input with the same
 * message. Pure functions: no Vue, no DOM, no Node.
 *
 * @module
 */
import type { ColumnPreset, GridPrefsPatch, PresetColumnState } from './types';

/** The grid id pattern of the interface document: what `grid_id` and `GridViewSpec.grid_id` must match. */
export const GRID_ID_PATTERN = /^[a-z][a-z0-9_-]*$/;

/**
 * Size limits of preferences. The server answers 400 (413 for the body size) when one is exceeded;
 * the client stores refuse the same input before sending it.
 *
 * - `gridIdMaxLength`: stored length of `grid_id` (the `GridPreference` model's 100 characters);
 * - `maxPresets`, `presetNameMaxLength`: named presets per grid and the length of a name;
 * - `maxColumnsPerPreset`, `colIdMaxLength`: columns inside one preset and the length of a column id;
 * - `maxColumnWidth`: pixels; wider columns are a bug, not a layout;
 * - `maxSearches`, `searchMaxLength`: saved searches per grid and the length of each;
 * - `maxBodyBytes`: bytes of a JSON save body (64 KiB).
 */
export const PREFS_LIMITS = Object.freeze({
  gridIdMaxLength: 100,
  maxPresets: 50,
  presetNameMaxLength: 100,
  maxColumnsPerPreset: 500,
  colIdMaxLength: 200,
  maxColumnWidth: 10_000,
  maxSearches: 100,
  searchMaxLength: 500,
  maxBodyBytes: 65_536,
});

/** Result of the preference validators: the clean value, or a plain-text reason naming the field. */
export type PrefsValidation<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Checks a grid id: a string of 1 to 100 characters matching `^[a-z][a-z0-9_-]*$`.
 *
 * Edge cases: non-strings (numbers included), the empty string, upper-case letters, spaces and a
 * leading digit, dash or underscore are refused; the value is never trimmed or lower-cased.
 */
export function validateGridId(value: unknown): PrefsValidation<string> {
  if (typeof value !== 'string') return fail('grid_id must be a string.');
  if (value.length === 0) return fail('grid_id must not be empty.');
  if (value.length > PREFS_LIMITS.gridIdMaxLength) return fail(`grid_id must be at most ${PREFS_LIMITS.gridIdMaxLength} characters.`);
  if (!GRID_ID_PATTERN.test(value)) return fail('grid_id must match ^[a-z][a-z0-9_-]*$ (lower-case letter first; then lower-case letters, digits, "_" or "-").');
  return { ok: true, value };
}

/**
 * Checks a preferences patch and returns a clean copy holding only `colPresets` and `searches`.
 *
 * `raw` is the parsed JSON body (or a client-side patch): a plain object in which only the keys
 * `colPresets` and `searches` are read; other top-level keys (`grid_id`, `subject_id`, …) are left to
 * the caller. An absent key (or one set to `undefined`, which JSON cannot carry) stays absent in the
 * result: a save keeps what is stored for it.
 *
 * - `colPresets`: an object of at most 50 names (1 to 100 characters, not `__proto__`) mapping to
 *   `{ columns: PresetColumnState[], default?: boolean }` (`default: false` is dropped); each preset holds at most 500 columns with unique `colId`s
 *   and only the keys `colId`, `hide`, `pinned`, `width`, `sort`, `sortIndex` with their exact types;
 *   `null` instead of an object is refused (use `{}` to clear).
 * - `searches`: an array of at most 100 strings of at most 500 characters each; `null` is refused
 *   (use `[]` to clear). Strings are kept exactly (not trimmed, not de-duplicated).
 *
 * Edge cases: arrays, null and class instances as `raw` are refused; unknown keys inside a preset or a
 * column state are refused (so a typo never silently drops data); the returned objects are fresh
 * copies, never the caller's objects.
 */
export function validateGridPrefsPatch(raw: unknown): PrefsValidation<GridPrefsPatch> {
  if (!isPlainObject(raw)) return fail('The preferences must be a JSON object.');
  const patch: GridPrefsPatch = {};
  if (hasOwn(raw, 'colPresets') && raw.colPresets !== undefined) {
    const presets = validateColPresets(raw.colPresets);
    if (!presets.ok) return presets;
    patch.colPresets = presets.value;
  }
  if (hasOwn(raw, 'searches') && raw.searches !== undefined) {
    const searches = validateSearches(raw.searches);
    if (!searches.ok) return searches;
    patch.searches = searches.value;
  }
  return { ok: true, value: patch };
}

const COLUMN_KEYS = new Set(['colId', 'hide', 'pinned', 'width', 'sort', 'sortIndex']);

function validateColPresets(value: unknown): PrefsValidation<Record<string, ColumnPreset>> {
  if (!isPlainObject(value)) return fail('colPresets must be an object of named presets.');
  const names = Object.keys(value);
  if (names.length > PREFS_LIMITS.maxPresets) return fail(`colPresets holds at most ${PREFS_LIMITS.maxPresets} presets.`);
  const out: Record<string, ColumnPreset> = {};
  for (const name of names) {
    if (name.length === 0 || name.length > PREFS_LIMITS.presetNameMaxLength) {
      return fail(`Preset names must be 1 to ${PREFS_LIMITS.presetNameMaxLength} characters.`);
    }
    // JSON.parse makes "__proto__" an own key; copying it by assignment would replace the prototype.
    if (name === '__proto__') return fail('"__proto__" is not allowed as a preset name.');
    const preset = validatePreset(value[name], `colPresets[${JSON.stringify(name)}]`);
    if (!preset.ok) return preset;
    out[name] = preset.value;
  }
  return { ok: true, value: out };
}

function validatePreset(value: unknown, path: string): PrefsValidation<ColumnPreset> {
  if (!isPlainObject(value)) return fail(`${path} must be an object { columns: [...] }.`);
  for (const key of Object.keys(value)) {
    if (key !== 'columns' && key !== 'default') return fail(`${path} has an unknown key ${JSON.stringify(key)}; only "columns" and "default" are allowed.`);
  }
  if (value.default !== undefined && typeof value.default !== 'boolean') return fail(`${path}.default must be true or false.`);
  const columns = value.columns;
  if (!Array.isArray(columns)) return fail(`${path}.columns must be an array.`);
  if (columns.length > PREFS_LIMITS.maxColumnsPerPreset) return fail(`${path}.columns holds at most ${PREFS_LIMITS.maxColumnsPerPreset} columns.`);
  const seen = new Set<string>();
  const out: PresetColumnState[] = [];
  for (let i = 0; i < columns.length; i++) {
    const column = validateColumnState(columns[i], `${path}.columns[${i}]`);
    if (!column.ok) return column;
    if (seen.has(column.value.colId)) return fail(`${path}.columns[${i}].colId ${JSON.stringify(column.value.colId)} appears twice.`);
    seen.add(column.value.colId);
    out.push(column.value);
  }
  return { ok: true, value: value.default === true ? { columns: out, default: true } : { columns: out } };
}

function validateColumnState(value: unknown, path: string): PrefsValidation<PresetColumnState> {
  if (!isPlainObject(value)) return fail(`${path} must be an object.`);
  for (const key of Object.keys(value)) {
    if (!COLUMN_KEYS.has(key)) return fail(`${path} has an unknown key ${JSON.stringify(key)}.`);
  }
  const { colId, hide, pinned, width, sort, sortIndex } = value;
  if (typeof colId !== 'string' || colId.length === 0 || colId.length > PREFS_LIMITS.colIdMaxLength) {
    return fail(`${path}.colId must be a string of 1 to ${PREFS_LIMITS.colIdMaxLength} characters.`);
  }
  const out: PresetColumnState = { colId };
  if (hide !== undefined) {
    if (typeof hide !== 'boolean') return fail(`${path}.hide must be true or false.`);
    out.hide = hide;
  }
  if (pinned !== undefined) {
    if (pinned !== null && pinned !== 'left' && pinned !== 'right') return fail(`${path}.pinned must be "left", "right" or null.`);
    out.pinned = pinned;
  }
  if (width !== undefined) {
    if (typeof width !== 'number' || !Number.isFinite(width) || width < 0 || width > PREFS_LIMITS.maxColumnWidth) {
      return fail(`${path}.width must be a number from 0 to ${PREFS_LIMITS.maxColumnWidth}.`);
    }
    out.width = width;
  }
  if (sort !== undefined) {
    if (sort !== null && sort !== 'asc' && sort !== 'desc') return fail(`${path}.sort must be "asc", "desc" or null.`);
    out.sort = sort;
  }
  if (sortIndex !== undefined) {
    if (sortIndex !== null && !(Number.isSafeInteger(sortIndex) && (sortIndex as number) >= 0)) {
      return fail(`${path}.sortIndex must be a non-negative integer or null.`);
    }
    out.sortIndex = sortIndex as number | null;
  }
  return { ok: true, value: out };
}

function validateSearches(value: unknown): PrefsValidation<string[]> {
  if (!Array.isArray(value)) return fail('searches must be a list of strings.');
  if (value.length > PREFS_LIMITS.maxSearches) return fail(`searches holds at most ${PREFS_LIMITS.maxSearches} entries.`);
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') return fail(`searches[${i}] must be a string.`);
    if (item.length > PREFS_LIMITS.searchMaxLength) return fail(`searches[${i}] must be at most ${PREFS_LIMITS.searchMaxLength} characters.`);
    out.push(item);
  }
  return { ok: true, value: out };
}

/** Plain JSON object: not null, not an array, prototype Object.prototype or null. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function hasOwn(value: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
