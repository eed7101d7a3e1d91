import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Column, Row } from '../../src/core/types';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { GridFilterModel, RowSourceQuery, RowSourceSortItem } from '../../src/core/data-grid/types';
import { getCollator } from '../../src/core/format';

function col(key: string, extra: Partial<Column> = {}): Column {
  return { key, label: key, format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null, ...extra };
}

const COLUMNS = [col('id', { format: 'number' }), col('city'), col('amount', { format: 'currency' }), col('day'), col('tags', { searchable: false })];
const ROWS: Row[] = [
  { id: 1, city: 'Kyiv', amount: 1234.5, day: '2024-01-05', tags: ['a', 'b'] },
  { id: 2, city: 'Lviv', amount: 10, day: '2024-02-01', tags: ['b'] },
  { id: 3, city: 'Zürich', amount: null, day: '', tags: [] },
  { id: 4, city: 'kyiv', amount: '99', day: '2024-01-31T10:00:00Z', tags: ['q'] },
  { id: 5, city: '-', amount: 500, day: '2023-12-31', tags: null },
];

const query = (parts: Partial<RowSourceQuery> = {}): RowSourceQuery => ({ sortModel: [], filterModel: null, quickFilter: '', ...parts });
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

function shown(filterModel: GridFilterModel | null, quickFilter = '', sortModel: RowSourceSortItem[] = []): unknown[] {
  const source = createLocalRowSource(ROWS, COLUMNS, { locale: 'en' });
  return ids(source.view(query({ filterModel, quickFilter, sortModel })).rows());
}

describe('createLocalRowSource: blocks', () => {
  it('answers a block of the result with the exact row count as lastRow', async () => {
    const source = createLocalRowSource(ROWS, COLUMNS);
    const result = await source.getRows({ ...query(), startRow: 1, endRow: 3 });
    expect(ids(result.rows)).toEqual([2, 3]);
    expect(result.lastRow).toBe(5);
    expect(result.rows[0]).toBe(ROWS[1]);
  });

  it('clamps blocks past the end, negative starts and NaN to the result', () => {
    const source = createLocalRowSource(ROWS, COLUMNS);
    expect(ids(source.rowsNow({ ...query(), startRow: 3, endRow: 100 }).rows)).toEqual([4, 5]);
    expect(source.rowsNow({ ...query(), startRow: 10, endRow: 20 }).rows).toEqual([]);
    expect(ids(source.rowsNow({ ...query(), startRow: -5, endRow: 1 }).rows)).toEqual([1]);
    expect(source.rowsNow({ ...query(), startRow: Number.NaN, endRow: Number.NaN }).rows).toEqual([]);
  });

  it('gives the same view object for the same query and never copies or mutates rows', () => {
    const rows = Object.freeze(ROWS.map((r) => Object.freeze({ ...r })));
    const source = createLocalRowSource(rows, COLUMNS);
    const first = source.view(query({ sortModel: [{ colId: 'amount', sort: 'desc' }] }));
    const again = source.view(query({ sortModel: [{ colId: 'amount', sort: 'desc' }] }));
    expect(again).toBe(first);
    expect(first.rows()).toBe(first.rows());
    expect(first.rows()[0]).toBe(rows[0]);
    expect(first.total).toBe(5);
  });
});

describe('createLocalRowSource: the row set', () => {
  it('keeps the rows of the filters in the source order, as one array whatever the sort', () => {
    const source = createLocalRowSource(ROWS, COLUMNS, { locale: 'en' });
    const filterModel: GridFilterModel = { amount: { filterType: 'number', type: 'greaterThan', filter: 50 } };
    const unsorted = source.view(query({ filterModel }));
    const sorted = source.view(query({ filterModel, sortModel: [{ colId: 'amount', sort: 'desc' }] }));
    expect(ids(sorted.rows())).toEqual([1, 5, 4]);
    expect(ids(sorted.rowSet())).toEqual([1, 4, 5]);
    expect(sorted.rowSet()).toBe(unsorted.rowSet());
    expect(source.view(query({ filterModel, sortModel: [{ colId: 'city', sort: 'asc' }] })).rowSet()).toBe(unsorted.rowSet());
    // Asked first of an unsorted view, the set is that view's rows.
    const fresh = createLocalRowSource(ROWS, COLUMNS, { locale: 'en' }).view(query({ filterModel }));
    expect(fresh.rowSet()).toBe(fresh.rows());
    const other = source.view(query({ filterModel, quickFilter: 'kyiv', sortModel: [{ colId: 'amount', sort: 'desc' }] }));
    expect(ids(other.rowSet())).toEqual([1, 4]);
    expect(other.rowSet()).not.toBe(unsorted.rowSet());
  });
});

describe('createLocalRowSource: quick search and filters', () => {
  it('quick-searches every searchable column, case- and accent-insensitive, numbers as shown', () => {
    expect(shown(null, 'KYIV')).toEqual([1, 4]);
    expect(shown(null, 'zurich')).toEqual([3]);
    expect(shown(null, '1,234.50')).toEqual([1]);
    // `tags` is not searchable.
    expect(shown(null, 'q')).toEqual([]);
  });

  it('reads the quick search in the search language: OR, exclusion, number comparisons and ranges, column scopes', () => {
    // OR between groups, with any separator.
    expect(shown(null, 'lviv / zurich')).toEqual([2, 3]);
    expect(shown(null, 'lviv, zurich')).toEqual([2, 3]);
    // A group of exclusions keeps every row without the word anywhere in its searchable cells.
    expect(shown(null, '-kyiv')).toEqual([2, 3, 5]);
    expect(shown(null, 'kyiv -2024-01-31')).toEqual([1]);
    // Numbers as the cell shows them; the terms of a group hold for one number.
    expect(shown(null, 'amount:>400')).toEqual([1, 5]);
    expect(shown(null, 'amount:>10+<600')).toEqual([4, 5]);
    expect(shown(null, 'amount:10..99')).toEqual([2, 4]);
    expect(shown(null, 'amount:99..10')).toEqual([2, 4]);
    // A scope limits the words to that column: "1" is in every row's id, but only row 1's amount.
    expect(shown(null, 'amount:1')).toEqual([1, 2]);
    expect(shown(null, 'city:kyiv / id:=5')).toEqual([1, 4, 5]);
    // A scope that names no searchable column is literal text, never an error.
    expect(shown(null, 'nope:kyiv')).toEqual([]);
    expect(shown(null, 'tags:q')).toEqual([]);
  });

  it('reads the text filter in the search language for one cell, with % wildcards', () => {
    const city = (filter: string) => shown({ city: { filterType: 'text', type: 'contains', filter } });
    expect(city('ky%')).toEqual([1, 4]);
    expect(city('%iv')).toEqual([1, 2, 4]);
    expect(city('k%v')).toEqual([1, 4]);
    expect(city('%%')).toEqual([]);
    expect(city('-%%')).toEqual([1, 2, 3, 4, 5]);
    expect(city('lviv / zurich')).toEqual([2, 3]);
    expect(city('-kyiv')).toEqual([2, 3, 5]);
    expect(city('"-"')).toEqual([5]);
    // Numbers in a numeric column compare the number shown; a range holds inclusively.
    expect(shown({ amount: { filterType: 'text', type: 'contains', filter: '10..99' } })).toEqual([2, 4]);
    expect(shown({ amount: { filterType: 'text', type: 'contains', filter: '1%' } })).toEqual([1, 2]);
    // The column filter and the quick search combine with AND.
    expect(shown({ city: { filterType: 'text', type: 'contains', filter: 'ky%' } }, 'amount:<100')).toEqual([4]);
  });

  it('reads text filters: contains (all words), notContains, equals, startsWith, endsWith, blank', () => {
    expect(shown({ city: { filterType: 'text', type: 'contains', filter: 'yiv' } })).toEqual([1, 4]);
    expect(shown({ city: { filterType: 'text', type: 'notContains', filter: 'yiv' } })).toEqual([2, 3, 5]);
    expect(shown({ city: { filterType: 'text', type: 'equals', filter: 'kyiv' } })).toEqual([1, 4]);
    expect(shown({ city: { filterType: 'text', type: 'notEqual', filter: 'kyiv' } })).toEqual([2, 3, 5]);
    expect(shown({ city: { filterType: 'text', type: 'startsWith', filter: 'zu' } })).toEqual([3]);
    expect(shown({ city: { filterType: 'text', type: 'endsWith', filter: 'iv' } })).toEqual([1, 2, 4]);
    expect(shown({ day: { filterType: 'text', type: 'blank' } })).toEqual([3]);
    expect(shown({ day: { filterType: 'text', type: 'notBlank' } })).toEqual([1, 2, 4, 5]);
  });

  it('reads number filters on numbers and numeric strings; blanks only pass blank; inRange is exclusive', () => {
    expect(shown({ amount: { filterType: 'number', type: 'greaterThan', filter: 99 } })).toEqual([1, 5]);
    expect(shown({ amount: { filterType: 'number', type: 'greaterThanOrEqual', filter: 99 } })).toEqual([1, 4, 5]);
    expect(shown({ amount: { filterType: 'number', type: 'equals', filter: 99 } })).toEqual([4]);
    expect(shown({ amount: { filterType: 'number', type: 'notEqual', filter: 99 } })).toEqual([1, 2, 5]);
    expect(shown({ amount: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 500 } })).toEqual([4]);
    expect(shown({ amount: { filterType: 'number', type: 'lessThanOrEqual', filter: 10 } })).toEqual([2]);
    expect(shown({ amount: { filterType: 'number', type: 'blank' } })).toEqual([3]);
  });

  it('reads date filters by calendar day on ISO strings', () => {
    expect(shown({ day: { filterType: 'date', type: 'equals', dateFrom: '2024-01-31 00:00:00' } })).toEqual([4]);
    expect(shown({ day: { filterType: 'date', type: 'lessThan', dateFrom: '2024-01-05' } })).toEqual([5]);
    expect(shown({ day: { filterType: 'date', type: 'greaterThan', dateFrom: '2024-01-05' } })).toEqual([2, 4]);
    expect(shown({ day: { filterType: 'date', type: 'inRange', dateFrom: '2024-01-05', dateTo: '2024-02-01' } })).toEqual([4]);
  });

  it('reads values filters: exact trimmed text, tokens of list cells, empty and non-empty, nothing for an empty checklist', () => {
    expect(shown({ city: { filterType: 'values', values: ['Kyiv', 'Lviv'] } })).toEqual([1, 2]);
    expect(shown({ amount: { filterType: 'values', values: ['1234.5'] } })).toEqual([1]);
    expect(shown({ tags: { filterType: 'values', values: ['b'], match: 'any_token' } })).toEqual([1, 2]);
    expect(shown({ city: { filterType: 'values', values: [] } })).toEqual([]);
    expect(shown({ city: { filterType: 'values', mode: 'empty' } })).toEqual([5]);
    expect(shown({ day: { filterType: 'values', mode: 'non_empty' } })).toEqual([1, 2, 4, 5]);
  });

  it('selects number cells of a values filter by value: "1234.50", "+1.2345e3" and " 1234.5 " select 1234.5, "1,234.5" and "0x10" nothing', () => {
    expect(shown({ amount: { filterType: 'values', values: ['1234.50'] } })).toEqual([1]);
    expect(shown({ amount: { filterType: 'values', values: ['+1.2345e3', '0500'] } })).toEqual([1, 5]);
    expect(shown({ amount: { filterType: 'values', values: [' 1234.5 '] } })).toEqual([1]);
    expect(shown({ amount: { filterType: 'values', values: ['1,234.5', '0x10', 'Infinity'] } })).toEqual([]);
    expect(shown({ id: { filterType: 'values', values: ['-0', '2.0'] } })).toEqual([2]);
    // A numeric string is text: it is selected by its own trimmed text only.
    expect(shown({ amount: { filterType: 'values', values: ['99.0'] } })).toEqual([]);
    expect(shown({ amount: { filterType: 'values', values: ['99'] } })).toEqual([4]);
  });

  it('reads a whitespace-only filter text as the empty text: equals keeps the blank cells, notEqual the others, contains, startsWith and endsWith every row, notContains none', () => {
    const text = (type: 'contains' | 'notContains' | 'equals' | 'notEqual' | 'startsWith' | 'endsWith', filter = ' \u00a0 ') => shown({ day: { filterType: 'text', type, filter } });
    expect(text('equals')).toEqual([3]);
    expect(text('notEqual')).toEqual([1, 2, 4, 5]);
    expect(text('contains')).toEqual([1, 2, 3, 4, 5]);
    expect(text('startsWith')).toEqual([1, 2, 3, 4, 5]);
    expect(text('endsWith')).toEqual([1, 2, 3, 4, 5]);
    expect(text('notContains')).toEqual([]);
    // The same inside combined conditions (where contains reads words, not the search language).
    const combined = (type: 'contains' | 'notContains'): unknown[] =>
      shown({ day: { filterType: 'text', operator: 'AND', conditions: [{ filterType: 'text', type, filter: ' ' }, { filterType: 'text', type: 'notEqual', filter: 'x' }] } });
    expect(combined('contains')).toEqual([1, 2, 3, 4, 5]);
    expect(combined('notContains')).toEqual([]);
  });

  it('combines conditions with AND and OR, and filters of several columns with AND', () => {
    const or: GridFilterModel = {
      amount: { filterType: 'number', operator: 'OR', conditions: [{ filterType: 'number', type: 'lessThan', filter: 50 }, { filterType: 'number', type: 'greaterThan', filter: 1000 }] },
    };
    expect(shown(or)).toEqual([1, 2]);
    expect(shown({ ...or, city: { filterType: 'text', type: 'contains', filter: 'lviv' } })).toEqual([2]);
    expect(shown(or, 'kyiv')).toEqual([1]);
  });

  it('ignores filters and sorts on columns it does not know', () => {
    expect(shown({ nope: { filterType: 'text', type: 'contains', filter: 'x' } }, '', [{ colId: 'nope', sort: 'asc' }])).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('createLocalRowSource: sorting', () => {
  it('sorts numbers as numbers with empty cells last in both directions', () => {
    expect(shown(null, '', [{ colId: 'amount', sort: 'asc' }])).toEqual([2, 4, 5, 1, 3]);
    expect(shown(null, '', [{ colId: 'amount', sort: 'desc' }])).toEqual([1, 5, 4, 2, 3]);
  });

  it('sorts by several columns, the first first, stable for ties', () => {
    const rows = [
      { id: 1, g: 'b', n: 2 },
      { id: 2, g: 'a', n: 2 },
      { id: 3, g: 'b', n: 1 },
      { id: 4, g: 'a', n: null },
      { id: 5, g: 'a', n: 2 },
    ];
    const source = createLocalRowSource(rows, [col('g'), col('n', { format: 'number' })]);
    const order = (sortModel: RowSourceSortItem[]) => ids(source.view(query({ sortModel })).rows());
    expect(order([{ colId: 'g', sort: 'asc' }, { colId: 'n', sort: 'desc' }])).toEqual([2, 5, 4, 1, 3]);
    expect(order([{ colId: 'g', sort: 'desc' }, { colId: 'n', sort: 'asc' }])).toEqual([3, 1, 2, 5, 4]);
  });

  it('orders like a stable comparison sort for any data and sort model (property)', () => {
    const collator = getCollator('en');
    const cell = fc.oneof(fc.constant(null), fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'B', 'b', 'ä', 'z', ''));
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: cell, y: cell, z: fc.integer({ min: 0, max: 2 }) }), { maxLength: 40 }),
        fc.array(fc.record({ colId: fc.constantFrom('x', 'y', 'z'), sort: fc.constantFrom('asc' as const, 'desc' as const) }), { maxLength: 3 }),
        (raw, sortModel) => {
          const rows = raw.map((r, id) => ({ id, ...r }));
          const model = sortModel.filter((item, i) => sortModel.findIndex((other) => other.colId === item.colId) === i);
          const source = createLocalRowSource(rows, [col('x'), col('y'), col('z', { format: 'number' })]);
          const key = (v: unknown): [number, number | string] => {
            if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return [2, 0];
            return typeof v === 'number' ? [0, v] : [1, v as string];
          };
          const compare = (a: Row, b: Row): number => {
            for (const { colId, sort } of model) {
              const [ka, va] = key(a[colId]);
              const [kb, vb] = key(b[colId]);
              if (ka === 2 || kb === 2) {
                if (ka !== kb) return ka === 2 ? 1 : -1;
                continue;
              }
              let c = ka - kb;
              if (c === 0) c = ka === 0 ? (va as number) - (vb as number) : collator.compare(va as string, vb as string);
              if (c !== 0) return sort === 'asc' ? c : -c;
            }
            return 0;
          };
          expect(ids(source.view(query({ sortModel: model })).rows())).toEqual(ids([...rows].sort(compare)));
        },
      ),
    );
  });
});

describe('createLocalRowSource: distinct values', () => {
  it('counts values under the other filters, most frequent first, with the empty ones apart', async () => {
    const source = createLocalRowSource(ROWS, COLUMNS);
    const all = await source.getValues({ colId: 'city', filterModel: { city: { filterType: 'values', values: ['Lviv'] } }, quickFilter: '' });
    expect(all.values.map((v) => v.value)).toEqual(['kyiv', 'Kyiv', 'Lviv', 'Zürich']);
    expect(all.empty).toBe(1);
    expect(all.truncated).toBe(false);
    const others = source.valuesNow({ colId: 'city', filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 100 } }, quickFilter: '' });
    expect(others.values).toEqual([{ value: 'Kyiv', count: 1 }]);
    expect(others.empty).toBe(1);
  });

  it('searches values accent-insensitively, splits list cells, and says when the limit cut the list', () => {
    const source = createLocalRowSource(ROWS, COLUMNS);
    expect(source.valuesNow({ colId: 'city', filterModel: null, quickFilter: '', search: 'zu' }).values).toEqual([{ value: 'Zürich', count: 1 }]);
    const tags = source.valuesNow({ colId: 'tags', filterModel: null, quickFilter: '', limit: 2 });
    expect(tags.values).toEqual([{ value: 'b', count: 2 }, { value: 'a', count: 1 }]);
    expect(tags.truncated).toBe(true);
  });
});
