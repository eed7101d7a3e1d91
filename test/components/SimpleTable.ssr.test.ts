import { describe, expect, it, vi } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { AnySimpleTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';

describe('SimpleTable: server rendering', () => {
  it('renders the table to a string with its data-cm attributes and text-only cells', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rows = [...people, { id: 5, name: '<img src=x onerror=alert(1)>', city: 'Kyiv', amount: 1, qty: 1 }];
    const html = await renderToString(createSSRApp({ render: () => h(AnySimpleTable, { config: tableConfig(rows, peopleColumns(), { footerLabel: 'Total', footerRow: { qty: 5 } }) }) }));
    expect(html).toContain('data-cm-simple-table');
    expect(html).toContain('data-cm-grid-id="orders"');
    expect(html).toContain('aria-rowcount="7"');
    expect(html).toContain('$1,200.50');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('renders the section header rows and their totals on the server, though their code is loaded on demand', async () => {
    const html = await renderToString(createSSRApp({ render: () => h(AnySimpleTable, { config: tableConfig(people, peopleColumns(), { groupBy: 'city' }) }) }));
    expect(html).toContain('data-cm-group="Kyiv"');
    // The aggregate word and the number are separate boxes, so the word can give way first.
    expect(html).toMatch(/data-cm-total="amount"[^>]*><span class="gv-table__group-aggregate">Sum <\/span><span class="gv-table__group-value"[^>]*>\$1,200\.50</);
  });

  it('renders only the first window of a large table on the server', async () => {
    const rows = Array.from({ length: 5000 }, (_, id) => ({ id, name: `n${id}`, city: 'x', amount: id, qty: id }));
    const html = await renderToString(createSSRApp({ render: () => h(AnySimpleTable, { config: tableConfig(rows, peopleColumns()) }) }));
    const rendered = html.match(/data-cm-row-index=/g) ?? [];
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(html).toContain('aria-rowcount="5001"');
  });
});
