/**
 * Plain-data helpers for preferences shared by the hosts and the preferences store: empty values,
 * copies, patch application and the client-side checks (the same rules the server applies, from
 * `src/core/prefs.ts`).
 *
 * @module
 */
import { PREFS_LIMITS, validateGridId, validateGridPrefsPatch } from '../core/prefs';
import type { GridPrefs, GridPrefsPatch } from '../core/types';
import { HostError } from './errors';

/** Preferences of a grid nobody saved anything for. */
export function emptyGridPrefs(): GridPrefs {
  return { colPresets: {}, searches: [], updatedAt: null };
}

/**
 * A deep copy of JSON-shaped data. Preferences are JSON by contract (they travel as JSON and are
 * stored as JSON), so a JSON round trip is the copy that behaves exactly like storage: `undefined`
 * fields disappear, as they would after a save and a load.
 */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * `prefs` with `patch` applied: fields present in the patch replace the stored ones (whole
 * `colPresets` map, whole `searches` list); absent fields stay. Returns a new object; neither input
 * is changed or shared with the result. `updatedAt` is copied from `prefs`.
 */
export function applyPrefsPatch(prefs: GridPrefs, patch: GridPrefsPatch): GridPrefs {
  return {
    colPresets: cloneJson(patch.colPresets ?? prefs.colPresets),
    searches: cloneJson(patch.searches ?? prefs.searches),
    updatedAt: prefs.updatedAt,
  };
}

/**
 * Checks a grid id with the server's rule (`validateGridId`: `GRID_ID_PATTERN`, at most
 * `PREFS_LIMITS.gridIdMaxLength` characters). Returns null when fine, otherwise a message.
 */
export function gridIdProblem(gridId: unknown): string | null {
  const result = validateGridId(gridId);
  return result.ok ? null : result.message;
}

/** Bytes of `value` as UTF-8 JSON: what the server's body limit counts. */
export function jsonByteLength(value: unknown): number {
  return utf8.encode(JSON.stringify(value)).length;
}

const utf8 = new TextEncoder();

/**
 * Validates a grid id and a patch before anything is stored or sent, with the server's rules
 * (`validateGridPrefsPatch`, and the save body within `PREFS_LIMITS.maxBodyBytes`). Returns the
 * normalised patch. Throws `HostError` `invalid_prefs` with the validator's message.
 */
export function checkedPatch(gridId: string, patch: unknown): GridPrefsPatch {
  const idProblem = gridIdProblem(gridId);
  if (idProblem) throw new HostError('invalid_prefs', idProblem);
  const result = validateGridPrefsPatch(patch);
  if (!result.ok) throw new HostError('invalid_prefs', result.message);
  if (jsonByteLength({ grid_id: gridId, ...result.value }) > PREFS_LIMITS.maxBodyBytes) {
    throw new HostError('invalid_prefs', `The preferences are larger than ${PREFS_LIMITS.maxBodyBytes} bytes.`);
  }
  return result.value;
}
