/**
 * The fields issue 14 (seed system v1) and issue 11 (the data grid) add to the spec, one behaviour
 * per test: defaults, normalisation, the rules between fields, warnings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { normaliseCssColor } from '../../src/core/color';
import { parseGridViewSpecJson, safeParseGridViewSpecJson, specToWire } from '../../src/core/spec';
import type { GridViewWarning } from '../../src/core/warn';
import { setWarningHandler } from '../../src/core/warn';

const columns = [
  { key: 'region', label: 'Region' },
  { key: 'revenue', label: 'Revenue', format: 'currency' },
  { key: 'units', label: 'Units', format: 'number' },
];
const spec = (extra: Record<string, unknown>) => ({ grid_id: 'sales', columns, ...extra });
const codesOf = (input: unknown): [string, string][] => {
  const result = safeParseGridViewSpecJson(input);
  return result.ok ? [] : result.issues.map((i) => [i.code, i.path]);
};

afterEach(() => {
  setWarningHandler(null);
});

describe('layout (seed system v1)', () => {
  it('takes kpi_columns 1 to 6, default 4, alone or with blocks', () => {
    expect(parseGridViewSpecJson(spec({})).layout).toEqual({ blocks: ['title', 'kpis', 'chart', 'table'], kpiColumns: 4 });
    expect(parseGridViewSpecJson(spec({ layout: { kpi_columns: 3 } })).layout).toEqual({ blocks: ['title', 'kpis', 'chart', 'table'], kpiColumns: 3 });
    expect(codesOf(spec({ layout: { kpi_columns: 7 } }))).toEqual([['out_of_range', 'layout.kpi_columns']]);
    expect(codesOf(spec({ layout: { kpi_columns: 0 } }))).toEqual([['out_of_range', 'layout.kpi_columns']]);
    expect(codesOf(spec({ layout: { kpi_columns: 2.5 } }))).toEqual([['invalid_type', 'layout.kpi_columns']]);
    expect(specToWire(parseGridViewSpecJson(spec({ layout: { kpi_columns: 4 } })))).not.toHaveProperty('layout');
    expect(specToWire(parseGridViewSpecJson(spec({ layout: { kpi_columns: 6 } }))).layout).toEqual({ kpi_columns: 6 });
  });

  it('accepts the blocks toolbar and ag_grid, each of the six names once, in any order', () => {
    const blocks = ['ag_grid', 'toolbar', 'table', 'chart', 'kpis', 'title'];
    expect(parseGridViewSpecJson(spec({ layout: { blocks } })).layout.blocks).toEqual(blocks);
    expect(codesOf(spec({ layout: { blocks: ['toolbar', 'ag_grid', 'toolbar'] } }))).toEqual([['duplicate_key', 'layout.blocks[2]']]);
  });
});

describe('columns (seed system v1)', () => {
  it('fill menu_group, hidden, exportable and a total that depends on the format', () => {
    const parsed = parseGridViewSpecJson(spec({}));
    expect(parsed.columns.map((c) => [c.menuGroup, c.hidden, c.exportable, c.total])).toEqual([
      [null, false, true, 'none'],
      [null, false, true, 'sum'],
      [null, false, true, 'sum'],
    ]);
  });

  it('keeps the given settings and writes back only what differs from the defaults', () => {
    const wire = {
      grid_id: 'sales',
      columns: [
        { key: 'region', label: 'Region', menu_group: 'Where', hidden: true, total: 'count' },
        { key: 'revenue', label: 'Revenue', format: 'currency', exportable: false, total: 'sum' },
      ],
    };
    const parsed = parseGridViewSpecJson(wire);
    expect(parsed.columns[0]).toMatchObject({ menuGroup: 'Where', hidden: true, exportable: true, total: 'count' });
    expect(specToWire(parsed).columns).toEqual([
      { key: 'region', label: 'Region', menu_group: 'Where', hidden: true, total: 'count' },
      { key: 'revenue', label: 'Revenue', format: 'currency', exportable: false },
    ]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'a', label: 'A', total: 'median' }] })).toEqual([['invalid_enum', 'columns[0].total']]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'a', label: 'A', menu_group: ' ' }] })).toEqual([['too_short', 'columns[0].menu_group']]);
  });
});

describe('table settings export_columns and group_by', () => {
  it('name columns of the spec, in the order given', () => {
    const parsed = parseGridViewSpecJson(spec({ export_columns: ['units', 'region'], group_by: 'region' }));
    expect([parsed.exportColumns, parsed.groupBy]).toEqual([['units', 'region'], 'region']);
    expect(parseGridViewSpecJson(spec({})).exportColumns).toBeNull();
  });

  it('refuse a key that is no column, a column that is not exportable, repeats and an empty list', () => {
    expect(codesOf(spec({ export_columns: ['cost'] }))).toEqual([['unknown_column', 'export_columns[0]']]);
    expect(codesOf(spec({ group_by: 'password' }))).toEqual([['unknown_column', 'group_by']]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'a', label: 'A', exportable: false }], export_columns: ['a'] })).toEqual([['conflicting_fields', 'export_columns[0]']]);
    expect(codesOf(spec({ export_columns: ['units', 'units'] }))).toEqual([['duplicate_key', 'export_columns[1]']]);
    expect(codesOf(spec({ export_columns: [] }))).toEqual([['too_few_items', 'export_columns']]);
  });
});

describe('KPIs (seed system v1)', () => {
  it('count rows when aggregate is left out', () => {
    expect(parseGridViewSpecJson(spec({ kpis: [{ label: 'Orders' }] })).kpis[0]).toMatchObject({ aggregate: 'count', columnKey: null });
    expect(specToWire(parseGridViewSpecJson(spec({ kpis: [{ label: 'Orders' }] }))).kpis).toEqual([{ label: 'Orders', aggregate: 'count' }]);
  });

  it('normalise the tones default, green, red and amber, and write the canonical names back', () => {
    const parsed = parseGridViewSpecJson(spec({ kpis: ['default', 'green', 'red', 'amber', 'info'].map((tone) => ({ label: 'K', tone })) }));
    expect(parsed.kpis.map((k) => k.tone)).toEqual(['neutral', 'good', 'bad', 'warning', 'info']);
    expect(specToWire(parsed).kpis?.map((k) => k.tone)).toEqual([undefined, 'good', 'bad', 'warning', 'info']);
    expect(codesOf(spec({ kpis: [{ label: 'K', tone: 'Green' }] }))).toEqual([['invalid_enum', 'kpis[0].tone']]);
  });

  it('show no icon for free text, with an unknown_icon warning and a valid spec', () => {
    const result = safeParseGridViewSpecJson(spec({ kpis: [{ label: 'K', icon: 'money' }, { label: 'L', icon: '💰' }, { label: 'M', icon: '' }] }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.spec.kpis.map((k) => k.icon)).toEqual(['money', null, null]);
    expect(result.warnings.map((w) => [w.code, w.path])).toEqual([
      ['unknown_icon', 'kpis[1].icon'],
      ['unknown_icon', 'kpis[2].icon'],
    ]);
    expect(result.warnings[0]?.message).toContain('"💰"');
    expect(codesOf(spec({ kpis: [{ label: 'K', icon: 'i'.repeat(101) }] }))).toEqual([['too_long', 'kpis[0].icon']]);
  });

  it('report warnings of an invalid spec too, and an empty list when there are none', () => {
    const invalid = safeParseGridViewSpecJson({ grid_id: 'Bad', columns, kpis: [{ label: 'K', icon: 'rocket' }] });
    expect([invalid.ok, invalid.warnings.map((w) => w.code)]).toEqual([false, ['unknown_icon']]);
    expect(safeParseGridViewSpecJson(spec({})).warnings).toEqual([]);
    expect(safeParseGridViewSpecJson(null).warnings).toEqual([]);
  });

  it('send the warnings of the throwing parser to the warning channel', () => {
    const seen: GridViewWarning[] = [];
    setWarningHandler((w) => seen.push(w));
    parseGridViewSpecJson(spec({ kpis: [{ label: 'K', icon: 'fa-money' }] }));
    expect(seen.map((w) => w.code)).toEqual(['spec_warning']);
    expect(seen[0]?.detail).toMatchObject({ code: 'unknown_icon', path: 'kpis[0].icon' });
  });
});

describe('charts in the seed forms', () => {
  it('label_key + value_key: categories and one series labelled like its column, height 300, sum', () => {
    const chart = parseGridViewSpecJson(spec({ charts: [{ id: 'pie', chart_type: 'pie', label_key: 'region', value_key: 'revenue' }] })).charts[0];
    expect(chart).toMatchObject({
      xKey: 'region',
      categoryField: 'label_key',
      valueField: 'value_key',
      series: [{ key: 'revenue', label: 'Revenue', color: null, seriesType: null }],
      aggregate: 'sum',
      height: 300,
      title: null,
    });
  });

  it('group_by alone counts rows per group; with aggregate and value_key it aggregates', () => {
    const [counted, averaged] = parseGridViewSpecJson(
      spec({
        charts: [
          { id: 'a', chart_type: 'bar', group_by: 'region' },
          { id: 'b', chart_type: 'bar', group_by: 'region', value_key: 'units', aggregate: 'avg', title: 'Average units' },
        ],
      }),
    ).charts;
    expect(counted).toMatchObject({ xKey: 'region', categoryField: 'group_by', valueField: null, series: [], aggregate: 'count' });
    expect(averaged).toMatchObject({ aggregate: 'avg', title: 'Average units', series: [{ key: 'units', label: 'Units' }] });
  });

  it('series labels default to the column label, else the key', () => {
    const chart = parseGridViewSpecJson(spec({ charts: [{ id: 'c', chart_type: 'line', x_key: 'region', series: [{ key: 'revenue' }, { key: 'cost' }] }] })).charts[0];
    expect(chart?.series.map((s) => s.label)).toEqual(['Revenue', 'cost']);
    expect(chart?.height).toBe(320);
  });

  it('round-trips every form through specToWire, leaving defaults out', () => {
    const charts = [
      { id: 'a', chart_type: 'donut', label_key: 'region', value_key: 'revenue', center_total: true },
      { id: 'b', chart_type: 'bar', group_by: 'region', aggregate: 'max', value_key: 'units', stacked: true, height: 800 },
      { id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'revenue', label: 'Money', color: 'SteelBlue' }, { key: 'units', series_type: 'line' }] },
    ];
    const parsed = parseGridViewSpecJson(spec({ charts }));
    const wire = specToWire(parsed);
    expect(wire.charts).toEqual([
      { id: 'a', chart_type: 'donut', label_key: 'region', value_key: 'revenue', center_total: true },
      { id: 'b', chart_type: 'bar', group_by: 'region', value_key: 'units', aggregate: 'max', stacked: true, height: 800 },
      { id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'revenue', label: 'Money', color: '#4682b4' }, { key: 'units', series_type: 'line' }] },
    ]);
    expect(parseGridViewSpecJson(wire)).toEqual(parsed);
  });

  it('refuse two category fields, series with value_key, and no category at all', () => {
    expect(codesOf(spec({ charts: [{ id: 'c', chart_type: 'bar', x_key: 'region', label_key: 'region', group_by: 'units' }] }))).toEqual([
      ['conflicting_fields', 'charts[0].group_by'],
      ['conflicting_fields', 'charts[0].label_key'],
    ]);
    expect(codesOf(spec({ charts: [{ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'units' }], value_key: 'units' }] }))).toEqual([
      ['conflicting_fields', 'charts[0].value_key'],
    ]);
    expect(codesOf(spec({ charts: [{ id: 'c', chart_type: 'bar', value_key: 'units' }] }))).toEqual([['required', 'charts[0].x_key']]);
  });

  it('ask for values when the aggregate is not a count', () => {
    expect(codesOf(spec({ charts: [{ id: 'c', chart_type: 'bar', group_by: 'region', aggregate: 'sum' }] }))).toEqual([['missing_value_key', 'charts[0].value_key']]);
    expect(codesOf(spec({ charts: [{ id: 'c', chart_type: 'bar', group_by: 'region', aggregate: 'count' }] }))).toEqual([]);
  });

  // Behaviour change (issue 14: every spec the seed system's v1 schema allows must parse): these
  // combinations were refused with conflicting_fields; the seed system accepts and ignores them, so
  // the parser now warns (ignored_field) and drops the field.
  const parsed = (input: unknown) => {
    const result = safeParseGridViewSpecJson(input);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
    return { chart: result.spec.charts[0], warnings: result.warnings.map((w) => [w.code, w.path]) };
  };

  it('accept stacking, series types and series colours on pies and donuts, ignore them and warn', () => {
    const pie = { id: 'c', chart_type: 'pie', x_key: 'region' };
    const stackedPie = parsed(spec({ charts: [{ ...pie, stacked: true }] }));
    expect(stackedPie.warnings).toEqual([['ignored_field', 'charts[0].stacked']]);
    expect(stackedPie.chart?.stacked).toBe(false);
    expect(parsed(spec({ charts: [{ ...pie, stacked: false }] })).warnings).toEqual([['ignored_field', 'charts[0].stacked']]);
    const coloured = parsed(spec({ charts: [{ ...pie, chart_type: 'donut', series: [{ key: 'units', series_type: 'bar', color: 'red' }] }] }));
    expect(coloured.warnings).toEqual([
      ['ignored_field', 'charts[0].series[0].color'],
      ['ignored_field', 'charts[0].series[0].series_type'],
    ]);
    expect(coloured.chart?.series[0]).toMatchObject({ key: 'units', color: null, seriesType: null });
    // An invalid colour stays an error everywhere: nothing unchecked ever reaches CSS.
    expect(codesOf(spec({ charts: [{ ...pie, series: [{ key: 'units', color: 'url(javascript:x)' }] }] }))).toEqual([['invalid_color', 'charts[0].series[0].color']]);
  });

  it('keep a stacked_bar stacked, warning about stacked: false', () => {
    const unstacked = parsed(spec({ charts: [{ id: 'c', chart_type: 'stacked_bar', x_key: 'region', series: [{ key: 'units' }], stacked: false }] }));
    expect(unstacked.warnings).toEqual([['ignored_field', 'charts[0].stacked']]);
    expect(unstacked.chart?.stacked).toBe(true);
    expect(parseGridViewSpecJson(spec({ charts: [{ id: 'c', chart_type: 'stacked_bar', x_key: 'region' }] })).charts[0]?.stacked).toBe(true);
  });

  it('show a centre total only on donuts that sum or count, ignoring it elsewhere with a warning', () => {
    const donut = { id: 'c', chart_type: 'donut', label_key: 'region', value_key: 'revenue', center_total: true };
    expect(parsed(spec({ charts: [donut] }))).toMatchObject({ warnings: [], chart: { centerTotal: true } });
    expect(parsed(spec({ charts: [{ ...donut, chart_type: 'pie' }] }))).toMatchObject({ warnings: [['ignored_field', 'charts[0].center_total']], chart: { centerTotal: false } });
    expect(parsed(spec({ charts: [{ ...donut, aggregate: 'avg' }] }))).toMatchObject({ warnings: [['ignored_field', 'charts[0].center_total']], chart: { centerTotal: false } });
    expect(parsed(spec({ charts: [{ ...donut, center_total: false, chart_type: 'bar' }] })).warnings).toEqual([]);
  });

  it('write no ignored field back to the wire, so the round trip is clean', () => {
    const wire = spec({ charts: [{ id: 'c', chart_type: 'pie', x_key: 'region', stacked: true, center_total: true, series: [{ key: 'units', color: '#fff' }] }] });
    const back = specToWire(parseGridViewSpecJson(wire));
    expect(back.charts?.[0]).toEqual({ id: 'c', chart_type: 'pie', x_key: 'region', series: [{ key: 'units' }] });
    expect(safeParseGridViewSpecJson(back)).toMatchObject({ ok: true, warnings: [] });
  });
});

describe('series colours', () => {
  it('accept hex, rgb(), hsl() and names in any case, and keep them as lower-case hex', () => {
    const colors = ['#36C', '#3366cc80', 'rgb(51, 102, 204)', 'RGBA(51 102 204 / 50%)', 'hsl(120, 100%, 25%)', 'Tomato'];
    const chart = parseGridViewSpecJson(spec({ charts: [{ id: 'c', chart_type: 'bar', x_key: 'region', series: colors.map((color) => ({ key: 'units', color })) }] })).charts[0];
    expect(chart?.series.map((s) => s.color)).toEqual(['#3366cc', '#3366cc80', '#3366cc', '#3366cc80', '#008000', '#ff6347']);
  });

  it('refuse everything else with invalid_color, so no CSS ever passes through', () => {
    for (const color of ['var(--brand)', 'url(javascript:alert(1))', 'red; background: url(x)', 'transparent', 'currentColor', '#12345', 'rgb(1, 2)', 'expression(alert(1))', 'linear-gradient(red, blue)', '']) {
      expect(codesOf(spec({ charts: [{ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'units', color }] }] })), color).toEqual([['invalid_color', 'charts[0].series[0].color']]);
      expect(normaliseCssColor(color)).toBeNull();
    }
  });
});
