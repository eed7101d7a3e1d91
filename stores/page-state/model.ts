/**
 * The data of browser-local page state: its shape, defaults, storage keys and the validator that
 * guards every read from storage. Pure functions; the Pinia store is in `./page-state`.
 *
 * @module
 */
import { validateGridPrefsPatch } from '../../src/core/prefs';
import type { PresetColumnState } from '../../src/core/types';
import type { FilterState, SortState } from '../../src/host/types';
import { validateGridFilterModel } from '../../src/core/data-grid/filter-model';
import type { GridFilterModel } from '../../src/core/data-grid/types';

/**
 * UI state of one view that the browser remembers between visits (never sent to a server).
 *
 * - `sort`: the sorted column or null;
 * - `search`: global search text;
 * - `filters`: per-column filter text by column key;
 * - `columnState`: the grid's column order, visibility, pin, width and sort (AG Grid column state in
 *   the preset format), or null for the spec's layout;
 * - `activePreset`: name of the applied column preset, or null;
 * - `collapsed`: ids of collapsed blocks (`kpis`, `chart:<id>`, `table`, as the components name them);
 * - `filterModel`: a data grid's column filters (AG Grid filter models and the values filter), `{}`
 *   for none. Added after the first release: a stored payload without it reads as `{}`.
 * - `collapsedGroups`: the keys (`valueToText` of the grouping value, `''` for the group of empty
 *   values) of a simple table's collapsed sections (`group_by`). Added with section totals: a
 *   stored payload without it reads as `[]`.
 */
export interface PageState {
  sort: SortState | null;
  search: string;
  filters: Record<string, string>;
  columnState: PresetColumnState[] | null;
  activePreset: string | null;
  collapsed: string[];
  filterModel: GridFilterModel;
  collapsedGroups: string[];
}

/** What identifies one page state: the spec id plus an optional scope and namespace. */
export interface PageStateKeyParts {
  /** The spec's id (its `grid_id`). */
  id: string;
  /** Narrows the state, e.g. to one record (`customer-42`) when one spec serves many pages. */
  scope?: string | null;
  /** Separates applications sharing one origin; defaults to `default`. */
  namespace?: string | null;
}

/** Limits applied when validating stored page state (a payload beyond them is dropped). */
export const PAGE_STATE_LIMITS = Object.freeze({
  keyLength: 200,
  textLength: 1000,
  maxFilters: 200,
  maxCollapsed: 100,
  presetNameLength: 100,
  maxCollapsedGroups: 1000,
});

/** Prefix of every page-state key in localStorage. */
export const PAGE_STATE_KEY_PREFIX = 'gridView:pageState:';

/** Namespace used when none is given. */
export const DEFAULT_NAMESPACE = 'default';

/**
 * The localStorage key of a page state: `gridView:pageState:<namespace>:<id>` plus `:<scope>` when
 * scoped. Each part is URL-encoded, so a `:` inside an id or scope can never make two different
 * states share a key.
 */
export function pageStateKey(parts: PageStateKeyParts): string {
  const namespace = parts.namespace || DEFAULT_NAMESPACE;
  const scope = parts.scope ? `:${encodeURIComponent(parts.scope)}` : '';
  return `${PAGE_STATE_KEY_PREFIX}${encodeURIComponent(namespace)}:${encodeURIComponent(parts.id)}${scope}`;
}

/** Page state of a first visit: no sort, no search, no filters, the spec's columns, nothing collapsed. */
export function defaultPageState(): PageState {
  return { sort: null, search: '', filters: {}, columnState: null, activePreset: null, collapsed: [], filterModel: {}, collapsedGroups: [] };
}

/** A deep copy of a page state (JSON data only). */
export function clonePageState(state: PageState): PageState {
  return JSON.parse(JSON.stringify(state)) as PageState;
}

const FIELDS = new Set<keyof PageState>(['sort', 'search', 'filters', 'columnState', 'activePreset', 'collapsed', 'filterModel', 'collapsedGroups']);
/** Fields a payload may lack because they were added later (they read as their default). */
const LATER_FIELDS = new Set<keyof PageState>(['filterModel', 'collapsedGroups']);

/**
 * Validates stored page state. Returns a clean copy, or null when anything is off: every field
 * present with its exact type, no unknown field, texts and lists within `PAGE_STATE_LIMITS`, column
 * state by the same rules as presets (`validateGridPrefsPatch`).
 *
 * Edge cases: `__proto__` is refused as a filter key; an empty sort key is refused; duplicate
 * collapsed ids are refused (the store never writes them); a payload written before `filterModel`
 * existed (without that key) is valid and gets `{}`; a filter model must pass
 * `validateGridFilterModel` whole; `collapsedGroups` (absent reads as `[]`) holds at most
 * `maxCollapsedGroups` distinct texts of at most `textLength` characters (the empty text is the
 * group of empty values).
 */
export function validatePageState(raw: unknown): PageState | null {
  if (!isPlainObject(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.some((key) => !FIELDS.has(key as keyof PageState))) return null;
  for (const field of FIELDS) if (!keys.includes(field) && !LATER_FIELDS.has(field)) return null;
  const { sort, search, filters, columnState, activePreset, collapsed } = raw;
  const filterModel = validateGridFilterModel(raw.filterModel);
  if (filterModel === null) return null;

  let cleanSort: SortState | null = null;
  if (sort !== null) {
    if (!isPlainObject(sort) || Object.keys(sort).length !== 2) return null;
    if (!isText(sort.key, PAGE_STATE_LIMITS.keyLength) || sort.key === '') return null;
    if (sort.direction !== 'asc' && sort.direction !== 'desc') return null;
    cleanSort = { key: sort.key, direction: sort.direction };
  }

  if (!isText(search, PAGE_STATE_LIMITS.textLength)) return null;

  if (!isPlainObject(filters)) return null;
  const filterKeys = Object.keys(filters);
  if (filterKeys.length > PAGE_STATE_LIMITS.maxFilters) return null;
  const cleanFilters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = filters[key];
    if (key === '' || key === '__proto__' || key.length > PAGE_STATE_LIMITS.keyLength) return null;
    if (!isText(value, PAGE_STATE_LIMITS.textLength)) return null;
    cleanFilters[key] = value;
  }

  let cleanColumns: PresetColumnState[] | null = null;
  if (columnState !== null) {
    const checked = validateGridPrefsPatch({ colPresets: { state: { columns: columnState } } });
    if (!checked.ok) return null;
    cleanColumns = checked.value.colPresets?.state?.columns ?? [];
  }

  if (activePreset !== null && (!isText(activePreset, PAGE_STATE_LIMITS.presetNameLength) || activePreset === '')) return null;

  if (!Array.isArray(collapsed) || collapsed.length > PAGE_STATE_LIMITS.maxCollapsed) return null;
  if (!collapsed.every((id): id is string => isText(id, PAGE_STATE_LIMITS.keyLength) && id !== '')) return null;
  if (new Set(collapsed).size !== collapsed.length) return null;

  const groups = raw.collapsedGroups ?? [];
  if (!Array.isArray(groups) || groups.length > PAGE_STATE_LIMITS.maxCollapsedGroups) return null;
  if (!groups.every((id): id is string => isText(id, PAGE_STATE_LIMITS.textLength))) return null;
  if (new Set(groups).size !== groups.length) return null;

  return {
    sort: cleanSort,
    search,
    filters: cleanFilters,
    columnState: cleanColumns,
    activePreset: activePreset as string | null,
    collapsed: [...collapsed],
    filterModel,
    collapsedGroups: [...groups],
  };
}

/**
 * `state` with the filter fields the URL carries laid over it: the URL wins where it says
 * something, stored state stays where it does not. Returns a new object.
 */
export function withUrlState(state: PageState, fromUrl: Partial<FilterState>): PageState {
  const next = clonePageState(state);
  if (fromUrl.search !== undefined) next.search = fromUrl.search;
  if (fromUrl.sort !== undefined) next.sort = fromUrl.sort ? { ...fromUrl.sort } : null;
  if (fromUrl.filters !== undefined) next.filters = { ...fromUrl.filters };
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}
