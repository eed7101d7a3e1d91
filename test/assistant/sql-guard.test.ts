import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANNER_LIMITS } from '../../src/assistant/presenter';
import { checkReadOnlySql } from '../../src/assistant/sql-guard';

/** The codes of a refusal, in order. */
function codes(sql: unknown): string[] {
  const result = checkReadOnlySql(sql);
  if (result.ok) throw new Error(`expected ${JSON.stringify(sql)} to be refused`);
  return result.issues.map((issue) => issue.code);
}

/** The distinct codes of a refusal, in order of first appearance. */
function distinctCodes(sql: unknown): string[] {
  return [...new Set(codes(sql))];
}

/** The messages of a refusal, joined. */
function said(sql: unknown): string {
  const result = checkReadOnlySql(sql);
  if (result.ok) throw new Error(`expected ${JSON.stringify(sql)} to be refused`);
  return result.issues.map((issue) => issue.message).join('\n');
}

describe('checkReadOnlySql accepts one read-only query', () => {
  it.each([
    'SELECT 1',
    'select region, sum(amount) from sales group by region',
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) SELECT * FROM c',
    'SELECT 1;',
    'SELECT 1; -- the end\n/* really */  ',
    '-- DROP TABLE sales\n/* DELETE FROM sales; */\nSELECT 1',
    "SELECT 'DELETE', 'x; DROP TABLE t', '--', '/*' FROM sales",
    'SELECT "update", "a;b", `insert` FROM sales',
    "SELECT 'it''s', \"say \"\"hi\"\"\"",
    "SELECT replace(name, 'a', 'b') FROM sales",
    'SELECT t.set, t.copy, lock.x FROM t JOIN "lock" ON TRUE',
    'SELECT 1 AS copy, 2 AS "do"',
    'SELECT $$DELETE FROM t; $$, $tag$ ; DROP TABLE t $tag$',
    'SELECT "Сума", регіон FROM продажі WHERE рік = 2025',
    "SELECT substring(name FROM 1 FOR 2) FROM sales WHERE note LIKE '%;%'",
    'SELECT x FROM t WHERE id = $1 AND y = ? AND z = :name',
    "SELECT data['key'] FROM docs",
  ])('accepts %j', (sql) => {
    expect(checkReadOnlySql(sql)).toEqual({ ok: true, sql });
  });

  it('counts the length in characters, so 20,000 emoji pass though JavaScript counts 40,000', () => {
    const body = '😀'.repeat(PLANNER_LIMITS.sqlMaxLength - 11);
    const sql = `SELECT '${body}' x`;
    expect([...sql].length).toBe(PLANNER_LIMITS.sqlMaxLength);
    expect(checkReadOnlySql(sql).ok).toBe(true);
    expect(codes(`${sql} `)).toEqual(['sql_too_long']);
  });

  it('is not fooled by any text inside a string literal, a quoted identifier or a comment', () => {
    // Backslashes are left out: a backslash before a quote is refused on purpose (see below).
    const text = fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !s.includes('\\'));
    fc.assert(
      fc.property(text, (s) => {
        const quoted = s.replaceAll("'", "''");
        const ident = s.replaceAll('"', '""');
        const comment = s.replaceAll('*/', '').replaceAll('/*', '');
        const line = s.replace(/[\r\n]/g, '');
        for (const sql of [`SELECT '${quoted}'`, `SELECT "${ident}" FROM t`, `SELECT 1 /*${comment}*/`, `SELECT 1 --${line}`]) {
          expect(checkReadOnlySql(sql).ok).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkReadOnlySql refuses what is not one read-only query', () => {
  it('refuses a non-string and SQL with only whitespace or comments as sql_empty', () => {
    expect(codes(undefined)).toEqual(['sql_empty']);
    expect(codes(42)).toEqual(['sql_empty']);
    expect(codes('   \n')).toEqual(['sql_empty']);
    expect(codes('-- nothing\n/* at all */')).toEqual(['sql_empty']);
  });

  it('refuses SQL over the planner limit before reading it', () => {
    const result = checkReadOnlySql(`SELECT ${'1,'.repeat(PLANNER_LIMITS.sqlMaxLength)}1`);
    expect(result).toMatchObject({ ok: false, issues: [{ code: 'sql_too_long', path: 'sql' }] });
    expect(said(`SELECT ${'1,'.repeat(PLANNER_LIMITS.sqlMaxLength)}1`)).toContain('the limit is 20000');
  });

  it.each([
    ['SELECT 1; DELETE FROM sales', ['sql_statement_chain', 'sql_not_read_only']],
    ['SELECT 1; SELECT 2', ['sql_statement_chain']],
    ['SELECT 1;;', ['sql_statement_chain']],
    ['SELECT 1 /* ; */ ; UPDATE sales SET amount = 0', ['sql_statement_chain', 'sql_not_read_only']],
    ["SELECT '--', 1; DROP TABLE sales", ['sql_statement_chain', 'sql_not_read_only']],
    ['SELECT 1 -- ;\n; SELECT 2', ['sql_statement_chain']],
  ])('refuses the chain %j', (sql, expected) => {
    expect(distinctCodes(sql)).toEqual(expected);
  });

  it.each([
    ['DELETE FROM sales', 'DELETE'],
    ['INSERT INTO sales VALUES (1)', 'INSERT'],
    ['UPDATE sales SET amount = 0', 'UPDATE'],
    ['REPLACE INTO sales VALUES (1)', 'REPLACE'],
    ['CREATE TABLE x (a int)', 'CREATE'],
    ['DROP TABLE sales', 'DROP'],
    ['ALTER TABLE sales ADD COLUMN b int', 'ALTER'],
    ["ATTACH DATABASE '/tmp/x.db' AS x", 'ATTACH'],
    ['PRAGMA writable_schema = 1', 'PRAGMA'],
    ["VACUUM INTO '/tmp/copy.db'", 'VACUUM'],
    ['COPY sales TO STDOUT', 'COPY'],
    ['CALL refresh()', 'CALL'],
    ['DO $$ BEGIN END $$', 'DO'],
    ['GRANT ALL ON sales TO public', 'GRANT'],
    ['SET search_path = evil', 'SET'],
    ['(SELECT 1)', '('],
    ['EXPLAIN SELECT 1', 'EXPLAIN'],
  ])('refuses %j, which does not start with SELECT or WITH, naming its start', (sql, start) => {
    expect(distinctCodes(sql)).toEqual(['sql_not_read_only']);
    expect(said(sql)).toContain(`it starts with ${start}`);
  });

  it.each([
    ['WITH d AS (DELETE FROM sales RETURNING *) SELECT * FROM d', 'DELETE'],
    ['WITH x AS (SELECT 1) INSERT INTO sales SELECT * FROM x', 'INSERT'],
    ['WITH x AS (SELECT 1) REPLACE INTO sales SELECT * FROM x', 'REPLACE'],
    ['WITH u AS (UPDATE sales SET amount = 0 RETURNING 1) SELECT 1', 'UPDATE'],
    ['WITH m AS (SELECT 1) MERGE INTO sales USING m ON TRUE WHEN MATCHED THEN DELETE', 'MERGE'],
    ['SELECT * INTO new_sales FROM sales', 'INTO'],
    ['SELECT * FROM sales FOR UPDATE', 'FOR UPDATE'],
    ['SELECT * FROM sales FOR NO KEY UPDATE', 'FOR NO'],
    ['SELECT * FROM sales FOR SHARE', 'FOR SHARE'],
    ['SELECT set FROM t', 'SET'],
    ['SELECT 1delete FROM t', 'DELETE'],
  ])('refuses %j, which writes, locks or changes the session, naming %s', (sql, word) => {
    expect(codes(sql)[0]).toBe('sql_not_read_only');
    expect(said(sql)).toContain(word);
  });

  it.each([
    ["SELECT 'never closed", 'never closed'],
    ['SELECT "never closed', 'never closed'],
    ['SELECT 1 /* never closed', 'never closed'],
    ['SELECT $x$ never closed', 'never closed'],
    ["SELECT 1 /* /* */ ' */ ; DELETE FROM sales; -- '", 'comment inside a comment'],
    ["SELECT E'\\' ; DELETE FROM sales; --'", 'backslash'],
    ["SELECT 'C:\\'", 'backslash'],
  ])('refuses %j, which databases would read differently or not at all, as sql_malformed', (sql, words) => {
    expect(codes(sql)).toEqual(['sql_malformed']);
    expect(said(sql)).toContain(words);
  });

  it('says where the problem is and how to fix it, always at path sql', () => {
    const result = checkReadOnlySql('SELECT 1;\nDELETE FROM sales');
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: 'sql_statement_chain', path: 'sql', message: 'sql holds more than one statement: the ; at character 9 is followed by more SQL. Send one SELECT statement; a single ; at the end is fine.' },
        {
          code: 'sql_not_read_only',
          path: 'sql',
          message: 'sql contains DELETE at character 11, which changes data or the session; only read-only queries run here. Remove it; if it is a column or table name, quote it ("delete").',
        },
      ],
    });
  });

  it('names each write word once however often it appears', () => {
    expect(codes('WITH a AS (DELETE FROM x RETURNING 1), b AS (DELETE FROM y RETURNING 1) SELECT 1')).toEqual(['sql_not_read_only']);
  });
});
