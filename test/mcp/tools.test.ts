/**
 * The tools as functions (src/mcp/tools.ts), without a transport: what each answers for good and
 * bad input, that the catalog is read from the core's registries, and how an answer becomes an MCP
 * tool result. The transports run the same tools in http.test.ts and stdio.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEC_PATCH_LIMITS } from '../../src/assistant/spec-patch';
import { SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG } from '../../src/core/errors';
import { isMissingPackageError } from '../../src/core/optional-package';
import { SPEC_ENUMS, SPEC_LIMITS, safeParseGridViewSpecJson } from '../../src/core/spec';
import { GRID_VIEW_ROUTES } from '../../src/host/route-table';
import { MCP_APP_URI } from '../../src/mcp/app-html';
import { refuse, succeed, toToolResult, type McpEnvelope } from '../../src/mcp/envelope';
import { createToolkit, MCP_LIMITS } from '../../src/mcp/options';
import { loadMcpSdk, MCP_SDK_PACKAGE, type McpSdk } from '../../src/mcp/sdk';
import { TOOLS } from '../../src/mcp/tools';
import { SALES, SPEC, createSalesDatabase } from './fixtures';

const toolkit = createToolkit();
const context = toolkit.context;

async function call(tool: keyof typeof TOOLS, args: unknown, ctx = context): Promise<McpEnvelope<Record<string, unknown>>> {
  return (await TOOLS[tool](args, ctx)).envelope as McpEnvelope<Record<string, unknown>>;
}

const temp = mkdtempSync(join(tmpdir(), 'gv-mcp-tools-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('gridview_catalog', () => {
  it('lists the vocabulary straight from the core registries, every error code with its fix, the host contract and the routes', async () => {
    const { ok, data } = await call('gridview_catalog', {});
    expect(ok).toBe(true);
    expect(data).toMatchObject({ blocks: SPEC_ENUMS.block, formats: SPEC_ENUMS.format, aggregates: SPEC_ENUMS.aggregate, chart_types: SPEC_ENUMS.chart_type, icons: SPEC_ENUMS.icon, tones: SPEC_ENUMS.tone, limits: SPEC_LIMITS });
    expect((data?.error_codes as { code: string }[]).map((c) => c.code)).toEqual(Object.keys(SPEC_ERROR_CATALOG));
    expect((data?.warning_codes as { code: string }[]).map((c) => c.code)).toEqual(Object.keys(SPEC_WARNING_CATALOG));
    for (const list of ['error_codes', 'patch_codes', 'sql_codes', 'query_codes', 'server_codes']) {
      for (const entry of data?.[list] as { summary: string; fix: string }[]) expect(entry.fix.length, list).toBeGreaterThan(10);
    }
    expect(data?.routes).toEqual(Object.entries(GRID_VIEW_ROUTES).map(([id, route]) => ({ id, path: route.path, methods: route.methods })));
    expect(Object.keys(data?.host_contract as { methods: object }).sort()).toEqual(['methods', 'server_error_codes']);
    expect(data?.spec_patch).toMatchObject({ limits: SPEC_PATCH_LIMITS });
    expect(data?.server).toEqual({ tools: toolkit.tools, render_max_rows: MCP_LIMITS.renderMaxRows, query: { enabled: false, max_rows: MCP_LIMITS.queryMaxRows, timeout_ms: MCP_LIMITS.queryTimeoutMs }, app_resource: MCP_APP_URI });
  });

  it('serves docs/llm.md as llm_doc unless include_llm_doc is false', async () => {
    const withDoc = await call('gridview_catalog', {});
    expect(withDoc.data?.llm_doc).toMatch(/^# vue-grid-view: writing view specs/);
    expect(withDoc.data?.llm_doc).toContain('## Error codes');
    const without = await call('gridview_catalog', { include_llm_doc: false });
    expect(without.data).not.toHaveProperty('llm_doc');
  });
});

describe('gridview_examples', () => {
  it('gives the ten examples of docs/llm.md in order, each a valid spec without warnings', async () => {
    const { data } = await call('gridview_examples', undefined);
    const examples = data?.examples as { number: number; title: string; spec: unknown }[];
    expect(examples.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(examples[0]?.title).toBe('the smallest valid spec');
    for (const example of examples) expect(safeParseGridViewSpecJson(example.spec), example.title).toMatchObject({ ok: true, warnings: [] });
  });

  it('picks one example by number and refuses a number outside 1 to 10', async () => {
    expect(((await call('gridview_examples', { number: 10 })).data?.examples as { number: number }[]).map((e) => e.number)).toEqual([10]);
    expect((await call('gridview_examples', { number: 0 })).diagnostics).toEqual([expect.objectContaining({ code: 'out_of_range', path: 'number' })]);
    expect((await call('gridview_examples', { number: 2.5 })).diagnostics).toEqual([expect.objectContaining({ code: 'invalid_type', path: 'number' })]);
  });
});

describe('gridview_validate and gridview_normalize', () => {
  it('accepts the spec as an object or as its JSON text, with the parser warnings as warnings', async () => {
    const spec = { ...SPEC, kpis: [{ label: 'Orders', icon: 'rocket' }] };
    for (const given of [spec, JSON.stringify(spec)]) {
      const answer = await call('gridview_validate', { spec: given });
      expect(answer).toMatchObject({ ok: true, data: { valid: true, grid_id: 'sales_by_region', columns: 4, kpis: 1, charts: 1 } });
      expect(answer.diagnostics).toEqual([expect.objectContaining({ code: 'unknown_icon', path: 'kpis[0].icon', severity: 'warning' })]);
    }
  });

  it('refuses an invalid spec with every issue at its spec path, and forbidden content with its own code', async () => {
    const answer = await call('gridview_validate', { spec: { grid_id: 'Bad Id', columns: [{ key: 'a', label: 'A' }], rows: [{ a: 1 }] } });
    expect(answer).toMatchObject({ ok: false, data: null });
    expect(answer.diagnostics.map((d) => [d.code, d.path, d.severity])).toEqual([
      ['invalid_pattern', 'grid_id', 'error'],
      ['forbidden_rows', 'rows', 'error'],
    ]);
    expect((await call('gridview_validate', { spec: [1, 2] })).diagnostics).toEqual([expect.objectContaining({ code: 'not_object', path: '' })]);
    expect((await call('gridview_validate', {})).diagnostics).toEqual([expect.objectContaining({ code: 'required', path: 'spec' })]);
    expect((await call('gridview_validate', 'spec')).diagnostics).toEqual([expect.objectContaining({ code: 'invalid_type', path: '' })]);
    expect((await call('gridview_validate', { spec: SPEC, extra: true })).diagnostics).toEqual([expect.objectContaining({ code: 'unknown_field', path: 'extra' })]);
  });

  it('normalises to specToWire of the parsed spec: defaults left out, aliases resolved, keys in a stable order', async () => {
    const given = { columns: [{ label: 'Region', key: 'region', format: 'text', sortable: true }], grid_id: 'g', kpis: [{ label: 'Rows', tone: 'green' }] };
    const { ok, data } = await call('gridview_normalize', { spec: given });
    expect(ok).toBe(true);
    expect(data?.changed).toBe(true);
    expect(JSON.stringify(data?.wire)).toBe(JSON.stringify({ grid_id: 'g', columns: [{ key: 'region', label: 'Region' }], kpis: [{ label: 'Rows', aggregate: 'count', tone: 'good' }] }));
    expect(data?.resolved).toMatchObject({ gridId: 'g', columns: [{ key: 'region', format: 'text', align: 'left', sortable: true }] });
    const again = await call('gridview_normalize', { spec: data?.wire });
    expect(again.data?.changed).toBe(false);
  });
});

describe('gridview_apply_patch', () => {
  it('applies a patch and returns the new wire spec; a failing patch changes nothing and says which operation', async () => {
    const { ok, data } = await call('gridview_apply_patch', { spec: SPEC, patch: JSON.stringify([{ op: 'replace', path: '/charts/0/chart_type', value: 'pie' }]) });
    expect(ok).toBe(true);
    expect(data?.wire).toMatchObject({ charts: [{ chart_type: 'pie' }] });
    const failed = await call('gridview_apply_patch', { spec: SPEC, patch: [{ op: 'test', path: '/title', value: 'Other' }] });
    expect(failed).toMatchObject({ ok: false, data: null, diagnostics: [expect.objectContaining({ code: 'patch_test_failed', path: 'patch[0]' })] });
    const invalid = await call('gridview_apply_patch', { spec: SPEC, patch: [{ op: 'replace', path: '/charts/0/chart_type', value: 'radar' }] });
    expect(invalid.diagnostics).toEqual([expect.objectContaining({ code: 'invalid_enum', path: 'charts[0].chart_type' })]);
  });
});

describe('gridview_render', () => {
  it('builds the artifact of spec and rows: KPIs computed from the rows, the rows once', async () => {
    const { ok, data, diagnostics } = await call('gridview_render', { spec: SPEC, rows: SALES, locale: 'uk', currency: 'uah' });
    expect({ ok, diagnostics }).toEqual({ ok: true, diagnostics: [] });
    const artifact = data?.artifact as { rows: unknown[]; kpis: { value: unknown }[]; format: unknown; charts: unknown[] };
    expect(artifact.rows).toEqual(SALES);
    expect(artifact.kpis.map((k) => k.value)).toEqual([4850.5, 12]);
    expect(artifact.format).toEqual({ locale: 'uk', currency: 'UAH' });
    expect(artifact.charts).toHaveLength(1);
    expect(data).toMatchObject({ row_count: 5, truncated: false });
    expect(data).not.toHaveProperty('html');
  });

  it('cuts rows beyond the render limit with the warning rows_truncated', async () => {
    const small = createToolkit({ limits: { renderMaxRows: 2 } }).context;
    const { ok, data, diagnostics } = await call('gridview_render', { spec: SPEC, rows: SALES }, small);
    expect(ok).toBe(true);
    expect(data).toMatchObject({ row_count: 2, truncated: true });
    expect((data?.artifact as { rows: unknown[] }).rows).toEqual(SALES.slice(0, 2));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'rows_truncated', path: 'rows', severity: 'warning' })]);
  });

  it('refuses rows that are not objects, a bad locale and currency, and an invalid spec, all in one answer', async () => {
    const rows = await call('gridview_render', { spec: SPEC, rows: [SALES[0], null, 3] });
    expect(rows.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['invalid_type', 'rows[1]'],
      ['invalid_type', 'rows[2]'],
    ]);
    const format = await call('gridview_render', { spec: SPEC, rows: [], locale: 'not a locale!', currency: 'dollars' });
    expect(format.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['invalid_pattern', 'locale'],
      ['invalid_pattern', 'currency'],
    ]);
    const spec = await call('gridview_render', { spec: { grid_id: 'g', columns: [] }, rows: [null] });
    expect(spec.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['too_few_items', 'columns'],
      ['invalid_type', 'rows[0]'],
    ]);
  });

  it('adds the server-rendered HTML with html: true, row values escaped', async () => {
    const hostile = [{ ...SALES[0], manager: '<img src=x onerror=alert(1)>' }];
    const { ok, data } = await call('gridview_render', { spec: SPEC, rows: hostile, html: true });
    expect(ok).toBe(true);
    expect(data?.html).toMatch(/^<div class="gv-ssr"/);
    expect(data?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(data?.html).not.toContain('<img src=x');
  });
});

describe('the MCP tool result of an answer', () => {
  it('carries the envelope as structuredContent, isError exactly when ok is false, and a short text without the bulky fields', async () => {
    const answer = await TOOLS.gridview_render({ spec: SPEC, rows: SALES }, context);
    const result = toToolResult(answer);
    expect(result.structuredContent).toBe(answer.envelope);
    expect(result).not.toHaveProperty('isError');
    const text = result.content[0]?.text ?? '';
    expect(text.split('\n')[0]).toBe('gridview_render: rendered "sales_by_region": 5 rows, 2 KPIs, 1 chart.');
    expect(text).toContain('"artifact":"(left out of the text: see structuredContent.data.artifact)"');
    expect(text).not.toContain('Olena');

    const refused = toToolResult(refuse('gridview_validate', [{ code: 'required', path: 'spec', message: 'The argument "spec" is missing.', severity: 'error' }]));
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain('- [required] spec: The argument "spec" is missing.');
    expect(toToolResult(succeed('gridview_schema', {}, 'x.')).isError).toBeUndefined();
  });

  it("writes the catalog's context document once, as Markdown after the JSON, for models that read only text", async () => {
    const text = toToolResult(await TOOLS.gridview_catalog({}, context)).content[0]?.text ?? '';
    expect(text).toContain('"llm_doc":"(left out of the text: see structuredContent.data.llm_doc)"');
    expect(text).toContain('\n# vue-grid-view: writing view specs');
    expect(text.split('## Error codes').length).toBe(2);
  });
});

describe('the SDK, an optional package', () => {
  it('is a MissingPackageError naming @modelcontextprotocol/server with its install command when it cannot be resolved', async () => {
    // Node's own "Cannot find module" for the package, from a folder with no node_modules above it.
    const importer = async (): Promise<McpSdk> => {
      createRequire(join(temp, 'app.js')).resolve(MCP_SDK_PACKAGE);
      throw new Error('resolved where it should not be');
    };
    const error: unknown = await loadMcpSdk(importer).catch((thrown: unknown) => thrown);
    expect(isMissingPackageError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'missing_package', packages: ['@modelcontextprotocol/server'], installCommand: 'npm install @modelcontextprotocol/server' });
  });

  it('passes any other failure of the import on unchanged', async () => {
    const failure = new Error('boom inside the SDK');
    await expect(loadMcpSdk(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('the options', () => {
  it('refuse limits outside their ceilings, a malformed locale or currency, and a database of no known form', () => {
    expect(() => createToolkit({ limits: { renderMaxRows: 0 } })).toThrow(RangeError);
    expect(() => createToolkit({ limits: { queryTimeoutMs: MCP_LIMITS.queryTimeoutMsCeiling + 1 } })).toThrow(/queryTimeoutMs/);
    expect(() => createToolkit({ locale: 'no locale' })).toThrow(/BCP 47/);
    expect(() => createToolkit({ currency: 'usd' })).toThrow(/ISO 4217/);
    expect(() => createToolkit({ database: { mysql: 'x' } as never })).toThrow(TypeError);
  });

  it('make a SQLite runner that close() closes, and leave a runQuery given to its owner', async () => {
    const made = createToolkit({ database: { sqlite: createSalesDatabase(temp) } });
    await expect(made.context.query?.runQuery('SELECT COUNT(*) AS n FROM sales', { maxRows: 10, timeoutMs: 5_000 })).resolves.toMatchObject({ rows: [[5]] });
    await made.close();
    await expect(made.context.query?.runQuery('SELECT 1', { maxRows: 10, timeoutMs: 5_000 })).rejects.toThrow(/closed/);
    let closed = false;
    const given = Object.assign(async () => ({ columns: [], rows: [] }), { close: async () => void (closed = true) });
    await createToolkit({ database: { runQuery: given } }).close();
    expect(closed).toBe(false);
  });

  it('offer gridview_query only with a database', () => {
    expect(createToolkit().tools).not.toContain('gridview_query');
    const withDatabase = createToolkit({ database: { runQuery: async () => ({ columns: [], rows: [] }) } });
    expect(withDatabase.tools).toContain('gridview_query');
    expect(withDatabase.context.facts.query.enabled).toBe(true);
  });
});
