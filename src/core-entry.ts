/**
 * `vue-grid-view/core`: the framework-agnostic contract and the hosts. Runs unchanged in Node and
 * in browsers; imports neither Vue nor the DOM nor Node modules (the HTTP host uses axios).
 *
 * @module
 */
export * from './core/index';
export * from './host/index';
