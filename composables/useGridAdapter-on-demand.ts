/**
 * What a GridView imports dynamically to follow its grid's rows for grid-filtered charts:
 * `useGridAdapter` through a module of its own, not a composable.
 *
 * `useGridAdapter` is public, so apps may import it statically. Aimed at `./useGridAdapter` itself,
 * GridView's dynamic import would make each such app's build print Rolldown's
 * INEFFECTIVE_DYNAMIC_IMPORT warning, which the app cannot act on; aimed here, an app that has it
 * already gets a chunk of one line, and a view without a grid never downloads it.
 *
 * @module
 */
export { useGridAdapter } from './useGridAdapter';
