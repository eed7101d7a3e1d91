/**
 * SimpleTable in Chromium with 10,000 and 100,000 rows × 8 columns: first render, sort (click →
 * DOM settled), search keystroke (input → DOM settled), the warm-up and JS heap. Runs the fixture
 * page of test/e2e/fixtures/simple-table, built with Vite and served on 127.0.0.1.
 *
 * "DOM settled" is measured in the page: performance.now() before the event, then Vue's nextTick
 * (the re-render is flushed), then the next animation frame and a macrotask (the frame with the new
 * rows has been laid out and painted).
 *
 * Interactions are measured three ways, each the first of its page:
 * - "cold": warm-up switched off, so the click or keystroke builds what it needs (a text and a
 *   currency sort; a letter and a digit as the first keystroke: a digit can occur in every column,
 *   so it needs the texts of the numeric columns too);
 * - "early": warm-up on, the click or keystroke right after the first frame, while the warm-up runs;
 * - "warm": after the warm-up finished (`data-cm-warmed`), sort clicks cycling over five columns and
 *   keystrokes typing queries letter by letter.
 * The targets (issue 3: sort ≤ 150 ms, search ≤ 50 ms at 100,000 rows) are applied to all three.
 * During the warm-up a 4 ms timer chain measures how long the main thread was held at a time
 * (the longest gap minus the 4 ms), which is how long input could have waited.
 *
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/helpers/browser';
import { serveStatic } from '../test/e2e/helpers/static-site';
import { buildSimpleTableFixture } from '../test/e2e/fixtures/simple-table/harness';
import { median, runBench, writeSection } from './support/report';

const RUNS = Math.max(7, Number(process.env.BENCH_RUNS ?? 9));
const SIZES = [10_000, 100_000];
const TARGET_ROWS = 100_000;
const TARGETS = { sort: 150, search: 50 } as const;

interface Fixture {
  __simpleTable: { ready: boolean; firstRenderMs: number; nextTick: () => Promise<void> };
}

const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

async function openPage(browser: Browser, base: string, query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${base}/?${query}`);
  await page.waitForFunction(() => (window as unknown as Fixture).__simpleTable?.ready === true, undefined, { timeout: 120_000 });
  return page;
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

/** Clicks the sort button of `key` in the page and returns click → DOM settled, in ms. */
function timeSortClick(page: Page, key: string): Promise<number> {
  return page.evaluate(async (columnKey) => {
    const { nextTick } = (window as unknown as Fixture).__simpleTable;
    const button = document.querySelector<HTMLButtonElement>(`th[data-cm-col-key="${columnKey}"] button`);
    if (!button) throw new Error(`no sort button for ${columnKey}`);
    const started = performance.now();
    button.click();
    await nextTick();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, key);
}

/** Sets the search box to `text` as one keystroke would and returns input → DOM settled, in ms. */
function timeKeystroke(page: Page, text: string): Promise<number> {
  return page.evaluate(async (value) => {
    const { nextTick } = (window as unknown as Fixture).__simpleTable;
    const input = document.querySelector<HTMLInputElement>('input[data-cm-search]');
    if (!input) throw new Error('no search input');
    const started = performance.now();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTick();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, text);
}

/**
 * Starts a 4 ms timer chain in the page that records the longest gap between its ticks until the
 * table reports `data-cm-warmed`; returns [longest block in ms, page ready → warmed in ms].
 */
function probeWarmup(page: Page): Promise<[number, number]> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const started = performance.now();
    let last = started;
    let longest = 0;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last - 4);
      last = now;
      if (document.querySelector('[data-cm-warmed="true"]')) resolve([Math.max(0, longest), now - started]);
      else setTimeout(tick, 4);
    };
    setTimeout(tick, 4);
  })`) as Promise<[number, number]>;
}

/** Sort clicks over text, currency and number columns, cycling asc → desc → original each. */
async function sortClicks(page: Page, runs: number): Promise<number[]> {
  const keys = ['customer', 'amount', 'city', 'qty', 'note'];
  const times: number[] = [];
  for (let i = 0; times.length < runs; i++) {
    const key = keys[Math.floor(i / 3) % keys.length]!;
    times.push(await timeSortClick(page, key));
  }
  // Leave the table unsorted for what follows.
  while ((await page.locator('th[aria-sort]').count()) > 0) await page.locator('th[aria-sort] button').click();
  return times;
}

/** Keystrokes typing queries letter by letter (the first letter of each query scans every row). */
async function keystrokes(page: Page, runs: number): Promise<number[]> {
  const queries = ['kyiv', 'customer 12', 'paid', 'zurich', 'note 9'];
  const times: number[] = [];
  for (const query of queries) {
    for (let n = 1; n <= query.length && times.length < runs; n++) times.push(await timeKeystroke(page, query.slice(0, n)));
    await timeKeystroke(page, '');
    if (times.length >= runs) break;
  }
  return times;
}

async function main(): Promise<void> {
  const out = await buildSimpleTableFixture(join(process.cwd(), '.tmp/simple-table-bench'));
  const server = await serveStatic(out);
  const browser = await launchChromium();
  const version = browser.version();
  const lines: string[] = [];
  const results: { rows: number; measure: string; value: string; runs: number; target: string; result: string }[] = [];
  const record = (rows: number, measure: string, values: number[], target?: keyof typeof TARGETS) => {
    const value = median(values);
    const limit = target !== undefined && rows === TARGET_ROWS ? TARGETS[target] : undefined;
    results.push({
      rows,
      measure,
      value: fmt(value),
      runs: values.length,
      target: limit === undefined ? '—' : `≤ ${limit} ms`,
      result: limit === undefined ? '—' : value <= limit ? 'pass' : 'FAIL',
    });
    console.log(`${rows} rows, ${measure}: median ${fmt(value)} ms (${values.map(fmt).join(', ')})`);
  };
  /** Opens a fresh page, runs `measure` on it and closes it. */
  const onFreshPage = async <T>(query: string, measure: (page: Page) => Promise<T>): Promise<T> => {
    const page = await openPage(browser, server.url, query);
    try {
      return await measure(page);
    } finally {
      await page.close();
    }
  };
  try {
    for (const size of SIZES) {
      const cold = `rows=${size}&warmup=0`;
      const early = `rows=${size}`;
      const series: Record<string, number[]> = {};
      const add = (name: string, value: number) => (series[name] ??= []).push(value);
      for (let run = 0; run < RUNS; run++) {
        add('baseline', await onFreshPage(`rows=${size}&mount=0`, heapUsed));
        await onFreshPage(cold, async (page) => {
          add('render', await page.evaluate(() => (window as unknown as Fixture).__simpleTable.firstRenderMs));
          add('heap', await heapUsed(page));
          add('cold sort text', await timeSortClick(page, 'customer'));
        });
        add('cold sort currency', await onFreshPage(cold, (page) => timeSortClick(page, 'amount')));
        add('cold key letter', await onFreshPage(cold, (page) => timeKeystroke(page, 'k')));
        add('cold key digit', await onFreshPage(cold, (page) => timeKeystroke(page, '1')));
        add('early sort', await onFreshPage(early, (page) => timeSortClick(page, 'customer')));
        add('early key', await onFreshPage(early, (page) => timeKeystroke(page, 'k')));
        const [block, warmMs] = await onFreshPage(early, probeWarmup);
        add('block', block);
        add('warm-up', warmMs);
      }
      const s = (name: string) => series[name] ?? [];
      record(size, 'first render (mount → first frame)', s('render'));
      record(size, 'first sort click, cold: text column (no warm-up)', s('cold sort text'), 'sort');
      record(size, 'first sort click, cold: currency column (no warm-up)', s('cold sort currency'), 'sort');
      record(size, 'first keystroke, cold: a letter (no warm-up)', s('cold key letter'), 'search');
      record(size, 'first keystroke, cold: a digit (no warm-up)', s('cold key digit'), 'search');
      record(size, 'first sort click, early: text column during the warm-up', s('early sort'), 'sort');
      record(size, 'first keystroke, early: a letter during the warm-up', s('early key'), 'search');
      record(size, 'longest main-thread block during the warm-up', s('block'));

      const page = await openPage(browser, server.url, early);
      await page.waitForSelector('[data-cm-warmed="true"]', { timeout: 120_000 });
      record(size, 'sort click (warm)', await sortClicks(page, Math.max(RUNS, 15)), 'sort');
      record(size, 'search keystroke (warm)', await keystrokes(page, Math.max(RUNS, 15)), 'search');
      const warmHeap = await heapUsed(page);
      await page.close();
      const baseline = median(s('baseline'));
      const heap = median(s('heap'));
      results.push({ rows: size, measure: 'JS heap: rows alone / page with table / after warm-up', value: `${mib(baseline)} / ${mib(heap)} / ${mib(warmHeap)} MiB`, runs: s('heap').length, target: '—', result: '—' });
      results.push({ rows: size, measure: 'JS heap added by the mounted table', value: `${mib(heap - baseline)} MiB`, runs: s('heap').length, target: '—', result: '—' });
      const warmSeconds = median(s('warm-up')) / 1000;
      results.push({ rows: size, measure: 'warm-up, first frame → caches ready', value: `${warmSeconds.toFixed(2)} s`, runs: s('warm-up').length, target: '—', result: '—' });
      console.log(`${size} rows: heap ${mib(baseline)} / ${mib(heap)} / ${mib(warmHeap)} MiB; warm-up ${warmSeconds.toFixed(2)} s`);
    }
  } finally {
    await browser.close();
    await server.close();
  }

  lines.push('## SimpleTable (Chromium)');
  lines.push('');
  lines.push(
    `SimpleTable over generated rows × 8 columns (text, currency, number, percent) in headless Chromium ${version}, driven by playwright-core; ` +
      'times measured in the page from the event to the first frame after Vue flushed the DOM (nextTick → requestAnimationFrame → macrotask). ' +
      '"Cold": the first interaction on a fresh page without warm-up; "early": the first interaction right after the first frame while the background warm-up runs; ' +
      '"warm": after the warm-up prepared the sort and search caches (sort clicks cycle asc → desc → original over five columns; keystrokes type queries letter by letter). ' +
      `Medians of ${RUNS} fresh pages per cold and early figure. Targets at 100,000 rows apply to cold, early and warm alike. ` +
      'Main-thread block: longest gap of a 4 ms timer chain during the warm-up, minus 4 ms. Heap: CDP JSHeapUsedSize after a forced GC.',
  );
  lines.push('');
  lines.push('| Rows | Measure | Median | Runs | Target | Result |');
  lines.push('|---:|---|---:|---:|---|---|');
  for (const r of results) lines.push(`| ${r.rows.toLocaleString('en')} | ${r.measure} | ${/[a-z]/i.test(r.value) ? r.value : `${r.value} ms`} | ${r.runs} | ${r.target} | ${r.result} |`);
  writeSection(`${lines.join('\n')}\n`);
}

runBench(main);
