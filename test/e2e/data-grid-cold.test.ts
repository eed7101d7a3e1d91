/**
 * The DataGrid's first search and first text sort over 100,000 rows in memory, on a fresh page
 * (cold table-model caches): the grid may answer the first rows before it has counted the result
 * (the counter then says "At least N rows, counting…"), and must end exact — the record counter,
 * AG Grid's row count, the first and the last rows, and the KPIs — in real Chromium on the
 * playground's data grid page.
 *
 * Expected values: the same rows and columns through the row source's exact path in Node.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ROW_COUNT, generateSales } from '../../playground/shared/data';
import { localiseSpec } from '../../playground/shared/labels';
import gridSpec from '../../playground/specs/sales-grid.json';
import { parseGridViewSpecJson } from '../../src/core/spec';
import { columnsFromSpec } from '../../src/core/columns';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { RowSourceQuery } from '../../src/core/data-grid/types';
import type { GridViewSpecWire, Row } from '../../src/core/types';
import { collectConsoleErrors, waitUntil } from './helpers/browser';
import { openPlaygroundPage } from './helpers/playground';
import { PLAYGROUND_VIEWPORT, usePlayground } from './helpers/playground-fixture';

const rows = generateSales(DEMO_ROW_COUNT) as unknown as Row[];
const TOTAL = rows.length;
const columns = columnsFromSpec(parseGridViewSpecJson(localiseSpec(gridSpec as GridViewSpecWire, 'en')));
const count = new Intl.NumberFormat('en');
const shownOf = (n: number): string => (n === TOTAL ? `${count.format(n)} rows` : `${count.format(n)} of ${count.format(TOTAL)} rows`);

/** The exact result of `query` over the demo rows (a source of its own: nothing warm is shared with the page). */
function exact(query: Partial<RowSourceQuery>): Row[] {
  return [...createLocalRowSource(rows.slice(), columns, { locale: 'en' }).view({ sortModel: [], filterModel: null, quickFilter: '', ...query }).rows()];
}

// Cold caches over 100,000 rows are this file's subject: the full demo ledger, not the e2e default.
const app = usePlayground({ browser: true, demoRows: DEMO_ROW_COUNT });

const GRID = '[data-testid="page-grid"]';

async function visit(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await app.browser.newContext({ viewport: PLAYGROUND_VIEWPORT, colorScheme: 'light' });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await openPlaygroundPage(page, app.server.url, 'grid');
  await page.locator(`${GRID} .ag-row[row-index="0"] .ag-cell[col-id="id"]`).waitFor();
  // Every text the record counter shows from now on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __counter: string[] }).__counter = seen;
    const counter = document.querySelector('[data-gv-record-count]');
    if (!counter) throw new Error('no record counter');
    seen.push(counter.textContent ?? '');
    new MutationObserver(() => seen.push(counter.textContent ?? '')).observe(counter, { subtree: true, childList: true, characterData: true });
  });
  return { page, errors, close: () => context.close() };
}

/** Waits until the counter says `text` exactly. */
async function counterSays(page: Page, text: string): Promise<void> {
  await waitUntil(page, (wanted) => document.querySelector('[data-gv-record-count]')?.textContent === wanted, text, { timeout: 30_000 }).catch(() => undefined);
  await expect(page.locator('[data-gv-record-count]').textContent()).resolves.toBe(text);
}

/** Ids of the first `n` rows on screen, top to bottom. */
async function firstIds(page: Page, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await page.locator(`${GRID} .ag-row[row-index="${i}"] .ag-cell[col-id="id"]`).first().textContent()) ?? '');
  return ids;
}

/** AG Grid's row count as it tells assistive technology (header rows excluded). */
async function gridRowCount(page: Page, headerRows: number): Promise<number> {
  return Number(await page.locator(`${GRID} [aria-rowcount]`).first().getAttribute('aria-rowcount')) - headerRows;
}

/** Moves to the grid's last row with the keyboard (Ctrl+End from a cell) and returns its id. */
async function lastRowId(page: Page, index: number): Promise<string> {
  await page.locator(`${GRID} .ag-row[row-index="0"] .ag-cell[col-id="id"]`).first().click();
  await page.keyboard.press('Control+End');
  const cell = page.locator(`${GRID} .ag-row[row-index="${index}"] .ag-cell[col-id="id"]`).first();
  // The last block of a cold sort over 100,000 rows: seconds on an idle machine, and more than 30
  // when the suite's other lanes load both cores (seen once in a full run); the test allows 180.
  await cell.waitFor({ timeout: 90_000 });
  return (await cell.textContent()) ?? '';
}

/** Every counter text seen must be the final exact one, the full table's, or "at least N" with N at most the exact count. */
async function counterNeverWrong(page: Page, exactCount: number): Promise<string[]> {
  const seen = await page.evaluate(() => (window as unknown as { __counter: string[] }).__counter);
  for (const text of seen) {
    if (text === shownOf(TOTAL) || text === shownOf(exactCount) || text === 'Loading rows…') continue;
    const floor = /^At least ([\d,]+) rows?, counting…$/.exec(text);
    expect(floor, `counter text "${text}"`).not.toBeNull();
    expect(Number(floor![1]!.replace(/,/g, ''))).toBeLessThanOrEqual(exactCount);
  }
  return seen;
}

/**
 * After a sort of every row: the first rows on screen are `expected`'s, the counter ends at the
 * whole table, AG Grid's row count is exact, the last row is `expected`'s last, and no counter text
 * on the way was wrong.
 */
async function sortedToTheEnd(page: Page, expected: readonly Row[], headerRows: number): Promise<void> {
  await waitUntil(
    page,
    ([grid, id]) => document.querySelector(`${grid} .ag-row[row-index="0"] .ag-cell[col-id="id"]`)?.textContent === id,
    [GRID, expected[0]!.id] as const,
    { timeout: 30_000 },
  );
  await expect(firstIds(page, 5)).resolves.toEqual(expected.slice(0, 5).map((row) => row.id));
  await counterSays(page, shownOf(TOTAL));
  await expect(gridRowCount(page, headerRows)).resolves.toBe(TOTAL);
  await expect(lastRowId(page, TOTAL - 1)).resolves.toBe(expected[TOTAL - 1]!.id);
  await counterNeverWrong(page, TOTAL);
}

describe('DataGrid: the first search and sort on a fresh page end exact', () => {
  it('a first keystroke: first rows at once, then the exact count, row count, last row and KPIs', async () => {
    const { page, errors, close } = await visit();
    const headerRows = (await gridRowCount(page, 0)) - TOTAL;
    const expected = exact({ quickFilter: 'k' });
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.length).toBeLessThan(TOTAL);

    await page.locator('[data-gv-quick-search]').focus();
    await page.keyboard.type('k');
    await page.keyboard.press('Enter');
    await counterSays(page, shownOf(expected.length));
    await expect(firstIds(page, 5)).resolves.toEqual(expected.slice(0, 5).map((row) => row.id));
    await expect(gridRowCount(page, headerRows)).resolves.toBe(expected.length);
    await page.locator(`${GRID} .gv-kpi`, { hasText: 'Orders' }).locator('.gv-kpi__value', { hasText: count.format(expected.length) }).waitFor();
    await expect(lastRowId(page, expected.length - 1)).resolves.toBe(expected[expected.length - 1]!.id);
    await expect(page.locator(`${GRID} .ag-row[row-index="${expected.length}"]`).count()).resolves.toBe(0);
    await counterNeverWrong(page, expected.length);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('a first click on a text column whose values repeat (the product): first rows in text order, then the exact count, row count and last row', async () => {
    const { page, errors, close } = await visit();
    const headerRows = (await gridRowCount(page, 0)) - TOTAL;
    const expected = exact({ sortModel: [{ colId: 'product', sort: 'asc' }] });

    await page.locator(`${GRID} .ag-header-cell[col-id="product"] .ag-header-cell-label`).click();
    await sortedToTheEnd(page, expected, headerRows);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('first clicks on a text column of distinct values (the order number, descending): first rows at once, then the exact order to the last row', async () => {
    const { page, errors, close } = await visit();
    const headerRows = (await gridRowCount(page, 0)) - TOTAL;
    const expected = exact({ sortModel: [{ colId: 'id', sort: 'desc' }] });
    const header = page.locator(`${GRID} .ag-header-cell[col-id="id"] .ag-header-cell-label`);
    await header.click();
    await header.click();
    await sortedToTheEnd(page, expected, headerRows);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
