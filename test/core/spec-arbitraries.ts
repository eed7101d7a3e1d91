/**
 * fast-check generators of wire specs for the property tests: valid specs within everything the JSON
 * Schema can express (unique column keys and chart ids included), and mutations that break them in
 * the ways a careless or hostile author would (wrong types, unknown and forbidden keys, too many
 * items, bad ids and enums, missing fields, unsafe URLs, boundary lengths and numbers).
 */
import fc from 'fast-check';
import { SPEC_ENUMS } from '../../src/core/spec';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const EMOJI = '😀';

const idTail = (max: number) => fc.string({ unit: fc.constantFrom(...'az09_-'), maxLength: max });
const idArb = (max: number) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...'abcxyz'), idTail(12)).map(([head, tail]) => head + tail),
    fc.constant('g'.padEnd(max, 'x')),
  );

export const rowKeyArb = fc.oneof(
  fc.constantFrom('id', 'region', 'amount', 'Сума', 'Регіон', 'Order ID', 'constructor', ' ', 'x'.repeat(100), EMOJI.repeat(100), 'a.b[0]', '<b>k</b>'),
  fc.string({ unit: fc.constantFrom(...'abcxyz_019 ЩЇ'), minLength: 1, maxLength: 12 }),
);

export const labelArb = fc.oneof(
  fc.constantFrom(
    'Revenue',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '{{ constructor.constructor("alert(1)")() }}',
    '  Padded  ',
    'Сума продажів',
    'x'.repeat(200),
    EMOJI.repeat(200),
    'tab\tand\nnewline',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }).filter((s) => /\S/u.test(s)),
);

const linkArb = fc.constantFrom(
  '/orders/{id}',
  'https://example.com/o/{id}?r={Регіон}',
  'HTTP://EXAMPLE.COM/{a}',
  '?q={q}',
  '#top',
  '//cdn.example.com/{id}',
  'orders/{id}',
  '{id}',
  '{scheme}/x',
  `/${'a'.repeat(2047)}`,
);
const urlArb = fc.constantFrom('/reports/orders.pdf', 'https://example.com/r.pdf?x={not_a_placeholder}', 'export.pdf', '?format=pdf', `/${'b'.repeat(2047)}`);
const widthArb = fc.constantFrom('auto', '120px', '12.5rem', '8em', '20%', '12ch', '15vw', '9999.99px');

const columnArb = fc.record(
  {
    key: rowKeyArb,
    label: labelArb,
    format: fc.constantFrom(...SPEC_ENUMS.format),
    align: fc.constantFrom(...SPEC_ENUMS.align),
    sortable: fc.boolean(),
    searchable: fc.boolean(),
    link_template: linkArb,
    width: widthArb,
    menu_group: labelArb,
    hidden: fc.boolean(),
    exportable: fc.boolean(),
    total: fc.constantFrom(...SPEC_ENUMS.total),
  },
  { requiredKeys: ['key', 'label'] },
);

/** Icons: ours, and the free text the seed system took (valid, with a warning). */
export const iconArb = fc.oneof(fc.constantFrom(...SPEC_ENUMS.icon), fc.constantFrom('💰', 'fa-money', 'bi bi-cash', 'Money', '', 'i'.repeat(100)));

const kpiOptional = {
  format: fc.constantFrom(...SPEC_ENUMS.format),
  icon: iconArb,
  tone: fc.constantFrom(...SPEC_ENUMS.tone, ...SPEC_ENUMS.tone_alias),
};
const kpiArb = fc.oneof(
  fc.record({ label: labelArb, aggregate: fc.constant('count'), column_key: rowKeyArb, ...kpiOptional }, { requiredKeys: ['label'] }),
  fc.record(
    { label: labelArb, aggregate: fc.constantFrom(...SPEC_ENUMS.aggregate), column_key: rowKeyArb, ...kpiOptional },
    { requiredKeys: ['label', 'aggregate', 'column_key'] },
  ),
);

/** Colours the spec accepts, in every syntax and letter case. */
export const colorArb = fc.constantFrom(
  '#36c',
  '#3366CC',
  '#3366cc80',
  '#abcd',
  'rgb(51, 102, 204)',
  'rgba(51,102,204,0.5)',
  'RGB(10% 20% 30% / 50%)',
  'hsl(220, 60%, 50%)',
  'hsla(-30deg 50% 50% / .5)',
  'SteelBlue',
  'red',
  'rebeccapurple',
  'rgb(300, 0, 0)',
);
const seriesArb = fc.record(
  { key: rowKeyArb, label: labelArb, color: colorArb, series_type: fc.constantFrom(...SPEC_ENUMS.series_type) },
  { requiredKeys: ['key'] },
);

const PIE = new Set(['pie', 'donut']);

/**
 * Valid charts in every form: categories from exactly one of x_key, label_key and group_by; values
 * from series, value_key or neither; then the rules between fields are repaired (no stacking, series
 * types or colours on pies; stacked_bar never unstacked; center_total only on donuts that sum or count;
 * sort only on bar charts).
 */
const chartArb = fc
  .record(
    {
      id: idArb(64),
      chart_type: fc.constantFrom(...SPEC_ENUMS.chart_type),
      category: fc.constantFrom('x_key', 'label_key', 'group_by'),
      categoryKey: rowKeyArb,
      values: fc.constantFrom('series', 'value_key', 'none'),
      series: fc.array(seriesArb, { minLength: 1, maxLength: 8 }),
      valueKey: rowKeyArb,
      aggregate: fc.option(fc.constantFrom(...SPEC_ENUMS.aggregate), { nil: undefined }),
      title: fc.option(labelArb, { nil: undefined }),
      stacked: fc.option(fc.boolean(), { nil: undefined }),
      center_total: fc.option(fc.boolean(), { nil: undefined }),
      sort: fc.option(fc.constantFrom(...SPEC_ENUMS.sort), { nil: undefined }),
      data_source: fc.option(fc.constantFrom(...SPEC_ENUMS.data_source), { nil: undefined }),
      height: fc.option(fc.oneof(fc.integer({ min: 120, max: 1200 }), fc.constantFrom(120, 300, 320, 800, 1200)), { nil: undefined }),
    },
    { requiredKeys: ['id', 'chart_type', 'category', 'categoryKey', 'values', 'series', 'valueKey'] },
  )
  .map((g) => {
    const pie = PIE.has(g.chart_type);
    const chart: JsonObject = { id: g.id, chart_type: g.chart_type, [g.category]: g.categoryKey };
    if (g.values === 'series') chart.series = pie ? g.series.map(({ key, label }): JsonObject => (label === undefined ? { key } : { key, label })) : (g.series as JsonObject[]);
    if (g.values === 'value_key') chart.value_key = g.valueKey;
    const aggregate = g.values === 'none' && g.aggregate !== undefined ? 'count' : g.aggregate;
    if (aggregate !== undefined) chart.aggregate = aggregate;
    if (g.title !== undefined) chart.title = g.title;
    if (g.stacked !== undefined && !(pie && g.stacked) && !(g.chart_type === 'stacked_bar' && !g.stacked)) chart.stacked = g.stacked;
    if (g.center_total !== undefined && (!g.center_total || (g.chart_type === 'donut' && (aggregate === undefined || aggregate === 'sum' || aggregate === 'count')))) {
      chart.center_total = g.center_total;
    }
    if (g.sort !== undefined && ['bar', 'horizontal_bar', 'stacked_bar'].includes(g.chart_type)) chart.sort = g.sort;
    if (g.data_source !== undefined) chart.data_source = g.data_source;
    if (g.height !== undefined) chart.height = g.height;
    return chart;
  });

/**
 * `export_columns` and `group_by` that name the spec's own columns (the parser checks what the
 * schema cannot: they must be column keys, and an export column must not be `exportable: false`).
 */
function withColumnReferences(spec: JsonObject, exportPick: number[] | undefined, groupPick: number | undefined): JsonObject {
  const columns = spec.columns as JsonObject[];
  const exportable = columns.filter((c) => c.exportable !== false).map((c) => c.key as string);
  if (exportPick !== undefined && exportable.length > 0) {
    const keys = [...new Set(exportPick.map((i) => exportable[i % exportable.length] as string))];
    spec.export_columns = keys;
  }
  if (groupPick !== undefined) spec.group_by = (columns[groupPick % columns.length] as JsonObject).key as string;
  return spec;
}

/** Valid wire specs: every optional field sometimes present, limits reached at their edges. */
export const validSpecArb: fc.Arbitrary<JsonObject> = fc
  .tuple(
    fc.record(
      {
        grid_id: idArb(100),
        columns: fc.uniqueArray(columnArb, { selector: (c) => c.key, minLength: 1, maxLength: 5 }),
        title: labelArb,
        kpis: fc.array(kpiArb, { maxLength: 8 }),
        charts: fc.uniqueArray(chartArb, { selector: (c) => c.id, maxLength: 3 }),
        layout: fc.record(
          { blocks: fc.uniqueArray(fc.constantFrom(...SPEC_ENUMS.block), { minLength: 1, maxLength: 6 }), kpi_columns: fc.integer({ min: 1, max: 6 }) },
          { requiredKeys: [] },
        ).filter((layout) => Object.keys(layout).length > 0),
        wrapper: fc.constantFrom(...SPEC_ENUMS.wrapper),
        search_mode: fc.constantFrom(...SPEC_ENUMS.search_mode),
        striped: fc.boolean(),
        export_xlsx: fc.boolean(),
        export_pdf_url: urlArb,
      },
      { requiredKeys: ['grid_id', 'columns'] },
    ),
    fc.option(fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }), { nil: undefined }),
    fc.option(fc.nat(20), { nil: undefined }),
  )
  .map(([spec, exportPick, groupPick]) => withColumnReferences(spec as JsonObject, exportPick, groupPick));

/** Replacement values: wrong types, edge lengths and numbers, unsafe URLs, and some values that are fine. */
const valuePool: Json[] = [
  null,
  true,
  0,
  5,
  -1,
  1.5,
  119,
  120,
  320,
  1200,
  1201,
  '',
  ' ',
  '\u00a0\u2003',
  'x',
  'Bad Id',
  '1abc',
  'ok_id',
  'a'.repeat(101),
  'g'.padEnd(65, 'x'),
  EMOJI.repeat(200),
  EMOJI.repeat(201),
  'Сума',
  'constructor',
  '__proto__',
  'bell\u0007',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  '{s}://evil.example',
  'https:evil.example',
  '\\\\evil.example',
  '/ok/{id}',
  '/bad/{id',
  '/bad/{}',
  'https://ok.example/{id}',
  'auto',
  '12pt',
  '120px',
  '10000px',
  'count',
  'sum',
  'median',
  'bar',
  'pie3d',
  'Bar',
  'global',
  'title',
  'kpis',
  'left',
  'neutral',
  'trend_up',
  'green',
  'amber',
  '#3366cc',
  'steelblue',
  'var(--brand)',
  'rgb(1,2)',
  'line',
  'none',
  [],
  ['title'],
  ['title', 'title'],
  [1, 2, 3],
  {},
  { key: 'k', label: 'L' },
  { rows: [{ a: 1 }] },
  { a: { sql: 'select 1' } },
];

export const extraKeys = [
  'rows',
  'data',
  'Rows',
  'sql',
  'query',
  'SQL',
  'chart_option',
  'chartOption',
  'option',
  'options',
  'echarts_option',
  'grid_options',
  'column_defs',
  'columnDefs',
  'value',
  'raw_value',
  'result',
  'delta',
  'target',
  'exportXlsx',
  'gridId',
  'extra',
  'Сума',
  '__proto__',
  'constructor',
  'prototype',
  'label',
  'key',
  'color',
  'stacked',
  'group_by',
  'value_key',
  'center_total',
  'sort',
  'hidden',
] as const;

/** Stands for "remove the field" among edge values. */
const DELETE = '\u0000delete';

/** Edge values for named fields, valid and invalid, so every limit is probed often. */
const fieldEdges: Readonly<Record<string, readonly Json[]>> = {
  grid_id: ['a', 'a'.repeat(100), 'a'.repeat(101), 'A', '1a', 'a b', 'a_b-c', '', 'abc\n'],
  id: ['c', 'c'.repeat(64), 'c'.repeat(65), 'C1', '-c', 'c.1'],
  height: [DELETE, 119, 120, 1200, 1201, 320.5, -5, 0, 1e9, '320'],
  width: ['auto', 'AUTO', '120px', '120', '12.345px', '12345px', '1.5rem', '50%', 'calc(1px)', '10 px'],
  link_template: ['/o/{id}', '/o/{{id}}', '/o/}{',  'javascript:alert({id})', 'JaVaScRiPt:x', 'java\tscript:x', 'data:,x', '/o/{id', '/o/{}', '{p}:x', '//h/{a}', 'https://h/{a}'],
  export_pdf_url: ['/r.pdf', 'vbscript:x', 'https://h/r.pdf', 'http:/h', ' /r.pdf', '/r.pdf?q={x}'],
  key: ['k', 'К', '', ' ', '__proto__', 'constructor', 'a\u0000b', 'k'.repeat(100), 'k'.repeat(101)],
  column_key: ['k', '', '__proto__', 'a\tb', DELETE, DELETE, DELETE],
  x_key: ['x', '', 'x'.repeat(101)],
  label: ['L', '', '   ', '<b>x</b>', 'l'.repeat(200), 'l'.repeat(201), '😀'.repeat(201)],
  title: [DELETE, 'T', '', '\u3000', 't'.repeat(201)],
  aggregate: ['count', 'sum', 'SUM', 'total'],
  format: ['text', 'percent', 'html'],
  chart_type: ['donut', 'radar'],
  blocks: [[], ['table'], ['title', 'title'], ['title', 'kpis', 'chart', 'table', 'title'], ['footer']],
  series: [[], [{ key: 'a', label: 'A' }], [{ key: 'a' }], Array.from({ length: 9 }, (_, i) => ({ key: `s${i}`, label: 'S' })), DELETE, DELETE],
  label_key: [DELETE, 'region', '', DELETE],
  value_key: [DELETE, 'amount', 'a'.repeat(101), DELETE],
  group_by: [DELETE, 'region', '__proto__', DELETE],
  chart_aggregate: [DELETE, 'count', 'sum', 'median', 'total', 'avg'],
  stacked: [DELETE, true, false, 'yes'],
  center_total: [DELETE, true, false, 1],
  sort: [DELETE, 'asc', 'desc', 'DESC', 'value', true],
  color: [DELETE, '#3366cc', '#36C', '#12345', 'rgb(0 0 0 / 50%)', 'hsl(10, 20%, 30%)', 'Tomato', 'var(--x)', 'url(x)', 'red;x', 'transparent', '', 'rgb(1,2)'],
  series_type: [DELETE, 'bar', 'line', 'pie'],
  tone: ['good', 'green', 'amber', 'default', 'red', 'Green', 'blue'],
  icon: [DELETE, 'money', '💰', 'fa-money', '', 'i'.repeat(100), 'i'.repeat(101), 7],
  kpi_columns: [DELETE, 0, 1, 4, 6, 7, 2.5, '3'],
  menu_group: [DELETE, 'Money', '', ' ', 'g'.repeat(201)],
  hidden: [DELETE, true, 'false'],
  exportable: [DELETE, false, true, 0],
  total: [DELETE, 'sum', 'none', 'avg', 'total', 'SUM'],
  export_columns: [DELETE, [], ['id'], ['nope'], ['id', 'id'], [1]],
  table_group_by: [DELETE, 'id', 'nope', ''],
};

export interface Mutation {
  kind: 'set' | 'edge' | 'delete' | 'add' | 'grow' | 'empty';
  /** Chooses the target; `variant` chooses among values. Independent and unbiased, so edges are spread evenly. */
  pick: number;
  variant: number;
  value: Json;
  key: string;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('set', 'set', 'edge', 'edge', 'edge', 'delete', 'add', 'grow', 'empty'),
  pick: fc.noBias(fc.nat(1_000_000)),
  variant: fc.noBias(fc.nat(1_000_000)),
  value: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...valuePool) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> }),
  key: fc.constantFrom(...extraKeys),
});

interface Slot {
  container: JsonObject | Json[];
  key: string | number;
}

function slotsOf(value: Json, out: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push({ container: value, key: index });
      slotsOf(item, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      out.push({ container: value, key });
      slotsOf(value[key] as Json, out);
    }
  }
  return out;
}

function containersOf(value: Json, out: (JsonObject | Json[])[] = []): (JsonObject | Json[])[] {
  if (Array.isArray(value)) {
    out.push(value);
    value.forEach((item) => containersOf(item, out));
  } else if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const key of Object.keys(value)) containersOf(value[key] as Json, out);
  }
  return out;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const itemsOf = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value) ? value.filter((v): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)) : [];

/** Objects of `spec` that hold field `name`; adds a minimal KPI, chart or layout when there is none. */
function ownersOf(spec: JsonObject, name: string): JsonObject[] {
  const chartItems = (): JsonObject[] => {
    if (itemsOf(spec.charts).length === 0) spec.charts = [{ id: 'edge', chart_type: 'bar', x_key: 'x', series: [{ key: 'v', label: 'V' }] }];
    return itemsOf(spec.charts);
  };
  const kpiItems = (): JsonObject[] => {
    if (itemsOf(spec.kpis).length === 0) spec.kpis = [{ label: 'Rows', aggregate: 'count' }];
    return itemsOf(spec.kpis);
  };
  const columnItems = itemsOf(spec.columns);
  const seriesItems = (): JsonObject[] => {
    const charts = chartItems();
    const found = charts.flatMap((chart) => itemsOf(chart.series));
    if (found.length > 0) return found;
    const first = charts[0] as JsonObject;
    delete first.value_key;
    first.series = [{ key: 'v' }];
    return itemsOf(first.series);
  };
  switch (name) {
    case 'grid_id':
    case 'title':
    case 'export_pdf_url':
    case 'export_columns':
      return [spec];
    case 'id':
    case 'height':
    case 'x_key':
    case 'series':
    case 'chart_type':
    case 'label_key':
    case 'value_key':
    case 'group_by':
    case 'stacked':
    case 'center_total':
    case 'sort':
      return chartItems();
    case 'color':
    case 'series_type':
      return seriesItems();
    case 'column_key':
    case 'aggregate':
    case 'tone':
    case 'icon':
      return kpiItems();
    case 'kpi_columns': {
      if (spec.layout === null || typeof spec.layout !== 'object' || Array.isArray(spec.layout)) spec.layout = { blocks: ['table'] };
      return [spec.layout];
    }
    case 'chart_aggregate':
      return chartItems();
    case 'table_group_by':
      return [spec];
    case 'blocks': {
      if (spec.layout === null || typeof spec.layout !== 'object' || Array.isArray(spec.layout)) spec.layout = { blocks: ['table'] };
      return [spec.layout];
    }
    case 'label':
    case 'format':
      return [...columnItems, ...kpiItems()];
    default:
      return columnItems.length > 0 ? columnItems : [spec];
  }
}

/** Applies one mutation in place. Growing pushes past the limit of the array it picks. */
export function applyMutation(spec: JsonObject, mutation: Mutation): void {
  const slots = slotsOf(spec);
  const objects = containersOf(spec).filter((c): c is JsonObject => !Array.isArray(c));
  const arrays = containersOf(spec).filter((c): c is Json[] => Array.isArray(c));
  switch (mutation.kind) {
    case 'set': {
      const slot = slots[mutation.pick % slots.length];
      if (slot) (slot.container as Record<string | number, Json>)[slot.key] = clone(mutation.value);
      break;
    }
    case 'edge': {
      // Field name first (uniformly), then one object that owns it, created when the spec has none:
      // rare fields such as a chart's height get probed as often as labels.
      const names = Object.keys(fieldEdges);
      const name = names[mutation.pick % names.length] as string;
      const edges = fieldEdges[name] as readonly Json[];
      const owners = ownersOf(spec, name);
      const owner = owners[mutation.variant % owners.length] as JsonObject;
      const value = edges[Math.floor(mutation.variant / 7) % edges.length] as Json;
      // Two edge lists share a field name with another owner: the chart's aggregate and the table's group_by.
      const field = name === 'chart_aggregate' ? 'aggregate' : name === 'table_group_by' ? 'group_by' : name;
      if (value === DELETE) delete owner[field];
      else owner[field] = clone(value);
      break;
    }
    case 'delete': {
      const objectSlots = slots.filter((s) => !Array.isArray(s.container));
      const slot = objectSlots[mutation.pick % Math.max(1, objectSlots.length)];
      if (slot) delete (slot.container as JsonObject)[slot.key as string];
      break;
    }
    case 'add': {
      const target = objects[mutation.pick % objects.length];
      // defineProperty makes `__proto__` an own key, as JSON.parse does.
      if (target) Object.defineProperty(target, mutation.key, { value: clone(mutation.value), enumerable: true, writable: true, configurable: true });
      break;
    }
    case 'grow': {
      const target = arrays[mutation.pick % Math.max(1, arrays.length)];
      if (!target || target.length === 0) break;
      const last = target[target.length - 1] as Json;
      const limit = target === spec.columns ? 200 : 8;
      for (let i = target.length; i <= limit; i++) {
        const copy = clone(last);
        if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
          if (typeof copy.key === 'string') copy.key = `${copy.key}_${i}`;
          if (typeof copy.id === 'string') copy.id = `${copy.id}_${i}`;
        }
        target.push(copy);
      }
      break;
    }
    case 'empty': {
      const target = arrays[mutation.pick % Math.max(1, arrays.length)];
      if (target) target.length = 0;
      break;
    }
  }
}

/**
 * True when the spec breaks a rule the JSON Schema cannot express: column keys or chart ids repeat,
 * or `export_columns`/`group_by` name something other than a column (or an export column whose
 * column says `exportable: false`).
 */
export function breaksParserOnlyRules(spec: Json): boolean {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return false;
  const repeats = (items: Json | undefined, field: string): boolean => {
    if (!Array.isArray(items)) return false;
    const values = items
      .map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? item[field] : undefined))
      .filter((v): v is string => typeof v === 'string');
    return new Set(values).size !== values.length;
  };
  const columns = new Map<string, JsonObject>();
  for (const column of itemsOf(spec.columns)) if (typeof column.key === 'string' && !columns.has(column.key)) columns.set(column.key, column);
  const badReference = (key: Json | undefined): boolean => typeof key === 'string' && (!columns.has(key));
  const badExport = Array.isArray(spec.export_columns) && spec.export_columns.some((key) => badReference(key) || (typeof key === 'string' && columns.get(key)?.exportable === false));
  return repeats(spec.columns, 'key') || repeats(spec.charts, 'id') || badExport || badReference(spec.group_by);
}

const mutate = (spec: JsonObject, mutations: readonly Mutation[]): Json => {
  const copy = clone(spec);
  for (const mutation of mutations) applyMutation(copy, mutation);
  return JSON.parse(JSON.stringify(copy)) as Json;
};

/**
 * The input of the agreement property: valid specs as they are, specs with one edge value (every
 * limit probed evenly), specs with up to three mixed mutations, and now and then a root that is not an
 * object at all.
 */
export const mutatedSpecArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: validSpecArb as fc.Arbitrary<Json> },
  { weight: 8, arbitrary: fc.tuple(validSpecArb, mutationArb).map(([spec, mutation]) => mutate(spec, [{ ...mutation, kind: 'edge' }])) },
  { weight: 7, arbitrary: fc.tuple(validSpecArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([spec, mutations]) => mutate(spec, mutations)) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom<Json>(null, 'spec', 42, true, [], [{ grid_id: 'a' }]), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>) },
);
