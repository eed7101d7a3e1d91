/**
 * `vue-grid-view`: the Vue 3 entry (plugin, components, composables, stores) and the whole core.
 *
 * @module
 */
import './style.css';
export * from './core/index';
