/**
 * What the MCP App view shows for a tool result: the live view of its artifact, or a coded problem.
 * Pure (no DOM, no Vue), so every branch is plain data the view renders as text.
 *
 * The library's MCP tools answer one envelope in `structuredContent`, the seed system's
 * `{ ok, tool, data, diagnostics }`; `gridview_render` and `gridview_query` put the artifact's JSON
 * (`artifact.toJSON()`) at `data.artifact`. Everything in a tool result is untrusted input (a model
 * chose the spec, a database gave the rows), so it is read field by field, and the artifact is
 * hydrated with `hydrateArtifact`, which parses the spec again and recomputes KPIs and charts from
 * the rows.
 *
 * @module
 */
import { hydrateArtifact } from '../../core/artifact';
import type { GridArtifact, GridArtifactJson, LayoutBlock, SpecIssue } from '../../core/types';
import { compactBlocks } from '../../../components/grid-view-message/compact';

/** One problem as the error card lists it: a code, where, and one sentence. */
export interface ViewIssue {
  readonly code: string;
  readonly path: string;
  readonly message: string;
}

/** What a tool result becomes. */
export type ToolResultView =
  | { readonly kind: 'view'; readonly artifact: GridArtifact }
  | {
      readonly kind: 'problem';
      /** The card's code: the first issue's, for a quick look and for tests. */
      readonly code: string;
      readonly issues: readonly ViewIssue[];
    };

/** At most this many issues are listed; a tool that reports hundreds is summarised by the first ones. */
export const MAX_SHOWN_ISSUES = 20;
/** Longest sentence shown for one issue, in characters (a database message can be a page long). */
const MAX_MESSAGE = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

function problem(issues: readonly ViewIssue[]): ToolResultView {
  const shown = issues.slice(0, MAX_SHOWN_ISSUES);
  return { kind: 'problem', code: shown[0]?.code ?? 'tool_failed', issues: shown };
}

function single(code: string, message: string, path = ''): ToolResultView {
  return problem([{ code, path, message }]);
}

/** The text blocks of a tool result's `content`, joined: what a text-only client would show. */
function contentText(result: Record<string, unknown>): string {
  const content = result.content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((block): block is { type: 'text'; text: string } => isRecord(block) && block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n')
    .trim();
}

/**
 * An envelope's `diagnostics` as issues. A diagnostic is read as `{ code, path?, message }`; one
 * that is not an object, or has no code, is still shown (as `unknown_diagnostic`), so nothing the
 * server said is silently dropped. Warnings (`severity: 'warning'`) are left out when errors exist:
 * they are not why the tool failed.
 */
export function diagnosticIssues(diagnostics: unknown): ViewIssue[] {
  if (!Array.isArray(diagnostics)) return [];
  const all = diagnostics.map((entry: unknown) => {
    if (!isRecord(entry)) return { issue: { code: 'unknown_diagnostic', path: '', message: clip(String(entry)) }, warning: false };
    const code = typeof entry.code === 'string' && entry.code !== '' ? entry.code : 'unknown_diagnostic';
    const path = typeof entry.path === 'string' ? entry.path : '';
    const message = typeof entry.message === 'string' ? clip(entry.message) : '';
    return { issue: { code, path, message }, warning: entry.severity === 'warning' };
  });
  const errors = all.filter((d) => !d.warning);
  return (errors.length > 0 ? errors : all).map((d) => d.issue);
}

/**
 * The artifact JSON the view draws: the spec's own blocks, but the data grid read as the simple
 * table and its toolbar left out (the same rule as a chat message's, `compactBlocks`). A view in a
 * chat is a narrow, self-contained document: AG Grid is not bundled into it, and the simple table
 * sorts, searches and exports the same rows. JSON without a grid block is returned as it is.
 */
function withoutDataGrid(json: Record<string, unknown>): Record<string, unknown> {
  const spec = json.spec;
  if (!isRecord(spec) || !isRecord(spec.layout) || !Array.isArray(spec.layout.blocks)) return json;
  const blocks = spec.layout.blocks as LayoutBlock[];
  if (!blocks.includes('ag_grid') && !blocks.includes('toolbar')) return json;
  return { ...json, spec: { ...spec, layout: { ...spec.layout, blocks: compactBlocks(blocks, null) } } };
}

/**
 * Hydrates artifact JSON (an object, or its JSON text) into the artifact the view draws. The
 * artifact's own `format` (what the server built it with, the same texts the model read) decides
 * locale and currency; `fallbackLocale` (the host's) applies only to JSON without one.
 */
function artifactView(raw: unknown, fallbackLocale: string | undefined): ToolResultView {
  let json: unknown = raw;
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw);
    } catch {
      return single('artifact_invalid', 'data.artifact is text that is not JSON; it must be the artifact JSON (artifact.toJSON()).', 'data.artifact');
    }
  }
  if (!isRecord(json)) return single('artifact_invalid', 'data.artifact must be the artifact JSON object (artifact.toJSON()).', 'data.artifact');
  const options = isRecord(json.format) ? undefined : { locale: fallbackLocale };
  try {
    // Hydration reads JSON as untrusted input, field by field: the type is only what it expects.
    return { kind: 'view', artifact: hydrateArtifact(withoutDataGrid(json) as unknown as GridArtifactJson, options) };
  } catch (error) {
    const issues = isRecord(error) && Array.isArray(error.issues) ? (error.issues as SpecIssue[]) : null;
    if (issues === null) return single('artifact_invalid', clip(error instanceof Error ? error.message : String(error)), 'data.artifact');
    return problem(issues.map((issue) => ({ code: String(issue.code), path: issue.path ? `data.artifact.${issue.path}` : 'data.artifact', message: clip(String(issue.message)) })));
  }
}

/**
 * Reads a tool result (`CallToolResult`, as `ui/notifications/tool-result` delivers it) into what
 * the view shows. Never throws.
 *
 * - `structuredContent` is the envelope `{ ok, tool, data, diagnostics }`; `ok: true` with
 *   `data.artifact` (object or JSON text) is the view;
 * - `ok: false` is a problem listing `diagnostics` (`tool_failed` when it has none, with the
 *   result's text content as the sentence);
 * - a result without an envelope is `tool_error` when `isError` is set (its text content is the
 *   sentence), else `envelope_missing`; an envelope whose `ok` is not a boolean is
 *   `envelope_invalid`;
 * - `ok: true` without `data.artifact` (e.g. `gridview_render` asked for HTML) is
 *   `artifact_missing`;
 * - artifact JSON that does not hydrate is `artifact_invalid`, or the hydration's own codes at
 *   `data.artifact.<path>` (at most {@link MAX_SHOWN_ISSUES} issues, sentences clipped to 500
 *   characters).
 */
export function readToolResult(result: unknown, fallbackLocale?: string): ToolResultView {
  if (!isRecord(result)) return single('tool_result_invalid', 'The host delivered a tool result that is not an object.');
  const envelope = result.structuredContent;
  if (!isRecord(envelope)) {
    if (result.isError === true) return single('tool_error', clip(contentText(result) || 'The tool failed without saying why.'));
    return single('envelope_missing', 'The tool result carries no structuredContent envelope { ok, tool, data, diagnostics }.', 'structuredContent');
  }
  if (envelope.ok === false) {
    const issues = diagnosticIssues(envelope.diagnostics);
    return issues.length > 0 ? problem(issues) : single('tool_failed', clip(contentText(result) || 'The tool failed without diagnostics.'));
  }
  if (envelope.ok !== true) return single('envelope_invalid', 'The envelope’s ok must be true or false.', 'structuredContent.ok');
  const data = envelope.data;
  if (!isRecord(data) || data.artifact === undefined || data.artifact === null) {
    return single('artifact_missing', 'The tool answered without data.artifact, so there is no view to show; its answer is in the conversation as text.', 'data.artifact');
  }
  return artifactView(data.artifact, fallbackLocale);
}
