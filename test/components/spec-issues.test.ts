import { beforeAll, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import SpecIssues from '../../components/SpecIssues.vue';
import type { SpecIssue } from '../../src/core/types';
import { loadCatalog } from '../../src/core/i18n/translator';

// These components are mounted without GridViewPlugin, which would register every shipped catalog;
// load Ukrainian up front as the plugin would (the on-demand path: catalog-loading.test.ts).
beforeAll(() => loadCatalog('uk'));

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
