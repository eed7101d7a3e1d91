/**
 * The MCP TypeScript SDK (`@modelcontextprotocol/server`), an optional peer dependency: only an
 * application that serves MCP installs it. It is loaded with `import()` when a server, handler or
 * stdio connection is created, so importing `vue-grid-view/mcp` never fails, and a missing SDK is
 * a `MissingPackageError` naming it with its install command at that moment.
 *
 * @module
 */
import type * as McpServerModule from '@modelcontextprotocol/server';
import type * as McpStdioModule from '@modelcontextprotocol/server/stdio';
import { loadOptionalPackage } from '../core/optional-package';

/** The package every MCP entry point needs. */
export const MCP_SDK_PACKAGE = '@modelcontextprotocol/server';

/** What the SDK's main module exports (its types only: this module never imports it statically). */
export type McpSdk = typeof McpServerModule;
/** What the SDK's stdio module exports. */
export type McpStdioSdk = typeof McpStdioModule;

/**
 * The SDK's main module. `importer` is the seam tests replace to meet a missing package; the
 * default is the `import()` bundlers and Node resolve.
 *
 * @throws MissingPackageError (`code: 'missing_package'`, `packages: ['@modelcontextprotocol/server']`)
 * when the SDK is not installed; any other failure of the import as it is.
 */
export function loadMcpSdk(importer: () => Promise<McpSdk> = () => import('@modelcontextprotocol/server')): Promise<McpSdk> {
  return loadOptionalPackage('The MCP server (vue-grid-view/mcp)', [MCP_SDK_PACKAGE], importer);
}

/** The SDK's stdio module, with the same refusal as `loadMcpSdk`. */
export function loadMcpStdioSdk(): Promise<McpStdioSdk> {
  return loadOptionalPackage('The MCP server over stdio (vue-grid-view mcp)', [MCP_SDK_PACKAGE], () => import('@modelcontextprotocol/server/stdio'));
}
