/**
 * The search language, rule by rule (docs/search.md), with cases in English and in Ukrainian, and
 * properties: no input throws, the one-call forms agree with compiled queries, the AST is JSON.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMPTY_CELL_MARKERS,
  compileQuery,
  describeQuery,
  describeValuesFilter,
  matchesCellFilter,
  matchesQuery,
  matchesValuesFilter,
  parseLocaleNumber,
} from '../../src/core/search';
import type { ValuesFilterModel } from '../../src/core/search';
import { isValuesEmptyCell } from '../../src/core/data-grid/filter-operators';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator, messages } from '../../src/core/i18n';
import { getNumberFormat } from '../../src/core/format';

/** One row of a rule table: does `text` (with `cells`, when given) match `query`? */
type Case = readonly [query: string, text: string, expected: boolean, cells?: readonly string[]];

function check(cases: readonly Case[], locale?: string): void {
  for (const [query, text, expected, cells] of cases) {
    expect(matchesQuery(text, query, { cells, locale }), `${JSON.stringify(query)} on ${JSON.stringify(text)}${cells ? ` cells ${JSON.stringify(cells)}` : ''}`).toBe(expected);
  }
}

describe('words and phrases', () => {
  it('matches every word, in any order, as a substring, ignoring case and accents (en)', () => {
    check([
      ['laptop bag', 'Leather BAG for a laptop', true],
      ['laptop bag', 'Laptop sleeve', false],
      ['lap', 'Laptop', true],
      ['cafe', 'Café Léa', true],
      ['CAFÉ', 'cafe lea', true],
      ['lodz', 'Łódź', true],
      ['ŁÓDŹ', 'lodz', true],
      ['oresund', 'ØRESUND', true],
      ['dakovo', 'Đakovo', true],
      ['hamrun', 'Ħamrun', true],
      ['diyarbakir', 'Diyarbakır', true],
      ['lodz', 'Lida', false],
      ['', 'anything', true],
      ['   ', 'anything', true],
    ]);
  });

  it('matches Cyrillic words case-insensitively and in any order (uk)', () => {
    check(
      [
        ['київ склад', 'Склад у Києві — КИЇВ', true],
        ['КИЇВ', 'місто київ', true],
        ['львів', 'Київ', false],
        ['їжак', 'Іжак', true],
      ],
      'uk',
    );
  });

  it('reads double quotes as an exact phrase in which operators are plain characters', () => {
    check([
      ['"a-b / c"', 'code a-b / c here', true],
      ['"a-b / c"', 'a-b c', false],
      ['"laptop bag"', 'laptop bag', true],
      ['"laptop bag"', 'bag laptop', false],
      ['"x, y"', 'x, y', true],
      ['"50%"', 'share 50%', true],
      ['"-refurb"', 'a -refurb b', true],
      ['"-refurb"', 'refurb', false],
      ['"say ""hi"""', 'they say "hi"', true],
    ]);
    check(
      [
        ['"а-б / в"', 'код а-б / в тут', true],
        ['"ноутбук з сумкою"', 'Ноутбук з сумкою', true],
        ['"ноутбук з сумкою"', 'сумка і ноутбук', false],
      ],
      'uk',
    );
  });
});

describe('AND and NOT inside a group', () => {
  it('joins terms with +, excludes terms starting with -, − or –, and starts a term at a space before + or -', () => {
    check([
      ['laptop -refurb +warranty', 'laptop with warranty', true],
      ['laptop -refurb +warranty', 'refurb laptop with warranty', false],
      ['laptop -refurb +warranty', 'laptop', false],
      ['laptop+warranty', 'warranty laptop', true],
      ['laptop −refurb', 'refurb laptop', false],
      ['laptop –refurb', 'refurb laptop', false],
      ['a-b', 'a-b', true],
      ['a-b', 'a b', false],
      ['laptop+-refurb', 'refurb laptop', false],
    ]);
    check(
      [
        ['ноутбук -вживаний +гарантія', 'ноутбук, гарантія 2 роки', true],
        ['ноутбук -вживаний +гарантія', 'вживаний ноутбук, гарантія', false],
        ['ноутбук −вживаний', 'ноутбук вживаний', false],
      ],
      'uk',
    );
  });

  it('ignores empty parts and trims whitespace around terms', () => {
    check([
      ['a++b', 'b a', true],
      ['  a  +  b  ', 'a b', true],
      ['a + + b', 'a', false],
      ['-', 'anything', true],
      ['+', 'anything', true],
    ]);
    expect(compileQuery('a++b').ast.groups[0]?.terms.length).toBe(2);
  });

  it('matches every text without the excluded terms when a group holds only exclusions', () => {
    check([
      ['-refurb', 'new laptop', true],
      ['-refurb', 'refurb laptop', false],
      ['-refurb -used', 'used', false],
      ['-refurb -used', '', true],
    ]);
    check(
      [
        ['-вживаний', 'новий ноутбук', true],
        ['-вживаний', 'Вживаний ноутбук', false],
      ],
      'uk',
    );
  });
});

describe('OR between groups', () => {
  it('matches when any group separated by /, \\ or , matches', () => {
    check([
      ['kyiv / lviv', 'Lviv office', true],
      ['kyiv \\ lviv', 'Kyiv office', true],
      ['kyiv, lviv', 'Lviv office', true],
      ['kyiv/lviv', 'Odesa office', false],
      ['kyiv -office / lviv', 'Kyiv office', false],
      ['kyiv -office / lviv', 'Lviv office', true],
      ['a//b', 'b', true],
      ['kyiv/', 'Lviv', false],
    ]);
    check(
      [
        ['київ / львів', 'Офіс у Львові', false],
        ['київ / львів', 'Львів, офіс', true],
        ['київ, одеса', 'Одеса', true],
      ],
      'uk',
    );
  });

  it('does not split at separators inside quotes or at a comma inside a number of the locale', () => {
    check([
      ['"kyiv/lviv"', 'route kyiv/lviv', true],
      ['"kyiv/lviv"', 'kyiv', false],
      ['1,234', 'total 1,234.50', true],
      ['1,234', 'item 1', false],
      ['10,20', 'item 20', true],
    ]);
    check(
      [
        ['2,5', 'ціна 2,5 ₴', true],
        ['2,5', 'ціна 5 ₴', false],
      ],
      'uk',
    );
    expect(compileQuery('10,20', { locale: 'en' }).ast.groups).toHaveLength(2);
    expect(compileQuery('10,20', { locale: 'uk' }).ast.groups).toHaveLength(1);
  });
});

describe('numbers', () => {
  it('compares with >, >=, <, <=, = and inclusive ranges A..B', () => {
    check([
      ['>10', 'units 11', true],
      ['>10', 'units 10', false],
      ['>=10', 'units 10', true],
      ['<10', 'units 9.5', true],
      ['<=10', 'units 10', true],
      ['<=10', 'units 10.5', false],
      ['=10', 'units 10', true],
      ['=10', 'units 100', false],
      ['10..20', 'units 10', true],
      ['10..20', 'units 20', true],
      ['10..20', 'units 20.5', false],
      ['20..10', 'units 15', true],
      ['10..', 'units 99', true],
      ['..10', 'units 11', false],
      ['>-5', 'balance -3', true],
      ['<0', 'balance −3', true],
      ['> 10', 'units 11', true],
      ['>=1e3', 'units 1000', true],
      ['>50%', 'share 75%', true],
    ]);
    check(
      [
        ['>10', 'кількість 11', true],
        ['10..20', 'кількість 21', false],
        ['>2,5', 'ціна 2,75 ₴', true],
        ['>2,5', 'ціна 2,25 ₴', false],
      ],
      'uk',
    );
  });

  it('requires all number terms of a group to hold for the same number', () => {
    check([
      ['>10+<20', 'units 15', true],
      ['>10+<20', 'units 5 and 25', false],
      ['>10 <20', 'units 5 / 25', false],
      ['>10+<20 / =25', 'units 5 / 25', true],
    ]);
    check([['>10+<20', 'кількість 5 і 25', false]], 'uk');
  });

  it('reads numbers in the locale and in plain JavaScript syntax', () => {
    check(
      [
        ['=1234.5', '1 234,5 ₴', true],
        ['=1234.5', '1\u00a0234,5 ₴', true],
        ['=1234.5', '1\u202f234,5 ₴', true],
        ['=1234.5', '1234.5', true],
        ['=1234,5', 'сума 1 234,5', true],
        ['>1000', 'сума 2 500,5 ₴', true],
        ['=2 500,5', 'сума 2 500,5 ₴', true],
        ['> 2 500', 'сума 2 500,5 ₴', true],
        ['>2\u00a0600', 'сума 2 500,5 ₴', false],
        ['=2 50', 'сума 2 50', true],
      ],
      'uk',
    );
    check([
      ['=1234.5', '$1,234.5', true],
      ['=1234.5', '1234.5', true],
      ['=1234.5', '1 234,5', false],
      ['=1234', '1,234', true],
      ['>1000', '1,5', false],
    ]);
  });

  it('matches a text with several numbers when one of them satisfies the whole group', () => {
    check([
      ['>20', '5 / 25', true],
      ['=5', '5 / 25', true],
      ['>30', '5 / 25', false],
      ['<0', 'A-5 and 2024-01-15', false],
    ]);
    check([['>20', '5 з 25', true]], 'uk');
  });

  it('checks number terms cell by cell when the cells are known, never across two cells', () => {
    check([
      ['>10+<20', '5 25', false, ['5', '25']],
      ['>10+<20', '5 15', true, ['5', '15']],
      ['=1234', '1 234', false, ['1', '234']],
      ['>100', 'x', true, ['id 7', '250']],
    ]);
    check([['=1234', '1 234', false, ['1', '234']]], 'uk');
  });

  it('treats a number that does not parse after an operator as a literal phrase', () => {
    check([
      ['>abc', 'a >abc b', true],
      ['>abc', 'abc', false],
      ['=kyiv', '=kyiv', true],
    ]);
    const [term] = compileQuery('>abc').ast.groups[0]?.terms ?? [];
    expect(term).toMatchObject({ kind: 'text', phrase: true, parts: ['>abc'] });
  });

  it('ignores a lone operator while the number is still being typed', () => {
    expect(compileQuery('>').empty).toBe(true);
    expect(compileQuery('kyiv >=').ast.groups[0]?.terms).toHaveLength(1);
  });
});

describe('column scope', () => {
  const columns = [
    { key: 'region', label: 'Region' },
    { key: 'units', label: 'Units', format: 'number' as const },
    { key: 'mgr', label: 'Sales manager' },
    { key: 'note', label: 'Note' },
  ];
  const ukColumns = [
    { key: 'region', label: 'Регіон' },
    { key: 'units', label: 'Кількість', format: 'number' as const },
    { key: 'mgr', label: 'Менеджер з продажу' },
    { key: 'note', label: 'Примітка' },
  ];
  const row = { region: 'North-East', units: 12, mgr: 'Olena Petrenko', note: 'south 15' };
  const ukRow = { region: 'Північ', units: 12, mgr: 'Олена Петренко', note: 'південь 15' };

  it('limits terms to columns whose label contains the name, or whose key equals it', () => {
    const cases: [string, boolean][] = [
      ['region:north', true],
      ['region:south', false],
      ['manager:olena', true],
      ['mgr:olena', true],
      ['MANAGER:OLENA', true],
      ['note:north', false],
      ['units:10..20', true],
      ['units:>12', false],
      ['units:10..20+region:north', true],
      ['units:10..20+region:south', false],
      ['region:south, units:12', true],
      ['region:south / units:13', false],
      ['region:north east', true],
      ['south region:north', true],
      ['region:-south', true],
      ['-region:north', false],
      ['region: north', true],
      ['units: > 11', true],
      ['region:"north-east"', true],
    ];
    const compiled = (query: string) => compileQuery(query, { columns });
    for (const [query, expected] of cases) expect(compiled(query).matchesRow(row), query).toBe(expected);
    const ukCases: [string, boolean][] = [
      ['регіон:північ', true],
      ['регіон:південь', false],
      ['менеджер:олена', true],
      ['кількість:10..20+регіон:північ', true],
      ['примітка:північ', false],
      ['регіон:південь / кількість:12', true],
    ];
    for (const [query, expected] of ukCases) expect(compileQuery(query, { columns: ukColumns, locale: 'uk' }).matchesRow(ukRow), query).toBe(expected);
  });

  it('searches a label: that names no column as literal text', () => {
    const query = compileQuery('time:10:30', { columns });
    expect(query.ast.groups[0]?.terms[0]).toMatchObject({ kind: 'text', scope: null, parts: ['time:10:30'] });
    expect(query.matchesText('meeting time:10:30')).toBe(true);
    expect(compileQuery('час:10', { columns: ukColumns, locale: 'uk' }).matchesText('час:10 ранку')).toBe(true);
    // Without columns no label is a scope.
    expect(matchesQuery('region:north', 'region:north')).toBe(true);
    expect(matchesQuery('North', 'region:north')).toBe(false);
  });

  it('applies unscoped number terms to any cell, scoped ones to their columns only', () => {
    expect(compileQuery('>14', { columns }).matchesRow(row)).toBe(true);
    expect(compileQuery('units:>14', { columns }).matchesRow(row)).toBe(false);
    expect(compileQuery('note:>14', { columns }).matchesRow(row)).toBe(true);
    expect(compileQuery('кількість:>14', { columns: ukColumns, locale: 'uk' }).matchesRow(ukRow)).toBe(false);
  });

  it('never matches a text term across two cells of a row', () => {
    expect(compileQuery('eastolena', { columns }).matchesRow(row)).toBe(false);
    expect(compileQuery('"east olena"', { columns }).matchesRow(row)).toBe(false);
  });

  it('with matchesText and cells, looks at the cells of the named columns', () => {
    const query = compileQuery('region:north', { columns });
    expect(query.matchesText('North-East 12 Olena', ['North-East', '12', 'Olena', ''])).toBe(true);
    expect(query.matchesText('South 12 north', ['South', '12', 'north', ''])).toBe(false);
  });
});

describe('column filters', () => {
  it('take the search language for one cell plus SQL-style % wildcards', () => {
    const cases: [string, string, boolean][] = [
      ['Kyiv', 'ky', true],
      ['Kyiv', '%y%', true],
      ['Kyiv', 'ky%', true],
      ['Kyiv', 'iv%', false],
      ['Kyiv', '%iv', true],
      ['Kyiv', '%ky', false],
      ['Kyiv', 'k%v', true],
      ['Kyiv', 'v%k', false],
      ['Kyiv', '%%', false],
      ['Kyiv', '%', false],
      ['Kyiv', '-%%', true],
      ['Kyiv', 'ky% / lv%', true],
      ['Kyiv', '-ky%', false],
      ['50%', '"50%"', true],
      ['150%', '"50%"', true],
      ['12', '>10', true],
      ['region:north', 'region:north', true],
    ];
    for (const [cell, filter, expected] of cases) expect(matchesCellFilter(cell, filter), `${filter} on ${cell}`).toBe(expected);
    const ukCases: [string, string, boolean][] = [
      ['Київ', 'ки%', true],
      ['Київ', '%їв', true],
      ['Київ', 'їв%', false],
      ['12,5', '>10', true],
      ['2 500,5', '2500..2501', true],
    ];
    for (const [cell, filter, expected] of ukCases) expect(matchesCellFilter(cell, filter, { locale: 'uk' }), `${filter} on ${cell}`).toBe(expected);
  });

  it('reads % as a plain character in the global search', () => {
    expect(matchesQuery('share 50%', '50%')).toBe(true);
    expect(matchesQuery('500', '50%')).toBe(false);
  });
});

describe('values filters', () => {
  const cases: [string, ValuesFilterModel | null, boolean, (readonly string[])?][] = [
    ['Kyiv', null, true],
    [' Kyiv ', { values: ['Kyiv', 'Lviv'] }, true],
    ['Kyiv', { values: [' Kyiv '], match: 'exact' }, true],
    ['Kyiv', { values: ['Kyi'] }, false],
    ['kyiv', { values: ['Kyiv'] }, false],
    ['Kyiv', { values: [] }, false],
    ['', { values: [''] }, true],
    ['red, blue', { values: ['blue'], match: 'any_token' }, true],
    ['red, blue', { values: ['blu'], match: 'any_token' }, false],
    ['red; blue | green', { values: ['green'], match: 'any_token' }, true],
    ['ignored', { values: ['b'], match: 'any_token' }, true, ['a', 'b']],
    ['red', { values: [], match: 'any_token' }, false],
    ['', { mode: 'empty' }, true],
    ['  ', { mode: 'empty' }, true],
    ['-', { mode: 'empty' }, true],
    [' — ', { mode: 'empty' }, true],
    ['0', { mode: 'empty' }, false],
    ['—', { mode: 'non_empty' }, false],
    ['x', { mode: 'non_empty' }, true],
    // A list cell (its items as tokens) is empty when every item is: an empty list too (issue 26).
    ['', { mode: 'empty' }, true, []],
    ['-, —', { mode: 'empty' }, true, ['-', ' — ']],
    ['a', { mode: 'empty' }, false, ['', 'a']],
    ['', { mode: 'non_empty' }, false, []],
    ['a', { mode: 'non_empty' }, true, ['a']],
    ['Київ', { values: ['Київ', 'Львів'] }, true],
    ['Київ', { values: ['Киї'] }, false],
    ['червоний, синій', { values: ['синій'], match: 'any_token' }, true],
  ];

  it('evaluates checklists (exact, any token), empty and non-empty, and null as inactive', () => {
    for (const [cell, model, expected, tokens] of cases) expect(matchesValuesFilter(cell, model, tokens), `${cell} ${JSON.stringify(model)}`).toBe(expected);
    expect(EMPTY_CELL_MARKERS).toEqual(['', '-', '—']);
  });

  it("reads a list cell as the data grid's checklist does: empty when every item is, an empty list included", () => {
    for (const [cell, empty] of [[[], true], [[''], true], [['  ', '—'], true], [['a'], false], [['', 'a'], false], [null, true], ['-', true], ['x', false]] as const) {
      expect(isValuesEmptyCell(cell), JSON.stringify(cell)).toBe(empty);
    }
  });

  it('treats a model it cannot read as inactive rather than hiding every row', () => {
    for (const bad of [{}, { values: 'x' }, { mode: 'other' }, 42, 'x']) expect(matchesValuesFilter('a', bad as unknown as ValuesFilterModel)).toBe(true);
  });

  it('says what a values filter keeps, with plural forms in both languages', () => {
    const en = createTranslator({ locale: 'en' });
    const uk = createTranslator({ locale: 'uk' });
    expect(describeValuesFilter({ values: ['Kyiv'] }, en)).toBe('Is Kyiv');
    expect(describeValuesFilter({ values: ['a', 'b', 'c'] }, en)).toBe('Is one of 3 values');
    expect(describeValuesFilter({ values: [] }, en)).toBe('Matches nothing: no value is selected');
    expect(describeValuesFilter({ mode: 'empty' }, en)).toBe('Is empty');
    expect(describeValuesFilter(null, en)).toBe('');
    expect(describeValuesFilter({ values: ['a', 'b'] }, uk)).toBe('Одне з 2 значень');
    expect(describeValuesFilter({ values: Array.from({ length: 21 }, (_, i) => String(i)) }, uk)).toBe('Одне з 21 значення');
    expect(describeValuesFilter({ values: ['x', 'y', 'z', 'w', 'v'], match: 'any_token' }, uk)).toBe('Має одне з 5 значень');
    expect(describeValuesFilter({ mode: 'non_empty' }, uk)).toBe('Не порожнє');
  });
});

describe('bad input', () => {
  it('reads an unbalanced quote as closed at the end', () => {
    check([
      ['"laptop bag', 'a laptop bag', true],
      ['"laptop bag', 'laptop', false],
      ['kyiv "a/b', 'kyiv a/b', true],
    ]);
    check([['"ноутбук з', 'ноутбук з сумкою', true]], 'uk');
  });

  it('never throws, whatever the query, text, cells, row or locale (property)', () => {
    const alphabet = fc.constantFrom('a', 'К', 'ї', '1', '0', '5', ',', '.', ' ', '\u00a0', '"', '+', '-', '−', '–', '/', '\\', ':', '>', '<', '=', '%', '≥', 'e', '\u0000', '\u0001', '\ud800');
    const query = fc.oneof(fc.string({ unit: alphabet as fc.Arbitrary<string>, maxLength: 24 }), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ maxLength: 12 }));
    const columns = [
      { key: 'a', label: 'Alpha' },
      { key: 'n', label: 'Кількість', format: 'number' as const },
      { key: 'p', label: 'Share', format: 'percent' as const },
    ];
    fc.assert(
      fc.property(query, fc.string({ unit: alphabet as fc.Arbitrary<string>, maxLength: 16 }), fc.constantFrom('en', 'uk', 'de', 'xx', 'not a locale!', undefined), fc.anything(), (q, text, locale, cell) => {
        const compiled = compileQuery(q, { columns, locale });
        compiled.matchesText(text);
        compiled.matchesText(text, [text, q]);
        compiled.matchesRow({ a: cell, n: cell, p: text });
        compiled.describe('en');
        compiled.describe('uk');
        matchesCellFilter(text, q, { locale });
        parseLocaleNumber(q, locale);
        matchesValuesFilter(text, cell as ValuesFilterModel);
        expect(JSON.parse(JSON.stringify(compiled.ast))).toEqual(compiled.ast);
      }),
      { numRuns: 600 },
    );
    for (const weird of [null, undefined, 42, {}, []]) {
      expect(() => compileQuery(weird as unknown as string).matchesText(weird as unknown as string)).not.toThrow();
      expect(matchesQuery('x', weird as unknown as string)).toBe(true);
      expect(compileQuery('x').matchesRow(weird as unknown as Record<string, unknown>)).toBe(false);
    }
  });

  it('gives the same answer compiled and in one call (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'к', '1', '2', '5', ',', '.', ' ', '"', '+', '-', '/', ':', '>', '<', '=', '%');
    const text = fc.string({ unit: alphabet as fc.Arbitrary<string>, maxLength: 14 });
    fc.assert(
      fc.property(text, text, fc.constantFrom('en', 'uk', undefined), fc.option(fc.array(text, { maxLength: 3 }), { nil: undefined }), (q, t, locale, cells) => {
        expect(compileQuery(q, { locale }).matchesText(t, cells)).toBe(matchesQuery(t, q, { locale, cells }));
        expect(compileQuery(q).matchesText(t)).toBe(matchesQuery(t, q));
        expect(compileQuery(q, { locale, mode: 'cell' }).matchesText(t, [t])).toBe(matchesCellFilter(t, q, { locale }));
      }),
      { numRuns: 800 },
    );
  });

  it('reads at most 100 terms', () => {
    const query = compileQuery(Array.from({ length: 150 }, (_, i) => `w${i}`).join(' '));
    expect(query.ast.groups[0]?.terms).toHaveLength(100);
  });
});

describe('describe', () => {
  const columns = [
    { key: 'region', label: 'Region' },
    { key: 'units', label: 'Units' },
  ];
  const ukColumns = [
    { key: 'region', label: 'Регіон' },
    { key: 'units', label: 'Кількість' },
  ];

  it('says how a query was understood, in English', () => {
    const cases: [string, string][] = [
      ['region:north units:10..20', 'Region contains north AND Units between 10 and 20'],
      ['laptop -refurb +warranty', 'Contains laptop AND does not contain refurb AND contains warranty'],
      ['kyiv / lviv -paid', 'Contains kyiv OR (contains lviv AND does not contain paid)'],
      ['>10+<20', 'A number greater than 10 and less than 20'],
      ['-=5', 'No number equal to 5'],
      ['units:-=5', 'Units not equal to 5'],
      ['"a-b / c"', 'Contains “a-b / c”'],
      ['>abc', 'Contains “>abc”'],
      ['units:>=10000', 'Units at least 10,000'],
      ['', ''],
    ];
    for (const [query, summary] of cases) expect(compileQuery(query, { columns }).describe('en'), query).toBe(summary);
  });

  it('says how a query was understood, in Ukrainian', () => {
    const cases: [string, string][] = [
      ['регіон:північ кількість:10..20', 'Регіон містить північ І Кількість від 10 до 20'],
      ['ноутбук -вживаний +гарантія', 'Містить ноутбук І не містить вживаний І містить гарантія'],
      ['київ / львів', 'Містить київ АБО містить львів'],
      ['>2,5+<10', 'Число більше за 2,5 і менше за 10'],
      ['-=5', 'Жодне число не дорівнює 5'],
      ['кількість:>=10000', 'Кількість щонайменше 10\u00a0000'],
    ];
    for (const [query, summary] of cases) expect(compileQuery(query, { columns: ukColumns, locale: 'uk' }).describe('uk'), query).toBe(summary);
  });

  it('describes column filters without a subject', () => {
    const en = createTranslator({ locale: 'en' });
    const uk = createTranslator({ locale: 'uk' });
    const cell = (query: string) => compileQuery(query, { mode: 'cell' }).ast;
    expect(describeQuery(cell('ky%'), en)).toBe('Starts with ky');
    expect(describeQuery(cell('%iv'), en)).toBe('Ends with iv');
    expect(describeQuery(cell('k%v'), en)).toBe('Matches the pattern k%v');
    expect(describeQuery(cell('%%'), en)).toBe('Matches nothing');
    expect(describeQuery(cell('-ky%'), en)).toBe('Does not start with ky');
    expect(describeQuery(cell('>10'), en)).toBe('Greater than 10');
    expect(describeQuery(cell('ки%'), uk)).toBe('Починається з ки');
    expect(describeQuery(cell('-=5'), uk)).toBe('Не дорівнює 5');
    expect(describeQuery(cell('ky% / %iv'), en, { column: 'City' })).toBe('City starts with ky OR City ends with iv');
    expect(describeQuery(cell('10..20'), uk, { column: 'Кількість' })).toBe('Кількість від 10 до 20');
  });

  it('names at most three columns of a wide scope and counts the rest with plural forms', () => {
    const wide = Array.from({ length: 6 }, (_, i) => ({ key: `m${i}`, label: `Manager ${i}` }));
    expect(compileQuery('manager:olena', { columns: wide }).describe('en')).toBe('Manager 0, Manager 1, or 4 more columns contains olena');
    const ukWide = Array.from({ length: 23 }, (_, i) => ({ key: `m${i}`, label: `Менеджер ${i}` }));
    expect(compileQuery('менеджер:олена', { columns: ukWide }).describe('uk')).toBe('Менеджер 0, Менеджер 1 або ще 21 стовпець містить олена');
  });

  it('uses a given translator, with its overrides', () => {
    const translator = createTranslator({ locale: 'en', overrides: { en: { 'search.summary.and': 'and also' } } });
    expect(compileQuery('a b').describe(translator)).toBe('Contains a and also contains b');
  });
});

describe('parseLocaleNumber', () => {
  it('reads plain JavaScript syntax and the locale writing', () => {
    const cases: [string, string | undefined, number | null][] = [
      ['1234.5', 'en', 1234.5],
      ['1,234.5', 'en', 1234.5],
      ['1,234,567', 'en', 1234567],
      ['-4', 'en', -4],
      ['+4', 'en', 4],
      ['.5', 'en', 0.5],
      ['1e3', 'en', 1000],
      [' 42 ', 'en', 42],
      ['1,5', 'en', null],
      ['1,23', 'en', null],
      ['1 000', 'en', null],
      ['$5', 'en', null],
      ['5%', 'en', null],
      ['12abc', 'en', null],
      ['', 'en', null],
      ['Infinity', 'en', null],
      ['0x10', 'en', null],
      ['1e400', 'en', null],
      ['2 500,5', 'uk', 2500.5],
      ['1 234,5', 'uk', 1234.5],
      ['1\u00a0234,5', 'uk', 1234.5],
      ['1\u202f234,5', 'uk', 1234.5],
      ['1234.5', 'uk', 1234.5],
      ['1234,5', 'uk', 1234.5],
      ['−5', 'uk', -5],
      ['1,234.5', 'uk', null],
      ['1.234', 'de', 1234],
      ['1.5', 'de', 1.5],
      ['1.234,5', 'de', 1234.5],
      ['12,34,567', 'en-IN', 1234567],
      ['5', 'not a locale!', 5],
      ['1,234', undefined, 1234],
    ];
    for (const [text, locale, expected] of cases) expect(parseLocaleNumber(text, locale), `${JSON.stringify(text)} ${locale}`).toBe(expected);
    expect(parseLocaleNumber(12 as unknown as string)).toBeNull();
  });

  it('reads back every number Intl writes for en, uk and de, as the cell shows it (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), fc.integer({ min: -1e9, max: 1e9 })), fc.constantFrom('en', 'uk', 'de'), (value, locale) => {
        const text = getNumberFormat(locale, 'number').format(value);
        const shown = Number(getNumberFormat('en', 'number').format(value).replace(/,/g, ''));
        expect(parseLocaleNumber(text, locale)).toBe(shown + 0);
        // The query writes the number as the cell shows it, in the locale.
        expect(matchesQuery(`total ${text} due`, `=${text}`, { locale })).toBe(true);
        expect(matchesQuery(`total ${text} due`, `>=${text}+<=${text}`, { locale })).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('docs/search.md', () => {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/search.md'), 'utf8');
  const rowsOf = (heading: string): string[][] => {
    const start = doc.indexOf(heading);
    const lines = doc.slice(start).split('\n');
    const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
    const rows: string[][] = [];
    for (const line of table.slice(2)) {
      if (!line.startsWith('|')) break;
      rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')));
    }
    return rows;
  };

  it('shows the same examples as the help popover, in English and Ukrainian', () => {
    const examples = rowsOf('| Query (en) |');
    expect(examples).toHaveLength(6);
    examples.forEach(([enQuery, enMeaning, ukQuery, ukMeaning], i) => {
      const n = i + 1;
      expect(enQuery).toBe(messages.en[`search.help.example_${n}.query` as keyof typeof messages.en]);
      expect(enMeaning).toBe(messages.en[`search.help.example_${n}.meaning` as keyof typeof messages.en]);
      expect(ukQuery).toBe(messages.uk[`search.help.example_${n}.query` as keyof typeof messages.uk]);
      expect(ukMeaning).toBe(messages.uk[`search.help.example_${n}.meaning` as keyof typeof messages.uk]);
    });
  });

  it('says what describe() says for every summary it lists', () => {
    const columns = {
      en: [{ key: 'region', label: 'Region' }, { key: 'units', label: 'Units' }],
      uk: [{ key: 'region', label: 'Регіон' }, { key: 'units', label: 'Кількість' }],
    };
    const summaries = rowsOf('| Query | Locale | Summary |');
    expect(summaries.length).toBeGreaterThan(5);
    for (const [query, locale, summary] of summaries) {
      const lang = locale as 'en' | 'uk';
      const said = compileQuery(query ?? '', { columns: columns[lang], locale: lang }).describe(lang);
      expect(said.replace(/[\u00a0\u202f]/g, ' '), query).toBe(summary);
    }
  });
});
