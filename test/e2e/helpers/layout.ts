/**
 * Layout facts and accessibility checks the visual suite asserts in Chromium: numbers that never
 * wrap or get cut (KPI values, table cells and footers, data grid cells), nothing sticking out of
 * its card, readable font sizes (server SVG charts included, measured as rendered), no sideways
 * scrolling, a real visible focus indicator on every stop of the tab order, and axe-core with zero
 * violations in the page and in every frame inside it.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { waitUntil } from './browser';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One broken layout fact, with where it was seen. */
export interface LayoutProblem {
  readonly rule: string;
  readonly where: string;
  readonly detail: string;
}

/** Smallest font size of HTML text anywhere on a page, in CSS pixels. */
export const MIN_TEXT_PX = 12;

/**
 * Checks the layout facts of the document (call it on each frame for the documents inside iframes):
 * - `number-wraps`: a number (a KPI value, a table body or footer cell, a data grid cell whose text
 *   is a number, amount, percent or date) takes more than one line;
 * - `number-cut`: such a number is wider than its box (clipped or ellipsized);
 * - `overflows-card`: a visible part of a card (KPI, chart, playground card, issue panel) reaches
 *   outside it;
 * - `small-text`: visible HTML text under {@link MIN_TEXT_PX} px;
 * - `svg-small-text`: a server-rendered SVG chart's text under `minSvgText` px as drawn on screen
 *   (0 skips the check);
 * - `under-scrollbar`: a data grid's last column reaches under its vertical scrollbar, with the
 *   sideways scroll at its end (AG Grid draws a 16-pixel band for an overlay scrollbar over the
 *   body's right edge, which hid "%" of "44.6%");
 * - `page-overflow`: the page scrolls sideways.
 */
export async function layoutProblems(target: Page | Frame, minSvgText = 11): Promise<LayoutProblem[]> {
  return target.evaluate(
    ({ minSvg, minText }) => {
      const problems: { rule: string; where: string; detail: string }[] = [];
      const seen = new Set<string>();
      const add = (rule: string, where: string, detail: string): void => {
        // One report per rule and place: a column of 40 cut cells is one problem, not 40.
        const key = `${rule}|${where}`;
        if (seen.has(key)) return;
        seen.add(key);
        problems.push({ rule, where, detail });
      };
      const describe = (el: Element): string => {
        const cls = typeof el.className === 'string' && el.className.trim() !== '' ? `.${el.className.trim().split(/\s+/)[0]}` : '';
        const key = el.getAttribute('data-cm-col-key') ?? el.getAttribute('col-id');
        return `${el.tagName.toLowerCase()}${cls}${key ? `[${key}]` : ''}`;
      };
      const text = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const hidden = (el: Element): boolean => el.closest('.gv-visually-hidden, .pg-visually-hidden, .ag-hidden, [hidden]') !== null;
      const visible = (el: Element): boolean => {
        if (hidden(el)) return false;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.opacity !== '0';
      };

      // --- numbers ---------------------------------------------------------------------------
      // A number as a reader sees one: digits with grouping, signs, currency, percent, compact
      // suffixes (en and uk), dates; nothing else.
      const NUMBER = /^[-−+(]?\s*[$€£₴]?\s*[\d\s\u00a0\u202f.,:/-]*\d[\d\s\u00a0\u202f.,:/-]*\s*(?:%|[$€£₴]|USD|UAH|грн\.?|[KMBT]|тис\.?|млн|млрд|трлн)?\s*[$€£₴]?\)?$/u;
      const lines = (el: Element): number => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set<number>();
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
        return tops.size;
      };
      const checkNumber = (cell: Element, box: Element, where: string): void => {
        const shown = text(cell);
        if (shown === '' || !NUMBER.test(shown) || !visible(cell)) return;
        const count = lines(cell);
        if (count > 1) add('number-wraps', where, `«${shown}» on ${count} lines`);
        const target = box as HTMLElement;
        if (target.scrollWidth > target.clientWidth + 1) add('number-cut', where, `«${shown}» needs ${target.scrollWidth}px, has ${target.clientWidth}px`);
      };
      for (const number of Array.from(document.querySelectorAll('.gv-kpi__number'))) {
        const value = number.closest('.gv-kpi__value') ?? number;
        checkNumber(number, value, `${describe(number.closest('.gv-kpi') ?? number)} «${text(number.closest('.gv-kpi')?.querySelector('.gv-kpi__label') ?? number)}»`);
      }
      for (const cell of Array.from(document.querySelectorAll('.gv-table tbody td[data-cm-col-key], .gv-table tfoot td[data-cm-col-key]'))) {
        const part = cell.closest('tfoot') ? 'footer' : 'body';
        checkNumber(cell, cell, `table ${part} ${describe(cell)}`);
      }
      for (const cell of Array.from(document.querySelectorAll('.ag-row .ag-cell'))) {
        const value = cell.querySelector('.ag-cell-value') ?? cell;
        checkNumber(value, cell, `data grid ${describe(cell)}`);
      }

      // --- nothing under a grid's vertical scrollbar ----------------------------------------------
      for (const grid of Array.from(document.querySelectorAll('.ag-root-wrapper'))) {
        const bar = grid.querySelector('.ag-body-vertical-scroll');
        if (!bar || !visible(bar)) continue;
        const band = bar.getBoundingClientRect();
        // A grid scrolled sideways clips its columns at the edge like any scroller: only the last
        // column, seen with the sideways scroll at its end (or none), must stop short of the band.
        const sideways = grid.querySelector('.ag-body-horizontal-scroll-viewport') as HTMLElement | null;
        if (sideways && visible(sideways) && sideways.scrollLeft + sideways.clientWidth < sideways.scrollWidth - 1) continue;
        for (const cell of Array.from(grid.querySelectorAll('.ag-row .ag-cell.ag-column-last, .ag-header-cell.ag-column-last'))) {
          if (!visible(cell)) continue;
          const box = cell.getBoundingClientRect();
          if (box.right > band.left + 1 && box.left < band.left && box.bottom > band.top && box.top < band.bottom) {
            add('under-scrollbar', `data grid ${describe(cell)}`, `«${text(cell).slice(0, 20)}» ends at ${Math.round(box.right)}px, the scrollbar starts at ${Math.round(band.left)}px`);
          }
        }
      }

      // --- cards: nothing visible leaves them ---------------------------------------------------
      const inside = (inner: DOMRect, outer: DOMRect): boolean =>
        inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
      for (const card of Array.from(document.querySelectorAll('.gv-kpi, .gv-chart, .pg-card, .gv-spec-issues'))) {
        if (!visible(card)) continue;
        const box = card.getBoundingClientRect();
        /** True when an element between `node` and the card clips or scrolls: its overflow is its own. */
        const clipped = (node: Element): boolean => {
          for (let up = node.parentElement; up && up !== card; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return true;
          }
          return false;
        };
        for (const node of Array.from(card.querySelectorAll('*'))) {
          // Popups (tooltips, menus) float above on purpose.
          if (!visible(node) || getComputedStyle(node).position === 'fixed' || clipped(node)) continue;
          if (!inside(node.getBoundingClientRect(), box)) {
            add('overflows-card', `${describe(card)} «${text(card).slice(0, 30)}»`, `${describe(node)} «${text(node).slice(0, 30)}»`);
          }
        }
      }

      // --- readable text -------------------------------------------------------------------------
      const textWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const measured = new Set<Element>();
      for (let node = textWalker.nextNode(); node; node = textWalker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || measured.has(parent) || (node.textContent ?? '').trim() === '') continue;
        measured.add(parent);
        if (parent.closest('svg, script, style, noscript, option') || !visible(parent)) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < minText) add('small-text', describe(parent), `«${text(parent).slice(0, 30)}» ${size}px`);
      }
      for (const svg of Array.from(document.querySelectorAll('.gv-chart__svg svg'))) {
        if (minSvg <= 0) break;
        const viewBox = (svg as SVGSVGElement).viewBox.baseVal;
        const box = svg.getBoundingClientRect();
        if (!viewBox || viewBox.width === 0 || viewBox.height === 0 || box.width === 0) continue;
        // The drawing keeps its proportions inside the box (preserveAspectRatio meet): the smaller ratio scales it.
        const scale = Math.min(box.width / viewBox.width, box.height / viewBox.height);
        let smallest = Infinity;
        for (const label of Array.from(svg.querySelectorAll('text'))) {
          const size = parseFloat(getComputedStyle(label).fontSize) * scale;
          if ((label.textContent ?? '').trim() !== '' && size < smallest) smallest = size;
        }
        if (smallest < minSvg) add('svg-small-text', describe(svg.closest('.gv-chart') ?? svg), `${smallest.toFixed(1)}px as drawn`);
      }

      // --- the page itself -----------------------------------------------------------------------
      if (document.documentElement.scrollWidth > window.innerWidth + 1) {
        add('page-overflow', 'document', `${document.documentElement.scrollWidth} > ${window.innerWidth}`);
      }
      return problems;
    },
    { minSvg: minSvgText, minText: MIN_TEXT_PX },
  );
}

/** Runs axe-core in one document (not descending into its frames) and returns the violations. */
async function axeInDocument(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return axe.run(document, { iframes: false, resultTypes: ['violations'] });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** A violation of one axe-core rule, with the fields the suites report. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[] }[];
}

/**
 * Runs axe-core on the part of the page `include` selects (a CSS selector, as axe's context) and
 * returns its violations: every rule of axe's default set, or only `rules` when given (axe's
 * `runOnly` by rule, as @axe-core/playwright's `withRules`). This is what the suites got from
 * `new AxeBuilder({ page }).include(include).analyze()` of @axe-core/playwright, with the same
 * axe-core and the same options, run in the page's own document.
 *
 * Edge cases: a selector that matches nothing fails, as axe's own context does; a scope holding an
 * iframe fails too, since this runs in one document only (use `axeViolations` for pages with frames,
 * or pass the frame itself: Playwright reaches a frame's document, a sandboxed one included, where
 * the page's own script cannot).
 */
export async function axeScan(page: Page | Frame, options: { include: string; rules?: readonly string[] }): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ include, rules }) => {
      const frames = [...document.querySelectorAll(include)].reduce((n, scope) => n + scope.querySelectorAll('iframe, frame').length, 0);
      if (frames > 0) throw new Error(`axeScan: ${include} holds ${frames} frame(s); axeScan reads one document (see axeViolations)`);
      type Run = (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>;
      const axe = (window as unknown as { axe: { run: Run } }).axe;
      const runOnly = rules === undefined ? {} : { runOnly: { type: 'rule', values: rules } };
      const result = await axe.run({ include: [include], exclude: [] }, { ...runOnly, iframes: false, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    },
    { include: options.include, rules: options.rules === undefined ? undefined : [...options.rules] },
  );
}

/**
 * Runs axe-core (every rule of its default set, none excluded) in the page and in the document of
 * every frame in it, and returns the violations as `rule: targets` (a frame's prefixed with its
 * title).
 *
 * The playground's frames may run no script (the server-rendered report proves it reads without
 * JavaScript; the lazy block's preview is sandboxed completely), so axe cannot run inside them:
 * each frame's document is loaded as a page of its own, at the frame's size, in the same browser
 * context, and checked there. The documents are the same bytes: the report's URL, or the preview's
 * `srcdoc`. The page's context must allow a second page (`browser.newContext()`).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations = await axeInDocument(page);
  for (const frame of await page.locator('iframe').all()) {
    const info = await frame.evaluate((el: HTMLIFrameElement) => ({
      title: el.title,
      url: el.hasAttribute('srcdoc') ? null : el.src,
      srcdoc: el.getAttribute('srcdoc'),
      width: Math.max(1, Math.round(el.clientWidth)),
      height: Math.max(1, Math.round(el.clientHeight)),
    }));
    const alone = await page.context().newPage();
    try {
      await alone.setViewportSize({ width: info.width, height: info.height });
      if (info.url !== null) await alone.goto(info.url);
      else await alone.setContent(info.srcdoc ?? '', { waitUntil: 'load' });
      violations.push(...(await axeInDocument(alone)).map((v) => `frame «${info.title}» ${v}`));
    } finally {
      await alone.close();
    }
  }
  return violations;
}

/**
 * What has the focus in the document it runs in, and whether it shows a real focus indicator. Runs
 * in the page (a function without outside references, as `evaluate` needs). A focus inside a frame
 * it cannot reach (a sandboxed frame has an opaque origin) is returned as `opaqueFrame`.
 */
function inspectFocus(): FocusReport {
    type Rgba = [number, number, number, number];
    const parse = (colour: string): Rgba | null => {
      const m = /rgba?\(([^)]+)\)/.exec(colour);
      if (!m) return null;
      const parts = (m[1] as string).split(/[,\s/]+/).filter(Boolean).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: Rgba): number => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a: Rgba, b: Rgba): number => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
      return (x + 0.05) / (y + 0.05);
    };
    /** The opaque colour behind `el` (its own background first when `own`). */
    const behind = (el: Element, own: boolean): Rgba => {
      let node: Element | null = own ? el : el.parentElement;
      while (node) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg && bg[3] > 0.5) return bg;
        node = node.parentElement;
      }
      return [255, 255, 255, 1];
    };
    const ringOf = (el: Element): string | null => {
      const style = getComputedStyle(el);
      const width = parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width >= 2) {
        const colour = parse(style.outlineColor);
        if (colour && colour[3] > 0.5 && contrast(colour, behind(el, parseFloat(style.outlineOffset) < 0)) >= 3) return 'outline';
      }
      if (style.boxShadow !== 'none') {
        // Computed shadows read "rgb(…) x y blur spread [inset]", one per comma outside parentheses.
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          const colour = parse(shadow);
          const lengths = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat);
          const [, , blur = 0, spread = 0] = lengths;
          if (colour && colour[3] > 0.5 && spread >= 2 && blur <= 1 && contrast(colour, behind(el, shadow.includes('inset'))) >= 3) return 'ring';
        }
      }
      return null;
    };
    // Focus inside a frame: the page's active element is the iframe; the stop is inside it.
    let el = document.activeElement as HTMLElement | null;
    let framePath = '';
    while (el instanceof HTMLIFrameElement) {
      const inner = el.contentDocument;
      if (!inner) return { id: `opaque frame ${el.title}`, missing: `iframe «${el.title}» (focus inside a frame the check cannot enter)`, opaqueFrame: el.title };
      framePath += `${el.title} › `;
      el = inner.activeElement as HTMLElement | null;
    }
    if (!el || el === el.ownerDocument.body) return { id: null, missing: null };
    const getComputedStyle = (node: Element) => (node.ownerDocument.defaultView ?? window).getComputedStyle(node);
    const id = `${framePath}${el.tagName}|${el.getAttribute('data-testid') ?? ''}|${el.getAttribute('data-page') ?? ''}|${el.getAttribute('name') ?? ''}|${el.textContent?.slice(0, 20) ?? ''}|${Math.round(el.getBoundingClientRect().top + window.scrollY)}`;
    const candidates: Element[] = [el];
    const label = el.closest('label');
    if (label && el.tagName === 'INPUT' && getComputedStyle(el).opacity === '0') candidates.push(label);
    const shown = candidates.some((candidate) => ringOf(candidate) !== null);
    const name = `${framePath}${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/)[0]}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}»`;
    return { id, missing: shown ? null : name };
}

interface FocusReport {
  id: string | null;
  missing: string | null;
  opaqueFrame?: string;
}

/** The frame whose `<iframe>` element has this title, if the page has one. */
async function frameTitled(page: Page, title: string): Promise<Frame | null> {
  for (const frame of page.frames().slice(1)) {
    const element = await frame.frameElement().catch(() => null);
    if (element && (await element.getAttribute('title')) === title) return frame;
  }
  return null;
}

/**
 * Walks the tab order from the top of the page (up to `maxStops` stops, or until it comes back to
 * where it started) and returns the stops that show no real focus indicator. A real indicator is an
 * outline, or a box-shadow ring without blur, at least 2px wide, whose colour has a contrast of at
 * least 3:1 with what is behind it (WCAG 2.2 focus appearance). A transparent radio or checkbox
 * that covers its label (a segmented control) may show it on that label.
 */
export async function focusWithoutIndicator(page: Page, maxStops = 80): Promise<string[]> {
  const missing: string[] = [];
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  let first: string | null = null;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    let report = await page.evaluate(inspectFocus);
    if (report.opaqueFrame !== undefined) {
      // Playwright reaches into frames the page's own script cannot (sandboxed, opaque origin).
      const title = report.opaqueFrame;
      const frame = await frameTitled(page, title);
      const inner = frame ? await frame.evaluate(inspectFocus) : null;
      if (inner && inner.opaqueFrame === undefined) {
        report = inner.id === null ? inner : { id: `${title} › ${inner.id}`, missing: inner.missing === null ? null : `iframe «${title}» › ${inner.missing}` };
      }
    }
    if (report.id === null) continue;
    if (first === null) first = report.id;
    else if (report.id === first) break;
    if (report.missing !== null && !missing.includes(report.missing)) missing.push(report.missing);
  }
  return missing;
}

/**
 * Waits until every chart ECharts draws on the page is drawn, its first animation over: each
 * `ChartBlock` figure holding an ECharts box carries `data-gv-chart-drawn`, which the component sets
 * on ECharts' `finished` event and clears while a new option is drawn. Charts without an ECharts
 * box (empty, server-rendered SVG, still waiting for a size) are not waited for; a page without
 * charts returns at once. Throws after `timeoutMs` with the ids of the charts still drawing.
 */
export async function chartsSettled(target: Page | Frame, timeoutMs = 15_000): Promise<void> {
  // Self-contained: Playwright sends the function's source to the page.
  const drawing = (): string[] =>
    Array.from(document.querySelectorAll('.gv-chart'))
      .filter((figure) => figure.querySelector('.gv-chart__echarts') !== null && !figure.hasAttribute('data-gv-chart-drawn'))
      .map((figure) => figure.getAttribute('data-gv-chart-id') ?? '?');
  try {
    await waitUntil(target, `(${drawing.toString()})().length === 0`, undefined, { timeout: timeoutMs });
  } catch (error) {
    throw new Error(`chartsSettled: charts still drawing after ${timeoutMs} ms: ${(await target.evaluate(drawing)).join(', ')}`, { cause: error });
  }
}
