/**
 * The options of the MCP server and what they become: the tools' shared context and, with a
 * database, the read-only query runner the server owns and closes.
 *
 * @module
 */
import { ANSWER_LIMITS } from '../assistant/answer';
import type { RunQuery } from '../assistant/answer';
import { postgresQueryRunner } from '../server/assistant/postgres-runner';
import { sqliteQueryRunner } from '../server/assistant/sqlite-runner';
import { MCP_APP_URI } from './app-html';
import { GRIDVIEW_TOOL_NAMES } from './envelope';
import type { ToolContext } from './tools';

/**
 * Defaults and ceilings of `GridViewMcpOptions.limits`: rows one `gridview_render` call draws
 * (more are cut with the warning `rows_truncated`), rows and time of one `gridview_query`.
 */
export const MCP_LIMITS = Object.freeze({
  renderMaxRows: 5_000,
  renderMaxRowsCeiling: 100_000,
  queryMaxRows: ANSWER_LIMITS.maxRows,
  queryMaxRowsCeiling: ANSWER_LIMITS.maxRowsCeiling,
  queryTimeoutMs: ANSWER_LIMITS.timeoutMs,
  queryTimeoutMsCeiling: ANSWER_LIMITS.timeoutMsCeiling,
});

/**
 * The database `gridview_query` reads: a SQLite file (`sqliteQueryRunner`: a read-only process per
 * query), a PostgreSQL URL (`postgresQueryRunner`: a `READ ONLY` transaction with a statement
 * timeout; connect as a role that may only read), or a `runQuery` of your own (then you keep it
 * read-only and close it yourself).
 */
export type GridViewMcpDatabase = { sqlite: string } | { postgres: string } | { runQuery: RunQuery };

/** Options of `createGridViewMcpServer` (and of `createMcpHandler`, which passes them on). */
export interface GridViewMcpOptions {
  /** With a database the server also has `gridview_query`; without one it has no way to read data. */
  database?: GridViewMcpDatabase;
  /** Default BCP 47 locale of KPI texts and cells (`en` when absent); a call may give its own. */
  locale?: string;
  /** Default ISO 4217 currency (`USD` when absent); a call may give its own. */
  currency?: string;
  /** Row and time limits; defaults and ceilings in `MCP_LIMITS`. */
  limits?: { renderMaxRows?: number; queryMaxRows?: number; queryTimeoutMs?: number };
  /**
   * Called with every error that made a tool answer `internal_error` (a defect, never a caller's
   * mistake). Default: one line on stderr, which stdio clients show in their server log. Must not
   * throw; a throw is ignored.
   */
  onError?: (error: unknown) => void;
}

function wholeNumber(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`${name} must be a whole number from 1 to ${max}; got ${String(value)}.`);
  return value;
}

/** The server's default locale and currency, checked as a call's are (./arguments). */
function checkFormat(locale: unknown, currency: unknown): void {
  if (locale !== undefined) {
    let wellFormed = false;
    try {
      wellFormed = typeof locale === 'string' && Intl.getCanonicalLocales(locale).length === 1;
    } catch {
      // Intl refuses a tag that is not well-formed: reported below.
    }
    if (!wellFormed) throw new RangeError(`locale must be a BCP 47 language tag such as "en" or "uk"; got ${JSON.stringify(locale)}.`);
  }
  if (currency !== undefined && (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))) throw new RangeError(`currency must be an ISO 4217 code such as "USD"; got ${JSON.stringify(currency)}.`);
}

/** What one set of options becomes: the tools' context, the error sink, and `close()` for what it owns. */
export interface Toolkit {
  context: ToolContext;
  tools: readonly string[];
  report: (error: unknown) => void;
  /** Closes the query runner the options made (never a `runQuery` given); idempotent. */
  close: () => Promise<void>;
}

/**
 * Reads the options once; a server, a stdio connection or an HTTP handler shares the result.
 *
 * @throws TypeError for a `database` that is none of the three forms; RangeError for a limit that is
 * not a whole number within its ceiling, or a malformed `locale` or `currency` (configuration
 * mistakes, so they stop the start).
 */
export function createToolkit(options: GridViewMcpOptions = {}): Toolkit {
  const limits = options.limits ?? {};
  const renderMaxRows = wholeNumber(limits.renderMaxRows, 'limits.renderMaxRows', MCP_LIMITS.renderMaxRows, MCP_LIMITS.renderMaxRowsCeiling);
  const maxRows = wholeNumber(limits.queryMaxRows, 'limits.queryMaxRows', MCP_LIMITS.queryMaxRows, MCP_LIMITS.queryMaxRowsCeiling);
  const timeoutMs = wholeNumber(limits.queryTimeoutMs, 'limits.queryTimeoutMs', MCP_LIMITS.queryTimeoutMs, MCP_LIMITS.queryTimeoutMsCeiling);
  checkFormat(options.locale, options.currency);
  const database = options.database;
  let runQuery: RunQuery | undefined;
  let owned: { close(): Promise<void> } | undefined;
  if (database !== undefined) {
    if (typeof database !== 'object' || database === null) throw new TypeError('database must be { sqlite: file }, { postgres: url } or { runQuery }.');
    if ('runQuery' in database && typeof database.runQuery === 'function') runQuery = database.runQuery;
    else if ('sqlite' in database && typeof database.sqlite === 'string') {
      // One row more than shown, so answerWithGrid can tell that rows were cut.
      const runner = sqliteQueryRunner(database.sqlite, { maxRows: maxRows + 1, timeoutMs });
      runQuery = runner;
      owned = runner;
    } else if ('postgres' in database && typeof database.postgres === 'string') {
      const runner = postgresQueryRunner(database.postgres, { maxRows: maxRows + 1, timeoutMs });
      runQuery = runner;
      owned = runner;
    } else throw new TypeError('database must be { sqlite: file }, { postgres: url } or { runQuery }.');
  }
  const tools = GRIDVIEW_TOOL_NAMES.filter((name) => name !== 'gridview_query' || runQuery !== undefined);
  const context: ToolContext = {
    facts: { tools, renderMaxRows, query: { enabled: runQuery !== undefined, maxRows, timeoutMs }, appResourceUri: MCP_APP_URI },
    locale: options.locale,
    currency: options.currency,
    renderMaxRows,
    ...(runQuery ? { query: { runQuery, maxRows, timeoutMs } } : {}),
  };
  const onError = options.onError;
  const report = (error: unknown): void => {
    try {
      if (onError) onError(error);
      else process.stderr.write(`vue-grid-view mcp: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    } catch {
      // A logger that throws must not turn an answered call into a crash.
    }
  };
  let closing: Promise<void> | undefined;
  return {
    context,
    tools,
    report,
    close: () => (closing ??= owned ? owned.close() : Promise.resolve()),
  };
}
