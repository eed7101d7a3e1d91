/**
 * Sustained load on the preference routes (issue 13): 50 concurrent clients for 60 s, each
 * alternating a save (a 10-column preset and 5 searches) and a read of one of 10,000 users × 5
 * grids, against a real `node:http` server (`toNodeHandler` + `createGridViewHandler`) on a SQLite
 * FILE store (WAL) in a child process, so the load generator does not share its event loop.
 *
 * Memory: the child is started with `--expose-gc`; every 5 s it is asked for its heap after a full
 * GC and its RSS. "Flat" means the heap after GC at the end is within 10% (plus 2 MiB) of the heap
 * after the first 10 s (warm caches, full connection pool), i.e. nothing grows with the number of
 * requests served.
 *
 * BENCH_LOAD_DURATION (seconds, default 60) shortens it for a trial run; the report says so.
 * Writes one markdown section to process.env.BENCH_OUT (see bench/README.md).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { toNodeHandler } from '../src/server/adapters/node';
import { createGridViewHandler } from '../src/server/handler';
import { createSqlPreferencesStore } from '../src/server/store/sql-store';
import { runBench, writeSection } from './support/report';

const SELF = fileURLToPath(import.meta.url);
const DURATION_S = Number(process.env.BENCH_LOAD_DURATION ?? 60);
const CONNECTIONS = 50;
const SAMPLE_EVERY_MS = 5_000;
const WARM_AFTER_MS = 10_000;

type Memory = { heapMiB: number; rssMiB: number };
type ChildMessage = { port: number } | ({ kind: 'memory' } & Memory) | { kind: 'errors'; count: number };

if (process.env.BENCH_ROLE === 'load-server') await runServer();
else runBench(main);

/** Child: the server. Answers 'memory' with its heap after a full GC and its RSS; runs until disconnected. */
async function runServer(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gv-load-'));
  const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(dir, 'prefs.db'), migrate: true });
  await store.migrate();
  let errors = 0;
  const handler = createGridViewHandler({
    store,
    subject: (request) => request.headers.get('x-user'),
    onError: (error) => {
      errors++;
      console.error(error);
    },
  });
  const server = createServer(toNodeHandler(handler));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port } satisfies ChildMessage));
  process.on('message', (message) => {
    if (message === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      process.send?.({ kind: 'memory', heapMiB: usage.heapUsed / 2 ** 20, rssMiB: usage.rss / 2 ** 20 } satisfies ChildMessage);
    } else if (message === 'errors') {
      process.send?.({ kind: 'errors', count: errors } satisfies ChildMessage);
    }
  });
  process.on('disconnect', () => {
    server.close();
    void store.close().finally(() => rmSync(dir, { recursive: true, force: true }));
  });
}

function startServer() {
  const child = fork(SELF, [], { env: { ...process.env, BENCH_ROLE: 'load-server' }, execArgv: [...process.execArgv, '--expose-gc'], stdio: 'inherit' });
  const next = <T extends ChildMessage>(match: (m: ChildMessage) => m is T) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if (match(m as ChildMessage)) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as T);
        }
      };
      const onExit = (code: number | null) => reject(new Error(`load server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return {
    port: next((m): m is { port: number } => 'port' in m).then((m) => m.port),
    async memory(): Promise<Memory> {
      const answer = next((m): m is { kind: 'memory' } & Memory => 'kind' in m && m.kind === 'memory');
      child.send('memory');
      const { heapMiB, rssMiB } = await answer;
      return { heapMiB, rssMiB };
    },
    async errors(): Promise<number> {
      const answer = next((m): m is { kind: 'errors'; count: number } => 'kind' in m && m.kind === 'errors');
      child.send('errors');
      return (await answer).count;
    },
    stop: () => child.disconnect(),
  };
}

async function main(): Promise<void> {
  const server = startServer();
  const port = await server.port;
  const columns = Array.from({ length: 10 }, (_, i) => ({ colId: `col${i}`, width: 80 + i, hide: i % 4 === 0, sort: i === 1 ? ('desc' as const) : null }));
  let n = 0;
  const who = () => {
    n++;
    return { user: `user-${n % 10_000}`, grid: `grid-${n % 5}` };
  };
  console.log(`server load bench: ${CONNECTIONS} connections, saves and reads, ${DURATION_S} s…`);
  const samples: { atMs: number; memory: Memory }[] = [];
  const loadBefore = loadavg()[0] ?? 0;
  const started = Date.now();
  const sampler = setInterval(() => {
    void server.memory().then((memory) => samples.push({ atMs: Date.now() - started, memory }));
  }, SAMPLE_EVERY_MS);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/grid/preferences/',
        setupRequest: (request) => {
          const { user, grid } = who();
          const body = JSON.stringify({ grid_id: grid, colPresets: { Main: { columns } }, searches: ['north', 'south', `q${n % 100}`, 'Київ', 'open'] });
          return { ...request, headers: { 'content-type': 'application/json', 'x-user': user }, body };
        },
      },
      {
        method: 'GET',
        setupRequest: (request) => {
          const { user, grid } = who();
          return { ...request, path: `/grid/preferences/?grid_id=${grid}`, headers: { 'x-user': user } };
        },
      },
    ],
  });
  clearInterval(sampler);
  const end = await server.memory();
  samples.push({ atMs: Date.now() - started, memory: end });
  const serverErrors = await server.errors();
  const loadAfter = loadavg()[0] ?? 0;
  server.stop();

  const warm = samples.find((sample) => sample.atMs >= Math.min(WARM_AFTER_MS, (DURATION_S * 1000) / 3))?.memory ?? samples[0]?.memory ?? end;
  const peakHeap = Math.max(...samples.map((sample) => sample.memory.heapMiB));
  const peakRss = Math.max(...samples.map((sample) => sample.memory.rssMiB));
  const flat = end.heapMiB <= warm.heapMiB * 1.1 + 2;
  const failures = result.errors + result.timeouts + result.non2xx + serverErrors;
  const perSecond = result.requests.average;
  console.log(
    `  ${perSecond.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, total ${result.requests.total}, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; heap after GC ${warm.heapMiB.toFixed(1)} → ${end.heapMiB.toFixed(1)} MiB`,
  );
  const pass = (good: boolean) => (good ? 'pass' : '**FAIL**');
  const shortened = DURATION_S !== 60 ? ` **Shortened run: ${DURATION_S} s (BENCH_LOAD_DURATION).**` : '';
  writeSection(
    [
      '## Server: sustained load (saves and reads)',
      '',
      `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, loopback; each connection alternates a save (a 10-column preset and 5 searches) and a read for one of 10,000 users × 5 grids, against \`node:http\` + \`toNodeHandler\` + \`createGridViewHandler\` on a SQLite file store (WAL) in a child process started with \`--expose-gc\`. Memory: heap after a full GC and RSS of the server process every ${SAMPLE_EVERY_MS / 1000} s; "warm" is the first sample after ${WARM_AFTER_MS / 1000} s. Machine load average (1 min) before → after: ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; figures on a shared machine under load are slower than on a quiet one.${shortened}`,
      '',
      '| Measure | Result | Target | |',
      '|---|---|---|---|',
      `| Requests per second (mean) | ${perSecond.toFixed(0)} | | |`,
      `| Latency p50 | ${result.latency.p50} ms | | |`,
      `| Latency p99 | ${result.latency.p99} ms | ≤ 100 ms | ${pass(result.latency.p99 <= 100)} |`,
      `| Requests total / errors / timeouts / non-2xx / server 5xx | ${result.requests.total} / ${result.errors} / ${result.timeouts} / ${result.non2xx} / ${serverErrors} | 0 failures | ${pass(failures === 0)} |`,
      `| Server heap after GC, warm → end (peak) | ${warm.heapMiB.toFixed(1)} → ${end.heapMiB.toFixed(1)} MiB (${peakHeap.toFixed(1)}) | end ≤ warm × 1.1 + 2 MiB | ${pass(flat)} |`,
      `| Server RSS, warm → end (peak) | ${warm.rssMiB.toFixed(0)} → ${end.rssMiB.toFixed(0)} MiB (${peakRss.toFixed(0)}) | | |`,
      '',
    ].join('\n'),
  );
}
