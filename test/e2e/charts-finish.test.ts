/**
 * Charts and the toolbar as a reader sees them, measured in Chromium at 360, 768 and 1440 px, in
 * English and Ukrainian, light and dark:
 * - value labels on bars never overlap each other, and a donut's category names are whole (never
 *   "Па…"), with their shares, inside the chart;
 * - ECharts animates unless the reader prefers reduced motion (Chromium's emulated media), also
 *   when the preference changes while the page is open;
 * - server-rendered SVG charts draw their text at 11 px or more as shown, at every width;
 * - the DataGrid toolbar at 360 px: nothing wider than the page, every control inside it with its
 *   words whole, and a visible focus indicator on each;
 * - SimpleTable section totals: no number ellipsized or clipped.
 * Screenshots go to test-results/screenshots/charts-finish-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { renderHtml } from '../../src/ssr';
import { launchChromium, openPage, saveScreenshot } from './helpers/browser';
import { fixturePage, serveStatic, type StaticServer } from './helpers/static-site';
import { usePlayground } from './helpers/playground-fixture';
import { openPlaygroundPage } from './helpers/playground';
import { layoutProblems } from './helpers/layout';
import { buildSimpleTableFixture } from './fixtures/simple-table/harness';
import { EDGE_ROWS, EDGE_SPEC } from './fixtures/visual-edge/edge-data';

const CONFIGS = [
  { width: 360, locale: 'uk', theme: 'dark' },
  { width: 360, locale: 'en', theme: 'light' },
  { width: 768, locale: 'uk', theme: 'light' },
  { width: 768, locale: 'en', theme: 'dark' },
  { width: 1440, locale: 'uk', theme: 'light' },
  { width: 1440, locale: 'en', theme: 'dark' },
] as const;

const playground = usePlayground({ browser: true });

let site: StaticServer | undefined;
let tables: StaticServer | undefined;
let browser: Browser;

beforeAll(async () => {
  site = await serveStatic(await fixturePage('charts-finish'));
  tables = await serveStatic(await buildSimpleTableFixture());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await tables?.close();
});

/** Waits until the fixture's five charts have finished drawing (ECharts' 'finished', see the fixture). */
async function svgSettled(page: Page): Promise<void> {
  await page.locator('.gv-chart svg').nth(4).waitFor();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __gvChartsFinished: (count: number) => Promise<boolean> }).__gvChartsFinished(5)), { timeout: 20_000 })
    .toBe(true);
}

interface TextFacts {
  texts: string[];
  overlaps: string[];
  outside: string[];
}

/** The visible texts of the n-th chart's SVG, the pairs whose boxes intersect, and those outside the drawing. */
function textFacts(page: Page, index: number): Promise<TextFacts> {
  return page.evaluate((n) => {
    const svg = document.querySelectorAll('.gv-chart svg')[n] as SVGSVGElement;
    const frame = svg.getBoundingClientRect();
    const items = Array.from(svg.querySelectorAll('text'))
      .filter((t) => (t.textContent ?? '').trim() !== '' && getComputedStyle(t).display !== 'none' && t.getAttribute('opacity') !== '0')
      .map((t) => ({ text: (t.textContent ?? '').trim(), box: t.getBoundingClientRect() }))
      .filter((t) => t.box.width > 0);
    const overlaps: string[] = [];
    const outside: string[] = [];
    items.forEach((a, i) => {
      if (a.box.left < frame.left - 1 || a.box.right > frame.right + 1 || a.box.top < frame.top - 1 || a.box.bottom > frame.bottom + 1) outside.push(a.text);
      for (const b of items.slice(i + 1)) {
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > 1 && h > 1) overlaps.push(`«${a.text}» × «${b.text}»`);
      }
    });
    return { texts: items.map((t) => t.text), overlaps, outside };
  }, index);
}

/** How far the n-th chart's texts holding a share ("24%") reach up into its pie's ring (0 when they keep clear of it). */
function legendIntoRing(page: Page, index: number): Promise<number> {
  return page.evaluate((n) => {
    const svg = document.querySelectorAll('.gv-chart svg')[n] as SVGSVGElement;
    // The ring's sectors are the large shapes filled with a series colour; legend markers are small,
    // and the legend's own box is filled with transparent black.
    const sectors = Array.from(svg.querySelectorAll('path'))
      .filter((p) => (p.getAttribute('fill') ?? '').startsWith('#'))
      .map((p) => p.getBoundingClientRect())
      .filter((box) => box.width > 40 && box.height > 40);
    const ringBottom = Math.max(...sectors.map((box) => box.bottom));
    const shares = Array.from(svg.querySelectorAll('text'))
      .filter((t) => /\d\s?%/u.test(t.textContent ?? ''))
      .map((t) => t.getBoundingClientRect().top);
    return Math.max(0, ...shares.map((top) => ringBottom - top));
  }, index);
}

describe('charts drawn in the browser', () => {
  for (const config of CONFIGS) {
    it(`draw no label over another and every category name whole at ${config.width} px, ${config.locale}, ${config.theme}`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport: { width: config.width, height: 900 }, reducedMotion: 'reduce' });
      await page.goto(`${site!.url}/?locale=${config.locale}&theme=${config.theme}`);
      await svgSettled(page);
      await saveScreenshot(page, `charts-finish-${config.width}-${config.locale}-${config.theme}`);
      const bars = await textFacts(page, 0);
      const donut = await textFacts(page, 1);
      expect({ bars: bars.overlaps, donut: donut.overlaps }).toEqual({ bars: [], donut: [] });
      expect({ bars: bars.outside, donut: donut.outside }).toEqual({ bars: [], donut: [] });
      // Month names whole too: the last one shown was cut at the chart's right edge ("лист. 2025").
      for (const index of [2, 3, 4]) {
        const months = await textFacts(page, index);
        expect({ index, overlaps: months.overlaps, outside: months.outside }).toEqual({ index, overlaps: [], outside: [] });
        expect(months.texts.filter((t) => /20\d\d/u.test(t)).length, months.texts.join(' | ')).toBeGreaterThanOrEqual(2);
      }
      // Every bar keeps its name (at 360 px the chart lies down rather than leave some out).
      const regions = config.locale === 'uk' ? ['Центр', 'Північ', 'Південь', 'Захід', 'Схід'] : ['Central', 'North', 'South', 'West', 'East'];
      for (const region of regions) expect(bars.texts).toContain(region);
      // Names are whole: every word of every channel is drawn, nothing ends in an ellipsis.
      const words = donut.texts.join(' ').split(/\s+/u);
      const channels = config.locale === 'uk' ? ['Роздрібна торгівля', 'Партнерська мережа', 'Онлайн-замовлення', 'Прямі продажі'] : ['Retail stores', 'Partner network', 'Online orders', 'Direct sales'];
      for (const word of channels.flatMap((c) => c.split(' '))) expect(words).toContain(word);
      expect(donut.texts.filter((t) => t.endsWith('...') || t.endsWith('…'))).toEqual([]);
      // Each share is written beside its name, in the locale's form.
      expect(donut.texts.some((t) => /^\d+\s?%$|\s\d+\s?%$/u.test(t))).toBe(true);
      // A legend under the ring keeps clear of it (outside labels sit beside it, lower than its top).
      if (config.width === 360) expect(await legendIntoRing(page, 1)).toBeLessThanOrEqual(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('animate unless the reader prefers reduced motion, following a change while the page is open', async () => {
    const moving = await openPage(browser, { viewport: { width: 1000, height: 900 }, reducedMotion: 'no-preference' });
    await moving.page.goto(`${site!.url}/?locale=en`);
    await svgSettled(moving.page);
    await expect(moving.page.evaluate(() => (window as unknown as { __gvChartAnimation: (i: number) => boolean | null }).__gvChartAnimation(0))).resolves.toBe(true);
    await moving.page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => moving.page.evaluate(() => (window as unknown as { __gvChartAnimation: (i: number) => boolean | null }).__gvChartAnimation(0))).toBe(false);
    await moving.context.close();

    const still = await openPage(browser, { viewport: { width: 1000, height: 900 }, reducedMotion: 'reduce' });
    await still.page.goto(`${site!.url}/?locale=uk`);
    await svgSettled(still.page);
    const flags = await still.page.evaluate(() => [0, 1].map((i) => (window as unknown as { __gvChartAnimation: (i: number) => boolean | null }).__gvChartAnimation(i)));
    expect(flags).toEqual([false, false]);
    expect([...moving.errors, ...still.errors]).toEqual([]);
    await still.context.close();
  });
});

describe('server-rendered SVG charts', () => {
  for (const width of [360, 768, 1440]) {
    it(`keep their text at 11 px or more as drawn, one drawing per chart shown, at ${width} px`, async () => {
      const html = await renderHtml(EDGE_SPEC, EDGE_ROWS, { locale: 'uk', currency: 'USD' });
      const { page, context } = await openPage(browser, { viewport: { width, height: 900 } });
      await page.setContent(`<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SSR</title></head><body style="margin:0;padding:16px">${html}</body></html>`);
      const shown = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.gv-chart__svg')).map((chart) => Array.from(chart.querySelectorAll('svg')).filter((svg) => svg.getBoundingClientRect().width > 0).length),
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((count) => count === 1)).toBe(true);
      const small = (await layoutProblems(page, 11)).filter((p) => p.rule === 'svg-small-text');
      await saveScreenshot(page, `charts-finish-ssr-${width}`);
      expect(small).toEqual([]);
      await context.close();
    });
  }
});

describe('the DataGrid toolbar at 360 px', () => {
  for (const locale of ['en', 'uk'] as const) {
    it(`wraps inside the page with whole words and a visible focus on each control (${locale})`, async () => {
      const { page, context, errors } = await openPage(playground.browser, { viewport: { width: 360, height: 800 } });
      await context.addInitScript((saved) => localStorage.setItem('gv-playground-settings', saved), JSON.stringify({ locale, theme: locale === 'uk' ? 'dark' : 'light' }));
      await openPlaygroundPage(page, playground.server.url, 'grid');
      await page.locator('.ag-row .ag-cell').first().waitFor();
      const facts = await page.evaluate(() => {
        const toolbar = document.querySelector('[data-gv-grid-toolbar]')!;
        const frame = toolbar.getBoundingClientRect();
        const problems: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
        for (const el of Array.from(toolbar.querySelectorAll<HTMLElement>('button, a, input'))) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || el.closest('[role="dialog"], .gv-menu__popover, [hidden]')) continue;
          const name = `${el.tagName.toLowerCase()} «${(el.textContent ?? '').trim().slice(0, 30)}»`;
          if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) problems.push(`${name} outside the toolbar`);
          if (box.right > window.innerWidth) problems.push(`${name} beyond the page`);
          if (el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name} cut`);
        }
        return problems;
      });
      expect(facts).toEqual([]);
      // Keyboard focus through the toolbar: every stop shows an outline or a ring.
      await page.locator('[data-gv-quick-search]').focus();
      const unseen: string[] = [];
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || !el.closest('[data-gv-grid-toolbar]')) return null;
          const style = getComputedStyle(el);
          const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
          return { name: `${el.tagName.toLowerCase()} «${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}»`, ring };
        });
        if (stop === null) break;
        if (!stop.ring) unseen.push(stop.name);
      }
      expect(unseen).toEqual([]);
      await saveScreenshot(page, `charts-finish-toolbar-360-${locale}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('SimpleTable section totals', () => {
  for (const [width, locale] of [
    [360, 'uk'],
    [768, 'en'],
    [1440, 'uk'],
    [1440, 'en'],
  ] as const) {
    it(`are never ellipsized or clipped, however large (${width} px, ${locale})`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport: { width, height: 700 } });
      await page.goto(`${tables!.url}/?rows=1000&group=city&edge=1&locale=${locale}`);
      await page.locator('.gv-table__group-value').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      // The fitting runs after layout and on the next frames, and again when a column widens once
      // its largest values are found in the background: wait until no total is cut, then check
      // that two more frames leave it so (a fit that only passed on the way would fail here).
      await expect.poll(cutTotals, { timeout: 20_000 }).toEqual([]);
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      const cut = await cutTotals();
      await saveScreenshot(page, `charts-finish-group-totals-${width}-${locale}`);
      expect(cut).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();

      /** The totals drawn ellipsized, clipped, or as "…" without the whole number for screen readers. */
      function cutTotals(): Promise<string[]> {
        return page.evaluate(() => {
          const problems: string[] = [];
          for (const value of Array.from(document.querySelectorAll<HTMLElement>('.gv-table__group-value'))) {
            const text = (value.textContent ?? '').trim();
            const box = value.getBoundingClientRect();
            if (value.scrollWidth > value.clientWidth + 1) problems.push(`${text}: ellipsized`);
            // Every box between the number and its row must either let it overflow or hold it whole.
            for (let el = value.parentElement; el && el.tagName !== 'TR'; el = el.parentElement) {
              const style = getComputedStyle(el);
              if (style.overflowX === 'visible') continue;
              const frame = el.getBoundingClientRect();
              if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) problems.push(`${text}: clipped by ${el.className}`);
            }
            // What is drawn is the number (whole or compact) or "…" with the whole total for screen readers.
            if (text === '…' && !value.parentElement?.querySelector('.gv-visually-hidden')) problems.push('… without the total for screen readers');
          }
          return problems;
        });
      }
    });
  }
});
