/**
 * The public types of the search language: the JSON-safe AST a query compiles to, the values
 * filter model and the options. The grammar is written down once, in docs/search.md.
 *
 * The AST is plain data (strings, finite numbers, booleans, arrays, null), so it survives
 * `JSON.stringify` and can be sent to a server and translated to SQL there:
 *
 * - a query is an OR of groups (`groups`; none means "every row");
 * - a group is an AND of terms;
 * - a text term is a case- and accent-insensitive "contains" (or, in column filters with `%`, a
 *   LIKE pattern: `parts` in order, anchored at the start and/or end);
 * - a number term compares the numbers written in a cell;
 * - `negate` turns a term into "no cell in scope has it";
 * - `scope` limits a term to the columns it names (`null`: every searchable column).
 *
 * One rule is not visible term by term: the positive number terms of a group with the same scope
 * must all hold for ONE number of ONE cell (`>10+<20` is a range, not "some number over 10 and
 * another under 20"). A SQL translation over a numeric column gets this for free (a column holds
 * one number); over several columns it is `(c1 > 10 AND c1 < 20) OR (c2 > 10 AND c2 < 20)`.
 *
 * @module
 */

/** Columns a term is limited to, from `label:` in the query. */
export interface SearchScope {
  /** The label as typed before the colon (for summaries). */
  readonly name: string;
  /** Keys of the columns whose label contains `name` (or whose key equals it), in column order. */
  readonly keys: readonly string[];
  /** Their labels, in the same order. */
  readonly labels: readonly string[];
}

/** A word, a phrase or (column filters only) a `%` pattern. */
export interface SearchTextTerm {
  readonly kind: 'text';
  /** True for `-term`: no cell in scope may match. */
  readonly negate: boolean;
  readonly scope: SearchScope | null;
  /**
   * Normalised pieces (lower case, accents removed, whitespace runs as one space) that must occur
   * in this order. One piece for a word or phrase. Empty only for a pattern of `%` alone, which
   * matches nothing.
   */
  readonly parts: readonly string[];
  /** The first piece must start the cell text (`x%`). Always false outside column filters. */
  readonly anchorStart: boolean;
  /** The last piece must end the cell text (`%x`). Always false outside column filters. */
  readonly anchorEnd: boolean;
  /** Written (partly) in double quotes: operators in it were read as plain characters. */
  readonly phrase: boolean;
  /** The term as typed, without its minus and scope (for summaries). */
  readonly source: string;
}

/** Comparison of a number term: `>`, `>=`, `<`, `<=`, `=`, `A..B`. */
export type SearchNumberOp = 'gt' | 'ge' | 'lt' | 'le' | 'eq' | 'between';

/** A numeric comparison: `>N`, `>=N`, `<N`, `<=N`, `=N`, `A..B`, `A..`, `..B`. */
export interface SearchNumberTerm {
  readonly kind: 'number';
  readonly negate: boolean;
  readonly scope: SearchScope | null;
  readonly op: SearchNumberOp;
  /** The number (the lower bound for `between`). Always finite. */
  readonly value: number;
  /** The upper bound of `between` (inclusive, never below `value`); equal to `value` otherwise. */
  readonly to: number;
  /** The term as typed, without its minus and scope. */
  readonly source: string;
}

export type SearchTermAst = SearchTextTerm | SearchNumberTerm;

/** Terms that must all hold (AND). Never empty. */
export interface SearchGroupAst {
  readonly terms: readonly SearchTermAst[];
}

/** A compiled query: groups of which one must hold (OR). No groups: every text matches. */
export interface SearchQueryAst {
  /** `global` for search boxes over rows; `cell` for column filters (wildcards, no scopes). */
  readonly mode: 'global' | 'cell';
  readonly groups: readonly SearchGroupAst[];
}

/** A column the query may name with `label:`. */
export interface SearchColumn {
  readonly key: string;
  readonly label: string;
}

/** Options of `compileQuery`. */
export interface CompileQueryOptions {
  /**
   * Columns that `label:` can name, in the order `matchesText`'s `cells` follow. Without them no
   * `label:` is a scope (it is searched as text). Default: none.
   */
  columns?: readonly SearchColumn[];
  /** Locale whose number conventions numeric terms and cells are read with. Default `en`. */
  locale?: string;
}

/**
 * A values filter: a checklist of distinct values, or "empty"/"not empty". `null` is inactive.
 *
 * - `{ values, match: 'exact' }` (the default match): the trimmed cell equals one of `values`
 *   (trimmed); never a partial match, case-sensitive.
 * - `{ values, match: 'any_token' }`: one of the row's tokens (multi-valued cells) is selected.
 * - An empty `values` list matches nothing.
 * - `{ mode: 'empty' }`: the cell is blank, `-` or `—`; `{ mode: 'non_empty' }`: anything else.
 */
export type ValuesFilterModel = { readonly values: readonly string[]; readonly match?: 'exact' | 'any_token' } | { readonly mode: 'empty' | 'non_empty' };
