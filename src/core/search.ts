/**
 * The search language of every table: smart search boxes, column filters and values filters, with
 * numbers read in the locale's writing. Vue-free and DOM-free; the grammar is in docs/search.md.
 *
 * - `compileQuery` parses once into a JSON-safe AST (`./search/types`) and matches texts or rows;
 *   `matchesQuery` and `matchesCellFilter` are the one-call forms;
 * - `matchesValuesFilter` evaluates a values (checklist) filter;
 * - `parseLocaleNumber` reads a number as people write it; KPI and chart aggregation use it too;
 * - `describeQuery` / `describeValuesFilter` say in words how a query or filter was understood.
 *
 * The table model (`./table-model`) evaluates the same AST over its cached index, so SimpleTable's
 * search, future grid filters and these functions agree.
 *
 * Modules: `types.ts` (AST), `numbers.ts` (reading numbers), `parse.ts` (text → AST),
 * `evaluate.ts` (plans and primitive tests), `cell.ts` (what a table cell shows to search),
 * `values.ts`, `describe.ts`, `compile.ts`.
 *
 * @module
 */
export type {
  SearchQueryAst,
  SearchGroupAst,
  SearchTermAst,
  SearchTextTerm,
  SearchNumberTerm,
  SearchNumberOp,
  SearchScope,
  SearchColumn,
  CompileQueryOptions,
  ValuesFilterModel,
} from './search/types';
export type { CompiledQuery, CompileOptions, CompileQueryColumn } from './search/compile';
export { compileQuery, matchesQuery, matchesCellFilter } from './search/compile';
export { parseLocaleNumber } from './search/numbers';
export { matchesValuesFilter, EMPTY_CELL_MARKERS } from './search/values';
export { describeQuery, describeValuesFilter } from './search/describe';
export type { DescribeQueryOptions } from './search/describe';
