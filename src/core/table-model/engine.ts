/**
 * Everything a table needs to search, sort and group its rows, as one module: the search language
 * (parser, locale numbers, the search index, "understood as" summaries), the sort (collation keys,
 * number orders), sections and the warm-up tasks. Not a package entry: `SimpleTable` loads it with
 * a dynamic `import()`, so bundlers make it a chunk of its own and a page draws the first rows of an
 * unsorted, unsearched table without it (see docs/simple-table.md, "What loads when"). The core
 * entry exports the same functions from their own modules.
 *
 * @module
 */
export { visibleRowIndices, visibleRowsInSteps } from './view';
export { warmSortIndex } from './sort';
export { groupRowIndices, groupedDisplayList } from './groups';
export { warmupTasks } from './warmup';
export { describeTableSearch } from './search-summary';
