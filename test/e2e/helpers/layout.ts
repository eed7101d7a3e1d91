/**
 * Layout facts and accessibility checks the visual suite asserts in Chromium: numbers that never
 * wrap or get cut, nothing sticking out of its card, readable font sizes (server SVG charts
 * included, measured as rendered), a visible focus ring, and axe-core with zero violations.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One broken layout fact, with where it was seen. */
export interface LayoutProblem {
  readonly rule: string;
  readonly where: string;
  readonly detail: string;
}

/**
 * Checks the layout facts of every KPI card and chart in the document (and its same-origin
 * iframes' documents are checked by calling this on each frame):
 * - `kpi-wraps`: a KPI value's text takes more than one line;
 * - `kpi-cut`: a KPI value is wider than its box (it would be clipped or ellipsized);
 * - `overflows-card`: a KPI or chart part reaches outside its card;
 * - `small-text`: a KPI value, KPI label or chart caption under 12 px;
 * - `svg-small-text`: a server-rendered SVG chart's text under `minSvgText` px as drawn on screen;
 * - `page-overflow`: the page scrolls sideways.
 */
export async function layoutProblems(target: Page | Frame, minSvgText = 11): Promise<LayoutProblem[]> {
  return target.evaluate((minSvg) => {
    const problems: { rule: string; where: string; detail: string }[] = [];
    const name = (el: Element): string => `${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : el.tagName.toLowerCase()} «${(el.textContent ?? '').trim().slice(0, 40)}»`;
    const inside = (inner: DOMRect, outer: DOMRect): boolean => inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    const visible = (el: Element): boolean => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    for (const number of Array.from(document.querySelectorAll('.gv-kpi__number'))) {
      if (!visible(number)) continue;
      const value = number.closest('.gv-kpi__value') as HTMLElement;
      const card = number.closest('.gv-kpi') as HTMLElement;
      // An inline box that wraps has one client rect per line.
      if (number.getClientRects().length > 1) problems.push({ rule: 'kpi-wraps', where: name(card), detail: `${number.getClientRects().length} lines` });
      if (value.scrollWidth > value.clientWidth + 1) problems.push({ rule: 'kpi-cut', where: name(card), detail: `${value.scrollWidth} > ${value.clientWidth}` });
      const size = parseFloat(getComputedStyle(value).fontSize);
      if (size < 12) problems.push({ rule: 'small-text', where: name(card), detail: `value ${size}px` });
    }
    for (const card of Array.from(document.querySelectorAll('.gv-kpi, .gv-chart'))) {
      if (!visible(card)) continue;
      const box = card.getBoundingClientRect();
      for (const part of Array.from(card.querySelectorAll('.gv-kpi__head, .gv-kpi__number, .gv-chart__caption, .gv-chart__canvas, .gv-chart__note, .gv-chart__svg svg'))) {
        if (visible(part) && !inside(part.getBoundingClientRect(), box)) problems.push({ rule: 'overflows-card', where: name(card), detail: name(part) });
      }
      for (const text of Array.from(card.querySelectorAll('.gv-kpi__label, .gv-chart__caption'))) {
        const size = parseFloat(getComputedStyle(text).fontSize);
        if (visible(text) && size < 12) problems.push({ rule: 'small-text', where: name(card), detail: `${name(text)} ${size}px` });
      }
    }
    for (const svg of Array.from(document.querySelectorAll('.gv-chart__svg svg'))) {
      const viewBox = (svg as SVGSVGElement).viewBox.baseVal;
      const shown = svg.getBoundingClientRect().width;
      if (!viewBox || viewBox.width === 0 || shown === 0) continue;
      const scale = shown / viewBox.width;
      let smallest = Infinity;
      for (const text of Array.from(svg.querySelectorAll('text'))) {
        const size = parseFloat(getComputedStyle(text).fontSize) * scale;
        if ((text.textContent ?? '').trim() !== '' && size < smallest) smallest = size;
      }
      if (smallest < minSvg) problems.push({ rule: 'svg-small-text', where: name(svg.closest('.gv-chart') ?? svg), detail: `${smallest.toFixed(1)}px as drawn` });
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push({ rule: 'page-overflow', where: 'document', detail: `${document.documentElement.scrollWidth} > ${window.innerWidth}` });
    }
    return problems;
  }, minSvgText);
}

/** Runs axe-core (every rule of its default set) in the page; returns the violations as `rule: targets`. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/**
 * Tabs through the first `count` focusable elements and returns those that show no focus
 * indicator (no outline and no box-shadow when focused).
 */
export async function focusWithoutIndicator(page: Page, count = 6): Promise<string[]> {
  const missing: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const report = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const shown = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return shown ? null : `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} «${(el.textContent ?? '').trim().slice(0, 30)}»`;
    });
    if (report !== null) missing.push(report);
  }
  return missing;
}
