/**
 * `MemoryHost`: the complete host protocol with no HTTP, for tests, demos, server-side rendering of
 * one request and as the base of request-bound server hosts.
 *
 * @module
 */
import type { GridPrefsPatch, GridViewSpec } from '../core/types';
import { HostError } from './errors';
import { parseFilterState } from './filter-state';
import { HostBase } from './host-base';
import type { HostBaseOptions } from './host-base';
import { MemoryPrefs } from './memory-prefs';
import { applyPrefsPatch, checkedPatch, cloneJson, emptyGridPrefs } from './prefs-data';
import type { FilterState, LoadPrefsResult, PreferencesStore, SavePrefsResult } from './types';

export type { HostTemplate } from './host-base';

/** Options of `MemoryHost`. Every option is optional; `new MemoryHost()` is an anonymous caller. */
export interface MemoryHostOptions extends HostBaseOptions {
  /** The authenticated caller; null or absent means anonymous. */
  subjectId?: string | null;
  /** Where preferences live; a fresh `MemoryPrefs` by default (process lifetime). */
  prefs?: PreferencesStore;
  /** The request's filter state as given. Wins over `url`. */
  filterState?: FilterState;
  /** The request URL (or just its query) to read the filter state from, with `parseFilterState`. */
  url?: string | URL | URLSearchParams;
}

/**
 * An in-memory `GridViewHost`. Translation, `urlFor` and templates come from `HostBase`.
 *
 * - `getGridPrefs` of an anonymous caller (`null`) gives empty preferences and reads nothing.
 * - `saveGridPrefs` validates the grid id and patch (`HostError` `invalid_prefs`), refuses a subject
 *   other than the current one (`HostError` `subject_mismatch`, also for a named subject while the
 *   caller is anonymous) and, for an anonymous caller, stores nothing and answers `localOnly: true`
 *   with the patch applied to empty preferences.
 * - `filterStateFromRequest` returns a copy of `filterState`, or parses `url`; no storage access.
 */
export class MemoryHost extends HostBase {
  readonly prefs: PreferencesStore;
  #subjectId: string | null;
  #filterState: FilterState | null;
  #search: URLSearchParams;

  constructor(options: MemoryHostOptions = {}) {
    super(options);
    this.prefs = options.prefs ?? new MemoryPrefs();
    this.#subjectId = options.subjectId ?? null;
    this.#filterState = options.filterState ? cloneJson(options.filterState) : null;
    this.#search = searchParamsOf(options.url);
  }

  override async loadGridPrefs(subjectId: string | null, gridId: string): Promise<LoadPrefsResult> {
    this.assertGridId(gridId);
    if (subjectId === null) return { localOnly: true, reason: 'anonymous', prefs: emptyGridPrefs() };
    return { localOnly: false, prefs: await this.prefs.get(subjectId, gridId) };
  }

  override async saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult> {
    if (subjectId !== this.#subjectId) {
      throw new HostError('subject_mismatch', 'Preferences can only be saved for the authenticated caller.');
    }
    const patch = checkedPatch(gridId, prefs);
    if (subjectId === null) {
      return { localOnly: true, reason: 'anonymous', prefs: applyPrefsPatch(emptyGridPrefs(), patch) };
    }
    return { localOnly: false, prefs: await this.prefs.save(subjectId, gridId, patch) };
  }

  override filterStateFromRequest(spec: GridViewSpec): FilterState {
    if (this.#filterState) return cloneJson(this.#filterState);
    return parseFilterState(this.#search, spec);
  }

  override currentSubjectId(): string | null {
    return this.#subjectId;
  }

  /** Signs a caller in (a subject id) or out (null): what a login does in a demo or a test. */
  setSubjectId(subjectId: string | null): void {
    this.#subjectId = subjectId;
  }

  /** Replaces the request the filter state is read from (a given state wins over a URL). */
  setRequest(request: { filterState?: FilterState | null; url?: string | URL | URLSearchParams }): void {
    this.#filterState = request.filterState ? cloneJson(request.filterState) : null;
    this.#search = searchParamsOf(request.url);
  }
}

/** The query of a URL, a bare query string or `URLSearchParams`. */
function searchParamsOf(url: string | URL | URLSearchParams | undefined): URLSearchParams {
  if (url === undefined) return new URLSearchParams();
  if (url instanceof URLSearchParams) return new URLSearchParams(url);
  if (typeof url !== 'string') return new URLSearchParams(url.search);
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return new URLSearchParams(url.includes('=') ? url : '');
  const hashAt = url.indexOf('#', queryAt);
  return new URLSearchParams(url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt));
}
