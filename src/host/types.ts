/**
 * The host contract: what an application gives the library so it can translate, build URLs, read the
 * caller's filter state and load or save preferences. Never appears in wire payloads.
 *
 * @module
 */
import type { GridPrefs, GridPrefsPatch, GridViewSpec } from '../core/types';
import type { SortState } from '../core/table-model';
import type { GridRouteId } from './route-table';

/**
 * Logical route ids: those of the package's server handler (its route table, see `defaultRoutes`)
 * and any a host adds of its own.
 */
export type RouteId = GridRouteId | (string & {});

/** Query-string parameter values accepted by `urlFor`. */
export type RouteParams = Record<string, string | number | boolean | null | undefined>;

/** Sort state of a table: one column, ascending or descending (the table model's type). */
export type { SortState } from '../core/table-model';

/**
 * Filter selection read from a request (URL query): the global search text, the sort and per-column
 * filters. It is request state, never persisted by the library.
 */
export interface FilterState {
  search: string;
  sort: SortState | null;
  filters: Record<string, string>;
}

/**
 * Why preferences stay on the client: `anonymous` (the server answered `local_only: true`, or the
 * caller has no subject) or `disabled` (the host has no preferences URL, so it never sends them).
 */
export type LocalOnlyReason = 'anonymous' | 'disabled';

/** Result of saving preferences. `localOnly` is true for anonymous callers: nothing was stored. */
export interface SavePrefsResult {
  localOnly: boolean;
  prefs: GridPrefs;
  /** Why the save stayed local; set by the package's hosts whenever `localOnly` is true. */
  reason?: LocalOnlyReason;
}

/**
 * Result of `GridViewHost.loadGridPrefs`: the stored preferences and whether the caller's
 * preferences live on the client only (an anonymous read stores and returns nothing).
 */
export interface LoadPrefsResult {
  localOnly: boolean;
  prefs: GridPrefs;
  reason?: LocalOnlyReason;
}

/**
 * The eight methods every host implements (the interface document's `GridViewHost`, in camelCase).
 *
 * `subjectId` null means an anonymous caller. `saveGridPrefs` must refuse a `subjectId` that is not
 * the authenticated subject.
 */
export interface GridViewHost {
  /** Translation of a message key for the active locale; returns the key itself when unknown. */
  translate(key: string): string;
  /** URL of a logical route with query parameters; throws for a route the host does not know. */
  urlFor(route: RouteId, params?: RouteParams): string;
  /** True when the host owns a template of that name. */
  templateExists(name: string): boolean;
  /** Renders a host template to HTML the host vouches for (the library never builds it from spec values). */
  renderHostTemplate(name: string, context: Record<string, unknown>): string;
  /** The caller's presets and searches for one grid; empty preferences when none are stored. */
  getGridPrefs(subjectId: string | null, gridId: string): Promise<GridPrefs>;
  /** Saves a patch: absent fields stay as stored. */
  saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult>;
  /** Filter selection of the current request; no database access. */
  filterStateFromRequest(spec: GridViewSpec): FilterState;
  /** Opaque id of the authenticated caller (user key, token subject), or null when anonymous. */
  currentSubjectId(): string | null;
  /**
   * Optional: `getGridPrefs` that also says whether the caller's preferences are local-only (an
   * anonymous caller over HTTP, or a host with saving turned off). The preferences store uses it when
   * present, so that an anonymous first load already shows "kept on this device only".
   */
  loadGridPrefs?(subjectId: string | null, gridId: string): Promise<LoadPrefsResult>;
}

/**
 * Where preferences live. `MemoryPrefs` keeps them for the process lifetime; the server's SQL store
 * keeps them in SQLite or PostgreSQL. Saves are upserts: concurrent saves never duplicate or fail.
 */
export interface PreferencesStore {
  /** Stored preferences, or empty ones (`updatedAt: null`) when there are none. */
  get(subject: string, gridId: string): Promise<GridPrefs>;
  /** Applies a patch (absent fields stay) and returns what is stored now. */
  save(subject: string, gridId: string, patch: GridPrefsPatch): Promise<GridPrefs>;
  /** Releases connections; idempotent. */
  close?(): Promise<void>;
}
