/**
 * The MCP App view in Chromium, end to end: the library's MCP server (`createGridViewMcpServer`,
 * connected in process with the SDK's client) lists `gridview_render` linking its `ui://` resource,
 * the resource is read (`resources/read`: `mcpAppHtml()`, from dist/ as the package ships it), and a
 * chat page that acts as an MCP Apps host with the SDK's host side (`AppBridge`,
 * test/e2e/fixtures/mcp-host) serves it under the Content-Security-Policy the MCP Apps
 * specification makes a host's default (no network, no eval), in a frame sandboxed as hosts do
 * (`allow-scripts` only), and completes the handshake over `postMessage`. It then calls
 * `gridview_render` and delivers its input and result: the view renders (title, KPI values, rows, a
 * live chart with a tooltip), sorts and searches, keeps hostile values as text, follows the host's
 * theme, reports its size, hands its CSV and XLSX exports to the host, and shows a coded error card
 * for a refused call, a missing or invalid artifact and a cancelled call. axe finds no serious or
 * critical violation inside the frame, and nothing asks the policy for more than it allows.
 * Screenshots: test-results/screenshots/mcp-app-*.png.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import { createGridViewMcpServer } from '../../src/mcp/server';
import type { GridViewSpecWire, Row } from '../../src/core/types';
import { buildArtifactFromView } from '../../src/core/artifact';
import { MCP_APP_URI, escapeInlineScript, mcpAppHtml } from '../../src/mcp/app-html';
import { launchChromium, openPage, saveScreenshot, waitUntil } from './helpers/browser';
import { fixturePage, newestMtime, serveStatic, type StaticServer } from './helpers/static-site';
import { axeScan, chartsSettled, layoutProblems } from './helpers/layout';
import type { HostApi, HostDownload, HostedViewState } from './fixtures/mcp-host/main';

/** The hostile value: were it markup, its handler would reach into the host page. */
const ATTACK = '</script><img src=x onerror="parent.__pwned=1">';
/** The same kind of value whose handler could be seen from inside the frame and from the host. */
const SELF_ATTACK = `<img src=x onerror="window.__pwned=1;parent.postMessage('pwned','*')">`;

const SPEC: GridViewSpecWire = {
  grid_id: 'orders',
  title: `Orders ${ATTACK}`,
  export_xlsx: true,
  kpis: [
    { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' },
    { label: 'Orders', aggregate: 'count' },
    { label: 'Average order', column_key: 'amount', aggregate: 'avg', format: 'currency' },
  ],
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
  product: i === 0 ? ATTACK : i === 1 ? SELF_ATTACK : i % 3 === 0 ? 'Laptop' : 'Mouse',
  amount: 1000 + ((i * 7919) % 97) * 13.5,
}));
const ARTIFACT = buildArtifactFromView(SPEC, ROWS);

/**
 * The Content-Security-Policy the host serves the view with: the MCP Apps specification's default
 * for a resource that declares no domains (no network of any kind, inline script and style only,
 * no eval), with what its sandbox proxy adds (no nested frames, no plugins, base URI to itself).
 */
const HOST_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/**
 * A tool result shaped as `gridview_render` answers (the envelope in `structuredContent`, a text
 * copy for models) around an artifact the server would never send: what the view does with it.
 */
function renderResult(artifact: unknown): { content: { type: 'text'; text: string }[]; structuredContent: Record<string, unknown> } {
  const envelope = { ok: true, tool: 'gridview_render', data: { artifact, row_count: ROWS.length, truncated: false }, diagnostics: [] };
  return { content: [{ type: 'text', text: 'gridview_render: rendered "orders": 40 rows, 3 KPIs, 1 chart.' }], structuredContent: envelope };
}

/** The view's document as the package ships it; this file says when dist/ is missing or older than the sources. */
async function builtView(): Promise<string> {
  const view = resolve('dist', 'mcp', 'view.js');
  const sources = Math.max(...['src', 'components', 'composables', 'stores'].map((dir) => newestMtime(resolve(dir))));
  if (!existsSync(view) || statSync(view).mtimeMs < sources) throw new Error('dist/mcp/view.js is missing or older than the sources: run `npm run build` first (`npm test` does)');
  return mcpAppHtml();
}


let html: string;
let server: McpServer;
let client: Client;
let renderTool: Tool;
let site: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

/** The frame of the view opened under `id` (each is served at /view.html?v=<id>). */
function viewFrame(id: string): Frame {
  const frame = page.frames().find((f) => f.url().endsWith(`/view.html?v=${id}`));
  if (frame === undefined) throw new Error(`no frame for view ${id}`);
  return frame;
}

const host = {
  open: (id: string, theme: 'light' | 'dark' = 'light') =>
    page.evaluate(
      ([viewId, url, hostTheme, tool]) =>
        (window as unknown as { __host: HostApi }).__host.open(viewId, url, {
          toolInfo: { tool: tool as unknown as Tool },
          theme: hostTheme,
          locale: 'en-US',
          displayMode: 'inline',
          availableDisplayModes: ['inline'],
          containerDimensions: { maxHeight: 4000 },
          platform: 'web',
        }),
      // The tool as plain JSON: Playwright's serialisable type of the SDK's deep Tool type is too deep to check.
      [id, `${site.url}/view.html?v=${id}`, theme, renderTool as unknown as Record<string, unknown>] as const,
    ),
  deliver: (id: string, input: Record<string, unknown>, result: unknown) =>
    page.evaluate(
      ([viewId, toolInput, toolResult]) => (window as unknown as { __host: HostApi }).__host.deliver(viewId, toolInput, toolResult as Parameters<HostApi['deliver']>[2]),
      [id, input, result] as const,
    ),
  result: (id: string, result: unknown) =>
    page.evaluate(([viewId, toolResult]) => (window as unknown as { __host: HostApi }).__host.result(viewId, toolResult as Parameters<HostApi['result']>[1]), [id, result] as const),
  state: (id: string): Promise<HostedViewState> => page.evaluate((viewId) => (window as unknown as { __host: HostApi }).__host.state(viewId), id),
};

/**
 * The layout facts of the view (numbers whole, nothing out of its card, readable text, no sideways
 * scroll), but for the sorted column's arrow: an `aria-hidden` glyph the table draws at 0.75em
 * (11.25 px), which the small-text rule reads as text once a column is sorted.
 */
async function shapeProblems(frame: Frame): Promise<unknown[]> {
  return (await layoutProblems(frame)).filter((problem) => !(problem.rule === 'small-text' && problem.where === 'span.gv-sort-button__indicator'));
}

/**
 * The chart tooltip on screen: its text (`'text'`, null when none is shown), or whether one is
 * shown or gone. ECharts' tooltip is an absolutely positioned element that lets the pointer
 * through, hidden by visibility and opacity between uses. Runs in the frame: self-contained, and a
 * function rather than a string, which the view's policy would refuse to evaluate.
 */
function tooltip(wanted: 'text' | 'shown' | 'gone'): string | boolean | null {
  let text: string | null = null;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('.gv-chart div'))) {
    const style = getComputedStyle(el);
    if (style.position === 'absolute' && style.pointerEvents === 'none' && style.visibility === 'visible' && style.opacity !== '0' && (el.textContent ?? '').trim() !== '') {
      text = el.textContent;
      break;
    }
  }
  return wanted === 'text' ? text : wanted === 'shown' ? text !== null : text === null;
}

/** Texts of every element `selector` matches in `frame`. */
const texts = (frame: Frame, selector: string): Promise<string[]> => frame.locator(selector).allTextContents();

/** The files the host received from view `id`, waiting until there are `count`. */
async function downloads(id: string, count: number): Promise<HostDownload[]> {
  await expect.poll(async () => (await host.state(id)).downloads.length).toBe(count);
  return (await host.state(id)).downloads;
}

/** `gridview_render` called through the MCP client, as a host calls it for the model. */
function callRender(args: Record<string, unknown>): Promise<unknown> {
  return client.callTool({ name: 'gridview_render', arguments: args });
}

beforeAll(async () => {
  const built = await builtView();
  // The host's side of MCP: the server's tools, the resource gridview_render links, read.
  server = await createGridViewMcpServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'vue-grid-view e2e host', version: '1.0.0' });
  await client.connect(clientSide);
  const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'gridview_render');
  if (tool === undefined) throw new Error('the server lists no gridview_render');
  renderTool = tool;
  const uri = getToolUiResourceUri(renderTool);
  if (uri === undefined) throw new Error('gridview_render links no ui:// resource');
  const [content] = (await client.readResource({ uri })).contents;
  if (content === undefined || !('text' in content)) throw new Error(`${uri} has no text content`);
  expect(content).toMatchObject({ uri: MCP_APP_URI, mimeType: 'text/html;profile=mcp-app' });
  html = content.text;
  expect(html).toBe(built);
  const hostDir = await fixturePage('mcp-host');
  // The host page (the built fixture) and, at /view.html, the view's document under the host's policy.
  site = await serveStatic(hostDir, { '/view.html': { body: html, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': HOST_CSP } } });
  browser = await launchChromium();
  const opened = await openPage(browser, { viewport: { width: 800, height: 900 } });
  ({ context, page, errors } = opened);
  // Every frame records what its policy refused: the view must never ask for more than it allows.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  await page.goto(site.url);
  await waitUntil(page, () => '__host' in window);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await client?.close();
  await server?.close();
});

describe('the MCP App resource', () => {
  it('is one self-contained HTML document: inline style and script, no URL to load, nothing that ends the script early', async () => {
    expect(MCP_APP_URI).toBe('ui://vue-grid-view/view.html');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(await mcpAppHtml()).toBe(html);
    // One <script>, the inline one, closed once, and no comment opener that could change its parsing.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    // Outside the inlined code, no attribute or rule that loads anything.
    const markup = html.replace(/<style>[\s\S]*?<\/style>/, '<style></style>').replace(/<script>[\s\S]*?<\/script>/, '<script></script>');
    expect(markup).not.toMatch(/\b(src|href)\s*=|url\(|@import/i);
    expect(html).not.toMatch(/<link\b/i);
    // The escaping keeps the code's meaning: `\x3C` is `<` in strings, templates and regular expressions.
    const sample = 'const a = "</script>", b = `<!---->`, c = /<!--([\\s\\S]*?)-->/g, d = /<\\/SCRIPT>|<!--/iu;';
    const escaped = escapeInlineScript(sample);
    expect(escaped).not.toMatch(/<\/script|<!--/i);
    const values = (code: string): unknown => runInNewContext(`${code}; JSON.stringify([a, b, 'x<!-- y -->z'.replace(c, ''), d.test('</script>'), d.test('a <!-- b')])`);
    expect(values(escaped)).toBe(values(sample));
    expect(values(sample)).toBe(JSON.stringify(['</script>', '<!---->', 'xz', true, true]));
  });
});

describe('the view in a sandboxed frame of an MCP Apps host', () => {
  it('completes the handshake, renders the tool result (title, KPIs, rows, a live chart) and sorts by a header', async () => {
    await host.open('main');
    const initialized = await host.state('main');
    expect(initialized).toMatchObject({ initialized: true, appName: 'vue-grid-view' });
    // As a host does for the model: the tool's input to the view, the call to the server, its result to the view.
    const input = { spec: SPEC, rows: ROWS };
    const result = await callRender(input);
    expect(result).toMatchObject({ structuredContent: { ok: true, tool: 'gridview_render' } });
    await host.deliver('main', input, result);
    const frame = viewFrame('main');
    await waitUntil(frame, () => document.querySelector('[data-gv-mcp-state="view"] [data-cm-simple-table]') !== null);

    // The title and a row holding markup show it as text; no element came of it, no handler ran.
    expect(await frame.locator('.gv-view__title').textContent()).toBe(`Orders ${ATTACK}`);
    expect(await frame.locator('h1').count()).toBe(1);
    const products = await texts(frame, 'tbody td[data-cm-col-key="product"]');
    expect(products).toContain(ATTACK);
    expect(products).toContain(SELF_ATTACK);
    expect(await frame.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    expect(await frame.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __host: HostApi }).__host.pwned())).toBe(0);

    // KPI values as the core computes them, rows in the artifact's order, 40 in all.
    expect(await texts(frame, '.gv-kpi__label')).toEqual(['Revenue', 'Orders', 'Average order']);
    expect(await texts(frame, '.gv-kpi__number')).toEqual(ARTIFACT.kpis.map((kpi) => kpi.display));
    expect(await frame.locator('[data-cm-simple-table]').getAttribute('data-cm-total-rows')).toBe('40');
    const firstId = () => frame.locator('tbody td[data-cm-col-key="id"]').first().textContent();
    expect(await firstId()).toBe('SO-001');

    // A live ECharts chart (canvas) whose tooltip answers the pointer.
    await chartsSettled(frame);
    const canvas = frame.locator('.gv-chart canvas').first();
    const box = await canvas.boundingBox();
    if (box === null) throw new Error('the chart has no box');
    for (let x = 0.2; x < 1 && (await frame.evaluate(tooltip, 'shown' as const)) === false; x += 0.15) {
      await page.mouse.move(box.x + box.width * x, box.y + box.height * 0.6);
      await waitUntil(frame, tooltip, 'shown', { timeout: 1_000 }).catch(() => undefined);
    }
    expect(await frame.evaluate(tooltip, 'text' as const)).toMatch(/(North|South|East|West).*Amount.*\$/s);
    // Away from the chart (onto the title) the tooltip goes, and the view is shown as a reader finds it.
    await frame.locator('.gv-view__title').hover();
    await waitUntil(frame, tooltip, 'gone');
    expect(await layoutProblems(frame)).toEqual([]);
    await saveScreenshot(page, 'mcp-app-light');

    // Sorting by the amount header: ascending, then descending.
    const amounts = ROWS.map((row) => row.amount as number);
    await frame.locator('[data-cm-sort-button="amount"]').click();
    await expect.poll(firstId).toBe(ROWS[amounts.indexOf(Math.min(...amounts))]?.id);
    expect(await frame.locator('th[data-cm-col-key="amount"]').getAttribute('data-cm-sort')).toBe('asc');
    await frame.locator('[data-cm-sort-button="amount"]').click();
    await expect.poll(firstId).toBe(ROWS[amounts.indexOf(Math.max(...amounts))]?.id);

    // Searching narrows the rows.
    await frame.getByRole('searchbox').first().fill('Laptop');
    await expect.poll(async () => (await texts(frame, 'tbody td[data-cm-col-key="product"]')).every((text) => text === 'Laptop')).toBe(true);
    await frame.getByRole('searchbox').first().fill('');

    expect(await shapeProblems(frame)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('reports its size to the host, which fits the frame to it', async () => {
    const frame = viewFrame('main');
    // Reports follow the content (once per animation frame): the last one matches the document's height.
    const fit = async () => {
      const state = await host.state('main');
      const documentHeight = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      // The frame is as tall as the view (its 1-pixel border on each side aside): nothing scrolls inside it.
      return { reported: state.sizes.at(-1)?.height, documentHeight, frame: Math.round(state.frameHeight - 2) };
    };
    await expect.poll(async () => {
      const { reported, documentHeight, frame: frameHeight } = await fit();
      return reported === documentHeight && Math.abs(frameHeight - documentHeight) <= 1;
    }).toBe(true);
    expect((await host.state('main')).sizes.length).toBeGreaterThan(0);
    expect(await frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
  });

  it('follows the host theme when the host context changes', async () => {
    const frame = viewFrame('main');
    expect(await frame.evaluate(() => document.documentElement.getAttribute('data-gv-theme'))).toBe('light');
    await page.evaluate(() =>
      (window as unknown as { __host: HostApi }).__host.setContext('main', { theme: 'dark', locale: 'en-US', displayMode: 'inline', availableDisplayModes: ['inline'], containerDimensions: { maxHeight: 4000 }, platform: 'web' }),
    );
    await waitUntil(frame, () => document.documentElement.getAttribute('data-gv-theme') === 'dark');
    const background = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await chartsSettled(frame);
    expect(await shapeProblems(frame)).toEqual([]);
    await saveScreenshot(page, 'mcp-app-dark');
    expect(errors).toEqual([]);
  });

  it('hands its CSV and XLSX exports to the host (ui/download-file), the rows as shown', async () => {
    const frame = viewFrame('main');
    // Sorted by amount, descending, from the first test.
    await frame.locator('[data-cm-export="csv"]').click();
    const [csv] = await downloads('main', 1);
    expect(csv).toMatchObject({ uri: 'file:///orders.csv', mimeType: 'text/csv;charset=utf-8' });
    const csvText = Buffer.from(csv?.blob ?? '', 'base64').toString('utf8');
    const lines = csvText.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Order,Region,Product,Amount');
    expect(lines).toHaveLength(41);
    const byAmount = [...ROWS].sort((a, b) => (b.amount as number) - (a.amount as number));
    expect(lines[1]?.startsWith(`${byAmount[0]?.id},`)).toBe(true);

    await frame.locator('[data-cm-export="xlsx"]').click();
    const xlsx = (await downloads('main', 2))[1];
    expect(xlsx).toMatchObject({ uri: 'file:///orders.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const book = XLSX.read(Buffer.from(xlsx?.blob ?? '', 'base64'), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string];
    if (sheet === undefined) throw new Error('the workbook has no sheet');
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(matrix[0]).toEqual(['Order', 'Region', 'Product', 'Amount']);
    expect(matrix).toHaveLength(41);
    expect(matrix[1]?.[0]).toBe(byAmount[0]?.id);
    expect(matrix[1]?.[3]).toBe(byAmount[0]?.amount);
    expect(errors).toEqual([]);
  });

  it('has no serious or critical axe violation inside the frame, light and dark', async () => {
    const frame = viewFrame('main');
    const serious = async () => (await axeScan(frame, { include: 'body' })).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(await serious()).toEqual([]);
    await page.evaluate(() =>
      (window as unknown as { __host: HostApi }).__host.setContext('main', { theme: 'light', locale: 'en-US', displayMode: 'inline', availableDisplayModes: ['inline'], containerDimensions: { maxHeight: 4000 }, platform: 'web' }),
    );
    await waitUntil(frame, () => document.documentElement.getAttribute('data-gv-theme') === 'light');
    expect(await serious()).toEqual([]);
  });

  it('shows a coded error card for a failed tool, an invalid or missing artifact and a cancelled call', async () => {
    await host.open('failed', 'dark');
    // The server refuses a spec whose chart type is markup: its diagnostics on the card, as text.
    const refusedInput = { spec: { ...SPEC, charts: [{ id: 'by-region', chart_type: ATTACK, x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }] }, rows: ROWS };
    const refused = await callRender(refusedInput);
    expect(refused).toMatchObject({ isError: true, structuredContent: { ok: false } });
    await host.deliver('failed', refusedInput, refused);
    const frame = viewFrame('failed');
    const card = (code: string) => `[data-gv-mcp-state="problem"][data-gv-mcp-code="${code}"] .gv-spec-issues[role="alert"]`;
    await frame.locator(card('invalid_enum')).waitFor();
    expect(await texts(frame, '.gv-spec-issues__path')).toContain('charts[0].chart_type');
    expect(await frame.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    // Only the errors are listed (a warning is not why a call failed), each with code, path and sentence.
    const failed = {
      content: [{ type: 'text', text: 'gridview_render: refused: 1 issue; fix each and call again.' }],
      structuredContent: {
        ok: false,
        tool: 'gridview_render',
        data: null,
        diagnostics: [
          { code: 'invalid_enum', path: 'charts[0].chart_type', message: `chart_type must be one of bar, line, pie; got "${ATTACK}".`, severity: 'error' },
          { code: 'unknown_icon', path: 'kpis[0].icon', message: 'Unknown icon; the card shows none.', severity: 'warning' },
        ],
      },
      isError: true,
    };
    await host.result('failed', failed);
    await frame.locator(card('invalid_enum')).filter({ hasText: 'got "' }).waitFor();
    expect(await texts(frame, '.gv-spec-issues__code')).toEqual(['invalid_enum']);
    expect(await texts(frame, '.gv-spec-issues__path')).toEqual(['charts[0].chart_type']);
    expect(await frame.locator('.gv-spec-issues__sentence').textContent()).toContain(ATTACK);
    expect(await frame.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    // Chromium draws (and runs animation frames in) a cross-origin frame only once it nears the
    // viewport, as a reader scrolling the chat to it would: then the view measures and reports its size.
    await (await frame.frameElement()).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await host.state('failed')).frameHeight).toBeGreaterThan(200);
    await saveScreenshot(page, 'mcp-app-error-dark');
    const serious = (await axeScan(frame, { include: 'body' })).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious).toEqual([]);

    // Artifact JSON of another version, with rows that are not rows: the hydration's own codes.
    await host.result('failed', renderResult({ ...ARTIFACT.toJSON(), version: 2, rows: 'none' }));
    await frame.locator(card('invalid_enum')).filter({ hasText: 'data.artifact.version' }).waitFor();
    expect(await texts(frame, '.gv-spec-issues__path')).toEqual(['data.artifact.version', 'data.artifact.rows']);
    // An envelope without an artifact (e.g. HTML only), and text that is not JSON.
    await host.result('failed', { content: [], structuredContent: { ok: true, tool: 'gridview_render', data: { html: '<p>page</p>' }, diagnostics: [] } });
    await frame.locator(card('artifact_missing')).waitFor();
    await host.result('failed', renderResult('{ not json'));
    await frame.locator(card('artifact_invalid')).waitFor();
    // A tool result without an envelope at all, a failure the host reports as text only, and a cancelled call.
    await host.result('failed', { content: [{ type: 'text', text: 'plain text' }] });
    await frame.locator(card('envelope_missing')).waitFor();
    await host.result('failed', { content: [{ type: 'text', text: 'The server is not reachable.' }], isError: true });
    await frame.locator(card('tool_error')).filter({ hasText: 'The server is not reachable.' }).waitFor();
    await page.evaluate(() => (window as unknown as { __host: HostApi }).__host.cancel('failed', 'the user stopped it'));
    await frame.locator(card('tool_cancelled')).filter({ hasText: 'the user stopped it' }).waitFor();
    // A valid result after all that draws the view; its data grid is the simple table (no AG Grid in the view).
    const withGrid = buildArtifactFromView({ ...SPEC, grid_id: 'orders-grid', title: 'Orders in a grid', layout: { blocks: ['title', 'kpis', 'toolbar', 'ag_grid'] } }, ROWS);
    await host.result('failed', renderResult(withGrid.toJSON()));
    await waitUntil(frame, () => document.querySelector('[data-gv-mcp-state="view"] [data-gv-block="table"] [data-cm-simple-table]') !== null);
    expect(await frame.locator('.gv-view__title').textContent()).toBe('Orders in a grid');
    expect(await frame.locator('.ag-root-wrapper, [data-gv-block="toolbar"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('kept within the host policy: nothing refused, and the policy really forbids eval', async () => {
    for (const id of ['main', 'failed']) {
      expect(await viewFrame(id).evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    }
    expect(errors).toEqual([]);
    // The check above can fail: under this policy, eval in the view's own scripts is refused and
    // reported. Playwright's evaluation is exempt from the policy while it runs, so the attempt is a
    // script of the page, run in a task of its own after the evaluation has returned.
    const frame = viewFrame('main');
    await frame.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "try { new Function('return 1'); window.__evalTried = 'allowed'; } catch (error) { window.__evalTried = 'refused'; }";
      setTimeout(() => document.head.append(script), 0);
    });
    await waitUntil(frame, () => '__evalTried' in window);
    expect(await frame.evaluate(() => (window as unknown as { __evalTried?: string }).__evalTried)).toBe('refused');
    expect(await frame.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual(['script-src eval']);
  });

  it('answers ui/resource-teardown (unmounting its view), after which the host removes the frame', async () => {
    const frame = viewFrame('failed');
    // The bridge's request resolves only once the view has answered it.
    await page.evaluate(() => (window as unknown as { __host: HostApi }).__host.teardown('failed'));
    expect(page.frames().some((f) => f === frame)).toBe(false);
    expect(errors.filter((line) => !/Refused to evaluate a string as JavaScript/.test(line))).toEqual([]);
  });
});
