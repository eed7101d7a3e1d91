/**
 * SimpleTable's column settings in real Chromium, on the fixture page of test/e2e/fixtures/simple-table
 * (built with Vite, served on 127.0.0.1): CSV download read back byte for byte, column resize by
 * pointer and by keyboard, the column menu (show, hide, reorder, kept in page state across a
 * reload), sections with totals over 100,000 windowed rows (collapse, expand, search, sort), and
 * axe scans of the table and the open menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { collectConsoleErrors, launchChromium, saveScreenshot, waitUntil } from './helpers/browser';
import { axeScan, type AxeViolation } from './helpers/layout';
import { serveStatic, type StaticServer } from './helpers/static-site';
import { buildSimpleTableFixture } from './fixtures/simple-table/harness';

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

async function open(query: string): Promise<{ page: Page; errors: string[] }> {
  // A context of its own (fresh storage and downloads for each page), closed with the page below.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  // Not awaited by anyone: after the last test the browser may already be closing (afterAll), and
  // the context's close then rejects; that is the end we wanted, not an error of the run.
  page.once('close', () => {
    context.close().catch(() => undefined);
  });
  const errors = collectConsoleErrors(page);
  await page.goto(`${server.url}/?${query}`);
  await ready(page);
  return { page, errors };
}

function ready(page: Page): Promise<unknown> {
  return waitUntil(page, () => (window as unknown as { __simpleTable?: { ready: boolean } }).__simpleTable?.ready === true);
}

function cells(page: Page, key: string): Promise<string[]> {
  return page.$$eval(`tbody tr[data-cm-row-index] td[data-cm-col-key="${key}"]`, (tds) => tds.map((td) => td.textContent?.trim() ?? ''));
}

/** Column keys in display order, read from the first body row (the header has two rows: its DOM order is not the column order). */
const headerKeys = (page: Page): Promise<string[]> => page.$$eval('tbody tr[data-cm-row-index]:first-of-type td', (tds) => tds.map((td) => td.getAttribute('data-cm-col-key') ?? ''));
const headerWidth = (page: Page, key: string): Promise<number> => page.$eval(`thead th[data-cm-col-key="${key}"]`, (th) => th.getBoundingClientRect().width);
const amountOf = (text: string): number => Number(text.replace(/[^0-9.-]/g, ''));

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}

async function downloadBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

function seriousViolations(violations: readonly AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

describe('SimpleTable column settings in Chromium', () => {
  it('downloads a CSV of exactly the visible rows and columns: UTF-8 with BOM, RFC 4180, formula-safe', async () => {
    const { page, errors } = await open('rows=300');
    await page.getByLabel('Search the table').fill('kyiv');
    await page.getByRole('button', { name: 'Amount', exact: true }).click();
    await page.getByRole('button', { name: 'Amount', exact: true }).click();
    // The reader hides Status: the file leaves it out too.
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Status' }).uncheck();
    await page.keyboard.press('Escape');
    const shownIds = (await cells(page, 'id')).map((text) => Number(text.replace(/,/g, '')));
    const { name, bytes } = await downloadBytes(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(name).toBe('orders.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parseCsv(text);
    expect(records[0]).toEqual(['ID', 'Customer', 'City', 'Amount', 'Qty', 'Share', 'Note']);
    expect(records).toHaveLength(31);
    expect(records.slice(1, shownIds.length + 1).map((r) => Number(r[0]))).toEqual(shownIds);
    const amounts = records.slice(1).map((r) => Number(r[3]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(records.slice(1).every((r) => r[2] === 'Kyiv')).toBe(true);

    await page.getByLabel('Search the table').fill('hyperlink');
    const formula = parseCsv(new TextDecoder().decode((await downloadBytes(page, () => page.getByRole('button', { name: 'Export CSV' }).click())).bytes.subarray(3)));
    expect(formula).toHaveLength(2);
    expect(formula[1]![6]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resizes a column by dragging its separator and by the arrow keys, and keeps the width across a reload', async () => {
    const { page, errors } = await open('rows=300&pinia=1');
    const handle = page.getByRole('separator', { name: 'Resize Customer' });
    const before = await headerWidth(page, 'customer');
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBeCloseTo(before, -1);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const dragged = await headerWidth(page, 'customer');
    expect(dragged).toBeGreaterThan(before + 70);
    expect(dragged).toBeLessThan(before + 90);
    const draggedValue = Number(await handle.getAttribute('aria-valuenow'));
    expect(Math.abs(draggedValue - dragged)).toBeLessThanOrEqual(1);
    // A click on the sort button was not triggered by the drag.
    expect(await page.locator('th[aria-sort]').count()).toBe(0);

    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(draggedValue + 20);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(draggedValue - 30);
    expect(Math.abs((await headerWidth(page, 'customer')) - (draggedValue - 30))).toBeLessThanOrEqual(1);

    await page.reload();
    await ready(page);
    await expect.poll(() => page.getByRole('separator', { name: 'Resize Customer' }).getAttribute('aria-valuenow')).toBe(String(draggedValue - 30));
    expect(Math.abs((await headerWidth(page, 'customer')) - (draggedValue - 30))).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows, hides and reorders columns from the column menu by mouse and keyboard, kept across a reload; axe finds nothing serious', async () => {
    const { page, errors } = await open('rows=300&pinia=1');
    const tableScan = await axeScan(page, { include: '[data-cm-simple-table]' });
    expect(seriousViolations(tableScan)).toEqual([]);
    const button = page.getByRole('button', { name: 'Columns', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await dialog.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.locator('select').count()).toBe(0);
    const dialogScan = await axeScan(page, { include: 'dialog[data-gv-column-chooser]' });
    expect(seriousViolations(dialogScan)).toEqual([]);
    await dialog.getByRole('checkbox', { name: 'City' }).uncheck();
    expect(await headerKeys(page)).toEqual(['id', 'customer', 'status', 'amount', 'qty', 'share', 'note']);
    // Keyboard: the move-up button of Note, pressed twice with Enter.
    await dialog.getByRole('button', { name: 'Move Note up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await headerKeys(page)).toEqual(['id', 'customer', 'status', 'amount', 'note', 'qty', 'share']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.$$eval('tbody tr[data-cm-row-index]:first-child td', (tds) => tds.map((td) => td.getAttribute('data-cm-col-key')))).toEqual(['id', 'customer', 'status', 'amount', 'note', 'qty', 'share']);

    await page.reload();
    await ready(page);
    await expect.poll(() => headerKeys(page)).toEqual(['id', 'customer', 'status', 'amount', 'note', 'qty', 'share']);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('dialog', { name: 'Columns' }).getByRole('button', { name: 'Reset columns', exact: true }).click();
    expect(await headerKeys(page)).toEqual(['id', 'customer', 'city', 'status', 'amount', 'qty', 'share', 'note']);
    await saveScreenshot(page, 'simple-table-column-menu');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('saves a resized, reordered layout as a preset and applies it back with the keyboard alone, the preset kept across a reload', async () => {
    const { page, errors } = await open('rows=300&pinia=1');
    const presets = page.locator('[data-gv-presets] .gv-menu__button');
    await presets.waitFor();
    const handle = page.getByRole('separator', { name: 'Resize Customer' });
    const start = Number(await handle.getAttribute('aria-valuenow'));
    await handle.focus();
    await page.keyboard.press('Shift+ArrowRight');
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(start + 50);

    await presets.focus();
    await page.keyboard.press('Enter');
    const name = page.getByRole('textbox', { name: 'Save the current layout as' });
    await name.focus();
    await page.keyboard.type('Wide customer');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-gv-preset]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-preset')))).toEqual(['Wide customer']);
    await page.keyboard.press('Escape');

    // Back to the columns' own layout from the column menu, then the preset by keyboard.
    const columnsButton = page.getByRole('button', { name: 'Columns', exact: true });
    await columnsButton.click();
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await dialog.getByRole('button', { name: 'Reset columns', exact: true }).click();
    await page.keyboard.press('Escape');
    // The dialog's close event is a task of its own, and the opener takes focus back then: a reader
    // moves on once the dialog is gone, and so does the test (else that focus lands after ours).
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => columnsButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(start);
    await presets.focus();
    await page.keyboard.press('Enter');
    expect(await presets.getAttribute('aria-expanded')).toBe('true');
    await page.locator('[data-gv-preset="Wide customer"] [data-gv-preset-apply]').focus();
    await page.keyboard.press('Enter');
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(start + 50);
    await expect.poll(() => page.locator('[data-cm-announcer]').textContent()).toBe('Preset "Wide customer" applied');

    await page.reload();
    await ready(page);
    await page.locator('[data-gv-presets] .gv-menu__button').click();
    await expect.poll(() => page.locator('[data-gv-preset]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-preset')))).toEqual(['Wide customer']);
    const menuScan = await axeScan(page, { include: '[data-gv-presets]' });
    expect(seriousViolations(menuScan)).toEqual([]);
    await saveScreenshot(page, 'simple-table-presets');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('groups 100,000 windowed rows into sections with totals that collapse and expand, search and sort within groups', async () => {
    const { page, errors } = await open('rows=100000&group=city&pinia=1');
    const groups = () => page.$$eval('tbody tr[data-cm-group]', (trs) => trs.map((tr) => tr.getAttribute('data-cm-group')));
    // Group row, column row, 100,000 rows and 10 section headers.
    expect(await page.getAttribute('table', 'aria-rowcount')).toBe(String(2 + 100_000 + 10));
    expect(await page.locator('tbody tr[data-cm-row-index]').count()).toBeLessThan(60);
    expect((await groups())[0]).toBe('Dnipro');
    const dnipro = page.locator('tr[data-cm-group="Dnipro"]');
    const toggle = dnipro.getByRole('button', { name: 'Dnipro (10,000 rows)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The whole total is the tooltip (and what a screen reader hears); a sum wider than its column
    // is drawn compact ("$495M") rather than cut.
    expect(await dnipro.locator('[data-cm-total="amount"]').getAttribute('title')).toMatch(/^Sum \$[\d,]+\.\d\d$/);
    expect(await dnipro.locator('[data-cm-total="amount"] .gv-table__group-value').textContent()).toMatch(/^\$[\d,]+\.\d\d$|^\$\d+(\.\d+)?[KMBT]$/);
    expect(await dnipro.locator('[data-cm-total="qty"]').getAttribute('title')).toMatch(/^Sum [\d,]+$/);
    expect(new Set(await cells(page, 'city'))).toEqual(new Set(['Dnipro']));

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getAttribute('table', 'aria-rowcount')).toBe(String(2 + 90_000 + 10));
    // The next group follows right after the collapsed header.
    expect((await groups()).slice(0, 2)).toEqual(['Dnipro', 'Kharkiv']);
    await expect.poll(() => page.textContent('[data-cm-announcer]')).toBe('Dnipro collapsed');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getAttribute('table', 'aria-rowcount')).toBe(String(2 + 100_000 + 10));
    await toggle.click();

    // Scrolled into the middle: rows of the middle groups are drawn under their header.
    await page.$eval('.gv-table__scroll', (el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    await expect.poll(async () => Number(await page.getAttribute('tbody tr[data-cm-row-index]', 'aria-rowindex'))).toBeGreaterThan(40_000);

    // Search narrows the rows and the totals; sorting orders rows within each group.
    await page.getByLabel('Search the table').fill('paid');
    await page.getByRole('button', { name: 'Amount', exact: true }).click();
    expect(await page.$eval('.gv-table__scroll', (el) => el.scrollTop)).toBe(0);
    // Windowed: the collapsed Dnipro header, then Kharkiv's header and its first rows fill the screen.
    expect(await groups()).toEqual(['Dnipro', 'Kharkiv']);
    expect(new Set(await cells(page, 'status'))).toEqual(new Set(['paid']));
    const kharkiv = (await cells(page, 'city')).filter((city) => city === 'Kharkiv');
    expect(kharkiv.length).toBeGreaterThan(5);
    const firstAmounts = await page.$$eval('tbody tr[data-cm-row-index] td[data-cm-col-key="amount"]', (tds) => tds.map((td) => td.textContent ?? ''));
    const numbers = firstAmounts.map(amountOf);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(await page.locator('tr[data-cm-group="Dnipro"] button').getAttribute('aria-expanded')).toBe('false');

    // Collapsed sections are kept in page state.
    await page.reload();
    await ready(page);
    await expect.poll(() => page.locator('tr[data-cm-group="Dnipro"] button').getAttribute('aria-expanded')).toBe('false');
    const scan = await axeScan(page, { include: '[data-cm-simple-table]' });
    expect(seriousViolations(scan)).toEqual([]);
    await saveScreenshot(page, 'simple-table-sections-100k');
    expect(errors).toEqual([]);
    await page.close();
  });
});
