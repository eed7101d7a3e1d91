/**
 * `vue-grid-view/mcp`: the grid views as an MCP server, for any assistant that speaks the Model
 * Context Protocol. Node only; needs the optional peer `@modelcontextprotocol/server` (loaded when
 * a server, handler or stdio connection is created: a `MissingPackageError` naming it otherwise).
 *
 * - `createGridViewMcpServer`: the SDK's `McpServer` with the `gridview_*` tools and the MCP Apps
 *   view they link;
 * - `createMcpHandler`: the same over Streamable HTTP as `(Request) => Promise<Response |
 *   undefined>`, mounted like `createGridViewHandler` (stateless);
 * - `serveMcpStdio`: one stdio connection (what `npx vue-grid-view mcp` runs).
 *
 * @module
 */
export { createGridViewMcpServer, MCP_APP_MIME_TYPE } from './server';
export { createMcpHandler } from './http';
export type { GridViewMcpHandler, GridViewMcpHandlerOptions } from './http';
export { serveMcpStdio } from './stdio';
export type { StdioStreams } from './stdio';
export { MCP_LIMITS } from './options';
export type { GridViewMcpDatabase, GridViewMcpOptions } from './options';
export { GRIDVIEW_TOOL_NAMES } from './envelope';
export type { GridViewToolName, McpDiagnostic, McpEnvelope } from './envelope';
export { MCP_APP_URI } from './app-html';
