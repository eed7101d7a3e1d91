/**
 * Texts: the translator and its catalogs (`./i18n/translator`), the language registry
 * (`./i18n/languages`) and one catalog file per language (`./i18n/en`, `./i18n/uk`, all gathered in
 * `./i18n/catalogs`). Key naming, placeholders and plural rules are described in `./i18n/translator`.
 * The sentences of spec issues are not in the catalogs (`./i18n/spec-issues`).
 *
 * English is part of every translator; other languages are registered (`registerCatalog`) or loaded
 * on demand (`loadCatalog`). `messages` holds every shipped catalog: importing it brings them all.
 *
 * @module
 */
import { en } from './i18n/en';
import type { MessageCatalog, MessageKey } from './i18n/en';
import { CATALOGS } from './i18n/catalogs';
import type { LanguageCode } from './i18n/languages';
import { createTranslator as createRegistryTranslator } from './i18n/translator';
import type { Translator, TranslatorOptions } from './i18n/translator';

export { registerCatalog, hasCatalog, loadCatalog } from './i18n/translator';
export type { MessageCatalog, MessageKey, MessageOverrides, MessageParams, Translator, TranslatorOptions } from './i18n/translator';

function frozenCopies(catalogs: { readonly [Code in LanguageCode]: MessageCatalog }): { readonly [Code in LanguageCode]: MessageCatalog } {
  const out: Partial<Record<LanguageCode, MessageCatalog>> = {};
  for (const code of Object.keys(catalogs) as LanguageCode[]) out[code] = Object.freeze({ ...catalogs[code] });
  return Object.freeze(out as Record<LanguageCode, MessageCatalog>);
}

/**
 * Every catalog that ships with the package (one per language of the registry), frozen copies.
 * Add a language with `registerCatalog` (or `createTranslator({ catalogs })`); missing keys fall
 * back to English.
 */
export const messages: { readonly [Code in LanguageCode]: MessageCatalog } = /* @__PURE__ */ frozenCopies(CATALOGS);

/**
 * Makes a translator for one locale with every shipped catalog available at once (plus any
 * registered with `registerCatalog`; `options.catalogs` win over both). Cheap: no catalog is copied.
 *
 * Edge cases: an invalid locale tag behaves as `en`; an unknown key returns `fallback`, or the key
 * itself when there is no fallback (so a missing text is visible, never an empty string); override
 * values that are not strings are ignored; `format` leaves `{unknown}` placeholders untouched.
 *
 * @example
 * const t = createTranslator({ locale: 'uk' });
 * t.plural('table.rows', 21); // "21 рядок"
 */
export function createTranslator(options: TranslatorOptions = {}): Translator {
  return createRegistryTranslator({ ...options, catalogs: options.catalogs ? { ...messages, ...options.catalogs } : messages });
}

/** Every message key, in catalog order. */
export const MESSAGE_KEYS: readonly MessageKey[] = /* @__PURE__ */ Object.freeze(Object.keys(en) as MessageKey[]);
