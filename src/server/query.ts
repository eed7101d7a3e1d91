/**
 * Query-string reading shared by the routes: a parameter the library reads as one value must come
 * once, so that `?grid_id=a&grid_id=b` is a clear 400 instead of a silent pick of the first value.
 *
 * @module
 */
import { apiError } from './errors';

/**
 * The only value of `name` in `params`, or null when it is absent. Throws `HttpError(400)` when the
 * parameter appears more than once (even with equal values: the caller's URL is wrong either way).
 * An empty value (`?name=`) is returned as `''`; the route decides what that means.
 */
export function singleQueryValue(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  if (values.length > 1) {
    throw apiError('invalid_query', `The query parameter ${clipName(name)} must appear at most once (it appears ${values.length} times).`);
  }
  return values[0] ?? null;
}

/**
 * Refuses repeats of every query parameter whose name passes `reads` (e.g. the `f_<key>` filters):
 * the filter reader keeps one value per name, so a repeat would be dropped silently.
 */
export function refuseRepeatedParams(params: URLSearchParams, reads: (name: string) => boolean): void {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!reads(name)) continue;
    if (seen.has(name)) throw apiError('invalid_query', `The query parameter ${clipName(name)} must appear at most once.`);
    seen.add(name);
  }
}

function clipName(name: string): string {
  return JSON.stringify(name.length > 100 ? `${name.slice(0, 100)}…` : name);
}
