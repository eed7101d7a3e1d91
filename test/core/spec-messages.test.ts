import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createTranslator } from '../../src/core/i18n';
import { LANGUAGES } from '../../src/core/i18n/languages';
import { loadSpecIssueTexts } from '../../src/core/i18n/spec-issues';
import { enSpecIssues } from '../../src/core/i18n/spec-issues/en';
import { SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG } from '../../src/core/errors';
import { safeParseGridViewSpecJson } from '../../src/core/spec';
import { wireSpecRules } from '../../src/core/spec/rules';
import { describeValue } from '../../src/core/spec/issues';
import { formatSpecIssue, isSpecMessageDetail, renderSpecMessage } from '../../src/core/spec/message';
import type { SpecMessageTexts } from '../../src/core/spec/message';
import type { SpecIssue, SpecMessageDetail, SpecWarning } from '../../src/core/types';
import { mutatedSpecArb } from './spec-arbitraries';
import { SPEC_MESSAGE_CASES, detailsIn, specMessagesOf, templateKeys } from './spec-message-cases';

const PLACEHOLDER = /\{([A-Za-z_]\w*)\}/g;
const placeholders = (text: string): string[] => Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] ?? '');
/** The spec issue texts of every shipped language, by code. */
const catalogs: Record<string, Readonly<Record<string, string>>> = Object.fromEntries(
  await Promise.all(Object.keys(LANGUAGES).map(async (code) => [code, (await loadSpecIssueTexts(code)) ?? {}] as const)),
);

/** Issues and warnings of every case, plus the validator failing (only a spy on the rules can do that). */
function everything(): { name: string; said: SpecIssue | SpecWarning }[] {
  const all: { name: string; said: SpecIssue | SpecWarning }[] = [];
  for (const [name, input] of Object.entries(SPEC_MESSAGE_CASES)) {
    const { issues, warnings } = specMessagesOf(input);
    for (const said of [...issues, ...warnings]) all.push({ name, said });
  }
  const spy = vi.spyOn(wireSpecRules, 'validateSync').mockImplementation(() => {
    throw new RangeError('Maximum call stack size exceeded');
  });
  try {
    for (const said of specMessagesOf({ grid_id: 'g', columns: [{ key: 'k', label: 'K' }] }).issues) all.push({ name: 'the validator failing', said });
  } finally {
    spy.mockRestore();
  }
  return all;
}

const ALL = everything();

/** The English templates, with English plurals (`one` for 1, else `other`). */
const ENGLISH: SpecMessageTexts = {
  text: (key) => (enSpecIssues as Readonly<Record<string, string>>)[key],
  plural: (base, count) => (enSpecIssues as Readonly<Record<string, string>>)[`${base}.${count === 1 ? 'one' : 'other'}`],
};
/** A detail said with the English templates: what the parser's inline English must say, word for word. */
const englishMessage = (detail: SpecMessageDetail): string | undefined => renderSpecMessage(detail, ENGLISH);

/** The problems of one detail against one catalog: missing templates, placeholders without a param. */
function problemsOf(detail: SpecMessageDetail, catalog: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  for (const inner of detailsIn(detail)) {
    for (const key of templateKeys(inner)) {
      const template = catalog[key];
      if (template === undefined) {
        problems.push(`no template ${key}`);
        continue;
      }
      for (const name of placeholders(template)) if (!Object.hasOwn(inner.params, name)) problems.push(`${key}: no param for {${name}}`);
    }
  }
  return problems;
}

describe('the details of spec issues and warnings', () => {
  it('covers every error and warning code with the cases', () => {
    const codes = new Set(ALL.map(({ said }) => said.code));
    expect(Object.keys(SPEC_ERROR_CATALOG).filter((code) => !codes.has(code as never))).toEqual([]);
    expect(Object.keys(SPEC_WARNING_CATALOG).filter((code) => !codes.has(code as never))).toEqual([]);
  });

  it('gives every issue and warning a well-formed detail whose English rendering is its message, word for word', () => {
    const wrong = ALL.filter(({ said }) => !isSpecMessageDetail(said.detail) || englishMessage(said.detail) !== said.message);
    expect(wrong.map(({ name, said }) => `${name}: ${said.message}`)).toEqual([]);
  });

  it.each(Object.keys(catalogs))('finds every template in the %s catalog, and a param for every placeholder of it', (code) => {
    const catalog = catalogs[code]!;
    const problems = ALL.flatMap(({ name, said }) => problemsOf(said.detail!, catalog).map((problem) => `${name}: ${problem}`));
    expect([...new Set(problems)]).toEqual([]);
  });

  it('uses every template of the spec issue texts, so none is dead and every sentence has a case here', () => {
    const used = new Set(ALL.flatMap(({ said }) => detailsIn(said.detail!).flatMap(templateKeys)));
    // describeValue is total, but no rule describes an absent value: the walk and yup never hand one over.
    expect(describeValue(undefined).text).toBe(englishMessage(describeValue(undefined).detail));
    for (const key of templateKeys(describeValue(undefined).detail)) used.add(key);
    const templates = Object.keys(enSpecIssues);
    expect(templates.filter((key) => !used.has(key))).toEqual([]);
    expect([...used].filter((key) => !templates.includes(key))).toEqual([]);
  });

  it('travels as JSON unchanged, and every value quoted from the spec stays a param', () => {
    for (const { said } of ALL) expect(JSON.parse(JSON.stringify(said))).toEqual(said);
    const { issues } = specMessagesOf({ grid_id: 'orders', columns: [{ key: 'id', label: 'Order', format: '<b>money</b>' }] });
    expect(issues[0]?.detail).toEqual({
      key: 'spec_issue.must_be',
      params: {
        path: 'columns[0].format',
        expected: { key: 'spec_issue.expected.one_of', params: { values: '"text", "number", "currency", "percent"' } },
        got: { key: 'spec_issue.value.text', params: { text: '"<b>money</b>"' } },
      },
    });
  });

  it('joins the sentences of issues merged at the root, in both the message and the detail', () => {
    const { issues } = specMessagesOf(SPEC_MESSAGE_CASES['more than 100 issues']);
    const root = issues[0]!;
    expect(root.code).toBe('too_many_issues');
    expect(root.detail?.key).toBe('spec_issue.more_issues');
    expect(root.detail?.next?.key).toBe('spec_issue.more_fields');
    expect(englishMessage(root.detail!)).toBe(root.message);
  });

  it('keeps the English message of a random broken spec equal to its detail, and says it in Ukrainian', () => {
    const uk = catalogs.uk!;
    const ukTexts = { text: (key: string) => uk[key], plural: (base: string) => uk[`${base}.many`] };
    fc.assert(
      fc.property(mutatedSpecArb, (input) => {
        const result = safeParseGridViewSpecJson(input);
        for (const said of [...(result.ok ? [] : result.issues), ...result.warnings]) {
          expect(isSpecMessageDetail(said.detail)).toBe(true);
          expect(englishMessage(said.detail!)).toBe(said.message);
          expect(renderSpecMessage(said.detail!, ukTexts)).toBeDefined();
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('formatSpecIssue', () => {
  const issue = specMessagesOf({ grid_id: 'orders', columns: [] }).issues[0]!;
  const uk = createTranslator({ locale: 'uk' });
  const ukTexts = catalogs.uk!;

  it('says the sentence in the translator\'s language from that language\'s texts, with its plural form and the spec\'s own values', () => {
    expect(formatSpecIssue(issue, uk, ukTexts)).toBe('columns має містити щонайменше 1 елемент, а список порожній.');
    expect(formatSpecIssue(issue, createTranslator({ locale: 'uk-UA' }), ukTexts)).toBe('columns має містити щонайменше 1 елемент, а список порожній.');
    expect(formatSpecIssue(issue, createTranslator({ locale: 'en' }), catalogs.en)).toBe(issue.message);
    const [format] = specMessagesOf({ grid_id: 'orders', columns: [{ key: 'id', label: 'Order', format: 'money' }] }).issues;
    expect(formatSpecIssue(format!, uk, ukTexts)).toBe('columns[0].format: очікується одне зі значень "text", "number", "currency", "percent"; отримано: текст "money".');
  });

  it('takes the texts as the translator\'s catalog instead', () => {
    const t = createTranslator({ locale: 'uk', catalogs: { uk: ukTexts } });
    expect(formatSpecIssue(issue, t)).toBe('columns має містити щонайменше 1 елемент, а список порожній.');
  });

  it('writes a count for the reader\'s locale and other numbers as the spec has them', () => {
    const [tooMany] = specMessagesOf({ grid_id: 'orders', columns: Array.from({ length: 12_345 }, () => ({ key: 'k', label: 'K' })) }).issues.filter((i) => i.code === 'too_many_items');
    expect(formatSpecIssue(tooMany!, uk, ukTexts)).toBe('columns містить 12\u00a0345 елементів, а дозволено щонайбільше 200. Видаліть зайві. Перевірено лише перші 201.');
  });

  it('falls back to the English message without texts, without a detail, with a malformed one, or with a template the texts lack', () => {
    // The message catalogs hold no spec issue template: a translator alone knows none.
    expect(formatSpecIssue(issue, uk)).toBe(issue.message);
    expect(formatSpecIssue({ message: 'From elsewhere.' }, uk, ukTexts)).toBe('From elsewhere.');
    expect(formatSpecIssue({ message: 'Bad.', detail: { key: 'spec_issue.must_be', params: { path: Number.NaN } } }, uk, ukTexts)).toBe('Bad.');
    expect(formatSpecIssue({ message: 'Bad.', detail: 'spec_issue.must_be' as never }, uk, ukTexts)).toBe('Bad.');
    expect(formatSpecIssue({ message: 'Unknown.', detail: { key: 'spec_issue.no_such_sentence', params: {} } }, uk, ukTexts)).toBe('Unknown.');
    const inner = { key: 'spec_issue.no_such_phrase', params: {} };
    expect(formatSpecIssue({ message: 'Inner.', detail: { key: 'spec_issue.must_be', params: { path: 'p', expected: inner, got: inner } } }, uk, ukTexts)).toBe('Inner.');
    // Never half translated: one template missing from partial texts gives the whole message.
    const { 'spec_issue.value.text': _dropped, ...partial } = ukTexts;
    const [format] = specMessagesOf({ grid_id: 'orders', columns: [{ key: 'id', label: 'Order', format: 'money' }] }).issues;
    expect(formatSpecIssue(format!, uk, partial)).toBe(format!.message);
  });

  it('takes a host\'s rewording through the translator\'s overrides, over the texts', () => {
    const t = createTranslator({ locale: 'uk', overrides: { uk: { 'spec_issue.too_few_items.one': 'У {path} має бути бодай {count} елемент.' } } });
    expect(formatSpecIssue(issue, t, ukTexts)).toBe('У columns має бути бодай 1 елемент.');
    // A host's translate (the lookup) wins over the texts too.
    const hosted = createTranslator({ locale: 'en', lookup: (key) => (key === 'spec_issue.too_few_items.one' ? '{path}: add at least {count}.' : null) });
    expect(formatSpecIssue(issue, hosted, catalogs.en)).toBe('columns: add at least 1.');
  });
});

/**
 * The modules `file` loads at run time, transitively: relative static imports and re-exports, not
 * `import type` (erased) nor `import()` (its own chunk).
 */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'(\.[^']+)'/gms)) {
    const target = join(dirname(file), match[1]!);
    const resolved = [`${target}.ts`, join(target, 'index.ts'), target].find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
    if (resolved !== undefined) runtimeImports(resolved, seen);
  }
  return seen;
}

describe('the spec parser\'s first paint', () => {
  it('loads no spec issue texts and no formatter: it writes its English inline, the templates load with the panel', () => {
    const parser = [...runtimeImports('src/core/spec.ts')].map((file) => relative('.', file).replaceAll('\\', '/'));
    expect(parser).toContain('src/core/spec/rules.ts');
    expect(parser).toContain('src/core/spec/said.ts');
    expect(parser.filter((file) => file.startsWith('src/core/i18n/spec-issues') || file === 'src/core/spec/message.ts')).toEqual([]);
    // Nor does the formatter itself: a module that formats issues pulls in no language.
    const formatter = [...runtimeImports('src/core/spec/message.ts')].map((file) => relative('.', file).replaceAll('\\', '/'));
    expect(formatter.filter((file) => file.startsWith('src/core/i18n/spec-issues'))).toEqual([]);
  });
});
