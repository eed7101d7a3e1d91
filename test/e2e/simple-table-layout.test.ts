/**
 * SimpleTable's looks in real Chromium, on the fixture page of test/e2e/fixtures/simple-table:
 * column widths from content (no number cut or wrapped, no header running into the next, whole
 * header words) at 360, 768 and 1440 px in English and Ukrainian, light and dark, with edge values
 * (tens of billions, negative amounts, a 60-character label); the computed footer (totals of the
 * rows shown, saying how many, following the search but not the sort, sticky at the bottom of the
 * scroll area); the host's footer marked while a search is active; sort indicators quiet until
 * hovered or focused; a wrapped header keeping its indicator beside its label. Screenshots go to
 * test-results/screenshots/simple-table-layout-*. Layout facts are polled: a number column widens
 * for its extremes in a background task after the first frame.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, saveScreenshot, waitUntil } from './helpers/browser';
import { serveStatic, type StaticServer } from './helpers/static-site';
import { axeViolations } from './helpers/layout';
import { buildSimpleTableFixture } from './fixtures/simple-table/harness';
import { generateOrders } from './fixtures/simple-table/rows';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  const out = await buildSimpleTableFixture();
  server = await serveStatic(out);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(query: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser, { viewport });
  await page.goto(`${server.url}/?${query}`);
  await waitUntil(page, () => (window as unknown as { __simpleTable?: { ready: boolean } }).__simpleTable?.ready === true);
  // Widths are measured after mount, once fonts are in.
  await page.evaluate(() => document.fonts.ready);
  return { page, errors };
}

/**
 * What is wrong with the table's layout: a number cell (body or footer) cut or on two lines, a
 * header label outside its cell or a header word broken across lines, a sort indicator not beside
 * its (wrapped) label, the page scrolling sideways.
 */
function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const lines = (node: Node): number => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    };
    const numbers = document.querySelectorAll<HTMLElement>('tbody .gv-table__cell--numeric, tfoot td.gv-table__cell, tfoot .gv-table__footer-value');
    for (const cell of Array.from(numbers)) {
      const text = (cell.textContent ?? '').trim();
      if (text === '') continue;
      if (cell.scrollWidth > cell.clientWidth) problems.push(`number cut: «${text}» ${cell.scrollWidth} > ${cell.clientWidth}`);
      if (lines(cell) > 1) problems.push(`number wraps: «${text}»`);
    }
    for (const th of Array.from(document.querySelectorAll<HTMLElement>('thead th.gv-table__header'))) {
      const label = th.querySelector<HTMLElement>('.gv-sort-button__label, .gv-table__header-label');
      if (!label) continue;
      const box = th.getBoundingClientRect();
      const text = label.getBoundingClientRect();
      if (text.left < box.left - 0.5 || text.right > box.right + 0.5) problems.push(`header outside its cell: «${label.textContent}»`);
      const node = label.firstChild;
      if (node && node.nodeType === Node.TEXT_NODE) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) problems.push(`header word broken: «${match[0]}»`);
        }
      }
      const indicator = th.querySelector<HTMLElement>('.gv-sort-button__indicator');
      if (indicator) {
        const mark = indicator.getBoundingClientRect();
        const middle = (mark.top + mark.bottom) / 2;
        const beside = th.classList.contains('gv-table__cell--right') ? mark.right <= text.left + 1 : mark.left >= text.right - 1;
        if (!beside || middle < text.top || middle > text.bottom) problems.push(`indicator not beside its label: «${label.textContent}»`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    return problems;
  });
}

const CONFIGS = [360, 768, 1440].flatMap((width) => (['en', 'uk'] as const).flatMap((locale) => (['light', 'dark'] as const).map((theme) => ({ width, locale, theme }))));

describe('SimpleTable layout in Chromium', () => {
  it.each(CONFIGS)('keeps numbers whole and headers apart at $width px, $locale, $theme (edge values, computed footer)', async ({ width, locale, theme }) => {
    const { page, errors } = await open(`rows=20000&edge=1&footer=totals&locale=${locale}&theme=${theme}`, { width, height: 900 });
    await expect.poll(() => tableProblems(page), { timeout: 5000 }).toEqual([]);
    // The 60-character label wraps (it is wider than a header may make its column) and keeps its indicator beside it.
    const label = page.locator('th[data-cm-col-key="customer"] .gv-sort-button__label');
    expect(await label.evaluate((el) => el.getClientRects().length > 1 || el.getBoundingClientRect().height > 30)).toBe(true);
    // Sorted descending by amount: the largest values (and, ascending, the negative ones) are on screen.
    await page.locator('button[data-cm-sort-button="amount"]').click();
    await page.locator('button[data-cm-sort-button="amount"]').click();
    await expect.poll(() => tableProblems(page), { timeout: 5000 }).toEqual([]);
    await page.locator('button[data-cm-sort-button="amount"]').click();
    await page.locator('button[data-cm-sort-button="qty"]').click();
    await expect.poll(() => tableProblems(page), { timeout: 5000 }).toEqual([]);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `simple-table-layout-${width}-${locale}-${theme}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits the default table and the per-column filters without cut numbers at 360 and 1440 px', async () => {
    for (const width of [360, 1440]) {
      const { page, errors } = await open('rows=300&mode=per_column&footer=static&locale=uk', { width, height: 900 });
      await expect.poll(() => tableProblems(page), { timeout: 5000 }).toEqual([]);
      // Every filter box keeps room for a few characters beside its help button.
      const boxes = await page.$$eval('input[data-cm-filter]', (inputs) => inputs.map((input) => input.getBoundingClientRect().width));
      expect(Math.min(...boxes)).toBeGreaterThan(40);
      await saveScreenshot(page, `simple-table-layout-per-column-${width}`);
      // "No rows match" stays in view even when the table is wider than its box.
      await page.locator('input[data-cm-filter="customer"]').fill('zzzz');
      const message = page.locator('.gv-table__empty-text');
      await message.waitFor();
      const inView = await message.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const scroller = el.closest('.gv-table__scroll')!.getBoundingClientRect();
        return box.left >= scroller.left && box.right <= scroller.right;
      });
      expect(inView).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('makes a small table that is wider than its box a focusable region, and one that fits none', async () => {
    const narrow = await open('rows=30&locale=uk', { width: 360, height: 800 });
    const scroller = narrow.page.locator('.gv-table__scroll');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    expect(await scroller.getAttribute('role')).toBe('region');
    // Widths of its own, fitted to the room once it is known.
    expect(await narrow.page.getAttribute('table', 'style')).toMatch(/table-layout: fixed; width: \d+px/);
    expect(await axeViolations(narrow.page)).toEqual([]);
    await narrow.page.close();
    const wide = await open('rows=30', { width: 1440, height: 800 });
    expect(await wide.page.locator('.gv-table__scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
    expect(await wide.page.locator('.gv-table__scroll').getAttribute('tabindex')).toBeNull();
    await wide.page.close();
  });
});

describe('SimpleTable footer in Chromium', () => {
  const all = generateOrders(20_000);
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
  const count = new Intl.NumberFormat('en');
  const sums = (rows: typeof all) => ({
    amount: money.format(rows.reduce((sum, row) => sum + row.amount, 0)),
    qty: count.format(rows.reduce((sum, row) => sum + row.qty, 0)),
  });
  const footerCell = (page: Page, key: string) => page.locator(`tfoot td[data-cm-col-key="${key}"]`).textContent();

  it('totals the rows shown, says how many, follows the search but not the sort, and stays at the bottom of the scroll area', async () => {
    const { page, errors } = await open('rows=20000&footer=totals');
    const label = page.locator('tfoot [data-cm-footer-label]');
    await expect.poll(() => label.textContent()).toBe('Total of 20,000 rows');
    expect(await footerCell(page, 'amount')).toBe(sums(all).amount);
    expect(await footerCell(page, 'qty')).toBe(sums(all).qty);
    expect(await footerCell(page, 'share')).toMatch(/^Average \d+(\.\d+)?%$/);
    // header rows (group + columns) + 20,000 rows + the footer
    expect(await page.getAttribute('table', 'aria-rowcount')).toBe('20003');

    const stuck = () =>
      page.evaluate(() => {
        const box = document.querySelector('.gv-table__scroll')!.getBoundingClientRect();
        const foot = document.querySelector('tfoot')!.getBoundingClientRect();
        return Math.abs(foot.bottom - (box.bottom - 1)) <= 2 && foot.top > box.top;
      });
    expect(await stuck()).toBe(true);
    // Scroll halfway and wait for the scroll event and the frame after it (the windowed rows are
    // drawn then), rather than for a guessed time.
    await page.$eval(
      '.gv-table__scroll',
      (el) =>
        new Promise<void>((resolve) => {
          el.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
          el.scrollTop = el.scrollHeight / 2;
        }),
    );
    expect(await stuck()).toBe(true);

    await page.getByLabel('Search the table').fill('kyiv');
    await page.waitForSelector('[data-cm-simple-table]:not([data-cm-search-pending])');
    const kyiv = all.filter((row) => row.city === 'Kyiv');
    await expect.poll(() => label.textContent()).toBe(`Total of ${count.format(kyiv.length)} shown rows`);
    expect(await footerCell(page, 'amount')).toBe(sums(kyiv).amount);
    expect(await footerCell(page, 'qty')).toBe(sums(kyiv).qty);
    // Sorting reorders the same rows: the totals stay, to the cent.
    const before = await page.locator('tfoot').textContent();
    await page.locator('button[data-cm-sort-button="amount"]').click();
    await page.locator('th[data-cm-col-key="amount"][aria-sort="ascending"]').waitFor();
    expect(await page.locator('tfoot').textContent()).toBe(before);
    await page.getByLabel('Search the table').fill('');
    await expect.poll(() => label.textContent()).toBe('Total of 20,000 rows');
    expect(await footerCell(page, 'amount')).toBe(sums(all).amount);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says in Ukrainian plural forms how many rows the footer describes', async () => {
    const { page } = await open('rows=20000&footer=totals&locale=uk');
    const label = page.locator('tfoot [data-cm-footer-label]');
    const uk = new Intl.NumberFormat('uk');
    await expect.poll(() => label.textContent()).toBe(`Разом за ${uk.format(20_000)} рядків`);
    await page.getByLabel('Пошук у таблиці').fill('kyiv');
    await expect.poll(() => label.textContent()).toBe(`Разом за ${uk.format(2000)} показаних рядків`);
    await page.getByLabel('Пошук у таблиці').fill('"Customer 1"');
    await page.waitForSelector('[data-cm-simple-table]:not([data-cm-search-pending])');
    const shown = Number(await page.getAttribute('[data-cm-simple-table]', 'data-cm-visible-rows'));
    const rule = new Intl.PluralRules('uk').select(shown);
    const forms: Record<string, string> = { one: 'показаний рядок', few: 'показані рядки', many: 'показаних рядків', other: 'показаного рядка' };
    expect(await label.textContent()).toBe(`Разом за ${uk.format(shown)} ${forms[rule]}`);
    await page.close();
  });

  it('keeps the host footer as given and says it is not filtered while a search is active', async () => {
    const { page, errors } = await open('rows=300&footer=static');
    const footer = page.locator('tfoot[data-cm-footer="static"]');
    const values = await footer.locator('td').allTextContents();
    expect(await footer.locator('[data-cm-footer-note]').count()).toBe(0);
    await page.getByLabel('Search the table').fill('kyiv');
    await expect.poll(() => footer.locator('[data-cm-footer-note]').textContent()).toBe('Not filtered by the search');
    expect(await footer.locator('td').allTextContents()).toEqual(values);
    expect(await footer.locator('[data-cm-footer-note]').isVisible()).toBe(true);
    await page.getByLabel('Search the table').fill('');
    await expect.poll(() => footer.locator('[data-cm-footer-note]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('SimpleTable sort indicators in Chromium', () => {
  it('keeps an unsorted column\'s indicator quiet until its header is hovered or its button focused; the sorted one always shows', async () => {
    const { page, errors } = await open('rows=300');
    const opacity = (key: string) => page.$eval(`th[data-cm-col-key="${key}"] .gv-sort-button__indicator`, (el) => getComputedStyle(el).opacity);
    expect(await opacity('customer')).toBe('0');
    await page.locator('th[data-cm-col-key="customer"]').hover();
    await expect.poll(() => opacity('customer')).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity('customer')).toBe('0');
    // Keyboard: Tab from the search box's help reaches the first sort button.
    await page.locator('button[data-cm-sort-button="id"]').focus();
    await expect.poll(() => opacity('id')).toBe('1');
    await page.keyboard.press('Enter');
    await page.locator('button[data-cm-sort-button="id"]').blur();
    await page.mouse.move(0, 0);
    // Sorted: the direction shows without hover or focus; aria-sort is on that header only.
    await expect.poll(() => opacity('id')).toBe('1');
    expect(await page.$eval('th[data-cm-col-key="id"] .gv-sort-button__indicator', (el) => el.textContent)).toBe('▲');
    expect(await page.locator('th[aria-sort]').count()).toBe(1);
    expect(await page.getAttribute('th[data-cm-col-key="id"]', 'aria-sort')).toBe('ascending');
    expect(await opacity('customer')).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });
});
