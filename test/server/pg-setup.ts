/**
 * A real PostgreSQL 15 for the store tests. CI starts with nothing running, so this starts the
 * machine's cluster when it is down (`pg_ctlcluster`), creates the `gridview_test` role and database,
 * and gives every test file its own schema. If PostgreSQL is truly absent it says so LOUDLY; the PG
 * tests then fail, unless `GRID_VIEW_SKIP_PG=1` is set, which skips them with a visible reason.
 * `GRID_VIEW_PG_URL` points the tests at another server instead.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ROLE = 'gridview_test';
const PG_PASSWORD = 'gridview_test';

export type PgAvailability = { available: true; url: string } | { available: false; reason: string };

/** True when the run asked to skip PostgreSQL tests. */
export const SKIP_PG = process.env.GRID_VIEW_SKIP_PG === '1';

let availability: Promise<PgAvailability> | undefined;

/** Starts PostgreSQL if needed (once per worker) and returns the test database URL, or why not. */
export function ensurePostgres(): Promise<PgAvailability> {
  availability ??= start().then((result) => {
    if (!result.available) banner(result.reason);
    return result;
  });
  return availability;
}

async function start(): Promise<PgAvailability> {
  if (process.env.GRID_VIEW_PG_URL) {
    return (await canConnect(process.env.GRID_VIEW_PG_URL, 10_000))
      ? { available: true, url: process.env.GRID_VIEW_PG_URL }
      : { available: false, reason: `GRID_VIEW_PG_URL is set but ${redact(process.env.GRID_VIEW_PG_URL)} does not answer.` };
  }
  let clusters: string;
  try {
    clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  } catch {
    return { available: false, reason: 'pg_lsclusters was not found: PostgreSQL is not installed on this machine.' };
  }
  const line = clusters.split('\n').find((l) => l.trim() !== '');
  if (!line) return { available: false, reason: 'PostgreSQL is installed but has no cluster (pg_lsclusters shows none).' };
  const [version = '15', name = 'main', port = '5432', status = 'down'] = line.trim().split(/\s+/);
  if (status !== 'online') {
    try {
      execFileSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'pipe' });
    } catch (error) {
      // Another test worker may be starting it at the same moment; the status check below decides.
      const again = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
      if (!again.includes('online')) {
        return { available: false, reason: `pg_ctlcluster ${version} ${name} start failed: ${String((error as { stderr?: unknown }).stderr ?? error)}` };
      }
    }
  }
  try {
    psqlAsPostgres(
      `DO $$ BEGIN
         IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${PG_ROLE}') THEN
           CREATE ROLE ${PG_ROLE} LOGIN PASSWORD '${PG_PASSWORD}';
         END IF;
       END $$;`,
    );
  } catch {
    // A concurrent worker created it between the check and the CREATE; verified by connecting below.
  }
  try {
    const exists = psqlAsPostgres(`SELECT 1 FROM pg_database WHERE datname = '${PG_ROLE}'`).trim();
    if (exists !== '1') psqlAsPostgres(`CREATE DATABASE ${PG_ROLE} OWNER ${PG_ROLE}`);
  } catch {
    // Same race as above.
  }
  const url = `postgres://${PG_ROLE}:${PG_PASSWORD}@127.0.0.1:${port}/${PG_ROLE}`;
  if (!(await canConnect(url, 15_000))) return { available: false, reason: `PostgreSQL ${version}/${name} is running but ${redact(url)} refuses the test role.` };
  return { available: true, url };
}

function psqlAsPostgres(sql: string): string {
  return execFileSync('su', ['postgres', '-c', 'psql -v ON_ERROR_STOP=1 -tA'], { input: sql, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

async function canConnect(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      // The server is another process that is still starting: try again shortly (it sends no event).
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return false;
}

/**
 * A fresh schema for one test file, and a connection URL whose `search_path` points at it, so test
 * files running in parallel never see each other's tables. `drop()` removes it.
 */
export async function createTestSchema(url: string): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const separator = url.includes('?') ? '&' : '?';
  return {
    url: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

function banner(reason: string): void {
  const line = '!'.repeat(100);
  console.error(
    [
      line,
      '!!! POSTGRESQL IS NOT AVAILABLE: the PostgreSQL store tests cannot run.',
      `!!! Reason: ${reason}`,
      SKIP_PG
        ? '!!! GRID_VIEW_SKIP_PG=1 is set: the PostgreSQL tests are SKIPPED. Nothing was proven on PostgreSQL.'
        : '!!! They will FAIL. Install/start PostgreSQL 15, or set GRID_VIEW_SKIP_PG=1 to skip them knowingly.',
      line,
    ].join('\n'),
  );
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}
