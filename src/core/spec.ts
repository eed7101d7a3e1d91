/**
 * Parsing and validation of the view spec: the wire JSON (snake_case) becomes the typed, frozen
 * `GridViewSpec` (camelCase, defaults filled), or a list of coded issues. Specs may be written by a
 * language model, so everything a spec must never carry (rows, KPI values, raw option objects, SQL,
 * unsafe URLs) is refused with its own code, at any depth.
 *
 * One pass finds every issue: a walk over the raw input (forbidden content, unknown keys, non-JSON
 * values) and the yup rules (structure, types, enums, lengths, patterns, ranges, URL safety,
 * uniqueness) run together and their issues come back sorted by path then code, de-duplicated.
 * The work is bounded by the spec's own limits rather than by the input's size (see `walkSpec`), and
 * at most 100 issues come back, so a 3 MB spec of junk costs about what a small one does.
 * `schema/grid-view-spec.v1.json` states the same rules for other tools; a property test proves both
 * give the same verdict.
 *
 * @module
 */
import { AGGREGATES } from './aggregates';
import type { AggregateRegistry } from './aggregates';
import { GridViewSpecError } from './errors';
import type { GridViewSpec, GridViewSpecWire, SafeParseResult, SpecWarning } from './types';
import { buildSpec, isBranded, specWarnings, toWire } from './spec/build';
import { blockedBy, capIssues, describeThrown, finaliseIssues, specIssue, validationFailed } from './spec/issues';
import { say } from './spec/said';
import type { Said } from './spec/said';
import { runRules } from './spec/rules';
import { isPlainObject, walkSpec } from './spec/walk';
import { warn } from './warn';

export { SPEC_LIMITS } from './spec/limits';
export { SPEC_ENUMS } from './spec/enums';
export type { SpecEnumName } from './spec/enums';
export { SPEC_DEFAULTS } from './spec/build';

function describeRoot(raw: unknown): Said {
  if (raw === null) return say('value.null', {}, 'null');
  if (raw === undefined) return say('root.undefined', {}, 'nothing (undefined)');
  if (typeof raw === 'string') return say('root.string', {}, 'a string (parse JSON text with JSON.parse first)');
  if (Array.isArray(raw)) return say('root.array', {}, 'an array');
  if (typeof raw !== 'object') return say('root.primitive', { type: typeof raw }, `a ${typeof raw}`);
  const ctor = (Object.getPrototypeOf(raw) as { constructor?: { name?: unknown } } | null)?.constructor;
  const name = ctor?.name;
  return typeof name === 'string' && name !== '' ? say('root.instance', { name }, `an instance of ${name}`) : say('root.class', {}, 'an instance of a class');
}

function notObject(said: Said): SafeParseResult {
  return { ok: false, issues: [specIssue('not_object', '', said)], warnings: [] };
}

/** The input threw while being read (a getter or proxy trap); JSON never does. */
function unreadable(error: unknown): SafeParseResult {
  const text = describeThrown(error);
  return notObject(say('unreadable', { error: text }, `The spec could not be read as plain JSON (${text}). Pass the result of JSON.parse or a plain object literal.`));
}

function validate(raw: unknown, aggregates: AggregateRegistry): SafeParseResult {
  let walked: ReturnType<typeof walkSpec>;
  try {
    // Reading happens here only: `isPlainObject` and `describeRoot` may already meet a proxy trap.
    if (!isPlainObject(raw)) {
      const got = describeRoot(raw);
      return notObject(say('not_object', { got }, `The spec must be a plain JSON object such as {"grid_id": "orders", "columns": [...]}; got ${got.text}.`));
    }
    walked = walkSpec(raw);
  } catch (error) {
    return unreadable(error);
  }
  const isBlocked = blockedBy(walked.blocked);
  const ruleIssues = runRules(walked.snapshot, aggregates).filter((issue) => !isBlocked(issue.segments));
  const issues = capIssues(finaliseIssues([...walked.issues, ...ruleIssues]));
  const warnings = specWarnings(walked.snapshot);
  if (issues.length > 0) return { ok: false, issues, warnings };
  return { ok: true, spec: buildSpec(walked.snapshot as GridViewSpecWire), warnings };
}

/**
 * `validate` that never throws. Everything above already turns bad input into issues; this is the
 * last guard for a defect of the validator itself, so that "never throws" holds without exception.
 */
function validateSafely(raw: unknown, aggregates: AggregateRegistry = AGGREGATES): SafeParseResult {
  try {
    return validate(raw, aggregates);
  } catch (error) {
    return {
      ok: false,
      issues: [specIssue('validation_failed', '', validationFailed(error))],
      warnings: [],
    };
  }
}

/** Sends the warnings of a throwing parse to the library's warning channel, one per warning. */
function reportWarnings(warnings: readonly SpecWarning[]): void {
  for (const warning of warnings) warn('spec_warning', `[${warning.code}] ${warning.path}: ${warning.message}`, warning);
}

/**
 * Validates wire JSON and returns `{ ok: true, spec, warnings }`, or `{ ok: false, issues, warnings }`
 * with every issue found (at most 100). Never throws, whatever the input. The non-throwing twin of
 * the primary parser `parseGridViewSpecJson`: use it where an invalid spec is an answer to give
 * back (a 400 with the issues, an assistant asked to retry), not a bug.
 *
 * `issues` are errors: any one makes the spec invalid. `warnings` never do: they name what the parser
 * accepted but cannot honour exactly (today only `unknown_icon`, a KPI icon this library does not
 * draw, which shows no icon). Both lists use the same `{ code, path, message, detail }` shape with
 * separate code sets (`SPEC_ERROR_CATALOG`, `SPEC_WARNING_CATALOG`); `warnings` is always present,
 * usually empty, and also filled for invalid specs. `message` is English whatever the locale;
 * `detail` is the same sentence as a template and its values, for `formatSpecIssue` to say
 * in a reader's language.
 *
 * Accepts only a plain JSON object (`{}` literal, `JSON.parse` output, or an object with a null
 * prototype); a string, array, null, number, Map, Date or class instance gives one `not_object` issue
 * at path `''`, and so does an input whose getter or proxy trap throws while it is read. Properties
 * whose value is `undefined` count as absent (as in `JSON.stringify`). The input is read once and
 * never modified or kept: changing it afterwards does not change the spec.
 *
 * Edge cases of huge input: an array longer than its limit gets `too_many_items` and only its first
 * limit + 1 entries are checked; one object lists at most 50 unknown or forbidden keys and counts the
 * rest; more than 100 issues are cut to 99 after one `too_many_issues` issue at the root that counts
 * the rest. An unexpected failure of the validator itself gives `validation_failed`. None of this
 * changes the verdict, only how much detail comes back.
 *
 * @example
 * const result = safeParseGridViewSpecJson(JSON.parse(body));
 * if (!result.ok) for (const i of result.issues) console.log(i.code, i.path, i.message);
 */
export function safeParseGridViewSpecJson(raw: unknown): SafeParseResult {
  return validateSafely(raw);
}

/**
 * Like `safeParseGridViewSpecJson`, for a typed wire literal. The same rules run (a value typed as
 * `GridViewSpecWire` may still hold anything at run time), so both functions agree on every input.
 *
 * The typed-literal form of `safeParseGridViewSpecJson` (the primary non-throwing parser, see
 * docs/core-api.md, "One function per job"): it exists so that TypeScript checks a spec written
 * as a literal in code while it is typed. For JSON that arrives at run time use the `…Json` form.
 */
export function safeParseGridViewSpec(wire: GridViewSpecWire): SafeParseResult {
  return validateSafely(wire);
}

/**
 * `safeParseGridViewSpecJson` against another aggregate registry (a scratch copy with an extra
 * entry): the seam through which the registry fixture test proves a new aggregate is parsed.
 *
 * @internal Not part of the public API.
 */
export function safeParseWithAggregates(raw: unknown, aggregates: AggregateRegistry): SafeParseResult {
  return validateSafely(raw, aggregates);
}

/**
 * Validates wire JSON and returns the typed, deep-frozen spec with every default filled. The
 * primary parser, with `safeParseGridViewSpecJson` its non-throwing twin (see docs/core-api.md,
 * "One function per job"): throw when an invalid spec is a bug, return the issues when it is an
 * answer (a request, an assistant's output). Warnings
 * (see `safeParseGridViewSpecJson`) go to the library's warning channel (`warn`, code
 * `spec_warning`, the `SpecWarning` as detail); use the safe form to receive them as data.
 *
 * @throws GridViewSpecError carrying every issue (sorted by path then code, at most 100) when the
 * input is not a valid spec, including when it is not a plain JSON object at all (code `not_object`).
 * Nothing else is ever thrown.
 * @example
 * const spec = parseGridViewSpecJson({ grid_id: 'orders', columns: [{ key: 'id', label: 'Order' }] });
 * spec.columns[0].format; // 'text'
 */
export function parseGridViewSpecJson(raw: unknown): GridViewSpec {
  const result = validateSafely(raw);
  if (!result.ok) throw new GridViewSpecError(result.issues);
  reportWarnings(result.warnings);
  return result.spec;
}

/**
 * Validates a typed wire literal and returns the typed spec. Same rules and errors as
 * `parseGridViewSpecJson`; the parameter type only helps the author of the literal.
 *
 * The typed-literal form of `parseGridViewSpecJson` (the primary parser, see docs/core-api.md,
 * "One function per job"): use it for a spec written in code, `parseGridViewSpecJson` for JSON
 * that arrives at run time.
 *
 * @throws GridViewSpecError carrying every issue.
 */
export function parseGridViewSpec(wire: GridViewSpecWire): GridViewSpec {
  return parseGridViewSpecJson(wire);
}

/**
 * The minimal wire form of a spec: snake_case keys, every field equal to its default left out (see
 * `SPEC_DEFAULTS`). `parseGridViewSpecJson(specToWire(spec))` gives a spec deep-equal to `spec` for
 * every spec the parser made. The result is a fresh, mutable object; `JSON.stringify` it to send it.
 *
 * Edge case: for an object that only looks like a `GridViewSpec` (not made by the parser), the output
 * holds whatever it held; parse the output to find out whether it is valid.
 */
export function specToWire(spec: GridViewSpec): GridViewSpecWire {
  return toWire(spec);
}

/**
 * True only for specs the parser produced. Copies (`{...spec}`, `structuredClone`) and proxies are not
 * specs: parse their wire form instead. Vue leaves frozen objects unproxied, so a parsed spec stays a
 * spec inside reactive state.
 */
export function isGridViewSpec(value: unknown): value is GridViewSpec {
  return isBranded(value);
}

