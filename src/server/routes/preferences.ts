/**
 * Preference routes: set A (`GET`/`POST {base}/grid/preferences/`, anonymous callers answered with
 * `local_only: true`) and set B (`POST {base}/api/grid-view/save/`, login required).
 *
 * @module
 */
import { validateGridId, validateGridPrefsPatch } from '../../core/prefs';
import type { GridPrefs, GridPrefsPatch } from '../../core/types';
import { readJsonBody, requireJsonContentType } from '../body';
import type { RequestContext } from '../context';
import { assertSameSiteRequest } from '../csrf';
import { HttpError, PreferencesStorageError, apiError, jsonResponse } from '../errors';
import { singleQueryValue } from '../query';

/** JSON body of a successful preferences answer. */
export interface PrefsResponseBody {
  status: 'ok';
  local_only?: true;
  grid_id: string;
  colPresets: GridPrefs['colPresets'];
  searches: string[];
  updated_at: string | null;
}

/** `GET {base}/grid/preferences/?grid_id=…`: the caller's stored preferences. */
export async function readPreferences(ctx: RequestContext): Promise<Response> {
  const gridId = checkGridId(singleQueryValue(ctx.url.searchParams, 'grid_id'));
  const subject = await ctx.subject();
  if (subject === null) return prefsResponse(gridId, { colPresets: {}, searches: [], updatedAt: null }, true);
  const prefs = await storeCall(() => ctx.options.store.get(subject, gridId));
  return prefsResponse(gridId, prefs, false);
}

/**
 * `POST` of set A (`loginRequired` false) or set B (`loginRequired` true). Checks, in order: CSRF for
 * cookie callers (403), login for set B (401), content type (415), body size (413), JSON and
 * repeated keys (400), unknown top-level keys (400), `grid_id` (400, also when a `grid_id` in the
 * query string disagrees), `colPresets`, `searches` (400), `subject_id` against the caller (400 for
 * the wrong type, 403 for someone else), neither `colPresets` nor `searches` (400, nothing to save);
 * then saves. No field is ever dropped silently.
 */
export async function savePreferences(ctx: RequestContext, loginRequired: boolean): Promise<Response> {
  const { request, options } = ctx;
  if (options.authMode(request) === 'cookie') await assertSameSiteRequest(request, options.csrf);
  const subject = await ctx.subject();
  if (loginRequired && subject === null) throw apiError('login_required', 'Log in to save preferences.');
  requireJsonContentType(request);
  const body = await readJsonBody(request, options.maxBodyBytes);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw apiError('invalid_body', 'The request body must be a JSON object {grid_id, colPresets, searches}.');
  }
  const fields = body as Record<string, unknown>;
  checkKnownFields(fields);
  const gridId = checkGridId(Object.prototype.hasOwnProperty.call(fields, 'grid_id') ? fields.grid_id : undefined);
  checkQueryGridId(ctx.url.searchParams, gridId);
  const patch = validateGridPrefsPatch(fields);
  if (!patch.ok) throw apiError('invalid_prefs', patch.message);
  checkSubjectId(fields, subject);
  if (patch.value.colPresets === undefined && patch.value.searches === undefined) {
    throw apiError('nothing_to_save', 'Nothing to save: send colPresets, searches or both ({} or [] clears one).');
  }
  if (subject === null) return prefsResponse(gridId, echo(patch.value), true);
  const prefs = await storeCall(() => options.store.save(subject, gridId, patch.value));
  return prefsResponse(gridId, prefs, false);
}

/** The top-level keys a save body may have. */
const PREFS_BODY_FIELDS: readonly string[] = Object.freeze(['grid_id', 'colPresets', 'searches', 'subject_id']);

/**
 * Refuses unknown top-level keys: a misspelt `colpresets` would otherwise be dropped and the answer
 * would look like a successful save. Keys that differ from an accepted one only by case, `_` or `-`
 * get a "did you mean" hint.
 */
function checkKnownFields(fields: Record<string, unknown>): void {
  const unknown = Object.keys(fields).filter((key) => !PREFS_BODY_FIELDS.includes(key));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, 5).map((key) => {
    const near = PREFS_BODY_FIELDS.find((field) => loose(field) === loose(key));
    const quoted = JSON.stringify(key.length > 50 ? `${key.slice(0, 50)}…` : key);
    return near ? `${quoted} (did you mean "${near}"?)` : quoted;
  });
  const more = unknown.length > shown.length ? ` and ${unknown.length - shown.length} more` : '';
  throw apiError(
    'unknown_field',
    `Unknown field${unknown.length === 1 ? '' : 's'} ${shown.join(', ')}${more} in the preferences body; the accepted fields are grid_id, colPresets, searches and subject_id.`,
  );
}

function loose(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

/** A save may name its grid in the URL too (URLs built by `urlFor`), but never a different one. */
function checkQueryGridId(params: URLSearchParams, gridId: string): void {
  const fromQuery = singleQueryValue(params, 'grid_id');
  if (fromQuery !== null && fromQuery !== gridId) {
    throw apiError('invalid_grid_id', 'The grid_id in the query string differs from the grid_id in the body.');
  }
}

function checkGridId(value: unknown): string {
  if (value === undefined || value === null) throw apiError('invalid_grid_id', 'grid_id is required.');
  const result = validateGridId(value);
  if (!result.ok) throw apiError('invalid_grid_id', result.message);
  return result.value;
}

/**
 * The interface document's rule: a `subject_id` sent with a save must be the authenticated caller.
 * Absent or null means "me". An anonymous caller naming a subject is refused too.
 */
function checkSubjectId(fields: Record<string, unknown>, subject: string | null): void {
  if (!Object.prototype.hasOwnProperty.call(fields, 'subject_id')) return;
  const claimed = fields.subject_id;
  if (claimed === null || claimed === undefined) return;
  if (typeof claimed !== 'string' && typeof claimed !== 'number') throw apiError('invalid_subject', 'subject_id must be a string or a number.');
  // 12345678901234567890 arrives as 12345678901234567000: compare only numbers that JSON kept exactly.
  if (typeof claimed === 'number' && !Number.isSafeInteger(claimed)) {
    throw apiError('invalid_subject', 'subject_id must be a string or a whole number below 2^53 (send larger ids as strings).');
  }
  if (subject === null || String(claimed) !== subject) throw apiError('subject_mismatch', 'Preferences can only be saved for the authenticated user.');
}

function echo(patch: GridPrefsPatch): GridPrefs {
  return { colPresets: patch.colPresets ?? {}, searches: patch.searches ?? [], updatedAt: null };
}

/** Store failures are storage failures (503), whatever the store threw, unless it is an HttpError. */
async function storeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError || error instanceof PreferencesStorageError) throw error;
    throw new PreferencesStorageError('The preferences store failed.', { cause: error });
  }
}

function prefsResponse(gridId: string, prefs: GridPrefs, localOnly: boolean): Response {
  const body: PrefsResponseBody = {
    status: 'ok',
    ...(localOnly ? { local_only: true as const } : {}),
    grid_id: gridId,
    colPresets: prefs.colPresets,
    searches: prefs.searches,
    updated_at: prefs.updatedAt,
  };
  return jsonResponse(200, body);
}
