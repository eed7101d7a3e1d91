/**
 * `vue-grid-view mcp --sqlite <file>` over stdio, as an MCP client starts it: the CLI runs from
 * source in a process of its own (`node --import tsx`, plus ./raw-register.mjs for the `?raw`
 * import tsx does not know), and the SDK's own client talks to it. Only reading the view resource
 * needs a build (its text is the built view, dist/mcp/), as the node lane has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { MCP_APP_URI } from '../../src/mcp/app-html';
import { GRIDVIEW_TOOL_NAMES } from '../../src/mcp/envelope';
import { REVENUE_PLAN, REVENUE_SQL, SALES, callEveryTool, callEveryToolBadly, createSalesDatabase, envelopeOf, fileHash, queryDirectly } from './fixtures';

const root = resolve(__dirname, '../..');
const temp = mkdtempSync(join(tmpdir(), 'gv-mcp-stdio-'));
const database = createSalesDatabase(temp);
let client: Client;
let transport: StdioClientTransport;
let stderr = '';

beforeAll(async () => {
  transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', '--import', './test/mcp/raw-register.mjs', 'src/server/cli.ts', 'mcp', '--sqlite', database],
    cwd: root,
    stderr: 'pipe',
  });
  (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'gv-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('vue-grid-view mcp over stdio', () => {
  it('says on stderr what it serves, and lists every tool with its schemas', async () => {
    expect(stderr).toContain(`vue-grid-view mcp: serving over stdio with the SQLite file ${database}.`);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...GRIDVIEW_TOOL_NAMES]);
    for (const tool of tools) expect({ name: tool.name, input: tool.inputSchema.type, output: tool.outputSchema?.type }).toEqual({ name: tool.name, input: 'object', output: 'object' });
    expect(tools.find((tool) => tool.name === 'gridview_render')?._meta).toMatchObject({ ui: { resourceUri: MCP_APP_URI } });
  });

  it('lists and reads the MCP Apps view resource', async () => {
    expect((await client.listResources()).resources).toEqual([expect.objectContaining({ uri: MCP_APP_URI, mimeType: RESOURCE_MIME_TYPE })]);
    expect((await client.readResource({ uri: MCP_APP_URI })).contents).toEqual([expect.objectContaining({ mimeType: RESOURCE_MIME_TYPE, text: expect.stringMatching(/^<!doctype html>/i) as unknown })]);
  });

  it('answers every tool with its envelope, and bad input to every tool with a coded tool error', async () => {
    await callEveryTool(client, GRIDVIEW_TOOL_NAMES);
    await callEveryToolBadly(client, GRIDVIEW_TOOL_NAMES);
  });

  it('answers gridview_query from the SQLite file with the values the SQL gives when run directly', async () => {
    const envelope = envelopeOf(await client.callTool({ name: 'gridview_query', arguments: { plan: JSON.stringify(REVENUE_PLAN) } }), 'gridview_query');
    const data = envelope.data as { artifact: { rows: Record<string, unknown>[]; kpis: { label: string; value: number | null }[] }; spec: { columns: { key: string; format?: string }[] } };
    const direct = queryDirectly(database, REVENUE_SQL);
    expect(data.artifact.rows).toEqual(direct);
    expect(data.spec.columns).toEqual([{ key: 'region', label: 'Region' }, expect.objectContaining({ key: 'revenue', format: 'currency' }), expect.objectContaining({ key: 'orders', format: 'number' })]);
    const revenue = data.artifact.kpis.find((kpi) => kpi.label.toLowerCase().includes('revenue'));
    expect(revenue?.value).toBeCloseTo(SALES.reduce((sum, row) => sum + row.amount, 0), 6);
  });

  it.each([
    ['a DELETE', 'DELETE FROM sales', 'sql_not_read_only'],
    ['an ATTACH', `ATTACH DATABASE '${join(temp, 'other.sqlite')}' AS other`, 'sql_not_read_only'],
    ['a statement chain', 'SELECT region FROM sales; DROP TABLE sales', 'sql_statement_chain'],
  ])('refuses %s as a coded tool error and leaves the database byte for byte as it was', async (_what, sql, code) => {
    const before = fileHash(database);
    const result = await client.callTool({ name: 'gridview_query', arguments: { plan: { sql, purpose: 'Change the data', format: 'table' } } });
    const envelope = envelopeOf(result, 'gridview_query');
    expect({ ok: envelope.ok, isError: result.isError, data: envelope.data }).toEqual({ ok: false, isError: true, data: null });
    expect(envelope.diagnostics).toContainEqual(expect.objectContaining({ code, path: 'sql', severity: 'error' }));
    expect(fileHash(database)).toBe(before);
    expect(queryDirectly(database, 'SELECT COUNT(*) AS n FROM sales')).toEqual([{ n: SALES.length }]);
  });

  it('reports an SQL error of the database as query_failed with its message', async () => {
    const envelope = envelopeOf(await client.callTool({ name: 'gridview_query', arguments: { plan: { sql: 'SELECT nope FROM sales', purpose: 'A missing column', format: 'table' } } }), 'gridview_query');
    expect(envelope.diagnostics).toEqual([expect.objectContaining({ code: 'query_failed', message: expect.stringContaining('nope') as unknown })]);
  });
});
