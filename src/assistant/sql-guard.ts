/**
 * The first check of a planner's SQL: one read-only statement, `SELECT` or `WITH`, nothing chained
 * after it, no word that writes or leaves the query. It reads the text as SQLite and PostgreSQL
 * tokenise it, skipping comments, string literals and quoted identifiers, so `SELECT 'DELETE'` is
 * a query and `SELECT 1; DELETE FROM t` is not.
 *
 * This is a first line only, and it knows no database: a function with side effects (`nextval`, a
 * user function that inserts) looks like any other call here. The real enforcement is a read-only
 * connection or transaction with a time limit, as the server's query runners open them.
 *
 * @module
 */
import { codePointLength } from '../core/spec/limits';
import { PLANNER_LIMITS } from './presenter';

/**
 * Why SQL was refused before it ran:
 * - `sql_empty`: not a string, or only whitespace and comments;
 * - `sql_too_long`: longer than `PLANNER_LIMITS.sqlMaxLength` characters;
 * - `sql_malformed`: an unterminated string, quoted identifier or comment, a comment inside a
 *   comment, or a backslash right before a closing quote (the last two are read differently by
 *   PostgreSQL and SQLite, so what is code for one is text for the other);
 * - `sql_statement_chain`: a `;` followed by more SQL;
 * - `sql_not_read_only`: the statement does not start with `SELECT` or `WITH`, or holds a word that
 *   writes, locks or leaves the query (`DELETE`, `INTO`, `FOR UPDATE`, `ATTACH`, …).
 */
export type SqlGuardIssueCode = 'sql_empty' | 'sql_too_long' | 'sql_malformed' | 'sql_statement_chain' | 'sql_not_read_only';

/** A refusal of the SQL guard. `path` is always `sql`; `message` says what to change. */
export interface SqlGuardIssue {
  code: SqlGuardIssueCode;
  path: 'sql';
  message: string;
}

/** The guard's verdict: the SQL as given, or every reason to refuse it. */
export type SqlGuardResult = { ok: true; sql: string } | { ok: false; issues: SqlGuardIssue[] };

/**
 * Words that write, lock, change the session or leave the query. Most cannot even appear inside one
 * statement that starts with SELECT or WITH; they are listed so that a dialect that allows more
 * (SQLite's `WITH … REPLACE INTO`, PostgreSQL's data-modifying `WITH`) is still refused, and the
 * message can name the word.
 */
const WRITE_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
  'MERGE',
  'UPSERT',
  'TRUNCATE',
  'CREATE',
  'DROP',
  'ALTER',
  'ATTACH',
  'DETACH',
  'PRAGMA',
  'VACUUM',
  'COPY',
  'CALL',
  'DO',
  'GRANT',
  'REVOKE',
  'SET',
  'LOCK',
  'INTO',
]);

/** What the tokeniser keeps: words (keywords or bare names) and single punctuation characters. */
interface Token {
  kind: 'word' | 'quoted' | 'string' | 'punct' | 'other';
  /** Upper-cased for words; the character for punctuation. */
  text: string;
  /** 1-based character position, for messages. */
  at: number;
}

type Lexed = { tokens: Token[] } | { problem: string };

const WORD_START = /[\p{L}_]/u;
const WORD_PART = /[\p{L}\p{N}_$]/u;

/**
 * Splits SQL into tokens, dropping whitespace and comments and reducing string literals and quoted
 * identifiers to one token each. Returns the first lexing problem instead when the text is
 * unterminated or would be read differently by PostgreSQL and SQLite.
 */
function lex(sql: string): Lexed {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      // A line comment ends at the end of the line (or of the text).
      while (i < sql.length && sql[i] !== '\n' && sql[i] !== '\r') i++;
    } else if (c === '/' && next === '*') {
      const start = i;
      const close = sql.indexOf('*/', i + 2);
      const inner = sql.indexOf('/*', i + 2);
      // PostgreSQL nests block comments and SQLite does not: with a "/*" inside, the two end the
      // comment at different places, and what one reads as a comment the other runs.
      if (inner !== -1 && (close === -1 || inner < close)) return { problem: `has a comment inside a comment at character ${inner + 1}; PostgreSQL and SQLite end such comments at different places. Remove the inner /*.` };
      if (close === -1) return { problem: `has a comment opened at character ${start + 1} and never closed; end it with */.` };
      i = close + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      const end = closingQuote(sql, i, c);
      if (typeof end === 'string') return { problem: end };
      tokens.push({ kind: c === "'" ? 'string' : 'quoted', text: '', at: i + 1 });
      i = end + 1;
    } else if (c === '$' && dollarTag(sql, i) !== null) {
      // PostgreSQL's dollar-quoted string: $$…$$ or $tag$…$tag$.
      const tag = dollarTag(sql, i) as string;
      const end = sql.indexOf(tag, i + tag.length);
      if (end === -1) return { problem: `has a dollar-quoted string opened with ${tag} at character ${i + 1} and never closed; end it with ${tag}.` };
      tokens.push({ kind: 'string', text: '', at: i + 1 });
      i = end + tag.length;
    } else if (WORD_START.test(c)) {
      const start = i;
      while (i < sql.length && WORD_PART.test(sql[i] as string)) i++;
      tokens.push({ kind: 'word', text: sql.slice(start, i).toUpperCase(), at: start + 1 });
    } else if (/[0-9]/.test(c)) {
      const start = i;
      // Digits only: a word glued to a number (`1delete`) is still read as a word, as PostgreSQL does.
      while (i < sql.length && /[0-9.]/.test(sql[i] as string)) i++;
      tokens.push({ kind: 'other', text: '', at: start + 1 });
    } else {
      tokens.push({ kind: 'punct', text: c, at: i + 1 });
      i++;
    }
  }
  return { tokens };
}

/**
 * The index of the quote that closes the string or identifier opened at `start` (a doubled quote is
 * part of the text), or the problem when there is none or a backslash stands right before a quote:
 * PostgreSQL's E'…' strings and MySQL read `\'` as a quote inside the text, SQLite and standard SQL
 * as its end, so the rest of the statement would be code for one and text for the other.
 */
function closingQuote(sql: string, start: number, quote: string): number | string {
  const what = quote === "'" ? 'string' : 'quoted identifier';
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] !== quote) continue;
    if (sql[i - 1] === '\\') {
      return `has a backslash before a ${quote} at character ${i + 1}, which databases read differently. Write a ${quote} inside a ${what} by doubling it (${quote === "'" ? "'it''s'" : '"a ""b"""'}) and avoid a backslash right before the closing ${quote}.`;
    }
    if (sql[i + 1] === quote) {
      i++;
      continue;
    }
    return i;
  }
  return `has a ${what} opened at character ${start + 1} and never closed; close it with ${quote} (write a ${quote} inside it by doubling it).`;
}

/** The `$tag$` that opens a dollar-quoted string at `i`, or null (`$1` is a parameter, `a$b` a name). */
function dollarTag(sql: string, i: number): string | null {
  const before = sql[i - 1];
  if (before !== undefined && WORD_PART.test(before)) return null;
  const match = /^\$(?:[\p{L}_][\p{L}\p{N}_]*)?\$/u.exec(sql.slice(i, i + 66));
  return match === null ? null : match[0];
}

function issue(code: SqlGuardIssueCode, message: string): SqlGuardIssue {
  return { code, path: 'sql', message };
}

/** The message for a write word at a token, or null when the token is a name there, not that word. */
function writeWord(tokens: readonly Token[], index: number): { key: string; message: string } | null {
  const token = tokens[index] as Token;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  // A qualified name (`t.set`, `set.x`) or an alias (`AS copy`) is a name, whatever its spelling.
  if (before?.text === '.' || after?.text === '.' || before?.text === 'AS') return null;
  if (token.text === 'FOR' && after?.kind === 'word' && ['UPDATE', 'SHARE', 'NO', 'KEY'].includes(after.text)) {
    return {
      key: 'FOR',
      message: `sql contains FOR ${after.text} at character ${token.at}, which locks rows for writing. Remove it: reading needs no row locks.`,
    };
  }
  if (!WRITE_WORDS.has(token.text)) return null;
  // replace(text, from, to) is a string function in SQLite and PostgreSQL alike.
  if (token.text === 'REPLACE' && after?.text === '(') return null;
  // FOR NO KEY UPDATE / FOR UPDATE were said at FOR.
  if (token.text === 'UPDATE' && (before?.text === 'FOR' || before?.text === 'KEY')) return null;
  if (token.text === 'INTO') {
    return {
      key: 'INTO',
      message: `sql contains INTO at character ${token.at}: SELECT … INTO and INSERT INTO write a table. Remove INTO and its target; the rows come back to the caller without it.`,
    };
  }
  return {
    key: token.text,
    message: `sql contains ${token.text} at character ${token.at}, which changes data or the session; only read-only queries run here. Remove it; if it is a column or table name, quote it ("${token.text.toLowerCase()}").`,
  };
}

/**
 * Checks that `sql` is exactly one read-only statement: after comments and whitespace it starts
 * with `SELECT` or `WITH`; a `;` may end it, followed by nothing but whitespace and comments; and no
 * word outside strings, comments and quoted identifiers writes, locks or leaves the query
 * (INSERT, UPDATE, DELETE, REPLACE as a statement, MERGE, UPSERT, TRUNCATE, CREATE, DROP, ALTER,
 * ATTACH, DETACH, PRAGMA, VACUUM, COPY, CALL, DO, GRANT, REVOKE, SET, LOCK, `SELECT … INTO`,
 * `FOR UPDATE`/`FOR SHARE`). Never throws; returns the SQL unchanged, or every issue found.
 *
 * Edge cases: `SELECT 'DELETE'`, `SELECT "update" FROM t`, `-- DROP` and `replace(name, 'a', 'b')`
 * pass; a name spelled like a write word passes when qualified (`t.set`) or after `AS`, and is
 * refused otherwise (quote it). Length counts Unicode characters, as `validatePlannerOutput` does.
 * Syntax of other databases (MySQL's `#` comments and backslash escapes) is not read, and the text
 * is only tokenised, not parsed: SQL that passes may still be refused by the database.
 *
 * This is a first line only: it cannot see what a function does. Run the SQL through a read-only
 * connection with a time limit (`sqliteQueryRunner`, `postgresQueryRunner` in
 * `vue-grid-view/server`), which is the real enforcement.
 */
export function checkReadOnlySql(sql: unknown): SqlGuardResult {
  if (typeof sql !== 'string') return { ok: false, issues: [issue('sql_empty', `sql must be a string holding one SELECT query; got ${sql === null ? 'null' : typeof sql}.`)] };
  const length = codePointLength(sql);
  if (length > PLANNER_LIMITS.sqlMaxLength) {
    return { ok: false, issues: [issue('sql_too_long', `sql is ${length} characters long; the limit is ${PLANNER_LIMITS.sqlMaxLength}. Ask for less: fewer columns, shorter lists of values, no repeated subqueries.`)] };
  }
  const lexed = lex(sql);
  if ('problem' in lexed) return { ok: false, issues: [issue('sql_malformed', `sql ${lexed.problem}`)] };
  const { tokens } = lexed;
  const first = tokens[0];
  if (first === undefined) return { ok: false, issues: [issue('sql_empty', 'sql holds no statement, only whitespace or comments; write one SELECT query.')] };
  const issues: SqlGuardIssue[] = [];
  const startRefused = first.kind !== 'word' || (first.text !== 'SELECT' && first.text !== 'WITH');
  if (startRefused) {
    const start = first.kind === 'word' ? first.text : first.kind === 'punct' ? first.text : 'a value';
    issues.push(issue('sql_not_read_only', `sql must start with SELECT or WITH; it starts with ${start}. Only read-only queries run here: write the question as one SELECT (a parenthesised query needs no parentheses around it).`));
  }
  const semicolon = tokens.findIndex((token) => token.text === ';' && token.kind === 'punct');
  if (semicolon !== -1 && semicolon < tokens.length - 1) {
    const at = (tokens[semicolon] as Token).at;
    issues.push(issue('sql_statement_chain', `sql holds more than one statement: the ; at character ${at} is followed by more SQL. Send one SELECT statement; a single ; at the end is fine.`));
  }
  const said = new Set<string>();
  // A statement that starts with a write word was refused for its start already.
  for (let index = startRefused ? 1 : 0; index < tokens.length; index++) {
    if ((tokens[index] as Token).kind !== 'word') continue;
    const found = writeWord(tokens, index);
    if (found === null || said.has(found.key)) continue;
    said.add(found.key);
    issues.push(issue('sql_not_read_only', found.message));
  }
  return issues.length === 0 ? { ok: true, sql } : { ok: false, issues };
}
