/**
 * Inputs that make the spec parser say every sentence it can say: each error and warning code, each
 * variant of a sentence and each phrase that fills one (`{got}`, `{expected}`, `{where}`). Shared by
 * the message test (English made from the templates, placeholders, coverage) and the catalog test
 * (every language has every template), so a new sentence without a case here fails the coverage
 * check rather than going untranslated unnoticed.
 */
import { safeParseGridViewSpecJson } from '../../src/core/spec';
import type { SpecIssue, SpecMessageDetail, SpecWarning } from '../../src/core/types';

const columns = [{ key: 'id', label: 'Order' }];
const series = [{ key: 'amount', label: 'Amount' }];
const chart = { id: 'c', chart_type: 'bar', x_key: 'region', series };
const spec = (extra: Record<string, unknown>): Record<string, unknown> => ({ grid_id: 'orders', columns, ...extra });
const withColumn = (extra: Record<string, unknown>) => spec({ columns: [{ key: 'id', label: 'Order', ...extra }] });
const withKpi = (extra: Record<string, unknown>) => spec({ kpis: [{ label: 'N', aggregate: 'count', ...extra }] });
const withChart = (extra: Record<string, unknown>) => spec({ charts: [{ ...chart, ...extra }] });
const withSeries = (extra: Record<string, unknown>) => withChart({ series: [{ key: 'amount', ...extra }] });

function cyclic(): Record<string, unknown> {
  const input = spec({});
  input.extra = input;
  return input;
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

function unknownKeys(count: number): Record<string, unknown> {
  const input = spec({});
  for (let i = 0; i < count; i++) input[`extra_${i}`] = true;
  return input;
}

/** Every input, by what it shows; each gives at least one issue or warning. */
export const SPEC_MESSAGE_CASES: Readonly<Record<string, unknown>> = {
  // Not a plain object, and the phrase for each kind of root.
  'root text': '{"grid_id": "orders"}',
  'root null': null,
  'root undefined': undefined,
  'root array': [columns],
  'root number': 5,
  'root Map': new Map(),
  'root instance of an anonymous class': new (class {})(),
  'a getter that throws': Object.defineProperty(spec({}), 'title', {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  }),
  // What a spec must never carry, and what JSON cannot hold.
  'rows': spec({ rows: [{ id: 1 }] }),
  'an option object': withChart({ chart_option: { series: [] } }),
  'sql': spec({ sql: 'select 1' }),
  'a KPI value key': withKpi({ value: 'x' }),
  'a number inside a KPI': spec({ kpis: [42] }),
  'a prototype key': JSON.parse('{"grid_id": "orders", "columns": [{"key": "id", "label": "Order"}], "__proto__": 1}') as unknown,
  'an unknown field': spec({ theme: 'dark' }),
  'a camelCase field': spec({ exportXlsx: true }),
  'NaN': spec({ striped: Number.NaN }),
  'a function': spec({ striped: () => true }),
  'a symbol': spec({ striped: Symbol('s') }),
  'a bigint': spec({ striped: 1n }),
  'a cycle': cyclic(),
  'too deep': spec({ extra: nested(40) }),
  'a Date': spec({ title: new Date(0) }),
  'holes': spec({ export_columns: new Array(60) }),
  'many unknown fields at the root': unknownKeys(55),
  'many unknown fields in a column': spec({ columns: [{ key: 'id', label: 'Order', ...Object.fromEntries(Array.from({ length: 55 }, (_, i) => [`x${i}`, 1])) }] }),
  'a huge unknown part': spec({ extra: new Array(10_050).fill(0) }),
  'far too many columns': spec({ columns: Array.from({ length: 205 }, (_, i) => ({ key: `c${i}`, label: 'C' })) }),
  'more than 100 issues': { ...unknownKeys(55), columns: Array.from({ length: 150 }, (_, i) => ({ key: `c${i}`, label: ' ' })) },
  // Types, with the expected phrase of each field and the description of each kind of value.
  'a text boolean': spec({ striped: 'true' }),
  'a null label': withColumn({ label: null }),
  'an array title': spec({ title: [1, 2] }),
  'an object wrapper': spec({ wrapper: {} }),
  'a boolean grid_id': { grid_id: true, columns },
  'a number chart id': withChart({ id: 5 }),
  'a number key': withColumn({ key: 5 }),
  'a number menu_group': withColumn({ menu_group: 5 }),
  'a number KPI label': spec({ kpis: [{ label: false, aggregate: 'count' }] }),
  'a number series label': withSeries({ label: 5 }),
  'a number chart title': withChart({ title: 5 }),
  'a number colour': withSeries({ color: 5 }),
  'a number width': withColumn({ width: 5 }),
  'a text column': spec({ columns: ['id'] }),
  'a text KPI': spec({ kpis: ['n'] }),
  'a text series': withChart({ series: ['amount'] }),
  'a text chart': spec({ charts: ['c'] }),
  'a text layout': spec({ layout: 'grid' }),
  'a boolean icon': withKpi({ icon: true }),
  'a text height': withChart({ height: '320' }),
  'a fractional height': withChart({ height: 320.5 }),
  'a height out of range': withChart({ height: 1201 }),
  'a text kpi_columns': spec({ layout: { kpi_columns: '4' } }),
  'text columns': spec({ columns: 'id' }),
  'text kpis': spec({ kpis: 'n' }),
  'text charts': spec({ charts: 'c' }),
  'text series': withChart({ series: 'amount' }),
  'text blocks': spec({ layout: { blocks: 'table' } }),
  'text export_columns': spec({ export_columns: 'id' }),
  'a number link_template': withColumn({ link_template: 5 }),
  'a number export_pdf_url': spec({ export_pdf_url: 5 }),
  // Every other rule.
  'no columns': { grid_id: 'orders' },
  'no grid_id': { columns },
  'no chart_type': spec({ charts: [{ id: 'c', x_key: 'region', series }] }),
  'an enum value': withColumn({ format: 'money' }),
  'a bad grid_id': { grid_id: 'Sales Q1', columns },
  'an empty key': withColumn({ key: '' }),
  'a reserved key': withColumn({ key: '__proto__' }),
  'a key with a tab': withColumn({ key: 'a\tb' }),
  'a blank label': withColumn({ label: ' ' }),
  'a blank title': spec({ title: ' ' }),
  'a long title': spec({ title: 'T'.repeat(201) }),
  'no columns at all': spec({ columns: [] }),
  'too many KPIs': spec({ kpis: Array.from({ length: 9 }, () => ({ label: 'N', aggregate: 'count' })) }),
  'a duplicate block': spec({ layout: { blocks: ['table', 'table'] } }),
  'a duplicate column key': spec({ columns: [...columns, { key: 'id', label: 'Again' }] }),
  'a duplicate chart id': spec({ charts: [chart, chart] }),
  'a duplicate export column': spec({ export_columns: ['id', 'id'] }),
  'a bad width': withColumn({ width: '12pt' }),
  'a bad colour': withSeries({ color: 'var(--brand)' }),
  'a broken placeholder': withColumn({ link_template: '/orders/{id' }),
  'an unsafe URL': spec({ export_pdf_url: 'javascript:alert(1)' }),
  'an unsafe link': withColumn({ link_template: 'javascript:alert({id})' }),
  'a KPI without column_key': withKpi({ aggregate: 'avg' }),
  'a chart without values': spec({ charts: [{ id: 'c', chart_type: 'bar', group_by: 'region', aggregate: 'avg' }] }),
  'a chart without categories': spec({ charts: [{ id: 'c', chart_type: 'bar', series }] }),
  'two category fields': withChart({ group_by: 'region' }),
  'series and value_key': withChart({ value_key: 'amount' }),
  'sort on a line chart': withChart({ chart_type: 'line', sort: 'asc' }),
  'an empty layout': spec({ layout: {} }),
  'an unknown export column': spec({ export_columns: ['amount'] }),
  'an unknown group_by': spec({ group_by: 'amount' }),
  'an export column that is not exportable': spec({ columns: [{ key: 'id', label: 'Order', exportable: false }], export_columns: ['id'] }),
  // Warnings.
  'stacking a pie': withChart({ chart_type: 'pie', stacked: true, series: [{ key: 'amount', color: '#36c', series_type: 'bar' }] }),
  'unstacking a stacked_bar': withChart({ chart_type: 'stacked_bar', stacked: false }),
  'a centre total on a bar': withChart({ center_total: true }),
  'a centre total of averages': withChart({ chart_type: 'donut', aggregate: 'avg', center_total: true }),
  'a seed pie naming label_key beside group_by': spec({ charts: [{ id: 'p', chart_type: 'pie', label_key: 'region', group_by: 'region', value_key: 'amount' }] }),
  'an unknown icon': withKpi({ icon: 'rocket' }),
};

/** What the parser says about each case: its issues (none for a valid spec) and warnings. */
export function specMessagesOf(input: unknown): { issues: SpecIssue[]; warnings: SpecWarning[] } {
  const result = safeParseGridViewSpecJson(input);
  return { issues: result.ok ? [] : result.issues, warnings: result.warnings };
}

/** Every detail in `detail`, itself first, then its phrases and its following sentences. */
export function detailsIn(detail: SpecMessageDetail): SpecMessageDetail[] {
  const found = [detail];
  for (const param of Object.values(detail.params)) if (typeof param === 'object') found.push(...detailsIn(param));
  if (detail.next !== undefined) found.push(...detailsIn(detail.next));
  return found;
}

const PLURAL_FORMS = ['one', 'few', 'many', 'other'] as const;

/** The catalog keys a detail's template takes: the key, or the four forms of a plural base. */
export function templateKeys(detail: SpecMessageDetail): string[] {
  return typeof detail.params.count === 'number' ? PLURAL_FORMS.map((form) => `${detail.key}.${form}`) : [detail.key];
}

/** Every catalog key the parser's sentences took over all cases, sorted. */
export function specMessageKeys(): string[] {
  const keys = new Set<string>();
  for (const input of Object.values(SPEC_MESSAGE_CASES)) {
    const { issues, warnings } = specMessagesOf(input);
    for (const said of [...issues, ...warnings]) {
      if (said.detail === undefined) continue;
      for (const detail of detailsIn(said.detail)) for (const key of templateKeys(detail)) keys.add(key);
    }
  }
  return [...keys].sort();
}
