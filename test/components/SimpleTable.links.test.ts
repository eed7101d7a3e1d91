import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '@vue/test-utils';
import { GridViewPlugin } from '../../src/plugin';
import { AnySimpleTable, column, mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('SimpleTable: row and cell links', () => {
  it('links each row from its first cell with every placeholder URL-encoded', () => {
    const rows = [{ id: 'a/b?c', city: 'Kyiv & Co #1' }];
    const wrapper = mountTable(tableConfig(rows, [column('id'), column('city')], { rowUrl: '/orders/{id}?city={city}' }));
    const link = wrapper.find('tbody tr td[data-cm-col-key="id"] a[data-cm-row-link]');
    expect(link.attributes('href')).toBe('/orders/a%2Fb%3Fc?city=Kyiv%20%26%20Co%20%231');
    expect(link.text()).toBe('a/b?c');
    expect(wrapper.findAll('a')).toHaveLength(1);
  });

  it('links a column through its linkTemplate the same way', () => {
    const rows = [{ id: 7, name: '<b>x</b>' }];
    const columns = [column('id'), column('name', { linkTemplate: 'https://crm.example/people/{name}' })];
    const link = mountTable(tableConfig(rows, columns)).find('td[data-cm-col-key="name"] a');
    expect(link.attributes('href')).toBe('https://crm.example/people/%3Cb%3Ex%3C%2Fb%3E');
    expect(link.text()).toBe('<b>x</b>');
  });

  it('draws no link for javascript:, data: or protocol tricks in templates', () => {
    for (const template of ['javascript:alert(1)', 'javascript:alert({id})', 'JAVASCRIPT:{id}', 'data:text/html,{id}', 'java\tscript:{id}', '/\\evil.example/{id}']) {
      const rows = [{ id: 1 }];
      const wrapper = mountTable(tableConfig(rows, [column('id', { linkTemplate: template })], { rowUrl: template }));
      expect(wrapper.findAll('a')).toHaveLength(0);
      expect(wrapper.find('td').text()).toBe('1');
      wrapper.unmount();
    }
  });

  it('cannot be turned into a javascript: link by a row value', () => {
    const rows = [{ target: 'javascript:alert(1)' }];
    const wrapper = mountTable(tableConfig(rows, [column('target', { linkTemplate: '{target}' })]));
    const href = wrapper.find('a').attributes('href') ?? '';
    expect(href).toBe('javascript%3Aalert(1)');
    expect(href.toLowerCase().startsWith('javascript:')).toBe(false);
  });

  it('draws no link when a placeholder has no value', () => {
    const wrapper = mountTable(tableConfig([{ id: null }], [column('id')], { rowUrl: '/x/{id}' }));
    expect(wrapper.find('a').exists()).toBe(false);
  });

  it('follows the row link when the row itself is clicked', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    const wrapper = mountTable(tableConfig([{ id: 5, name: 'n' }], [column('id'), column('name')], { rowUrl: '/orders/{id}' }));
    await wrapper.find('td[data-cm-col-key="name"]').trigger('click');
    expect(clicks).toEqual(['/orders/5']);
    expect(wrapper.emitted('row-click')?.[0]?.[0]).toMatchObject({ index: 0, visibleIndex: 0 });
  });
});

describe('SimpleTable: row_onclick', () => {
  it('emits row-click with the row and its data index', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { rowOnclick: 'openPerson({id})' }));
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('tbody tr').trigger('click');
    const payload = wrapper.emitted('row-click')?.[0]?.[0] as { row: unknown; index: number; visibleIndex: number };
    expect(payload.row).toBe(people[3]);
    expect(payload.index).toBe(3);
    expect(payload.visibleIndex).toBe(0);
  });

  it('calls the registered action of that name with the parsed arguments', async () => {
    const openPerson = vi.fn();
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { rowOnclick: "openPerson({id}, {city}, 'edit', 3)" }), { actions: { openPerson } });
    await wrapper.findAll('tbody tr')[1]!.trigger('click');
    expect(openPerson).toHaveBeenCalledTimes(1);
    expect(openPerson).toHaveBeenCalledWith(2, 'Lyon', 'edit', 3);
  });

  it('calls actions registered through the plugin', async () => {
    const openPerson = vi.fn();
    const wrapper = mount(AnySimpleTable, {
      props: { config: tableConfig(people, peopleColumns(), { rowOnclick: 'openPerson({name})' }), warmup: false },
      global: { plugins: [[GridViewPlugin, { actions: { openPerson } }]] },
      attachTo: document.body,
    });
    await wrapper.find('tbody tr').trigger('click');
    expect(openPerson).toHaveBeenCalledWith('Olena');
  });

  it('never evaluates the source: code, globals and inherited names do nothing', async () => {
    const alertSpy = vi.fn();
    const fetchSpy = vi.fn();
    const stealSpy = vi.fn();
    vi.stubGlobal('alert', alertSpy);
    vi.stubGlobal('fetch', fetchSpy);
    vi.stubGlobal('steal', stealSpy);
    const evalSpy = vi.spyOn(globalThis, 'eval');
    const registered = vi.fn();
    for (const source of ['alert(1);steal()', "fetch('//x')", 'alert({id})', 'constructor({id})', 'toString()', '(() => steal())()', 'window.alert(1)', 'registered({id}).then(steal)']) {
      const wrapper = mountTable(tableConfig(people, peopleColumns(), { rowOnclick: source }), { actions: { registered } });
      await wrapper.find('tbody tr').trigger('click');
      await wrapper.find('tbody tr').trigger('keydown', { key: 'Enter' });
      expect(wrapper.emitted('row-click')).toHaveLength(2);
      wrapper.unmount();
    }
    expect(alertSpy).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(stealSpy).not.toHaveBeenCalled();
    expect(evalSpy).not.toHaveBeenCalled();
    expect(registered).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('makes action rows keyboard reachable and activates them with Enter', async () => {
    const open = vi.fn();
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { rowOnclick: 'open({id})' }), { actions: { open } });
    const row = wrapper.findAll('tbody tr')[2]!;
    expect(row.attributes('tabindex')).toBe('0');
    await row.trigger('keydown', { key: ' ' });
    expect(open).not.toHaveBeenCalled();
    await row.trigger('keydown', { key: 'Enter' });
    expect(open).toHaveBeenCalledWith(3);
  });

  it('leaves rows without an action out of the tab order', () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    expect(wrapper.find('tbody tr').attributes('tabindex')).toBeUndefined();
  });

  it('ignores clicks on links and inputs inside a row', async () => {
    const open = vi.fn();
    const columns = [column('id', { linkTemplate: '/p/{id}' }), column('name')];
    const wrapper = mountTable(tableConfig(people, columns, { rowOnclick: 'open({id})' }), { actions: { open } });
    wrapper.find('tbody tr a').element.addEventListener('click', (event) => event.preventDefault());
    await wrapper.find('tbody tr a').trigger('click');
    expect(open).not.toHaveBeenCalled();
    expect(wrapper.emitted('row-click')).toBeUndefined();
  });
});

describe('SimpleTable: markup probes', () => {
  const probe = '<img src=x onerror="window.__probe=1">';

  it('renders markup in labels, group labels, cells, footer and link text as literal text', async () => {
    const rows = [{ a: probe, b: `<script>window.__probe=2</script>`, c: probe }];
    const columns = [column('a', { label: probe }), column('b', { label: '<b>bold</b>' }), column('c', { label: 'c', linkTemplate: '/x/{c}' })];
    const wrapper = mountTable(
      tableConfig(rows, columns, {
        columnGroups: [{ label: probe, columnKeys: ['b', 'c'] }],
        footerLabel: probe,
        footerRow: { b: probe, c: '<svg onload=alert(1)>' },
        searchMode: 'per_column',
        exportPdfUrl: '/pdf',
        exportXlsx: true,
      }),
      { ariaLabel: probe },
    );
    const root = wrapper.element as HTMLElement;
    expect(root.querySelectorAll('img, script, svg, b')).toHaveLength(0);
    expect(wrapper.find('th[data-cm-col-key="a"] .gv-sort-button__label').text()).toBe(probe);
    expect(wrapper.find('th[scope="colgroup"]').text()).toBe(probe);
    expect(wrapper.find('tbody td[data-cm-col-key="a"]').text()).toBe(probe);
    expect(wrapper.find('tbody td[data-cm-col-key="b"]').text()).toBe('<script>window.__probe=2</script>');
    expect(wrapper.find('tfoot th').text()).toBe(probe);
    expect(wrapper.find('tfoot td[data-cm-col-key="c"]').text()).toBe('<svg onload=alert(1)>');
    expect(wrapper.find('table').attributes('aria-label')).toBe(probe);
    expect(wrapper.find('label[for]').text()).toBe(`Filter ${probe}`);
    expect(wrapper.find('tbody td[data-cm-col-key="c"] a').attributes('href')).toBe('/x/%3Cimg%20src%3Dx%20onerror%3D%22window.__probe%3D1%22%3E');
    await wrapper.find('th[data-cm-col-key="a"] button').trigger('click');
    expect(wrapper.find('[data-cm-announcer]').text()).toBe(`Sorted by ${probe}, ascending`);
    expect(root.querySelectorAll('img, script, svg, b')).toHaveLength(0);
    expect((window as unknown as { __probe?: number }).__probe).toBeUndefined();
    // No element carries an inline handler.
    for (const element of Array.from(root.querySelectorAll('*'))) {
      expect(Array.from(element.attributes).filter((attr) => attr.name.startsWith('on'))).toEqual([]);
    }
  });
});
