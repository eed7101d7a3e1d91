/**
 * Date columns of real date types: PostgreSQL `timestamp` and `date` columns (and, on SQLite, which
 * has no date type, columns declared `DATETIME` and `DATE`, holding ISO text as SQLite applications
 * store it). Every date filter, the sort, the values checklist, KPIs and a chart by day answer what
 * the core's local row source answers over the same days as ISO text, and the cells come back as
 * that text, never as a JavaScript Date shifted by the time zone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChartRuntime } from '../../src/core/chart/runtime';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import { resolveKpis } from '../../src/core/kpi';
import type { ChartSpecWire, KpiSpecWire } from '../../src/core/types';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { categorical, LOCAL_COLUMNS, makeRows, planOf, TYPED_SQL_COLUMNS, typedRows, fixtureBackends, type FixtureDatabase } from './sql-rows-fixture';

const pgState = await ensurePostgres();
const BASE = makeRows(3_000, 9);
const LOCAL_TYPED_COLUMNS = [...LOCAL_COLUMNS, { key: 'ordered_day', label: 'Day', format: 'text' as const, sortable: true, searchable: false }];
/**
 * The rows as the local source (the oracle) sees them: the text each database gives for its cells.
 * PostgreSQL writes a `timestamp` at midnight with its time (`2024-03-05 00:00:00`); SQLite keeps the
 * text as stored.
 */
const ORACLE = {
  sqlite: typedRows(BASE),
  postgres: typedRows(BASE).map((row) => ({ ...row, ordered_on: row.ordered_on !== null && row.ordered_on.length === 10 ? `${row.ordered_on} 00:00:00` : row.ordered_on })),
};

/** Date filters by name, written for `key`. */
function dateFilters(key: string): Record<string, GridFilterModel> {
  const one = (model: Record<string, unknown>) => ({ [key]: { filterType: 'date', ...model } }) as GridFilterModel;
  return {
    equals: one({ type: 'equals', dateFrom: '2024-03-05' }),
    'equals with a time': one({ type: 'equals', dateFrom: '2024-03-05 23:59:59' }),
    notEqual: one({ type: 'notEqual', dateFrom: '2024-03-05' }),
    lessThan: one({ type: 'lessThan', dateFrom: '2024-02-01' }),
    greaterThan: one({ type: 'greaterThan', dateFrom: '2024-11-30' }),
    'inRange (exclusive, bounds in any order)': one({ type: 'inRange', dateFrom: '2024-06-30', dateTo: '2024-06-01' }),
    'inRange with T times': one({ type: 'inRange', dateFrom: '2024-06-01T12:00', dateTo: '2024-07-01T00:00:00.5' }),
    'a day no calendar has': one({ type: 'lessThan', dateFrom: '2024-13-45' }),
    'lessThan a day February lacks': one({ type: 'lessThan', dateFrom: '2024-02-30' }),
    'greaterThan a leap day': one({ type: 'greaterThan', dateFrom: '2024-02-29' }),
    'equals a day no calendar has': one({ type: 'equals', dateFrom: '2024-02-30' }),
    'notEqual a month 0': one({ type: 'notEqual', dateFrom: '2024-00-10' }),
    'equals the 28th of December (the last day the fixture has)': one({ type: 'equals', dateFrom: '2024-12-28' }),
    'inRange from a 32nd day to a 13th month': one({ type: 'inRange', dateFrom: '2024-05-32', dateTo: '2024-13-01' }),
    blank: one({ type: 'blank' }),
    notBlank: one({ type: 'notBlank' }),
    OR: one({ operator: 'OR', conditions: [{ filterType: 'date', type: 'lessThan', dateFrom: '2024-01-10' }, { filterType: 'date', type: 'greaterThan', dateFrom: '2024-12-20' }] }),
    AND: one({ operator: 'AND', conditions: [{ filterType: 'date', type: 'greaterThan', dateFrom: '2024-04-01' }, { filterType: 'date', type: 'notEqual', dateFrom: '2024-04-15' }] }),
    'values checklist of days': { [key]: { filterType: 'values', values: ['2024-03-05', '2024-03-06', '2024-03-05 10:30:00'] } } as GridFilterModel,
    'values empty': { [key]: { filterType: 'values', mode: 'empty' } } as GridFilterModel,
    'text contains a day': { [key]: { filterType: 'text', type: 'contains', filter: '2024-03' } } as GridFilterModel,
  };
}

async function sqlIds(source: SqlRowSource, filterModel: GridFilterModel | null, sortModel: RowSourceSortItem[] = []): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; ; start += 1000) {
    const { rows } = await source.getRows({ startRow: start, endRow: start + 1000, sortModel, filterModel, quickFilter: '' });
    ids.push(...rows.map((row) => row.id as number));
    if (rows.length < 1000) return ids;
  }
}

const backends = fixtureBackends(pgState, BASE, { typed: true });

for (const backend of backends) for (const variant of [{ name: '', categorical: [] as string[] }, { name: ', categorical (indexed)', categorical: ['ordered_on', 'ordered_day'] }]) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  const COLUMNS = categorical(TYPED_SQL_COLUMNS, variant.categorical);
  describe.skipIf(skip)(`date columns of date types on ${backend.name}${variant.name}`, () => {
    let opened: FixtureDatabase;
    let source: SqlRowSource;
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    const ROWS = ORACLE[backend.name];
    const local = createLocalRowSource(ROWS, LOCAL_TYPED_COLUMNS, { locale: 'en' });
    const localIds = (filterModel: GridFilterModel | null, sortModel: RowSourceSortItem[] = []): number[] =>
      local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel, filterModel, quickFilter: '' }).rows.map((row) => row.id);
    beforeAll(async () => {
      opened = await backend.open({
        log: (event) => {
          if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
        },
      });
      source = createSqlRowSource({ db: opened.db, table: 'orders_typed', columns: COLUMNS, searchable: ['name', 'city'], tieBreaker: 'id' });
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('stores the days in the column types the test means', async () => {
      const types =
        backend.name === 'postgres'
          ? (await sql<{ column_name: string; data_type: string }>`SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'orders_typed' AND table_schema = current_schema() AND column_name IN ('ordered_on', 'ordered_day') ORDER BY column_name`.execute(opened.db)).rows.map((r) => [r.column_name, r.data_type])
          : (await sql<{ t: string; d: string }>`SELECT DISTINCT typeof(ordered_on) AS t, typeof(ordered_day) AS d FROM orders_typed WHERE ordered_on IS NOT NULL`.execute(opened.db)).rows.map((r) => [r.t, r.d]);
      expect(types).toEqual(backend.name === 'postgres' ? [['ordered_day', 'date'], ['ordered_on', 'timestamp without time zone']] : [['text', 'text']]);
    });

    for (const key of ['ordered_on', 'ordered_day']) {
      for (const [name, filterModel] of Object.entries(dateFilters(key))) {
        it(`keeps the rows the local source keeps on ${key}: ${name}`, async () => {
          const expected = localIds(filterModel);
          if (!name.includes('no calendar') && name !== 'values empty') expect(expected.length).toBeGreaterThan(0);
          expect(await sqlIds(source, filterModel)).toEqual(expected);
        });
      }
    }

    it('answers date cells as ISO text: the day of a date column exactly, a timestamp with its time', async () => {
      const { rows } = await source.getRows({ startRow: 0, endRow: 1000, sortModel: [], filterModel: null, quickFilter: '', columns: ['id', 'ordered_on', 'ordered_day'] });
      expect(rows).toEqual(ROWS.slice(0, 1000).map((row) => ({ id: row.id, ordered_on: row.ordered_on, ordered_day: row.ordered_day })));
      expect(rows.some((row) => typeof row.ordered_day === 'string')).toBe(true);
    });

    it('sorts by a date column as the local source does, empty cells last in both directions', async () => {
      for (const sort of ['asc', 'desc'] as const) {
        const sortModel: RowSourceSortItem[] = [{ colId: 'ordered_day', sort }];
        expect(await sqlIds(source, null, sortModel)).toEqual(localIds(null, sortModel));
      }
    });

    it('lists the days of the values checklist, counts distinct days and charts by day as the core does', async () => {
      const filterModel: GridFilterModel = { ordered_day: { filterType: 'date', type: 'lessThan', dateFrom: '2024-02-01' } };
      const expected = local.valuesNow({ colId: 'ordered_day', filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 0 } }, quickFilter: '', limit: 10_000 });
      const answer = await source.getValues({ colId: 'ordered_day', filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 0 } }, quickFilter: '', limit: 10_000 });
      expect(new Map(answer.values.map((v) => [v.value, v.count]))).toEqual(new Map(expected.values.map((v) => [v.value, v.count])));
      expect(answer.empty).toBe(expected.empty);
      const kpis: KpiSpecWire[] = [
        { label: 'Days', aggregate: 'count_distinct', column_key: 'ordered_day' },
        { label: 'Dated', aggregate: 'count', column_key: 'ordered_day' },
      ];
      const charts = [{ id: 'by-day', chart_type: 'line', x_key: 'ordered_day', series: [{ key: 'amount' }] }] as ChartSpecWire[];
      const columns = [{ key: 'ordered_day', label: 'Day' }, { key: 'amount', label: 'Amount', format: 'number' as const }];
      const rows = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter: '' }).rows;
      const result = await source.aggregate({ filterModel, quickFilter: '' }, { kpis, charts, columns });
      expect(result.kpis.map((k) => k.display)).toEqual(resolveKpis(kpis, rows, { locale: 'en' }).map((k) => k.display));
      const chart = buildChartRuntime(charts[0]!, rows, { columns });
      expect(result.charts[0]!.categories).toEqual(chart.categories);
      result.charts[0]!.values[0]!.forEach((value, i) => expect(value).toBeCloseTo(chart.values[0]![i]!, 6));
    });

    it.runIf(backend.name === 'sqlite')('reads only ISO text as days on SQLite: a number in a date column (Unix time, a Julian day) is not a day', async () => {
      await sql`CREATE TABLE stamped (id INTEGER PRIMARY KEY, d DATE)`.execute(opened.db);
      await sql`INSERT INTO stamped (id, d) VALUES (1, '2024-03-05'), (2, 1709596800), (3, 2460374.5), (4, NULL)`.execute(opened.db);
      const stamped = createSqlRowSource({ db: opened.db, table: 'stamped', columns: [{ key: 'id', type: 'number' }, { key: 'd', type: 'date' }], tieBreaker: 'id' });
      const ids = async (filterModel: GridFilterModel) => (await stamped.getRows({ startRow: 0, endRow: 10, sortModel: [], filterModel, quickFilter: '' })).rows.map((r) => r.id);
      expect(await ids({ d: { filterType: 'date', type: 'equals', dateFrom: '2024-03-05' } })).toEqual([1]);
      expect(await ids({ d: { filterType: 'date', type: 'greaterThan', dateFrom: '1900-01-01' } })).toEqual([1]);
      expect(await ids({ d: { filterType: 'date', type: 'notBlank' } })).toEqual([1, 2, 3]);
      expect(await ids({ d: { filterType: 'date', type: 'blank' } })).toEqual([4]);
    });

    it.runIf(backend.name === 'postgres' && variant.categorical.length === 0)(
      'compares a PostgreSQL date or timestamp column itself, so its plain index bounds the rows of a date filter',
      async () => {
        for (const [key, index] of [['ordered_day', 'orders_typed_day'], ['ordered_on', 'orders_typed_on']] as const) {
          const filterModel: GridFilterModel = { [key]: { filterType: 'date', type: 'inRange', dateFrom: '2024-03-01', dateTo: '2024-03-10' } };
          statements.length = 0;
          await source.getRows({ startRow: 0, endRow: 100, sortModel: [], filterModel, quickFilter: '' });
          const block = statements.find((s) => /^select "id" as "c0"/.test(s.sql));
          expect(block).toBeDefined();
          const plan = await planOf(opened.db, 'postgres', block!.sql, block!.parameters);
          expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${index}|Bitmap Index Scan on ${index}`));
          expect(plan).toMatch(new RegExp(`Index Cond: .*${key} >= `));
          // No day read from the text of each row.
          expect(plan).not.toMatch(/substr|~/);
        }
      },
    );

    it.runIf(backend.name === 'postgres' && variant.categorical.length === 0)(
      'passes infinite values and years past 9999 through no date comparison on PostgreSQL, as their text is no day',
      async () => {
        await sql`DROP TABLE IF EXISTS odd_days`.execute(opened.db);
        await sql`CREATE TABLE odd_days AS SELECT * FROM orders_typed WHERE id <= 300`.execute(opened.db);
        await sql`INSERT INTO odd_days (id, qty, ordered_on, ordered_day) VALUES (9001, 1, 'infinity', 'infinity'), (9002, 1, '-infinity', '-infinity'), (9003, 1, '10000-01-01', '10000-01-01'), (9004, 1, '9999-12-31 23:00', '9999-12-31')`.execute(opened.db);
        const odd = createSqlRowSource({ db: opened.db, table: 'odd_days', columns: COLUMNS, tieBreaker: 'id' });
        // The oracle reads the cells as the source answers them: their text.
        const cells = (await odd.getRows({ startRow: 0, endRow: 1000, sortModel: [], filterModel: null, quickFilter: '' })).rows;
        expect(cells.filter((row) => (row.id as number) > 9000).map((row) => row.ordered_day)).toEqual(['infinity', '-infinity', '10000-01-01', '9999-12-31']);
        const oracle = createLocalRowSource(cells, LOCAL_TYPED_COLUMNS, { locale: 'en' });
        for (const key of ['ordered_on', 'ordered_day']) {
          for (const model of [
            { type: 'greaterThan', dateFrom: '2024-06-01' },
            { type: 'lessThan', dateFrom: '2024-06-01' },
            { type: 'notEqual', dateFrom: '2024-06-01' },
            { type: 'equals', dateFrom: '9999-12-31' },
            { type: 'greaterThan', dateFrom: '9999-12-30' },
          ]) {
            const filterModel = { [key]: { filterType: 'date', ...model } } as GridFilterModel;
            const want = oracle.rowsNow({ startRow: 0, endRow: cells.length, sortModel: [], filterModel, quickFilter: '' }).rows.map((row) => row.id);
            expect(await sqlIds(odd, filterModel), `${key} ${JSON.stringify(model)}`).toEqual(want);
          }
        }
        await sql`DROP TABLE odd_days`.execute(opened.db);
      },
    );
  });
}

