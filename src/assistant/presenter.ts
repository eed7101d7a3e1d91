/**
 * The chat presenter and planner contract: a presentation `format` (table, report, chart, answer)
 * maps to layout blocks, and a planner's output `{ sql, purpose, format }` is validated before
 * anything runs. A planner never supplies rows, values, a view or a chart option; those keys are
 * refused with the same `forbidden_*` codes the spec parser uses.
 *
 * @module
 */
import { object, string, ValidationError } from 'yup';
import type { TestConfig } from 'yup';
import { GridViewSpecError } from '../core/errors';
import { isGridViewSpec, parseGridViewSpec, specToWire } from '../core/spec';
import type { GridViewSpec, GridViewSpecWire, LayoutBlock, SpecErrorCode, SpecIssue } from '../core/types';

/** Presentation hint a chat presenter maps to a layout. */
export type PresentationFormat = 'table' | 'report' | 'chart' | 'answer';

/** Planner output of a chat assistant: a query to run, why, and how to present it. Nothing else. */
export interface PlannerOutput {
  sql: string;
  purpose: string;
  format: PresentationFormat;
}


/** Every presentation format, in documentation order. */
export const PRESENTATION_FORMATS: readonly PresentationFormat[] = Object.freeze(['table', 'report', 'chart', 'answer']);

const LAYOUTS: Readonly<Record<PresentationFormat, readonly LayoutBlock[]>> = Object.freeze({
  table: Object.freeze(['title', 'kpis', 'table'] as const),
  report: Object.freeze(['title', 'kpis', 'chart', 'table'] as const),
  chart: Object.freeze(['title', 'kpis', 'chart', 'table'] as const),
  answer: Object.freeze(['title', 'kpis'] as const),
});

/**
 * Layout blocks of a presentation format, as a fresh array:
 * `table` → title, kpis, table; `report` and `chart` → title, kpis, chart, table;
 * `answer` → title, kpis. Renderers skip a block with nothing to show (no charts, no KPIs).
 *
 * @throws RangeError for a value that is not a presentation format (only possible from unchecked input).
 */
export function layoutForFormat(format: PresentationFormat): LayoutBlock[] {
  const blocks = Object.prototype.hasOwnProperty.call(LAYOUTS, format) ? LAYOUTS[format] : undefined;
  if (blocks === undefined) throw new RangeError(`Unknown presentation format ${JSON.stringify(format)}; use one of ${PRESENTATION_FORMATS.join(', ')}.`);
  return [...blocks];
}

/**
 * The spec with its layout replaced by the blocks of `format`: a new parsed (frozen) spec, made by
 * parsing the wire form, so it is accepted everywhere a parsed spec is. The input is not changed.
 *
 * Edge cases: a copy of a parsed spec (`{ ...spec }`) is read like the spec itself, and the result
 * is checked by the parser, so a copy whose fields were changed to invalid values is refused with
 * their paths (`grid_id`, `columns[0].label`, …). Whatever else is passed is refused with a
 * `GridViewSpecError` too, never a bare `TypeError`: a non-object (null, a string, an array) with
 * `not_object` at the root, an object whose spec fields cannot be read (no `columns`, no `layout`,
 * as in wire JSON) with `invalid_type` at the root.
 *
 * @throws RangeError for an unknown format; GridViewSpecError if `spec` was not a valid spec.
 */
export function applyPresentationFormat(spec: GridViewSpec, format: PresentationFormat): GridViewSpec {
  const blocks = layoutForFormat(format);
  return parseGridViewSpec({ ...wireOf(spec), layout: { blocks } });
}

/**
 * The wire form of a parsed spec, or a `GridViewSpecError` for a value that is not one. The type says
 * `GridViewSpec`, but the assistant's callers pass on what a chat pipeline hands them, and
 * `specToWire` reads the fields without checking them: a missing `columns` would otherwise escape as
 * a `TypeError` with no code and no path.
 */
function wireOf(spec: GridViewSpec): GridViewSpecWire {
  const value: unknown = spec;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GridViewSpecError([{ code: 'not_object', path: '', message: `applyPresentationFormat needs a parsed spec (from parseGridViewSpecJson); got ${describe(value)}.` }]);
  }
  // A parsed spec always converts; it stays outside the try so a defect there surfaces as itself.
  if (isGridViewSpec(value)) return specToWire(value);
  try {
    return specToWire(spec);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GridViewSpecError([
      {
        code: 'invalid_type',
        path: '',
        message: `applyPresentationFormat needs a parsed spec (from parseGridViewSpecJson), and this object's spec fields could not be read (${reason}). Parse the wire JSON first and pass the result.`,
      },
    ]);
  }
}

/** Limits of planner output, in Unicode characters. */
export const PLANNER_LIMITS = Object.freeze({ sqlMaxLength: 20_000, purposeMaxLength: 500 });

/**
 * Keys a planner must never send, normalised (lower case, no `_` or `-`), with their codes. A planner
 * asks for data; it never supplies rows, numbers, a view or a drawing option.
 */
const FORBIDDEN_KEYS: ReadonlyMap<string, SpecErrorCode> = new Map<string, SpecErrorCode>([
  ['rows', 'forbidden_rows'],
  ['data', 'forbidden_rows'],
  ['values', 'forbidden_kpi_value'],
  ['value', 'forbidden_kpi_value'],
  ['kpivalues', 'forbidden_kpi_value'],
  ['view', 'forbidden_option'],
  ['spec', 'forbidden_option'],
  ['chartoption', 'forbidden_option'],
  ['option', 'forbidden_option'],
  ['options', 'forbidden_option'],
  ['echartsoption', 'forbidden_option'],
]);

const FORBIDDEN_MESSAGES: Partial<Record<SpecErrorCode, string>> = {
  forbidden_rows: 'a planner never sends rows; the host runs the SQL and supplies the rows. Remove it.',
  forbidden_kpi_value: 'a planner never sends values; KPI and chart values are computed from the rows. Remove it.',
  forbidden_option: 'a planner never sends a view or chart option; it only chooses a format. Remove it.',
};

const ALLOWED_KEYS = new Set(['sql', 'purpose', 'format']);

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 40)}…"` : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function maxLength(max: number): TestConfig<string | undefined> {
  return {
    name: 'too_long',
    message: ({ path, value }: { path: string; value: unknown }) => `${path} is ${codePoints(String(value))} characters long; shorten it to at most ${max}.`,
    test: (value) => value === undefined || codePoints(value) <= max,
  };
}

const visible: TestConfig<string | undefined> = {
  name: 'too_short',
  message: ({ path }: { path: string }) => `${path} is empty or only whitespace; write it out.`,
  test: (value) => value === undefined || value.trim().length > 0,
};

const typeMessage = ({ path, value }: { path: string; value: unknown }) => `${path} must be a string; got ${describe(value)}.`;

const PLANNER_SCHEMA = object({
  sql: string()
    .strict()
    .typeError(typeMessage)
    .nonNullable(typeMessage)
    .defined('sql is required: add the SQL query to run.')
    .test(visible)
    .test(maxLength(PLANNER_LIMITS.sqlMaxLength)),
  purpose: string()
    .strict()
    .typeError(typeMessage)
    .nonNullable(typeMessage)
    .defined('purpose is required: say in a sentence what the query answers.')
    .test(visible)
    .test(maxLength(PLANNER_LIMITS.purposeMaxLength)),
  format: string()
    .strict()
    .typeError(typeMessage)
    .nonNullable(typeMessage)
    .defined(`format is required: use one of ${PRESENTATION_FORMATS.join(', ')}.`)
    .test({
      name: 'invalid_enum',
      message: ({ value }: { value: unknown }) => `format must be one of ${PRESENTATION_FORMATS.map((f) => `"${f}"`).join(', ')}; got ${describe(value)}.`,
      test: (value) => value === undefined || (PRESENTATION_FORMATS as readonly string[]).includes(value),
    }),
});

/** The code of a yup error: custom tests are named after codes; yup's own types are mapped. */
function codeOf(error: ValidationError): SpecErrorCode {
  switch (error.type) {
    case 'optionality':
      // yup reports a missing value (`defined`) with this type; a present one of the wrong kind is a type error.
      return error.value === undefined ? 'required' : 'invalid_type';
    case 'typeError':
    case 'nullable':
      return 'invalid_type';
    case 'too_short':
    case 'too_long':
    case 'invalid_enum':
      return error.type;
    default:
      return 'invalid_type';
  }
}

/**
 * Validates a planner's output: a plain object with exactly `sql` (non-blank, at most 20,000
 * characters), `purpose` (non-blank, at most 500) and `format` (`table`, `report`, `chart` or
 * `answer`). Never throws; returns every issue at once.
 *
 * Codes: `not_object` for anything but a plain object; `required`, `invalid_type`, `too_short`,
 * `too_long`, `invalid_enum` per field; `forbidden_rows` for `rows`/`data`, `forbidden_kpi_value` for
 * `value(s)`, `forbidden_option` for `view`/`spec`/`chart_option`/`option(s)` (key spelling is
 * normalised: `chartOption` counts); `unknown_field` for any other key. The SQL is only checked for
 * shape: running it safely (read-only role, limits) is the host's job.
 */
export function validatePlannerOutput(raw: unknown): { ok: true; value: PlannerOutput } | { ok: false; issues: SpecIssue[] } {
  const proto: unknown = typeof raw === 'object' && raw !== null ? Object.getPrototypeOf(raw) : undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (proto !== Object.prototype && proto !== null)) {
    return { ok: false, issues: [{ code: 'not_object', path: '', message: `Planner output must be a JSON object {"sql", "purpose", "format"}; got ${describe(raw)}.` }] };
  }
  const record = raw as Record<string, unknown>;
  const issues: SpecIssue[] = [];
  for (const key of Object.keys(record)) {
    if (ALLOWED_KEYS.has(key)) continue;
    const code = FORBIDDEN_KEYS.get(key.toLowerCase().replace(/[_-]/g, ''));
    if (code !== undefined) issues.push({ code, path: key, message: `${key}: ${FORBIDDEN_MESSAGES[code] ?? 'remove it.'}` });
    else issues.push({ code: 'unknown_field', path: key, message: `${key} is not part of planner output; only sql, purpose and format are. Remove it.` });
  }
  const fields = { sql: record.sql, purpose: record.purpose, format: record.format };
  try {
    PLANNER_SCHEMA.validateSync(fields, { abortEarly: false, strict: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = error.inner.length > 0 ? error.inner : [error];
    for (const e of errors) issues.push({ code: codeOf(e), path: e.path ?? '', message: e.message });
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { sql: fields.sql as string, purpose: fields.purpose as string, format: fields.format as PresentationFormat } };
}
