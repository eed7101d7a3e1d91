/**
 * The one answer shape of every tool of the MCP server, the seed system's envelope
 * `{ ok, tool, data, diagnostics }`, and how it becomes an MCP tool result: the envelope as
 * `structuredContent`, a short text for models that read only text, and `isError` exactly when
 * `ok` is false. Nothing here imports the SDK: the tools are plain functions from arguments to an
 * envelope, so they are tested without a transport.
 *
 * @module
 */

/** The name of every tool the server may register, in the order `tools/list` gives them. */
export const GRIDVIEW_TOOL_NAMES = Object.freeze([
  'gridview_catalog',
  'gridview_schema',
  'gridview_validate',
  'gridview_normalize',
  'gridview_examples',
  'gridview_apply_patch',
  'gridview_render',
  'gridview_query',
] as const);

/** One tool of the server. `gridview_query` exists only on a server created with a database. */
export type GridViewToolName = (typeof GRIDVIEW_TOOL_NAMES)[number];

/**
 * One finding of a tool: an `error` (the answer is `ok: false`) or a `warning` (the answer stands,
 * something was accepted but not honoured exactly, such as rows cut at the render limit).
 *
 * `code` comes from the library's catalogs (the spec parser's codes, `patch_*`, `sql_*`,
 * `query_*`) or from the server's own (`invalid_json`, `rows_truncated`, `missing_package`,
 * `internal_error`); `gridview_catalog` lists them all with their fixes. `path` says where: a
 * spec path such as `charts[0].series[1].color` (`""` is the whole spec), `patch[2]`, `sql`, or an
 * argument such as `rows[3]`. `message` is one English sentence that says what to change.
 */
export interface McpDiagnostic {
  code: string;
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

/**
 * What every tool answers, in `structuredContent`. `data` is the tool's result when `ok` is true
 * and null when it is false; `diagnostics` holds every error (then `ok` is false) and warning.
 */
export interface McpEnvelope<T = unknown> {
  ok: boolean;
  tool: GridViewToolName;
  data: T | null;
  diagnostics: McpDiagnostic[];
}

/** A tool's answer before it becomes an MCP result: the envelope and its one-line summary. */
export interface ToolAnswer<T = unknown> {
  envelope: McpEnvelope<T>;
  /** One sentence for the text content: what happened, in words. */
  summary: string;
  /**
   * Fields of `data` left out of the text copy (an artifact with every row, an HTML page): they
   * are in `structuredContent`, and the text stays short enough for a model's context.
   */
  omitFromText?: readonly string[];
  /** Text written after the envelope's JSON as it is (a Markdown document reads better unescaped). */
  appendText?: string;
}

/** An issue of the library's parsers and guards: `{ code, path, message }` and maybe more. */
interface CodedIssue {
  code: string;
  path: string;
  message: string;
}

/** The library's issues as error diagnostics (their `detail` templates are for translated screens, not models). */
export function errorsOf(issues: readonly CodedIssue[]): McpDiagnostic[] {
  return issues.map((issue) => ({ code: issue.code, path: issue.path, message: issue.message, severity: 'error' }));
}

/** The parser's warnings as warning diagnostics. */
export function warningsOf(warnings: readonly CodedIssue[]): McpDiagnostic[] {
  return warnings.map((warning) => ({ code: warning.code, path: warning.path, message: warning.message, severity: 'warning' }));
}

/** A successful answer; `diagnostics` may hold warnings only. */
export function succeed<T>(tool: GridViewToolName, data: T, summary: string, diagnostics: McpDiagnostic[] = [], omitFromText?: readonly string[]): ToolAnswer<T> {
  return { envelope: { ok: true, tool, data, diagnostics }, summary, ...(omitFromText ? { omitFromText } : {}) };
}

/** A refusal: `ok: false`, no data, the errors (at least one) and any warnings found on the way. */
export function refuse(tool: GridViewToolName, diagnostics: McpDiagnostic[], summary?: string): ToolAnswer<never> {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const said = summary ?? `refused: ${errors.length === 1 ? '1 issue' : `${errors.length} issues`}; fix each and call again.`;
  return { envelope: { ok: false, tool, data: null, diagnostics }, summary: said };
}

/** One diagnostic line of the text: `[code] path: message`. */
function line(diagnostic: McpDiagnostic): string {
  return `- ${diagnostic.severity === 'warning' ? 'warning ' : ''}[${diagnostic.code}] ${diagnostic.path === '' ? '(root)' : diagnostic.path}: ${diagnostic.message}`;
}

/** At most this many diagnostics are written out in the text (all of them are in `structuredContent`). */
const TEXT_DIAGNOSTICS = 20;

/** The MCP `CallToolResult` fields of an answer (a plain object the SDK's types accept). */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: { [key: string]: unknown };
  isError?: boolean;
}

/**
 * The MCP tool result of an answer. The text is the summary, the diagnostics one per line, then the
 * envelope as JSON with the bulky fields of `omitFromText` replaced by a note: a model that reads
 * only text still gets the envelope (the MCP spec asks for the JSON of structured content in a
 * text block) without an artifact's every row in its context.
 */
export function toToolResult(answer: ToolAnswer): ToolResult {
  const { envelope } = answer;
  const lines = [`${envelope.tool}: ${answer.summary}`];
  const shown = envelope.diagnostics.slice(0, TEXT_DIAGNOSTICS);
  lines.push(...shown.map(line));
  if (envelope.diagnostics.length > shown.length) lines.push(`- … and ${envelope.diagnostics.length - shown.length} more in structuredContent.diagnostics`);
  let data: unknown = envelope.data;
  if (answer.omitFromText && data !== null && typeof data === 'object') {
    const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    for (const key of answer.omitFromText) if (key in copy) copy[key] = `(left out of the text: see structuredContent.data.${key})`;
    data = copy;
  }
  lines.push(JSON.stringify({ ...envelope, data }));
  if (answer.appendText !== undefined) lines.push('', answer.appendText);
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: envelope as unknown as { [key: string]: unknown },
    ...(envelope.ok ? {} : { isError: true }),
  };
}
