/**
 * Planner queries on PostgreSQL, read-only and time-limited. Each query runs alone in a
 * transaction: `BEGIN READ ONLY` (PostgreSQL then refuses every write, including one made by a
 * function such as `nextval` or a user function that inserts), `SET LOCAL statement_timeout` (the
 * server cancels it at the limit), the query as a cursor (`DECLARE … CURSOR FOR`, which takes only
 * a query and refuses data-modifying `WITH`), one `FETCH` of the rows needed, then `ROLLBACK`.
 *
 * The cursor is declared through the extended protocol, which takes exactly one statement, so a
 * chained `; DELETE …` is refused by the server before anything runs.
 *
 * @module
 */
import type { QueryColumn, QueryResult, RunQueryOptions } from '../../assistant/answer';
import { loadOptionalPackage } from '../../core/optional-package';
import { callLimits, duration, firstLine, QueryRunnerError, runnerLimits } from './query-runner';
import type { QueryRunner, QueryRunnerOptions } from './query-runner';

/** pg's type parsers, as far as this module uses them. */
interface PgTypes {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown;
}

/** What this module sends to `client.query`: pg's own query config, the fields used here. */
interface PgQueryConfig {
  text: string;
  rowMode?: 'array';
  queryMode?: 'extended';
  types?: PgTypes;
}

/**
 * What the runner uses of a pooled `pg` client. Declared here rather than taken from `pg`, so the
 * package's declarations never make an application install `pg`'s types.
 */
export interface PostgresQueryClient {
  query(config: PgQueryConfig): Promise<unknown>;
  release(error?: Error | boolean): void;
}

/** What the runner uses of a pool: `pg.Pool` fits. */
export interface PostgresQueryPool {
  connect(): Promise<PostgresQueryClient>;
}

interface PgField {
  name: string;
  dataTypeID: number;
}

// Type OIDs (pg_type): numbers come back as text for bigint and numeric (answerWithGrid reads them
// with the `number` hint); dates and timestamps stay as PostgreSQL writes them, since pg would
// make a date a local-midnight Date, a different day in other time zones.
const NUMBER_TYPES = new Set([20, 21, 23, 26, 700, 701, 1700]);
const DATE_TYPES = new Set([1082, 1114, 1184]);
const TEXT_AS_IS = new Set([1082, 1083, 1114, 1184, 1266]);

function typeOf(oid: number): string | null {
  if (NUMBER_TYPES.has(oid)) return 'number';
  if (DATE_TYPES.has(oid)) return 'date';
  if (oid === 16) return 'boolean';
  return oid === 25 || oid === 1043 || oid === 1042 ? 'text' : null;
}

/** pg's parsers, except that date and time types are kept as the server's text. */
function answerTypes(types: PgTypes): PgTypes {
  return {
    getTypeParser(oid, format) {
      return TEXT_AS_IS.has(oid) ? (value: string) => value : types.getTypeParser(oid, format);
    },
  };
}

/** The first word of a statement after comments and opening parentheses, upper-cased. */
function firstWord(sql: string): string {
  const rest = sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/, '');
  return (/^[A-Za-z]+/.exec(rest)?.[0] ?? '').toUpperCase();
}

/** The database's error as one of ours: timeouts and refusals recognised by SQLSTATE. */
function postgresError(error: unknown, sql: string, timeoutMs: number): QueryRunnerError {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const text = firstLine(error);
  if (code === '57014' && /statement timeout/i.test(text)) return new QueryRunnerError('query_timeout', `The query ran longer than ${duration(timeoutMs)} and was stopped.`, { cause: error });
  // 25006: a write in a read-only transaction; 0A000: data-modifying WITH in a cursor; 42501: no privilege.
  if (code === '25006' || code === '25001' || code === '42501' || (code === '0A000' && /data-modifying/i.test(text))) return new QueryRunnerError('query_refused', text, { cause: error });
  if (code === '42601' && /multiple commands/i.test(text)) return new QueryRunnerError('query_refused', 'The SQL holds more than one statement; only one query runs here.', { cause: error });
  // SELECT … INTO creates a table; inside the cursor PostgreSQL refuses it as a syntax error.
  if (code === '42601' && /INTO is not allowed/i.test(text)) return new QueryRunnerError('query_refused', `${text}: SELECT … INTO writes a table; only reading runs here.`, { cause: error });
  // The cursor takes only a query: anything else is a syntax error at its first word.
  if (code === '42601' && !['SELECT', 'WITH', 'VALUES', 'TABLE'].includes(firstWord(sql))) {
    return new QueryRunnerError('query_refused', `Only a query (SELECT, WITH, VALUES or TABLE) runs here; this statement starts with ${firstWord(sql) || 'something else'}.`, { cause: error });
  }
  return new QueryRunnerError('query_failed', text, { cause: error });
}

/** Extra time the client waits past the server's own statement timeout before it drops the connection. */
const CLIENT_GRACE_MS = 2_000;

async function runInTransaction(client: PostgresQueryClient, types: PgTypes, sql: string, limits: { timeoutMs: number; maxRows: number }): Promise<QueryResult> {
  // Both limits are whole numbers checked by callLimits, so writing them into the SQL is safe.
  await client.query({ text: `BEGIN READ ONLY; SET LOCAL statement_timeout = ${limits.timeoutMs}` });
  await client.query({ text: `DECLARE vgv_answer NO SCROLL CURSOR FOR ${sql}`, queryMode: 'extended' });
  const fetched = (await client.query({ text: `FETCH FORWARD ${limits.maxRows + 1} FROM vgv_answer`, rowMode: 'array', types })) as { rows: unknown[][]; fields: PgField[] };
  const columns: QueryColumn[] = fetched.fields.map((field) => ({ name: field.name, type: typeOf(field.dataTypeID) }));
  return { columns, rows: fetched.rows.slice(0, limits.maxRows), truncated: fetched.rows.length > limits.maxRows };
}

/**
 * A `runQuery` over PostgreSQL for `answerWithGrid`: `poolOrUrl` is a connection URL (the runner
 * then owns a small pool, ended by `close()`) or a pool the application owns (`pg.Pool`; `close()`
 * leaves it open). Each query runs in its own `BEGIN READ ONLY` transaction with `SET LOCAL
 * statement_timeout`, as a cursor of which one `FETCH` reads at most `maxRows + 1` rows, and is
 * rolled back; session-level advisory locks it took are released. Rows come back as arrays;
 * `bigint` and `numeric` values as text with the type `number`, dates and timestamps as
 * PostgreSQL's text with the type `date`. Needs `pg` (a `MissingPackageError` naming it
 * otherwise, on the first query).
 *
 * Edge cases: rejects with a `QueryRunnerError` whose `code` is `query_timeout` when the statement
 * timeout cancels the query (or the server does not answer 2 s after it, when the connection is
 * dropped), `query_refused` for a write of any kind (DML, DDL, `COPY`, `SELECT … INTO`,
 * `FOR UPDATE`, `nextval`, a function that writes), a second statement or a statement that is not a
 * query, `query_aborted` when `signal` aborts (the connection is dropped; the server stops the
 * statement at its timeout), `query_failed` for the rest. A read-only transaction still allows
 * functions that act outside the database's data (`pg_terminate_backend`, `pg_sleep`, reading
 * server files): connect as a role that may only read the tables the planner needs.
 *
 * @throws RangeError for limits that are not whole numbers from 1 up; TypeError without a pool or URL.
 */
export function postgresQueryRunner(poolOrUrl: string | PostgresQueryPool, options?: QueryRunnerOptions): QueryRunner {
  const ownsPool = typeof poolOrUrl === 'string';
  if (ownsPool ? poolOrUrl.trim() === '' : typeof (poolOrUrl as { connect?: unknown } | null)?.connect !== 'function') {
    throw new TypeError('postgresQueryRunner needs a connection URL or a pool with connect(), such as new pg.Pool(…).');
  }
  const own = runnerLimits(options, 'postgresQueryRunner');
  let setup: Promise<{ pool: PostgresQueryPool; end: () => Promise<void>; types: PgTypes }> | undefined;
  let closed = false;
  const ready = () =>
    (setup ??= loadOptionalPackage('The PostgreSQL query runner', ['pg'], () => import('pg')).then((module) => {
      const pg = (module as unknown as { default?: typeof module }).default ?? module;
      const types = answerTypes(pg.types as unknown as PgTypes);
      if (!ownsPool) return { pool: poolOrUrl, end: async () => undefined, types };
      const pool = new pg.Pool({ connectionString: poolOrUrl, max: 4, connectionTimeoutMillis: 5_000, keepAlive: true, allowExitOnIdle: true, application_name: 'vue-grid-view answers' });
      // An idle client losing its connection must not end the process; the pool replaces it.
      pool.on('error', () => undefined);
      return { pool: pool as unknown as PostgresQueryPool, end: () => pool.end(), types };
    }));

  const run = async (sql: string, call?: Partial<RunQueryOptions>): Promise<QueryResult> => {
    if (closed) throw new QueryRunnerError('query_failed', 'The PostgreSQL query runner is closed.');
    const limits = callLimits(sql, call, own);
    const { pool, types } = await ready().catch((error: unknown) => {
      setup = undefined;
      throw error;
    });
    let client: PostgresQueryClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new QueryRunnerError('query_failed', `Could not connect to PostgreSQL: ${firstLine(error)}`, { cause: error });
    }
    if (limits.signal?.aborted) {
      client.release();
      throw new QueryRunnerError('query_aborted', 'The query was cancelled before it started.');
    }
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    let stopped: QueryRunnerError | null = null;
    let onStop: (error: QueryRunnerError) => void = () => undefined;
    // The server cancels at statement_timeout; this only covers a server or network that stops
    // answering, and the caller's signal. Dropping the connection ends the transaction too.
    const stop = (error: QueryRunnerError) => {
      stopped ??= error;
      release(new Error(error.message));
      onStop(error);
    };
    const backstop = setTimeout(() => stop(new QueryRunnerError('query_timeout', `The query ran longer than ${duration(limits.timeoutMs)} and the server did not stop it; the connection was dropped.`)), limits.timeoutMs + CLIENT_GRACE_MS);
    const onAbort = () => stop(new QueryRunnerError('query_aborted', 'The query was cancelled.'));
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    const interrupted = new Promise<never>((_, reject) => {
      onStop = reject;
    });
    // Only a stop rejects this; the work's own outcome is awaited below.
    interrupted.catch(() => undefined);
    try {
      return await Promise.race([runInTransaction(client, types, sql, limits), interrupted]);
    } catch (error) {
      throw stopped ?? (error instanceof QueryRunnerError ? error : postgresError(error, sql, limits.timeoutMs));
    } finally {
      clearTimeout(backstop);
      limits.signal?.removeEventListener('abort', onAbort);
      if (!released) {
        try {
          // Session-level advisory locks survive a rollback; nothing of the query may outlive it.
          await client.query({ text: 'ROLLBACK; SELECT pg_advisory_unlock_all()' });
          release();
        } catch (error) {
          release(error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
  };
  return Object.assign(run, {
    async close(): Promise<void> {
      closed = true;
      const current = setup;
      setup = undefined;
      if (current !== undefined) await (await current.catch(() => null))?.end();
    },
  });
}
