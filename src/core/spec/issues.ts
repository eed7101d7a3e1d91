/**
 * Internal helpers for validation issues: paths as segments, their text form, value descriptions for
 * messages, and the deterministic sort and de-duplication of the final issue list.
 *
 * @module
 */
import type { SpecErrorCode, SpecIssue, SpecMessageDetail } from '../types';
import { followedBy, say, sayCounted } from './said';
import type { Said } from './said';

/** A path as segments: property names and array indexes. The root is `[]`. */
export type PathSegments = readonly (string | number)[];

/** An issue with its path still in segments, so sorting can compare indexes as numbers. */
export interface RawIssue {
  code: SpecErrorCode;
  segments: PathSegments;
  message: string;
  /** Absent only for a message yup wrote itself (none of the rules leaves one to yup). */
  detail?: SpecMessageDetail;
}

/** An issue saying `said`: its English text as the message, its detail beside it. */
export function rawIssue(code: SpecErrorCode, segments: PathSegments, said: Said): RawIssue {
  return { code, segments, message: said.text, detail: said.detail };
}

/** A finished issue saying `said`. */
export function specIssue(code: SpecErrorCode, path: string, said: Said): SpecIssue {
  return { code, path, message: said.text, detail: said.detail };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Text form of a path, the way yup writes it: `columns[2].link_template`; the root is `''`. A property
 * name that is not an identifier is written in brackets as a JSON string (`extra["my key"]`), so any
 * key, Cyrillic or with spaces, reads back unambiguously.
 */
export function formatPath(segments: PathSegments): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/**
 * Splits a yup path (`columns[2].link_template`, `kpis[0]["column_key"]`) into segments. Only paths of
 * the spec's own fields reach this, and those are identifiers and indexes.
 */
export function parseYupPath(path: string | undefined): (string | number)[] {
  if (!path) return [];
  const segments: (string | number)[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|([^.[\]]+)/g)) {
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else if (match[2] !== undefined) segments.push(JSON.parse(`"${match[2]}"`) as string);
    else if (match[3] !== undefined) segments.push(match[3]);
  }
  return segments;
}

function compareSegments(a: PathSegments, b: PathSegments): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    // Indexes sort numerically (`columns[2]` before `columns[10]`); an index sorts before a name.
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Sorts by path (segment by segment, parents first, indexes numerically) then by code, keeps the first
 * issue of each (path, code) pair, and turns paths into text. The sort is stable, so of two issues
 * with the same path and code the one given first wins (the walk's issues come before the rules',
 * which lets the walk's "200000 entries" beat the rules' view of a truncated array). Several
 * `too_many_issues` at one path are merged into one issue whose message joins theirs. The same input
 * always gives the same output, whatever order the checks ran in.
 */
export function finaliseIssues(raw: readonly RawIssue[]): SpecIssue[] {
  const sorted = [...raw].sort((a, b) => compareSegments(a.segments, b.segments) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const seen = new Map<string, SpecIssue>();
  const issues: SpecIssue[] = [];
  for (const issue of sorted) {
    const path = formatPath(issue.segments);
    const id = `${issue.code}\u0000${path}`;
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      if (issue.code === 'too_many_issues' && !earlier.message.includes(issue.message)) {
        earlier.message = `${earlier.message} ${issue.message}`;
        if (earlier.detail !== undefined && issue.detail !== undefined) earlier.detail = followedBy(earlier.detail, issue.detail);
        else delete earlier.detail;
      }
      continue;
    }
    const final: SpecIssue = issue.detail === undefined ? { code: issue.code, path, message: issue.message } : { code: issue.code, path, message: issue.message, detail: issue.detail };
    seen.set(id, final);
    issues.push(final);
  }
  return issues;
}

/** The most issues a validation result lists; `too_many_issues` says how many more there were. */
export const MAX_ISSUES = 100;

/**
 * Shortens a finalised issue list to `MAX_ISSUES`: the first `MAX_ISSUES - 1` in sort order are kept
 * and one `too_many_issues` issue at the root says how many were left out. The root sorts first, so
 * the list stays sorted and the summary is the first thing a reader sees. A root `too_many_issues`
 * already in the list is folded into the summary, keeping one issue per path and code.
 */
export function capIssues(issues: SpecIssue[]): SpecIssue[] {
  if (issues.length <= MAX_ISSUES) return issues;
  const root = issues.find((issue) => issue.code === 'too_many_issues' && issue.path === '');
  const rest = root === undefined ? issues : issues.filter((issue) => issue !== root);
  const kept = rest.slice(0, MAX_ISSUES - 1);
  const omitted = rest.length - kept.length;
  const summary = specIssue(
    'too_many_issues',
    '',
    sayCounted(
      'more_issues',
      omitted,
      { max: MAX_ISSUES },
      `${omitted} more ${omitted === 1 ? 'issue is' : 'issues are'} not listed: at most ${MAX_ISSUES} issues are returned. Fix these and validate again to see the rest.`,
    ),
  );
  if (root === undefined) return [summary, ...kept];
  const merged: SpecIssue = { ...summary, message: `${summary.message} ${root.message}` };
  if (summary.detail !== undefined && root.detail !== undefined) merged.detail = followedBy(summary.detail, root.detail);
  else delete merged.detail;
  return [merged, ...kept];
}

/** True when `path` lies inside one of the `blocked` paths (or is one); linear in the path's depth. */
export function blockedBy(blocked: readonly PathSegments[]): (path: PathSegments) => boolean {
  const prefixes = new Set(blocked.map((segments) => JSON.stringify(segments)));
  return (path) => {
    if (prefixes.size === 0) return false;
    for (let length = 0; length <= path.length; length++) if (prefixes.has(JSON.stringify(path.slice(0, length)))) return true;
    return false;
  };
}

/**
 * A short description of something thrown, for messages: `RangeError: Maximum call stack size
 * exceeded`. Never throws itself, even for a thrown proxy or an error whose `message` getter throws,
 * and clips long messages to 200 characters.
 */
export function describeThrown(error: unknown): string {
  try {
    let text: string;
    if (error instanceof Error) text = `${String(error.name)}: ${String(error.message)}`;
    else if (typeof error === 'string') text = error;
    else text = `a thrown ${error === null ? 'null' : typeof error}`;
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return 'an error that cannot be read';
  }
}

/** The sentence of a validator that stopped on an unexpected error (`validation_failed`). */
export function validationFailed(error: unknown): Said {
  const text = describeThrown(error);
  return say(
    'validation_failed',
    { error: text },
    `The spec could not be checked completely: the validator stopped on an unexpected error (${text}). Treat the spec as invalid and report this to vue-grid-view.`,
  );
}

/**
 * A short, safe description of a value for messages, as a phrase (`{got}` of a sentence): its kind,
 * and a clipped preview of scalars. The preview is a param, so it reads the same in every language;
 * text is quoted as JSON (the way to write it in the spec).
 */
export function describeValue(value: unknown): Said {
  if (value === null) return say('value.null', {}, 'null');
  if (value === undefined) return say('value.nothing', {}, 'nothing');
  if (Array.isArray(value)) return say('value.array', { length: value.length }, `an array of ${value.length}`);
  switch (typeof value) {
    case 'string': {
      const text = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
      return say('value.text', { text }, `the text ${text}`);
    }
    case 'number': {
      // As text: NaN and Infinity are no JSON numbers, and a spec's number is quoted as written.
      const number = String(value);
      return Number.isFinite(value) ? say('value.number', { number }, `the number ${number}`) : say('value.non_finite', { number }, `the non-finite number ${number}`);
    }
    case 'boolean':
      return say('value.boolean', { value: String(value) }, `the boolean ${value}`);
    case 'bigint':
      return say('value.bigint', {}, 'a bigint');
    case 'function':
      return say('value.function', {}, 'a function');
    case 'symbol':
      return say('value.symbol', {}, 'a symbol');
    default:
      return say('value.object', {}, 'an object');
  }
}
