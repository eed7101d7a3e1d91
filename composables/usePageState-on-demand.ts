/**
 * What a SimpleTable imports dynamically to hand its layout to the page-state store (see
 * `useSimpleTableLayout`): `usePageState` through a module of its own, not a composable.
 *
 * `usePageState` is public and the DataGrid uses it, so many apps import it statically. Aimed at
 * `./usePageState` itself, the table's dynamic import made each such app's build print Rolldown's
 * INEFFECTIVE_DYNAMIC_IMPORT warning, which the app cannot act on; aimed here, an app that has
 * `usePageState` already gets a chunk of one line, and a table-only app the binding in this chunk.
 *
 * @module
 */
export { usePageState } from './usePageState';
