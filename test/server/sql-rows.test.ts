/**
 * The SQL row source on SQLite and on a real PostgreSQL: every filter and search answers what the
 * core's local row source answers over the same rows; paging with several sort keys neither repeats
 * nor skips rows; the values checklist; and requests the source refuses.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChartRuntime } from '../../src/core/chart/runtime';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import { FILTER_OPERATORS, type OperatorFilterType } from '../../src/core/data-grid/filter-operators';
import { resolveKpis } from '../../src/core/kpi';
import type { ChartSpecWire, KpiSpecWire } from '../../src/core/types';
import type { GridFilterModel, RowSourceRequest, RowSourceSortItem } from '../../src/core/data-grid/types';
import { HttpError } from '../../src/server/errors';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { categorical, COLUMN_VARIANTS, LOCAL_COLUMNS, makeRows, SEARCHABLE, SQL_COLUMNS, fixtureBackends, type FixtureDatabase } from './sql-rows-fixture';

const pgState = await ensurePostgres();
const ROWS = makeRows(10_000);
const local = createLocalRowSource(ROWS, LOCAL_COLUMNS, { locale: 'en' });

/** Every id the local source keeps for a filter and search, in id order. */
function localIds(filterModel: GridFilterModel | null, quickFilter = ''): number[] {
  const { rows } = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter });
  return rows.map((row) => row.id);
}

/** Every id the SQL source keeps, in its order, read block by block. */
async function sqlIds(source: SqlRowSource, query: Omit<RowSourceRequest, 'startRow' | 'endRow'>, block = source.maxBlock): Promise<{ ids: number[]; lastRows: number[] }> {
  const ids: number[] = [];
  const lastRows: number[] = [];
  for (let start = 0; ; start += block) {
    const answer = await source.getRows({ ...query, startRow: start, endRow: start + block });
    ids.push(...answer.rows.map((row) => row.id as number));
    lastRows.push(answer.lastRow);
    if (answer.rows.length < block) break;
  }
  return { ids, lastRows };
}

/** A negative fractional amount of the rows, as its own text (a trailing zero makes another text of the same number). */
const NEGATIVE_AMOUNT = String(ROWS.find((row) => row.amount !== null && row.amount < 0 && String(row.amount).includes('.'))?.amount);

/** Filter models the two sources must agree on, by name. */
const FILTERS: Record<string, GridFilterModel> = {
  'text contains (search language, Cyrillic, case)': { name: { filterType: 'text', type: 'contains', filter: 'КИЇВ' } },
  'text contains without accents': { name: { filterType: 'text', type: 'contains', filter: 'cafe' } },
  'text contains й and ё folded': { name: { filterType: 'text', type: 'contains', filter: 'йогурт/ёлка' } },
  'text contains letters with a stroke folded': { name: { filterType: 'text', type: 'contains', filter: 'lodz/oresund/hamrun' } },
  'text startsWith a letter with a stroke': { name: { filterType: 'text', type: 'startsWith', filter: 'Ø' } },
  'text equals with a dotless i': { name: { filterType: 'text', type: 'equals', filter: 'DIYARBAKIR' } },
  'text contains starts-with wildcard': { city: { filterType: 'text', type: 'contains', filter: 'k%' } },
  'text contains ends-with wildcard': { city: { filterType: 'text', type: 'contains', filter: '%iv' } },
  'text contains pieces in order': { name: { filterType: 'text', type: 'contains', filter: 'ca%ir' } },
  'text contains a lone % matches nothing': { name: { filterType: 'text', type: 'contains', filter: '%' } },
  'text contains a quoted % literally': { name: { filterType: 'text', type: 'contains', filter: '"% pure"' } },
  'text contains _ literally': { name: { filterType: 'text', type: 'contains', filter: 'r_s' } },
  'text contains a backslash literally': { name: { filterType: 'text', type: 'contains', filter: 'k\\s' } },
  'text contains a quote literally': { name: { filterType: 'text', type: 'contains', filter: "o'brien" } },
  'text contains negation': { city: { filterType: 'text', type: 'contains', filter: '-kyiv' } },
  'text notContains': { city: { filterType: 'text', type: 'notContains', filter: 'kyiv' } },
  'text equals (case-insensitive)': { name: { filterType: 'text', type: 'equals', filter: 'APPLE' } },
  'text equals trims': { name: { filterType: 'text', type: 'equals', filter: ' padded ' } },
  'text equals keeps inner spaces': { name: { filterType: 'text', type: 'equals', filter: 'zeta  two' } },
  'text notEqual': { name: { filterType: 'text', type: 'notEqual', filter: 'apple' } },
  'text startsWith': { name: { filterType: 'text', type: 'startsWith', filter: 'Caf' } },
  'text endsWith': { name: { filterType: 'text', type: 'endsWith', filter: 'NOIR' } },
  'text startsWith _ literally': { name: { filterType: 'text', type: 'startsWith', filter: 'under_' } },
  'text equals whitespace only keeps the blank cells': { name: { filterType: 'text', type: 'equals', filter: ' \t ' } },
  'text notEqual whitespace only keeps the others': { city: { filterType: 'text', type: 'notEqual', filter: '\u00a0' } },
  'text contains whitespace only keeps every row': { city: { filterType: 'text', type: 'contains', filter: '  ' } },
  'text notContains whitespace only keeps none': { city: { filterType: 'text', type: 'notContains', filter: '  ' } },
  'text blank': { name: { filterType: 'text', type: 'blank' } },
  'text notBlank': { name: { filterType: 'text', type: 'notBlank' } },
  'text OR': {
    city: { filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'equals', filter: 'lviv' }, { filterType: 'text', type: 'blank' }] },
  },
  'text contains inside combined conditions reads words, not the search language': {
    name: { filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'contains', filter: '-apple' }, { filterType: 'text', type: 'contains', filter: 'caf noir' }] },
  },
  'number equals': { qty: { filterType: 'number', type: 'equals', filter: 7 } },
  'number notEqual': { qty: { filterType: 'number', type: 'notEqual', filter: 7 } },
  'number lessThan': { amount: { filterType: 'number', type: 'lessThan', filter: 0 } },
  'number lessThanOrEqual': { amount: { filterType: 'number', type: 'lessThanOrEqual', filter: -100.5 } },
  'number greaterThan': { amount: { filterType: 'number', type: 'greaterThan', filter: 1500.25 } },
  'number greaterThanOrEqual': { qty: { filterType: 'number', type: 'greaterThanOrEqual', filter: 19 } },
  'number inRange (exclusive, bounds in any order)': { amount: { filterType: 'number', type: 'inRange', filter: 500, filterTo: 100 } },
  'number blank': { amount: { filterType: 'number', type: 'blank' } },
  'number notBlank': { rate: { filterType: 'number', type: 'notBlank' } },
  'number AND': { amount: { filterType: 'number', operator: 'AND', conditions: [{ filterType: 'number', type: 'greaterThan', filter: 0 }, { filterType: 'number', type: 'lessThan', filter: 10 }] } },
  'number OR': { qty: { filterType: 'number', operator: 'OR', conditions: [{ filterType: 'number', type: 'equals', filter: 1 }, { filterType: 'number', type: 'equals', filter: 3 }, { filterType: 'number', type: 'blank' }] } },
  'number filter as search text': { amount: { filterType: 'text', type: 'contains', filter: '>10+<20' } },
  'percent search compares as shown': { rate: { filterType: 'text', type: 'contains', filter: '>=29' } },
  'date equals': { ordered_on: { filterType: 'date', type: 'equals', dateFrom: '2024-03-05' } },
  'date notEqual': { ordered_on: { filterType: 'date', type: 'notEqual', dateFrom: '2024-03-05 00:00:00' } },
  'date lessThan': { ordered_on: { filterType: 'date', type: 'lessThan', dateFrom: '2024-02-01' } },
  'date greaterThan': { ordered_on: { filterType: 'date', type: 'greaterThan', dateFrom: '2024-11-30' } },
  'date inRange': { ordered_on: { filterType: 'date', type: 'inRange', dateFrom: '2024-06-30', dateTo: '2024-06-01' } },
  'date blank': { ordered_on: { filterType: 'date', type: 'blank' } },
  'date notBlank': { ordered_on: { filterType: 'date', type: 'notBlank' } },
  'date OR': { ordered_on: { filterType: 'date', operator: 'OR', conditions: [{ filterType: 'date', type: 'lessThan', dateFrom: '2024-01-10' }, { filterType: 'date', type: 'greaterThan', dateFrom: '2024-12-20' }] } },
  'values exact': { city: { filterType: 'values', values: ['Kyiv', 'Харків', 'nowhere'] } },
  'values trimmed': { name: { filterType: 'values', values: ['padded', ' apple '] } },
  'values none ticked': { city: { filterType: 'values', values: [] } },
  'values empty': { city: { filterType: 'values', mode: 'empty' } },
  'values non_empty': { city: { filterType: 'values', mode: 'non_empty' } },
  'values of numbers': { qty: { filterType: 'values', values: ['3', '5', '05', 'x'] } },
  'values of numbers by value (decimal texts, not grouped or hexadecimal ones)': { qty: { filterType: 'values', values: ['+7', '3.0', '1e1', ' 12 ', '1,000', '0x10', 'Infinity'] } },
  'values of fractional and negative numbers by value': { amount: { filterType: 'values', values: [`${NEGATIVE_AMOUNT}0`, '-0.00'] } },
  'values any_token': { city: { filterType: 'values', values: ['Lviv'], match: 'any_token' } },
  'several columns': {
    city: { filterType: 'values', values: ['Kyiv', 'Lviv', 'Odesa'] },
    amount: { filterType: 'number', type: 'greaterThan', filter: 100 },
    name: { filterType: 'text', type: 'notContains', filter: 'trade' },
    ordered_on: { filterType: 'date', type: 'inRange', dateFrom: '2024-02-01', dateTo: '2024-10-01' },
  },
};

/** The columns of each filter type that every registered operator is tried on. */
const KEYS_BY_TYPE: Record<OperatorFilterType, readonly string[]> = { text: ['name', 'city'], number: ['amount', 'qty', 'rate'], date: ['ordered_on'], values: ['name', 'city', 'qty', 'amount'] };

/**
 * The operands every registered operator of a filter type is tried with (an operator with one
 * operand takes the first of each pair): words, cases, padding, LIKE wildcards, a lone `-`, and
 * whitespace-only texts; whole, fractional, negative and reversed bounds; days, a day with a time,
 * a day no calendar has; checklists of texts, padded texts, numbers written several ways, none.
 */
const PROBES = {
  text: ['caf noir', 'APPLE', ' padded ', '-', 'under_', '%', ' ', '\u00a0'],
  number: [
    [7, 19],
    [-100.5, 0],
    [1500.25, 500],
    [0.5, 0.1],
  ],
  date: [
    ['2024-03-05', '2024-06-01'],
    ['2024-03-05 00:00:00', '2024-01-10'],
    ['2024-02-30', '2024-11-30'],
  ],
  values: [['Kyiv', 'Харків', 'nowhere', 'Lviv'], [' apple ', 'padded', '-'], ['3', '05', '+7', `${NEGATIVE_AMOUNT}0`, '1,000'], []],
} as const;

/**
 * The registry probes read the first rows only (an `id` filter beside each probe, which both sides
 * apply): every name, city and edge value of the table is among them many times over, and reading
 * the whole table block by block for each of some two thousand probes cost minutes. The whole
 * table stays for the paging, sorting and counting tests.
 */
const PROBE_ROWS = 1_500;
const PROBE_IDS: GridFilterModel = { id: { filterType: 'number', type: 'lessThanOrEqual', filter: PROBE_ROWS } };

/**
 * The keyset paging test pages a table of the first 999 rows in blocks of 20: 50 blocks, 49 block
 * boundaries. Every block statement sorts the whole table (text by its sort key, computed per row), so
 * the work grows with blocks × rows: 100 blocks of 100 over all 10,000 rows took about 15 s of
 * CPU per run of this file (the test process and PostgreSQL together), this takes about a
 * twentieth of the work. What the test proves is in the boundaries, not in the number of rows:
 * these rows (9 cities, two of them empty; 22 names, one of them empty, and NULLs; 20 quantities) hold every kind of
 * boundary the paging treats differently, each several times (empty city 11, empty name 4, same
 * city 7, same city and name 21, same sort values 6; the test asserts each), as the 99 boundaries
 * of the whole table did. Fewer than 1,000 rows, so the order to compare with is one block of the
 * default size.
 */
const PAGED_ROWS = 999;
const PAGE_BLOCK = 20;

/**
 * Per registered operator, one model for each probe on each column of its filter type (once when it
 * takes no operand; text operators also in an OR with `blank`, where `contains` reads words): a
 * new operator is tried on both sides without a test of its own.
 */
function registryCases(): { name: string; models: GridFilterModel[] }[] {
  const cases: { name: string; models: GridFilterModel[] }[] = [];
  for (const type of ['text', 'number', 'date'] as const) {
    for (const [op, entry] of Object.entries(FILTER_OPERATORS[type])) {
      const probes: readonly (readonly unknown[])[] = entry.operands === 0 ? [[]] : PROBES[type].map((probe) => (Array.isArray(probe) ? probe : [probe]));
      const models: GridFilterModel[] = [];
      for (const key of KEYS_BY_TYPE[type]) {
        for (const [first, second] of probes) {
          const condition: Record<string, unknown> = { filterType: type, type: op };
          if (entry.operands > 0) condition[type === 'date' ? 'dateFrom' : 'filter'] = first;
          if (entry.operands > 1) condition[type === 'date' ? 'dateTo' : 'filterTo'] = second;
          models.push({ ...PROBE_IDS, [key]: condition as never });
          if (type === 'text') models.push({ ...PROBE_IDS, [key]: { filterType: type, operator: 'OR', conditions: [condition, { filterType: type, type: 'blank' }] } as never });
        }
      }
      cases.push({ name: `${type} ${op}`, models });
    }
  }
  for (const [op, entry] of Object.entries(FILTER_OPERATORS.values)) {
    const models: GridFilterModel[] = [];
    for (const key of KEYS_BY_TYPE.values) {
      if (entry.operands === 0) models.push({ ...PROBE_IDS, [key]: { filterType: 'values', mode: op } as never });
      else for (const values of PROBES.values) models.push({ ...PROBE_IDS, [key]: { filterType: 'values', values: [...values], match: op } as never });
    }
    cases.push({ name: `values ${op}`, models });
  }
  return cases;
}

const QUICK = [
  'київ',
  'CAFE',
  'ёлка',
  'lodz',
  'ŁÓDŹ',
  'oresund',
  'dakovo',
  'diyarbakir',
  'kyiv -trade',
  'kyiv/lviv +noir',
  '"o\'brien"',
  '>1500',
  '>10+<20',
  'qty:>15',
  'amount:<0 city:харків',
  'rate:>=50',
  '10..12',
  '-харків',
  'city:"kyiv"',
  '% pure',
  'under_score',
];

const backends = fixtureBackends(pgState, ROWS);

for (const backend of backends) for (const variant of COLUMN_VARIANTS) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  const COLUMNS = categorical(SQL_COLUMNS, variant.categorical);
  describe.skipIf(skip)(`SQL row source on ${backend.name}${variant.name}`, () => {
    let opened: FixtureDatabase;
    let source: SqlRowSource;
    beforeAll(async () => {
      opened = await backend.open();
      source = createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, searchable: SEARCHABLE, tieBreaker: 'id', maxBlock: 1000, locale: 'en' });
    });
    afterAll(async () => {
      await opened?.close();
    });

    for (const [name, filterModel] of Object.entries(FILTERS)) {
      it(`keeps the rows the local source keeps: ${name}`, async () => {
        const expected = localIds(filterModel);
        const { ids, lastRows } = await sqlIds(source, { sortModel: [], filterModel, quickFilter: '' });
        expect(ids).toEqual(expected);
        expect(lastRows.at(-1)).toBe(expected.length);
      });
    }

    it('probes the operators over rows that hold every name, city and quantity of the table, and the negative amount', () => {
      const probed = ROWS.slice(0, PROBE_ROWS);
      for (const key of ['name', 'city', 'qty'] as const) expect(new Set(probed.map((row) => row[key]))).toEqual(new Set(ROWS.map((row) => row[key])));
      expect(probed.some((row) => String(row.amount) === NEGATIVE_AMOUNT)).toBe(true);
    });

    for (const { name, models } of registryCases()) {
      it(`keeps the rows the local source keeps for every probe of the registered operator ${name}`, async () => {
        for (const filterModel of models) {
          const { ids } = await sqlIds(source, { sortModel: [], filterModel, quickFilter: '' });
          expect(ids, JSON.stringify(filterModel)).toEqual(localIds(filterModel));
        }
      });
    }

    for (const quickFilter of QUICK) {
      it(`keeps the rows the local source keeps for the quick search ${JSON.stringify(quickFilter)}`, async () => {
        const expected = localIds(null, quickFilter);
        expect(expected.length).toBeGreaterThan(0);
        const { ids } = await sqlIds(source, { sortModel: [], filterModel: null, quickFilter });
        expect(ids).toEqual(expected);
      });
    }

    it('combines column filters with the quick search as the local source does', async () => {
      const filterModel = FILTERS['several columns'] as GridFilterModel;
      const expected = localIds(filterModel, 'kyiv/odesa');
      const { ids } = await sqlIds(source, { sortModel: [], filterModel, quickFilter: 'kyiv/odesa' });
      expect(ids).toEqual(expected);
    });

    it('orders number columns as the local source does, empty cells last in both directions', async () => {
      for (const sortModel of [
        [{ colId: 'amount', sort: 'desc' }],
        [{ colId: 'qty', sort: 'asc' }, { colId: 'rate', sort: 'desc' }],
        [{ colId: 'rate', sort: 'asc' }, { colId: 'qty', sort: 'desc' }, { colId: 'amount', sort: 'asc' }],
      ] as RowSourceSortItem[][]) {
        const expected = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel, filterModel: null, quickFilter: '' }).rows.map((r) => r.id);
        const { ids } = await sqlIds(source, { sortModel, filterModel: null, quickFilter: '' });
        expect(ids).toEqual(expected);
      }
    });

    it('pages rows sorted by several columns in small blocks with no row repeated or skipped, across ties and empty cells at the block boundaries', async () => {
      // Its own table of the first PAGED_ROWS rows (see there): every block sorts the whole table.
      await sql`DROP TABLE IF EXISTS paged_orders`.execute(opened.db);
      await sql`CREATE TABLE paged_orders AS SELECT * FROM orders WHERE id <= ${sql.lit(PAGED_ROWS)}`.execute(opened.db);
      const paged = createSqlRowSource({ db: opened.db, table: 'paged_orders', columns: COLUMNS, searchable: SEARCHABLE, tieBreaker: 'id', maxBlock: PAGE_BLOCK });
      const sortModel: RowSourceSortItem[] = [
        { colId: 'city', sort: 'asc' },
        { colId: 'name', sort: 'desc' },
        { colId: 'qty', sort: 'asc' },
      ];
      const { ids, lastRows } = await sqlIds(paged, { sortModel, filterModel: null, quickFilter: '' }, PAGE_BLOCK);
      expect(ids).toHaveLength(PAGED_ROWS);
      expect(new Set(ids).size).toBe(PAGED_ROWS);
      // Every block but the last says how many rows there are; the last says it exactly.
      expect(new Set(lastRows)).toEqual(new Set([PAGED_ROWS]));
      // The same query in one block (a source of the default maxBlock, 1,000, over fewer rows than
      // that: one statement at OFFSET 0, no remembered row) gives the same order: the order is
      // total, not an accident of paging.
      const whole = await sqlIds(createSqlRowSource({ db: opened.db, table: 'paged_orders', columns: COLUMNS, searchable: SEARCHABLE, tieBreaker: 'id' }), { sortModel, filterModel: null, quickFilter: '' });
      expect(whole.lastRows).toEqual([PAGED_ROWS]);
      expect(ids).toEqual(whole.ids);
      // Rows with equal sort values follow the tie-breaker.
      const byId = new Map(ROWS.map((row) => [row.id, row]));
      for (let i = 1; i < ids.length; i++) {
        const a = byId.get(ids[i - 1] as number)!;
        const b = byId.get(ids[i] as number)!;
        if (a.city === b.city && a.name === b.name && a.qty === b.qty) expect(a.id).toBeLessThan(b.id);
      }
      // The paging met every kind of block boundary the keyset paging treats differently (see
      // PAGED_ROWS), each more than once: a last row with an empty city or name is not remembered
      // (the next block reads from an earlier row with an OFFSET, past several blocks once the
      // empty cities are reached); otherwise the next block's first row is found by the level that
      // tells it from the last row: the name (same city), the quantity (same city and name), or the
      // tie-breaker (same sort values).
      const empty = (text: string | null): boolean => text === null || text.trim() === '';
      const kinds: Record<string, number> = {};
      for (let end = PAGE_BLOCK; end < ids.length; end += PAGE_BLOCK) {
        const last = byId.get(ids[end - 1] as number)!;
        const next = byId.get(ids[end] as number)!;
        let kind = 'same sort values';
        if (empty(last.city)) kind = 'empty city';
        else if (empty(last.name)) kind = 'empty name';
        else if (last.city !== next.city) kind = 'next city';
        else if (last.name !== next.name) kind = 'same city';
        else if (last.qty !== next.qty) kind = 'same city and name';
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
      for (const kind of ['empty city', 'empty name', 'same city', 'same city and name', 'same sort values']) {
        expect(kinds[kind] ?? 0, `${kind} in ${JSON.stringify(kinds)}`).toBeGreaterThanOrEqual(2);
      }
      await sql`DROP TABLE paged_orders`.execute(opened.db);
    });

    it('orders text as the local source does (the browser\'s collator for the locale), empty cells last in both directions', async () => {
      const empty = (text: string | null): boolean => text === null || text.trim() === '';
      for (const sortModel of [
        [{ colId: 'name', sort: 'asc' }],
        [{ colId: 'name', sort: 'desc' }],
        [{ colId: 'city', sort: 'desc' }, { colId: 'name', sort: 'asc' }],
      ] as RowSourceSortItem[][]) {
        // The very order (rows the collator calls equal in tie-breaker order, as the local source
        // keeps rows in id order), except that a level's empty cells, which come last after equal
        // values of the levels before, are in an order of each database's own: each such run is
        // compared as a set.
        const shape = (ids: readonly number[]): (number | number[])[] => {
          const out: (number | number[])[] = [];
          let run: number[] = [];
          let runKey = '';
          for (const id of ids) {
            const row = ROWS[id - 1]!;
            const at = sortModel.findIndex((item) => empty(row[item.colId as 'name' | 'city']));
            const key = at === -1 ? '' : JSON.stringify([at, ...sortModel.slice(0, at).map((item) => row[item.colId as 'name' | 'city'])]);
            if (key !== runKey && run.length > 0) out.push(run.sort((a, b) => a - b));
            if (key !== runKey) run = [];
            runKey = key;
            if (at === -1) out.push(id);
            else run.push(id);
          }
          if (run.length > 0) out.push(run.sort((a, b) => a - b));
          return out;
        };
        const expected = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel, filterModel: null, quickFilter: '' }).rows.map((r) => r.id);
        const { ids } = await sqlIds(source, { sortModel, filterModel: null, quickFilter: '' });
        expect(shape(ids), JSON.stringify(sortModel)).toEqual(shape(expected));
      }
      // "apple" and "Apple" sit together, "Łódź …" among the l's (as an l with a mark: before
      // "lodz k…"), Cyrillic after Latin under en.
      const { ids } = await sqlIds(source, { sortModel: [{ colId: 'name', sort: 'asc' }], filterModel: null, quickFilter: '' });
      const names = [...new Set(ids.map((id) => ROWS[id - 1]!.name).filter((n) => !empty(n)))];
      expect(names.indexOf('Apple') - names.indexOf('apple')).toBe(1);
      expect(names.indexOf('Łódź Fabryczna')).toBeLessThan(names.indexOf('lodz kaliska'));
      expect(names.indexOf('lodz kaliska')).toBeLessThan(names.indexOf('Львівська Кава'));
      expect(names.indexOf('Zeta  Two')).toBeLessThan(names.indexOf('Ёлка'));
    });

    it('answers only the requested columns, numbers as numbers', async () => {
      const { rows, lastRow } = await source.getRows({ startRow: 0, endRow: 2, sortModel: [], filterModel: null, quickFilter: '', columns: ['amount', 'name'] });
      expect(rows).toEqual([
        { amount: ROWS[0]!.amount, name: ROWS[0]!.name },
        { amount: ROWS[1]!.amount, name: ROWS[1]!.name },
      ]);
      expect(lastRow).toBe(ROWS.length);
    });

    it('cuts a block to maxBlock and gives the count of the filtered set until the last block', async () => {
      const small = createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, tieBreaker: 'id', maxBlock: 50 });
      const filterModel: GridFilterModel = { qty: { filterType: 'number', type: 'lessThan', filter: 5 } };
      const expected = localIds(filterModel);
      const first = await small.getRows({ startRow: 0, endRow: 5_000, sortModel: [], filterModel, quickFilter: '' });
      expect(first.rows).toHaveLength(50);
      expect(first.lastRow).toBe(expected.length);
      const tail = await small.getRows({ startRow: expected.length - 10, endRow: expected.length + 40, sortModel: [], filterModel, quickFilter: '' });
      expect(tail.rows.map((r) => r.id)).toEqual(expected.slice(-10));
      expect(tail.lastRow).toBe(expected.length);
    });

    it('clamps every block to 1,000 rows: a larger request is cut, a larger maxBlock refused at creation', async () => {
      const whole = await source.getRows({ startRow: 0, endRow: 5_000, sortModel: [], filterModel: null, quickFilter: '' });
      expect(whole.rows).toHaveLength(1000);
      expect(whole.rows.map((r) => r.id)).toEqual(ROWS.slice(0, 1000).map((r) => r.id));
      expect(whole.lastRow).toBe(ROWS.length);
      expect(source.maxBlock).toBe(1000);
      expect(createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, tieBreaker: 'id' }).maxBlock).toBe(1000);
      for (const maxBlock of [1001, 10_000, 0, 1.5, Number.NaN]) {
        expect(() => createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, tieBreaker: 'id', maxBlock })).toThrow(/maxBlock must be a whole number from 1 to 1000/);
      }
    });

    it('answers the filtered count as lastRow for a block wholly past the end', async () => {
      const filterModel: GridFilterModel = { qty: { filterType: 'number', type: 'lessThan', filter: 5 } };
      const expected = localIds(filterModel);
      const past = await source.getRows({ startRow: expected.length + 500, endRow: expected.length + 600, sortModel: [], filterModel, quickFilter: '' });
      expect(past).toEqual({ rows: [], lastRow: expected.length });
    });

    it('compares number filters and number terms with fractional, huge, tiny and negative values on integer and real columns as the local source does', async () => {
      const values = [2.5, -2.5, 0, -0, 1e-300, 5e-324, 1e308, -1e308, 3e9, -3e9, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 19.999999999999996];
      for (const value of values) {
        for (const key of ['qty', 'amount', 'rate']) {
          for (const type of ['equals', 'notEqual', 'lessThan', 'greaterThanOrEqual'] as const) {
            // Over the probe rows, as the operator probes: the edge values are the operands here.
            const filterModel = { ...PROBE_IDS, [key]: { filterType: 'number', type, filter: value } } as GridFilterModel;
            const { ids } = await sqlIds(source, { sortModel: [], filterModel, quickFilter: '' });
            expect(ids, `${key} ${type} ${value}`).toEqual(localIds(filterModel));
          }
          const range = { ...PROBE_IDS, [key]: { filterType: 'number', type: 'inRange', filter: value, filterTo: 7.5 } } as GridFilterModel;
          expect((await sqlIds(source, { sortModel: [], filterModel: range, quickFilter: '' })).ids, `${key} inRange ${value}`).toEqual(localIds(range));
        }
      }
      // The values checklist of an integer column with a fraction, and search terms with fractions and huge numbers.
      const checklist: GridFilterModel = { qty: { filterType: 'values', values: ['2.5', '3', '1e+21'] } };
      expect((await sqlIds(source, { sortModel: [], filterModel: checklist, quickFilter: '' })).ids).toEqual(localIds(checklist));
      for (const quickFilter of ['qty:>2.5', 'qty:<3000000000', 'qty:>1e400', 'amount:>-1e308', 'qty:2.5..7.5', 'rate:>29.5']) {
        expect((await sqlIds(source, { sortModel: [], filterModel: null, quickFilter })).ids, quickFilter).toEqual(localIds(null, quickFilter));
      }
    }, 180_000);

    it('lists the distinct values of a column under the other filters, most frequent first', async () => {
      const filterModel: GridFilterModel = {
        city: { filterType: 'values', values: ['Kyiv'] },
        qty: { filterType: 'number', type: 'greaterThan', filter: 10 },
      };
      const request = { colId: 'city', filterModel, quickFilter: 'trade' };
      const expected = local.valuesNow(request);
      const answer = await source.getValues(request);
      expect(answer.empty).toBe(expected.empty);
      expect(answer.truncated).toBe(false);
      // Equal counts may be listed in another order (the database's text order, not the locale's).
      expect(new Map(answer.values.map((v) => [v.value, v.count]))).toEqual(new Map(expected.values.map((v) => [v.value, v.count])));
      const counts = answer.values.map((v) => v.count);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    });

    it('searches and limits the values, numbers as their own text', async () => {
      const searched = await source.getValues({ colId: 'name', filterModel: null, quickFilter: '', search: 'CAFE' });
      expect(new Set(searched.values.map((v) => v.value))).toEqual(new Set(['Café Noir', 'cafe noir']));
      const limited = await source.getValues({ colId: 'qty', filterModel: null, quickFilter: '', limit: 3 });
      expect(limited.values).toHaveLength(3);
      expect(limited.truncated).toBe(true);
      const expected = local.valuesNow({ colId: 'qty', filterModel: null, quickFilter: '', limit: 20 });
      const all = await source.getValues({ colId: 'qty', filterModel: null, quickFilter: '', limit: 20 });
      expect(new Map(all.values.map((v) => [v.value, v.count]))).toEqual(new Map(expected.values.map((v) => [v.value, v.count])));
      const amounts = await source.getValues({ colId: 'amount', filterModel: null, quickFilter: '', limit: 10_000 });
      const expectedAmounts = local.valuesNow({ colId: 'amount', filterModel: null, quickFilter: '', limit: 10_000 });
      expect(new Map(amounts.values.map((v) => [v.value, v.count]))).toEqual(new Map(expectedAmounts.values.map((v) => [v.value, v.count])));
      expect(amounts.empty).toBe(expectedAmounts.empty);
    });

    it('aggregates KPIs over the whole filtered set to what the core computes from the same rows', async () => {
      const kpis: KpiSpecWire[] = [
        { label: 'Orders', aggregate: 'count' },
        { label: 'Named', aggregate: 'count', column_key: 'name' },
        { label: 'Cities', aggregate: 'count_distinct', column_key: 'city' },
        { label: 'Quantities', aggregate: 'count_distinct', column_key: 'qty' },
        { label: 'Revenue', aggregate: 'sum', column_key: 'amount', format: 'currency' },
        { label: 'Average', aggregate: 'avg', column_key: 'amount', format: 'currency' },
        { label: 'Smallest', aggregate: 'min', column_key: 'amount' },
        { label: 'Largest', aggregate: 'max', column_key: 'amount' },
        { label: 'Median amount', aggregate: 'median', column_key: 'amount' },
        { label: 'Median qty', aggregate: 'median', column_key: 'qty' },
        { label: 'Rate', aggregate: 'avg', column_key: 'rate', format: 'percent' },
      ];
      for (const [filterModel, quickFilter] of [
        [null, ''],
        [FILTERS['several columns'], ''],
        [{ qty: { filterType: 'number', type: 'equals', filter: 4 } }, 'kyiv'],
        [{ qty: { filterType: 'number', type: 'equals', filter: 3 } }, ''],
        [{ city: { filterType: 'values', values: [] } }, ''],
      ] as [GridFilterModel | null, string][]) {
        const rows = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter }).rows;
        const expected = resolveKpis(kpis, rows, { locale: 'uk', currency: 'UAH' });
        const { kpis: actual } = await source.aggregate({ filterModel, quickFilter }, { kpis, locale: 'uk', currency: 'UAH' });
        expect(actual.map((k) => k.display)).toEqual(expected.map((k) => k.display));
        expect(actual.map((k) => k.sampleSize)).toEqual(expected.map((k) => k.sampleSize));
        actual.forEach((kpi, i) => {
          const want = expected[i]!.value;
          if (want === null) expect(kpi.value).toBeNull();
          else expect(kpi.value).toBeCloseTo(want, 6);
        });
      }
    });

    it('builds grid_filtered chart runtimes like the core does from the filtered rows', async () => {
      const charts: ChartSpecWire[] = [
        { id: 'by-city', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount' }, { key: 'qty' }] },
        { id: 'avg-by-qty', chart_type: 'line', x_key: 'qty', series: [{ key: 'amount' }], aggregate: 'avg' },
        { id: 'rows-by-city', chart_type: 'pie', x_key: 'city' },
        { id: 'median-by-name', chart_type: 'bar', x_key: 'name', series: [{ key: 'amount' }, { key: 'rate' }], aggregate: 'median' },
        { id: 'distinct', chart_type: 'bar', x_key: 'city', series: [{ key: 'name' }], aggregate: 'count_distinct' },
        { id: 'max', chart_type: 'horizontal_bar', x_key: 'ordered_on', series: [{ key: 'qty' }], aggregate: 'max' },
      ] as ChartSpecWire[];
      const columns = LOCAL_COLUMNS.map((c) => ({ key: c.key, label: c.label ?? c.key, format: c.format }));
      const filterModel: GridFilterModel = { amount: { filterType: 'number', type: 'greaterThan', filter: -150 } };
      const rows = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter: '' }).rows;
      const { charts: actual } = await source.aggregate({ filterModel, quickFilter: '' }, { charts, columns });
      const expected = charts.map((chart) => buildChartRuntime(chart, rows, { columns }));
      expect(actual.map((c) => ({ ...c, values: [] }))).toEqual(expected.map((c) => ({ ...c, values: [] })));
      actual.forEach((chart, c) => {
        chart.values.forEach((series, s) => {
          series.forEach((value, i) => {
            const want = expected[c]!.values[s]![i]!;
            if (want === null) expect(value).toBeNull();
            else expect(value).toBeCloseTo(want, 6);
          });
        });
      });
    });

    it('refuses an aggregate the database cannot compute as the core does, at configuration time', () => {
      expect(() => source.checkAggregate({ kpis: [{ label: 'x', aggregate: 'sum', column_key: 'name' }] })).toThrow(TypeError);
      expect(() => source.checkAggregate({ kpis: [{ label: 'x', aggregate: 'count', column_key: 'secret' }] })).toThrow(TypeError);
    });

    it.each([
      ['an unknown field', { startRow: 0, endRow: 10, sortModel: [], filterModel: null, quickFilter: '', sql: 'x' }],
      ['a negative startRow', { startRow: -1, endRow: 10 }],
      ['endRow not above startRow', { startRow: 10, endRow: 10 }],
      ['a fractional block', { startRow: 0.5, endRow: 10 }],
      ['a filter on an unknown column', { startRow: 0, endRow: 10, filterModel: { 'name; DROP TABLE orders': { filterType: 'text', type: 'contains', filter: 'x' } } }],
      ['a sort on an unknown column', { startRow: 0, endRow: 10, sortModel: [{ colId: 'id" --', sort: 'asc' }] }],
      ['an unknown sort direction', { startRow: 0, endRow: 10, sortModel: [{ colId: 'id', sort: 'sideways' }] }],
      ['an unknown filter type', { startRow: 0, endRow: 10, filterModel: { name: { filterType: 'sql', type: 'contains', filter: 'x' } } }],
      ['a number filter on a text column', { startRow: 0, endRow: 10, filterModel: { name: { filterType: 'number', type: 'equals', filter: 1 } } }],
      ['a date filter on a number column', { startRow: 0, endRow: 10, filterModel: { qty: { filterType: 'date', type: 'equals', dateFrom: '2024-01-01' } } }],
      ['a text over the limit', { startRow: 0, endRow: 10, quickFilter: 'x'.repeat(100_000) }],
      ['U+0000 in the quick search', { startRow: 0, endRow: 10, quickFilter: 'a\u0000b' }],
      ['a lone surrogate in a filter', { startRow: 0, endRow: 10, filterModel: { name: { filterType: 'text', type: 'contains', filter: 'a\ud800' } } }],
      ['an unknown requested column', { startRow: 0, endRow: 10, columns: ['id', 'password'] }],
    ])('refuses %s with a coded 400', async (_name, request) => {
      const error = await source.getRows(request as RowSourceRequest).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).code).toBe('invalid_rows_request');
    });
  });
}
