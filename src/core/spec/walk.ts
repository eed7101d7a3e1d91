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
import { describeValue, formatPath, rawIssue } from './issues';
import { say, sayCounted } from './said';
import type { Said } from './said';
import { SPEC_LIMITS } from './limits';

/** How deep the walk follows nested objects; the spec itself is 4 levels deep, so deeper is never valid. */
const MAX_DEPTH = 32;

/**
 * How many values the walk visits inside parts the spec does not define (unknown fields, and arrays
 * or objects where a scalar belongs), where it only searches for forbidden content. Such a part is
 * already an issue, so stopping early never changes the verdict; it bounds the work an oversized or
 * shared-reference input (a DAG that unfolds exponentially) can cause. A whole valid spec holds
 * about 2,000 values.
 */
export const SEARCH_BUDGET = 10_000;

/**
 * How many key-level issues (unknown, forbidden or reserved keys, array holes) one object or array
 * reports one by one; the rest are counted in a single `too_many_issues` issue at its path.
 */
export const ISSUES_PER_CONTAINER = 50;

/** Shape of the known part of a spec: which keys exist at each level and what each holds. */
type Shape =
  | { kind: 'object'; fields: Readonly<Record<string, Shape>>; kpi?: true }
  | { kind: 'array'; items: Shape; max: number }
  | { kind: 'leaf' };

const leaf: Shape = { kind: 'leaf' };
const obj = (fields: Record<string, Shape>, kpi?: true): Shape => (kpi ? { kind: 'object', fields, kpi } : { kind: 'object', fields });
const arr = (items: Shape, max: number): Shape => ({ kind: 'array', items, max });

const COLUMN = obj({
  key: leaf,
  label: leaf,
  format: leaf,
  align: leaf,
  sortable: leaf,
  searchable: leaf,
  link_template: leaf,
  width: leaf,
  menu_group: leaf,
  hidden: leaf,
  exportable: leaf,
  total: leaf,
});
const KPI = obj({ label: leaf, column_key: leaf, aggregate: leaf, format: leaf, icon: leaf, tone: leaf }, true);
const SERIES = obj({ key: leaf, label: leaf, color: leaf, series_type: leaf });
const CHART = obj({
  id: leaf,
  chart_type: leaf,
  x_key: leaf,
  series: arr(SERIES, SPEC_LIMITS.seriesMax),
  title: leaf,
  label_key: leaf,
  value_key: leaf,
  group_by: leaf,
  aggregate: leaf,
  stacked: leaf,
  center_total: leaf,
  sort: leaf,
  data_source: leaf,
  height: leaf,
});
const ROOT = obj({
  grid_id: leaf,
  columns: arr(COLUMN, SPEC_LIMITS.columnsMax),
  title: leaf,
  kpis: arr(KPI, SPEC_LIMITS.kpisMax),
  charts: arr(CHART, SPEC_LIMITS.chartsMax),
  layout: obj({ blocks: arr(leaf, SPEC_LIMITS.layoutBlocksMax), kpi_columns: leaf }),
  wrapper: leaf,
  search_mode: leaf,
  striped: leaf,
  export_xlsx: leaf,
  export_pdf_url: leaf,
  export_columns: arr(leaf, SPEC_LIMITS.exportColumnsMax),
  group_by: leaf,
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

function forbiddenMessage(code: SpecErrorCode, key: string): Said {
  switch (code) {
    case 'forbidden_rows':
      return say('forbidden_rows', { key }, `"${key}" is not allowed in a spec: a spec describes the view, never its data. Remove it and pass the rows to the renderer (GridRenderer.build(spec, rows)).`);
    case 'forbidden_option':
      return say(
        'forbidden_option',
        { key },
        `"${key}" is not allowed in a spec: raw chart or grid option objects are never accepted. Remove it and describe charts with chart_type, x_key and series, columns with key, label and format.`,
      );
    case 'forbidden_sql':
      return say('forbidden_sql', { key }, `"${key}" is not allowed in a spec: a spec never carries SQL or query text. Remove it; the host runs its queries and passes the rows.`);
    default:
      return say('forbidden_kpi_value', { key }, `"${key}" is not allowed inside a KPI: a KPI names an aggregate, never a value. Remove it; the value is computed from the rows with aggregate and column_key.`);
  }
}

/**
 * The message of an unknown key. `known` is never empty for a key that is not a prototype name:
 * only objects of the spec's shape report unknown keys, and every one of them has fields.
 */
function unknownMessage(key: string, known: readonly string[]): Said {
  if (PROTOTYPE_KEYS.has(key)) return say('reserved_key', { key }, `"${key}" is a reserved name and never allowed as a key. Remove it.`);
  const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const allowed = known.join(', ');
  const start = `"${key}" is not a field of the spec here. Remove it.`;
  return snake !== key && known.includes(snake)
    ? say('unknown_field_snake', { key, snake, allowed }, `${start} Did you mean "${snake}"? The wire spec uses snake_case. Allowed here: ${allowed}.`)
    : say('unknown_field', { key, allowed }, `${start} Allowed here: ${allowed}.`);
}

/** Counts the key-level issues of one container and summarises those beyond the per-container limit. */
class Tally {
  private reported = 0;
  private hidden = 0;

  /** True while the container may still report an issue one by one; otherwise counts a hidden one. */
  allow(): boolean {
    if (this.reported < ISSUES_PER_CONTAINER) {
      this.reported++;
      return true;
    }
    this.hidden++;
    return false;
  }

  /** Adds the summary of the hidden issues, if any, to `issues`. */
  close(issues: RawIssue[], segments: PathSegments, what: 'more_fields' | 'more_holes'): void {
    if (this.hidden === 0) return;
    const where = segments.length === 0 ? say('the_spec', {}, 'The spec') : formatPath(segments);
    const text = `${typeof where === 'string' ? where : where.text} has ${this.hidden} more ${what === 'more_fields' ? 'unknown or forbidden fields' : 'empty entries (holes or undefined)'} than the ${ISSUES_PER_CONTAINER} listed; they are not listed one by one. Remove them.`;
    issues.push(rawIssue('too_many_issues', segments, say(what, { where, hidden: this.hidden, listed: ISSUES_PER_CONTAINER }, text)));
  }
}

/** Result of the walk: the issues it found and a snapshot of the known part of the input. */
export interface WalkResult {
  issues: RawIssue[];
  /** Paths whose issues stand alone: the yup rules report nothing at or below them. */
  blocked: PathSegments[];
  /**
   * A plain copy of the known part of the input, for the yup rules. It shares nothing with the input:
   * where the spec wants text, a number or a boolean but finds a container, it holds an empty stand-in
   * of the same kind (an array keeps its length, for the message).
   */
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
 *
 * The work is bounded by the spec's own limits, whatever the input's size: a known array longer than
 * its limit gets `too_many_items` here and only its first limit + 1 entries are checked further (the
 * extra one keeps "one too many" as detailed as before); each object or array reports at most
 * `ISSUES_PER_CONTAINER` key-level issues and summarises the rest with `too_many_issues`; parts the
 * spec does not define are searched for at most `SEARCH_BUDGET` values in all, after which one
 * `too_many_issues` at the root says the search stopped. None of this can turn an invalid spec
 * into a valid one: every cut happens where an issue has already been reported.
 *
 * @throws whatever a getter or proxy trap of the input throws; the caller turns it into an issue.
 */
export function walkSpec(raw: Record<string, unknown>): WalkResult {
  const issues: RawIssue[] = [];
  const blocked: PathSegments[] = [];
  const ancestors = new Set<object>();
  let budget = SEARCH_BUDGET;
  let searchCut = false;

  const report = (code: SpecErrorCode, segments: PathSegments, said: Said): void => {
    issues.push(rawIssue(code, segments, said));
    blocked.push(segments);
  };

  /** Takes one value from the search budget; false (and the search stops) once it is spent. */
  const spend = (): boolean => {
    if (budget > 0) {
      budget--;
      return true;
    }
    searchCut = true;
    return false;
  };

  /**
   * Returns the snapshot of `value`; `null` stands in for values that were reported as unusable.
   * `shape` null means a part the spec does not define: it is only searched, within the budget.
   */
  const visit = (value: unknown, shape: Shape | null, segments: (string | number)[], inKpi: boolean): unknown => {
    if (shape === null && !spend()) return null;
    // Everything at or below a KPI item is "inside a KPI", the item itself included (`kpis: [42]`).
    const kpi = inKpi || (shape?.kind === 'object' && shape.kpi === true);
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
    if (typeof value === 'number') {
      if (kpi) {
        const path = formatPath(segments);
        report('forbidden_kpi_value', segments, say('kpi_number', { path }, `${path} holds a number, but a KPI never carries values: a KPI names an aggregate and the value is computed from the rows. Remove it.`));
        return null;
      }
      if (!Number.isFinite(value)) {
        const path = formatPath(segments);
        const got = describeValue(value);
        report('invalid_type', segments, say('not_finite', { path, got }, `${path} is ${got.text}, which JSON cannot hold. Use a finite number.`));
        return null;
      }
      return value;
    }
    const where = formatPath(segments);
    if (typeof value !== 'object') {
      const got = describeValue(value);
      report('invalid_type', segments, say('not_json', { path: where, got }, `${where} is ${got.text}, which JSON cannot hold. Use text, a number, a boolean, an array or an object.`));
      return null;
    }
    if (ancestors.has(value)) {
      report('invalid_type', segments, say('cycle', { path: where }, `${where} refers back to one of its own parents; a spec must be a tree of plain JSON values.`));
      return null;
    }
    if (segments.length > MAX_DEPTH) {
      report('invalid_type', segments, say('too_deep', { path: where, depth: MAX_DEPTH }, `${where} is nested more than ${MAX_DEPTH} levels deep; no spec field is. Remove it.`));
      return null;
    }
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainObject(value)) {
      report(
        'invalid_type',
        segments,
        say('class_instance', { path: where }, `${where} is an instance of a class (Map, Date, ...); a spec holds only plain JSON objects and arrays. Convert it to plain JSON.`),
      );
      return null;
    }
    ancestors.add(value);
    try {
      return isArray ? visitArray(value as unknown[], shape, segments, kpi, where) : visitObject(value as Record<string, unknown>, shape, segments, kpi);
    } finally {
      ancestors.delete(value);
    }
  };

  const visitArray = (items: unknown[], shape: Shape | null, segments: (string | number)[], kpi: boolean, where: string): unknown => {
    const arrayShape = shape?.kind === 'array' ? shape : null;
    const itemShape = arrayShape ? arrayShape.items : null;
    const length = items.length;
    let checked = length;
    if (arrayShape && length > arrayShape.max + 1) {
      // The limit is broken whatever the rest holds: checking one entry past it keeps the detail of a
      // spec that is one over, and the remaining thousands would only cost time and repeat issues.
      checked = arrayShape.max + 1;
      const text = `${where} has ${length} entries; at most ${arrayShape.max} are allowed. Remove the extra ones. Only the first ${checked} were checked.`;
      issues.push(rawIssue('too_many_items', segments, sayCounted('too_many_checked', length, { path: where, max: arrayShape.max, checked }, text)));
    }
    const tally = new Tally();
    const copy: unknown[] = [];
    for (let i = 0; i < checked; i++) {
      // Inside parts the spec does not define every entry, holes included, costs from the budget.
      if (itemShape === null && searchCut) break;
      const item = items[i];
      if (item === undefined) {
        if (itemShape === null && !spend()) break;
        const itemSegments = [...segments, i];
        if (tally.allow()) {
          const path = formatPath(itemSegments);
          report('invalid_type', itemSegments, say('hole', { path }, `${path} is empty; JSON arrays hold no holes or undefined. Remove the entry.`));
        }
        // Blocked even when not listed, so the rules do not report the stand-in null instead.
        else blocked.push(itemSegments);
        copy.push(null);
      } else {
        copy.push(visit(item, itemShape, [...segments, i], kpi));
      }
    }
    tally.close(issues, segments, 'more_holes');
    // A container where the spec wants a scalar becomes an empty stand-in: the type error can still
    // describe it ("an array of 3") and the rules never touch the caller's objects.
    return arrayShape ? copy : new Array<unknown>(length);
  };

  const visitObject = (value: Record<string, unknown>, shape: Shape | null, segments: (string | number)[], kpi: boolean): unknown => {
    const objectShape = shape?.kind === 'object' ? shape : null;
    const known = objectShape ? Object.keys(objectShape.fields) : [];
    const copy: Record<string, unknown> = {};
    const tally = new Tally();
    for (const key of Object.keys(value)) {
      if (objectShape === null && searchCut) break;
      const child = value[key];
      if (child === undefined) continue;
      const childSegments = [...segments, key];
      const fieldShape = objectShape && Object.prototype.hasOwnProperty.call(objectShape.fields, key) ? objectShape.fields[key] : undefined;
      if (fieldShape) {
        copy[key] = visit(child, fieldShape, childSegments, kpi);
        continue;
      }
      if (PROTOTYPE_KEYS.has(key)) {
        if (tally.allow()) report('unknown_field', childSegments, unknownMessage(key, known));
        continue;
      }
      const normalised = normaliseKey(key);
      const forbidden = FORBIDDEN.get(normalised) ?? (kpi && KPI_VALUE_KEYS.has(normalised) ? 'forbidden_kpi_value' : undefined);
      if (forbidden) {
        if (tally.allow()) report(forbidden, childSegments, forbiddenMessage(forbidden, key));
        continue;
      }
      // Only the outermost unknown key is reported (not every key below it); the subtree is still
      // searched so forbidden content hidden under it is named too.
      // A number inside a KPI is a KPI value: that is its only issue.
      const isKpiValue = kpi && typeof child === 'number';
      if ((objectShape !== null || isKpiValue) && !tally.allow()) continue;
      if (objectShape && !isKpiValue) issues.push(rawIssue('unknown_field', childSegments, unknownMessage(key, known)));
      visit(child, null, childSegments, kpi);
    }
    tally.close(issues, segments, 'more_fields');
    return objectShape ? copy : {};
  };

  const snapshot = visit(raw, ROOT, [], false);
  if (searchCut) {
    const text = `Parts of the spec that it does not define (unknown fields, or arrays and objects where text, a number or a boolean belongs) are too large to search completely; only their first ${SEARCH_BUDGET} values were searched for forbidden content. Remove them.`;
    issues.push(rawIssue('too_many_issues', [], say('search_cut', { budget: SEARCH_BUDGET }, text)));
  }
  return { issues, blocked, snapshot };
}
