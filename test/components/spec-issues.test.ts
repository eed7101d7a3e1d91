import { beforeAll, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import SpecIssues from '../../components/SpecIssues.vue';
import type { SpecIssue, SpecMessageDetail } from '../../src/core/types';
import { loadCatalog } from '../../src/core/i18n/translator';
import { loadSpecIssueTexts } from '../../src/core/i18n/spec-issues';
import { enSpecIssues } from '../../src/core/i18n/spec-issues/en';
import type { SpecIssueTexts } from '../../src/core/i18n/spec-issues';
import { safeParseGridViewSpecJson } from '../../src/core/spec';

// These components are mounted without GridViewPlugin, which would register every shipped catalog;
// load Ukrainian up front as the plugin would (the on-demand path: catalog-loading.test.ts), and
// its spec issue texts as GridView does before it shows the panel (the on-demand path: below).
let ukTexts: SpecIssueTexts;
beforeAll(async () => {
  await loadCatalog('uk');
  ukTexts = (await loadSpecIssueTexts('uk'))!;
});

const issues: SpecIssue[] = [
  { code: 'required', path: 'columns', message: 'columns is required' },
  { code: 'unsafe_url', path: 'columns[0].link_template', message: 'javascript:alert(1) is not a safe URL' },
  { code: 'not_object', path: '', message: 'The spec must be an object.' },
];

describe('SpecIssues', () => {
  it('is an alert listing every issue with its code, path and message', () => {
    const wrapper = mount(SpecIssues, { props: { issues } });
    expect(wrapper.attributes('role')).toBe('alert');
    expect(wrapper.find('h2').text()).toBe('This view cannot be shown');
    expect(wrapper.find('.gv-spec-issues__count').text()).toBe('3 problems');
    const items = wrapper.findAll('li.gv-spec-issues__item');
    expect(items.map((item) => item.attributes('data-gv-code'))).toEqual(['required', 'unsafe_url', 'not_object']);
    expect(items[1]!.find('.gv-spec-issues__code').text()).toBe('unsafe_url');
    expect(items[1]!.find('.gv-spec-issues__path').text()).toBe('columns[0].link_template');
    expect(items[1]!.find('.gv-spec-issues__message').text()).toContain('javascript:alert(1) is not a safe URL');
    expect(items[1]!.find('.gv-spec-issues__explanation').text()).toBe('A link is neither http(s) nor relative.');
    // The root path is named in words rather than left blank.
    expect(items[2]!.find('.gv-spec-issues__path').text()).toBe('(the whole spec)');
  });

  it('uses the Ukrainian catalog and plural rules', () => {
    const wrapper = mount(SpecIssues, { props: { issues: issues.slice(0, 2), locale: 'uk' } });
    expect(wrapper.find('.gv-spec-issues__title').text()).toBe('Це подання неможливо показати');
    expect(wrapper.find('.gv-spec-issues__count').text()).toBe('2 помилки');
    expect(wrapper.find('dt').text()).toBe('Код');
  });

  it('says the parser\'s issues in Ukrainian, leaving no English word of their templates, and marks an English fallback', () => {
    const result = safeParseGridViewSpecJson({
      grid_id: 'Sales Q1',
      columns: [{ key: 'region', label: 'Region', format: 'money' }, { key: 'region', label: ' ' }],
      rows: [],
    });
    const parsed = result.ok ? [] : result.issues;
    expect(parsed.length).toBeGreaterThan(3);
    const foreign: SpecIssue = { code: 'required', path: 'x', message: 'From an artifact, in English.' };
    const wrapper = mount(SpecIssues, { props: { issues: [...parsed, foreign], locale: 'uk' } });
    const sentences = wrapper.findAll('.gv-spec-issues__sentence');
    expect(sentences).toHaveLength(parsed.length + 1);
    // The English words of an issue's templates, less the ones the Ukrainian templates keep too
    // (field names, JSON, a-z): none of them may be left in what the reader sees.
    const words = (text: string): string[] => text.replace(/\{\w+\}/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
    const templates = (detail: SpecMessageDetail, catalog: Readonly<Record<string, string>>): string => {
      const key = typeof detail.params.count === 'number' ? `${detail.key}.other` : detail.key;
      const inner = Object.values(detail.params).filter((param): param is SpecMessageDetail => typeof param === 'object');
      return [catalog[key] ?? '', ...inner.map((param) => templates(param, catalog))].join(' ');
    };
    // The values a sentence quotes (enum names, the spec's own text) may be English words themselves.
    const values = (detail: SpecMessageDetail): string[] =>
      Object.values(detail.params).flatMap((param) => (typeof param === 'object' ? values(param) : [String(param)]));
    parsed.forEach((issue, i) => {
      const text = values(issue.detail!).reduce((rest, value) => rest.split(value).join(' '), sentences[i]!.text());
      const kept = new Set(words(templates(issue.detail!, ukTexts)));
      const english = words(templates(issue.detail!, enSpecIssues)).filter((word) => !kept.has(word));
      expect(english.length, issue.code).toBeGreaterThan(2);
      expect(english.filter((word) => new RegExp(`\\b${word}\\b`).test(text)), text).toEqual([]);
      expect(sentences[i]!.text()).toContain(issue.path);
      expect(sentences[i]!.attributes('lang')).toBeUndefined();
    });
    expect(sentences[parsed.findIndex((issue) => issue.path === 'grid_id')]!.text()).toBe('grid_id має починатися з малої латинської літери й містити лише a-z, 0-9, _ і -; отримано: текст "Sales Q1". Спробуйте «sales_q1».');
    expect(sentences[parsed.length]!.text()).toBe('From an artifact, in English.');
    expect(sentences[parsed.length]!.attributes('lang')).toBe('en');
  });

  it('loads the issue texts of its language on demand, showing the English messages marked lang="en" until they arrive', async () => {
    // A page where nothing loaded the Ukrainian issue texts yet: a fresh copy of the modules.
    vi.resetModules();
    const { default: FreshSpecIssues } = await import('../../components/SpecIssues.vue');
    const result = safeParseGridViewSpecJson({ grid_id: 'orders', columns: [] });
    const issue = result.ok ? undefined : result.issues[0];
    const wrapper = mount(FreshSpecIssues, { props: { issues: [issue!], locale: 'uk' } });
    const sentence = () => wrapper.find('.gv-spec-issues__sentence');
    expect(sentence().text()).toBe(issue!.message);
    expect(sentence().attributes('lang')).toBe('en');
    await vi.waitFor(() => expect(sentence().text()).toBe('columns має містити щонайменше 1 елемент, а список порожній.'));
    expect(sentence().attributes('lang')).toBeUndefined();
    // A language the package has no issue texts for keeps the English messages, marked.
    await wrapper.setProps({ locale: 'de' });
    await flushPromises();
    expect(sentence().text()).toBe(issue!.message);
    expect(sentence().attributes('lang')).toBe('en');
  });

  it('shows the message itself in English, unmarked', () => {
    const result = safeParseGridViewSpecJson({ grid_id: 'orders', columns: [] });
    const issue = result.ok ? undefined : result.issues[0];
    const sentence = mount(SpecIssues, { props: { issues: [issue!] } }).find('.gv-spec-issues__sentence');
    expect(sentence.text()).toBe(issue!.message);
    expect(sentence.attributes('lang')).toBeUndefined();
  });

  it('honours the heading level, clamped to 1..6', () => {
    expect(mount(SpecIssues, { props: { issues, headingLevel: 3 } }).find('h3').exists()).toBe(true);
    expect(mount(SpecIssues, { props: { issues, headingLevel: 9 } }).find('h6').exists()).toBe(true);
  });

  it('renders markup inside issue messages and paths as text', () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const wrapper = mount(SpecIssues, { props: { issues: [{ code: 'invalid_type', path: evil, message: evil }] }, attachTo: document.body });
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(wrapper.find('.gv-spec-issues__path').text()).toBe(evil);
    expect(wrapper.find('.gv-spec-issues__message').text()).toContain(evil);
    wrapper.unmount();
  });
});
