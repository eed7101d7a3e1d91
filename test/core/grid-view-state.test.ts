import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countActiveFilters, restrictFilterModel, validateGridFilterModel, validateSortModel } from '../../src/core/data-grid/filter-model';
import { decodeSavedSearch, decodeViewState, encodeSavedSearch, encodeViewState } from '../../src/core/data-grid/view-state';
import type { DataGridViewState } from '../../src/core/data-grid/view-state';

describe('validateGridFilterModel', () => {
  it('accepts what AG Grid and the values filter produce, as clean copies', () => {
    const model = {
      city: { filterType: 'text', type: 'contains', filter: 'kyiv' },
      amount: { filterType: 'number', operator: 'OR', conditions: [{ filterType: 'number', type: 'lessThan', filter: 5 }, { filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 }] },
      day: { filterType: 'date', type: 'greaterThan', dateFrom: '2024-01-01 00:00:00', dateTo: null },
      region: { filterType: 'values', values: ['North', 'South'] },
      note: { filterType: 'values', mode: 'empty' },
      blank: { filterType: 'text', type: 'blank' },
    };
    const clean = validateGridFilterModel(model);
    expect(clean).not.toBeNull();
    expect(clean?.city).toEqual(model.city);
    expect(clean?.day).toEqual({ filterType: 'date', type: 'greaterThan', dateFrom: '2024-01-01 00:00:00' });
    expect(clean?.region).not.toBe(model.region);
    expect(validateGridFilterModel(null)).toEqual({});
  });

  it('refuses unknown types and keys, missing values, prototype keys and oversized input', () => {
    const bad: unknown[] = [
      [],
      { city: { filterType: 'set', values: ['x'] } },
      { city: { filterType: 'text', type: 'like', filter: 'x' } },
      { city: { filterType: 'text', type: 'contains' } },
      { city: { filterType: 'text', type: 'contains', filter: 'x', extra: 1 } },
      { amount: { filterType: 'number', type: 'inRange', filter: 1 } },
      { amount: { filterType: 'number', type: 'equals', filter: '5' } },
      { amount: { filterType: 'number', type: 'equals', filter: Number.POSITIVE_INFINITY } },
      { day: { filterType: 'date', type: 'equals', dateFrom: 'yesterday' } },
      { amount: { filterType: 'number', operator: 'XOR', conditions: [{ filterType: 'number', type: 'blank' }] } },
      { amount: { filterType: 'number', operator: 'AND', conditions: [{ filterType: 'text', type: 'blank' }] } },
      { amount: { filterType: 'number', operator: 'AND', conditions: [] } },
      JSON.parse('{"__proto__": {"filterType": "text", "type": "blank"}}'),
      { city: { filterType: 'text', type: 'contains', filter: 'x'.repeat(1001) } },
      { city: { filterType: 'values', values: [1] } },
      { city: { filterType: 'values', mode: 'blank' } },
    ];
    for (const model of bad) expect(validateGridFilterModel(model), JSON.stringify(model)).toBeNull();
  });

  it('never throws on arbitrary JSON (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const result = validateGridFilterModel(value);
      expect(result === null || typeof result === 'object').toBe(true);
    }));
  });

  it('counts filtered columns and drops the columns a grid no longer has', () => {
    const model = { a: { filterType: 'text' as const, type: 'blank' as const }, b: { filterType: 'values' as const, values: [] } };
    expect(countActiveFilters(model)).toBe(2);
    expect(countActiveFilters(null)).toBe(0);
    expect(restrictFilterModel(model, (key) => key === 'b')).toEqual({ model: { b: model.b }, dropped: ['a'] });
  });

  it('checks sort models: known directions, each column once', () => {
    expect(validateSortModel([{ colId: 'a', sort: 'desc' }])).toEqual([{ colId: 'a', sort: 'desc' }]);
    expect(validateSortModel([{ colId: 'a', sort: 'up' }])).toBeNull();
    expect(validateSortModel([{ colId: 'a', sort: 'asc' }, { colId: 'a', sort: 'desc' }])).toBeNull();
  });
});

describe('view state in a shared link', () => {
  const state: DataGridViewState = {
    columns: [
      { colId: 'менеджер', hide: false, pinned: 'left', width: 180, sort: 'desc', sortIndex: 0 },
      { colId: 'amount', hide: true, pinned: null, sort: null, sortIndex: null },
      { colId: 'region', hide: false, pinned: 'right', width: 90, sort: 'asc', sortIndex: 1 },
    ],
    filterModel: { region: { filterType: 'values', values: ['North'] } },
    quickFilter: 'Ткаченко "a/b"',
  };

  it('round-trips columns, sort, filters and a Cyrillic quick search through URL-safe text', () => {
    const text = encodeViewState(state);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeViewState(text)).toEqual(state);
  });

  it('writes an empty view as a short text and reads it back as empty', () => {
    const text = encodeViewState({ columns: null, filterModel: {}, quickFilter: '' });
    expect(text.length).toBeLessThan(12);
    expect(decodeViewState(text)).toEqual({ columns: null, filterModel: {}, quickFilter: '' });
  });

  it('refuses tampered, truncated or foreign text without throwing', () => {
    const text = encodeViewState(state);
    for (const bad of ['', '!!', text.slice(0, -3), `${text}x`, 'eyJ2IjoyfQ', encodeURIComponent('{"v":1}')]) {
      expect(decodeViewState(bad), bad).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (junk) => {
      const result = decodeViewState(junk);
      expect(result === null || typeof result === 'object').toBe(true);
    }));
  });
});

describe('saved searches as preference strings', () => {
  it('keeps a plain search readable as the string itself', () => {
    expect(encodeSavedSearch({ name: 'north', quickFilter: 'north', filterModel: {} })).toBe('north');
    expect(decodeSavedSearch('north')).toEqual({ name: 'north', quickFilter: 'north', filterModel: {} });
  });

  it('round-trips a named search with column filters', () => {
    const search = { name: 'Big orders', quickFilter: 'laptop', filterModel: { amount: { filterType: 'number' as const, type: 'greaterThan' as const, filter: 1000 } } };
    expect(decodeSavedSearch(encodeSavedSearch(search))).toEqual(search);
  });

  it('reads a broken JSON form as a plain search instead of losing it', () => {
    expect(decodeSavedSearch('{"n":"x","q":1}')).toEqual({ name: '{"n":"x","q":1}', quickFilter: '{"n":"x","q":1}', filterModel: {} });
    expect(decodeSavedSearch('{oops')).toEqual({ name: '{oops', quickFilter: '{oops', filterModel: {} });
  });
});
