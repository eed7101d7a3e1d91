/**
 * The header's locale and theme switches of the playground: Ukrainian texts and the dark theme on
 * every page, from the playground's catalog and the library's, kept across a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveScreenshot, waitUntil } from './helpers/browser';
import { usePlayground } from './helpers/playground-fixture';
import { E2E_DEMO_ROWS } from './helpers/playground';

const app = usePlayground({ page: { colorScheme: 'light' } });

/** The page background as [r, g, b]. */
async function background(): Promise<number[]> {
  const colour = await app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

const isDark = (rgb: number[]) => rgb.length === 3 && rgb.every((channel) => channel < 60);
const isLight = (rgb: number[]) => rgb.length === 3 && rgb.every((channel) => channel > 200);

/** A Ukrainian text each page must show, from the playground's catalog or the library's. */
const UKRAINIAN: Record<string, (page: Page) => Promise<void>> = {
  dashboard: async (p) => {
    await p.locator('[data-testid="page-dashboard"] .gv-view__title', { hasText: 'Продажі 2024–2025' }).waitFor();
    await p.locator('[data-testid="page-dashboard"] .gv-kpi__label', { hasText: 'Виручка' }).waitFor();
    await p.locator('[data-testid="page-dashboard"] label', { hasText: 'Пошук у таблиці' }).waitFor();
    // Ukrainian number text: a non-breaking space groups the thousands ("20 000").
    await waitUntil(
      p,
      (thousands) => new RegExp(`(^|\\D)${thousands}\\s000(\\D|$)`).test(document.querySelector('[data-testid="page-dashboard"] [data-cm-row-count]')?.textContent ?? ''),
      E2E_DEMO_ROWS / 1000,
    );
    const themes = await p.locator('[data-testid="page-dashboard"] .gv-chart').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-gv-chart-theme')));
    expect(themes).toEqual(['dark', 'dark', 'dark']);
  },
  table: async (p) => {
    await p.locator('[data-testid="page-table"] th.gv-table__group', { hasText: 'Замовлення' }).waitFor();
    await p.locator('[data-testid="page-table"] th[data-cm-col-key="region"]', { hasText: 'Регіон' }).waitFor();
    await p.locator('[data-testid="page-table"] tfoot', { hasText: 'Разом' }).waitFor();
  },
  editor: async (p) => {
    await p.locator('[data-testid="spec-status"]', { hasText: 'Специфікація коректна' }).waitFor();
  },
  ssr: async (p) => {
    await p.frameLocator('[data-testid="ssr-frame"]').locator('.gv-view__title', { hasText: 'Регіональний місячний звіт' }).waitFor();
    await expect(p.frameLocator('[data-testid="ssr-frame"]').locator('html').getAttribute('data-gv-theme')).resolves.toBe('dark');
  },
  preferences: async (p) => {
    await p.locator('[data-testid="local-only"]', { hasText: 'Ви не ввійшли' }).waitFor();
  },
};

describe('playground locale and theme switches', () => {
  it('starts in English and light', async () => {
    await app.open('dashboard');
    await expect(app.page.locator('html').getAttribute('data-gv-theme')).resolves.toBe('light');
    await expect(app.page.locator('.pg-nav a[data-page="table"]').textContent()).resolves.toBe('Simple table');
    expect(isLight(await background())).toBe(true);
  });

  it('switches to Ukrainian and dark, re-themes the drawn charts at once, and keeps both after a reload', async () => {
    await app.page.locator('[data-testid="page-dashboard"] .gv-chart').first().waitFor();
    await app.page.locator('[data-testid="locale-switch"]').selectOption('uk');
    await app.page.locator('[data-testid="theme-switch"] input[data-theme="dark"]').check();
    await expect(app.page.locator('html').getAttribute('data-gv-theme')).resolves.toBe('dark');
    // The charts follow the page switch without a reload (chartTheme 'auto').
    await waitUntil(app.page, () => {
      const charts = Array.from(document.querySelectorAll('[data-testid="page-dashboard"] .gv-chart'));
      return charts.length === 3 && charts.every((chart) => chart.getAttribute('data-gv-chart-theme') === 'dark');
    });
    await expect(app.page.locator('html').getAttribute('lang')).resolves.toBe('uk');
    await app.page.reload();
    await app.page.locator('[data-testid="page-dashboard"]').waitFor();
    await expect(app.page.locator('html').getAttribute('data-gv-theme')).resolves.toBe('dark');
    await expect(app.page.locator('.pg-nav a[data-page="table"]').textContent()).resolves.toBe('Проста таблиця');
    expect(isDark(await background())).toBe(true);
    expect(app.errors).toEqual([]);
  });

  for (const id of Object.keys(UKRAINIAN)) {
    it(`renders the ${id} page in Ukrainian and dark`, async () => {
      await app.open(id);
      await (UKRAINIAN[id] as (p: Page) => Promise<void>)(app.page);
      await expect(app.page.locator('.pg-nav a[aria-current="page"]').getAttribute('data-page')).resolves.toBe(id);
      expect(isDark(await background())).toBe(true);
      await saveScreenshot(app.page, `${id}-uk-dark`);
      expect(app.errors).toEqual([]);
    });
  }
});
