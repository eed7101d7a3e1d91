/**
 * The PDF export link of a simple table, carrying what the reader currently sees.
 *
 * @module
 */
import { isSafeUrl } from '../../src/core/url';
import type { SortState } from '../../src/core/table-model';

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
 * are URL-encoded (`URLSearchParams`); blank values are left out; an existing query string is
 * extended and a `#fragment` kept at the end.
 *
 * Returns null when `base` is missing or not an http(s)/relative URL (`isSafeUrl`), so no link is
 * drawn rather than a dangerous one.
 */
export function buildPdfExportUrl(base: string | null | undefined, state: PdfLinkState): string | null {
  if (typeof base !== 'string' || !isSafeUrl(base)) return null;
  const params = new URLSearchParams();
  const query = state.query?.trim() ?? '';
  if (query !== '') params.set('q', query);
  if (state.sort) {
    params.set('sort', state.sort.key);
    params.set('dir', state.sort.direction);
  }
  for (const [key, value] of Object.entries(state.filters ?? {})) {
    const text = value.trim();
    if (text !== '') params.set(`f_${key}`, text);
  }
  const extra = params.toString();
  if (extra === '') return base;
  const hashAt = base.indexOf('#');
  const head = hashAt === -1 ? base : base.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : base.slice(hashAt);
  const joiner = head.includes('?') ? (head.endsWith('?') || head.endsWith('&') ? '' : '&') : '?';
  const url = `${head}${joiner}${extra}${hash}`;
  return isSafeUrl(url) ? url : null;
}
