/**
 * The `grid_preference` table as Kysely sees it, and the dialect of a Kysely instance.
 *
 * @module
 */
import { type Generated, type Kysely, PostgresAdapter, SqliteAdapter } from 'kysely';

/**
 * One row per (subject, grid): the interface document's `GridPreference` model. `col_presets` and
 * `searches` are JSON text on SQLite and `jsonb` on PostgreSQL; `updated_at` is ISO 8601 text on
 * SQLite and `timestamptz` on PostgreSQL.
 */
export interface GridPreferenceTable {
  id: Generated<number>;
  subject: string;
  grid_id: string;
  col_presets: unknown;
  searches: unknown;
  updated_at: string | Date;
}

/** The tables the package owns. */
export interface GridViewDatabase {
  grid_preference: GridPreferenceTable;
}

/** SQL dialects the store and the migrations support. */
export type SqlDialectName = 'sqlite' | 'postgres';

/**
 * The dialect behind a Kysely instance, from its adapter. Throws for any other database (MySQL, MS
 * SQL): the migrations and the upsert are written for these two.
 */
export function dialectOf(db: Kysely<unknown>): SqlDialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  throw new TypeError('vue-grid-view stores preferences in SQLite or PostgreSQL only.');
}
