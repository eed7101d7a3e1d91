/**
 * The public types of the table model (sort, filter, view state, locale, export cell, warm-up
 * budget) and `ModelColumn`, the slice of `Column` every part reads. Kept apart so each part can
 * import them without importing another part's logic.
 *
 * @module
 */
import type { Column, FormatOptions, Row } from '../types';
import type { neutraliseCell } from '../safety';
import type { ValuesFilterModel } from '../search/types';

/** Direction of a sorted column; `null` elsewhere in this module means "original order". */
export type SortDirection = 'asc' | 'desc';

/** The sorted column of a table. */
export interface SortState {
  key: string;
  direction: SortDirection;
}

/**
 * Search input of a table, in the search language (docs/search.md): one global query, a column
 * filter per column key and a values filter per column key. All that are given must hold.
 */
export interface TableFilter {
  /** Matched against every searchable column of a row (`label:` names searchable columns). */
  global?: string;
  /** Column key → column filter (the language for one cell, with `%` wildcards); searchable columns only. */
  perColumn?: Readonly<Record<string, string>>;
  /**
   * Column key → values filter (a checklist, or empty / not empty); `null` is inactive. Any column
   * of the table may have one. The cell is compared as its raw text (`valueToText`: `1234.5`, not
   * `$1,234.50`), the form a server's distinct values take; an array cell gives its items as the
   * tokens of `any_token`.
   */
  values?: Readonly<Record<string, ValuesFilterModel | null>>;
}

/** What the table shows: the filter, then the sort. */
export interface TableViewState {
  filter?: TableFilter;
  sort?: SortState | null;
}

/** A locale tag, or the locale and currency used to format numbers for search. */
export type TableLocale = string | FormatOptions | undefined;

/** One cell of an export matrix: what `neutraliseCell` returns. */
export type ExportCell = ReturnType<typeof neutraliseCell>;

/**
 * How long one warm-up call may keep going (an `IdleDeadline` fits): the call stops at its next
 * resumable point once `timeRemaining()` is 0 or less. Every call makes some progress, so a budget
 * that is always spent still finishes after enough calls.
 */
export interface WarmBudget {
  timeRemaining(): number;
}

/** The column shape this module reads (any `Column<R>` fits). `label` is what `label:` in a query names (default: the key). */
export type ModelColumn<R extends Row> = Pick<Column<R>, 'key' | 'format' | 'searchable' | 'sortable' | 'sortValue'> & { label?: string };
