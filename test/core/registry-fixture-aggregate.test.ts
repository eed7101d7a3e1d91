/**
 * The registry fixture for aggregates: one extra aggregate, `range` (the largest number minus the
 * smallest), registered in a scratch copy of the registry exactly as docs/contributing.md ("Add an
 * aggregate") tells a contributor to add one, and followed through every consumer: the parser, the
 * KPIs, the chart runtime, SQL on a real SQLite database (better-sqlite3) and both catalogs. The
 * global registry is never touched: each consumer's internal seam takes the scratch copy.
 *
 * The entry between the `fixture-entry` markers is the one the recipe's diff shows; a test below
 * keeps the two identical.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGGREGATES,
  AGGREGATE_SQL,
  type AggregateDefinition,
  type AggregateRegistry,
  type AggregateSqlDefinition,
  type AggregateSqlRegistry,
  anyDialect,
} from '../../src/core/aggregates';
import { buildChartRuntimesWith } from '../../src/core/chart/runtime';
import { createTranslator, messages } from '../../src/core/i18n';
import { resolveKpisWith } from '../../src/core/kpi';
import { safeParseGridViewSpecJson, safeParseWithAggregates } from '../../src/core/spec';
import type { GridViewSpec, KpiSpec, Row } from '../../src/core/types';
import { type AggregateContext, aggregateOver, checkAggregateSpecs } from '../../src/server/rows/sql-aggregate';
import type { SqlColumn } from '../../src/server/rows/sql-filter';
import { type FixtureDatabase, type OrderRow, SQL_COLUMNS, makeRows, sqliteWith } from '../server/sql-rows-fixture';

const EXTRA = {
  // fixture-entry:start
  /** The largest number minus the smallest: how far the values spread. Null for none, 0 for one. */
  range: {
    catalogKey: 'kpi.aggregate.range',
    accumulator: 'collect',
    reduce: (values) => (values.length === 0 ? null : values.reduce((max, v) => (v > max ? v : max)) - values.reduce((min, v) => (v < min ? v : min))),
    additive: false,
  },
  // fixture-entry:end
} satisfies Record<string, AggregateDefinition>;

const EXTRA_SQL = {
  // fixture-sql:start
  range: /* @__PURE__ */ anyDialect((sql, { value }) => sql`(MAX(${value}) - MIN(${value}))`),
  // fixture-sql:end
} satisfies Record<string, AggregateSqlDefinition>;

/** The scratch registry: the core's entries plus the fixture's, and their SQL likewise. */
const SCRATCH: AggregateRegistry = Object.freeze({ ...AGGREGATES, ...EXTRA });
const SCRATCH_SQL: AggregateSqlRegistry = Object.freeze({ ...AGGREGATE_SQL, ...EXTRA_SQL });

/** The two catalogs with the fixture's key added, as the recipe adds it to en.ts and uk.ts. */
const CATALOGS = {
  en: { ...messages.en, 'kpi.aggregate.range': 'Range' },
  uk: { ...messages.uk, 'kpi.aggregate.range': 'Розмах' },
};

/** The spread of the finite numbers of `key` in `rows`, computed without the registry. */
function spread(rows: readonly Row[], key: string): number | null {
  const numbers = rows.map((row) => row[key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return numbers.length === 0 ? null : Math.max(...numbers) - Math.min(...numbers);
}

const WIRE = {
  grid_id: 'orders',
  columns: [
    { key: 'city', label: 'City' },
    { key: 'amount', label: 'Amount', format: 'number' },
    { key: 'qty', label: 'Qty', format: 'number' },
  ],
  kpis: [
    { label: 'Amount spread', aggregate: 'range', column_key: 'amount' },
    { label: 'Quantity spread', aggregate: 'range', column_key: 'qty' },
    { label: 'Orders', aggregate: 'count' },
  ],
  charts: [{ id: 'spread_by_city', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount' }], aggregate: 'range' }],
};

/** The wire spec parsed against the scratch registry (the first consumer). */
function parsed(): GridViewSpec {
  const result = safeParseWithAggregates(WIRE, SCRATCH);
  if (!result.ok) throw new Error(`the fixture spec did not parse: ${JSON.stringify(result.issues)}`);
  return result.spec;
}

describe('an aggregate registered in a scratch registry', () => {
  it('parses: accepted by name, with the rules of every aggregate of numbers (a column is required)', () => {
    const spec = parsed();
    expect(spec.kpis.map((k) => k.aggregate)).toEqual(['range', 'range', 'count']);
    expect(spec.charts[0]?.aggregate).toBe('range');
    const noColumn = safeParseWithAggregates({ ...WIRE, kpis: [{ label: 'Spread', aggregate: 'range' }] }, SCRATCH);
    expect(noColumn.ok ? [] : noColumn.issues.map((i) => [i.code, i.path])).toEqual([['missing_column_key', 'kpis[0].column_key']]);
    const noValues = safeParseWithAggregates({ ...WIRE, charts: [{ id: 'c', chart_type: 'bar', x_key: 'city', aggregate: 'range' }] }, SCRATCH);
    expect(noValues.ok ? [] : noValues.issues.map((i) => [i.code, i.path])).toEqual([['missing_value_key', 'charts[0].value_key']]);
  });

  it('stays unknown to the global registry, which was not changed', () => {
    const result = safeParseGridViewSpecJson(WIRE);
    expect(result.ok ? [] : result.issues.map((i) => [i.code, i.path])).toEqual([
      ['invalid_enum', 'charts[0].aggregate'],
      ['invalid_enum', 'kpis[0].aggregate'],
      ['invalid_enum', 'kpis[1].aggregate'],
    ]);
    expect(Object.keys(AGGREGATES)).not.toContain('range');
  });

  it('resolves as a KPI: the reducer over the numeric cells, sample size the numbers, null for none', () => {
    const rows: Row[] = [{ amount: 5, qty: '7' }, { amount: -2.5, qty: 1 }, { amount: null, qty: 'x' }, { amount: Number.NaN }, { amount: '12.5' }];
    const [amount, qty, orders] = resolveKpisWith(SCRATCH, parsed().kpis, rows);
    expect([amount?.value, amount?.sampleSize, amount?.display]).toEqual([15, 3, '15']);
    expect([qty?.value, qty?.sampleSize]).toEqual([6, 2]);
    expect(orders?.value).toBe(5);
    const [none] = resolveKpisWith(SCRATCH, parsed().kpis, [{ amount: 'n/a' }]);
    expect([none?.value, none?.display]).toEqual([null, '—']);
    const [one] = resolveKpisWith(SCRATCH, parsed().kpis, [{ amount: 4 }]);
    expect(one?.value).toBe(0);
  });

  it('builds chart values per category, a category without a number being a gap', () => {
    const rows: Row[] = [
      { city: 'Kyiv', amount: 10 },
      { city: 'Lviv', amount: 'none' },
      { city: 'Kyiv', amount: 4 },
      { city: 'Odesa', amount: 3 },
    ];
    const [runtime] = buildChartRuntimesWith(SCRATCH, parsed().charts, rows, { columns: parsed().columns });
    expect(runtime?.categories).toEqual(['Kyiv', 'Lviv', 'Odesa']);
    expect(runtime?.values).toEqual([[6, null, 0]]);
    expect(runtime?.aggregate).toBe('range');
    // The column's format, as for every aggregate of numbers (counts alone are plain numbers).
    expect(runtime?.series[0]?.format).toBe('number');
    expect(runtime?.description).toContain('Amount (range)');
  });

  describe('in SQL on SQLite (better-sqlite3)', () => {
    let opened: FixtureDatabase;
    let rows: OrderRow[];
    let ctx: AggregateContext;

    beforeAll(async () => {
      rows = makeRows(400);
      opened = await sqliteWith(rows);
      const columns = new Map<string, SqlColumn>(
        SQL_COLUMNS.map((c) => [
          c.key,
          { key: c.key, column: c.key, type: c.type, label: c.label ?? c.key, format: c.format ?? (c.type === 'number' ? 'number' : 'text'), sortable: true, filterable: true, searchable: false, categorical: false },
        ]),
      );
      ctx = { db: opened.db, dialect: 'sqlite', table: 'orders', columns, tie: columns.get('id') as SqlColumn, walksIndex: () => Promise.resolve(false), aggregates: SCRATCH, aggregateSql: SCRATCH_SQL };
    });
    afterAll(async () => {
      await opened.close();
    });

    it('is checked like any aggregate of numbers: registered, on number columns only', () => {
      const spec = parsed();
      expect(() => checkAggregateSpecs(ctx, { kpis: spec.kpis, charts: spec.charts })).not.toThrow();
      expect(() => checkAggregateSpecs(ctx, { kpis: [{ label: 'City spread', aggregate: 'range', columnKey: 'city' } as unknown as KpiSpec] })).toThrow(/not a number column/);
      expect(() => checkAggregateSpecs({ columns: ctx.columns }, { kpis: spec.kpis })).toThrow(/"range", which is not registered/);
      // An entry without its SQL is not enough for the server.
      expect(() => checkAggregateSpecs({ columns: ctx.columns, aggregates: SCRATCH }, { kpis: spec.kpis })).toThrow(/"range", which is not registered/);
    });

    for (const [name, where, keep] of [
      ['the whole table', sql<boolean>`(qty >= 0)`, () => true],
      ['a filtered set', sql<boolean>`(city = 'Kyiv')`, (row: OrderRow) => row.city === 'Kyiv'],
    ] as const satisfies readonly (readonly [string, RawBuilder<boolean>, (row: OrderRow) => boolean])[]) {
      it(`gives the KPIs and chart values the core computes from the rows, over ${name}`, async () => {
        const spec = parsed();
        const kept = rows.filter(keep);
        const result = await aggregateOver(ctx, where, { kpis: spec.kpis, charts: spec.charts, columns: spec.columns });
        expect(result.kpis).toEqual(resolveKpisWith(SCRATCH, spec.kpis, kept));
        expect(result.kpis[0]?.value).toBe(spread(kept, 'amount'));
        expect(result.kpis[1]?.value).toBe(spread(kept, 'qty'));
        const [local] = buildChartRuntimesWith(SCRATCH, spec.charts, kept, { columns: spec.columns });
        const [remote] = result.charts;
        expect(remote?.values).toEqual(local?.values);
        expect(new Set(remote?.categories)).toEqual(new Set(local?.categories));
        expect(remote?.description).toBe(local?.description);
      });
    }
  });

  it('is named in both catalogs under its catalog key, which every catalog then holds', () => {
    const key = SCRATCH.range?.catalogKey as string;
    expect(Object.keys(CATALOGS.uk).sort()).toEqual(Object.keys(CATALOGS.en).sort());
    expect(createTranslator({ locale: 'en', catalogs: CATALOGS }).t(key, '')).toBe('Range');
    expect(createTranslator({ locale: 'uk', catalogs: CATALOGS }).t(key, '')).toBe('Розмах');
    // Without the two catalog lines the name is missing: the recipe's catalog step is needed.
    expect(Object.prototype.hasOwnProperty.call(messages.en, key)).toBe(false);
  });

  it('is the entry the recipe in docs/contributing.md shows, line for line', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/contributing.md', import.meta.url)), 'utf8');
    const recipe = doc.slice(doc.indexOf('### Add an aggregate'));
    const diff = /```diff\n([\s\S]*?)```/.exec(recipe)?.[1] ?? '';
    const added = (file: string): string[] => {
      const section = diff.split(/^--- /m).find((part) => part.includes(`+++ b/${file}`)) ?? '';
      return section
        .split('\n')
        .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
        .map((line) => line.slice(1).trim());
    };
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const between = (marker: string): string[] =>
      source
        .slice(source.indexOf(`// ${marker}:start`) + `// ${marker}:start`.length, source.indexOf(`// ${marker}:end`))
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    expect(added('src/core/aggregates.ts')).toEqual([...between('fixture-entry'), ...between('fixture-sql')]);
    expect(added('src/core/i18n/en.ts')).toEqual([`'kpi.aggregate.range': '${CATALOGS.en['kpi.aggregate.range']}',`]);
    expect(added('src/core/i18n/uk.ts')).toEqual([`'kpi.aggregate.range': '${CATALOGS.uk['kpi.aggregate.range']}',`]);
  });
});
