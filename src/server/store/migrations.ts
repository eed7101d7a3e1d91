/**
 * The package's database migrations, shipped in code (no files to locate at run time) and applied
 * with Kysely's `Migrator`. The bookkeeping tables are named `grid_view_migration` and
 * `grid_view_migration_lock`, so they never mix with the host application's own Kysely migrations.
 *
 * @module
 */
import { type DatabaseIntrospector, type Kysely, type Migration, type MigrationResult, Migrator, sql } from 'kysely';
import { dialectOf, type SqlDialectName } from './schema';

/** Bookkeeping table names of the package's migrations. */
export const MIGRATION_TABLES = Object.freeze({ migrations: 'grid_view_migration', lock: 'grid_view_migration_lock' });

function migrationsFor(dialect: SqlDialectName): Record<string, Migration> {
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    '2025_01_01_0001_grid_preference': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('grid_preference')
          .ifNotExists()
          .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('grid_id', 'varchar(100)', (c) => c.notNull())
          .addColumn('col_presets', sql.raw(json), (c) => c.notNull().defaultTo(sql.raw(dialect === 'postgres' ? `'{}'::jsonb` : `'{}'`)))
          .addColumn('searches', sql.raw(json), (c) => c.notNull().defaultTo(sql.raw(dialect === 'postgres' ? `'[]'::jsonb` : `'[]'`)))
          .addColumn('updated_at', sql.raw(time), (c) => c.notNull())
          .addUniqueConstraint('grid_preference_subject_grid_id_key', ['subject', 'grid_id'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('grid_preference').ifExists().execute();
      },
    },
    // The shared throttle of several app servers (createSqlThrottleStore): one row per caller,
    // route and window length, counting the hits of the current fixed window. Times are epoch
    // milliseconds (bigint: past 2^31).
    '2025_02_01_0001_grid_view_throttle': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('grid_view_throttle')
          .ifNotExists()
          .addColumn('bucket', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('window_start', 'bigint', (c) => c.notNull())
          .addColumn('hits', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('grid_view_throttle_expires_at_idx').ifNotExists().on('grid_view_throttle').column('expires_at').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('grid_view_throttle').ifExists().execute();
      },
    },
  };
}

/**
 * A migrator for the package's migrations on `db` (SQLite or PostgreSQL). On PostgreSQL the
 * bookkeeping tables go into the connection's current schema, named explicitly: Kysely otherwise
 * looks for them in every schema and would skip creating them when another schema has them.
 */
export async function createGridViewMigrator(db: Kysely<unknown>): Promise<Migrator> {
  const dialect = dialectOf(db);
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = result.rows[0]?.schema ?? undefined;
  }
  return new Migrator({
    db: migrationTableSchema === undefined ? db : withSchemaIntrospection(db, migrationTableSchema),
    provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
    migrationTableName: MIGRATION_TABLES.migrations,
    migrationLockTableName: MIGRATION_TABLES.lock,
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
}

/**
 * `db` as the PostgreSQL migrator must see it: its catalog questions (does the schema exist, does a
 * bookkeeping table exist) asked of `schema` alone. Kysely's own introspection reads every table of
 * the database with functions that fail when another session drops a table or schema meanwhile
 * ("schema … does not exist"), so a migration failed whenever a tenant's schema, another app's
 * table or another test file's schema went away at the same moment. Everything else is `db` itself.
 */
function withSchemaIntrospection(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables() {
      // Only names are asked for: the migrator checks whether its two bookkeeping tables exist.
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Outcome of `migrateToLatest`: the migrations that ran now (empty when the schema was current). */
export interface MigrateOutcome {
  applied: string[];
}

/**
 * Brings the package's tables up to date. Safe to call on every start and from several processes at
 * once (Kysely takes a lock on PostgreSQL; on SQLite a lost race is retried, and a file locked by
 * another process is waited for asynchronously for up to 10 s: the package's SQLite connections
 * fail a locked statement at once instead of blocking the event loop). Throws an `Error` naming the
 * failed migration, with the driver's error as `cause`; a failed migration is rolled back where the
 * database allows (PostgreSQL DDL is transactional).
 *
 * Takes any Kysely instance, whatever its database type (`store.db` of `createSqlPreferencesStore`,
 * or the application's own): the migrations only touch the package's tables.
 *
 * @example
 * const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: './prefs.sqlite' });
 * await migrateToLatest(store.db);
 */
export async function migrateToLatest<DB>(instance: Kysely<DB>): Promise<MigrateOutcome> {
  const db = instance as unknown as Kysely<unknown>;
  // Kysely's SQLite "lock" only covers one connection, so two processes migrating one file at the
  // same moment can both run and one then fails on the bookkeeping insert. Trying again sees the
  // winner's work and ends as a no-op; a real failure fails every attempt and is thrown.
  const sqlite = dialectOf(db) === 'sqlite';
  const attempts = sqlite ? 4 : 1;
  const busyDeadline = Date.now() + SQLITE_MIGRATION_BUSY_WAIT_MS;
  for (let attempt = 1, busyAttempt = 0; ; ) {
    try {
      const { error, results } = await (await createGridViewMigrator(db)).migrateToLatest();
      return finish(error, results);
    } catch (error) {
      if (sqlite && isSqliteBusy(error) && Date.now() < busyDeadline) {
        busyAttempt++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100, 5 * 2 ** busyAttempt)));
        continue;
      }
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      attempt++;
    }
  }
}

/** How long `migrateToLatest` waits for a SQLite file locked by another process. */
const SQLITE_MIGRATION_BUSY_WAIT_MS = 10_000;

/** True when `error` (or an error in its `cause` chain) is SQLite's "database is busy/locked". */
export function isSqliteBusy(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))) return true;
  return isSqliteBusy((error as { cause?: unknown }).cause, depth + 1);
}

/** Reverts the last migration of the package (for development; each call drops the table of one migration, newest first). */
export async function migrateDown<DB>(instance: Kysely<DB>): Promise<MigrateOutcome> {
  const db = instance as unknown as Kysely<unknown>;
  const { error, results } = await (await createGridViewMigrator(db)).migrateDown();
  return finish(error, results);
}

function finish(error: unknown, results: MigrationResult[] | undefined): MigrateOutcome {
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`vue-grid-view migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${detail}`, { cause: error });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
