/**
 * Hosts: the `GridViewHost` contract, the in-memory host and preferences, the HTTP host (axios,
 * loaded with it), and filter state in URLs. Vue-free and DOM-free: it runs in Node and browsers.
 * Published through `vue-grid-view/core`.
 *
 * @module
 */
export type { FilterState, GridViewHost, LoadPrefsResult, LocalOnlyReason, PreferencesStore, RouteId, RouteParams, SavePrefsResult, SortState } from './types';
export { HostError, isHostError } from './errors';
export { SERVER_ERROR_CODES, isServerErrorCode } from './errors';
export type { HostErrorCode, HostErrorInfo, HostErrorOptions } from './errors';
export type { ServerErrorCode } from './errors';
export { MemoryPrefs } from './memory-prefs';
export type { MemoryPrefsOptions } from './memory-prefs';
export { HostBase } from './host-base';
export type { HostBaseOptions, HostTemplate } from './host-base';
export { MemoryHost } from './memory-host';
export type { MemoryHostOptions } from './memory-host';
export { HttpHost } from './http-host';
export type { HttpHostOptions } from './http-host';
export { parseFilterState, filterStateToQuery } from './filter-state';
export type { FilterSpecLike } from './filter-state';
export { defaultRoutes } from './routes';
export type { RouteMap } from './routes';
export { createRowSource } from './row-source';
export type { ServerRowSource, ServerRowSourceOptions, RowSourceFetch, RowSourceFetchResponse } from './row-source';
