/**
 * The background work that prepares a large table's first interaction: the code of a first search
 * and a first sort run over a few copied rows, then the table's search texts and numbers, then the
 * sort of each sortable column, each as resumable `IdleTask`s for `runWhenIdle` (the Vue layer
 * schedules them while the browser is idle, in short slices).
 *
 * @module
 */
import type { Row, SearchMode } from '../types';
import type { ModelColumn, TableFilter, TableLocale, WarmBudget } from './types';
import type { IdleTask } from './idle';
import { formatOptions } from './shared';
import { warmSearchIndex, warmSearchNumbers } from './text-index';
import { firstSortedRows, warmSortIndex } from './sort';
import { visibleRowsInSteps } from './view';

/** Rows of search text built per resumable step (about a millisecond for 8 columns). */
const WARM_SEARCH_ROWS = 1024;
/** Rows copied for `primingTasks`. */
const PRIME_ROWS = 48;

/**
 * Tasks that run the code of a first search and a first sort click over a few rows copied from
 * the table (their caches belong to the copy and go with it): a plain word, a digit and a query
 * with an OR, an exclusion, a number range and a column scope, before and after the copy's search
 * texts are built, and the first rows of each sortable column. The engine compiles that code then,
 * in the background, instead of on the reader's first keystroke or click, and the number formats
 * read their shape (a few dozen Intl calls per format). One task per query, so each fits a slice.
 * A task throws what a `sortValue` throws (the warm-up skips it).
 */
function primingTasks<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], format: TableLocale, mode: SearchMode): IdleTask[] {
  const sample = rows.slice(0, PRIME_ROWS);
  const searchable = columns.filter((c) => c.searchable);
  if (sample.length === 0) return [];
  const filterOf = (query: string): TableFilter | null => {
    if (mode === 'global') return { global: query };
    const first = searchable[0];
    return mode === 'per_column' && first ? { perColumn: { [first.key]: query } } : null;
  };
  const search = (query: string): IdleTask => () => {
    const filter = filterOf(query);
    if (filter !== null) visibleRowsInSteps(sample, columns, { filter }, format).advance(Number.POSITIVE_INFINITY);
  };
  const locale = formatOptions(format).locale;
  // A term scoped to a column (`qty:>1`) reads the column labels too.
  const scoped = mode === 'global' && searchable[0] ? ` ${searchable[0].key}:>1` : '';
  return [
    search('a'),
    search('1'),
    search(`a/b -c 1..2${scoped}`),
    // Then over built texts and numbers, as keystrokes after the warm-up run.
    () => {
      warmSearchIndex(sample, columns, format);
      warmSearchNumbers(sample, columns, format);
      if (mode === 'per_column') for (const column of searchable) warmSearchIndex(sample, columns, format, column.key);
    },
    search('a'),
    search('b/1 -c'),
    () => {
      for (const column of columns) if (column.sortable) firstSortedRows(sample, column, 'asc', locale, 8);
    },
  ];
}

/** Repeats a resumable step while the slice's budget lasts; true when the work is complete. */
function whileBudget(step: () => boolean, budget: WarmBudget): boolean {
  let done = step();
  while (!done && budget.timeRemaining() > 0) done = step();
  return done;
}

/**
 * Every task of a table's warm-up, in order: first the code of a first interaction (a few
 * milliseconds), then the search texts and the numbers that number terms (`>10`, `10..20`)
 * compare, in steps of rows (the whole row for `global`, each searchable column for
 * `per_column`, none for `disabled`), then the sort of each sortable column in steps.
 */
export function warmupTasks<R extends Row>(rows: readonly R[], columns: readonly ModelColumn<R>[], format: TableLocale, mode: SearchMode): IdleTask[] {
  const tasks: IdleTask[] = primingTasks(rows, columns, format, mode);
  if (mode === 'global') {
    tasks.push((budget) => whileBudget(() => warmSearchIndex(rows, columns, format, undefined, WARM_SEARCH_ROWS), budget));
    tasks.push((budget) => whileBudget(() => warmSearchNumbers(rows, columns, format, undefined, WARM_SEARCH_ROWS * 4), budget));
  } else if (mode === 'per_column') {
    for (const column of columns) {
      if (!column.searchable) continue;
      tasks.push((budget) => whileBudget(() => warmSearchIndex(rows, columns, format, column.key, WARM_SEARCH_ROWS * 4), budget));
      tasks.push((budget) => whileBudget(() => warmSearchNumbers(rows, columns, format, column.key, WARM_SEARCH_ROWS * 4), budget));
    }
  }
  for (const column of columns) if (column.sortable) tasks.push((budget) => warmSortIndex(rows, column, format, budget));
  return tasks;
}
