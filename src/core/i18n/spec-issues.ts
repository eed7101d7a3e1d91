/**
 * The sentences of spec issues and warnings (`spec_issue.*`, the templates `SpecIssue.detail` names)
 * in every language of the registry (`./languages`), one file per language in `./spec-issues/`.
 * Apart from the message catalogs because only the invalid-spec panel (and a host that formats
 * issues itself) needs them (about 3.5 kB gzipped in English, 5 kB in Ukrainian): in the catalogs
 * they would be on every app's first paint. Every language, English included, loads on demand, in
 * a chunk of its own that nothing imports statically (`loadSpecIssueTexts`; the panel does, and
 * `GridView` together with the panel). The parser does not need them: it writes its English
 * `message` inline (`../spec/said`), and a test holds that text equal to the English templates.
 *
 * Typed by the registry's codes: a language in `./languages` without its texts here does not
 * compile, and its texts must hold every key of the English ones (`SpecIssueTexts`).
 *
 * @module
 */
import { warn } from '../warn';
import { languageOf } from './languages';
import type { LanguageCode } from './languages';
import type { SpecIssueTexts } from './spec-issues/en';

export type { SpecIssueKey, SpecIssueTexts } from './spec-issues/en';

/**
 * The spec issue texts of every shipped language, each a loader of a module nothing imports
 * statically (so bundlers split it off). A language added to `LANGUAGES` needs its line here
 * (docs/contributing.md, "Add a language").
 */
export const SPEC_ISSUE_TEXTS: { readonly [Code in LanguageCode]: () => Promise<SpecIssueTexts> } = {
  en: () => import('./spec-issues/en').then((module) => module.enSpecIssues),
  uk: () => import('./spec-issues/uk').then((module) => module.ukSpecIssues),
};

// The texts of the languages loaded, once they arrived, and their loads under way.
const loaded = new Map<string, SpecIssueTexts>();
const loading = new Map<string, Promise<SpecIssueTexts | undefined>>();

/**
 * The spec issue texts of `locale`'s language when they are at hand without loading anything (once
 * `loadSpecIssueTexts` brought them), else undefined.
 */
export function specIssueTexts(locale: string): SpecIssueTexts | undefined {
  return loaded.get(languageOf(locale));
}

/**
 * Loads the spec issue texts of `locale`'s language (`uk-UA` → `uk`), the third argument of
 * `formatSpecIssue` for a reader of that language. A shipped language, English too, is downloaded
 * on its first call (a chunk of its own) and kept; later calls resolve with the same texts.
 *
 * Edge cases: resolves to undefined for a language the package ships no texts for (nothing is
 * downloaded; say `message`, which is English, or pass texts of your own) and when the chunk could
 * not be loaded (a `catalog_unavailable` warning; a later call tries again); never rejects.
 * Concurrent calls share one load.
 *
 * @example
 * const texts = await loadSpecIssueTexts('uk');
 * formatSpecIssue(issue, createTranslator({ locale: 'uk' }), texts);
 */
export function loadSpecIssueTexts(locale: string): Promise<SpecIssueTexts | undefined> {
  const language = languageOf(locale);
  if (!Object.prototype.hasOwnProperty.call(SPEC_ISSUE_TEXTS, language)) return Promise.resolve(undefined);
  const source = SPEC_ISSUE_TEXTS[language as LanguageCode];
  let pending = loading.get(language);
  if (pending === undefined) {
    pending = source().then(
      (texts) => {
        loaded.set(language, texts);
        return texts;
      },
      (error: unknown) => {
        // A failed chunk load (offline, a deploy in between) may succeed later: forget it.
        loading.delete(language);
        warn('catalog_unavailable', `the spec issue texts for "${language}" could not be loaded; issues stay in English.`, error);
        return undefined;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}
