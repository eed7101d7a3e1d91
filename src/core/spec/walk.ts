/**
 * The first half of validation: a walk over the raw input that finds what a spec must never carry
 * (at any depth), keys the spec does not know, and values JSON cannot hold, and copies the known part
 * into a fresh plain snapshot for the yup rules. Working on a snapshot means getters run once, later
 * changes to the caller's object cannot change a parsed spec, and `__proto__`-style keys are never
 * written anywhere.
 *
 * @module
 */
import type { SpecErrorCode } from '../types';
import type { PathSegments, RawIssue } from './issues';
import { describeValue, formatPath } from './issues';

/** How deep the walk follows nested objects; the spec itself is 4 levels deep, so deeper is never valid. */
const MAX_DEPTH = 32;

/** Shape of the known part of a spec: which keys exist at each level and what each holds. */
type Shape =
  | { kind: 'object'; fields: Readonly<Record<string, Shape>>; kpi?: true }
  | { kind: 'array'; items: Shape }
  | { kind: 'leaf' };

const leaf: Shape = { kind: 'leaf' };
const obj = (fields: Record<string, Shape>, kpi?: true): Shape => (kpi ? { kind: 'object', fields, kpi } : { kind: 'object', fields });
const arr = (items: Shape): Shape => ({ kind: 'array', items });

const COLUMN = obj({ key: leaf, label: leaf, format: leaf, align: leaf, sortable: leaf, searchable: leaf, link_template: leaf, width: leaf });
const KPI = obj({ label: leaf, column_key: leaf, aggregate: leaf, format: leaf, icon: leaf, tone: leaf }, true);
const SERIES = obj({ key: leaf, label: leaf });
const CHART = obj({ id: leaf, chart_type: leaf, x_key: leaf, series: arr(SERIES), data_source: leaf, height: leaf });
const ROOT = obj({
  grid_id: leaf,
  columns: arr(COLUMN),
  title: leaf,
  kpis: arr(KPI),
  charts: arr(CHART),
  layout: obj({ blocks: arr(leaf) }),
  wrapper: leaf,
  search_mode: leaf,
  striped: leaf,
  export_xlsx: leaf,
  export_pdf_url: leaf,
});

/** Keys that would touch an object's prototype chain if ever used as a property name. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Forbidden key names after normalisation (lower case, `_`, `-` and spaces removed), so `Rows`,
 * `chartOption`, `echarts-option` and `SQL` are caught as surely as the exact spellings.
 */
const FORBIDDEN: ReadonlyMap<string, SpecErrorCode> = new Map<string, SpecErrorCode>([
  ['rows', 'forbidden_rows'],
  ['data', 'forbidden_rows'],
  ['chartoption', 'forbidden_option'],
  ['option', 'forbidden_option'],
  ['options', 'forbidden_option'],
  ['echartsoption', 'forbidden_option'],
  ['gridoptions', 'forbidden_option'],
  ['columndefs', 'forbidden_option'],
  ['sql', 'forbidden_sql'],
  ['query', 'forbidden_sql'],
]);

/** Keys that carry a KPI result; forbidden anywhere inside a KPI (normalised like `FORBIDDEN`). */
const KPI_VALUE_KEYS = new Set(['value', 'rawvalue', 'values', 'result', 'current', 'previous', 'delta', 'target']);

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[\s_-]/g, '');
}

/** True for `{}`, `Object.create(null)` and plain objects of another realm; false for class instances, Maps, Dates. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return true;
  // Another realm's Object.prototype (an iframe, a vm context): its own prototype is null and its
  // constructor is that realm's `Object`.
  if (Object.getPrototypeOf(proto) !== null) return false;
  const ctor: unknown = Object.prototype.hasOwnProperty.call(proto, 'constructor') ? (proto as { constructor: unknown }).constructor : undefined;
  return typeof ctor === 'function' && Function.prototype.toString.call(ctor) === Function.prototype.toString.call(Object);
}

function forbiddenMessage(code: SpecErrorCode, key: string): string {
  switch (code) {
    case 'forbidden_rows':
      return `"${key}" is not allowed in a spec: a spec describes the view, never its data. Remove it and pass the rows to the renderer (GridRenderer.build(spec, rows)).`;
    case 'forbidden_option':
      return `"${key}" is not allowed in a spec: raw chart or grid option objects are never accepted. Remove it and describe charts with chart_type, x_key and series, columns with key, label and format.`;
    case 'forbidden_sql':
      return `"${key}" is not allowed in a spec: a spec never carries SQL or query text. Remove it; the host runs its queries and passes the rows.`;
    default:
      return `"${key}" is not allowed inside a KPI: a KPI names an aggregate, never a value. Remove it; the value is computed from the rows with aggregate and column_key.`;
  }
}

function unknownMessage(key: string, known: readonly string[]): string {
  if (PROTOTYPE_KEYS.has(key)) {
    return `"${key}" is a reserved name and never allowed as a key. Remove it.`;
  }
  const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const hint = snake !== key && known.includes(snake) ? ` Did you mean "${snake}"? The wire spec uses snake_case.` : '';
  const list = known.length > 0 ? ` Allowed here: ${known.join(', ')}.` : '';
  return `"${key}" is not a field of the spec here. Remove it.${hint}${list}`;
}

/** Result of the walk: the issues it found and a snapshot of the known part of the input. */
export interface WalkResult {
  issues: RawIssue[];
  /** Paths whose issues stand alone: the yup rules report nothing at or below them. */
  blocked: PathSegments[];
  snapshot: unknown;
}

/**
 * Walks `raw` (already known to be a plain object) against the spec shape.
 *
 * Reports: `forbidden_*` for forbidden keys at any depth (not descending into them: one issue per
 * forbidden subtree), `forbidden_kpi_value` for value keys and any number inside a KPI,
 * `unknown_field` for keys the spec lacks (then descending only to find forbidden content),
 * `invalid_type` for values JSON cannot hold (functions, symbols, bigints, NaN, Infinity, class
 * instances, Maps, sparse array holes, cycles, nesting deeper than 32). Properties whose value is
 * `undefined` are treated as absent, as `JSON.stringify` does.
 */
export function walkSpec(raw: Record<string, unknown>): WalkResult {
  const issues: RawIssue[] = [];
  const blocked: PathSegments[] = [];
  const ancestors = new Set<object>();

  const report = (code: SpecErrorCode, segments: PathSegments, message: string): void => {
    issues.push({ code, segments, message });
    blocked.push(segments);
  };

  /** Returns the snapshot of `value`; `null` stands in for values that were reported as unusable. */
  const visit = (value: unknown, shape: Shape | null, segments: (string | number)[], inKpi: boolean): unknown => {
    const where = formatPath(segments);
    // Everything at or below a KPI item is "inside a KPI", the item itself included (`kpis: [42]`).
    const kpi = inKpi || (shape?.kind === 'object' && shape.kpi === true);
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
    if (typeof value === 'number') {
      if (kpi) {
        report('forbidden_kpi_value', segments, `${where} holds a number, but a KPI never carries values: a KPI names an aggregate and the value is computed from the rows. Remove it.`);
        return null;
      }
      if (!Number.isFinite(value)) {
        report('invalid_type', segments, `${where} is ${describeValue(value)}, which JSON cannot hold. Use a finite number.`);
        return null;
      }
      return value;
    }
    if (typeof value !== 'object') {
      report('invalid_type', segments, `${where} is ${describeValue(value)}, which JSON cannot hold. Use text, a number, a boolean, an array or an object.`);
      return null;
    }
    if (ancestors.has(value)) {
      report('invalid_type', segments, `${where} refers back to one of its own parents; a spec must be a tree of plain JSON values.`);
      return null;
    }
    if (segments.length > MAX_DEPTH) {
      report('invalid_type', segments, `${where} is nested more than ${MAX_DEPTH} levels deep; no spec field is. Remove it.`);
      return null;
    }
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainObject(value)) {
      report('invalid_type', segments, `${where} is an instance of a class (Map, Date, ...); a spec holds only plain JSON objects and arrays. Convert it to plain JSON.`);
      return null;
    }
    ancestors.add(value);
    try {
      if (isArray) {
        const items = value as unknown[];
        const itemShape = shape?.kind === 'array' ? shape.items : null;
        const copy: unknown[] = [];
        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          if (item === undefined) {
            report('invalid_type', [...segments, i], `${formatPath([...segments, i])} is empty; JSON arrays hold no holes or undefined. Remove the entry.`);
            copy.push(null);
          } else {
            copy.push(visit(item, itemShape, [...segments, i], kpi));
          }
        }
        // A container where the spec wants a scalar stays as it is, so the type error can describe it.
        return shape?.kind === 'array' ? copy : value;
      }
      const objectShape = shape?.kind === 'object' ? shape : null;
      const known = objectShape ? Object.keys(objectShape.fields) : [];
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const child = (value as Record<string, unknown>)[key];
        if (child === undefined) continue;
        const childSegments = [...segments, key];
        const normalised = normaliseKey(key);
        if (PROTOTYPE_KEYS.has(key)) {
          report('unknown_field', childSegments, unknownMessage(key, known));
          continue;
        }
        const forbidden = FORBIDDEN.get(normalised) ?? (kpi && KPI_VALUE_KEYS.has(normalised) ? 'forbidden_kpi_value' : undefined);
        if (forbidden) {
          report(forbidden, childSegments, forbiddenMessage(forbidden, key));
          continue;
        }
        const fieldShape = objectShape && Object.prototype.hasOwnProperty.call(objectShape.fields, key) ? objectShape.fields[key] : undefined;
        if (fieldShape) {
          copy[key] = visit(child, fieldShape, childSegments, kpi);
        } else {
          // Only the outermost unknown key is reported (not every key below it); the subtree is still
          // searched so forbidden content hidden under it is named too.
          // A number inside a KPI is a KPI value: that is its only issue.
          const isKpiValue = kpi && typeof child === 'number';
          if (objectShape && !isKpiValue) issues.push({ code: 'unknown_field', segments: childSegments, message: unknownMessage(key, known) });
          visit(child, null, childSegments, kpi);
        }
      }
      return objectShape ? copy : value;
    } finally {
      ancestors.delete(value);
    }
  };

  const snapshot = visit(raw, ROOT, [], false);
  return { issues, blocked, snapshot };
}

