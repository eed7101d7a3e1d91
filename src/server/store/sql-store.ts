/**
 * Preferences in SQL through Kysely: a SQLite file (better-sqlite3, the embedded default) or
 * PostgreSQL (pg). One row per (subject, grid_id); every save is ONE `INSERT … ON CONFLICT DO UPDATE`
 * statement that replaces only the fields present in the patch, so concurrent saves never duplicate
 * a row, never fail on the unique key and never leave half a save behind.
 *
 * The database drivers are imported when the first query runs, so `vue-grid-view/server` loads
 * without them; only the chosen one must be installed.
 *
 * Under faults a save is acknowledged only once it is in the database: the SQLite file is checked
 * against the file at its path around every operation and reopened after failures
 * (`./sqlite-connection`), locks are waited for without blocking the event loop, PostgreSQL
 * statements have a timeout and dead pooled connections are destroyed (`./pg-pool`). Everything
 * else is a `PreferencesStorageError` (503). docs/server.md, "Under faults", has the whole table.
 *
 * @module
 */
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { ConnectionOptions } from 'node:tls';
import { loadOptionalPackage } from '../../core/optional-package';
import { validateGridId, validateGridPrefsPatch, validateSubject } from '../../core/prefs';
import type { ColumnPreset, GridPrefs, GridPrefsPatch } from '../../core/types';
import type { PreferencesStore } from '../../host/types';
import { PreferencesStorageError } from '../errors';
import { type WarningLogger, defaultWarningLogger, safeWarn } from '../log';
import { isDatabaseFault } from './faults';
import { isSqliteBusy, migrateToLatest, type MigrateOutcome } from './migrations';
import { droppingBrokenClients } from './pg-pool';
import { SqliteFileConnection } from './sqlite-connection';
import { dialectOf, type GridViewDatabase, type SqlDialectName } from './schema';

/**
 * A SQLite database file, created when it is missing at the store's first open (unless
 * `readonly`). Once opened, a missing file is a fault (deleted, or its volume not mounted): the
 * store answers 503 until the file is back and never creates an empty one in its place.
 */
export interface SqliteStoreOptions {
  dialect: 'sqlite';
  /** Path of the database file; `:memory:` works for throwaway stores. */
  filename: string;
  /** Opens the file read-only: every save fails with a storage error (503), and the store never reopens it to write. */
  readonly?: boolean;
  /**
   * Milliseconds an operation waits for another connection's lock before failing with a storage
   * error (503); default 5,000. The wait is asynchronous: the statement is retried every few
   * milliseconds and the event loop keeps serving other requests meanwhile.
   */
  busyTimeoutMs?: number;
  /**
   * SQLite `synchronous` setting. Default `NORMAL`: with WAL, a crash never corrupts the file, and
   * only the last commits before a power loss can be lost. `FULL` syncs every commit (slower).
   */
  synchronous?: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';
  /**
   * Runs the package's migrations before the first query, and again after the file was reopened
   * (a recreated folder gets its table back). Default false.
   */
  migrate?: boolean;
  /**
   * Receives the store's warnings (the file was deleted or replaced, a failed connection closed or
   * reopened). Default: `console.warn` unless `NODE_ENV` is `production`.
   */
  onWarn?: WarningLogger;
}

/**
 * Settings of the `pg` pool a PostgreSQL store opens, handed to `new pg.Pool()` as they are (the
 * store's `connectionString` wins over a `connectionString` here). Every field of `pg`'s
 * `PoolConfig` (pg 8) is here with a structural type, so a `pg.PoolConfig` object fits as it is.
 *
 * Why not `pg`'s own `PoolConfig`: the package's declaration files would then import `pg`, and a
 * TypeScript project that uses SQLite and has no `pg` installed would fail to compile
 * (`Cannot find module 'pg'`) unless it skipped library checks.
 *
 * Edge cases: nothing is validated here; `pg` reads the settings when the first query opens the
 * pool. A setting a newer `pg` adds and this list lacks is refused in an object literal (excess
 * property check) but passes in a variable typed `pg.PoolConfig`.
 */
export interface PostgresPoolSettings {
  user?: string | undefined;
  database?: string | undefined;
  password?: string | (() => string | Promise<string>) | undefined;
  port?: number | undefined;
  host?: string | undefined;
  /** Ignored: the store's own `connectionString` is used. */
  connectionString?: string | undefined;
  keepAlive?: boolean | undefined;
  keepAliveInitialDelayMillis?: number | undefined;
  stream?: ((...args: never[]) => unknown) | undefined;
  /** Overrides the store's `statementTimeoutMs` when given. */
  statement_timeout?: false | number | undefined;
  ssl?: boolean | ConnectionOptions | undefined;
  query_timeout?: number | undefined;
  lock_timeout?: number | undefined;
  idle_in_transaction_session_timeout?: number | undefined;
  application_name?: string | undefined;
  fallback_application_name?: string | undefined;
  connectionTimeoutMillis?: number | undefined;
  types?: { getTypeParser: (...args: never[]) => unknown } | undefined;
  options?: string | undefined;
  client_encoding?: string | undefined;
  max?: number | undefined;
  min?: number | undefined;
  idleTimeoutMillis?: number | undefined | null;
  log?: ((...messages: never[]) => void) | undefined;
  Promise?: PromiseConstructorLike | undefined;
  allowExitOnIdle?: boolean | undefined;
  maxUses?: number | undefined;
  maxLifetimeSeconds?: number | undefined;
  Client?: (new (...args: never[]) => unknown) | undefined;
}

/** A PostgreSQL server reached through a `pg` pool. */
export interface PostgresStoreOptions {
  dialect: 'postgres';
  /** `postgres://user:password@host:5432/database` (query options such as `sslmode` are honoured). */
  connectionString: string;
  /** Further `pg` pool settings (any `pg.PoolConfig`); default `max` 10 and `connectionTimeoutMillis` 5,000. */
  pool?: PostgresPoolSettings;
  /**
   * Longest time one statement may run (PostgreSQL's `statement_timeout`, lock waits included)
   * before it is cancelled and the request answers 503; nothing of a cancelled save is written.
   * Default 5,000 ms, well inside a browser client's 10 s timeout; 0 turns it off.
   */
  statementTimeoutMs?: number;
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
  const sqlite = 'dialect' in options && options.dialect === 'sqlite' ? sqliteConnection(options) : null;
  const db: Kysely<GridViewDatabase> = 'db' in options ? options.db : new Kysely<GridViewDatabase>({ dialect: createDialect(options, sqlite) });
  const dialect = dialectOf(db as Kysely<unknown>);
  const upsert = upsertQueries(db);
  const busyTimeoutMs = 'dialect' in options && options.dialect === 'sqlite' ? Math.max(0, options.busyTimeoutMs ?? 5_000) : 5_000;
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

  /**
   * Runs one store operation: the SQLite file checked (and reopened) first, migrations when asked
   * for, then the statement; a save is checked against the file at the path once more before it is
   * acknowledged. A busy lock is waited for asynchronously (retried with a growing pause until
   * `busyTimeoutMs`); after any other failure the next operation checks the migrations again (a
   * recreated database gets its table), and a SQLite connection the failure may have spoiled
   * (read-only, I/O error, full disk) is closed for a reopen with backoff.
   */
  const operation = async <T>(what: 'read' | 'save', run: () => Promise<T>): Promise<T> => {
    const deadline = Date.now() + busyTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        if (closed) throw new PreferencesStorageError('The preferences store is closed.');
        await sqlite?.ensure();
        await ready();
        const result = await run();
        if (what === 'save') sqlite?.verifyAfterWrite();
        sqlite?.succeeded(what);
        return result;
      } catch (error) {
        const busy = isSqliteBusy(error);
        if (busy && !closed && Date.now() < deadline) {
          await sleep(busyPause(attempt, deadline));
          continue;
        }
        if (!busy) {
          sqlite?.invalidate(error);
          autoMigrated = null;
        }
        if (!isDatabaseFault(error)) throw error;
        throw new PreferencesStorageError(`Preferences ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
  };

  return {
    db,
    dialect,
    migrate,

    async get(subject: string, gridId: string): Promise<GridPrefs> {
      checkKey(subject, gridId);
      const row = await operation('read', () =>
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
      const { colPresets, searches } = valid.value;
      const query = upsert.for(colPresets !== undefined, searches !== undefined);
      const values: Record<UpsertParam, string> = {
        subject,
        grid_id: gridId,
        col_presets: JSON.stringify(colPresets ?? {}),
        searches: JSON.stringify(searches ?? []),
        updated_at: new Date().toISOString(),
      };
      const result = await operation('save', () => db.executeQuery<StoredRow>(CompiledQuery.raw(query.sql, query.order.map((name) => values[name]))));
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

function sqliteConnection(options: SqliteStoreOptions): SqliteFileConnection {
  const warn = options.onWarn ?? defaultWarningLogger;
  return new SqliteFileConnection({
    filename: options.filename,
    readonly: options.readonly ?? false,
    synchronous: options.synchronous ?? 'NORMAL',
    warn: (message, error) => safeWarn(warn, message, error === undefined ? undefined : { error }),
  });
}

function createDialect(options: SqliteStoreOptions | PostgresStoreOptions, sqlite: SqliteFileConnection | null): SqliteDialect | PostgresDialect {
  if (options.dialect === 'sqlite' && sqlite !== null) {
    return new SqliteDialect({ database: () => sqlite.load() });
  }
  if (options.dialect === 'postgres') {
    return new PostgresDialect({
      pool: async () => {
        // Without pg installed: a MissingPackageError naming it and its install command (503, logged).
        const pg = await loadOptionalPackage('The PostgreSQL store', ['pg'], () => import('pg'));
        const Pool = pg.Pool ?? (pg as unknown as { default: typeof pg }).default.Pool;
        const statementTimeout = Math.max(0, Math.floor(options.statementTimeoutMs ?? 5_000));
        const pool = new Pool({
          max: 10,
          connectionTimeoutMillis: 5_000,
          // A dead peer (server gone without a FIN) is noticed by TCP keep-alive instead of never.
          keepAlive: true,
          ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
          // The structural settings are pg's own fields (see PostgresPoolSettings); only the
          // function-typed ones are looser than pg's declarations.
          ...(options.pool as ConstructorParameters<typeof Pool>[0]),
          connectionString: options.connectionString,
        });
        // An idle client losing its connection (server restart, terminated backend) must not crash
        // the process; the pool drops it and opens a new one on the next query.
        pool.on('error', () => undefined);
        return droppingBrokenClients(pool);
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

function checkKey(subject: string, gridId: string): void {
  const who = validateSubject(subject);
  if (!who.ok) throw new TypeError(who.message);
  const id = validateGridId(gridId);
  if (!id.ok) throw new TypeError(id.message);
}

/** Pause before retry `attempt` of a busy statement: 2, 4, 8, … up to 50 ms, with jitter, never past the deadline. */
function busyPause(attempt: number, deadline: number): number {
  const base = Math.min(50, 2 * 2 ** attempt);
  return Math.max(1, Math.min(deadline - Date.now(), Math.round(base * (0.5 + Math.random() / 2))));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
