/**
 * The tools themselves, as plain functions from a call's arguments to an answer (`ToolAnswer`):
 * no SDK, no transport. Each checks its arguments (./arguments), calls the library function that
 * does the work (the spec parser, `specToWire`, `applySpecPatch`, `GridRenderer`, `renderHtml`,
 * `answerWithGrid`) and says what happened in the envelope. None of them throws for anything a
 * caller can send; `server.ts` still turns an unexpected throw into `internal_error`.
 *
 * @module
 */
import { answerWithGrid } from '../assistant/answer';
import type { RunQuery } from '../assistant/answer';
import { applySpecPatch } from '../assistant/spec-patch';
import { GridArtifactError, GridRenderer } from '../core/artifact';
import { isMissingPackageError, loadOptionalPackage } from '../core/optional-package';
import { safeParseGridViewSpecJson, specToWire } from '../core/spec';
import type { GridViewSpec, Row } from '../core/types';
import { ToolArguments, isPlainObject } from './arguments';
import { buildCatalog, llmExamples, specJsonSchema } from './catalog';
import type { ServerFacts } from './catalog';
import { errorsOf, refuse, succeed, warningsOf } from './envelope';
import type { GridViewToolName, McpDiagnostic, ToolAnswer } from './envelope';

/** What the tools share: the server's settings and, when it has a database, its query runner. */
export interface ToolContext {
  facts: ServerFacts;
  /** Default locale and currency of KPI texts and cells; a call may give its own. */
  locale: string | undefined;
  currency: string | undefined;
  renderMaxRows: number;
  /** Present only on a server created with a database. */
  query?: { runQuery: RunQuery; maxRows: number; timeoutMs: number };
}

/** A tool: arguments in, answer out. */
export type ToolFunction = (args: unknown, context: ToolContext) => ToolAnswer | Promise<ToolAnswer>;

/** Row problems written out per call; the rest are counted in one more diagnostic. */
const ROW_ISSUES_SHOWN = 20;

const SPEC_WHAT = 'the view spec (a JSON object, see gridview_catalog)';

/** `1 row`, `2 rows`. */
function count(n: number, noun: string): string {
  return `${new Intl.NumberFormat('en').format(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** A spec argument parsed: the spec and its warnings, or the parser's issues (errors, then warnings). */
function parseSpec(raw: unknown): { ok: true; spec: GridViewSpec; warnings: McpDiagnostic[] } | { ok: false; diagnostics: McpDiagnostic[]; errors: number } {
  const parsed = safeParseGridViewSpecJson(raw);
  if (!parsed.ok) return { ok: false, diagnostics: [...errorsOf(parsed.issues), ...warningsOf(parsed.warnings)], errors: parsed.issues.length };
  return { ok: true, spec: parsed.spec, warnings: warningsOf(parsed.warnings) };
}

/** The refusal of an invalid spec. */
function invalidSpec(tool: GridViewToolName, parsed: { diagnostics: McpDiagnostic[]; errors: number }, extra: McpDiagnostic[] = []): ToolAnswer {
  return refuse(tool, [...parsed.diagnostics, ...extra], `the spec is invalid: ${count(parsed.errors, 'issue')}; fix each at its path and call again.`);
}

const catalog: ToolFunction = (raw, context) => {
  const args = new ToolArguments(raw, ['include_llm_doc']);
  const includeLlmDoc = args.boolean('include_llm_doc', true);
  if (!args.ok) return refuse('gridview_catalog', args.issues);
  const data = buildCatalog(context.facts, includeLlmDoc);
  const summary = `the spec's vocabulary, limits, error codes with fixes, host contract and routes${includeLlmDoc ? '; the context document (llm_doc) follows the JSON' : ''}.`;
  if (!includeLlmDoc) return succeed('gridview_catalog', data, summary);
  // The document once, as Markdown after the JSON, rather than escaped inside it.
  return { ...succeed('gridview_catalog', data, summary, [], ['llm_doc']), appendText: data.llm_doc as string };
};

const schema: ToolFunction = (raw) => {
  const args = new ToolArguments(raw, []);
  if (!args.ok) return refuse('gridview_schema', args.issues);
  const json = specJsonSchema();
  return succeed('gridview_schema', { schema_id: json.$id, schema: json }, 'the JSON Schema (draft 2020-12) of the wire spec.');
};

const validate: ToolFunction = (raw) => {
  const args = new ToolArguments(raw, ['spec']);
  const given = args.value('spec', SPEC_WHAT, true);
  if (!args.ok) return refuse('gridview_validate', args.issues);
  const parsed = parseSpec(given);
  if (!parsed.ok) return invalidSpec('gridview_validate', parsed);
  const { spec, warnings } = parsed;
  const data = { valid: true, grid_id: spec.gridId, columns: spec.columns.length, kpis: spec.kpis.length, charts: spec.charts.length };
  return succeed('gridview_validate', data, `the spec "${spec.gridId}" is valid${warnings.length > 0 ? ` with ${count(warnings.length, 'warning')}` : ''}.`, warnings);
};

const normalize: ToolFunction = (raw) => {
  const args = new ToolArguments(raw, ['spec']);
  const given = args.value('spec', SPEC_WHAT, true);
  if (!args.ok) return refuse('gridview_normalize', args.issues);
  const parsed = parseSpec(given);
  if (!parsed.ok) return invalidSpec('gridview_normalize', parsed);
  const wire = specToWire(parsed.spec);
  // The parsed spec is frozen data (camelCase, every default filled); a JSON round trip makes it plain.
  const resolved = JSON.parse(JSON.stringify(parsed.spec)) as unknown;
  const changed = JSON.stringify(given) !== JSON.stringify(wire);
  return succeed('gridview_normalize', { wire, resolved, changed }, changed ? 'the normalised wire form differs from the spec given (see data.wire).' : 'the spec is already in its normalised wire form.', parsed.warnings);
};

const examples: ToolFunction = (raw) => {
  const all = llmExamples();
  const args = new ToolArguments(raw, ['number']);
  const number = args.integer('number', 1, Math.max(1, all.length));
  if (!args.ok) return refuse('gridview_examples', args.issues);
  const chosen = number === undefined ? all : all.filter((example) => example.number === number);
  return succeed('gridview_examples', { examples: chosen }, number === undefined ? `${count(chosen.length, 'example spec')}, from the smallest to a full dashboard.` : `example ${number}.`);
};

const applyPatch: ToolFunction = (raw) => {
  const args = new ToolArguments(raw, ['spec', 'patch']);
  const spec = args.value('spec', SPEC_WHAT, true);
  const patch = args.value('patch', 'an RFC 6902 JSON Patch (an array of operations)', true);
  if (!args.ok) return refuse('gridview_apply_patch', args.issues);
  const result = applySpecPatch(spec, patch);
  if (!result.ok) return refuse('gridview_apply_patch', errorsOf(result.issues), `the patch was not applied: ${count(result.issues.length, 'issue')}; the spec is unchanged.`);
  return succeed('gridview_apply_patch', { wire: result.wire }, `the patch applied; data.wire is the new spec "${result.spec.gridId}".`, warningsOf(result.warnings));
};

/** The rows argument checked: plain objects only, at most `max` of them. */
function readRows(args: ToolArguments, max: number): { rows: Row[]; given: number; issues: McpDiagnostic[] } | undefined {
  const list = args.array('rows', 'the rows (an array of objects keyed by column key)', true);
  if (list === undefined) return undefined;
  const bad: number[] = [];
  for (let i = 0; i < list.length; i++) if (!isPlainObject(list[i])) bad.push(i);
  const issues: McpDiagnostic[] = bad.slice(0, ROW_ISSUES_SHOWN).map((i) => ({ code: 'invalid_type', path: `rows[${i}]`, message: 'Each row must be a JSON object keyed by column key, such as { "region": "North", "amount": 1200 }.', severity: 'error' }));
  if (bad.length > ROW_ISSUES_SHOWN) issues.push({ code: 'invalid_type', path: 'rows', message: `${count(bad.length - ROW_ISSUES_SHOWN, 'more row')} are not objects either.`, severity: 'error' });
  if (issues.length > 0) return { rows: [], given: list.length, issues };
  if (list.length > max) {
    const message = `${count(list.length, 'row')} were given; the view shows the first ${new Intl.NumberFormat('en').format(max)} only, and its KPIs and charts describe those. Aggregate in the query or send fewer rows.`;
    return { rows: list.slice(0, max) as Row[], given: list.length, issues: [{ code: 'rows_truncated', path: 'rows', message, severity: 'warning' }] };
  }
  return { rows: list as Row[], given: list.length, issues: [] };
}

/** What `renderHtml` needs besides this package: loaded on the first `html: true`. */
const HTML_PACKAGES = ['vue', 'echarts', 'vue-echarts'];

const render: ToolFunction = async (raw, context) => {
  const args = new ToolArguments(raw, ['spec', 'rows', 'html', 'locale', 'currency']);
  const given = args.value('spec', SPEC_WHAT, true);
  const rows = readRows(args, context.renderMaxRows);
  const html = args.boolean('html', false);
  const locale = args.locale('locale') ?? context.locale;
  const currency = args.currency('currency') ?? context.currency;
  const rowErrors = (rows?.issues ?? []).filter((d) => d.severity === 'error');
  if (!args.ok || rows === undefined) return refuse('gridview_render', [...args.issues, ...rowErrors]);
  const parsed = parseSpec(given);
  if (!parsed.ok) return invalidSpec('gridview_render', parsed, rowErrors);
  if (rowErrors.length > 0) return refuse('gridview_render', [...rowErrors, ...parsed.warnings]);
  const diagnostics = [...parsed.warnings, ...rows.issues];
  let artifact;
  try {
    artifact = GridRenderer.build(parsed.spec, rows.rows, { locale, currency });
  } catch (error) {
    if (error instanceof GridArtifactError) return refuse('gridview_render', errorsOf(error.issues));
    throw error;
  }
  let page: string | undefined;
  if (html) {
    try {
      const ssr = await loadOptionalPackage('HTML rendering (gridview_render html: true)', HTML_PACKAGES, () => import('../ssr/render'));
      page = await ssr.renderHtml(parsed.spec, rows.rows, { locale, currency, stylesheet: 'inline' });
    } catch (error) {
      if (!isMissingPackageError(error)) throw error;
      return refuse('gridview_render', [{ code: 'missing_package', path: 'html', message: `${error.message} Call again without "html" for the artifact alone.`, severity: 'error' }]);
    }
  }
  const data = { artifact: artifact.toJSON(), row_count: rows.rows.length, truncated: rows.rows.length < rows.given, ...(page === undefined ? {} : { html: page }) };
  const summary = `rendered "${parsed.spec.gridId}": ${count(rows.rows.length, 'row')}, ${count(artifact.kpis.length, 'KPI')}, ${count(artifact.charts.length, 'chart')}${page === undefined ? '' : ', with HTML'}.`;
  return succeed('gridview_render', data, summary, diagnostics, ['artifact', 'html']);
};

const query: ToolFunction = async (raw, context) => {
  const args = new ToolArguments(raw, ['plan', 'locale', 'currency']);
  const plan = args.value('plan', 'the planner output { "sql", "purpose", "format" }', true);
  const locale = args.locale('locale') ?? context.locale;
  const currency = args.currency('currency') ?? context.currency;
  if (!args.ok) return refuse('gridview_query', args.issues);
  // Registered only with a database; a context without one is a wiring mistake, not the caller's.
  if (!context.query) throw new Error('gridview_query was called on a server without a database.');
  const { runQuery, maxRows, timeoutMs } = context.query;
  const answer = await answerWithGrid({ plan, runQuery, limits: { maxRows, timeoutMs }, ...(locale ? { locale } : {}), ...(currency ? { currency } : {}) });
  if (!answer.ok) return refuse('gridview_query', errorsOf(answer.issues), `no view: ${count(answer.issues.length, 'issue')}; fix the plan as each says and call again.`);
  const diagnostics: McpDiagnostic[] = answer.truncated
    ? [{ code: 'rows_truncated', path: 'sql', message: `The query returned more than ${new Intl.NumberFormat('en').format(maxRows)} rows; the view shows the first ${new Intl.NumberFormat('en').format(answer.rowCount)} and says so in its title. Aggregate or filter in the SQL for a complete answer.`, severity: 'warning' }]
    : [];
  const data = { artifact: answer.artifact.toJSON(), spec: specToWire(answer.spec), row_count: answer.rowCount, truncated: answer.truncated };
  return succeed('gridview_query', data, `answered with "${answer.spec.title ?? answer.spec.gridId}": ${count(answer.rowCount, 'row')}${answer.truncated ? ' (more existed)' : ''}.`, diagnostics, ['artifact']);
};

/** Every tool by name. */
export const TOOLS: Readonly<Record<GridViewToolName, ToolFunction>> = Object.freeze({
  gridview_catalog: catalog,
  gridview_schema: schema,
  gridview_validate: validate,
  gridview_normalize: normalize,
  gridview_examples: examples,
  gridview_apply_patch: applyPatch,
  gridview_render: render,
  gridview_query: query,
});
