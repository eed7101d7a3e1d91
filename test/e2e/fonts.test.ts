/**
 * The browser tests measure text (labels that must not wrap, numbers that must not be cut), so they
 * must draw it with the same fonts on every machine: Chromium is started with the project's own
 * font set (helpers/browser.ts, `testFontConfig`) and sees none of the machine's fonts. Checked here
 * with the fonts Chromium itself reports for each text (DevTools `CSS.getPlatformFontsForNode`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './helpers/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the test browser', () => {
  it('draws every font family with the project\u2019s fonts only: DejaVu, and Droid Sans Fallback for CJK', async () => {
    const page = await browser.newPage();
    // Families the stylesheets name (--gv-font, --gv-font-mono) and families a machine may have installed.
    const families = ['system-ui', 'sans-serif', "'Segoe UI'", 'Roboto', "'Noto Sans'", 'Arial', "'Liberation Sans'", 'Helvetica', 'serif', 'monospace', "'Liberation Mono'"];
    await page.setContent(
      `<!doctype html><html lang="uk"><body>${families.map((f, i) => `<p id="f${i}" style="font-family:${f}">Онлайн-замовлення Retail 1 234,5</p>`).join('')}<p id="cjk" style="font-family:sans-serif">国</p></body></html>`,
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const used = async (selector: string): Promise<string[]> => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((font) => font.familyName).sort();
    };
    const seen: Record<string, string[]> = {};
    for (let i = 0; i < families.length; i++) seen[families[i]!] = await used(`#f${i}`);
    // A family outside the set falls back to sans-serif, even one the machine has installed.
    const expected = Object.fromEntries(families.map((f) => [f, [f === 'serif' ? 'DejaVu Serif' : f === 'monospace' ? 'DejaVu Sans Mono' : 'DejaVu Sans']]));
    expect(seen).toEqual(expected);
    expect(await used('#cjk')).toEqual(['Droid Sans Fallback']);
    await page.close();
  });
});
