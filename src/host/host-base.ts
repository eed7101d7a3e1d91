/**
 * `HostBase`: what every package host does the same way (translation from the package catalogs,
 * route URLs, host templates, `getGridPrefs` on top of `loadGridPrefs`). `MemoryHost` and `HttpHost`
 * extend it, and so can an application's own host.
 *
 * @module
 */
import type { GridPrefs, GridPrefsPatch, GridViewSpec } from '../core/types';
import { HostError } from './errors';
import { gridIdProblem } from './prefs-data';
import { buildRouteUrl, defaultRoutes } from './routes';
import type { RouteMap } from './routes';
import { hostTranslator } from './translate';
import type { HostTranslateOptions } from './translate';
import type { FilterState, GridViewHost, LoadPrefsResult, RouteId, RouteParams, SavePrefsResult } from './types';

/** A host template: returns HTML the host vouches for. Never built from spec or row values by the library. */
export type HostTemplate = (context: Record<string, unknown>) => string;

/** Options `HostBase` reads; the package hosts' options extend them. */
export interface HostBaseOptions extends HostTranslateOptions {
  /** Base of the default routes (`{baseUrl}/grid/preferences/` and so on); defaults to `''`. */
  baseUrl?: string;
  /** Route URLs by id; merged over the default routes of `baseUrl`. */
  routes?: RouteMap;
  /** Host templates by name. */
  templates?: Record<string, HostTemplate>;
}

/**
 * The shared half of a `GridViewHost`. Subclasses implement the preference I/O
 * (`loadGridPrefs`, `saveGridPrefs`), the request's filter state and the caller's subject.
 *
 * - `translate` uses the package catalogs for `locale` (plus `overrides` and `translate`) and gives
 *   the key itself when nothing knows it.
 * - `urlFor` resolves route ids from `routes` over the default routes of `baseUrl` and appends the
 *   params URL-encoded; an unknown route throws `HostError` `unknown_route`.
 * - `renderHostTemplate` of a name that is not an own template (also `toString`, `__proto__`) throws
 *   `HostError` `unknown_template`.
 * - `getGridPrefs` is `loadGridPrefs(…).prefs`.
 */
export abstract class HostBase implements GridViewHost {
  readonly #routes: RouteMap;
  readonly #templates: Record<string, HostTemplate>;
  readonly #translate: (key: string) => string;

  constructor(options: HostBaseOptions = {}) {
    this.#routes = { ...defaultRoutes(options.baseUrl), ...options.routes };
    this.#templates = { ...options.templates };
    this.#translate = hostTranslator(options);
  }

  /** The resolved route map (defaults of `baseUrl` with `routes` on top), for subclasses. */
  protected get routes(): Readonly<RouteMap> {
    return this.#routes;
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

  /** Throws `HostError` `invalid_prefs` for a grid id the server would refuse. */
  protected assertGridId(gridId: string): void {
    const problem = gridIdProblem(gridId);
    if (problem) throw new HostError('invalid_prefs', problem);
  }

  abstract loadGridPrefs(subjectId: string | null, gridId: string): Promise<LoadPrefsResult>;
  abstract saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult>;
  abstract filterStateFromRequest(spec: GridViewSpec): FilterState;
  abstract currentSubjectId(): string | null;
}
