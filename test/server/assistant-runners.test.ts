/**
 * The query runners behind answerWithGrid, on a real SQLite file and the real PostgreSQL server:
 * a question gives the rows the same SQL gives when run directly; writes, ATTACH, COPY, functions
 * with side effects and chained statements are refused by the guard AND by the runner called
 * directly, with the database unchanged afterwards; a long query is stopped at its time limit.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWithGrid } from '../../src/assistant/answer';
import type { AnswerWithGridResult, RunQuery } from '../../src/assistant/answer';
import { postgresQueryRunner } from '../../src/server/assistant/postgres-runner';
import { QueryRunnerError } from '../../src/server/assistant/query-runner';
import type { QueryRunner } from '../../src/server/assistant/query-runner';
import { sqliteQueryRunner } from '../../src/server/assistant/sqlite-runner';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';

const pgState = await ensurePostgres();
const pgIt = pgState.available ? it : SKIP_PG ? it.skip : it;
const tempDir = mkdtempSync(join(tmpdir(), 'gv-answer-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(tempDir, { recursive: true, force: true });
});

/** A recursive CTE that counts to a billion: minutes of work in either database. */
const LONG_QUERY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) AS n FROM c';

/** The code of a runner's rejection (the test fails when it resolves). */
async function rejection(query: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await query;
  } catch (error) {
    expect(error).toBeInstanceOf(QueryRunnerError);
    return { code: (error as QueryRunnerError).code, message: (error as Error).message };
  }
  throw new Error('expected the query to be refused');
}

function view(result: AnswerWithGridResult): Extract<AnswerWithGridResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected a view, got ${JSON.stringify(result.issues)}`);
  return result;
}

function issueCodes(result: AnswerWithGridResult): string[] {
  if (result.ok) throw new Error('expected issues');
  return [...new Set(result.issues.map((issue) => issue.code))];
}

/** A runQuery that must never be reached. */
const unreachable: RunQuery = () => Promise.reject(new Error('the guard should have refused this before it ran'));

/** Writes a planner might try in either database, with the guard's code for each. */
const WRITES: [string, string][] = [
  ['DELETE FROM sales', 'sql_not_read_only'],
  ["INSERT INTO sales (region, manager, amount, margin, ordered_at) VALUES ('X', 'x', 1, 0.1, '2025-01-01')", 'sql_not_read_only'],
  ['UPDATE sales SET amount = 0', 'sql_not_read_only'],
  ['CREATE TABLE stolen (a int)', 'sql_not_read_only'],
  ['DROP TABLE sales', 'sql_not_read_only'],
  ['SELECT 1; DELETE FROM sales', 'sql_statement_chain'],
];

/** A data-modifying WITH: PostgreSQL refuses it in the read-only cursor; SQLite cannot even parse it. */
const WITH_DELETE = 'WITH d AS (DELETE FROM sales RETURNING id) SELECT count(*) FROM d';

// ------------------------------------------------------------------------------------------------
// SQLite
// ------------------------------------------------------------------------------------------------

const REGIONS = ['North', 'South', 'East', 'West'];
const sqliteFile = join(tempDir, 'sales.db');

beforeAll(() => {
  const db = new Database(sqliteFile);
  db.exec('CREATE TABLE sales (id INTEGER PRIMARY KEY, region TEXT NOT NULL, manager TEXT NOT NULL, amount REAL NOT NULL, margin REAL NOT NULL, ordered_at TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO sales (region, manager, amount, margin, ordered_at) VALUES (?, ?, ?, ?, ?)');
  for (let i = 0; i < 40; i++) {
    insert.run(REGIONS[i % 4], `Manager ${i % 7}`, 100 + ((i * 37) % 250) + 0.25, ((i * 13) % 40) / 100, `2025-${String((i % 6) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`);
  }
  db.close();
});

/** What must not change: every byte of the file, and no other file beside it. */
function sqliteState(): { digest: string; files: string[]; rows: number } {
  const db = new Database(sqliteFile, { readonly: true });
  const { n } = db.prepare('SELECT count(*) AS n FROM sales').get() as { n: number };
  db.close();
  return { digest: createHash('sha256').update(readFileSync(sqliteFile)).digest('hex'), files: readdirSync(tempDir).sort(), rows: n };
}

/** The query processes of this test's process that are still alive (Linux /proc). */
function queryProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sqliteQueryRunner: one read-only query') && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(process.pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('sqliteQueryRunner', () => {
  let runner: QueryRunner;
  beforeAll(() => {
    runner = sqliteQueryRunner(sqliteFile, { timeoutMs: 10_000, maxRows: 1_000 });
    cleanups.push(() => runner.close());
  });

  it('answers a question with the rows, chart and totals the same SQL gives when run directly', async () => {
    const sql = 'SELECT region, round(sum(amount), 2) AS revenue, round(avg(margin), 4) AS margin FROM sales GROUP BY region ORDER BY revenue DESC';
    const result = view(await answerWithGrid({ plan: { sql, purpose: 'Revenue by region', format: 'chart' }, runQuery: runner }));
    const db = new Database(sqliteFile, { readonly: true });
    const expected = db.prepare(sql).all() as { region: string; revenue: number; margin: number }[];
    const total = (db.prepare('SELECT sum(amount) AS t FROM sales').get() as { t: number }).t;
    db.close();
    expect(result.artifact.rows).toEqual(expected);
    expect(result.spec.columns.map((c) => [c.key, c.format])).toEqual([
      ['region', 'text'],
      ['revenue', 'currency'],
      ['margin', 'percent'],
    ]);
    expect(result.artifact.charts[0]).toMatchObject({ chartType: 'bar', categories: expected.map((r) => r.region), values: [expected.map((r) => r.revenue)] });
    expect(result.artifact.kpis.find((k) => k.label === 'Total revenue')?.value).toBeCloseTo(total, 6);
    expect(result).toMatchObject({ truncated: false, rowCount: 4 });
  });

  it('returns columns with their declared types, rows as arrays, and at most maxRows rows with truncated', async () => {
    const result = await runner('SELECT id, region, ordered_at FROM sales ORDER BY id', { maxRows: 3 });
    expect(result.columns).toEqual([
      { name: 'id', type: 'INTEGER' },
      { name: 'region', type: 'TEXT' },
      { name: 'ordered_at', type: 'TEXT' },
    ]);
    expect(result.rows).toEqual([
      [1, 'North', '2025-01-01'],
      [2, 'South', '2025-02-02'],
      [3, 'East', '2025-03-03'],
    ]);
    expect(result.truncated).toBe(true);
    const capped = view(await answerWithGrid({ plan: { sql: 'SELECT id, amount FROM sales ORDER BY id', purpose: 'Orders', format: 'table' }, runQuery: runner, limits: { maxRows: 10 } }));
    expect(capped).toMatchObject({ truncated: true, rowCount: 10 });
    expect(capped.spec.title).toBe('Orders (first 10 rows)');
  });

  it('refuses writes, ATTACH, VACUUM INTO and pragmas by the guard, and again by the runner called directly, leaving the file unchanged', async () => {
    const before = sqliteState();
    const attached = join(tempDir, 'attached.db');
    const copy = join(tempDir, 'copy.db');
    const escapes: [string, string][] = [
      ...WRITES,
      [`ATTACH DATABASE '${attached}' AS x`, 'sql_not_read_only'],
      [`VACUUM INTO '${copy}'`, 'sql_not_read_only'],
      ['PRAGMA user_version = 7', 'sql_not_read_only'],
      ['PRAGMA query_only = OFF', 'sql_not_read_only'],
      ['REPLACE INTO sales (id, region, manager, amount, margin, ordered_at) VALUES (1, 1, 1, 1, 1, 1)', 'sql_not_read_only'],
    ];
    for (const [sql, code] of escapes) {
      const guarded = await answerWithGrid({ plan: { sql, purpose: 'Try to write', format: 'table' }, runQuery: unreachable });
      expect(issueCodes(guarded), sql).toContain(code);
      const refused = await rejection(runner(sql));
      expect(refused.code, `${sql}: ${refused.message}`).toBe('query_refused');
    }
    // Not SQLite's syntax: the guard refuses them first, and the runner fails at their syntax.
    for (const sql of ['COPY sales TO STDOUT', WITH_DELETE]) {
      expect(issueCodes(await answerWithGrid({ plan: { sql, purpose: 'Copy', format: 'table' }, runQuery: unreachable }))).toEqual(['sql_not_read_only']);
      expect((await rejection(runner(sql))).code).toBe('query_failed');
    }
    expect(sqliteState()).toEqual(before);
    expect(existsSync(attached)).toBe(false);
    expect(existsSync(copy)).toBe(false);
  });

  it('stops a long query at the time limit with query_timeout, well before it would end, and its process is gone', async () => {
    const quick = sqliteQueryRunner(sqliteFile, { timeoutMs: 300 });
    cleanups.push(() => quick.close());
    const started = performance.now();
    const refused = await rejection(quick(LONG_QUERY));
    expect(refused.code).toBe('query_timeout');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(queryProcesses()).toEqual([]);
    const answered = await answerWithGrid({ plan: { sql: LONG_QUERY, purpose: 'Count', format: 'answer' }, runQuery: quick });
    expect(issueCodes(answered)).toEqual(['query_timeout']);
  });

  it('cancels a query when the signal aborts, and kills what is running when closed', async () => {
    const controller = new AbortController();
    const running = runner(LONG_QUERY, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await rejection(running)).code).toBe('query_aborted');
    const closing = sqliteQueryRunner(sqliteFile);
    const pending = closing(LONG_QUERY);
    const result = rejection(pending);
    await closing.close();
    expect((await result).code).toBe('query_aborted');
    expect(queryProcesses()).toEqual([]);
    expect((await rejection(closing('SELECT 1'))).code).toBe('query_failed');
  });

  it('fails with query_failed for a missing file or table, creating no file', async () => {
    const missing = join(tempDir, 'missing.db');
    const absent = await rejection(sqliteQueryRunner(missing)('SELECT 1'));
    expect(absent.code).toBe('query_failed');
    expect(existsSync(missing)).toBe(false);
    const noTable = await rejection(runner('SELECT * FROM salez'));
    expect(noTable).toEqual({ code: 'query_failed', message: 'no such table: salez' });
  });
});

// ------------------------------------------------------------------------------------------------
// PostgreSQL
// ------------------------------------------------------------------------------------------------

describe('postgresQueryRunner', () => {
  let url = '';
  let runner: QueryRunner;
  let admin: pg.Client;

  beforeAll(async () => {
    if (!pgState.available) return;
    const schema = await createTestSchema(pgState.url);
    cleanups.push(schema.drop);
    url = schema.url;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(`
      CREATE TABLE sales (id serial PRIMARY KEY, region text NOT NULL, manager text NOT NULL, amount numeric(12, 2) NOT NULL, margin double precision NOT NULL, ordered_at date NOT NULL);
      INSERT INTO sales (region, manager, amount, margin, ordered_at)
        SELECT (ARRAY['North', 'South', 'East', 'West'])[i % 4 + 1], 'Manager ' || (i % 7), 100 + (i * 37) % 250 + 0.25, ((i * 13) % 40) / 100.0, DATE '2025-01-01' + (i * 5)
        FROM generate_series(0, 39) AS i;
      CREATE SEQUENCE invoice_no;
      CREATE FUNCTION add_sale() RETURNS int LANGUAGE sql AS $$ INSERT INTO sales (region, manager, amount, margin, ordered_at) VALUES ('X', 'x', 1, 0, DATE '2025-01-01') RETURNING 1 $$;
    `);
    runner = postgresQueryRunner(url, { timeoutMs: 10_000, maxRows: 1_000 });
    cleanups.push(() => runner.close());
  });

  /** What must not change: the rows, the sequence, and the set of tables. */
  async function pgState_(): Promise<unknown> {
    const rows = await admin.query('SELECT count(*)::int AS n, sum(amount)::text AS total FROM sales');
    const sequence = await admin.query('SELECT last_value::int, is_called FROM invoice_no');
    const tables = await admin.query('SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1');
    return { rows: rows.rows[0], sequence: sequence.rows[0], tables: tables.rows.map((r: { table_name: string }) => r.table_name) };
  }

  pgIt('answers a question with the rows, chart and totals the same SQL gives when run directly', async () => {
    const sql = 'SELECT region, sum(amount) AS revenue, round(avg(margin)::numeric, 4) AS margin FROM sales GROUP BY region ORDER BY revenue DESC';
    const result = view(await answerWithGrid({ plan: { sql, purpose: 'Revenue by region', format: 'report' }, runQuery: runner }));
    const direct = await admin.query<{ region: string; revenue: string; margin: string }>(sql);
    const expected = direct.rows.map((r) => ({ region: r.region, revenue: Number(r.revenue), margin: Number(r.margin) }));
    expect(result.artifact.rows).toEqual(expected);
    expect(result.spec.columns.map((c) => c.format)).toEqual(['text', 'currency', 'percent']);
    expect(result.artifact.charts[0]).toMatchObject({ chartType: 'bar', categories: expected.map((r) => r.region), values: [expected.map((r) => r.revenue)] });
    const total = Number((await admin.query<{ t: string }>('SELECT sum(amount)::text AS t FROM sales')).rows[0]?.t);
    expect(result.artifact.kpis.find((k) => k.label === 'Total revenue')?.value).toBeCloseTo(total, 6);
  });

  pgIt('keeps dates as the server writes them, so a time zone never moves them, and charts them as a line', async () => {
    const sql = "SELECT date_trunc('month', ordered_at)::date AS month, count(*) AS orders FROM sales GROUP BY 1 ORDER BY 1";
    const result = view(await answerWithGrid({ plan: { sql, purpose: 'Orders per month', format: 'chart' }, runQuery: runner }));
    const direct = await admin.query<{ month: string; orders: number }>("SELECT to_char(date_trunc('month', ordered_at), 'YYYY-MM-DD') AS month, count(*)::int AS orders FROM sales GROUP BY 1 ORDER BY 1");
    expect(result.artifact.rows).toEqual(direct.rows);
    expect(result.spec.charts[0]).toMatchObject({ chartType: 'line', xKey: 'month' });
  });

  pgIt('refuses writes, COPY, SELECT INTO, row locks and functions with side effects by the guard, and again by the runner called directly, leaving the database unchanged', async () => {
    const before = await pgState_();
    const escapes: [string, string | null][] = [
      ...WRITES,
      ['COPY sales TO STDOUT', 'sql_not_read_only'],
      ['SELECT * INTO stolen FROM sales', 'sql_not_read_only'],
      ['SELECT * FROM sales FOR UPDATE', 'sql_not_read_only'],
      [WITH_DELETE, 'sql_not_read_only'],
      // The guard cannot see what a function does: the read-only transaction refuses these.
      ["SELECT nextval('invoice_no')", null],
      ['SELECT add_sale()', null],
      ["SELECT set_config('transaction_read_only', 'off', true), nextval('invoice_no')", null],
    ];
    for (const [sql, code] of escapes) {
      if (code !== null) {
        const guarded = await answerWithGrid({ plan: { sql, purpose: 'Try to write', format: 'table' }, runQuery: unreachable });
        expect(issueCodes(guarded), sql).toContain(code);
      } else {
        const answered = await answerWithGrid({ plan: { sql, purpose: 'Try to write', format: 'table' }, runQuery: runner });
        expect(issueCodes(answered), sql).toEqual(['query_refused']);
      }
      const refused = await rejection(runner(sql));
      expect(refused.code, `${sql}: ${refused.message}`).toBe('query_refused');
    }
    expect(await pgState_()).toEqual(before);
  });

  pgIt('releases an advisory lock the query took, so nothing of it outlives the query', async () => {
    await runner('SELECT pg_advisory_lock(4242)');
    const other = await admin.query<{ free: boolean }>('SELECT pg_try_advisory_lock(4242) AS free');
    expect(other.rows[0]?.free).toBe(true);
    await admin.query('SELECT pg_advisory_unlock(4242)');
  });

  pgIt('stops a long query at the time limit with query_timeout, well before it would end, and keeps working', async () => {
    const quick = postgresQueryRunner(url, { timeoutMs: 300 });
    cleanups.push(() => quick.close());
    for (const sql of [LONG_QUERY, 'SELECT pg_sleep(30)']) {
      const started = performance.now();
      const refused = await rejection(quick(sql));
      expect(refused.code, refused.message).toBe('query_timeout');
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    expect(issueCodes(await answerWithGrid({ plan: { sql: 'SELECT pg_sleep(30)', purpose: 'Sleep', format: 'answer' }, runQuery: quick }))).toEqual(['query_timeout']);
    expect((await quick('SELECT 1 AS one')).rows).toEqual([[1]]);
  });

  pgIt('cancels a query when the signal aborts, dropping its connection', async () => {
    const controller = new AbortController();
    const running = runner('SELECT pg_sleep(30)', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await rejection(running)).code).toBe('query_aborted');
    expect((await runner('SELECT 2 AS two')).rows).toEqual([[2]]);
  });

  pgIt('fails with query_failed when the server cannot be reached', async () => {
    const nowhere = postgresQueryRunner('postgres://nobody:secret@127.0.0.1:1/none');
    cleanups.push(() => nowhere.close());
    const failed = await rejection(nowhere('SELECT 1'));
    expect(failed.code).toBe('query_failed');
    expect(failed.message).toMatch(/^Could not connect to PostgreSQL/);
    expect(failed.message).not.toContain('secret');
  });

  pgIt('runs on a pool the application owns and leaves it open when closed', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    cleanups.push(() => pool.end());
    const owned = postgresQueryRunner(pool, { maxRows: 2 });
    const result = await owned('SELECT id FROM sales ORDER BY id');
    expect(result).toEqual({ columns: [{ name: 'id', type: 'number' }], rows: [[1], [2]], truncated: true });
    await owned.close();
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await rejection(owned('SELECT 1'))).code).toBe('query_failed');
  });

  pgIt('fails with query_failed and the database message for a missing table', async () => {
    const failed = await rejection(runner('SELECT * FROM salez'));
    expect(failed).toEqual({ code: 'query_failed', message: 'relation "salez" does not exist' });
  });
});
