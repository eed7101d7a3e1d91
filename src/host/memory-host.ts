/**
 * `MemoryHost`: the complete host protocol with no HTTP, for tests, demos, server-side rendering of
 * one request and as the base of request-bound server hosts.
 *
 * @module
 */
import type { GridPrefs, GridPrefsPatch, GridViewSpec } from '../core/types';
import { HostError } from './errors';
import { parseFilterState } from './filter-state';
import { MemoryPrefs } from './memory-prefs';
import { applyPrefsPatch, checkedPatch, cloneJson, emptyGridPrefs, gridIdProblem } from './prefs-data';
import { buildRouteUrl, defaultRoutes } from './routes';
import type { RouteMap } from './routes';
import { hostTranslator } from './translate';
import type { HostTranslateOptions } from './translate';
import type {
  FilterState,
  GridViewHost,
  LoadPrefsResult,
  PreferencesStore,
  RouteId,
  RouteParams,
  SavePrefsResult,
} from './types';

/** A host template: returns HTML the host vouches for. Never built from spec or row values by the library. */
export type HostTemplate = (context: Record<string, unknown>) => string;

/** Options of `MemoryHost`. Every option is optional; `new MemoryHost()` is an anonymous caller. */
export interface MemoryHostOptions extends HostTranslateOptions {
  /** The authenticated caller; null or absent means anonymous. */
  subjectId?: string | null;
  /** Where preferences live; a fresh `MemoryPrefs` by default (process lifetime). */
  prefs?: PreferencesStore;
  /** Base of the default routes (`{baseUrl}/grid/preferences/` and so on); defaults to `''`. */
  baseUrl?: string;
  /** Route URLs by id; merged over the default routes of `baseUrl`. */
  routes?: RouteMap;
  /** The request's filter state as given. Wins over `url`. */
  filterState?: FilterState;
  /** The request URL (or just its query) to read the filter state from, with `parseFilterState`. */
  url?: string | URL | URLSearchParams;
  /** Host templates by name. */
  templates?: Record<string, HostTemplate>;
}

/**
 * An in-memory `GridViewHost`.
 *
 * - `translate` uses the package catalogs for `locale` (plus `overrides` and `translate`), and gives
 *   the key itself when nothing knows it.
 * - `urlFor` resolves route ids from `routes` over the default routes and appends query params, each
 *   URL-encoded; an unknown route throws `HostError` `unknown_route`.
 * - `getGridPrefs` of an anonymous caller (`null`) gives empty preferences and reads nothing.
 * - `saveGridPrefs` validates the grid id and patch (`HostError` `invalid_prefs`), refuses a subject
 *   other than the current one (`HostError` `subject_mismatch`, also for a named subject while the
 *   caller is anonymous) and, for an anonymous caller, stores nothing and answers `localOnly: true`
 *   with the patch applied to empty preferences.
 * - `filterStateFromRequest` returns a copy of `filterState`, or parses `url`; no storage access.
 */
export class MemoryHost implements GridViewHost {
  readonly prefs: PreferencesStore;
  #subjectId: string | null;
  #filterState: FilterState | null;
  #search: URLSearchParams;
  readonly #routes: RouteMap;
  readonly #templates: Record<string, HostTemplate>;
  readonly #translate: (key: string) => string;

  constructor(options: MemoryHostOptions = {}) {
    this.prefs = options.prefs ?? new MemoryPrefs();
    this.#subjectId = options.subjectId ?? null;
    this.#filterState = options.filterState ? cloneJson(options.filterState) : null;
    this.#search = searchParamsOf(options.url);
    this.#routes = { ...defaultRoutes(options.baseUrl), ...options.routes };
    this.#templates = { ...options.templates };
    this.#translate = hostTranslator(options);
  }

  translate(key: string): string {
    return this.#translate(key);
  }

  urlFor(route: RouteId, params?: RouteParams): string {
    return buildRouteUrl(this.#routes, route, params);
  }

  templateExists(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.#templates, name);
  }

  renderHostTemplate(name: string, context: Record<string, unknown>): string {
    const template = this.templateExists(name) ? this.#templates[name] : undefined;
    if (!template) throw new HostError('unknown_template', `The host has no template named "${name}".`);
    return template(context);
  }

  async getGridPrefs(subjectId: string | null, gridId: string): Promise<GridPrefs> {
    return (await this.loadGridPrefs(subjectId, gridId)).prefs;
  }

  async loadGridPrefs(subjectId: string | null, gridId: string): Promise<LoadPrefsResult> {
    const problem = gridIdProblem(gridId);
    if (problem) throw new HostError('invalid_prefs', problem);
    if (subjectId === null) return { localOnly: true, reason: 'anonymous', prefs: emptyGridPrefs() };
    return { localOnly: false, prefs: await this.prefs.get(subjectId, gridId) };
  }

  async saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult> {
    if (subjectId !== this.#subjectId) {
      throw new HostError('subject_mismatch', 'Preferences can only be saved for the authenticated caller.');
    }
    const patch = checkedPatch(gridId, prefs);
    if (subjectId === null) {
      return { localOnly: true, reason: 'anonymous', prefs: applyPrefsPatch(emptyGridPrefs(), patch) };
    }
    return { localOnly: false, prefs: await this.prefs.save(subjectId, gridId, patch) };
  }

  filterStateFromRequest(spec: GridViewSpec): FilterState {
    if (this.#filterState) return cloneJson(this.#filterState);
    return parseFilterState(this.#search, spec);
  }

  currentSubjectId(): string | null {
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
