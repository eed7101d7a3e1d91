/**
 * Values filters: a checklist of distinct values (AG Grid's set filter is Enterprise, so the
 * DataGrid has this one), or "empty" / "not empty".
 *
 * @module
 */
import type { ValuesFilterModel } from './types';

/** Cell texts that count as empty in `{ mode: 'empty' }`, after trimming: blank, hyphen, em dash. */
export const EMPTY_CELL_MARKERS: readonly string[] = Object.freeze(['', '-', '—']);

/** Separators of the tokens of a multi-valued cell given as text: `a, b; c | d` or one per line. */
const TOKEN_SEPARATORS = /[,;|\n]/;

/**
 * The tokens of a multi-valued cell given as text, for `any_token`: split at `,`, `;`, `|` and line
 * breaks, trimmed, blanks dropped.
 */
export function cellTokens(cell: string): string[] {
  return cell
    .split(TOKEN_SEPARATORS)
    .map((token) => token.trim())
    .filter((token) => token !== '');
}

/** The model as a check that can run per row, or null for an inactive (or unreadable) model. */
export interface ValuesCheck {
  readonly kind: 'exact' | 'any_token' | 'empty' | 'non_empty';
  readonly values: ReadonlySet<string>;
}

/**
 * Reads a model once: null for `null` and for anything that is not a model (JavaScript callers,
 * state restored from a URL): an unreadable filter must not hide every row.
 */
export function valuesCheck(model: ValuesFilterModel | null | undefined): ValuesCheck | null {
  if (model === null || typeof model !== 'object') return null;
  if ('mode' in model) return model.mode === 'empty' || model.mode === 'non_empty' ? { kind: model.mode, values: new Set() } : null;
  if (!('values' in model) || !Array.isArray(model.values)) return null;
  const values = new Set<string>();
  for (const value of model.values) if (typeof value === 'string') values.add(value.trim());
  return { kind: model.match === 'any_token' ? 'any_token' : 'exact', values };
}

/**
 * Whether a cell is empty for a values filter: its trimmed text is one of `EMPTY_CELL_MARKERS`; a
 * multi-valued cell (its `tokens`, the items of a list) when every item is, so an empty list is
 * empty, as the seed system's fixtures expect.
 */
export function isEmptyValuesCell(cell: string, tokens?: readonly string[]): boolean {
  return tokens ? tokens.every((token) => isEmptyValuesCell(token)) : EMPTY_CELL_MARKERS.includes(cell.trim());
}

/** Runs a check on one cell text (and its tokens, the items of a list cell). */
export function passesValuesCheck(check: ValuesCheck, cell: string, tokens?: readonly string[]): boolean {
  switch (check.kind) {
    case 'empty':
      return isEmptyValuesCell(cell, tokens);
    case 'non_empty':
      return !isEmptyValuesCell(cell, tokens);
    case 'exact':
      return check.values.has(cell.trim());
    default: {
      if (check.values.size === 0) return false;
      for (const token of tokens ?? cellTokens(cell)) if (typeof token === 'string' && check.values.has(token.trim())) return true;
      return false;
    }
  }
}

/**
 * Whether a cell passes a values filter.
 *
 * - `null` (inactive), or a value that is not a model: every cell passes.
 * - `{ values, match: 'exact' }` (`match` defaults to `exact`): the trimmed cell equals one of the
 *   trimmed `values`, case-sensitively; never a partial match (`"Kyiv"` does not pass `["Kyi"]`).
 * - `{ values, match: 'any_token' }`: one of `tokens` (the row's values of a multi-valued cell;
 *   default: the cell split at `,`, `;`, `|` and line breaks) equals a selected value.
 * - An empty `values` list matches nothing (the user unticked everything).
 * - `{ mode: 'empty' }`: the trimmed cell is `''`, `-` or `—` (with `tokens`, every token is: an
 *   empty list is empty); `{ mode: 'non_empty' }`: it is not.
 *
 * Never throws.
 *
 * @example
 * matchesValuesFilter(' Kyiv ', { values: ['Kyiv', 'Lviv'] });                // true
 * matchesValuesFilter('red, blue', { values: ['blue'], match: 'any_token' }); // true
 * matchesValuesFilter('—', { mode: 'empty' });                                // true
 */
export function matchesValuesFilter(cell: string, model: ValuesFilterModel | null, tokens?: readonly string[]): boolean {
  const check = valuesCheck(model);
  if (check === null) return true;
  return passesValuesCheck(check, typeof cell === 'string' ? cell : '', Array.isArray(tokens) ? tokens : undefined);
}
