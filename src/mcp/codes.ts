/**
 * The diagnostic codes a model meets through the MCP server beyond the spec parser's (which
 * `SPEC_ERROR_CATALOG` and `SPEC_WARNING_CATALOG` already describe): the server's own codes, and
 * those of the spec patches, the SQL guard and the planner flow, whose modules carry them as
 * type unions without sentences. Each entry says what is wrong and how to fix it, for
 * `gridview_catalog`. The records are typed against the unions, so a code added to the library
 * without an entry here fails to compile.
 *
 * @module
 */
import type { AnswerIssueCode } from '../assistant/answer';
import type { SpecPatchIssueCode } from '../assistant/spec-patch';
import type { SqlGuardIssueCode } from '../assistant/sql-guard';
import type { SpecErrorCatalogEntry } from '../core/errors';

/** The server's own diagnostic codes (argument problems use the spec parser's codes: `required`, `invalid_type`, …). */
export type McpServerCode = 'invalid_json' | 'rows_truncated' | 'missing_package' | 'internal_error';

type Catalog<Code extends string> = Readonly<Record<Code, Readonly<SpecErrorCatalogEntry>>>;

function frozen<Code extends string>(entries: Record<Code, SpecErrorCatalogEntry>): Catalog<Code> {
  for (const entry of Object.values<SpecErrorCatalogEntry>(entries)) Object.freeze(entry);
  return Object.freeze(entries);
}

/** What the server itself may answer. `rows_truncated` is a warning; the others are errors. */
export const MCP_SERVER_CODES: Catalog<McpServerCode> = frozen<McpServerCode>({
  invalid_json: {
    summary: 'An argument was sent as text that is not valid JSON.',
    fix: 'Send the spec, rows, patch or plan as a JSON value (an object or array), or as text that JSON.parse accepts.',
  },
  rows_truncated: {
    summary: 'More rows were given than the render limit; the view shows the first ones only (a warning).',
    fix: 'Aggregate in the query (GROUP BY) or send fewer rows; KPIs and charts describe the rows shown.',
  },
  missing_package: {
    summary: 'The server lacks an optional package for what was asked (HTML needs vue, echarts and vue-echarts).',
    fix: 'Leave the option out (the artifact needs no package), or ask the server operator to run the install command in the message.',
  },
  internal_error: {
    summary: 'The server failed while answering; the input may be fine.',
    fix: 'Try again once; if it fails again, simplify the input and tell the user the tool failed.',
  },
});

/** `applySpecPatch`'s own codes (`gridview_apply_patch`); the patched spec's issues use the parser's codes. */
export const SPEC_PATCH_CODES: Catalog<SpecPatchIssueCode> = frozen<SpecPatchIssueCode>({
  patch_invalid: {
    summary: 'The patch is not an array of RFC 6902 operations: an unknown op, a missing path, value or from, too many operations, or a path through __proto__.',
    fix: 'Send a JSON array of well-formed operations such as { "op": "replace", "path": "/charts/0/chart_type", "value": "pie" }.',
  },
  patch_conflict: {
    summary: "An operation's path does not exist in the spec's normalised wire form (fields equal to their default are left out).",
    fix: 'Use add for a field that is absent (add also replaces a present one); check array indexes with gridview_normalize.',
  },
  patch_test_failed: {
    summary: 'A test operation found another value: the spec is not the one the patch was written for.',
    fix: 'Read the current spec (gridview_normalize) and write the patch again.',
  },
});

/** The SQL guard's codes (`gridview_query`, path `sql`). */
export const SQL_GUARD_CODES: Catalog<SqlGuardIssueCode> = frozen<SqlGuardIssueCode>({
  sql_empty: { summary: 'The SQL is missing, not text, or only whitespace and comments.', fix: 'Write one SELECT (or WITH … SELECT) query.' },
  sql_too_long: { summary: 'The SQL is longer than the planner limit.', fix: 'Ask for less: fewer columns, shorter value lists, no repeated subqueries.' },
  sql_malformed: { summary: 'An unterminated string, quoted name or comment.', fix: 'Close every quote and comment; the message says which.' },
  sql_statement_chain: { summary: 'A second statement follows a semicolon.', fix: 'Send exactly one statement and no trailing SQL after ;.' },
  sql_not_read_only: { summary: 'The statement is not a read-only query (it does not start with SELECT or WITH, or holds a writing word).', fix: 'Only read: SELECT or WITH … SELECT, no INSERT, UPDATE, DELETE, ATTACH, PRAGMA or DDL.' },
});

/** The planner flow's codes after the plan and its SQL passed (`gridview_query`). */
export const ANSWER_CODES: Catalog<AnswerIssueCode> = frozen<AnswerIssueCode>({
  invalid_option: { summary: 'An option of the planner flow itself is wrong (a server setting).', fix: 'Tell the server operator; the plan is not the cause.' },
  query_failed: { summary: 'The database could not run the query (its message is quoted).', fix: 'Fix the SQL as the message says: a table or column name, a function, the syntax.' },
  query_timeout: { summary: 'The query was stopped at the time limit.', fix: 'Ask for less work: filter earlier, aggregate, avoid cross joins.' },
  query_aborted: { summary: 'The query was cancelled before it finished.', fix: 'Call again if the answer is still wanted.' },
  query_refused: { summary: 'The database refused the statement as a write, a second statement or not a query.', fix: 'Send one read-only SELECT; the connection is read-only whatever the SQL says.' },
  query_invalid_result: { summary: 'The query runner returned something that is not rows and columns.', fix: 'Tell the server operator; the plan is not the cause.' },
  query_no_columns: { summary: 'The query returned no columns.', fix: 'Select at least one column.' },
  query_too_many_columns: { summary: 'The query returned more columns than a view may hold (200).', fix: 'Select fewer columns.' },
  query_duplicate_column: { summary: 'Two result columns share a name.', fix: 'Give each column its own name with AS.' },
});
