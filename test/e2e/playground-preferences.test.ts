/**
 * The playground's preferences page against the real server and its SQLite file: a preset and a
 * saved search made as alice survive a server restart and come back in a fresh browser for alice,
 * never for bob; an anonymous caller keeps everything in the browser and is told so.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateSales } from '../../playground/shared/data';
import { collectConsoleErrors, launchChromium, saveScreenshot } from './helpers/browser';
import { ensurePlaygroundBuilt, openPlaygroundPage, startPlayground, tempDataDir, type PlaygroundServer } from './helpers/playground';

const PREFS_API = '/api/grid/preferences/?grid_id=sales-table';

let server: PlaygroundServer;
let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
let browser: Browser;

beforeAll(async () => {
  await ensurePlaygroundBuilt();
  dataDir = await tempDataDir();
  server = await startPlayground({ dataDir: dataDir.path });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dataDir?.remove();
});

/** A fresh browser profile (no cookies, no localStorage) on the preferences page. */
async function freshVisit(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await openPlaygroundPage(page, server.url, 'preferences');
  await page.locator('.pg-prefs').waitFor();
  return { context, page, errors };
}

/** Switches the demo user with the page's own control; the page reloads as after a sign-in. */
async function switchUser(page: Page, user: 'alice' | 'bob' | 'anonymous'): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.locator(`[data-testid="user-switch"] input[data-user="${user}"]`).check()]);
  await page.locator(`.pg-prefs[data-user="${user}"]`).waitFor();
  await page.locator('[data-testid="prefs-status"]:not([data-state="loading"])').waitFor();
}

/** Runs `action` and waits for the save it causes to reach the server and be confirmed. */
async function savedBy(page: Page, action: () => Promise<void>): Promise<void> {
  const response = page.waitForResponse((r) => r.url().includes('/api/grid/preferences/') && r.request().method() === 'POST');
  await action();
  expect((await response).status()).toBe(200);
  await page.locator('[data-testid="prefs-status"][data-state="saved"]').waitFor();
}

function presetNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid="preset-list"] [data-preset] .pg-list__name').allTextContents();
}

describe('playground preferences across users and a server restart', () => {
  it('keeps an anonymous caller local only, says so, and keeps the preset after a reload', async () => {
    const { context, page, errors } = await freshVisit();
    await page.locator('.pg-prefs[data-user="anonymous"]').waitFor();
    await expect(page.locator('[data-testid="local-only"]').textContent()).resolves.toContain('local_only');
    await page.locator('[data-testid="preset-name"]').fill('Mine only');
    await page.locator('[data-testid="save-preset"]').click();
    await page.locator('[data-preset="Mine only"]').waitFor();
    await page.reload();
    await page.locator('[data-preset="Mine only"]').waitFor();
    await expect(page.locator('[data-testid="local-only"]').isVisible()).resolves.toBe(true);
    // The server stores nothing for an anonymous caller.
    const answer = (await (await page.request.get(`${server.url}${PREFS_API}`)).json()) as { local_only?: boolean; colPresets: object };
    expect(answer.local_only).toBe(true);
    expect(answer.colPresets).toEqual({});
    await saveScreenshot(page, 'preferences-anonymous');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves, renames and deletes presets and saves a search as alice on the server', async () => {
    const { context, page, errors } = await freshVisit();
    await switchUser(page, 'alice');
    await expect(page.locator('[data-testid="server-note"]').textContent()).resolves.toContain('alice');
    await expect(page.locator('[data-testid="local-only"]').count()).resolves.toBe(0);

    await page.locator('[data-testid="column-toggles"] input[data-column="channel"]').uncheck();
    await page.locator('[data-testid="column-toggles"] input[data-column="unit_price"]').uncheck();
    await expect(page.locator('.pg-prefs [data-cm-simple-table] th[data-cm-col-key="channel"]').count()).resolves.toBe(0);
    await page.locator('[data-testid="preset-name"]').fill('Compact');
    await savedBy(page, () => page.locator('[data-testid="save-preset"]').click());

    await page.locator('[data-testid="preset-name"]').fill('Temporary');
    await savedBy(page, () => page.locator('[data-testid="save-preset"]').click());
    await page.locator('[data-preset="Temporary"] [data-action="rename-input"]').fill('Renamed');
    await savedBy(page, () => page.locator('[data-preset="Temporary"] [data-action="rename"]').click());
    await page.locator('[data-preset="Renamed"]').waitFor();
    await savedBy(page, () => page.locator('[data-preset="Renamed"] [data-action="delete"]').click());
    await expect(presetNames(page)).resolves.toEqual(['Compact']);

    // A duplicate name is refused with a message, nothing is lost.
    await page.locator('[data-testid="preset-name"]').fill('Compact');
    await page.locator('[data-testid="save-preset"]').click();
    await page.locator('[data-testid="prefs-error"]').waitFor();

    await page.locator('[data-testid="search-text"]').fill('Ткаченко');
    await savedBy(page, () => page.locator('[data-testid="save-search"]').click());
    await page.locator('[data-search="Ткаченко"]').waitFor();

    const answer = (await (await page.request.get(`${server.url}${PREFS_API}`)).json()) as { colPresets: Record<string, unknown>; searches: string[] };
    expect(Object.keys(answer.colPresets)).toEqual(['Compact']);
    expect(answer.searches).toEqual(['Ткаченко']);
    await saveScreenshot(page, 'preferences');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds alice’s preset and search again after a restart, in a fresh browser, and applies them', async () => {
    const port = server.port;
    await server.stop();
    server = await startPlayground({ dataDir: dataDir.path, port });

    const { context, page, errors } = await freshVisit();
    await switchUser(page, 'alice');
    await page.locator('[data-preset="Compact"]').waitFor();
    await expect(presetNames(page)).resolves.toEqual(['Compact']);
    await page.locator('[data-search="Ткаченко"]').waitFor();

    await page.locator('[data-preset="Compact"] [data-action="apply"]').click();
    const table = page.locator('.pg-prefs [data-cm-simple-table]');
    await page.waitForFunction(() => document.querySelector('.pg-prefs [data-cm-simple-table] th[data-cm-col-key="channel"]') === null);
    await expect(table.locator('th[data-cm-col-key="unit_price"]').count()).resolves.toBe(0);
    await expect(table.locator('th[data-cm-col-key="amount"]').count()).resolves.toBe(1);

    await page.locator('[data-search="Ткаченко"] [data-action="apply"]').click();
    // The panel searches the rows itself and hands the table only the matches.
    const expected = generateSales().filter((row) => row.менеджер.includes('Ткаченко')).length;
    await page.waitForFunction(
      (value) => document.querySelector('.pg-prefs [data-cm-simple-table]')?.getAttribute('data-cm-total-rows') === String(value),
      expected,
    );
    await expect(table.locator('tbody tr[data-cm-row-index]').first().locator('td[data-cm-col-key="менеджер"]').textContent()).resolves.toContain('Ткаченко');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never shows alice’s preset to bob', async () => {
    const { context, page, errors } = await freshVisit();
    await switchUser(page, 'bob');
    await expect(page.locator('[data-testid="server-note"]').textContent()).resolves.toContain('bob');
    await expect(page.locator('[data-testid="preset-list"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="search-list"]').count()).resolves.toBe(0);
    const answer = (await (await page.request.get(`${server.url}${PREFS_API}`)).json()) as { colPresets: object; searches: string[] };
    expect(answer).toMatchObject({ colPresets: {}, searches: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stored exactly one row, for alice, in the SQLite file', async () => {
    await server.stop();
    const db = new Database(join(dataDir.path, 'prefs.sqlite'), { readonly: true });
    try {
      const stored = db.prepare('select subject, grid_id, col_presets, searches from grid_preference').all() as {
        subject: string;
        grid_id: string;
        col_presets: string;
        searches: string;
      }[];
      expect(stored.map((row) => [row.subject, row.grid_id])).toEqual([['alice', 'sales-table']]);
      expect(Object.keys(JSON.parse(stored[0]?.col_presets ?? '{}'))).toEqual(['Compact']);
      expect(JSON.parse(stored[0]?.searches ?? '[]')).toEqual(['Ткаченко']);
    } finally {
      db.close();
    }
  });
});
