/**
 * The visual suite: every playground page and a set of edge views (huge and negative numbers,
 * 60-character labels) in Chromium at 360, 768 and 1440 px, in English and Ukrainian, light and
 * dark, checked for layout facts (numbers in KPIs, table cells and footers and data grid cells never
 * wrap or get cut, nothing leaves its card, readable font sizes including server SVG charts (11 px
 * or more as drawn, at every width), no
 * sideways scrolling), a real visible focus indicator on every tab stop, and axe-core with zero
 * violations in each page and the documents of its frames (helpers/layout.ts).
 *
 * The matrix covers every value of every dimension on every page: 1440/en/light, 768/uk/light,
 * 360/uk/dark and 1440/uk/dark. Screenshots go to test-results/screenshots/visual-* for a person to
 * look at. The README's picture is taken by `npm run docs:image` (scripts/readme-image.ts), never by
 * a test run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { renderHtml } from '../../src/ssr';
import { collectConsoleErrors, saveScreenshot } from './helpers/browser';
import { usePlayground } from './helpers/playground-fixture';
import { openPlaygroundPage } from './helpers/playground';
import { fixturePage, serveStatic, type StaticServer } from './helpers/static-site';
import { axeViolations, chartsSettled, focusWithoutIndicator, layoutProblems } from './helpers/layout';
import { EDGE_ROWS, EDGE_SPEC } from './fixtures/visual-edge/edge-data';

const playground = usePlayground({ browser: true });

/** Every page of the playground (checked against playground/src/router.ts below). */
const PAGES = ['dashboard', 'table', 'grid', 'big', 'editor', 'ssr', 'preferences', 'chat'] as const;
type PageId = (typeof PAGES)[number];

const CONFIGS = [
  { width: 1440, height: 1000, locale: 'en', theme: 'light' },
  { width: 768, height: 1000, locale: 'uk', theme: 'light' },
  { width: 360, height: 800, locale: 'uk', theme: 'dark' },
  { width: 1440, height: 1000, locale: 'uk', theme: 'dark' },
] as const;
type Config = (typeof CONFIGS)[number];

/** A page in a context of its own (the axe runner opens a helper page in it), console errors collected. */
async function newContextPage(config: Config): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await playground.browser.newContext({ viewport: { width: config.width, height: config.height }, deviceScaleFactor: 1, colorScheme: 'light' });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page) };
}

/** Waits until a playground page shows what it is about: data, drawn charts, loaded frames. */
async function pageReady(page: Page, id: PageId): Promise<void> {
  const root = page.locator(`[data-testid="page-${id}"]`);
  switch (id) {
    case 'dashboard':
    case 'editor':
      await root.locator('.gv-chart canvas').nth(2).waitFor();
      await root.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
      break;
    case 'table':
      await root.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
      break;
    case 'grid':
    case 'big':
      await root.locator('.ag-row .ag-cell').first().waitFor();
      await root.locator('.gv-kpi__number').first().waitFor();
      await root.locator('.gv-chart canvas').first().waitFor();
      break;
    case 'ssr':
      await page.frameLocator('[data-testid="ssr-frame"]').locator('.gv-chart svg >> visible=true').nth(2).waitFor();
      await page.frameLocator('[data-testid="lazy-frame"]').locator('.gv-kpi').first().waitFor();
      // Chromium paints a sandboxed frame (a process of its own) only once it has been on screen:
      // without this the full-page screenshot showed the lazy block's frame empty, which it is not.
      await page.locator('[data-testid="lazy-frame"]').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      break;
    case 'chat':
      // The page as a reader first sees it: the introduction, the form and the examples.
      await root.locator('[data-example="delete"]').waitFor();
      break;
    case 'preferences':
      await root.locator('[data-testid="prefs-status"]:not([data-state="loading"])').waitFor();
      await root.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
      break;
  }
  await chartsSettled(page);
  // Nothing hovered: the navigation link that was clicked to get here would look highlighted.
  await page.mouse.move(1, 1);
}

describe('the visual suite', () => {
  it('covers every page of the playground', () => {
    const router = readFileSync(join(process.cwd(), 'playground/src/router.ts'), 'utf8');
    const ids = /PAGE_IDS = \[([^\]]*)\]/.exec(router)?.[1]?.match(/'([^']+)'/g)?.map((quoted) => quoted.slice(1, -1));
    expect(ids).toEqual([...PAGES]);
  });
});

for (const config of CONFIGS) {
  const name = `${config.width} px, ${config.locale}, ${config.theme}`;
  describe(`playground pages at ${name}`, () => {
    let opened: { context: BrowserContext; page: Page; errors: string[] };

    beforeAll(async () => {
      opened = await newContextPage(config);
      await opened.context.addInitScript((saved) => {
        // Sandboxed frames (the lazy-block preview) have no storage; only the app needs the setting.
        try {
          localStorage.setItem('gv-playground-settings', saved);
        } catch {
          /* a sandboxed frame */
        }
      }, JSON.stringify({ locale: config.locale, theme: config.theme }));
    });

    afterAll(async () => {
      await opened?.context.close();
    });

    for (const id of PAGES) {
      it(`${id}: numbers whole, nothing out of its card, readable, focus visible, axe clean`, async () => {
        const { page, errors } = opened;
        await openPlaygroundPage(page, playground.server.url, id);
        await pageReady(page, id);
        await saveScreenshot(page, `visual-${id}-${config.width}-${config.locale}-${config.theme}`);
        const problems = [...(await layoutProblems(page, 11))];
        for (const frame of page.frames().slice(1)) {
          problems.push(...(await layoutProblems(frame, 11)).map((p) => ({ ...p, where: `frame ${frame.name() || frame.url().slice(0, 40)}: ${p.where}` })));
        }
        const axe = await axeViolations(page);
        const focus = await focusWithoutIndicator(page);
        expect({ problems, axe, focus }).toEqual({ problems: [], axe: [], focus: [] });
        expect(errors).toEqual([]);
      });
    }
  });
}

// --- edge views: huge and negative numbers, 60-character labels ---------------------------------

describe('edge views rendered on the server (static HTML from renderHtml)', () => {
  for (const config of CONFIGS) {
    it(`keep numbers whole and text readable at ${config.width} px, ${config.locale}, ${config.theme}`, async () => {
      const html = await renderHtml(EDGE_SPEC, EDGE_ROWS, { locale: config.locale, currency: 'USD', theme: config.theme });
      const { context, page, errors } = await newContextPage(config);
      await page.setContent(
        `<!doctype html><html lang="${config.locale}" data-gv-theme="${config.theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Edge view</title></head>` +
          `<body style="margin:0;padding:16px;background:var(--gv-color-bg)"><main><h1 style="font-size:1rem;color:var(--gv-color-text)">Edge view</h1>${html}</main></body></html>`,
      );
      const problems = await layoutProblems(page, 11);
      const axe = await axeViolations(page);
      const focus = await focusWithoutIndicator(page);
      await saveScreenshot(page, `visual-edge-ssr-${config.width}-${config.locale}-${config.theme}`);
      expect({ problems, axe, focus }).toEqual({ problems: [], axe: [], focus: [] });
      // The compact values keep the full amount for screen readers, the currency named in words.
      await expect(page.locator('.gv-kpi').first().locator('.gv-kpi__value .gv-visually-hidden').textContent()).resolves.toMatch(/US dollars|долара США/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('edge views in the browser (KPIs, charts, a table with totals, a data grid)', () => {
  let site: StaticServer | undefined;

  beforeAll(async () => {
    const out = await fixturePage('visual-edge');
    site = await serveStatic(out);
  });

  afterAll(async () => {
    await site?.close();
  });

  for (const config of CONFIGS) {
    it(`keep numbers whole in KPIs, table cells, footers and grid cells at ${config.width} px, ${config.locale}, ${config.theme}`, async () => {
      const { context, page, errors } = await newContextPage(config);
      await page.goto(`${site!.url}/?locale=${config.locale}&theme=${config.theme}`);
      await page.locator('.gv-table tfoot td').first().waitFor();
      await page.locator('.ag-row .ag-cell').first().waitFor();
      await page.locator('.gv-chart canvas').nth(2).waitFor();
      await chartsSettled(page);
      await saveScreenshot(page, `visual-edge-client-${config.width}-${config.locale}-${config.theme}`);
      const problems = await layoutProblems(page, 0);
      const axe = await axeViolations(page);
      const focus = await focusWithoutIndicator(page);
      expect({ problems, axe, focus }).toEqual({ problems: [], axe: [], focus: [] });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
