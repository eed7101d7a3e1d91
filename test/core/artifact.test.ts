import { isReactive, reactive } from 'vue';
import { describe, expect, it } from 'vitest';
import { buildArtifactFromView, buildArtifactJsonFromView, GridArtifactError, GridRenderer, hydrateArtifact } from '../../src/core/artifact';
import { GridViewSpecError } from '../../src/core/errors';
import { parseGridViewSpecJson, specToWire } from '../../src/core/spec';
import type { GridArtifactJson, GridViewSpec, GridViewSpecWire, Row } from '../../src/core/types';

const XSS = '<img src=x onerror=alert(1)>';

const WIRE: GridViewSpecWire = {
  grid_id: 'orders',
  title: `Orders ${XSS}`,
  columns: [
    { key: 'id', label: 'Order', width: '90px' },
    { key: 'region', label: `Region ${XSS}` },
    { key: 'amount', label: 'Amount', format: 'currency', align: 'right' },
    { key: 'rate', label: 'Rate', format: 'percent', width: '10rem' },
  ],
  kpis: [
    { label: 'Orders', aggregate: 'count' },
    { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency', icon: 'money', tone: 'good' },
    { label: 'Average rate', column_key: 'rate', aggregate: 'avg', format: 'percent' },
    { label: 'Median', column_key: 'amount', aggregate: 'median', format: 'currency' },
  ],
  charts: [
    { id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: `Amount ${XSS}` }] },
    { id: 'live', chart_type: 'line', x_key: 'id', series: [{ key: 'amount', label: 'Amount' }], data_source: 'grid_filtered' },
  ],
  search_mode: 'per_column',
  striped: true,
  export_xlsx: true,
  export_pdf_url: '/export/orders.pdf',
  wrapper: 'inner',
};

function makeRows(): Row[] {
  return [
    { id: 1, region: 'north', amount: 12345.5, rate: 0.1, marker: 'ROW-MARKER-1' },
    { id: 2, region: XSS, amount: '100', rate: 0.15, marker: 'ROW-MARKER-2' },
    { id: 3, region: 'north', amount: null, rate: null, marker: 'ROW-MARKER-3' },
  ];
}

const SPEC = parseGridViewSpecJson(WIRE);

/** Every function found anywhere in a value, by path. */
function functionsIn(value: unknown, path = '$', seen = new Set<unknown>()): string[] {
  if (typeof value === 'function') return [path];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([k, v]) => functionsIn(v, `${path}.${k}`, seen));
}

describe('GridRenderer.build', () => {
  it('carries the view settings of the spec', () => {
    const artifact = GridRenderer.build(SPEC, makeRows());
    expect(artifact).toMatchObject({
      gridId: 'orders',
      title: `Orders ${XSS}`,
      wrapper: 'inner',
      searchMode: 'per_column',
      striped: true,
      exportXlsx: true,
      exportPdfUrl: '/export/orders.pdf',
      layout: { blocks: ['title', 'kpis', 'chart', 'table'] },
    });
    expect(artifact.spec).toBe(SPEC);
    expect(artifact.columns.map((c) => c.key)).toEqual(['id', 'region', 'amount', 'rate']);
    expect(artifact.dataGridColumnDefs.map((d) => [d.field, d.type, d.width])).toEqual([
      ['id', undefined, 90],
      ['region', undefined, undefined],
      ['amount', 'numericColumn', undefined],
      ['rate', 'numericColumn', undefined],
    ]);
  });

  it('holds the caller rows by reference, never copying or mutating them', () => {
    const rows = Object.freeze(makeRows().map((r) => Object.freeze(r)));
    const artifact = GridRenderer.build(SPEC, rows);
    expect(artifact.rows).toBe(rows);
    expect(artifact.tableConfig.data).toBe(rows);
  });

  it('is frozen, so Vue reactivity leaves it and its rows alone', () => {
    const artifact = GridRenderer.build(SPEC, makeRows());
    expect(Object.isFrozen(artifact)).toBe(true);
    expect(Object.isFrozen(artifact.tableConfig)).toBe(true);
    const state = reactive({ artifact });
    expect(isReactive(state.artifact)).toBe(false);
    expect(isReactive(state.artifact.rows)).toBe(false);
    expect(isReactive(state.artifact.tableConfig.data)).toBe(false);
  });

  it('resolves KPIs in the locale and currency of the options', () => {
    const artifact = GridRenderer.build(SPEC, makeRows(), { locale: 'uk', currency: 'UAH' });
    expect(artifact.kpis.map((k) => k.value)).toEqual([3, 12445.5, 0.125, 6222.75]);
    expect(artifact.kpis[1]!.display).toMatch(/^12[\u00a0\u202f]445,50[\u00a0\u202f]₴$/u);
    expect(artifact.kpis[2]!.display).toMatch(/^12,5\s?%$/u);
    expect(GridRenderer.build(SPEC, makeRows()).kpis[1]!.display).toBe('$12,445.50');
  });

  it('reads numeric strings of the rows in the artifact locale, for KPIs and charts alike', () => {
    const rows: Row[] = [
      { id: 1, region: 'north', amount: '2 500,5', rate: '0,1' },
      { id: 2, region: 'north', amount: '1\u00a0000', rate: 0.2 },
    ];
    const uk = GridRenderer.build(SPEC, rows, { locale: 'uk', currency: 'UAH' });
    expect(uk.kpis.map((k) => k.value)).toEqual([2, 3500.5, 0.15000000000000002, 1750.25]);
    expect(uk.charts[0]!.values).toEqual([[3500.5]]);
    const en = GridRenderer.build(SPEC, rows, { locale: 'en' });
    expect(en.kpis[1]!.value).toBe(0);
    expect(en.charts[0]!.values).toEqual([[null]]);
  });

  it('gives every chart a runtime from the rows, grid_filtered ones included', () => {
    const artifact = GridRenderer.build(SPEC, makeRows());
    expect(artifact.charts.map((c) => [c.id, c.dataSource, c.categories])).toEqual([
      ['by_region', 'static', ['north', XSS]],
      ['live', 'grid_filtered', ['1', '2', '3']],
    ]);
    expect(artifact.charts[0]!.values).toEqual([[12345.5, 100]]);
    expect(artifact.charts[1]!.values).toEqual([[12345.5, 100, null]]);
  });

  it('builds an empty view for no rows', () => {
    const artifact = GridRenderer.build(SPEC, []);
    expect(artifact.kpis.map((k) => k.display)).toEqual(['0', '$0.00', '—', '—']);
    expect(artifact.charts.every((c) => c.empty)).toBe(true);
  });

  it('works with a hand-built typed spec', () => {
    const spec: GridViewSpec = {
      gridId: 'hand',
      title: null,
      columns: [
        { key: 'a', label: 'A', format: 'number', align: 'right', sortable: true, searchable: false, linkTemplate: null, width: null, menuGroup: null, hidden: false, exportable: true, total: 'sum' },
      ],
      kpis: [{ label: 'Sum', columnKey: 'a', aggregate: 'sum', format: 'number', icon: null, tone: 'neutral' }],
      charts: [],
      layout: { blocks: ['kpis', 'table'], kpiColumns: 4 },
      wrapper: 'shell',
      searchMode: 'disabled',
      striped: false,
      exportXlsx: false,
      exportPdfUrl: null,
      exportColumns: null,
      groupBy: null,
    };
    const artifact = GridRenderer.build(spec, [{ a: 1 }, { a: 2 }]);
    expect(artifact.kpis[0]!.value).toBe(3);
    expect(artifact.toJSON().spec).toEqual({ grid_id: 'hand', columns: [{ key: 'a', label: 'A', format: 'number', searchable: false }], kpis: [{ label: 'Sum', column_key: 'a', aggregate: 'sum' }], layout: { blocks: ['kpis', 'table'] }, wrapper: 'shell', search_mode: 'disabled' });
  });

  it('adds checked host table settings', () => {
    const artifact = GridRenderer.build(SPEC, makeRows(), {
      table: {
        columnGroups: [{ label: 'Money', columnKeys: ['amount', 'rate'] }],
        rowUrl: '/orders/{id}',
        rowOnclick: 'openOrder({id})',
        footerRow: { amount: 12445.5 },
        footerLabel: 'Total',
        footerLabelSpan: 2,
      },
    });
    expect(artifact.tableConfig).toMatchObject({
      gridId: 'orders',
      columnGroups: [{ label: 'Money', columnKeys: ['amount', 'rate'] }],
      rowUrl: '/orders/{id}',
      rowOnclick: 'openOrder({id})',
      footerRow: { amount: 12445.5 },
      footerLabel: 'Total',
      footerLabelSpan: 2,
      searchMode: 'per_column',
      striped: true,
    });
  });

  it('defaults the table settings to nothing', () => {
    expect(GridRenderer.build(SPEC, []).tableConfig).toMatchObject({ columnGroups: [], rowUrl: null, rowOnclick: null, footerRow: null, footerLabel: null, footerLabelSpan: 1, footerTotals: false });
  });

  it('carries footerTotals (the footer the table computes) through the JSON and hydration', () => {
    const artifact = GridRenderer.build(SPEC, makeRows(), { table: { footerTotals: true } });
    expect(artifact.tableConfig.footerTotals).toBe(true);
    const json = JSON.parse(JSON.stringify(artifact)) as ReturnType<typeof artifact.toJSON>;
    expect(json.tableConfig.footerTotals).toBe(true);
    expect(hydrateArtifact(json).tableConfig.footerTotals).toBe(true);
    // JSON from before the setting existed has none: no computed footer.
    const older = { ...json, tableConfig: { ...json.tableConfig, footerTotals: undefined } };
    expect(hydrateArtifact(older).tableConfig.footerTotals).toBe(false);
  });

  it('refuses unsafe or malformed table settings with every issue coded', () => {
    let caught: unknown;
    try {
      GridRenderer.build(SPEC, makeRows(), {
        table: {
          rowUrl: 'javascript:alert({id})',
          columnGroups: [{ label: 'X', columnKeys: ['nope'] }, { label: 5 } as never],
          footerLabelSpan: 9,
          footerLabel: 3 as never,
          rowOnclick: {} as never,
          footerRow: [] as never,
          footerTotals: 'yes' as never,
        },
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GridArtifactError);
    const issues = (caught as GridArtifactError).issues;
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['invalid_enum', 'table.columnGroups[0].columnKeys'],
      ['invalid_type', 'table.columnGroups[1]'],
      ['unsafe_url', 'table.rowUrl'],
      ['invalid_type', 'table.rowOnclick'],
      ['not_object', 'table.footerRow'],
      ['invalid_type', 'table.footerLabel'],
      ['out_of_range', 'table.footerLabelSpan'],
      ['invalid_type', 'table.footerTotals'],
    ]);
    expect((caught as Error).message).toContain('[unsafe_url] table.rowUrl');
    expect(() => GridRenderer.build(SPEC, [], { table: { rowUrl: '/x/{id' } })).toThrow(/invalid_placeholder/);
  });

  it('refuses rows that are not an array with a coded error', () => {
    expect(() => GridRenderer.build(SPEC, { length: 1 } as unknown as Row[])).toThrow(GridArtifactError);
    try {
      GridRenderer.build(SPEC, null as unknown as Row[]);
      expect.unreachable();
    } catch (error) {
      expect((error as GridArtifactError).issues[0]).toMatchObject({ code: 'invalid_type', path: 'rows' });
    }
  });
});

describe('artifact.toJSON', () => {
  it('has version 1, camelCase keys and the spec in wire form', () => {
    const json = GridRenderer.build(SPEC, makeRows()).toJSON();
    expect(json.version).toBe(1);
    expect(Object.keys(json).sort()).toEqual(
      ['version', 'format', 'gridId', 'title', 'layout', 'wrapper', 'searchMode', 'striped', 'exportXlsx', 'exportPdfUrl', 'columns', 'tableConfig', 'dataGridColumnDefs', 'kpis', 'charts', 'spec', 'rows'].sort(),
    );
    expect(json.spec).toEqual(specToWire(SPEC));
    expect(parseGridViewSpecJson(json.spec)).toEqual(SPEC);
  });

  it('carries the rows exactly once: at rows, never in tableConfig', () => {
    const rows = makeRows();
    const artifact = GridRenderer.build(SPEC, rows);
    const json = artifact.toJSON();
    expect(json.rows).toBe(rows);
    expect('data' in json.tableConfig).toBe(false);
    const text = JSON.stringify(artifact);
    expect(text.split('ROW-MARKER-1').length - 1).toBe(1);
    expect(text).toBe(JSON.stringify(json));
  });

  it('contains no functions, even when the host added callables to columns', () => {
    const artifact = GridRenderer.build(SPEC, makeRows());
    const withCallables = { ...artifact, columns: artifact.columns.map((c) => ({ ...c, sortValue: () => 1 })) };
    const json = artifact.toJSON.call(withCallables as never);
    expect(functionsIn(json)).toEqual([]);
    expect(functionsIn(artifact.toJSON())).toEqual([]);
    expect(JSON.parse(JSON.stringify(artifact.toJSON()))).toEqual(JSON.parse(JSON.stringify(json)));
  });

  it('keeps markup in the title, labels, categories and row values verbatim as text', () => {
    const json = GridRenderer.build(SPEC, makeRows()).toJSON();
    expect(json.title).toBe(`Orders ${XSS}`);
    expect(json.columns[1]!.label).toBe(`Region ${XSS}`);
    expect(json.tableConfig.columns[1]!.label).toBe(`Region ${XSS}`);
    expect(json.dataGridColumnDefs[1]!.headerName).toBe(`Region ${XSS}`);
    expect(json.charts[0]!.series[0]!.label).toBe(`Amount ${XSS}`);
    expect(json.charts[0]!.categories).toContain(XSS);
    expect(json.rows[1]!.region).toBe(XSS);
    expect(JSON.parse(JSON.stringify(json)).title).toBe(`Orders ${XSS}`);
  });

  it('records the locale and currency of its display texts, defaulting to en and USD', () => {
    expect(GridRenderer.build(SPEC, makeRows()).toJSON().format).toEqual({ locale: 'en', currency: 'USD' });
    const artifact = GridRenderer.build(SPEC, makeRows(), { locale: 'uk', currency: 'UAH' });
    expect(artifact.format).toEqual({ locale: 'uk', currency: 'UAH' });
    expect(artifact.toJSON().format).toEqual({ locale: 'uk', currency: 'UAH' });
    expect(GridRenderer.build(SPEC, makeRows(), { locale: '', currency: '' }).format).toEqual({ locale: 'en', currency: 'USD' });
  });

  it('gives every chart series its column format and the chart the x column label', () => {
    const json = GridRenderer.build(SPEC, makeRows()).toJSON();
    expect(json.charts[0]!.xLabel).toBe(`Region ${XSS}`);
    expect(json.charts[0]!.series).toEqual([{ key: 'amount', label: `Amount ${XSS}`, format: 'currency' }]);
    // The x column "id" has no format in the wire spec: its label still names the axis.
    expect(json.charts[1]!.xLabel).toBe('Order');
  });

  it('returns copies: changing the JSON does not change the artifact', () => {
    const artifact = GridRenderer.build(SPEC, makeRows());
    const json = artifact.toJSON();
    json.kpis[0]!.value = 999;
    json.charts[0]!.categories.push('x');
    json.layout.blocks.pop();
    expect(artifact.kpis[0]!.value).toBe(3);
    expect(artifact.charts[0]!.categories).toHaveLength(2);
    expect(artifact.layout.blocks).toHaveLength(4);
  });
});

describe('buildArtifactFromView and buildArtifactJsonFromView', () => {
  it('parses a raw wire dict', () => {
    const artifact = buildArtifactFromView(JSON.parse(JSON.stringify(WIRE)), makeRows());
    expect(artifact.spec).toEqual(SPEC);
  });

  it('uses an already parsed spec as it is', () => {
    expect(buildArtifactFromView(SPEC, makeRows()).spec).toBe(SPEC);
  });

  it('throws GridViewSpecError with every issue for an invalid raw spec', () => {
    expect(() => buildArtifactFromView({ grid_id: 'Bad', columns: [], rows: [] }, [])).toThrow(GridViewSpecError);
    try {
      buildArtifactFromView('{"grid_id":"x"}', []);
      expect.unreachable();
    } catch (error) {
      expect((error as GridViewSpecError).issues[0]!.code).toBe('not_object');
    }
  });

  it('gives the same JSON as building and serialising', () => {
    const rows = makeRows();
    expect(buildArtifactJsonFromView(WIRE, rows, { locale: 'de' })).toEqual(GridRenderer.build(SPEC, rows, { locale: 'de' }).toJSON());
  });
});

describe('hydrateArtifact', () => {
  function roundTrip(options?: Parameters<typeof GridRenderer.build>[2]): GridArtifactJson {
    return JSON.parse(JSON.stringify(GridRenderer.build(SPEC, makeRows(), options))) as GridArtifactJson;
  }

  it('rebuilds an equivalent artifact from its JSON', () => {
    const original = GridRenderer.build(SPEC, makeRows(), { table: { rowUrl: '/o/{id}', footerLabel: 'Total', columnGroups: [{ label: 'G', columnKeys: ['id'] }] } });
    const json = JSON.parse(JSON.stringify(original)) as GridArtifactJson;
    const hydrated = hydrateArtifact(json);
    expect(hydrated.toJSON()).toEqual(JSON.parse(JSON.stringify(original.toJSON())));
    expect(hydrated.rows).toBe(json.rows);
    expect(hydrated.tableConfig.rowUrl).toBe('/o/{id}');
  });

  it('recomputes KPIs from the rows in the locale it is given, ignoring tampered values', () => {
    const json = roundTrip();
    json.kpis[1]!.value = 1;
    json.kpis[1]!.display = 'hacked';
    const hydrated = hydrateArtifact(json, { locale: 'de', currency: 'EUR' });
    expect(hydrated.kpis[1]!.value).toBe(12445.5);
    expect(hydrated.kpis[1]!.display).toMatch(/^12\.445,50\s€$/u);
  });

  it('reproduces the server display strings from json.format when no locale is given', () => {
    const server = GridRenderer.build(SPEC, makeRows(), { locale: 'uk', currency: 'UAH' });
    const json = JSON.parse(JSON.stringify(server)) as GridArtifactJson;
    const hydrated = hydrateArtifact(json);
    expect(hydrated.kpis.map((k) => k.display)).toEqual(server.kpis.map((k) => k.display));
    expect(hydrated.kpis[1]!.display).toMatch(/^12\s445,50\s₴$/u);
    expect(hydrated.format).toEqual({ locale: 'uk', currency: 'UAH' });
    expect(hydrated.toJSON()).toEqual(JSON.parse(JSON.stringify(server.toJSON())));
  });

  it('lets the locale and currency it is given win over json.format, field by field', () => {
    const json = JSON.parse(JSON.stringify(GridRenderer.build(SPEC, makeRows(), { locale: 'uk', currency: 'UAH' }))) as GridArtifactJson;
    expect(hydrateArtifact(json, { locale: 'en', currency: 'EUR' }).kpis[1]!.display).toBe('€12,445.50');
    // Only the locale given: the currency still comes from the JSON.
    // English has no symbol of its own for UAH; its narrow symbol ₴ names only the hryvnia, so cells show it.
    expect(hydrateArtifact(json, { locale: 'en' }).kpis[1]!.display).toBe('₴12,445.50');
  });

  it('defaults to en and USD for JSON without a format', () => {
    const json = JSON.parse(JSON.stringify(GridRenderer.build(SPEC, makeRows(), { locale: 'uk', currency: 'UAH' }))) as GridArtifactJson;
    delete json.format;
    expect(hydrateArtifact(json).kpis[1]!.display).toBe('$12,445.50');
  });

  it('refuses a malformed format with coded issues', () => {
    const json = JSON.parse(JSON.stringify(GridRenderer.build(SPEC, makeRows()))) as GridArtifactJson;
    const codes = (format: unknown): string[] => {
      try {
        hydrateArtifact({ ...json, format } as never);
      } catch (error) {
        return (error as GridArtifactError).issues.map((i) => `${i.code} ${i.path}`);
      }
      return [];
    };
    expect(codes('uk')).toEqual(['not_object format']);
    expect(codes({ locale: 5, currency: 'US Dollar' })).toEqual(['invalid_type format.locale', 'invalid_pattern format.currency']);
    expect(codes({ locale: 'not a locale!', currency: 'EUR' })).toEqual(['invalid_pattern format.locale']);
    expect(codes({ locale: 'de-CH', currency: 'chf' })).toEqual([]);
  });

  it('reports every problem of bad JSON with coded, prefixed paths', () => {
    let caught: unknown;
    try {
      hydrateArtifact({ version: 2, rows: 'x', spec: { grid_id: 'Bad', columns: [{ key: 'a', label: 'A' }], sql: 'select 1' }, tableConfig: { rowUrl: 'javascript:x' } } as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GridArtifactError);
    const codes = (caught as GridArtifactError).issues.map((i) => `${i.code} ${i.path}`);
    expect(codes).toContain('invalid_enum version');
    expect(codes).toContain('invalid_type rows');
    expect(codes).toContain('forbidden_sql spec.sql');
    expect(codes).toContain('invalid_pattern spec.grid_id');
  });

  it('refuses an unsafe row link smuggled into the JSON', () => {
    const json = roundTrip();
    (json.tableConfig as { rowUrl: string | null }).rowUrl = 'javascript:alert(1)';
    expect(() => hydrateArtifact(json)).toThrow(/unsafe_url\] tableConfig.rowUrl/);
  });

  it('refuses things that are not artifact JSON at all', () => {
    for (const bad of [null, 'text', [], 5]) {
      try {
        hydrateArtifact(bad as never);
        expect.unreachable();
      } catch (error) {
        expect((error as GridArtifactError).issues[0]!.code).toBe('not_object');
      }
    }
    expect(() => hydrateArtifact({ version: 1, rows: [] } as never)).toThrow(/spec/);
  });
});
