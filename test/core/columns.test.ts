import { describe, expect, it } from 'vitest';
import { columnsFromSpec, columnToJson, isNumericFormat, pixelWidth, toDataGridColumnDefs } from '../../src/core/columns';
import { parseGridViewSpecJson, specToWire } from '../../src/core/spec';
import type { ColumnSpec, GridViewSpec } from '../../src/core/types';

function column(key: string, extra: Partial<ColumnSpec> = {}): ColumnSpec {
  return {
    key,
    label: key.toUpperCase(),
    format: 'text',
    align: 'left',
    sortable: true,
    searchable: true,
    linkTemplate: null,
    width: null,
    menuGroup: null,
    hidden: false,
    exportable: true,
    total: 'none',
    ...extra,
  };
}

function spec(columns: ColumnSpec[]): GridViewSpec {
  return {
    gridId: 'g',
    title: null,
    columns,
    kpis: [],
    charts: [],
    layout: { blocks: ['title', 'kpis', 'chart', 'table'], kpiColumns: 4 },
    wrapper: 'full',
    searchMode: 'global',
    striped: false,
    exportXlsx: false,
    exportPdfUrl: null,
    exportColumns: null,
    groupBy: null,
  };
}

describe('columnsFromSpec', () => {
  it('copies every column field in spec order, without callables', () => {
    const columns = columnsFromSpec(spec([column('id', { format: 'number', align: 'right', width: '80px' }), column('name', { sortable: false, searchable: false, linkTemplate: '/p/{id}' })]));
    expect(columns).toEqual([
      { key: 'id', label: 'ID', format: 'number', align: 'right', sortable: true, searchable: true, width: '80px', linkTemplate: null, hidden: false, menuGroup: null, exportable: true, total: 'none' },
      { key: 'name', label: 'NAME', format: 'text', align: 'left', sortable: false, searchable: false, width: null, linkTemplate: '/p/{id}', hidden: false, menuGroup: null, exportable: true, total: 'none' },
    ]);
    for (const c of columns) expect(Object.values(c).some((v) => typeof v === 'function')).toBe(false);
  });

  it('gives fresh objects the caller may extend, even for a frozen parsed spec', () => {
    const parsed = parseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'a', label: 'A' }] });
    const [first] = columnsFromSpec(parsed);
    first!.sortValue = (row) => row.a;
    expect(Object.isFrozen(first)).toBe(false);
    expect(columnsFromSpec(parsed)[0]!.sortValue).toBeUndefined();
  });
});

describe('column alignment when the spec gives none', () => {
  const parsed = parseGridViewSpecJson({
      grid_id: 'align',
      columns: [
        { key: 'name', label: 'Name' },
        { key: 'units', label: 'Units', format: 'number' },
        { key: 'amount', label: 'Amount', format: 'currency' },
        { key: 'margin', label: 'Margin', format: 'percent' },
        { key: 'code', label: 'Code', format: 'number', align: 'left' },
        { key: 'note', label: 'Note', align: 'right' },
      ],
  });

  it('right-aligns number, currency and percent columns and left-aligns text; an explicit align wins', () => {
    expect(parsed.columns.map((c) => [c.key, c.align])).toEqual([
      ['name', 'left'],
      ['units', 'right'],
      ['amount', 'right'],
      ['margin', 'right'],
      ['code', 'left'],
      ['note', 'right'],
    ]);
  });

  it('gives the simple table and the data grid the same alignment', () => {
    expect(columnsFromSpec(parsed).map((c) => c.align)).toEqual(['left', 'right', 'right', 'right', 'left', 'right']);
    expect(toDataGridColumnDefs(parsed.columns).map((d) => d.cellClass)).toEqual([
      'gv-cell gv-align-left gv-format-text',
      'gv-cell gv-align-right gv-format-number',
      'gv-cell gv-align-right gv-format-currency',
      'gv-cell gv-align-right gv-format-percent',
      'gv-cell gv-align-left gv-format-number',
      'gv-cell gv-align-right gv-format-text',
    ]);
  });

  it('writes align back to the wire only where it differs from the default of the format', () => {
    const wire = specToWire(parsed);
    expect(wire.columns.map((c) => c.align)).toEqual([undefined, undefined, undefined, undefined, 'left', 'right']);
    expect(parseGridViewSpecJson(wire).columns.map((c) => c.align)).toEqual(parsed.columns.map((c) => c.align));
  });
});

describe('columnToJson', () => {
  it('drops host-added callables', () => {
    const [c] = columnsFromSpec(spec([column('a')]));
    const json = columnToJson({ ...c!, sortValue: () => 1, exportRaw: () => 2 });
    expect(json).toEqual(c);
    expect('sortValue' in json).toBe(false);
  });
});

describe('pixelWidth', () => {
  it('reads pixel widths only', () => {
    expect(pixelWidth('120px')).toBe(120);
    expect(pixelWidth(' 99.6PX ')).toBe(100);
    for (const width of [null, '12rem', '20%', 'auto', '0px', 'px', '-5px', '12 px', '1e3px']) expect(pixelWidth(width), String(width)).toBeUndefined();
  });
});

describe('toDataGridColumnDefs', () => {
  it('maps keys, labels, sort and filter flags, and classes', () => {
    const [def] = toDataGridColumnDefs([column('name', { sortable: false, searchable: true, align: 'center', linkTemplate: '/n/{name}' })]);
    expect(def).toEqual({
      field: 'name',
      colId: 'name',
      headerName: 'NAME',
      sortable: false,
      filter: true,
      type: undefined,
      cellClass: 'gv-cell gv-align-center gv-format-text',
      context: { format: 'text', linkTemplate: '/n/{name}' },
    });
  });

  it('marks number, currency and percent columns as numeric', () => {
    const defs = toDataGridColumnDefs((['text', 'number', 'currency', 'percent'] as const).map((format) => column(format, { format })));
    expect(defs.map((d) => d.type)).toEqual([undefined, 'numericColumn', 'numericColumn', 'numericColumn']);
    expect(isNumericFormat('text')).toBe(false);
  });

  it('sets a width only for pixel widths', () => {
    const defs = toDataGridColumnDefs([column('a', { width: '140px' }), column('b', { width: '10rem' }), column('c')]);
    expect(defs.map((d) => d.width)).toEqual([140, undefined, undefined]);
    expect('width' in defs[1]!).toBe(false);
  });

  it('keeps markup in labels verbatim (AG Grid shows header names as text)', () => {
    const [def] = toDataGridColumnDefs([column('x', { label: '<img src=x onerror=alert(1)>' })]);
    expect(def!.headerName).toBe('<img src=x onerror=alert(1)>');
  });

  it('gives plain JSON', () => {
    const defs = toDataGridColumnDefs([column('a', { width: '10px', format: 'currency' })]);
    expect(JSON.parse(JSON.stringify(defs))).toEqual(defs.map(({ type, ...rest }) => (type === undefined ? rest : { ...rest, type })));
  });
});
