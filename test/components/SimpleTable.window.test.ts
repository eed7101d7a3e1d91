import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { isProxy, nextTick, reactive } from 'vue';
import { column, columnTexts, mountTable, tableConfig } from './simple-table.fixtures';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const bigRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Customer ${count - i}`, city: ['Kyiv', 'Lviv', 'Odesa'][i % 3], amount: (i * 37) % 1000 }));
const bigColumns = () => [column('id', { format: 'number' }), column('name'), column('city'), column('amount', { format: 'currency' })];

async function scrollTo(wrapper: ReturnType<typeof mountTable>, top: number): Promise<void> {
  const scroller = wrapper.find('.gv-table__scroll').element as HTMLElement;
  scroller.scrollTop = top;
  await wrapper.find('.gv-table__scroll').trigger('scroll');
  await nextTick();
}

describe('SimpleTable: windowed body', () => {
  it('renders only a few dozen rows of 100,000, with aria-rowcount counting every row', () => {
    const wrapper = mountTable(tableConfig(bigRows(100_000), bigColumns()));
    const rendered = wrapper.findAll('tbody tr[data-cm-row-index]');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('100001');
    expect(rendered[0]!.attributes('aria-rowindex')).toBe('2');
    expect(wrapper.attributes('data-cm-windowed')).toBe('true');
    expect(wrapper.find('table').classes()).toContain('gv-table--windowed');
    // The scroll container is a labelled, focusable region of fixed height.
    const scroller = wrapper.find('.gv-table__scroll');
    expect(scroller.attributes('style')).toContain('max-height: 480px');
    expect(scroller.attributes('tabindex')).toBe('0');
    expect(scroller.attributes('role')).toBe('region');
  });

  it('keeps the scrollbar honest with spacer rows above and below', async () => {
    const wrapper = mountTable(tableConfig(bigRows(100_000), bigColumns()));
    const spacerHeights = () => wrapper.findAll('tbody tr.gv-table__spacer td').map((td) => Number.parseFloat((td.element as HTMLElement).style.height));
    const rowCount = () => wrapper.findAll('tbody tr[data-cm-row-index]').length;
    expect(spacerHeights()).toHaveLength(1);
    expect(spacerHeights()[0]).toBe((100_000 - rowCount()) * 36);
    await scrollTo(wrapper, 36 * 50_000);
    const [top, bottom] = spacerHeights();
    expect(top! + bottom! + rowCount() * 36).toBe(100_000 * 36);
    expect(wrapper.findAll('tbody tr.gv-table__spacer').every((tr) => tr.attributes('aria-hidden') === 'true')).toBe(true);
  });

  it('changes aria-rowindex and the rendered rows when scrolled', async () => {
    const wrapper = mountTable(tableConfig(bigRows(100_000), bigColumns()));
    await scrollTo(wrapper, 36 * 5000);
    const rendered = wrapper.findAll('tbody tr[data-cm-row-index]');
    const first = Number(rendered[0]!.attributes('aria-rowindex'));
    expect(first).toBeGreaterThan(4980);
    expect(first).toBeLessThanOrEqual(5002);
    expect(rendered[0]!.attributes('data-cm-row-index')).toBe(String(first - 2));
    expect(rendered.length).toBeLessThan(60);
    // Rows are consecutive.
    expect(rendered.map((tr) => Number(tr.attributes('aria-rowindex')))).toEqual(rendered.map((_tr, i) => first + i));
    // The rows at the end are reachable.
    await scrollTo(wrapper, 36 * 100_000);
    const last = wrapper.findAll('tbody tr[data-cm-row-index]').at(-1)!;
    expect(last.attributes('aria-rowindex')).toBe('100001');
    expect(last.find('td[data-cm-col-key="id"]').text()).toBe('100,000');
  });

  it('sorts and searches all 100,000 rows, resetting the scroll position', async () => {
    const columns = bigColumns().map((c) => (c.key === 'id' ? { ...c, searchable: false } : c));
    const wrapper = mountTable(tableConfig(bigRows(100_000), columns));
    await scrollTo(wrapper, 36 * 3000);
    await wrapper.find('th[data-cm-col-key="name"] button').trigger('click');
    expect((wrapper.find('.gv-table__scroll').element as HTMLElement).scrollTop).toBe(0);
    expect(columnTexts(wrapper, 'name').slice(0, 3)).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
    await wrapper.find('input[data-cm-search]').setValue('customer 9999');
    // Names holding 9999: 9999, 19999, ..., 89999 and 99990..99999, in numeric collation order.
    const expected = [...Array.from({ length: 9 }, (_, i) => `Customer ${i * 10_000 + 9999}`), ...Array.from({ length: 10 }, (_, i) => `Customer ${99990 + i}`)];
    expect(wrapper.find('[data-cm-row-count]').text()).toBe('19 of 100,000 rows');
    expect(wrapper.find('table').attributes('aria-rowcount')).toBe('20');
    expect(columnTexts(wrapper, 'name')).toEqual(expected);
  });

  it('draws only the rows on screen while a first answer is completed in steps, the overscan with the complete answer or at the first scroll', async () => {
    vi.useFakeTimers();
    const wrapper = mountTable(tableConfig(bigRows(100_000), bigColumns()));
    const root = () => wrapper.find('[data-cm-simple-table]');
    const rowCount = () => wrapper.findAll('tbody tr[data-cm-row-index]').length;
    // 480 px / 36 px = 14 rows and a partial one, plus 10 rows of overscan below.
    expect(rowCount()).toBe(25);
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    expect(root().attributes('data-cm-search-pending')).toBe('true');
    expect(rowCount()).toBe(15);
    expect(columnTexts(wrapper, 'city').every((city) => city === 'Kyiv')).toBe(true);
    await vi.runAllTimersAsync();
    expect(root().attributes('data-cm-search-pending')).toBeUndefined();
    expect(rowCount()).toBe(25);
    // Sorted, the search is answered in steps again; a scroll meanwhile draws the overscan at once.
    await wrapper.find('th[data-cm-col-key="name"] button').trigger('click');
    expect(root().attributes('data-cm-search-pending')).toBe('true');
    expect(rowCount()).toBe(15);
    await scrollTo(wrapper, 36 * 3);
    expect(rowCount()).toBe(28);
    await vi.runAllTimersAsync();
    expect(root().attributes('data-cm-search-pending')).toBeUndefined();
    expect(columnTexts(wrapper, 'city').every((city) => city === 'Kyiv')).toBe(true);
  });

  it('renders small tables completely, without a fixed height', () => {
    const wrapper = mountTable(tableConfig(bigRows(200), bigColumns()));
    expect(wrapper.findAll('tbody tr[data-cm-row-index]')).toHaveLength(200);
    expect(wrapper.findAll('tbody tr.gv-table__spacer')).toHaveLength(0);
    expect(wrapper.find('.gv-table__scroll').attributes('style')).toBeUndefined();
    expect(wrapper.attributes('data-cm-windowed')).toBe('false');
  });

  it('honours windowThreshold, overscan and maxHeight', () => {
    const wrapper = mountTable(tableConfig(bigRows(100), bigColumns()), { windowThreshold: 50, overscan: 0, maxHeight: '360px' });
    // 360 px / 36 px rows = 10 rows on screen, plus one partial row.
    expect(wrapper.findAll('tbody tr[data-cm-row-index]')).toHaveLength(11);
    expect(wrapper.find('.gv-table__scroll').attributes('style')).toContain('max-height: 360px');
  });

  it('never makes rows reactive, even when the config is reactive', () => {
    const rows = bigRows(300);
    const seen: unknown[] = [];
    mountTable(reactive(tableConfig(rows, bigColumns())) as never, {}, {
      slots: {
        'cell-id': (props: { row: unknown }) => {
          seen.push(props.row);
          return 'x';
        },
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((row) => isProxy(row))).toBe(false);
    expect(seen[0]).toBe(rows[0]);
  });

  it('follows a replaced data array', async () => {
    const wrapper = mountTable(tableConfig(bigRows(300), bigColumns()));
    await wrapper.setProps({ config: tableConfig(bigRows(5), bigColumns()) });
    expect(wrapper.findAll('tbody tr[data-cm-row-index]')).toHaveLength(5);
    expect(wrapper.attributes('data-cm-windowed')).toBe('false');
  });

  it('warms the caches of a large table in idle time, and stops on unmount', async () => {
    vi.useFakeTimers();
    const wrapper = mountTable(tableConfig(bigRows(1000), bigColumns()), { warmup: true });
    // jsdom has no requestIdleCallback: one task per 30 ms timer. Beside the warm-up, the column
    // widths scan the two number columns for their extremes (one task each, after the next frame).
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(60);
    // The scan is done; the warm-up goes on, one step per timer.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30);
    expect(vi.getTimerCount()).toBe(1);
    wrapper.unmount();
    expect(vi.getTimerCount()).toBe(0);
    await flushPromises();
  });
});

describe('SimpleTable: sort intent', () => {
  it('prepares the hovered column in background steps that a click finishes and unmount cancels', async () => {
    vi.useFakeTimers();
    const rows = bigRows(1000);
    const wrapper = mountTable(tableConfig(rows, bigColumns()));
    // No warm-up here: only the column widths' scan of the two number columns is queued (after the
    // next frame, one task each); let it finish.
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(60);
    expect(vi.getTimerCount()).toBe(0);
    await wrapper.find('th[data-cm-col-key="name"] button').trigger('pointerenter');
    // jsdom has neither postTask nor requestIdleCallback: one step per 30 ms timer.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30);
    // The click does not wait for the steps: it finishes the sort at once, in the right order.
    await wrapper.find('th[data-cm-col-key="name"] button').trigger('click');
    expect(columnTexts(wrapper, 'name').slice(0, 3)).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
    wrapper.unmount();
    expect(vi.getTimerCount()).toBe(0);
    await flushPromises();
  });
});
