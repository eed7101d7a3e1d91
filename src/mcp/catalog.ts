/**
 * What `gridview_catalog`, `gridview_schema` and `gridview_examples` answer: the spec's
 * vocabulary read from the core's registries and constants (never restated here), the error codes
 * with their fixes, the host contract and the route table, the model's context document
 * (docs/llm.md) and the ten example specs parsed out of it.
 *
 * docs/llm.md and the JSON Schema are bundled into the build (a Vite `?raw` import and a JSON
 * import), because the published package ships neither `docs/` nor a way to find `schema/` from a
 * module without knowing where it was installed.
 *
 * @module
 */
import llmDoc from '../../docs/llm.md?raw';
import specSchema from '../../schema/grid-view-spec.v1.json';
import { PLANNER_LIMITS, PRESENTATION_FORMATS, layoutForFormat } from '../assistant/presenter';
import { SPEC_PATCH_LIMITS } from '../assistant/spec-patch';
import { SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG } from '../core/errors';
import { SPEC_DEFAULTS, SPEC_ENUMS, SPEC_LIMITS } from '../core/spec';
import { SERVER_ERROR_CODES } from '../host/errors';
import { GRID_VIEW_ROUTES } from '../host/route-table';
import type { GridViewHost } from '../host/types';
import { ANSWER_CODES, MCP_SERVER_CODES, SPEC_PATCH_CODES, SQL_GUARD_CODES } from './codes';

/** One code of a catalog as the model reads it. */
export interface CatalogCode {
  code: string;
  summary: string;
  fix: string;
}

function codes(catalog: Readonly<Record<string, Readonly<{ summary: string; fix: string }>>>): CatalogCode[] {
  return Object.entries(catalog).map(([code, entry]) => ({ code, summary: entry.summary, fix: entry.fix }));
}

/**
 * The eight methods (and one optional) a host implements, in words. Typed against `GridViewHost`,
 * so a method added to the contract without a line here fails to compile.
 */
const HOST_METHODS: Readonly<Record<keyof GridViewHost, string>> = Object.freeze({
  translate: 'translate(key): the text of a message key in the active locale; the key itself when unknown.',
  urlFor: 'urlFor(route, params?): the URL of a route id of the route table, with query parameters.',
  templateExists: 'templateExists(name): whether the host owns a template of that name.',
  renderHostTemplate: 'renderHostTemplate(name, context): HTML the host vouches for (never built from spec values).',
  getGridPrefs: "getGridPrefs(subjectId, gridId): the caller's saved presets and searches of one grid.",
  saveGridPrefs: 'saveGridPrefs(subjectId, gridId, patch): saves a preferences patch; refuses another subject.',
  filterStateFromRequest: "filterStateFromRequest(spec): the current request's filter selection, without database access.",
  currentSubjectId: 'currentSubjectId(): the authenticated caller, or null when anonymous.',
  loadGridPrefs: 'loadGridPrefs?(subjectId, gridId): optional; getGridPrefs that also says whether preferences stay on the device only.',
});

/** What the running server offers, written into the catalog. */
export interface ServerFacts {
  tools: readonly string[];
  renderMaxRows: number;
  query: { enabled: boolean; maxRows: number; timeoutMs: number };
  appResourceUri: string;
}

/** The catalog's data (`gridview_catalog`); the context document only when `includeLlmDoc`. */
export function buildCatalog(server: ServerFacts, includeLlmDoc: boolean): Record<string, unknown> {
  return {
    spec_version: 1,
    schema_id: specSchema.$id,
    blocks: SPEC_ENUMS.block,
    formats: SPEC_ENUMS.format,
    aggregates: SPEC_ENUMS.aggregate,
    chart_types: SPEC_ENUMS.chart_type,
    icons: SPEC_ENUMS.icon,
    tones: SPEC_ENUMS.tone,
    tone_aliases: SPEC_ENUMS.tone_alias,
    enums: SPEC_ENUMS,
    limits: SPEC_LIMITS,
    defaults: SPEC_DEFAULTS,
    layout: {
      blocks: SPEC_ENUMS.block,
      default_blocks: SPEC_DEFAULTS.layoutBlocks,
      blocks_min: SPEC_LIMITS.layoutBlocksMin,
      blocks_max: SPEC_LIMITS.layoutBlocksMax,
      kpi_columns: { min: SPEC_LIMITS.kpiColumnsMin, max: SPEC_LIMITS.kpiColumnsMax, default: SPEC_DEFAULTS.kpiColumns },
      rules: [
        'layout holds blocks, kpi_columns or both; an empty layout {} is refused, leave it out instead.',
        'blocks are distinct names in the order they are shown; a block with nothing to show (no KPIs, no charts) is skipped.',
        'toolbar and ag_grid are the data grid and its toolbar, shown in place of the simple table.',
        'kpi_columns is the number of KPI cards per row on wide screens.',
      ],
    },
    error_codes: codes(SPEC_ERROR_CATALOG),
    warning_codes: codes(SPEC_WARNING_CATALOG),
    patch_codes: codes(SPEC_PATCH_CODES),
    sql_codes: codes(SQL_GUARD_CODES),
    query_codes: codes(ANSWER_CODES),
    server_codes: codes(MCP_SERVER_CODES),
    planner: {
      shape: '{ "sql": one read-only SELECT or WITH query, "purpose": what it answers, "format": one of formats }',
      formats: PRESENTATION_FORMATS,
      layouts: Object.fromEntries(PRESENTATION_FORMATS.map((format) => [format, layoutForFormat(format)])),
      limits: PLANNER_LIMITS,
    },
    spec_patch: { limits: SPEC_PATCH_LIMITS, paths: "JSON Pointers into the spec's normalised wire form (gridview_normalize's wire)" },
    host_contract: { methods: HOST_METHODS, server_error_codes: SERVER_ERROR_CODES },
    routes: Object.entries(GRID_VIEW_ROUTES).map(([id, route]) => ({ id, path: route.path, methods: route.methods })),
    server: {
      tools: server.tools,
      render_max_rows: server.renderMaxRows,
      query: { enabled: server.query.enabled, max_rows: server.query.maxRows, timeout_ms: server.query.timeoutMs },
      app_resource: server.appResourceUri,
    },
    ...(includeLlmDoc ? { llm_doc: llmDoc } : {}),
  };
}

/** The spec's JSON Schema (draft 2020-12), as `schema/grid-view-spec.v1.json` holds it. */
export function specJsonSchema(): Record<string, unknown> {
  return specSchema as Record<string, unknown>;
}

/** One example of docs/llm.md. */
export interface LlmExample {
  number: number;
  title: string;
  description: string;
  spec: unknown;
}

let examples: readonly LlmExample[] | undefined;

/**
 * The example specs of docs/llm.md, in order: each `### Example N: title` heading, the prose under
 * it and the first ```json block after it. Read once. test/package/llm-doc.test.ts proves every
 * one of them valid and without warnings; an example whose JSON does not parse is left out rather
 * than served broken (that test fails first).
 */
export function llmExamples(): readonly LlmExample[] {
  if (examples) return examples;
  const found: LlmExample[] = [];
  const lines = llmDoc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heading = /^###\s+Example\s+(\d+):\s*(.*)$/.exec(lines[i] as string);
    if (!heading) continue;
    const start = lines.findIndex((line, j) => j > i && /^```json\s*$/.test(line));
    const end = start < 0 ? -1 : lines.findIndex((line, j) => j > start && /^```\s*$/.test(line));
    if (end < 0) continue;
    try {
      const spec = JSON.parse(lines.slice(start + 1, end).join('\n')) as unknown;
      const description = lines.slice(i + 1, start).join(' ').replace(/\s+/g, ' ').trim();
      found.push({ number: Number(heading[1]), title: (heading[2] as string).trim(), description, spec });
    } catch {
      continue;
    }
    i = end;
  }
  examples = Object.freeze(found);
  return examples;
}
