/**
 * The throttle of several app servers as one: fixed-window hit counters in the preferences
 * database (`grid_view_throttle`, created by the package's migrations), so N handler instances
 * behind a load balancer allow a caller `limit` requests per window in all, not `limit` each.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { migrateToLatest } from './migrations';
import { dialectOf, type SqlDialectName } from './schema';

/** What a shared throttle store answers for one hit: the hits of the current window, this one included. */
export interface ThrottleStoreHit {
  /** Hits of `key` in its current window, counting this one (refused hits count too). */
  hits: number;
  /** Epoch milliseconds when the window ends and the count starts again. */
  resetAt: number;
}

/**
 * Where a handler's throttles count when they must hold across processes. `hit` counts one hit of
 * `key` in the fixed window of `windowMs` that contains `now`, atomically.
 */
export interface ThrottleStore {
  hit(key: string, windowMs: number, now: number): Promise<ThrottleStoreHit>;
}

/** Options of `createSqlThrottleStore`. */
export interface SqlThrottleStoreOptions {
  /** Runs the package's migrations before the first hit (else run them at deploy time). @default false */
  migrate?: boolean;
  /** Rows of windows that ended are deleted at most this often, by the instance that notices. @default 60000 */
  cleanupEveryMs?: number;
}

/** A `ThrottleStore` in SQLite or PostgreSQL. */
export interface SqlThrottleStore extends ThrottleStore {
  readonly dialect: SqlDialectName;
}

/**
 * A `ThrottleStore` in the preferences database (SQLite or PostgreSQL; the table comes with the
 * package's migrations). Give it to the handler as `throttleStore`, and every instance over the
 * same database shares one count per caller and route.
 *
 * - **Fixed windows**: a hit counts in the window `[⌊now / windowMs⌋·windowMs, … + windowMs)`;
 *   a caller may thus send up to `2 × limit` across a window boundary (the price of one row and one
 *   statement per hit; the in-process throttle's sliding log would need a row per hit).
 * - **Atomic**: one `INSERT … ON CONFLICT (bucket) DO UPDATE … RETURNING` per hit, so concurrent
 *   hits through any number of instances are each counted once. A hit from an instance whose clock
 *   is behind counts into the newer window instead of resetting it.
 * - Keys are stored as SHA-256 hashes (fixed length, and no subject in clear text).
 * - Rows of ended windows are deleted at most every `cleanupEveryMs`, in the background.
 *
 * Edge cases: a database error rejects `hit`; the handler then lets the request through and warns
 * (a throttle that fails closed would turn a database hiccup into refusing everyone).
 *
 * @example
 * const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString, migrate: true });
 * const handler = createGridViewHandler({ store, throttleStore: createSqlThrottleStore(store.db) });
 */
export function createSqlThrottleStore<DB>(instance: Kysely<DB>, options: SqlThrottleStoreOptions = {}): SqlThrottleStore {
  const db = instance as unknown as Kysely<unknown>;
  const dialect = dialectOf(db);
  const cleanupEveryMs = Math.max(1000, options.cleanupEveryMs ?? 60_000);
  let migrated: Promise<unknown> | null = null;
  let lastCleanup = 0;

  const ready = async (): Promise<void> => {
    if (!options.migrate) return;
    migrated ??= migrateToLatest(db).catch((error: unknown) => {
      migrated = null;
      throw error;
    });
    await migrated;
  };

  return {
    dialect,
    async hit(key, windowMs, now) {
      await ready();
      const start = Math.floor(now / windowMs) * windowMs;
      const bucket = createHash('sha256').update(`${windowMs}\u0000${key}`).digest('hex');
      const result = await sql<{ hits: number | string; window_start: number | string }>`
        insert into grid_view_throttle (bucket, window_start, hits, expires_at)
        values (${bucket}, ${start}, 1, ${start + windowMs})
        on conflict (bucket) do update set
          hits = case when excluded.window_start > grid_view_throttle.window_start then 1 else grid_view_throttle.hits + 1 end,
          expires_at = case when excluded.window_start > grid_view_throttle.window_start then excluded.expires_at else grid_view_throttle.expires_at end,
          window_start = case when excluded.window_start > grid_view_throttle.window_start then excluded.window_start else grid_view_throttle.window_start end
        returning hits, window_start`.execute(db);
      const row = result.rows[0];
      if (row === undefined) throw new Error('The throttle upsert returned no row.');
      if (now - lastCleanup >= cleanupEveryMs) {
        lastCleanup = now;
        // Fire and forget: a failed cleanup only leaves rows for the next one.
        void sql`delete from grid_view_throttle where expires_at < ${now}`.execute(db).catch(() => undefined);
      }
      return { hits: Number(row.hits), resetAt: Number(row.window_start) + windowMs };
    },
  };
}
