import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_KEYS, createTranslator, messages } from '../../src/core/i18n';
import { SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG } from '../../src/core/errors';
import { AG_GRID_TEXTS, agGridLocaleText } from '../../src/core/i18n/aggrid';
import { LANGUAGES } from '../../src/core/i18n/languages';
import { CATALOGS } from '../../src/core/i18n/catalogs';
import type { LanguageCode } from '../../src/core/i18n/languages';
import { SPEC_ISSUE_TEXTS, loadSpecIssueTexts, specIssueTexts } from '../../src/core/i18n/spec-issues';
import { MESSAGE_TEXTS } from '../../components/grid-view-message/texts';
import type { SpecIssueTexts } from '../../src/core/i18n/spec-issues';
import { enSpecIssues } from '../../src/core/i18n/spec-issues/en';
import { catalogParityProblems } from './catalog-parity';
import { specMessageKeys } from './spec-message-cases';

// Every language of the registry: a language added there is checked here; the one thing to write is
// its row of plural categories below (the compiler asks for it).
const CODES = Object.keys(LANGUAGES) as LanguageCode[];
const pluralBases = (keys: readonly string[]): string[] => [...new Set(keys.filter((key) => /\.(one|few|many|other)$/.test(key)).map((key) => key.replace(/\.[a-z]+$/, '')))];
const PLURAL_BASES = pluralBases(MESSAGE_KEYS);
const ISSUE_KEYS = Object.keys(enSpecIssues);
const ISSUE_PLURAL_BASES = pluralBases(ISSUE_KEYS);
/** The spec issue texts of every language, each from its registry line (loaded as an app would). */
const ISSUE_TEXTS = Object.fromEntries(
  await Promise.all(CODES.map(async (code) => [code, await loadSpecIssueTexts(code)] as const)),
) as Record<LanguageCode, SpecIssueTexts | undefined>;
/** The message catalog and the spec issue texts of a language: every text a translator of it says. */
const textsOf = (code: LanguageCode): Readonly<Record<string, string>> => ({ ...messages[code], ...ISSUE_TEXTS[code] });
const COUNTS = [0, 1, 2, 5, 11, 21, 22];
/**
 * The CLDR plural category of each of COUNTS per language, written out so a wrong PluralRules (or
 * a registry line naming the wrong locale) fails too. A language added to the registry without its
 * row here does not compile.
 */
const CATEGORIES: Record<LanguageCode, readonly string[]> = {
  en: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  uk: ['many', 'one', 'few', 'many', 'many', 'one', 'few'],
};

describe('message catalogs', () => {
  it('messages holds exactly the catalogs of the registry\'s languages, English among them', () => {
    expect(CODES).toContain('en');
    expect(Object.keys(messages).sort()).toEqual([...CODES].sort());
    expect(MESSAGE_KEYS).toHaveLength(Object.keys(messages.en).length);
  });

  it.each(CODES)('%s: its registry line brings its own catalog, English statically and the others on demand', async (code) => {
    const source = LANGUAGES[code].catalog;
    expect(typeof source === 'function').toBe(code !== 'en');
    expect(typeof source === 'function' ? await source() : source).toBe(CATALOGS[code]);
  });

  it.each(CODES)('%s: its spec issue texts line brings its own texts on demand, English too (the parser writes its English inline)', async (code) => {
    const source = SPEC_ISSUE_TEXTS[code];
    expect(typeof source).toBe('function');
    const texts = await source();
    expect(texts).toBeDefined();
    // Once loaded, the same texts are at hand at once (what the panel reads on its first render).
    expect(specIssueTexts(code)).toBe(ISSUE_TEXTS[code]);
    expect(ISSUE_TEXTS[code]).toEqual(texts);
  });

  it('has spec issue texts for no language it does not ship, and none before they are loaded', async () => {
    expect(await loadSpecIssueTexts('de')).toBeUndefined();
    expect(specIssueTexts('de-AT')).toBeUndefined();
    expect(specIssueTexts('uk-UA')).toBe(ISSUE_TEXTS.uk);
    expect(await loadSpecIssueTexts('EN-gb')).toBe(enSpecIssues);
  });

  it.each(CODES)('%s holds exactly the English message, AG Grid and spec issue keys, none empty, with the same placeholders, a real translation', (code) => {
    expect(catalogParityProblems(code, messages[code], AG_GRID_TEXTS[code], ISSUE_TEXTS[code] ?? {})).toEqual([]);
  });

  it('keeps the spec issue sentences out of the message catalogs, which are on every first paint', () => {
    expect(MESSAGE_KEYS.filter((key) => key.startsWith('spec_issue.'))).toEqual([]);
    expect(ISSUE_KEYS.filter((key) => !key.startsWith('spec_issue.'))).toEqual([]);
  });

  it('every plural base has the one, few, many and other forms, in the catalogs and in the spec issue texts', () => {
    expect(PLURAL_BASES.length).toBeGreaterThan(3);
    expect(ISSUE_PLURAL_BASES.length).toBeGreaterThan(3);
    for (const base of PLURAL_BASES) {
      for (const category of ['one', 'few', 'many', 'other']) expect(MESSAGE_KEYS, `${base}.${category}`).toContain(`${base}.${category}`);
    }
    for (const base of ISSUE_PLURAL_BASES) {
      for (const category of ['one', 'few', 'many', 'other']) expect(ISSUE_KEYS, `${base}.${category}`).toContain(`${base}.${category}`);
    }
  });

  it('every text that holds a count is a plural form, so no count reaches a reader ungrammatically', () => {
    // {count}, and limits or totals a reader sees as numbers; {total} is allowed where the plural follows it.
    const counting = /\{(?:count|max|total|shown|n)\}/;
    const flat = MESSAGE_KEYS.filter((key) => counting.test(messages.en[key]) && !/\.(one|few|many|other)$/.test(key));
    expect(flat).toEqual([]);
    // In the spec issue texts limits are digits no word agrees with (see their module); counts are plural.
    const issues: Readonly<Record<string, string>> = enSpecIssues;
    expect(ISSUE_KEYS.filter((key) => /\{count\}/.test(issues[key] ?? '') && !/\.(one|few|many|other)$/.test(key))).toEqual([]);
  });

  it.each(CODES)('%s: picks the grammatical form for 0, 1, 2, 5, 11, 21 and 22 of every plural base', (code) => {
    const catalog = textsOf(code);
    // The spec issue texts as the translator's catalog, as formatSpecIssue hands them over.
    const t = createTranslator({ locale: code, catalogs: { [code]: catalog } });
    const expected = CATEGORIES[code];
    for (const base of [...PLURAL_BASES, ...ISSUE_PLURAL_BASES]) {
      COUNTS.forEach((count, i) => {
        const category = expected[i]!;
        const want = (catalog[`${base}.${category}`] ?? '').replaceAll('{count}', String(count));
        const params = { total: count, name: 'x', search: 'x', column: 'x' };
        const got = t.plural(base, count, params);
        expect(got, `${code} ${base} ${count}`).toBe(want.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name as keyof typeof params]) : m)));
        expect(got, `${code} ${base} ${count}`).toContain(String(count));
      });
      // The forms say different things where the language tells the counts apart (1 and 5: singular
      // and plural in English, one and many in Ukrainian).
      const one = expected[COUNTS.indexOf(1)]!;
      const five = expected[COUNTS.indexOf(5)]!;
      if (one !== five) expect(catalog[`${base}.${one}`], `${code} ${base}`).not.toBe(catalog[`${base}.${five}`]);
    }
  });

  it('spells out Ukrainian and English plurals, so the category table is not the only judge', () => {
    const uk = createTranslator({ locale: 'uk' });
    expect([0, 1, 2, 5, 11, 21, 22].map((n) => uk.plural('spec_issues.count', n))).toEqual([
      '0 помилок', '1 помилка', '2 помилки', '5 помилок', '11 помилок', '21 помилка', '22 помилки',
    ]);
    const en = createTranslator({ locale: 'en' });
    expect([0, 1, 2, 21].map((n) => en.plural('spec_issues.count', n))).toEqual(['0 problems', '1 problem', '2 problems', '21 problems']);
    expect(uk.plural('prefs.search.too_long', 21)).toBe('Збережений пошук може мати щонайбільше 21 символ');
  });

  it.each(CODES)('%s explains every spec error and warning code', (code) => {
    const catalog: Readonly<Record<string, string>> = messages[code];
    expect(Object.keys(SPEC_ERROR_CATALOG).filter((c) => !(`spec_error.${c}` in catalog))).toEqual([]);
    expect(Object.keys(SPEC_WARNING_CATALOG).filter((c) => !(`spec_warning.${c}` in catalog))).toEqual([]);
  });

  it.each(CODES)('%s has a spec issue template for every sentence and phrase the spec parser says', (code) => {
    // The keys come from parsing specs that make the parser say everything it can (English
    // included: a key the parser names but no texts have would leave the issue in its English
    // message everywhere).
    const texts: Readonly<Record<string, string>> = ISSUE_TEXTS[code] ?? {};
    const keys = specMessageKeys();
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !key.startsWith('spec_issue.') || typeof texts[key] !== 'string' || texts[key].trim() === '')).toEqual([]);
  });

  it('the catalogs are frozen', () => {
    expect(Object.isFrozen(messages)).toBe(true);
    for (const code of CODES) expect(Object.isFrozen(messages[code]), code).toBe(true);
  });

  it('every literal key the components, composables and stores ask for exists in the catalog', () => {
    const files: string[] = [];
    const walk = (path: string): void => {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(path, entry.name));
        else if (/\.(vue|ts)$/.test(entry.name)) files.push(join(path, entry.name));
      }
    };
    for (const dir of ['components', 'composables', 'stores']) walk(join(import.meta.dirname, '../..', dir));
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\b(?:t|format|plural)\(\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)) used.add(match[1] ?? '');
      // Coded messages of the stores name their text as `key: 'prefs....'`.
      for (const match of source.matchAll(/\b(?:key|base): '((?:prefs|page_state|table|grid|chart|kpi|lazy|common|view)\.[a-z_.]+)'/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(5);
    // GridViewMessage's words travel in its own chunk (components/grid-view-message/texts.ts), not the catalogs.
    const known = new Set<string>([...MESSAGE_KEYS, ...Object.keys(MESSAGE_TEXTS.en)]);
    const missing = [...used].filter((key) => !known.has(key) && !known.has(`${key}.other`));
    expect(missing).toEqual([]);
  });
});

describe('AG Grid texts of the DataGrid', () => {
  it('gives AG Grid the reader\'s language, with a host override of aggrid.<key> winning', () => {
    const uk = agGridLocaleText(createTranslator({ locale: 'uk-UA', overrides: { uk: { 'aggrid.noRowsToShow': 'Пусто' } } }));
    expect(uk.contains).toBe('Містить');
    expect(uk.noRowsToShow).toBe('Пусто');
    expect(Object.keys(uk).sort()).toEqual(Object.keys(AG_GRID_TEXTS.en).sort());
    expect(agGridLocaleText(createTranslator({ locale: 'de' })).contains).toBe('Contains');
  });
});

describe('createTranslator', () => {
  it('falls back overrides[locale] → catalog[locale] → base language → en → fallback → key', () => {
    const t = createTranslator({
      locale: 'uk-UA',
      overrides: { 'uk-UA': { 'table.no_rows': 'Порожньо' }, uk: { 'custom.only_uk': 'лише uk' }, en: { 'custom.only_en': 'only en' } },
    });
    expect(t.t('table.no_rows')).toBe('Порожньо');
    expect(t.t('custom.only_uk')).toBe('лише uk');
    expect(t.t('table.search.placeholder')).toBe('Пошук…');
    // overrides for another locale never leak in; unknown keys use the fallback, then the key.
    expect(t.t('custom.only_en', 'fallback')).toBe('fallback');
    expect(t.t('no.such.key')).toBe('no.such.key');
  });

  it('uses English for a language without a catalog and for an invalid locale tag', () => {
    expect(createTranslator({ locale: 'de-CH' }).t('table.no_rows')).toBe('No rows');
    expect(createTranslator({ locale: 'not a locale!' }).t('table.no_rows')).toBe('No rows');
    expect(createTranslator({}).locale).toBe('en');
  });

  it('consults the lookup (a host translate) after overrides and ignores a key echoed back', () => {
    const lookup = (key: string): string => (key === 'kpi.tone.good' ? 'Splendid' : key);
    const t = createTranslator({ locale: 'en', lookup, overrides: { en: { 'kpi.tone.bad': 'Poor' } } });
    expect(t.t('kpi.tone.good')).toBe('Splendid');
    expect(t.t('kpi.tone.bad')).toBe('Poor');
    expect(t.t('kpi.tone.info')).toBe('Info');
  });

  it('picks Ukrainian plural forms with Intl.PluralRules', () => {
    const t = createTranslator({ locale: 'uk' });
    expect(t.plural('table.rows', 1)).toBe('1 рядок');
    expect(t.plural('table.rows', 3)).toBe('3 рядки');
    expect(t.plural('table.rows', 5)).toBe('5 рядків');
    expect(t.plural('table.rows', 21)).toBe('21 рядок');
    expect(t.plural('table.rows', 1.5)).toBe('1,5 рядка');
    expect(t.plural('table.rows', 12345)).toBe(`12${'\u00a0'}345 рядків`);
  });

  it('picks English plural forms and can pluralise by another number', () => {
    const t = createTranslator({ locale: 'en' });
    expect(t.plural('table.rows', 1)).toBe('1 row');
    expect(t.plural('table.rows', 2)).toBe('2 rows');
    expect(t.plural('table.rows_filtered', 1, { total: 100 }, 100)).toBe('1 of 100 rows');
    expect(t.plural('table.rows_filtered', 1, { total: 1 }, 1)).toBe('1 of 1 row');
  });

  it('fills placeholders as plain text and leaves unknown ones untouched', () => {
    const t = createTranslator({ locale: 'en' });
    expect(t.format('table.filter.label', { column: '<img src=x onerror=alert(1)>' })).toBe('Filter <img src=x onerror=alert(1)>');
    expect(t.format('table.filter.label', {})).toBe('Filter {column}');
    expect(t.format('table.rows.other', { count: 1000 })).toBe('1,000 rows');
  });

  it('ignores inherited property names as keys', () => {
    const t = createTranslator({ locale: 'en' });
    expect(t.t('toString')).toBe('toString');
    expect(t.t('__proto__', 'fb')).toBe('fb');
  });
});
