/**
 * `createGridViewMcpServer` connected in process (the SDK's linked in-memory transports): what a
 * server without a database offers, a database given as a `runQuery`, and what closing does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import type { QueryResult, RunQuery } from '../../src/assistant/answer';
import { createGridViewMcpServer } from '../../src/mcp/server';
import { REVENUE_PLAN, TOOLS_WITHOUT_DATABASE, envelopeOf } from './fixtures';

const open: { client: Client; server: McpServer }[] = [];

afterEach(async () => {
  for (const { client, server } of open.splice(0)) {
    await client.close();
    await server.close();
  }
});

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'gv-test', version: '1.0.0' });
  await client.connect(clientSide);
  open.push({ client, server });
  return client;
}

describe('createGridViewMcpServer', () => {
  it('offers every tool but gridview_query without a database, with instructions that send models to the catalog', async () => {
    const client = await connect(await createGridViewMcpServer());
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(TOOLS_WITHOUT_DATABASE);
    expect(client.getServerVersion()).toMatchObject({ name: 'vue-grid-view', version: expect.stringMatching(/^\d+\.\d+\.\d+/) as unknown });
    expect(client.getInstructions()).toContain('gridview_catalog');
  });

  it('answers gridview_query through a runQuery it is given, which it asks for one row more than it shows', async () => {
    const asked: { sql: string; maxRows: number }[] = [];
    const runQuery: RunQuery = async (sql, options): Promise<QueryResult> => {
      asked.push({ sql, maxRows: options.maxRows });
      return { columns: [{ name: 'region', type: 'TEXT' }, { name: 'revenue', type: 'REAL' }], rows: [['North', 2000.5], ['South', 2400]] };
    };
    const client = await connect(await createGridViewMcpServer({ database: { runQuery }, limits: { queryMaxRows: 50 }, locale: 'uk', currency: 'UAH' }));
    const envelope = envelopeOf(await client.callTool({ name: 'gridview_query', arguments: { plan: REVENUE_PLAN } }), 'gridview_query');
    expect(asked).toEqual([{ sql: REVENUE_PLAN.sql, maxRows: 51 }]);
    expect(envelope.data).toMatchObject({ row_count: 2, truncated: false, artifact: { format: { locale: 'uk', currency: 'UAH' }, rows: [{ region: 'North', revenue: 2000.5 }, { region: 'South', revenue: 2400 }] } });
  });

  it('answers a runQuery that rejects with a coded tool error under its code', async () => {
    const runQuery: RunQuery = async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: 'query_timeout' });
    };
    const client = await connect(await createGridViewMcpServer({ database: { runQuery } }));
    const envelope = envelopeOf(await client.callTool({ name: 'gridview_query', arguments: { plan: REVENUE_PLAN } }), 'gridview_query');
    expect(envelope.diagnostics).toEqual([expect.objectContaining({ code: 'query_timeout', path: 'sql' })]);
  });

  it('answers a defect inside a tool as internal_error, reported to onError, and goes on serving', async () => {
    const reported: unknown[] = [];
    // A result whose row cannot be read: answerWithGrid does not expect that, so the tool throws.
    const unreadable = Object.defineProperty({}, 'region', { enumerable: true, get: () => { throw new Error('a row that cannot be read'); } });
    const runQuery: RunQuery = async () => ({ columns: [{ name: 'region' }], rows: [unreadable] });
    const client = await connect(await createGridViewMcpServer({ database: { runQuery }, onError: (error) => reported.push(error) }));
    const result = await client.callTool({ name: 'gridview_query', arguments: { plan: REVENUE_PLAN } });
    expect(envelopeOf(result, 'gridview_query')).toEqual({ ok: false, tool: 'gridview_query', data: null, diagnostics: [expect.objectContaining({ code: 'internal_error', path: '' })] });
    expect(reported).toEqual([expect.objectContaining({ message: 'a row that cannot be read' })]);
    expect(envelopeOf(await client.callTool({ name: 'gridview_schema', arguments: {} }), 'gridview_schema').ok).toBe(true);
  });
});
