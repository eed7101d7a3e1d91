/**
 * Spec messages in a reader's language: `formatSpecIssue` says the `detail` of an issue or warning
 * (a template of the spec issue texts and its values) with the templates of the translator's
 * language, and falls back to the English `message` the parser wrote beside it.
 *
 * The templates are not in the message catalogs but in the spec issue texts of each language
 * (`../i18n/spec-issues`), which this module never imports: `formatSpecIssue` takes them as an
 * argument, so a module that formats issues pulls in no language, English included. The parser
 * does not use this module either (it writes its English inline, `./said`).
 *
 * @module
 */
import { languageOf } from '../i18n/languages';
import { createTranslator } from '../i18n/translator';
import type { Translator } from '../i18n/translator';
import type { SpecMessageDetail } from '../types';

/** Where the templates of a language come from. Either returns undefined for a template it lacks. */
export interface SpecMessageTexts {
  /** The template of `key`. */
  text(key: string): string | undefined;
  /** The form of plural template `base` for `count`; `{count}` may already be written in it. */
  plural(base: string, count: number): string | undefined;
}

const PLACEHOLDER = /\{([A-Za-z_]\w*)\}/g;
/** Nesting and chaining past this is no detail the parser made (it nests 3 deep, chains 3 long). */
const MAX_DEPTH = 16;

const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/**
 * True for a well-formed detail: a string `key`, a plain `params` object whose values are strings,
 * finite numbers or details, and an optional `next` detail. A detail may come from JSON a server
 * sent, so nothing about it is taken on trust.
 */
export function isSpecMessageDetail(value: unknown, depth = 0): value is SpecMessageDetail {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { key, params, next } = value as Partial<Record<string, unknown>>;
  if (typeof key !== 'string' || typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  for (const param of Object.values(params)) {
    const ok = typeof param === 'string' || (typeof param === 'number' && Number.isFinite(param)) || isSpecMessageDetail(param, depth + 1);
    if (!ok) return false;
  }
  return next === undefined || isSpecMessageDetail(next, depth + 1);
}

/**
 * The sentence of `detail` from the templates `texts` gives: plural templates by `params.count`,
 * each `{name}` filled with its param (text as it is, numbers as plain digits, details rendered the
 * same way), then `next` after a space. Undefined when a template, at any depth, is missing, so the
 * caller can say the English `message` instead. A placeholder without a param stays as written (a
 * host's reworded template may name one the parser does not give).
 */
export function renderSpecMessage(detail: SpecMessageDetail, texts: SpecMessageTexts, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const { params } = detail;
  const count = params.count;
  const template = typeof count === 'number' ? texts.plural(detail.key, count) : texts.text(detail.key);
  if (template === undefined) return undefined;
  let complete = true;
  const text = template.replace(PLACEHOLDER, (match, name: string) => {
    if (!hasOwn(params, name)) return match;
    const value = params[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    const inner = value === undefined ? undefined : renderSpecMessage(value, texts, depth + 1);
    if (inner === undefined) complete = false;
    return inner ?? match;
  });
  if (!complete) return undefined;
  if (detail.next === undefined) return text;
  const next = renderSpecMessage(detail.next, texts, depth + 1);
  return next === undefined ? undefined : `${text} ${next}`;
}

/** Stands for "no text" in the translator's fallback chain; no catalog text is a lone NUL. */
const MISSING = '\u0000';

/** The text of `key` that `translator` has, or undefined (it answers `MISSING` for none). */
const textOf = (translator: Translator, key: string): string | undefined => {
  const text = translator.t(key, MISSING);
  return text === MISSING ? undefined : text;
};

/**
 * `translator` with `texts` added as the catalog of its language: the translator's own answers
 * (overrides, lookup, catalogs) first, so a host's rewording wins, then `texts`; plurals and
 * numbers as the translator's language has them.
 */
function withTexts(translator: Translator, texts: Readonly<Record<string, string>>): Translator {
  return createTranslator({
    locale: translator.locale,
    lookup: (key) => textOf(translator, key),
    catalogs: { [languageOf(translator.locale)]: texts },
  });
}

/**
 * The sentence of a spec issue or warning in `translator`'s language: rendered from `issue.detail`
 * with the `spec_issue.*` templates, otherwise `issue.message` (English). Plain text: render it as
 * text, never as markup (it quotes values from the spec).
 *
 * The templates are `texts`, the spec issue texts of the translator's language
 * (`await loadSpecIssueTexts(locale)`), unless the translator itself has one: its overrides, its
 * lookup (a host's `translate`) and catalogs given to it win, so a host rewords any sentence by its
 * key. Without `texts` only the translator's own templates are used (the message catalogs hold
 * none), which suits a translator given the texts as `catalogs`, or a host that words every
 * sentence itself.
 *
 * Edge cases: `message` when a template the detail needs, at any depth, is missing (a sentence is
 * never half translated), when the issue has no `detail` (one from an artifact or the assistant's
 * planner) and when a detail received as JSON is malformed (it is checked before it is used).
 * Counts (`{count}`) pick the plural form and are written for the translator's locale ("12 345" in
 * Ukrainian); other numbers are written as plain digits.
 *
 * @example
 * const result = safeParseGridViewSpecJson({ grid_id: 'sales', columns: [] });
 * if (!result.ok) formatSpecIssue(result.issues[0], createTranslator({ locale: 'uk' }), await loadSpecIssueTexts('uk'));
 * // "columns має містити щонайменше 1 елемент, а список порожній."
 */
export function formatSpecIssue(
  issue: { readonly message: string; readonly detail?: SpecMessageDetail | undefined },
  translator: Translator,
  texts?: Readonly<Record<string, string>>,
): string {
  const detail: unknown = issue.detail;
  if (!isSpecMessageDetail(detail)) return String(issue.message);
  const sayer = texts === undefined ? translator : withTexts(translator, texts);
  const find = (key: string): string | undefined => textOf(sayer, key);
  const found: SpecMessageTexts = {
    text: find,
    // The translator picks the form with its language's plural rules and writes {count} for its locale.
    plural: (base, count) => (find(`${base}.other`) === undefined ? undefined : sayer.plural(base, count)),
  };
  return renderSpecMessage(detail, found) ?? String(issue.message);
}
