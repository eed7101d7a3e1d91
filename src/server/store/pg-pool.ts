/**
 * A `pg` pool as Kysely sees it, with two fixes: a client whose connection died during a query is
 * released WITH an error, so the pool destroys it instead of lending it out again; and a client's
 * connection dying while it is checked out never becomes an unhandled 'error' that ends the process.
 *
 * Why: Kysely releases every client with a plain `release()`. When PostgreSQL terminates a backend
 * while a query runs (`pg_terminate_backend`, a server restart, a failover), the query fails, the
 * client goes back to the pool before its socket's end is processed, and the very next request
 * gets that dead client and fails too ("Connection terminated unexpectedly"). One dropped
 * connection must cost one failed request, not two.
 *
 * @module
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * What this module uses of a `pg` client: its own declarations, not `pg`'s, so the package's
 * declaration files never import `pg` (a SQLite-only project has no `pg` types to find).
 */
interface PgPoolClient {
  on(event: 'error', listener: (error: Error) => void): unknown;
  query(...args: never[]): unknown;
  release(error?: Error | boolean): void;
}

/** What this module uses of a `pg` pool (`pg.Pool` fits). */
interface PgPool {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
}

/**
 * True when an error means the connection itself is gone or unusable: no SQLSTATE at all (a socket
 * error such as `ECONNRESET`, "Connection terminated"), class 08 (connection exception) or 57P
 * (the server shut the session down). Statement errors (a timeout, a constraint, a missing table)
 * leave the connection usable.
 */
export function isConnectionError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57P');
}

/** Wraps `pool` so that clients broken by a connection error are destroyed on release. */
export function droppingBrokenClients(pool: PgPool): PostgresPool {
  const wrappers = new WeakMap<PgPoolClient, { client: PostgresPoolClient; state: { broken: boolean } }>();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const raw = await pool.connect();
      let known = wrappers.get(raw);
      if (!known) {
        const state = { broken: false };
        // pg emits 'error' on a client whose connection dies while it is checked out (between the
        // statements of a transaction, or right after a failed query); pg-pool listens only while
        // the client is idle, and an 'error' nobody listens to ends the process.
        raw.on('error', () => {
          state.broken = true;
        });
        const query = raw.query.bind(raw) as (...args: unknown[]) => unknown;
        const client = {
          query: (...args: unknown[]) => {
            const result = query(...args);
            // Cursors (streaming) come back as they are; promises are watched for a dead connection.
            if (result instanceof Promise) {
              return result.catch((error: unknown) => {
                if (isConnectionError(error)) state.broken = true;
                throw error;
              });
            }
            return result;
          },
          release: () => {
            const broken = state.broken;
            state.broken = false;
            raw.release(broken ? new Error('The connection was lost during a query.') : undefined);
          },
        } as unknown as PostgresPoolClient;
        known = { client, state };
        wrappers.set(raw, known);
      }
      return known.client;
    },
    end: () => pool.end(),
  };
}
