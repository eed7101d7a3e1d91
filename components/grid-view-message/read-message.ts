/**
 * Reading a chat message that should hold a grid view, without trusting it: a JSON string or an
 * object, of type `grid_view` (an artifact) or the seed system's `grid_view_spec` (a spec and its
 * rows). Whatever arrives becomes either the input of a view or one coded problem for the message's
 * error card; nothing here throws.
 *
 * @module
 */
import { toRaw } from 'vue';
import type { GridArtifact, GridArtifactJson, GridViewSpec, GridViewSpecWire, Row, SpecErrorCode, SpecIssue } from '../../src/core/types';

/** A `grid_view` message: an artifact, its JSON (`artifact.toJSON()`), or that JSON as a string. */
export interface GridViewArtifactMessage {
  type: 'grid_view';
  artifact: GridArtifact | GridArtifactJson | string;
}

/** The seed system's `grid_view_spec` message: a spec (parsed, wire JSON, or that JSON as a string) and its rows. */
export interface GridViewSpecMessage {
  type: 'grid_view_spec';
  spec: GridViewSpec | GridViewSpecWire | string;
  rows: readonly Row[];
}

/** What `GridViewMessage` shows: either kind of message. It may also arrive as its JSON string. */
export type GridViewMessagePayload = GridViewArtifactMessage | GridViewSpecMessage;

/** Codes of a message that holds no view at all (a view's own problems keep the core's codes). */
export type GridViewMessageErrorCode = 'message_not_json' | 'message_not_object' | 'message_unknown_type';

/** Which sentence the error card says. */
export type GridViewMessageProblemKind = 'not_json' | 'not_grid_view' | 'invalid';

/** One problem or issue of a message: a code, where it is, and an English sentence for logs. */
export interface GridViewMessageIssue {
  readonly code: GridViewMessageErrorCode | SpecErrorCode;
  /** A path in the message (`spec.columns[0].format`, `artifact.rows`); '' for the whole message. */
  readonly path: string;
  readonly message: string;
}

/**
 * Why a message shows its error card instead of a view: the first issue's code and path (what the
 * card shows), the kind of sentence, and every issue found (a view's spec may have several).
 */
export interface GridViewMessageProblem extends GridViewMessageIssue {
  readonly kind: GridViewMessageProblemKind;
  readonly issues: readonly GridViewMessageIssue[];
}

/** A message that holds the input of a view (not yet validated), or the problem that it holds none. */
export type ReadMessageResult =
  | { readonly ok: true; readonly type: 'grid_view'; readonly artifact: GridArtifact | GridArtifactJson }
  | { readonly ok: true; readonly type: 'grid_view_spec'; readonly spec: GridViewSpec | Record<string, unknown>; readonly rows: readonly Row[] }
  | { readonly ok: false; readonly problem: GridViewMessageProblem };

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The problem of one issue (the card says `kind`'s sentence). */
export function problemOf(kind: GridViewMessageProblemKind, issues: readonly GridViewMessageIssue[]): GridViewMessageProblem {
  const first = issues[0] ?? { code: 'invalid_type', path: '', message: 'The message could not be shown.' };
  return { ...first, kind, issues };
}

/** An issue of the view found at `path` inside the message field `field`: `spec` + `columns[0]` → `spec.columns[0]`. */
export function inField(field: string, issue: Pick<SpecIssue, 'code' | 'path' | 'message'>): GridViewMessageIssue {
  return { code: issue.code, path: issue.path ? `${field}.${issue.path}` : field, message: issue.message };
}

type Parsed = { ok: true; value: unknown } | { ok: false; problem: GridViewMessageProblem };

/** A string read as JSON; anything else as it is. `path` names the field for the problem. */
function parseIfText(value: unknown, path: string): Parsed {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: problemOf('not_json', [{ code: 'message_not_json', path, message: `${path || 'The message'} is a string that is not valid JSON (${reason}).` }]) };
  }
}

/**
 * Reads a message: a JSON string is parsed first, then `type` decides what it holds. Reactive
 * proxies are unwrapped (`toRaw`), so rows a host kept in reactive state are read raw.
 *
 * - `grid_view`: `artifact` is required (an object, or its JSON as a string);
 * - `grid_view_spec`: `spec` is required (an object, or its JSON as a string), and `rows` must be an
 *   array (`[]` for a query with no rows; a missing `rows` is a malformed message, not an empty one).
 *
 * Edge cases: a string that is not JSON gives `message_not_json` (with the field's path when it was
 * the artifact or spec); a value that is not a plain object (an array, null, a number) gives
 * `message_not_object`; another `type`, or none, gives `message_unknown_type` at `type`; missing
 * fields give `required` and rows that are not an array `invalid_type`, all of them at once. The
 * artifact and spec themselves are validated later, by the same code as `<GridView>`.
 */
export function readMessage(message: unknown): ReadMessageResult {
  const parsed = parseIfText(toRaw(message), '');
  if (!parsed.ok) return parsed;
  const value = toRaw(parsed.value);
  if (!isPlainRecord(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    return { ok: false, problem: problemOf('not_grid_view', [{ code: 'message_not_object', path: '', message: `A grid view message is an object such as { "type": "grid_view", "artifact": … }; got ${got}.` }]) };
  }
  if (value.type === 'grid_view') {
    if (value.artifact === undefined || value.artifact === null) {
      return { ok: false, problem: problemOf('invalid', [{ code: 'required', path: 'artifact', message: 'A grid_view message needs its artifact.' }]) };
    }
    const artifact = parseIfText(toRaw(value.artifact), 'artifact');
    if (!artifact.ok) return artifact;
    return { ok: true, type: 'grid_view', artifact: toRaw(artifact.value) as GridArtifact | GridArtifactJson };
  }
  if (value.type === 'grid_view_spec') {
    const issues: GridViewMessageIssue[] = [];
    if (value.spec === undefined || value.spec === null) issues.push({ code: 'required', path: 'spec', message: 'A grid_view_spec message needs its spec.' });
    const rows: unknown = toRaw(value.rows);
    if (rows === undefined || rows === null) issues.push({ code: 'required', path: 'rows', message: 'A grid_view_spec message needs its rows (an empty array when the query found none).' });
    else if (!Array.isArray(rows)) issues.push({ code: 'invalid_type', path: 'rows', message: 'The rows of a grid_view_spec message must be an array of row objects.' });
    if (issues.length > 0) return { ok: false, problem: problemOf('invalid', issues) };
    const spec = parseIfText(toRaw(value.spec), 'spec');
    if (!spec.ok) return spec;
    return { ok: true, type: 'grid_view_spec', spec: toRaw(spec.value) as GridViewSpec | Record<string, unknown>, rows: rows as readonly Row[] };
  }
  const type = typeof value.type === 'string' ? JSON.stringify(value.type.slice(0, 40)) : value.type === undefined ? 'none' : typeof value.type;
  return {
    ok: false,
    problem: problemOf('not_grid_view', [{ code: 'message_unknown_type', path: 'type', message: `A grid view message has type "grid_view" or "grid_view_spec"; got ${type}.` }]),
  };
}
