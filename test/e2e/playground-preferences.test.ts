/**
 * The playground's preferences page against the real server and its SQLite file: a preset and a
 * saved search made as alice survive a server restart and come back in a fresh browser for alice,
 * never for bob; an anonymous caller keeps everything in the browser and is told so; switching the
 * demo user happens in place, without a reload, and never hands one user's unsent change to another.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { generateSales } from '../../playground/shared/data';
import { saveScreenshot, waitUntil } from './helpers/browser';
import { E2E_DEMO_ROWS, openPlaygroundPage } from './helpers/playground';
import { usePlayground } from './helpers/playground-fixture';

const PREFS_API = '/api/grid/preferences/?grid_id=sales-table';

const playground = usePlayground({ browser: true });

/** A fresh browser profile (no cookies, no localStorage) on the preferences page. */
async function freshVisit(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await playground.newPage();
  await openPlaygroundPage(page, playground.server.url, 'preferences');
  await page.locator('.pg-prefs').waitFor();
  return { context, page, errors };
}

/**
 * Switches the demo user with the page's own control and waits until the new user's preferences
 * are loaded. The switch happens in place: a marker set on `window` before it must still be there.
 */
async function switchUser(page: Page, user: 'alice' | 'bob' | 'anonymous'): Promise<void> {
  const marker = await page.evaluate(() => {
    const holder = window as unknown as { gvSwitchMarker?: number };
    holder.gvSwitchMarker = (holder.gvSwitchMarker ?? 0) + 1;
    return holder.gvSwitchMarker;
  });
  await page.locator(`[data-testid="user-switch"] input[data-user="${user}"]`).check();
  // Checking a radio only chooses; the switch is the deliberate second step.
  await page.locator('[data-testid="switch-user"]').click();
  await page.locator(`.pg-prefs[data-user="${user}"]`).waitFor();
  await page.locator('[data-testid="user-switch"]:not([disabled])').waitFor();
  await page.locator('[data-testid="prefs-status"]:not([data-state="loading"])').waitFor();
  await expect(page.evaluate(() => (window as unknown as { gvSwitchMarker?: number }).gvSwitchMarker)).resolves.toBe(marker);
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
    const localOnly = (await page.locator('[data-testid="local-only"]').textContent()) ?? '';
    expect(localOnly).toContain('this browser only');
    // Internal codes are not words for readers.
    expect(localOnly).not.toContain('local_only');
    await page.locator('[data-testid="preset-name"]').fill('Mine only');
    await page.locator('[data-testid="save-preset"]').click();
    await page.locator('[data-preset="Mine only"]').waitFor();
    await page.reload();
    await page.locator('[data-preset="Mine only"]').waitFor();
    await expect(page.locator('[data-testid="local-only"]').isVisible()).resolves.toBe(true);
    // The server stores nothing for an anonymous caller.
    const answer = (await (await page.request.get(`${playground.server.url}${PREFS_API}`)).json()) as { local_only?: boolean; colPresets: object };
    expect(answer.local_only).toBe(true);
    expect(answer.colPresets).toEqual({});
    await saveScreenshot(page, 'preferences-anonymous');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where presets live once: the page panel, not also a Presets menu in its table', async () => {
    const { context, page, errors } = await freshVisit();
    await page.locator('[data-testid="prefs-status"]:not([data-state="loading"])').waitFor();
    // Before any change the status does not claim one was saved.
    await expect(page.locator('[data-testid="prefs-status"]').getAttribute('data-state')).resolves.toBe('idle');
    await expect(page.locator('[data-testid="prefs-status"]').textContent()).resolves.toBe('Changes are saved as you make them.');
    await page.locator('.pg-prefs [data-cm-column-menu]').waitFor();
    // The table's menu is code loaded after mount: once the network is quiet it would have arrived.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.pg-prefs [data-gv-presets]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="preset-list"], [data-testid="preset-name"]').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves, renames and deletes presets and saves a search as alice on the server', async () => {
    const { context, page, errors } = await freshVisit();
    await switchUser(page, 'alice');
    await expect(page.locator('[data-testid="server-note"]').textContent()).resolves.toContain('alice');
    await expect(page.locator('[data-testid="local-only"]').count()).resolves.toBe(0);

    // The columns are chosen in one place, the table's own Columns menu; the preset keeps that layout.
    const table = page.locator('.pg-prefs [data-cm-simple-table]');
    await table.getByRole('button', { name: 'Columns', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Columns' });
    await menu.getByRole('checkbox', { name: 'Channel' }).uncheck();
    await menu.getByRole('checkbox', { name: 'Unit price' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(table.locator('th[data-cm-col-key="channel"]').count()).resolves.toBe(0);
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

    const answer = (await (await page.request.get(`${playground.server.url}${PREFS_API}`)).json()) as {
      colPresets: Record<string, { columns: { colId: string; hide?: boolean }[] }>;
      searches: string[];
    };
    expect(Object.keys(answer.colPresets)).toEqual(['Compact']);
    const hidden = answer.colPresets.Compact?.columns.filter((column) => column.hide === true).map((column) => column.colId);
    expect(hidden?.sort()).toEqual(['channel', 'unit_price']);
    expect(answer.searches).toEqual(['Ткаченко']);
    await saveScreenshot(page, 'preferences');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds alice’s preset and search again after a restart, in a fresh browser, and applies them', async () => {
    await playground.restartServer();

    const { context, page, errors } = await freshVisit();
    await switchUser(page, 'alice');
    await page.locator('[data-preset="Compact"]').waitFor();
    await expect(presetNames(page)).resolves.toEqual(['Compact']);
    await page.locator('[data-search="Ткаченко"]').waitFor();

    const table = page.locator('.pg-prefs [data-cm-simple-table]');
    await expect(table.locator('th[data-cm-col-key="channel"]').count()).resolves.toBe(1);
    await page.locator('[data-preset="Compact"] [data-action="apply"]').click();
    await waitUntil(page, () => document.querySelector('.pg-prefs [data-cm-simple-table] th[data-cm-col-key="channel"]') === null);
    await expect(table.locator('th[data-cm-col-key="unit_price"]').count()).resolves.toBe(0);
    await expect(table.locator('th[data-cm-col-key="amount"]').count()).resolves.toBe(1);

    await page.locator('[data-search="Ткаченко"] [data-action="apply"]').click();
    // The panel searches the rows itself and hands the table only the matches.
    const expected = generateSales(E2E_DEMO_ROWS).filter((row) => row.менеджер.includes('Ткаченко')).length;
    await waitUntil(
      page,
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
    const answer = (await (await page.request.get(`${playground.server.url}${PREFS_API}`)).json()) as { colPresets: object; searches: string[] };
    expect(answer).toMatchObject({ colPresets: {}, searches: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves through the demo users with arrow keys without switching; Enter and the button switch, and focus stays put', async () => {
    const { context, page, errors } = await freshVisit();
    await switchUser(page, 'alice');
    /** The preferences store's subject, read from the app's Pinia. */
    const storeSubject = () =>
      page.evaluate(() => {
        const app = (document.querySelector('#app') as unknown as { __vue_app__: { config: { globalProperties: { $pinia: { state: { value: Record<string, { subject?: unknown }> } } } } } }).__vue_app__;
        return app.config.globalProperties.$pinia.state.value['gridView/preferences']?.subject;
      });
    const focusedUser = () => page.evaluate(() => document.activeElement?.getAttribute('data-user') ?? document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/\/demo\/|\/api\/grid\/preferences\//.test(request.url())) requests.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`);
    });
    const url = page.url();
    await expect(storeSubject()).resolves.toBe('alice');

    // A switch marks the form busy in the task that starts it (DemoUserSwitch emits 'switch' from
    // the event handler and switchTo sets `switching` before its first await): record whether the
    // form was ever busy while the reader walks the group.
    await page.evaluate(() => {
      const form = document.querySelector('[data-testid="user-switch"]')!.closest('form')!;
      const seen = window as unknown as { __gvBusySeen: boolean };
      seen.__gvBusySeen = false;
      new MutationObserver(() => {
        if (form.getAttribute('aria-busy') === 'true') seen.__gvBusySeen = true;
      }).observe(form, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    // The reader walks the group: every radio passed is checked, none signs in.
    await page.locator('[data-testid="user-switch"] input[data-user="alice"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-testid="user-switch"] input[data-user="bob"]').isChecked()).resolves.toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-testid="user-switch"] input[data-user="anonymous"]').isChecked()).resolves.toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('[data-testid="user-switch"] input[data-user="bob"]').isChecked()).resolves.toBe(true);
    // The frame after the last key: Vue has drawn whatever the key events changed by then.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    await expect(page.evaluate(() => (window as unknown as { __gvBusySeen: boolean }).__gvBusySeen)).resolves.toBe(false);
    expect(requests).toEqual([]);
    await expect(storeSubject()).resolves.toBe('alice');
    await expect(page.locator('.pg-prefs').getAttribute('data-user')).resolves.toBe('alice');
    await expect(page.locator('[data-testid="server-note"]').textContent()).resolves.toContain('alice');
    expect(page.url()).toBe(url);
    await expect(focusedUser()).resolves.toBe('bob');

    // Enter is the deliberate action: bob now, and the focus is still on bob's radio.
    await page.keyboard.press('Enter');
    await page.locator('.pg-prefs[data-user="bob"]').waitFor();
    await page.locator('[data-testid="prefs-status"]:not([data-state="loading"])').waitFor();
    expect(requests).toContain('POST /demo/login?user=bob');
    expect(requests.some((request) => request.includes('user=alice') || request.endsWith('/demo/login'))).toBe(false);
    await expect(storeSubject()).resolves.toBe('bob');
    await expect(focusedUser()).resolves.toBe('bob');

    // The button switches too, and keeps the focus it was given.
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('[data-testid="user-switch"] input[data-user="alice"]').isChecked()).resolves.toBe(true);
    await expect(storeSubject()).resolves.toBe('bob');
    await page.keyboard.press('Tab');
    await expect(focusedUser()).resolves.toBe('switch-user');
    await page.keyboard.press('Space');
    await page.locator('.pg-prefs[data-user="alice"]').waitFor();
    await page.locator('[data-testid="prefs-status"]:not([data-state="loading"])').waitFor();
    await expect(storeSubject()).resolves.toBe('alice');
    await expect(focusedUser()).resolves.toBe('switch-user');
    expect(requests.filter((request) => request.startsWith('POST /demo/login'))).toEqual(['POST /demo/login?user=bob', 'POST /demo/login?user=alice']);
    expect(page.url()).toBe(url);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches alice → bob → alice in one page without a reload: bob never sees or sends alice’s unsent preset, alice gets it back', async () => {
    const { context, page, errors } = await freshVisit();
    const BOB_SEARCH = 'bob only';
    // Saves the test makes fail: all of them while "offline", and bob's always, so nothing of bob
    // reaches the database. Each POST is recorded with the demo user its cookie names.
    let offline = false;
    const posts: { user: string | null; body: string }[] = [];
    await page.route('**/api/grid/preferences/**', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const cookie = (await request.allHeaders()).cookie ?? '';
      const body = request.postData() ?? '';
      posts.push({ user: /(?:^|;\s*)gv_demo_user=(\w+)/.exec(cookie)?.[1] ?? null, body });
      if (offline || body.includes(BOB_SEARCH)) return route.abort('internetdisconnected');
      return route.continue();
    });

    await switchUser(page, 'alice');
    await page.locator('[data-preset="Compact"]').waitFor();
    offline = true;
    await page.locator('[data-testid="preset-name"]').fill('Away');
    await page.locator('[data-testid="save-preset"]').click();
    await page.locator('[data-testid="prefs-status"][data-state="error"]').waitFor();
    await page.locator('[data-preset="Away"]').waitFor();

    await switchUser(page, 'bob');
    await expect(page.locator('[data-testid="server-note"]').textContent()).resolves.toContain('bob');
    await expect(page.locator('[data-testid="preset-list"]').count()).resolves.toBe(0);
    await page.locator('[data-testid="search-text"]').fill(BOB_SEARCH);
    await page.locator('[data-testid="save-search"]').click();
    await page.locator('[data-testid="prefs-status"][data-state="error"]').waitFor();
    await expect(page.locator('[data-testid="preset-list"]').count()).resolves.toBe(0);

    offline = false;
    const retried = page.waitForResponse((r) => r.url().includes('/api/grid/preferences/') && r.request().method() === 'POST' && r.ok());
    await switchUser(page, 'alice');
    await page.locator('[data-preset="Away"]').waitFor();
    expect((await retried).request().postData()).toContain('Away');
    await page.locator('[data-testid="prefs-status"][data-state="saved"]').waitFor();
    await expect(presetNames(page)).resolves.toEqual(['Compact', 'Away']);
    await expect(page.locator(`[data-search="${BOB_SEARCH}"]`).count()).resolves.toBe(0);
    const answer = (await (await page.request.get(`${playground.server.url}${PREFS_API}`)).json()) as { colPresets: object; searches: string[] };
    expect(Object.keys(answer.colPresets)).toEqual(['Compact', 'Away']);
    expect(answer.searches).toEqual(['Ткаченко']);

    // Every POST that carried alice's preset was made with alice's cookie; bob's carried only his own.
    const bobPosts = posts.filter((post) => post.user === 'bob');
    expect(bobPosts.length).toBeGreaterThan(0);
    expect(bobPosts.every((post) => post.body.includes(BOB_SEARCH) && !post.body.includes('Away'))).toBe(true);
    expect(posts.filter((post) => post.body.includes('Away')).every((post) => post.user === 'alice')).toBe(true);
    expect(posts.filter((post) => post.body.includes(BOB_SEARCH)).every((post) => post.user === 'bob')).toBe(true);

    // Leave alice as the earlier tests left her.
    await savedBy(page, () => page.locator('[data-preset="Away"] [data-action="delete"]').click());
    await expect(presetNames(page)).resolves.toEqual(['Compact']);
    expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('stored exactly one row, for alice, in the SQLite file', async () => {
    const { dataDir } = playground.server;
    await playground.server.stop();
    const db = new Database(join(dataDir, 'prefs.sqlite'), { readonly: true });
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
