/**
 * The tools' descriptions and their input and output JSON Schemas, as `tools/list` shows them.
 *
 * Input schemas are kept small on purpose: many clients put every tool's schema into the model's
 * context, so the spec argument says "an object, see gridview_schema" rather than carrying the
 * 26 kB spec schema four times. They are advertised, not enforced by the SDK: the tools check
 * their arguments themselves (./arguments) to answer with coded diagnostics. Output schemas
 * describe the envelope exactly and the SDK checks every successful answer against them.
 *
 * @module
 */
import { PRESENTATION_FORMATS } from '../assistant/presenter';
import type { GridViewToolName } from './envelope';
import { MCP_LIMITS } from './options';

type JsonSchema = Record<string, unknown>;

const spec: JsonSchema = { type: 'object', description: 'The view spec: a JSON object (its JSON text is accepted too). Its fields: gridview_catalog or gridview_schema.' };
const locale: JsonSchema = { type: 'string', description: 'BCP 47 language tag of KPI texts and cells, e.g. "en" or "uk"; default: the server\'s.' };
const currency: JsonSchema = { type: 'string', description: 'ISO 4217 code of currency cells and KPIs, e.g. "USD"; default: the server\'s.' };

function input(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

const diagnostic: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    path: { type: 'string' },
    message: { type: 'string' },
    severity: { enum: ['error', 'warning'] },
  },
  required: ['code', 'path', 'message', 'severity'],
  additionalProperties: false,
};

/** The envelope of one tool, with the shape of its `data` when `ok` is true. */
function envelope(tool: GridViewToolName, data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      ok: { type: 'boolean' },
      tool: { const: tool },
      data: { anyOf: [data, { type: 'null' }] },
      diagnostics: { type: 'array', items: diagnostic },
    },
    required: ['ok', 'tool', 'data', 'diagnostics'],
    additionalProperties: false,
  };
}

function object(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required };
}

const artifact: JsonSchema = {
  type: 'object',
  description: 'The view as GridArtifactJson: what <GridView :artifact>, GridViewMessage and the MCP Apps view draw.',
  properties: { version: { const: 1 }, gridId: { type: 'string' }, spec: { type: 'object' }, rows: { type: 'array' } },
  required: ['version', 'gridId', 'spec', 'rows'],
};

const codeList: JsonSchema = { type: 'array', items: object({ code: { type: 'string' }, summary: { type: 'string' }, fix: { type: 'string' } }) };

/** One tool's title, description and schemas. */
export interface ToolDefinition {
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
}

/** Every tool's definition. Each answers `{ ok, tool, data, diagnostics }` (see `McpEnvelope`). */
export const TOOL_DEFINITIONS: Readonly<Record<GridViewToolName, ToolDefinition>> = {
  gridview_catalog: {
    title: 'Grid view catalog',
    description:
      'Read this first. Everything a view spec may hold: blocks, formats, aggregates, chart types, icons, tones, layout rules, limits and defaults; every error code with its fix; the host contract and HTTP routes; and llm_doc, the context document for writing specs (fields, ten examples, error table). Pass include_llm_doc: false for the lists only.',
    inputSchema: input({ include_llm_doc: { type: 'boolean', description: 'Include the context document (about 28 kB of Markdown). Default true.' } }),
    outputSchema: envelope(
      'gridview_catalog',
      object(
        {
          spec_version: { const: 1 },
          blocks: { type: 'array', items: { type: 'string' } },
          formats: { type: 'array', items: { type: 'string' } },
          aggregates: { type: 'array', items: { type: 'string' } },
          chart_types: { type: 'array', items: { type: 'string' } },
          icons: { type: 'array', items: { type: 'string' } },
          tones: { type: 'array', items: { type: 'string' } },
          enums: { type: 'object' },
          limits: { type: 'object' },
          defaults: { type: 'object' },
          layout: { type: 'object' },
          error_codes: codeList,
          warning_codes: codeList,
          host_contract: { type: 'object' },
          routes: { type: 'array', items: object({ id: { type: 'string' }, path: { type: 'string' }, methods: { type: 'array', items: { type: 'string' } } }) },
          server: { type: 'object' },
          llm_doc: { type: 'string' },
        },
        ['spec_version', 'blocks', 'formats', 'aggregates', 'chart_types', 'icons', 'tones', 'enums', 'limits', 'defaults', 'layout', 'error_codes', 'warning_codes', 'host_contract', 'routes', 'server'],
      ),
    ),
  },
  gridview_schema: {
    title: 'Grid view spec JSON Schema',
    description: 'The JSON Schema (draft 2020-12) of the wire spec. The parser behind gridview_validate also checks what a schema cannot (unique ids, column references, forbidden content at any depth).',
    inputSchema: input({}),
    outputSchema: envelope('gridview_schema', object({ schema_id: { type: 'string' }, schema: { type: 'object' } })),
  },
  gridview_validate: {
    title: 'Validate a grid view spec',
    description: 'Checks a view spec. Valid: ok true, with warnings if any. Invalid: ok false (isError) with every issue as { code, path, message }; fix each at its path (e.g. charts[0].series[1].color) and validate again.',
    inputSchema: input({ spec }, ['spec']),
    outputSchema: envelope('gridview_validate', object({ valid: { const: true }, grid_id: { type: 'string' }, columns: { type: 'integer' }, kpis: { type: 'integer' }, charts: { type: 'integer' } })),
  },
  gridview_normalize: {
    title: 'Normalise a grid view spec',
    description:
      "Validates a spec and returns its normalised wire form (specToWire of the parsed spec): snake_case keys in a stable order, tone aliases and colours normalised, every field equal to its default left out. JSON Patch paths address this form. resolved is the parsed spec as the renderer reads it (camelCase, every default filled): for reading, never to send back as a spec.",
    inputSchema: input({ spec }, ['spec']),
    outputSchema: envelope('gridview_normalize', object({ wire: { type: 'object' }, resolved: { type: 'object' }, changed: { type: 'boolean' } })),
  },
  gridview_examples: {
    title: 'Example grid view specs',
    description: 'The ten example specs of the context document, from the smallest valid spec to a full sales dashboard; each valid and without warnings. number picks one.',
    inputSchema: input({ number: { type: 'integer', minimum: 1, description: 'One example by its number; default: all.' } }),
    outputSchema: envelope(
      'gridview_examples',
      object({ examples: { type: 'array', items: object({ number: { type: 'integer' }, title: { type: 'string' }, description: { type: 'string' }, spec: { type: 'object' } }) } }),
    ),
  },
  gridview_apply_patch: {
    title: 'Edit a grid view spec with JSON Patch',
    description:
      'Applies an RFC 6902 JSON Patch to a spec and validates the result; all operations or none. Paths address the normalised wire form (see gridview_normalize): use add for absent fields, start with a test operation on the value you change. Returns the new spec as data.wire.',
    inputSchema: input({ spec, patch: { type: 'array', items: { type: 'object' }, description: 'RFC 6902 operations, e.g. [{ "op": "replace", "path": "/charts/0/chart_type", "value": "pie" }] (its JSON text is accepted too).' } }, ['spec', 'patch']),
    outputSchema: envelope('gridview_apply_patch', object({ wire: { type: 'object' } })),
  },
  gridview_render: {
    title: 'Render a grid view',
    description:
      `Builds the view of a spec and rows: title, KPI cards computed from the rows, charts and a table. Returns the artifact (GridArtifactJson), shown as an interactive view by clients with MCP Apps; html: true adds the server-rendered HTML. At most the server's render limit of rows (${new Intl.NumberFormat('en').format(MCP_LIMITS.renderMaxRows)} by default) are used; more gives the warning rows_truncated.`,
    inputSchema: input(
      {
        spec,
        rows: { type: 'array', items: { type: 'object' }, description: 'The rows: objects keyed by the column keys of the spec (its JSON text is accepted too).' },
        html: { type: 'boolean', description: 'Also return the view as HTML (server-side rendering). Default false.' },
        locale,
        currency,
      },
      ['spec', 'rows'],
    ),
    outputSchema: envelope('gridview_render', object({ artifact, row_count: { type: 'integer' }, truncated: { type: 'boolean' }, html: { type: 'string' } }, ['artifact', 'row_count', 'truncated'])),
  },
  gridview_query: {
    title: 'Answer a question from the database',
    description:
      'Runs planner output { sql, purpose, format } on the server\'s database, read-only and time-limited, and builds a view from the result (columns, formats, KPIs and a chart chosen from the result and format). sql: one SELECT or WITH query, nothing chained; format: table, report, chart or answer. Shown as an interactive view by clients with MCP Apps.',
    inputSchema: input(
      {
        plan: {
          type: 'object',
          description: 'Planner output: exactly { "sql", "purpose", "format" } (its JSON text is accepted too).',
          properties: { sql: { type: 'string' }, purpose: { type: 'string' }, format: { enum: [...PRESENTATION_FORMATS] } },
          required: ['sql', 'purpose', 'format'],
          additionalProperties: false,
        },
        locale,
        currency,
      },
      ['plan'],
    ),
    outputSchema: envelope('gridview_query', object({ artifact, spec: { type: 'object' }, row_count: { type: 'integer' }, truncated: { type: 'boolean' } })),
  },
};
