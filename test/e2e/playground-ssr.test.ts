/**
 * The playground's server-rendered report in a browser with JavaScript switched off: the KPIs, the
 * table and the three charts (SVG drawn by ECharts on the server) are all there, in English and
 * Ukrainian, light and dark. Also the app's page that frames it and shows a lazy fragment.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateSales, summariseByMonthAndRegion } from '../../playground/shared/data';
import { saveScreenshot } from './helpers/browser';
import { E2E_DEMO_ROWS, openPlaygroundPage } from './helpers/playground';
import { usePlayground } from './helpers/playground-fixture';

const summary = summariseByMonthAndRegion(generateSales(E2E_DEMO_ROWS));
const revenue = summary.reduce((sum, row) => sum + row.amount, 0);

const app = usePlayground({ browser: true });

/** A page of a context that runs no JavaScript at all. */
async function pageWithoutJs(): Promise<Page> {
  return (await app.newPage({ javaScriptEnabled: false })).page;
}

describe('playground server-rendered page with JavaScript disabled', () => {
  it('shows the title, KPIs, every summary row and three SVG charts', async () => {
    const page = await pageWithoutJs();
    const response = await page.goto(`${app.server.url}/ssr`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.locator('.gv-view__title').textContent()).resolves.toBe('Regional monthly report');
    await expect(page.locator('.gv-kpi').count()).resolves.toBe(4);
    const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
    // Shown compact; the exact sum is the tooltip of the server-rendered value too.
    // The card labelled exactly "Revenue" ("Top monthly revenue of a region" holds the word too).
    await expect(page.locator('.gv-kpi').filter({ has: page.getByText('Revenue', { exact: true }) }).locator('.gv-kpi__value').getAttribute('title')).resolves.toContain(
      money.format(revenue),
    );
    await expect(page.locator('.gv-view__table tbody tr').count()).resolves.toBe(summary.length);

    const charts = page.locator('.gv-chart');
    await expect(charts.count()).resolves.toBe(3);
    for (const chart of await charts.all()) {
      const svg = chart.locator('svg').first();
      const box = await svg.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(100);
      // Drawn shapes, not an empty frame.
      expect(await chart.locator('svg path').count()).toBeGreaterThan(3);
    }
    // The page carries no script of its own.
    await expect(page.locator('script').count()).resolves.toBe(0);
    await saveScreenshot(page, 'ssr');
    await page.context().close();
  });

  it('renders in Ukrainian and dark through plain links', async () => {
    const page = await pageWithoutJs();
    await page.goto(`${app.server.url}/ssr`);
    await page.locator('a', { hasText: 'Українська' }).click();
    await page.waitForURL(/lang=uk/);
    await page.locator('a', { hasText: 'Темна' }).click();
    await page.waitForURL(/theme=dark/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('uk');
    await expect(page.locator('html').getAttribute('data-gv-theme')).resolves.toBe('dark');
    await expect(page.locator('.gv-view__title').textContent()).resolves.toBe('Регіональний місячний звіт');
    await expect(page.locator('.gv-view__table thead').textContent()).resolves.toContain('Регіон');
    // The data in the reader's language too: the regions of the table and of the charts.
    const regions = new Set(await page.locator('.gv-view__table tbody td[data-cm-col-key="region"]').allTextContents());
    expect(regions).toEqual(new Set(['Північ', 'Південь', 'Схід', 'Захід', 'Центр']));
    await expect(page.locator('.gv-chart', { hasText: 'Регіон' }).first().locator('svg >> visible=true').textContent()).resolves.toContain('Південь');
    await expect(page.locator('.gv-chart svg').count()).resolves.toBeGreaterThanOrEqual(3);
    // Ukrainian number text: a non-breaking space groups the thousands.
    await expect(page.locator('.gv-kpi', { hasText: 'Замовлення' }).locator('.gv-kpi__value').textContent()).resolves.toMatch(new RegExp(`(^|\\D)${E2E_DEMO_ROWS / 1000}\\s000(\\D|$)`));
    await saveScreenshot(page, 'ssr-uk-dark');
    await page.context().close();
  });
});

describe('playground page around the server-rendered report', () => {
  it('frames the report without scripts and shows the lazy KPI fragment of a region', async () => {
    const { context, page, errors } = await app.newPage();
    await openPlaygroundPage(page, app.server.url, 'ssr');
    const report = page.frameLocator('[data-testid="ssr-frame"]');
    await report.locator('.gv-chart svg >> visible=true').first().waitFor();
    await expect(report.locator('.gv-chart').count()).resolves.toBe(3);

    await page.locator('[data-testid="lazy-region"]').selectOption('West');
    const lazy = page.frameLocator('[data-testid="lazy-frame"]');
    await lazy.locator('.gv-kpi').first().waitFor();
    const westOrders = generateSales(E2E_DEMO_ROWS).filter((row) => row.region === 'West').length;
    await expect(lazy.locator('.gv-kpi', { hasText: 'Orders' }).locator('.gv-kpi__value').textContent()).resolves.toContain(
      new Intl.NumberFormat('en').format(westOrders),
    );
    // The region's code stays the option's value; a Ukrainian reader picks it by its Ukrainian name.
    await page.locator('[data-testid="locale-switch"]').selectOption('uk');
    await page.locator('[data-testid="lazy-region"] option', { hasText: 'Захід' }).waitFor({ state: 'attached' });
    await expect(page.locator('[data-testid="lazy-region"]').inputValue()).resolves.toBe('West');
    await lazy.locator('.gv-kpi', { hasText: 'Замовлення' }).locator('.gv-kpi__value', { hasText: new RegExp(new Intl.NumberFormat('uk').format(westOrders).replace(/\s/g, '\\s')) }).waitFor();
    await saveScreenshot(page, 'ssr-page');
    expect(errors).toEqual([]);
    await context.close();
  });
});
