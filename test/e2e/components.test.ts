/**
 * The components in real Chromium: a fixture page (test/e2e/fixtures/components) is built with Vite
 * and served from a tiny static server on 127.0.0.1; the test checks that charts are really drawn
 * (canvas pixels, SVG paths), that a chart in a hidden tab is drawn once the tab opens, that charts
 * carry visible captions and uk axis labels, that KPIs show values, that markup in data and labels
 * stays text, that an automatic chart theme follows a switch flipped after mount, and that the page
 * logs no errors. Nothing sleeps: every wait is on a condition (ECharts' `finished` event through the
 * fixture's `window.__gvChartsFinished`, or the state the next assertion reads).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, saveScreenshot, waitUntil } from './helpers/browser';
import { fixturePage, serveStatic, type StaticServer } from './helpers/static-site';

let server: StaticServer | undefined;
let browser: Browser | undefined;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const out = await fixturePage('components');
  server = await serveStatic(out);
  browser = await launchChromium();
  ({ page, errors } = await openPage(browser, { viewport: { width: 1280, height: 1000 } }));
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#main-view .gv-view');
});

afterAll(async () => {
  if (page) await saveScreenshot(page, 'components').catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** Waits until every chart under `selector` has fired ECharts' `finished` event; returns their count. */
function chartsFinished(selector: string): Promise<number> {
  return page.evaluate((sel) => (window as unknown as { __gvChartsFinished(s: string): Promise<number> }).__gvChartsFinished(sel), selector);
}

/** Non-transparent pixels of every canvas inside `selector`. */
async function paintedPixels(selector: string): Promise<number[]> {
  return page.$$eval(`${selector} canvas`, (canvases) =>
    canvases.map((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      if (!data) return 0;
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
      return painted;
    }),
  );
}

describe('components in Chromium', () => {
  it('draws every chart of the view on a canvas', async () => {
    await waitUntil(page, () => document.querySelectorAll('#main-view .gv-chart canvas').length === 3);
    // ECharts animates; its `finished` event says each canvas has settled into a picture.
    expect(await chartsFinished('#main-view')).toBe(3);
    const painted = await paintedPixels('#main-view .gv-chart');
    expect(painted).toHaveLength(3);
    for (const count of painted) expect(count).toBeGreaterThan(2000);
    const labels = await page.$$eval('#main-view .gv-chart__canvas', (els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(labels[0]).toMatch(/^Bar chart/);
    expect(labels[2]).toMatch(/^Pie chart/);
  });

  it('shows a visible caption above each chart that names its figure', async () => {
    const captions = await page.$$eval('#main-view figure.gv-chart', (figures) =>
      figures.map((figure) => {
        const caption = figure.querySelector('figcaption');
        const box = caption?.getBoundingClientRect();
        const canvas = figure.querySelector('.gv-chart__canvas')?.getBoundingClientRect();
        const named = document.getElementById(figure.getAttribute('aria-labelledby') ?? '');
        return {
          text: caption?.textContent,
          visible: Boolean(box && box.height > 0 && box.width > 0),
          above: Boolean(box && canvas && box.bottom <= canvas.top + 1),
          names: named === caption,
        };
      }),
    );
    expect(captions.map((c) => c.text)).toEqual(['Amount by Region', 'Amount and Cost by Month', 'Cost by Region']);
    for (const caption of captions) expect(caption).toMatchObject({ visible: true, above: true, names: true });
    const ukCaption = await page.textContent('#uk-app figcaption');
    expect(ukCaption).toBe('Сума у розрізі «Регіон»');
    const ids = await page.$$eval('figcaption', (els) => els.map((el) => el.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes value-axis labels in the compact words, decimal comma and currency of the uk locale', async () => {
    await waitUntil(page, () => document.querySelectorAll('#uk-app .gv-chart svg text').length > 3);
    const texts = await page.$$eval('#uk-app .gv-chart svg text', (els) => els.map((el) => el.textContent ?? ''));
    // e.g. "2 млн грн", "1,5 млн грн": ticks from ten thousand up are compact, as the bars' labels,
    // with the locale's decimal comma and scale word; the hryvnia shows as "грн" or "₴" depending on
    // the browser's ICU data.
    const money = texts.filter((text) => /^\d{1,3}(?:,\d{1,2})?\s(?:тис\.|млн)\s(?:₴|грн)$/u.test(text));
    expect(money.length).toBeGreaterThan(1);
    expect(texts.some((text) => /\d,\d{3}/.test(text))).toBe(false);
    expect(texts).toEqual(expect.arrayContaining(['Київ', 'Львів', 'Одеса']));
  });

  it('renders markup in chart labels literally in the caption', async () => {
    const caption = await page.$eval('#evil-caption figcaption', (el) => ({ text: el.textContent, children: el.children.length }));
    expect(caption).toEqual({ text: '<img src=x onerror="window.__pwned=1"> by <img src=x onerror="window.__pwned=1">', children: 0 });
  });

  it('shows the KPI values and tone words', async () => {
    const values = await page.$$eval('#main-view .gv-kpi__number', (els) => els.map((el) => el.textContent?.trim()));
    expect(values[0]).toBe('240');
    expect(values[1]).toMatch(/^\$[\d,]+\.\d\d$/);
    const tones = await page.$$eval('#main-view .gv-kpi__tone .gv-visually-hidden', (els) => els.map((el) => el.textContent));
    expect(tones).toEqual(['Info', 'Good', 'Bad']);
    const title = await page.textContent('#main-view .gv-view__title');
    expect(title).toBe('Sales <b>overview</b>');
  });

  it('lays out KPIs and charts in grids that use the width', async () => {
    const kpiTops = await page.$$eval('#main-view .gv-kpi', (els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(kpiTops).size).toBe(1);
    const chartBoxes = await page.$$eval('#main-view .gv-chart__canvas', (els) => els.map((el) => el.getBoundingClientRect().width));
    for (const width of chartBoxes) expect(width).toBeGreaterThan(200);
  });

  it('draws a chart that starts in a hidden tab once the tab opens', async () => {
    expect(await page.$$eval('#tab-panel canvas', (els) => els.length)).toBe(0);
    await page.click('#open-tab');
    await waitUntil(page, () => document.querySelectorAll('#tab-panel canvas').length === 1);
    expect(await chartsFinished('#tab-panel')).toBe(1);
    const [painted] = await paintedPixels('#tab-panel');
    expect(painted).toBeGreaterThan(1000);
  });

  it('follows an explicit dark switch and draws with the SVG renderer', async () => {
    await waitUntil(page, () => document.querySelectorAll('#dark .gv-chart svg path').length > 3);
    expect(await page.getAttribute('#dark .gv-chart', 'data-gv-chart-theme')).toBe('dark');
    const background = await page.$eval('#dark .gv-chart', (el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(21, 27, 35)');
  });

  it('re-themes an automatic chart in place when the switch above it flips after mount', async () => {
    const textFills = () => page.$$eval('#dark .gv-chart svg text', (els) => [...new Set(els.map((el) => el.getAttribute('fill')))].sort());
    await chartsFinished('#dark');
    const darkFills = await textFills();
    // Mark the drawing's root: a re-created chart would replace it, an in-place re-theme keeps it.
    await page.$eval('#dark .gv-chart svg', (svg) => svg.setAttribute('data-probe', 'same'));
    await page.$eval('#dark', (el) => el.setAttribute('data-gv-theme', 'light'));
    await waitUntil(page, () => document.querySelector('#dark .gv-chart')?.getAttribute('data-gv-chart-theme') === 'light');
    await chartsFinished('#dark');
    const lightFills = await textFills();
    expect(lightFills).not.toEqual(darkFills);
    expect(await page.$eval('#dark .gv-chart', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.$eval('#dark', (el) => el.setAttribute('data-gv-theme', 'dark'));
    await waitUntil(page, () => document.querySelector('#dark .gv-chart')?.getAttribute('data-gv-chart-theme') === 'dark');
    await chartsFinished('#dark');
    expect(await textFills()).toEqual(darkFills);
    expect(await page.$$eval('#dark .gv-chart svg[data-probe="same"]', (els) => els.length)).toBe(1);
  });

  it('resizes the charts with their container', async () => {
    const widths = () =>
      page.$$eval('#main-view .gv-chart__canvas', (els) =>
        els.map((el) => ({ box: el.getBoundingClientRect().width, canvas: el.querySelector('canvas')?.getBoundingClientRect().width ?? 0 })),
      );
    const before = await widths();
    await page.setViewportSize({ width: 700, height: 1000 });
    await waitUntil(
      page,
      (old) => {
        const canvas = document.querySelector('#main-view .gv-chart__canvas canvas');
        return canvas !== null && Math.abs(canvas.getBoundingClientRect().width - old) > 20;
      },
      before[0]!.canvas,
    );
    // Past the resize throttle every canvas matches its box again; wait for that state, not a time.
    await waitUntil(page, () =>
      [...document.querySelectorAll('#main-view .gv-chart__canvas')].every((box) => {
        const canvas = box.querySelector('canvas');
        return canvas !== null && Math.abs(box.getBoundingClientRect().width - canvas.getBoundingClientRect().width) < 2;
      }),
    );
    for (const { box, canvas } of await widths()) expect(Math.abs(box - canvas)).toBeLessThan(2);
    await page.setViewportSize({ width: 1280, height: 1000 });
  });

  it('shows the issues panel for an invalid spec', async () => {
    const panel = page.locator('#invalid [role="alert"]');
    expect(await panel.count()).toBe(1);
    const codes = await page.$$eval('#invalid .gv-spec-issues__code', (els) => els.map((el) => el.textContent));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).toContain('invalid_pattern');
  });

  it('keeps markup in data as text and logs no errors', async () => {
    expect(await page.$$eval('img', (els) => els.length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
