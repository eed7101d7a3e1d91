/**
 * What the spec parser says: each sentence or phrase as its English text (the `message` of an issue
 * or warning, written inline where the parser finds the problem) and, beside it, the same sentence
 * as data (`SpecIssue.detail`: a template key of the spec issue texts and its values), which
 * `formatSpecIssue` (`./message`) says in a reader's language.
 *
 * The parser never reads the templates themselves: they load with the invalid-spec panel only
 * (`../i18n/spec-issues`), never on a first paint. The keys are checked against the English texts at
 * compile time (a type import, gone from the build), and a test renders every sentence the parser
 * can say from its detail with the English templates and compares it with the message, word for
 * word (test/core/spec-messages.test.ts), so the two can never drift apart unnoticed.
 *
 * @module
 */
import type { SpecIssueKey } from '../i18n/spec-issues/en';
import type { SpecMessageDetail, SpecMessageParam } from '../types';

type PluralCategory = 'one' | 'few' | 'many' | 'other';
/** A template key without its `spec_issue.` prefix (which `say` adds: written once, not at every sentence). */
type Short<Key> = Key extends `spec_issue.${infer Rest}` ? Rest : never;
/** The key of one `spec_issue.*` template (not a plural form), without the prefix. */
export type SpecTemplateKey = Short<Exclude<SpecIssueKey, `${string}.${PluralCategory}`>>;
/** The base of a plural `spec_issue.*` template (its forms are `base.one` … `base.other`), without the prefix. */
export type SpecPluralKey = Short<SpecIssueKey extends infer K ? (K extends `${infer Base}.${PluralCategory}` ? Base : never) : never>;

/**
 * A sentence or phrase as the parser says it: `text` in English, `detail` the same as a template
 * and its values. A type, not an interface: yup takes it as an error's message object as it is.
 */
export type Said = { readonly text: string; readonly detail: SpecMessageDetail };

/** A value of a sentence: text, a number, or a phrase (its detail goes into the sentence's detail). */
export type SaidParam = string | number | Said;

/**
 * `text`, the English of template `spec_issue.<key>` filled with `params`, and its detail. Frozen,
 * params too: a phrase such as a rule's `{expected}` is made once and shared by every issue that
 * names it.
 */
export function say(key: SpecTemplateKey, params: Readonly<Record<string, SaidParam>>, text: string): Said {
  const values: Record<string, SpecMessageParam> = {};
  for (const name in params) {
    const value = params[name] as SaidParam;
    values[name] = typeof value === 'object' ? value.detail : value;
  }
  return { text, detail: Object.freeze({ key: `spec_issue.${key}`, params: Object.freeze(values) }) };
}

/** Like `say` for plural template `key`: `count` picks its form and fills `{count}`. */
export const sayCounted = (key: SpecPluralKey, count: number, params: Readonly<Record<string, SaidParam>>, text: string): Said =>
  say(key as SpecTemplateKey, { ...params, count }, text);

/** `first` followed by `then` as one detail (the sentences of issues merged at one path). */
export function followedBy(first: SpecMessageDetail, then: SpecMessageDetail): SpecMessageDetail {
  return Object.freeze({ ...first, next: first.next === undefined ? then : followedBy(first.next, then) });
}
