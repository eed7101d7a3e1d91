/**
 * SimpleTable side by side with DataTables, Tabulator and AG Grid Community in headless Chromium:
 * the same 100,000 × 8 rows (the simple-table fixture's generator), the same steps, the same stop
 * condition. One page per library (bench/fixtures/table-peers, built with Vite, served on
 * 127.0.0.1); every page times its actions with the same code (bench/fixtures/table-peers/shared).
 *
 * Steps: init (mount → first rows visible), a click on the Amount header (number sort, ascending),
 * a click on the Customer header (text sort, ascending), one keystroke "z" into the search box
 * (the library's own, or an input driving its documented quick/global filter API).
 *
 * Clock: starts just before the action (the click, the input event, the mount call) and stops when
 * a MutationObserver on the table's host has seen the expected texts in the Customer cells of the
 * first 8 rows on screen, and then the next frame has rendered (requestAnimationFrame, then a
 * MessageChannel message). The expected rows are computed here from the same rows, in each
 * library's own text order and search semantics (read from their sources).
 *
 * "Cold": the first action right after mount, on a fresh page (a new browser context) per sample;
 * every fresh page also gives a cold init. "Warm": on one page per library, the same action after
 * 1 s idle, repeated (with an untimed reset to the original order in between); warm init is a
 * remount after 1 s idle. Libraries are interleaved so background noise spreads over all of them.
 * After every timed action the first rows on screen are checked (sorted, minimum first, every row
 * matching the query), so a library that did something else fails the run instead of looking fast.
 *
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md). BENCH_RUNS sets the
 * cold pages per step and the warm repetitions (default 5, at least 3). BENCH_BEFORE_FIXTURE names
 * the side-by-side pages built from the code before a change: its SimpleTable page runs beside
 * this one in the same runs (BENCH_BEFORE_LABEL says what it was).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { launchChromium } from '../test/e2e/helpers/browser';
import { serveStatic } from '../test/e2e/helpers/static-site';
import { ORDER_COLUMNS, generateOrders, type OrderRow } from '../test/e2e/fixtures/simple-table/rows';
import { normaliseSearchText } from '../src/core/table-model';
import { buildTablePeersFixture } from './fixtures/table-peers/harness';
import type { PeerAction, ScreenRow } from './fixtures/table-peers/shared/protocol';
import { formatMs, median, runBench, writeSection } from './support/report';
import { beforeAfterTable, createPeerRunner, type PeerLibrary } from './support/peers';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 5) || 5);
const ROWS = 100_000;
const IDLE_MS = 1000;
const QUERY = 'z';
/** How many first rows on screen the stop condition and the checks look at (every table shows more). */
const FIRST_ROWS = 8;

type Compare = (a: string, b: string) => number;
const codeUnits: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

interface Library extends PeerLibrary {
  /** How its default text sort orders the Customer column (read from each library's sources). */
  textOrder: Compare;
  textOrderName: string;
  /** Whether its search finds `query` in a row's (or cell's) text. */
  matches: (text: string, query: string) => boolean;
}

/** Case-insensitive substring, as Tabulator's `like` and AG Grid's quick filter match. */
const lowerCaseIncludes = (text: string, query: string): boolean => text.toLowerCase().includes(query.toLowerCase());
/** Also accent-insensitive (NFD, combining marks dropped), as DataTables' search (one word) matches: "z" finds "Łódź". */
const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const foldedIncludes = (text: string, query: string): boolean => fold(text).includes(fold(query));

const LIBRARIES: readonly Library[] = [
  { id: 'simple-table', name: 'SimpleTable', pkg: null, textOrder: new Intl.Collator('en', { numeric: true }).compare, textOrderName: 'Intl.Collator, numeric', matches: (text, query) => normaliseSearchText(text).includes(normaliseSearchText(query)) },
  { id: 'datatables', name: 'DataTables', pkg: 'datatables.net', textOrder: (a, b) => codeUnits(a.toLowerCase(), b.toLowerCase()), textOrderName: 'lower-cased, code units', matches: foldedIncludes },
  { id: 'tabulator', name: 'Tabulator', pkg: 'tabulator-tables', textOrder: (a, b) => a.toLowerCase().localeCompare(b.toLowerCase()), textOrderName: 'lower-cased, localeCompare', matches: lowerCaseIncludes },
  { id: 'ag-grid', name: 'AG Grid', pkg: 'ag-grid-community', textOrder: codeUnits, textOrderName: 'code units', matches: lowerCaseIncludes },
];
const [OURS, ...PEERS] = LIBRARIES as [Library, ...Library[]];

type StepId = 'init' | 'sort-number' | 'sort-text' | 'search';
interface Step {
  id: Exclude<StepId, 'init'>;
  label: string;
  action: PeerAction;
  /** Untimed: back to the original first row. */
  reset: PeerAction;
}
const STEPS: readonly Step[] = [
  { id: 'sort-number', label: 'sort by a number column (click on Amount)', action: { kind: 'click-header', key: 'amount' }, reset: { kind: 'reset-sort', key: 'amount' } },
  { id: 'sort-text', label: 'sort by a text column (click on Customer)', action: { kind: 'click-header', key: 'customer' }, reset: { kind: 'reset-sort', key: 'customer' } },
  { id: 'search', label: `search keystroke ("${QUERY}" into the empty box)`, action: { kind: 'type', text: QUERY }, reset: { kind: 'type', text: '' } },
];
const STEP_LABELS: Record<StepId, string> = { init: 'init (mount → first rows visible)', ...Object.fromEntries(STEPS.map((s) => [s.id, s.label])) } as Record<StepId, string>;

// ---------------------------------------------------------------------------------------------
// What each step must show, computed from the very rows the pages generate
// ---------------------------------------------------------------------------------------------

const rows = generateOrders(ROWS);
const rowText = (row: OrderRow): string => ORDER_COLUMNS.map((c) => String(row[c.key] ?? '')).join(' ');
const minimumBy = <T>(items: readonly T[], compare: (a: T, b: T) => number): T => items.reduce((best, item) => (compare(item, best) < 0 ? item : best));
const cheapest = minimumBy(rows, (a, b) => a.amount - b.amount);
const byAmount = [...rows].sort((a, b) => a.amount - b.amount);
// Distinct amounts at the top make the expected rows independent of how a library breaks ties.
if (new Set(byAmount.slice(0, FIRST_ROWS + 1).map((row) => row.amount)).size !== FIRST_ROWS + 1) throw new Error('tied amounts among the first rows; pick another number column');
const customers = rows.map((row) => row.customer);
const expectations = new Map<string, string[]>();

/**
 * The Customer texts of the first FIRST_ROWS rows on screen once `step` is done in `library` (the
 * stop condition). Equal customer texts make ties in the text sort irrelevant.
 */
function expectedCustomers(step: StepId, library: Library): string[] {
  const cacheKey = `${library.id}:${step}`;
  let expected = expectations.get(cacheKey);
  if (!expected) {
    switch (step) {
      case 'init':
        expected = customers.slice(0, FIRST_ROWS);
        break;
      case 'sort-number':
        expected = byAmount.slice(0, FIRST_ROWS).map((row) => row.customer);
        break;
      case 'sort-text':
        expected = [...customers].sort(library.textOrder).slice(0, FIRST_ROWS);
        break;
      case 'search':
        expected = rows.filter((row) => library.matches(rowText(row), QUERY)).slice(0, FIRST_ROWS).map((row) => row.customer);
        break;
    }
    if (expected.length !== FIRST_ROWS) throw new Error(`${library.name}, ${step}: fewer than ${FIRST_ROWS} rows expected`);
    expectations.set(cacheKey, expected);
  }
  return expected;
}

const numberIn = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

/** Throws unless the first rows on screen are what `step` must show in `library`. */
function checkRows(step: StepId, library: Library, shown: readonly ScreenRow[]): void {
  const fail = (why: string): never => {
    throw new Error(`${library.name}, ${step}: ${why}; first rows: ${JSON.stringify(shown.slice(0, 3))}`);
  };
  if (shown.length < FIRST_ROWS) fail(`only ${shown.length} rows on screen`);
  if (shown.some((row, i) => row.customer !== expectedCustomers(step, library)[i])) fail(`customers are not ${JSON.stringify(expectedCustomers(step, library))}`);
  const ascending = <T>(values: T[], compare: (a: T, b: T) => number): boolean => values.every((v, i) => i === 0 || compare(values[i - 1]!, v) <= 0);
  switch (step) {
    case 'init':
      if (shown.some((row, i) => numberIn(row.id ?? '') !== i + 1)) fail('rows are not ids 1, 2, 3, … in order');
      break;
    case 'sort-number': {
      const amounts = shown.map((row) => numberIn(row.amount ?? ''));
      if (amounts[0] !== cheapest.amount) fail(`first amount is not the minimum ${cheapest.amount}`);
      if (!ascending(amounts, (a, b) => a - b)) fail('amounts are not ascending');
      break;
    }
    case 'sort-text': {
      const first = shown.map((row) => row.customer ?? '');
      if (first[0] !== minimumBy(customers, library.textOrder)) fail(`first customer is not the minimum (${library.textOrderName})`);
      if (!ascending(first, library.textOrder)) fail(`customers are not ascending (${library.textOrderName})`);
      break;
    }
    case 'search':
      if (!shown.every((row) => library.matches(Object.values(row).join(' '), QUERY))) fail(`a row on screen does not contain "${QUERY}"`);
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring (bench/support/peers.ts: pages, timed actions, cold and warm series)
// ---------------------------------------------------------------------------------------------

function createRunner(libraries: readonly Library[]) {
  return createPeerRunner<Library, Exclude<StepId, 'init'>>({
    name: 'table-peers',
    libraries,
    steps: STEPS,
    rows: ROWS,
    runs: RUNS,
    idleMs: IDLE_MS,
    firstRows: FIRST_ROWS,
    expect: (step, library) => ({ customers: expectedCustomers(step, library) }),
    check: checkRows,
  });
}
type When = 'cold' | 'warm';

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const ratio = (ours: number, theirs: number): string => `${(ours / theirs).toFixed(2)}×`;

function versionOf(pkg: string): string {
  return (JSON.parse(readFileSync(join(process.cwd(), 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  const out = await buildTablePeersFixture(join(process.cwd(), '.tmp/table-peers-bench'));
  const server = await serveStatic(out);
  // BENCH_BEFORE_FIXTURE: the pages built from the code before a change; its SimpleTable page is
  // a fifth library in the same interleaved runs, and a second table puts before and after side by side.
  const beforeDir = process.env.BENCH_BEFORE_FIXTURE;
  const beforeServer = beforeDir ? await serveStatic(beforeDir) : null;
  const before: Library | null = beforeServer ? { ...OURS, name: 'SimpleTable (before)', base: beforeServer.url } : null;
  const measured = before ? [...LIBRARIES, before] : LIBRARIES;
  const runner = createRunner(measured);
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
  console.log(`table-peers: measured in ${(minutes * 60).toFixed(0)} s`);

  const ALL_STEPS: StepId[] = ['init', ...STEPS.map((s) => s.id)];
  const med = (library: Library, step: StepId, when: When): number => median(runner.series(library, step, when).total);
  const asynchronous: string[] = [];
  for (const library of measured) {
    for (const step of ALL_STEPS) {
      for (const when of ['cold', 'warm'] as const) {
        const series = runner.series(library, step, when);
        const later = `${series.laterTask}/${series.total.length} in a later task`;
        console.log(`${library.name}, ${step}, ${when}: median ${formatMs(median(series.total))} ms (DOM at ${formatMs(median(series.dom))} ms, ${later}); ${series.total.map(formatMs).join(', ')}`);
        if (series.laterTask * 2 > series.total.length) asynchronous.push(`${library.name} ${step === 'init' ? 'init' : step.replace('-', ' ')} (${when})`);
      }
    }
  }

  const [dataTables, tabulator, agGrid] = PEERS.map((p) => `${p.name} ${versionOf(p.pkg!)}`);
  const lines: string[] = [];
  lines.push('## SimpleTable beside DataTables, Tabulator and AG Grid (Chromium)');
  lines.push('');
  lines.push(
    `The same ${ROWS.toLocaleString('en')} rows × 8 columns (the simple-table fixture's seeded generator) in each library, one page per library, headless Chromium ${chromium} driven by playwright-core. ` +
      '**Stop condition, the same for all:** the clock starts just before the user action (the header click, the `input` event of one keystroke into the search box, or the mount call) ' +
      `and stops when a MutationObserver on the table's element has seen the expected Customer texts in the first ${FIRST_ROWS} rows on screen and then the next frame has rendered (requestAnimationFrame, then a MessageChannel message). ` +
      'Steps: init; a click on the Amount header (ascending, smallest amount first); a click on the Customer header (ascending in each library\'s own text order); ' +
      `the keystroke "${QUERY}" into the empty search box. ` +
      `**Cold:** the first action right after mount, a fresh page (new browser context) per sample: ${RUNS} per step, and every one of those pages gives a cold init (${RUNS * STEPS.length}). ` +
      `**Warm:** the same action after 1 s idle on one page, ${RUNS} times, with an untimed reset in between; warm init is a remount after 1 s idle. ` +
      'Libraries and steps are interleaved. After every timed action the rows on screen are checked (the expected rows, ascending, the minimum first, every row matching the query).',
  );
  lines.push('');
  lines.push(`- SimpleTable (this library): as shipped: windowed, 480 px high, idle warm-up on, its global search box; text order Intl.Collator with numeric collation, search accent-insensitive.`);
  lines.push(`- ${dataTables} with jQuery ${versionOf('jquery')}: its default paged mode (10 rows a page, ordered by the first column at start) and its own search box; text columns through \`DataTable.render.text()\`; text order lower-cased code units, search accent-insensitive.`);
  lines.push(`- ${tabulator}: the core with the sort, filter and format modules, virtual DOM rendering, 480 px high, columns fitted; no search box of its own, so an input event sets its documented OR filter (\`like\` on every column); text order lower-cased \`localeCompare\`, search accent-sensitive.`);
  lines.push(`- ${agGrid} (Community): client-side row model with only the quick-filter and column-API modules, row animation off, columns sharing the width; no search box of its own, so an input event sets \`quickFilterText\`; text order code units, search accent-sensitive.`);
  lines.push('');
  lines.push(
    `Medians in ms. "÷" columns: SimpleTable's median divided by the peer's (below 1: SimpleTable is faster). ` +
      `Measured in ${minutes.toFixed(1)} min; load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after on ${os.cpus().length} cores: other work on the machine slows every library, so compare the ratios more than the absolute times.`,
  );
  lines.push('');
  lines.push(`| Step | | ${LIBRARIES.map((l) => l.name).join(' | ')} | ${PEERS.map((p) => `÷ ${p.name}`).join(' | ')} |`);
  lines.push(`|---|---|${LIBRARIES.map(() => '---:').join('|')}|${PEERS.map(() => '---:').join('|')}|`);
  for (const step of ALL_STEPS) {
    for (const when of ['cold', 'warm'] as const) {
      const ours = med(OURS, step, when);
      const cells = LIBRARIES.map((l) => `${formatMs(med(l, step, when))} ms`);
      const ratios = PEERS.map((p) => ratio(ours, med(p, step, when)));
      lines.push(`| ${when === 'cold' ? STEP_LABELS[step] : ''} | ${when} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`);
    }
  }
  if (before) {
    lines.push('');
    lines.push(
      `**Before and after**, measured in the same run, page by page interleaved with the four above: "Before" is ${process.env.BENCH_BEFORE_LABEL ?? 'the code before the change'}, its SimpleTable page built from its sources. "÷" is after divided by before.`,
    );
    lines.push('');
    lines.push(...beforeAfterTable(ALL_STEPS, (step) => STEP_LABELS[step], (step, when) => [med(before, step, when), med(OURS, step, when)]));
  }
  lines.push('');
  const found = LIBRARIES.map((l) => `${l.name} ${rows.filter((row) => l.matches(rowText(row), QUERY)).length.toLocaleString('en')}`);
  lines.push(
    `"${QUERY}" finds "Zürich", and also "Łódź" where search is accent-insensitive (rows found: ${found.join(', ')}); the first rows are the same. ` +
      (asynchronous.length > 0
        ? `Rows shown in a task after the action's own (in most samples), which the MutationObserver waits for: ${asynchronous.join(', ')}.`
        : 'Every library showed the new rows within the action\'s own task.'),
  );
  writeSection(`${lines.join('\n')}\n`);
}

runBench(main);
