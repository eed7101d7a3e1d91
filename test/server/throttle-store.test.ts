/**
 * Several app servers as one: the throttle store in the preferences database (fixed windows, one
 * atomic upsert per hit) on SQLite and a real PostgreSQL, and two handler instances over one
 * PostgreSQL database that share presets and the throttle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createGridViewHandler } from '../../src/server/handler';
import { createSqlPreferencesStore, type SqlPreferencesStore } from '../../src/server/store/sql-store';
import { createSqlThrottleStore, type ThrottleStore } from '../../src/server/store/sql-throttle';
import { createStoreThrottle } from '../../src/server/throttle';
import { as, expectError, get, headerSubject, jsonOf, postJson } from './helpers';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';

const pgState = await ensurePostgres();
const dir = mkdtempSync(join(tmpdir(), 'gv-throttle-store-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;

async function openStore(dialect: 'sqlite' | 'postgres'): Promise<SqlPreferencesStore> {
  if (dialect === 'sqlite') {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(dir, `t${files++}.db`), migrate: true });
    await store.migrate();
    cleanups.push(() => store.close());
    return store;
  }
  if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
  const schema = await createTestSchema(pgState.url);
  const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: schema.url, migrate: true });
  await store.migrate();
  cleanups.push(async () => {
    await store.close();
    await schema.drop();
  });
  return store;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf(dialect === 'postgres' && !pgState.available && SKIP_PG)(`the SQL throttle store on ${dialect}`, () => {
    it('counts hits of a key in fixed windows and starts again in the next one', async () => {
      const throttle = createSqlThrottleStore((await openStore(dialect)).db);
      expect(await throttle.hit('alice\u0000rows', 60_000, 120_000)).toEqual({ hits: 1, resetAt: 180_000 });
      expect(await throttle.hit('alice\u0000rows', 60_000, 179_999)).toEqual({ hits: 2, resetAt: 180_000 });
      expect(await throttle.hit('bob\u0000rows', 60_000, 150_000)).toEqual({ hits: 1, resetAt: 180_000 });
      expect(await throttle.hit('alice\u0000rows', 60_000, 180_000)).toEqual({ hits: 1, resetAt: 240_000 });
      // The same key under another window length is another count.
      expect(await throttle.hit('alice\u0000rows', 1_000, 180_000)).toEqual({ hits: 1, resetAt: 181_000 });
    });

    it('counts every one of many concurrent hits exactly once (one atomic upsert each)', async () => {
      const throttle = createSqlThrottleStore((await openStore(dialect)).db);
      const now = Date.now();
      const answers = await Promise.all(Array.from({ length: 40 }, () => throttle.hit('burst', 60_000, now)));
      expect(answers.map((a) => a.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('counts a hit from a server whose clock is behind into the newer window instead of resetting it', async () => {
      const throttle = createSqlThrottleStore((await openStore(dialect)).db);
      await throttle.hit('k', 60_000, 600_000);
      await throttle.hit('k', 60_000, 600_001);
      expect(await throttle.hit('k', 60_000, 599_999)).toEqual({ hits: 3, resetAt: 660_000 });
    });

    it('deletes the rows of ended windows', async () => {
      const store = await openStore(dialect);
      const throttle = createSqlThrottleStore(store.db, { cleanupEveryMs: 1000 });
      await throttle.hit('old', 1000, 10_000);
      await throttle.hit('new', 1000, 50_000);
      // The clean-up runs in the background after a hit: wait until the ended window's row is gone.
      await vi.waitFor(
        async () => {
          const left = await sql<{ n: number | string }>`select count(*) as n from grid_view_throttle`.execute(store.db);
          expect(Number(left.rows[0]?.n)).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    });
  });
}

describe('createStoreThrottle', () => {
  it('refuses past the limit with the seconds left in the window', async () => {
    let hits = 0;
    const store: ThrottleStore = { hit: (_key, windowMs, now) => Promise.resolve({ hits: ++hits, resetAt: Math.floor(now / windowMs) * windowMs + windowMs }) };
    const throttle = createStoreThrottle(store, { limit: 2, windowMs: 60_000 }, () => 61_500);
    expect(await throttle.hit('k')).toEqual({ allowed: true });
    expect(await throttle.hit('k')).toEqual({ allowed: true });
    expect(await throttle.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it('lets requests through and reports it when the store fails', async () => {
    const failures: unknown[] = [];
    const throttle = createStoreThrottle({ hit: () => Promise.reject(new Error('database down')) }, { limit: 1, windowMs: 1000 }, Date.now, (e) => failures.push(e));
    expect(await throttle.hit('k')).toEqual({ allowed: true });
    expect(await throttle.hit('k')).toEqual({ allowed: true });
    expect(failures).toHaveLength(2);
  });

  it('refuses limits that are not positive integers', () => {
    const store: ThrottleStore = { hit: () => Promise.resolve({ hits: 1, resetAt: 0 }) };
    expect(() => createStoreThrottle(store, { limit: 0, windowMs: 1000 })).toThrow(RangeError);
    expect(() => createStoreThrottle(store, { limit: 1, windowMs: -1 })).toThrow(RangeError);
  });
});

describe.skipIf(!pgState.available && SKIP_PG)('two handler instances over one PostgreSQL database', () => {
  it('read the presets written through the other and hold one throttle across both', async () => {
    if (!pgState.available) throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
    const schema = await createTestSchema(pgState.url);
    // Two stores with their own pools: what two app servers would hold.
    const stores = [0, 1].map(() => createSqlPreferencesStore({ dialect: 'postgres', connectionString: schema.url, migrate: true }));
    cleanups.push(async () => {
      for (const store of stores) await store.close();
      await schema.drop();
    });
    const warnings: string[] = [];
    const [a, b] = stores.map((store) =>
      createGridViewHandler({
        store,
        subject: headerSubject,
        throttleStore: createSqlThrottleStore(store.db),
        lazyThrottle: { limit: 3, windowMs: 60_000 },
        lazyBlocks: { summary: () => '<p>ok</p>' },
        onWarn: (message) => warnings.push(message),
      }),
    ) as [ReturnType<typeof createGridViewHandler>, ReturnType<typeof createGridViewHandler>];

    const preset = { columns: [{ colId: 'amount', hide: false, width: 120 }] };
    const saved = await jsonOf(await a(postJson('/grid/preferences/', { grid_id: 'orders', colPresets: { Mine: preset }, searches: ['north'] }, as('alice'))));
    expect(saved.status).toBe(200);
    const read = await jsonOf(await b(get('/grid/preferences/?grid_id=orders', as('alice'))));
    expect(read.status).toBe(200);
    expect(read.body.colPresets).toEqual({ Mine: preset });
    expect(read.body.searches).toEqual(['north']);

    // Three lazy loads allowed in all, whichever instance answers; the fourth is refused.
    const lazy = (handler: typeof a) => handler(get('/grid/lazy/?block=summary', as('alice')));
    expect((await lazy(a))?.status).toBe(200);
    expect((await lazy(b))?.status).toBe(200);
    expect((await lazy(a))?.status).toBe(200);
    const refused = await expectError(await lazy(b), 429, /Too many/, 'rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    await expectError(await lazy(a), 429);
    // Another caller has a count of its own.
    expect((await b(get('/grid/lazy/?block=summary', as('bob'))))?.status).toBe(200);
    expect(warnings).toEqual([]);
  });
});
