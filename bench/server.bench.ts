/**
 * Server benchmarks (issue 5):
 *
 * 1. Preference saves over loopback: autocannon, 20 connections, 20 s, against a real `node:http`
 *    server (`toNodeHandler` + `createGridViewHandler`) with a SQLite FILE store (WAL). Every request
 *    is a different (subject, grid) save with a 10-column preset and 5 searches. The server runs in
 *    a child process so the load generator does not share its event loop. Target: ≥ 2,000 saves/s
 *    and p99 ≤ 50 ms.
 * 2. XLSX export of 100,000 rows × 10 columns through the export route (builder → bytes), in a child
 *    process whose peak RSS (`process.resourceUsage().maxRSS`) is reported. Target ≤ 5 s.
 * 3. PDF export of 1,000 rows through the export route: cold (first export: imports jsPDF and the
 *    font) and warm median of 5.
 *
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createGridViewHandler } from '../src/server/handler';
import { toNodeHandler } from '../src/server/adapters/node';
import { ExportRegistry } from '../src/server/exports/registry';
import type { ExportTable } from '../src/server/exports/types';
import { createSqlPreferencesStore } from '../src/server/store/sql-store';
import { writeSection } from './support/report';

const SELF = fileURLToPath(import.meta.url);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 20;
const TARGETS = { savesPerSecond: 2_000, p99Ms: 50, xlsxMs: 5_000 };

type Message = { port: number } | { xlsxMs: number; bytes: number; peakRssMiB: number; baselineRssMiB: number };

const role = process.env.BENCH_ROLE;
if (role === 'server') await runServer();
else if (role === 'xlsx') await runXlsx();
else await main();

/** Child: the preferences server on a SQLite file. Sends its port, runs until killed. */
async function runServer(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gv-bench-'));
  const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(dir, 'prefs.db'), migrate: true });
  await store.migrate();
  const handler = createGridViewHandler({ store, subject: (request) => request.headers.get('x-user'), onError: (e) => console.error(e) });
  const server = createServer(toNodeHandler(handler));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port } satisfies Message));
  process.on('disconnect', () => {
    server.close();
    void store.close().finally(() => rmSync(dir, { recursive: true, force: true }));
  });
}

/** Child: one XLSX export of 100,000 × 10 through the route; reports time and peak RSS. */
async function runXlsx(): Promise<void> {
  const rows = makeRows(100_000);
  const baselineRssMiB = process.resourceUsage().maxRSS / 1024;
  const registry = new ExportRegistry();
  registry.register('xlsx', 'big', () => table(rows));
  registry.register('xlsx', 'small', () => table(rows.slice(0, 10)));
  const handler = createGridViewHandler({ exports: registry, throttle: false });
  // Warm the lazy import so the figure is the export itself (the import takes about 0.5 s once per process).
  await (await handler(new Request('http://bench/grid/export/xlsx/?builder=small')))?.arrayBuffer();
  const started = performance.now();
  const response = await handler(new Request('http://bench/grid/export/xlsx/?builder=big'));
  const bytes = (await response?.arrayBuffer())?.byteLength ?? 0;
  const xlsxMs = performance.now() - started;
  process.send?.({ xlsxMs, bytes, baselineRssMiB, peakRssMiB: process.resourceUsage().maxRSS / 1024 } satisfies Message);
  process.disconnect?.();
}

function makeRows(count: number): Record<string, unknown>[] {
  const cities = ['Київ', 'Львів', 'Odesa', 'Kharkiv', 'Dnipro'];
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Customer ${i}`,
    city: cities[i % cities.length],
    amount: (i * 37.5) % 10_000,
    share: (i % 100) / 100,
    qty: i % 250,
    status: i % 3 ? 'open' : 'closed',
    note: i % 50 === 0 ? '=SUM(A1:A9)' : `note ${i % 17}`,
    created: `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
    code: `C-${(i * 7919) % 100_000}`,
  }));
}

function table(rows: Record<string, unknown>[]): ExportTable {
  return {
    title: 'Продажі / Sales',
    columns: [
      { key: 'id', label: 'ID', format: 'number' },
      { key: 'name', label: 'Name' },
      { key: 'city', label: 'Місто' },
      { key: 'amount', label: 'Amount', format: 'currency' },
      { key: 'share', label: 'Share', format: 'percent' },
      { key: 'qty', label: 'Qty', format: 'number' },
      { key: 'status', label: 'Status' },
      { key: 'note', label: 'Note' },
      { key: 'created', label: 'Created' },
      { key: 'code', label: 'Code' },
    ],
    rows,
    kpis: [{ label: 'Виручка', value: 123456.7, format: 'currency' }, { label: 'Rows', display: String(rows.length) }],
  };
}

function child(roleName: string): { wait: Promise<Message>; kill: () => void } {
  const proc = fork(SELF, [], { env: { ...process.env, BENCH_ROLE: roleName }, execArgv: process.execArgv, stdio: 'inherit' });
  const wait = new Promise<Message>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as Message));
    proc.once('exit', (code) => reject(new Error(`${roleName} child exited with ${code}`)));
  });
  return { wait, kill: () => proc.disconnect() };
}

async function benchSaves() {
  const server = child('server');
  const { port } = (await server.wait) as { port: number };
  const columns = Array.from({ length: 10 }, (_, i) => ({ colId: `col${i}`, width: 80 + i, hide: i % 4 === 0, sort: i === 1 ? ('desc' as const) : null }));
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/grid/preferences/',
        setupRequest: (request) => {
          n++;
          const body = JSON.stringify({ grid_id: `grid-${n % 5}`, colPresets: { Main: { columns } }, searches: ['north', 'south', `q${n % 100}`, 'Київ', 'open'] });
          return { ...request, headers: { 'content-type': 'application/json', 'x-user': `user-${n % 1_000}` }, body };
        },
      },
    ],
  });
  server.kill();
  return result;
}

async function benchPdf() {
  const registry = new ExportRegistry();
  const rows = makeRows(1_000);
  registry.register('pdf', 'pdf', () => table(rows));
  const handler = createGridViewHandler({ exports: registry, throttle: false });
  const once = async () => {
    const started = performance.now();
    const response = await handler(new Request('http://bench/grid/export/pdf/?builder=pdf'));
    const bytes = (await response?.arrayBuffer())?.byteLength ?? 0;
    if (response?.status !== 200) throw new Error(`PDF export answered ${response?.status}`);
    return { ms: performance.now() - started, bytes };
  };
  const cold = await once();
  const warm: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const run = await once();
    warm.push(run.ms);
    bytes = run.bytes;
  }
  warm.sort((a, b) => a - b);
  return { coldMs: cold.ms, warmMs: warm[2] ?? Number.NaN, bytes };
}

async function main(): Promise<void> {
  console.log(`server bench: preference saves for ${DURATION_S} s…`);
  const saves = await benchSaves();
  const perSecond = saves.requests.average;
  const ok = saves.non2xx === 0 && saves.errors === 0 && saves.timeouts === 0;
  console.log(`  ${perSecond.toFixed(0)} saves/s, p50 ${saves.latency.p50} ms, p99 ${saves.latency.p99} ms, non-2xx ${saves.non2xx}, errors ${saves.errors}`);

  console.log('server bench: XLSX 100,000 × 10…');
  const xlsxChild = child('xlsx');
  const xlsx = (await xlsxChild.wait) as Extract<Message, { xlsxMs: number }>;
  console.log(`  ${xlsx.xlsxMs.toFixed(0)} ms, ${(xlsx.bytes / 2 ** 20).toFixed(1)} MiB file, peak RSS ${xlsx.peakRssMiB.toFixed(0)} MiB`);

  console.log('server bench: PDF 1,000 rows…');
  const pdf = await benchPdf();
  console.log(`  cold ${pdf.coldMs.toFixed(0)} ms, warm ${pdf.warmMs.toFixed(0)} ms`);

  const pass = (good: boolean) => (good ? 'pass' : '**FAIL**');
  const lines = [
    '## Server: preference saves and exports',
    '',
    `Saves: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, loopback, \`node:http\` + \`toNodeHandler\` + SQLite file store (WAL, synchronous=NORMAL) in a child process; each request saves a 10-column preset and 5 searches for one of 1,000 users × 5 grids. Exports: through the export route in-process (builder → bytes); XLSX in a child process for its peak RSS.`,
    '',
    '| Measure | Result | Target | |',
    '|---|---|---|---|',
    `| Saves per second (mean) | ${perSecond.toFixed(0)} | ≥ ${TARGETS.savesPerSecond} | ${pass(perSecond >= TARGETS.savesPerSecond && ok)} |`,
    `| Save latency p50 | ${saves.latency.p50} ms | | |`,
    `| Save latency p99 | ${saves.latency.p99} ms | ≤ ${TARGETS.p99Ms} ms | ${pass(saves.latency.p99 <= TARGETS.p99Ms)} |`,
    `| Saves total / non-2xx / errors | ${saves.requests.total} / ${saves.non2xx} / ${saves.errors} | 0 failures | ${pass(ok)} |`,
    `| XLSX 100,000 × 10 | ${(xlsx.xlsxMs / 1000).toFixed(2)} s (${(xlsx.bytes / 2 ** 20).toFixed(1)} MiB) | ≤ 5 s | ${pass(xlsx.xlsxMs <= TARGETS.xlsxMs)} |`,
    `| XLSX peak RSS (rows alone) | ${xlsx.peakRssMiB.toFixed(0)} MiB (${xlsx.baselineRssMiB.toFixed(0)} MiB) | | |`,
    `| PDF 1,000 rows, first export (cold) | ${pdf.coldMs.toFixed(0)} ms | | |`,
    `| PDF 1,000 rows, warm median of 5 | ${pdf.warmMs.toFixed(0)} ms (${(pdf.bytes / 1024).toFixed(0)} KiB) | | |`,
    '',
  ];
  writeSection(lines.join('\n'));
}
