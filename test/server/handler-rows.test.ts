/**
 * The rows routes of the handler (`/grid/rows/`, `/grid/values/`, `/grid/aggregate/`,
 * `/grid/rows/export/`) over SQLite and a real PostgreSQL: answers, errors, guards, and an injection
 * corpus in every field, column name, sort key and filter type. A text any database can hold (no
 * U+0000, no lone surrogate, within the length limit) must answer 200 with exactly what the core's
 * local row source answers over the same rows (a literal match: the table holds rows whose names
 * are the corpus texts); any other must answer a coded 400 (or 404 for an unknown grid). Never a
 * 5xx, and the whole table (every column of every row) and the list of tables never change.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_OPERATORS } from '../../src/core/data-grid/filter-operators';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSourceSortItem } from '../../src/core/data-grid/types';
import { resolveKpis } from '../../src/core/kpi';
import type { KpiSpecWire } from '../../src/core/types';
import { createGridViewHandler, type GridViewHandler } from '../../src/server/handler';
import { createSqlRowSource } from '../../src/server/rows/sql-row-source';
import { expectError, jsonOf, postJson, postRaw, get, ORIGIN } from './helpers';
import { ensurePostgres, SKIP_PG } from './pg-setup';
import { parseCsv } from './sql-rows-csv';
import { categorical, COLUMN_VARIANTS, LOCAL_COLUMNS, makeRows, SQL_COLUMNS, type OrderRow, fixtureBackends, type FixtureDatabase } from './sql-rows-fixture';

const pgState = await ensurePostgres();

/** Strings that break naive SQL, LIKE patterns, regular expressions, JSON, URLs or databases. */
const CORPUS: string[] = [
  "'",
  "''",
  '"',
  "' OR '1'='1",
  "x'; DROP TABLE orders; --",
  '"; DELETE FROM orders; --',
  "'; UPDATE orders SET name = 'pwned'; --",
  '/* comment */',
  '*/ OR /*',
  '-- comment',
  '%',
  '%%',
  '_',
  '%_%',
  '\\',
  '\\%',
  '\\_',
  "\\'",
  '[a-z]*',
  '.*',
  '^$|',
  ') OR (1=1',
  '$1',
  '?',
  ':name',
  'Київ',
  'КИЇВ',
  'café',
  'cafe\u0301',
  'и\u0306',
  '🙂',
  'a🙂b',
  '\u200b',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00',
  'x'.repeat(100_000),
  `${'ä'.repeat(999)}'`,
];

/** A text any database stores and the request limits allow (at most 1,000 characters). */
function acceptable(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- U+0000 is what the test looks for.
  return text.length <= 1000 && !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/**
 * Rows whose names and cities are corpus texts, so a literal match finds something: a text cell of
 * the fixture holds no digits (a number term would read digits in text cells in the browser only).
 */
function literalRows(first: number): OrderRow[] {
  const texts = CORPUS.filter((text) => acceptable(text) && !/\d/.test(text) && text.length < 100);
  return texts.map((text, i) => ({ id: first + i, name: text, city: texts[(i + 7) % texts.length] ?? null, amount: i * 10.5, qty: i % 20, rate: 0.5, ordered_on: '2024-05-05' }));
}

const BASE = makeRows(600, 7);
const ROWS = [...BASE, ...literalRows(BASE.length + 1)];
// Only text columns are searched: a text term on a number column reads the number as the browser
// shows it ("29%") there and as the database writes it ("0.29") in SQL, a documented difference.
const TEXT_SEARCH = ['name', 'city'];
const LOCAL = LOCAL_COLUMNS.map((c) => ({ ...c, searchable: TEXT_SEARCH.includes(c.key) }));
const local = createLocalRowSource(ROWS, LOCAL, { locale: 'en' });
const KPIS: KpiSpecWire[] = [
  { label: 'Orders', aggregate: 'count' },
  { label: 'Revenue', aggregate: 'sum', column_key: 'amount', format: 'currency' },
  { label: 'Median', aggregate: 'median', column_key: 'amount' },
  { label: 'Names', aggregate: 'count_distinct', column_key: 'name' },
];

function localIds(filterModel: GridFilterModel | null, quickFilter: string, sortModel: RowSourceSortItem[] = []): number[] {
  return local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel, filterModel, quickFilter }).rows.map((r) => r.id);
}

const backends = fixtureBackends(pgState, ROWS);

for (const backend of backends) for (const variant of COLUMN_VARIANTS) {
  const skip = backend.name === 'postgres' && !pgState.available && SKIP_PG;
  const COLUMNS = categorical(SQL_COLUMNS, variant.categorical);
  describe.skipIf(skip)(`rows routes on ${backend.name}${variant.name}`, () => {
    let opened: FixtureDatabase;
    let handler: GridViewHandler;
    const rows = (body: unknown) => handler(postJson('/grid/rows/', body));

    /**
     * A digest of every column of every row, and the tables of the schema: an injection that wrote
     * anything (an UPDATE of one text cell included) or created or dropped a table changes it.
     */
    const fingerprint = async () => {
      const all = await sql<Record<string, unknown>>`SELECT id, name, city, amount, qty, rate, ordered_on FROM orders ORDER BY id`.execute(opened.db);
      const tables =
        backend.name === 'postgres'
          ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`.execute(opened.db)
          : await sql<{ name: string }>`SELECT name FROM sqlite_master ORDER BY name`.execute(opened.db);
      const rowsText = JSON.stringify(all.rows.map((r) => [r.id, r.name, r.city, r.amount === null ? null : Number(r.amount), r.qty, r.rate === null ? null : Number(r.rate), r.ordered_on]));
      return { rows: all.rows.length, digest: createHash('sha256').update(rowsText).digest('hex'), tables: tables.rows.map((t) => t.name) };
    };
    let original: Awaited<ReturnType<typeof fingerprint>>;
    /** Every status a corpus request answered. */
    const statuses = new Set<number>();

    beforeAll(async () => {
      opened = await backend.open();
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, searchable: TEXT_SEARCH, tieBreaker: 'id', maxBlock: 1000 });
      handler = createGridViewHandler({
        rowSources: { orders: { source, kpis: KPIS, locale: 'en' } },
        maxBodyBytes: 1_000_000,
        rowsThrottle: false,
        throttle: false,
        onError: () => undefined,
      });
      original = await fingerprint();
      expect(original.rows).toBe(ROWS.length);
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('answers a block with rows and lastRow', async () => {
      const { status, body } = await jsonOf(await rows({ grid_id: 'orders', startRow: 0, endRow: 5, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: null, quickFilter: 'kyiv', columns: ['id', 'amount'] }));
      expect(status).toBe(200);
      const expected = local.rowsNow({ startRow: 0, endRow: 5, sortModel: [{ colId: 'amount', sort: 'desc' }], filterModel: null, quickFilter: 'kyiv' });
      expect(body).toEqual({ status: 'ok', rows: expected.rows.map((r) => ({ id: r.id, amount: r.amount })), lastRow: expected.lastRow });
    });

    it('answers the values checklist and the aggregates', async () => {
      const values = await jsonOf(await handler(postJson('/grid/values/', { grid_id: 'orders', colId: 'city', filterModel: null, quickFilter: '' })));
      expect(values.status).toBe(200);
      expect(values.body.empty).toBe(local.valuesNow({ colId: 'city', filterModel: null, quickFilter: '' }).empty);
      const filterModel: GridFilterModel = { qty: { filterType: 'number', type: 'lessThan', filter: 10 } };
      const aggregate = await jsonOf(await handler(postJson('/grid/aggregate/', { grid_id: 'orders', filterModel, quickFilter: '' })));
      expect(aggregate.status).toBe(200);
      const expected = resolveKpis(KPIS, local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter: '' }).rows, { locale: 'en' });
      expect((aggregate.body.kpis as { display: string }[]).map((k) => k.display)).toEqual(expected.map((k) => k.display));
      expect(aggregate.body.charts).toEqual([]);
    });

    it('answers coded errors: unknown grid 404, wrong method 405, wrong content type 415, bad JSON and bad requests 400', async () => {
      await expectError(await rows({ grid_id: 'nope', startRow: 0, endRow: 5 }), 404, /grid/, 'unknown_grid');
      await expectError(await rows({ grid_id: '__proto__', startRow: 0, endRow: 5 }), 404, undefined, 'unknown_grid');
      await expectError(await rows({ startRow: 0, endRow: 5 }), 400, /grid_id/, 'invalid_rows_request');
      await expectError(await handler(get('/grid/rows/')), 405, undefined, 'method_not_allowed');
      await expectError(await handler(postRaw('/grid/rows/', '{}', { 'Content-Type': 'text/plain', Origin: ORIGIN })), 415);
      await expectError(await handler(postRaw('/grid/rows/', '{"grid_id":', { 'Content-Type': 'application/json' })), 400, undefined, 'invalid_body');
      await expectError(await rows({ grid_id: 'orders', startRow: 0, endRow: 5, sortModel: [{ colId: 'nope', sort: 'asc' }] }), 400, /unknown column/, 'invalid_rows_request');
      await expectError(await handler(postJson('/grid/values/', { grid_id: 'orders', colId: 'nope' })), 400, undefined, 'invalid_rows_request');
      await expectError(await handler(postJson('/grid/aggregate/', { grid_id: 'orders', filterModel: { amount: { filterType: 'text', type: 'bogus', filter: 'x' } } })), 400, undefined, 'invalid_rows_request');
    });

    it('answers 404 on every rows route while no row source is registered', async () => {
      const bare = createGridViewHandler();
      for (const path of ['/grid/rows/', '/grid/values/', '/grid/aggregate/']) await expectError(await bare(postJson(path, { grid_id: 'orders' })), 404, undefined, 'not_found');
    });

    it('asks authorize with the route and grid, and throttles per caller and grid', async () => {
      const asked: unknown[] = [];
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, tieBreaker: 'id' });
      const guarded = createGridViewHandler({
        rowSources: { orders: source, other: source },
        authorize: ({ route, gridId }) => {
          asked.push([route, gridId]);
          return gridId === 'orders';
        },
        rowsThrottle: { limit: 2, windowMs: 60_000 },
      });
      await expectError(await guarded(postJson('/grid/rows/', { grid_id: 'other', startRow: 0, endRow: 1 })), 403, undefined, 'forbidden');
      expect((await guarded(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 1 })))?.status).toBe(200);
      expect((await guarded(postJson('/grid/values/', { grid_id: 'orders', colId: 'city' })))?.status).toBe(200);
      const limited = await expectError(await guarded(postJson('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 1 })), 429, undefined, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(asked).toEqual([
        ['rows', 'other'],
        ['rows', 'orders'],
        ['values', 'orders'],
        ['rows', 'orders'],
      ]);
    });

    it('refuses at creation an aggregate SQL cannot compute as the core does', () => {
      const source = createSqlRowSource({ db: opened.db, table: 'orders', columns: COLUMNS, tieBreaker: 'id' });
      expect(() => createGridViewHandler({ rowSources: { orders: { source, kpis: [{ label: 'x', aggregate: 'avg', column_key: 'city' }] } } })).toThrow(TypeError);
    });

    /** A rows route answer, asserted to be no 5xx. */
    const post = async (path: string, body: unknown): Promise<Response> => {
      const response = (await handler(postJson(path, body))) as Response;
      expect(response).toBeInstanceOf(Response);
      statuses.add(response.status);
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
      return response;
    };
    const block = { grid_id: 'orders', startRow: 0, endRow: 1000 };
    /**
     * A block request that must answer 200 with exactly the local source's rows when `ok`, else a
     * coded 400. Returns the ids answered (null when refused).
     */
    const literal = async (body: Record<string, unknown>, ok: boolean, filterModel: GridFilterModel | null, quickFilter: string): Promise<number[] | null> => {
      const response = await post('/grid/rows/', { ...block, ...body });
      const what = JSON.stringify(body).slice(0, 200);
      if (!ok) {
        expect(response.status, what).toBe(400);
        await expectError(response, 400, undefined, 'invalid_rows_request');
        return null;
      }
      expect(response.status, what).toBe(200);
      const answer = (await response.json()) as { rows: { id: number }[]; lastRow: number };
      const expected = localIds(filterModel, quickFilter);
      expect(answer.rows.map((r) => r.id), what).toEqual(expected);
      expect(answer.lastRow, what).toBe(expected.length);
      return expected;
    };
    /** A request that must be refused: a coded 400 (404 for an unknown grid). */
    const refused = async (path: string, body: Record<string, unknown>, status = 400, code = 'invalid_rows_request') => {
      const response = await post(path, body);
      expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(status);
      await expectError(response, status, undefined, code);
    };
    // Every registered text operator with a text operand (a new one is tried with the corpus too).
    const TEXT_TYPES = Object.entries(FILTER_OPERATORS.text)
      .filter(([, entry]) => entry.operands === 1)
      .map(([name]) => name);
    const literalNames = ROWS.slice(BASE.length).map((row) => row.name as string);

    it('matches every acceptable corpus text literally in the quick search and every text filter operation, and refuses the others with 400', async () => {
      for (const text of CORPUS) {
        const ok = acceptable(text);
        await literal({ quickFilter: text }, ok, null, text);
        for (const type of TEXT_TYPES) {
          for (const key of ['name', 'amount']) {
            const filterModel = { [key]: { filterType: 'text', type, filter: text } } as GridFilterModel;
            const ids = await literal({ filterModel }, ok, filterModel, '');
            // A row named by the text is found by its own name: the match is literal, not empty.
            if (key === 'name' && type === 'equals' && literalNames.includes(text)) expect(ids, text).toContain(BASE.length + 1 + literalNames.indexOf(text));
          }
        }
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('matches corpus texts literally inside combined conditions', async () => {
      for (const text of CORPUS) {
        const ok = acceptable(text);
        const models: GridFilterModel[] = [
          { name: { filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'contains', filter: text }, { filterType: 'text', type: 'equals', filter: text }] } },
          { name: { filterType: 'text', operator: 'AND', conditions: [{ filterType: 'text', type: 'notContains', filter: text }, { filterType: 'text', type: 'notBlank' }, { filterType: 'text', type: 'notEqual', filter: text }] } },
          { city: { filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'startsWith', filter: text }, { filterType: 'text', type: 'endsWith', filter: text }, { filterType: 'text', type: 'blank' }] } },
          { amount: { filterType: 'text', operator: 'AND', conditions: [{ filterType: 'text', type: 'contains', filter: text }, { filterType: 'text', type: 'notBlank' }] } },
        ];
        for (const filterModel of models) await literal({ filterModel }, ok, filterModel, '');
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('matches corpus texts literally in values checklists, and refuses them as a values mode or match', async () => {
      for (const text of CORPUS) {
        const ok = acceptable(text);
        for (const key of ['city', 'name', 'qty']) {
          const filterModel = { [key]: { filterType: 'values', values: [text, 'Kyiv', ' apple '] } } as GridFilterModel;
          const ids = await literal({ filterModel }, ok, filterModel, '');
          if (key === 'name' && literalNames.includes(text) && text.trim() === text) expect(ids, text).toContain(BASE.length + 1 + literalNames.indexOf(text));
        }
        await refused('/grid/rows/', { ...block, filterModel: { city: { filterType: 'values', mode: text } } });
        await refused('/grid/rows/', { ...block, filterModel: { city: { filterType: 'values', values: ['Kyiv'], match: text } } });
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('refuses corpus texts as number and date filter values, and compares edge numbers and dates as the local source does', async () => {
      for (const text of CORPUS) {
        await refused('/grid/rows/', { ...block, filterModel: { qty: { filterType: 'number', type: 'equals', filter: text } } });
        await refused('/grid/rows/', { ...block, filterModel: { amount: { filterType: 'number', type: 'inRange', filter: 1, filterTo: text } } });
        await refused('/grid/rows/', { ...block, filterModel: { ordered_on: { filterType: 'date', type: 'equals', dateFrom: text } } });
        await refused('/grid/rows/', { ...block, filterModel: { ordered_on: { filterType: 'date', type: 'inRange', dateFrom: '2024-01-01', dateTo: text } } });
        await refused('/grid/rows/', { ...block, filterModel: { ordered_on: { filterType: 'date', type: 'lessThan', dateFrom: `2024-01-01${text}` } } });
      }
      for (const value of [null, true, '1', [1], { n: 1 }, '1e3', '0x10']) {
        await refused('/grid/rows/', { ...block, filterModel: { qty: { filterType: 'number', type: 'greaterThan', filter: value } } });
      }
      for (const value of [2.5, -2.5, -0, 5e-324, 1e308, -1e308, 3e9, -3e9, 2 ** 53 + 2, 0.1 + 0.2]) {
        for (const key of ['qty', 'amount', 'rate']) {
          for (const type of ['equals', 'notEqual', 'lessThanOrEqual', 'greaterThan'] as const) {
            const filterModel = { [key]: { filterType: 'number', type, filter: value } } as GridFilterModel;
            await literal({ filterModel }, true, filterModel, '');
          }
          const range = { [key]: { filterType: 'number', type: 'inRange', filter: -value, filterTo: value } } as GridFilterModel;
          await literal({ filterModel: range }, true, range, '');
        }
      }
      for (const day of ['2024-13-45', '0000-00-00', '9999-12-31 23:59:59.999999', '2024-05-05T00:00', '2024-05-05']) {
        for (const type of ['equals', 'notEqual', 'lessThan', 'greaterThan'] as const) {
          const filterModel = { ordered_on: { filterType: 'date', type, dateFrom: day } } as GridFilterModel;
          const ids = await literal({ filterModel }, true, filterModel, '');
          if (day === '2024-05-05' && type === 'equals') expect(ids).toContain(BASE.length + 1);
        }
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('refuses block bounds that are strings, negative, fractional, huge or missing, and answers a block past the end with the count', async () => {
      const bounds: [unknown, unknown][] = [
        ['0', 10],
        [0, '10'],
        ['0; DROP TABLE orders', 10],
        [-1, 10],
        [-100, -1],
        [0.5, 10],
        [0, 10.5],
        [1e300, 1e301],
        [0, 1_000_000_001],
        [1_000_000_000, 1_000_000_001],
        [null, 10],
        [0, null],
        [[0], 10],
        [{}, 10],
        [10, 10],
        [10, 5],
        [true, 10],
      ];
      for (const [startRow, endRow] of bounds) await refused('/grid/rows/', { grid_id: 'orders', startRow, endRow });
      await refused('/grid/rows/', { grid_id: 'orders', endRow: 10 });
      await refused('/grid/rows/', { grid_id: 'orders', startRow: 0 });
      const past = await post('/grid/rows/', { grid_id: 'orders', startRow: 999_999_000, endRow: 1_000_000_000 });
      expect(await past.json()).toEqual({ status: 'ok', rows: [], lastRow: ROWS.length });
      // A huge block is clamped to 1,000 rows, never refused.
      const huge = await post('/grid/rows/', { grid_id: 'orders', startRow: 0, endRow: 1_000_000_000 });
      expect(((await huge.json()) as { rows: unknown[] }).rows).toHaveLength(Math.min(1000, ROWS.length));
      expect(await fingerprint()).toEqual(original);
    });

    it('aggregates over corpus texts in the filter model and the quick search to what the core computes, or refuses them with 400', async () => {
      for (const text of CORPUS) {
        const ok = acceptable(text);
        for (const [filterModel, quickFilter] of [
          [{ name: { filterType: 'text', type: 'contains', filter: text } }, ''],
          [{ city: { filterType: 'values', values: [text] } }, ''],
          [null, text],
        ] as [GridFilterModel | null, string][]) {
          const response = await post('/grid/aggregate/', { grid_id: 'orders', filterModel, quickFilter });
          const what = `${JSON.stringify(filterModel)} ${JSON.stringify(quickFilter)}`.slice(0, 200);
          if (!ok) {
            expect(response.status, what).toBe(400);
            await expectError(response, 400, undefined, 'invalid_rows_request');
            continue;
          }
          expect(response.status, what).toBe(200);
          const answer = (await response.json()) as { kpis: { display: string; sampleSize: number }[] };
          const rows = local.rowsNow({ startRow: 0, endRow: ROWS.length, sortModel: [], filterModel, quickFilter }).rows;
          const expected = resolveKpis(KPIS, rows, { locale: 'en' });
          expect(answer.kpis.map((k) => [k.display, k.sampleSize]), what).toEqual(expected.map((k) => [k.display, k.sampleSize]));
        }
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('lists values under corpus filters and searches for corpus texts literally, or refuses them with 400', async () => {
      const asMap = (values: { value: string; count: number }[]) => new Map(values.map((v) => [v.value, v.count]));
      for (const text of CORPUS) {
        const ok = acceptable(text);
        for (const request of [
          { colId: 'city', filterModel: { name: { filterType: 'text', type: 'contains', filter: text } }, quickFilter: '' },
          { colId: 'city', filterModel: { name: { filterType: 'values', values: [text] } }, quickFilter: '' },
          { colId: 'name', filterModel: null, quickFilter: text },
          { colId: 'name', filterModel: null, quickFilter: '', search: text, limit: 10_000 },
          { colId: 'city', filterModel: null, quickFilter: '', search: text, limit: 10_000 },
        ] as { colId: string; filterModel: GridFilterModel | null; quickFilter: string; search?: string; limit?: number }[]) {
          const response = await post('/grid/values/', { grid_id: 'orders', ...request });
          const what = JSON.stringify(request).slice(0, 200);
          if (!ok) {
            expect(response.status, what).toBe(400);
            await expectError(response, 400, undefined, 'invalid_rows_request');
            continue;
          }
          expect(response.status, what).toBe(200);
          const answer = (await response.json()) as { values: { value: string; count: number }[]; empty: number; truncated: boolean };
          const expected = local.valuesNow(request);
          expect(asMap(answer.values), what).toEqual(asMap(expected.values));
          expect(answer.empty, what).toBe(expected.empty);
          // A search for a literal name lists that name (a `%` finds the names holding a `%`, not every name).
          if (request.search !== undefined && request.colId === 'name' && literalNames.includes(text) && text.trim() !== '') {
            expect(answer.values.map((v) => v.value), what).toContain(text.trim());
          }
        }
        await refused('/grid/values/', { grid_id: 'orders', colId: 'name', limit: text });
        await refused('/grid/values/', { grid_id: 'orders', colId: 'name', search: 5 });
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('refuses corpus texts as column names, sort keys, directions, filter types, operators, fields and grid ids, with 400 or 404', async () => {
      for (const text of CORPUS) {
        await refused('/grid/rows/', { ...block, filterModel: { [text]: { filterType: 'text', type: 'contains', filter: 'x' } } });
        await refused('/grid/rows/', { ...block, sortModel: [{ colId: text, sort: 'asc' }] });
        await refused('/grid/rows/', { ...block, sortModel: [{ colId: 'name', sort: text }] });
        await refused('/grid/rows/', { ...block, columns: ['id', text] });
        await refused('/grid/rows/', { ...block, filterModel: { name: { filterType: text, type: 'contains', filter: 'x' } } });
        await refused('/grid/rows/', { ...block, filterModel: { name: { filterType: 'text', type: text, filter: 'x' } } });
        await refused('/grid/rows/', { ...block, filterModel: { name: { filterType: 'text', operator: text, conditions: [{ filterType: 'text', type: 'blank' }] } } });
        await refused('/grid/rows/', { ...block, [text]: 1 });
        await refused('/grid/values/', { grid_id: 'orders', colId: text });
        await refused('/grid/values/', { grid_id: 'orders', colId: 'name', [text]: 1 });
        await refused('/grid/aggregate/', { grid_id: 'orders', sortModel: [{ colId: text, sort: 'asc' }] });
        await refused('/grid/aggregate/', { grid_id: 'orders', filterModel: { [text]: { filterType: 'values', values: ['x'] } } });
        await refused('/grid/aggregate/', { grid_id: 'orders', [text]: 1 });
        for (const path of ['/grid/rows/', '/grid/values/', '/grid/aggregate/']) await refused(path, { ...block, grid_id: text }, 404, 'unknown_grid');
      }
      expect(await fingerprint()).toEqual(original);
    }, 300_000);

    it('answers corpus texts in every parameter of the rows export with a literal CSV or a coded 400/404', async () => {
      /** The export for these parameters (URLSearchParams writes a lone surrogate as U+FFFD, as a browser does). */
      const exportOf = async (params: Record<string, string>) => {
        const response = (await handler(get(`/grid/rows/export/?${new URLSearchParams({ grid_id: 'orders', format: 'csv', ...params }).toString()}`))) as Response;
        expect(response).toBeInstanceOf(Response);
        statuses.add(response.status);
        expect(response.status, JSON.stringify(params).slice(0, 200)).toBeLessThan(500);
        return response;
      };
      const literalCsv = async (params: Record<string, string>, ok: boolean, filterModel: GridFilterModel | null, quickFilter: string) => {
        const response = await exportOf(params);
        const what = JSON.stringify(params).slice(0, 200);
        if (!ok) {
          expect(response.status, what).toBe(400);
          const { body } = await expectError(response, 400);
          expect(['invalid_query', 'invalid_rows_request'], what).toContain(body.code);
          return;
        }
        expect(response.status, what).toBe(200);
        const [header, ...lines] = parseCsv(await response.text());
        expect(header).toEqual(SQL_COLUMNS.map((c) => c.label ?? c.key));
        expect(lines.map((line) => Number(line[0])), what).toEqual(localIds(filterModel, quickFilter));
      };
      const denied = async (params: Record<string, string>, status: number, code: string) => {
        const response = await exportOf(params);
        expect(response.status, JSON.stringify(params).slice(0, 200)).toBe(status);
        await expectError(response, status, undefined, code);
      };
      for (const raw of CORPUS) {
        // What arrives: a URL carries no lone surrogate (it becomes U+FFFD).
        const text = raw.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
        const ok = acceptable(text);
        await literalCsv({ q: text }, ok, null, text);
        await literalCsv({ f_name: text }, ok, { name: { filterType: 'text', type: 'contains', filter: text } }, '');
        const viaJson = { name: { filterType: 'text', type: 'equals', filter: raw } } as GridFilterModel;
        // JSON keeps a lone surrogate as an escape, which the server reads back: refused.
        await literalCsv({ filter: JSON.stringify(viaJson) }, acceptable(raw), viaJson, '');
        // Unknown columns are left out (a link may outlive a column): every column is exported.
        await literalCsv({ columns: encodeURIComponent(text) }, true, null, '');
        await denied({ sort: text }, 400, 'invalid_rows_request');
        await denied({ sort: 'amount', dir: text }, 400, 'invalid_query');
        await denied({ sorts: text }, 400, 'invalid_query');
        await denied({ sorts: JSON.stringify([{ colId: text, sort: 'asc' }]) }, 400, text.length > 200 ? 'invalid_query' : 'invalid_rows_request');
        await denied({ filter: text }, 400, 'invalid_query');
        await denied({ [`f_${text}`]: 'x' }, 400, 'invalid_rows_request');
        await denied({ format: text }, 400, 'invalid_query');
        await denied({ grid_id: text }, 404, 'unknown_grid');
      }
      expect(await fingerprint()).toEqual(original);
      // Every answer of the corpus tests was a 200 or a refusal, never a server error.
      expect([...statuses].sort()).toEqual([200, 400, 404]);
    }, 300_000);
  });
}
