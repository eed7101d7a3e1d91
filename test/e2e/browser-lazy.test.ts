/**
 * Lazy blocks in Chromium: a page the server wrote with `lazyPlaceholder` and the browser bundle
 * (built here from the sources with the library's own `iife` build, as test/e2e/browser-bundle.test.ts
 * does), served with the package's real server handler (`createGridViewHandler` on `node:http`) and
 * its lazy route. A block is requested only once scrolled near, its view hydrates and sorts, a block
 * the server fails on offers "Load again" and loads when pressed, nothing in a fragment runs (a
 * `<script>`, an `<img onerror>` row value), removed placeholders are forgotten, htmx swaps are
 * followed, the page reads without JavaScript, and axe finds nothing serious.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import type * as Ssr from '../../src/ssr';
import type * as ServerEntry from '../../src/server';
import type * as Components from '../../src/index';
import type { GridViewSpecWire, Row } from '../../src/core/types';
import { launchChromium, openPage, saveScreenshot, waitUntil } from './helpers/browser';
import { newestMtime } from './helpers/static-site';
import { axeScan, type AxeViolation } from './helpers/layout';
import { buildBrowserBundle } from './helpers/browser-bundle-build';

const ATTACK = '<img src=x onerror="window.__pwned=1">';
const SPEC: GridViewSpecWire = {
  grid_id: 'orders',
  title: 'Orders',
  columns: [
    { key: 'id', label: 'Order' },
    { key: 'product', label: 'Product' },
    { key: 'amount', label: 'Amount', format: 'currency' },
  ],
};
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: `SO-${String(i + 1).padStart(3, '0')}`,
  product: i === 0 ? ATTACK : i % 2 === 0 ? 'Laptop' : 'Mouse',
  amount: 1000 + ((i * 7919) % 97) * 13.5,
}));
const NOTES_SPEC: GridViewSpecWire = { grid_id: 'notes', title: 'Notes', columns: [{ key: 'note', label: 'Note' }] };

const OUT = resolve('.tmp', 'e2e-browser-lazy');

/**
 * The built package (dist/), as an application's server has it: `renderHtml` must write the markup
 * the bundle's client components hydrate (see builtSsr in browser-bundle.test.ts for why not the
 * sources). `npm test` builds dist/ first; run alone, this says when it is missing or stale.
 */
async function builtPackage(): Promise<{ ssr: typeof Ssr; server: typeof ServerEntry; components: typeof Components }> {
  const sources = Math.max(...['src', 'components', 'composables', 'stores'].map((dir) => newestMtime(resolve(dir))));
  const load = async <T,>(name: string): Promise<T> => {
    const entry = resolve('dist', `${name}.js`);
    if (!existsSync(entry) || statSync(entry).mtimeMs < sources) throw new Error('dist/ is missing or older than the sources: run `npm run build` first (`npm test` does)');
    return (await import(pathToFileURL(entry).href)) as T;
  };
  return { ssr: await load<typeof Ssr>('ssr'), server: await load<typeof ServerEntry>('server'), components: await load<typeof Components>('index') };
}

let browser: Browser;
let server: Server;
let origin: string;
/** Paths and queries of the lazy route's requests, in order; emptied before each test. */
const lazyRequests: string[] = [];
/** Errors the handler reported (the flaky block's first failure). */
const handlerErrors: unknown[] = [];
/** The `run` values the flaky block has already failed once for. */
const failedRuns = new Set<string>();

/** The block ids of the lazy requests so far. */
function requestedBlocks(): string[] {
  return lazyRequests.map((url) => new URL(url, 'http://x').searchParams.get('block') ?? '');
}

beforeAll(async () => {
  const { ssr, server: serverEntry, components } = await builtPackage();
  const { renderHtml, lazyBlockFromComponent, lazyPlaceholder, GRID_VIEW_STYLESHEET } = ssr;
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // The library's builds of the bundle with Vue's hydration mismatch details on, as in
  // browser-bundle.test.ts: a fragment that hydrates with a mismatch is a console warning the tests fail on.
  const bundleDir = join(OUT, 'bundle');
  await buildBrowserBundle(bundleDir);
  cpSync(resolve('node_modules/htmx.org/dist/htmx.min.js'), join(OUT, 'htmx.min.js'));
  const htmx = readFileSync(join(OUT, 'htmx.min.js'));

  const handler = serverEntry.createGridViewHandler({
    onError: (error) => handlerErrors.push(error),
    lazyBlocks: {
      // A live view: the fragment is renderHtml's hydratable markup (the page has the stylesheet).
      orders: () => renderHtml(SPEC, ROWS, { hydrate: true, stylesheet: 'none' }),
      // A read-only view from a component: a row value that is markup must stay text.
      notes: lazyBlockFromComponent(components.GridView, { spec: NOTES_SPEC, rows: [{ note: ATTACK }, { note: 'Second note' }], interactive: false }),
      // Markup the server wrote itself, with a script: the script must not run in the page.
      raw: () => '<p id="raw-text">Raw block</p><script>window.__ranScript = 1;</script>',
      far: () => '<p>Far down</p>',
      // Fails the first time for each `run`, as a database that is briefly away would.
      flaky: ({ params }) => {
        const run = params.get('run') ?? '';
        if (!failedRuns.has(run)) {
          failedRuns.add(run);
          throw new Error('the database is away');
        }
        return renderHtml(SPEC, ROWS.slice(0, 3), { hydrate: true, stylesheet: 'none', locale: 'uk' });
      },
    },
  });

  /** A document with the package stylesheet, `body`, and the bundle's tag (htmx's before it with `withHtmx`). */
  const page = (body: string, { lang = 'en', withHtmx = false } = {}): string =>
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Lazy blocks</title>` +
    `<style>${GRID_VIEW_STYLESHEET}</style></head><body><main><h1>Sales report</h1>${body}</main>` +
    // Views hydrate as soon as their block is in (not at the reader's first interaction, the default).
    `${withHtmx ? '<script src="/htmx.min.js"></script>' : ''}<script>window.GridView = { hydrate: 'load' };</script><script src="/grid-view.iife.js"></script></body></html>`;
  const spacer = '<div style="height:2400px"><p>The report starts with a long introduction.</p></div>';
  const pages: Record<string, (query: URLSearchParams) => string> = {
    '/': () =>
      page(
        spacer +
          lazyPlaceholder('/grid/lazy/?block=orders', { label: 'Orders', minHeight: 480 }) +
          lazyPlaceholder('/grid/lazy/?block=notes', { label: 'Notes' }) +
          lazyPlaceholder('/grid/lazy/?block=raw') +
          spacer +
          `<div id="far">${lazyPlaceholder('/grid/lazy/?block=far')}</div>`,
      ),
    '/flaky.html': (query) =>
      page(lazyPlaceholder(`/grid/lazy/?block=flaky&run=${encodeURIComponent(query.get('run') ?? '')}`, { label: 'Замовлення', locale: 'uk' }), { lang: 'uk' }),
    '/htmx.html': () => page(`<button hx-get="/swap.html" hx-target="#slot" hx-swap="innerHTML">Swap</button><div id="slot"></div>`, { withHtmx: true }),
    '/swap.html': () => lazyPlaceholder('/grid/lazy/?block=raw', { label: 'Swapped in' }),
  };
  const listener = serverEntry.toNodeHandler(handler, {
    fallback: (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const script = url.pathname === '/grid-view.iife.js' || /^\/(esm|iife-part)\/[\w./-]+\.js$/.test(url.pathname) ? join(bundleDir, url.pathname) : null;
      const body = script !== null && existsSync(script) ? readFileSync(script) : url.pathname === '/htmx.min.js' ? htmx : pages[url.pathname]?.(url.searchParams);
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': url.pathname.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' }).end(body);
    },
  });
  server = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/grid/lazy/')) lazyRequests.push(req.url ?? '');
    listener(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

beforeEach(() => {
  lazyRequests.length = 0;
  handlerErrors.length = 0;
});

/** `path` in a page of its own once the bundle has watched its placeholders; console errors and warnings collected. */
async function openSitePage(path: string, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
  const warnings: string[] = [];
  opened.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await opened.page.goto(`${origin}${path}`);
  await waitUntil(opened.page, 'window.GridView !== undefined && document.querySelector("[data-gv-lazy]:not([data-gv-lazy-state])") === null');
  return { tab: opened.page, context: opened.context, errors: opened.errors, warnings };
}

function seriousViolations(violations: readonly AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

const stateOf = (block: string): string => `document.querySelector('[data-gv-lazy-url*="block=${block}"]')?.getAttribute('data-gv-lazy-state')`;

describe('lazy blocks with the browser bundle', () => {
  it('requests a block only once it is scrolled near, then hydrates its view, which sorts', async () => {
    const { tab, context, errors, warnings } = await openSitePage('/');
    const orders = tab.locator('[data-gv-lazy-url*="block=orders"]');
    expect(await orders.getAttribute('data-gv-lazy-state')).toBe('waiting');
    expect(await orders.getAttribute('aria-busy')).toBe('true');
    await expect(orders.locator('[data-gv-lazy-status]').textContent()).resolves.toBe('Orders Loading…');
    // Far below the viewport: nothing is requested, however long the page waits.
    await tab.waitForTimeout(400);
    expect(lazyRequests).toEqual([]);
    await orders.scrollIntoViewIfNeeded();
    await waitUntil(tab, `${stateOf('orders')} === 'loaded' && window.GridView.mountedViews() === 1`);
    expect(requestedBlocks().filter((block) => block === 'orders')).toHaveLength(1);
    expect(requestedBlocks()).not.toContain('far');
    expect(await orders.getAttribute('aria-busy')).toBe('false');
    await expect(orders.locator('[data-gv-lazy-status]').textContent()).resolves.toBe('Orders Loaded.');
    // The hydrated table sorts.
    const firstId = () => orders.locator('.gv-table tbody tr td').first().textContent();
    expect(await firstId()).toBe('SO-001');
    await orders.locator('.gv-table thead th[data-cm-col-key="amount"] button').first().click();
    await expect.poll(() => orders.locator('.gv-table thead th[data-cm-col-key="amount"]').getAttribute('aria-sort')).toBe('ascending');
    const amounts = ROWS.map((row) => row.amount as number);
    await expect.poll(firstId).toBe(ROWS[amounts.indexOf(Math.min(...amounts))]?.id);
    await saveScreenshot(tab, 'browser-lazy-loaded');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await context.close();
  });

  it('never runs anything a fragment holds: a <script> or a row value such as <img onerror>', async () => {
    const { tab, context, errors } = await openSitePage('/');
    await tab.locator('[data-gv-lazy-url*="block=raw"]').scrollIntoViewIfNeeded();
    await waitUntil(tab, `${stateOf('notes')} === 'loaded' && ${stateOf('raw')} === 'loaded' && ${stateOf('orders')} === 'loaded'`);
    await expect(tab.locator('#raw-text').textContent()).resolves.toBe('Raw block');
    // The row value is text in both views, the live one and the read-only one from a component.
    await expect(tab.locator('[data-gv-lazy-url*="block=notes"] .gv-table tbody tr').first().textContent()).resolves.toContain(ATTACK);
    await expect(tab.locator('[data-gv-lazy-url*="block=orders"] .gv-table tbody tr').first().textContent()).resolves.toContain(ATTACK);
    expect(await tab.locator('main img').count()).toBe(0);
    // Give an image's error event time to fire, had one been made.
    await tab.waitForTimeout(200);
    expect(await tab.evaluate('[window.__pwned === undefined, window.__ranScript === undefined]')).toEqual([true, true]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the failure with a real "Load again" button when the server fails, and loads the block when it is pressed', async () => {
    // A phone in dark mode, Ukrainian page: the failure must fit and read there too.
    const { tab, context, errors } = await openSitePage('/flaky.html?run=retry', { viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    const block = tab.locator('[data-gv-lazy]');
    await waitUntil(tab, `${stateOf('flaky')} === 'failed'`);
    expect(handlerErrors).toHaveLength(1);
    expect(await block.getAttribute('aria-busy')).toBe('false');
    await expect(block.locator('[data-gv-lazy-status]').textContent()).resolves.toBe('Замовлення Цю частину не вдалося завантажити.');
    const retry = block.getByRole('button', { name: 'Завантажити знову' });
    expect(await retry.isVisible()).toBe(true);
    expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await saveScreenshot(tab, 'browser-lazy-failed-360-dark');
    expect(seriousViolations(await axeScan(tab, { include: '[data-gv-lazy]' }))).toEqual([]);
    // By keyboard, as a reader without a mouse would.
    await retry.focus();
    await tab.keyboard.press('Enter');
    await waitUntil(tab, `${stateOf('flaky')} === 'loaded' && window.GridView.mountedViews() === 1`);
    expect(requestedBlocks()).toEqual(['flaky', 'flaky']);
    await expect(block.locator('.gv-table tbody tr[data-cm-row-index]').count()).resolves.toBe(3);
    // Focus stayed in the block when the button went away.
    expect(await tab.evaluate('document.activeElement === document.querySelector("[data-gv-lazy]")')).toBe(true);
    await expect(block.locator('[data-gv-lazy-status]').textContent()).resolves.toBe('Замовлення Завантажено.');
    // Chromium reports the 500 itself as a console error; nothing else may be there.
    expect(errors.filter((error) => !/status of 500/.test(error))).toEqual([]);
    await context.close();
  });

  it('has no serious axe violation while waiting nor once loaded', async () => {
    const { tab, context } = await openSitePage('/');
    expect(seriousViolations(await axeScan(tab, { include: '[data-gv-lazy-url*="block=orders"]' }))).toEqual([]);
    await tab.locator('[data-gv-lazy-url*="block=raw"]').scrollIntoViewIfNeeded();
    await waitUntil(tab, `${stateOf('orders')} === 'loaded' && ${stateOf('notes')} === 'loaded' && window.GridView.mountedViews() === 1`);
    expect(seriousViolations(await axeScan(tab, { include: 'main' }))).toEqual([]);
    await context.close();
  });

  it('watches each placeholder once however often it is booted, and forgets one removed from the page', async () => {
    const { tab, context, errors } = await openSitePage('/');
    expect(await tab.evaluate('window.GridView.loadLazyBlocks()')).toBe(0);
    expect(await tab.evaluate('window.GridView.loadLazyBlocks(document.getElementById("far"))')).toBe(0);
    await tab.evaluate('document.getElementById("far").remove()');
    // Scrolled to the very end: every block left on the page loads, the removed one never.
    await tab.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await tab.locator('[data-gv-lazy-url*="block=raw"]').scrollIntoViewIfNeeded();
    await waitUntil(tab, `${stateOf('raw')} === 'loaded'`);
    await tab.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await tab.waitForTimeout(300);
    expect(requestedBlocks()).not.toContain('far');
    expect(requestedBlocks().filter((block) => block === 'orders')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('watches a placeholder an htmx swap brings, and loads it', async () => {
    const { tab, context, errors } = await openSitePage('/htmx.html');
    await waitUntil(tab, 'window.htmx !== undefined');
    await tab.getByRole('button', { name: 'Swap' }).click();
    await waitUntil(tab, `${stateOf('raw')} === 'loaded'`);
    await expect(tab.locator('#slot #raw-text').textContent()).resolves.toBe('Raw block');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads without JavaScript: no "Loading…" that never ends, a link to each block instead', async () => {
    const tab = await browser.newPage({ javaScriptEnabled: false });
    await tab.goto(`${origin}/`);
    const orders = tab.locator('[data-gv-lazy-url*="block=orders"]');
    expect(await orders.locator('[data-gv-lazy-status]').isVisible()).toBe(false);
    const link = orders.getByRole('link', { name: 'Orders' });
    expect(await link.getAttribute('href')).toBe('/grid/lazy/?block=orders');
    await link.click();
    // The click starts the navigation; the fragment is the page once it has loaded.
    await tab.waitForURL(`${origin}/grid/lazy/?block=orders`);
    await expect(tab.locator('.gv-table tbody tr[data-cm-row-index]').count()).resolves.toBe(ROWS.length);
    expect(lazyRequests).toEqual(['/grid/lazy/?block=orders']);
    await tab.close();
  });
});
