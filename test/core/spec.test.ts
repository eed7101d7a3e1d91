import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { GridViewSpecError } from '../../src/core/errors';
import {
  SPEC_DEFAULTS,
  isGridViewSpec,
  parseGridViewSpec,
  parseGridViewSpecJson,
  safeParseGridViewSpec,
  safeParseGridViewSpecJson,
  specToWire,
} from '../../src/core/spec';
import type { GridViewSpec, GridViewSpecWire, SafeParseResult } from '../../src/core/types';

const minimal = (): GridViewSpecWire => ({ grid_id: 'orders', columns: [{ key: 'id', label: 'Order' }] });

const full = (): GridViewSpecWire => ({
  grid_id: 'sales_overview',
  title: 'Sales overview',
  columns: [
    { key: 'id', label: 'Order', format: 'number', align: 'left', sortable: false, searchable: false, link_template: '/orders/{id}', width: '120px' },
    { key: 'Сума', label: 'Сума', format: 'currency' },
  ],
  kpis: [
    { label: 'Orders', aggregate: 'count' },
    { label: 'Revenue', aggregate: 'sum', column_key: 'Сума', format: 'currency', icon: 'money', tone: 'good' },
  ],
  charts: [
    { id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'Сума', label: 'Revenue' }], data_source: 'grid_filtered', height: 400 },
  ],
  layout: { blocks: ['title', 'table'] },
  wrapper: 'inner',
  search_mode: 'per_column',
  striped: true,
  export_xlsx: true,
  export_pdf_url: '/reports/sales.pdf',
});

function issuesOf(result: SafeParseResult): [string, string][] {
  return result.ok ? [] : result.issues.map((i) => [i.code, i.path]);
}

describe('parseGridViewSpecJson on valid specs', () => {
  it('fills every default of a minimal spec', () => {
    expect(parseGridViewSpecJson(minimal())).toEqual({
      gridId: 'orders',
      title: null,
      columns: [
        { key: 'id', label: 'Order', format: 'text', align: 'left', sortable: true, searchable: true, linkTemplate: null, width: null, menuGroup: null, hidden: false, exportable: true, total: 'none' },
      ],
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
    } satisfies GridViewSpec);
  });

  it('maps every wire field to its camelCase field', () => {
    const spec = parseGridViewSpecJson(full());
    expect(spec).toEqual({
      gridId: 'sales_overview',
      title: 'Sales overview',
      columns: [
        {
          key: 'id',
          label: 'Order',
          format: 'number',
          align: 'left',
          sortable: false,
          searchable: false,
          linkTemplate: '/orders/{id}',
          width: '120px',
          menuGroup: null,
          hidden: false,
          exportable: true,
          total: 'sum',
        },
        { key: 'Сума', label: 'Сума', format: 'currency', align: 'right', sortable: true, searchable: true, linkTemplate: null, width: null, menuGroup: null, hidden: false, exportable: true, total: 'sum' },
      ],
      kpis: [
        { label: 'Orders', columnKey: null, aggregate: 'count', format: 'number', icon: null, tone: 'neutral' },
        { label: 'Revenue', columnKey: 'Сума', aggregate: 'sum', format: 'currency', icon: 'money', tone: 'good' },
      ],
      charts: [
        {
          id: 'by_region',
          chartType: 'bar',
          title: null,
          xKey: 'region',
          categoryField: 'x_key',
          series: [{ key: 'Сума', label: 'Revenue', color: null, seriesType: null }],
          valueField: 'series',
          aggregate: 'sum',
          stacked: false,
          centerTotal: false,
          sort: null,
          dataSource: 'grid_filtered',
          height: 400,
        },
      ],
      layout: { blocks: ['title', 'table'], kpiColumns: 4 },
      wrapper: 'inner',
      searchMode: 'per_column',
      striped: true,
      exportXlsx: true,
      exportPdfUrl: '/reports/sales.pdf',
      exportColumns: null,
      groupBy: null,
    } satisfies GridViewSpec);
  });

  it('gives chart height 320 and data source static when left out', () => {
    const spec = parseGridViewSpecJson({ ...minimal(), charts: [{ id: 'c', chart_type: 'pie', x_key: 'x', series: [{ key: 'v', label: 'V' }] }] });
    expect(spec.charts[0]).toMatchObject({ height: 320, dataSource: 'static' });
    expect(SPEC_DEFAULTS.chart.height).toBe(320);
  });

  it('defaults a KPI format to number for count and count_distinct too', () => {
    const spec = parseGridViewSpecJson({
      ...minimal(),
      kpis: [
        { label: 'Rows', aggregate: 'count' },
        { label: 'Customers', aggregate: 'count_distinct', column_key: 'customer' },
      ],
    });
    expect(spec.kpis.map((k) => k.format)).toEqual(['number', 'number']);
  });

  it('accepts a count KPI with a column_key (it then counts non-empty values)', () => {
    const spec = parseGridViewSpecJson({ ...minimal(), kpis: [{ label: 'With email', aggregate: 'count', column_key: 'email' }] });
    expect(spec.kpis[0]?.columnKey).toBe('email');
  });

  it('accepts KPI and chart keys that are not column keys, since rows may carry more keys than columns', () => {
    const result = safeParseGridViewSpecJson({
      ...minimal(),
      kpis: [{ label: 'Margin', aggregate: 'avg', column_key: 'margin' }],
      charts: [{ id: 'c', chart_type: 'line', x_key: 'month', series: [{ key: 'margin', label: 'Margin' }] }],
    });
    expect(result.ok).toBe(true);
  });

  it('accepts Cyrillic, spaced and emoji row keys, and "constructor" as an ordinary key', () => {
    const keys = ['Сума', 'Регіон продажу', 'Order ID', '😀', 'constructor'];
    const spec = parseGridViewSpecJson({ grid_id: 'keys', columns: keys.map((key) => ({ key, label: key })) });
    expect(spec.columns.map((c) => c.key)).toEqual(keys);
  });

  it('counts lengths in Unicode characters: 200 emoji fit a label, 201 do not', () => {
    expect(safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'k', label: '😀'.repeat(200) }] }).ok).toBe(true);
    expect(issuesOf(safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'k', label: '😀'.repeat(201) }] }))).toEqual([['too_long', 'columns[0].label']]);
  });

  it('accepts every limit at its edge: 100-char grid_id, 8 KPIs, 3 charts, 8 series, heights 120 and 1200', () => {
    const series = Array.from({ length: 8 }, (_, i) => ({ key: `s${i}`, label: `S${i}` }));
    const result = safeParseGridViewSpecJson({
      grid_id: 'g'.repeat(100),
      columns: Array.from({ length: 200 }, (_, i) => ({ key: `c${i}`, label: `C${i}` })),
      kpis: Array.from({ length: 8 }, (_, i) => ({ label: `K${i}`, aggregate: 'count' })),
      charts: [
        { id: 'a'.repeat(64), chart_type: 'bar', x_key: 'x', series, height: 120 },
        { id: 'b', chart_type: 'line', x_key: 'x', series, height: 1200 },
        { id: 'c', chart_type: 'donut', x_key: 'x', series },
      ],
    });
    expect(issuesOf(result)).toEqual([]);
  });

  it('accepts every width form: auto, px, rem, em, %, ch, vw with up to 4 digits and 2 decimals', () => {
    for (const width of ['auto', '120px', '12.5rem', '8em', '20%', '12ch', '15vw', '9999.99px']) {
      expect(safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'k', label: 'K', width }] }).ok, width).toBe(true);
    }
  });

  it('treats properties set to undefined as absent, as JSON.stringify does', () => {
    const spec = parseGridViewSpecJson({ ...minimal(), title: undefined, kpis: undefined, rows: undefined });
    expect(spec.title).toBeNull();
  });

  it('accepts an object with a null prototype and a plain object from another realm', () => {
    const bare = Object.assign(Object.create(null) as object, minimal());
    expect(parseGridViewSpecJson(bare).gridId).toBe('orders');
    const foreign: unknown = runInNewContext('({ grid_id: "vm", columns: [{ key: "k", label: "K" }] })');
    expect(parseGridViewSpecJson(foreign).gridId).toBe('vm');
  });
});

describe('the parsed spec', () => {
  it('is deep-frozen: nothing in it can be changed', () => {
    const spec = parseGridViewSpecJson(full());
    expect(Object.isFrozen(spec)).toBe(true);
    expect(Object.isFrozen(spec.columns)).toBe(true);
    expect(Object.isFrozen(spec.columns[0])).toBe(true);
    expect(Object.isFrozen(spec.charts[0]?.series[0])).toBe(true);
    expect(Object.isFrozen(spec.layout.blocks)).toBe(true);
    expect(() => {
      (spec as { gridId: string }).gridId = 'changed';
    }).toThrow(TypeError);
    expect(() => (spec.columns as unknown[]).push({})).toThrow(TypeError);
  });

  it('is independent of the input: changing the input afterwards changes nothing, and the input is not modified', () => {
    const wire = full();
    const before = structuredClone(wire);
    const spec = parseGridViewSpecJson(wire);
    expect(wire).toEqual(before);
    (wire.columns[0] as { label: string }).label = 'Changed';
    wire.layout?.blocks?.push('kpis');
    expect(spec.columns[0]?.label).toBe('Order');
    expect(spec.layout.blocks).toEqual(['title', 'table']);
  });

  it('reads getters once and keeps the value it validated', () => {
    let reads = 0;
    const wire = {
      columns: [{ key: 'k', label: 'K' }],
      get grid_id() {
        reads++;
        return reads === 1 ? 'first' : 'Not Valid';
      },
    };
    expect(parseGridViewSpecJson(wire).gridId).toBe('first');
    expect(reads).toBe(1);
  });

  it('is recognised by isGridViewSpec, while copies, clones, wire objects and look-alikes are not', () => {
    const spec = parseGridViewSpecJson(minimal());
    expect(isGridViewSpec(spec)).toBe(true);
    expect(isGridViewSpec({ ...spec })).toBe(false);
    expect(isGridViewSpec(structuredClone(spec))).toBe(false);
    expect(isGridViewSpec(JSON.parse(JSON.stringify(spec)))).toBe(false);
    expect(isGridViewSpec(minimal())).toBe(false);
    expect(isGridViewSpec(null)).toBe(false);
    expect(isGridViewSpec('spec')).toBe(false);
    expect(isGridViewSpec(parseGridViewSpecJson(specToWire(spec)))).toBe(true);
  });
});

describe('parseGridViewSpecJson refuses anything but a plain JSON object', () => {
  class SpecLike {
    grid_id = 'orders';
    columns = [{ key: 'id', label: 'Order' }];
  }
  const cases: [string, unknown][] = [
    ['JSON text', JSON.stringify(minimal())],
    ['an array', [minimal()]],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a boolean', true],
    ['a Map', new Map(Object.entries(minimal()))],
    ['a Date', new Date()],
    ['a class instance with the right fields', new SpecLike()],
    ['an object whose prototype is another object', Object.create(minimal()) as unknown],
    ['a function', () => minimal()],
  ];
  for (const [name, raw] of cases) {
    it(`gives one not_object issue at the root for ${name}`, () => {
      const result = safeParseGridViewSpecJson(raw);
      expect(issuesOf(result)).toEqual([['not_object', '']]);
      expect(() => parseGridViewSpecJson(raw)).toThrow(GridViewSpecError);
    });
  }

  it('says to JSON.parse first when given JSON text', () => {
    const result = safeParseGridViewSpecJson('{"grid_id": "a"}');
    expect(result.ok ? '' : result.issues[0]?.message).toMatch(/JSON\.parse/);
  });
});

describe('values JSON cannot hold', () => {
  it('reports functions, symbols, bigints, NaN, Infinity, class instances and array holes as invalid_type', () => {
    const sparse: unknown[] = [];
    sparse[1] = { key: 'b', label: 'B' };
    const result = safeParseGridViewSpecJson({
      grid_id: 'g',
      title: () => 'x',
      columns: sparse,
      striped: Symbol('s'),
      export_xlsx: 1n,
      charts: [{ id: 'c', chart_type: 'bar', x_key: 'x', series: [{ key: 'v', label: 'V' }], height: Number.NaN }],
      layout: new Map(),
      wrapper: Number.POSITIVE_INFINITY,
    });
    expect(issuesOf(result)).toEqual([
      ['invalid_type', 'charts[0].height'],
      ['invalid_type', 'columns[0]'],
      ['invalid_type', 'export_xlsx'],
      ['invalid_type', 'layout'],
      ['invalid_type', 'striped'],
      ['invalid_type', 'title'],
      ['invalid_type', 'wrapper'],
    ]);
  });

  it('reports a cycle instead of looping forever', () => {
    const column: Record<string, unknown> = { key: 'k', label: 'K' };
    column.self = column;
    const root: Record<string, unknown> = { grid_id: 'g', columns: [column] };
    root.again = root;
    expect(issuesOf(safeParseGridViewSpecJson(root))).toEqual([
      ['invalid_type', 'again'],
      ['unknown_field', 'again'],
      ['invalid_type', 'columns[0].self'],
      ['unknown_field', 'columns[0].self'],
    ]);
    const nested: Record<string, unknown> = { grid_id: 'g', columns: [] };
    (nested.columns as unknown[]).push(nested);
    expect(issuesOf(safeParseGridViewSpecJson(nested))).toEqual([['invalid_type', 'columns[0]']]);
  });

  it('reports nesting deeper than 32 levels instead of overflowing the stack', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    expect(issuesOf(safeParseGridViewSpecJson({ ...minimal(), extra: deep }))).toEqual([
      ['unknown_field', 'extra'],
      ['invalid_type', `extra${'.next'.repeat(32)}`],
    ]);
  });

  it('turns a throwing getter into a not_object issue instead of crashing', () => {
    const wire = {
      columns: [{ key: 'k', label: 'K' }],
      get grid_id(): string {
        throw new Error('boom');
      },
    };
    const result = safeParseGridViewSpecJson(wire);
    expect(issuesOf(result)).toEqual([['not_object', '']]);
    expect(result.ok ? '' : result.issues[0]?.message).toContain('boom');
  });
});

describe('all issues at once', () => {
  const broken = {
    grid_id: 'Bad Id',
    title: '   ',
    columns: [
      { key: 'a', label: '' },
      { key: 'a', label: 'A', format: 'bold', width: '12pt', link_template: 'javascript:alert(1)' },
    ],
    kpis: [{ label: 'Revenue', aggregate: 'sum' }],
    charts: [{ id: 'c', chart_type: 'radar', x_key: 'x', series: [], height: 99 }],
    layout: { blocks: ['title', 'title'] },
    striped: 'yes',
    exportXlsx: true,
  };
  const expected: [string, string][] = [
    ['invalid_enum', 'charts[0].chart_type'],
    ['out_of_range', 'charts[0].height'],
    ['too_few_items', 'charts[0].series'],
    ['too_short', 'columns[0].label'],
    ['invalid_enum', 'columns[1].format'],
    ['duplicate_key', 'columns[1].key'],
    ['unsafe_url', 'columns[1].link_template'],
    ['invalid_width', 'columns[1].width'],
    ['unknown_field', 'exportXlsx'],
    ['invalid_pattern', 'grid_id'],
    ['missing_column_key', 'kpis[0].column_key'],
    ['duplicate_key', 'layout.blocks[1]'],
    ['invalid_type', 'striped'],
    ['too_short', 'title'],
  ];

  it('returns every issue of a spec with fourteen problems, sorted by path then code', () => {
    expect(issuesOf(safeParseGridViewSpecJson(broken))).toEqual(expected);
  });

  it('throws one GridViewSpecError whose issues and message list every problem', () => {
    let caught: unknown;
    try {
      parseGridViewSpecJson(broken);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GridViewSpecError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as GridViewSpecError;
    expect(error.name).toBe('GridViewSpecError');
    expect(error.issues.map((i) => [i.code, i.path])).toEqual(expected);
    expect(error.message.split('\n')[0]).toBe('Invalid grid view spec (14 issues):');
    for (const issue of error.issues) expect(error.message).toContain(`- [${issue.code}] ${issue.path}: ${issue.message}`);
    expect(Object.isFrozen(error.issues)).toBe(true);
  });

  it('gives the same list whatever order the keys come in', () => {
    const reversed = Object.fromEntries(Object.entries(broken).reverse());
    expect(safeParseGridViewSpecJson(reversed)).toEqual(safeParseGridViewSpecJson(broken));
  });

  it('sorts array indexes numerically, columns[2] before columns[10]', () => {
    const columns = Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, label: i === 2 || i === 10 ? '' : 'L' }));
    expect(issuesOf(safeParseGridViewSpecJson({ grid_id: 'g', columns }))).toEqual([
      ['too_short', 'columns[2].label'],
      ['too_short', 'columns[10].label'],
    ]);
  });

  it('reports one issue per (path, code), however many checks find it', () => {
    const result = safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'k', label: 'K' }], charts: [{ id: 'c', chart_type: 'bar', x_key: 'x', series: [{ key: 'v', label: 'V' }], height: Number.NaN }] });
    expect(issuesOf(result)).toEqual([['invalid_type', 'charts[0].height']]);
  });

  it('writes the root path as (root) in the error message', () => {
    expect(() => parseGridViewSpecJson([])).toThrow(/- \[not_object\] \(root\): /);
  });

  it('lists at most 50 issues in the message and counts the rest, while issues keeps all', () => {
    const columns = Array.from({ length: 60 }, (_, i) => ({ key: `k${i}`, label: '' }));
    try {
      parseGridViewSpecJson({ grid_id: 'g', columns });
      expect.unreachable();
    } catch (error) {
      const e = error as GridViewSpecError;
      expect(e.issues).toHaveLength(60);
      expect(e.message).toContain('…and 10 more (see error.issues)');
      expect(e.message.split('\n')).toHaveLength(52);
    }
  });

  it('writes messages that say how to fix the problem', () => {
    const result = safeParseGridViewSpecJson({ grid_id: 'Sales Overview', columns: [{ key: 'k', label: 'K' }], gridId: 'x' });
    const messages = result.ok ? [] : result.issues.map((i) => i.message);
    expect(messages).toEqual([
      expect.stringContaining('Did you mean "grid_id"?'),
      expect.stringContaining('Try "sales_overview"'),
    ]);
  });
});

describe('parseGridViewSpec and safeParseGridViewSpec (typed wire literals)', () => {
  it('parse a typed literal exactly as the JSON form does', () => {
    expect(parseGridViewSpec(full())).toEqual(parseGridViewSpecJson(full()));
    expect(safeParseGridViewSpec(minimal())).toEqual(safeParseGridViewSpecJson(minimal()));
  });

  it('still validate at run time, since a typed value may hold anything', () => {
    const untrusted = JSON.parse('{"grid_id": "g", "columns": [], "rows": []}') as GridViewSpecWire;
    expect(issuesOf(safeParseGridViewSpec(untrusted))).toEqual([
      ['too_few_items', 'columns'],
      ['forbidden_rows', 'rows'],
    ]);
    expect(() => parseGridViewSpec(untrusted)).toThrow(GridViewSpecError);
  });
});

describe('specToWire', () => {
  it('leaves out every field equal to its default', () => {
    expect(specToWire(parseGridViewSpecJson(minimal()))).toEqual(minimal());
    const withDefaults = {
      ...minimal(),
      kpis: [{ label: 'N', aggregate: 'count', format: 'number', tone: 'neutral' }],
      charts: [{ id: 'c', chart_type: 'bar', x_key: 'x', series: [{ key: 'v', label: 'V' }], data_source: 'static', height: 320 }],
      layout: { blocks: ['title', 'kpis', 'chart', 'table'] },
      wrapper: 'full',
      search_mode: 'global',
      striped: false,
      export_xlsx: false,
    };
    expect(specToWire(parseGridViewSpecJson(withDefaults))).toEqual({
      ...minimal(),
      kpis: [{ label: 'N', aggregate: 'count' }],
      charts: [{ id: 'c', chart_type: 'bar', x_key: 'x', series: [{ key: 'v', label: 'V' }] }],
    });
  });

  it('keeps every non-default field, so a full spec comes back as written', () => {
    expect(specToWire(parseGridViewSpecJson(full()))).toEqual(full());
  });

  it('round-trips: parsing its output gives a deep-equal spec', () => {
    for (const wire of [minimal(), full()]) {
      const spec = parseGridViewSpecJson(wire);
      expect(parseGridViewSpecJson(JSON.parse(JSON.stringify(specToWire(spec))))).toEqual(spec);
    }
  });

  it('returns a fresh mutable object that shares nothing with the frozen spec', () => {
    const spec = parseGridViewSpecJson(full());
    const wire = specToWire(spec);
    wire.columns[0]!.label = 'Changed';
    wire.charts![0]!.series![0]!.label = 'Changed';
    wire.layout!.blocks!.push('kpis');
    expect(spec.columns[0]?.label).toBe('Order');
    expect(spec.charts[0]?.series[0]?.label).toBe('Revenue');
    expect(spec.layout.blocks).toEqual(['title', 'table']);
  });
});
