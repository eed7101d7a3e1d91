import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { Column, Row } from '../../src/core/types';
import { AnySimpleTable, column, mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';
import { waitFor } from '../setup/wait';

/** People's columns with the ID not totalled (a sum of ids means nothing). */
const totalledColumns = (): Column[] => peopleColumns().map((c) => (c.key === 'id' ? { ...c, total: 'none' as const } : c));

/** The computed footer is downloaded on first use: wait for it. */
async function footerDrawn(wrapper: ReturnType<typeof mountTable>): Promise<void> {
  await waitFor(() => expect(wrapper.find('tfoot[data-cm-footer="totals"]').exists()).toBe(true));
}

/** A large table answers a search in steps: wait for the whole answer. */
async function settled(wrapper: ReturnType<typeof mountTable>): Promise<void> {
  await waitFor(() => expect(wrapper.attributes('data-cm-search-pending')).toBeUndefined());
  await flushPromises();
}

describe('SimpleTable: the computed footer (footerTotals)', () => {
  it('totals every row with each column\'s total and says how many rows it describes', async () => {
    const columns = totalledColumns().map((c) => (c.key === 'qty' ? { ...c, total: 'avg' as const } : c));
    const wrapper = mountTable(tableConfig(people, columns, { footerTotals: true, footerRow: { amount: 1 }, footerLabel: 'ignored' }));
    await footerDrawn(wrapper);
    const cells = wrapper.findAll('tfoot tr > *');
    // ID, Name and City have no total: the label spans them.
    expect(cells.map((c) => c.element.tagName)).toEqual(['TH', 'TD', 'TD']);
    expect(cells[0]!.attributes('colspan')).toBe('3');
    expect(cells[0]!.attributes('scope')).toBe('row');
    expect(cells.map((c) => c.text())).toEqual(['Total of 4 rows', '$16,299.50', 'Average 30.25']);
    expect(wrapper.find('tfoot td[data-cm-col-key="qty"]').attributes('data-cm-aggregate')).toBe('avg');
    expect(wrapper.find('tfoot').attributes('data-cm-footer-rows')).toBe('4');
    // Header row + 4 rows + footer.
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('6');
    expect(wrapper.find('tfoot tr').attributes('aria-rowindex')).toBe('6');
  });

  it('totals only the rows a search shows, and says "shown" in the plural form of the count', async () => {
    const wrapper = mountTable(tableConfig(people, totalledColumns(), { footerTotals: true }));
    await footerDrawn(wrapper);
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    expect(wrapper.find('tfoot [data-cm-footer-label]').text()).toBe('Total of 2 shown rows');
    expect(wrapper.find('tfoot td[data-cm-col-key="amount"]').text()).toBe('$1,200.50');
    expect(wrapper.find('tfoot td[data-cm-col-key="qty"]').text()).toBe('12');
    await wrapper.find('input[data-cm-search]').setValue('lyon');
    expect(wrapper.find('tfoot [data-cm-footer-label]').text()).toBe('Total of 1 shown row');
    await wrapper.find('input[data-cm-search]').setValue('nobody');
    expect(wrapper.find('tfoot [data-cm-footer-label]').text()).toBe('Total of 0 shown rows');
    expect(wrapper.find('tfoot td[data-cm-col-key="amount"]').text()).toBe('$0.00');
    await wrapper.find('input[data-cm-search]').setValue('');
    expect(wrapper.find('tfoot [data-cm-footer-label]').text()).toBe('Total of 4 rows');
  });

  it('shares the label\'s cell with the first column\'s total when the first column has one', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { footerTotals: true }));
    await footerDrawn(wrapper);
    const label = wrapper.find('tfoot th');
    expect(label.attributes('colspan')).toBeUndefined();
    expect(label.find('.gv-table__footer-title').text()).toBe('Total of 4 rows');
    expect(label.find('[data-cm-total="id"]').text()).toBe('10');
    expect(wrapper.findAll('tfoot td')).toHaveLength(4);
  });

  it('does not total again when the reader only sorts (the rows it describes are the same)', async () => {
    let reads = 0;
    // Whole passes over the amounts, in row order (a run of reads from the first row to the last):
    // the footer's first total of every row, and the column widths' search for the extremes.
    let wholePasses = 0;
    let run = 0;
    const count = 5000;
    const rows: Row[] = Array.from({ length: count }, (_, i) => {
      const row: Row = { id: i, name: `n${i % 7}`, qty: i % 13 };
      Object.defineProperty(row, 'amount', {
        enumerable: true,
        get: () => {
          reads += 1;
          run = i === 0 ? 1 : i === run ? run + 1 : 0;
          if (run === count) wholePasses += 1;
          return i * 1.5;
        },
      });
      return row;
    });
    const columns = [column('id', { format: 'number', align: 'right', total: 'none' }), column('name'), column('amount', { format: 'currency', align: 'right', searchable: false }), column('qty', { format: 'number', align: 'right' })];
    // Amounts are not searched, so only the footer and the rows drawn read them.
    const wrapper = mountTable(tableConfig(rows, columns, { footerTotals: true }));
    await footerDrawn(wrapper);
    await wrapper.find('input[data-cm-search]').setValue('n3');
    await settled(wrapper);
    expect(wrapper.find('tfoot [data-cm-footer-label]').text()).toBe('Total of 714 shown rows');
    const total = wrapper.find('tfoot td[data-cm-col-key="amount"]').text();
    // The column widths read every amount once after the first frame (their extremes), in the
    // background: wait for that pass, the second whole one after the footer's first total.
    await waitFor(() => expect(wholePasses).toBeGreaterThanOrEqual(2));
    const before = reads;
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await flushPromises();
    // Redrawing the rows on screen reads a few dozen amounts; totalling the 714 shown rows again would read all of them.
    expect(reads - before).toBeLessThan(300);
    expect(wrapper.find('tfoot td[data-cm-col-key="amount"]').text()).toBe(total);
    // A new search totals again.
    await wrapper.find('input[data-cm-search]').setValue('n4');
    await settled(wrapper);
    expect(wrapper.find('tfoot td[data-cm-col-key="amount"]').text()).not.toBe(total);
  });

  it('renders its totals on the server, though its code is loaded on demand', async () => {
    const html = await renderToString(createSSRApp({ render: () => h(AnySimpleTable, { config: tableConfig(people, totalledColumns(), { footerTotals: true }) }) }));
    expect(html).toContain('data-cm-footer="totals"');
    expect(html).toContain('Total of 4 rows');
    expect(html).toContain('$16,299.50');
  });

  it('keeps labels and totals as text', async () => {
    const probe = '<img src=x onerror=alert(1)>';
    const wrapper = mountTable(tableConfig([{ a: probe, b: probe }], [column('a'), column('b', { total: 'count' })], { footerTotals: true }), {
      messages: { en: { 'table.footer.total.one': `${probe} {count}` } },
    });
    await footerDrawn(wrapper);
    expect(wrapper.find('tfoot th').text()).toBe(`${probe} 1`);
    expect(wrapper.find('tfoot td').text()).toBe('Count 1');
    expect(wrapper.find('tfoot img').exists()).toBe(false);
  });
});

describe('SimpleTable: the host footer (footerRow) while a search is active', () => {
  it('keeps its values and says, in the label cell, that the search does not filter it', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { footerLabel: 'Total', footerLabelSpan: 3, footerRow: { amount: 16299.5, qty: 121 } }));
    expect(wrapper.find('tfoot').attributes('data-cm-footer')).toBe('static');
    expect(wrapper.find('[data-cm-footer-note]').exists()).toBe(false);
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    expect(wrapper.find('tfoot th [data-cm-footer-note]').text()).toBe('Not filtered by the search');
    expect(wrapper.findAll('tfoot td').map((td) => td.text())).toEqual(['$16,299.50', '121']);
    await wrapper.find('input[data-cm-search]').setValue('');
    expect(wrapper.find('[data-cm-footer-note]').exists()).toBe(false);
  });

  it('puts the note in the first cell of a footer without a label', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { footerRow: { id: 4, qty: 5 } }));
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    expect(wrapper.find('tfoot td[data-cm-col-key="id"] [data-cm-footer-note]').text()).toBe('Not filtered by the search');
    expect(wrapper.find('tfoot td[data-cm-col-key="id"]').text()).toBe('Not filtered by the search4');
  });
});

describe('SimpleTable: column widths', () => {
  const many = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Customer ${i}`, city: i % 2 ? 'Kyiv' : 'Lviv', amount: i === 777 ? 410_082_320.97 : i * 3.25, qty: i % 50 }));
  const colWidths = (wrapper: ReturnType<typeof mountTable>) => wrapper.findAll('col').map((col) => Number.parseFloat((col.element as HTMLElement).style.width));

  it('gives every column of a windowed table a width from its content: a number column fits its largest value, even one far down the rows', async () => {
    const wrapper = mountTable(tableConfig(many(1000), peopleColumns()));
    const sampled = colWidths(wrapper);
    expect(sampled.every((w) => Number.isFinite(w) && w >= 40)).toBe(true);
    // "$410,082,320.97" is in row 778, which the sample misses: the scan after the first frame finds it.
    await waitFor(() => expect(colWidths(wrapper)[3]).toBeGreaterThan(sampled[3]!));
    const widths = colWidths(wrapper);
    const [, name, , amount, qty] = widths;
    // "$410,082,320.97" is wider than "Customer 999".
    expect(amount).toBeGreaterThan(name!);
    expect(amount).toBeGreaterThan(qty!);
    // The resize handle says the width drawn.
    expect(Number(wrapper.find('th[data-cm-col-key="amount"] [role="separator"]').attributes('aria-valuenow'))).toBe(amount);
    expect(wrapper.find('tbody td[data-cm-col-key="amount"]').classes()).toContain('gv-table__cell--numeric');
    expect(wrapper.find('tbody td[data-cm-col-key="name"]').classes()).not.toContain('gv-table__cell--numeric');
  });

  it('keeps a spec width in pixels and the reader\'s width exactly', async () => {
    const columns = peopleColumns().map((c) => (c.key === 'city' ? { ...c, width: '150px' } : c));
    const wrapper = mountTable(tableConfig(many(1000), columns));
    expect(colWidths(wrapper)[2]).toBe(150);
    await wrapper.find('th[data-cm-col-key="name"] [role="separator"]').trigger('keydown', { key: 'Home' });
    expect(colWidths(wrapper)[1]).toBe(40);
  });

  it('measures every row of a table that is not windowed (no scan needed): a number far down fits at once', () => {
    // Row 177 of 180 is not in the sample a windowed table would take.
    const rows = many(180).map((row, i) => (i === 177 ? { ...row, amount: 410_082_320.97 } : row));
    const small = mountTable(tableConfig(rows, peopleColumns()));
    const withoutIt = mountTable(tableConfig(many(180), peopleColumns()));
    // While the browser lays out (jsdom never reports a width), the header carries the column's minimum.
    const minimum = (wrapper: ReturnType<typeof mountTable>) => Number.parseFloat((wrapper.find('th[data-cm-col-key="amount"]').element as HTMLElement).style.minWidth);
    expect(minimum(small)).toBeGreaterThan(minimum(withoutIt));
  });

  it('widens a number column for its footer total, which is wider than any of its values', async () => {
    const rows = many(1000);
    const without = mountTable(tableConfig(rows, totalledColumns()));
    await flushPromises();
    const wrapper = mountTable(tableConfig(rows, totalledColumns(), { footerTotals: true }));
    await footerDrawn(wrapper);
    await flushPromises();
    // The amounts' total is about 412 million, the largest amount 410 million: one digit more.
    expect(wrapper.find('tfoot td[data-cm-col-key="amount"]').text()).toMatch(/^\$411,/);
    expect(colWidths(wrapper)[3]).toBeGreaterThan(colWidths(without)[3]!);
  });
});

describe('SimpleTable: scroll region and column groups', () => {
  it('is a focusable region on the server (it may scroll), and not once mounted in a box it fits', async () => {
    const html = await renderToString(createSSRApp({ render: () => h(AnySimpleTable, { config: tableConfig(people, peopleColumns()) }) }));
    expect(html).toMatch(/class="gv-table__scroll"[^>]*tabindex="0"[^>]*role="region"[^>]*aria-label="Data table"/);
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await flushPromises();
    // jsdom lays nothing out: the table is as wide as its box.
    expect(wrapper.find('.gv-table__scroll').attributes('tabindex')).toBeUndefined();
    expect(wrapper.find('.gv-table__scroll').attributes('role')).toBeUndefined();
  });

  it('draws a group left with one column of its own name as that column, spanning both rows', () => {
    const columns = peopleColumns().map((c) => (c.key === 'name' ? { ...c, hidden: true } : c));
    const groups = [
      { label: 'ID', columnKeys: ['id', 'name'] },
      { label: 'Figures', columnKeys: ['amount', 'qty'] },
    ];
    const wrapper = mountTable(tableConfig(people, columns, { columnGroups: groups }));
    expect(wrapper.findAll('th.gv-table__group').map((th) => th.text())).toEqual(['Figures']);
    const id = wrapper.find('th[data-cm-col-key="id"]');
    expect(id.attributes('rowspan')).toBe('2');
    expect(wrapper.findAll('thead .gv-sort-button__label').filter((label) => label.text() === 'ID')).toHaveLength(1);
    const alone = mountTable(tableConfig(people, columns, { columnGroups: [groups[0]!] }));
    expect(alone.findAll('thead tr')).toHaveLength(1);
  });
});
