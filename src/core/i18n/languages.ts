/**
 * The language registry: one line per language the package ships, the single source every
 * language-dependent part reads (the translator's plural rules and numbers, which catalogs
 * `loadCatalog` can fetch, the catalogs `GridViewPlugin` and the core register, AG Grid's texts).
 *
 * This module is on every first paint (the translator reads it), so a line holds only what is
 * cheap: the catalog of a language other than English is a loader, never the catalog itself.
 * The pieces too heavy for the first paint are keyed by the same codes and typed against
 * `LanguageCode`, so a language added here without them does not compile: its catalog in
 * `./catalogs` (every shipped catalog at once, for the plugin and the core), its AG Grid texts
 * in `./aggrid` (loaded with the DataGrid only) and its spec issue texts in `./spec-issues` (the
 * sentences of spec issues, loaded with the invalid-spec panel only). docs/contributing.md ("Add a
 * language") lists the steps.
 *
 * @module
 */
import { en } from './en';
import type { MessageCatalog } from './en';

/** One language: how its texts are pluralised and its numbers written, and how its catalog loads. */
export interface LanguageDefinition {
  /**
   * The locale `Intl.PluralRules` picks `.one`, `.few`, `.many` or `.other` with for this language.
   * Default: the code itself; set it where Intl does not know the code (a pseudo-locale). Used for
   * the bare code; a tag with a region (`uk-UA`, `en-IN`) uses its own rules, which Intl knows.
   */
  readonly pluralRules?: string;
  /**
   * The locale numbers in this language's texts are written for (`{count}` and other number
   * placeholders). Default: the code itself. Used for the bare code; a tag with a region (`en-IN`
   * groups lakhs) formats for that region.
   */
  readonly numberLocale?: string;
  /**
   * A loader that imports the catalog on demand, or the catalog itself (English: it is part of
   * every translator from the start; any other static catalog is registered at the language's
   * first `loadCatalog`, as a loaded one would be). A loader should import a module nothing
   * imports statically (see `./on-demand`), or an app's bundler warns that the import splits
   * nothing off.
   */
  readonly catalog: MessageCatalog | (() => Promise<MessageCatalog>);
}

/** A language whose catalog is bundled with every translator (English). */
export interface StaticLanguageDefinition extends LanguageDefinition {
  readonly catalog: MessageCatalog;
}

/** A registry: English, static and the reference, plus any number of languages by code. */
export interface LanguageRegistry {
  /** English: its catalog is the reference for the key set and every translator's last fallback. */
  readonly en: StaticLanguageDefinition;
  readonly [code: string]: LanguageDefinition;
}

/**
 * Loads the shipped catalog of `code` through `./on-demand` (its one chunk; see that module for
 * why the import does not aim at the catalog file). `code` is a registry code by the line it
 * stands in (typing it so would make the registry's type refer to itself); the catalog test checks
 * that every line's loader brings its own catalog.
 */
const onDemand =
  (code: string) =>
  (): Promise<MessageCatalog> =>
    import('./on-demand').then((module) => module.CATALOGS[code as LanguageCode]);

// Plural rules and numbers are Intl's for each code (the lines leave `pluralRules` and
// `numberLocale` at their default): every byte here is on every first paint.
/** The languages the package ships. Add one here (see docs/contributing.md, "Add a language"). */
export const LANGUAGES = {
  en: { catalog: en },
  uk: { catalog: onDemand('uk') },
} as const satisfies LanguageRegistry;

/** The code of a shipped language (`en`, `uk`). */
export type LanguageCode = keyof typeof LANGUAGES;

/**
 * The registry's language of a locale tag: its lower-cased first subtag (`uk-UA` → `uk`). Does not
 * check the tag (callers pass canonical tags) nor whether the language is registered.
 */
export function languageOf(locale: string): string {
  return (locale.split('-')[0] ?? 'en').toLowerCase();
}
