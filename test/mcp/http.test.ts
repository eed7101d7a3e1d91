/**
 * The MCP server over Streamable HTTP: `createMcpHandler` mounted with `toNodeHandler` beside the
 * grid routes on a real `node:http` server, driven by the SDK's own client (2025 and 2026-07-28
 * protocol eras), and the HTTP refusals the MCP specification asks for, sent by hand. Reading the
 * view resource needs the built view (dist/mcp/, `npm run build`), as the node lane has: the
 * resource's text is the view itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { toNodeHandler } from '../../src/server/adapters/node';
import { createGridViewHandler } from '../../src/server/handler';
import { MCP_APP_URI } from '../../src/mcp/app-html';
import { GRIDVIEW_TOOL_NAMES } from '../../src/mcp/envelope';
import { createMcpHandler, type GridViewMcpHandler } from '../../src/mcp/http';
import { TOOL_DEFINITIONS } from '../../src/mcp/schemas';
import { REVENUE_PLAN, REVENUE_SQL, callEveryTool, callEveryToolBadly, createSalesDatabase, envelopeOf, queryDirectly } from './fixtures';

const temp = mkdtempSync(join(tmpdir(), 'gv-mcp-http-'));
const database = createSalesDatabase(temp);
let mcp: GridViewMcpHandler;
let server: Server;
let base = '';
const clients: Client[] = [];

beforeAll(async () => {
  mcp = await createMcpHandler({ database: { sqlite: database } });
  const grid = createGridViewHandler();
  // The MCP endpoint answers /mcp and resolves undefined elsewhere, so the grid routes follow it.
  server = createServer(toNodeHandler(async (request) => (await mcp(request)) ?? grid(request)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await mcp.close();
  // fetch keeps its connections open for reuse; close() alone would wait for them to time out.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(temp, { recursive: true, force: true });
});

async function connect(mode?: 'auto'): Promise<Client> {
  const client = new Client({ name: 'gv-test', version: '1.0.0' }, mode ? { versionNegotiation: { mode } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  clients.push(client);
  return client;
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A raw POST to the endpoint; the answer's status and JSON body (JSON-RPC error bodies). */
async function post(body: string, headers: Record<string, string> = MCP_HEADERS, path = '/mcp'): Promise<{ status: number; type: string | null; body: { error?: { code: number; message: string } } }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: JSON.parse(text) as { error?: { code: number; message: string } } };
}

describe('the MCP endpoint with the SDK client', () => {
  it('lists every tool with its input and output schema, gridview_query included with a database', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...GRIDVIEW_TOOL_NAMES]);
    for (const tool of tools) {
      const definition = TOOL_DEFINITIONS[tool.name as keyof typeof TOOL_DEFINITIONS];
      expect(tool.inputSchema).toEqual(definition.inputSchema);
      expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['ok', 'tool', 'data', 'diagnostics'] });
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.description?.length).toBeGreaterThan(40);
    }
  });

  it('links the MCP Apps view from gridview_render and gridview_query only, under both metadata keys', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const linked = tools.filter((tool) => tool._meta !== undefined);
    expect(linked.map((tool) => tool.name)).toEqual(['gridview_render', 'gridview_query']);
    for (const tool of linked) expect(tool._meta).toEqual({ ui: { resourceUri: MCP_APP_URI }, [RESOURCE_URI_META_KEY]: MCP_APP_URI });
  });

  it('lists the view resource and reads it as HTML with the MCP Apps MIME type', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: MCP_APP_URI, mimeType: RESOURCE_MIME_TYPE })]);
    const { contents } = await client.readResource({ uri: MCP_APP_URI });
    expect(contents).toEqual([expect.objectContaining({ uri: MCP_APP_URI, mimeType: RESOURCE_MIME_TYPE })]);
    expect((contents[0] as { text: string }).text).toMatch(/^<!doctype html>/i);
  });

  it('answers every tool with its envelope, and bad input to every tool with a coded tool error', async () => {
    const client = await connect();
    await callEveryTool(client, GRIDVIEW_TOOL_NAMES);
    await callEveryToolBadly(client, GRIDVIEW_TOOL_NAMES);
  });

  it('answers gridview_query with an artifact whose rows are what the SQL gives when run directly', async () => {
    const client = await connect();
    const envelope = envelopeOf(await client.callTool({ name: 'gridview_query', arguments: { plan: REVENUE_PLAN } }), 'gridview_query');
    const data = envelope.data as { artifact: { rows: unknown[]; title: string }; row_count: number; truncated: boolean };
    expect(data.artifact.rows).toEqual(queryDirectly(database, REVENUE_SQL));
    expect(data).toMatchObject({ row_count: 3, truncated: false });
    expect(data.artifact.title).toBe('Revenue and orders by region');
  });

  it('serves the 2026-07-28 protocol too when the client negotiates it', async () => {
    const client = await connect('auto');
    expect((await client.listTools()).tools).toHaveLength(GRIDVIEW_TOOL_NAMES.length);
    const envelope = envelopeOf(await client.callTool({ name: 'gridview_validate', arguments: { spec: { grid_id: 'x' } } }), 'gridview_validate');
    expect(envelope.diagnostics).toEqual([expect.objectContaining({ code: 'required', path: 'columns' })]);
  });

  it('answers an unknown argument with a coded error, and a tool it does not have with the SDK\'s readable protocol error', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'gridview_catalog', arguments: { include_llm_doc: false, surplus: [1, 2, 3] } });
    expect(envelopeOf(result, 'gridview_catalog').diagnostics).toEqual([expect.objectContaining({ code: 'unknown_field', path: 'surplus' })]);
    // A tool the server does not have is the one protocol error left: the SDK's readable sentence.
    await expect(client.callTool({ name: 'gridview_nothing', arguments: {} })).rejects.toThrow(/Tool gridview_nothing not found/);
  });
});

describe('the MCP endpoint over plain HTTP', () => {
  it('leaves other paths to the grid routes and the adapter', async () => {
    expect((await fetch(`${base}/grid/preferences/?grid_id=sales`)).status).toBe(200);
    const other = await fetch(`${base}/elsewhere`, { method: 'POST', headers: MCP_HEADERS, body: INITIALIZE });
    expect(other.status).toBe(404);
  });

  it('answers a client that does not accept JSON and an event stream with 406', async () => {
    const answer = await post(INITIALIZE, { 'content-type': 'application/json', accept: 'text/html' });
    expect(answer).toMatchObject({ status: 406, type: 'application/json', body: { error: { message: expect.stringMatching(/Not Acceptable/) as unknown } } });
  });

  it('refuses a browser page of another origin with 403 (DNS rebinding), and lets a localhost page and non-browser clients in', async () => {
    expect(await post(INITIALIZE, { ...MCP_HEADERS, origin: 'http://evil.example' })).toMatchObject({ status: 403, type: expect.stringMatching(/^application\/json/) as unknown });
    expect(await post(INITIALIZE, { ...MCP_HEADERS, origin: 'null' })).toMatchObject({ status: 403 });
    const local = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, origin: 'http://localhost:5173' }, body: INITIALIZE });
    expect(local.status).toBe(200);
    await local.body?.cancel();
  });

  it('answers GET and DELETE with 405 (stateless: no sessions, no server stream)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${base}/mcp`, { method, headers: { accept: 'application/json, text/event-stream' } });
      expect({ method, status: response.status }).toEqual({ method, status: 405 });
      expect(((await response.json()) as { error?: unknown }).error).toBeDefined();
    }
  });

  it('answers a body that is not JSON-RPC with 4xx, never 500', async () => {
    expect(await post('{"jsonrpc": ')).toMatchObject({ status: 400, body: { error: { code: -32700 } } });
    expect(await post('[1, 2]')).toMatchObject({ status: 400 });
    expect(await post(INITIALIZE, { ...MCP_HEADERS, 'content-type': 'text/plain' })).toMatchObject({ status: 415 });
    expect(await post(`{"jsonrpc": "2.0", "pad": "${'x'.repeat(4.5 * 1024 * 1024)}"}`)).toMatchObject({ status: 413 });
  });

  it('refuses a Host outside allowedHosts with 403 when the handler is told which hosts are its own', async () => {
    const local = await createMcpHandler({ allowedHosts: ['localhost', '127.0.0.1'] });
    try {
      const refused = await local(new Request('http://evil.example/mcp', { method: 'POST', headers: { ...MCP_HEADERS, host: 'evil.example' }, body: INITIALIZE }));
      expect(refused?.status).toBe(403);
      const served = await local(new Request('http://localhost/mcp', { method: 'POST', headers: { ...MCP_HEADERS, host: 'localhost:3000' }, body: INITIALIZE }));
      expect(served?.status).toBe(200);
      await served?.body?.cancel();
    } finally {
      await local.close();
    }
  });
});
