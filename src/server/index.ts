/**
 * `vue-grid-view/server`: the Node server part. Vue-free; server-side rendering lives in `./ssr`.
 *
 * @module
 */
export * from '../core/index';
