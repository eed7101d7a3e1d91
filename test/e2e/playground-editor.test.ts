/**
 * The playground's spec editor in Chromium: a valid spec renders a view, a broken one lists its
 * issues with their codes and paths, invalid JSON gets its own message, and markup in a spec is
 * shown as text, never run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectConsoleErrors, launchChromium, saveScreenshot } from './helpers/browser';
import { ensurePlaygroundBuilt, openPlaygroundPage, startPlayground, tempDataDir, type PlaygroundServer } from './helpers/playground';

let server: PlaygroundServer;
let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  await ensurePlaygroundBuilt();
  dataDir = await tempDataDir();
  server = await startPlayground({ dataDir: dataDir.path });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  errors = collectConsoleErrors(page);
  // A dialog would mean markup from a spec ran as code; fail loudly instead of blocking.
  page.on('dialog', (dialog) => {
    errors.push(`dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await dataDir?.remove();
});

const status = () => page.locator('[data-testid="spec-status"]');

async function typeSpec(source: string): Promise<void> {
  await page.locator('[data-testid="spec-source"]').fill(source);
}

async function issues(): Promise<{ code: string; path: string }[]> {
  const items = page.locator('.gv-spec-issues__item');
  const out: { code: string; path: string }[] = [];
  for (const item of await items.all()) {
    out.push({
      code: ((await item.getAttribute('data-gv-code')) ?? '').trim(),
      path: ((await item.locator('.gv-spec-issues__path').textContent()) ?? '').trim(),
    });
  }
  return out;
}

describe('playground spec editor', () => {
  it('renders the example spec as a view', async () => {
    await openPlaygroundPage(page, server.url, 'editor');
    await page.locator('[data-testid="spec-status"][data-state="valid"]').waitFor();
    const view = page.locator('[data-testid="page-editor"] .gv-view');
    await expect(view.locator('.gv-view__title').textContent()).resolves.toBe('Sales 2024–2025');
    await expect(view.locator('.gv-chart').count()).resolves.toBe(3);
    expect(errors).toEqual([]);
  });

  it('lists forbidden rows and a bad grid_id with their codes and paths', async () => {
    await typeSpec(JSON.stringify({ grid_id: 'Sales Q1', rows: [{ region: 'North' }], columns: [{ key: 'region', label: 'Region' }] }));
    await page.locator('[data-testid="spec-status"][data-state="invalid"]').waitFor();
    await expect(page.locator('[data-testid="page-editor"] .gv-view:not(.gv-view--invalid)').count()).resolves.toBe(0);
    const found = await issues();
    expect(found).toContainEqual({ code: 'forbidden_rows', path: 'rows' });
    expect(found).toContainEqual({ code: 'invalid_pattern', path: 'grid_id' });
    await expect(status().textContent()).resolves.toContain(`${found.length}`);
    await saveScreenshot(page, 'editor-issues');
    expect(errors).toEqual([]);
  });

  it('lists every rule the broken example breaks', async () => {
    await page.locator('[data-testid="broken-example"]').click();
    await page.waitForFunction(() => document.querySelectorAll('.gv-spec-issues__item[data-gv-code="forbidden_sql"]').length > 0);
    const codes = new Set((await issues()).map((issue) => issue.code));
    for (const code of ['invalid_pattern', 'forbidden_rows', 'forbidden_kpi_value', 'forbidden_option', 'forbidden_sql', 'unsafe_url', 'invalid_enum']) {
      expect(codes, code).toContain(code);
    }
    expect(errors).toEqual([]);
  });

  it('says when the text is not JSON at all', async () => {
    await typeSpec('{ "grid_id": "sales", ');
    await page.locator('[data-testid="spec-status"][data-state="json_error"]').waitFor();
    await expect(status().textContent()).resolves.toContain('Not valid JSON');
    await expect(page.locator('.gv-spec-issues').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows markup in a title and a label as text and never runs it', async () => {
    const title = '<img src=x onerror=alert(1)><b>Bold?</b>';
    await typeSpec(JSON.stringify({ grid_id: 'probe', title, columns: [{ key: 'region', label: '<script>alert(2)</script>' }] }));
    await page.locator('[data-testid="spec-status"][data-state="valid"]').waitFor();
    const view = page.locator('[data-testid="page-editor"] .gv-view');
    await expect(view.locator('.gv-view__title').textContent()).resolves.toBe(title);
    await expect(view.locator('img, b, script').count()).resolves.toBe(0);
    await expect(view.locator('th[data-cm-col-key="region"]').textContent()).resolves.toContain('<script>alert(2)</script>');
    await page.locator('[data-testid="reset-example"]').click();
    await page.locator('[data-testid="spec-status"][data-state="valid"]').waitFor();
    await view.locator('.gv-chart').first().waitFor();
    await saveScreenshot(page, 'editor');
    expect(errors).toEqual([]);
  });
});
