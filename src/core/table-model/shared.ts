/**
 * Small helpers every part of the table model needs: reading the locale argument, reading a cell
 * safely, the step size of resumable cache builds, which formats are numeric, the sort button's
 * cycle and whether a filter holds text. They live here so sorting, searching and export share one
 * definition and no part has to import another for them, and so a table can draw its first rows
 * with them alone (the search and sort code is loaded on demand, see SimpleTable).
 *
 * @module
 */
import type { FormatOptions, Row, ValueFormat } from '../types';
import { isInheritedName } from '../format';
import type { SortDirection, TableFilter, TableLocale } from './types';

/** The format options of a locale argument: a tag becomes `{ locale }`; undefined becomes `{}`. */
export function formatOptions(locale: TableLocale): FormatOptions {
  return typeof locale === 'string' ? { locale } : (locale ?? {});
}

/** Reads `row[key]` as an own property when `key` is an inherited name (`constructor`, …). */
export function cellReader<R extends Row>(key: string): (row: R) => unknown {
  if (isInheritedName(key)) return (row) => (Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined);
  return (row) => row[key];
}

/** Rows (or distinct values) handled per resumable step of a cache build: a millisecond or two of work. */
export const STEP = 4096;

/** Whether cells of `format` are shown as numbers (so numeric strings sort and search as numbers). */
export function isNumericFormat(format: ValueFormat): boolean {
  return format === 'number' || format === 'currency' || format === 'percent';
}

/** Zeros for padding digit runs (collation keys, number texts); 16 covers every use. */
export const ZEROS = '0000000000000000';

/**
 * The next state of a header's sort button: ascending → descending → original order → ascending.
 * `null`/`undefined` (unsorted, or another column sorted) starts at ascending.
 */
export function nextSortDirection(current: SortDirection | null | undefined): SortDirection | null {
  if (current === 'asc') return 'desc';
  if (current === 'desc') return null;
  return 'asc';
}

/**
 * Whether the global query or a column filter of `filter` holds text other than whitespace (values
 * filters not counted): without such text and without `values`, every row passes.
 */
export function filterHasText(filter: TableFilter | undefined): boolean {
  if (filter === undefined || filter === null) return false;
  if (typeof filter.global === 'string' && filter.global.trim() !== '') return true;
  for (const text of Object.values(filter.perColumn ?? {})) if (typeof text === 'string' && text.trim() !== '') return true;
  return false;
}
