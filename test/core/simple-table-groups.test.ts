import { describe, expect, it } from 'vitest';
import { groupRowIndices, groupedDisplayList } from '../../src/core/table-model/groups';
import { columnTotalOf, groupTotals, tableTotals } from '../../src/core/table-model/group-totals';
import { visibleRowIndices } from '../../src/core/table-model';
import type { ModelColumn } from '../../src/core/table-model/types';
import type { Row } from '../../src/core/types';

const rows: Row[] = [
  { id: 1, city: 'Lviv', amount: 10, qty: 1, note: 'a' },
  { id: 2, city: 'Kyiv', amount: 5, qty: 2, note: '' },
  { id: 3, city: null, amount: 7, qty: 3, note: 'c' },
  { id: 4, city: 'Kyiv', amount: '2 500,5', qty: null, note: 'd' },
  { id: 5, city: 'Lviv', amount: 1, qty: 5, note: null },
  { id: 6, city: 'Odesa', amount: null, qty: 6, note: 'f' },
];

const col = (key: string, format: 'text' | 'number' = 'text'): ModelColumn<Row> => ({ key, format, sortable: true, searchable: true });
const columns = [col('id', 'number'), col('city'), col('amount', 'number'), col('qty', 'number'), col('note')];
const all = (sort: { key: string; direction: 'asc' | 'desc' } | null = null, global = '') => visibleRowIndices(rows, columns, { sort, filter: { global } }, 'en');
const ids = (order: Uint32Array): unknown[] => Array.from(order, (i) => rows[i]!.id);

describe('groupRowIndices', () => {
  it('orders groups by key with the empty group last, rows within a group in view order', () => {
    const view = groupRowIndices(rows, all(), col('city'), 'en');
    expect(view.groups.map((g) => [g.key, g.count, g.start, g.empty])).toEqual([
      ['Kyiv', 2, 0, false],
      ['Lviv', 2, 2, false],
      ['Odesa', 1, 4, false],
      ['', 1, 5, true],
    ]);
    expect(ids(view.order)).toEqual([2, 4, 1, 5, 6, 3]);
  });

  it('orders rows within groups by the reader sort, and the groups by it when it is the grouping column', () => {
    const byAmount = groupRowIndices(rows, all({ key: 'id', direction: 'desc' }), col('city'), 'en');
    expect(ids(byAmount.order)).toEqual([4, 2, 5, 1, 6, 3]);
    const descending = groupRowIndices(rows, all({ key: 'city', direction: 'desc' }), col('city'), 'en', 'desc');
    expect(descending.groups.map((g) => g.key)).toEqual(['Odesa', 'Lviv', 'Kyiv', '']);
  });

  it('lists only groups that hold a shown row after a search', () => {
    const view = groupRowIndices(rows, all(null, 'lviv'), col('city'), 'en');
    expect(view.groups.map((g) => g.key)).toEqual(['Lviv']);
    expect(ids(view.order)).toEqual([1, 5]);
    expect(groupRowIndices(rows, new Uint32Array(0), col('city'), 'en')).toEqual({ order: new Uint32Array(0), groups: [] });
  });

  it('keys groups by the raw text of numbers, so the key does not change with the locale', () => {
    const data = [{ n: 1500.5 }, { n: 2 }, { n: 1500.5 }];
    const view = groupRowIndices(data, new Uint32Array([0, 1, 2]), { key: 'n', format: 'number', sortable: true, searchable: true }, 'uk');
    expect(view.groups.map((g) => [g.key, g.value, g.count])).toEqual([
      ['2', 2, 1],
      ['1500.5', 1500.5, 2],
    ]);
  });

  it('puts every row in the empty group for a column the rows do not have', () => {
    const view = groupRowIndices(rows, all(), col('missing'), 'en');
    expect(view.groups).toEqual([{ key: '', value: undefined, empty: true, start: 0, count: 6 }]);
  });
});

describe('groupedDisplayList', () => {
  it('interleaves a header entry per group with its rows, leaving out the rows of collapsed groups', () => {
    const view = groupRowIndices(rows, all(), col('city'), 'en');
    const open = groupedDisplayList(view, new Set());
    expect(Array.from(open)).toEqual([-1, 1, 3, -2, 0, 4, -3, 5, -4, 2]);
    const closed = groupedDisplayList(view, new Set(['Lviv', '']));
    expect(Array.from(closed)).toEqual([-1, 1, 3, -2, -3, 5, -4]);
  });
});

describe('groupTotals', () => {
  it('sums numeric columns by default, reads numeric strings in the locale, and skips text columns', () => {
    const view = groupRowIndices(rows, all(), col('city'), 'uk');
    const totals = groupTotals(rows, view, [
      { key: 'city', format: 'text' },
      { key: 'amount', format: 'number' },
      { key: 'qty', format: 'number' },
    ], { locale: 'uk' });
    expect(totals.map((list) => list.map((t) => [t.key, t.total, t.value]))).toEqual([
      [['amount', 'sum', 2505.5], ['qty', 'sum', 2]],
      [['amount', 'sum', 11], ['qty', 'sum', 6]],
      [['amount', 'sum', 0], ['qty', 'sum', 6]],
      [['amount', 'sum', 7], ['qty', 'sum', 3]],
    ]);
  });

  it('computes avg, min, max and count with the KPI semantics: no values gives "—", count counts non-empty values', () => {
    const view = groupRowIndices(rows, all(), col('city'), 'en');
    const totals = groupTotals(rows, view, [
      { key: 'amount', format: 'number', total: 'avg' },
      { key: 'qty', format: 'number', total: 'max' },
      { key: 'id', format: 'number', total: 'min' },
      { key: 'note', format: 'text', total: 'count' },
      { key: 'city', format: 'text', total: 'none' },
    ], { locale: 'en' });
    const odesa = totals[2]!;
    expect(odesa.map((t) => [t.key, t.value, t.display])).toEqual([
      ['amount', null, '—'],
      ['qty', 6, '6'],
      ['id', 6, '6'],
      ['note', 1, '1'],
    ]);
    const kyiv = totals[0]!;
    expect(kyiv.find((t) => t.key === 'note')?.value).toBe(1);
    expect(kyiv.find((t) => t.key === 'amount')?.value).toBe(5);
  });

  it('defaults a column total to sum for numeric formats and none for text', () => {
    expect(columnTotalOf({ key: 'a', format: 'currency' })).toBe('sum');
    expect(columnTotalOf({ key: 'a', format: 'text' })).toBe('none');
    expect(columnTotalOf({ key: 'a', format: 'text', total: 'count' })).toBe('count');
  });
});

describe('tableTotals (the footer)', () => {
  const totalColumns = [
    { key: 'city', format: 'text' as const },
    { key: 'amount', format: 'number' as const },
    { key: 'qty', format: 'number' as const, total: 'avg' as const },
    { key: 'note', format: 'text' as const, total: 'count' as const },
  ];

  it('totals every row without a search, with the same aggregates as the sections', () => {
    expect(tableTotals(rows, null, totalColumns, { locale: 'uk' }).map((t) => [t.key, t.total, t.value])).toEqual([
      ['amount', 'sum', 2523.5],
      ['qty', 'avg', 17 / 5],
      ['note', 'count', 4],
    ]);
  });

  it('totals only the shown rows, and the same whatever order they are shown in', () => {
    const kyiv = all(null, 'kyiv');
    const sorted = all({ key: 'qty', direction: 'desc' }, 'kyiv');
    expect(ids(kyiv)).toEqual([2, 4]);
    const totals = tableTotals(rows, kyiv, totalColumns, { locale: 'uk' });
    expect(totals.map((t) => [t.key, t.value])).toEqual([
      ['amount', 2505.5],
      ['qty', 2],
      ['note', 1],
    ]);
    expect(tableTotals(rows, sorted, totalColumns, { locale: 'uk' })).toEqual(totals);
  });

  it('adds floating-point amounts in data order, so a sort does not change the last digits of a sum', () => {
    const money = [{ v: 0.1 }, { v: 0.2 }, { v: 0.3 }, { v: 1e16 }, { v: -1e16 }];
    const inData = tableTotals(money, Uint32Array.from([0, 1, 2, 3, 4]), [{ key: 'v', format: 'number' }])[0]!.value;
    const reversed = tableTotals(money, Uint32Array.from([4, 3, 2, 1, 0]), [{ key: 'v', format: 'number' }])[0]!.value;
    expect(reversed).toBe(inData);
    expect(tableTotals(money, null, [{ key: 'v', format: 'number' }])[0]!.value).toBe(inData);
  });

  it('gives 0 for a sum and "—" for an average of no rows, ignores indices out of range, and nothing for text-only columns', () => {
    const none = tableTotals(rows, [], totalColumns, { locale: 'en' });
    expect(none.map((t) => [t.key, t.value, t.display])).toEqual([
      ['amount', 0, '0'],
      ['qty', null, '—'],
      ['note', 0, '0'],
    ]);
    expect(tableTotals(rows, [99, -1, 0], [{ key: 'amount', format: 'number' }])[0]!.value).toBe(10);
    expect(tableTotals(rows, null, [{ key: 'city', format: 'text' }])).toEqual([]);
  });
});
