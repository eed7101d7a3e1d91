// Server rendering of tables whose first rows need the search and sort code, which is downloaded on
// demand: the server waits for it. A file of its own, so no earlier test has loaded the code (this
// one does not use simple-table.fixtures.ts, which loads it first; only its side-effect-free builders).
import { describe, expect, it } from 'vitest';
import type { DefineComponent } from 'vue';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { Row } from '../../src/core/types';
import SimpleTable from '../../components/SimpleTable.vue';
import { column, tableConfig } from './simple-table.config';

const AnyTable = SimpleTable as unknown as DefineComponent<Record<string, unknown>>;
const rows: Row[] = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, city: ['Lviv', 'Kyiv', 'Odesa'][i % 3] }));
const config = tableConfig(rows, [column('id', { format: 'number', align: 'right' }), column('city')]);

describe('SimpleTable on the server, before its search and sort code was loaded', () => {
  it('waits for the code, then writes the rows of the search it starts with and the count', async () => {
    // Without waiting, the server would write the pending state: no rows and "Loading…".
    const html = await renderToString(createSSRApp({ render: () => h(AnyTable, { config, query: 'odesa' }) }));
    const shown = [...html.matchAll(/data-cm-row-index="(\d+)"/g)].map((m) => Number(m[1]));
    expect(shown).toEqual([2, 5, 8]);
    expect(html).toContain('3 of 9 rows');
    expect(html).toContain('data-cm-search-summary');
    expect(html).not.toContain('aria-busy');
  });
});
