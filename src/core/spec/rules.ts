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
import { describeThrown, describeValue, parseYupPath } from './issues';
import { SPEC_LIMITS, codePointLength } from './limits';

interface MessageParams {
  path: string;
  value: unknown;
}
type Message = (params: MessageParams) => string;

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

/** Adds the type and null messages every field shares; yup reports null as its own error type. */
function typed<S extends Schema>(schema: S, expected: string): S {
  const message: Message = ({ path, value }) => `${path} must be ${expected}; got ${describeValue(value)}.`;
  return schema.typeError(message).nonNullable(message) as unknown as S;
}

function required<S extends Schema>(schema: S, expected: string): S {
  return schema.defined(({ path }: MessageParams) => `${path} is required: add ${expected}.`) as unknown as S;
}

function maxLength(max: number): TestConfig<unknown> {
  return {
    name: 'too_long',
    message: ({ path, value }: MessageParams) =>
      `${path} is ${codePointLength(String(value))} characters long; shorten it to at most ${max} (counted in Unicode characters).`,
    test: (value: unknown) => !isString(value) || codePointLength(value) <= max,
  };
}

const visibleText: TestConfig<unknown> = {
  name: 'too_short',
  message: ({ path }: MessageParams) => `${path} must contain visible text; it is empty or only whitespace. Write a short text${path === 'title' ? ' or leave title out' : ''}.`,
  test: (value: unknown) => !isString(value) || VISIBLE.test(value),
};

/** One of `values`; for aggregates also a name of a scratch registry passed as context (tests). */
function oneOf(values: readonly string[], aggregates = false): TestConfig<unknown> {
  return {
    name: 'invalid_enum',
    message: ({ path, value }: MessageParams) => `${path} must be one of ${quoteList(values)}; got ${describeValue(value)}.`,
    test: (value: unknown, context: TestContext) => !isString(value) || values.includes(value) || (aggregates && findAggregate(aggregatesOf(context), value) !== undefined),
  };
}

function enumField(name: keyof typeof SPEC_ENUMS, isRequired = false, extra: readonly string[] = []) {
  const values = [...SPEC_ENUMS[name], ...extra];
  const expected = `one of ${quoteList(values)}`;
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

function idField(pattern: RegExp, max: number, what: string) {
  const expected = `${what} (a lowercase letter, then lowercase letters, digits, _ or -; at most ${max} characters)`;
  return required(typed(string(), expected), expected)
    .test(maxLength(max))
    .test({
      name: 'invalid_pattern',
      message: ({ path, value }: MessageParams) =>
        `${path} must start with a lowercase letter and use only a-z, 0-9, _ and -; got ${describeValue(value)}. Try "${suggestId(String(value), max)}".`,
      test: (value: unknown) => !isString(value) || pattern.test(value),
    });
}

/** A row key: columns[].key, kpis[].column_key, charts[].x_key, charts[].series[].key. */
function keyField(isRequired: boolean) {
  const expected = `a row key (text of 1 to ${SPEC_LIMITS.keyMaxLength} characters without control characters)`;
  const schema = typed(string(), expected)
    .test(maxLength(SPEC_LIMITS.keyMaxLength))
    .test({
      name: 'too_short',
      message: ({ path }: MessageParams) => `${path} is empty; name the row key it reads.`,
      test: (value: unknown) => !isString(value) || value.length > 0,
    })
    .test({
      name: 'invalid_pattern',
      message: ({ path, value }: MessageParams) =>
        isString(value) && RESERVED_KEYS.includes(value)
          ? `${path} must not be "${value}", a name reserved by JavaScript objects. Rename the row key.`
          : `${path} must not contain control characters (tabs, line breaks, ...); got ${describeValue(value)}.`,
      test: (value: unknown) => !isString(value) || value.length === 0 || (KEY.test(value) && !RESERVED_KEYS.includes(value)),
    });
  return isRequired ? required(schema, expected) : schema;
}

function labelField(what: string, isRequired = true) {
  const expected = `${what} (text of 1 to ${SPEC_LIMITS.labelMaxLength} characters)`;
  const schema = typed(string(), expected).test(maxLength(SPEC_LIMITS.labelMaxLength)).test(visibleText);
  return isRequired ? required(schema, expected) : schema;
}

const booleanField = () => typed(boolean(), 'true or false');

/** A whole number from `min` to `max`: `invalid_type` for fractions, `out_of_range` outside. */
function integerField(min: number, max: number, expected: string) {
  return typed(number(), expected)
    .test({
      name: 'invalid_type',
      message: ({ path, value }: MessageParams) => `${path} must be ${expected}; got ${describeValue(value)}.`,
      test: (value: unknown) => typeof value !== 'number' || Number.isInteger(value),
    })
    .test({
      name: 'out_of_range',
      message: ({ path, value }: MessageParams) => `${path} must be ${expected}; got ${describeValue(value)}.`,
      test: (value: unknown) => typeof value !== 'number' || !Number.isInteger(value) || (value >= min && value <= max),
    });
}

const colorField = typed(string(), 'a CSS colour such as "#3366cc", "rgb(51, 102, 204)", "hsl(220, 60%, 50%)" or "steelblue"').test({
  name: 'invalid_color',
  message: ({ path, value }: MessageParams) =>
    `${path} must be a CSS colour: hex ("#36c", "#3366cc"), rgb()/rgba(), hsl()/hsla() or a named colour such as "steelblue"; got ${describeValue(value)}. Variables, gradients, url() and other CSS are refused.`,
  test: (value: unknown) => !isString(value) || COLOR.test(value),
});

const present = (record: Record<string, unknown>, key: string): boolean => record[key] !== undefined;
const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const knownValue = (values: readonly string[], value: unknown): boolean => isString(value) && values.includes(value);

/** One `conflicting_fields` error at `path`. */
function conflict(context: TestContext, path: string, message: string): ValidationError {
  return context.createError({ path, type: 'conflicting_fields', message: `${path} ${message}` });
}

function urlField(kind: 'template' | 'plain') {
  const expected =
    kind === 'template'
      ? 'an http(s) or relative URL template such as "/orders/{id}"'
      : 'an http(s) or relative URL such as "/reports/orders.pdf"';
  return typed(string(), expected)
    .test(maxLength(SPEC_LIMITS.urlMaxLength))
    .test({
      name: 'url',
      test(this: TestContext, value: unknown) {
        if (!isString(value)) return true;
        const problem = kind === 'template' ? checkLinkTemplate(value) : isSafeUrl(value) ? null : 'unsafe_url';
        if (problem === null) return true;
        const message =
          problem === 'invalid_placeholder'
            ? `${this.path} has a brace outside a well-formed placeholder; write placeholders as {row_key}, with no empty, nested or unmatched braces.`
            : `${this.path} must be ${expected}; ${describeValue(value)} is refused (only http:, https: or no scheme; no whitespace, control characters or backslashes).`;
        return this.createError({ path: this.path, message, type: problem });
      },
    });
}

function arrayOf<S extends Schema>(item: S, what: string, min: number, max: number) {
  const expected = `an array of ${min > 0 ? `${min} to ${max}` : `at most ${max}`} ${what}`;
  return typed(array(item), expected)
    .test({
      name: 'too_few_items',
      message: ({ path }: MessageParams) => `${path} needs at least ${min} ${min === 1 ? 'entry' : 'entries'}; it is empty.`,
      test: (value: unknown) => !Array.isArray(value) || value.length >= min,
    })
    .test({
      name: 'too_many_items',
      message: ({ path, value }: MessageParams) =>
        `${path} has ${Array.isArray(value) ? value.length : 0} entries; at most ${max} are allowed. Remove the extra ones.`,
      test: (value: unknown) => !Array.isArray(value) || value.length <= max,
    });
}

/**
 * Reports every repeat of a string field across array items at the repeat's own path, naming where the
 * value first appeared. Items that are not objects or whose field is not text are left to other rules.
 */
function uniqueBy(field: string | null, code: SpecErrorCode, what: string) {
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
        errors.push(this.createError({ path, type: code, message: `${path} repeats ${JSON.stringify(candidate)}, already used at ${firstPath}; ${what} must be unique.` }));
      });
      return errors.length === 0 ? true : new ValidationError(errors);
    },
  };
}

const column = typed(
  object({
    key: keyField(true),
    label: labelField('a header label'),
    format: enumField('format'),
    align: enumField('align'),
    sortable: typed(boolean(), 'true or false'),
    searchable: typed(boolean(), 'true or false'),
    link_template: urlField('template'),
    width: typed(string(), 'a CSS length such as "120px", "12rem", "20%" or "auto"').test({
      name: 'invalid_width',
      message: ({ path, value }: MessageParams) =>
        `${path} must be "auto" or a number with a unit px, rem, em, %, ch or vw (at most 4 digits and 2 decimals), e.g. "120px"; got ${describeValue(value)}.`,
      test: (value: unknown) => !isString(value) || WIDTH.test(value),
    }),
    menu_group: labelField('a column-chooser heading', false),
    hidden: booleanField(),
    exportable: booleanField(),
    total: enumField('total'),
  }),
  'a column object with at least key and label',
);

const kpi = typed(
  object({
    label: labelField('a KPI label'),
    column_key: keyField(false),
    aggregate: enumField('aggregate'),
    format: enumField('format'),
    // Free text, as in the seed system: an icon the renderers do not draw is a warning, not an error.
    icon: typed(string(), `an icon name such as ${quoteList(SPEC_ENUMS.icon.slice(0, 3))}`).test(maxLength(SPEC_LIMITS.iconMaxLength)),
    tone: enumField('tone', false, SPEC_ENUMS.tone_alias),
  }),
  'a KPI object with at least label and aggregate',
).test({
  name: 'missing_column_key',
  test(this: TestContext, value: unknown) {
    if (typeof value !== 'object' || value === null) return true;
    const { aggregate, column_key: columnKey } = value as Record<string, unknown>;
    if (!isString(aggregate) || aggregate === 'count' || findAggregate(aggregatesOf(this), aggregate) === undefined || columnKey !== undefined) return true;
    const path = `${this.path}.column_key`;
    return this.createError({
      path,
      type: 'missing_column_key',
      message: `${path} is required for aggregate "${aggregate}": name the row key to aggregate. Only "count" may leave it out (it then counts rows).`,
    });
  },
});

const series = typed(
  object({ key: keyField(true), label: labelField('a series label', false), color: colorField, series_type: enumField('series_type') }),
  'a series object with at least key',
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
    errors.push(
      this.createError({
        path: `${path}.x_key`,
        type: 'required',
        message: `${path}.x_key is required: name the categories with x_key (with series), label_key (with value_key) or group_by.`,
      }),
    );
  }
  for (const field of given.slice(1)) {
    errors.push(conflict(this, `${path}.${field}`, `cannot be used together with ${given[0] ?? ''}: the categories come from exactly one of x_key, label_key and group_by. Keep one.`));
  }
  if (present(chart, 'series') && present(chart, 'value_key')) {
    errors.push(conflict(this, `${path}.value_key`, 'cannot be used together with series: give one value column as value_key, or several as series.'));
  }
  const aggregate = chart.aggregate;
  if (findAggregate(aggregatesOf(this), aggregate) !== undefined && aggregate !== 'count' && !present(chart, 'series') && !present(chart, 'value_key')) {
    errors.push(
      this.createError({
        path: `${path}.value_key`,
        type: 'missing_value_key',
        message: `${path}.value_key is required for aggregate "${String(aggregate)}": name the row key to aggregate (value_key, or series). Only "count" may leave it out (it then counts rows).`,
      }),
    );
  }
  const type = chart.chart_type;
  const known = knownValue(SPEC_ENUMS.chart_type, type);
  if (present(chart, 'sort') && known && !SORTABLE_TYPES.includes(type as string)) {
    errors.push(conflict(this, `${path}.sort`, `is only for bar charts (${SORTABLE_TYPES.join(', ')}); this chart is ${String(type)}. Remove it.`));
  }
  if (errors.length === 0) return true;
  return new ValidationError(errors);
}

const chart = typed(
  object({
    id: idField(CHART_ID, SPEC_LIMITS.chartIdMaxLength, 'a chart id'),
    chart_type: enumField('chart_type', true),
    x_key: keyField(false),
    series: arrayOf(series, 'series', SPEC_LIMITS.seriesMin, SPEC_LIMITS.seriesMax),
    title: labelField('a chart title', false),
    label_key: keyField(false),
    value_key: keyField(false),
    group_by: keyField(false),
    aggregate: enumField('aggregate'),
    stacked: booleanField(),
    center_total: booleanField(),
    sort: enumField('sort'),
    data_source: enumField('data_source'),
    height: integerField(SPEC_LIMITS.heightMin, SPEC_LIMITS.heightMax, `a whole number of pixels from ${SPEC_LIMITS.heightMin} to ${SPEC_LIMITS.heightMax}`),
  }),
  'a chart object with at least id and chart_type',
).test({ name: 'chart_consistency', test: chartConsistency });

const layoutBlocks = arrayOf(enumField('block'), 'block names', SPEC_LIMITS.layoutBlocksMin, SPEC_LIMITS.layoutBlocksMax).test(
  uniqueBy(null, 'duplicate_key', 'layout blocks'),
);

const layout = typed(
  object({ blocks: layoutBlocks, kpi_columns: integerField(SPEC_LIMITS.kpiColumnsMin, SPEC_LIMITS.kpiColumnsMax, `a whole number of KPI cards per row from ${SPEC_LIMITS.kpiColumnsMin} to ${SPEC_LIMITS.kpiColumnsMax}`) }),
  'an object with blocks and/or kpi_columns',
)
  .default(undefined)
  .test({
    name: 'required',
    test(this: TestContext, value: unknown) {
      const record = asRecord(value);
      if (record === null || present(record, 'blocks') || present(record, 'kpi_columns')) return true;
      return this.createError({ path: `${this.path}.blocks`, type: 'required', message: `${this.path}.blocks is required: add an array of 1 to ${SPEC_LIMITS.layoutBlocksMax} block names (or kpi_columns), or leave layout out.` });
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
  const errors: ValidationError[] = [];
  if (Array.isArray(spec.export_columns)) {
    (spec.export_columns as unknown[]).forEach((key, i) => {
      if (!isString(key)) return;
      const path = `export_columns[${i}]`;
      const column = columns.get(key);
      if (column === undefined) {
        errors.push(this.createError({ path, type: 'unknown_column', message: `${path} names ${JSON.stringify(key)}, which is not the key of a column; use one of ${listed()}.` }));
      } else if (column.exportable === false) {
        errors.push(conflict(this, path, `names ${JSON.stringify(key)}, whose column says exportable: false. Remove one of the two.`));
      }
    });
  }
  if (isString(spec.group_by) && !columns.has(spec.group_by)) {
    errors.push(this.createError({ path: 'group_by', type: 'unknown_column', message: `group_by names ${JSON.stringify(spec.group_by)}, which is not the key of a column; use one of ${listed()}.` }));
  }
  return errors.length === 0 ? true : new ValidationError(errors);
}

/** The whole wire spec. Exported for the parser only; not part of the public API. */
export const wireSpecRules = object({
  grid_id: idField(GRID_ID, SPEC_LIMITS.gridIdMaxLength, 'a grid id'),
  columns: required(
    arrayOf(column, 'columns', SPEC_LIMITS.columnsMin, SPEC_LIMITS.columnsMax),
    'an array of columns, each {key, label}',
  ).test(uniqueBy('key', 'duplicate_key', 'column keys')),
  title: typed(string(), `a heading (text of 1 to ${SPEC_LIMITS.titleMaxLength} characters)`)
    .test(maxLength(SPEC_LIMITS.titleMaxLength))
    .test(visibleText),
  kpis: arrayOf(kpi, 'KPIs', 0, SPEC_LIMITS.kpisMax),
  charts: arrayOf(chart, 'charts', 0, SPEC_LIMITS.chartsMax).test(uniqueBy('id', 'duplicate_id', 'chart ids')),
  layout,
  wrapper: enumField('wrapper'),
  search_mode: enumField('search_mode'),
  striped: booleanField(),
  export_xlsx: booleanField(),
  export_pdf_url: urlField('plain'),
  export_columns: arrayOf(keyField(false), 'column keys', 1, SPEC_LIMITS.exportColumnsMax).test(uniqueBy(null, 'duplicate_key', 'export columns')),
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
      return [
        {
          code: 'validation_failed',
          segments: [],
          message: `The spec could not be checked completely: the validator stopped on an unexpected error (${describeThrown(error)}). Treat the spec as invalid and report this to vue-grid-view.`,
        },
      ];
    }
    const details = error.inner.length > 0 ? error.inner : [error];
    return details.map((detail) => {
      const type = detail.type ?? '';
      const code: SpecErrorCode = YUP_TYPE_TO_CODE[type] ?? (Object.prototype.hasOwnProperty.call(ERROR_CODES, type) ? (type as SpecErrorCode) : 'invalid_type');
      return { code, segments: parseYupPath(detail.path), message: detail.message };
    });
  }
}
