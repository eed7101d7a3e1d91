/**
 * The playground's dashboard and 100,000-row simple table, driven in Chromium against the real
 * playground server: charts drawn, KPIs computed from all rows, sorting, the three search modes,
 * client XLSX export read back with xlsx, and the PDF and server XLSX links carrying the table state.
 *
 * Expected values come from the demo data itself (the same seeded generator), computed here with
 * plain loops, independent of the library's table model.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { DEMO_ROW_COUNT, generateSales, type SaleRow } from '../../playground/shared/data';
import { saveScreenshot, waitUntil } from './helpers/browser';
import { usePlayground } from './helpers/playground-fixture';

const rows = generateSales(DEMO_ROW_COUNT);
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en');

/** The row with the largest amount among `subset`, and whether that amount is unique there. */
function topByAmount(subset: readonly SaleRow[]): { row: SaleRow; unique: boolean } {
  let best = subset[0] as SaleRow;
  let ties = 0;
  for (const row of subset) {
    if (row.amount > best.amount) {
      best = row;
      ties = 0;
    } else if (row.amount === best.amount && row !== best) {
      ties += 1;
    }
  }
  return { row: best, unique: ties === 0 };
}

// The 100,000-row table is this file's subject: the full demo ledger, not the e2e default.
const app = usePlayground({ page: { acceptDownloads: true }, demoRows: DEMO_ROW_COUNT });

async function visibleCount(): Promise<number> {
  return Number(await app.page.locator('[data-cm-simple-table]').getAttribute('data-cm-visible-rows'));
}

async function waitForVisibleCount(expected: number): Promise<void> {
  await waitUntil(
    app.page,
    (value) => document.querySelector('[data-cm-simple-table]')?.getAttribute('data-cm-visible-rows') === String(value),
    expected,
  );
}

function firstRowCell(key: string) {
  return app.page.locator('[data-cm-simple-table] tbody tr[data-cm-row-index]').first().locator(`td[data-cm-col-key="${key}"]`);
}

describe('playground dashboard', () => {
  it('renders the spec file: title, seven KPIs from all 100,000 rows, three drawn charts and the table', async () => {
    await app.open('dashboard');
    const view = app.page.locator('[data-testid="page-dashboard"] .gv-view');
    await expect(view.locator('.gv-view__title').textContent()).resolves.toBe('Sales 2024–2025');
    await expect(view.locator('.gv-kpi').count()).resolves.toBe(7);

    const revenue = rows.reduce((sum, row) => sum + row.amount, 0);
    const revenueCard = view.locator('.gv-kpi', { hasText: 'Revenue' });
    // A long amount is shown compact ($454M); the exact sum is the tooltip, and with the currency's
    // name the accessible text (a screen reader would spell a code out).
    await expect(revenueCard.locator('.gv-kpi__number').textContent()).resolves.toMatch(/^\$\d+(\.\d+)?M$/);
    await expect(revenueCard.locator('.gv-kpi__value').getAttribute('title')).resolves.toContain(money.format(revenue));
    await expect(revenueCard.locator('.gv-kpi__value .gv-visually-hidden').textContent()).resolves.toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', currencyDisplay: 'name' }).format(revenue),
    );
    await expect(view.locator('.gv-kpi', { hasText: 'Orders' }).locator('.gv-kpi__value').textContent()).resolves.toContain('100,000');

    // Each chart is drawn by ECharts into a canvas of real size (not just an empty container).
    await expect(view.locator('.gv-chart').count()).resolves.toBe(3);
    for (const chart of await view.locator('.gv-chart').all()) {
      const canvas = chart.locator('canvas, svg').first();
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(100);
    }
    await expect(view.locator('[data-cm-simple-table]').getAttribute('data-cm-total-rows')).resolves.toBe('100000');
    await saveScreenshot(app.page, 'dashboard');
    expect(app.errors).toEqual([]);
  });
});

describe('playground simple table with 100,000 rows', () => {
  it('shows every row, column groups and the footer totals', async () => {
    await app.open('table');
    await app.page.locator('[data-cm-simple-table] tbody tr[data-cm-row-index]').first().waitFor();
    expect(await visibleCount()).toBe(100_000);
    await expect(app.page.locator('[data-cm-row-count]').textContent()).resolves.toContain('100,000');
    const groups = await app.page.locator('[data-cm-simple-table] th.gv-table__group').allTextContents();
    expect(groups.map((text) => text.trim())).toEqual(['Order', 'Sale', 'Figures']);
    const units = rows.reduce((sum, row) => sum + row.units, 0);
    const footer = app.page.locator('[data-cm-simple-table] tfoot');
    await expect(footer.locator('[data-cm-footer-label]').textContent()).resolves.toBe('Total of 100,000 rows');
    await expect(footer.locator('td[data-cm-col-key="units"]').textContent()).resolves.toBe(count.format(units));
    // Only the rows on screen are in the DOM.
    expect(await app.page.locator('[data-cm-simple-table] tbody tr[data-cm-row-index]').count()).toBeLessThan(200);
    expect(app.errors).toEqual([]);
  });

  it('sorts by amount, descending on the second click, with the largest sale first', async () => {
    const sortButton = app.page.locator('button[data-cm-sort-button="amount"]');
    await sortButton.click();
    await app.page.locator('th[data-cm-col-key="amount"][aria-sort="ascending"]').waitFor();
    const smallest = rows.reduce((min, row) => (row.amount < min ? row.amount : min), Infinity);
    await expect(firstRowCell('amount').textContent()).resolves.toBe(money.format(smallest));

    await sortButton.click();
    await app.page.locator('th[data-cm-col-key="amount"][aria-sort="descending"]').waitFor();
    const top = topByAmount(rows);
    await expect(firstRowCell('amount').textContent()).resolves.toBe(money.format(top.row.amount));
    if (top.unique) await expect(firstRowCell('id').textContent()).resolves.toBe(top.row.id);
    expect(app.errors).toEqual([]);
  });

  it('searches globally (Ukrainian and English words together) and updates the visible count', async () => {
    const matches = rows.filter((row) => row.менеджер.includes('Ткаченко') && row.product.toLowerCase().includes('laptop'));
    expect(matches.length).toBeGreaterThan(0);
    await app.page.locator('input[data-cm-search]').fill('Ткаченко laptop');
    await waitForVisibleCount(matches.length);
    await expect(app.page.locator('[data-cm-row-count]').textContent()).resolves.toContain(`${count.format(matches.length)} of 100,000`);
    // The sort is kept: the biggest matching sale comes first.
    const top = topByAmount(matches);
    await expect(firstRowCell('amount').textContent()).resolves.toBe(money.format(top.row.amount));
    await expect(firstRowCell('менеджер').textContent()).resolves.toContain('Ткаченко');
    // The footer totals the rows shown and says so.
    const footer = app.page.locator('[data-cm-simple-table] tfoot');
    await expect(footer.locator('[data-cm-footer-label]').textContent()).resolves.toBe(`Total of ${count.format(matches.length)} shown rows`);
    await expect(footer.locator('td[data-cm-col-key="amount"]').textContent()).resolves.toBe(money.format(matches.reduce((sum, row) => sum + row.amount, 0)));
    await saveScreenshot(app.page, 'table');
    expect(app.errors).toEqual([]);
  });

  it('exports exactly the visible rows, in order, to XLSX through the table button', async () => {
    const expected = rows
      .filter((row) => row.менеджер.includes('Ткаченко') && row.product === 'Laptop')
      .map((row, index) => ({ row, index }))
      // Descending by amount; the order of equal amounts is not part of the contract.
      .sort((a, b) => b.row.amount - a.row.amount || a.index - b.index)
      .map((entry) => entry.row);
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.locator('[data-cm-export="xlsx"]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const workbook = XLSX.read(await readFile(path), { cellNF: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0] as string];
    expect(sheet).toBeDefined();
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet as XLSX.WorkSheet, { header: 1 });
    const header = matrix[0] as string[];
    expect(header).toContain('Amount');
    expect(header).toContain('Manager');
    expect(matrix.length - 1).toBe(expected.length);
    const amountAt = header.indexOf('Amount');
    const managerAt = header.indexOf('Manager');
    const amounts = matrix.slice(1).map((line) => line[amountAt]);
    expect(amounts).toEqual(expected.map((row) => row.amount));
    expect(matrix.slice(1).every((line) => String(line[managerAt]).includes('Ткаченко'))).toBe(true);
    // The amount shows as the table shows it: a number with the dollar format.
    const amountCell = (sheet as XLSX.WorkSheet)[XLSX.utils.encode_cell({ r: 1, c: amountAt })];
    expect(amountCell).toMatchObject({ t: 'n', v: expected[0]?.amount, z: '"$"#,##0.00', w: money.format(expected[0]?.amount ?? 0) });
    expect(app.errors).toEqual([]);
  });

  it('links the PDF export to the server with the current search and sort', async () => {
    const href = await app.page.locator('a[data-cm-export="pdf"]').getAttribute('href');
    expect(href).not.toBeNull();
    const url = new URL(href as string, app.server.url);
    expect(url.pathname).toBe('/api/grid/export/pdf/');
    expect(url.searchParams.get('builder')).toBe('sales');
    expect(url.searchParams.get('q')).toBe('Ткаченко laptop');
    expect(url.searchParams.get('sort')).toBe('amount');
    expect(url.searchParams.get('dir')).toBe('desc');
    const response = await app.page.request.get(url.href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('filters per column, including the Ukrainian-named column, and the server XLSX holds the same rows', async () => {
    await app.page.locator('[data-testid="search-mode"] input[data-mode="per_column"]').check();
    await app.page.locator('input[data-cm-filter="region"]').waitFor();
    expect(await app.page.locator('input[data-cm-search]').count()).toBe(0);

    const north = rows.filter((row) => row.region === 'North');
    await app.page.locator('input[data-cm-filter="region"]').fill('North');
    await waitForVisibleCount(north.length);

    const northOlena = north.filter((row) => row.менеджер.startsWith('Олена'));
    await app.page.locator('input[data-cm-filter="менеджер"]').fill('Олена');
    await waitForVisibleCount(northOlena.length);
    expect(await visibleCount()).toBe(northOlena.length);
    await expect(firstRowCell('region').textContent()).resolves.toBe('North');
    await expect(firstRowCell('amount').textContent()).resolves.toBe(money.format(topByAmount(northOlena).row.amount));

    const link = app.page.locator('[data-testid="server-xlsx"]');
    // The page says how its XLSX differs from the table's own button.
    const note = app.page.locator(`#${await link.getAttribute('aria-describedby')}`);
    await expect(note.textContent()).resolves.toContain('every column of the view');
    const href = await link.getAttribute('href');
    const url = new URL(href as string, app.server.url);
    expect(url.searchParams.get('f_region')).toBe('North');
    expect(url.searchParams.get('f_менеджер')).toBe('Олена');
    const response = await app.page.request.get(url.href);
    expect(response.status()).toBe(200);
    const workbook = XLSX.read(await response.body());
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
    expect(matrix.length - 1).toBe(northOlena.length);
    expect(app.errors).toEqual([]);
  });

  it('has no search at all in disabled mode and shows all rows again', async () => {
    await app.page.locator('[data-testid="search-mode"] input[data-mode="disabled"]').check();
    await waitForVisibleCount(100_000);
    expect(await app.page.locator('input[data-cm-search], input[data-cm-filter]').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
