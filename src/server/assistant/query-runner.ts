/**
 * What the two query runners share: their error, their options and the limits of one call. A
 * runner is the real enforcement behind `answerWithGrid`'s SQL guard: it opens the database
 * read-only and stops a query at its time limit, whatever the SQL says.
 *
 * @module
 */
import type { QueryResult, RunQueryOptions } from '../../assistant/answer';

/**
 * Why a runner gave no rows, as `answerWithGrid` reads it: `query_timeout` (stopped at the time
 * limit), `query_refused` (the database refused a write, a second statement or a statement that is
 * not a query), `query_aborted` (the caller's signal), `query_failed` (anything else the database
 * said, such as a missing table or a syntax error).
 */
export type QueryRunnerErrorCode = 'query_timeout' | 'query_refused' | 'query_aborted' | 'query_failed';

/**
 * A runner's failure. `message` is the database's own sentence where there is one (it may name
 * tables and columns, never the connection's secrets); `cause` keeps the driver's error.
 */
export class QueryRunnerError extends Error {
  override readonly name = 'QueryRunnerError';
  readonly code: QueryRunnerErrorCode;

  constructor(code: QueryRunnerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Limits of a runner: every call runs within them (a call may ask for less, never more). */
export interface QueryRunnerOptions {
  /** Longest time one query may run, in milliseconds. Default 10,000. */
  timeoutMs?: number;
  /** Most rows one query returns. Default 10,000. */
  maxRows?: number;
}

/**
 * A `runQuery` for `answerWithGrid`, bound to one database. Options per call may lower the runner's
 * limits, never raise them. `close()` refuses new queries and frees what the runner holds: the
 * SQLite runner kills the query processes still running, the PostgreSQL runner ends the pool it
 * opened for a URL (a pool the application gave stays open).
 */
export interface QueryRunner {
  (sql: string, options?: Partial<RunQueryOptions>): Promise<QueryResult>;
  close(): Promise<void>;
}

export const RUNNER_DEFAULTS = Object.freeze({ timeoutMs: 10_000, maxRows: 10_000 });

function wholeNumber(value: unknown, what: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`${what} must be a whole number from 1 to ${max}; got ${String(value)}.`);
  return value;
}

/** A runner's own limits, checked when it is created (a bad value is a programming error). */
export function runnerLimits(options: QueryRunnerOptions | undefined, runner: string): { timeoutMs: number; maxRows: number } {
  return {
    // setTimeout holds at most 2^31 - 1 ms.
    timeoutMs: wholeNumber(options?.timeoutMs ?? RUNNER_DEFAULTS.timeoutMs, `${runner}'s timeoutMs`, 2_147_483_647),
    maxRows: wholeNumber(options?.maxRows ?? RUNNER_DEFAULTS.maxRows, `${runner}'s maxRows`, 10_000_000),
  };
}

/** The limits of one call: the runner's, lowered by the call's. */
export function callLimits(sql: unknown, call: Partial<RunQueryOptions> | undefined, own: { timeoutMs: number; maxRows: number }): { timeoutMs: number; maxRows: number; signal: AbortSignal | undefined } {
  if (typeof sql !== 'string' || sql.trim() === '') throw new QueryRunnerError('query_failed', 'The query is empty: pass one SQL statement as a string.');
  const timeoutMs = call?.timeoutMs === undefined ? own.timeoutMs : Math.min(own.timeoutMs, wholeNumber(call.timeoutMs, 'timeoutMs', 2_147_483_647));
  const maxRows = call?.maxRows === undefined ? own.maxRows : Math.min(own.maxRows, wholeNumber(call.maxRows, 'maxRows', 10_000_000));
  const signal = call?.signal;
  if (signal?.aborted) throw new QueryRunnerError('query_aborted', 'The query was cancelled before it started.');
  return { timeoutMs, maxRows, signal };
}

/** "500 ms" or "2.5 s", for messages. */
export function duration(ms: number): string {
  return ms >= 1_000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** The first line of an error's message, for a sentence of ours that quotes it. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').trim();
}
