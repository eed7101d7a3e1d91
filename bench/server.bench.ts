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
 * 4. (issue 13) The throttle under a million distinct keys: time per hit and heap growth, with the
 *    default cap of 100,000 keys (every new key past it evicts the least recently seen one) and with
 *    keys expiring as fast as they arrive.
 * 5. (issue 13) Read latency while another process holds the SQLite file's write lock for 2 s:
 *    autocannon reads (10 connections) and saves (5 connections, which wait for the lock) against
 *    the server child during the lock. Target p99 ≤ 100 ms (a synchronous busy wait would stall
 *    every read for the whole 2 s).
 * 6. (issue 13) The cost of the SQLite store's file identity check: one `fs.statSync` (it runs at
 *    most twice per save, once per read).
 *
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type BetterSqlite3 from 'better-sqlite3';
import { createGridViewHandler } from '../src/server/handler';
import { toNodeHandler } from '../src/server/adapters/node';
import { ExportRegistry } from '../src/server/exports/registry';
import type { ExportTable } from '../src/server/exports/types';
import { createSqlPreferencesStore } from '../src/server/store/sql-store';
import { createThrottle } from '../src/server/throttle';
import { median, writeSection } from './support/report';

const SELF = fileURLToPath(import.meta.url);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 20;
const TARGETS = { savesPerSecond: 2_000, p99Ms: 50, xlsxMs: 5_000 };

type Message =
  | { port: number; file: string }
  | { xlsxMs: number; bytes: number; peakRssMiB: number; baselineRssMiB: number }
  | { lock: 'ready' | 'locked' | 'released' };

const role = process.env.BENCH_ROLE;
if (role === 'server') await runServer();
else if (role === 'xlsx') await runXlsx();
else if (role === 'lock') runLockHolder();
else await main();

/** Child: the preferences server on a SQLite file. Sends its port and file, runs until killed. */
async function runServer(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gv-bench-'));
  const file = join(dir, 'prefs.db');
  const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: file, migrate: true });
  await store.migrate();
  const handler = createGridViewHandler({ store, subject: (request) => request.headers.get('x-user'), onError: (e) => console.error(e) });
  const server = createServer(toNodeHandler(handler));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port, file } satisfies Message));
  process.on('disconnect', () => {
    server.close();
    void store.close().finally(() => rmSync(dir, { recursive: true, force: true }));
  });
}

/** Child: another process on the same SQLite file that takes and releases the write lock when told. */
function runLockHolder(): void {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  const db = new Database(process.env.BENCH_DB as string, { timeout: 10_000 });
  process.on('message', (message) => {
    if (message === 'lock') {
      db.exec('BEGIN IMMEDIATE');
      db.prepare("insert into grid_preference (subject, grid_id, col_presets, searches, updated_at) values ('holder', 'held', '{}', '[]', '2025-01-01T00:00:00.000Z') on conflict (subject, grid_id) do update set updated_at = excluded.updated_at").run();
      process.send?.({ lock: 'locked' } satisfies Message);
    } else if (message === 'release') {
      db.exec('COMMIT');
      process.send?.({ lock: 'released' } satisfies Message);
    }
  });
  process.on('disconnect', () => db.close());
  process.send?.({ lock: 'ready' } satisfies Message);
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

function child(roleName: string, env: Record<string, string> = {}): { wait: Promise<Message>; kill: () => void; send: (message: string) => Promise<Message> } {
  const proc = fork(SELF, [], { env: { ...process.env, ...env, BENCH_ROLE: roleName }, execArgv: process.execArgv, stdio: 'inherit' });
  const wait = new Promise<Message>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as Message));
    proc.once('exit', (code) => reject(new Error(`${roleName} child exited with ${code}`)));
  });
  const send = (message: string) =>
    new Promise<Message>((resolve) => {
      proc.once('message', (m) => resolve(m as Message));
      proc.send(message);
    });
  return { wait, kill: () => proc.disconnect(), send };
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

/**
 * A million distinct keys through one throttle: with the clock still (every key stays live, so past
 * the cap of 100,000 each new key evicts the least recently seen) and with a clock that lets each
 * key expire as soon as the next arrives. Reports ns per hit and the heap growth after a full GC.
 */
function benchThrottle(): { capped: { nsPerHit: number; size: number; heapMiB: number }; expiring: { nsPerHit: number; size: number } } {
  const gc = (globalThis as { gc?: () => void }).gc ?? exposeGc();
  const keys = Array.from({ length: 1_000_000 }, (_, i) => `subject:user-${i}\u0000xlsx\u0000orders`);
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const still = createThrottle({ limit: 5, windowMs: 60_000 }, () => 0, () => undefined);
  let started = performance.now();
  for (const key of keys) still.hit(key);
  const cappedMs = performance.now() - started;
  gc?.();
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  let now = 0;
  const moving = createThrottle({ limit: 5, windowMs: 10 }, () => now);
  started = performance.now();
  for (const key of keys) {
    now += 11;
    moving.hit(key);
  }
  const expiringMs = performance.now() - started;
  return {
    capped: { nsPerHit: (cappedMs * 1e6) / keys.length, size: still.size, heapMiB },
    expiring: { nsPerHit: (expiringMs * 1e6) / keys.length, size: moving.size },
  };
}

/**
 * p50/p99/max of reads while another process holds the SQLite write lock for 2 s, with saves
 * queued behind the lock at the same time; then whether every save went through once released.
 */
async function benchLockedReads() {
  const server = child('server');
  const { port, file } = (await server.wait) as { port: number; file: string };
  const url = `http://127.0.0.1:${port}`;
  // Rows to read, and a warm server.
  await autocannon({ url, connections: 5, amount: 500, requests: [{ method: 'POST', path: '/grid/preferences/', setupRequest: (r) => ({ ...r, headers: { 'content-type': 'application/json', 'x-user': 'reader' }, body: JSON.stringify({ grid_id: 'orders', searches: ['a'] }) }) }] });
  const holder = child('lock', { BENCH_DB: file });
  await holder.wait;
  await holder.send('lock');
  const reads = autocannon({ url, connections: 10, duration: 2, requests: [{ method: 'GET', path: '/grid/preferences/?grid_id=orders', headers: { 'x-user': 'reader' } }] });
  // Five writers, each saving again as soon as its previous save was answered; their saves wait
  // behind the lock (asynchronously, on the server) and must all succeed once it is released.
  const lockedUntil = Date.now() + 2_000;
  const saveTimes: number[] = [];
  const saveStatuses: number[] = [];
  const writer = async (w: number) => {
    for (let i = 0; Date.now() < lockedUntil; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/grid/preferences/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': `writer-${w}` },
        body: JSON.stringify({ grid_id: 'orders', searches: [`w${i}`] }),
      });
      await res.arrayBuffer();
      saveTimes.push(performance.now() - started);
      saveStatuses.push(res.status);
    }
  };
  const writers = Promise.all([0, 1, 2, 3, 4].map(writer));
  const readResult = await reads;
  await holder.send('release');
  await writers;
  holder.kill();
  server.kill();
  saveTimes.sort((a, b) => a - b);
  return {
    reads: readResult,
    saves: { total: saveStatuses.length, ok: saveStatuses.filter((status) => status === 200).length, maxMs: saveTimes[saveTimes.length - 1] ?? 0 },
  };
}

/** `gc()` without the command-line flag (scripts/bench.mjs runs every bench with plain tsx). */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Nanoseconds of one `fs.statSync` of a real file (median of 5 rounds of 100,000). */
function benchStat(): number {
  const dir = mkdtempSync(join(tmpdir(), 'gv-stat-'));
  const file = join(dir, 'prefs.db');
  createRequire(import.meta.url)('node:fs').writeFileSync(file, 'x');
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) statSync(file);
    rounds.push(((performance.now() - started) * 1e6) / 100_000);
  }
  rmSync(dir, { recursive: true, force: true });
  return median(rounds);
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
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

  console.log('server bench: throttle, 1,000,000 distinct keys…');
  const throttle = benchThrottle();
  console.log(`  capped ${throttle.capped.nsPerHit.toFixed(0)} ns/hit (${throttle.capped.size} keys kept), expiring ${throttle.expiring.nsPerHit.toFixed(0)} ns/hit`);

  console.log('server bench: reads while another process holds the SQLite write lock for 2 s…');
  const locked = await benchLockedReads();
  console.log(`  reads p50 ${locked.reads.latency.p50} ms, p99 ${locked.reads.latency.p99} ms, max ${locked.reads.latency.max} ms; saves ${locked.saves.ok}/${locked.saves.total} ok`);

  const statNs = benchStat();
  console.log(`  fs.statSync ${statNs.toFixed(0)} ns`);

  const loadAfter = loadavg()[0] ?? 0;
  const pass = (good: boolean) => (good ? 'pass' : '**FAIL**');
  const lockedOk = locked.reads.non2xx === 0 && locked.reads.errors === 0 && locked.saves.total > 0 && locked.saves.ok === locked.saves.total;
  const lines = [
    '## Server: preference saves and exports',
    '',
    `Saves: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, loopback, \`node:http\` + \`toNodeHandler\` + SQLite file store (WAL, synchronous=NORMAL) in a child process; each request saves a 10-column preset and 5 searches for one of 1,000 users × 5 grids. Exports: through the export route in-process (builder → bytes); XLSX in a child process for its peak RSS. Machine load average (1 min) before → after: ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; figures on a shared machine under load are slower than on a quiet one.`,
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
    `| Throttle, 1,000,000 distinct live keys (cap 100,000: each new key evicts one) | ${throttle.capped.nsPerHit.toFixed(0)} ns per hit, ${throttle.capped.size.toLocaleString('en')} keys kept, heap +${throttle.capped.heapMiB.toFixed(0)} MiB | O(1) per hit, bounded memory | ${pass(throttle.capped.size <= 100_000 && throttle.capped.nsPerHit < 5_000)} |`,
    `| Throttle, 1,000,000 distinct keys expiring as they come | ${throttle.expiring.nsPerHit.toFixed(0)} ns per hit, ${throttle.expiring.size} key(s) left | O(1) per hit | ${pass(throttle.expiring.size <= 1 && throttle.expiring.nsPerHit < 5_000)} |`,
    `| Reads while another process holds the SQLite write lock 2 s (10 readers, 5 waiting writers): p50 / p99 / max | ${locked.reads.latency.p50} / ${locked.reads.latency.p99} / ${locked.reads.latency.max} ms (${locked.reads.requests.total} reads) | p99 ≤ 100 ms | ${pass(locked.reads.latency.p99 <= 100 && lockedOk)} |`,
    `| Saves queued behind that lock: answered 200 once it was released | ${locked.saves.ok} of ${locked.saves.total} (longest wait ${(locked.saves.maxMs / 1000).toFixed(1)} s) | all | ${pass(lockedOk)} |`,
    `| File identity check of the SQLite store (one \`fs.statSync\`; at most 2 per save, 1 per read) | ${statNs.toFixed(0)} ns | | |`,
    '',
  ];
  writeSection(lines.join('\n'));
}
