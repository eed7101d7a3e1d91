/**
 * The playground's "Big table" page in real Chromium against the real playground server: GridView
 * and DataGrid on server rows over the SQLite big table (createSqlRowSource behind the handler's
 * rows routes). Scrolling asks for far blocks and Reload keeps the place, a header click sorts in
 * SQL, the values checklist, text, number and date column filters and the quick search filter in
 * SQL, the KPIs and the grid-filtered chart follow from /aggregate, the column chooser hides and
 * moves columns, a preset and a saved search bring a view back, and the toolbar's export links
 * write the filtered, sorted set with the visible columns in their order.
 *
 * The server runs with E2E_BIG_TABLE_ROWS (20,000) rows, not the page's default million: every
 * playground test file generates its own table. Expected values come from the same seeded generator,
 * computed here with plain loops, independent of the library.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request as PlaywrightRequest } from 'playwright-core';
import { BIG_TABLE_SEED, MANAGERS, generateSales } from '../../playground/shared/data';
import { openPlaygroundPage, E2E_BIG_TABLE_ROWS } from './helpers/playground';
import { usePlayground } from './helpers/playground-fixture';
import { waitUntil } from './helpers/browser';

const rows = generateSales(E2E_BIG_TABLE_ROWS, BIG_TABLE_SEED).map((row, index) => ({ ...row, order_no: row.id, id: index + 1 }));
const count = new Intl.NumberFormat('en');
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });

const app = usePlayground({ page: { acceptDownloads: true } });

/** The row the grid shows at `index` (AG Grid keeps rows of the infinite model by index). */
function cell(page: Page, index: number, key: string) {
  return page.locator(`[data-testid="page-big"] .ag-row[row-index="${index}"] .ag-cell[col-id="${key}"]`);
}

async function counterSays(page: Page, n: number): Promise<void> {
  await page.locator('[data-testid="page-big"] [data-gv-record-count]', { hasText: `${count.format(n)} rows` }).waitFor();
}

function kpi(page: Page, label: string) {
  return page.locator('[data-testid="page-big"] .gv-kpi', { hasText: label }).locator('.gv-kpi__value');
}

/** The categories of the grid-filtered chart's data table. */
function chartCategories(page: Page): Promise<string[]> {
  return page.locator('[data-testid="page-big"] [data-gv-chart-id="by-region"] .gv-chart__data tbody th').allTextContents();
}

const sum = (list: readonly { amount: number }[]): number => list.reduce((total, row) => total + row.amount, 0);

/** Every row request the page sends from now on. */
function rowRequests(page: Page): { bodies: Record<string, unknown>[] } {
  const seen = { bodies: [] as Record<string, unknown>[] };
  page.on('request', (request: PlaywrightRequest) => {
    if (request.method() === 'POST' && request.url().includes('/api/grid/rows/')) seen.bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return seen;
}

/** A CSV body as rows of fields (RFC 4180 quoting; the export quotes fields with commas, quotes or line breaks). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let field = '';
  let line: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      line.push(field);
      field = '';
    } else if (ch === '\n') {
      line.push(field.replace(/\r$/, ''));
      out.push(line);
      line = [];
      field = '';
    } else field += ch;
  }
  return out;
}

describe('playground big table on server rows', () => {
  it('scrolls to far blocks, sorts, filters by the values checklist and the search, the KPIs and chart follow, and exports the same rows', async () => {
    const { page, errors } = app;
    const requests = rowRequests(page);
    await openPlaygroundPage(page, app.server.url, 'big');
    await cell(page, 0, 'id').waitFor();
    await counterSays(page, rows.length);
    await kpi(page, 'Orders').filter({ hasText: count.format(rows.length) }).waitFor();
    // Long amounts are shown compact (issue 15); the exact figure is the value's tooltip.
    await expect(kpi(page, 'Revenue').getAttribute('title')).resolves.toContain(money.format(sum(rows)));
    await cell(page, 0, 'id').filter({ hasText: /^1$/ }).waitFor();

    // Scroll to the end: the grid asks for the last block only, and shows the last row.
    const viewport = page.locator('[data-testid="page-big"] .ag-body-vertical-scroll-viewport');
    await viewport.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    // The row exists as an empty stub until its block arrives.
    await cell(page, rows.length - 1, 'id').filter({ hasText: count.format(rows.length) }).waitFor();
    expect(requests.bodies.some((body) => Number(body.startRow) >= rows.length - 100)).toBe(true);
    expect(requests.bodies.every((body) => Number(body.endRow) - Number(body.startRow) <= 100)).toBe(true);
    await viewport.evaluate((element) => {
      element.scrollTop = 0;
    });

    // Sort by amount: one click ascending, a second descending (in SQL, the tie-breaker last).
    const amountHeader = page.locator('[data-testid="page-big"] .ag-header-cell[col-id="amount"] .ag-header-cell-label');
    await amountHeader.click();
    await page.locator('.ag-header-cell[col-id="amount"][aria-sort="ascending"]').waitFor();
    await amountHeader.click();
    await page.locator('.ag-header-cell[col-id="amount"][aria-sort="descending"]').waitFor();
    const byAmount = [...rows].sort((a, b) => b.amount - a.amount || a.id - b.id);
    await cell(page, 0, 'amount').filter({ hasText: money.format(byAmount[0]!.amount) }).waitFor();
    await cell(page, 0, 'id').filter({ hasText: count.format(byAmount[0]!.id) }).waitFor();

    // The values checklist of Region (distinct values from /grid/values/): none, then North.
    await page.locator('[data-testid="page-big"] .ag-header-cell[col-id="region"] .ag-header-cell-filter-button').click();
    const checklist = page.locator('[data-gv-values-filter]');
    await checklist.locator('[data-gv-value="North"]').waitFor();
    await checklist.locator('[data-gv-values-none]').click();
    await counterSays(page, 0);
    await checklist.locator('[data-gv-value="North"]').check();
    const north = rows.filter((row) => row.region === 'North');
    await counterSays(page, north.length);
    await page.keyboard.press('Escape');
    await kpi(page, 'Orders').filter({ hasText: count.format(north.length) }).waitFor();
    await expect(kpi(page, 'Revenue').getAttribute('title')).resolves.toContain(money.format(sum(north)));
    await waitUntil(page, () => {
      const heads = Array.from(document.querySelectorAll('[data-testid="page-big"] [data-gv-chart-id="by-region"] .gv-chart__data tbody th'));
      return heads.length === 1 && heads[0]?.textContent === 'North';
    });
    await expect(chartCategories(page)).resolves.toEqual(['North']);

    // The quick search, in SQL too; the sort stays.
    await page.locator('[data-testid="page-big"] [data-gv-quick-search]').fill('laptop');
    await page.keyboard.press('Enter');
    const northLaptops = north.filter((row) => row.product === 'Laptop');
    const sorted = [...northLaptops].sort((a, b) => b.amount - a.amount || a.id - b.id);
    await counterSays(page, northLaptops.length);
    await kpi(page, 'Orders').filter({ hasText: count.format(northLaptops.length) }).waitFor();
    await expect(kpi(page, 'Largest order').textContent()).resolves.toContain(money.format(sorted[0]!.amount));
    await cell(page, 0, 'id').filter({ hasText: count.format(sorted[0]!.id) }).waitFor();

    // Hide a column and move another with the chooser, then export: the CSV link carries sort,
    // filters, search and the visible columns in their order.
    await page.locator('[data-testid="page-big"] button[data-gv-gear]').click();
    const chooser = page.locator('[data-gv-column-chooser]');
    await chooser.locator('[data-gv-column="channel"] input[data-gv-visible]').uncheck();
    // Two steps up: past the hidden Unit price, then past Units.
    await chooser.locator('[data-gv-column="amount"] [data-gv-move="up"]').click();
    await chooser.locator('[data-gv-column="amount"] [data-gv-move="up"]').click();
    await chooser.locator('[data-gv-chooser-close]').click();
    await page.locator('[data-testid="page-big"] .ag-header-cell[col-id="channel"]').waitFor({ state: 'detached' });
    const headerOrder = ['id', 'order_no', 'date', 'region', 'product', 'менеджер', 'amount', 'units', 'margin'];
    // Header cells are placed by style, not by their order in the DOM: read them by column index.
    const shownColumns = () =>
      page
        .locator('[data-testid="page-big"] .ag-header-row-column .ag-header-cell')
        .evaluateAll((cells) => cells.sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex'))).map((cell) => cell.getAttribute('col-id')));
    await expect.poll(shownColumns).toEqual(headerOrder);
    const csvLink = page.locator('[data-testid="page-big"] a[data-gv-export="csv-server"]');
    await expect.poll(async () => new URL((await csvLink.getAttribute('href')) ?? '', app.server.url).searchParams.get('columns')).toBe(headerOrder.map((key) => encodeURIComponent(key ?? '')).join(','));
    const href = await csvLink.getAttribute('href');
    const url = new URL(href ?? '', app.server.url);
    expect(url.pathname).toBe('/api/grid/rows/export/');
    expect(url.searchParams.get('grid_id')).toBe('big-orders');
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('q')).toBe('laptop');
    expect(url.searchParams.get('sort')).toBe('amount');
    expect(url.searchParams.get('dir')).toBe('desc');
    expect(JSON.parse(url.searchParams.get('filter') ?? 'null')).toEqual({ region: { filterType: 'values', values: ['North'] } });

    const download = page.waitForEvent('download');
    await csvLink.click();
    const saved = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const csv = parseCsv(await readFile(saved, 'utf8'));
    expect(csv[0]).toEqual(['Order', 'Order no.', 'Date', 'Region', 'Product', 'Manager', 'Amount', 'Units', 'Margin']);
    expect(csv.length).toBe(northLaptops.length + 1);
    expect(csv.slice(1).map((line) => Number(line[0]))).toEqual(sorted.map((row) => row.id));
    expect(csv.slice(1).map((line) => [line[1], line[3], line[4], Number(line[6]), Number(line[7])])).toEqual(sorted.map((row) => [row.order_no, row.region, row.product, row.amount, row.units]));

    for (const [name, type] of [['xlsx-server', 'spreadsheetml'], ['pdf', 'application/pdf']] as const) {
      const link = await page.locator(`[data-testid="page-big"] a[data-gv-export="${name}"]`).getAttribute('href');
      const answer = await page.request.get(new URL(link ?? '', app.server.url).toString());
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain(type);
    }
    await expect(page.locator('[data-testid="page-big"] button[data-gv-export="xlsx"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the scroll position on Reload, filters by text, number and date columns in SQL, and brings a preset and a saved search back', async () => {
    const { page, errors } = app;
    // A fresh view: no layout, sort or filters kept from the test before.
    await openPlaygroundPage(page, app.server.url, 'big');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.locator('[data-testid="page-big"]').waitFor();
    await cell(page, 0, 'id').filter({ hasText: /^1$/ }).waitFor();
    await counterSays(page, rows.length);
    const requests = rowRequests(page);

    // Scroll to the middle, then Reload: the blocks on screen are asked again and the place stays.
    const viewport = page.locator('[data-testid="page-big"] .ag-body-vertical-scroll-viewport');
    const middle = await viewport.evaluate((element) => {
      element.scrollTop = Math.round(element.scrollHeight / 2);
      return element.scrollTop;
    });
    /** The rows inside the grid's viewport, top first, with the text of their Order cell. */
    const onScreen = () =>
      page.evaluate(() => {
        const body = document.querySelector('[data-testid="page-big"] .ag-body-vertical-scroll-viewport')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('[data-testid="page-big"] .ag-row'))
          .filter((row) => row.querySelector('.ag-cell[col-id="id"]') !== null)
          .filter((row) => {
            const box = row.getBoundingClientRect();
            return box.bottom > body.top + 1 && box.top < body.bottom - 1;
          })
          .map((row) => ({ index: Number(row.getAttribute('row-index')), id: row.querySelector('.ag-cell[col-id="id"]')?.textContent ?? '' }))
          .sort((a, b) => a.index - b.index);
      });
    const shownIndex = async () => (await onScreen())[0]?.index ?? -1;
    await expect.poll(async () => (await onScreen()).every((row) => row.id !== '') && (await shownIndex()) > rows.length / 4, { timeout: 30_000 }).toBe(true);
    const before = await shownIndex();
    expect(before).toBeGreaterThan(rows.length / 4);
    await cell(page, before + 3, 'id').filter({ hasText: count.format(before + 4) }).waitFor();
    requests.bodies.length = 0;
    await page.locator('[data-testid="page-big"] button[data-gv-reload]').click();
    await expect.poll(() => requests.bodies.some((body) => Number(body.startRow) <= before && Number(body.endRow) > before)).toBe(true);
    await cell(page, before + 3, 'id').filter({ hasText: count.format(before + 4) }).waitFor();
    expect(await viewport.evaluate((element) => element.scrollTop)).toBe(middle);
    expect(await shownIndex()).toBe(before);
    await viewport.evaluate((element) => {
      element.scrollTop = 0;
    });

    // A text column filter (order numbers are free text), then a number filter beside it.
    const openFilter = async (key: string) => {
      await page.locator(`[data-testid="page-big"] .ag-header-cell[col-id="${key}"] .ag-header-cell-filter-button`).click();
      const popup = page.locator('.ag-popup .ag-filter');
      await popup.waitFor();
      return popup;
    };
    // The text filter is the library's own (the search language for one cell), applied on Enter.
    await (await openFilter('order_no')).locator('[data-gv-text-filter-input]').fill('SO-0001');
    await page.keyboard.press('Enter');
    const byNumber = rows.filter((row) => row.order_no.includes('SO-0001'));
    expect(byNumber.length).toBe(100);
    await counterSays(page, byNumber.length);
    await page.keyboard.press('Escape');
    await kpi(page, 'Orders').filter({ hasText: count.format(byNumber.length) }).waitFor();
    await (await openFilter('units')).locator('input.ag-input-field-input').first().fill('12');
    const twelve = byNumber.filter((row) => row.units === 12);
    expect(twelve.length).toBeGreaterThan(0);
    await counterSays(page, twelve.length);
    await page.keyboard.press('Escape');
    await cell(page, 0, 'order_no').filter({ hasText: twelve[0]!.order_no }).waitFor();
    await kpi(page, 'Orders').filter({ hasText: count.format(twelve.length) }).waitFor();

    // Clear them; a date filter on its own.
    await page.locator('[data-testid="page-big"] button[data-gv-clear-filters]').click();
    await counterSays(page, rows.length);
    const day = rows[Math.floor(rows.length / 3)]!.date;
    await (await openFilter('date')).locator('input[type="date"]').first().fill(day);
    const sameDay = rows.filter((row) => row.date === day);
    await counterSays(page, sameDay.length);
    await page.keyboard.press('Escape');
    await cell(page, 0, 'id').filter({ hasText: count.format(sameDay[0]!.id) }).waitFor();
    await kpi(page, 'Orders').filter({ hasText: count.format(sameDay.length) }).waitFor();
    await page.locator('[data-testid="page-big"] button[data-gv-clear-filters]').click();
    await counterSays(page, rows.length);

    // A preset: Margin hidden, saved; shown again; the preset hides it again.
    await page.locator('[data-testid="page-big"] button[data-gv-gear]').click();
    await page.locator('[data-gv-column-chooser] [data-gv-column="margin"] input[data-gv-visible]').uncheck();
    await page.locator('[data-gv-column-chooser] [data-gv-chooser-close]').click();
    await page.locator('[data-testid="page-big"] .ag-header-cell[col-id="margin"]').waitFor({ state: 'detached' });
    await page.locator('[data-testid="page-big"] [data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-testid="page-big"] [data-gv-preset-name]').fill('Without margin');
    await page.locator('[data-testid="page-big"] [data-gv-preset-save]').click();
    await page.locator('[data-testid="page-big"] [data-gv-preset="Without margin"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="page-big"] button[data-gv-gear]').click();
    await page.locator('[data-gv-column-chooser] [data-gv-column="margin"] input[data-gv-visible]').check();
    await page.locator('[data-gv-column-chooser] [data-gv-chooser-close]').click();
    await page.locator('[data-testid="page-big"] .ag-header-cell[col-id="margin"]').waitFor();
    await page.locator('[data-testid="page-big"] [data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-testid="page-big"] [data-gv-preset="Without margin"] [data-gv-preset-apply]').click();
    await page.locator('[data-testid="page-big"] .ag-header-cell[col-id="margin"]').waitFor({ state: 'detached' });
    await expect.poll(async () => new URL((await page.locator('[data-testid="page-big"] a[data-gv-export="csv-server"]').getAttribute('href')) ?? '', app.server.url).searchParams.get('columns')?.split(',').includes('margin')).toBe(false);

    // A saved search: the quick search, saved, cleared, applied again; SQL answers it each time.
    await page.locator('[data-testid="page-big"] [data-gv-quick-search]').fill('headset');
    await page.keyboard.press('Enter');
    const headsets = rows.filter((row) => row.product === 'Headset');
    await counterSays(page, headsets.length);
    await page.locator('[data-testid="page-big"] [data-gv-searches] .gv-menu__button').click();
    await page.locator('[data-testid="page-big"] [data-gv-search-name]').fill('Headsets');
    await page.locator('[data-testid="page-big"] [data-gv-search-save]').click();
    await page.locator('[data-testid="page-big"] [data-gv-search="Headsets"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="page-big"] button[data-gv-clear-search]').click();
    await counterSays(page, rows.length);
    requests.bodies.length = 0;
    await page.locator('[data-testid="page-big"] [data-gv-searches] .gv-menu__button').click();
    await page.locator('[data-testid="page-big"] [data-gv-search="Headsets"] [data-gv-search-apply]').click();
    await counterSays(page, headsets.length);
    expect(requests.bodies.some((body) => body.quickFilter === 'headset')).toBe(true);
    await kpi(page, 'Orders').filter({ hasText: count.format(headsets.length) }).waitFor();
    // The exact amount is the text, or the tooltip when the card shows it compact (issue 15).
    const revenue = kpi(page, 'Revenue');
    expect(`${await revenue.textContent()} ${await revenue.getAttribute('title')}`).toContain(money.format(sum(headsets)));
    expect(errors).toEqual([]);
  });

  it('fills the view with placeholder rows and says so while a block is slow; the reader can stop it and load again by keyboard', async () => {
    const { page, errors } = app;
    await openPlaygroundPage(page, app.server.url, 'big');
    // Whatever view the test before left (its saved search may still apply): rows are shown.
    await cell(page, 0, 'amount').filter({ hasText: /\d/ }).waitFor();
    // From here on the server's answers wait until the test lets them through.
    let release = (): void => {};
    let held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/grid/rows/', async (route) => {
      await held;
      // The page may have aborted the request meanwhile (the reader stopped the load).
      await route.continue().catch(() => undefined);
    });
    const status = page.locator('[data-testid="page-big"] [data-gv-grid-loading]');
    await expect(status.getAttribute('role')).resolves.toBe('status');
    await page.locator('[data-testid="page-big"] .ag-header-cell[col-id="amount"] .ag-header-cell-label').click();
    // Never an empty grid: the rows of the view are placeholders at once (one blank row before).
    await page.locator('[data-testid="page-big"] .ag-row[row-index="0"] .gv-cell--placeholder').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="page-big"] .ag-row[row-index="10"] .gv-cell--placeholder').count()).toBeGreaterThan(3);
    // Said in words (a live region), then called slow, with the way to stop it.
    await status.filter({ hasText: 'Still loading rows…' }).waitFor();
    await status.locator('[data-gv-grid-stop]').click();
    await status.filter({ hasText: 'Loading stopped.' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.hasAttribute('data-gv-grid-load-again'))).resolves.toBe(true);
    // Load again from the keyboard: the sorted rows arrive and the status falls silent.
    held = Promise.resolve();
    release();
    await page.keyboard.press('Enter');
    // The rows of the sort the reader asked for (ascending amounts; SQL's order is checked above).
    await cell(page, 1, 'amount').filter({ hasText: /\d/ }).waitFor();
    const amounts = await Promise.all([0, 1, 2].map(async (i) => Number(((await cell(page, i, 'amount').textContent()) ?? '').replace(/[^\d.]/g, ''))));
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    await expect.poll(() => status.textContent().then((text) => (text ?? '').trim())).toBe('');
    await expect(page.locator('[data-testid="page-big"] .ag-row[row-index="0"] .gv-cell--placeholder').count()).resolves.toBe(0);
    await page.unroute('**/api/grid/rows/');
    expect(errors).toEqual([]);
  });

  it('sorts the managers in SQL in the order the browser\'s collator gives ("Ірина" before "Тарас")', async () => {
    const { page, errors } = app;
    await openPlaygroundPage(page, app.server.url, 'big');
    await cell(page, 0, 'менеджер').filter({ hasText: /\S/ }).waitFor();
    // What this browser's Intl.Collator says, as the grid over rows in memory sorts.
    const expected = await page.evaluate((names) => [...names].sort(new Intl.Collator('en', { numeric: true }).compare), [...MANAGERS]);
    const header = page.locator('[data-testid="page-big"] .ag-header-cell[col-id="менеджер"] .ag-header-cell-label');
    await header.click();
    await cell(page, 0, 'менеджер').filter({ hasText: expected[0] }).waitFor();
    await header.click();
    // Descending: the fold's code points put "і" (U+0456) after "т", so the old SQL order began with Ірина.
    await cell(page, 0, 'менеджер').filter({ hasText: expected[expected.length - 1] }).waitFor();
    expect(expected.indexOf('Ірина Бондаренко')).toBeLessThan(expected.indexOf('Тарас Мельник'));
    expect(errors).toEqual([]);
  });
});
