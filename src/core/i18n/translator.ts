/**
 * The translator every component uses, and the registry of catalogs it reads. Every string a user can
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
 * `prefs.preset.name_too_long`, `prefs.search.too_long`, `export.rows_truncated`. Every text that holds a count is a plural
 * key (a test checks 0, 1, 2, 5, 11, 21 and 22 in both languages).
 *
 * @module
 */
import { getNumberFormat } from '../format';
import { warn } from '../warn';
import { en } from './en';
import type { MessageCatalog } from './en';

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

function own(record: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

// --- catalog registry ----------------------------------------------------------------------------

const registry = new Map<string, Readonly<Record<string, string>>>([['en', en]]);

/** Catalogs that ship with the package but are loaded only when a locale asks for them. */
const SHIPPED: Readonly<Record<string, () => Promise<MessageCatalog>>> = {
  uk: () => import('./uk-on-demand').then((module) => module.uk),
};
const loading = new Map<string, Promise<boolean>>();

function catalogTag(locale: string): string {
  return (safeLocale(locale).split('-')[0] ?? 'en').toLowerCase();
}

/**
 * Makes `catalog` the catalog of `locale` (a language tag such as `uk`; `uk-UA` registers under
 * `uk-UA`, which wins over `uk` for that region) for every translator, including ones made before.
 * Registering `en` replaces nothing: English stays the reference and last fallback; pass English
 * rewordings as `overrides` instead. A partial catalog falls back to English key by key.
 */
export function registerCatalog(locale: string, catalog: Readonly<Record<string, string>>): void {
  const tag = safeLocale(locale);
  if (tag === 'en') return;
  registry.set(tag, catalog);
}

/** True when texts of `locale` (or its base language) are available without loading anything. */
export function hasCatalog(locale: string): boolean {
  const tag = safeLocale(locale);
  return registry.has(tag) || registry.has(catalogTag(locale));
}

/**
 * Loads and registers the package's own catalog of `locale`'s language when it is not registered
 * yet (`uk` ships with the package; its code is a separate chunk that bundlers split off). Resolves
 * to true when a catalog for the language is registered afterwards, false for a language the
 * package does not ship (texts then stay English) or when the chunk could not be loaded; never
 * rejects. Concurrent calls share one load.
 */
export function loadCatalog(locale: string): Promise<boolean> {
  if (hasCatalog(locale)) return Promise.resolve(true);
  const tag = catalogTag(locale);
  const loader = SHIPPED[tag];
  if (loader === undefined) return Promise.resolve(false);
  let pending = loading.get(tag);
  if (pending === undefined) {
    pending = loader().then(
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
}

/**
 * Makes a translator for one locale from `options.catalogs`, the registered catalogs and English
 * (the lean form the Vue components use; `createTranslator` of `vue-grid-view/core` has every
 * shipped catalog at once). Cheap: no catalog is copied.
 *
 * Edge cases: an invalid locale tag behaves as `en`; an unknown key returns `fallback`, or the key
 * itself when there is no fallback (so a missing text is visible, never an empty string); override
 * values that are not strings are ignored; `format` leaves `{unknown}` placeholders untouched.
 */
export function createTranslator(options: TranslatorOptions = {}): Translator {
  const locale = options.locale && options.locale.trim() !== '' ? options.locale : 'en';
  const canonical = safeLocale(locale);
  const base = (canonical.split('-')[0] ?? 'en').toLowerCase();
  const overrides = options.overrides ?? {};
  const sources: (Readonly<Record<string, string>> | undefined)[] = [
    overrides[locale],
    canonical !== locale ? overrides[canonical] : undefined,
    base !== canonical ? overrides[base] : undefined,
  ];
  const explicit = options.catalogs;
  // Looked up at each call (a Map read), so a catalog registered after the translator was made,
  // e.g. one that `loadCatalog` fetched, is used from then on.
  const catalogFor = (tag: string): Readonly<Record<string, string>> | undefined =>
    (explicit !== undefined && Object.prototype.hasOwnProperty.call(explicit, tag) ? explicit[tag] : undefined) ?? registry.get(tag);

  const t = (key: string, fallback?: string): string => {
    for (const source of sources) {
      const value = own(source, key);
      if (typeof value === 'string') return value;
    }
    if (options.lookup) {
      const value = options.lookup(key);
      if (typeof value === 'string' && value !== key) return value;
    }
    const value = own(catalogFor(canonical), key) ?? (base !== canonical ? own(catalogFor(base), key) : undefined) ?? own(en, key);
    return typeof value === 'string' ? value : (fallback ?? key);
  };

  const number = (value: number): string => getNumberFormat(canonical, 'number').format(value);

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
      const category = cachedPluralRules(canonical).select(pluralBy);
      const other = `${pluralBase}.other`;
      const text = t(`${pluralBase}.${category}`, t(other));
      return fill(text, { ...params, count });
    },
  };
}
