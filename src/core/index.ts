/**
 * `vue-grid-view/core`: the framework-agnostic contract. Runs unchanged in Node and in browsers;
 * imports neither Vue nor the DOM nor Node modules.
 *
 * @module
 */
export type * from './types';
export { isSafeUrl, checkLinkTemplate, fillUrlTemplate, templatePlaceholders, parseRowAction } from './url';
export type { RowAction } from './url';
export { neutraliseCell } from './safety';
