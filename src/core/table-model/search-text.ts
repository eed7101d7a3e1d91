/**
 * The normal form in which cells and queries are compared (lower case, accents and repeated
 * whitespace folded), and splitting a query into terms. Its own module because sorting (the
 * approximate collation key) and number texts need it as well as search.
 *
 * @module
 */

export const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex
const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
const NEEDS_SPACE_FIX = /\s\s|[^\S ]/;

/**
 * The form in which cells and queries are compared: lower case, accents removed (NFD, combining
 * marks dropped: "Café" → "cafe", "Їжак" → "іжак"), every run of whitespace (including the no-break
 * spaces of formatted numbers) as one plain space.
 */
export function normaliseSearchText(text: string): string {
  let result = text;
  if (NON_ASCII.test(result)) result = result.normalize('NFD').replace(MARKS, '');
  result = result.toLowerCase();
  return NEEDS_SPACE_FIX.test(result) ? result.replace(SPACES, ' ') : result;
}

/** Query terms: normalised, split on spaces; every term must occur. Empty for a blank query. */
export function queryTerms(query: string | undefined): string[] {
  if (query === undefined) return [];
  // Control characters separate cells in the index; a query never matches across them.
  // eslint-disable-next-line no-control-regex
  const text = normaliseSearchText(query.replace(/[\u0000-\u001f]/g, ' ')).trim();
  return text === '' ? [] : text.split(' ');
}
