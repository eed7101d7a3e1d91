/**
 * The one validation of row-source requests from outside (`validateRowSourceRequest`,
 * `validateRowSourceQuery`, `validateRowSourceValuesRequest`).
 */
import { describe, expect, it } from 'vitest';
import { validateRowSourceQuery, validateRowSourceRequest, validateRowSourceValuesRequest } from '../../src/core/data-grid/request';

describe('validateRowSourceRequest', () => {
  it('gives a clean request with defaults for absent sort, filters and search', () => {
    expect(validateRowSourceRequest({ startRow: 0, endRow: 100 })).toEqual({ ok: true, value: { startRow: 0, endRow: 100, sortModel: [], filterModel: {}, quickFilter: '' } });
  });

  it('keeps the visible columns, each once', () => {
    const check = validateRowSourceRequest({ startRow: 0, endRow: 1, columns: ['a', 'b'] });
    expect(check.ok && check.value.columns).toEqual(['a', 'b']);
    expect(validateRowSourceRequest({ startRow: 0, endRow: 1, columns: ['a', 'a'] })).toMatchObject({ ok: false, path: 'columns' });
  });

  it.each([
    ['a body that is not an object', [], ''],
    ['an unknown field', { startRow: 0, endRow: 1, limit: 5 }, 'limit'],
    ['a negative startRow', { startRow: -1, endRow: 1 }, 'startRow'],
    ['a fractional endRow', { startRow: 0, endRow: 1.5 }, 'endRow'],
    ['endRow at startRow', { startRow: 5, endRow: 5 }, 'endRow'],
    ['a row past a billion', { startRow: 0, endRow: 1_000_000_001 }, 'endRow'],
    ['a bad sort direction', { startRow: 0, endRow: 1, sortModel: [{ colId: 'a', sort: 'up' }] }, 'sortModel'],
    ['a bad filter', { startRow: 0, endRow: 1, filterModel: { a: { filterType: 'text', type: 'contains' } } }, 'filterModel'],
    ['a quick search over 1,000 characters', { startRow: 0, endRow: 1, quickFilter: 'x'.repeat(1001) }, 'quickFilter'],
    ['a __proto__ column', { startRow: 0, endRow: 1, columns: ['__proto__'] }, 'columns'],
  ])('refuses %s and says where', (_name, raw, path) => {
    expect(validateRowSourceRequest(raw)).toMatchObject({ ok: false, path });
  });
});

describe('validateRowSourceQuery', () => {
  it('takes sort, filters and search only', () => {
    expect(validateRowSourceQuery({ quickFilter: 'x' })).toEqual({ ok: true, value: { sortModel: [], filterModel: {}, quickFilter: 'x' } });
    expect(validateRowSourceQuery({ quickFilter: 'x', startRow: 0 })).toMatchObject({ ok: false, path: 'startRow' });
  });
});

describe('validateRowSourceValuesRequest', () => {
  it('needs a column and bounds the limit', () => {
    expect(validateRowSourceValuesRequest({ colId: 'city', limit: 10 })).toEqual({ ok: true, value: { colId: 'city', filterModel: {}, quickFilter: '', search: '', limit: 10 } });
    expect(validateRowSourceValuesRequest({ colId: '' })).toMatchObject({ ok: false, path: 'colId' });
    expect(validateRowSourceValuesRequest({ colId: 'city', limit: 0 })).toMatchObject({ ok: false, path: 'limit' });
    expect(validateRowSourceValuesRequest({ colId: 'city', limit: 10_001 })).toMatchObject({ ok: false, path: 'limit' });
  });
});
