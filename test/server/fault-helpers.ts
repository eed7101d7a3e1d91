/**
 * Shared by the fault tests: a real SQLite file helper, a child process that holds SQLite's write
 * lock, immutable files (chattr, as root), a TCP proxy that can take a PostgreSQL server "down",
 * and waiting for a condition.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { type Server, type Socket, connect, createServer } from 'node:net';
import Database from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Polls `check` every `everyMs` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The rows of `grid_preference` in the file at `path`, read by a fresh connection (what is really on disk). */
export function rowsOnDisk(path: string): { subject: string; grid_id: string; searches: string[] }[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select subject, grid_id, searches from grid_preference order by id').all() as { subject: string; grid_id: string; searches: string }[]).map((row) => ({
      ...row,
      searches: JSON.parse(row.searches) as string[],
    }));
  } finally {
    db.close();
  }
}

/** A consistent copy of a live SQLite database (`VACUUM INTO`), as a backup tool would take it. */
export function backupSqlite(file: string, destination: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(destination);
  } finally {
    db.close();
  }
}

/** Sets or clears the immutable attribute (root only): even root can then neither open the file for writing nor write through an open descriptor. */
export function immutable(path: string, on: boolean): void {
  execFileSync('chattr', [on ? '+i' : '-i', path]);
}

/** True when this process may use chattr (root on a file system with attributes). */
export function canChattr(dir: string): boolean {
  const probe = `${dir}/.chattr-probe`;
  try {
    execFileSync('touch', [probe]);
    immutable(probe, true);
    immutable(probe, false);
    return true;
  } catch {
    return false;
  } finally {
    try {
      execFileSync('rm', ['-f', probe]);
    } catch {
      // Nothing to clean.
    }
  }
}

const LOCK_HOLDER = `
const Database = require(process.env.BETTER_SQLITE3);
const db = new Database(process.env.DB_FILE, { timeout: 10000 });
process.on('message', (m) => {
  if (m === 'lock') {
    db.exec('BEGIN IMMEDIATE');
    db.prepare("insert into grid_preference (subject, grid_id, col_presets, searches, updated_at) values ('holder', 'held', '{}', '[]', '2025-01-01T00:00:00.000Z') on conflict (subject, grid_id) do update set updated_at = excluded.updated_at").run();
    process.send('locked');
  } else if (m === 'release') {
    db.exec('COMMIT');
    process.send('released');
  } else if (m === 'exit') {
    db.close();
    process.exit(0);
  }
});
process.send('ready');
`;

/** Another process on the same SQLite file that takes and releases the write lock on demand. */
export interface LockHolder {
  lock(): Promise<void>;
  release(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLockHolder(file: string): Promise<LockHolder> {
  const child: ChildProcess = spawn(process.execPath, ['-e', LOCK_HOLDER], {
    env: { ...process.env, BETTER_SQLITE3: require.resolve('better-sqlite3'), DB_FILE: file },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (expected: string) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (message === expected) {
          child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = (code: number | null) => reject(new Error(`lock holder exited with ${code}`));
      child.once('message', onMessage);
      child.once('exit', onExit);
    });
  await next('ready');
  return {
    async lock() {
      const done = next('locked');
      child.send('lock');
      await done;
    },
    async release() {
      const done = next('released');
      child.send('release');
      await done;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.send('exit');
      await once(child, 'exit');
    },
  };
}

/**
 * A TCP proxy in front of a real server: `down()` cuts every connection and refuses new ones (a
 * database server that went away), `up()` listens again on the same port. Lets the tests take
 * "their" PostgreSQL down without stopping the cluster other tests share.
 */
export interface TcpProxy {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = async () => {
    const next = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    next.listen(port, '127.0.0.1');
    await once(next, 'listening');
    port = (next.address() as { port: number }).port;
    server = next;
  };
  const down = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    down,
    up: listen,
    close: down,
  };
}
