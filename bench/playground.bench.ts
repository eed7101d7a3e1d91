/**
 * The playground as a reader meets it, in headless Chromium against the real playground server
 * (its production build, `startPlayground`):
 *
 * - **Dashboard, first paint.** A fresh browser context (empty cache) opens `#/dashboard` with its
 *   100,000 generated sales: first contentful paint (Chromium's own `paint` entry, from navigation)
 *   and the moment the first KPI value is on screen (every card is computed from all the rows).
 * - **Big table: time to rows.** The page's DataGrid over a million rows in SQLite, served by the
 *   library's SQL row source. A click on the Amount header (an indexed column; the clicks go
 *   ascending, descending, unsorted, in turn) and a far jump (the vertical scrollbar moved to a
 *   seeded random place at least 100,000 rows away) are timed from the action until every row in
 *   the viewport shows its data (no placeholder cell left) and the next frame is drawn. Meanwhile
 *   every animation frame checks that the viewport holds rows (data or placeholders): "empty frames"
 *   counts the frames it held none, which must stay 0.
 *
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md). BENCH_RUNS sets the
 * cold dashboard loads (default 7) and the sorts and jumps (three times as many). The data folder
 * is kept in .tmp/bench-playground (the million rows are generated once, about 10 s).
 */
import os from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/helpers/browser';
import { ensurePlaygroundBuilt, startPlayground } from '../test/e2e/helpers/playground';
import { formatMs, median, percentile, runBench, writeSection } from './support/report';
import { seededRandom } from './support/random';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7) || 7);
const STEPS = RUNS * 3;
const BIG_ROWS = 1_000_000;
const VIEWPORT = { width: 1400, height: 1000 } as const;
const TARGET_ROWS_MS = 300;
const TARGET_FCP_MS = 1500;


/**
 * Installed in the big table's page: `__rowsShown(since)` resolves with the time (ms after `since`,
 * a performance.now() value) when every row in the grid's viewport has data and a frame has been
 * drawn after it; `__emptyFrames` counts the animation frames whose viewport held no row at all.
 */
const PAGE_PROBE = `
(() => {
  const state = { empty: 0 };
  window.__emptyFrames = () => state.empty;
  const rowsInView = () => {
    const grid = document.querySelector('[data-testid="page-big"] .ag-root-wrapper');
    const body = grid && grid.querySelector('.ag-body-vertical-scroll-viewport');
    if (!body) return null;
    const box = body.getBoundingClientRect();
    return Array.from(grid.querySelectorAll('.ag-row'))
      .filter((row) => {
        const r = row.getBoundingClientRect();
        return r.height > 0 && r.bottom > box.top + 1 && r.top < box.bottom - 1;
      })
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
  };
  // Checked in a task queued by each animation frame, which runs after that frame is painted: the
  // DOM then is what the reader saw (a check inside the frame could run before the grid's own
  // frame callback has placed the rows of a new scroll position).
  const tick = () => {
    setTimeout(() => {
      const rows = rowsInView();
      if (rows !== null && rows.length === 0) state.empty += 1;
    }, 0);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // What the viewport shows: its first row's index and amount (a change of either is a new view).
  window.__signature = () => {
    const rows = rowsInView() || [];
    const first = rows[0];
    return first ? first.getAttribute('row-index') + '|' + (first.querySelector('[col-id="amount"]')?.textContent ?? '') : '';
  };
  window.__rowsShown = (since, before) => new Promise((resolve) => {
    const check = () => {
      const rows = rowsInView();
      const ready = rows !== null && rows.length > 0 && window.__signature() !== before && rows.every((row) => row.querySelector('.gv-cell--placeholder') === null && (row.querySelector('[col-id="amount"]')?.textContent ?? '') !== '');
      if (ready) requestAnimationFrame(() => resolve(performance.now() - since));
      else requestAnimationFrame(check);
    };
    check();
  });
})();
`;

async function dashboardLoads(browser: Awaited<ReturnType<typeof launchChromium>>, url: string): Promise<{ fcp: number[]; kpi: number[] }> {
  const fcp: number[] = [];
  const kpi: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${url}/#/dashboard`);
    await page.locator('[data-testid="page-dashboard"] .gv-kpi__number').first().waitFor();
    // The KPI strip computes every card from all the rows: when its first value is on screen.
    const shown = await page.evaluate(() => performance.now());
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
          else new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'paint', buffered: true });
        }),
    );
    fcp.push(paint);
    kpi.push(shown);
    await context.close();
  }
  return { fcp, kpi };
}

type ProbeWindow = { __rowsShown: (since: number, before: string) => Promise<number>; __signature: () => string; __emptyFrames: () => number };

/** What a step does: a click on the Amount header, or the vertical scrollbar moved to a fraction of its range. */
type Action = { kind: 'sort' } | { kind: 'scroll'; fraction: number };

/** Does `action` in the page and waits until the viewport shows a new view with every row's data; ms from the action. */
function timed(page: Page, action: Action): Promise<number> {
  return page.evaluate(async (step) => {
    const probe = window as unknown as ProbeWindow;
    const before = probe.__signature();
    const since = performance.now();
    if (step.kind === 'sort') {
      (document.querySelector('[data-testid="page-big"] .ag-header-cell[col-id="amount"] .ag-header-cell-label') as HTMLElement).click();
    } else {
      const bar = document.querySelector('[data-testid="page-big"] .ag-body-vertical-scroll-viewport') as HTMLElement;
      bar.scrollTop = Math.floor((bar.scrollHeight - bar.clientHeight) * step.fraction);
    }
    return probe.__rowsShown(since, before);
  }, action);
}

async function bigTableSteps(page: Page): Promise<{ sort: number[]; jump: number[]; empty: number }> {
  const sort: number[] = [];
  const jump: number[] = [];
  const random = seededRandom(0xb16);
  for (let i = 0; i < STEPS; i++) {
    sort.push(await timed(page, { kind: 'sort' }));
    // Somewhere at least a tenth of the table away from the top.
    jump.push(await timed(page, { kind: 'scroll', fraction: 0.1 + random() * 0.85 }));
    // Back to the top for the next sort (not timed).
    await timed(page, { kind: 'scroll', fraction: 0 });
  }
  const empty = await page.evaluate(() => (window as unknown as ProbeWindow).__emptyFrames());
  return { sort, jump, empty };
}

runBench(async () => {
  await ensurePlaygroundBuilt();
  const server = await startPlayground({ dataDir: join(process.cwd(), '.tmp', 'bench-playground'), bigTableRows: BIG_ROWS, demoRows: 100_000 });
  const browser = await launchChromium();
  try {
    const load = await dashboardLoads(browser, server.url);
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    await page.goto(`${server.url}/#/big`);
    await page.locator('[data-testid="page-big"] .ag-row .ag-cell[col-id="amount"]').first().waitFor({ timeout: 120_000 });
    const big = await bigTableSteps(page);
    await context.close();

    const row = (name: string, samples: readonly number[], target: number | null): string => {
      const p50 = median(samples);
      const verdict = target === null ? '' : p50 <= target ? 'pass' : 'MISSED';
      return `| ${name} | ${formatMs(p50)} | ${formatMs(percentile(samples, 90))} | ${formatMs(Math.max(...samples))} | ${target === null ? '' : `≤ ${target} ms p50`} | ${verdict} |`;
    };
    const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
    writeSection(
      [
        '## Playground pages: first paint and time to rows (Chromium)',
        '',
        `_Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}; headless Chromium (software rendering), ${VIEWPORT.width} × ${VIEWPORT.height}._`,
        '',
        `The real playground server (production build) and pages. Dashboard: ${RUNS} cold loads, each in a fresh browser context, 100,000 generated sales computed in the browser. Big table: ${BIG_ROWS.toLocaleString('en')} rows in SQLite behind the library's SQL row source; ${STEPS} sorts (clicks on the indexed Amount header: ascending, descending, unsorted in turn) and ${STEPS} far jumps (the scrollbar moved to a seeded random place), each timed until every row in the viewport shows its data and a frame is drawn. Every animation frame meanwhile checks that the viewport holds rows, data or placeholders.`,
        '',
        '| Measure (ms) | p50 | p90 | max | Target | |',
        '|---|---:|---:|---:|---|---|',
        row('Dashboard: first contentful paint, from navigation', load.fcp, TARGET_FCP_MS),
        row('Dashboard: first KPI value on screen, from navigation', load.kpi, null),
        row('Big table: a sort by Amount to its rows on screen', big.sort, TARGET_ROWS_MS),
        row('Big table: a far jump to its rows on screen', big.jump, TARGET_ROWS_MS),
        '',
        `Frames with an empty viewport during all ${STEPS * 2} steps: ${big.empty} (target 0: placeholders stand in for rows not answered yet).`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
});
