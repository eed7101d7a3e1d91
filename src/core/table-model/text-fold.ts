/**
 * The normal form in which cells and queries are compared (lower case, accents, the strokes of
 * letters such as ł and ø, and repeated whitespace folded), and splitting a query into terms. Its own module because sorting (the
 * approximate collation key) and number texts need it as well as search.
 *
 * @module
 */

export const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex
const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
const NEEDS_SPACE_FIX = /\s\s|[^\S ]/;

/**
 * Lower-case letters that NFD leaves whole (the stroke or bar is part of the letter, not a combining
 * mark) but that readers type without it: "lodz" for "Łódź", "oresund" for "Øresund". Each folds to
 * one ASCII letter, so the fold stays one character for one character here. Their capitals are
 * reached by lower-casing first (Ł → ł → l; the capital of dotless ı is I, already i).
 *
 * The one table of both sides: `normaliseSearchText` maps with it, and PostgreSQL's fold
 * (`foldSql` in src/server/rows/sql-text.ts) is `translate(…, from, to)` built from the same
 * pairs. Changing it changes the fold's output: an expression index over the fold must be rebuilt.
 * Letters that would need two (ß → ss, æ → ae, þ → th) are left as they are.
 */
export const UNMARKED_LETTER_FOLDS: readonly (readonly [letter: string, plain: string])[] = [
  ['ł', 'l'], // Polish, Sorbian
  ['ø', 'o'], // Danish, Norwegian, Faroese
  ['đ', 'd'], // Croatian, Serbian Latin, Vietnamese, Sami
  ['ð', 'd'], // Icelandic, Faroese
  ['ħ', 'h'], // Maltese
  ['ŧ', 't'], // Northern Sami
  ['ı', 'i'], // Turkish, Azerbaijani dotless i
  ['ƀ', 'b'],
  ['ǥ', 'g'], // Skolt Sami
  ['ɨ', 'i'],
  ['ƶ', 'z'],
];

const UNMARKED_LETTERS = UNMARKED_LETTER_FOLDS.map(([letter]) => letter).join('');
const HAS_UNMARKED = new RegExp(`[${UNMARKED_LETTERS}]`);
const UNMARKED_ALL = new RegExp(`[${UNMARKED_LETTERS}]`, 'g');
const PLAIN_OF: ReadonlyMap<string, string> = new Map(UNMARKED_LETTER_FOLDS);
const plainLetter = (letter: string): string => PLAIN_OF.get(letter) ?? letter;

/**
 * The form in which cells and queries are compared: lower case, accents removed (NFD, combining
 * marks dropped: "Café" → "cafe", "Їжак" → "іжак"), the letters of `UNMARKED_LETTER_FOLDS` without
 * their stroke ("Łódź" → "lodz", "Øresund" → "oresund"), every run of whitespace (including the
 * no-break spaces of formatted numbers) as one plain space.
 *
 * Edge cases: ASCII text is only lower-cased and its whitespace folded (the hot path: no Unicode
 * work). The result can be shorter than the input (marks dropped, whitespace runs joined) or longer
 * (a precomposed Hangul syllable becomes its jamo), so offsets in it say nothing about offsets in
 * the text. Letters with no one-letter ASCII form (ß, æ, þ) stay as they are.
 */
export function normaliseSearchText(text: string): string {
  let result = text;
  if (NON_ASCII.test(result)) {
    result = result.normalize('NFD').replace(MARKS, '').toLowerCase();
    // After lower-casing, so one table of small letters serves the capitals too.
    if (HAS_UNMARKED.test(result)) result = result.replace(UNMARKED_ALL, plainLetter);
  } else {
    result = result.toLowerCase();
  }
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
