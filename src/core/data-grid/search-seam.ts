/**
 * Where the row source meets the search language: the text of one cell against a column filter's
 * query, and a cell against a values filter. Everything the row source matches by text goes through
 * these two functions or through the table model's own index (`matchFlags`), so there is one matcher
 * per kind of query, never a second one inside the grid.
 *
 * @module
 */
import { valueToText } from '../format';
import { normaliseSearchText, queryTerms } from '../table-model/search-text';
import type { ValuesColumnFilter } from './types';

/**
 * Whether the text of one cell matches a column filter's query, with the table model's column-filter
 * semantics: every term of the query occurs in the cell (case- and accent-insensitive). A blank
 * query matches every cell.
 */
export function cellMatchesQuery(cellText: string, query: string): boolean {
  const terms = queryTerms(query);
  if (terms.length === 0) return true;
  const text = normaliseSearchText(cellText);
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}

/** Texts that count as an empty cell in a values filter's `empty` mode. */
const EMPTY_MARKS = new Set(['', '-', '—']);

/**
 * A matcher for one values filter: the cell's raw text, trimmed (`valueToText`: `1234.5`, not
 * `$1,234.50`), against the checklist. `exact` needs the whole trimmed text to be selected;
 * `any_token` lets each item of a list cell count; an empty checklist matches nothing; `empty` and
 * `non_empty` look at blank, `-` and `—`.
 */
export function valuesMatcher(model: ValuesColumnFilter): (value: unknown) => boolean {
  if ('mode' in model) {
    const wantEmpty = model.mode === 'empty';
    return (value) => EMPTY_MARKS.has(valueToText(value).trim()) === wantEmpty;
  }
  const selected = new Set(model.values.map((v) => v.trim()));
  if (selected.size === 0) return () => false;
  if (model.match === 'any_token') {
    return (value) => {
      if (Array.isArray(value)) return value.some((item) => selected.has(valueToText(item).trim()));
      return selected.has(valueToText(value).trim());
    };
  }
  return (value) => selected.has(valueToText(value).trim());
}

/** The text a values checklist shows and selects for a cell: its raw text, trimmed. */
export function valuesKey(value: unknown): string {
  return valueToText(value).trim();
}

/** Whether a cell is "empty" for a values filter (blank, `-` or `—`). */
export function isValuesEmpty(text: string): boolean {
  return EMPTY_MARKS.has(text);
}
