/**
 * The playground's plain HTML page (`/plain`, issue 24) in Chromium against the real playground
 * server: a page with no Vue build, only script tags (ECharts, AG Grid, SheetJS, htmx, the
 * library's browser bundle from dist/browser) and its own inline script. The server-rendered view
 * hydrates without a warning, sorts, searches, exports the rows it shows to XLSX with the page's
 * SheetJS and shows a tooltip on its live charts; the AG Grid the page creates gets the library's
 * toolbar through `GridView.attachDataGrid` (search with the KPI strip following, the column
 * chooser, presets and saved searches on route set B per demo user, the column layout kept by
 * itself); htmx swaps in another server-rendered view, which boots while the old one is unmounted,
 * again and again without a listener left behind; a `</script>` value in a row and a title
 * (`?probe=1`) stays text; axe finds nothing serious; and without JavaScript the server view reads
 * in full.
 *
 * Expected figures come from the demo data itself (the same seeded generator), with plain loops.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { generateSales, REGIONS, sampleSales, summariseByMonthAndRegion, summariseRegionByProduct } from '../../playground/shared/data';
import { saveScreenshot, waitUntil } from './helpers/browser';
import { axeScan, layoutProblems, type AxeViolation } from './helpers/layout';
import { E2E_DEMO_ROWS } from './helpers/playground';
import { usePlayground } from './helpers/playground-fixture';
import { newestMtime } from './helpers/static-site';

const ledger = generateSales(E2E_DEMO_ROWS);
const summary = summariseByMonthAndRegion(ledger);
/** What `GET /plain/rows` serves: 300 sales spread over the ledger (PLAIN_GRID_ROWS). */
const gridRows = sampleSales(ledger, 300);
const count = new Intl.NumberFormat('en');
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
/** What `?probe=1` puts in a row of the region view and at the end of its title (playground/server/plain.ts). */
const ATTACK = '</script><img src=x onerror="window.__pwned=1">';
const SAVE_POST = (response: { url(): string; request(): { method(): string } }): boolean => response.url().endsWith('/api/grid-view/save/') && response.request().method() === 'POST';

// Checked before the server starts: the page serves dist/browser/grid-view.iife.js, and a bundle
// older than the sources could disagree with the markup the server renders from them.
beforeAll(() => {
  const bundle = resolve('dist', 'browser', 'grid-view.iife.js');
  const sources = Math.max(...['src', 'components', 'composables', 'stores'].map((dir) => newestMtime(resolve(dir))));
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) throw new Error('dist/browser/grid-view.iife.js is missing or older than the sources: run `npm run build` first');
});

const app = usePlayground({ browser: true });

/** What the page's scripts put on `window` that the tests read. */
interface PlainWindow {
  GridView?: { mountedViews(): number };
  /** Set only if the probe's markup ever ran. */
  __pwned?: unknown;
  plainGrid?: { api: { getDisplayedRowCount(): number; getColumn(key: string): { isVisible(): boolean } | null } };
}

/**
 * The page is ready: the grid's rows in and the attached toolbar there (the server views hydrate
 * at the reader's first interaction with the page: see `interact`). Conditions are functions, not
 * strings: the page's Content-Security-Policy has no 'unsafe-eval', and Playwright evaluates a
 * string condition with `eval` inside the page.
 */
function ready(): boolean {
  const page = window as unknown as PlainWindow;
  return page.plainGrid?.api.getDisplayedRowCount() === 300 && document.querySelector('.gv-attached-toolbar [data-gv-record-count]') !== null;
}

/** How many server views are live (run in the page). */
function liveViews(): number {
  return (window as unknown as PlainWindow).GridView?.mountedViews() ?? -1;
}

/**
 * The reader's first interaction with the page, the pointer moved onto the server view in `scope`
 * (which hydrates every server view waiting), then waits until `live` views are live.
 */
async function interact(page: Page, scope: string, live: number): Promise<void> {
  await page.locator(`${scope} .gv-view__title`).hover();
  await waitUntil(page, (wanted) => (window as unknown as PlainWindow).GridView?.mountedViews() === wanted, live);
}

/** Whether the page's grid has column `key` and hides it (run in the page). */
function columnHidden(key: string): boolean {
  return (window as unknown as PlainWindow).plainGrid?.api.getColumn(key)?.isVisible() === false;
}

/**
 * `/plain<query>` in a fresh context, once ready; console errors and warnings collected (a script
 * the page's Content-Security-Policy refuses is a console error too). `bypassCSP` lets the test
 * inject axe-core, an inline script the policy rightly refuses.
 */
async function openPlain(query = '', options: { width?: number; bypassCSP?: boolean } = {}): Promise<{ page: Page; errors: string[]; warnings: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await app.newPage({
    ...(options.width === undefined ? {} : { viewport: { width: options.width, height: 900 } }),
    bypassCSP: options.bypassCSP === true,
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${app.server.url}/plain${query}`);
  await waitUntil(page, ready);
  return { page, errors, warnings, close: () => context.close() };
}

/** Signs in as a demo user through the page's own switch (a POST, then the page again). */
async function signIn(page: Page, user: 'alice' | 'bob'): Promise<void> {
  await page.locator(`[data-plain-user] input[data-user="${user}"]`).check();
  await page.locator('[data-plain-user] button[type="submit"]').click();
  await page.locator(`[data-plain-user][data-user="${user}"]`).waitFor();
  await waitUntil(page, ready);
}

/** Waits until the attached toolbar's record counter says exactly `text`. */
async function counterSays(page: Page, text: string): Promise<void> {
  await waitUntil(page, (wanted) => document.querySelector('.gv-attached-toolbar [data-gv-record-count]')?.textContent === wanted, text);
}

/** Preset names in the attached toolbar's menu (open it first). */
function presetNames(page: Page): Promise<(string | null)[]> {
  return page.locator('.gv-attached-toolbar [data-gv-preset]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-preset')));
}

/**
 * Hovers `canvas` (a live ECharts chart) along a line across its plot, at `across` fractions of
 * its width and `down` of its height, until `tooltip` has an element (ECharts draws the tooltip a
 * moment after the pointer stops).
 */
async function hoverUntil(page: Page, canvas: Locator, tooltip: Locator, points: readonly (readonly [number, number])[]): Promise<void> {
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the chart has no box');
  for (const [across, down] of points) {
    await page.mouse.move(box.x + box.width * across, box.y + box.height * down);
    await page.waitForTimeout(150);
    if ((await tooltip.count()) > 0) return;
  }
}

/** Chromium's count of the event listeners on the object `expression` gives, `document` or `window` (DevTools protocol). */
async function listenerCount(cdp: CDPSession, expression: 'document' | 'window'): Promise<number> {
  const { result } = await cdp.send('Runtime.evaluate', { expression });
  if (result.objectId === undefined) throw new Error(`no handle on ${expression}`);
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
  return listeners.length;
}

function seriousViolations(violations: readonly AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

describe('playground plain HTML page: the server-rendered views', () => {
  it('hydrates the server view without a console warning or error, and its table sorts', async () => {
    const { page, errors, warnings, close } = await openPlain();
    const report = page.locator('#plain-view');
    await expect(report.locator('.gv-view__title').textContent()).resolves.toBe('Regional monthly report');
    // Nothing is live before the reader's first interaction; then both views hydrate, each with the
    // markup the server wrote (a mismatch would be a warning and an error).
    expect(await page.evaluate(liveViews)).toBe(0);
    await interact(page, '#plain-view', 2);
    const firstMonth = () => report.locator('.gv-table tbody tr td[data-cm-col-key="month"]').first().textContent();
    expect(await firstMonth()).toBe(summary[0]?.month);
    await report.locator('.gv-table thead th[data-cm-col-key="amount"] button').click();
    await expect.poll(() => report.locator('.gv-table thead th[data-cm-col-key="amount"]').getAttribute('aria-sort')).toBe('ascending');
    const smallest = summary.reduce((min, row) => (row.amount < min.amount ? row : min));
    await expect.poll(() => report.locator('.gv-table tbody tr td[data-cm-col-key="amount"]').first().textContent()).toBe(money.format(smallest.amount));
    // ECharts from its script tag: the hydrated charts are live (canvas), not the server's SVG.
    await waitUntil(page, () => document.querySelectorAll('#plain-view .gv-chart canvas').length === 3);
    await saveScreenshot(page, 'plain');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('searches the hydrated report, exports exactly the rows it then shows to XLSX with the page’s SheetJS, and its live chart shows a tooltip', async () => {
    const { page, errors, warnings, close } = await openPlain();
    const report = page.locator('#plain-view');
    await interact(page, '#plain-view', 2);
    const rows = report.locator('.gv-table tbody tr[data-cm-row-index]');
    expect(await rows.count()).toBe(summary.length);
    await report.getByRole('searchbox').fill('north');
    const north = summary.filter((row) => row.region === 'North');
    await expect.poll(() => rows.count()).toBe(north.length);
    const column = (key: string) => report.locator(`.gv-table tbody tr td[data-cm-col-key="${key}"]`).allTextContents();
    expect(await column('month')).toEqual(north.map((row) => row.month));
    expect(await column('region')).toEqual(north.map((row) => row.region));
    expect(await column('amount')).toEqual(north.map((row) => money.format(row.amount)));
    // The export writes those rows, in that order, with the values behind the texts.
    const [download] = await Promise.all([page.waitForEvent('download'), report.locator('[data-cm-export="xlsx"]').click()]);
    expect(download.suggestedFilename()).toBe('regional-report.xlsx');
    const book = XLSX.read(await readFile(await download.path()));
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
    expect(matrix[0]).toEqual(['Month', 'Region', 'Orders', 'Units', 'Revenue', 'Margin']);
    expect(matrix.slice(1)).toEqual(north.map((row) => [row.month, row.region, row.orders, row.units, row.amount, row.margin]));
    // ECharts from its script tag: hovering the live region chart shows its tooltip.
    await waitUntil(page, () => document.querySelectorAll('#plain-view .gv-chart canvas').length === 3);
    const tooltip = report.locator('.gv-chart div').filter({ hasText: /Revenue/ }).filter({ hasText: /\$/ });
    await hoverUntil(page, report.locator('.gv-chart canvas').first(), tooltip, [0.3, 0.45, 0.6, 0.75, 0.9].map((down) => [0.5, down] as const));
    await expect.poll(() => tooltip.count()).toBeGreaterThan(0);
    await expect(tooltip.first().textContent()).resolves.toMatch(/North|South|East|West|Central/);
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('swaps in another server-rendered view with htmx, boots it and unmounts the one it replaced', async () => {
    const { page, errors, warnings, close } = await openPlain();
    const slot = page.locator('#plain-region-slot');
    await expect(slot.locator('.gv-view__title').textContent()).resolves.toBe('North: sales by product');
    await interact(page, '#plain-region-slot', 2);
    await page.locator('#plain-region').selectOption('South');
    const fragment = page.waitForResponse((response) => new URL(response.url()).pathname === '/plain/fragment');
    await page.locator('[data-plain-show-region]').click();
    expect((await fragment).status()).toBe(200);
    await slot.locator('.gv-view__title', { hasText: 'South: sales by product' }).waitFor();
    await page.locator('[data-plain-region-status]', { hasText: 'South: sales by product' }).waitFor({ state: 'attached' });
    // The view it replaced is unmounted, and the new one hydrates at once (the reader has interacted
    // already): one live view per server view again.
    await waitUntil(page, () => (window as unknown as PlainWindow).GridView?.mountedViews() === 2);
    const south = summariseRegionByProduct(ledger, 'South');
    await expect(slot.locator('.gv-kpi', { hasText: 'Orders' }).locator('.gv-kpi__value').textContent()).resolves.toContain(count.format(south.reduce((sum, row) => sum + row.orders, 0)));
    // Live: its table sorts.
    await slot.locator('.gv-table thead th[data-cm-col-key="amount"] button').click();
    const cheapest = south.reduce((min, row) => (row.amount < min.amount ? row : min));
    await expect.poll(() => slot.locator('.gv-table tbody tr td[data-cm-col-key="product"]').first().textContent()).toBe(cheapest.product);
    expect(await page.evaluate(liveViews)).toBe(2);
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('swaps the region view five times with htmx: each new view live, each replaced one unmounted, and no listener left on the document or window', async () => {
    const { page, errors, warnings, close } = await openPlain();
    await interact(page, '#plain-region-slot', 2);
    const cdp = await page.context().newCDPSession(page);
    const listeners = async () => ({ document: await listenerCount(cdp, 'document'), window: await listenerCount(cdp, 'window') });
    // The baseline once the page has settled: the page-wide listeners of the stores (the
    // preferences' `storage` and `online`) arrive with their first load, which on a loaded machine
    // can come after the page reads as ready; they belong to the page, not to a view. Settled means
    // the same counts twice, 300 ms apart.
    let settled = await listeners();
    for (let look = 0; look < 10; look++) {
      await page.waitForTimeout(300);
      const now = await listeners();
      if (JSON.stringify(now) === JSON.stringify(settled)) break;
      settled = now;
    }
    const counts = [settled];
    for (const region of ['South', 'East', 'West', 'Central', 'North']) {
      const old = await page.evaluateHandle(() => document.querySelector('#plain-region-slot [data-gv-root]'));
      await page.locator('#plain-region').selectOption(region);
      await page.locator('[data-plain-show-region]').click();
      await page.locator('[data-plain-region-status]', { hasText: `${region}: sales by product` }).waitFor({ state: 'attached' });
      // One live view per server view, and as many as the page holds.
      await waitUntil(page, () => (window as unknown as PlainWindow).GridView?.mountedViews() === 2);
      expect(await page.locator('[data-gv-hydrate]').count()).toBe(2);
      // The replaced view's element left the page and no app holds it any longer (Vue drops
      // `__vue_app__` when an app unmounts); the new one's is held by a live app.
      expect(await old.evaluate((root) => root !== null && !root.isConnected && !('__vue_app__' in root))).toBe(true);
      await old.dispose();
      expect(await page.evaluate(() => '__vue_app__' in (document.querySelector('#plain-region-slot [data-gv-root]') ?? {}))).toBe(true);
      counts.push(await listeners());
    }
    await expect(page.locator('#plain-region-slot .gv-view__title').textContent()).resolves.toBe('North: sales by product');
    // What the document (and the window) listens to is the same after every swap as before the first.
    expect(counts).toEqual(Array.from({ length: 6 }, () => counts[0]));
    await cdp.detach();
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('never runs a </script> value of a row or the title (?probe=1): the island gives it back unchanged and the page shows it as text', async () => {
    // Without the page's Content-Security-Policy, which would refuse an inline handler anyway: only
    // the escaping stands between the value and a running script here.
    const { page, errors, warnings, close } = await openPlain('?probe=1', { bypassCSP: true });
    const slot = page.locator('#plain-region-slot');
    const title = `North: sales by product ${ATTACK}`;
    const probeCell = slot.locator('.gv-table tbody tr td[data-cm-col-key="product"]').last();
    const pwned = () => page.evaluate(() => (window as unknown as PlainWindow).__pwned);
    // As the server wrote it, then live.
    for (const live of [0, 2]) {
      if (live > 0) await interact(page, '#plain-region-slot', live);
      expect(await pwned()).toBeUndefined();
      expect(await page.locator('img').count()).toBe(0);
      const island = (await slot.locator('script[data-gv-island]').evaluate((script) => JSON.parse(script.textContent ?? ''))) as { rows: { product: string }[]; spec: { title: string } };
      expect(island.rows.at(-1)?.product).toBe(ATTACK);
      expect(island.spec.title).toBe(title);
      await expect(slot.locator('.gv-view__title').textContent()).resolves.toBe(title);
      await expect(probeCell.textContent()).resolves.toBe(ATTACK);
    }
    // Nor as the live chart's tooltip: hover the chart's last category, the probe's (at the bottom
    // when the chart lays its bars out sideways, as it does for nine products, else at the right).
    await waitUntil(page, () => document.querySelector('#plain-region-slot .gv-chart canvas') !== null);
    const tooltip = slot.locator('.gv-chart div').filter({ hasText: ATTACK });
    const edges = [0.95, 0.91, 0.87, 0.83, 0.79];
    await hoverUntil(page, slot.locator('.gv-chart canvas'), tooltip, [...edges.map((down) => [0.5, down] as const), ...edges.map((across) => [across, 0.5] as const)]);
    await expect.poll(() => tooltip.count()).toBeGreaterThan(0);
    expect(await page.locator('img').count()).toBe(0);
    expect(await pwned()).toBeUndefined();
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('reads without JavaScript: the view’s title, KPIs and every row, and the region form loads the page for its region', async () => {
    const { context, page } = await app.newPage({ javaScriptEnabled: false });
    const response = await page.goto(`${app.server.url}/plain`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const report = page.locator('#plain-view');
    await expect(report.locator('.gv-view__title').textContent()).resolves.toBe('Regional monthly report');
    await expect(report.locator('.gv-kpi').count()).resolves.toBe(4);
    const revenue = summary.reduce((sum, row) => sum + row.amount, 0);
    await expect(report.locator('.gv-kpi').filter({ has: page.getByText('Revenue', { exact: true }) }).locator('.gv-kpi__value').getAttribute('title')).resolves.toContain(money.format(revenue));
    await expect(report.locator('.gv-table tbody tr[data-cm-row-index]').count()).resolves.toBe(summary.length);
    expect(await report.locator('.gv-chart svg').count()).toBeGreaterThanOrEqual(3);
    // What only a script makes work is not shown; a note says the grid needs it.
    await expect(page.locator('.pg-plain-live').isVisible()).resolves.toBe(false);
    const note = page.locator('#plain-grid noscript p');
    await expect(note.textContent()).resolves.toBe('This grid is drawn by the page’s script, so it needs JavaScript.');
    await expect(note.isVisible()).resolves.toBe(true);
    // The htmx form is a plain GET form too: the whole page again, for that region.
    await page.locator('#plain-region').selectOption('West');
    await page.locator('[data-plain-show-region]').click();
    await page.waitForURL(/region=West/);
    await expect(page.locator('#plain-region-slot .gv-view__title').textContent()).resolves.toBe('West: sales by product');
    await expect(page.locator('#plain-region-slot .gv-table tbody tr[data-cm-row-index]').count()).resolves.toBe(summariseRegionByProduct(ledger, 'West').length);
    await saveScreenshot(page, 'plain-no-js');
    await context.close();
  });
});

describe('playground plain HTML page: the grid the page owns', () => {
  it('filters the grid from the attached toolbar’s search, and the KPI strip and chart follow', async () => {
    const { page, errors, warnings, close } = await openPlain();
    await counterSays(page, '300 rows');
    const kpi = (label: string) => page.locator('#plain-figures .gv-kpi', { hasText: label }).locator('.gv-kpi__value');
    await expect(kpi('Orders').textContent()).resolves.toBe(count.format(gridRows.length));
    await page.locator('.gv-attached-toolbar [data-gv-quick-search]').fill('north');
    const north = gridRows.filter((row) => row.region === 'North');
    await counterSays(page, `${count.format(north.length)} of 300 rows`);
    expect(await page.evaluate('window.plainGrid.api.getDisplayedRowCount()')).toBe(north.length);
    await kpi('Orders').filter({ hasText: count.format(north.length) }).waitFor();
    await expect(kpi('Revenue').textContent()).resolves.toContain(money.format(north.reduce((sum, row) => sum + row.amount, 0)));
    await waitUntil(page, () => {
      const heads = Array.from(document.querySelectorAll('#plain-figures .gv-chart__data tbody th'));
      return heads.length === 1 && heads[0]?.textContent === 'North';
    });
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('hides a column from the gear’s chooser, posts the layout to route set B by itself and restores it after a reload', async () => {
    const { page, errors, warnings, close } = await openPlain();
    await signIn(page, 'alice');
    await page.locator('.gv-attached-toolbar [data-gv-gear]').click();
    const dialog = page.locator('dialog[data-gv-column-chooser][open]');
    await dialog.waitFor();
    // Grouped as the page's column definitions say (context.menuGroup).
    await expect(dialog.locator('.gv-chooser__group').allTextContents()).resolves.toEqual(['Order', 'Sale', 'Figures']);
    const saved = page.waitForResponse(SAVE_POST);
    await dialog.locator('[data-gv-column="margin"] [data-gv-visible]').uncheck();
    await waitUntil(page, columnHidden, 'margin');
    await page.keyboard.press('Escape');
    // Nobody pressed save: the layout went to the server after its quiet time.
    const response = await saved;
    expect(response.status()).toBe(200);
    const body = JSON.parse(response.request().postData() ?? '{}') as { grid_id: string; colPresets: Record<string, { columns: { colId: string; hide?: boolean }[] }> };
    expect(body.grid_id).toBe('plain-orders');
    expect(Object.values(body.colPresets).some((preset) => preset.columns.some((column) => column.colId === 'margin' && column.hide === true))).toBe(true);
    await page.reload();
    await waitUntil(page, ready);
    await waitUntil(page, columnHidden, 'margin');
    await expect(page.locator('#plain-orders-grid .ag-header-cell[col-id="margin"]').count()).resolves.toBe(0);
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('saves a preset as alice to route set B, finds it after a reload, and bob never sees it', async () => {
    const alice = await openPlain();
    await signIn(alice.page, 'alice');
    const menu = alice.page.locator('.gv-attached-toolbar [data-gv-presets] .gv-menu__button');
    await menu.click();
    await alice.page.locator('.gv-attached-toolbar [data-gv-preset-name]').fill('Regions first');
    const saved = alice.page.waitForResponse(SAVE_POST);
    await alice.page.locator('.gv-attached-toolbar [data-gv-preset-save]').click();
    expect((await saved).status()).toBe(200);
    await alice.page.locator('.gv-attached-toolbar [data-gv-preset="Regions first"]').waitFor();
    await alice.page.reload();
    await waitUntil(alice.page, ready);
    await menu.click();
    await alice.page.locator('.gv-attached-toolbar [data-gv-preset="Regions first"]').waitFor();
    expect(await presetNames(alice.page)).toEqual(['Regions first']);
    expect({ errors: alice.errors, warnings: alice.warnings }).toEqual({ errors: [], warnings: [] });
    await alice.close();

    const bob = await openPlain();
    await signIn(bob.page, 'bob');
    await bob.page.locator('.gv-attached-toolbar [data-gv-presets] .gv-menu__button').click();
    await bob.page.locator('.gv-attached-toolbar [data-gv-presets] .gv-menu__empty').waitFor();
    expect(await presetNames(bob.page)).toEqual([]);
    // Nor alice's layout: every column of the page's definitions is shown for bob.
    expect(await bob.page.evaluate('window.plainGrid.api.getColumn("margin").isVisible()')).toBe(true);
    expect({ errors: bob.errors, warnings: bob.warnings }).toEqual({ errors: [], warnings: [] });
    await bob.close();
  });

  it('saves the current search as alice’s saved search to route set B, and after a reload applying it from the Saved searches menu filters the grid again', async () => {
    const { page, errors, warnings, close } = await openPlain();
    await signIn(page, 'alice');
    const search = page.locator('.gv-attached-toolbar [data-gv-quick-search]');
    await search.fill('north');
    const north = gridRows.filter((row) => row.region === 'North');
    await counterSays(page, `${count.format(north.length)} of 300 rows`);
    const menu = page.locator('.gv-attached-toolbar [data-gv-searches] .gv-menu__button');
    await menu.click();
    await page.locator('.gv-attached-toolbar [data-gv-search-name]').fill('North sales');
    const saved = page.waitForResponse((response) => SAVE_POST(response) && (response.request().postData() ?? '').includes('North sales'));
    await page.locator('.gv-attached-toolbar [data-gv-search-save]').click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const body = JSON.parse(response.request().postData() ?? '{}') as { grid_id: string; searches?: string[] };
    expect(body.grid_id).toBe('plain-orders');
    expect(body.searches?.map((text) => JSON.parse(text) as unknown)).toEqual([{ n: 'North sales', q: 'north' }]);
    await page.reload();
    await waitUntil(page, ready);
    // A new page shows every row; the saved search brings the filter back.
    await counterSays(page, '300 rows');
    await menu.click();
    await page.locator('.gv-attached-toolbar [data-gv-search="North sales"] [data-gv-search-apply]').click();
    await counterSays(page, `${count.format(north.length)} of 300 rows`);
    expect(await page.evaluate('window.plainGrid.api.getDisplayedRowCount()')).toBe(north.length);
    await expect(search.inputValue()).resolves.toBe('north');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });
});

describe('playground plain HTML page: language, theme and accessibility', () => {
  it('serves Ukrainian and dark: the page, the grid’s rows and the library’s texts', async () => {
    const { page, errors, warnings, close } = await openPlain('?lang=uk&theme=dark', { width: 360 });
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('uk');
    await expect(page.locator('html').getAttribute('data-gv-theme')).resolves.toBe('dark');
    await expect(page.locator('#plain-view .gv-view__title').textContent()).resolves.toBe('Регіональний місячний звіт');
    const regions = new Set(await page.locator('#plain-orders-grid .ag-cell[col-id="region"]').allTextContents());
    expect([...regions].every((region) => REGIONS.some((name) => name.uk === region))).toBe(true);
    await counterSays(page, '300 рядків');
    // The toolbar fits the phone's width (nothing scrolls sideways), and no number wraps or is cut.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(360);
    expect(await layoutProblems(page)).toEqual([]);
    await saveScreenshot(page, 'plain-uk-dark-360');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await close();
  });

  it('has no serious or critical axe violation and keeps numbers whole at 1440 px, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const { page, errors, close } = await openPlain(`?theme=${theme}`, { width: 1440, bypassCSP: true });
      expect(seriousViolations(await axeScan(page, { include: 'body' }))).toEqual([]);
      expect(await layoutProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
