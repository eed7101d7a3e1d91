import { describe, expect, it } from 'vitest';
import { layoutHeader } from '../../src/core/table-model/header-layout';
import { buildPdfExportUrl } from '../../src/core/table-model/pdf-url';

describe('layoutHeader', () => {
  it('gives one header row when no column belongs to a group', () => {
    expect(layoutHeader(['a', 'b'], [])).toEqual({ groupRow: null, columnRow: [0, 1] });
    expect(layoutHeader(['a', 'b'], [{ label: 'G', columnKeys: ['zzz'] }])).toEqual({ groupRow: null, columnRow: [0, 1] });
    expect(layoutHeader(['a'], undefined)).toEqual({ groupRow: null, columnRow: [0] });
  });

  it('spans groups over adjacent columns and lets ungrouped columns span both rows', () => {
    expect(layoutHeader(['a', 'b', 'c', 'd'], [{ label: 'G', columnKeys: ['b', 'c'] }])).toEqual({
      groupRow: [
        { kind: 'column', columnIndex: 0, rowspan: 2 },
        { kind: 'group', label: 'G', colspan: 2, groupIndex: 0, firstColumn: 1 },
        { kind: 'column', columnIndex: 3, rowspan: 2 },
      ],
      columnRow: [1, 2],
    });
  });

  it('gives a column listed twice to the first group', () => {
    const layout = layoutHeader(['a', 'b'], [
      { label: 'One', columnKeys: ['a', 'b'] },
      { label: 'Two', columnKeys: ['b'] },
    ]);
    expect(layout.groupRow).toEqual([{ kind: 'group', label: 'One', colspan: 2, groupIndex: 0, firstColumn: 0 }]);
  });

  const groups = [
    { label: 'Order', columnKeys: ['id', 'date'] },
    { label: 'Figures', columnKeys: ['units', 'amount'] },
  ];

  it('draws a group left with one column of its own name as that column alone, spanning both rows', () => {
    // "Date" hidden: the group "Order" would stand over a lone "Order".
    expect(layoutHeader(['id', 'units', 'amount'], groups, ['Order', 'Units', 'Amount'])).toEqual({
      groupRow: [
        { kind: 'column', columnIndex: 0, rowspan: 2 },
        { kind: 'group', label: 'Figures', colspan: 2, groupIndex: 1, firstColumn: 1 },
      ],
      columnRow: [1, 2],
    });
    // Case and surrounding spaces do not make the names different.
    expect(layoutHeader(['id', 'units', 'amount'], groups, [' order ', 'Units', 'Amount']).groupRow?.[0]).toEqual({ kind: 'column', columnIndex: 0, rowspan: 2 });
  });

  it('keeps a one-column group whose name says something else, and a group of several columns', () => {
    expect(layoutHeader(['id', 'units'], groups, ['Order', 'Units']).groupRow).toEqual([
      { kind: 'column', columnIndex: 0, rowspan: 2 },
      { kind: 'group', label: 'Figures', colspan: 1, groupIndex: 1, firstColumn: 1 },
    ]);
    expect(layoutHeader(['id', 'date'], groups, ['Order', 'Date']).groupRow).toEqual([{ kind: 'group', label: 'Order', colspan: 2, groupIndex: 0, firstColumn: 0 }]);
    // Without labels nothing is merged (the old call keeps its meaning).
    expect(layoutHeader(['id'], groups).groupRow).toEqual([{ kind: 'group', label: 'Order', colspan: 1, groupIndex: 0, firstColumn: 0 }]);
  });

  it('gives one header row when every group is left with only a column of its own name', () => {
    expect(layoutHeader(['id', 'region'], groups, ['Order', 'Region'])).toEqual({ groupRow: null, columnRow: [0, 1] });
  });

  it('merges per run: a group split by the reader\'s order merges only its one-column run of the same name', () => {
    const split = [{ label: 'Order', columnKeys: ['id', 'date', 'note'] }];
    // id | region | date note: the run of "id" alone is labelled like the group; the run "date note" stays a group.
    expect(layoutHeader(['id', 'region', 'date', 'note'], split, ['Order', 'Region', 'Date', 'Note']).groupRow).toEqual([
      { kind: 'column', columnIndex: 0, rowspan: 2 },
      { kind: 'column', columnIndex: 1, rowspan: 2 },
      { kind: 'group', label: 'Order', colspan: 2, groupIndex: 0, firstColumn: 2 },
    ]);
  });
});

describe('buildPdfExportUrl', () => {
  it('returns the base unchanged when there is no state', () => {
    expect(buildPdfExportUrl('/pdf', {})).toBe('/pdf');
  });

  it('appends to an existing query, keeps the fragment, and leaves blank values out', () => {
    expect(buildPdfExportUrl('/pdf?a=1#x', { query: ' q ', filters: { city: ' ', name: 'Ann' } })).toBe('/pdf?a=1&q=q&f_name=Ann#x');
    expect(buildPdfExportUrl('/pdf?', { sort: { key: 'amount', direction: 'asc' } })).toBe('/pdf?sort=amount&dir=asc');
  });

  it('encodes values so they cannot break out of the query', () => {
    expect(buildPdfExportUrl('/pdf', { query: 'a&b=c#d e' })).toBe('/pdf?q=a%26b%3Dc%23d%20e');
  });

  it('refuses unsafe or missing bases', () => {
    expect(buildPdfExportUrl('javascript:alert(1)', {})).toBeNull();
    expect(buildPdfExportUrl('vbscript:x', { query: 'a' })).toBeNull();
    expect(buildPdfExportUrl(null, {})).toBeNull();
    expect(buildPdfExportUrl('', {})).toBeNull();
  });
});
