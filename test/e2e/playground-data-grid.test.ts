/**
 * The playground's data grid page (GridView over playground/specs/sales-grid.json: toolbar, live KPIs,
 * two grid-filtered charts and the DataGrid over E2E_DEMO_ROWS demo sales) driven in real Chromium against the
 * real playground server, every flow once with the keyboard alone and once with the mouse: quick
 * search in the search language (with its summary), column filters (the text filter in the same
 * language), the KPIs and the chart following them, the column chooser, presets per demo user across
 * a reload (and on this device only for an anonymous reader), saved searches, a shared link
 * reproducing the view, link cells, the client XLSX and the server links, the dark theme, an axe
 * scan, and screenshots in both languages, both themes and three widths.
 *
 * Expected values come from the demo data itself (the same seeded generator), computed here with
 * plain loops, independent of the library's row source.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { BrowserContext, Page } from 'playwright-core';
import { generateSales } from '../../playground/shared/data';
import { collectConsoleErrors, saveScreenshot, waitUntil } from './helpers/browser';
import { axeScan } from './helpers/layout';
import { E2E_DEMO_ROWS } from './helpers/playground';
import { PLAYGROUND_VIEWPORT, usePlayground } from './helpers/playground-fixture';

const rows = generateSales(E2E_DEMO_ROWS);
const TOTAL = rows.length;
const count = new Intl.NumberFormat('en');
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const percent = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
const PREFS_POST = (r: { url(): string; request(): { method(): string } }) => r.url().includes('/api/grid/preferences/') && r.request().method() === 'POST';

const app = usePlayground({ browser: true });

/**
 * The one page every visit uses, in a context of its own. A context per visit (21 in this file)
 * started a new renderer each time, which fetched and compiled the app's bundles again: the file
 * took about 140 CPU-seconds (Chromium's processes included), against about 110 with this page
 * loaded anew per visit. Downloads are accepted (only the shared-link test downloads); the rest is
 * what every visit asked for before.
 */
let reused: { context: BrowserContext; page: Page; errors: string[] } | undefined;
/** True from a visit until its `close` (or the end of its test): visits share the page, so they may not overlap. */
let visiting = false;

afterEach(() => {
  visiting = false;
});

afterAll(async () => {
  await reused?.context.close();
});

/**
 * The data grid page as a fresh browser profile shows it (no cookies, no storage: anonymous, light
 * theme, English, the spec's layout), its first rows shown, loaded anew in the shared page.
 *
 * A fresh profile is what the tests need, not a fresh browser process: the app keeps a reader's
 * state in the demo sign-in cookie and in localStorage (locale, theme, page state, preferences),
 * nothing in sessionStorage or IndexedDB, and the server answers its API with `no-store`. So the
 * page first leaves the app for a page of the same origin that runs no script of it (the demo
 * sign-in's JSON, `/demo/me`: nothing of the app can write after that), every cookie of the context
 * is removed, and that page empties the origin's localStorage, sessionStorage and IndexedDB and
 * shows them empty (asserted: a test of the view a shared link or a fresh browser restores must not
 * pass on state a previous visit left). The window gets its size back and the mouse goes to the
 * corner, where a new page has it. Only the browser's cache of the app's files is kept, which
 * changes no answer. Console errors are collected per visit.
 */
async function visit(options: { url?: string } = {}): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  if (visiting) throw new Error('visit: the previous visit of this test is still open (visits share one page): close it first');
  visiting = true;
  if (reused === undefined || reused.page.isClosed()) {
    const context = await app.browser.newContext({ viewport: PLAYGROUND_VIEWPORT, acceptDownloads: true, colorScheme: 'light' });
    const page = await context.newPage();
    reused = { context, page, errors: collectConsoleErrors(page) };
  }
  const { context, page, errors } = reused;
  await page.goto(`${app.server.url}/demo/me`);
  await context.clearCookies();
  const left = await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const deleted = (await indexedDB.databases()).map(
      (database) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(database.name ?? '');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
    await Promise.all(deleted);
    return { localStorage: localStorage.length, sessionStorage: sessionStorage.length, indexedDB: (await indexedDB.databases()).length };
  });
  expect(left).toEqual({ localStorage: 0, sessionStorage: 0, indexedDB: 0 });
  expect(await context.cookies()).toEqual([]);
  await page.setViewportSize(PLAYGROUND_VIEWPORT);
  await page.mouse.move(0, 0);
  errors.length = 0;
  // A load of its own, not openPlaygroundPage: on a page of the app's origin that clicks the navigation.
  await page.goto(options.url ?? `${app.server.url}/#/grid`);
  await firstCell(page, 'id').waitFor();
  return {
    page,
    errors,
    // The next visit starts the page afresh; closing only lets it begin.
    close: async () => {
      visiting = false;
    },
  };
}

/** The cell of column `key` in the grid's first row (whichever container, pinned or not, holds it). */
function firstCell(page: Page, key: string) {
  return page.locator(`[data-testid="page-grid"] .ag-row[row-index="0"] .ag-cell[col-id="${key}"]`);
}

/** Waits until the record counter says `text`. */
async function counterSays(page: Page, text: string): Promise<void> {
  // Exactly `text`: "11 of 100,000 rows" must not pass for "1 of 100,000 rows".
  await waitUntil(page, (wanted) => document.querySelector('[data-gv-record-count]')?.textContent === wanted, text, { timeout: 20_000 }).catch(() => undefined);
  await expect(page.locator('[data-gv-record-count]').textContent()).resolves.toBe(text);
}

/**
 * Waits until the page has laid out for the viewport it was just given: every chart's canvas as wide
 * as its box (vue-echarts resizes it from a throttled ResizeObserver), then two animation frames, in
 * which AG Grid's resize observers refit the grid's columns.
 */
async function laidOut(page: Page): Promise<void> {
  await waitUntil(
    page,
    () =>
      Array.from(document.querySelectorAll('.gv-chart .echarts-host')).every((box) => {
        const canvas = box.querySelector('canvas');
        return !canvas || Math.abs(canvas.getBoundingClientRect().width - box.getBoundingClientRect().width) < 1;
      }),
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

const shownOf = (n: number): string => (n === TOTAL ? `${count.format(n)} rows` : `${count.format(n)} of ${count.format(TOTAL)} rows`);

/** The value shown on the KPI card labelled `label`. */
function kpi(page: Page, label: string) {
  return page.locator('[data-testid="page-grid"] .gv-kpi', { hasText: label }).locator('.gv-kpi__value');
}

/** Column ids of the header in display order (pinned left first). */
async function headerOrder(page: Page): Promise<string[]> {
  return page.locator('[data-testid="page-grid"] .ag-header-row-column .ag-header-cell[col-id]').evaluateAll((cells) =>
    cells
      .map((cell) => ({ id: cell.getAttribute('col-id') ?? '', index: Number(cell.getAttribute('aria-colindex')) }))
      .sort((a, b) => a.index - b.index)
      .map((cell) => cell.id),
  );
}

const SPEC_ORDER = ['id', 'date', 'region', 'product', 'channel', 'менеджер', 'units', 'amount', 'margin'];

/** The width of column `key`'s header on screen. */
async function headerWidth(page: Page, key: string): Promise<number> {
  const box = await page.locator(`[data-testid="page-grid"] .ag-header-cell[col-id="${key}"]`).boundingBox();
  if (!box) throw new Error(`no header of ${key}`);
  return box.width;
}

/** Drags the resize handle of column `key` by `by` pixels with the mouse; returns the new width. */
async function resizeColumn(page: Page, key: string, by: number): Promise<number> {
  const before = await headerWidth(page, key);
  const handle = await page.locator(`[data-testid="page-grid"] .ag-header-cell[col-id="${key}"] .ag-header-cell-resize`).boundingBox();
  if (!handle) throw new Error(`no resize handle on ${key}`);
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + by, y, { steps: 6 });
  await page.mouse.up();
  const after = await headerWidth(page, key);
  expect(after).toBeGreaterThan(before + by / 2);
  return after;
}

async function switchUser(page: Page, user: 'alice' | 'bob'): Promise<void> {
  await page.locator(`[data-testid="grid-user-switch"] input[data-user="${user}"]`).check();
  // Choosing only chooses (arrow keys pass every user); the button switches.
  await page.locator('[data-testid="grid-switch-user"]').click();
  await page.locator(`.pg-grid-demo[data-user="${user}"]`).waitFor();
  await page.locator('[data-testid="grid-user-switch"]:not([disabled])').waitFor();
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string, options: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i < (options.max ?? 60); i++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Whether the focused element matches `selector`. */
function focused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);
}

/** Switches the demo user with the keyboard: focus on the user's radio button, Space chooses it, Enter switches. */
async function switchUserByKeyboard(page: Page, user: 'alice' | 'bob'): Promise<void> {
  await page.locator(`[data-testid="grid-user-switch"] input[data-user="${user}"]`).focus();
  await page.keyboard.press('Space');
  // Choosing only chooses (arrow keys pass every user); Enter submits the switch.
  await page.keyboard.press('Enter');
  await page.locator(`.pg-grid-demo[data-user="${user}"]`).waitFor();
  await page.locator('[data-testid="grid-user-switch"]:not([disabled])').waitFor();
}

/** Ids of the preset menu's entries. */
function presetNames(page: Page): Promise<(string | null)[]> {
  return page.locator('[data-gv-preset]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-preset')));
}

/** The smart query of the search tests and the rows it keeps, by a plain loop over the demo data. */
const SMART_QUERY = 'laptop / monitor -north units:>15';
const smartRows = rows.filter((row) => row.product === 'Laptop' || (row.product === 'Monitor' && row.region !== 'North' && row.units > 15));
const SMART_SUMMARY = 'Contains laptop OR (contains monitor AND does not contain north AND Units greater than 15)';

describe('playground data grid: search, filters, KPIs and charts', () => {
  it('quick-searches in the search language by keyboard (typing, Enter): rows, KPIs, charts and the summary follow; the help opens and closes by keyboard; clears by mouse', async () => {
    const { page, errors, close } = await visit();
    await counterSays(page, shownOf(TOTAL));
    await expect(kpi(page, 'Orders').textContent()).resolves.toContain(count.format(TOTAL));
    const regionTable = page.locator('[data-testid="page-grid"] .gv-chart[data-gv-chart-id="by-region"] .gv-chart__data');
    const before = await regionTable.textContent();

    await page.locator('[data-gv-quick-search]').focus();
    await page.keyboard.type(SMART_QUERY);
    await page.keyboard.press('Enter');
    await counterSays(page, shownOf(smartRows.length));
    await kpi(page, 'Orders').filter({ hasText: count.format(smartRows.length) }).waitFor();
    await expect(kpi(page, 'Units sold').textContent()).resolves.toContain(count.format(smartRows.reduce((sum, row) => sum + row.units, 0)));
    // A long amount is shown compact (issue 15); the exact sum is the value's tooltip.
    await expect(kpi(page, 'Revenue').getAttribute('title')).resolves.toContain(money.format(smartRows.reduce((sum, row) => sum + row.amount, 0)));
    await waitUntil(page, (previous) => document.querySelector('[data-gv-chart-id="by-region"] .gv-chart__data')?.textContent !== previous, before);
    const firstSmart = smartRows[0]!;
    await expect(firstCell(page, 'id').textContent()).resolves.toBe(firstSmart.id);
    // How the query was understood: shown, and the search box's description.
    const summary = page.locator('[data-gv-search-summary]');
    await expect(summary.textContent()).resolves.toBe(SMART_SUMMARY);
    await expect(page.locator('[data-gv-quick-search]').getAttribute('aria-describedby')).resolves.toBe(await summary.getAttribute('id'));
    await page.locator('[data-gv-search-announcer]', { hasText: `Search understood as: ${SMART_SUMMARY}` }).waitFor({ state: 'attached' });

    // The help: Tab to its button, Enter opens it (focus inside), Esc closes it back to the button.
    await tabTo(page, '.gv-grid-toolbar__search [data-cm-search-help]');
    await page.keyboard.press('Enter');
    const help = page.locator('.gv-grid-toolbar__search [data-cm-search-help-panel]');
    await help.waitFor();
    expect(await focused(page, '.gv-grid-toolbar__search [data-cm-search-help-panel]')).toBe(true);
    await expect(help.textContent()).resolves.toContain('region:north units:10..20');
    const box = await help.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PLAYGROUND_VIEWPORT.height).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    expect(await focused(page, '.gv-grid-toolbar__search [data-cm-search-help]')).toBe(true);
    // Esc in the help did not clear the search.
    await counterSays(page, shownOf(smartRows.length));

    await page.locator('[data-gv-clear-search]').click();
    await counterSays(page, shownOf(TOTAL));
    await kpi(page, 'Orders').filter({ hasText: count.format(TOTAL) }).waitFor();
    await expect(summary.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('quick-searches with the mouse: a click into the box, typed text applies after the pause and shows its first matches from the top, the help opens and closes by click', async () => {
    const { page, errors, close } = await visit();
    // Far down the rows first: the search must bring its first matches into view.
    const viewport = page.locator('[data-testid="page-grid"] .ag-body-vertical-scroll-viewport');
    await viewport.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 2;
    });
    await waitUntil(page, () => [...document.querySelectorAll('[data-testid="page-grid"] .ag-row')].some((row) => Number(row.getAttribute('row-index')) > 10_000));
    await page.locator('[data-gv-quick-search]').click();
    await page.keyboard.type('monitor / webcam');
    const expected = rows.filter((row) => row.product === 'Monitor' || row.product === 'Webcam');
    await counterSays(page, shownOf(expected.length));
    await firstCell(page, 'id').filter({ hasText: expected[0]!.id }).waitFor();
    const rowBox = await firstCell(page, 'id').boundingBox();
    const viewBox = await viewport.boundingBox();
    expect(rowBox && viewBox && rowBox.y >= viewBox.y - 1 && rowBox.y + rowBox.height <= viewBox.y + viewBox.height).toBe(true);
    await expect(page.locator('[data-gv-search-summary]').textContent()).resolves.toBe('Contains monitor OR contains webcam');
    await page.locator('.gv-grid-toolbar__search [data-cm-search-help]').click();
    const help = page.locator('.gv-grid-toolbar__search [data-cm-search-help-panel]');
    await help.waitFor();
    await help.locator('.gv-search-help__close').click();
    await help.waitFor({ state: 'hidden' });
    await page.locator('[data-gv-clear-filters]').click();
    await counterSays(page, shownOf(TOTAL));
    expect(errors).toEqual([]);
    await close();
  });

  it('filters a text column in the search language with % wildcards by keyboard (header, Ctrl+Enter, type), with the column filter’s help and summary, then by mouse', async () => {
    const { page, errors, close } = await visit();
    await page.locator('.ag-header-cell[col-id="id"]').focus();
    await page.keyboard.press('Control+Enter');
    const input = page.locator('[data-gv-text-filter-input]');
    await input.waitFor();
    expect(await focused(page, '[data-gv-text-filter-input]')).toBe(true);
    await page.keyboard.type('SO-00001% / SO-000200');
    await page.keyboard.press('Enter');
    const expected = rows.filter((row) => /^SO-00001\d$/.test(row.id) || row.id.includes('SO-000200'));
    await counterSays(page, shownOf(expected.length));
    expect(expected.length).toBe(11);
    await expect(page.locator('[data-gv-text-filter-summary]').textContent()).resolves.toBe('Order starts with SO-00001 OR Order contains SO-000200');
    await page.keyboard.press('Tab');
    expect(await focused(page, '[data-gv-text-filter] [data-cm-search-help]')).toBe(true);
    await expect(page.locator('[data-gv-text-filter] [data-cm-search-help]').getAttribute('aria-label')).resolves.toBe('Help for the filter of Order');
    await page.keyboard.press('Enter');
    const help = page.locator('[data-gv-text-filter] [data-cm-search-help-panel]');
    await help.waitFor();
    await expect(help.textContent()).resolves.toContain('% stands for any text');
    // Opened from a popup near the grid, the help stays inside the window.
    const box = await help.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PLAYGROUND_VIEWPORT.height).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await expect(page.locator('[data-gv-clear-filters]').textContent()).resolves.toContain('Clear 1 filter');

    // With the mouse: the filter button, a click into the box, new text replaces the old.
    await page.locator('.ag-header-cell[col-id="id"] .ag-header-cell-filter-button').click();
    await input.click({ clickCount: 3 });
    await page.keyboard.type('%99999');
    await counterSays(page, shownOf(rows.filter((row) => row.id.endsWith('99999')).length));
    await page.keyboard.press('Escape');
    await page.locator('[data-gv-clear-filters]').click();
    await counterSays(page, shownOf(TOTAL));
    expect(errors).toEqual([]);
    await close();
  });

  it('filters with the values checklist by mouse and the number filter by keyboard, then clears every filter at once', async () => {
    const { page, errors, close } = await visit();
    await page.locator('.ag-header-cell[col-id="region"] .ag-header-cell-filter-button').click();
    const checklist = page.locator('[data-gv-values-filter]');
    await checklist.locator('[data-gv-value="North"]').waitFor();
    await checklist.locator('[data-gv-values-none]').click();
    await counterSays(page, shownOf(0));
    await checklist.locator('[data-gv-value="North"]').check();
    const north = rows.filter((row) => row.region === 'North');
    await counterSays(page, shownOf(north.length));
    await page.keyboard.press('Escape');

    // Keyboard only: focus the Units header, Ctrl+Enter opens its filter, Tab to the value, type.
    await page.locator('.ag-header-cell[col-id="units"]').focus();
    await page.keyboard.press('Control+Enter');
    await page.locator('.ag-filter .ag-number-field-input, .ag-filter input[type="number"]').first().waitFor();
    await page.locator('.ag-filter .ag-number-field-input, .ag-filter input[type="number"]').first().focus();
    await page.keyboard.type('20');
    const twenty = north.filter((row) => row.units === 20);
    await counterSays(page, shownOf(twenty.length));
    await expect(kpi(page, 'Units sold').textContent()).resolves.toContain(count.format(20 * twenty.length));
    await page.keyboard.press('Escape');
    // Only North left in the region chart's data.
    await waitUntil(page, () => {
      const heads = Array.from(document.querySelectorAll('[data-gv-chart-id="by-region"] .gv-chart__data tbody th'));
      return heads.length === 1 && heads[0]?.textContent === 'North';
    });

    const clear = page.locator('[data-gv-clear-filters]');
    await expect(clear.textContent()).resolves.toContain('Clear 2 filters');
    await clear.focus();
    await page.keyboard.press('Enter');
    await counterSays(page, shownOf(TOTAL));
    await expect(clear.isDisabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('playground data grid: the column chooser', () => {
  it('hides, pins and reorders by keyboard, drags with the mouse, keeps focus inside, closes on Esc to the gear, and resets', async () => {
    const { page, errors, close } = await visit();
    expect(await headerOrder(page)).toEqual(SPEC_ORDER);

    await page.locator('[data-gv-gear]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[data-gv-column-chooser][open]');
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    // Grouped by the spec's menu_group.
    await expect(dialog.locator('.gv-chooser__group').allTextContents()).resolves.toEqual(['Order', 'Sale', 'Figures']);

    await dialog.locator('[data-gv-column="channel"] [data-gv-visible]').focus();
    await page.keyboard.press('Space');
    await waitUntil(page, () => document.querySelector('.ag-header-cell[col-id="channel"]') === null);

    await dialog.locator('[data-gv-column="amount"] [data-gv-pin]').selectOption('left');
    await page.locator('.ag-header .ag-grid-pinned-left-cells .ag-header-cell[col-id="amount"]').waitFor();

    await dialog.locator('[data-gv-column="product"] [data-gv-move="up"]').focus();
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.activeElement?.closest('[data-gv-column]')?.getAttribute('data-gv-column') === 'product');
    expect(await headerOrder(page)).toEqual(['amount', 'id', 'date', 'product', 'region', 'менеджер', 'units', 'margin']);

    await dialog.locator('[data-gv-column="margin"] .gv-chooser__handle').dragTo(dialog.locator('[data-gv-column="units"]'));
    expect(await headerOrder(page)).toEqual(['amount', 'id', 'date', 'product', 'region', 'менеджер', 'margin', 'units']);

    // Tab and Shift+Tab never leave the dialog.
    for (let i = 0; i < 45; i++) await page.keyboard.press(i % 9 === 8 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await page.locator('dialog[data-gv-column-chooser]:not([open])').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-gv-gear'))).toBe(true);

    await page.locator('[data-gv-gear]').click();
    await dialog.locator('[data-gv-chooser-all]').click();
    await page.locator('.ag-header-cell[col-id="unit_price"]').waitFor();
    await dialog.locator('[data-gv-chooser-reset]').click();
    await waitUntil(page, () => document.querySelector('.ag-header-cell[col-id="unit_price"]') === null);
    expect(await headerOrder(page)).toEqual(SPEC_ORDER);
    await expect(page.locator('.ag-header .ag-grid-pinned-left-cells .ag-header-cell[col-id]').count()).resolves.toBe(0);
    await dialog.locator('[data-gv-chooser-close]').click();
    expect(errors).toEqual([]);
    await close();
  });
});

describe('playground data grid: the chooser’s other controls', () => {
  it('keyboard alone: the filter box, None, Standard, pin right and back to none, hide, reset', async () => {
    const { page, errors, close } = await visit();
    await page.locator('[data-gv-gear]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[data-gv-column-chooser][open]');
    await dialog.waitFor();
    await waitUntil(page, () => document.querySelector('dialog[data-gv-column-chooser]')?.contains(document.activeElement) ?? false);
    await tabTo(page, '[data-gv-chooser-filter]');
    await page.keyboard.type('marg');
    await expect(dialog.locator('[data-gv-column]').count()).resolves.toBe(1);
    // Pin right with the arrow keys on the select.
    await tabTo(page, '[data-gv-column="margin"] [data-gv-pin]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.locator('.ag-header .ag-grid-pinned-right-cells .ag-header-cell[col-id="margin"]').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await waitUntil(page, () => document.querySelector('.ag-header .ag-grid-pinned-right-cells .ag-header-cell[col-id="margin"]') === null);
    expect(await headerOrder(page)).toEqual(SPEC_ORDER);
    // Back to the filter box, clear it: every column is listed again.
    await tabTo(page, '[data-gv-chooser-filter]', { back: true });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await expect(dialog.locator('[data-gv-column]').count()).resolves.toBe(10);
    await page.keyboard.type('zzz');
    await dialog.locator('.gv-chooser__empty').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');

    await tabTo(page, '[data-gv-chooser-none]');
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.querySelectorAll('.ag-header-row-column .ag-header-cell[col-id]').length === 1);
    expect(await headerOrder(page)).toEqual(['id']);
    await expect(dialog.locator('.gv-chooser__count').textContent()).resolves.toBe('1 of 10 shown');
    await page.keyboard.press('Tab');
    expect(await focused(page, '[data-gv-chooser-standard]')).toBe(true);
    await page.keyboard.press('Enter');
    await waitUntil(page, (n) => document.querySelectorAll('.ag-header-row-column .ag-header-cell[col-id]').length === n, SPEC_ORDER.length);
    expect(await headerOrder(page)).toEqual(SPEC_ORDER);
    // Hide one with Space, then Reset with Enter.
    await tabTo(page, '[data-gv-column="region"] [data-gv-visible]');
    await page.keyboard.press('Space');
    await waitUntil(page, () => document.querySelector('.ag-header-cell[col-id="region"]') === null);
    await tabTo(page, '[data-gv-chooser-reset]', { back: true });
    await page.keyboard.press('Enter');
    await page.locator('.ag-header-cell[col-id="region"]').waitFor();
    expect(await headerOrder(page)).toEqual(SPEC_ORDER);
    await page.keyboard.press('Escape');
    await page.locator('dialog[data-gv-column-chooser]:not([open])').waitFor({ state: 'attached' });
    expect(await focused(page, '[data-gv-gear]')).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('mouse alone: the filter box, None, Standard, pin right and none, hide by click, drag, reset, close', async () => {
    const { page, errors, close } = await visit();
    await page.locator('[data-gv-gear]').click();
    const dialog = page.locator('dialog[data-gv-column-chooser][open]');
    await dialog.waitFor();
    await dialog.locator('[data-gv-chooser-filter]').click();
    await page.keyboard.type('units');
    await expect(dialog.locator('[data-gv-column]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-column')))).resolves.toEqual(['units']);
    await dialog.locator('[data-gv-chooser-filter]').fill('');
    await dialog.locator('[data-gv-chooser-none]').click();
    expect(await headerOrder(page)).toEqual(['id']);
    await dialog.locator('[data-gv-chooser-standard]').click();
    await waitUntil(page, (n) => document.querySelectorAll('.ag-header-row-column .ag-header-cell[col-id]').length === n, SPEC_ORDER.length);
    await dialog.locator('[data-gv-column="units"] [data-gv-pin]').selectOption('right');
    await page.locator('.ag-header .ag-grid-pinned-right-cells .ag-header-cell[col-id="units"]').waitFor();
    await dialog.locator('[data-gv-column="units"] [data-gv-pin]').selectOption('');
    await waitUntil(page, () => document.querySelector('.ag-header .ag-grid-pinned-right-cells .ag-header-cell[col-id="units"]') === null);
    await dialog.locator('[data-gv-column="product"] [data-gv-visible]').click();
    await waitUntil(page, () => document.querySelector('.ag-header-cell[col-id="product"]') === null);
    await dialog.locator('[data-gv-column="channel"] .gv-chooser__handle').dragTo(dialog.locator('[data-gv-column="region"]'));
    expect(await headerOrder(page)).toEqual(['id', 'date', 'channel', 'region', 'менеджер', 'units', 'amount', 'margin']);
    await dialog.locator('[data-gv-chooser-reset]').click();
    await waitUntil(page, (n) => document.querySelectorAll('.ag-header-row-column .ag-header-cell[col-id]').length === n, SPEC_ORDER.length);
    expect(await headerOrder(page)).toEqual(SPEC_ORDER);
    await dialog.locator('[data-gv-chooser-close]').click();
    await page.locator('dialog[data-gv-column-chooser]:not([open])').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('playground data grid: presets and saved searches per demo user', () => {
  it('saves a preset as alice, marks it to load first, finds the layout after a reload and in a fresh browser; bob never sees it', async () => {
    const first = await visit();
    const { page } = first;
    await switchUser(page, 'alice');
    await page.locator('[data-gv-gear]').click();
    await page.locator('[data-gv-column="margin"] [data-gv-visible]').uncheck();
    await page.locator('[data-gv-chooser-close]').click();
    // Widened by mouse: a width the reader chose is part of the layout (the other columns still flex).
    const regionWidth = await resizeColumn(page, 'region', 120);

    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset-name]').fill('Compact');
    let saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-preset-save]').click();
    const response = await saved;
    expect(response.status()).toBe(200);
    // The chosen width is kept; a column that still flexes keeps no width (it follows the screen).
    const columns = (JSON.parse(response.request().postData() ?? '{}') as { colPresets: Record<string, { columns: { colId: string; width?: number }[] }> }).colPresets['Compact']!.columns;
    expect(columns.find((c) => c.colId === 'region')?.width).toBeGreaterThan(0);
    expect(columns.find((c) => c.colId === 'amount')).not.toHaveProperty('width');
    await page.locator('[data-gv-preset="Compact"]').waitFor();
    saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-preset="Compact"] [data-gv-preset-default]').click();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toMatchObject({ colPresets: { Compact: { default: true } } });

    // Reload: the session layout and the preset are both back.
    await page.reload();
    await firstCell(page, 'id').waitFor();
    await expect(page.locator('.ag-header-cell[col-id="margin"]').count()).resolves.toBe(0);
    expect(Math.abs((await headerWidth(page, 'region')) - regionWidth)).toBeLessThanOrEqual(2);
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset="Compact"] .gv-badge').waitFor();
    expect(first.errors).toEqual([]);
    await first.close();

    // A fresh browser signed in as alice: no session state, so the preset that loads first does.
    const fresh = await visit();
    await switchUser(fresh.page, 'alice');
    await fresh.page.reload();
    await firstCell(fresh.page, 'id').waitFor();
    await waitUntil(fresh.page, () => document.querySelector('.ag-header-cell[col-id="margin"]') === null);
    expect(Math.abs((await headerWidth(fresh.page, 'region')) - regionWidth)).toBeLessThanOrEqual(2);
    expect(fresh.errors).toEqual([]);
    await fresh.close();

    const bob = await visit();
    await switchUser(bob.page, 'bob');
    await bob.page.locator('[data-gv-presets] .gv-menu__button').click();
    await bob.page.locator('[data-gv-presets] .gv-menu__empty').waitFor();
    await expect(bob.page.locator('[data-gv-preset]').count()).resolves.toBe(0);
    await expect(bob.page.locator('.ag-header-cell[col-id="margin"]').count()).resolves.toBe(1);
    expect(bob.errors).toEqual([]);
    await bob.close();
  });

  it('mouse: applies a preset by click, renames it and deletes it; the server follows each step', async () => {
    const { page, errors, close } = await visit();
    await switchUser(page, 'alice');
    await page.locator('[data-gv-gear]').click();
    await page.locator('[data-gv-column="amount"] [data-gv-pin]').selectOption('left');
    await page.locator('[data-gv-chooser-close]').click();
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset-name]').click();
    await page.keyboard.type('Wide');
    let saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-preset-save]').click();
    expect((await saved).status()).toBe(200);
    await page.locator('[data-gv-presets] .gv-menu__button').click();

    await page.locator('[data-gv-gear]').click();
    await page.locator('[data-gv-chooser-reset]').click();
    await page.locator('[data-gv-chooser-close]').click();
    await waitUntil(page, () => document.querySelector('.ag-header .ag-grid-pinned-left-cells .ag-header-cell[col-id]') === null);
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset="Wide"] [data-gv-preset-apply]').click();
    await page.locator('.ag-header .ag-grid-pinned-left-cells .ag-header-cell[col-id="amount"]').waitFor();
    await page.locator('[data-gv-toolbar-announcer]', { hasText: 'Preset "Wide" applied' }).waitFor({ state: 'attached' });

    await page.locator('[data-gv-preset="Wide"] [data-gv-preset-rename]').click();
    await page.locator('[data-gv-preset-rename-input]').fill('Wide view');
    saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-preset-rename-save]').click();
    const renamed = JSON.parse((await saved).request().postData() ?? '{}') as { colPresets: Record<string, unknown> };
    expect(Object.keys(renamed.colPresets)).toContain('Wide view');
    expect(Object.keys(renamed.colPresets)).not.toContain('Wide');
    expect(await presetNames(page)).toEqual(['Compact', 'Wide view']);

    saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-preset="Wide view"] [data-gv-preset-delete]').click();
    expect(Object.keys((JSON.parse((await saved).request().postData() ?? '{}') as { colPresets: Record<string, unknown> }).colPresets)).toEqual(['Compact']);
    expect(await presetNames(page)).toEqual(['Compact']);
    expect(errors).toEqual([]);
    await close();
  });

  it('keyboard alone: bob hides a column, saves a preset (Enter), marks it to load first, finds it after a reload, renames, applies and deletes it; alice never sees it', async () => {
    const { page, errors, close } = await visit();
    await switchUserByKeyboard(page, 'bob');
    await page.locator('[data-gv-gear]').focus();
    await page.keyboard.press('Enter');
    await page.locator('dialog[data-gv-column-chooser][open]').waitFor();
    await waitUntil(page, () => document.querySelector('dialog[data-gv-column-chooser]')?.contains(document.activeElement) ?? false);
    await tabTo(page, '[data-gv-column="units"] [data-gv-visible]');
    await page.keyboard.press('Space');
    await waitUntil(page, () => document.querySelector('.ag-header-cell[col-id="units"]') === null);
    await page.keyboard.press('Escape');
    expect(await focused(page, '[data-gv-gear]')).toBe(true);

    await tabTo(page, '[data-gv-presets] .gv-menu__button', { back: true });
    await page.keyboard.press('Enter');
    // No presets yet: focus lands in the name box.
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-preset-name]') ?? false);
    await page.keyboard.type('Bob keys');
    let saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await page.locator('[data-gv-preset="Bob keys"]').waitFor();
    await tabTo(page, '[data-gv-preset="Bob keys"] [data-gv-preset-default]', { back: true });
    saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toMatchObject({ colPresets: { 'Bob keys': { default: true } } });
    await page.keyboard.press('Escape');
    expect(await focused(page, '[data-gv-presets] .gv-menu__button')).toBe(true);

    await page.reload();
    await firstCell(page, 'id').waitFor();
    await expect(page.locator('.ag-header-cell[col-id="units"]').count()).resolves.toBe(0);
    await page.locator('[data-gv-presets] .gv-menu__button').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-gv-preset="Bob keys"] .gv-badge').waitFor();
    // The menu opens with focus on the first preset; Tab, Tab to rename, Enter, type, Enter.
    expect(await focused(page, '[data-gv-preset="Bob keys"] [data-gv-preset-apply]')).toBe(true);
    await tabTo(page, '[data-gv-preset="Bob keys"] [data-gv-preset-rename]');
    await page.keyboard.press('Enter');
    expect(await focused(page, '[data-gv-preset-rename-input]')).toBe(true);
    await page.keyboard.type('Bob narrow');
    saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    expect(Object.keys((JSON.parse((await saved).request().postData() ?? '{}') as { colPresets: Record<string, unknown> }).colPresets)).toEqual(['Bob narrow']);
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-preset="Bob narrow"] [data-gv-preset-apply]') ?? false);
    // Apply with Enter after the layout changed.
    await page.keyboard.press('Escape');
    await tabTo(page, '[data-gv-gear]');
    await page.keyboard.press('Enter');
    await page.locator('dialog[data-gv-column-chooser][open]').waitFor();
    await tabTo(page, '[data-gv-chooser-reset]');
    await page.keyboard.press('Enter');
    await page.locator('.ag-header-cell[col-id="units"]').waitFor();
    await page.keyboard.press('Escape');
    await tabTo(page, '[data-gv-presets] .gv-menu__button', { back: true });
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-preset="Bob narrow"] [data-gv-preset-apply]') ?? false);
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.querySelector('.ag-header-cell[col-id="units"]') === null);
    await tabTo(page, '[data-gv-preset="Bob narrow"] [data-gv-preset-delete]');
    saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    expect((JSON.parse((await saved).request().postData() ?? '{}') as { colPresets: Record<string, unknown> }).colPresets).toEqual({});
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-preset-name]') ?? false);
    await page.locator('[data-gv-presets] .gv-menu__empty').waitFor();

    // Bob saves one more, then alice (by keyboard) does not see it.
    await page.keyboard.type('Bob only');
    saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    await saved;
    await page.keyboard.press('Escape');
    await switchUserByKeyboard(page, 'alice');
    await page.locator('[data-gv-presets] .gv-menu__button').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-gv-preset="Compact"]').waitFor();
    expect(await presetNames(page)).toEqual(['Compact']);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps an anonymous reader’s preset on this device only, says so, and keeps it across a reload', async () => {
    const { page, errors, close } = await visit();
    await expect(page.locator('.pg-grid-demo').getAttribute('data-user')).resolves.toBe('anonymous');
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset-name]').fill('Mine');
    await page.locator('[data-gv-preset-save]').click();
    await page.locator('[data-gv-preset="Mine"]').waitFor();
    const status = page.locator('[data-gv-presets] [data-gv-prefs-status]');
    await status.waitFor();
    await expect(status.textContent()).resolves.toBe('You are not signed in: preferences are kept on this device only.');
    await page.reload();
    await firstCell(page, 'id').waitFor();
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset="Mine"]').waitFor();
    // Not on the server: a signed-in user does not get it.
    await switchUser(page, 'bob');
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await page.locator('[data-gv-preset="Bob only"]').waitFor();
    expect(await presetNames(page)).toEqual(['Bob only']);
    expect(errors).toEqual([]);
    await close();
  });

  it('mouse: saves the quick search with a column filter under a name, applies it again and deletes it', async () => {
    const { page, errors, close } = await visit();
    await switchUser(page, 'alice');
    await page.locator('[data-gv-quick-search]').fill('tablet');
    await page.keyboard.press('Enter');
    await page.locator('.ag-header-cell[col-id="channel"] .ag-header-cell-filter-button').click();
    await page.locator('[data-gv-values-filter] [data-gv-values-none]').click();
    await page.locator('[data-gv-values-filter] [data-gv-value="Online"]').check();
    await page.keyboard.press('Escape');
    const expected = rows.filter((row) => row.product === 'Tablet' && row.channel === 'Online').length;
    await counterSays(page, shownOf(expected));

    await page.locator('[data-gv-searches] .gv-menu__button').click();
    await page.locator('[data-gv-search-name]').fill('Online tablets');
    let saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-search-save]').click();
    expect((await saved).status()).toBe(200);
    await page.locator('[data-gv-search="Online tablets"]').waitFor();
    await page.locator('[data-gv-searches] .gv-menu__button').click();

    await page.locator('[data-gv-clear-filters]').click();
    await counterSays(page, shownOf(TOTAL));
    await page.locator('[data-gv-searches] .gv-menu__button').click();
    await page.locator('[data-gv-search="Online tablets"] [data-gv-search-apply]').click();
    await counterSays(page, shownOf(expected));
    await expect(page.locator('[data-gv-quick-search]').inputValue()).resolves.toBe('tablet');

    saved = page.waitForResponse(PREFS_POST);
    await page.locator('[data-gv-search="Online tablets"] [data-gv-search-delete]').click();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toMatchObject({ searches: [] });
    await page.locator('[data-gv-searches] .gv-menu__empty').waitFor();
    // Deleting the saved search leaves the view as it is.
    await counterSays(page, shownOf(expected));
    expect(errors).toEqual([]);
    await close();
  });

  it('keyboard alone: saves a search with a number filter, clears, applies and deletes it', async () => {
    const { page, errors, close } = await visit();
    await switchUserByKeyboard(page, 'bob');
    await page.locator('[data-gv-quick-search]').focus();
    await page.keyboard.type('headset -online');
    await page.keyboard.press('Enter');
    await page.locator('.ag-header-cell[col-id="units"]').focus();
    await page.keyboard.press('Control+Enter');
    await page.locator('.ag-filter .ag-number-field-input, .ag-filter input[type="number"]').first().waitFor();
    await page.locator('.ag-filter .ag-number-field-input, .ag-filter input[type="number"]').first().focus();
    await page.keyboard.type('20');
    await page.keyboard.press('Escape');
    const expected = rows.filter((row) => row.product === 'Headset' && row.channel !== 'Online' && row.units === 20).length;
    await counterSays(page, shownOf(expected));

    await page.locator('[data-gv-searches] .gv-menu__button').focus();
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-search-name]') ?? false);
    await page.keyboard.type('Twenty headsets');
    let saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await page.locator('[data-gv-search="Twenty headsets"]').waitFor();
    await page.locator('[data-gv-toolbar-announcer]', { hasText: 'Search "Twenty headsets" saved' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await tabTo(page, '[data-gv-clear-filters]', { back: true });
    await page.keyboard.press('Enter');
    await counterSays(page, shownOf(TOTAL));

    await tabTo(page, '[data-gv-searches] .gv-menu__button');
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-search="Twenty headsets"] [data-gv-search-apply]') ?? false);
    await page.keyboard.press('Enter');
    await counterSays(page, shownOf(expected));
    await page.keyboard.press('Tab');
    expect(await focused(page, '[data-gv-search="Twenty headsets"] [data-gv-search-delete]')).toBe(true);
    saved = page.waitForResponse(PREFS_POST);
    await page.keyboard.press('Enter');
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toMatchObject({ searches: [] });
    await waitUntil(page, () => document.activeElement?.matches('[data-gv-search-name]') ?? false);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('playground data grid: shared links and exports', () => {
  it('writes the view to the address bar; the link in a new browser shows the same sort, columns, filters and search', async () => {
    const { page, errors, close } = await visit();
    await page.locator('[data-gv-quick-search]').fill('monitor');
    await page.keyboard.press('Enter');
    const header = page.locator('.ag-header-cell[col-id="amount"] .ag-header-cell-label');
    await header.click();
    await header.click();
    await page.locator('.ag-header-cell[col-id="amount"][aria-sort="descending"]').waitFor();
    await page.locator('[data-gv-gear]').click();
    await page.locator('[data-gv-column="date"] [data-gv-visible]').uncheck();
    await page.locator('[data-gv-chooser-close]').click();
    // A column filter too: only Retail.
    await page.locator('.ag-header-cell[col-id="channel"] .ag-header-cell-filter-button').click();
    await page.locator('[data-gv-values-filter] [data-gv-values-none]').click();
    await page.locator('[data-gv-values-filter] [data-gv-value="Retail"]').check();
    await page.keyboard.press('Escape');
    const monitors = rows.filter((row) => row.product === 'Monitor' && row.channel === 'Retail');
    const top = monitors.reduce((best, row) => (row.amount > best.amount ? row : best));
    await counterSays(page, shownOf(monitors.length));
    await expect(firstCell(page, 'amount').textContent()).resolves.toBe(money.format(top.amount));

    await page.locator('[data-gv-share]').click();
    await waitUntil(page, () => new URL(location.href).searchParams.has('gv_sales-grid'));
    const shared = page.url();
    // Said on screen too, not only to screen readers (the clipboard may be refused headless: either sentence).
    await expect(page.locator('[data-gv-share-note]').textContent()).resolves.toMatch(/A link to this view was copied|The address bar now holds a link to this view/);

    // The client XLSX: exactly the visible columns in their order, the rows in the grid's order.
    const download = page.waitForEvent('download');
    await page.locator('[data-gv-export="xlsx"]').click();
    const file = await (await download).path();
    const book = XLSX.read(await readFile(file), { cellNF: true });
    const cells = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(cells, { header: 1 });
    expect(sheet[0]).toEqual(['Order', 'Region', 'Product', 'Channel', 'Manager', 'Units', 'Amount', 'Margin']);
    expect(sheet.length).toBe(monitors.length + 1);
    expect((sheet[1] as unknown[])[0]).toBe(top.id);
    expect((sheet[1] as unknown[])[6]).toBe(top.amount);
    // Numbers stay numbers, shown as the grid shows them: units whole, amounts in dollars, margins as percents.
    expect(cells.A2).toMatchObject({ t: 's', v: top.id });
    expect(cells.F2).toMatchObject({ t: 'n', v: top.units, z: '#,##0' });
    expect(cells.G2).toMatchObject({ t: 'n', v: top.amount, z: '"$"#,##0.00', w: money.format(top.amount) });
    expect(cells.H2).toMatchObject({ t: 'n', v: top.margin, z: '#,##0.0%', w: percent.format(top.margin) });

    // The server links carry the same state; the server answers with the same rows.
    const xlsxHref = await page.locator('[data-gv-export="xlsx-server"]').getAttribute('href');
    const params = new URL(xlsxHref ?? '', app.server.url).searchParams;
    expect(params.get('q')).toBe('monitor');
    expect(params.get('sort')).toBe('amount');
    expect(params.get('dir')).toBe('desc');
    expect(params.get('columns')?.split(',')).toEqual(['id', 'region', 'product', 'channel', encodeURIComponent('менеджер'), 'units', 'amount', 'margin']);
    const answer = await page.request.get(new URL(xlsxHref ?? '', app.server.url).toString());
    expect(answer.status()).toBe(200);
    const serverBook = XLSX.read(await answer.body(), { cellNF: true });
    const serverCells = serverBook.Sheets[serverBook.SheetNames[0] as string] as XLSX.WorkSheet;
    const serverSheet = XLSX.utils.sheet_to_json<unknown[]>(serverCells, { header: 1 });
    // The same columns: neither the date the reader hid nor the unit price the spec hides.
    expect(serverSheet[0]).toEqual(sheet[0]);
    expect(serverSheet.length).toBe(monitors.length + 1);
    expect((serverSheet[1] as unknown[])[0]).toBe(top.id);
    expect(serverCells.G2).toMatchObject({ t: 'n', v: top.amount, z: '"$"#,##0.00', w: money.format(top.amount) });
    expect(serverCells.H2).toMatchObject({ t: 'n', v: top.margin, w: percent.format(top.margin) });
    expect(errors).toEqual([]);
    await close();

    const other = await visit({ url: shared });
    await counterSays(other.page, shownOf(monitors.length));
    await expect(other.page.locator('[data-gv-quick-search]').inputValue()).resolves.toBe('monitor');
    // The column filter came back: counted, and its checklist shows Retail alone.
    await expect(other.page.locator('[data-gv-clear-filters]').textContent()).resolves.toContain('Clear 2 filters');
    await other.page.locator('.ag-header-cell[col-id="channel"] .ag-header-cell-filter-button').click();
    await other.page.locator('[data-gv-values-filter] [data-gv-value="Retail"]').waitFor();
    await expect(other.page.locator('[data-gv-values-filter] [data-gv-value]:checked').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-gv-value')))).resolves.toEqual(['Retail']);
    await other.page.keyboard.press('Escape');
    await other.page.locator('.ag-header-cell[col-id="amount"][aria-sort="descending"]').waitFor();
    await expect(other.page.locator('.ag-header-cell[col-id="date"]').count()).resolves.toBe(0);
    await expect(firstCell(other.page, 'amount').textContent()).resolves.toBe(money.format(top.amount));
    expect(other.errors).toEqual([]);
    await other.close();
  });
});

describe('playground data grid: shared links by keyboard, and link cells', () => {
  it('keyboard alone: a search and a number filter, Share view with Enter; the link in a new browser shows both', async () => {
    const { page, errors, close } = await visit();
    await page.locator('[data-gv-quick-search]').focus();
    await page.keyboard.type('webcam');
    await page.keyboard.press('Enter');
    await page.locator('.ag-header-cell[col-id="units"]').focus();
    await page.keyboard.press('Control+Enter');
    await page.locator('.ag-filter .ag-number-field-input, .ag-filter input[type="number"]').first().waitFor();
    await page.locator('.ag-filter .ag-number-field-input, .ag-filter input[type="number"]').first().focus();
    await page.keyboard.type('7');
    await page.keyboard.press('Escape');
    const expected = rows.filter((row) => row.product === 'Webcam' && row.units === 7).length;
    await counterSays(page, shownOf(expected));
    await page.locator('[data-gv-quick-search]').focus();
    await tabTo(page, '[data-gv-share]');
    await page.keyboard.press('Enter');
    await waitUntil(page, () => new URL(location.href).searchParams.has('gv_sales-grid'));
    await page.locator('[data-gv-toolbar-announcer]', { hasText: /link/ }).waitFor({ state: 'attached' });
    const shared = page.url();
    expect(errors).toEqual([]);
    await close();

    const other = await visit({ url: shared });
    await counterSays(other.page, shownOf(expected));
    await expect(other.page.locator('[data-gv-quick-search]').inputValue()).resolves.toBe('webcam');
    await expect(other.page.locator('[data-gv-clear-filters]').textContent()).resolves.toContain('Clear 2 filters');
    expect(other.errors).toEqual([]);
    await other.close();
  });

  it('links each order number to its own PDF through the library’s URL check, encoded, in the reader’s language', async () => {
    const { page, errors, close } = await visit();
    const link = firstCell(page, 'id').locator('a');
    await expect(link.textContent()).resolves.toBe(rows[0]!.id);
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/grid/export/pdf/?builder=sales-grid&f_id=${encodeURIComponent(rows[0]!.id)}&lang=en`);
    // Every drawn link is that template with an encoded id, never anything else.
    const hrefs = await page.locator('[data-testid="page-grid"] .ag-cell[col-id="id"] a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const each of hrefs) expect(each).toMatch(/^\/api\/grid\/export\/pdf\/\?builder=sales-grid&f_id=SO-\d{6}&lang=en$/);
    await expect(page.locator('[data-testid="page-grid"] .ag-cell a[href^="javascript" i]').count()).resolves.toBe(0);
    const answer = await page.request.get(new URL(href ?? '', app.server.url).toString());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    await page.locator('[data-testid="locale-switch"]').selectOption('uk');
    await page.locator('[data-gv-record-count]', { hasText: 'рядк' }).waitFor();
    await expect(firstCell(page, 'id').locator('a').getAttribute('href')).resolves.toMatch(/&lang=uk$/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('playground data grid: theme, accessibility and looks', () => {
  it('follows the dark theme, passes an axe scan without serious or critical violations, and is photographed in both languages, themes and three widths', async () => {
    const { page, errors, close } = await visit();
    // With a smart query typed, so the summary line is scanned too.
    await page.locator('[data-gv-quick-search]').fill(SMART_QUERY);
    await page.locator('[data-gv-search-summary]').waitFor();
    const results = await axeScan(page, { include: '[data-testid="page-grid"]' });
    const serious = results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);

    await page.locator('[data-gv-gear]').click();
    const dialogScan = await axeScan(page, { include: 'dialog[data-gv-column-chooser]' });
    expect(dialogScan.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    // The open menus and the values filter popup, too.
    for (const [open, scope] of [
      ['[data-gv-presets] .gv-menu__button', '[data-gv-presets]'],
      ['[data-gv-searches] .gv-menu__button', '[data-gv-searches]'],
      ['.ag-header-cell[col-id="region"] .ag-header-cell-filter-button', '.ag-filter'],
      ['.ag-header-cell[col-id="id"] .ag-header-cell-filter-button', '.ag-filter'],
      ['.gv-grid-toolbar__search [data-cm-search-help]', '.gv-grid-toolbar__search [data-cm-search-help-panel]'],
    ] as const) {
      await page.locator(open).click();
      await page.locator(scope).first().waitFor();
      const scan = await axeScan(page, { include: scope });
      expect(scan.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scope} ${v.id}`)).toEqual([]);
      await page.keyboard.press('Escape');
    }

    const surface = async (): Promise<string> => page.locator('[data-testid="page-grid"] .ag-root-wrapper').evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await surface()).toBe('rgb(255, 255, 255)');
    await page.locator('[data-testid="theme-switch"] input[data-theme="dark"]').check();
    await waitUntil(page, () => getComputedStyle(document.querySelector('[data-testid="page-grid"] .ag-root-wrapper') as Element).backgroundColor === 'rgb(21, 27, 35)');
    // In dark, what changes is colour: its contrast rules (a whole second scan would add nothing else).
    const darkScan = await axeScan(page, { include: '[data-testid="page-grid"]', rules: ['color-contrast', 'link-in-text-block'] });
    expect(darkScan.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The demo rows are in the page's language: the English query would find no Ukrainian row.
    await page.locator('[data-gv-quick-search]').fill('');
    await page.locator('[data-gv-search-summary]').waitFor({ state: 'detached' });
    for (const locale of ['en', 'uk'] as const) {
      await page.locator('[data-testid="locale-switch"]').selectOption(locale);
      if (locale === 'uk') await page.locator('[data-gv-record-count]', { hasText: 'рядк' }).waitFor();
      for (const theme of ['light', 'dark'] as const) {
        await page.locator(`[data-testid="theme-switch"] input[data-theme="${theme}"]`).check();
        for (const width of [360, 768, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await firstCell(page, 'id').waitFor();
          await laidOut(page);
          await saveScreenshot(page, `data-grid-${locale}-${theme}-${width}`);
        }
      }
    }
    expect(errors).toEqual([]);
    await close();
    // axe walks the whole page several times: minutes on a loaded two-core machine.
  }, 420_000);
});
