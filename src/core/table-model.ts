/**
 * The pure logic behind `SimpleTable`: sorting, searching, composing both, and the export matrix.
 * Vue-free and DOM-free, so the component, the standalone bundle and Node tests share it.
 *
 * Built for 100,000 rows, including the FIRST interaction. Work that depends only on the data is
 * done once per rows array and cached in `WeakMap`s keyed by that array (so replacing the rows, as
 * the library always does, starts fresh and the old caches are garbage-collected with the old array):
 *
 * - sorting computes each row's key once, orders numbers by their bits with the engine's native
 *   64-bit integer sort, and text by ranking the distinct values in collator order. Columns whose
 *   texts are all ASCII (in locales whose collation of ASCII is the root one) are ranked without
 *   calling the collator: a key read from the collator itself orders them identically, and packed
 *   windows of those keys are sorted natively. The ascending order of a column is cached,
 *   descending is derived from it in one pass;
 * - searching speaks the search language (`./search`, docs/search.md): a query is parsed into its
 *   AST and its terms run over the index. Text terms match a lower-cased, accent-free text per
 *   cell; number terms read per-column typed arrays of the cells' numbers. Once the texts of every searchable
 *   column are built and joined per row, a keystroke is one pass of `String.prototype.includes`.
 *   Before that, a query looks at the cells as they are, row by row, without building texts
 *   (ASCII text through a case-insensitive pattern, numbers written as character codes from the
 *   locale's symbols, read once from `Intl.NumberFormat#formatToParts`), and skips columns that
 *   hold only numbers when the term has characters no number shows ("k");
 * - both caches are built ahead in short resumable steps (`warmSortIndex` with a budget,
 *   `warmSearchIndex` and `warmSearchNumbers` with a row limit); an interaction that arrives first finishes only the part
 *   it needs, continuing from where the warm-up stopped;
 * - `visibleRowsInSteps` answers a first interaction screenful first: a search looks at rows until
 *   the first matches are found, a sort whose order is not built picks its first rows in one pass
 *   without sorting (`firstSortedRows` in `sort.ts`); the rest follows in budgeted steps.
 *
 * Every fast path gives exactly the result of the plain computation (property tests check them
 * against `Intl.NumberFormat` and `Intl.Collator`); where it could not, the plain one runs.
 *
 * The arrays handed in are never mutated; results are new arrays holding the SAME row objects.
 *
 * This module is the public face; the logic lives in `./table-model/`, one concern per module:
 * `types.ts` (public types), `shared.ts` (helpers all parts use), `key-order.ts` (numeric key
 * orders), `collation-order.ts` and `ascii-collation.ts` (text ranking), `sort.ts`, `text-fold.ts`
 * (normal form of text), `number-text.ts` (numbers as Intl shows them), `text-index.ts` (the
 * texts and numbers the search language looks in), `text-match.ts` (a query over them),
 * `table-filter.ts` (a table's filter: search, column filters, values), `view.ts` (filter then
 * sort) and `export.ts`.
 *
 * @module
 */
export type { ExportCell, SortDirection, SortState, TableFilter, TableLocale, TableViewState, WarmBudget } from './table-model/types';
export { asciiSortKey } from './table-model/ascii-collation';
export { sortRows, warmSortIndex } from './table-model/sort';
export { nextSortDirection } from './table-model/shared';
export { normaliseSearchText } from './table-model/text-fold';
export { formatNumberForSearch } from './table-model/number-text';
export { filterRows } from './table-model/table-filter';
export { searchTextOfNumber, warmSearchIndex, warmSearchNumbers } from './table-model/text-index';
export { visibleRowIndices, visibleRows, visibleRowsInSteps } from './table-model/view';
export type { VisibleRowsSteps } from './table-model/view';
export { exportMatrix } from './table-model/export';
