/**
 * The translator every component uses, and the catalogs it reads (which languages exist, their
 * plural rules and numbers and how their catalogs load: `./languages`). Every string a user can
 * see or hear (labels, announcements, empty states, error panels) comes from here, so a host can
 * translate or reword any of it through `overrides` without touching a component.
 *
 * Key names are dotted, grouped by the part of the UI that shows them:
 *
 * | Prefix | Used by |
 * |---|---|
 * | `common.*` | generic words (close, cancel, loading...) |
 * | `view.*` | `GridView` landmarks and region labels |
 * | `kpi.*` | `KpiStrip`: tone words, "no data", aggregate names, sample size |
 * | `chart.*` | `ChartBlock`: caption, empty state, data-table caption, sampling note |
 * | `spec_issues.*` | the invalid-spec panel (`SpecIssues`) |
 * | `spec_error.<code>` | one short explanation per `SpecErrorCode` |
 * | `spec_issue.*` | not in these catalogs: the sentences of spec issues and warnings (`SpecIssue.detail`, `formatSpecIssue`), in texts of their own, `./spec-issues/<code>.ts` per language with its line in `SPEC_ISSUE_TEXTS` (`./spec-issues`), loaded with the invalid-spec panel only; `overrides` reword them under the same keys |
 * | `table.*` | `SimpleTable`: sort buttons and announcements, search, filters, row counts, exports |
 * | `search.*` | the search language: how a query was understood (`search.summary.*`), values filters, the help popover |
 * | `grid.*` | data-grid toolbar, gear and column modal |
 * | `prefs.*` | saved column presets and searches (preferences store and its UI) |
 * | `page_state.*` | browser-local page state |
 * | `lazy.*` | lazily loaded blocks |
 * | `export.*` | notes the server writes into exported files (rows exports cut at their cap) |
 *
 * Placeholders are written `{name}` and filled by `Translator.format` / `Translator.plural`; the
 * filled text is always plain text (components render it as text, never as markup).
 *
 * Plural keys end in a CLDR plural category: `.one`, `.few`, `.many`, `.other` (Ukrainian uses all
 * four; English uses `.one` and `.other`, and its `.few`/`.many` entries repeat `.other` so both
 * catalogs hold exactly the same keys). Plural bases: `kpi.sample`, `chart.more`, `spec_issues.count`, `table.rows`,
 * `table.rows_filtered`, `search.summary.more_columns`, `search.values.one_of`, `search.values.has_one_of`, `prefs.preset.too_many`, `prefs.search.too_many`, `prefs.save.retrying`,
 * `prefs.preset.name_too_long`, `prefs.search.too_long`, `export.rows_truncated` (and in the spec issue texts every sentence with a `{count}`). Every text that holds a count is a plural
 * key (a test checks 0, 1, 2, 5, 11, 21 and 22 in every language of `./languages`).
 *
 * @module
 */
import { getNumberFormat } from '../format';
import { warn } from '../warn';
import { LANGUAGES, languageOf } from './languages';
import type { LanguageDefinition, LanguageRegistry } from './languages';

export type { MessageCatalog, MessageKey } from './en';

/** Per-locale overrides: `{ uk: { 'table.no_rows': 'Порожньо' } }`. Keys may be any string. */
export type MessageOverrides = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

/** Values for `{name}` placeholders. Numbers are formatted for the translator's locale. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Options of `createTranslator`. */
export interface TranslatorOptions {
  /** BCP 47 tag; `uk-UA` uses `uk`. Empty or missing means `en`. */
  locale?: string;
  /** Texts that win over the catalogs, keyed by locale then by message key. */
  overrides?: MessageOverrides;
  /**
   * A further source consulted after `overrides` and before the catalogs, such as a host's
   * `translate`. Return null, undefined or the key itself for "unknown".
   */
  lookup?: (key: string) => string | null | undefined;
  /**
   * Catalogs by locale tag consulted before the registered ones (see `registerCatalog`); a partial
   * catalog falls back key by key. Default: the registered catalogs only.
   */
  catalogs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** What `createTranslator` returns. Every method returns plain text. */
export interface Translator {
  /** The locale the translator was made for (as given, or `en`). */
  readonly locale: string;
  /**
   * The text of `key`. Chain: overrides[locale] → overrides[base language] → lookup →
   * catalog[locale] → catalog[base language] → English → `fallback` → the key itself.
   */
  t(key: string, fallback?: string): string;
  /** `t(key)` with `{name}` placeholders filled; unknown placeholders stay as written. */
  format(key: string, params: MessageParams, fallback?: string): string;
  /**
   * The plural form of `base` for `count` (`Intl.PluralRules` of the locale picks `.one`, `.few`,
   * `.many` or `.other`; a missing category falls back to `.other`). `{count}` is filled with the
   * count formatted for the locale, plus any `params`. `pluralBy` picks the category from another
   * number (e.g. the total in "1 of 100 rows").
   */
  plural(base: string, count: number, params?: MessageParams, pluralBy?: number): string;
  /** Formats a number for the locale (grouping, up to 3 fraction digits), as message params are. */
  number(value: number): string;
}

const PLACEHOLDER = /\{([A-Za-z_][\w]*)\}/g;

// Intl constructors are slow; every translator of a locale shares one instance (numbers come from
// the cached formatters of ./format).
const pluralRules = new Map<string, Intl.PluralRules>();

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    // An invalid tag (from a host setting) must not break rendering: fall back to English.
    return 'en';
  }
}

function cachedPluralRules(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function catalogTag(locale: string): string {
  return languageOf(safeLocale(locale));
}

/** The catalogs and translators of one language registry (what `createCatalogRegistry` returns). */
export interface CatalogRegistry {
  /**
   * Makes `catalog` the catalog of `locale` (a language tag such as `uk`; `uk-UA` registers under
   * `uk-UA`, which wins over `uk` for that region) for every translator, including ones made
   * before. Registering `en` replaces nothing: English stays the reference and last fallback; pass
   * English rewordings as `overrides` instead. A partial catalog falls back to English key by key.
   * A language the registry does not list gets its texts this way, but its plural rules and
   * numbers are Intl's for its tag.
   */
  registerCatalog(locale: string, catalog: Readonly<Record<string, string>>): void;
  /** True when texts of `locale` (or its base language) are available without loading anything. */
  hasCatalog(locale: string): boolean;
  /**
   * Loads and registers the catalog of `locale`'s language when the registry lists it and it is
   * not registered yet (the shipped languages other than English load on demand, in a chunk that
   * bundlers split off). Resolves to true when a catalog for the language is registered
   * afterwards, false for a language the registry does not list (texts then stay English; nothing
   * is downloaded) or when the chunk could not be loaded (a `catalog_unavailable` warning; a later
   * call tries again); never rejects. Concurrent calls share one load.
   */
  loadCatalog(locale: string): Promise<boolean>;
  /**
   * Makes a translator for one locale from `options.catalogs`, the registered catalogs and English
   * (the lean form the Vue components use; `createTranslator` of `vue-grid-view/core` has every
   * shipped catalog at once). Cheap: no catalog is copied.
   *
   * Edge cases: an invalid locale tag behaves as `en`; an unknown key returns `fallback`, or the
   * key itself when there is no fallback (so a missing text is visible, never an empty string);
   * override values that are not strings are ignored; `format` leaves `{unknown}` placeholders
   * untouched. Plural categories and numbers follow the registry's line for a bare listed code and
   * Intl for any other tag (`en-IN` groups lakhs).
   */
  createTranslator(options?: TranslatorOptions): Translator;
}

/**
 * The catalogs and translators of a language registry: its English catalog, its other static
 * catalogs and the ones registered or loaded later; plural rules and numbers per its lines. The
 * package has one, over `LANGUAGES` (the functions below); a test makes a scratch one to prove a
 * new language flows through. Each registry keeps its own registered catalogs.
 *
 * Edge cases: a language the registry does not list uses English texts and its tag's own Intl
 * rules; a tag with a region (`uk-UA`) uses Intl's rules for that tag, not the line's locales.
 */
export function createCatalogRegistry(languages: LanguageRegistry): CatalogRegistry {
  const english: Readonly<Record<string, string>> = languages.en.catalog;
  // English from the start; any other line's catalog (a loader, or a static one) at its first load.
  const registry = new Map<string, Readonly<Record<string, string>>>([['en', english]]);
  const loading = new Map<string, Promise<boolean>>();

  const hasCatalog = (locale: string): boolean => registry.has(safeLocale(locale)) || registry.has(catalogTag(locale));

  const registerCatalog = (locale: string, catalog: Readonly<Record<string, string>>): void => {
    const tag = safeLocale(locale);
    if (tag !== 'en') registry.set(tag, catalog);
  };

  const loadCatalog = (locale: string): Promise<boolean> => {
    if (hasCatalog(locale)) return Promise.resolve(true);
    const tag = catalogTag(locale);
    const source = own<LanguageDefinition>(languages, tag)?.catalog;
    if (source === undefined) return Promise.resolve(false);
    let pending = loading.get(tag);
    if (pending === undefined) {
      pending = Promise.resolve(typeof source === 'function' ? source() : source).then(
        (catalog) => {
          if (!registry.has(tag)) registry.set(tag, catalog);
          return true;
        },
        (error: unknown) => {
          // A failed chunk load (offline, deploy in between) may succeed later: forget it.
          loading.delete(tag);
          warn('catalog_unavailable', `the texts for "${tag}" could not be loaded; they are shown in English.`, error);
          return false;
        },
      );
      loading.set(tag, pending);
    }
    return pending;
  };

  const createTranslator = (options: TranslatorOptions = {}): Translator => {
    const locale = options.locale && options.locale.trim() !== '' ? options.locale : 'en';
    const canonical = safeLocale(locale);
    const base = languageOf(canonical);
    // The locales Intl reads for plurals and numbers: the registry's line for a bare code, else the tag.
    const line = own<LanguageDefinition>(languages, canonical);
    const pluralLocale = line?.pluralRules ?? canonical;
    const numberLocale = line?.numberLocale ?? canonical;
    const overrides = options.overrides ?? {};
    const sources: (Readonly<Record<string, string>> | undefined)[] = [
      overrides[locale],
      canonical !== locale ? overrides[canonical] : undefined,
      base !== canonical ? overrides[base] : undefined,
    ];
    const explicit = options.catalogs;
    // Looked up at each call (a Map read), so a catalog registered after the translator was made,
    // e.g. one that `loadCatalog` fetched, is used from then on.
    const catalogFor = (tag: string): Readonly<Record<string, string>> | undefined => own(explicit, tag) ?? registry.get(tag);

    const t = (key: string, fallback?: string): string => {
      for (const source of sources) {
        const value = own(source, key);
        if (typeof value === 'string') return value;
      }
      if (options.lookup) {
        const value = options.lookup(key);
        if (typeof value === 'string' && value !== key) return value;
      }
      const value = own(catalogFor(canonical), key) ?? (base !== canonical ? own(catalogFor(base), key) : undefined) ?? own(english, key);
      return typeof value === 'string' ? value : (fallback ?? key);
    };

    const number = (value: number): string => getNumberFormat(numberLocale, 'number').format(value);

    const fill = (text: string, params: MessageParams): string =>
      text.replace(PLACEHOLDER, (match, name: string) => {
        if (!Object.prototype.hasOwnProperty.call(params, name)) return match;
        const value = params[name];
        return typeof value === 'number' ? number(value) : String(value);
      });

    return {
      locale,
      t,
      number,
      format: (key, params, fallback) => fill(t(key, fallback), params),
      plural: (pluralBase, count, params = {}, pluralBy = count) => {
        const category = cachedPluralRules(pluralLocale).select(pluralBy);
        const other = `${pluralBase}.other`;
        const text = t(`${pluralBase}.${category}`, t(other));
        return fill(text, { ...params, count });
      },
    };
  };

  return { registerCatalog, hasCatalog, loadCatalog, createTranslator };
}

// --- the package's registry ----------------------------------------------------------------------

/**
 * The package's catalogs and translators, over `LANGUAGES` (what `vue-grid-view/core` exports as
 * `registerCatalog`, `loadCatalog` and, with every shipped catalog added, `createTranslator`).
 * Destructured rather than wrapped: the first paint of every component carries this module.
 */
export const { registerCatalog, hasCatalog, loadCatalog, createTranslator } = /* @__PURE__ */ createCatalogRegistry(LANGUAGES);
