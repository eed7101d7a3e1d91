/**
 * The playground's demo data in the reader's language: with the header's switch on Ukrainian, the
 * regions, products and channels in the tables, the data grids (the big one's rows come from the
 * server's SQLite file) and the charts' categories are Ukrainian, and no English value of the
 * ledger is left; switching back brings the English values, without a reload.
 *
 * The simple table page is not in the list: its page (playground/src/pages/TablePage.vue) still
 * reads the English ledger (`salesRows()`); it follows once it reads `salesRows(settings.locale)`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHANNELS, PRODUCTS, REGIONS } from '../../playground/shared/data';
import { usePlayground } from './helpers/playground-fixture';
import { waitUntil } from './helpers/browser';

const app = usePlayground({ page: {} });

const ENGLISH = new Set([...REGIONS, ...CHANNELS, ...PRODUCTS.map((product) => product.name)].map((name) => name.en));
const UKRAINIAN = new Set([...REGIONS, ...CHANNELS, ...PRODUCTS.map((product) => product.name)].map((name) => name.uk));

/**
 * What a page shows of the ledger's texts: the table and grid cells of region, product and channel,
 * and the charts' categories as their data tables (for screen readers) list them (months too).
 */
function shownValues(page: Page, id: string): Promise<{ cells: string[]; categories: string[]; described: string[] }> {
  return page.evaluate((pageId) => {
    const root = document.querySelector(`[data-testid="page-${pageId}"]`);
    const texts = (selector: string) => Array.from(root?.querySelectorAll(selector) ?? []).map((node) => (node.textContent ?? '').trim()).filter((text) => text !== '');
    return {
      cells: texts('td[data-cm-col-key="region"], td[data-cm-col-key="product"], td[data-cm-col-key="channel"], .ag-cell[col-id="region"], .ag-cell[col-id="product"], .ag-cell[col-id="channel"]'),
      categories: texts('.gv-chart__data tbody th'),
      // What screen readers hear of each chart: the box's accessible name and ECharts' own aria label.
      described: Array.from(root?.querySelectorAll('.gv-chart [aria-label]') ?? []).map((node) => node.getAttribute('aria-label') ?? ''),
    };
  }, id);
}

/** Waits until page `id` shows at least one region cell and its chart categories. */
async function ready(page: Page, id: string): Promise<void> {
  const root = page.locator(`[data-testid="page-${id}"]`);
  await root.locator('td[data-cm-col-key="region"], .ag-cell[col-id="region"]').first().waitFor();
  if (!CHARTLESS.has(id)) await root.locator('.gv-chart__data tbody th').first().waitFor({ state: 'attached' });
}

const PAGES = ['dashboard', 'table', 'grid', 'big', 'editor', 'preferences'] as const;
/** Pages whose ledger has no chart beside it. */
const CHARTLESS: ReadonlySet<string> = new Set(['table', 'preferences']);

describe('playground data in the reader’s language', () => {
  it('shows Ukrainian regions, products and channels on every page that shows the ledger', async () => {
    await app.open('dashboard');
    await app.page.locator('[data-testid="locale-switch"]').selectOption('uk');
    for (const id of PAGES) {
      await app.open(id);
      await ready(app.page, id);
      // Server rows and charts arrive after the first frame: wait for the Ukrainian ones.
      await waitUntil(
        app.page,
        ({ pageId, uk }) => {
          const root = document.querySelector(`[data-testid="page-${pageId}"]`);
          const region = root?.querySelector('td[data-cm-col-key="region"], .ag-cell[col-id="region"]')?.textContent?.trim() ?? '';
          return uk.includes(region);
        },
        { pageId: id, uk: [...UKRAINIAN] },
      );
      if (!CHARTLESS.has(id)) await waitUntil(app.page, (pageId) => document.querySelectorAll(`[data-testid="page-${pageId}"] .gv-chart [aria-label*="діаграма"]`).length > 0, id);
      const { cells, categories, described } = await shownValues(app.page, id);
      expect(cells.length, id).toBeGreaterThan(5);
      expect(cells.filter((value) => !UKRAINIAN.has(value)), id).toEqual([]);
      expect(categories.filter((value) => ENGLISH.has(value)), id).toEqual([]);
      if (!CHARTLESS.has(id)) expect(categories.some((value) => UKRAINIAN.has(value)), id).toBe(true);
      // The charts are described in Ukrainian too, not "Bar chart of Виручка by Регіон".
      if (!CHARTLESS.has(id)) expect(described.filter((label) => /діаграма/u.test(label)).length, id).toBeGreaterThan(0);
      expect(described.filter((label) => /\b(?:chart|of|by|series|categor(?:y|ies)|slices?|values?|Total)\b/iu.test(label)), id).toEqual([]);
    }
    expect(app.errors).toEqual([]);
  });

  it('brings the English values back when the language switches back, without a reload', async () => {
    const marker = await app.page.evaluate(() => ((window as unknown as { gvMarker: number }).gvMarker = 7));
    await app.page.locator('[data-testid="locale-switch"]').selectOption('en');
    for (const id of PAGES) {
      await app.open(id);
      await ready(app.page, id);
      await waitUntil(
        app.page,
        ({ pageId, en }) => {
          const root = document.querySelector(`[data-testid="page-${pageId}"]`);
          const region = root?.querySelector('td[data-cm-col-key="region"], .ag-cell[col-id="region"]')?.textContent?.trim() ?? '';
          return en.includes(region);
        },
        { pageId: id, en: [...ENGLISH] },
      );
      if (!CHARTLESS.has(id)) await waitUntil(app.page, (pageId) => document.querySelectorAll(`[data-testid="page-${pageId}"] .gv-chart [aria-label*="chart"]`).length > 0, id);
      const { cells, categories, described } = await shownValues(app.page, id);
      expect(cells.filter((value) => !ENGLISH.has(value)), id).toEqual([]);
      expect(categories.filter((value) => UKRAINIAN.has(value)), id).toEqual([]);
      if (!CHARTLESS.has(id)) expect(categories.some((value) => ENGLISH.has(value)), id).toBe(true);
      expect(described.filter((label) => /\p{Script=Cyrillic}/u.test(label)), id).toEqual([]);
    }
    await expect(app.page.evaluate(() => (window as unknown as { gvMarker?: number }).gvMarker)).resolves.toBe(marker);
    expect(app.errors).toEqual([]);
  });
});
