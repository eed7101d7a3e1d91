/**
 * GridViewMessage in real Chromium, on a chat page this file writes and builds from the sources
 * (`.tmp/e2e-grid-view-message/`, the plugin's async `GridViewMessage` as an app registers it): a
 * report with a wide table of large numbers, a small table sent as one JSON string, a message that
 * is not JSON, and a message full of markup. At 360 px and in a 420 px chat column, in English and
 * Ukrainian, light and dark: no sideways page scroll, the wide table scrolls inside its own box,
 * numbers whole, nothing out of its card, readable text, focus visible, axe-core clean; Copy puts
 * tab-separated text of the rows the table shows on the real clipboard; the XLSX export downloads
 * those rows; the invalid message shows its coded card; hostile values stay text. Screenshots:
 * test-results/screenshots/grid-view-message-*.png. Every wait is on a condition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as XLSX from 'xlsx';
import { launchChromium, openPage, saveScreenshot, waitUntil } from './helpers/browser';
import { buildFixturePage, serveStatic, type StaticServer } from './helpers/static-site';
import { axeViolations, chartsSettled, focusWithoutIndicator, layoutProblems } from './helpers/layout';

const ROOT = process.cwd();
const FIXTURE = join(ROOT, '.tmp', 'e2e-grid-view-message');
const SOURCE = join(FIXTURE, 'src');

/** The small table of the second message: what Copy must put on the clipboard, checked by hand below. */
const SMALL_ROWS = [
  { region: 'North', orders: 12, revenue: 1234.5 },
  { region: 'South', orders: 7, revenue: 98765.25 },
  { region: 'East', orders: 1530, revenue: -42 },
];

/** The chat page: messages rendered by the plugin's async GridViewMessage; `?lang`, `?theme`, `?column`. */
const MAIN = (library: string): string => `
import { createApp, h, resolveComponent } from 'vue';
import '${library}/src/style.css';
import { GridViewPlugin } from '${library}/src/index';

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'uk' ? 'uk' : 'en';
document.documentElement.lang = lang;
document.documentElement.setAttribute('data-gv-theme', params.get('theme') === 'dark' ? 'dark' : 'light');
const column = Number(params.get('column') ?? 0);

const EVIL = '<img src=x onerror="window.__pwned=1">';
const CLOSE = '</script><script>window.__pwned=2</script>';
const regions = ['North', 'South', 'East', 'West'];
const managers = ['Olena Kovalenko-Shevchenko', 'Bohdan Melnyk', 'Iryna Bondarenko', 'Taras Hrytsenko'];
const wide = Array.from({ length: 30 }, (_, i) => ({
  id: 10000 + i,
  region: regions[i % 4],
  manager: managers[(i * 3) % 4],
  product: 'Product ' + String.fromCharCode(65 + (i % 7)),
  units: 100 + ((i * 37) % 900),
  amount: 1000000 + ((i * 7919) % 98000000) + 0.5,
  margin: ((i * 13) % 40) / 100 - 0.05,
  day: '2026-0' + ((i % 9) + 1) + '-1' + (i % 10),
}));
const report = {
  type: 'grid_view_spec',
  spec: {
    grid_id: 'revenue',
    title: 'Revenue by region in 2025',
    columns: [
      { key: 'id', label: 'Order', format: 'text' },
      { key: 'region', label: 'Region' },
      { key: 'manager', label: 'Manager' },
      { key: 'product', label: 'Product' },
      { key: 'units', label: 'Units', format: 'number' },
      { key: 'amount', label: 'Amount', format: 'currency' },
      { key: 'margin', label: 'Margin', format: 'percent' },
      { key: 'day', label: 'Day' },
    ],
    kpis: [
      { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency', icon: 'money', tone: 'good' },
      { label: 'Orders', aggregate: 'count', icon: 'cart' },
      { label: 'Average margin', column_key: 'margin', aggregate: 'avg', format: 'percent' },
    ],
    charts: [{ id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }], height: 240 }],
    export_xlsx: true,
  },
  rows: wide,
};
const small = JSON.stringify({
  type: 'grid_view_spec',
  spec: {
    grid_id: 'orders',
    title: 'Orders per region',
    columns: [
      { key: 'region', label: 'Region' },
      { key: 'orders', label: 'Orders', format: 'number' },
      { key: 'revenue', label: 'Revenue', format: 'currency' },
    ],
    export_xlsx: true,
  },
  rows: ${JSON.stringify(SMALL_ROWS)},
});
const hostile = {
  type: 'grid_view_spec',
  spec: {
    grid_id: 'hostile',
    title: 'Notes ' + EVIL + ' ' + CLOSE,
    columns: [
      { key: 'who', label: 'Who ' + EVIL },
      { key: 'note', label: CLOSE },
      { key: 'n', label: 'N', format: 'number' },
    ],
    // No KPIs: a second KPI strip on the page would be a second region named "Key figures"
    // (KpiStrip's one name), which axe's landmark-unique refuses; see the report on issue 25.
  },
  rows: [
    { who: EVIL, note: CLOSE, n: 1 },
    { who: CLOSE, note: '=HYPERLINK("http://example.com","x")', n: -2 },
  ],
};
const chat = [
  { id: 'm-report', question: 'Revenue by region in 2025?', message: report, format: 'report' },
  { id: 'm-small', question: 'Orders per region?', message: small, format: 'table' },
  { id: 'm-broken', question: 'And the rest?', message: '{"type": "grid_view", "artifact": ', format: null },
  { id: 'm-hostile', question: 'Any notes?', message: hostile, format: 'table' },
];
const state = { opened: [] };
window.__gvm = state;

createApp({
  setup() {
    const Message = resolveComponent('GridViewMessage');
    return () =>
      h('main', { class: 'chat', style: column ? { maxWidth: column + 'px' } : undefined }, [
        h('h1', lang === 'uk' ? 'Помічник із продажів' : 'Sales assistant'),
        h('h2', lang === 'uk' ? 'Розмова' : 'Conversation'),
        h('ol', { class: 'log' }, chat.map((entry) =>
          h('li', { id: entry.id, class: 'turn' }, [
            h('p', { class: 'question' }, entry.question),
            h(Message, { message: entry.message, format: entry.format, onOpenFullView: (artifact) => state.opened.push(artifact.gridId) }),
          ]),
        )),
      ]);
  },
}).use(GridViewPlugin, { locale: lang, currency: lang === 'uk' ? 'UAH' : 'USD' }).mount('#app');
`;

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>GridViewMessage in a chat</title>
    <style>
      body { margin: 0; background: var(--gv-color-bg); color: var(--gv-color-text); font-family: var(--gv-font); }
      .chat { box-sizing: border-box; margin: 0 auto; padding: 12px; min-width: 0; }
      .chat h1 { font-size: 1.25rem; margin: 0 0 4px; }
      .chat h2 { font-size: 1rem; margin: 0 0 12px; color: var(--gv-color-text-muted); }
      .log { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 16px; }
      .turn { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
      .question { margin: 0; align-self: flex-end; padding: 6px 10px; border-radius: 12px; background: var(--gv-color-surface-2); }
    </style>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="./main.ts"></script>
  </body>
</html>
`;

let server: StaticServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  mkdirSync(SOURCE, { recursive: true });
  writeFileSync(join(SOURCE, 'index.html'), INDEX);
  writeFileSync(join(SOURCE, 'main.ts'), MAIN(relative(SOURCE, ROOT).split('\\').join('/')));
  server = await serveStatic(await buildFixturePage(SOURCE, join(FIXTURE, 'out')));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Config {
  width: number;
  /** The chat column's width; 0: the whole viewport. */
  column: number;
  lang: 'en' | 'uk';
  theme: 'light' | 'dark';
}

const CONFIGS: Config[] = [
  { width: 360, column: 0, lang: 'en', theme: 'light' },
  { width: 360, column: 0, lang: 'uk', theme: 'dark' },
  { width: 1024, column: 420, lang: 'en', theme: 'dark' },
  { width: 1024, column: 420, lang: 'uk', theme: 'light' },
];

const nameOf = (config: Config): string => `${config.column || config.width}-${config.lang}-${config.theme}`;

/** Opens the chat page and waits until every message is drawn, fonts are in and the charts have settled. */
async function openChat(config: Config, context?: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const opened = context ? { page: await context.newPage(), errors: [] as string[] } : await openPage(browser!, { viewport: { width: config.width, height: 900 } });
  const { page } = opened;
  if (context) page.on('pageerror', (error) => opened.errors.push(error.message));
  await page.goto(`${server!.url}/?lang=${config.lang}&theme=${config.theme}&column=${config.column}`);
  await waitUntil(page, () => document.querySelectorAll('[data-gv-message-state]').length === 4 && document.querySelectorAll('.gv-table tbody tr[data-cm-row-index]').length > 0);
  await page.evaluate(() => document.fonts.ready);
  await chartsSettled(page);
  return opened;
}

describe('GridViewMessage in a chat column', () => {
  for (const config of CONFIGS) {
    it(`${nameOf(config)}: fits the column, wide table scrolls in its box, numbers whole, readable, focus visible, axe clean`, async () => {
      const { page, errors } = await openChat(config);
      try {
        await saveScreenshot(page, `grid-view-message-${nameOf(config)}`);
        const problems = await layoutProblems(page, 11);
        const axe = await axeViolations(page);
        const focus = await focusWithoutIndicator(page);
        expect({ problems, axe, focus }).toEqual({ problems: [], axe: [], focus: [] });
        const box = await page.evaluate(() => {
          const scroller = document.querySelector('#m-report .gv-table__scroll') as HTMLElement;
          const article = document.querySelector('#m-report article') as HTMLElement;
          return {
            page: document.documentElement.scrollWidth - window.innerWidth,
            article: article.getBoundingClientRect().width,
            scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
            scrollerWidth: scroller.getBoundingClientRect().width,
            title: parseFloat(getComputedStyle(document.querySelector('#m-report .gv-view__title')!).fontSize),
            // The search box and its "?" on one line: the help button alone on a line looked broken.
            helpBesideBox: (() => {
              const input = document.querySelector('#m-report .gv-table__search-input')!.getBoundingClientRect();
              const help = document.querySelector('#m-report .gv-table__search .gv-search-help__button')!.getBoundingClientRect();
              return help.top < input.bottom && help.bottom > input.top && help.left >= input.right;
            })(),
          };
        });
        expect(box.helpBesideBox).toBe(true);
        expect(box.page).toBeLessThanOrEqual(0);
        expect(box.article).toBeLessThanOrEqual((config.column || config.width) + 0.5);
        expect(box.scrolls).toBe(true);
        expect(box.scrollerWidth).toBeLessThanOrEqual(box.article);
        // Smaller than a page view's title (1.375rem, 22px), still a heading.
        expect(box.title).toBe(17);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('copies the rows the table shows, in its current order, as tab-separated text on the clipboard', async () => {
    const context = await browser!.newContext({ viewport: { width: 1024, height: 900 } });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.url });
      const { page, errors } = await openChat({ width: 1024, column: 420, lang: 'en', theme: 'light' }, context);
      // Sort by revenue, descending as the reader asks for it: the copy follows what is shown.
      const sort = page.locator('#m-small th[data-cm-col-key="revenue"] button').first();
      await sort.click();
      await waitUntil(page, () => document.querySelector('#m-small th[data-cm-col-key="revenue"]')?.getAttribute('aria-sort') !== null && document.querySelector('#m-small th[data-cm-col-key="revenue"]')?.getAttribute('aria-sort') !== 'none');
      const shownRegions = await page.$$eval('#m-small tbody td[data-cm-col-key="region"]', (cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));
      const copy = page.locator('#m-small [data-gv-message-action="copy"]');
      await copy.focus();
      await page.keyboard.press('Enter');
      await waitUntil(page, () => (document.querySelector('#m-small [data-gv-message-status]')?.textContent ?? '') !== '');
      expect(await page.locator('#m-small [data-gv-message-status]').textContent()).toBe('Copied 3 rows');
      const pasted = await page.evaluate(() => navigator.clipboard.readText());
      const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
      const byRegion = new Map(SMALL_ROWS.map((row) => [row.region, row]));
      const expected = ['Region\tOrders\tRevenue', ...shownRegions.map((region) => {
        const row = byRegion.get(region)!;
        return `${row.region}\t${row.orders.toLocaleString('en')}\t${money.format(row.revenue)}`;
      })];
      expect(pasted.split('\r\n')).toEqual(expected);
      expect(shownRegions).not.toEqual(SMALL_ROWS.map((row) => row.region));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('downloads the rows the table shows as XLSX, and hands the host the artifact to open in full', async () => {
    const context = await browser!.newContext({ viewport: { width: 1024, height: 900 }, acceptDownloads: true });
    try {
      const { page, errors } = await openChat({ width: 1024, column: 420, lang: 'en', theme: 'light' }, context);
      await page.locator('#m-small input[data-cm-search]').fill('south');
      await waitUntil(page, () => document.querySelector('#m-small [data-cm-simple-table]')?.getAttribute('data-cm-visible-rows') === '1');
      const download = page.waitForEvent('download');
      await page.locator('#m-small [data-gv-message-action="xlsx"]').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('orders.xlsx');
      const book = XLSX.read(await readFile(await file.path()));
      expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([
        ['Region', 'Orders', 'Revenue'],
        ['South', 7, 98765.25],
      ]);
      await waitUntil(page, () => document.querySelector('#m-small [data-gv-message-status]')?.textContent === 'The file is ready');
      await page.locator('#m-report [data-gv-message-action="open"]').click();
      expect(await page.evaluate(() => (window as unknown as { __gvm: { opened: string[] } }).__gvm.opened)).toEqual(['revenue']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a coded card for a message that is not JSON, and keeps hostile values as text', async () => {
    const { page, errors } = await openChat({ width: 360, column: 0, lang: 'en', theme: 'light' });
    try {
      const broken = page.locator('#m-broken [data-gv-message-error]');
      expect(await broken.getAttribute('data-gv-code')).toBe('message_not_json');
      expect(await broken.locator('.gv-message__error-sentence').textContent()).toBe('This message could not be read: it is not valid JSON.');
      expect(await page.locator('#m-broken .gv-view').count()).toBe(0);
      // The rest of the chat is whole.
      expect(await page.locator('#m-hostile [data-gv-message-state="view"]').count()).toBe(1);
      const probe = await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: number }).__pwned,
        elements: document.querySelectorAll('#m-hostile img, #m-hostile script, main script').length,
        title: document.querySelector('#m-hostile .gv-view__title')?.textContent,
        cells: Array.from(document.querySelectorAll('#m-hostile tbody td'), (cell) => cell.textContent),
        label: document.querySelector('#m-hostile article')?.getAttribute('aria-label'),
      }));
      expect(probe.pwned).toBeUndefined();
      expect(probe.elements).toBe(0);
      expect(probe.title).toBe('Notes <img src=x onerror="window.__pwned=1"> </script><script>window.__pwned=2</script>');
      expect(probe.cells.slice(0, 2)).toEqual(['<img src=x onerror="window.__pwned=1">', '</script><script>window.__pwned=2</script>']);
      expect(probe.label).toBe('View in a message: Notes <img src=x onerror="window.__pwned=1"> </script><script>window.__pwned=2</script>');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
