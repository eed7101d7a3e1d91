/**
 * SimpleTable speaks the search language: global search and column filters run through it, a help
 * popover sits beside every box, a summary says how the search was understood, and a saved search
 * applied from the preferences store runs through it too.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { mount } from '@vue/test-utils';
import type { DOMWrapper, VueWrapper } from '@vue/test-utils';
import { waitFor } from '../setup/wait';
import { MemoryHost } from '../../src/host/index';
import { loadCatalog } from '../../src/core/i18n/translator';
import { messages } from '../../src/core/i18n';
import { column, columnTexts, mountTable, tableConfig, AnySimpleTable } from './simple-table.fixtures';
import { FakeStorage, freshPrefsStore } from '../stores/helpers';

beforeAll(() => loadCatalog('uk'));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const orders = [
  { id: 1, region: 'North', city: 'Kyiv', status: 'paid', units: 12, amount: 1200.5 },
  { id: 2, region: 'North', city: 'Lviv', status: 'open', units: 25, amount: 99 },
  { id: 3, region: 'South', city: 'Odesa', status: 'open', units: 15, amount: 15000 },
  { id: 4, region: 'East', city: 'Kharkiv', status: 'paid', units: 8, amount: 2500.5 },
  { id: 5, region: 'South-East', city: 'Kyiv', status: 'open', units: 18, amount: 640 },
];

const orderColumns = () => [
  column('id', { label: 'ID', format: 'number' }),
  column('region', { label: 'Region' }),
  column('city', { label: 'City' }),
  column('status', { label: 'Status' }),
  column('units', { label: 'Units', format: 'number' }),
  column('amount', { label: 'Amount', format: 'currency' }),
];

async function typeInto(wrapper: ReturnType<typeof mountTable>, selector: string, text: string): Promise<void> {
  await wrapper.find(selector).setValue(text);
  await nextTick();
}

const ids = (wrapper: ReturnType<typeof mountTable>) => columnTexts(wrapper, 'id');

describe('SimpleTable: the search language in the search box', () => {
  it('finds rows with OR, exclusions, number ranges, scopes and phrases', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns()));
    const cases: [string, string[]][] = [
      ['kyiv / odesa', ['1', '3', '5']],
      ['kyiv -paid', ['5']],
      ['units:10..20', ['1', '3', '5']],
      ['region:north units:>20', ['2']],
      ['region:south -status:paid', ['3', '5']],
      ['>10000', ['3']],
      ['amount:>=1,200.5+<=2,500.5', ['1', '4']],
      ['"south-east"', ['5']],
      ['city:kyiv / region:east', ['1', '4', '5']],
    ];
    for (const [query, expected] of cases) {
      await typeInto(wrapper, 'input[data-cm-search]', query);
      expect(ids(wrapper), query).toEqual(expected);
    }
  });

  it('reads numbers in the table locale', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns()), { locale: 'uk', currency: 'UAH' });
    await typeInto(wrapper, 'input[data-cm-search]', 'amount:>1 200,5');
    expect(ids(wrapper)).toEqual(['3', '4']);
    await typeInto(wrapper, 'input[data-cm-search]', '=2 500,5');
    expect(ids(wrapper)).toEqual(['4']);
  });

  it('shows how the query was understood, describes the box with it and announces it once typing pauses', async () => {
    vi.useFakeTimers();
    const wrapper = mountTable(tableConfig(orders, orderColumns()));
    await typeInto(wrapper, 'input[data-cm-search]', 'region:north units:10..20');
    const summary = wrapper.find('[data-cm-search-summary]');
    expect(summary.text()).toBe('Region contains north AND Units between 10 and 20');
    expect(wrapper.find('input[data-cm-search]').attributes('aria-describedby')).toBe(summary.attributes('id'));
    const spoken = wrapper.find('[data-cm-search-announcer]');
    expect(spoken.attributes('aria-live')).toBe('polite');
    expect(spoken.text()).toBe('');
    await vi.advanceTimersByTimeAsync(700);
    expect(spoken.text()).toBe('Search understood as: Region contains north AND Units between 10 and 20');
    await typeInto(wrapper, 'input[data-cm-search]', '');
    expect(wrapper.find('[data-cm-search-summary]').exists()).toBe(false);
    expect(wrapper.find('input[data-cm-search]').attributes('aria-describedby')).toBeUndefined();
  });

  it('says it in Ukrainian for a Ukrainian table', async () => {
    const columns = [column('region', { label: 'Регіон' }), column('units', { label: 'Кількість', format: 'number' })];
    const rows = [{ region: 'Північ', units: 12 }];
    const wrapper = mountTable(tableConfig(rows, columns), { locale: 'uk' });
    await typeInto(wrapper, 'input[data-cm-search]', 'регіон:північ кількість:10..20 / -київ');
    expect(wrapper.find('[data-cm-search-summary]').text()).toBe('(Регіон містить північ І Кількість від 10 до 20) АБО не містить київ');
  });

  it('applies a query the host sets (v-model:query) and reports typing', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns()), { query: 'lviv / odesa' });
    expect(ids(wrapper)).toEqual(['2', '3']);
    expect((wrapper.find('input[data-cm-search]').element as HTMLInputElement).value).toBe('lviv / odesa');
    await wrapper.setProps({ query: '-open' });
    expect(ids(wrapper)).toEqual(['1', '4']);
    await typeInto(wrapper, 'input[data-cm-search]', 'kyiv');
    expect(wrapper.emitted('update:query')?.at(-1)).toEqual(['kyiv']);
  });
});

describe('SimpleTable: column filters in the search language', () => {
  it('filter one column each, with % wildcards and number terms', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns(), { searchMode: 'per_column' }));
    await typeInto(wrapper, 'input[data-cm-filter="city"]', 'k%');
    expect(ids(wrapper)).toEqual(['1', '4', '5']);
    await typeInto(wrapper, 'input[data-cm-filter="city"]', '%iv');
    expect(ids(wrapper)).toEqual(['1', '2', '4', '5']);
    await typeInto(wrapper, 'input[data-cm-filter="city"]', 'iv%');
    expect(ids(wrapper)).toEqual([]);
    await typeInto(wrapper, 'input[data-cm-filter="city"]', 'ky% / %sa');
    expect(ids(wrapper)).toEqual(['1', '3', '5']);
    await typeInto(wrapper, 'input[data-cm-filter="units"]', '>12');
    expect(ids(wrapper)).toEqual(['3', '5']);
    // `label:` is text in a column filter; `%%` matches nothing.
    await typeInto(wrapper, 'input[data-cm-filter="units"]', '%%');
    expect(ids(wrapper)).toEqual([]);
    expect(wrapper.find('[data-cm-search-summary]').text()).toBe('City starts with ky OR City ends with sa AND Units matches nothing');
  });
});

describe('SimpleTable: the search help popover', () => {
  /** Clicks a help button and waits for its popover, which is downloaded on the first open. */
  async function openHelp(wrapper: VueWrapper, button: DOMWrapper<Element>): Promise<DOMWrapper<Element>> {
    await button.trigger('click');
    return waitFor(() => {
      const panel = wrapper.find(`#${button.attributes('aria-controls')}`);
      if (!panel.exists()) throw new Error('the help popover is not there yet');
      return panel;
    });
  }

  it('opens from a button with aria-expanded and aria-controls, takes focus, closes on Esc and returns focus', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns()));
    const button = wrapper.find('[data-cm-search-help]');
    expect(button.element.tagName).toBe('BUTTON');
    expect(button.attributes('aria-label')).toBe('Search help');
    expect(button.attributes('aria-expanded')).toBe('false');
    // Closed, the popover is not in the page, and the button names no element that is missing.
    expect(button.attributes('aria-controls')).toBeUndefined();
    expect(wrapper.find('[data-cm-search-help-panel]').exists()).toBe(false);
    const panel = await openHelp(wrapper, button);
    expect(button.attributes('aria-expanded')).toBe('true');
    expect(panel.isVisible()).toBe(true);
    expect(panel.attributes('role')).toBe('dialog');
    expect(document.getElementById(panel.attributes('aria-labelledby') ?? '')?.textContent).toBe('How to search');
    expect(document.activeElement).toBe(panel.element);
    await panel.trigger('keydown', { key: 'Escape' });
    expect(button.attributes('aria-expanded')).toBe('false');
    expect(wrapper.find('[data-cm-search-help-panel]').exists()).toBe(false);
    expect(document.activeElement).toBe(button.element);
  });

  it('closes with its close button (focus back) and when focus leaves it (focus stays where it went)', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns()));
    const button = wrapper.find('[data-cm-search-help]');
    const panel = await openHelp(wrapper, button);
    await panel.find('.gv-search-help__close').trigger('click');
    expect(button.attributes('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button.element);
    const again = await openHelp(wrapper, button);
    const input = wrapper.find('input[data-cm-search]').element as HTMLInputElement;
    again.element.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: input }));
    await nextTick();
    expect(button.attributes('aria-expanded')).toBe('false');
  });

  it('explains the language with the catalog texts and the examples of docs/search.md, in English and Ukrainian', async () => {
    for (const locale of ['en', 'uk'] as const) {
      const wrapper = mountTable(tableConfig(orders, orderColumns()), { locale });
      const catalog = messages[locale];
      const text = (await openHelp(wrapper, wrapper.find('[data-cm-search-help]'))).text();
      for (const n of [1, 2, 3, 4, 5, 6]) {
        expect(text).toContain(catalog[`search.help.example_${n}.query` as keyof typeof catalog]);
        expect(text).toContain(catalog[`search.help.example_${n}.meaning` as keyof typeof catalog]);
      }
      expect(text).toContain(catalog['search.help.scope']);
      expect(text).not.toContain(catalog['search.help.wildcards']);
      wrapper.unmount();
    }
  });

  it('sits beside every column filter too, explaining wildcards there', async () => {
    const wrapper = mountTable(tableConfig(orders, orderColumns(), { searchMode: 'per_column' }), { locale: 'uk' });
    const buttons = wrapper.findAll('td[data-cm-col-key] [data-cm-search-help]');
    expect(buttons).toHaveLength(6);
    expect(buttons[2]!.attributes('aria-label')).toBe('Довідка з фільтра «City»');
    const panel = await openHelp(wrapper, buttons[2]!);
    expect(panel.text()).toContain(messages.uk['search.help.wildcards']);
    expect(panel.text()).not.toContain(messages.uk['search.help.scope']);
    // Each button controls a popover of its own.
    const other = await openHelp(wrapper, buttons[3]!);
    expect(other.attributes('id')).not.toBe(panel.attributes('id'));
  });
});

describe('SimpleTable: the first search of a large table, answered in steps', () => {
  const many = Array.from({ length: 30_000 }, (_, i) => ({ id: i + 1, city: ['Kyiv', 'Lviv', 'Odesa'][i % 3], status: i % 4 === 0 ? 'paid' : 'open', units: i % 50 }));
  const manyColumns = () => [column('id', { label: 'ID', format: 'number' }), column('city', { label: 'City' }), column('status', { label: 'Status' }), column('units', { label: 'Units', format: 'number' })];

  it('draws the first rows at once, keeps the count until the rest is found in background slices, then settles', async () => {
    vi.useFakeTimers();
    const wrapper = mountTable(tableConfig(many, manyColumns()));
    const root = () => wrapper.find('[data-cm-simple-table]');
    await typeInto(wrapper, 'input[data-cm-search]', 'kyiv/odesa -paid units:10..20');
    // The first rows are the first rows of the final answer: Kyiv, or Odesa not paid with 10 to 20 units.
    expect(ids(wrapper).slice(0, 5)).toEqual(['1', '4', '7', '10', '12']);
    expect(root().attributes('data-cm-search-pending')).toBe('true');
    expect(wrapper.find('table').attributes('aria-busy')).toBe('true');
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('-1');
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('30,000 rows');
    // Scripts waiting for a count see only complete answers.
    expect(root().attributes('data-cm-visible-rows')).toBe('30000');
    await vi.runAllTimersAsync();
    const expected = many.filter((r) => r.city === 'Kyiv' || (r.city === 'Odesa' && r.status !== 'paid' && r.units >= 10 && r.units <= 20)).length;
    expect(root().attributes('data-cm-search-pending')).toBeUndefined();
    expect(wrapper.find('table').attributes('aria-busy')).toBeUndefined();
    expect(wrapper.find('[data-cm-row-count]').text()).toBe(`${expected.toLocaleString('en')} of 30,000 rows`);
    expect(root().attributes('data-cm-visible-rows')).toBe(String(expected));
  });

  it('exports every matching row even while the rest is still being found', async () => {
    const wrapper = mountTable(tableConfig(many, manyColumns()));
    await typeInto(wrapper, 'input[data-cm-search]', 'lviv');
    expect(wrapper.find('[data-cm-simple-table]').attributes('data-cm-search-pending')).toBe('true');
    const exported = (wrapper.vm as unknown as { visibleRows(): unknown[] }).visibleRows();
    expect(exported).toHaveLength(10_000);
    await nextTick();
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('10,000 of 30,000 rows');
  });

  it('drops the rest of an answer when the search changes', async () => {
    vi.useFakeTimers();
    const wrapper = mountTable(tableConfig(many, manyColumns()));
    await typeInto(wrapper, 'input[data-cm-search]', 'lviv');
    await typeInto(wrapper, 'input[data-cm-search]', 'odesa');
    await vi.runAllTimersAsync();
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('10,000 of 30,000 rows');
    expect(new Set(columnTexts(wrapper, 'city'))).toEqual(new Set(['Odesa']));
  });
});

describe('SimpleTable: saved searches', () => {
  it('keeps the query text in the preferences store; applying it runs it through the language', async () => {
    const store = freshPrefsStore({ host: new MemoryHost(), storage: new FakeStorage() });
    await store.load('orders');
    expect(store.saveSearch('orders', 'kyiv / lviv -paid')).toEqual({ ok: true, value: 'kyiv / lviv -paid' });
    const saved = store.entryOf('orders').searches;
    expect(saved).toEqual(['kyiv / lviv -paid']);
    const applied = ref('');
    const Host = defineComponent({
      setup: () => () => h(AnySimpleTable, { config: tableConfig(orders, orderColumns()), warmup: false, query: applied.value }),
    });
    const wrapper = mount(Host, { attachTo: document.body });
    expect(columnTexts(wrapper as never, 'id')).toHaveLength(5);
    // The user picks the saved search: the host hands its text to the table.
    applied.value = saved[0]!;
    await nextTick();
    // kyiv OR (lviv AND NOT paid): rows 1 and 5 (Kyiv), 2 (Lviv, open).
    expect(columnTexts(wrapper as never, 'id')).toEqual(['1', '2', '5']);
    expect(wrapper.find('[data-cm-search-summary]').text()).toBe('Contains kyiv OR (contains lviv AND does not contain paid)');
  });
});
