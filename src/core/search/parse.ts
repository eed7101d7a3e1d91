/**
 * From query text to the AST (see ./types and docs/search.md). Two passes: the tokenizer splits
 * groups and terms and remembers which characters were quoted; each term is then read as a scope,
 * a number comparison, a range, a word or a phrase. Nothing here throws: every input, however
 * broken, reads as some query.
 *
 * @module
 */
import { normaliseSearchText } from '../table-model/text-fold';
import { numberSymbols, parseLocaleNumber } from './numbers';
import type { SearchColumn, SearchGroupAst, SearchNumberOp, SearchQueryAst, SearchScope, SearchTermAst } from './types';

/** Terms read from one query at most; the rest are ignored (a pasted novel must not stall a table). */
export const MAX_TERMS = 100;

/** A stretch of a term's characters, quoted or not. */
interface Segment {
  text: string;
  quoted: boolean;
}

interface RawTerm {
  segments: Segment[];
  negate: boolean;
}

/** Characters that start an exclusion: hyphen-minus, U+2212 minus sign, en dash. */
function isMinus(ch: string): boolean {
  return ch === '-' || ch === '\u2212' || ch === '\u2013';
}

const SPACE = /\s/;
const DIGIT = /[0-9]/;
/** A term that so far is only a comparison operator (maybe after `label:`) waits for its number. */
const PENDING_OPERATOR = /^(?:[^:"]+:)?(?:[<>]=?|=|≥|≤)$/;
/** A comparison whose number so far is a group-separated integer part (`>1 234`). */
const GROUPED_COMPARISON = /^(?:[^:"]+:)?(?:[<>]=?|=|≥|≤)[+\-\u2212]?[1-9][0-9]{0,2}(?: [0-9]{3})*$/;
/** Three digits that end there: the next group of a number. */
const NEXT_GROUP = /^[0-9]{3}(?![0-9])/;

/** Whether the `,` at `i` sits inside a number of the locale (`1,234.5` in en, `2,5` in uk). */
function commaInNumber(text: string, i: number, locale: string | undefined): boolean {
  if (!DIGIT.test(text[i - 1] ?? '') || !DIGIT.test(text[i + 1] ?? '')) return false;
  const group = numberSymbols(locale).group;
  const numeric = (ch: string | undefined) => ch !== undefined && (DIGIT.test(ch) || ch === '.' || ch === ',' || (group !== ' ' && group !== '' && ch === group));
  let from = i;
  while (numeric(text[from - 1])) from--;
  let to = i + 1;
  while (numeric(text[to])) to++;
  return parseLocaleNumber(text.slice(from, to), locale) !== null;
}

/** Splits a query into groups of raw terms: OR separators, AND separators, quotes, exclusions. */
function tokenize(query: string, locale: string | undefined): RawTerm[][] {
  const groups: RawTerm[][] = [];
  let terms: RawTerm[] = [];
  let term: RawTerm | null = null;
  const append = (ch: string, quoted: boolean) => {
    term ??= { segments: [], negate: false };
    const last = term.segments[term.segments.length - 1];
    if (last !== undefined && last.quoted === quoted) last.text += ch;
    else term.segments.push({ text: ch, quoted });
  };
  const endTerm = () => {
    if (term !== null) terms.push(term);
    term = null;
  };
  const endGroup = () => {
    endTerm();
    groups.push(terms);
    terms = [];
  };
  let inQuote = false;
  for (let i = 0; i < query.length; i++) {
    const ch = query[i] as string;
    if (inQuote) {
      if (ch !== '"') append(ch, true);
      else if (query[i + 1] === '"') {
        // "" inside a phrase is one literal quote (as in CSV and SQL).
        append('"', true);
        i++;
      } else inQuote = false;
      continue;
    }
    if (ch === '"') {
      inQuote = true;
      // An empty phrase still marks the term as quoted.
      append('', true);
    } else if (SPACE.test(ch)) {
      const current = term as RawTerm | null;
      const text = current !== null && current.segments.length === 1 && !current.segments[0]?.quoted ? (current.segments[0]?.text ?? '') : null;
      // "> 10" and "units: >= 10": the operator takes the next word as its number.
      if (text !== null && PENDING_OPERATOR.test(text)) continue;
      // ">1 234,5" where the locale groups digits with spaces (uk): the space is inside the number.
      if (text !== null && numberSymbols(locale).spaceGroup && GROUPED_COMPARISON.test(text)) {
        let next = i + 1;
        while (next < query.length && SPACE.test(query[next] ?? '')) next++;
        if (NEXT_GROUP.test(query.slice(next, next + 4))) {
          append(' ', false);
          i = next - 1;
          continue;
        }
      }
      endTerm();
    } else if (ch === '+') endTerm();
    else if (isMinus(ch) && term === null) term = { segments: [], negate: true };
    else if (ch === '/' || ch === '\\') endGroup();
    else if (ch === ',' && !commaInNumber(query, i, locale)) endGroup();
    else append(ch, false);
  }
  endGroup();
  return groups;
}

/** Column labels and keys in normal form, made once per compile. */
interface ScopeIndex {
  readonly columns: readonly SearchColumn[];
  readonly labels: readonly string[];
  readonly keys: readonly string[];
}

function scopeIndex(columns: readonly SearchColumn[] | undefined): ScopeIndex | null {
  if (!Array.isArray(columns) || columns.length === 0) return null;
  const valid = columns.filter((c) => c !== null && typeof c === 'object' && typeof c.key === 'string');
  return {
    columns: valid,
    labels: valid.map((c) => normaliseSearchText(typeof c.label === 'string' ? c.label : c.key)),
    keys: valid.map((c) => normaliseSearchText(c.key)),
  };
}

/** The columns `name:` names: label contains it or key equals it; null when none does. */
function resolveScope(name: string, index: ScopeIndex | null): SearchScope | null {
  if (index === null) return null;
  const wanted = normaliseSearchText(name).trim();
  if (wanted === '') return null;
  const keys: string[] = [];
  const labels: string[] = [];
  index.columns.forEach((column, i) => {
    if (column.key === name || index.keys[i] === wanted || (index.labels[i] ?? '').includes(wanted)) {
      keys.push(column.key);
      labels.push(typeof column.label === 'string' ? column.label : column.key);
    }
  });
  return keys.length === 0 ? null : { name, keys, labels };
}

const OPERATOR = /^(>=|<=|≥|≤|>|<|=)([\s\S]*)$/;
const OPS: Readonly<Record<string, SearchNumberOp>> = { '>': 'gt', '>=': 'ge', '≥': 'ge', '<': 'lt', '<=': 'le', '≤': 'le', '=': 'eq' };

/** A number in a query: the locale's or JavaScript's writing, optionally with a trailing `%` (as percent cells show). */
function queryNumber(text: string, locale: string | undefined): number | null {
  const body = text.endsWith('%') ? text.slice(0, -1) : text;
  if (body.trim() !== body || body === '') return null;
  return parseLocaleNumber(body, locale);
}

interface Context {
  readonly mode: 'global' | 'cell';
  readonly locale: string | undefined;
  readonly scopes: ScopeIndex | null;
}

function numberTerm(op: SearchNumberOp, value: number, to: number, negate: boolean, scope: SearchScope | null, source: string): SearchTermAst {
  return { kind: 'number', negate, scope, op, value: value + 0, to: to + 0, source };
}

/**
 * A text term from segments: one normalised piece, or in column filters pieces split at unquoted
 * `%` with anchors where the pattern does not start or end with `%`. Null when nothing is left.
 */
function textTerm(segments: readonly Segment[], ctx: Context, negate: boolean, scope: SearchScope | null, literal: boolean): SearchTermAst | null {
  const source = segments.map((s) => s.text).join('');
  const phrase = literal || segments.some((s) => s.quoted);
  const wildcards = ctx.mode === 'cell' && !literal && segments.some((s) => !s.quoted && s.text.includes('%'));
  if (!wildcards) {
    const value = normaliseSearchText(source);
    if (value === '') return null;
    return { kind: 'text', negate, scope, parts: [value], anchorStart: false, anchorEnd: false, phrase, source };
  }
  const pieces: string[] = [''];
  for (const segment of segments) {
    if (segment.quoted) {
      pieces[pieces.length - 1] += segment.text;
      continue;
    }
    const split = segment.text.split('%');
    pieces[pieces.length - 1] += split[0] ?? '';
    for (let k = 1; k < split.length; k++) pieces.push(split[k] ?? '');
  }
  const normalised = pieces.map(normaliseSearchText);
  const anchorStart = normalised[0] !== '';
  const anchorEnd = normalised[normalised.length - 1] !== '';
  const parts = normalised.filter((p) => p !== '');
  return { kind: 'text', negate, scope, parts, anchorStart: anchorStart && parts.length > 0, anchorEnd: anchorEnd && parts.length > 0, phrase, source };
}

/** Reads one raw term; `carry` is the scope the group's earlier terms set. */
function readTerm(raw: RawTerm, ctx: Context, carry: SearchScope | null): { term: SearchTermAst | null; carry: SearchScope | null } {
  let negate = raw.negate;
  let segments = raw.segments;
  let scope = carry;
  const first = segments[0];
  if (ctx.mode === 'global' && first !== undefined && !first.quoted) {
    const colon = first.text.indexOf(':');
    const named = colon > 0 ? resolveScope(first.text.slice(0, colon), ctx.scopes) : null;
    if (named !== null) {
      scope = named;
      carry = named;
      const rest = first.text.slice(colon + 1);
      segments = rest === '' ? segments.slice(1) : [{ text: rest, quoted: false }, ...segments.slice(1)];
      // "city:-kyiv" excludes as "-city:kyiv" does.
      const head = segments[0];
      if (head !== undefined && !head.quoted && isMinus(head.text[0] ?? '')) {
        negate = true;
        segments = head.text.length > 1 ? [{ text: head.text.slice(1), quoted: false }, ...segments.slice(1)] : segments.slice(1);
      }
    }
  }
  if (segments.length === 0) return { term: null, carry };
  if (segments.some((s) => s.quoted)) return { term: textTerm(segments, ctx, negate, scope, false), carry };
  const text = segments.map((s) => s.text).join('');
  const operator = OPERATOR.exec(text);
  if (operator !== null) {
    const rest = operator[2] ?? '';
    // A lone operator is a comparison still being typed: it filters nothing yet.
    if (rest === '') return { term: null, carry };
    const value = queryNumber(rest, ctx.locale);
    const op = OPS[operator[1] ?? ''] ?? 'eq';
    if (value !== null) return { term: numberTerm(op, value, value, negate, scope, text), carry };
    return { term: textTerm(segments, ctx, negate, scope, true), carry };
  }
  const dots = text.indexOf('..');
  if (dots >= 0 && text[dots + 2] !== '.') {
    const low = text.slice(0, dots);
    const high = text.slice(dots + 2);
    const a = low === '' ? null : queryNumber(low, ctx.locale);
    const b = high === '' ? null : queryNumber(high, ctx.locale);
    if ((low === '' || a !== null) && (high === '' || b !== null) && (a !== null || b !== null)) {
      if (a !== null && b !== null) return { term: numberTerm('between', Math.min(a, b), Math.max(a, b), negate, scope, text), carry };
      if (a !== null) return { term: numberTerm('ge', a, a, negate, scope, text), carry };
      return { term: numberTerm('le', b as number, b as number, negate, scope, text), carry };
    }
  }
  return { term: textTerm(segments, ctx, negate, scope, false), carry };
}

/** Options of `parseSearchQuery`. */
export interface ParseOptions {
  columns?: readonly SearchColumn[];
  locale?: string;
  /** `cell` reads `%` as a wildcard and `label:` as text. Default `global`. */
  mode?: 'global' | 'cell';
}

/**
 * The AST of `query` (see ./types). Empty groups and empty terms are dropped, so a blank query has
 * no groups and matches everything. Never throws; a value that is not a string reads as blank.
 */
export function parseSearchQuery(query: string, options: ParseOptions = {}): SearchQueryAst {
  const mode = options.mode === 'cell' ? 'cell' : 'global';
  const locale = typeof options.locale === 'string' && options.locale !== '' ? options.locale : undefined;
  if (typeof query !== 'string' || query.trim() === '') return { mode, groups: [] };
  // Control characters separate cells in the table's index: a query never holds them.
  // eslint-disable-next-line no-control-regex
  const text = query.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const ctx: Context = { mode, locale, scopes: mode === 'global' ? scopeIndex(options.columns) : null };
  const groups: SearchGroupAst[] = [];
  let budget = MAX_TERMS;
  for (const raw of tokenize(text, locale)) {
    const terms: SearchTermAst[] = [];
    let carry: SearchScope | null = null;
    for (const rawTerm of raw) {
      if (budget === 0) break;
      const read = readTerm(rawTerm, ctx, carry);
      carry = read.carry;
      if (read.term !== null) {
        terms.push(read.term);
        budget--;
      }
    }
    if (terms.length > 0) groups.push({ terms });
  }
  return { mode, groups };
}
