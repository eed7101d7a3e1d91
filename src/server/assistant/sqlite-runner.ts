/**
 * Planner queries on a SQLite file, read-only and time-limited.
 *
 * Why a child process per query: better-sqlite3 runs a statement synchronously in native code and
 * offers no interrupt, progress handler or authorizer. A worker thread does not help: terminating
 * it waits until the native step returns (a recursive CTE counting to 3·10^8 kept its thread
 * busy for 84 s after `terminate()`). Only the operating system stops native code at once, so each query
 * runs in a short-lived `node` process that is killed (SIGKILL) at the deadline. The process costs
 * about 0.1 s to start, which a chat answer affords; it also keeps a runaway query's memory out of
 * the server.
 *
 * The process's code is the static script below, passed with `-e` and given its input over IPC,
 * so nothing is resolved from a file at run time: it works the same from the sources and from the
 * built package. Only better-sqlite3 is resolved, here, from this module's location.
 *
 * Inside, the file is opened `readonly` (SQLite refuses every write), `fileMustExist` (nothing is
 * created), with `PRAGMA query_only = ON`, and a statement that returns no rows (`ATTACH`,
 * `VACUUM INTO`, `PRAGMA x = y`, DML) is refused before it runs: `ATTACH` and `VACUUM INTO` would
 * otherwise reach the file system even on a read-only connection.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { QueryColumn, QueryResult, RunQueryOptions } from '../../assistant/answer';
import { loadOptionalPackage } from '../../core/optional-package';
import { callLimits, duration, QueryRunnerError, runnerLimits } from './query-runner';
import type { QueryRunner, QueryRunnerOptions } from './query-runner';

/** How long the process may take to start and open the file before the query's own clock starts. */
const START_LIMIT_MS = 15_000;

/**
 * The query process. It reads one request `{ driver, file, sql, maxRows, timeoutMs }`, says `ready`
 * once the file is open (the deadline starts then), and answers `result` or `error`, then leaves.
 */
const CHILD_SOURCE = `'use strict';
// vue-grid-view sqliteQueryRunner: one read-only query.
process.once('message', (request) => {
  let db = null;
  const reply = (message) => {
    if (db !== null) db.close();
    db = null;
    process.send(message, () => process.disconnect());
  };
  try {
    const Database = require(request.driver);
    db = new Database(request.file, { readonly: true, fileMustExist: true, timeout: request.timeoutMs });
    db.pragma('query_only = ON');
    process.send({ type: 'ready' });
    const statement = db.prepare(request.sql);
    if (!statement.reader) {
      reply({ type: 'error', refused: true, message: 'The statement returns no rows; only a query (SELECT or WITH) runs here.' });
      return;
    }
    statement.raw(true);
    const columns = statement.columns().map((column) => ({ name: column.name, type: column.type }));
    const rows = [];
    let truncated = false;
    for (const row of statement.iterate()) {
      if (rows.length === request.maxRows) {
        truncated = true;
        break;
      }
      rows.push(row);
    }
    reply({ type: 'result', columns, rows, truncated });
  } catch (error) {
    reply({ type: 'error', code: error && typeof error.code === 'string' ? error.code : null, message: String(error && error.message ? error.message : error) });
  }
});
`;

type ChildMessage =
  | { type: 'ready' }
  | { type: 'result'; columns: QueryColumn[]; rows: unknown[][]; truncated: boolean }
  | { type: 'error'; refused?: boolean; code?: string | null; message: string };

/** SQLite's refusals of a write (read-only file, `query_only`, not authorised) and of a second statement. */
function sqliteError(message: Extract<ChildMessage, { type: 'error' }>): QueryRunnerError {
  const refused =
    message.refused === true ||
    (typeof message.code === 'string' && /^SQLITE_(READONLY|AUTH)/.test(message.code)) ||
    /more than one statement|attempt to write a readonly database|not authorized/i.test(message.message);
  return new QueryRunnerError(refused ? 'query_refused' : 'query_failed', message.message);
}

function runInProcess(driver: string, file: string, sql: string, limits: { timeoutMs: number; maxRows: number; signal: AbortSignal | undefined }, running: Set<() => void>): Promise<QueryResult> {
  return new Promise<QueryResult>((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', windowsHide: true });
    let outcome: { value: QueryResult } | { error: Error } | null = null;
    let finished = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    let stderr = '';
    // The answer is given only once the process is gone, so a stopped query never runs on unseen.
    const stop = (error: Error) => {
      outcome ??= { error };
      child.kill('SIGKILL');
    };
    const kill = () => stop(new QueryRunnerError('query_aborted', 'The query runner was closed while the query ran.'));
    const onAbort = () => stop(new QueryRunnerError('query_aborted', 'The query was cancelled.'));
    const starting = setTimeout(() => stop(new QueryRunnerError('query_failed', `The SQLite query process did not open ${file} within ${duration(START_LIMIT_MS)}.`)), START_LIMIT_MS);
    const finish = (how: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(starting);
      clearTimeout(deadline);
      running.delete(kill);
      limits.signal?.removeEventListener('abort', onAbort);
      if (outcome !== null && 'value' in outcome) resolvePromise(outcome.value);
      else reject(outcome?.error ?? new QueryRunnerError('query_failed', `The SQLite query process ended without an answer (${how})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-1)[0]}` : ''}.`));
    };
    running.add(kill);
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < 4_000) stderr += chunk;
    });
    child.on('message', (raw) => {
      const message = raw as ChildMessage;
      if (message.type === 'ready') {
        clearTimeout(starting);
        deadline = setTimeout(() => stop(new QueryRunnerError('query_timeout', `The query ran longer than ${duration(limits.timeoutMs)} and was stopped.`)), limits.timeoutMs);
      } else if (message.type === 'result') {
        outcome ??= { value: { columns: message.columns, rows: message.rows, truncated: message.truncated } };
      } else {
        outcome ??= { error: sqliteError(message) };
      }
    });
    child.on('error', (error) => {
      // Spawning failed (no process, so no 'exit' follows), or killing or messaging it did.
      outcome ??= { error: new QueryRunnerError('query_failed', `The SQLite query process failed: ${error.message}`, { cause: error }) };
      if (child.pid === undefined) finish('not started');
    });
    child.on('exit', (code, signal) => finish(signal ?? `exit code ${code}`));
    child.send({ driver, file, sql, maxRows: limits.maxRows, timeoutMs: limits.timeoutMs }, (error) => {
      if (error) stop(new QueryRunnerError('query_failed', `The SQLite query process could not be given the query: ${error.message}`, { cause: error }));
    });
  });
}

/**
 * A `runQuery` over the SQLite file `file` for `answerWithGrid`: every query runs in a new Node
 * process that opens the file read-only (`readonly`, `fileMustExist`, `PRAGMA query_only = ON`),
 * refuses a statement that returns no rows, returns rows as arrays with the columns' names and
 * declared types, and is killed at `timeoutMs`. Needs `better-sqlite3` (a `MissingPackageError`
 * naming it otherwise, on the first query).
 *
 * Edge cases: rejects with a `QueryRunnerError` whose `code` is `query_timeout` at the time limit
 * (the process is gone by then), `query_refused` for a write, `ATTACH`, `VACUUM INTO`, a pragma
 * that sets something or a second statement, `query_aborted` when `signal` aborts or `close()` is
 * called, `query_failed` for the rest (a missing file or table, a syntax error); `truncated` is
 * true when more than `maxRows` rows existed. The process inherits the server's environment and
 * runs `process.execPath`, so the server must be Node itself (not an embedding runtime). Every
 * query reads the file afresh, so it sees the latest committed data.
 *
 * @param file the database file; relative paths are resolved against the current directory now.
 * @throws RangeError for limits that are not whole numbers from 1 up.
 */
export function sqliteQueryRunner(file: string, options?: QueryRunnerOptions): QueryRunner {
  if (typeof file !== 'string' || file.trim() === '') throw new TypeError('sqliteQueryRunner needs the path of the SQLite database file.');
  const path = resolve(file);
  const own = runnerLimits(options, 'sqliteQueryRunner');
  const running = new Set<() => void>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  let driver: Promise<string> | undefined;
  const start = async (sql: string, call?: Partial<RunQueryOptions>): Promise<QueryResult> => {
    if (closed) throw new QueryRunnerError('query_failed', 'The SQLite query runner is closed.');
    const limits = callLimits(sql, call, own);
    // Resolved from here, so the process finds the server's copy whatever its working directory.
    driver ??= loadOptionalPackage('The SQLite query runner', ['better-sqlite3'], async () => createRequire(import.meta.url).resolve('better-sqlite3'));
    const resolved = await driver.catch((error: unknown) => {
      driver = undefined;
      throw error;
    });
    if (closed) throw new QueryRunnerError('query_aborted', 'The query runner was closed before the query started.');
    return runInProcess(resolved, path, sql, limits, running);
  };
  const run = (sql: string, call?: Partial<RunQueryOptions>): Promise<QueryResult> => {
    const query = start(sql, call);
    // Tracked from the call on, so close() also waits for a query still resolving the driver.
    const settled = query.catch(() => undefined);
    pending.add(settled);
    void settled.then(() => pending.delete(settled));
    return query;
  };
  return Object.assign(run, {
    async close(): Promise<void> {
      closed = true;
      for (const kill of [...running]) kill();
      // Resolves once every query process is gone.
      await Promise.all([...pending]);
    },
  });
}
