/**
 * Hosts: the `GridViewHost` contract, the in-memory host and preferences, the HTTP host (axios),
 * filter state in URLs and route building. Vue-free and DOM-free: it runs in Node and browsers.
 *
 * @module
 */
export type {
  FilterState,
  GridViewHost,
  LoadPrefsResult,
  LocalOnlyReason,
  PreferencesStore,
  RouteId,
  RouteParams,
  SavePrefsResult,
  SortState,
} from './types';
export { HostError, isHostError, isRetryable, toHostErrorInfo } from './errors';
export type { HostErrorCode, HostErrorInfo, HostErrorOptions } from './errors';
export { MemoryPrefs } from './memory-prefs';
export type { MemoryPrefsOptions } from './memory-prefs';
export { HostBase } from './host-base';
export type { HostBaseOptions, HostTemplate } from './host-base';
export { MemoryHost } from './memory-host';
export type { MemoryHostOptions } from './memory-host';
export { HttpHost, createHttpHost, toHostError, DEFAULT_HTTP_TIMEOUT_MS } from './http-host';
export type { HttpHostOptions } from './http-host';
export {
  parseFilterState,
  presentFilterFields,
  filterStateToQuery,
  emptyFilterState,
  QUERY_SEARCH,
  QUERY_SORT,
  QUERY_DIR,
  QUERY_FILTER_PREFIX,
  MAX_QUERY_TEXT,
  MAX_QUERY_FILTERS,
} from './filter-state';
export type { FilterSpecLike } from './filter-state';
export { buildRouteUrl, defaultRoutes } from './routes';
export type { RouteMap } from './routes';
export { emptyGridPrefs, applyPrefsPatch, cloneJson, gridIdProblem, checkedPatch, jsonByteLength } from './prefs-data';
export { hostTranslator } from './translate';
export type { HostTranslateOptions } from './translate';
