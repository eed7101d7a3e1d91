/**
 * The browser bundle (`dist/browser/grid-view.iife.js`, built here from the sources with the
 * library's own `iife` build) on a plain HTML page with no Vue build: a view the server rendered
 * with `renderHtml(…, { hydrate: true })` comes alive in Chromium. Hydration reuses the server's
 * markup without a mismatch (a page whose island disagrees with its markup shows that the check
 * can fail), sort and search work, `bootScope` is idempotent and unmounts removed views, a
 * `</script>` value in rows and spec neither runs nor breaks the island, the page reads without
 * JavaScript, and axe finds nothing.
 */
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import type * as Ssr from '../../src/ssr';
import type { GridViewSpecWire, Row } from '../../src/core/types';
import { buildChartRuntime } from '../../src/core/chart';
import { buildArtifactJsonFromView } from '../../src/core/artifact';
import { launchChromium, openPage, saveScreenshot, waitUntil } from './helpers/browser';
import { newestMtime, serveStatic, type StaticServer } from './helpers/static-site';
import { axeViolations } from './helpers/layout';
import { buildBrowserBundle } from './helpers/browser-bundle-build';

const ATTACK = '</script><img src=x onerror="window.__pwned=1">';
const SPEC: GridViewSpecWire = {
  grid_id: 'orders',
  title: `Orders ${ATTACK}`,
  export_xlsx: true,
  kpis: [{ label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' }],
  charts: [{ id: 'by-region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }],
  columns: [
    { key: 'id', label: 'Order' },
    { key: 'region', label: 'Region' },
    { key: 'product', label: 'Product' },
    { key: 'amount', label: 'Amount', format: 'currency' },
  ],
};
const REGIONS = ['North', 'South', 'East', 'West'];
const ROWS: Row[] = Array.from({ length: 40 }, (_, i) => ({
  id: `SO-${String(i + 1).padStart(3, '0')}`,
  region: REGIONS[i % 4] as string,
  product: i === 0 ? ATTACK : i % 3 === 0 ? 'Laptop' : 'Mouse',
  amount: 1000 + ((i * 7919) % 97) * 13.5,
}));

const OUT = resolve('.tmp', 'e2e-browser-bundle');

/**
 * `renderHtml` of the built package (dist/ssr.js), as an application's server has it. Not the
 * sources: under Vitest a component is compiled for server rendering on its own (an SSR render
 * function), whose markup differs in fragment comments from what the client render function,
 * which the package ships and the bundle hydrates with, writes (`<!--[-->SO-001<!--]-->` against
 * `SO-001`). `npm test` builds dist/ first; run alone, this file says when it is missing or stale.
 */
async function builtSsr(): Promise<typeof Ssr> {
  const entry = resolve('dist', 'ssr.js');
  const sources = Math.max(...['src', 'components', 'composables', 'stores'].map((dir) => newestMtime(resolve(dir))));
  if (!existsSync(entry) || statSync(entry).mtimeMs < sources) throw new Error('dist/ is missing or older than the sources: run `npm run build` first (`npm test` does)');
  return (await import(pathToFileURL(entry).href)) as typeof Ssr;
}
let site: StaticServer;
let browser: Browser;

/**
 * A plain page: the server's view, then the bundle from a script tag. `before` runs before the
 * bundle. Views hydrate once the document is parsed (`hydrate: 'load'`), so a test can wait for
 * them; `interaction`, the bundle's default, leaves them until the reader's first interaction.
 */
function page(view: string, before = '', hydrate: 'load' | 'interaction' = 'load'): string {
  const preset = hydrate === 'load' ? '<script>window.GridView = { hydrate: "load" };</script>' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders</title></head><body><main><h1>Orders report</h1>${view}</main>${before}${preset}<script src="grid-view.iife.js"></script></body></html>`;
}

beforeAll(async () => {
  const { renderHtml, pageRoute } = await builtSsr();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await buildBrowserBundle(OUT);
  const view = await renderHtml(SPEC, ROWS, { hydrate: true, locale: 'en' });
  // Inline test hooks only (a page's own scripts): the first row as the server wrote it, to check
  // that hydration keeps the server's elements instead of drawing new ones.
  writeFileSync(join(OUT, 'index.html'), page(view, '<script>window.__serverRow = document.querySelector(".gv-table tbody tr");</script>'));
  // The same view whose island disagrees with its markup: Vue must report the mismatch.
  const tampered = view.replace('"region":"North"', '"region":"Nowhere"');
  expect(tampered).not.toBe(view);
  writeFileSync(join(OUT, 'tampered.html'), page(tampered));
  // With SheetJS on the page (its own script tag), as the docs show.
  cpSync(resolve('node_modules/xlsx/dist/xlsx.full.min.js'), join(OUT, 'xlsx.full.min.js'));
  writeFileSync(join(OUT, 'sheetjs.html'), page(view, '<script src="xlsx.full.min.js"></script>'));
  // With ECharts on the page (its full build from a script tag): the charts become live after hydration.
  cpSync(resolve('node_modules/echarts/dist/echarts.min.js'), join(OUT, 'echarts.min.js'));
  writeFileSync(join(OUT, 'echarts.html'), page(view, '<script src="echarts.min.js"></script>'));
  // htmx 2 swaps one server-rendered view for another (the fragment comes from a static file here;
  // a server route would answer the same).
  cpSync(resolve('node_modules/htmx.org/dist/htmx.min.js'), join(OUT, 'htmx.min.js'));
  writeFileSync(join(OUT, 'fragment.html'), await renderHtml({ ...SPEC, grid_id: 'swapped', title: 'Swapped in' }, ROWS.slice(0, 3), { hydrate: true }));
  const swap = '<button hx-get="fragment.html" hx-target="#slot" hx-swap="innerHTML">Swap</button>';
  writeFileSync(join(OUT, 'htmx.html'), page(`${swap}<div id="slot">${view}</div>`, '<script src="htmx.min.js"></script>'));
  // The global's functions on a page of their own: ECharts and AG Grid from their script tags, the
  // page's texts in Ukrainian with one override, a chart the server computed in an attribute.
  cpSync(resolve('node_modules/ag-grid-community/dist/ag-grid-community.min.js'), join(OUT, 'ag-grid-community.min.js'));
  const computed = JSON.stringify(buildChartRuntime(SPEC.charts?.[0] as NonNullable<GridViewSpecWire['charts']>[number], ROWS)).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  const apiBody = `<h1>API</h1><div id="chart" style="width:600px"></div><div id="computed" style="width:600px" data-cm-chart-config='${computed}'></div><div id="kpis"></div><div id="grid" style="height:300px;width:600px"></div>`;
  const i18n = '<script>window.GridViewI18n = { locale: "uk", messages: { uk: { "table.no_rows": "Порожньо" } } };</script>';
  // Parts mounted by the global's functions need the package stylesheet, as the docs say.
  cpSync(resolve('dist/style.css'), join(OUT, 'style.css'));
  const stylesheet = '<link rel="stylesheet" href="style.css">';
  writeFileSync(join(OUT, 'api.html'), page(`${stylesheet}${apiBody}`, `${i18n}<script src="echarts.min.js"></script><script src="ag-grid-community.min.js"></script>`));
  // A whole document from pageRoute, the bundle's tag written by its `scripts` option.
  const documentResponse = await pageRoute(SPEC, ROWS, { hydrate: true, scripts: ['grid-view.iife.js'] })(new Request('http://localhost/report'));
  writeFileSync(join(OUT, 'page-route.html'), await documentResponse.text());
  // A grid the page owns (AG Grid from its tag) with parts that follow it: a KPI strip and a
  // grid-filtered chart marked with data-cm-* attributes, and a view drawn from an artifact.
  const filteredChart = { ...(SPEC.charts?.[0] as object), id: 'live-region', data_source: 'grid_filtered' };
  const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  const liveSpec: GridViewSpecWire = { ...SPEC, grid_id: 'owned', title: 'Owned grid', charts: [filteredChart as NonNullable<GridViewSpecWire['charts']>[number]] };
  const artifactJson = JSON.stringify(buildArtifactJsonFromView(liveSpec, ROWS)).replace(/</g, '\\u003c');
  const gridBody = `<h1>Grid</h1><div id="grid" style="height:300px;width:600px"></div><section id="bound"><div data-cm-grid-kpi='${attr(SPEC.kpis)}' data-cm-kpi-columns="2"></div><div id="live-chart" style="width:600px" data-cm-chart-spec='${attr(filteredChart)}'></div></section><div id="view"></div><script>window.__artifact = ${artifactJson};</script>`;
  writeFileSync(join(OUT, 'grid.html'), page(`${stylesheet}${gridBody}`, '<script src="echarts.min.js"></script><script src="ag-grid-community.min.js"></script>'));
  writeFileSync(join(OUT, 'two.html'), page(`<div id="a">${view}</div><div id="b">${await renderHtml(SPEC, ROWS.slice(0, 5), { hydrate: true, locale: 'uk' })}</div>`));
  // The bundle's default: the views hydrate at the reader's first interaction with the page.
  writeFileSync(join(OUT, 'interaction.html'), page(view, '', 'interaction'));
  site = await serveStatic(OUT);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * `path` of the test site in a page of its own, once `ready` (a page condition) holds: by default
 * one live view. Console errors are collected in `errors`, warnings in `warnings`.
 */
async function openSitePage(path: string, ready = 'window.GridView && window.GridView.mountedViews() === 1', options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
  const warnings: string[] = [];
  opened.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await opened.page.goto(`${site.url}/${path}`);
  await waitUntil(opened.page, ready);
  return { tab: opened.page, context: opened.context, errors: opened.errors, warnings };
}

describe('the browser bundle on a plain HTML page', () => {
  it('hydrates the server-rendered view without a mismatch, keeping the server\'s elements', async () => {
    const { tab, context, errors, warnings } = await openSitePage('');
    expect(await tab.evaluate('window.CmGridView === window.GridView')).toBe(true);
    expect(await tab.evaluate('document.querySelector(".gv-table tbody tr") === window.__serverRow')).toBe(true);
    // The chart keeps the server's SVG drawing.
    expect(await tab.locator('.gv-chart__svg svg').count()).toBeGreaterThan(0);
    await saveScreenshot(tab, 'browser-bundle-hydrated');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await context.close();
  });

  it('reports a mismatch when the island does not match the markup (the check above can fail)', async () => {
    const { context, errors } = await openSitePage('tampered.html');
    await expect.poll(() => errors.join('\n')).toMatch(/Hydration completed but contains mismatches/);
    await context.close();
  });

  it('turns the server\'s chart drawing into a live ECharts chart with a tooltip when the page has ECharts', async () => {
    // Motion allowed (the suite's pages prefer reduced motion): the takeover must still not animate.
    const { tab, context, errors } = await openSitePage('echarts.html', undefined, { reducedMotion: 'no-preference' });
    const canvas = tab.locator('.gv-chart canvas').first();
    await canvas.waitFor();
    expect(await tab.locator('.gv-chart__svg').count()).toBe(0);
    await waitUntil(tab, 'document.querySelector(".gv-chart[data-gv-chart-drawn]") !== null');
    // It takes over the server's drawing without growing again from zero: no animation for that data.
    expect(await tab.evaluate('window.echarts.getInstanceByDom(document.querySelector(".gv-chart canvas").closest("[_echarts_instance_]")).getOption().animation')).toBe(false);
    // Hover each fifth of the plot until ECharts shows its tooltip for a bar.
    const box = await canvas.boundingBox();
    if (box === null) throw new Error('the chart has no box');
    const tooltip = tab.locator('.gv-chart div').filter({ hasText: /Amount/ }).filter({ hasText: /\$/ });
    for (let x = 0.2; x < 1 && (await tooltip.count()) === 0; x += 0.15) {
      await tab.mouse.move(box.x + box.width * x, box.y + box.height * 0.6);
      await tab.waitForTimeout(150);
    }
    await expect.poll(() => tooltip.count()).toBeGreaterThan(0);
    await expect(tooltip.first().textContent()).resolves.toMatch(/(North|South|East|West)/);
    await saveScreenshot(tab, 'browser-bundle-live-chart');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sorts and searches the hydrated table', async () => {
    const { tab, context, errors } = await openSitePage('');
    const firstId = () => tab.locator('.gv-table tbody tr td').first().textContent();
    expect(await firstId()).toBe('SO-001');
    await tab.locator('.gv-table thead th[data-cm-col-key="amount"] button').first().click();
    const amounts = ROWS.map((row) => row.amount as number);
    const smallest = ROWS[amounts.indexOf(Math.min(...amounts))]?.id;
    await expect.poll(firstId).toBe(smallest);
    await tab.getByRole('searchbox').first().fill('Laptop');
    const laptops = ROWS.filter((row) => row.product === 'Laptop').length;
    await expect.poll(() => tab.locator('.gv-table tbody tr[data-cm-row-index]').count()).toBe(laptops);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the rows the hydrated table shows to XLSX with the page\'s SheetJS, and says what is missing without it', async () => {
    const { tab, context, errors } = await openSitePage('sheetjs.html', 'window.GridView && window.GridView.mountedViews() === 1', { acceptDownloads: true });
    await tab.getByRole('searchbox').first().fill('Laptop');
    const laptops = ROWS.filter((row) => row.product === 'Laptop');
    await expect.poll(() => tab.locator('.gv-table tbody tr[data-cm-row-index]').count()).toBe(laptops.length);
    const [download] = await Promise.all([tab.waitForEvent('download'), tab.locator('[data-cm-export="xlsx"]').click()]);
    const book = XLSX.read(await readFile(await download.path()));
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
    expect(matrix[0]).toEqual(['Order', 'Region', 'Product', 'Amount']);
    expect(matrix.slice(1).map((line) => line[0])).toEqual(laptops.map((row) => row.id));
    expect(errors).toEqual([]);
    // Without SheetJS on the page the export names the package it needs instead of failing silently.
    await context.close();
    const bare = await browser.newPage();
    await bare.goto(site.url);
    await waitUntil(bare, 'window.GridView && window.GridView.mountedViews() === 1');
    await bare.locator('[data-cm-export="xlsx"]').click();
    await expect.poll(() => bare.locator('[data-cm-export-error]').textContent()).toMatch(/“xlsx”/);
    await bare.close();
  });

  it('never runs a </script> value from rows or spec, and the island gives it back unchanged', async () => {
    const { tab, context, errors } = await openSitePage('');
    expect(await tab.evaluate('window.__pwned')).toBeUndefined();
    expect(await tab.locator('main img').count()).toBe(0);
    const island = (await tab.evaluate('JSON.parse(document.querySelector("script[data-gv-island]").textContent)')) as { rows: Row[]; spec: GridViewSpecWire };
    expect(island.rows[0]?.product).toBe(ATTACK);
    expect(island.spec.title).toBe(SPEC.title);
    await expect(tab.locator('.gv-table tbody tr').first().textContent()).resolves.toContain(ATTACK);
    await expect(tab.locator('.gv-view__title').textContent()).resolves.toBe(SPEC.title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('boots each view once, however often bootScope runs, and unmounts views removed from the page', async () => {
    const { tab, context, errors } = await openSitePage('two.html', 'window.GridView && window.GridView.mountedViews() === 2');
    expect(await tab.evaluate('window.GridView.bootScope()')).toBe(0);
    expect(await tab.evaluate('window.GridView.bootScope(document.getElementById("a"))')).toBe(0);
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(2);
    // A removed view (an htmx swap, any DOM replacement) is unmounted by the next boot.
    await tab.evaluate('document.getElementById("b").remove()');
    expect(await tab.evaluate('window.GridView.bootScope()')).toBe(0);
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(1);
    expect(await tab.evaluate('window.GridView.unmountScope(document.getElementById("a"))')).toBe(1);
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('boots the view an htmx 2 swap brings and unmounts the one it replaced', async () => {
    const { tab, context, errors } = await openSitePage('htmx.html', 'window.GridView && window.GridView.mountedViews() === 1 && window.htmx !== undefined');
    await tab.getByRole('button', { name: 'Swap' }).click();
    await tab.locator('.gv-view__title', { hasText: 'Swapped in' }).waitFor();
    await waitUntil(tab, 'document.querySelector("#slot [data-gv-hydrate]") !== null');
    // htmx announces the new content (htmx:load, which boots it) after its settle delay, so the
    // markup is in the page a moment before the view is live: the old one gone, the new one booted.
    await waitUntil(tab, 'window.GridView.mountedViews() === 1');
    // htmx dropped the markup's comments, so the view was rendered afresh: its chart keeps the
    // server's drawing, moved into the new markup.
    expect(await tab.locator('#slot .gv-chart__svg svg').count()).toBeGreaterThan(0);
    // The swapped-in view is live: its table sorts.
    const firstId = () => tab.locator('#slot .gv-table tbody tr td').first().textContent();
    expect(await firstId()).toBe('SO-001');
    await tab.locator('#slot .gv-table thead th[data-cm-col-key="amount"] button').first().click();
    const three = ROWS.slice(0, 3);
    const amounts = three.map((row) => row.amount as number);
    await expect.poll(firstId).toBe(three[amounts.indexOf(Math.min(...amounts))]?.id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hydrates the whole document pageRoute serves with hydrate and the bundle in its scripts, at the reader's first interaction", async () => {
    // The bundle's default: nothing hydrates (and no Vue loads) before the reader's first interaction.
    const { tab, context, errors, warnings } = await openSitePage('page-route.html', 'window.GridView !== undefined');
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(0);
    await tab.locator('.gv-table thead th[data-cm-col-key="amount"] button').first().click();
    await expect.poll(() => tab.locator('.gv-table thead th[data-cm-col-key="amount"]').getAttribute('aria-sort')).toBe('ascending');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await context.close();
  });

  it('reads without JavaScript: title, KPI, chart drawing and every row', async () => {
    const tab = await browser.newPage({ javaScriptEnabled: false });
    await tab.goto(site.url);
    await expect(tab.locator('.gv-view__title').textContent()).resolves.toBe(SPEC.title);
    await expect(tab.locator('.gv-kpi__number').first().textContent()).resolves.toMatch(/^\$[\d,.]+$/);
    expect(await tab.locator('.gv-chart__svg svg').count()).toBeGreaterThan(0);
    expect(await tab.locator('.gv-table tbody tr[data-cm-row-index]').count()).toBe(ROWS.length);
    await tab.close();
  });

  it('passes axe with no violation once hydrated', async () => {
    const { tab, context } = await openSitePage('');
    expect(await axeViolations(tab)).toEqual([]);
    await context.close();
  });
});

describe('the GridView global', () => {
  const rowsJson = JSON.stringify(ROWS);
  const chartJson = JSON.stringify(SPEC.charts?.[0]);

  it('computes KPIs and chart options as the server does, in the page\'s language', async () => {
    const { tab, context, errors } = await openSitePage('api.html', 'window.GridView !== undefined');
    const total = ROWS.reduce((sum, row) => sum + (row.amount as number), 0);
    const kpis = (await tab.evaluate(`window.GridView.resolveKpis([{ label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' }], ${rowsJson})`)) as { value: number; display: string }[];
    expect(kpis[0]?.value).toBeCloseTo(total, 6);
    expect(kpis[0]?.display).toMatch(/\$$/u);
    const option = (await tab.evaluate(`(() => { const o = window.GridView.buildChartOption(${chartJson}, ${rowsJson}); return { categories: o.xAxis.data, values: o.series[0].data }; })()`)) as { categories: string[]; values: number[] };
    expect(option.categories).toEqual(['North', 'South', 'East', 'West']);
    const north = ROWS.filter((row) => row.region === 'North').reduce((sum, row) => sum + (row.amount as number), 0);
    expect(option.values[0]).toBeCloseTo(north, 6);
    expect(await tab.evaluate('window.GridView.i18n.t("table.no_rows")')).toBe('Порожньо');
    expect(await tab.evaluate('window.GridView.i18n.t("table.export.csv")')).toBe('Експорт CSV');
    expect(await tab.evaluate('window.GridView.i18n.t("no.such.key", "Fallback")')).toBe('Fallback');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mounts a chart, refreshes its data, mounts the charts of data-cm-chart-config attributes and KPI cards', async () => {
    const { tab, context, errors } = await openSitePage('api.html', 'window.GridView !== undefined', { viewport: { width: 1280, height: 1400 } });
    await tab.evaluate(`window.GridView.initChart(document.getElementById('chart'), ${chartJson}, ${rowsJson})`);
    await tab.locator('#chart canvas').waitFor();
    const northCell = tab.locator('#chart .gv-chart__data tbody tr').first().locator('td');
    const before = await northCell.textContent();
    // Only the first two rows now: North's bar is the first row's amount alone.
    expect(await tab.evaluate(`window.GridView.refreshChartWrap(document.getElementById('chart'), ${chartJson}, ${JSON.stringify(ROWS.slice(0, 2))})`)).toBe(true);
    await expect.poll(() => northCell.textContent()).not.toBe(before);
    // A chart spec alone knows no column formats: its values are plain numbers, in Ukrainian.
    await expect(northCell.textContent()).resolves.toMatch(/^1\s000$/u);
    expect(await tab.evaluate('window.GridView.initAllCharts()')).toBe(1);
    expect(await tab.evaluate('window.GridView.initAllCharts()')).toBe(0);
    await tab.locator('#computed canvas').waitFor();
    await expect(tab.locator('#computed figcaption').textContent()).resolves.toContain('Amount');
    await tab.evaluate(`window.GridView.Kpi.initKpiStrip(document.getElementById('kpis'), window.GridView.resolveKpis([{ label: 'Виручка', column_key: 'amount', aggregate: 'sum', format: 'currency' }], ${rowsJson}), 2)`);
    await expect(tab.locator('#kpis .gv-kpi__label').textContent()).resolves.toContain('Виручка');
    await expect(tab.locator('#kpis .gv-kpi__number').textContent()).resolves.toMatch(/\$$/u);
    await saveScreenshot(tab, 'browser-bundle-api');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives row adapters over fixed rows and over a grid the page created with AG Grid', async () => {
    const { tab, context, errors } = await openSitePage('api.html', 'window.GridView !== undefined && window.agGrid !== undefined');
    const fixed = await tab.evaluate(`(() => {
      const adapter = window.GridView.staticRowsAdapter([{ a: 1 }]);
      let calls = 0;
      const stop = adapter.onChange(() => calls++);
      adapter.setRows([{ a: 1 }, { a: 2 }]);
      stop();
      adapter.setRows([]);
      return { calls, rows: adapter.getRows().length };
    })()`);
    expect(fixed).toEqual({ calls: 1, rows: 0 });
    const shown = await tab.evaluate(`new Promise((done) => {
      const api = window.agGrid.createGrid(document.getElementById('grid'), { columnDefs: [{ field: 'id' }, { field: 'region', filter: true }], rowData: ${rowsJson} });
      const adapter = window.GridView.createDataGridAdapter(api);
      const seen = [];
      adapter.onChange(() => seen.push(adapter.getRows().length));
      api.setFilterModel({ region: { filterType: 'text', type: 'equals', filter: 'North' } });
      setTimeout(() => done({ seen, rows: adapter.getRows().map((row) => row.region) }), 300);
    })`);
    const north = ROWS.filter((row) => row.region === 'North').length;
    expect(shown).toMatchObject({ rows: Array.from({ length: north }, () => 'North') });
    expect((shown as { seen: number[] }).seen).toContain(north);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('boots server-rendered tables through SimpleTable.initAll and its legacy alias CmSimpleTable', async () => {
    const { tab, context, errors } = await openSitePage('two.html', 'window.GridView && window.GridView.mountedViews() === 2');
    expect(await tab.evaluate('window.CmSimpleTable === window.GridView.SimpleTable')).toBe(true);
    expect(await tab.evaluate('window.CmSimpleTable.initAll()')).toBe(0);
    // Unmounted views lose their markup (Vue removes it); booting them again renders them afresh
    // from their islands.
    expect(await tab.evaluate('window.GridView.unmountScope()')).toBe(2);
    expect(await tab.locator('#a .gv-table').count()).toBe(0);
    expect(await tab.evaluate('window.CmSimpleTable.initAll(document.getElementById("a"))')).toBe(1);
    await expect(tab.locator('#a .gv-table tbody tr[data-cm-row-index]').count()).resolves.toBe(ROWS.length);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('binds KPI strips and grid-filtered charts to a grid the page owns, and stops following it when asked', async () => {
    const { tab, context, errors } = await openSitePage('grid.html', 'window.GridView !== undefined && window.agGrid !== undefined', { viewport: { width: 1280, height: 1400 } });
    await tab.evaluate(`(() => {
      window.__api = window.agGrid.createGrid(document.getElementById('grid'), { columnDefs: [{ field: 'id' }, { field: 'region', filter: true }, { field: 'amount' }], rowData: ${JSON.stringify(ROWS)} });
      window.__stop = window.GridView.init({ root: document.getElementById('bound'), gridAdapter: window.GridView.createDataGridAdapter(window.__api) });
    })()`);
    const kpi = tab.locator('#bound [data-cm-grid-kpi] .gv-kpi__number');
    const categories = () => tab.locator('#live-chart .gv-chart__data tbody tr th').allTextContents();
    const sum = (region?: string) => ROWS.filter((row) => region === undefined || row.region === region).reduce((total, row) => total + (row.amount as number), 0);
    const money = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(value);
    await expect.poll(() => kpi.textContent()).toBe(money(sum()));
    await expect.poll(categories).toEqual(['North', 'South', 'East', 'West']);
    await tab.evaluate(`window.__api.setFilterModel({ region: { filterType: 'text', type: 'equals', filter: 'North' } })`);
    await expect.poll(() => kpi.textContent()).toBe(money(sum('North')));
    await expect.poll(categories).toEqual(['North']);
    // Stopped: the figures stay as they were, whatever the grid does next.
    await tab.evaluate('window.__stop()');
    await tab.evaluate(`window.__api.setFilterModel({ region: { filterType: 'text', type: 'equals', filter: 'South' } })`);
    await tab.waitForTimeout(200);
    expect(await kpi.textContent()).toBe(money(sum('North')));
    expect(await categories()).toEqual(['North']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws a view from an artifact with init, its KPIs and grid-filtered chart following the page\'s grid', async () => {
    const { tab, context, errors } = await openSitePage('grid.html', 'window.GridView !== undefined && window.agGrid !== undefined', { viewport: { width: 1280, height: 1600 } });
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(0);
    await tab.evaluate(`(() => {
      window.__api = window.agGrid.createGrid(document.getElementById('grid'), { columnDefs: [{ field: 'id' }, { field: 'region', filter: true }, { field: 'amount' }], rowData: ${JSON.stringify(ROWS)} });
      window.__stop = window.GridView.init({ root: document.getElementById('view'), artifact: window.__artifact, gridAdapter: window.GridView.createDataGridAdapter(window.__api) });
    })()`);
    await tab.locator('#view .gv-view__title', { hasText: 'Owned grid' }).waitFor();
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(1);
    const kpi = tab.locator('#view [data-gv-block="kpis"] .gv-kpi__number');
    const categories = () => tab.locator('#view .gv-chart__data tbody tr th').allTextContents();
    const north = ROWS.filter((row) => row.region === 'North').reduce((total, row) => total + (row.amount as number), 0);
    await tab.evaluate(`window.__api.setFilterModel({ region: { filterType: 'text', type: 'equals', filter: 'North' } })`);
    await expect.poll(() => kpi.textContent()).toBe(new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(north));
    await expect.poll(categories).toEqual(['North']);
    // The view's own table is the artifact's: all rows, whatever the page's grid filters.
    expect(await tab.locator('#view .gv-table tbody tr[data-cm-row-index]').count()).toBe(ROWS.length);
    await tab.evaluate('window.__stop()');
    await tab.evaluate(`window.__api.setFilterModel(null)`);
    await tab.waitForTimeout(200);
    expect(await categories()).toEqual(['North']);
    // A second init on the same root updates the view in place.
    await tab.evaluate(`window.GridView.init({ root: document.getElementById('view'), artifact: { ...window.__artifact, spec: { ...window.__artifact.spec, title: 'Renamed' } } })`);
    await tab.locator('#view .gv-view__title', { hasText: 'Renamed' }).waitFor();
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(1);
    await expect(tab.evaluate('window.GridView.init({ artifact: window.__artifact })')).rejects.toThrow(/needs a root element/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a hydrated view\'s column layout in GridView.PageState across a reload', async () => {
    const { tab, context, errors, warnings } = await openSitePage('');
    await waitUntil(tab, 'Object.keys(window.GridView.PageState.entries).length === 1');
    const handle = tab.getByRole('separator', { name: 'Resize Product' });
    const start = Number(await handle.getAttribute('aria-valuenow'));
    await handle.focus();
    await tab.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe(start + 50);
    const stored = (await tab.evaluate('Object.values(window.GridView.PageState.entries)[0].state.columnState')) as { colId: string; width?: number }[];
    expect(stored.find((column) => column.colId === 'product')?.width).toBe(start + 50);
    await tab.reload();
    await waitUntil(tab, 'window.GridView && window.GridView.mountedViews() === 1');
    await expect.poll(async () => Number(await tab.getByRole('separator', { name: 'Resize Product' }).getAttribute('aria-valuenow'))).toBe(start + 50);
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await context.close();
  });
  it('attaches the toolbar, gear, column chooser and presets to a grid the page created, and keeps its layout across a reload', async () => {
    const ready = 'window.GridView !== undefined && window.agGrid !== undefined';
    const { tab, context, errors } = await openSitePage('grid.html', ready, { viewport: { width: 1280, height: 1400 } });
    const attach = `(() => {
      const container = document.getElementById('grid');
      window.__api = window.agGrid.createGrid(container, { columnDefs: [{ field: 'id', headerName: 'Order' }, { field: 'region', headerName: 'Region', filter: true }, { field: 'amount', headerName: 'Amount' }], rowData: ${JSON.stringify(ROWS)}, context: { gridId: 'owned' } });
      window.__attached = window.GridView.attachDataGrid(window.__api, { gridId: 'owned', container, figures: document.getElementById('bound') });
    })()`;
    await tab.evaluate(attach);
    const toolbar = tab.locator('.gv-attached-toolbar');
    await toolbar.getByRole('searchbox').waitFor();
    // The toolbar sits right before the grid it drives.
    expect(await tab.evaluate('document.querySelector(".gv-attached-toolbar").nextElementSibling === document.getElementById("grid")')).toBe(true);
    const shownRows = () => tab.evaluate('window.__api.getDisplayedRowCount()');
    await toolbar.getByRole('searchbox').fill('North');
    const north = ROWS.filter((row) => row.region === 'North');
    await expect.poll(shownRows).toBe(north.length);
    // The KPI strip in the page follows the grid it was attached with.
    const money = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(value);
    await expect.poll(() => tab.locator('#bound [data-cm-grid-kpi] .gv-kpi__number').textContent()).toBe(money(north.reduce((sum, row) => sum + (row.amount as number), 0)));
    await toolbar.getByRole('searchbox').fill('');
    await expect.poll(shownRows).toBe(ROWS.length);
    // The gear's column chooser hides a column of the page's grid.
    await toolbar.getByRole('button', { name: 'Choose columns' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Columns' });
    await dialog.getByRole('checkbox', { name: 'Region' }).uncheck();
    await expect.poll(() => tab.evaluate('window.__api.getColumn("region").isVisible()')).toBe(false);
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // A preset of that layout, kept on this device (no preferences URL on this page).
    await toolbar.locator('[data-gv-presets] .gv-menu__button').click();
    await toolbar.getByRole('textbox', { name: 'Save the current layout as' }).fill('No region');
    await tab.keyboard.press('Enter');
    await expect.poll(() => toolbar.locator('[data-gv-preset]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-preset')))).toEqual(['No region']);
    // The layout itself is kept without asking (after its quiet time), and is not listed as a preset.
    await tab.waitForTimeout(600);
    await tab.reload();
    await waitUntil(tab, ready);
    await tab.evaluate(attach);
    await expect.poll(() => tab.evaluate('window.__api.getColumn("region").isVisible()')).toBe(false);
    await tab.locator('.gv-attached-toolbar [data-gv-presets] .gv-menu__button').click();
    await expect.poll(() => tab.locator('.gv-attached-toolbar [data-gv-preset]').evaluateAll((items) => items.map((item) => item.getAttribute('data-gv-preset')))).toEqual(['No region']);
    expect(await axeViolations(tab)).toEqual([]);
    await saveScreenshot(tab, 'browser-bundle-attached-grid');
    // Detached: the toolbar is gone, the grid stays.
    await tab.evaluate('window.__attached.detach()');
    expect(await tab.locator('.gv-attached-toolbar').count()).toBe(0);
    expect(await tab.evaluate('window.__api.isDestroyed()')).toBe(false);
    await expect(tab.evaluate('window.GridView.attachDataGrid(window.__api, { gridId: "owned" })')).rejects.toThrow(/container/);
    expect(errors).toEqual([]);
    await context.close();
  });
  it("loads no Vue before the reader's first interaction: only the first script", async () => {
    const { tab, context, errors } = await openSitePage('interaction.html', 'window.GridView !== undefined');
    await tab.waitForTimeout(300);
    const scripts = () => tab.evaluate(`performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js')).map((entry) => new URL(entry.name).pathname)`) as Promise<string[]>;
    expect(await scripts()).toEqual(['/grid-view.iife.js']);
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(0);
    // Its size is a budget of scripts/size.mjs (at most 60 kB gzip), checked in CI with the others.
    // A pointer move the browser makes by itself (the layout changed under a resting cursor: it
    // goes nowhere) is not the reader's.
    await tab.evaluate(() => document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, movementX: 0, movementY: 0 })));
    await tab.waitForTimeout(200);
    expect(await scripts()).toEqual(['/grid-view.iife.js']);
    // Reaching the view (the pointer over it) loads the Vue part and hydrates it.
    await tab.locator('.gv-table').hover();
    await waitUntil(tab, 'window.GridView.mountedViews() === 1');
    // The IIFE's own build of the Vue part, which takes the modules the script already has from it:
    // nothing of the ES build, whose chunks would carry them again.
    expect((await scripts()).some((name) => name.startsWith('/iife-part/'))).toBe(true);
    expect((await scripts()).filter((name) => name.startsWith('/esm/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands the Vue part the modules the script already carries, so a page loads each module once', async () => {
    // What the IIFE's Vue part reads from the script, as its build wrote it down.
    const used = JSON.parse(await readFile(join(OUT, 'iife-part', 'shared-used.json'), 'utf8')) as { path: string; exports: string[] }[];
    expect(used.map((module) => module.path)).toEqual(expect.arrayContaining(['src/core/format.ts', 'src/core/i18n/translator.ts', 'src/core/chart.ts']));
    const { tab, context, errors } = await openSitePage('');
    const handed = await tab.evaluate(`(() => {
      const modules = window.__vueGridViewModules[window.GridView.version];
      return Object.fromEntries(Object.entries(modules).map(([path, names]) => [path, Object.keys(names).filter((name) => names[name] !== undefined).sort()]));
    })()`);
    expect(handed).toEqual(Object.fromEntries(used.map((module) => [module.path, module.exports])));
    // The script's own instances, not copies: the global's adapter factory is the one handed over.
    expect(await tab.evaluate(`window.GridView.createDataGridAdapter === window.__vueGridViewModules[window.GridView.version]['src/core/adapters.ts'].createDataGridAdapter`)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands a click and typed text that came before the Vue part to the live view', async () => {
    const { tab, context, errors, warnings } = await openSitePage('interaction.html', 'window.GridView !== undefined');
    // Slow the Vue part down, so the reader is quicker than it.
    await context.route('**/iife-part/**', async (route) => {
      await new Promise((done) => setTimeout(done, 400));
      await route.continue();
    });
    // Focus reaches the search field by keyboard: that starts the hydration; the text is typed at once.
    await tab.getByRole('searchbox').first().focus();
    await tab.keyboard.type('Laptop');
    expect(await tab.evaluate('window.GridView.mountedViews()')).toBe(0);
    const laptops = ROWS.filter((row) => row.product === 'Laptop').length;
    await expect.poll(() => tab.locator('.gv-table tbody tr[data-cm-row-index]').count(), { timeout: 5000 }).toBe(laptops);
    await expect(tab.getByRole('searchbox').first().inputValue()).resolves.toBe('Laptop');
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await context.close();

    // A click on a sort header right away, before anything is live: the table is sorted once it is.
    const second = await openSitePage('interaction.html', 'window.GridView !== undefined');
    await second.context.route('**/iife-part/**', async (route) => {
      await new Promise((done) => setTimeout(done, 400));
      await route.continue();
    });
    await second.tab.locator('.gv-table thead th[data-cm-col-key="amount"] button').first().click();
    expect(await second.tab.evaluate('window.GridView.mountedViews()')).toBe(0);
    await expect.poll(() => second.tab.locator('.gv-table thead th[data-cm-col-key="amount"]').getAttribute('aria-sort'), { timeout: 5000 }).toBe('ascending');
    expect({ errors: second.errors, warnings: second.warnings }).toEqual({ errors: [], warnings: [] });
    await second.context.close();
  });
  it("gives a page's own AG Grid what the library's data grid sets: theme, texts in the page's language, formatted cells", async () => {
    const { tab, context, errors } = await openSitePage('api.html', 'window.GridView !== undefined && window.agGrid !== undefined');
    // api.html speaks Ukrainian (window.GridViewI18n).
    const made = (await tab.evaluate(`(() => {
      const options = window.GridView.gridOptions({ columnDefs: [{ field: 'id' }, { field: 'amount', context: { format: 'currency' } }], localeText: { noRowsToShow: 'Нічого' } }, { currency: 'USD' });
      const api = window.agGrid.createGrid(document.getElementById('grid'), { ...options, rowData: [{ id: 'SO-1', amount: 1234.5 }] });
      return {
        themed: options.theme !== undefined,
        noRows: options.localeText.noRowsToShow,
        filterText: options.localeText.filterOoo,
        types: options.columnDefs.map((def) => def.type ?? null),
        cell: document.querySelector('#grid .ag-cell[col-id="amount"]')?.textContent ?? null,
        alive: !api.isDestroyed(),
      };
    })()`)) as { themed: boolean; noRows: string; filterText: string; types: (string | null)[]; cell: string | null; alive: boolean };
    expect(made).toMatchObject({ themed: true, noRows: 'Нічого', types: [null, 'rightAligned'], alive: true });
    expect(made.filterText).not.toBe('Filter...');
    await expect.poll(() => tab.locator('#grid .ag-cell[col-id="amount"]').first().textContent()).toMatch(/^1\s234,50\s\$$/u);
    expect(errors).toEqual([]);
    await context.close();
  });
});
