/**
 * The playground server over HTTP, without a browser: static files with their content types and no
 * way out of the build folder, the demo sign-in's refusals, the export builders' filters and
 * language, the lazy block and the server-rendered page.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { E2E_DEMO_ROWS } from './helpers/playground';
import { generateSales } from '../../playground/shared/data';
import { usePlayground } from './helpers/playground-fixture';

const app = usePlayground();

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: app.server.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function sheetOf(bytes: ArrayBuffer): unknown[][] {
  const workbook = XLSX.read(new Uint8Array(bytes));
  return XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
}

describe('playground server: the built app', () => {
  it('serves index.html and its assets with the right content types', async () => {
    const index = await fetch(`${app.server.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await index.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    const js = await fetch(`${app.server.url}${script}`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const css = await fetch(`${app.server.url}${style}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers unknown app paths with index.html but a missing asset with 404', async () => {
    const page = await fetch(`${app.server.url}/some/deep/link`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    const asset = await fetch(`${app.server.url}/assets/missing-chunk.js`);
    expect(asset.status).toBe(404);
  });

  it('never serves a file outside the build folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/assets/..%2f..%2f..%2fpackage.json']) {
      const answer = await rawGet(path);
      expect(answer.body, path).not.toContain('"devDependencies"');
    }
  });
});

describe('playground server: demo sign-in', () => {
  it('signs in with a cookie and reports the user', async () => {
    const login = await fetch(`${app.server.url}/demo/login?user=bob`, { method: 'POST' });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^gv_demo_user=bob;/);
    expect(cookie).toContain('HttpOnly');
    const me = await fetch(`${app.server.url}/demo/me`, { headers: { cookie: 'gv_demo_user=bob' } });
    expect(await me.json()).toEqual({ user: 'bob' });
    const nobody = await fetch(`${app.server.url}/demo/me`, { headers: { cookie: 'gv_demo_user=mallory' } });
    expect(await nobody.json()).toEqual({ user: null });
  });

  it('refuses a cross-origin sign-in, an unknown user and a GET', async () => {
    const cross = await fetch(`${app.server.url}/demo/login?user=alice`, { method: 'POST', headers: { origin: 'http://elsewhere.example' } });
    expect(cross.status).toBe(403);
    const unknown = await fetch(`${app.server.url}/demo/login?user=mallory`, { method: 'POST' });
    expect(unknown.status).toBe(400);
    const get = await fetch(`${app.server.url}/demo/login?user=alice`);
    expect(get.status).toBe(405);
  });
});

describe('playground server: exports, lazy block and report', () => {
  const rows = generateSales(E2E_DEMO_ROWS);
  const rowsUk = generateSales(E2E_DEMO_ROWS, undefined, 'uk');

  it('exports the filtered, sorted ledger as XLSX with Ukrainian headers and values for lang=uk', async () => {
    // A Ukrainian reader filters the Ukrainian values the table shows: Схід (East), Вебкамера (Webcam).
    const query = new URLSearchParams({ builder: 'sales', lang: 'uk', f_region: 'Схід', f_product: 'Вебкамера', sort: 'units', dir: 'asc' });
    const response = await fetch(`${app.server.url}/api/grid/export/xlsx/?${query.toString()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.xlsx');
    const matrix = sheetOf(await response.arrayBuffer());
    const header = matrix[0] as string[];
    expect(header).toContain('Регіон');
    expect(header).toContain('Менеджер');
    const expected = rowsUk.filter((row) => row.region === 'Схід' && row.product === 'Вебкамера');
    // The same sales as the English ledger's East webcams, with their texts in Ukrainian.
    expect(expected.map((row) => row.id)).toEqual(rows.filter((row) => row.region === 'East' && row.product === 'Webcam').map((row) => row.id));
    expect(matrix.length - 1).toBe(expected.length);
    expect(new Set(matrix.slice(1).map((line) => line[header.indexOf('Регіон')]))).toEqual(new Set(['Схід']));
    expect(new Set(matrix.slice(1).map((line) => line[header.indexOf('Товар')]))).toEqual(new Set(['Вебкамера']));
    const units = matrix.slice(1).map((line) => line[header.indexOf('Кількість')] as number);
    expect(units).toEqual([...units].sort((a, b) => a - b));
  });

  it('exports a PDF and answers 404 for an unknown builder', async () => {
    const pdf = await fetch(`${app.server.url}/api/grid/export/pdf/?builder=sales&f_region=${encodeURIComponent('Північ')}&lang=uk`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const unknown = await fetch(`${app.server.url}/api/grid/export/pdf/?builder=nope`);
    expect(unknown.status).toBe(404);
  });

  it('renders the lazy KPI block of a region and refuses an unknown block', async () => {
    const block = await fetch(`${app.server.url}/api/grid/lazy/?block=region-kpis&region=South`);
    expect(block.status).toBe(200);
    const html = await block.text();
    const southOrders = rows.filter((row) => row.region === 'South').length;
    expect(html).toContain('class="gv-kpis"');
    expect(html).toContain(new Intl.NumberFormat('en').format(southOrders));
    expect(html).not.toContain('<script');
    const unknown = await fetch(`${app.server.url}/api/grid/lazy/?block=nope`);
    expect(unknown.status).toBe(404);
  });

  it('serves the report as a whole HTML document with SVG charts and refuses POST', async () => {
    const page = await fetch(`${app.server.url}/ssr?lang=uk`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="uk"');
    expect((html.match(/<svg/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html).not.toContain('<script');
    const post = await fetch(`${app.server.url}/ssr`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
