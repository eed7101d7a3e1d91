import { describe, expect, it } from 'vitest';
import { filterStateToQuery, parseFilterState } from '../../src/host/index';
import { MAX_QUERY_TEXT } from '../../src/host/filter-state';
import { presentFilterFields } from '../../src/host/filter-state';
import type { FilterSpecLike } from '../../src/host/index';

const spec = {
  columns: [
    { key: 'name', sortable: true, searchable: true },
    { key: 'total', sortable: true, searchable: false },
    { key: 'note', sortable: false, searchable: true },
  ],
  searchMode: 'per_column',
} as unknown as FilterSpecLike;

describe('parseFilterState', () => {
  it('reads q, sort, dir and f_<key> query names', () => {
    expect(parseFilterState('?q=acme%20inc&sort=total&dir=desc&f_region=north&f_city=')).toEqual({
      search: 'acme inc',
      sort: { key: 'total', direction: 'desc' },
      filters: { region: 'north' },
    });
  });

  it('gives an empty state for an empty query', () => {
    expect(parseFilterState('')).toEqual({ search: '', sort: null, filters: {} });
  });

  it('defaults the direction to asc and ignores dir without sort', () => {
    expect(parseFilterState('sort=name&dir=sideways').sort).toEqual({ key: 'name', direction: 'asc' });
    expect(parseFilterState('dir=desc').sort).toBeNull();
    expect(parseFilterState('sort=').sort).toBeNull();
  });

  it('drops non-sortable sort keys and non-searchable or unknown filter keys when a spec is given', () => {
    expect(parseFilterState('sort=note&f_total=1&f_name=a&f_ghost=b', spec)).toEqual({ search: '', sort: null, filters: { name: 'a' } });
  });

  it('ignores search and filters when the spec disables search', () => {
    const disabled = { ...spec, searchMode: 'disabled' } as FilterSpecLike;
    expect(parseFilterState('q=x&f_name=a&sort=name', disabled)).toEqual({ search: '', sort: { key: 'name', direction: 'asc' }, filters: {} });
  });

  it('never uses __proto__ as a filter key and cuts overlong text', () => {
    const state = parseFilterState(`f___proto__=x&q=${'a'.repeat(MAX_QUERY_TEXT + 50)}`);
    expect(Object.getPrototypeOf(state.filters)).toBe(Object.prototype);
    expect(Object.keys(state.filters)).toEqual([]);
    expect(state.search).toHaveLength(MAX_QUERY_TEXT);
  });
});

describe('presentFilterFields', () => {
  it('lists only the fields the URL actually carries', () => {
    expect(presentFilterFields('q=')).toEqual({ search: '' });
    expect(presentFilterFields('sort=name')).toEqual({ sort: { key: 'name', direction: 'asc' } });
    expect(presentFilterFields('f_name=')).toEqual({ filters: {} });
    expect(presentFilterFields('other=1')).toEqual({});
  });
});

describe('filterStateToQuery', () => {
  it('is the inverse of parseFilterState', () => {
    const state = { search: 'a&b c', sort: { key: 'total', direction: 'desc' as const }, filters: { name: 'ann', note: '' } };
    const query = filterStateToQuery(state);
    expect(query.toString()).toBe('q=a%26b+c&sort=total&dir=desc&f_name=ann');
    expect(parseFilterState(query)).toEqual({ ...state, filters: { name: 'ann' } });
  });

  it('gives an empty query for an empty state', () => {
    expect(filterStateToQuery({ search: '', sort: null, filters: {} }).toString()).toBe('');
  });
});
