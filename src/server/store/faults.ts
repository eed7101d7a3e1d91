/**
 * Which errors of a database operation are the database's fault: ONE classification for every SQL
 * part of the server (the preferences store and the SQL row source with its exports), so that the
 * same driver failure never answers 503 in one route and 500 in another.
 *
 * The class of a driver's error says nothing: better-sqlite3 throws a `TypeError` ("The database
 * connection is not open") for a closed connection and `SqliteError` for everything SQLite reports,
 * `pg` throws plain `Error`s (with a SQLSTATE `code`, or none when the socket died), Kysely its own.
 * What counts is who raised it. An error the package raised itself with its answer decided
 * (`HttpError`, `PreferencesStorageError`) or a setup bug it detected (`DatabaseSetupError`) passes
 * through; anything else thrown while a statement ran is a fault (503 with `Retry-After`).
 *
 * @module
 */
import { HttpError, PreferencesStorageError } from '../errors';

/**
 * The database lacks what the package needs and no retry can cure it (on SQLite: the row source's
 * fold function not registered on the connection). A bug of the application's setup: the handler
 * answers 500 and reports it through `onError`. A `TypeError`, as every configuration error of the
 * server is.
 */
export class DatabaseSetupError extends TypeError {
  override readonly name = 'DatabaseSetupError';
}

/**
 * True when `error`, thrown while a database operation ran, is a fault of the database (down,
 * closed, locked, read-only, full, a missing table, a cancelled statement…), whatever its class;
 * false for the package's own answered errors and setup bugs, which keep their meaning.
 *
 * Edge cases: non-`Error` throws (strings, `undefined`) count as faults; a `TypeError` counts as a
 * fault unless it is a `DatabaseSetupError`, because drivers throw `TypeError`s for dead
 * connections.
 */
export function isDatabaseFault(error: unknown): boolean {
  return !(error instanceof HttpError || error instanceof PreferencesStorageError || error instanceof DatabaseSetupError);
}
