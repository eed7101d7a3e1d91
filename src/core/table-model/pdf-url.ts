/**
 * The PDF export link of a simple table, carrying what the reader currently sees.
 *
 * @module
 */
import { appendQuery, isSafeUrl } from '../url';
import type { SortState } from './types';

/** The view state a PDF link carries. */
export interface PdfLinkState {
  /** Global search text. */
  query?: string;
  sort?: SortState | null;
  /** Per-column filter texts by column key. */
  filters?: Readonly<Record<string, string>>;
}

/**
 * `base` with the table's state appended as query parameters: `q` (global search), `sort` and
 * `dir` (`asc`/`desc`) for the sorted column, and `f_<key>` per non-blank column filter. Values
 * are URL-encoded (`encodeURIComponent`); blank values are left out; an existing query string is
 * extended and a `#fragment` kept at the end.
 *
 * Returns null when `base` is missing or not an http(s)/relative URL (`isSafeUrl`), so no link is
 * drawn rather than a dangerous one.
 */
export function buildPdfExportUrl(base: string | null | undefined, state: PdfLinkState): string | null {
  if (typeof base !== 'string' || !isSafeUrl(base)) return null;
  const params: Record<string, string> = {};
  const query = state.query?.trim() ?? '';
  if (query !== '') params.q = query;
  if (state.sort) {
    params.sort = state.sort.key;
    params.dir = state.sort.direction;
  }
  for (const [key, value] of Object.entries(state.filters ?? {})) {
    const text = value.trim();
    if (text !== '') params[`f_${key}`] = text;
  }
  const url = appendQuery(base, params);
  return isSafeUrl(url) ? url : null;
}
