/**
 * The MCP server over stdio, for `vue-grid-view mcp`: one connection on the process's standard
 * input and output (or the streams given), served until the client closes its end.
 *
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import { createToolkit } from './options';
import type { GridViewMcpOptions } from './options';
import { newGridViewServer } from './server';
import { loadMcpSdk, loadMcpStdioSdk } from './sdk';

/** Where the connection runs: the process's stdin and stdout unless given. */
export interface StdioStreams {
  stdin: Readable;
  stdout: Writable;
}

/**
 * Serves one stdio connection and resolves when it ends: the client closed stdin (the MCP stdio
 * binding's way to stop a server) or the input failed. The SDK picks the protocol era from the
 * client's first message; the query runner of `database` is closed at the end.
 *
 * Nothing but protocol messages is written to `stdout`: errors the tools report go to `onError`
 * (stderr by default).
 *
 * @throws MissingPackageError (a rejection) when `@modelcontextprotocol/server` is not installed.
 */
export async function serveMcpStdio(options: GridViewMcpOptions = {}, streams?: StdioStreams): Promise<void> {
  const [sdk, stdio] = await Promise.all([loadMcpSdk(), loadMcpStdioSdk()]);
  const toolkit = createToolkit(options);
  const stdin = streams?.stdin ?? process.stdin;
  const stdout = streams?.stdout ?? process.stdout;
  // Listened to before the transport starts reading, so an end that comes at once is not missed.
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    stdin.once('error', resolve);
  });
  const transport = new stdio.StdioServerTransport(stdin, stdout);
  const handle = stdio.serveStdio(() => newGridViewServer(sdk, toolkit), { transport, onerror: (error) => toolkit.report(error) });
  try {
    await ended;
  } finally {
    await handle.close().catch(() => undefined);
    await toolkit.close();
  }
}
