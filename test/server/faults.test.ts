/**
 * The fault suite: the real server (`node:http` + `toNodeHandler` + `createGridViewHandler`) on a
 * real SQLite file and a real PostgreSQL 15, with the real client preferences store
 * (`stores/preferences.ts` through `HttpHost`) in front of it. For each fault:
 *
 * 1. the answer code of a save while the fault lasts (503 `storage_unavailable`, or 200 where the
 *    fault does not stop a save);
 * 2. the client keeps the user's change pending (with the server's code) and sends it once the
 *    server is back, by itself;
 * 3. nothing acknowledged is lost: every save answered 200 during and after the fault is in the
 *    database, read through a separate connection;
 * 4. the server recovers without a restart (same store, same handler, same process).
 *
 * Mounting file systems and the immutable attribute need root (CI runs as root); the titles say
 * what is real and what is simulated.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpHost } from '../../src/host/index';
import { toNodeHandler } from '../../src/server/adapters/node';
import { createGridViewHandler } from '../../src/server/handler';
import { migrateToLatest } from '../../src/server/store/migrations';
import { createSqlPreferencesStore, type SqlPreferencesStore } from '../../src/server/store/sql-store';
import { useGridPreferencesStore } from '../../stores/index';
import { backupSqlite, canChattr, immutable, rowsOnDisk, sleep, startLockHolder, startTcpProxy, waitFor } from './fault-helpers';
import { createTestSchema, ensurePostgres, PG_ROLE, SKIP_PG } from './pg-setup';

const pgState = await ensurePostgres();
const root = mkdtempSync(join(tmpdir(), 'gv-faults-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('fault suite cleanup failed:', error);
    }
  }
  rmSync(root, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;
const chattr = isRoot && canChattr(root);
const mountable = isRoot && canMountTmpfs();

function canMountTmpfs(): boolean {
  const probe = join(root, 'mount-probe');
  mkdirSync(probe);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** A tmpfs of `size` at `dir`, unmounted (lazily: a connection may still hold a file) at the end. */
function mountTmpfs(dir: string, size: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  cleanups.push(() => {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  });
}

/** Fills the file system of `dir` until it refuses more bytes; returns a function that frees the space. */
function fillDisk(dir: string): () => void {
  const filler = join(dir, 'filler.bin');
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4096'], { stdio: 'pipe' });
  } catch {
    // dd ends with "No space left on device": that is the point.
  }
  return () => rmSync(filler, { force: true });
}

// ---------------------------------------------------------------------------------------------------
// The rig: server, client store, prober.

interface Rig {
  base: string;
  /** One save as `subject`, straight over HTTP: status and error code. */
  post(subject: string, gridId: string, searches: string[]): Promise<{ status: number; code?: string }>;
  /** The client store of user alice (Pinia, HttpHost, no localStorage). */
  client: ReturnType<typeof useGridPreferencesStore>;
  /** Every save the prober got a 200 for: [gridId, search]. */
  acknowledged: [string, string][];
  /** The errors the handler logged (its `onError`), each with its causes and codes as one text. */
  logged: string[];
  startProber(): void;
  stopProber(): Promise<void>;
}

/** An error, its `cause` chain and their codes, as one line (to check what a 503 came from). */
function explain(error: unknown, depth = 0): string {
  if (typeof error !== 'object' || error === null || depth > 5) return String(error);
  const { message, code, cause } = error as { message?: unknown; code?: unknown; cause?: unknown };
  return [String(message), typeof code === 'string' ? `[${code}]` : '', cause === undefined ? '' : `<- ${explain(cause, depth + 1)}`].filter(Boolean).join(' ');
}

async function rig(store: SqlPreferencesStore): Promise<Rig> {
  const logged: string[] = [];
  const handler = createGridViewHandler({
    store,
    subject: (request) => request.headers.get('x-test-user'),
    // Clients wait at least Retry-After; one second keeps every case short.
    storageRetryAfterSeconds: 1,
    onError: (error) => logged.push(explain(error)),
  });
  const server: Server = createServer(toNodeHandler(handler));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (subject: string, gridId: string, searches: string[]) => {
    const res = await fetch(`${base}/grid/preferences/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Test-User': subject },
      body: JSON.stringify({ grid_id: gridId, searches }),
    });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, ...(body.code ? { code: body.code } : {}) };
  };
  setActivePinia(createPinia());
  const client = useGridPreferencesStore();
  client.configure({
    host: new HttpHost({ baseUrl: base, subjectId: 'alice', headers: { 'X-Test-User': 'alice' }, timeoutMs: 8_000 }),
    subject: 'alice',
    storage: null,
    window: null,
    warn: () => undefined,
    debounceMs: 0,
    retry: { initialDelayMs: 50, factor: 2, maxDelayMs: 400, maxAttempts: 10_000, jitter: 0 },
  });
  cleanups.push(() => client.stop());
  const acknowledged: [string, string][] = [];
  let proberRun: Promise<void> | null = null;
  let proberOn = false;
  return {
    base,
    post,
    client,
    acknowledged,
    logged,
    startProber() {
      proberOn = true;
      proberRun = (async () => {
        for (let i = 0; proberOn; i++) {
          const gridId = `p-${i}`;
          const search = `probe-${i}`;
          const answer = await post('prober', gridId, [search]).catch(() => ({ status: 0 }));
          if (answer.status === 200) acknowledged.push([gridId, search]);
          // The prober's pace, not a wait for anything: one save about every 15 ms for as long as
          // the fault lasts, like a steady stream of users, without flooding the database.
          await sleep(15);
        }
      })();
    },
    async stopProber() {
      proberOn = false;
      await proberRun;
    },
  };
}

/** What a fault case needs from its database. */
interface Backend {
  store: SqlPreferencesStore;
  /** The searches stored for (subject, grid), read through a connection of its own; null for no row. */
  stored(subject: string, gridId: string): Promise<string[] | null>;
}

interface Fault {
  /** Breaks the database (the prober is paused meanwhile). */
  inject(): Promise<void>;
  /** Mends it. */
  clear(): Promise<void>;
  /** What the first failure must come from: matched against the logged error and its causes. */
  cause?: RegExp;
  /** Status of a save while the fault lasts (default 503). */
  status?: 200 | 503;
  /** Whether the client's change meets the fault too (default: when the status is 503). */
  clientSeesFault?: boolean;
  /** The user's change while the fault lasts; default one more search. */
  change?: (client: Rig['client']) => void;
  /** A save that shows the answer code while the fault lasts (default: a new row of "prober"). */
  probe?: (r: Rig) => Promise<{ status: number; code?: string }>;
  /** Runs while the fault lasts, before the client's change (e.g. a blocked save that gets killed). */
  during?: (r: Rig) => Promise<void>;
}

/** Runs one fault case through the rig and checks the four promises. */
async function faultCase(backend: Backend, fault: Fault): Promise<void> {
  const r = await rig(backend.store);
  const { client } = r;
  await client.load('orders');
  expect(client.saveSearch('orders', 'before-fault').ok).toBe(true);
  await client.flush('orders');
  expect(client.entryOf('orders')).toMatchObject({ pending: false, error: null });

  await fault.inject();
  // 1. The answer code while the fault lasts.
  const answer = await (fault.probe ?? ((rr: Rig) => rr.post('prober', 'probe-first', ['x'])))(r);
  const expected = fault.status ?? 503;
  expect(answer).toEqual(expected === 503 ? { status: 503, code: 'storage_unavailable' } : { status: 200 });
  // The 503 comes from the fault itself, not from something else going wrong.
  if (fault.cause) expect(r.logged[0]).toMatch(fault.cause);
  await fault.during?.(r);

  // 2. The user's change while the fault lasts stays pending, with the server's code.
  r.startProber();
  (fault.change ?? ((c) => expect(c.saveSearch('orders', 'during-fault').ok).toBe(true)))(client);
  await client.flush('orders');
  const entry = client.entryOf('orders');
  if (fault.clientSeesFault ?? expected === 503) {
    expect(entry.pending).toBe(true);
    expect(entry.error).toMatchObject({ code: 'http', status: 503, serverCode: 'storage_unavailable', retryable: true });
  }

  await fault.clear();
  // The change is sent again by the store itself (its backoff, the server's Retry-After).
  await waitFor('the client to send its pending change', () => !client.entryOf('orders').pending, 15_000);
  expect(client.entryOf('orders').error).toBeNull();
  const ackedBefore = r.acknowledged.length;
  await waitFor('a save acknowledged after the fault', () => r.acknowledged.length > ackedBefore, 10_000);
  await r.stopProber();

  // 3. Nothing acknowledged is lost.
  const stored = await backend.stored('alice', 'orders');
  expect(stored).toEqual(client.entryOf('orders').searches);
  for (const [gridId, search] of r.acknowledged) expect(await backend.stored('prober', gridId), `acknowledged ${gridId}`).toEqual([search]);

  // 4. Recovered without a restart: the same server and store answer a new save.
  expect(await r.post('alice', 'after', ['recovered'])).toEqual({ status: 200 });
  expect(await backend.stored('alice', 'after')).toEqual(['recovered']);
}

// ---------------------------------------------------------------------------------------------------
// SQLite

let sqliteN = 0;
function sqlitePlace(): { dir: string; file: string } {
  const dir = join(root, `sqlite-${sqliteN++}`);
  mkdirSync(dir);
  return { dir, file: join(dir, 'prefs.db') };
}

function sqliteBackend(file: string, options: { busyTimeoutMs?: number } = {}): Backend {
  const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: file, migrate: true, onWarn: () => undefined, ...options });
  cleanups.push(() => store.close());
  return {
    store,
    async stored(subject, gridId) {
      const row = rowsOnDisk(file).find((candidate) => candidate.subject === subject && candidate.grid_id === gridId);
      return row ? row.searches : null;
    },
  };
}

describe('fault suite on a SQLite file', () => {
  it('database down: its folder is moved away (an unmounted volume), then back', async () => {
    const { dir, file } = sqlitePlace();
    const away = `${dir}.away`;
    await faultCase(sqliteBackend(file), {
      cause: /is gone/,
      inject: async () => renameSync(dir, away),
      clear: async () => {
        // Meanwhile nothing created a new, empty database at the path.
        expect(existsSync(dir)).toBe(false);
        renameSync(away, dir);
      },
    });
  });

  it('locked: another process holds the write lock longer than busyTimeoutMs', async () => {
    const { file } = sqlitePlace();
    const backend = sqliteBackend(file, { busyTimeoutMs: 300 });
    await backend.store.migrate();
    const holder = await startLockHolder(file);
    cleanups.push(() => holder.stop());
    await faultCase(backend, { cause: /SQLITE_BUSY/, inject: () => holder.lock(), clear: () => holder.release() });
  });

  it('slow: another process holds the write lock for 1 s, under busyTimeoutMs; the save waits and answers 200', async () => {
    const { file } = sqlitePlace();
    const backend = sqliteBackend(file);
    await backend.store.migrate();
    const holder = await startLockHolder(file);
    cleanups.push(() => holder.stop());
    let released: Promise<void> = Promise.resolve();
    await faultCase(backend, {
      status: 200,
      inject: async () => {
        await holder.lock();
        // The 1 s is the fault under test: a lock held for less than busyTimeoutMs, which a save waits out.
        released = sleep(1_000).then(() => holder.release());
      },
      probe: async (r) => {
        const started = performance.now();
        const answer = await r.post('prober', 'probe-first', ['x']);
        expect(performance.now() - started).toBeGreaterThan(500);
        return answer;
      },
      clear: () => released,
    });
  });

  it.runIf(chattr)('read-only: the file and its WAL become immutable (chattr +i, as root), then writable', async () => {
    const { file } = sqlitePlace();
    const backend = sqliteBackend(file);
    await backend.store.save('warm', 'up', { searches: [] });
    const targets = [file, `${file}-wal`];
    cleanups.push(() => targets.forEach((target) => existsSync(target) && immutable(target, false)));
    await faultCase(backend, {
      cause: /SQLITE_IOERR|SQLITE_READONLY/,
      inject: async () => targets.forEach((target) => immutable(target, true)),
      clear: async () => targets.forEach((target) => immutable(target, false)),
    });
  });

  it('deleted: the folder is deleted with the file, then restored from a backup', async () => {
    const { dir, file } = sqlitePlace();
    const backup = join(root, `backup-${sqliteN}.db`);
    await faultCase(sqliteBackend(file), {
      cause: /is gone/,
      inject: async () => {
        backupSqlite(file, backup);
        rmSync(dir, { recursive: true });
      },
      clear: async () => {
        mkdirSync(dir);
        renameSync(backup, file);
      },
    });
  });

  it('replaced: a restored file is moved over the path (the first operation to notice answers 503)', async () => {
    const { dir, file } = sqlitePlace();
    const backend = sqliteBackend(file);
    await faultCase(backend, {
      cause: /was replaced by another file/,
      inject: async () => {
        const copy = join(dir, 'restore.db');
        backupSqlite(file, copy);
        renameSync(copy, file);
        rmSync(`${file}-wal`, { force: true });
        rmSync(`${file}-shm`, { force: true });
      },
      // The probe noticed the new file; the store opens it at once, so the client's change goes
      // straight into the restored file.
      clientSeesFault: false,
      clear: async () => undefined,
    });
  });

  const fullTitle = mountable ? 'full disk: the folder is a 1 MiB tmpfs filled to the last byte (real ENOSPC, as root)' : 'full disk: SIMULATED at the driver boundary (SQLITE_FULL), because mounting needs root';
  it(fullTitle, async () => {
    const { dir, file } = sqlitePlace();
    if (mountable) {
      mountTmpfs(dir, '1m');
      const backend = sqliteBackend(file);
      await backend.store.migrate();
      let free: () => void = () => undefined;
      await faultCase(backend, {
        cause: /SQLITE_FULL/,
        inject: async () => {
          // An empty WAL: every commit must now grow a file.
          const db = new Database(file);
          db.pragma('wal_checkpoint(TRUNCATE)');
          db.close();
          free = fillDisk(dir);
        },
        clear: async () => free(),
      });
      return;
    }
    let full = false;
    const raw = new Database(file);
    const db = new Kysely({
      dialect: new SqliteDialect({
        database: {
          close: () => raw.close(),
          prepare: (text: string) => {
            const statement = raw.prepare(text);
            if (!full || statement.reader && !/insert|update/i.test(text)) return statement;
            const refuse = () => {
              throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
            };
            return { reader: statement.reader, all: refuse, run: refuse, iterate: refuse } as never;
          },
        },
      }),
    });
    const store = createSqlPreferencesStore({ db, migrate: true });
    cleanups.push(async () => {
      await store.close();
      await db.destroy();
    });
    await faultCase(
      { store, stored: async (subject, gridId) => rowsOnDisk(file).find((row) => row.subject === subject && row.grid_id === gridId)?.searches ?? null },
      { inject: async () => void (full = true), clear: async () => void (full = false) },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

const pgIt = pgState.available ? it : SKIP_PG ? it.skip : it;

function pgUrl(): string {
  if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
  return pgState.url;
}

/** A superuser command (tablespaces), through the machine's `postgres` account. */
function psqlAsPostgres(statement: string): string {
  return execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -tA -d ${PG_ROLE}`], { input: statement, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

interface PgCase extends Backend {
  schema: string;
  url: string;
  appName: string;
  /** A client of its own on the test schema (locks, privileges, triggers). */
  admin: pg.Client;
}

let pgN = 0;
async function pgBackend(options: { statementTimeoutMs?: number; migrate?: boolean; via?: (url: string) => string } = {}): Promise<PgCase> {
  const schema = await createTestSchema(pgUrl());
  const appName = `gv_fault_${process.pid}_${pgN++}`;
  const url = `${schema.url}&application_name=${appName}`;
  const store = createSqlPreferencesStore({
    dialect: 'postgres',
    connectionString: options.via ? options.via(url) : url,
    migrate: options.migrate ?? true,
    statementTimeoutMs: options.statementTimeoutMs ?? 600,
    pool: { max: 4, connectionTimeoutMillis: 1_000 },
  });
  const admin = new pg.Client({ connectionString: schema.url });
  await admin.connect();
  cleanups.push(async () => {
    await store.close();
    await admin.end().catch(() => undefined);
    await schema.drop();
  });
  await migrateToLatest(store.db as never);
  return {
    store,
    schema: schema.schema,
    url: schema.url,
    appName,
    admin,
    async stored(subject, gridId) {
      const result = await admin.query<{ searches: string[] }>('select searches from grid_preference where subject = $1 and grid_id = $2', [subject, gridId]);
      return result.rows[0]?.searches ?? null;
    },
  };
}

/** Holds row locks on the given (subject, grid) rows in a transaction of its own until released. */
async function holdRowLocks(url: string, rows: [string, string][]): Promise<{ release(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  for (const [subject, gridId] of rows) {
    await holder.query(
      "insert into grid_preference (subject, grid_id, updated_at) values ($1, $2, now()) on conflict (subject, grid_id) do update set updated_at = excluded.updated_at",
      [subject, gridId],
    );
  }
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await holder.query('rollback');
    await holder.end();
  };
  cleanups.push(release);
  return { release };
}

if (!pgState.available && !SKIP_PG) {
  describe('PostgreSQL 15', () => {
    it('is available for the fault suite (set GRID_VIEW_SKIP_PG=1 to skip knowingly)', () => {
      throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
    });
  });
}

describe('fault suite on PostgreSQL 15', () => {
  pgIt('database down: connections cut and refused (a TCP proxy in front of the real server goes down), then up', async () => {
    const port = Number(new URL(pgUrl()).port || 5432);
    const proxy = await startTcpProxy(port);
    cleanups.push(() => proxy.close());
    const backend = await pgBackend({ via: (url) => url.replace(`:${port}/`, `:${proxy.port}/`) });
    await faultCase(backend, { cause: /ECONNREFUSED|Connection terminated/, inject: () => proxy.down(), clear: () => proxy.up() });
  });

  pgIt('locked: another transaction holds the row locks longer than statementTimeoutMs', async () => {
    const backend = await pgBackend();
    let lock: { release(): Promise<void> } | null = null;
    await faultCase(backend, {
      cause: /statement timeout.*\[57014\]/,
      inject: async () => {
        lock = await holdRowLocks(backend.url, [['alice', 'orders'], ['prober', 'probe-first']]);
      },
      clear: async () => lock?.release(),
    });
  });

  pgIt('slow queries: a trigger makes every write take 2 s, past statementTimeoutMs (cancelled, nothing written)', async () => {
    const backend = await pgBackend();
    await faultCase(backend, {
      cause: /statement timeout.*\[57014\]/,
      inject: async () => {
        await backend.admin.query(`create function gv_slow() returns trigger language plpgsql as $$ begin perform pg_sleep(2); return new; end $$`);
        await backend.admin.query('create trigger gv_slow before insert or update on grid_preference for each row execute function gv_slow()');
      },
      clear: async () => {
        await backend.admin.query('drop trigger gv_slow on grid_preference');
      },
    });
  });

  pgIt('read-only: the role loses its write privileges on the table, then gets them back', async () => {
    const backend = await pgBackend();
    await faultCase(backend, {
      cause: /permission denied.*\[42501\]/,
      inject: async () => {
        await backend.admin.query(`revoke insert, update on grid_preference from ${PG_ROLE}`);
      },
      clear: async () => {
        await backend.admin.query(`grant insert, update on grid_preference to ${PG_ROLE}`);
      },
    });
  });

  pgIt('deleted: the schema is dropped with its data, then restored (migrations, then the saved rows)', async () => {
    const backend = await pgBackend({ migrate: false });
    let saved: { subject: string; grid_id: string; col_presets: unknown; searches: unknown; updated_at: Date }[] = [];
    await faultCase(backend, {
      cause: /does not exist.*\[42P01\]/,
      inject: async () => {
        saved = (await backend.admin.query('select subject, grid_id, col_presets, searches, updated_at from grid_preference')).rows;
        await backend.admin.query(`drop schema ${backend.schema} cascade`);
      },
      clear: async () => {
        // The restore is built aside (migrations as the CLI runs them, then the data) and swapped in
        // by one rename, so no save lands between the empty table and the restored rows.
        const aside = `${backend.schema}_restore`;
        await backend.admin.query(`create schema ${aside}`);
        const asideUrl = backend.url.replace(encodeURIComponent(`search_path=${backend.schema}`), encodeURIComponent(`search_path=${aside}`));
        const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: asideUrl, max: 1 }) }) });
        await migrateToLatest(db);
        await db.destroy();
        for (const row of saved) {
          await backend.admin.query(`insert into ${aside}.grid_preference (subject, grid_id, col_presets, searches, updated_at) values ($1, $2, $3, $4, $5)`, [
            row.subject,
            row.grid_id,
            JSON.stringify(row.col_presets),
            JSON.stringify(row.searches),
            row.updated_at,
          ]);
        }
        await backend.admin.query(`alter schema ${aside} rename to ${backend.schema}`);
      },
    });
  });

  pgIt('replaced: the table is swapped for a restored copy in one transaction (saves go on, 200)', async () => {
    const backend = await pgBackend();
    await faultCase(backend, {
      status: 200,
      inject: async () => {
        await backend.admin.query('begin');
        await backend.admin.query('create table restored (like grid_preference including all)');
        await backend.admin.query('insert into restored select * from grid_preference');
        await backend.admin.query('alter table grid_preference rename to replaced_original');
        await backend.admin.query('alter table restored rename to grid_preference');
        await backend.admin.query('commit');
      },
      clear: async () => undefined,
    });
  });

  pgIt('connection dropped mid-transaction: the backend of a blocked save is terminated (pg_terminate_backend)', async () => {
    const backend = await pgBackend({ statementTimeoutMs: 10_000 });
    let lock: { release(): Promise<void> } | null = null;
    let killed = 0;
    let clientKill: Promise<void> = Promise.resolve();
    const terminateBlocked = async (count: number) => {
      const pids = await waitFor(`${count} blocked save(s)`, async () => {
        const result = await backend.admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
          [backend.appName],
        );
        return result.rows.length >= count ? result.rows.map((row) => row.pid) : undefined;
      });
      for (const pid of pids) await backend.admin.query('select pg_terminate_backend($1)', [pid]);
      killed += pids.length;
    };
    await faultCase(backend, {
      cause: /terminating connection.*\[57P01\]/,
      inject: async () => {
        lock = await holdRowLocks(backend.url, [['alice', 'orders'], ['prober', 'probe-first']]);
      },
      probe: async (r) => {
        const answer = r.post('prober', 'probe-first', ['x']);
        await terminateBlocked(1);
        return answer;
      },
      change: (c) => {
        expect(c.saveSearch('orders', 'during-fault').ok).toBe(true);
        // The client's save reaches the database (it is not handed the dead connection of the
        // save killed before it) and blocks on the lock, where it is killed in turn.
        clientKill = terminateBlocked(1);
      },
      clear: async () => {
        await clientKill;
        await lock?.release();
      },
    });
    expect(killed).toBe(2);
  });

  const pgFullTitle = mountable
    ? 'full disk: the table lives in a tablespace on a 1 MiB tmpfs filled to the last byte (real ENOSPC, as root)'
    : 'full disk: SIMULATED at the driver boundary (53100 disk_full), because mounting needs root';
  pgIt(pgFullTitle, async () => {
    if (!mountable) {
      const backend = await pgBackend();
      let full = false;
      const pool = new pg.Pool({ connectionString: backend.url, max: 2 });
      const failing = new Proxy(pool, {
        get(target, name, receiver) {
          if (name !== 'connect') return Reflect.get(target, name, receiver) as unknown;
          return async () => {
            const client = await target.connect();
            const original = client.query.bind(client);
            (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
              const textOf = typeof text === 'string' ? text : (text as { text?: string }).text ?? '';
              if (full && /insert/i.test(textOf)) return Promise.reject(Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }));
              return (original as (...args: unknown[]) => unknown)(text, ...rest);
            };
            return client;
          };
        },
      });
      const db = new Kysely({ dialect: new PostgresDialect({ pool: failing }) });
      const store = createSqlPreferencesStore({ db });
      cleanups.push(async () => {
        await db.destroy();
      });
      await faultCase({ store, stored: backend.stored }, { inject: async () => void (full = true), clear: async () => void (full = false) });
      return;
    }
    const backend = await pgBackend();
    const dir = join(root, `tablespace-${pgN}`);
    mkdirSync(dir);
    mountTmpfs(dir, '1m');
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const postgresGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    // The server runs as postgres: it must be able to reach the directory through its parents.
    chmodSync(root, 0o711);
    chmodSync(dir, 0o711);
    const location = join(dir, 'ts');
    mkdirSync(location);
    chownSync(location, postgresUid, postgresGid);
    chmodSync(location, 0o700);
    const tablespace = `gv_full_${process.pid}_${pgN}`;
    psqlAsPostgres(`create tablespace ${tablespace} location '${location}'`);
    cleanups.push(() => {
      psqlAsPostgres(`drop table if exists ${backend.schema}.grid_preference; drop tablespace if exists ${tablespace};`);
    });
    psqlAsPostgres(
      `alter table ${backend.schema}.grid_preference set tablespace ${tablespace}; alter index ${backend.schema}.grid_preference_subject_grid_id_key set tablespace ${tablespace};`,
    );
    // Searches big enough (about 36 KB) and incompressible, so that every change of a row holding
    // them needs new TOAST pages.
    const big = Array.from({ length: 80 }, () => randomBytes(336).toString('base64'));
    let free: () => void = () => undefined;
    await faultCase(backend, {
      cause: /No space left on device.*\[53100\]/,
      inject: async () => {
        free = fillDisk(dir);
      },
      probe: (r) => r.post('prober', 'probe-first', big),
      change: (c) => {
        for (const search of big.slice(0, 60)) expect(c.saveSearch('orders', search).ok).toBe(true);
        expect(c.saveSearch('orders', 'during-fault').ok).toBe(true);
      },
      clear: async () => free(),
    });
  });
});
