/**
 * The library's DataGrid beside raw AG Grid Community (client-side row model, row animation off) in
 * headless Chromium: the same 100,000 × 8 rows, the same steps, the same stop condition, through
 * the side-by-side benchmark's pages and runner (bench/fixtures/table-peers, bench/support/peers.ts).
 * Both pages show the same KPI strip of eight KPIs over the rows the grid shows (`?kpis=1`): the
 * DataGrid's GridKpiStrip over its adapter, and on the AG Grid page `createDataGridAdapter` over the
 * grid API with `resolveKpis`, as an application would build it.
 *
 * Steps: init (mount → first rows visible), a click on the Amount header (number sort), a click on
 * the Customer header (text sort), one keystroke "z" into the search box (the DataGrid toolbar's box,
 * applied without its typing pause; on the AG Grid page an input driving `quickFilterText`), and a
 * column filter through the grid API (status equals "paid") timed until the rows AND the KPI strip
 * show the filtered set.
 *
 * Clock: from just before the action until a MutationObserver has seen the expected Customer texts
 * in the first 8 rows on screen (and, for the filter, the expected row count in the first KPI), then
 * the next frame has rendered. "KPI update" is the part after the grid's change notification: from
 * the moment the adapter tells the KPI strip the rows changed to the KPI text shown.
 *
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md). BENCH_RUNS sets the
 * cold pages per step and the warm repetitions (default 5, at least 3). BENCH_BEFORE_FIXTURE names
 * the side-by-side pages built from the code before a change (`buildTablePeersFixture(outDir)` in a
 * checkout of the old commit): its DataGrid page is measured in the same run, interleaved with the
 * other two, and a second table puts it beside this one (BENCH_BEFORE_LABEL says what it was).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { launchChromium } from '../test/e2e/helpers/browser';
import { serveStatic } from '../test/e2e/helpers/static-site';
import { ORDER_COLUMNS, generateOrders, type OrderRow } from '../test/e2e/fixtures/simple-table/rows';
import { normaliseSearchText } from '../src/core/table-model';
import { buildTablePeersFixture } from './fixtures/table-peers/harness';
import type { PeerExpectation, ScreenRow } from './fixtures/table-peers/shared/protocol';
import { formatMs, median, runBench, writeSection } from './support/report';
import { beforeAfterTable, createPeerRunner, type PeerLibrary, type PeerStep, type When } from './support/peers';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 5) || 5);
const ROWS = 100_000;
const IDLE_MS = 1000;
const QUERY = 'z';
const FILTER = { key: 'status', value: 'paid' } as const;
const FIRST_ROWS = 8;

type Compare = (a: string, b: string) => number;
const codeUnits: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

interface Library extends PeerLibrary {
  /** How its text sort orders the Customer column. */
  textOrder: Compare;
  textOrderName: string;
  /** Whether its quick search finds `query` in a row's text. */
  matches: (text: string, query: string) => boolean;
}

const DATA_GRID: Library = {
  id: 'data-grid',
  name: 'DataGrid',
  pkg: null,
  query: 'kpis=1',
  // The core's table model: Intl.Collator with numeric collation; search case- and accent-insensitive.
  textOrder: new Intl.Collator('en', { numeric: true }).compare,
  textOrderName: 'Intl.Collator, numeric',
  matches: (text, query) => normaliseSearchText(text).includes(normaliseSearchText(query)),
};
const AG_GRID: Library = {
  id: 'ag-grid',
  name: 'AG Grid',
  pkg: 'ag-grid-community',
  query: 'kpis=1',
  textOrder: codeUnits,
  textOrderName: 'code units',
  matches: (text, query) => text.toLowerCase().includes(query.toLowerCase()),
};

type StepId = 'sort-number' | 'sort-text' | 'search' | 'filter-kpis';
const STEPS: readonly PeerStep<StepId>[] = [
  { id: 'sort-number', label: 'sort by a number column (click on Amount)', action: { kind: 'click-header', key: 'amount' }, reset: { kind: 'reset-sort', key: 'amount' } },
  { id: 'sort-text', label: 'sort by a text column (click on Customer)', action: { kind: 'click-header', key: 'customer' }, reset: { kind: 'reset-sort', key: 'customer' } },
  { id: 'search', label: `quick search keystroke ("${QUERY}" into the empty box)`, action: { kind: 'type', text: QUERY }, reset: { kind: 'type', text: '' } },
  {
    id: 'filter-kpis',
    label: `column filter (${FILTER.key} = "${FILTER.value}") → rows and KPIs`,
    action: { kind: 'filter', key: FILTER.key, value: FILTER.value },
    reset: { kind: 'filter', key: FILTER.key, value: null },
  },
];
const STEP_LABELS: Record<StepId | 'init', string> = { init: 'init (mount → first rows visible)', ...Object.fromEntries(STEPS.map((s) => [s.id, s.label])) } as Record<StepId | 'init', string>;

// ---------------------------------------------------------------------------------------------
// What each step must show, from the very rows the pages generate
// ---------------------------------------------------------------------------------------------

const rows = generateOrders(ROWS);
const rowText = (row: OrderRow): string => ORDER_COLUMNS.map((c) => String(row[c.key] ?? '')).join(' ');
const byAmount = [...rows].sort((a, b) => a.amount - b.amount);
const customers = rows.map((row) => row.customer);
const filtered = rows.filter((row) => row[FILTER.key] === FILTER.value);
const countText = new Intl.NumberFormat('en').format(filtered.length);
const expectations = new Map<string, PeerExpectation>();

function expectationOf(step: StepId | 'init', library: Library): PeerExpectation {
  const key = `${library.id}:${step}`;
  let expected = expectations.get(key);
  if (!expected) {
    switch (step) {
      case 'init':
        expected = { customers: customers.slice(0, FIRST_ROWS) };
        break;
      case 'sort-number':
        expected = { customers: byAmount.slice(0, FIRST_ROWS).map((row) => row.customer) };
        break;
      case 'sort-text':
        expected = { customers: [...customers].sort(library.textOrder).slice(0, FIRST_ROWS) };
        break;
      case 'search':
        expected = { customers: rows.filter((row) => library.matches(rowText(row), QUERY)).slice(0, FIRST_ROWS).map((row) => row.customer) };
        break;
      case 'filter-kpis':
        expected = { customers: filtered.slice(0, FIRST_ROWS).map((row) => row.customer), kpi: countText };
        break;
    }
    if (expected.customers.length !== FIRST_ROWS) throw new Error(`${library.name}, ${step}: fewer than ${FIRST_ROWS} rows expected`);
    expectations.set(key, expected);
  }
  return expected;
}

const numberIn = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

/** Throws unless the first rows on screen are what `step` must show in `library`. */
function checkRows(step: StepId | 'init', library: Library, shown: readonly ScreenRow[]): void {
  const fail = (why: string): never => {
    throw new Error(`${library.name}, ${step}: ${why}; first rows: ${JSON.stringify(shown.slice(0, 3))}`);
  };
  if (shown.length < FIRST_ROWS) fail(`only ${shown.length} rows on screen`);
  const expected = expectationOf(step, library).customers;
  if (shown.some((row, i) => row.customer !== expected[i])) fail(`customers are not ${JSON.stringify(expected)}`);
  if (step === 'sort-number') {
    const amounts = shown.map((row) => numberIn(row.amount ?? ''));
    if (amounts.some((v, i) => i > 0 && (amounts[i - 1] ?? 0) > v)) fail('amounts are not ascending');
  }
  if (step === 'search' && !shown.every((row) => library.matches(Object.values(row).join(' '), QUERY))) fail(`a row on screen does not contain "${QUERY}"`);
  if (step === 'filter-kpis' && !shown.every((row) => row.status === FILTER.value)) fail(`a row on screen is not ${FILTER.value}`);
}

// ---------------------------------------------------------------------------------------------
// Measuring and the report
// ---------------------------------------------------------------------------------------------

function createRunner(libraries: readonly Library[]) {
  return createPeerRunner<Library, StepId>({
    name: 'data-grid',
    libraries,
    steps: STEPS,
    rows: ROWS,
    runs: RUNS,
    idleMs: IDLE_MS,
    firstRows: FIRST_ROWS,
    expect: expectationOf,
    check: checkRows,
  });
}


function versionOf(pkg: string): string {
  return (JSON.parse(readFileSync(join(process.cwd(), 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The target of a step as a ratio DataGrid ÷ AG Grid; null: no ratio target. */
const RATIO_TARGET: Record<StepId | 'init', number | null> = { init: 1, 'sort-number': 0.25, 'sort-text': 0.25, search: 0.25, 'filter-kpis': null };
/** Most ms the KPI strip may take after the grid's change notification. */
const KPI_TARGET_MS = 20;

async function main(): Promise<void> {
  const out = await buildTablePeersFixture(join(process.cwd(), '.tmp/table-peers-bench'));
  const server = await serveStatic(out);
  // BENCH_BEFORE_FIXTURE: the pages built from the code before a change, measured in the same run.
  const beforeDir = process.env.BENCH_BEFORE_FIXTURE;
  const beforeServer = beforeDir ? await serveStatic(beforeDir) : null;
  const before: Library | null = beforeServer ? { ...DATA_GRID, name: 'DataGrid (before)', base: beforeServer.url } : null;
  const LIBRARIES: readonly Library[] = before ? [DATA_GRID, AG_GRID, before] : [DATA_GRID, AG_GRID];
  const runner = createRunner(LIBRARIES);
  const browser = await launchChromium('full');
  const chromium = browser.version();
  const started = Date.now();
  const loadBefore = os.loadavg()[0]!;
  try {
    await runner.measure(browser, server.url);
  } finally {
    await browser.close();
    await server.close();
    await beforeServer?.close();
  }
  const loadAfter = os.loadavg()[0]!;
  const minutes = (Date.now() - started) / 60_000;

  const ALL: (StepId | 'init')[] = ['init', ...STEPS.map((s) => s.id)];
  const med = (library: Library, step: StepId | 'init', when: When): number => median(runner.series(library, step, when).total);
  for (const library of LIBRARIES) {
    for (const step of ALL) {
      for (const when of ['cold', 'warm'] as const) {
        const series = runner.series(library, step, when);
        const kpi = series.kpi.length > 0 ? `, KPI ${formatMs(median(series.kpi))} ms` : '';
        console.log(`${library.name}, ${step}, ${when}: median ${formatMs(median(series.total))} ms (DOM at ${formatMs(median(series.dom))} ms${kpi}, ${series.laterTask}/${series.total.length} in a later task); ${series.total.map(formatMs).join(', ')}`);
      }
    }
  }

  const lines: string[] = [];
  lines.push('## DataGrid beside AG Grid (Chromium)');
  lines.push('');
  lines.push(
    `The same ${ROWS.toLocaleString('en')} rows × 8 columns (the simple-table fixture's seeded generator) on two pages, headless Chromium ${chromium} driven by playwright-core, with the side-by-side benchmark's runner. ` +
      `**DataGrid** (this library): AG Grid Community ${versionOf('ag-grid-community')} through ag-grid-vue3 with the infinite row model over the core's row source (\`createLocalRowSource\`), its toolbar's search box (applied without the typing pause), a GridKpiStrip of 8 KPIs over its adapter. ` +
      `**AG Grid**: the same AG Grid with its client-side row model, row animation off, \`quickFilterText\` from an input, the text filter, and the same 8 KPIs from \`createDataGridAdapter\` + \`resolveKpis\` after each change. ` +
      "Both strips are part of every step's cost; after a sort the DataGrid's strip sees the same row set (`getRowSet`) and does not recompute, while the AG Grid page's adapter only sees other rows in another order and recomputes. " +
      '**Stop condition, the same for both:** from just before the action until a MutationObserver has seen the expected Customer texts in the first 8 rows on screen (and, for the filter, the filtered row count in the first KPI), then the next frame has rendered. ' +
      `**Cold:** the first action on a fresh page (${RUNS} per step; every page also gives a cold init). **Warm:** the same after 1 s idle on one page, ${RUNS} times. ` +
      `Text order: DataGrid ${DATA_GRID.textOrderName}, AG Grid ${AG_GRID.textOrderName} (its default; \`accentedSort\` off). The quick search of the DataGrid is accent-insensitive ("z" also finds "Łódź"); the first rows are the same.`,
  );
  lines.push('');
  lines.push(
    `Medians in ms; "÷" is DataGrid's median divided by AG Grid's. Measured in ${minutes.toFixed(1)} min; load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after on ${os.cpus().length} cores: other work on the machine slows both, so compare the ratios more than the absolute times.`,
  );
  lines.push('');
  lines.push('| Step | | DataGrid | AG Grid | ÷ | Target | |');
  lines.push('|---|---|---:|---:|---:|---|---|');
  for (const step of ALL) {
    for (const when of ['cold', 'warm'] as const) {
      const ours = med(DATA_GRID, step, when);
      const theirs = med(AG_GRID, step, when);
      const ratio = ours / theirs;
      const target = RATIO_TARGET[step];
      const verdict = target === null ? '' : ratio <= target ? 'pass' : 'FAIL';
      lines.push(`| ${when === 'cold' ? STEP_LABELS[step] : ''} | ${when} | ${formatMs(ours)} ms | ${formatMs(theirs)} ms | ${ratio.toFixed(2)}× | ${target === null ? '—' : `≤ ${target}×`} | ${verdict} |`);
    }
  }
  for (const when of ['cold', 'warm'] as const) {
    const ours = median(runner.series(DATA_GRID, 'filter-kpis', when).kpi);
    const theirs = median(runner.series(AG_GRID, 'filter-kpis', when).kpi);
    lines.push(`| ${when === 'cold' ? 'KPI update after the filter (the grid\'s change notification → 8 KPIs shown)' : ''} | ${when} | ${formatMs(ours)} ms | ${formatMs(theirs)} ms | ${(ours / theirs).toFixed(2)}× | ≤ ${KPI_TARGET_MS} ms | ${ours <= KPI_TARGET_MS ? 'pass' : 'FAIL'} |`);
  }
  if (before) {
    lines.push('');
    lines.push(
      `**Before and after**, measured in the same run, page by page interleaved with the two above: "Before" is ${process.env.BENCH_BEFORE_LABEL ?? 'the code before the change'}, built from its sources. "÷" is after divided by before.`,
    );
    lines.push('');
    lines.push(...beforeAfterTable(ALL, (step) => STEP_LABELS[step], (step, when) => [med(before, step, when), med(DATA_GRID, step, when)]));
    for (const when of ['cold', 'warm'] as const) {
      const then = median(runner.series(before, 'filter-kpis', when).kpi);
      const now = median(runner.series(DATA_GRID, 'filter-kpis', when).kpi);
      lines.push(`| ${when === 'cold' ? 'KPI update after the filter' : ''} | ${when} | ${formatMs(then)} ms | ${formatMs(now)} ms | ${(now / then).toFixed(2)}× |`);
    }
  }
  lines.push('');
  lines.push(
    `The filter keeps ${filtered.length.toLocaleString('en')} rows. What the DataGrid gives up for these figures is written in docs/data-grid.md ("What the row source changes").`,
  );
  writeSection(`${lines.join('\n')}\n`);
}

runBench(main);
