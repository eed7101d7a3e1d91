/**
 * Internal helpers for validation issues: paths as segments, their text form, value descriptions for
 * messages, and the deterministic sort and de-duplication of the final issue list.
 *
 * @module
 */
import type { SpecErrorCode, SpecIssue } from '../types';

/** A path as segments: property names and array indexes. The root is `[]`. */
export type PathSegments = readonly (string | number)[];

/** An issue with its path still in segments, so sorting can compare indexes as numbers. */
export interface RawIssue {
  code: SpecErrorCode;
  segments: PathSegments;
  message: string;
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

/** True when `path` is `prefix` or lies inside it. */
export function isWithin(path: PathSegments, prefix: PathSegments): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, i) => path[i] === segment);
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
 * issue of each (path, code) pair, and turns paths into text. The same input always gives the same
 * output, whatever order the checks ran in.
 */
export function finaliseIssues(raw: readonly RawIssue[]): SpecIssue[] {
  const sorted = [...raw].sort((a, b) => compareSegments(a.segments, b.segments) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const seen = new Set<string>();
  const issues: SpecIssue[] = [];
  for (const issue of sorted) {
    const path = formatPath(issue.segments);
    const id = `${issue.code}\u0000${path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    issues.push({ code: issue.code, path, message: issue.message });
  }
  return issues;
}

/** A short, safe description of a value for messages: its kind, and a clipped preview of scalars. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  switch (typeof value) {
    case 'string':
      return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
      return Number.isFinite(value) ? `the number ${value}` : `the non-finite number ${String(value)}`;
    case 'boolean':
      return `the boolean ${value}`;
    case 'bigint':
      return 'a bigint';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}
