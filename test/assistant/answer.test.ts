import { describe, expect, it, vi } from 'vitest';
import { ANSWER_LIMITS, answerWithGrid } from '../../src/assistant/answer';
import type { AnswerWithGridResult, QueryResult, RunQuery, RunQueryOptions } from '../../src/assistant/answer';
import { hydrateArtifact } from '../../src/core/artifact';
import { isGridViewSpec, parseGridViewSpecJson, specToWire } from '../../src/core/spec';
import { renderHtml } from '../../src/ssr/render';

/** A runQuery that answers `result` and records what it was asked. */
function fake(result: QueryResult | (() => unknown)) {
  const calls: { sql: string; options: RunQueryOptions }[] = [];
  const runQuery: RunQuery = async (sql, options) => {
    calls.push({ sql, options });
    return (typeof result === 'function' ? result() : result) as QueryResult;
  };
  return { runQuery, calls };
}

const SALES: QueryResult = {
  columns: [
    { name: 'region', type: 'TEXT' },
    { name: 'revenue', type: null },
    { name: 'margin', type: 'REAL' },
  ],
  rows: [
    ['North', 1200.5, 0.25],
    ['South', 800, 0.1],
    ['East', 430.25, 0.5],
  ],
};

function ok(result: AnswerWithGridResult): Extract<AnswerWithGridResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected a view, got ${JSON.stringify(result.issues)}`);
  return result;
}

function issuesOf(result: AnswerWithGridResult): string[] {
  if (result.ok) throw new Error('expected issues');
  return result.issues.map((issue) => `${issue.code} ${issue.path}`);
}

const plan = (sql: string, format = 'chart', purpose = 'Revenue by region') => ({ sql, purpose, format });

describe('answerWithGrid builds a view from the result columns', () => {
  it('answers a chart question with typed columns, a bar chart, KPIs and the rows as the query gave them', async () => {
    const { runQuery, calls } = fake(SALES);
    const result = ok(await answerWithGrid({ plan: plan('SELECT region, revenue, margin FROM sales'), runQuery }));
    expect(calls).toEqual([{ sql: 'SELECT region, revenue, margin FROM sales', options: { maxRows: ANSWER_LIMITS.maxRows + 1, timeoutMs: ANSWER_LIMITS.timeoutMs } }]);
    const { spec, artifact } = result;
    expect(isGridViewSpec(spec)).toBe(true);
    expect(spec.title).toBe('Revenue by region');
    expect(spec.columns.map((c) => [c.key, c.label, c.format])).toEqual([
      ['region', 'Region', 'text'],
      ['revenue', 'Revenue', 'currency'],
      ['margin', 'Margin', 'percent'],
    ]);
    expect(spec.layout.blocks).toEqual(['title', 'kpis', 'chart', 'table']);
    expect(spec.charts).toMatchObject([{ chartType: 'bar', xKey: 'region', series: [{ key: 'revenue' }], aggregate: 'sum' }]);
    expect(artifact.rows).toEqual([
      { region: 'North', revenue: 1200.5, margin: 0.25 },
      { region: 'South', revenue: 800, margin: 0.1 },
      { region: 'East', revenue: 430.25, margin: 0.5 },
    ]);
    expect(artifact.charts[0]).toMatchObject({ categories: ['North', 'South', 'East'], values: [[1200.5, 800, 430.25]] });
    expect(artifact.kpis.map((k) => [k.label, k.value])).toEqual([
      ['Rows', 3],
      ['Total revenue', 2430.75],
    ]);
    expect(result).toMatchObject({ truncated: false, rowCount: 3 });
  });

  it('never puts a value of the rows into the spec', async () => {
    const { runQuery } = fake({ columns: [{ name: 'region' }, { name: 'amount' }], rows: [['Zzyzx-Unique', 98765.4321]] });
    const { spec } = ok(await answerWithGrid({ plan: plan('SELECT region, amount FROM sales', 'report'), runQuery }));
    const wire = JSON.stringify(specToWire(spec));
    expect(wire).not.toContain('Zzyzx');
    expect(wire).not.toContain('98765');
  });

  it('draws a line when the categories are dates or periods, keeping the query order', async () => {
    const { runQuery } = fake({
      columns: [{ name: 'month' }, { name: 'orders' }],
      rows: [
        { month: '2025-01', orders: 5 },
        { month: '2025-02', orders: 7 },
      ],
    });
    const { spec, artifact } = ok(await answerWithGrid({ plan: plan('SELECT month, orders FROM m', 'chart', 'Orders per month'), runQuery }));
    expect(spec.columns.map((c) => c.format)).toEqual(['text', 'number']);
    expect(spec.charts[0]).toMatchObject({ chartType: 'line', xKey: 'month' });
    expect(artifact.charts[0]?.categories).toEqual(['2025-01', '2025-02']);
    const years = fake({ columns: [{ name: 'year' }, { name: 'revenue' }], rows: [[2024, 10], [2025, 20]] });
    const byYear = ok(await answerWithGrid({ plan: plan('SELECT year, revenue FROM y'), runQuery: years.runQuery }));
    expect(byYear.spec.columns.map((c) => c.format)).toEqual(['text', 'currency']);
    expect(byYear.spec.charts[0]).toMatchObject({ chartType: 'line', xKey: 'year' });
  });

  it('shows a one-row numeric answer as KPI cards, and any other answer as a table', async () => {
    const single = fake({ columns: [{ name: 'total_revenue' }, { name: 'order_count' }, { name: 'avg_margin' }], rows: [[2430.75, 3, 0.28]] });
    const answer = ok(await answerWithGrid({ plan: plan('SELECT 1', 'answer', 'Revenue in 2025'), runQuery: single.runQuery }));
    expect(answer.spec.layout.blocks).toEqual(['title', 'kpis']);
    expect(answer.artifact.kpis.map((k) => [k.label, k.format, k.value])).toEqual([
      ['Total revenue', 'currency', 2430.75],
      ['Order count', 'number', 3],
      ['Avg margin', 'percent', 0.28],
    ]);
    const several = fake(SALES);
    const table = ok(await answerWithGrid({ plan: plan('SELECT 1', 'answer'), runQuery: several.runQuery }));
    expect(table.spec.layout.blocks).toEqual(['title', 'kpis', 'table']);
    const none = fake({ columns: [{ name: 'total' }], rows: [] });
    expect(ok(await answerWithGrid({ plan: plan('SELECT 1', 'answer'), runQuery: none.runQuery })).spec.layout.blocks).toEqual(['title', 'kpis', 'table']);
  });

  it('infers formats from values and name hints', async () => {
    const { runQuery } = fake({
      columns: [{ name: 'customer_id' }, { name: 'unitPrice' }, { name: 'total_orders' }, { name: 'conversion_rate' }, { name: 'growth_rate' }, { name: 'score' }, { name: 'Сума' }, { name: 'shipped' }, { name: 'note' }],
      rows: [
        [17, 9.5, 12, 0.031, 12.5, 3.2, 100, true, 'x'],
        [18, 11, 3, 0.5, -4, 1, 200, false, null],
      ],
    });
    const { spec } = ok(await answerWithGrid({ plan: plan('SELECT 1', 'table'), runQuery }));
    expect(Object.fromEntries(spec.columns.map((c) => [c.key, c.format]))).toEqual({
      customer_id: 'text',
      unitPrice: 'currency',
      total_orders: 'number',
      conversion_rate: 'percent',
      growth_rate: 'number',
      score: 'number',
      Сума: 'currency',
      shipped: 'text',
      note: 'text',
    });
  });

  it('reads numeric text of a number-typed column as numbers and Dates as ISO text', async () => {
    const { runQuery } = fake({
      columns: [{ name: 'day', type: 'date' }, { name: 'amount', type: 'number' }, { name: 'big', type: 'int8' }, { name: 'at' }],
      rows: [['2025-01-02', '1200.50', '9007199254740993', new Date('2025-03-04T00:00:00Z')], ['2025-01-03', null, 5n, new Date('2025-03-04T10:30:00Z')]],
    });
    const { artifact, spec } = ok(await answerWithGrid({ plan: plan('SELECT 1', 'report'), runQuery }));
    expect(artifact.rows).toEqual([
      { day: '2025-01-02', amount: 1200.5, big: 9007199254740992, at: '2025-03-04' },
      { day: '2025-01-03', amount: null, big: 5, at: '2025-03-04T10:30:00.000Z' },
    ]);
    expect(spec.charts[0]).toMatchObject({ chartType: 'line', xKey: 'day', series: [{ key: 'amount' }] });
  });

  it('turns odd column names into valid, distinct keys and readable labels', async () => {
    const long = 'x'.repeat(150);
    const { runQuery } = fake({
      columns: [{ name: 'order date' }, { name: 'регіон' }, { name: '' }, { name: 'a' }, { name: 'a' }, { name: '__proto__' }, { name: 'tab\there' }, { name: long }, { name: `${long}y` }, { name: 'constructor' }],
      rows: [['2025-01-01', 'Київ', 1, 2, 3, 4, 5, 6, 7, 8]],
    });
    const { spec, artifact } = ok(await answerWithGrid({ plan: plan('SELECT 1', 'table'), runQuery }));
    const keys = spec.columns.map((c) => c.key);
    expect(keys.slice(0, 7)).toEqual(['order date', 'регіон', 'column_3', 'a', 'a_2', 'column_6', 'tabhere']);
    expect(keys[7]).toBe('x'.repeat(100));
    expect(keys[8]).toBe(`${'x'.repeat(98)}_2`);
    expect(keys[9]).toBe('constructor');
    expect(new Set(keys).size).toBe(keys.length);
    expect(spec.columns.map((c) => c.label).slice(0, 7)).toEqual(['Order date', 'Регіон', 'Column 3', 'A', 'A', 'Proto', 'Tab here']);
    expect(artifact.rows[0]).toMatchObject({ 'order date': '2025-01-01', регіон: 'Київ', column_3: 1, a: 2, a_2: 3, column_6: 4, constructor: 8 });
    expect(Object.getPrototypeOf(artifact.rows[0])).toBe(Object.prototype);
    // The wire form parses again: the keys are valid for any consumer of the spec.
    expect(parseGridViewSpecJson(specToWire(spec)).columns).toHaveLength(10);
  });

  it('refuses repeated column names when the rows are objects, since one value of each row is lost', async () => {
    const { runQuery } = fake({ columns: [{ name: 'id' }, { name: 'id' }], rows: [{ id: 1 }] });
    const result = await answerWithGrid({ plan: plan('SELECT a.id, b.id FROM a, b', 'table'), runQuery });
    expect(issuesOf(result)).toEqual(['query_duplicate_column result.columns']);
    expect(result.ok ? '' : result.issues[0]?.message).toContain('AS');
  });

  it('caps the rows at limits.maxRows, asks for one more to know, and says so in the title', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => [`r${i}`, i * 10]);
    const { runQuery, calls } = fake({ columns: [{ name: 'name' }, { name: 'revenue' }], rows });
    const result = ok(await answerWithGrid({ plan: plan('SELECT name, revenue FROM t', 'table', 'Top customers'), runQuery, limits: { maxRows: 5, timeoutMs: 2_000 } }));
    expect(calls[0]?.options).toEqual({ maxRows: 6, timeoutMs: 2_000 });
    expect(result).toMatchObject({ truncated: true, rowCount: 5 });
    expect(result.artifact.rows).toHaveLength(5);
    expect(result.spec.title).toBe('Top customers (first 5 rows)');
    // No totals of a part that would read as the whole answer's.
    expect(result.artifact.kpis.map((k) => [k.label, k.value])).toEqual([['Rows shown', 5]]);
  });

  it('states a lower cap of the runner itself, and fits a long title with its note into 200 characters', async () => {
    const { runQuery } = fake({ columns: [{ name: 'n' }], rows: [[1], [2]], truncated: true });
    const purpose = 'word '.repeat(90).trim();
    const result = ok(await answerWithGrid({ plan: plan('SELECT n FROM t', 'table', purpose), runQuery, locale: 'uk' }));
    expect(result).toMatchObject({ truncated: true, rowCount: 2 });
    expect([...(result.spec.title ?? '')].length).toBeLessThanOrEqual(200);
    // The note is in the view's language (uk here): "the first 2 rows", with the plural form of 2.
    expect(result.spec.title).toMatch(/… \(перші 2 рядки\)$/);
    expect(result.spec.kpis.map((k) => k.label)).toEqual(['Показано рядків']);
    const thousands = fake({ columns: [{ name: 'n' }], rows: Array.from({ length: 1_201 }, (_, i) => [i]) });
    const big = ok(await answerWithGrid({ plan: plan('SELECT n FROM t', 'table', 'Numbers'), runQuery: thousands.runQuery, limits: { maxRows: 1_200 }, title: 'My numbers' }));
    expect(big.spec.title).toBe('My numbers (first 1,200 rows)');
  });

  it('gives an artifact that GridView hydrates and renderHtml renders with the values of the rows', async () => {
    const { runQuery } = fake(SALES);
    const { spec, artifact } = ok(await answerWithGrid({ plan: plan('SELECT region, revenue, margin FROM sales', 'report'), runQuery, locale: 'en', currency: 'EUR' }));
    const json = JSON.parse(JSON.stringify(artifact)) as ReturnType<typeof artifact.toJSON>;
    const again = hydrateArtifact(json);
    expect(again.rows).toEqual(artifact.rows);
    expect(again.kpis.map((k) => k.display)).toEqual(artifact.kpis.map((k) => k.display));
    const html = await renderHtml(spec, artifact.rows, { currency: 'EUR' });
    expect(html).toContain('North');
    expect(html).toContain('€1,200.50');
    expect(html).toContain('25%');
  });
});

describe('answerWithGrid gives coded issues and never throws for what it is given', () => {
  it('refuses an invalid plan with the planner codes, running nothing', async () => {
    const { runQuery, calls } = fake(SALES);
    expect(issuesOf(await answerWithGrid({ plan: { sql: 'SELECT 1', format: 'slides', rows: [] }, runQuery }))).toEqual(['forbidden_rows rows', 'required purpose', 'invalid_enum format']);
    expect(issuesOf(await answerWithGrid({ plan: 'SELECT 1', runQuery }))).toEqual(['not_object ']);
    expect(calls).toHaveLength(0);
  });

  it('refuses SQL the guard refuses, running nothing', async () => {
    const { runQuery, calls } = fake(SALES);
    expect(issuesOf(await answerWithGrid({ plan: plan('SELECT 1; DELETE FROM sales'), runQuery }))).toEqual(['sql_statement_chain sql', 'sql_not_read_only sql']);
    expect(issuesOf(await answerWithGrid({ plan: plan("ATTACH 'x.db' AS x"), runQuery }))).toEqual(['sql_not_read_only sql']);
    expect(calls).toHaveLength(0);
  });

  it.each([
    [Object.assign(new Error('too slow'), { code: 'query_timeout' }), 'query_timeout', 'limit of 10 s'],
    [Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: 'query_refused' }), 'query_refused', 'cannot execute INSERT in a read-only transaction'],
    [Object.assign(new Error('cancelled'), { code: 'query_aborted' }), 'query_aborted', 'cancelled'],
    [new Error('no such table: salez\n    at prepare'), 'query_failed', 'no such table: salez. Check'],
    ['a bare string', 'query_failed', 'a bare string'],
    [null, 'query_failed', 'no reason given'],
  ])('turns a runQuery rejection (%s) into %s with the reason', async (rejection, code, words) => {
    const runQuery: RunQuery = () => Promise.reject(rejection);
    const result = await answerWithGrid({ plan: plan('SELECT * FROM salez'), runQuery });
    expect(issuesOf(result)).toEqual([`${code} sql`]);
    expect(result.ok ? '' : result.issues[0]?.message).toContain(words);
  });

  it('turns a runQuery that throws at once, or an aborted signal, into issues', async () => {
    const throwing = (() => {
      throw new Error('boom');
    }) as unknown as RunQuery;
    expect(issuesOf(await answerWithGrid({ plan: plan('SELECT 1'), runQuery: throwing }))).toEqual(['query_failed sql']);
    const controller = new AbortController();
    const runQuery = vi.fn<RunQuery>((_sql, options) => {
      controller.abort();
      return Promise.reject(new Error(options.signal?.aborted ? 'The operation was aborted' : 'not passed'));
    });
    expect(issuesOf(await answerWithGrid({ plan: plan('SELECT 1'), runQuery, signal: controller.signal }))).toEqual(['query_aborted sql']);
    expect(runQuery.mock.calls[0]?.[1].signal).toBe(controller.signal);
  });

  it.each([
    ['null', null, 'query_invalid_result result'],
    ['columns not an array', { columns: 'a', rows: [] }, 'query_invalid_result result'],
    ['a column without a name', { columns: [{ name: 1 }], rows: [] }, 'query_invalid_result result'],
    ['a row that is a number', { columns: [{ name: 'a' }], rows: [1] }, 'query_invalid_result result'],
    ['no columns', { columns: [], rows: [] }, 'query_no_columns result.columns'],
    ['201 columns', { columns: Array.from({ length: 201 }, (_, i) => ({ name: `c${i}` })), rows: [] }, 'query_too_many_columns result.columns'],
  ])('refuses a result with %s', async (_what, value, expected) => {
    const { runQuery } = fake(() => value);
    expect(issuesOf(await answerWithGrid({ plan: plan('SELECT 1'), runQuery }))).toEqual([expected]);
  });

  it.each([
    [{ runQuery: 'nope' }, 'invalid_option runQuery'],
    [{ limits: { maxRows: 0 } }, 'invalid_option limits.maxRows'],
    [{ limits: { maxRows: ANSWER_LIMITS.maxRowsCeiling + 1 } }, 'invalid_option limits.maxRows'],
    [{ limits: { timeoutMs: 1.5 } }, 'invalid_option limits.timeoutMs'],
    [{ limits: 'fast' }, 'invalid_option limits'],
    [{ title: '  ' }, 'invalid_option title'],
    [{ locale: 'not a locale!' }, 'invalid_option locale'],
    [{ currency: 'dollars' }, 'invalid_option currency'],
  ])('refuses the option %j', async (options, expected) => {
    const { runQuery } = fake(SALES);
    expect(issuesOf(await answerWithGrid({ plan: plan('SELECT 1'), runQuery, ...(options as object) }))).toEqual([expected]);
  });

  it('resolves with an issue for options that are not an object', async () => {
    expect(issuesOf(await answerWithGrid(null as never))).toEqual(['invalid_option ']);
  });
});
