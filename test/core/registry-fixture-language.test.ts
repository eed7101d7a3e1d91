/**
 * The "Add a language" recipe of docs/contributing.md, proven: a scratch registry with one more
 * line, a pseudo-locale `qps` (texts are the English ones accented and bracketed, so every text
 * differs and placeholders survive) that writes plurals and numbers as Polish does. Nothing but the
 * line, its catalog, its AG Grid texts and its spec issue texts is written, and the language flows
 * through the translator (loading on demand, plurals, numbers), AG Grid's locale texts, the
 * sentences of spec issues and the parity check.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../src/core/i18n/en';
import type { MessageCatalog, MessageKey } from '../../src/core/i18n/en';
import { AG_GRID_TEXTS, agGridLocaleText } from '../../src/core/i18n/aggrid';
import type { AgGridTextKey, AgGridTexts } from '../../src/core/i18n/aggrid';
import { LANGUAGES } from '../../src/core/i18n/languages';
import type { LanguageRegistry } from '../../src/core/i18n/languages';
import { createCatalogRegistry } from '../../src/core/i18n/translator';
import { SPEC_ISSUE_TEXTS } from '../../src/core/i18n/spec-issues';
import { enSpecIssues } from '../../src/core/i18n/spec-issues/en';
import type { SpecIssueKey, SpecIssueTexts } from '../../src/core/i18n/spec-issues/en';
import { formatSpecIssue } from '../../src/core/spec/message';
import { safeParseGridViewSpecJson } from '../../src/core/spec';
import { catalogParityProblems } from './catalog-parity';

const ACCENTS: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú' };
/** English text made pseudo: vowels accented and the whole bracketed; `{name}` and `${variable}` kept. */
const pseudo = (text: string): string =>
  `⟦${text
    .split(/(\$?\{[A-Za-z_]\w*\})/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[aeiouAEIOU]/g, (c) => ACCENTS[c] ?? c)))
    .join('')}⟧`;

// The language's catalog file: typed MessageCatalog, so a missing message would not compile.
const QPS_CATALOG: MessageCatalog = {
  ...(Object.fromEntries(Object.entries(en).map(([key, text]) => [key, pseudo(text)])) as Record<MessageKey, string>),
  // Polish forms, so the plural rules the line names are visible in the texts.
  'table.rows.one': '{count} wiersz',
  'table.rows.few': '{count} wiersze',
  'table.rows.many': '{count} wierszy',
  'table.rows.other': '{count} wiersza',
};
const QPS_AG_GRID: AgGridTexts = Object.fromEntries(Object.entries(AG_GRID_TEXTS.en).map(([key, text]) => [key, pseudo(text)])) as Record<AgGridTextKey, string>;
// Its spec issue texts (`src/core/i18n/spec-issues/<code>.ts`): typed, so a missing template would not compile.
const QPS_SPEC_ISSUES: SpecIssueTexts = {
  ...(Object.fromEntries(Object.entries(enSpecIssues).map(([key, text]) => [key, pseudo(text)])) as Record<SpecIssueKey, string>),
  'spec_issue.too_many_checked.few': '{path} ma {count} wpisy; najwyżej {max}. Sprawdzono pierwsze {checked}.',
  'spec_issue.too_many_checked.many': '{path} ma {count} wpisów; najwyżej {max}. Sprawdzono pierwsze {checked}.',
};

let loads = 0;
// The one registry line: Polish plurals and numbers (Intl knows no `qps`), the catalog on demand.
const SCRATCH_LANGUAGES = {
  ...LANGUAGES,
  qps: {
    pluralRules: 'pl',
    numberLocale: 'pl',
    catalog: () => {
      loads++;
      return Promise.resolve(QPS_CATALOG);
    },
  },
} as const satisfies LanguageRegistry;
type ScratchCode = keyof typeof SCRATCH_LANGUAGES;
const SCRATCH_AG_GRID: { readonly [Code in ScratchCode]: AgGridTexts } = { ...AG_GRID_TEXTS, qps: QPS_AG_GRID };
const SCRATCH_SPEC_ISSUES: { readonly [Code in ScratchCode]: () => Promise<SpecIssueTexts> } = {
  ...SPEC_ISSUE_TEXTS,
  qps: () => Promise.resolve(QPS_SPEC_ISSUES),
};

describe('a language added to a scratch registry', () => {
  it('is typed: a catalog missing a message, or a language without its AG Grid or spec issue texts, does not compile', () => {
    // @ts-expect-error -- 'table.no_rows' and every other key but one are missing.
    const partial: MessageCatalog = { 'common.close': 'Zamknij' };
    // @ts-expect-error -- the scratch language's AG Grid texts are missing.
    const withoutAgGrid: { readonly [Code in ScratchCode]: AgGridTexts } = { ...AG_GRID_TEXTS };
    // @ts-expect-error -- the scratch language's spec issue texts are missing.
    const withoutIssues: { readonly [Code in ScratchCode]: () => Promise<SpecIssueTexts> } = { ...SPEC_ISSUE_TEXTS };
    // @ts-expect-error -- every template but one is missing.
    const partialIssues: SpecIssueTexts = { 'spec_issue.the_spec': 'Specyfikacja' };
    expect(Object.keys(partial)).toHaveLength(1);
    expect(Object.keys(withoutAgGrid)).not.toContain('qps');
    expect(Object.keys(withoutIssues)).not.toContain('qps');
    expect(Object.keys(partialIssues)).toHaveLength(1);
  });

  it('loads its catalog on demand, once for concurrent calls, and the translator switches to it', async () => {
    const registry = createCatalogRegistry(SCRATCH_LANGUAGES);
    const t = registry.createTranslator({ locale: 'qps' });
    expect(registry.hasCatalog('qps')).toBe(false);
    expect(t.t('table.no_rows')).toBe(en['table.no_rows']);
    const before = loads;
    const [first, second] = await Promise.all([registry.loadCatalog('qps'), registry.loadCatalog('QPS')]);
    expect([first, second, loads - before]).toEqual([true, true, 1]);
    expect(registry.hasCatalog('qps')).toBe(true);
    expect(t.t('table.no_rows')).toBe(pseudo(en['table.no_rows']));
    expect(t.format('table.filter.label', { column: 'Region' })).toBe('⟦Fíltér Region⟧');
    // A language the scratch registry does not list still resolves to false without loading.
    expect(await registry.loadCatalog('de')).toBe(false);
  });

  it('picks plural forms with the Intl.PluralRules locale its line names, and writes numbers for its number locale', async () => {
    const registry = createCatalogRegistry(SCRATCH_LANGUAGES);
    await registry.loadCatalog('qps');
    const t = registry.createTranslator({ locale: 'qps' });
    // Polish: one 1; few 2–4, 22–24 (not 12–14); many 0, 5–21, 25…; other fractions.
    expect([0, 1, 2, 5, 12, 22, 25].map((n) => t.plural('table.rows', n))).toEqual([
      '0 wierszy', '1 wiersz', '2 wiersze', '5 wierszy', '12 wierszy', '22 wiersze', '25 wierszy',
    ]);
    expect(t.plural('table.rows', 1.5)).toBe('1,5 wiersza');
    // Polish groups from five digits on, with a no-break space.
    expect(t.plural('table.rows', 1234)).toBe('1234 wiersze');
    expect(t.number(12345.5)).toBe('12\u00a0345,5');
    // The shipped languages of the same registry are untouched.
    expect(registry.createTranslator({ locale: 'en' }).plural('table.rows', 22)).toBe('22 rows');
  });

  it('gives AG Grid its texts, with a host override of aggrid.<key> still winning', async () => {
    const registry = createCatalogRegistry(SCRATCH_LANGUAGES);
    await registry.loadCatalog('qps');
    const texts = agGridLocaleText(registry.createTranslator({ locale: 'qps' }), SCRATCH_AG_GRID);
    expect(texts.contains).toBe('⟦Cóntáíns⟧');
    expect(texts.ariaRowIndex).toBe('⟦Rów ${variable}⟧');
    expect(Object.keys(texts).sort()).toEqual(Object.keys(AG_GRID_TEXTS.en).sort());
    const overridden = agGridLocaleText(registry.createTranslator({ locale: 'qps', overrides: { qps: { 'aggrid.contains': 'Zawiera' } } }), SCRATCH_AG_GRID);
    expect(overridden.contains).toBe('Zawiera');
  });

  it('says the sentences of spec issues with its issue texts, its plural rules and its numbers', async () => {
    const registry = createCatalogRegistry(SCRATCH_LANGUAGES);
    await registry.loadCatalog('qps');
    const texts = await SCRATCH_SPEC_ISSUES.qps();
    // The issue texts as the translator's catalog: the scratch registry's translator has the
    // language's Polish plurals and numbers (the package's formatSpecIssue would take them as its
    // third argument, with the plurals of the package's own registry).
    const t = registry.createTranslator({ locale: 'qps', catalogs: { qps: texts } });
    const said = (length: number): string => {
      const result = safeParseGridViewSpecJson({ grid_id: 'orders', columns: Array.from({ length }, (_, i) => ({ key: `k${i}`, label: 'K' })) });
      const issue = result.ok ? undefined : result.issues.find((found) => found.code === 'too_many_items');
      return formatSpecIssue(issue!, t);
    };
    expect(said(202)).toBe('columns ma 202 wpisy; najwyżej 200. Sprawdzono pierwsze 201.');
    expect(said(205)).toBe('columns ma 205 wpisów; najwyżej 200. Sprawdzono pierwsze 201.');
  });

  it('passes the catalog parity check, which catches a missing key, an extra key and a lost placeholder', () => {
    expect(catalogParityProblems('qps', QPS_CATALOG, QPS_AG_GRID, QPS_SPEC_ISSUES)).toEqual([]);
    const { 'table.no_rows': _dropped, ...missing } = QPS_CATALOG;
    const broken = { ...missing, 'table.filter.label': '⟦Fíltér⟧', 'table.extra': 'x' };
    const { 'spec_issue.hole': _hole, ...issuesMissing } = QPS_SPEC_ISSUES;
    const brokenIssues = { ...issuesMissing, 'spec_issue.cycle': '⟦Cýcle⟧' };
    expect(catalogParityProblems('qps', broken, { ...QPS_AG_GRID, ariaRowIndex: '⟦Rów⟧' }, brokenIssues).sort()).toEqual([
      'qps AG Grid: placeholders of ariaRowIndex differ from English',
      'qps messages: extra key table.extra',
      'qps messages: missing key table.no_rows',
      'qps messages: placeholders of table.filter.label differ from English',
      'qps spec issues: missing key spec_issue.hole',
      'qps spec issues: placeholders of spec_issue.cycle differ from English',
    ]);
  });
});
