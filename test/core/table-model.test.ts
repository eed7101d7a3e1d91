import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Column, FormatOptions, Row } from '../../src/core/types';
import {
  asciiSortKey,
  exportMatrix,
  filterRows,
  formatNumberForSearch,
  nextSortDirection,
  normaliseSearchText,
  searchTextOfNumber,
  sortRows,
  visibleRowIndices,
  visibleRows,
  visibleRowsInSteps,
  warmSearchIndex,
  warmSearchNumbers,
  warmSortIndex,
} from '../../src/core/table-model';
import type { TableFilter } from '../../src/core/table-model';
import { formatValue, getCollator, getNumberFormat, valueToText } from '../../src/core/format';
import { compileQuery, matchesValuesFilter } from '../../src/core/search';
import { firstSortedRows, sortedIndices } from '../../src/core/table-model/sort';
import { asciiCollationOf, compareToKeyed, keyedText } from '../../src/core/table-model/ascii-collation';
import { UNMARKED_LETTER_FOLDS } from '../../src/core/table-model/text-fold';

function col<R extends Row = Row>(key: string, extra: Partial<Column<R>> = {}): Column<R> {
  return { key, label: key, format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null, ...extra };
}

const keysOf = (rows: readonly Row[], key = 'id') => rows.map((r) => r[key]);

describe('nextSortDirection', () => {
  it('cycles ascending, descending, original order, ascending', () => {
    expect(nextSortDirection(null)).toBe('asc');
    expect(nextSortDirection(undefined)).toBe('asc');
    expect(nextSortDirection('asc')).toBe('desc');
    expect(nextSortDirection('desc')).toBeNull();
  });
});

describe('sortRows', () => {
  it('compares numbers as numbers, not as text', () => {
    const rows = [{ id: 1, n: 10 }, { id: 2, n: 9 }, { id: 3, n: 100 }, { id: 4, n: -5 }];
    expect(keysOf(sortRows(rows, col('n', { format: 'number' }), 'asc'))).toEqual([4, 2, 1, 3]);
    expect(keysOf(sortRows(rows, col('n', { format: 'number' }), 'desc'))).toEqual([3, 1, 2, 4]);
  });

  it('compares numeric strings as numbers in numeric columns but as text (numeric collation) in text columns', () => {
    const rows = [{ id: 1, n: '10' }, { id: 2, n: '9.5' }, { id: 3, n: '-1' }];
    expect(keysOf(sortRows(rows, col('n', { format: 'currency' }), 'asc'))).toEqual([3, 2, 1]);
    // Text collation: '-1' sorts by its characters; '9.5' < '10' thanks to numeric collation.
    const text = sortRows(rows, col('n'), 'asc').map((r) => r.n);
    expect(text.indexOf('9.5')).toBeLessThan(text.indexOf('10'));
  });

  it('sorts text with the locale collator: numeric runs, case and accents', () => {
    const rows = ['item 10', 'item 2', 'Émile', 'emile', 'Zoe', 'apple'].map((name, id) => ({ id, name }));
    const sorted = sortRows(rows, col('name'), 'asc').map((r) => r.name);
    const expected = rows.map((r) => r.name).sort(getCollator('en').compare);
    expect(sorted).toEqual(expected);
    expect(sorted.indexOf('item 2')).toBeLessThan(sorted.indexOf('item 10'));
    expect(sorted.indexOf('apple')).toBe(0);
  });

  it('follows the locale: Ukrainian letters in Ukrainian alphabetical order', () => {
    const rows = ['ї', 'і', 'и', 'ґ', 'г', 'є', 'е'].map((name, id) => ({ id, name }));
    expect(sortRows(rows, col('name'), 'asc', 'uk').map((r) => r.name)).toEqual(['г', 'ґ', 'е', 'є', 'и', 'і', 'ї']);
  });

  it('honours sortValue', () => {
    const rows = [{ id: 1, size: 'M' }, { id: 2, size: 'XL' }, { id: 3, size: 'S' }];
    const rank: Record<string, number> = { S: 0, M: 1, XL: 2 };
    const column = col<(typeof rows)[number]>('size', { sortValue: (row) => rank[row.size] });
    expect(keysOf(sortRows(rows, column, 'asc'))).toEqual([3, 1, 2]);
    expect(keysOf(sortRows(rows, column, 'desc'))).toEqual([2, 1, 3]);
  });

  it('puts empty values last in both directions, in original order', () => {
    const rows = [{ id: 1, n: null }, { id: 2, n: 3 }, { id: 3, n: undefined }, { id: 4, n: 1 }, { id: 5, n: '' }, { id: 6, n: Number.NaN }, { id: 7 }];
    expect(keysOf(sortRows(rows, col('n', { format: 'number' }), 'asc'))).toEqual([4, 2, 1, 3, 5, 6, 7]);
    expect(keysOf(sortRows(rows, col('n', { format: 'number' }), 'desc'))).toEqual([2, 4, 1, 3, 5, 6, 7]);
    const text = [{ id: 1, s: '  ' }, { id: 2, s: 'b' }, { id: 3, s: 'a' }];
    expect(keysOf(sortRows(text, col('s'), 'desc'))).toEqual([2, 3, 1]);
  });

  it('is stable in both directions: equal keys keep their original order', () => {
    const rows = [{ id: 1, g: 'b' }, { id: 2, g: 'a' }, { id: 3, g: 'b' }, { id: 4, g: 'a' }, { id: 5, g: 'b' }];
    expect(keysOf(sortRows(rows, col('g'), 'asc'))).toEqual([2, 4, 1, 3, 5]);
    expect(keysOf(sortRows(rows, col('g'), 'desc'))).toEqual([1, 3, 5, 2, 4]);
    const nums = rows.map((r, i) => ({ id: r.id, n: i % 2 }));
    expect(keysOf(sortRows(nums, col('n'), 'desc'))).toEqual([2, 4, 1, 3, 5]);
  });

  it('keeps repeats and canonically equal texts together and stable in mostly-distinct columns', () => {
    // 300 distinct names plus repeats and an NFD spelling of an NFC name: the no-dedupe path.
    const names = Array.from({ length: 300 }, (_, i) => `name ${i}`);
    const rows = [...names.map((name, id) => ({ id, name })), { id: 300, name: 'name 7' }, { id: 301, name: 'Caf\u00e9' }, { id: 302, name: 'name 7' }, { id: 303, name: 'Cafe\u0301' }];
    const asc = sortRows(rows, col('name'), 'asc');
    const desc = sortRows(rows, col('name'), 'desc');
    const ids = (list: typeof rows, name: string) => list.filter((r) => r.name.normalize() === name.normalize()).map((r) => r.id);
    expect(ids(asc, 'name 7')).toEqual([7, 300, 302]);
    expect(ids(desc, 'name 7')).toEqual([7, 300, 302]);
    expect(ids(asc, 'Café')).toEqual([301, 303]);
    const collator = getCollator('en');
    expect(asc.map((r) => r.name)).toEqual(rows.map((r) => r.name).sort(collator.compare));
    // The two spellings of Café are next to each other in both directions.
    const at = desc.findIndex((r) => r.id === 301);
    expect(desc[at + 1]?.id).toBe(303);
  });

  it('returns the same row objects in a new array and leaves the input untouched', () => {
    const rows = Object.freeze([{ id: 2 }, { id: 1 }]);
    const sorted = sortRows(rows, col('id'), 'asc');
    expect(sorted).not.toBe(rows);
    expect(sorted[0]).toBe(rows[1]);
    expect(keysOf(rows)).toEqual([2, 1]);
  });

  it('gives the original order for direction null', () => {
    const rows = [{ id: 3 }, { id: 1 }, { id: 2 }];
    const same = sortRows(rows, col('id'), null);
    expect(keysOf(same)).toEqual([3, 1, 2]);
    expect(same).not.toBe(rows);
  });

  it('orders numbers before text in a mixed column, and sorts Dates, booleans and bigints as numbers', () => {
    const rows = [{ id: 1, v: 'x' }, { id: 2, v: 5 }, { id: 3, v: 'a' }, { id: 4, v: 2n }, { id: 5, v: true }];
    expect(keysOf(sortRows(rows, col('v'), 'asc'))).toEqual([5, 4, 2, 3, 1]);
    const dates = [{ id: 1, d: new Date('2024-03-01') }, { id: 2, d: new Date('2023-01-01') }, { id: 3, d: new Date('invalid') }];
    expect(keysOf(sortRows(dates, col('d'), 'asc'))).toEqual([2, 1, 3]);
  });

  it('handles negative numbers, zero, -0 and infinities with the radix sort (large input)', () => {
    const values = [0, -0, -1.5, 1.5, Infinity, -Infinity, 1e-300, -1e300, 42, 7];
    const rows = Array.from({ length: 1000 }, (_, id) => ({ id, n: values[id % values.length] }));
    const sorted = sortRows(rows, col('n', { format: 'number' }), 'asc');
    // -0 and 0 are equal keys, so both keep original order among themselves.
    const reference = rows.slice().sort((a, b) => (a.n as number) - (b.n as number) || a.id - b.id);
    expect(keysOf(sorted)).toEqual(keysOf(reference));
  });

  it('orders doubles that differ only in their lowest bits (large input)', () => {
    const rows = Array.from({ length: 200 }, (_, id) => ({ id, n: 1 + ((id * 73) % 200) * Number.EPSILON }));
    const sorted = sortRows(rows, col('n', { format: 'number' }), 'asc').map((r) => r.n);
    expect(sorted).toEqual(rows.map((r) => r.n).sort((a, b) => a - b));
    expect(new Set(sorted).size).toBe(200);
  });

  it('matches a naive stable sort for any numbers (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -50, max: 50 }), fc.constant(null)), { maxLength: 400 }), fc.boolean(), (values, ascending) => {
        const rows = values.map((n, id) => ({ id, n }));
        const direction = ascending ? 'asc' : 'desc';
        const got = keysOf(sortRows(rows, col('n', { format: 'number' }), direction));
        const present = rows.filter((r) => r.n !== null);
        const empty = rows.filter((r) => r.n === null);
        const sign = ascending ? 1 : -1;
        present.sort((a, b) => {
          const x = (a.n as number) === 0 ? 0 : (a.n as number);
          const y = (b.n as number) === 0 ? 0 : (b.n as number);
          return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id;
        });
        expect(got).toEqual(keysOf([...present, ...empty]));
      }),
      { numRuns: 150 },
    );
  });

  it('matches the collator exactly for any text (property)', () => {
    const collator = getCollator('en');
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'B', 'é', 'E', '1', '2', '0', ' ', '-', 'ß', 'ö', 'Z') as fc.Arbitrary<string>, maxLength: 6 }), { maxLength: 300 }), (values) => {
        const rows = values.map((s, id) => ({ id, s }));
        const got = keysOf(sortRows(rows, col('s'), 'asc'));
        const present = rows.filter((r) => r.s.trim() !== '');
        const empty = rows.filter((r) => r.s.trim() === '');
        present.sort((a, b) => collator.compare(a.s, b.s) || a.id - b.id);
        expect(got).toEqual(keysOf([...present, ...empty]));
      }),
      { numRuns: 150 },
    );
  });

  it('starts fresh for a new rows array and for another sortValue function', () => {
    const rows = [{ id: 1, n: 2 }, { id: 2, n: 1 }];
    expect(keysOf(sortRows(rows, col('n'), 'asc'))).toEqual([2, 1]);
    const replaced = [{ id: 1, n: 0 }, { id: 2, n: 1 }];
    expect(keysOf(sortRows(replaced, col('n'), 'asc'))).toEqual([1, 2]);
    expect(keysOf(sortRows(rows, col('n', { sortValue: (r) => -Number(r.n) }), 'asc'))).toEqual([1, 2]);
  });

  it('reads inherited names such as constructor as own properties only', () => {
    const rows = [{ id: 1, constructor: 'b' }, { id: 2 }, { id: 3, constructor: 'a' }] as Row[];
    expect(keysOf(sortRows(rows, col('constructor'), 'asc'))).toEqual([3, 1, 2]);
  });

  it('gives the same order after warming the cache', () => {
    const rows = Array.from({ length: 300 }, (_, id) => ({ id, s: `name ${(id * 37) % 300}` }));
    const column = col('s');
    const cold = keysOf(sortRows(rows.slice(), column, 'desc'));
    warmSortIndex(rows, column, 'en');
    expect(keysOf(sortRows(rows, column, 'desc'))).toEqual(cold);
  });
});

describe('normaliseSearchText', () => {
  it('lower-cases, drops accents and folds whitespace including no-break spaces', () => {
    expect(normaliseSearchText('Café  Ürün')).toBe('cafe urun');
    expect(normaliseSearchText('1\u202f234,50\u00a0₴')).toBe('1 234,50 ₴');
    expect(normaliseSearchText('ЇЖАК')).toBe('іжак');
  });

  it('folds letters NFD leaves whole to the letter readers type, capitals through their lower case', () => {
    expect(normaliseSearchText('Łódź')).toBe('lodz');
    expect(normaliseSearchText('ŁÓDŹ')).toBe('lodz');
    expect(normaliseSearchText('Øresund')).toBe('oresund');
    expect(normaliseSearchText('Đakovo Ðorð')).toBe('dakovo dord');
    expect(normaliseSearchText('Ħamrun')).toBe('hamrun');
    expect(normaliseSearchText('Ŧ ŧ')).toBe('t t');
    expect(normaliseSearchText('Diyarbakır DİYARBAKIR')).toBe('diyarbakir diyarbakir');
    expect(normaliseSearchText('Ƀ Ǥ Ɨ Ƶ')).toBe('b g i z');
  });

  it('folds every letter of its table one character for one, and leaves letters needing two as they are', () => {
    for (const [letter, plain] of UNMARKED_LETTER_FOLDS) {
      expect(letter.normalize('NFD'), letter).toBe(letter);
      expect(plain, letter).toMatch(/^[a-z]$/);
      expect(normaliseSearchText(letter)).toBe(plain);
      expect(normaliseSearchText(letter.toUpperCase())).toBe(plain);
      expect(normaliseSearchText(`x${letter}y`)).toHaveLength(3);
    }
    expect(normaliseSearchText('Straße Æble Þór')).toBe('straße æble þor');
  });
});

describe('filterRows', () => {
  const rows = [
    { id: 1, name: 'Café Léa', city: 'Lyon', amount: 1234.5, secret: 'zebra' },
    { id: 2, name: 'Bob', city: 'Paris', amount: 99, secret: 'lyon' },
    { id: 3, name: 'Zoë', city: 'Kyiv', amount: null, secret: null },
  ];
  const columns = [col('id', { format: 'number' }), col('name'), col('city'), col('amount', { format: 'currency' }), col('secret', { searchable: false })];

  it('matches case- and accent-insensitively', () => {
    expect(keysOf(filterRows(rows, columns, { global: 'CAFE LEA' }))).toEqual([1]);
    expect(keysOf(filterRows(rows, columns, { global: 'zoe' }))).toEqual([3]);
  });

  it('finds letters with a stroke from the plain letters, and the plain letters from them', () => {
    const places = [
      { id: 1, city: 'Łódź' },
      { id: 2, city: 'Øresund' },
      { id: 3, city: 'Lodz' },
      { id: 4, city: 'Diyarbakır' },
      { id: 5, city: 'Oslo' },
    ];
    const cityColumns = [col('id', { format: 'number', searchable: false }), col('city')];
    expect(keysOf(filterRows(places, cityColumns, { global: 'lodz' }))).toEqual([1, 3]);
    expect(keysOf(filterRows(places, cityColumns, { global: 'ŁÓDŹ' }))).toEqual([1, 3]);
    expect(keysOf(filterRows(places, cityColumns, { global: 'oresund' }))).toEqual([2]);
    expect(keysOf(filterRows(places, cityColumns, { global: 'bakir' }))).toEqual([4]);
    expect(keysOf(filterRows(places, cityColumns, { global: 'ø' }))).toEqual([1, 2, 3, 5]);
  });

  it('requires every word of the query, anywhere in the row', () => {
    expect(keysOf(filterRows(rows, columns, { global: 'lyon cafe' }))).toEqual([1]);
    expect(keysOf(filterRows(rows, columns, { global: 'lyon paris' }))).toEqual([]);
  });

  it('matches numbers by their formatted and their raw text', () => {
    expect(keysOf(filterRows(rows, columns, { global: '$1,234.50' }))).toEqual([1]);
    expect(keysOf(filterRows(rows, columns, { global: '1234.5' }))).toEqual([1]);
    expect(keysOf(filterRows(rows, columns, { global: '1,234' }))).toEqual([1]);
  });

  it('uses the locale and currency for formatted text (no-break spaces fold to spaces)', () => {
    expect(keysOf(filterRows(rows, columns, { global: '1 234,5' }, { locale: 'uk', currency: 'UAH' }))).toEqual([1]);
  });

  it('never matches non-searchable columns', () => {
    expect(keysOf(filterRows(rows, columns, { global: 'zebra' }))).toEqual([]);
    expect(keysOf(filterRows(rows, columns, { global: 'lyon' }))).toEqual([1]);
  });

  it('filters a per-column query by that column only', () => {
    expect(keysOf(filterRows(rows, columns, { perColumn: { city: 'PAR' } }))).toEqual([2]);
    // 'bob' is a name, not a city.
    expect(keysOf(filterRows(rows, columns, { perColumn: { city: 'bob' } }))).toEqual([]);
    expect(keysOf(filterRows(rows, columns, { perColumn: { city: 'y', name: 'caf' } }))).toEqual([1]);
  });

  it('ignores per-column queries for unknown or non-searchable keys and blank queries', () => {
    expect(keysOf(filterRows(rows, columns, { perColumn: { secret: 'zebra', nope: 'x', name: '  ' } }))).toEqual([1, 2, 3]);
    expect(keysOf(filterRows(rows, columns, { global: '   ' }))).toEqual([1, 2, 3]);
  });

  it('never matches across cells', () => {
    // name 'Bob' followed by city 'Paris' must not match "bobparis" or "bob\u0000paris".
    expect(keysOf(filterRows(rows, columns, { global: 'bobparis' }))).toEqual([]);
    expect(keysOf(filterRows(rows, columns, { global: 'bob\u0000paris' }))).toEqual([2]);
  });

  it('returns new arrays of the same row objects', () => {
    const found = filterRows(rows, columns, { global: 'bob' });
    expect(found[0]).toBe(rows[1]);
  });

  it('builds the index in slices: a partly warmed index still finds every row', () => {
    const many = Array.from({ length: 50 }, (_, id) => ({ id, name: id % 10 === 0 ? 'Needle' : 'hay', city: 'x', amount: id, secret: '' }));
    expect(warmSearchIndex(many, columns, 'en', undefined, 20)).toBe(false);
    expect(warmSearchIndex(many, columns, 'en', undefined, 20)).toBe(false);
    expect(keysOf(filterRows(many, columns, { global: 'needle' }))).toEqual([0, 10, 20, 30, 40]);
    expect(warmSearchIndex(many, columns, 'en', undefined, 20)).toBe(true);
    expect(warmSearchIndex(many, columns, 'en', 'city', 30)).toBe(false);
    expect(keysOf(filterRows(many, columns, { perColumn: { name: 'need' } }))).toEqual([0, 10, 20, 30, 40]);
    expect(warmSearchIndex(many, columns, 'en', 'unknown')).toBe(true);
  });

  it('gives the same result after warming the index', () => {
    const fresh = rows.map((r) => ({ ...r }));
    warmSearchIndex(fresh, columns, 'en');
    warmSearchIndex(fresh, columns, 'en', 'city');
    expect(keysOf(filterRows(fresh, columns, { global: 'ly' }))).toEqual([1]);
    expect(keysOf(filterRows(fresh, columns, { perColumn: { city: 'ky' } }))).toEqual([3]);
  });
});

describe('visibleRows and visibleRowIndices', () => {
  const rows = [
    { id: 1, name: 'b', n: 3 },
    { id: 2, name: 'a', n: 1 },
    { id: 3, name: 'ab', n: 2 },
    { id: 4, name: 'c', n: 4 },
  ];
  const columns = [col('id'), col('name'), col('n', { format: 'number', sortable: false })];

  it('filters, then sorts', () => {
    expect(keysOf(visibleRows(rows, columns, { filter: { global: 'a' }, sort: { key: 'name', direction: 'desc' } }))).toEqual([3, 2]);
    expect(Array.from(visibleRowIndices(rows, columns, { filter: { global: 'b' }, sort: { key: 'name', direction: 'asc' } }))).toEqual([2, 0]);
  });

  it('ignores a sort on an unknown or non-sortable column', () => {
    expect(keysOf(visibleRows(rows, columns, { sort: { key: 'n', direction: 'asc' } }))).toEqual([1, 2, 3, 4]);
    expect(keysOf(visibleRows(rows, columns, { sort: { key: 'missing', direction: 'asc' } }))).toEqual([1, 2, 3, 4]);
  });

  it('returns a fresh index array each call', () => {
    const first = visibleRowIndices(rows, columns, { sort: { key: 'name', direction: 'asc' } });
    first[0] = 99;
    expect(Array.from(visibleRowIndices(rows, columns, { sort: { key: 'name', direction: 'asc' } }))[0]).toBe(1);
  });

  it('handles an empty table', () => {
    expect(visibleRows([], columns, { filter: { global: 'x' }, sort: { key: 'name', direction: 'asc' } })).toEqual([]);
  });
});

describe('exportMatrix', () => {
  it('writes a header row and raw values, honouring exportRaw', () => {
    const rows = [{ id: 1, amount: 1234.5, when: 'x' }];
    const columns = [col('id'), col('amount', { format: 'currency', label: 'Amount' }), col('when', { exportRaw: () => 'raw!' })];
    expect(exportMatrix(rows, columns)).toEqual([
      ['id', 'Amount', 'when'],
      [1, 1234.5, 'raw!'],
    ]);
  });

  it('neutralises formula-like text in cells and headers, keeping numbers numeric', () => {
    const rows = [{ a: '=HYPERLINK("http://x","y")', b: '+1', c: '-2', d: '@SUM(A1)', e: -2, f: null }];
    const columns = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => col(k));
    columns[0] = col('a', { label: '=evil()' });
    const [header, row] = exportMatrix(rows, columns);
    expect(header?.[0]).toBe("'=evil()");
    expect(row).toEqual(["'=HYPERLINK(\"http://x\",\"y\")", "'+1", "'-2", "'@SUM(A1)", -2, null]);
  });
});

// ---------------------------------------------------------------------------------------------
// Fast paths: they must give exactly what the slow, obvious computation gives.
// ---------------------------------------------------------------------------------------------

/**
 * The search semantics stated in the docs, computed the obvious way: the search language's
 * per-row evaluation (`compileQuery(...).matchesRow`: formatted and raw text per cell, normalised;
 * numbers as shown), the global query over the searchable columns, each column filter over its
 * column, values filters over the raw cell text.
 */
function referenceFilter(rows: readonly Row[], columns: readonly Column[], filter: TableFilter, options: FormatOptions): number[] {
  const searchable = columns.filter((c) => c.searchable);
  const settings = { locale: options.locale, currency: options.currency };
  const global = compileQuery(filter.global ?? '', { ...settings, columns: searchable });
  const perColumn = searchable
    .filter((c) => filter.perColumn !== undefined && Object.prototype.hasOwnProperty.call(filter.perColumn, c.key))
    .map((c) => compileQuery(filter.perColumn?.[c.key] ?? '', { ...settings, columns: [c], mode: 'cell' }));
  const values = columns.filter((c) => filter.values !== undefined && Object.prototype.hasOwnProperty.call(filter.values, c.key));
  return rows.flatMap((row, index) => {
    if (searchable.length > 0 && !global.matchesRow(row)) return [];
    if (!perColumn.every((query) => query.matchesRow(row))) return [];
    if (!values.every((c) => matchesValuesFilter(valueToText(row[c.key]), filter.values?.[c.key] ?? null))) return [];
    return [index];
  });
}

const FORMAT_LOCALES: FormatOptions[] = [
  { locale: 'en', currency: 'USD' },
  { locale: 'uk', currency: 'UAH' },
  { locale: 'de', currency: 'EUR' },
];
const NUMERIC_FORMATS = ['number', 'currency', 'percent'] as const;

/** Doubles of every kind, with many that sit exactly on a rounding tie or a grouping edge. */
const anyNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e17, max: 1e17 }),
  fc.double({ noNaN: true, min: -2, max: 2 }),
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).chain((k) => fc.constantFrom(k / 100, k / 1000, k / 10_000, k / 100_000, k / 1e6)),
  fc.integer({ min: 0, max: 100_000 }).map((k) => (k + 0.5) / 1000),
  fc.constantFrom(0, -0, 0.005, 1.005, 1.0005, 999.9995, 0.045, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, 1e21, 5e-324, 1e-7, 123456789.125),
);

describe('number texts for search (fast path against Intl)', () => {
  it('reads the shape of en, uk and de number, currency and percent formats (the fast path is used)', () => {
    for (const options of FORMAT_LOCALES) {
      for (const format of NUMERIC_FORMATS) expect(formatNumberForSearch(-1234567.5, format, options).fast).toBe(true);
    }
  });

  it('formats exactly as Intl.NumberFormat for en, uk and de (property)', () => {
    for (const options of FORMAT_LOCALES) {
      for (const format of NUMERIC_FORMATS) {
        const intl = getNumberFormat(options.locale, format, options.currency);
        fc.assert(
          fc.property(anyNumber, (value) => {
            expect(formatNumberForSearch(value, format, options).text).toBe(intl.format(value));
          }),
          { numRuns: 400 },
        );
      }
    }
  });

  it('gives the search text the index always held: normalised displayed text and raw text (property)', () => {
    for (const options of FORMAT_LOCALES) {
      for (const format of ['text', ...NUMERIC_FORMATS] as const) {
        fc.assert(
          fc.property(anyNumber, (value) => {
            const shown = formatValue(value, format, options);
            const raw = valueToText(value);
            expect(searchTextOfNumber(value, format, options)).toBe(normaliseSearchText(shown === raw ? shown : `${shown}\u0001${raw}`));
          }),
          { numRuns: 300 },
        );
      }
    }
  });

  it('falls back to Intl where it cannot be identical: 2^53 and beyond, other numbering systems', () => {
    expect(formatNumberForSearch(2 ** 60, 'number', { locale: 'en' })).toEqual({ text: getNumberFormat('en', 'number').format(2 ** 60), fast: false });
    const arabic = formatNumberForSearch(1234.5, 'number', { locale: 'ar-EG' });
    expect(arabic.text).toBe(getNumberFormat('ar-EG', 'number').format(1234.5));
  });
});

describe('search: cold column-by-column matching and the warm row index agree with the stated semantics', () => {
  const cellChars = ['a', 'B', 'é', 'e\u0301', 'Σ', 'ς', ' ', '\u00a0', '1', '0', '.', ',', '-', 'k', 'Ü', 'İ', '$', '%', '₴'];
  const queryChars = ['1', '2', '0', '5', ',', '.', ' ', '$', '%', 'k', 'a', 'e', '-', '₴', 'é', 'σ', 'ς', '\u00a0', 'i', 'u'];
  const text = fc.string({ unit: fc.constantFrom(...cellChars) as fc.Arbitrary<string>, maxLength: 6 });
  const query = fc.string({ unit: fc.constantFrom(...queryChars) as fc.Arbitrary<string>, maxLength: 4 });
  const numericCell = fc.oneof({ weight: 6, arbitrary: anyNumber }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '12.5', 'n/a', true) });
  const columns = [
    col('id', { format: 'number' }),
    col('name'),
    col('amount', { format: 'currency' }),
    col('share', { format: 'percent' }),
    col('code'),
    col('hidden', { format: 'number', searchable: false }),
  ];
  const rowsArb = fc.array(
    fc.record({ id: numericCell, name: text, amount: numericCell, share: numericCell, code: fc.oneof(text, anyNumber), hidden: numericCell }),
    { maxLength: 40 },
  );

  it('matches the reference for any rows and queries, cold, partly warmed and warmed, in en, uk and de (property)', () => {
    fc.assert(
      fc.property(rowsArb, query, query, query, fc.constantFrom(...FORMAT_LOCALES), (rows, global, name, amount, options) => {
        const filters: TableFilter[] = [{ global }, { perColumn: { name, amount, share: global } }, { global: amount, perColumn: { id: name } }];
        for (const filter of filters) {
          const expected = referenceFilter(rows, columns, filter, options);
          const cold = rows.slice();
          expect(Array.from(visibleRowIndices(cold, columns, { filter }, options))).toEqual(expected);
          const partly = rows.slice();
          warmSearchIndex(partly, columns, options, undefined, rows.length >> 1);
          for (const c of columns) warmSearchIndex(partly, columns, options, c.key, rows.length >> 2);
          expect(Array.from(visibleRowIndices(partly, columns, { filter }, options))).toEqual(expected);
          const warm = rows.slice();
          warmSearchIndex(warm, columns, options);
          for (const c of columns) warmSearchIndex(warm, columns, options, c.key);
          expect(Array.from(visibleRowIndices(warm, columns, { filter }, options))).toEqual(expected);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('runs the whole search language over the index exactly as the per-row reference: scopes, OR, exclusions, numbers, wildcards, values (property)', () => {
    const languageChars = ['1', '2', '5', '0', ',', '.', ' ', '-', '+', '/', '"', '>', '<', '=', ':', '%', 'k', 'a', 'é', 'n', 'm', '$'];
    const smart = fc.oneof(
      fc.string({ unit: fc.constantFrom(...languageChars) as fc.Arbitrary<string>, maxLength: 9 }),
      fc.tuple(fc.constantFrom('name:', 'amount:', 'sh', 'code:', 'id:', ''), fc.constantFrom('>1', '<=5', '1..2', '-a', 'a', '"a b"', '=0', '%')).map(([scope, term]) => scope + term),
      fc.constantFrom('a/-1', 'name:a +>0', '>0+<100 / k', 'amount:>-5 code:-a', '1,5', '-0..1', '%a%', 'a%', '%1'),
    );
    const valuesModel = fc.oneof(
      fc.constant(null),
      fc.record({ values: fc.array(fc.constantFrom('a', '1', '', '12.5', 'n/a'), { maxLength: 3 }), match: fc.constantFrom('exact' as const, 'any_token' as const) }),
      fc.constantFrom({ mode: 'empty' as const }, { mode: 'non_empty' as const }),
    );
    fc.assert(
      fc.property(rowsArb, smart, smart, valuesModel, fc.constantFrom(...FORMAT_LOCALES), (rows, global, other, values, options) => {
        const filters: TableFilter[] = [{ global }, { perColumn: { name: other, amount: global } }, { global: other, perColumn: { share: global }, values: { code: values, hidden: values } }];
        for (const filter of filters) {
          const expected = referenceFilter(rows, columns, filter, options);
          expect(Array.from(visibleRowIndices(rows.slice(), columns, { filter }, options)), JSON.stringify(filter)).toEqual(expected);
          const partly = rows.slice();
          warmSearchIndex(partly, columns, options, undefined, rows.length >> 1);
          warmSearchNumbers(partly, columns, options, undefined, rows.length);
          for (const c of columns) warmSearchIndex(partly, columns, options, c.key, rows.length >> 2);
          expect(Array.from(visibleRowIndices(partly, columns, { filter }, options)), JSON.stringify(filter)).toEqual(expected);
          const warm = rows.slice();
          warmSearchIndex(warm, columns, options);
          warmSearchNumbers(warm, columns, options);
          for (const c of columns) warmSearchIndex(warm, columns, options, c.key);
          expect(Array.from(visibleRowIndices(warm, columns, { filter }, options)), JSON.stringify(filter)).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds a phrase with a space in cells whose whitespace normalising folds (double spaces, tabs), cold and warm', () => {
    const rows = [{ id: 1, t: 'a  b' }, { id: 2, t: 'A\tB' }, { id: 3, t: 'ab' }, { id: 4, t: 'x a b' }, { id: 5, t: 'é a  b' }];
    const cols = [col('id', { format: 'number' }), col('t')];
    for (const filter of [{ global: '"a b"' }, { global: '"a b" / zzz' }, { global: '-"a b"' }, { perColumn: { t: '"a b"%' } }, { perColumn: { t: '%"a b"' } }] as TableFilter[]) {
      const expected = referenceFilter(rows, cols, filter, { locale: 'en' });
      expect(Array.from(visibleRowIndices(rows.slice(), cols, { filter }, 'en')), JSON.stringify(filter)).toEqual(expected);
      const warm = rows.slice();
      warmSearchIndex(warm, cols, 'en');
      warmSearchIndex(warm, cols, 'en', 't');
      expect(Array.from(visibleRowIndices(warm, cols, { filter }, 'en')), JSON.stringify(filter)).toEqual(expected);
    }
    expect(keysOf(filterRows(rows, cols, { global: '"a b"' }))).toEqual([1, 2, 4, 5]);
  });

  it('answers queries with many words (40 alternatives, 35 exclusions) exactly as the reference', () => {
    const rows = Array.from({ length: 400 }, (_, id) => ({ id, word: `w${id % 50}`, other: `x${id % 7}`, n: id % 13 }));
    const cols = [col('id', { format: 'number' }), col('word'), col('other'), col('n', { format: 'number' })];
    const many = Array.from({ length: 40 }, (_, k) => `w${k + 5}`).join(' / ');
    for (const global of [many, `${many} -x3`, `x1 ${Array.from({ length: 35 }, (_, k) => `-w${k}`).join(' ')} n:>4`, `"w1" other:%x2 ${many}`]) {
      const filter = { global };
      expect(Array.from(visibleRowIndices(rows.slice(), cols, { filter }, 'en')), global).toEqual(referenceFilter(rows, cols, filter, { locale: 'en' }));
      const partly = rows.slice();
      warmSearchIndex(partly, cols, 'en', undefined, 150);
      expect(Array.from(visibleRowIndices(partly, cols, { filter }, 'en')), global).toEqual(referenceFilter(rows, cols, filter, { locale: 'en' }));
    }
  });

  it('never builds a numeric column for a query it cannot match, yet finds digits, symbols and grouping in it', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: i % 7 === 0 ? 'Kyiv' : 'Lviv', amount: (i * 1234.5) % 100_000, share: (i % 1000) / 1000 }));
    const cols = [col('id', { format: 'number' }), col('name'), col('amount', { format: 'currency' }), col('share', { format: 'percent' })];
    const filters: TableFilter[] = [{ global: 'ky' }, { global: '2,4' }, { global: '$1' }, { global: '%' }, { global: '12.5%' }, { global: 'kyiv 1' }, { perColumn: { amount: 'k' } }, { perColumn: { share: '50%' } }];
    for (const filter of filters) {
      expect(Array.from(visibleRowIndices(rows.slice(), cols, { filter }, 'en'))).toEqual(referenceFilter(rows, cols, filter, { locale: 'en' }));
    }
  });

  it('keeps the memo of repeated values correct when a column turns out mostly distinct', () => {
    const rows = Array.from({ length: 6000 }, (_, i) => ({ id: i, city: i < 2500 ? ['Zürich', 'Łódź'][i % 2] : `Town ${i}`, n: i < 2500 ? i % 3 : i * 1.5 }));
    const cols = [col('id'), col('city'), col('n', { format: 'number' })];
    for (const filter of [{ global: 'zurich' }, { global: 'town 59' }, { global: '2' }, { global: '8,9' }]) {
      expect(Array.from(visibleRowIndices(rows.slice(), cols, { filter }, 'uk'))).toEqual(referenceFilter(rows, cols, filter, { locale: 'uk' }));
    }
  });
});

describe('visibleRowsInSteps', () => {
  const cities = ['Kyiv', 'Lviv', 'Odesa', 'Zürich', 'Łódź'];
  const many = Array.from({ length: 12_000 }, (_, i) => ({ id: i, city: cities[i % 5], status: i % 3 === 0 ? 'paid' : 'open', qty: (i * 37) % 500, note: `note ${(i * 7919) % 10_000}` }));
  const cols = [col('id', { format: 'number' }), col('city'), col('status'), col('qty', { format: 'number' }), col('note')];
  const states = [
    { filter: { global: 'kyiv' } },
    { filter: { global: 'kyiv/odesa -paid qty:100..300' } },
    { filter: { global: 'zürich/łódź -open 10..20' }, sort: { key: 'qty', direction: 'desc' as const } },
    { filter: { global: 'note 99' }, sort: { key: 'city', direction: 'asc' as const } },
    { filter: { global: 'no such thing' } },
    { filter: { perColumn: { city: 'k%', note: '%9' } } },
    { filter: { values: { status: { values: ['paid'] } } }, sort: { key: 'note', direction: 'asc' as const } },
    { sort: { key: 'qty', direction: 'asc' as const } },
    {},
  ];
  const budget = (steps: number) => {
    let left = steps;
    return { timeRemaining: () => (left-- > 0 ? 1 : 0) };
  };

  it('finds the first rows of the result first and ends with exactly the result of visibleRowIndices, cold, partly and fully warmed', () => {
    for (const warmth of ['cold', 'partly', 'warm'] as const) {
      for (const state of states) {
        const rows = many.slice();
        if (warmth !== 'cold') {
          warmSearchIndex(rows, cols, 'en', undefined, warmth === 'warm' ? Infinity : 5000);
          warmSearchNumbers(rows, cols, 'en', undefined, warmth === 'warm' ? Infinity : 3000);
          for (const c of cols) warmSearchIndex(rows, cols, 'en', c.key, warmth === 'warm' ? Infinity : 4000);
          for (const c of cols) warmSearchNumbers(rows, cols, 'en', c.key, warmth === 'warm' ? Infinity : 4000);
        }
        const expected = Array.from(visibleRowIndices(rows.slice(), cols, state, 'en'));
        const steps = visibleRowsInSteps(rows, cols, state, 'en');
        const done = steps.advance(100);
        const first = Array.from(steps.found);
        expect(first, `${warmth} ${JSON.stringify(state)}`).toEqual(expected.slice(0, first.length));
        expect(first.length).toBeGreaterThanOrEqual(Math.min(100, expected.length));
        expect(done).toBe(steps.complete);
        let rounds = 0;
        while (!steps.advance(0, budget(rounds % 2))) rounds++;
        expect(rounds).toBeLessThan(20);
        expect(Array.from(steps.found), `${warmth} ${JSON.stringify(state)}`).toEqual(expected);
      }
    }
  });

  it('answers at once when nothing filters or the caches are complete, and looks at part of the rows otherwise', () => {
    const rows = many.slice();
    // A sort not built yet gives its first rows from one pass, then builds the order.
    const unsorted = visibleRowsInSteps(rows, cols, { sort: { key: 'qty', direction: 'asc' } }, 'en');
    expect(unsorted.advance(10)).toBe(false);
    expect(unsorted.found.length).toBe(10);
    expect(Array.from(unsorted.found)).toEqual(Array.from(visibleRowIndices(many, cols, { sort: { key: 'qty', direction: 'asc' } }, 'en').subarray(0, 10)));
    expect(unsorted.advance(0, { timeRemaining: () => 100 })).toBe(true);
    expect(unsorted.found.length).toBe(rows.length);
    // Built: at once.
    expect(visibleRowsInSteps(rows, cols, { sort: { key: 'qty', direction: 'desc' } }, 'en').advance(10)).toBe(true);
    const cold = visibleRowsInSteps(rows, cols, { filter: { global: 'kyiv' } }, 'en');
    expect(cold.advance(10)).toBe(false);
    expect(cold.found.length).toBeLessThan(2400);
    warmSearchIndex(rows, cols, 'en');
    warmSearchNumbers(rows, cols, 'en');
    const warm = visibleRowsInSteps(rows, cols, { filter: { global: 'kyiv' } }, 'en');
    expect(warm.advance(10)).toBe(true);
    expect(warm.found.length).toBe(2400);
  });
});

describe('sorting ASCII text without the collator (fast path against Intl.Collator)', () => {
  const MODELLED = ['en', 'uk', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru'];
  const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 8 });
  const wordy = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'Z', 'z', '0', '1', '9', ' ', '-', '_', '.', "'", '\t', '\u0001') as fc.Arbitrary<string>, maxLength: 8 });
  const numbered = fc.tuple(fc.constantFrom('Customer ', 'customer ', 'Item-', 'item ', '', 'x'), fc.integer({ min: 0, max: 2_000_000 }), fc.constantFrom('', '0', '00', 'a', 'B')).map(([prefix, n, suffix]) => `${prefix}${suffix.startsWith('0') ? suffix : ''}${n}${suffix.startsWith('0') ? '' : suffix}`);
  const value = fc.oneof(ascii, wordy, numbered);

  it('reads the ASCII collation of every modelled language and refuses the others', () => {
    for (const locale of MODELLED) expect(asciiSortKey('Customer 12', locale)).not.toBeNull();
    for (const locale of ['da', 'cs', 'lt', 'tr', 'en-u-kf-upper', 'de-u-co-phonebk']) expect(asciiSortKey('Customer 12', locale)).toBeNull();
    expect(asciiSortKey('Café', 'en')).toBeNull();
  });

  it('compares keys exactly as the collator compares the texts (property)', () => {
    for (const locale of MODELLED) {
      const collator = getCollator(locale);
      fc.assert(
        fc.property(value, value, (a, b) => {
          const ka = asciiSortKey(a, locale) as string;
          const kb = asciiSortKey(b, locale) as string;
          expect(Math.sign(ka < kb ? -1 : ka > kb ? 1 : 0)).toBe(Math.sign(collator.compare(a, b)));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('compares a text with a keyed one exactly as the collator, code by code, whatever either holds (property)', () => {
    const any = fc.oneof(value, fc.string({ maxLength: 6 }), fc.constantFrom('0', '00', 'a0', 'a00', 'a 0', '1'.repeat(61), `x${'0'.repeat(70)}1`, 'ä', 'Ab'));
    for (const locale of [...MODELLED, 'da']) {
      const collator = getCollator(locale);
      const collation = asciiCollationOf(collator);
      fc.assert(
        fc.property(any, any, (a, b) => {
          expect(Math.sign(compareToKeyed(a, keyedText(b, collation), collation, collator))).toBe(Math.sign(collator.compare(a, b)));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('sorts ASCII columns, small and large, exactly as a stable collator sort, in both directions (property)', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 400 }), fc.constantFrom(...MODELLED), fc.boolean(), (values, locale, ascending) => {
        const rows = values.map((s, id) => ({ id, s }));
        const collator = getCollator(locale);
        const present = rows.filter((r) => r.s.trim() !== '');
        const empty = rows.filter((r) => r.s.trim() === '');
        const sign = ascending ? 1 : -1;
        present.sort((a, b) => sign * collator.compare(a.s, b.s) || a.id - b.id);
        expect(keysOf(sortRows(rows, col('s'), ascending ? 'asc' : 'desc', locale))).toEqual(keysOf([...present, ...empty]));
      }),
      { numRuns: 120 },
    );
  });

  it('tells apart long shared prefixes, outliers and repeats (several radix rounds)', () => {
    const values = Array.from({ length: 5000 }, (_, i) => (i % 500 === 0 ? 'Zebra' : i % 3 === 0 ? `Customer ${(i * 7919) % 100_000}` : `Customer ${(i * 7919) % 100_000} of Kyiv branch ${i % 4}`));
    values.push('Customer 00042', 'customer 42', 'Customer 42', 'CUSTOMER 42');
    const rows = values.map((s, id) => ({ id, s }));
    const collator = getCollator('en');
    const expected = rows.slice().sort((a, b) => collator.compare(a.s, b.s) || a.id - b.id);
    expect(keysOf(sortRows(rows, col('s'), 'asc', 'en'))).toEqual(keysOf(expected));
  });

  it('still sorts locales whose ASCII collation differs (Danish aa after z) through the collator', () => {
    const rows = ['aa', 'z', 'ab', 'Aa', 'b'].map((s, id) => ({ id, s }));
    const collator = getCollator('da');
    expect(sortRows(rows, col('s'), 'asc', 'da').map((r) => r.s)).toEqual(rows.map((r) => r.s).sort(collator.compare));
    expect(sortRows(rows, col('s'), 'asc', 'da').map((r) => r.s).at(-1)).not.toBe('z');
  });
});

describe('the first rows of a sort, chosen without sorting (firstSortedRows)', () => {
  const text = fc.oneof(
    fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'Z', '0', '1', '9', ' ', '-', '.', '\t') as fc.Arbitrary<string>, maxLength: 6 }),
    fc.string({ unit: fc.constantFrom('а', 'Б', 'ї', 'Ґ', 'é', 'ß', 'ö', 'z', '2', ' ') as fc.Arbitrary<string>, maxLength: 5 }),
    fc.integer({ min: 0, max: 3000 }).map((n) => `Customer ${n}`),
  );
  const cell = fc.oneof(
    text,
    fc.integer({ min: -20, max: 20 }),
    fc.double(),
    fc.constantFrom(null, undefined, '', '  ', -0, 0, Number.NaN, Number.POSITIVE_INFINITY, true, false, '12', '1,5', new Date(5), new Date(Number.NaN)),
  );
  // Distinct texts with a few repeats: ties the sample does not hand over to the sort.
  const distinct = fc.oneof(fc.integer({ min: 0, max: 400 }).map((n) => `Customer ${n}`), fc.integer({ min: 0, max: 400 }).map((n) => `клієнт ${n}`), fc.constantFrom('same', 'Same', 'SAME'));

  it('gives exactly the first rows of the built sort, in both directions, for any values, formats and locales (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(cell, { maxLength: 300 }),
          fc.array(distinct, { maxLength: 300 }),
          fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(null, Number.NaN, -0, '3', 'x')), { maxLength: 300 }),
        ),
        fc.constantFrom('text', 'number', 'currency') as fc.Arbitrary<'text' | 'number' | 'currency'>,
        fc.constantFrom('en', 'uk', 'da'),
        fc.boolean(),
        // Mostly fewer rows than the table: ties then fall across the cut.
        fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 320 })),
        (values, format, locale, ascending, limit) => {
          const direction = ascending ? 'asc' : 'desc';
          const rows = values.map((v, id) => ({ id, v }));
          const column = col('v', { format });
          const first = firstSortedRows(rows, column, direction, locale, limit);
          const expected = Array.from(sortedIndices(rows.slice(), column, direction, locale).subarray(0, Math.min(limit, rows.length)));
          if (first !== null) expect(Array.from(first)).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers the usual columns (numbers, distinct ASCII text) in one pass, including sorted and reversed data and ties', () => {
    const rows = Array.from({ length: 5000 }, (_, id) => ({ id, name: `Customer ${(id * 7919) % 4000}`, amount: Math.round(((id * 31) % 977) * 1.5), up: id, down: -id }));
    for (const key of ['name', 'amount', 'up', 'down']) {
      const column = col(key, { format: key === 'name' ? 'text' : 'number' });
      for (const direction of ['asc', 'desc'] as const) {
        const first = firstSortedRows(rows, column, direction, 'en', 64);
        expect(first, `${key} ${direction}`).not.toBeNull();
        expect(Array.from(first as Uint32Array), `${key} ${direction}`).toEqual(Array.from(sortedIndices(rows.slice(), column, direction, 'en').subarray(0, 64)));
      }
    }
  });

  it('leaves columns that repeat their texts (statuses, cities) to the sort, which ranks each value once', () => {
    const rows = Array.from({ length: 2000 }, (_, id) => ({ id, city: ['Kyiv', 'Lviv', 'Zürich'][id % 3] }));
    expect(firstSortedRows(rows, col('city'), 'asc', 'en', 64)).toBeNull();
  });

  it('reads a built sort instead of the rows', () => {
    const rows = Array.from({ length: 300 }, (_, id) => ({ id, n: (id * 7) % 101 }));
    const column = col('n', { format: 'number' });
    const built = sortedIndices(rows, column, 'desc', 'en');
    expect(Array.from(firstSortedRows(rows, column, 'desc', 'en', 10) as Uint32Array)).toEqual(Array.from(built.subarray(0, 10)));
  });
});

describe('warming in budgeted steps', () => {
  it('builds a sort index over several calls and gives the same order as building it at once; a click finishes it', () => {
    const rows = Array.from({ length: 20_000 }, (_, id) => ({ id, s: `name ${(id * 7919) % 20_000}`, n: (id * 31) % 977 }));
    const spent = { timeRemaining: () => 0 };
    for (const column of [col('s'), col('n', { format: 'number' })]) {
      const expected = keysOf(sortRows(rows.slice(), column, 'desc', 'en'));
      const warmed = rows.slice();
      let calls = 1;
      while (!warmSortIndex(warmed, column, 'en', spent)) calls++;
      expect(calls).toBeGreaterThan(3);
      expect(keysOf(sortRows(warmed, column, 'desc', 'en'))).toEqual(expected);
      const half = rows.slice();
      warmSortIndex(half, column, 'en', spent);
      warmSortIndex(half, column, 'en', spent);
      expect(keysOf(sortRows(half, column, 'desc', 'en'))).toEqual(expected);
      expect(warmSortIndex(half, column, 'en', spent)).toBe(true);
    }
  });

  it('drops a build whose sortValue throws, so the next call starts over', () => {
    const rows = Array.from({ length: 10 }, (_, id) => ({ id }));
    let fail = true;
    const column = col<(typeof rows)[number]>('id', {
      sortValue: (row) => {
        if (fail) throw new Error('boom');
        return -row.id;
      },
    });
    expect(() => sortRows(rows, column, 'asc')).toThrow('boom');
    fail = false;
    expect(keysOf(sortRows(rows, column, 'asc'))[0]).toBe(9);
  });
});
