/**
 * Preferences in SQL through Kysely: a SQLite file (better-sqlite3, the embedded default) or
 * PostgreSQL (pg). One row per (subject, grid_id); every save is ONE `INSERT … ON CONFLICT DO UPDATE`
 * statement that replaces only the fields present in the patch, so concurrent saves never duplicate
 * a row, never fail on the unique key and never leave half a save behind.
 *
 * The database drivers are imported when the first query runs, so `vue-grid-view/server` loads
 * without them; only the chosen one must be installed.
 *
 * @module
 */
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { PoolConfig } from 'pg';
import { validateGridId, validateGridPrefsPatch } from '../../core/prefs';
import type { ColumnPreset, GridPrefs, GridPrefsPatch } from '../../core/types';
import type { PreferencesStore } from '../../host/types';
import { PreferencesStorageError } from '../errors';
import { migrateToLatest, type MigrateOutcome } from './migrations';
import { dialectOf, type GridViewDatabase, type SqlDialectName } from './schema';

/** A SQLite database file (created when missing, unless `readonly`). */
export interface SqliteStoreOptions {
  dialect: 'sqlite';
  /** Path of the database file; `:memory:` works for throwaway stores. */
  filename: string;
  /** Opens the file read-only: every save fails with a storage error (503). */
  readonly?: boolean;
  /** Milliseconds a write waits for another connection's lock before failing; default 5,000. */
  busyTimeoutMs?: number;
  /**
   * SQLite `synchronous` setting. Default `NORMAL`: with WAL, a crash never corrupts the file, and
   * only the last commits before a power loss can be lost. `FULL` syncs every commit (slower).
   */
  synchronous?: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';
  /** Runs the package's migrations before the first query. Default false. */
  migrate?: boolean;
}

/** A PostgreSQL server reached through a `pg` pool. */
export interface PostgresStoreOptions {
  dialect: 'postgres';
  /** `postgres://user:password@host:5432/database` (query options such as `sslmode` are honoured). */
  connectionString: string;
  /** Further `pg` pool settings; default `max` 10 and `connectionTimeoutMillis` 5,000. */
  pool?: Omit<PoolConfig, 'connectionString'>;
  /** Runs the package's migrations before the first query. Default false. */
  migrate?: boolean;
}

/** A Kysely instance the application already has (SQLite or PostgreSQL). The store never destroys it. */
export interface KyselyStoreOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the store only touches its own table.
  db: Kysely<any>;
  /** Runs the package's migrations before the first query. Default false. */
  migrate?: boolean;
}

/** Options of `createSqlPreferencesStore`. */
export type SqlPreferencesStoreOptions = SqliteStoreOptions | PostgresStoreOptions | KyselyStoreOptions;

/** A `PreferencesStore` in SQL, with access to its Kysely instance and migrations. */
export interface SqlPreferencesStore extends PreferencesStore {
  readonly db: Kysely<GridViewDatabase>;
  readonly dialect: SqlDialectName;
  /** Applies the package's migrations (see `migrateToLatest`). */
  migrate(): Promise<MigrateOutcome>;
  /** Closes the connection or pool the store opened (not a Kysely instance it was given); idempotent. */
  close(): Promise<void>;
}

/**
 * Creates a SQL preferences store. Nothing connects until the first query.
 *
 * - `get` returns empty preferences (`updatedAt: null`) when nothing is stored; a stored field whose
 *   JSON no longer passes validation (edited by hand) reads as empty rather than failing.
 * - `save` validates the grid id and patch (a `TypeError` for bad input, nothing written) and
 *   returns what is stored after the save.
 * - Any database failure (unreachable, read-only, locked too long, table missing) is thrown as
 *   `PreferencesStorageError` with the driver's error as `cause`; the handler answers 503.
 *
 * @example
 * const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: 'prefs.db', migrate: true });
 */
export function createSqlPreferencesStore(options: SqlPreferencesStoreOptions): SqlPreferencesStore {
  const owned = !('db' in options);
  const db: Kysely<GridViewDatabase> = 'db' in options ? options.db : new Kysely<GridViewDatabase>({ dialect: createDialect(options) });
  const dialect = dialectOf(db as Kysely<unknown>);
  const upsert = upsertQueries(db);
  let autoMigrated: Promise<MigrateOutcome> | null = null;
  let closed = false;

  const migrate = async (): Promise<MigrateOutcome> => {
    try {
      return await migrateToLatest(db);
    } catch (error) {
      throw new PreferencesStorageError('Migrating the preferences table failed.', { cause: error });
    }
  };
  const ready = async (): Promise<void> => {
    if (closed) throw new PreferencesStorageError('The preferences store is closed.');
    if (!options.migrate) return;
    // Once per store; a failed attempt is forgotten so the next request tries again.
    autoMigrated ??= migrate().catch((error: unknown) => {
      autoMigrated = null;
      throw error;
    });
    await autoMigrated;
  };

  return {
    db,
    dialect,
    migrate,

    async get(subject: string, gridId: string): Promise<GridPrefs> {
      checkKey(subject, gridId);
      await ready();
      const row = await storageCall('read', () =>
        db
          .selectFrom('grid_preference')
          .select(['col_presets', 'searches', 'updated_at'])
          .where('subject', '=', subject)
          .where('grid_id', '=', gridId)
          .executeTakeFirst(),
      );
      return row ? toPrefs(row) : { colPresets: {}, searches: [], updatedAt: null };
    },

    async save(subject: string, gridId: string, patch: GridPrefsPatch): Promise<GridPrefs> {
      checkKey(subject, gridId);
      const valid = validateGridPrefsPatch(patch);
      if (!valid.ok) throw new TypeError(valid.message);
      await ready();
      const { colPresets, searches } = valid.value;
      const query = upsert.for(colPresets !== undefined, searches !== undefined);
      const values: Record<UpsertParam, string> = {
        subject,
        grid_id: gridId,
        col_presets: JSON.stringify(colPresets ?? {}),
        searches: JSON.stringify(searches ?? []),
        updated_at: new Date().toISOString(),
      };
      const result = await storageCall('save', () =>
        db.executeQuery<StoredRow>(CompiledQuery.raw(query.sql, query.order.map((name) => values[name]))),
      );
      const row = result.rows[0];
      if (!row) throw new PreferencesStorageError('Preferences save returned no row.');
      // Fields this save wrote are known and valid; only the ones it kept are read back.
      const stored = toPrefs(row, { colPresets, searches });
      return stored;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (owned) await db.destroy();
    },
  };
}

function createDialect(options: SqliteStoreOptions | PostgresStoreOptions): SqliteDialect | PostgresDialect {
  if (options.dialect === 'sqlite') {
    return new SqliteDialect({
      database: async () => {
        const { default: Database } = await import('better-sqlite3');
        const readonly = options.readonly ?? false;
        const database = new Database(options.filename, { readonly, fileMustExist: readonly, timeout: options.busyTimeoutMs ?? 5_000 });
        if (!readonly) {
          // WAL lets readers work while one connection writes; busy_timeout makes writers queue
          // instead of failing at once when several processes share the file.
          database.pragma('journal_mode = WAL');
          database.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
        }
        database.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5_000))}`);
        return withStatementCache(database);
      },
    });
  }
  if (options.dialect === 'postgres') {
    return new PostgresDialect({
      pool: async () => {
        const pg = await import('pg');
        const Pool = pg.Pool ?? (pg as unknown as { default: typeof pg }).default.Pool;
        const pool = new Pool({ max: 10, connectionTimeoutMillis: 5_000, ...options.pool, connectionString: options.connectionString });
        // An idle client losing its connection (server restart) must not crash the process.
        pool.on('error', () => undefined);
        return pool;
      },
    });
  }
  throw new TypeError('createSqlPreferencesStore needs { dialect: "sqlite", filename }, { dialect: "postgres", connectionString } or { db }.');
}

type UpsertParam = 'subject' | 'grid_id' | 'col_presets' | 'searches' | 'updated_at';

/**
 * The upsert for each combination of present fields, compiled once per store: building and
 * compiling the Kysely query for every save cost more than running it. The order of the bound
 * parameters is taken from the compiled query itself (sentinel values), never assumed.
 */
function upsertQueries(db: Kysely<GridViewDatabase>): { for(presets: boolean, searches: boolean): { sql: string; order: UpsertParam[] } } {
  const cache = new Map<string, { sql: string; order: UpsertParam[] }>();
  const names: UpsertParam[] = ['subject', 'grid_id', 'col_presets', 'searches', 'updated_at'];
  const sentinel = (name: UpsertParam) => `\u0000vgv:${name}`;
  return {
    for(presets: boolean, searches: boolean) {
      const key = `${presets}:${searches}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const compiled = db
        .insertInto('grid_preference')
        .values({
          subject: sentinel('subject'),
          grid_id: sentinel('grid_id'),
          col_presets: sentinel('col_presets'),
          searches: sentinel('searches'),
          updated_at: sentinel('updated_at'),
        })
        .onConflict((conflict) =>
          conflict.columns(['subject', 'grid_id']).doUpdateSet((eb) => ({
            updated_at: eb.ref('excluded.updated_at'),
            ...(presets ? { col_presets: eb.ref('excluded.col_presets') } : {}),
            ...(searches ? { searches: eb.ref('excluded.searches') } : {}),
          })),
        )
        .returning(['col_presets', 'searches', 'updated_at'])
        .compile();
      const order = compiled.parameters.map((value) => {
        const name = names.find((n) => sentinel(n) === value);
        if (!name) throw new Error('Unexpected parameter in the compiled preferences upsert.');
        return name;
      });
      const query = { sql: compiled.sql, order };
      cache.set(key, query);
      return query;
    },
  };
}

/**
 * Kysely prepares every query anew; preparing cost about as much as running a save. This connection
 * is ours alone and the store never streams (a cached statement is never busy when reused), so
 * prepared statements are kept per SQL text (bounded: the store issues a handful of distinct SQL).
 */
function withStatementCache<T extends { prepare: (sql: string) => unknown }>(database: T): T {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, unknown>();
  database.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      if (statements.size >= 64) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as T['prepare'];
  return database;
}

function checkKey(subject: string, gridId: string): void {
  if (typeof subject !== 'string' || subject === '') throw new TypeError('subject must be a non-empty string.');
  const id = validateGridId(gridId);
  if (!id.ok) throw new TypeError(id.message);
}

async function storageCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PreferencesStorageError(`Preferences ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

interface StoredRow {
  col_presets: unknown;
  searches: unknown;
  updated_at: string | Date;
}

function toPrefs(row: StoredRow, known: GridPrefsPatch = {}): GridPrefs {
  const updatedAt = row.updated_at instanceof Date ? row.updated_at.toISOString() : new Date(row.updated_at).toISOString();
  let colPresets = known.colPresets;
  if (colPresets === undefined) {
    const checked = validateGridPrefsPatch({ colPresets: parseJson(row.col_presets) });
    colPresets = checked.ok ? (checked.value.colPresets as Record<string, ColumnPreset>) : {};
  }
  let searches = known.searches;
  if (searches === undefined) {
    const checked = validateGridPrefsPatch({ searches: parseJson(row.searches) });
    searches = checked.ok ? (checked.value.searches as string[]) : [];
  }
  return { colPresets, searches, updatedAt };
}

/** SQLite gives JSON text, PostgreSQL parsed `jsonb`; unparsable text reads as null. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
