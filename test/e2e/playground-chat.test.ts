/**
 * The playground's chat page against the real server: questions in words become planner output,
 * which the library's planner flow checks and runs read-only on the big table's SQLite file; the
 * answers are `GridViewMessage`s whose values must equal the same SQL run here, independently, on
 * the same file. A follow-up edits the last view with a JSON Patch, and planner output that asks
 * for a write, an `ATTACH` or two statements is refused with its code on screen while the database
 * stays as it was.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot } from './helpers/browser';
import { openPlaygroundPage } from './helpers/playground';
import { usePlayground } from './helpers/playground-fixture';
import { axeViolations } from './helpers/layout';
import { formatValue } from '../../src/core/format';

const playground = usePlayground({ browser: true });

let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ context, page, errors } = await playground.newPage());
  await openPlaygroundPage(page, playground.server.url, 'chat');
});

afterAll(async () => {
  await context?.close();
});

/** The same file the server answers from, opened read-only here. */
function query<T>(sql: string): T[] {
  const db = new Database(join(playground.server.dataDir, 'big-table.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** Sends `text` by typing it, as a reader does, and waits for the assistant's answer to it. */
async function ask(text: string): Promise<ReturnType<Page['locator']>> {
  const before = await page.locator('[data-testid="chat-assistant"]').count();
  await page.getByLabel(/Your question|Ваше запитання/).fill(text);
  await page.getByLabel(/Your question|Ваше запитання/).press('Enter');
  const answer = page.locator('[data-testid="chat-assistant"]').nth(before);
  await answer.waitFor();
  return answer;
}

/** The cells of the answer's table, row by row (the windowed table shows the few rows asked here whole). */
async function cells(answer: ReturnType<Page['locator']>): Promise<string[][]> {
  await answer.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
  return answer.locator('.gv-table tbody tr[data-cm-row-index]').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('the chat page', () => {
  it('answers three questions with views whose values are what the SQL gives', async () => {
    const revenue = await ask('Revenue by region in 2025');
    const expectedRevenue = query<{ region: string; revenue: number }>(
      "SELECT region, ROUND(SUM(amount), 2) AS revenue FROM big_orders WHERE sold_on >= '2025-01-01' AND sold_on < '2026-01-01' GROUP BY 1 ORDER BY 2 DESC",
    );
    expect(expectedRevenue.length).toBe(5);
    expect(await cells(revenue)).toEqual(expectedRevenue.map((row) => [row.region, money.format(row.revenue)]));
    expect(await revenue.locator('.gv-chart').getAttribute('data-gv-chart-type')).toMatch(/bar/);

    const managers = await ask('Top 10 managers by margin');
    const expectedManagers = query<{ manager: string; margin: number }>('SELECT manager, AVG(margin) AS margin FROM big_orders GROUP BY 1 ORDER BY 2 DESC LIMIT 10');
    const shown = await cells(managers);
    expect(shown.map((row) => row[0])).toEqual(expectedManagers.map((row) => row.manager));
    // Percents as the table writes them ("22.5%"): within the rounding of what is shown.
    shown.forEach((row, i) => expect(Math.abs(Number((row[1] ?? '').replace('%', '')) / 100 - (expectedManagers[i]?.margin ?? NaN))).toBeLessThan(0.0006));

    const months = await ask('Orders per month as a line chart');
    const expectedMonths = query<{ month: string; orders: number }>('SELECT substr(sold_on, 1, 7) AS month, COUNT(*) AS orders FROM big_orders GROUP BY 1 ORDER BY 1');
    const monthCells = await cells(months);
    expect(monthCells.length).toBe(expectedMonths.length);
    expect(monthCells.slice(0, 3)).toEqual(expectedMonths.slice(0, 3).map((row) => [row.month, new Intl.NumberFormat('en-US').format(row.orders)]));
    expect(await months.locator('.gv-chart').getAttribute('data-gv-chart-type')).toBe('line');
    expect(await months.locator('.gv-chart canvas, .gv-chart svg').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'playground-chat-1440-en-light');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('redraws the last view as a pie chart when asked, with the same rows', async () => {
    const before = await cells(page.locator('[data-testid="chat-assistant"]').last());
    const edited = await ask('As a pie chart');
    expect(await edited.locator('.pg-chat__text').textContent()).toMatch(/chart changed/);
    await expect.poll(() => edited.locator('.gv-chart').getAttribute('data-gv-chart-type')).toBe('pie');
    expect(await cells(edited)).toEqual(before);
    // The patch is shown as what the planner sent.
    expect(await edited.locator('.pg-chat__plan pre').textContent()).toContain('"/charts/0/chart_type"');
    expect(errors).toEqual([]);
  });

  it('refuses a write, an ATTACH and two statements with their codes on screen, and the database stays as it was', async () => {
    const count = () => query<{ n: number; last: number }>('SELECT COUNT(*) AS n, MAX(id) AS last FROM big_orders')[0];
    const before = count();
    const attached = join(playground.server.dataDir, 'stolen.sqlite');
    const plans = [
      ['{"sql": "DELETE FROM big_orders", "purpose": "Remove every order", "format": "table"}', 'sql_not_read_only'],
      [`{"sql": "ATTACH DATABASE '${attached.replace(/\\/g, '/')}' AS x", "purpose": "Copy the data", "format": "table"}`, 'sql_not_read_only'],
      ['{"sql": "SELECT 1; DELETE FROM big_orders", "purpose": "Two statements", "format": "table"}', 'sql_statement_chain'],
      ['{"sql": "SELECT 1", "purpose": "Rows too", "format": "table", "rows": [[1]]}', 'forbidden_rows'],
    ] as const;
    for (const [plan, code] of plans) {
      const answer = await ask(plan);
      await expect(answer.locator('[data-testid="chat-issues"] code').first().textContent()).resolves.toBe(code);
      expect(await answer.locator('.gv-table').count()).toBe(0);
    }
    // The example button sends the same DELETE: refused again.
    await page.locator('[data-example="delete"]').click();
    await expect.poll(() => page.locator('[data-testid="chat-assistant"]').last().locator('[data-testid="chat-issues"] code').first().textContent()).toBe('sql_not_read_only');
    expect(count()).toEqual(before);
    expect(existsSync(attached)).toBe(false);
    // Screen readers hear the refusal's code in the status line.
    expect(await page.locator('[data-testid="chat-status"]').textContent()).toMatch(/sql_not_read_only/);
    expect(errors).toEqual([]);
  });

  it('answers in Ukrainian in a Ukrainian page, with Ukrainian headers and numbers, fitting a phone', async () => {
    const phone = await playground.newPage({ viewport: { width: 360, height: 800 } });
    try {
      await openPlaygroundPage(phone.page, playground.server.url, 'chat');
      await phone.page.locator('select').first().selectOption('uk');
      await phone.page.locator('[data-example="revenue"]').click();
      const answer = phone.page.locator('[data-testid="chat-assistant"]').first();
      await answer.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
      expect(await answer.locator('.gv-table thead th').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/Регіон/), expect.stringMatching(/Виручка/)]));
      // The words the planner flow writes into the view are Ukrainian too.
      expect(await answer.locator('.gv-kpi__label').allTextContents()).toEqual(['Рядки', 'Усього: виручка']);
      const expected = query<{ region: string; revenue: number }>(
        "SELECT region_uk AS region, ROUND(SUM(amount), 2) AS revenue FROM big_orders WHERE sold_on >= '2025-01-01' AND sold_on < '2026-01-01' GROUP BY 1 ORDER BY 2 DESC",
      );
      const first = await answer.locator('.gv-table tbody tr[data-cm-row-index]').first().locator('td').allTextContents();
      expect(first[0]?.trim()).toBe(expected[0]?.region);
      // As the library writes money for a Ukrainian reader (one implementation: the core's formatValue).
      expect(first[1]?.trim()).toBe(formatValue(expected[0]?.revenue, 'currency', { locale: 'uk', currency: 'USD' }));
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.page.locator('[data-testid="theme-switch"] input[data-theme="dark"]').check();
      await saveScreenshot(phone.page, 'playground-chat-360-uk');
      expect(await axeViolations(phone.page)).toEqual([]);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
