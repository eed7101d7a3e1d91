/**
 * The yup rules of the wire spec: structure, types, enums, lengths, patterns, ranges, URL safety and
 * uniqueness, each failing with a test named after its `SpecErrorCode` and an English message that
 * says how to fix it. They run on the snapshot made by `./walk` with `strict: true` (no casting: `"5"`
 * is not a number) and `abortEarly: false` (every issue at once).
 *
 * @module
 */
import { array, boolean, number, object, string, ValidationError } from 'yup';
import type { Schema, TestConfig, TestContext } from 'yup';
import type { SpecErrorCode } from '../types';
import { AGGREGATES, findAggregate } from '../aggregates';
import type { AggregateRegistry } from '../aggregates';
import { checkLinkTemplate, isSafeUrl } from '../url';
import { chartTypes } from '../chart/registry';
import { SPEC_ENUMS } from './enums';
import type { RawIssue } from './issues';
import { describeValue, parseYupPath, rawIssue, validationFailed } from './issues';
import { SPEC_LIMITS, codePointLength } from './limits';
import { say, sayCounted } from './said';
import type { Said } from './said';

interface MessageParams {
  path: string;
  value: unknown;
}
/**
 * Every rule's message is a `Said` (English text and detail), not a string: yup hands whatever a
 * message function returns back as the error's `message`, and `runRules` takes both from it.
 */
type Message = (params: MessageParams) => Said;

const GRID_ID = new RegExp(SPEC_LIMITS.gridIdPattern, 'u');
const CHART_ID = new RegExp(SPEC_LIMITS.chartIdPattern, 'u');
const KEY = new RegExp(SPEC_LIMITS.keyPattern, 'u');
const WIDTH = new RegExp(SPEC_LIMITS.widthPattern, 'u');
const VISIBLE = new RegExp(SPEC_LIMITS.visibleTextPattern, 'u');
const COLOR = new RegExp(SPEC_LIMITS.colorPattern, 'u');
const RESERVED_KEYS: readonly string[] = SPEC_LIMITS.reservedKeys;

const isString = (value: unknown): value is string => typeof value === 'string';
const quoteList = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');

/** A best-effort id suggestion for a bad grid_id or chart id: lowercase, `_` for other characters. */
function suggestId(value: string, max: number): string {
  const slug = value
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, max);
  return slug === '' ? 'view_1' : slug;
}

/** `{path} must be {expected}; got {got}.` */
const mustBe = (path: string, expected: Said, value: unknown): Said => {
  const got = describeValue(value);
  return say('must_be', { path, expected, got }, `${path} must be ${expected.text}; got ${got.text}.`);
};

/** Adds the type and null messages every field shares; yup reports null as its own error type. */
function typed<S extends Schema>(schema: S, expected: Said): S {
  const message: Message = ({ path, value }) => mustBe(path, expected, value);
  return schema.typeError(message).nonNullable(message) as unknown as S;
}

function required<S extends Schema>(schema: S, expected: Said): S {
  const message: Message = ({ path }) => say('required', { path, expected }, `${path} is required: add ${expected.text}.`);
  return schema.defined(message) as unknown as S;
}

function maxLength(max: number): TestConfig<unknown> {
  const message: Message = ({ path, value }) => {
    const count = codePointLength(String(value));
    return sayCounted('too_long', count, { path, max }, `${path} is ${count} characters long; shorten it to at most ${max} (counted in Unicode characters).`);
  };
  return { name: 'too_long', message, test: (value: unknown) => !isString(value) || codePointLength(value) <= max };
}

const visibleText: TestConfig<unknown> = {
  name: 'too_short',
  message: (({ path }) => {
    const title = path === 'title';
    const text = `${path} must contain visible text; it is empty or only whitespace. Write a short text${title ? ' or leave title out' : ''}.`;
    return say(title ? 'visible_title' : 'visible_text', { path }, text);
  }) satisfies Message,
  test: (value: unknown) => !isString(value) || VISIBLE.test(value),
};

/** `one of "a", "b"`: the `{expected}` of an enum. */
const oneOfExpected = (values: readonly string[]): Said => {
  const list = quoteList(values);
  return say('expected.one_of', { values: list }, `one of ${list}`);
};

/** One of `values`; for aggregates also a name of a scratch registry passed as context (tests). */
function oneOf(values: readonly string[], aggregates = false): TestConfig<unknown> {
  const expected = oneOfExpected(values);
  return {
    name: 'invalid_enum',
    message: (({ path, value }) => mustBe(path, expected, value)) satisfies Message,
    test: (value: unknown, context: TestContext) => !isString(value) || values.includes(value) || (aggregates && findAggregate(aggregatesOf(context), value) !== undefined),
  };
}

function enumField(name: keyof typeof SPEC_ENUMS, isRequired = false, extra: readonly string[] = []) {
  const values = [...SPEC_ENUMS[name], ...extra];
  const expected = oneOfExpected(values);
  const schema = typed(string(), expected).test(oneOf(values, name === 'aggregate'));
  return isRequired ? required(schema, expected) : schema;
}

/** What the rules read of yup's context: a scratch aggregate registry (tests), else the registry. */
interface RulesContext {
  aggregates?: AggregateRegistry;
}

function aggregatesOf(context: TestContext): AggregateRegistry {
  return (context.options.context as RulesContext | undefined)?.aggregates ?? AGGREGATES;
}

function idField(pattern: RegExp, max: number, what: Said) {
  const expected = sayCounted('expected.id', max, { what }, `${what.text} (a lowercase letter, then lowercase letters, digits, _ or -; at most ${max} characters)`);
  const message: Message = ({ path, value }) => {
    const got = describeValue(value);
    const suggestion = suggestId(String(value), max);
    return say('id_pattern', { path, got, suggestion }, `${path} must start with a lowercase letter and use only a-z, 0-9, _ and -; got ${got.text}. Try "${suggestion}".`);
  };
  return required(typed(string(), expected), expected)
    .test(maxLength(max))
    .test({ name: 'invalid_pattern', message, test: (value: unknown) => !isString(value) || pattern.test(value) });
}

/** A row key: columns[].key, kpis[].column_key, charts[].x_key, charts[].series[].key. */
function keyField(isRequired: boolean) {
  const max = SPEC_LIMITS.keyMaxLength;
  const expected = sayCounted('expected.row_key', max, {}, `a row key (text of 1 to ${max} characters without control characters)`);
  const empty: Message = ({ path }) => say('key_empty', { path }, `${path} is empty; name the row key it reads.`);
  const badKey: Message = ({ path, value }) => {
    if (isString(value) && RESERVED_KEYS.includes(value)) {
      return say('key_reserved', { path, value }, `${path} must not be "${value}", a name reserved by JavaScript objects. Rename the row key.`);
    }
    const got = describeValue(value);
    return say('key_control', { path, got }, `${path} must not contain control characters (tabs, line breaks, ...); got ${got.text}.`);
  };
  const schema = typed(string(), expected)
    .test(maxLength(SPEC_LIMITS.keyMaxLength))
    .test({ name: 'too_short', message: empty, test: (value: unknown) => !isString(value) || value.length > 0 })
    .test({
      name: 'invalid_pattern',
      message: badKey,
      test: (value: unknown) => !isString(value) || value.length === 0 || (KEY.test(value) && !RESERVED_KEYS.includes(value)),
    });
  return isRequired ? required(schema, expected) : schema;
}

/** A text of 1 to `max` characters with something visible in it; `what` names it in messages. */
function textExpected(what: Said, max: number): Said {
  return sayCounted('expected.text', max, { what }, `${what.text} (text of 1 to ${max} characters)`);
}

function labelField(what: Said, isRequired = true) {
  const expected = textExpected(what, SPEC_LIMITS.labelMaxLength);
  const schema = typed(string(), expected).test(maxLength(SPEC_LIMITS.labelMaxLength)).test(visibleText);
  return isRequired ? required(schema, expected) : schema;
}

const BOOLEAN = say('expected.boolean', {}, 'true or false');
const booleanField = () => typed(boolean(), BOOLEAN);

/** A whole number from `min` to `max`: `invalid_type` for fractions, `out_of_range` outside. */
function integerField(expected: Said, min: number, max: number) {
  const message: Message = ({ path, value }) => mustBe(path, expected, value);
  return typed(number(), expected)
    .test({ name: 'invalid_type', message, test: (value: unknown) => typeof value !== 'number' || Number.isInteger(value) })
    .test({
      name: 'out_of_range',
      message,
      test: (value: unknown) => typeof value !== 'number' || !Number.isInteger(value) || (value >= min && value <= max),
    });
}

const colorField = typed(string(), say('expected.color', {}, 'a CSS colour such as "#3366cc", "rgb(51, 102, 204)", "hsl(220, 60%, 50%)" or "steelblue"')).test({
  name: 'invalid_color',
  message: (({ path, value }) => {
    const got = describeValue(value);
    const text = `${path} must be a CSS colour: hex ("#36c", "#3366cc"), rgb()/rgba(), hsl()/hsla() or a named colour such as "steelblue"; got ${got.text}. Variables, gradients, url() and other CSS are refused.`;
    return say('invalid_color', { path, got }, text);
  }) satisfies Message,
  test: (value: unknown) => !isString(value) || COLOR.test(value),
});

const present = (record: Record<string, unknown>, key: string): boolean => record[key] !== undefined;
const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const knownValue = (values: readonly string[], value: unknown): boolean => isString(value) && values.includes(value);

/** One `conflicting_fields` error at `path`. */
function conflict(context: TestContext, path: string, said: Said): ValidationError {
  return context.createError({ path, type: 'conflicting_fields', message: said });
}

function urlField(kind: 'template' | 'plain') {
  // The example is a param: its braces would read as a placeholder in the template.
  const expected =
    kind === 'template'
      ? say('expected.url_template', { example: '/orders/{id}' }, 'an http(s) or relative URL template such as "/orders/{id}"')
      : say('expected.url', {}, 'an http(s) or relative URL such as "/reports/orders.pdf"');
  return typed(string(), expected)
    .test(maxLength(SPEC_LIMITS.urlMaxLength))
    .test({
      name: 'url',
      test(this: TestContext, value: unknown) {
        if (!isString(value)) return true;
        const problem = kind === 'template' ? checkLinkTemplate(value) : isSafeUrl(value) ? null : 'unsafe_url';
        if (problem === null) return true;
        const path = this.path;
        const got = describeValue(value);
        const message =
          problem === 'invalid_placeholder'
            ? say(
                'invalid_placeholder',
                { path, example: '{row_key}' },
                `${path} has a brace outside a well-formed placeholder; write placeholders as {row_key}, with no empty, nested or unmatched braces.`,
              )
            : say(
                'unsafe_url',
                { path, expected, got },
                `${path} must be ${expected.text}; ${got.text} is refused (only http:, https: or no scheme; no whitespace, control characters or backslashes).`,
              );
        return this.createError({ path, message, type: problem });
      },
    });
}

/** An array of `min` to `max` `items` (what it holds, as its messages name it). */
function arrayOf<S extends Schema>(item: S, items: Said, min: number, max: number) {
  const english = items.text;
  const expected =
    min > 0 ? say('expected.array_range', { from: min, to: max, items }, `an array of ${min} to ${max} ${english}`) : say('expected.array_max', { to: max, items }, `an array of at most ${max} ${english}`);
  const tooFew: Message = ({ path }) => sayCounted('too_few_items', min, { path }, `${path} needs at least ${min} ${min === 1 ? 'entry' : 'entries'}; it is empty.`);
  const tooMany: Message = ({ path, value }) => {
    const count = Array.isArray(value) ? value.length : 0;
    return sayCounted('too_many_items', count, { path, max }, `${path} has ${count} entries; at most ${max} are allowed. Remove the extra ones.`);
  };
  return typed(array(item), expected)
    .test({ name: 'too_few_items', message: tooFew, test: (value: unknown) => !Array.isArray(value) || value.length >= min })
    .test({ name: 'too_many_items', message: tooMany, test: (value: unknown) => !Array.isArray(value) || value.length <= max });
}

/**
 * Reports every repeat of a string field across array items at the repeat's own path, naming where the
 * value first appeared. Items that are not objects or whose field is not text are left to other rules.
 */
function uniqueBy(
  field: string | null,
  code: SpecErrorCode,
  [key, what]:
    | ['duplicate_block', 'layout blocks']
    | ['duplicate_column_key', 'column keys']
    | ['duplicate_chart_id', 'chart ids']
    | ['duplicate_export_column', 'export columns'],
) {
  return {
    name: code,
    test(this: TestContext, value: unknown) {
      if (!Array.isArray(value)) return true;
      const firstSeen = new Map<string, number>();
      const errors: ValidationError[] = [];
      value.forEach((item: unknown, index) => {
        const candidate = field === null ? item : typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
        if (!isString(candidate)) return;
        const first = firstSeen.get(candidate);
        if (first === undefined) {
          firstSeen.set(candidate, index);
          return;
        }
        const path = field === null ? `${this.path}[${index}]` : `${this.path}[${index}].${field}`;
        const firstPath = field === null ? `${this.path}[${first}]` : `${this.path}[${first}].${field}`;
        const value = JSON.stringify(candidate);
        const message = say(key, { path, value, first: firstPath }, `${path} repeats ${value}, already used at ${firstPath}; ${what} must be unique.`);
        errors.push(this.createError({ path, type: code, message }));
      });
      return errors.length === 0 ? true : new ValidationError(errors);
    },
  };
}

const column = typed(
  object({
    key: keyField(true),
    label: labelField(say('expected.header_label', {}, 'a header label')),
    format: enumField('format'),
    align: enumField('align'),
    sortable: booleanField(),
    searchable: booleanField(),
    link_template: urlField('template'),
    width: typed(string(), say('expected.width', {}, 'a CSS length such as "120px", "12rem", "20%" or "auto"')).test({
      name: 'invalid_width',
      message: (({ path, value }) => {
        const got = describeValue(value);
        return say('invalid_width', { path, got }, `${path} must be "auto" or a number with a unit px, rem, em, %, ch or vw (at most 4 digits and 2 decimals), e.g. "120px"; got ${got.text}.`);
      }) satisfies Message,
      test: (value: unknown) => !isString(value) || WIDTH.test(value),
    }),
    menu_group: labelField(say('expected.menu_group', {}, 'a column-chooser heading'), false),
    hidden: booleanField(),
    exportable: booleanField(),
    total: enumField('total'),
  }),
  say('expected.column', {}, 'a column object with at least key and label'),
);

/** The icons a KPI's `{expected}` names as examples. */
const ICONS = quoteList(SPEC_ENUMS.icon.slice(0, 3));

const kpi = typed(
  object({
    label: labelField(say('expected.kpi_label', {}, 'a KPI label')),
    column_key: keyField(false),
    aggregate: enumField('aggregate'),
    format: enumField('format'),
    // Free text, as in the seed system: an icon the renderers do not draw is a warning, not an error.
    icon: typed(string(), say('expected.icon', { values: ICONS }, `an icon name such as ${ICONS}`)).test(maxLength(SPEC_LIMITS.iconMaxLength)),
    tone: enumField('tone', false, SPEC_ENUMS.tone_alias),
  }),
  say('expected.kpi', {}, 'a KPI object with at least label and aggregate'),
).test({
  name: 'missing_column_key',
  test(this: TestContext, value: unknown) {
    if (typeof value !== 'object' || value === null) return true;
    const { aggregate, column_key: columnKey } = value as Record<string, unknown>;
    if (!isString(aggregate) || aggregate === 'count' || findAggregate(aggregatesOf(this), aggregate) === undefined || columnKey !== undefined) return true;
    const path = `${this.path}.column_key`;
    const message = say(
      'missing_column_key',
      { path, aggregate },
      `${path} is required for aggregate "${aggregate}": name the row key to aggregate. Only "count" may leave it out (it then counts rows).`,
    );
    return this.createError({ path, type: 'missing_column_key', message });
  },
});

const series = typed(
  object({ key: keyField(true), label: labelField(say('expected.series_label', {}, 'a series label'), false), color: colorField, series_type: enumField('series_type') }),
  say('expected.series', {}, 'a series object with at least key'),
);

const CATEGORY_FIELDS = ['x_key', 'label_key', 'group_by'] as const;

/** Chart types whose categories `sort` may order (the bar charts). */
const SORTABLE_TYPES: readonly string[] = chartTypes.names.filter((type) => chartTypes.entry(type).sortable);

/**
 * The rules between a chart's fields, each at the path of the field to change: the categories come
 * from exactly one of x_key, label_key and group_by; values from series or value_key, not both; an
 * aggregate other than count needs values; sort is for bar charts. Rules that need a known
 * chart_type or aggregate wait until it is one (its own rule reports it). Fields the seed system's
 * schema accepts but that mean nothing for the chart's type (stacking or series colours on a pie,
 * center_total on a bar) are not errors: the parser warns and drops them (`ignoredChartFields`).
 */
function chartConsistency(this: TestContext, value: unknown): true | ValidationError {
  const chart = asRecord(value);
  if (chart === null) return true;
  const errors: ValidationError[] = [];
  const path = this.path;
  const given = CATEGORY_FIELDS.filter((field) => present(chart, field));
  if (given.length === 0) {
    const at = `${path}.x_key`;
    const message = say('categories_required', { path: at }, `${at} is required: name the categories with x_key (with series), label_key (with value_key) or group_by.`);
    errors.push(this.createError({ path: at, type: 'required', message }));
  }
  // A seed v1 pie or donut may name label_key beside group_by: it groups by group_by (the parser
  // warns that label_key is ignored, `ignoredChartFields`).
  const seedPie = typeof chart.chart_type === 'string' && chartTypes.has(chart.chart_type) && chartTypes.entry(chart.chart_type).family === 'pie' && given.join() === 'label_key,group_by';
  for (const field of seedPie ? [] : given.slice(1)) {
    const at = `${path}.${field}`;
    const other = given[0] ?? '';
    const text = `${at} cannot be used together with ${other}: the categories come from exactly one of x_key, label_key and group_by. Keep one.`;
    errors.push(conflict(this, at, say('categories_conflict', { path: at, other }, text)));
  }
  if (present(chart, 'series') && present(chart, 'value_key')) {
    const at = `${path}.value_key`;
    errors.push(conflict(this, at, say('values_conflict', { path: at }, `${at} cannot be used together with series: give one value column as value_key, or several as series.`)));
  }
  const aggregate = chart.aggregate;
  if (findAggregate(aggregatesOf(this), aggregate) !== undefined && aggregate !== 'count' && !present(chart, 'series') && !present(chart, 'value_key')) {
    errors.push(
      this.createError({
        path: `${path}.value_key`,
        type: 'missing_value_key',
        message: say(
          'missing_value_key',
          { path: `${path}.value_key`, aggregate: String(aggregate) },
          `${path}.value_key is required for aggregate "${String(aggregate)}": name the row key to aggregate (value_key, or series). Only "count" may leave it out (it then counts rows).`,
        ),
      }),
    );
  }
  const type = chart.chart_type;
  const known = knownValue(SPEC_ENUMS.chart_type, type);
  if (present(chart, 'sort') && known && !SORTABLE_TYPES.includes(type as string)) {
    const at = `${path}.sort`;
    const types = SORTABLE_TYPES.join(', ');
    errors.push(conflict(this, at, say('sort_conflict', { path: at, types, type: String(type) }, `${at} is only for bar charts (${types}); this chart is ${String(type)}. Remove it.`)));
  }
  if (errors.length === 0) return true;
  return new ValidationError(errors);
}

const chart = typed(
  object({
    id: idField(CHART_ID, SPEC_LIMITS.chartIdMaxLength, say('expected.chart_id', {}, 'a chart id')),
    chart_type: enumField('chart_type', true),
    x_key: keyField(false),
    series: arrayOf(series, say('expected.items_series', {}, 'series'), SPEC_LIMITS.seriesMin, SPEC_LIMITS.seriesMax),
    title: labelField(say('expected.chart_title', {}, 'a chart title'), false),
    label_key: keyField(false),
    value_key: keyField(false),
    group_by: keyField(false),
    aggregate: enumField('aggregate'),
    stacked: booleanField(),
    center_total: booleanField(),
    sort: enumField('sort'),
    data_source: enumField('data_source'),
    height: integerField(
      say('expected.height', { from: SPEC_LIMITS.heightMin, to: SPEC_LIMITS.heightMax }, `a whole number of pixels from ${SPEC_LIMITS.heightMin} to ${SPEC_LIMITS.heightMax}`),
      SPEC_LIMITS.heightMin,
      SPEC_LIMITS.heightMax,
    ),
  }),
  say('expected.chart', {}, 'a chart object with at least id and chart_type'),
).test({ name: 'chart_consistency', test: chartConsistency });

const layoutBlocks = arrayOf(enumField('block'), say('expected.items_blocks', {}, 'block names'), SPEC_LIMITS.layoutBlocksMin, SPEC_LIMITS.layoutBlocksMax).test(
  uniqueBy(null, 'duplicate_key', ['duplicate_block', 'layout blocks']),
);

const layout = typed(
  object({
    blocks: layoutBlocks,
    kpi_columns: integerField(
      say(
        'expected.kpi_columns',
        { from: SPEC_LIMITS.kpiColumnsMin, to: SPEC_LIMITS.kpiColumnsMax },
        `a whole number of KPI cards per row from ${SPEC_LIMITS.kpiColumnsMin} to ${SPEC_LIMITS.kpiColumnsMax}`,
      ),
      SPEC_LIMITS.kpiColumnsMin,
      SPEC_LIMITS.kpiColumnsMax,
    ),
  }),
  say('expected.layout', {}, 'an object with blocks and/or kpi_columns'),
)
  .default(undefined)
  .test({
    name: 'required',
    test(this: TestContext, value: unknown) {
      const record = asRecord(value);
      if (record === null || present(record, 'blocks') || present(record, 'kpi_columns')) return true;
      const path = `${this.path}.blocks`;
      const to = SPEC_LIMITS.layoutBlocksMax;
      const message = say('blocks_required', { path, to }, `${path} is required: add an array of 1 to ${to} block names (or kpi_columns), or leave layout out.`);
      return this.createError({ path, type: 'required', message });
    },
  });

/**
 * Rules that name columns from elsewhere in the spec: `export_columns` and `group_by` must be
 * column keys (exporting or grouping by a row field the view does not show could reveal data the
 * host never meant to display), and a column listed in `export_columns` must not say
 * `exportable: false`. The JSON Schema cannot express these; only the parser checks them.
 */
function columnReferences(this: TestContext, value: unknown): true | ValidationError {
  const spec = asRecord(value);
  if (spec === null || !Array.isArray(spec.columns)) return true;
  const columns = new Map<string, Record<string, unknown>>();
  for (const item of spec.columns as unknown[]) {
    const column = asRecord(item);
    if (column !== null && isString(column.key) && !columns.has(column.key)) columns.set(column.key, column);
  }
  const listed = (): string => {
    const keys = [...columns.keys()];
    return keys.length > 10 ? `${keys.slice(0, 10).map((k) => JSON.stringify(k)).join(', ')}, ...` : keys.map((k) => JSON.stringify(k)).join(', ');
  };
  const unknown = (path: string, key: string): ValidationError => {
    const value = JSON.stringify(key);
    const keys = listed();
    const message = say('unknown_column', { path, value, keys }, `${path} names ${value}, which is not the key of a column; use one of ${keys}.`);
    return this.createError({ path, type: 'unknown_column', message });
  };
  const errors: ValidationError[] = [];
  if (Array.isArray(spec.export_columns)) {
    (spec.export_columns as unknown[]).forEach((key, i) => {
      if (!isString(key)) return;
      const path = `export_columns[${i}]`;
      const column = columns.get(key);
      if (column === undefined) {
        errors.push(unknown(path, key));
      } else if (column.exportable === false) {
        const value = JSON.stringify(key);
        errors.push(conflict(this, path, say('not_exportable', { path, value }, `${path} names ${value}, whose column says exportable: false. Remove one of the two.`)));
      }
    });
  }
  if (isString(spec.group_by) && !columns.has(spec.group_by)) errors.push(unknown('group_by', spec.group_by));
  return errors.length === 0 ? true : new ValidationError(errors);
}

/** The whole wire spec. Exported for the parser only; not part of the public API. */
export const wireSpecRules = object({
  grid_id: idField(GRID_ID, SPEC_LIMITS.gridIdMaxLength, say('expected.grid_id', {}, 'a grid id')),
  columns: required(
    arrayOf(column, say('expected.items_columns', {}, 'columns'), SPEC_LIMITS.columnsMin, SPEC_LIMITS.columnsMax),
    say('expected.columns', {}, 'an array of columns, each {key, label}'),
  ).test(uniqueBy('key', 'duplicate_key', ['duplicate_column_key', 'column keys'])),
  title: typed(string(), textExpected(say('expected.heading', {}, 'a heading'), SPEC_LIMITS.titleMaxLength))
    .test(maxLength(SPEC_LIMITS.titleMaxLength))
    .test(visibleText),
  kpis: arrayOf(kpi, say('expected.items_kpis', {}, 'KPIs'), 0, SPEC_LIMITS.kpisMax),
  charts: arrayOf(chart, say('expected.items_charts', {}, 'charts'), 0, SPEC_LIMITS.chartsMax).test(uniqueBy('id', 'duplicate_id', ['duplicate_chart_id', 'chart ids'])),
  layout,
  wrapper: enumField('wrapper'),
  search_mode: enumField('search_mode'),
  striped: booleanField(),
  export_xlsx: booleanField(),
  export_pdf_url: urlField('plain'),
  export_columns: arrayOf(keyField(false), say('expected.items_column_keys', {}, 'column keys'), 1, SPEC_LIMITS.exportColumnsMax).test(
    uniqueBy(null, 'duplicate_key', ['duplicate_export_column', 'export columns']),
  ),
  group_by: keyField(false),
}).test({ name: 'column_references', test: columnReferences });

/**
 * Every spec error code, so a yup test named after one keeps its code. A local table rather than
 * `SPEC_ERROR_CATALOG`: importing the catalog would put its English texts into every app that parses
 * specs (the Record type keeps this list complete).
 */
const ERROR_CODES: Readonly<Record<SpecErrorCode, true>> = {
  not_object: true,
  required: true,
  invalid_type: true,
  unknown_field: true,
  invalid_pattern: true,
  invalid_enum: true,
  too_short: true,
  too_long: true,
  too_few_items: true,
  too_many_items: true,
  out_of_range: true,
  duplicate_id: true,
  duplicate_key: true,
  invalid_width: true,
  invalid_placeholder: true,
  unsafe_url: true,
  forbidden_rows: true,
  forbidden_kpi_value: true,
  forbidden_option: true,
  forbidden_sql: true,
  missing_column_key: true,
  missing_value_key: true,
  conflicting_fields: true,
  invalid_color: true,
  unknown_column: true,
  too_many_issues: true,
  validation_failed: true,
};

const YUP_TYPE_TO_CODE: Readonly<Record<string, SpecErrorCode>> = {
  typeError: 'invalid_type',
  nullable: 'invalid_type',
  optionality: 'required',
  required: 'required',
  defined: 'required',
};

/**
 * Runs the rules on a snapshot and returns every issue. `aggregates` is the registry the aggregate
 * names are checked against (a scratch one in tests). Never throws: an unexpected error (a bug in
 * these rules or in yup, or an engine limit such as stack depth) becomes one `validation_failed`
 * issue at the root naming the error, so the caller still gets a coded, invalid verdict. The walk
 * keeps snapshots small (the spec's own limits bound them), so yup's work is bounded too.
 */
export function runRules(snapshot: unknown, aggregates: AggregateRegistry = AGGREGATES): RawIssue[] {
  try {
    const context: RulesContext = { aggregates };
    wireSpecRules.validateSync(snapshot, { abortEarly: false, strict: true, context });
    return [];
  } catch (error) {
    if (!ValidationError.isError(error)) {
      return [rawIssue('validation_failed', [], validationFailed(error))];
    }
    const details = error.inner.length > 0 ? error.inner : [error];
    return details.map((detail) => {
      const type = detail.type ?? '';
      const code: SpecErrorCode = YUP_TYPE_TO_CODE[type] ?? (Object.prototype.hasOwnProperty.call(ERROR_CODES, type) ? (type as SpecErrorCode) : 'invalid_type');
      const segments = parseYupPath(detail.path);
      // The rules' messages are `Said` (see `Message`); a text is one yup wrote itself.
      const said = detail.message as unknown as Partial<Said> | string;
      return typeof said === 'object' && typeof said.text === 'string' && said.detail !== undefined ? rawIssue(code, segments, said as Said) : { code, segments, message: String(said) };
    });
  }
}
