/**
 * The MCP server: the SDK's `McpServer` with the grid view tools, each with its input and output
 * schema, and the MCP Apps resource the rendering tools link to, so that a chat client with MCP
 * Apps shows their answer as the interactive view rather than as JSON.
 *
 * @module
 */
import type { McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { createRequire } from 'node:module';
import { MCP_APP_URI, mcpAppHtml } from './app-html';
import { refuse, toToolResult } from './envelope';
import type { GridViewToolName } from './envelope';
import { createToolkit } from './options';
import type { GridViewMcpOptions, Toolkit } from './options';
import { TOOL_DEFINITIONS } from './schemas';
import { loadMcpSdk } from './sdk';
import type { McpSdk } from './sdk';
import { TOOLS } from './tools';

/**
 * The MIME type of an MCP Apps view (`RESOURCE_MIME_TYPE` of `@modelcontextprotocol/ext-apps`),
 * written here so the server does not need that package.
 */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The tools whose answer is a view, and so link the MCP Apps resource. */
const VIEW_TOOLS: readonly GridViewToolName[] = ['gridview_render', 'gridview_query'];

const INSTRUCTIONS = [
  'vue-grid-view turns a declarative view spec plus rows into a dashboard: title, KPI cards, charts and a table.',
  'A spec describes layout only and never holds data, values, SQL or drawing options.',
  'Call gridview_catalog once (its llm_doc explains every field, with ten examples); check specs with gridview_validate; edit them with gridview_apply_patch.',
  'gridview_render shows rows you already have; gridview_query (when the server has a database) answers a question with one read-only SQL query.',
  'Every tool answers { ok, tool, data, diagnostics }; when ok is false, fix each diagnostic at its path and call again.',
].join(' ');

let version: string | undefined;

/** The package's version for `serverInfo`, read once (the HTTP handler makes a server per request). */
function packageVersion(): string {
  version ??= readPackageVersion();
  return version;
}

function readPackageVersion(): string {
  try {
    // The package reads its own package.json through its `exports`; a bundle that moved the
    // module away from it still gets a server, with a version of 0.0.0.
    const found: unknown = (createRequire(import.meta.url)('vue-grid-view/package.json') as { version?: unknown }).version;
    return typeof found === 'string' ? found : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * A JSON Schema advertised in `tools/list` whose validation lets every value through: the tools
 * check their arguments themselves, so that a wrong argument is an envelope with coded
 * diagnostics and not the SDK's bare sentence (see ./arguments).
 */
function advertised(schema: Record<string, unknown>): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'vue-grid-view',
      jsonSchema: { input: () => schema, output: () => schema },
      validate: (value: unknown) => ({ value }),
    },
  };
}

/** Each tool's input and output schema objects, made once per SDK module (the output's validator is compiled then). */
const schemaCache = new WeakMap<McpSdk, Map<GridViewToolName, { input: StandardSchemaWithJSON; output: StandardSchemaWithJSON }>>();

function schemasOf(sdk: McpSdk, name: GridViewToolName): { input: StandardSchemaWithJSON; output: StandardSchemaWithJSON } {
  let bySdk = schemaCache.get(sdk);
  if (!bySdk) schemaCache.set(sdk, (bySdk = new Map()));
  let schemas = bySdk.get(name);
  if (!schemas) {
    // The HTTP handler makes a server per request: the schemas are compiled once, not per request.
    schemas = { input: advertised(TOOL_DEFINITIONS[name].inputSchema), output: sdk.fromJsonSchema(TOOL_DEFINITIONS[name].outputSchema) };
    bySdk.set(name, schemas);
  }
  return schemas;
}

/** Registers the tools and the app resource of `toolkit` on `server`. */
export function registerGridViewTools(sdk: McpSdk, server: McpServer, toolkit: Toolkit): void {
  for (const name of toolkit.tools as readonly GridViewToolName[]) {
    const definition = TOOL_DEFINITIONS[name];
    const schemas = schemasOf(sdk, name);
    const linksView = VIEW_TOOLS.includes(name);
    server.registerTool(
      name,
      {
        title: definition.title,
        description: definition.description,
        inputSchema: schemas.input,
        outputSchema: schemas.output,
        annotations: { title: definition.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        // MCP Apps: `ui.resourceUri` is the current key, `ui/resourceUri` the one older hosts read
        // (the SDK's registerAppTool writes both).
        ...(linksView ? { _meta: { ui: { resourceUri: MCP_APP_URI }, 'ui/resourceUri': MCP_APP_URI } } : {}),
      },
      async (args: unknown) => {
        try {
          return toToolResult(await TOOLS[name](args, toolkit.context));
        } catch (error) {
          toolkit.report(error);
          return toToolResult(refuse(name, [{ code: 'internal_error', path: '', message: 'The server failed while answering; the input may be fine. Try again once.', severity: 'error' }], 'failed inside the server.'));
        }
      },
    );
  }
  server.registerResource(
    'vue-grid-view view',
    MCP_APP_URI,
    { title: 'Grid view', description: 'The interactive view of gridview_render and gridview_query answers (MCP Apps).', mimeType: MCP_APP_MIME_TYPE },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: await mcpAppHtml() }] }),
  );
}

/** A new SDK server over a toolkit made elsewhere (the HTTP handler and stdio share one). */
export function newGridViewServer(sdk: McpSdk, toolkit: Toolkit): McpServer {
  const server = new sdk.McpServer({ name: 'vue-grid-view', title: 'vue-grid-view', version: packageVersion() }, { instructions: INSTRUCTIONS });
  registerGridViewTools(sdk, server, toolkit);
  return server;
}

/**
 * Creates the MCP server of the grid views: the SDK's `McpServer` with the tools
 * `gridview_catalog`, `gridview_schema`, `gridview_validate`, `gridview_normalize`,
 * `gridview_examples`, `gridview_apply_patch`, `gridview_render` and, only with `database`,
 * `gridview_query`, plus the MCP Apps resource `ui://vue-grid-view/view.html` the last two link.
 * Connect it to a transport yourself (`await server.connect(transport)`), or use `createMcpHandler`
 * for HTTP and `vue-grid-view mcp` for stdio.
 *
 * Every tool answers the envelope `{ ok, tool, data, diagnostics }` in `structuredContent`, with a
 * short text for models that read only text; `ok: false` comes with `isError: true`. Nothing a
 * caller sends makes a tool throw or answer a protocol error: invalid JSON, wrong types, unknown
 * arguments, an invalid spec or patch, refused SQL are coded diagnostics with paths, and a defect
 * of the server is `internal_error` (reported to `onError`).
 *
 * Edge cases: the query runner made for `database` is closed when the server closes
 * (`server.close()`, or the transport closing); a `runQuery` you pass stays yours to close.
 *
 * @throws MissingPackageError (a rejection) when `@modelcontextprotocol/server` is not installed;
 * TypeError or RangeError for invalid options.
 * @example
 * const server = await createGridViewMcpServer({ database: { sqlite: 'data/sales.sqlite' } });
 * await server.connect(transport);
 */
export async function createGridViewMcpServer(options: GridViewMcpOptions = {}): Promise<McpServer> {
  const sdk = await loadMcpSdk();
  const toolkit = createToolkit(options);
  const server = newGridViewServer(sdk, toolkit);
  // The SDK calls `onclose` when the connection ends, whoever ends it; the runner goes with it.
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    void toolkit.close();
  };
  return server;
}
