/**
 * What the MCP tests share: a small sales table in a real SQLite file, a spec over it, good
 * arguments for every tool, and checks of the envelope every tool answers. The HTTP and stdio
 * tests run the same calls through the SDK's own client, so both transports are held to one table.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { GRIDVIEW_TOOL_NAMES, type GridViewToolName, type McpEnvelope } from '../../src/mcp/envelope';

export const SALES = [
  { region: 'North', manager: 'Olena', amount: 1200.5, orders: 3 },
  { region: 'North', manager: 'Taras', amount: 800, orders: 2 },
  { region: 'South', manager: 'Iryna', amount: 2300.25, orders: 5 },
  { region: 'West', manager: 'Mykola', amount: 450, orders: 1 },
  { region: 'South', manager: 'Oksana', amount: 99.75, orders: 1 },
];

export const SPEC = {
  grid_id: 'sales_by_region',
  title: 'Sales by region',
  columns: [
    { key: 'region', label: 'Region' },
    { key: 'manager', label: 'Manager' },
    { key: 'amount', label: 'Amount', format: 'currency' },
    { key: 'orders', label: 'Orders', format: 'number' },
  ],
  kpis: [
    { label: 'Revenue', aggregate: 'sum', column_key: 'amount', format: 'currency', icon: 'money' },
    { label: 'Orders', aggregate: 'sum', column_key: 'orders' },
  ],
  charts: [{ id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount' }] }],
};

/** The SQL the query tests ask, and the planner output around it. */
export const REVENUE_SQL = 'SELECT region, SUM(amount) AS revenue, SUM(orders) AS orders FROM sales GROUP BY region ORDER BY region';
export const REVENUE_PLAN = { sql: REVENUE_SQL, purpose: 'Revenue and orders by region', format: 'report' };

/** Creates `sales.sqlite` in `dir` with the rows above and returns its path. */
export function createSalesDatabase(dir: string): string {
  const file = join(dir, 'sales.sqlite');
  const db = new Database(file);
  db.exec('CREATE TABLE sales (region TEXT NOT NULL, manager TEXT NOT NULL, amount REAL NOT NULL, orders INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO sales (region, manager, amount, orders) VALUES (@region, @manager, @amount, @orders)');
  for (const row of SALES) insert.run(row);
  db.close();
  return file;
}

/** The rows of `sql` read directly with better-sqlite3, read-only. */
export function queryDirectly(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** The file's SHA-256, to prove a refused plan left the database byte for byte as it was. */
export function fileHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Good arguments for every tool (gridview_query only on a server with the sales database). */
export const GOOD_CALLS: Readonly<Record<GridViewToolName, Record<string, unknown>>> = {
  gridview_catalog: {},
  gridview_schema: {},
  gridview_validate: { spec: SPEC },
  gridview_normalize: { spec: SPEC },
  gridview_examples: { number: 4 },
  gridview_apply_patch: {
    spec: SPEC,
    patch: [
      { op: 'test', path: '/charts/0/chart_type', value: 'bar' },
      { op: 'replace', path: '/charts/0/chart_type', value: 'pie' },
    ],
  },
  gridview_render: { spec: SPEC, rows: SALES },
  gridview_query: { plan: REVENUE_PLAN },
};

/** Bad input for every tool, each answered with a coded diagnostic at a path. */
export const BAD_CALLS: Readonly<Record<GridViewToolName, { args: Record<string, unknown>; code: string; path: string }>> = {
  gridview_catalog: { args: { include_llm_doc: 'yes' }, code: 'invalid_type', path: 'include_llm_doc' },
  gridview_schema: { args: { version: 2 }, code: 'unknown_field', path: 'version' },
  gridview_validate: { args: { spec: { ...SPEC, charts: [{ id: 'c', chart_type: 'Bar', x_key: 'region' }] } }, code: 'invalid_enum', path: 'charts[0].chart_type' },
  gridview_normalize: { args: { spec: '{"grid_id": "x", ' }, code: 'invalid_json', path: 'spec' },
  gridview_examples: { args: { number: 99 }, code: 'out_of_range', path: 'number' },
  gridview_apply_patch: { args: { spec: SPEC, patch: [{ op: 'replace', path: '/title/nope', value: 1 }] }, code: 'patch_conflict', path: 'patch[0]' },
  gridview_render: { args: { spec: SPEC, rows: 'not json' }, code: 'invalid_json', path: 'rows' },
  gridview_query: { args: { plan: { sql: 'DELETE FROM sales', purpose: 'Empty the table', format: 'table' } }, code: 'sql_not_read_only', path: 'sql' },
};

/** The tool result's envelope, checked against the shape every tool answers. */
export function envelopeOf(result: Awaited<ReturnType<Client['callTool']>>, tool: GridViewToolName): McpEnvelope<Record<string, unknown>> {
  const envelope = result.structuredContent as unknown as McpEnvelope<Record<string, unknown>>;
  expect(envelope).toMatchObject({ tool, ok: expect.any(Boolean) as unknown, diagnostics: expect.any(Array) as unknown });
  expect(result.isError === true).toBe(!envelope.ok);
  const [first] = result.content as { type: string; text: string }[];
  // Models that read only text get a summary naming the tool and the envelope as JSON.
  expect(first?.type).toBe('text');
  expect(first?.text.startsWith(`${tool}: `)).toBe(true);
  expect(first?.text).toContain(`"tool":"${tool}"`);
  return envelope;
}

/** Calls every tool the server lists with good input and checks each answer's data. */
export async function callEveryTool(client: Client, tools: readonly GridViewToolName[]): Promise<void> {
  for (const tool of tools) {
    const envelope = envelopeOf(await client.callTool({ name: tool, arguments: GOOD_CALLS[tool] }), tool);
    expect({ tool, ok: envelope.ok, errors: envelope.diagnostics }).toEqual({ tool, ok: true, errors: [] });
    expect(envelope.data).not.toBeNull();
  }
}

/** Calls every tool with bad input: each answers a coded tool error, never a protocol error. */
export async function callEveryToolBadly(client: Client, tools: readonly GridViewToolName[]): Promise<void> {
  for (const tool of tools) {
    const { args, code, path } = BAD_CALLS[tool];
    const result = await client.callTool({ name: tool, arguments: args });
    const envelope = envelopeOf(result, tool);
    expect({ tool, ok: envelope.ok, isError: result.isError, data: envelope.data }).toEqual({ tool, ok: false, isError: true, data: null });
    expect(envelope.diagnostics).toContainEqual(expect.objectContaining({ code, path, severity: 'error' }));
  }
}

/** Every tool name but gridview_query, the list a server without a database offers. */
export const TOOLS_WITHOUT_DATABASE = GRIDVIEW_TOOL_NAMES.filter((name) => name !== 'gridview_query');
