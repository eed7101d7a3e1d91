/**
 * The SQLite store's one connection, owned so that it can be checked and replaced:
 *
 * - **File identity.** An open connection keeps writing to the file it opened, even after that file
 *   was deleted (with its folder) or replaced by a restore: every save would answer 200 and be lost.
 *   So the device and inode of the file at the path are compared with the opened file's before every
 *   operation and again after every write (two `stat` calls at most, about a microsecond each). A
 *   difference closes the connection and fails the operation (503); the file at the path is opened
 *   on a later operation. SQLite itself skips the checkpoint and the WAL deletion when it closes a
 *   moved file, so closing the stale connection never touches the new file's WAL. Once a file was
 *   opened, the store never creates a new one at that path: a missing file keeps answering 503
 *   until it is back (restored, or its volume mounted again); restart the process to start over with
 *   an empty database.
 * - **Reopen with backoff.** After a failure that a new connection may cure (opened read-only because
 *   the file was not writable then, I/O error, full disk, missing folder, replaced file), the
 *   connection is closed; the next operation may open it again at once, and while opening keeps
 *   failing the next tries wait 50 ms, then 100, 200, … up to 2 s; operations in between fail at
 *   once with a storage error (503) without touching the disk. A success resets the delay.
 * - **Locks without blocking.** better-sqlite3 waits for another process's lock synchronously, which
 *   freezes the whole event loop; the connection's `busy_timeout` is therefore 0 and the store
 *   retries a busy statement asynchronously (see `sql-store.ts`).
 *
 * @module
 */
import { statSync } from 'node:fs';
import type { Database as BetterSqliteDatabase, Options as BetterSqliteOptions, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { loadOptionalPackage } from '../../core/optional-package';
import { PreferencesStorageError } from '../errors';

/** What opening the file needs. */
export interface SqliteFileOptions {
  filename: string;
  readonly: boolean;
  synchronous: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';
  /** Told when the connection is closed because of a changed file or a failure, and when it reopens. */
  warn: (message: string, error?: unknown) => void;
}

/** First and longest wait before reopening after a failure. */
const REOPEN_FIRST_DELAY_MS = 50;
const REOPEN_MAX_DELAY_MS = 2_000;

type Identity = { dev: number; ino: number };

type DatabaseConstructor = new (filename: string, options?: BetterSqliteOptions) => BetterSqliteDatabase;

/**
 * One better-sqlite3 connection behind Kysely's `SqliteDatabase` interface, replaceable underneath:
 * Kysely keeps this object for its whole life and `prepare` always reaches the current connection.
 */
export class SqliteFileConnection implements SqliteDatabase {
  readonly #options: SqliteFileOptions;
  /** Identity checks only make sense for a real file. */
  readonly #onDisk: boolean;
  #Database: DatabaseConstructor | null = null;
  #db: BetterSqliteDatabase | null = null;
  #statements = new Map<string, Statement>();
  #identity: Identity | null = null;
  #closed = false;
  #everOpened = false;
  #reopenAt = 0;
  #delay = 0;
  #failures = 0;
  #lastFailure: unknown = null;

  constructor(options: SqliteFileOptions) {
    this.#options = options;
    this.#onDisk = options.filename !== '' && options.filename !== ':memory:' && !options.filename.startsWith('file::memory:');
  }

  /**
   * Imports the driver (once); Kysely calls this through the dialect's `database` factory. Without
   * `better-sqlite3` installed it rejects with a `MissingPackageError` that names it and its install
   * command (the store answers 503 and the error log says exactly what to install).
   */
  async load(): Promise<this> {
    if (this.#Database === null) {
      const driver = (await loadOptionalPackage('The SQLite store', ['better-sqlite3'], () => import('better-sqlite3'))) as unknown as { default?: DatabaseConstructor } & DatabaseConstructor;
      this.#Database = driver.default ?? driver;
    }
    return this;
  }

  /**
   * Makes sure the connection is open on the file now at the path, before an operation: opens it
   * when closed (unless a reopen is waiting for its backoff), and closes it when the file at the path
   * is no longer the one it has open. Throws `PreferencesStorageError` when the operation cannot run.
   */
  async ensure(): Promise<void> {
    if (this.#closed) throw new PreferencesStorageError('The preferences store is closed.');
    if (this.#db !== null) {
      this.#checkIdentity('before');
      return;
    }
    await this.load();
    this.#open();
  }

  /**
   * After a write succeeded: throws when the file at the path is not the one written to (it was
   * deleted or replaced meanwhile), so the write is never acknowledged.
   */
  verifyAfterWrite(): void {
    if (this.#db !== null) this.#checkIdentity('after');
  }

  /**
   * After a failure that a new connection may cure (`curedByReopening`: read-only, I/O error, full
   * disk, a file that cannot be opened or is not a database): closes the connection so that the next
   * operation, after the backoff, opens the file afresh. SQL errors (a missing table) and busy locks
   * keep the connection. An intentionally read-only store keeps it too: its writes are meant to fail.
   */
  invalidate(error: unknown): void {
    if (this.#options.readonly || this.#db === null || !curedByReopening(error)) return;
    this.#closeConnection();
    this.#lastFailure = error;
    this.#scheduleReopen();
    this.#options.warn(`SQLite store: closed ${this.#options.filename} after a failure; it reopens in ${this.#delay} ms.`, error);
  }

  /**
   * An operation succeeded. Only a write resets the backoff: a connection opened read-only answers
   * reads fine, and resetting on those would reopen the file on every failed save.
   */
  succeeded(what: 'read' | 'save'): void {
    this.#lastFailure = null;
    if (what === 'save') {
      this.#delay = 0;
      this.#failures = 0;
    }
  }

  /** Kysely's `prepare`: on the current connection (opened now if needed, e.g. for `store.db` queries). */
  prepare(sql: string): SqliteStatement {
    // Kysely only calls this after the dialect's factory loaded the driver.
    if (this.#db === null) this.#open();
    const db = this.#db as BetterSqliteDatabase;
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      // Kysely prepares every query anew and preparing costs about as much as running a save; the
      // store issues a handful of distinct SQL texts and never streams, so cached statements are
      // never busy when reused. Bounded in case `store.db` is used for many ad-hoc queries.
      if (this.#statements.size >= 64) this.#statements.clear();
      statement = db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement as unknown as SqliteStatement;
  }

  /** Kysely's `close` (from `db.destroy()`): closes for good. */
  close(): void {
    this.#closed = true;
    this.#closeConnection();
  }

  /** True while a connection is open (for tests and monitoring). */
  get isOpen(): boolean {
    return this.#db !== null;
  }

  #open(): void {
    const now = Date.now();
    if (now < this.#reopenAt) {
      throw new PreferencesStorageError(`The SQLite file ${this.#options.filename} is being reopened after a failure; try again later.`, { cause: this.#lastFailure });
    }
    const Database = this.#Database;
    if (Database === null) throw new PreferencesStorageError('The SQLite driver is not loaded.');
    const { filename, readonly, synchronous } = this.#options;
    let db: BetterSqliteDatabase | null = null;
    try {
      // busy_timeout 0: a lock held by another process fails the statement at once and the store
      // waits for it asynchronously; better-sqlite3's own wait would block the event loop.
      // Once a file was opened, a missing file is a fault (deleted, or its volume not mounted), not
      // a fresh start: creating an empty database there would answer 200 while every earlier
      // preference seems gone (or hide under the volume once it is mounted again).
      const opened = new Database(filename, { readonly, fileMustExist: readonly || this.#everOpened, timeout: 0 });
      db = opened;
      if (!readonly) {
        // WAL lets readers work while one connection writes.
        opened.pragma('journal_mode = WAL');
        opened.pragma(`synchronous = ${synchronous}`);
      }
      const identity = this.#onDisk ? identityOf(filename) : null;
      if (this.#onDisk && identity === null) throw new Error(`${filename} vanished while it was being opened.`);
      this.#db = opened;
      this.#everOpened = true;
      this.#identity = identity;
      this.#statements = new Map();
      if (this.#lastFailure !== null) this.#options.warn(`SQLite store: reopened ${filename}.`);
    } catch (error) {
      try {
        db?.close();
      } catch {
        // Closing a half-open connection may fail too; it is gone either way.
      }
      this.#lastFailure = error;
      this.#scheduleReopen();
      throw new PreferencesStorageError(`Opening the SQLite file ${filename} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  #checkIdentity(when: 'before' | 'after'): void {
    if (!this.#onDisk || this.#identity === null) return;
    const now = identityOf(this.#options.filename);
    if (now !== null && now.dev === this.#identity.dev && now.ino === this.#identity.ino) return;
    const what = now === null ? 'is gone (deleted, or its folder was)' : 'was replaced by another file';
    this.#closeConnection();
    const error = new PreferencesStorageError(
      `The SQLite file ${this.#options.filename} ${what}${when === 'after' ? ' while a save was written; the save is not acknowledged' : ''}; the store reopens the file at that path.`,
    );
    this.#lastFailure = error;
    // The first reopen may run at once: the path usually holds the new file already (a restore).
    this.#reopenAt = 0;
    this.#options.warn(error.message);
    throw error;
  }

  /** Failure 1 may reopen at once (most faults are over by then, or never were), then 50, 100, … 2,000 ms. */
  #scheduleReopen(): void {
    this.#failures++;
    this.#delay = this.#failures === 1 ? 0 : Math.min(REOPEN_MAX_DELAY_MS, REOPEN_FIRST_DELAY_MS * 2 ** (this.#failures - 2));
    this.#reopenAt = Date.now() + this.#delay;
  }

  #closeConnection(): void {
    const db = this.#db;
    this.#db = null;
    this.#identity = null;
    this.#statements = new Map();
    try {
      db?.close();
    } catch {
      // A connection whose file is gone may fail to close cleanly; it is dropped either way.
    }
  }
}

/** SQLite result codes (extended ones included) after which the connection itself is suspect. */
const REOPEN_CODES = /^SQLITE_(READONLY|IOERR|CANTOPEN|FULL|NOTADB|CORRUPT|PERM|PROTOCOL)/;

/** True when `error` or an error in its `cause` chain carries one of `REOPEN_CODES`. */
function curedByReopening(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && REOPEN_CODES.test(code)) return true;
  return curedByReopening((error as { cause?: unknown }).cause, depth + 1);
}

function identityOf(path: string): Identity | null {
  try {
    const stat = statSync(path);
    return { dev: stat.dev, ino: stat.ino };
  } catch {
    return null;
  }
}
