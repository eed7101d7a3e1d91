/**
 * What only the SQL store has: migrations (function and CLI), failures of the database itself (503,
 * nothing half-written), stored data edited by hand, and a Kysely instance owned by the application.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, MysqlDialect, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/server/cli-main';
import { PreferencesStorageError } from '../../src/server/errors';
import { createGridViewHandler } from '../../src/server/handler';
import { migrateDown, migrateToLatest } from '../../src/server/store/migrations';
import { createSqlPreferencesStore } from '../../src/server/store/sql-store';
import { as, expectError, get, headerSubject, postJson } from './helpers';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';

/**
 * Resolves when a `pg` client of `applicationName` emits 'end' (its connection is gone and pg has
 * processed the socket's end), for tests that need that moment rather than a guess at its time.
 * The store loads the same `pg` module as this file, so its clients share the prototype watched here.
 */
function clientEnded(applicationName: string): Promise<void> {
  type Emitter = { emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean };
  const prototype = pg.Client.prototype as unknown as Emitter;
  const own = Object.prototype.hasOwnProperty.call(prototype, 'emit');
  const original = prototype.emit;
  return new Promise((resolve) => {
    // A pass-through: every event still reaches its listeners; the watch ends at the first match.
    prototype.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
      const name = (this as { connectionParameters?: { application_name?: unknown } }).connectionParameters?.application_name;
      if (event === 'end' && name === applicationName) {
        if (own) prototype.emit = original;
        else delete (prototype as Partial<Emitter>).emit;
        resolve();
      }
      return original.call(this, event, ...args);
    };
  });
}

const pgState = await ensurePostgres();
const pgIt = pgState.available ? it : SKIP_PG ? it.skip : it;
const tempDir = mkdtempSync(join(tmpdir(), 'gv-sql-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(tempDir, { recursive: true, force: true });
});

let n = 0;
const dbFile = () => join(tempDir, `t${n++}.db`);

function pgUrl(): string {
  if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
  return pgState.url;
}

async function pgSchema() {
  const schema = await createTestSchema(pgUrl());
  cleanups.push(schema.drop);
  return schema;
}

/** The `code` of an error and of every error in its `cause` chain (and inside AggregateErrors). */
function errorCodes(error: unknown, seen = new Set<unknown>()): string[] {
  if (typeof error !== 'object' || error === null || seen.has(error)) return [];
  seen.add(error);
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...errorCodes(cause, seen),
    ...(Array.isArray(errors) ? errors.flatMap((inner) => errorCodes(inner, seen)) : []),
  ];
}

/** A TCP port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('migrations', () => {
  it('create the tables once and are a no-op when current (SQLite)', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: dbFile() });
    cleanups.push(() => store.close());
    expect(await store.migrate()).toEqual({ applied: ['2025_01_01_0001_grid_preference', '2025_02_01_0001_grid_view_throttle'] });
    expect(await migrateToLatest(store.db)).toEqual({ applied: [] });
    const tables = (await store.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain('grid_preference');
    expect(tables).toContain('grid_view_migration');
    expect(tables).toContain('grid_view_throttle');
    const columns = (await store.db.introspection.getTables()).find((t) => t.name === 'grid_preference')?.columns.map((c) => c.name);
    expect(columns).toEqual(['id', 'subject', 'grid_id', 'col_presets', 'searches', 'updated_at']);
  });

  it('enforce one row per (subject, grid_id) in the database itself (SQLite)', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: dbFile(), migrate: true });
    cleanups.push(() => store.close());
    await store.save('a', 'g', { searches: [] });
    await expect(
      store.db.insertInto('grid_preference').values({ subject: 'a', grid_id: 'g', col_presets: '{}', searches: '[]', updated_at: 'now' }).execute(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('roll down and up again', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: dbFile(), migrate: true });
    cleanups.push(() => store.close());
    await store.save('a', 'g', { searches: ['x'] });
    expect(await migrateDown(store.db)).toEqual({ applied: ['2025_02_01_0001_grid_view_throttle'] });
    expect((await store.db.introspection.getTables()).map((t) => t.name)).not.toContain('grid_view_throttle');
    expect(await migrateDown(store.db)).toEqual({ applied: ['2025_01_01_0001_grid_preference'] });
    expect((await store.db.introspection.getTables()).map((t) => t.name)).not.toContain('grid_preference');
    expect(await migrateToLatest(store.db)).toEqual({ applied: ['2025_01_01_0001_grid_preference', '2025_02_01_0001_grid_view_throttle'] });
  });

  pgIt('create jsonb columns, a 100-character grid_id and the unique key on PostgreSQL, in the current schema', async () => {
    const schema = await pgSchema();
    const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: schema.url });
    cleanups.push(() => store.close());
    expect((await store.migrate()).applied).toEqual(['2025_01_01_0001_grid_preference', '2025_02_01_0001_grid_view_throttle']);
    expect((await store.migrate()).applied).toEqual([]);
    const columns = await sql<{ column_name: string; data_type: string; character_maximum_length: number | null }>`
      select column_name, data_type, character_maximum_length from information_schema.columns
      where table_schema = ${schema.schema} and table_name = 'grid_preference' order by ordinal_position`.execute(store.db);
    expect(columns.rows).toEqual([
      { column_name: 'id', data_type: 'bigint', character_maximum_length: null },
      { column_name: 'subject', data_type: 'text', character_maximum_length: null },
      { column_name: 'grid_id', data_type: 'character varying', character_maximum_length: 100 },
      { column_name: 'col_presets', data_type: 'jsonb', character_maximum_length: null },
      { column_name: 'searches', data_type: 'jsonb', character_maximum_length: null },
      { column_name: 'updated_at', data_type: 'timestamp with time zone', character_maximum_length: null },
    ]);
    await store.save('a', 'g', { searches: [] });
    await expect(sql`insert into grid_preference (subject, grid_id, updated_at) values ('a', 'g', now())`.execute(store.db)).rejects.toThrow(/duplicate key/);
  });

  it('run several times concurrently without failing (lock)', async () => {
    const filename = dbFile();
    const stores = [0, 1, 2].map(() => createSqlPreferencesStore({ dialect: 'sqlite', filename }));
    cleanups.push(async () => { for (const s of stores) await s.close(); });
    const outcomes = await Promise.all(stores.map((s) => s.migrate()));
    expect(outcomes.flatMap((o) => o.applied)).toEqual(['2025_01_01_0001_grid_preference', '2025_02_01_0001_grid_view_throttle']);
  });

  pgIt('migrate on PostgreSQL while other schemas of the database are created and dropped (tenants, other test files)', async () => {
    // Kysely's migrator asks the catalog about every table of the database, and a table dropped
    // meanwhile fails that question ("relation … does not exist"): the migration must still succeed.
    let churning = true;
    const churn = (async () => {
      const client = new pg.Client({ connectionString: pgUrl() });
      await client.connect();
      try {
        for (let i = 0; churning; i++) {
          const other = `churn_${process.pid}_${i}`;
          await client.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.t (id serial primary key, v text)`);
          await client.query(`DROP SCHEMA ${other} CASCADE`);
        }
      } finally {
        await client.end();
      }
    })();
    try {
      const stores = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const schema = await pgSchema();
          const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: schema.url });
          cleanups.push(() => store.close());
          return store;
        }),
      );
      const outcomes = await Promise.allSettled(stores.map((s) => s.migrate()));
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason?.cause?.message ?? (o as PromiseRejectedResult).reason))).toEqual([]);
    } finally {
      churning = false;
      await churn;
    }
  });
});

describe('database failures', () => {
  it('answers 503 for a read-only SQLite file and leaves the stored row untouched', async () => {
    const filename = dbFile();
    const writer = createSqlPreferencesStore({ dialect: 'sqlite', filename, migrate: true });
    cleanups.push(() => writer.close());
    const before = await writer.save('alice', 'orders', { colPresets: { A: { columns: [{ colId: 'x' }] } }, searches: ['kept'] });
    const readonly = createSqlPreferencesStore({ dialect: 'sqlite', filename, readonly: true });
    cleanups.push(() => readonly.close());
    await expect(readonly.save('alice', 'orders', { searches: ['lost'], colPresets: {} })).rejects.toBeInstanceOf(PreferencesStorageError);
    const onError = vi.fn();
    const handler = createGridViewHandler({ store: readonly, subject: headerSubject, onError });
    const res = await expectError(await handler(postJson('/grid/preferences/', { grid_id: 'orders', searches: ['lost'], colPresets: {} }, as('alice'))), 503, /Preferences storage is unavailable/);
    expect(res.text).not.toMatch(/readonly|SQLITE/i);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(PreferencesStorageError);
    // Reads still work on a read-only file; nothing of the failed saves was written.
    expect(await readonly.get('alice', 'orders')).toEqual(before);
    expect(await writer.get('alice', 'orders')).toEqual(before);
  });

  it('answers 503 when the table was never migrated', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: dbFile() });
    cleanups.push(() => store.close());
    const handler = createGridViewHandler({ store, subject: headerSubject, onError: () => undefined });
    await expectError(await handler(get('/grid/preferences/?grid_id=a', as('u'))), 503);
    await expectError(await handler(postJson('/api/grid-view/save/', { grid_id: 'a', searches: [] }, as('u'))), 503);
  });

  it('answers 503 when the SQLite file cannot be opened, and recovers once it can', async () => {
    const dir = join(tempDir, 'later');
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(dir, 'prefs.db'), migrate: true, onWarn: () => undefined });
    cleanups.push(() => store.close());
    const handler = createGridViewHandler({ store, subject: headerSubject, onError: () => undefined });
    await expectError(await handler(postJson('/grid/preferences/', { grid_id: 'a', searches: ['x'] }, as('u'))), 503);
    (await import('node:fs')).mkdirSync(dir);
    expect((await handler(postJson('/grid/preferences/', { grid_id: 'a', searches: ['x'] }, as('u'))))?.status).toBe(200);
  });

  it('answers 503 when PostgreSQL is unreachable (closed port), failing on the refusal itself', async () => {
    const port = await closedPort();
    const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: `postgres://u:secret@127.0.0.1:${port}/db`, migrate: true });
    cleanups.push(() => store.close());
    const onError = vi.fn();
    const handler = createGridViewHandler({ store, subject: headerSubject, onError });
    const res = await expectError(await handler(postJson('/grid/preferences/', { grid_id: 'a', searches: ['x'] }, as('u'))), 503);
    expect(res.text).not.toContain('secret');
    // The request ends because the connection was refused, not because a connect timeout ran out or
    // a retry loop gave up: the logged cause is the driver's ECONNREFUSED. (A hang is caught by the
    // test timeout; speed itself is measured in bench/, not asserted here.)
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(PreferencesStorageError);
    expect(errorCodes(onError.mock.calls[0]?.[0])).toContain('ECONNREFUSED');
    const again = await store.get('u', 'a').catch((error: unknown) => error);
    expect(again).toBeInstanceOf(PreferencesStorageError);
    expect(errorCodes(again)).toContain('ECONNREFUSED');
  });

  pgIt('answers 503 on a read-only PostgreSQL session and writes nothing', async () => {
    const schema = await pgSchema();
    const writer = createSqlPreferencesStore({ dialect: 'postgres', connectionString: schema.url, migrate: true });
    cleanups.push(() => writer.close());
    const before = await writer.save('alice', 'orders', { searches: ['kept'] });
    const readOnlyUrl = `${schema.url}${encodeURIComponent(' -c default_transaction_read_only=on')}`;
    const readonly = createSqlPreferencesStore({ dialect: 'postgres', connectionString: readOnlyUrl });
    cleanups.push(() => readonly.close());
    const handler = createGridViewHandler({ store: readonly, subject: headerSubject, onError: () => undefined });
    await expectError(await handler(postJson('/grid/preferences/', { grid_id: 'orders', searches: ['lost'], colPresets: {} }, as('alice'))), 503);
    expect(await writer.get('alice', 'orders')).toEqual(before);
  });

  pgIt('costs one failed request, not two, when PostgreSQL terminates the backend of a running query', async () => {
    const schema = await pgSchema();
    const appName = `gv_terminate_${process.pid}`;
    // One connection in the pool: the request after the failure must not be handed the dead one.
    const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: `${schema.url}&application_name=${appName}`, migrate: true, pool: { max: 1 } });
    cleanups.push(() => store.close());
    await store.save('alice', 'orders', { searches: ['kept'] });
    const admin = new pg.Client({ connectionString: schema.url });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query("update grid_preference set updated_at = now() where subject = 'alice' and grid_id = 'orders'");
      const blocked = store.save('alice', 'orders', { searches: ['lost'] }).catch((error: unknown) => error);
      // The save's backend waits on the row lock: terminate it exactly then, while its query runs.
      const pid = await vi.waitFor(
        async () => {
          const waiting = await admin.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'", [appName]);
          const found = waiting.rows[0]?.pid;
          if (found === undefined) throw new Error('the save is not waiting on the lock yet');
          return found;
        },
        { timeout: 10_000, interval: 10 },
      );
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const failure = await blocked;
      expect(failure).toBeInstanceOf(PreferencesStorageError);
      expect(errorCodes(failure)).toContain('57P01');
      await admin.query('rollback');
      // Before the fix this failed with "Connection terminated unexpectedly": the pool lent out the dead client.
      expect((await store.get('alice', 'orders')).searches).toEqual(['kept']);
    } finally {
      await admin.end();
    }
  });

  pgIt('survives a connection that dies while a transaction holds it between statements (no unhandled error event)', async () => {
    const schema = await pgSchema();
    const appName = `gv_checked_out_${process.pid}`;
    const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: `${schema.url}&application_name=${appName}`, migrate: true, pool: { max: 1 } });
    cleanups.push(() => store.close());
    await store.save('alice', 'orders', { searches: ['kept'] });
    const admin = new pg.Client({ connectionString: schema.url });
    await admin.connect();
    try {
      const ended = clientEnded(appName);
      const outcome = await store.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [appName]);
          // The socket's end arrives while the client is still checked out, between two statements.
          await ended;
          await sql`select 1`.execute(trx);
        })
        .catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(Error);
      expect((await store.get('alice', 'orders')).searches).toEqual(['kept']);
    } finally {
      await admin.end();
    }
  });

  it('reads hand-edited, invalid stored JSON as empty instead of failing', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: dbFile(), migrate: true });
    cleanups.push(() => store.close());
    await store.save('a', 'g', { searches: ['x'] });
    await store.db.updateTable('grid_preference').set({ col_presets: '{not json', searches: '[1,2]' }).execute();
    const prefs = await store.get('a', 'g');
    expect(prefs).toMatchObject({ colPresets: {}, searches: [] });
    expect(prefs.updatedAt).not.toBeNull();
  });

  it('refuses to be used after close', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: dbFile(), migrate: true });
    await store.close();
    await store.close();
    await expect(store.get('a', 'g')).rejects.toBeInstanceOf(PreferencesStorageError);
  });
});

describe('an application-owned Kysely instance', () => {
  it('is used as given and not destroyed by close()', async () => {
    const db = new Kysely<{ other: { id: number } }>({ dialect: new SqliteDialect({ database: new Database(dbFile()) }) });
    const store = createSqlPreferencesStore({ db, migrate: true });
    expect(store.dialect).toBe('sqlite');
    await store.save('a', 'g', { searches: ['x'] });
    await store.close();
    const rows = await sql<{ n: number }>`select count(*) as n from grid_preference`.execute(db);
    expect(rows.rows[0]?.n).toBe(1);
    await db.destroy();
  });

  it('must be SQLite or PostgreSQL', () => {
    const db = new Kysely({ dialect: new MysqlDialect({ pool: async () => { throw new Error('never connects'); } }) });
    expect(() => createSqlPreferencesStore({ db })).toThrow(/SQLite or PostgreSQL/);
  });
});

describe('vue-grid-view migrate (CLI)', () => {
  function io(env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env }, out, err };
  }

  it('migrates a SQLite file, then reports it up to date', async () => {
    const file = dbFile();
    const first = io();
    expect(await runCli(['migrate', '--sqlite', file], first.io)).toBe(0);
    expect(first.out.join('')).toContain('applied 2025_01_01_0001_grid_preference');
    const second = io();
    expect(await runCli(['migrate', '--sqlite', file], second.io)).toBe(0);
    expect(second.out.join('')).toContain('already up to date');
    const check = new Database(file, { readonly: true });
    expect(check.prepare("select name from sqlite_master where name = 'grid_preference'").get()).toEqual({ name: 'grid_preference' });
    check.close();
  });

  pgIt('migrates PostgreSQL from --postgres and from DATABASE_URL', async () => {
    const schema = await pgSchema();
    const first = io();
    expect(await runCli(['migrate', '--postgres', schema.url], first.io)).toBe(0);
    expect(first.out.join('')).toContain('applied');
    expect(first.out.join('')).not.toContain('gridview_test:gridview_test');
    const second = io({ DATABASE_URL: schema.url });
    expect(await runCli(['migrate'], second.io)).toBe(0);
    expect(second.out.join('')).toContain('already up to date');
  });

  it.each([
    [[], 2],
    [['migrate'], 2],
    [['migrate', '--sqlite', 'a.db', '--postgres', 'postgres://x'], 2],
    [['frobnicate'], 2],
    [['migrate', '--bogus'], 2],
  ])('exits with a usage error for %j', async (args, code) => {
    const { io: cli, err, out } = io();
    expect(await runCli(args, cli)).toBe(code);
    expect(err.join('') + out.join('')).toContain('Usage: vue-grid-view');
  });

  it('prints help with exit code 0', async () => {
    const { io: cli, out } = io();
    expect(await runCli(['help'], cli)).toBe(0);
    expect(out.join('')).toContain('migrate --sqlite');
  });

  it('exits 1 with the reason, and no password, when the database cannot be reached', async () => {
    const sqlite = io();
    expect(await runCli(['migrate', '--sqlite', join(tempDir, 'missing-dir', 'x.db')], sqlite.io)).toBe(1);
    expect(sqlite.err.join('')).toMatch(/migration failed/);
    const port = await closedPort();
    const pg = io();
    expect(await runCli(['migrate', '--postgres', `postgres://u:hunter2@127.0.0.1:${port}/db`], pg.io)).toBe(1);
    expect(pg.err.join('')).toContain('u:***@127.0.0.1');
    expect(pg.err.join('')).not.toContain('hunter2');
  });
});
