import { describe, expect, it } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import { GridViewPlugin } from '../../src/plugin';
import { hasCatalog } from '../../src/core/i18n/translator';
import { LANGUAGES } from '../../src/core/i18n/languages';
import { mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';

// One file, one module registry: nothing here registers Ukrainian before the first test runs.
describe('catalogs of languages other than English', () => {
  it('are loaded on demand for a component used without the plugin: English first, then the language', async () => {
    expect(hasCatalog('uk')).toBe(false);
    const wrapper = mountTable(tableConfig(people, peopleColumns()), { locale: 'uk' });
    const search = () => wrapper.find('.gv-table__search-label').text();
    expect(search()).toBe('Search the table');
    await flushPromises();
    await import('../../src/core/i18n/on-demand');
    await flushPromises();
    expect(hasCatalog('uk')).toBe(true);
    expect(search()).toBe('Пошук у таблиці');
    wrapper.unmount();
  });

  it('are all registered by GridViewPlugin, so an app shows its language on the first render', () => {
    const Host = defineComponent(() => () => h('div'));
    const app = mount(Host, { global: { plugins: [[GridViewPlugin, { locale: 'uk' }]] } });
    for (const code of Object.keys(LANGUAGES)) expect(hasCatalog(code), code).toBe(true);
    app.unmount();
  });
});
