/**
 * Validation of saved grid preferences (named column presets and saved searches), shared by the
 * server routes and the client stores so that both refuse exactly the same input with the same
 * message. Pure functions: no Vue, no DOM, no Node.
 *
 * @module
 */
import { presetColumnsFromState } from './column-state';
import type { ColumnStateInput } from './column-state';
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
 * U+0000, or a UTF-16 surrogate without its partner. PostgreSQL's `text` and `jsonb` refuse both;
 * SQLite and every UTF-8 encoder turn a lone surrogate into U+FFFD, so two different strings would
 * be stored as one. Neither is text a user types.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this pattern looks for.
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` cannot be stored faithfully by every database, or null when it can: it holds U+0000
 * (NUL) or a lone surrogate (half of a UTF-16 pair, e.g. a string cut in the middle of an emoji).
 *
 * Edge cases: a complete surrogate pair (any emoji) is fine; the empty string is fine; the reason
 * names the code point (`U+0000`, `a lone surrogate U+D800`) but never repeats the text.
 */
export function unstorableTextReason(text: string): string | null {
  const match = UNSTORABLE_TEXT.exec(text);
  if (match === null) return null;
  const found = match[0];
  if (found === '\u0000') return 'U+0000 (NUL), which cannot be stored';
  // The surrogate is the last unit of the match (a low one may come after the unit before it).
  const unit = found.charCodeAt(found.length - 1);
  return `a lone surrogate U+${unit.toString(16).toUpperCase()}, which is not valid Unicode text`;
}

/**
 * Checks the subject a preferences store is asked about (the authenticated caller): a non-empty
 * string that every database stores faithfully (`unstorableTextReason`).
 *
 * Edge cases: non-strings and `''` are refused; the value is never trimmed; the message never
 * repeats the subject (it may be a secret token's subject).
 */
export function validateSubject(value: unknown): PrefsValidation<string> {
  if (typeof value !== 'string' || value === '') return fail('The subject must be a non-empty string.');
  const reason = unstorableTextReason(value);
  if (reason !== null) return fail(`The subject holds ${reason}.`);
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
 *   `null` instead of an object is refused (use `{}` to clear). A preset may also be given as a list
 *   of AG Grid column-state entries, as the seed system's browser code saves it
 *   (`{ "Compact": [{ colId, hide, width, pinned, sort, … }] }`): it is normalised to our shape by
 *   `presetColumnsFromState` (AG Grid's `flex`, `rowGroup`, `pivot`, `aggFunc` and their indexes are
 *   dropped, `pinned: true` means left, widths are rounded) and then checked like any preset, so the
 *   result, and what a store keeps and reads back, is always `{ columns: [...] }`.
 * - `searches`: an array of at most 100 strings of at most 500 characters each; `null` is refused
 *   (use `[]` to clear). Strings are kept exactly (not trimmed, not de-duplicated).
 * - Every text (preset names, `colId`s, searches) must be storable by every database: U+0000 and
 *   lone surrogates are refused (`unstorableTextReason`), so SQLite and PostgreSQL accept exactly
 *   the same patches.
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
    const nameReason = unstorableTextReason(name);
    if (nameReason !== null) return fail(`A preset name holds ${nameReason}.`);
    const preset = validatePreset(value[name], `colPresets[${JSON.stringify(name)}]`);
    if (!preset.ok) return preset;
    out[name] = preset.value;
  }
  return { ok: true, value: out };
}

/** AG Grid column-state keys a preset does not keep; any other unknown key is still refused. */
const AG_GRID_ONLY_KEYS = new Set(['flex', 'rowGroup', 'rowGroupIndex', 'pivot', 'pivotIndex', 'aggFunc']);

function validatePreset(value: unknown, path: string): PrefsValidation<ColumnPreset> {
  if (Array.isArray(value)) {
    // The seed system's form: AG Grid's column state as the preset itself.
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (!isPlainObject(entry)) continue;
      const stray = Object.keys(entry).find((key) => !COLUMN_KEYS.has(key) && !AG_GRID_ONLY_KEYS.has(key));
      if (stray !== undefined) return fail(`${path}[${i}] has an unknown key ${JSON.stringify(stray)}.`);
    }
    return validatePreset({ columns: presetColumnsFromState(value as ColumnStateInput[]) }, path);
  }
  if (!isPlainObject(value)) return fail(`${path} must be an object { columns: [...] } or a list of column states.`);
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
  const colIdReason = unstorableTextReason(colId);
  if (colIdReason !== null) return fail(`${path}.colId holds ${colIdReason}.`);
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
    const reason = unstorableTextReason(item);
    if (reason !== null) return fail(`searches[${i}] holds ${reason}.`);
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
