import { describe, expect, it } from 'vitest';
import { parseGridViewSpec } from '../../src/core/spec';
import { renderHtml } from '../../src/ssr';
import { ISLAND_VERSION, islandJson } from '../../src/ssr/island';
import type { GridViewIsland } from '../../src/ssr/island';
import type { GridViewSpecWire } from '../../src/core/types';

const SPEC: GridViewSpecWire = { grid_id: 'orders', columns: [{ key: 'name', label: 'Name' }, { key: 'amount', label: 'Amount', format: 'currency' }] };
const ROWS = [{ name: '</script><script>alert(1)</script>', amount: 5 }, { name: 'a & b <!-- c --> \u2028\u2029', amount: 7 }];

/** The island's JSON text in `html`. */
function islandText(html: string): string {
  const match = /<script type="application\/json" data-gv-island>([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no island');
  return match[1] as string;
}

describe('the hydration island', () => {
  it('escapes every character that could end the script element or be read as markup, and parses back unchanged', () => {
    const payload: GridViewIsland = { v: ISLAND_VERSION, spec: SPEC, rows: ROWS, interactive: true, theme: 'light' };
    const json = islandJson(payload);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/u);
    expect(JSON.parse(json)).toEqual(payload);
  });

  it('is written by renderHtml with hydrate: the markup in its own mount element, one island, rows once', async () => {
    const html = await renderHtml(SPEC, ROWS, { hydrate: true, locale: 'uk', currency: 'UAH', theme: 'dark', chartWidth: 480 });
    expect(html).toMatch(/^<div class="gv-ssr" data-gv-hydrate data-gv-theme="dark">/);
    expect(html).toContain('<div class="gv-ssr__root" data-gv-root>');
    expect(html.match(/data-gv-island/g)).toHaveLength(1);
    // The only </script> in the page is the island's own end.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const island = JSON.parse(islandText(html)) as GridViewIsland;
    expect(island).toEqual({ v: ISLAND_VERSION, spec: SPEC, rows: ROWS, interactive: true, theme: 'dark', locale: 'uk', currency: 'UAH', chartWidth: 480 });
    // Hydrated views carry their controls (sort buttons), which a read-only render leaves out.
    expect(html).toMatch(/<button[^>]*gv-sort-button/);
  });

  it('writes a parsed spec as its wire form, and nothing of the island without hydrate', async () => {
    const parsed = parseGridViewSpec(SPEC);
    const island = JSON.parse(islandText(await renderHtml(parsed, ROWS, { hydrate: true }))) as GridViewIsland;
    expect(island.spec).toEqual({ grid_id: 'orders', columns: [{ key: 'name', label: 'Name' }, { key: 'amount', label: 'Amount', format: 'currency' }] });
    const plain = await renderHtml(SPEC, ROWS);
    expect(plain).not.toContain('data-gv-island');
    expect(plain).not.toContain('data-gv-hydrate');
    expect(plain).not.toMatch(/<button[^>]*gv-sort-button/);
  });
});
