import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { Row } from '../../src/core/types';
import { column, columnTexts, mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';
import { loadCatalog } from '../../src/core/i18n/translator';

// These components are mounted without GridViewPlugin, which would register every shipped catalog;
// load Ukrainian up front as the plugin would (the on-demand path: catalog-loading.test.ts).
beforeAll(() => loadCatalog('uk'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SimpleTable: headers and cells', () => {
  it('renders one header per column and each cell as formatted text', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    const headers = wrapper.findAll('thead th[scope="col"]');
    expect(headers.map((h) => h.find('.gv-sort-button__label').text())).toEqual(['ID', 'Name', 'City', 'Amount', 'Qty']);
    expect(headers.every((h) => h.find('button[type="button"]').exists())).toBe(true);
    expect(columnTexts(wrapper, 'amount')).toEqual(['$1,200.50', '$99.00', '$15,000.00', '']);
    expect(columnTexts(wrapper, 'qty')).toEqual(['10', '9', '100', '2']);
    expect(wrapper.find('td[data-cm-col-key="amount"]').classes()).toContain('gv-table__cell--right');
  });

  it('sets the spec\'s column widths on <col> elements, and each header\'s minimum while the browser lays out', () => {
    // jsdom never reports the table's width, so the browser's automatic layout stays in charge.
    const columns = [column('a', { width: '120px' }), column('b', { format: 'number' })];
    const wrapper = mountTable(tableConfig([{ a: 1, b: 123_456_789 }], columns));
    const cols = wrapper.findAll('colgroup col');
    expect(cols[0]?.attributes('style')).toContain('width: 120px');
    expect(cols[1]?.attributes('style')).toBeUndefined();
    expect(wrapper.find('table').attributes('style')).toBeUndefined();
    expect(wrapper.find('th[data-cm-col-key="b"]').attributes('style')).toMatch(/min-width: \d+px/);
  });

  it('builds multi-level headers from column groups: colgroup cells span their columns, ungrouped columns span both rows', () => {
    const config = tableConfig(people, peopleColumns(), {
      columnGroups: [
        { label: 'Person', columnKeys: ['name', 'city'] },
        { label: 'Figures', columnKeys: ['amount', 'qty', 'unknown'] },
      ],
    });
    const wrapper = mountTable(config);
    const headRows = wrapper.findAll('thead tr');
    expect(headRows).toHaveLength(2);
    const top = headRows[0]!.findAll('th');
    expect(top.map((th) => th.text().replace('↕', ''))).toEqual(['ID', 'Person', 'Figures']);
    expect(top[0]!.attributes('rowspan')).toBe('2');
    expect(top[0]!.attributes('scope')).toBe('col');
    expect(top[1]!.attributes('scope')).toBe('colgroup');
    expect(top[1]!.attributes('colspan')).toBe('2');
    expect(top[2]!.attributes('colspan')).toBe('2');
    expect(headRows[1]!.findAll('th').map((th) => th.attributes('data-cm-col-key'))).toEqual(['name', 'city', 'amount', 'qty']);
    expect(headRows[0]!.attributes('aria-rowindex')).toBe('1');
    expect(headRows[1]!.attributes('aria-rowindex')).toBe('2');
    expect(wrapper.find('tbody tr').attributes('aria-rowindex')).toBe('3');
  });

  it('repeats a group label for each run when its columns are not adjacent', () => {
    const config = tableConfig(people, peopleColumns(), { columnGroups: [{ label: 'G', columnKeys: ['id', 'city'] }] });
    const top = mountTable(config).findAll('thead tr')[0]!.findAll('th');
    expect(top.map((th) => [th.attributes('scope'), th.text().replace('↕', '')])).toEqual([
      ['colgroup', 'G'],
      ['col', 'Name'],
      ['colgroup', 'G'],
      ['col', 'Amount'],
      ['col', 'Qty'],
    ]);
  });
});

describe('SimpleTable: sorting', () => {
  const sortButton = (wrapper: ReturnType<typeof mountTable>, key: string) => wrapper.find(`th[data-cm-col-key="${key}"] button`);
  const announcer = (wrapper: ReturnType<typeof mountTable>) => wrapper.find('[data-cm-announcer]').text();

  it('cycles ascending, descending, original order on the header button', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await sortButton(wrapper, 'qty').trigger('click');
    expect(columnTexts(wrapper, 'qty')).toEqual(['2', '9', '10', '100']);
    await sortButton(wrapper, 'qty').trigger('click');
    expect(columnTexts(wrapper, 'qty')).toEqual(['100', '10', '9', '2']);
    await sortButton(wrapper, 'qty').trigger('click');
    expect(columnTexts(wrapper, 'qty')).toEqual(['10', '9', '100', '2']);
    await sortButton(wrapper, 'qty').trigger('click');
    expect(columnTexts(wrapper, 'qty')).toEqual(['2', '9', '10', '100']);
  });

  it('sets aria-sort on the sorted header only and announces the sort politely', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    expect(wrapper.findAll('th[aria-sort]')).toHaveLength(0);
    await sortButton(wrapper, 'name').trigger('click');
    expect(wrapper.findAll('th[aria-sort]').map((th) => [th.attributes('data-cm-col-key'), th.attributes('aria-sort')])).toEqual([['name', 'ascending']]);
    expect(announcer(wrapper)).toBe('Sorted by Name, ascending');
    expect(wrapper.find('[data-cm-announcer]').attributes('aria-live')).toBe('polite');
    await sortButton(wrapper, 'name').trigger('click');
    expect(wrapper.find('th[aria-sort]').attributes('aria-sort')).toBe('descending');
    expect(announcer(wrapper)).toBe('Sorted by Name, descending');
    await sortButton(wrapper, 'city').trigger('click');
    expect(wrapper.findAll('th[aria-sort]').map((th) => th.attributes('data-cm-col-key'))).toEqual(['city']);
    await sortButton(wrapper, 'city').trigger('click');
    await sortButton(wrapper, 'city').trigger('click');
    expect(wrapper.findAll('th[aria-sort]')).toHaveLength(0);
    expect(announcer(wrapper)).toBe('Sort removed; rows are in their original order');
  });

  it('shows the sort state as a shape, not colour alone', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    const indicator = () => wrapper.find('th[data-cm-col-key="qty"] .gv-sort-button__indicator');
    expect(indicator().text()).toBe('↕');
    await sortButton(wrapper, 'qty').trigger('click');
    expect(indicator().text()).toBe('▲');
    expect(indicator().attributes('aria-hidden')).toBe('true');
    await sortButton(wrapper, 'qty').trigger('click');
    expect(indicator().text()).toBe('▼');
  });

  it('gives non-sortable columns no button', () => {
    const columns = peopleColumns().map((c) => (c.key === 'city' ? { ...c, sortable: false } : c));
    const wrapper = mountTable(tableConfig(people, columns));
    expect(wrapper.find('th[data-cm-col-key="city"] button').exists()).toBe(false);
    expect(wrapper.find('th[data-cm-col-key="city"]').text()).toBe('City');
    expect(wrapper.find('th[data-cm-col-key="city"]').attributes('data-cm-sortable')).toBe('false');
    expect(wrapper.findAll('th button')).toHaveLength(4);
  });

  it('sorts text with the collator (case and accents) and numbers as numbers', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await sortButton(wrapper, 'name').trigger('click');
    expect(columnTexts(wrapper, 'name')).toEqual(['bob', 'Émile', 'Olena', 'Zoë']);
    await sortButton(wrapper, 'amount').trigger('click');
    // Empty amount last; 15000 after 1200.5 (numeric, not text, order).
    expect(columnTexts(wrapper, 'amount')).toEqual(['$99.00', '$1,200.50', '$15,000.00', '']);
    await sortButton(wrapper, 'amount').trigger('click');
    expect(columnTexts(wrapper, 'amount')).toEqual(['$15,000.00', '$1,200.50', '$99.00', '']);
  });

  it('honours sortValue', async () => {
    const sizes = [{ size: 'M' }, { size: 'XL' }, { size: 'S' }];
    const order: Record<string, number> = { S: 0, M: 1, XL: 2 };
    const wrapper = mountTable(tableConfig<Row>(sizes, [column('size', { sortValue: (row) => order[String(row.size)] })]));
    await sortButton(wrapper, 'size').trigger('click');
    expect(columnTexts(wrapper, 'size')).toEqual(['S', 'M', 'XL']);
  });

  it('emits sort-change with the new state', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await sortButton(wrapper, 'qty').trigger('click');
    await sortButton(wrapper, 'qty').trigger('click');
    await sortButton(wrapper, 'qty').trigger('click');
    expect(wrapper.emitted('sort-change')).toEqual([[{ key: 'qty', direction: 'asc' }], [{ key: 'qty', direction: 'desc' }], [null]]);
  });
});

describe('SimpleTable: search modes', () => {
  it('global: one labelled input filtering accent- and case-insensitively over searchable columns', async () => {
    const columns = peopleColumns().map((c) => (c.key === 'qty' ? { ...c, searchable: false } : c));
    const wrapper = mountTable(tableConfig(people, columns));
    const input = wrapper.find('input[data-cm-search]');
    const label = wrapper.find(`label[for="${input.attributes('id')}"]`);
    expect(label.text()).toBe('Search the table');
    expect(wrapper.findAll('input')).toHaveLength(1);
    await input.setValue('EMILE');
    expect(columnTexts(wrapper, 'name')).toEqual(['Émile']);
    await input.setValue('kyiv');
    expect(columnTexts(wrapper, 'name')).toEqual(['Olena', 'Zoë']);
    // 100 is only in the non-searchable qty column.
    await input.setValue('100');
    expect(columnTexts(wrapper, 'name')).toEqual([]);
    expect(wrapper.find('tbody .gv-table__empty').text()).toBe('No rows match the search');
    expect(wrapper.emitted('search-change')?.at(-1)).toEqual([{ query: '100', filters: {} }]);
  });

  it('per_column: a labelled filter per searchable column that filters by that column only', async () => {
    const columns = peopleColumns().map((c) => (c.key === 'qty' ? { ...c, searchable: false } : c));
    const wrapper = mountTable(tableConfig(people, columns, { searchMode: 'per_column' }));
    expect(wrapper.find('input[data-cm-search]').exists()).toBe(false);
    const inputs = wrapper.findAll('thead input[data-cm-filter]');
    expect(inputs.map((i) => i.attributes('data-cm-filter'))).toEqual(['id', 'name', 'city', 'amount']);
    const cityInput = wrapper.find('input[data-cm-filter="city"]');
    expect(wrapper.find(`label[for="${cityInput.attributes('id')}"]`).text()).toBe('Filter City');
    await cityInput.setValue('kyiv');
    expect(columnTexts(wrapper, 'name')).toEqual(['Olena', 'Zoë']);
    // "Olena" is a name, so the name filter finds it but the city filter must not.
    await cityInput.setValue('olena');
    expect(columnTexts(wrapper, 'name')).toEqual([]);
    await cityInput.setValue('');
    await wrapper.find('input[data-cm-filter="name"]').setValue('olena');
    expect(columnTexts(wrapper, 'name')).toEqual(['Olena']);
    await wrapper.find('input[data-cm-filter="city"]').setValue('lyon');
    expect(columnTexts(wrapper, 'name')).toEqual([]);
    expect(wrapper.find('thead tr.gv-table__filters').attributes('aria-rowindex')).toBe('2');
    expect(wrapper.find('tbody tr').attributes('aria-rowindex')).toBe('3');
  });

  it('disabled: no search input and no filter row', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { searchMode: 'disabled' }));
    expect(wrapper.findAll('input')).toHaveLength(0);
    expect(wrapper.find('.gv-table__filters').exists()).toBe(false);
    expect(wrapper.attributes('data-cm-search-mode')).toBe('disabled');
  });

  it('combines search and sort: the sorted order of the matching rows', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    expect(columnTexts(wrapper, 'qty')).toEqual(['10', '2']);
  });
});

describe('SimpleTable: visible row count', () => {
  it('shows the count in a polite status region, updated after a search, with plural forms', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    const status = () => wrapper.find('[data-cm-row-count]');
    expect(status().attributes('role')).toBe('status');
    expect(status().text()).toBe('4 rows');
    await wrapper.find('input[data-cm-search]').setValue('lyon');
    expect(status().text()).toBe('1 of 4 rows');
    await wrapper.find('input[data-cm-search]').setValue('');
    expect(status().text()).toBe('4 rows');
    const single = mountTable(tableConfig([people[0]!], peopleColumns()));
    expect(single.find('[data-cm-row-count]').text()).toBe('1 row');
  });

  it('follows the locale for texts and numbers', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ id: i, amount: 1234.5 }));
    const wrapper = mountTable(tableConfig(rows, [column('id'), column('amount', { format: 'currency' })]), { locale: 'uk', currency: 'UAH' });
    expect(wrapper.find('[data-cm-row-count]').text()).toMatch(/^3 рядк/);
    expect(columnTexts(wrapper, 'amount')[0]).toMatch(/^1\s234,50\s₴$/);
  });

  it('uses message overrides from the messages prop', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()), { messages: { en: { 'table.rows.other': '{count} entries' } } });
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('4 entries');
  });
});

describe('SimpleTable: striping and footer', () => {
  it('adds the striping class and marks odd rows', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { striped: true }));
    expect(wrapper.find('table').classes()).toContain('gv-table--striped');
    expect(wrapper.findAll('tbody tr').map((tr) => tr.classes().includes('gv-table__row--odd'))).toEqual([false, true, false, true]);
    const plain = mountTable(tableConfig(people, peopleColumns()));
    expect(plain.find('table').classes()).not.toContain('gv-table--striped');
  });

  it('renders the footer label spanning footerLabelSpan columns, then the remaining values formatted', () => {
    const wrapper = mountTable(
      tableConfig(people, peopleColumns(), { footerLabel: 'Total', footerLabelSpan: 3, footerRow: { amount: 16299.5, qty: 121, name: 'ignored' } }),
    );
    const cells = wrapper.findAll('tfoot tr > *');
    expect(cells.map((c) => c.element.tagName)).toEqual(['TH', 'TD', 'TD']);
    expect(cells[0]!.attributes('colspan')).toBe('3');
    expect(cells[0]!.attributes('scope')).toBe('row');
    expect(cells.map((c) => c.text())).toEqual(['Total', '$16,299.50', '121']);
    expect(wrapper.find('tfoot tr').attributes('aria-rowindex')).toBe('6');
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('6');
  });

  it('renders footer values under every column when there is no label, and clamps a too-wide span', () => {
    const noLabel = mountTable(tableConfig(people, peopleColumns(), { footerRow: { id: 4, qty: 5 } }));
    expect(noLabel.findAll('tfoot td').map((c) => c.text())).toEqual(['4', '', '', '', '5']);
    const wide = mountTable(tableConfig(people, peopleColumns(), { footerLabel: 'All', footerLabelSpan: 99, footerRow: null }));
    expect(wide.find('tfoot th').attributes('colspan')).toBe('5');
    expect(wide.findAll('tfoot td')).toHaveLength(0);
  });

  it('renders no footer without footerRow and footerLabel', () => {
    expect(mountTable(tableConfig(people, peopleColumns())).find('tfoot').exists()).toBe(false);
  });
});

describe('SimpleTable: cell slots', () => {
  it('overrides a column through the cell-<key> scoped slot with row, value and column', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()), {}, {
      slots: {
        'cell-name': `<template #cell-name="{ row, value, column }"><strong class="custom">{{ column.label }}:{{ value }}:{{ row.city }}</strong></template>`,
      },
    });
    const first = wrapper.find('tbody tr td[data-cm-col-key="name"] strong.custom');
    expect(first.text()).toBe('Name:Olena:Kyiv');
    expect(columnTexts(wrapper, 'city')[0]).toBe('Kyiv');
  });

  it('hands raw (never reactive) rows to the slot', async () => {
    const { isProxy } = await import('vue');
    const seen: unknown[] = [];
    mountTable(tableConfig(people, peopleColumns()), {}, {
      slots: {
        'cell-id': (props: { row: unknown }) => {
          seen.push(props.row);
          return 'x';
        },
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => !isProxy(row))).toBe(true);
    expect(seen[0]).toBe(people[0]);
  });
});

describe('SimpleTable: data-cm attributes', () => {
  it('marks the root, headers, rows, cells and controls for later enhancement', async () => {
    const wrapper = mountTable(
      tableConfig(people, peopleColumns(), { exportXlsx: true, exportPdfUrl: '/export/pdf', striped: true, footerLabel: 'T', footerRow: {} }),
    );
    const root = wrapper.find('[data-cm-simple-table]');
    expect(root.attributes()).toMatchObject({
      'data-cm-grid-id': 'orders',
      'data-cm-search-mode': 'global',
      'data-cm-striped': 'true',
      'data-cm-windowed': 'false',
      'data-cm-total-rows': '4',
      'data-cm-visible-rows': '4',
    });
    expect(wrapper.find('th[data-cm-col-key="qty"]').attributes('data-cm-sortable')).toBe('true');
    expect(wrapper.find('tbody tr').attributes('data-cm-row-index')).toBe('0');
    expect(wrapper.find('button[data-cm-export="xlsx"]').exists()).toBe(true);
    expect(wrapper.find('a[data-cm-export="pdf"]').exists()).toBe(true);
    expect(wrapper.find('tfoot[data-cm-footer]').exists()).toBe(true);
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    expect(wrapper.find('th[data-cm-col-key="qty"]').attributes('data-cm-sort')).toBe('asc');
    expect(wrapper.find('tbody tr').attributes('data-cm-row-index')).toBe('3');
    await wrapper.find('input[data-cm-search]').setValue('lyon');
    expect(root.attributes('data-cm-visible-rows')).toBe('1');
  });
});

describe('SimpleTable: PDF link', () => {
  it('carries the current search and sort as query parameters', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { exportPdfUrl: '/export/pdf?grid=orders' }));
    const href = () => wrapper.find('a[data-cm-export="pdf"]').attributes('href');
    expect(href()).toBe('/export/pdf?grid=orders');
    await wrapper.find('input[data-cm-search]').setValue('kyiv & co');
    await wrapper.find('th[data-cm-col-key="amount"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="amount"] button').trigger('click');
    expect(href()).toBe('/export/pdf?grid=orders&q=kyiv%20%26%20co&sort=amount&dir=desc');
  });

  it('carries per-column filters as f_<key>', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { searchMode: 'per_column', exportPdfUrl: 'https://reports.example/pdf#top' }));
    await wrapper.find('input[data-cm-filter="city"]').setValue('Kyiv');
    expect(wrapper.find('a[data-cm-export="pdf"]').attributes('href')).toBe('https://reports.example/pdf?f_city=Kyiv#top');
  });

  it('draws no link for a javascript: or data: URL', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', ' javascript:alert(1)']) {
      const wrapper = mountTable(tableConfig(people, peopleColumns(), { exportPdfUrl: url }));
      expect(wrapper.find('a[data-cm-export="pdf"]').exists()).toBe(false);
      wrapper.unmount();
    }
  });
});

describe('SimpleTable: empty data', () => {
  it('says there are no rows', async () => {
    const wrapper = mountTable(tableConfig([], peopleColumns()));
    expect(wrapper.find('tbody .gv-table__empty').text()).toBe('No rows');
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('0 rows');
    await nextTick();
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('2');
  });
});
