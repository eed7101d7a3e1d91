/**
 * The side-by-side Chromium benchmarks' measuring loop, shared by bench/table-peers.bench.ts and
 * bench/data-grid.bench.ts: opening one page per library (bench/fixtures/table-peers), performing
 * timed actions through the pages' `window.__peer` harness (one stop condition for every library:
 * the DOM shows the expected first rows, then the next frame), checking the rows on screen after
 * each action, and the cold (fresh page per sample) and warm (one page, 1 s idle before each
 * action) series, with libraries and steps interleaved so background load spreads over all of them.
 *
 * What differs between the benchmarks (which libraries, which steps, what each step must show) is
 * passed in.
 *
 * @module
 */
import type { Browser, Page } from 'playwright-core';
import type { PeerPage } from '../fixtures/table-peers/harness';
import type { PeerAction, PeerExpectation, PeerHarness, PeerTiming, ScreenRow } from '../fixtures/table-peers/shared/protocol';
import { formatMs } from './report';

/** One library of a comparison: its page, its name in the report, the npm package it measures. */
export interface PeerLibrary {
  id: PeerPage;
  name: string;
  /** npm package whose version the report names; null for this library. */
  pkg: string | null;
  /** Extra query parameters of its page (e.g. `kpis=1`). */
  query?: string;
  /**
   * Base URL its page is served from, when not the benchmark's own build (e.g. a build of the code
   * before a change, measured in the same run). Libraries that share a page need distinct names.
   */
  base?: string;
}

/** One timed step after mounting, and the untimed action that undoes it. */
export interface PeerStep<Id extends string> {
  id: Id;
  label: string;
  action: PeerAction;
  reset: PeerAction;
}

/** Timings of one library, step and kind of run. */
export interface Series {
  /** Action → first rows shown → next frame rendered: what the reports show. */
  total: number[];
  /** Action → the DOM showed the first rows (before the frame), for the log. */
  dom: number[];
  /** How many samples showed the rows in a task after the action's own (asynchronous rendering). */
  laterTask: number;
  /** KPI steps: the grid's change notification → the KPI text shown. */
  kpi: number[];
}

export type When = 'cold' | 'warm';

/** What a benchmark tells the runner. */
export interface PeerRunnerOptions<L extends PeerLibrary, S extends string> {
  libraries: readonly L[];
  steps: readonly PeerStep<S>[];
  /** Rows each page generates. */
  rows: number;
  /** Cold pages per step and warm repetitions. */
  runs: number;
  /** Idle time before a warm action. */
  idleMs: number;
  /** How many first rows the checks read. */
  firstRows: number;
  /** What the page must show once `step` is done (the stop condition). */
  expect(step: S | 'init', library: L): PeerExpectation;
  /** Throws unless the first rows on screen are right for `step`. */
  check(step: S | 'init', library: L, shown: readonly ScreenRow[]): void;
  /** Name used in progress lines. */
  name: string;
}

interface OpenPage<L> {
  page: Page;
  library: L;
  /** Page errors, console errors and dialogs (DataTables alerts on errors) since the page opened. */
  errors: string[];
  /** When the page's last action or reset ended (Date.now()). */
  lastActive: number;
}

/** The runner of one benchmark: `measure` fills the series, `series` reads them. */
export function createPeerRunner<L extends PeerLibrary, S extends string>(options: PeerRunnerOptions<L, S>) {
  const results = new Map<string, Series>();

  const series = (library: L, step: S | 'init', when: When): Series => {
    const key = `${library.name}:${library.id}:${library.query ?? ''}:${step}:${when}`;
    let found = results.get(key);
    if (!found) results.set(key, (found = { total: [], dom: [], laterTask: 0, kpi: [] }));
    return found;
  };

  async function openLibraryPage(browser: Browser, base: string, library: L): Promise<OpenPage<L>> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    page.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(`${library.base ?? base}/${library.id}.html?rows=${options.rows}${library.query ? `&${library.query}` : ''}`);
    await page.waitForFunction(() => (window as unknown as { __peer?: PeerHarness }).__peer?.ready === true, undefined, { timeout: 120_000 });
    const visibility = await page.evaluate(() => document.visibilityState);
    if (visibility !== 'visible') throw new Error(`${library.name} page is ${visibility}: frames would be throttled`);
    return { page, library, errors, lastActive: Date.now() };
  }

  function assertNoErrors(open: OpenPage<L>): void {
    if (open.errors.length > 0) throw new Error(`${open.library.name} page reported errors:\n${open.errors.join('\n')}`);
  }

  function perform(open: OpenPage<L>, action: PeerAction, expected: PeerExpectation): Promise<PeerTiming> {
    return open.page.evaluate(([a, e]) => (window as unknown as { __peer: PeerHarness }).__peer.run(a, e), [action, expected] as const);
  }

  /** Times `action` (which ends in `step`'s state), checks the rows on screen, adds the timing to `into`. */
  async function timed(open: OpenPage<L>, step: S | 'init', action: PeerAction, into: Series): Promise<void> {
    const timing = await perform(open, action, options.expect(step, open.library));
    options.check(step, open.library, await open.page.evaluate((n) => (window as unknown as { __peer: PeerHarness }).__peer.firstRows(n), options.firstRows));
    assertNoErrors(open);
    into.total.push(timing.totalMs);
    into.dom.push(timing.domMs);
    if (timing.kpiMs !== undefined) into.kpi.push(timing.kpiMs);
    if (!timing.sameTask) into.laterTask++;
  }

  /** Untimed: back to the state after mounting. */
  async function reset(open: OpenPage<L>, action: PeerAction): Promise<void> {
    await perform(open, action, options.expect('init', open.library));
    open.lastActive = Date.now();
  }

  async function idle(open: OpenPage<L>): Promise<void> {
    const left = open.lastActive + options.idleMs - Date.now();
    if (left > 0) await open.page.waitForTimeout(left);
  }

  /** Fresh pages: each mounts (a cold init), then does one step as its first action. */
  async function measureCold(browser: Browser, base: string): Promise<void> {
    const { libraries, steps } = options;
    for (let run = 0; run < options.runs; run++) {
      // Rotate the order of steps and libraries so no library always runs first or last.
      for (let s = 0; s < steps.length; s++) {
        const step = steps[(s + run) % steps.length]!;
        for (let l = 0; l < libraries.length; l++) {
          const library = libraries[(l + run + s) % libraries.length]!;
          const open = await openLibraryPage(browser, base, library);
          try {
            await timed(open, 'init', { kind: 'mount' }, series(library, 'init', 'cold'));
            await timed(open, step.id, step.action, series(library, step.id, 'cold'));
          } finally {
            await open.page.close();
          }
        }
      }
      console.log(`${options.name}: cold run ${run + 1}/${options.runs} done`);
    }
  }

  /** One page per library: each step after the idle time, `runs` times, then remounts after it. */
  async function measureWarm(browser: Browser, base: string): Promise<void> {
    const pages: OpenPage<L>[] = [];
    try {
      for (const library of options.libraries) {
        const open = await openLibraryPage(browser, base, library);
        pages.push(open);
        await reset(open, { kind: 'mount' });
      }
      // Interleaved: between two actions of one page the other pages run theirs (idle pages take
      // no CPU), so a burst of load from elsewhere on the machine hits every library alike, and a
      // page's idle time mostly passes while the others work.
      for (const step of options.steps) {
        for (let run = 0; run < options.runs; run++) {
          for (const open of pages) {
            await idle(open);
            await timed(open, step.id, step.action, series(open.library, step.id, 'warm'));
            await reset(open, step.reset);
          }
        }
        console.log(`${options.name}: warm ${step.id} done`);
      }
      for (let run = 0; run < options.runs; run++) {
        for (const open of pages) {
          await open.page.evaluate(() => (window as unknown as { __peer: PeerHarness }).__peer.destroy());
          open.lastActive = Date.now();
        }
        for (const open of pages) {
          await idle(open);
          await timed(open, 'init', { kind: 'mount' }, series(open.library, 'init', 'warm'));
          open.lastActive = Date.now();
        }
      }
      console.log(`${options.name}: warm init done`);
    } finally {
      for (const open of pages) await open.page.close();
    }
  }

  return {
    /** Cold series, then warm series, of every library and step. */
    async measure(browser: Browser, base: string): Promise<void> {
      await measureCold(browser, base);
      await measureWarm(browser, base);
    },
    series,
  };
}

/**
 * The rows of a "Before and after" table (heading and separator first): a row per step, cold then
 * warm, `label(step)` on the cold row; `medians(step, when)` gives [before, after] in ms.
 */
export function beforeAfterTable<S extends string>(steps: readonly S[], label: (step: S) => string, medians: (step: S, when: When) => readonly [number, number]): string[] {
  const lines = ['| Step | | Before | After | ÷ |', '|---|---|---:|---:|---:|'];
  for (const step of steps) {
    for (const when of ['cold', 'warm'] as const) {
      const [then, now] = medians(step, when);
      lines.push(`| ${when === 'cold' ? label(step) : ''} | ${when} | ${formatMs(then)} ms | ${formatMs(now)} ms | ${(now / then).toFixed(2)}× |`);
    }
  }
  return lines;
}
