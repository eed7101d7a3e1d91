/**
 * A Vite application that shows XLSX export buttons without having installed `xlsx`, built and
 * clicked as its developer would: the packed package in a folder outside the repository whose
 * node_modules holds the Vue side's packages but provably not `xlsx` (test/package/isolated.ts),
 * `vite build` run there, the output served and opened in Chromium.
 *
 * Vite builds such an app without a word (it replaces a missing optional peer dependency with a
 * module that throws when loaded), so the moment the package is known to be missing is the first
 * click. There the reader must see, in their language, which package the app lacks, and the
 * developer must get one `optional_package_missing` warning naming the package and the install
 * command; before, the button announced "The export failed" to screen readers only and the console
 * said `Could not resolve "xlsx"`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedConsumer, type IsolatedConsumer } from '../package/isolated';
import { launchChromium, openPage, saveScreenshot } from './helpers/browser';
import { serveStatic, type StaticServer } from './helpers/static-site';

const run = promisify(execFile);

/** What the README's Vue install line gives an application, and its bundler; never `xlsx`. */
const APP_PACKAGES = ['vue', 'pinia', 'echarts', 'vue-echarts', 'ag-grid-community', 'ag-grid-vue3', 'yup', 'axios', 'vite'];

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Orders</title><link rel="icon" href="data:," /></head>
  <body><div id="app"></div><script type="module" src="/src/main.ts"></script></body>
</html>
`;

// A SimpleTable (GridView's default table) in English and a DataGrid with its toolbar in Ukrainian,
// both with the XLSX button; the plugin's onWarn keeps every warning for the test to read.
const MAIN_TS = `
import { createApp, h } from 'vue';
import { createPinia } from 'pinia';
import { DataGrid, GridView, GridViewPlugin } from 'vue-grid-view';
import 'vue-grid-view/style.css';

const columns = [{ key: 'city', label: 'City' }, { key: 'amount', label: 'Amount', format: 'number' }];
const rows = [{ city: 'Kyiv', amount: 10 }, { city: 'Lviv', amount: 5 }];
const spec = { grid_id: 'orders', title: 'Orders', columns, export_xlsx: true };
const warnings: { code: string; message: string }[] = [];
(window as unknown as { gvWarnings: typeof warnings }).gvWarnings = warnings;

createApp({
  render: () => [
    h('section', { id: 'table' }, [h(GridView, { spec, rows })]),
    h('section', { id: 'grid' }, [h(DataGrid, { spec: { ...spec, grid_id: 'orders_grid' }, rows, locale: 'uk', height: '200px' })]),
  ],
})
  .use(createPinia())
  .use(GridViewPlugin, { onWarn: (warning) => warnings.push({ code: warning.code, message: warning.message }) })
  .mount('#app');
`;

const VITE_CONFIG = `
import { defineConfig } from 'vite';
export default defineConfig({ logLevel: 'warn', build: { chunkSizeWarningLimit: 8192 } });
`;

let app: IsolatedConsumer;
let server: StaticServer;
let browser: Browser;
let buildOutput = '';

beforeAll(async () => {
  app = await isolatedConsumer('vite-no-xlsx', APP_PACKAGES);
  mkdirSync(join(app.dir, 'src'));
  writeFileSync(join(app.dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(app.dir, 'src', 'main.ts'), MAIN_TS);
  writeFileSync(join(app.dir, 'vite.config.mjs'), VITE_CONFIG);
  // As its developer runs it: the app's own Vite, in the app's folder.
  const built = await run(process.execPath, [join(app.dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: app.dir, encoding: 'utf8' });
  buildOutput = `${built.stdout}${built.stderr}`;
  server = await serveStatic(join(app.dir, 'dist'));
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  app?.dispose();
});

describe('a Vite app with export_xlsx and without the xlsx package', () => {
  it('really lacks xlsx and builds', () => {
    expect(app.resolves('xlsx')).toBe(false);
    expect(app.resolves('ag-grid-community')).toBe(true);
    expect(buildOutput).not.toMatch(/error/i);
  });

  it("says on the first click, in the reader's language, that the export needs the package xlsx, and warns once with the install command", async () => {
    const { page, errors, context } = await openPage(browser);
    try {
      const downloads: string[] = [];
      page.on('download', (download) => downloads.push(download.suggestedFilename()));
      const missing: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) missing.push(response.url());
      });
      await page.goto(server.url);

      await page.locator('#table button[data-cm-export="xlsx"]').click();
      const tableError = page.locator('#table [data-cm-export-error]');
      await tableError.waitFor();
      expect(await tableError.textContent()).toBe('This export is not available: the app does not include the package “xlsx”');
      await expect.poll(() => page.locator('#table [data-cm-announcer]').textContent()).toBe('This export is not available: the app does not include the package “xlsx”');

      await page.locator('#grid [data-gv-export="xlsx"]').click();
      const gridError = page.locator('#grid [data-gv-export-error]');
      await gridError.waitFor();
      expect(await gridError.textContent()).toBe('Цей експорт недоступний: у застосунку немає пакета «xlsx»');
      await saveScreenshot(page, 'optional-xlsx-missing');
      // Both buttons stay usable; nothing was downloaded.
      expect(await page.locator('#table button[data-cm-export="xlsx"]').isDisabled()).toBe(false);
      expect(await page.locator('#grid [data-gv-export="xlsx"]').isDisabled()).toBe(false);
      expect(downloads).toEqual([]);

      // One warning for the page, however many buttons were pressed: the same feature and package.
      const warnings = await page.evaluate(() => (window as unknown as { gvWarnings: unknown[] }).gvWarnings);
      expect(warnings).toEqual([{ code: 'optional_package_missing', message: 'XLSX export needs the optional package "xlsx", which is not installed: npm install xlsx.' }]);
      expect({ errors, missing }).toEqual({ errors: [], missing: [] });
    } finally {
      await context.close();
    }
  });
});
