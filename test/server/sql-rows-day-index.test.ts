/**
 * Date filters over text cells, and the index that answers them. A text cell is a day when it
 * starts with `YYYY-MM-DD` followed by nothing, a space or `T` (the core's `dayOf`); the SQL tests
 * that inside the expression it compares (`dayIndexExpression`), so one index on that expression
 * finds the rows of a date filter with no test left to run on each of them. Odd texts (a letter
 * after the day, a one-digit month, a compact day) pass no comparison on either database, as in
 * the browser, also under NOT and OR.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { dayIndexExpression } from '../../src/server/rows/sql-filter';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { fixtureBackends, LOCAL_COLUMNS, makeRows, planOf, SQL_COLUMNS, type FixtureDatabase, type OrderRow } from './sql-rows-fixture';

const pgState = await ensurePostgres();

/** Texts that are not a day to the core, and two that are (a `T` time, a space time). */
const ODD_TEXTS = ['2024-03-05x', '2024-3-05', '20240305', 'abcd-ef-gh', '2024-03-0５', '2024-03-05T10:00', '2024-03-05 08:00', '2024-03-05/06'];
const BASE: OrderRow[] = makeRows(1_500, 17).map((row, i) => (i % 25 === 0 ? { ...row, ordered_on: ODD_TEXTS[(i / 25) % ODD_TEXTS.length] as string } : row));

const FILTERS: Record<string, GridFilterModel> = {
  equals: { ordered_on: { filterType: 'date', type: 'equals', dateFrom: '2024-03-05' } },
  notEqual: { ordered_on: { filterType: 'date', type: 'notEqual', dateFrom: '2024-03-05' } },
  'inRange around the odd texts': { ordered_on: { filterType: 'date', type: 'inRange', dateFrom: '2024-03-01', dateTo: '2024-03-31' } },
  'OR of lessThan and greaterThan': {
    ordered_on: {
      filterType: 'date',
      operator: 'OR',
      conditions: [
        { filterType: 'date', type: 'lessThan', dateFrom: '2024-03-06' },
        { filterType: 'date', type: 'greaterThan', dateFrom: '2024-10-01' },
      ],
    },
  },
};

for (const backend of fixtureBackends(pgState, BASE)) {
  describe.skipIf(backend.name === 'postgres' && !pgState.available && SKIP_PG)(`date filters over text cells on ${backend.name}`, () => {
    let opened: FixtureDatabase;
    let source: SqlRowSource;
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    const local = createLocalRowSource(BASE, LOCAL_COLUMNS, { locale: 'en' });

    beforeAll(async () => {
      opened = await backend.open({
        log: (event) => {
          if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
        },
      });
      await sql.raw(`CREATE INDEX orders_day ON orders (${dayIndexExpression(backend.name, 'ordered_on')})`).execute(opened.db);
      await sql.raw('ANALYZE').execute(opened.db);
      source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id', countCacheMs: 0 });
    });
    afterAll(async () => {
      await opened?.close();
    });

    for (const [name, filterModel] of Object.entries(FILTERS)) {
      it(`${name}: the rows the core's local source keeps, odd texts passing only where the core finds a day`, async () => {
        const request = { startRow: 0, endRow: 1_000, sortModel: [], filterModel, quickFilter: '' };
        const want = local.rowsNow({ ...request, endRow: BASE.length }).rows.map((row) => row.id);
        const got: number[] = [];
        for (let start = 0; ; start += 1_000) {
          const { rows } = await source.getRows({ ...request, startRow: start, endRow: start + 1_000 });
          got.push(...rows.map((row) => row.id as number));
          if (rows.length < 1_000) break;
        }
        expect(got).toEqual(want);
        // The odd texts reached the comparison: a fixture without them would prove nothing.
        expect(BASE.filter((row) => ODD_TEXTS.includes(row.ordered_on as string)).length).toBeGreaterThan(40);
      });
    }

    it('answers a date range from the index on dayIndexExpression, with no per-row test left', async () => {
      statements.length = 0;
      await source.getRows({ startRow: 0, endRow: 100, sortModel: [], filterModel: FILTERS['inRange around the odd texts'] as GridFilterModel, quickFilter: '' });
      const block = statements.find((s) => /^select "id" as "c0"/.test(s.sql));
      expect(block).toBeDefined();
      const plan = await planOf(opened.db, backend.name, block!.sql, block!.parameters);
      expect(plan).toMatch(/orders_day/);
      if (backend.name === 'postgres') {
        // Every test of the day is in the index condition: no Filter line re-runs the regular expression.
        expect(plan).not.toMatch(/Filter:.*~/);
      }
    });
  });
}

