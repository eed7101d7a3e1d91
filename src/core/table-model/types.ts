/**
 * The public types of the table model (sort, filter, view state, locale, export cell, warm-up
 * budget) and `ModelColumn`, the slice of `Column` every part reads. Kept apart so each part can
 * import them without importing another part's logic.
 *
 * @module
 */
import type { Column, FormatOptions, Row } from '../types';
import type { neutraliseCell } from '../safety';

/** Direction of a sorted column; `null` elsewhere in this module means "original order". */
export type SortDirection = 'asc' | 'desc';

/** The sorted column of a table. */
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Search input of a table: one global query and/or one query per column key. */
export interface TableFilter {
  /** Matched against every searchable column of a row. */
  global?: string;
  /** Column key → query, matched against that column only (searchable columns only). */
  perColumn?: Readonly<Record<string, string>>;
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

/** The column shape this module reads (any `Column<R>` fits). */
export type ModelColumn<R extends Row> = Pick<Column<R>, 'key' | 'format' | 'searchable' | 'sortable' | 'sortValue'>;
