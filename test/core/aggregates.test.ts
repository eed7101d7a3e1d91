/**
 * The aggregate registry (src/core/aggregates.ts) and its consumers: every consumer reads the
 * registry, and each one refuses an aggregate the registry does not hold, loudly, instead of
 * computing another one (the parser, `resolveKpis`, the chart runtime, the SQL row source).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_CODES, AGGREGATES, AGGREGATE_NAMES, AGGREGATE_SQL, findAggregate, reduceNumbers } from '../../src/core/aggregates';
import { type ChartColumnInfo, buildChartRuntime } from '../../src/core/chart/runtime';
import { GridViewSpecError } from '../../src/core/errors';
import { messages } from '../../src/core/i18n';
import { aggregate, resolveKpis } from '../../src/core/kpi';
import { SPEC_ENUMS, safeParseGridViewSpecJson } from '../../src/core/spec';
import type { ChartSpecWire, KpiAggregate, KpiSpecWire, Row } from '../../src/core/types';
import { type SqlRowSource, createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { type FixtureDatabase, SQL_COLUMNS, makeRows, sqliteWith } from '../server/sql-rows-fixture';

/** What `run` threw (undefined when it returned). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the aggregate registry', () => {
  it('is the spec enum: the same names in the same order', () => {
    expect([...SPEC_ENUMS.aggregate]).toEqual(Object.keys(AGGREGATES));
    expect(AGGREGATE_NAMES).toBe(SPEC_ENUMS.aggregate);
  });

  it('names a catalog key per entry that every shipped catalog fills', () => {
    for (const name of AGGREGATE_NAMES) {
      const key = AGGREGATES[name].catalogKey;
      for (const [language, catalog] of Object.entries(messages)) {
        expect(catalog[key], `${language} ${key}`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  it('keeps one code table with one code per accumulator', () => {
    const codes = Object.values(ACCUMULATOR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of AGGREGATE_NAMES) expect(ACCUMULATOR_CODES[AGGREGATES[name].accumulator]).toEqual(expect.any(Number));
  });

  it('gives every aggregate its SQL under the same name, in the same order', () => {
    expect(Object.keys(AGGREGATE_SQL)).toEqual([...AGGREGATE_NAMES]);
  });

  it('is frozen, entries included, and so is its SQL', () => {
    expect(Object.isFrozen(AGGREGATES)).toBe(true);
    for (const name of AGGREGATE_NAMES) expect(Object.isFrozen(AGGREGATES[name])).toBe(true);
    expect(Object.isFrozen(AGGREGATE_SQL)).toBe(true);
  });

  it('finds own entries only, never inherited names', () => {
    expect(findAggregate(AGGREGATES, 'sum')).toBe(AGGREGATES.sum);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'SUM', ' sum', '']) expect(findAggregate(AGGREGATES, name)).toBeUndefined();
    expect(findAggregate(AGGREGATES, 7)).toBeUndefined();
  });

  it('reduces the empty input to each entry’s stated value: 0 for counts and sums, null otherwise', () => {
    const none = Object.fromEntries(AGGREGATE_NAMES.map((name) => [name, reduceNumbers(AGGREGATES[name], [])]));
    expect(none).toEqual({ count: 0, count_distinct: 0, sum: 0, avg: null, min: null, max: null, median: null });
  });

  it('skips NaN, ±Infinity and non-numbers before reducing, so every reducer sees finite numbers only', () => {
    const noisy = [3, Number.NaN, 1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '2' as unknown as number, null as unknown as number, 2];
    const clean = Object.fromEntries(AGGREGATE_NAMES.map((name) => [name, reduceNumbers(AGGREGATES[name], noisy)]));
    expect(clean).toEqual({ count: 3, count_distinct: 3, sum: 6, avg: 2, min: 1, max: 3, median: 2 });
  });

  it('gives null for a result that is not finite and 0 for -0', () => {
    expect(reduceNumbers(AGGREGATES.sum, [Number.MAX_VALUE, Number.MAX_VALUE])).toBeNull();
    expect(Object.is(reduceNumbers(AGGREGATES.min, [-0]), 0)).toBe(true);
  });

  it('says which totals add up: only sums and counts give a donut its centre total', () => {
    expect(AGGREGATE_NAMES.filter((name) => AGGREGATES[name].additive)).toEqual(['count', 'sum']);
  });
});

describe('an aggregate the registry does not hold', () => {
  const unknown = 'mode' as KpiAggregate;

  it('is refused by the parser with invalid_enum at its path, for KPIs and charts', () => {
    const result = safeParseGridViewSpecJson({
      grid_id: 'orders',
      columns: [
        { key: 'city', label: 'City' },
        { key: 'amount', label: 'Amount' },
      ],
      kpis: [{ label: 'Mode', aggregate: 'mode', column_key: 'amount' }],
      charts: [{ id: 'by_city', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount' }], aggregate: 'mode' }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_enum', 'charts[0].aggregate'],
      ['invalid_enum', 'kpis[0].aggregate'],
    ]);
    expect(result.issues[0]?.message).toContain(AGGREGATE_NAMES.map((name) => `"${name}"`).join(', '));
  });

  it('makes resolveKpis throw a GridViewSpecError naming the KPI, not resolve a median or a dash', () => {
    const kpis = [{ label: 'Rows', aggregate: 'count' }, { label: 'Mode', aggregate: unknown, column_key: 'v' }] satisfies KpiSpecWire[];
    const error = thrown(() => resolveKpis(kpis, [{ v: 1 }, { v: 2 }, { v: 2 }]));
    expect(error).toBeInstanceOf(GridViewSpecError);
    expect((error as GridViewSpecError).issues).toEqual([expect.objectContaining({ code: 'invalid_enum', path: 'kpis[1].aggregate' })]);
    expect(() => aggregate(unknown, [1, 2])).toThrow(GridViewSpecError);
  });

  it('makes the chart runtime throw a GridViewSpecError naming the chart, not sum or count the rows', () => {
    const withSeries: ChartSpecWire = { id: 'c', chart_type: 'bar', x_key: 'x', series: [{ key: 'v' }], aggregate: unknown };
    const error = thrown(() => buildChartRuntime(withSeries, [{ x: 'a', v: 1 }]));
    expect(error).toBeInstanceOf(GridViewSpecError);
    expect((error as GridViewSpecError).issues).toEqual([expect.objectContaining({ code: 'invalid_enum', path: 'charts[0].aggregate' })]);
    // Without series a chart counts rows; an unknown aggregate there is refused all the same.
    expect(() => buildChartRuntime({ id: 'c', chart_type: 'bar', x_key: 'x', aggregate: unknown }, [{ x: 'a' }])).toThrow(GridViewSpecError);
  });

  describe('in the SQL row source over SQLite', () => {
    let opened: FixtureDatabase;
    let source: SqlRowSource;
    const query = { filterModel: null, quickFilter: '' };

    beforeAll(async () => {
      opened = await sqliteWith(makeRows(50));
      source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
    });
    afterAll(async () => {
      await opened.close();
    });

    it('refuses a KPI with it before any SQL runs, naming the aggregate', async () => {
      const kpis: KpiSpecWire[] = [{ label: 'Mode', aggregate: unknown, column_key: 'amount' }];
      expect(() => source.checkAggregate({ kpis })).toThrow(/"mode", which is not registered/);
      await expect(source.aggregate(query, { kpis })).rejects.toThrow(TypeError);
      // A KPI without a column is no exception (it would otherwise be a silent "—").
      await expect(source.aggregate(query, { kpis: [{ label: 'Mode', aggregate: unknown }] })).rejects.toThrow(/"mode", which is not registered/);
    });

    it('refuses a chart with it, with series or without', async () => {
      const charts: ChartSpecWire[] = [{ id: 'by_city', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount' }], aggregate: unknown }];
      await expect(source.aggregate(query, { charts })).rejects.toThrow(/"mode", which is not registered/);
      await expect(source.aggregate(query, { charts: [{ id: 'rows', chart_type: 'bar', x_key: 'city', aggregate: unknown }] })).rejects.toThrow(TypeError);
    });

  });
});

describe('every registered aggregate in SQL on SQLite', () => {
  let opened: FixtureDatabase;
  let source: SqlRowSource;
  const rows = makeRows(300);
  const columns: ChartColumnInfo[] = SQL_COLUMNS.map((c) => ({ key: c.key, label: c.label ?? c.key, format: c.format ?? (c.type === 'number' ? 'number' : 'text') }));
  // Over the whole table (where the median walks the index of amount) and over a filtered set.
  const sets = [
    { name: 'the whole table', filterModel: null, keep: () => true },
    { name: 'a filtered set', filterModel: { qty: { filterType: 'number', type: 'lessThan', filter: 8 } }, keep: (row: Row) => (row.qty as number) < 8 },
  ] as const;

  beforeAll(async () => {
    opened = await sqliteWith(rows);
    source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
  });
  afterAll(async () => {
    await opened.close();
  });

  /** `actual` equals `expected` to 6 decimals (SQL sums in another order), null where it is null. */
  function expectClose(actual: readonly (number | null)[], expected: readonly (number | null)[], what: string): void {
    expect(actual.length, what).toBe(expected.length);
    expected.forEach((want, i) => {
      if (want === null) expect(actual[i], `${what}[${i}]`).toBeNull();
      else expect(actual[i], `${what}[${i}]`).toBeCloseTo(want, 6);
    });
  }

  for (const set of sets) {
    it(`gives the core's KPIs and chart values over ${set.name}, for each aggregate without a test of its own`, async () => {
      const kept = rows.filter(set.keep);
      const kpis: KpiSpecWire[] = AGGREGATE_NAMES.flatMap((name) => [
        { label: `${name} amount`, aggregate: name, column_key: 'amount' },
        { label: `${name} qty`, aggregate: name, column_key: 'qty' },
      ]);
      const charts: ChartSpecWire[] = AGGREGATE_NAMES.map((name) => ({ id: `by_city_${name}`, chart_type: 'bar', x_key: 'city', series: [{ key: 'amount' }, { key: 'rate' }], aggregate: name }));
      const answer = await source.aggregate({ filterModel: set.filterModel, quickFilter: '' }, { kpis, charts, columns });
      const expected = resolveKpis(kpis, kept);
      expect(answer.kpis.map((k) => [k.aggregate, k.display, k.sampleSize])).toEqual(expected.map((k) => [k.aggregate, k.display, k.sampleSize]));
      expectClose(
        answer.kpis.map((k) => k.value),
        expected.map((k) => k.value),
        'kpis',
      );
      answer.charts.forEach((chart, c) => {
        const local = buildChartRuntime(charts[c] as ChartSpecWire, kept, { columns });
        expect({ ...chart, values: [] }, chart.id).toEqual({ ...local, values: [] });
        chart.values.forEach((series, s) => expectClose(series, local.values[s] ?? [], `${chart.id} series ${s}`));
      });
    });
  }
});
