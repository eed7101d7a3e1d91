/**
 * Starts the real playground for end-to-end tests: builds the browser app and the server bundle
 * (`vite build --config playground/vite.config.ts`, then the same with `--mode server`) when their
 * sources changed since the last build, then runs the built server in a child process on a free
 * port with its own data directory, as `npm run playground` does.
 *
 * @module
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { withDirLock } from '../../setup/dir-lock';
import { newestMtime } from './static-site';

const run = promisify(execFile);
const ROOT = process.cwd();
const BIN = join(ROOT, 'node_modules', '.bin');
const CLIENT_INDEX = join(ROOT, 'playground', 'dist', 'client', 'index.html');
const SERVER_ENTRY = join(ROOT, 'playground', 'dist', 'server', 'start.js');
/** Files and folders that end up in either bundle. */
const SOURCES = ['playground/src', 'playground/server', 'playground/shared', 'playground/specs', 'playground/index.html', 'playground/vite.config.ts', 'src', 'components', 'composables', 'stores'];

function builtAt(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/**
 * Builds playground/dist (client and server) unless both are newer than every source file. The
 * first test file builds; others, also those starting at the same time, reuse the result.
 */
export async function ensurePlaygroundBuilt(): Promise<void> {
  const sources = Math.max(...SOURCES.map((path) => newestMtime(join(ROOT, path))));
  const stale = (): boolean => builtAt(CLIENT_INDEX) <= sources || builtAt(SERVER_ENTRY) <= sources;
  if (!stale()) return;
  // Test files start in parallel: one builds, the others wait for it and find the build fresh.
  await withDirLock(join(ROOT, '.tmp', 'playground-build.lock'), async () => {
    const options = { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 };
    if (builtAt(CLIENT_INDEX) <= sources) await run(join(BIN, 'vite'), ['build', '--config', 'playground/vite.config.ts'], options);
    if (builtAt(SERVER_ENTRY) <= sources) await run(join(BIN, 'vite'), ['build', '--config', 'playground/vite.config.ts', '--mode', 'server'], options);
  });
}

/** A running playground server. */
export interface PlaygroundServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Stops the process (SIGTERM, then waits for exit). Idempotent. */
  stop(): Promise<void>;
}

/**
 * Rows of the big table in e2e runs. Every playground test file starts a server on a fresh data
 * folder, which generates the table: 20,000 rows take a fraction of a second, a million about 10 s.
 */
export const E2E_BIG_TABLE_ROWS = 20_000;

/**
 * Demo sales of the other pages in e2e runs (the playground's own default is 100,000). Every page
 * visit generates, indexes and aggregates them in the browser: at 100,000 that is about three
 * seconds of CPU per visit, most of the suite's browser time, while only the files about scale
 * need that many (they pass `demoRows: DEMO_ROW_COUNT`). Tests compute what they expect from
 * `generateSales(E2E_DEMO_ROWS)`, so every expectation follows the count.
 */
export const E2E_DEMO_ROWS = 20_000;

const READY = /Playground ready at (http:\/\/127\.0\.0\.1:(\d+))/;

/**
 * Starts the server. `port` 0 lets the OS choose; pass the previous port to restart in place.
 * Rejects with the server's output when it exits or stays silent for 90 s.
 */
export async function startPlayground(options: { dataDir: string; port?: number; bigTableRows?: number; demoRows?: number }): Promise<PlaygroundServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      GV_DATA_DIR: options.dataDir,
      GV_BIG_TABLE_ROWS: String(options.bigTableRows ?? E2E_BIG_TABLE_ROWS),
      GV_DEMO_ROWS: String(options.demoRows ?? E2E_DEMO_ROWS),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`playground did not start within 90 s:\n${log}`)), 90_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = READY.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1] as string, port: Number(match[2]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`playground exited with code ${code} before it was ready:\n${log}`));
    });
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const { url, port } = await ready;
    return { url, port, dataDir: options.dataDir, output: () => log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fresh temporary data directory, and a function that removes it. */
export async function tempDataDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'gv-playground-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Opens one page of the playground app (`#/<id>`) and waits until the app has rendered it. A page
 * already showing the app switches by hash, as a reader clicking the navigation would.
 */
export async function openPlaygroundPage(page: Page, baseUrl: string, id: string): Promise<void> {
  const target = `${baseUrl}/#/${id}`;
  if (page.url().startsWith(`${baseUrl}/`)) {
    await page.locator(`.pg-nav a[data-page="${id}"]`).click();
  } else {
    await page.goto(target);
  }
  await page.locator(`[data-testid="page-${id}"]`).waitFor();
}
