/**
 * Spec edits as JSON Patch (RFC 6902): an assistant changes a view ("as a pie chart", "add the
 * margin KPI") by sending operations on the spec's wire JSON, not a new spec. The operations are
 * applied by `fast-json-patch` to a copy of the spec's normalised wire form, and the result is
 * validated again by the spec parser, so a patch can never produce a spec the parser would refuse.
 *
 * @module
 */
import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { isGridViewSpec, safeParseGridViewSpecJson, specToWire } from '../core/spec';
import type { GridViewSpec, GridViewSpecWire, SpecIssue, SpecWarning } from '../core/types';

/**
 * Why a patch could not be applied, before the result is validated:
 * - `patch_invalid`: not an array of RFC 6902 operations (an unknown `op`, a missing `path`,
 *   `value` or `from`, more than `SPEC_PATCH_LIMITS.maxOperations` operations, a path into
 *   `__proto__`);
 * - `patch_conflict`: an operation's path does not fit the spec (no such member or index);
 * - `patch_test_failed`: a `test` operation found another value (the spec changed meanwhile).
 */
export type SpecPatchIssueCode = 'patch_invalid' | 'patch_conflict' | 'patch_test_failed';

/** A patch problem: its code, where (`patch[2]`, or `patch` for the whole), and a sentence for people. */
export interface SpecPatchIssue {
  code: SpecPatchIssueCode;
  path: string;
  message: string;
}

/** Limits of `applySpecPatch`. */
export const SPEC_PATCH_LIMITS = Object.freeze({
  /** Operations in one patch. */
  maxOperations: 200,
});

/**
 * The outcome of `applySpecPatch`: the patched spec (parsed, and as normalised wire JSON, with the
 * parser's warnings), or the issues: patch issues (`patch…` paths), or the spec issues of the
 * patched result (spec paths such as `charts[0].chart_type`), or those of the spec given.
 */
export type SpecPatchResult = { ok: true; spec: GridViewSpec; wire: GridViewSpecWire; warnings: SpecWarning[] } | { ok: false; issues: (SpecIssue | SpecPatchIssue)[] };

/** fast-json-patch's error names, by the code they map to. */
const CONFLICTS = new Set(['OPERATION_PATH_UNRESOLVABLE', 'OPERATION_FROM_UNRESOLVABLE', 'OPERATION_PATH_CANNOT_ADD', 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX', 'OPERATION_VALUE_OUT_OF_BOUNDS']);

function patchIssue(code: SpecPatchIssueCode, path: string, message: string): SpecPatchResult {
  return { ok: false, issues: [{ code, path, message }] };
}

/** The patch's own shape: an array of objects, each with a string `op` and `path`, within the limit. */
function shapeProblem(patch: unknown): SpecPatchResult | null {
  if (!Array.isArray(patch)) return patchIssue('patch_invalid', 'patch', 'A patch is an array of JSON Patch operations (RFC 6902).');
  if (patch.length > SPEC_PATCH_LIMITS.maxOperations) return patchIssue('patch_invalid', 'patch', `A patch holds at most ${SPEC_PATCH_LIMITS.maxOperations} operations.`);
  for (const [index, operation] of patch.entries()) {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) return patchIssue('patch_invalid', `patch[${index}]`, 'Each operation is an object such as { "op": "replace", "path": "/title", "value": "Sales" }.');
    const { path, from } = operation as { path?: unknown; from?: unknown };
    // fast-json-patch refuses __proto__ too (banPrototypeModifications); said here with our code and path.
    for (const pointer of [path, from]) {
      if (typeof pointer === 'string' && pointer.split('/').some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) {
        return patchIssue('patch_invalid', `patch[${index}]`, 'An operation may not reach into __proto__, constructor or prototype.');
      }
    }
  }
  return null;
}

/**
 * Applies an RFC 6902 JSON Patch to a spec and validates the result. `spec` is a parsed spec or its
 * wire JSON (validated first); the operations address its normalised wire form (`specToWire`:
 * snake_case keys, and fields equal to their default left out, so setting one is `add`, not
 * `replace`), e.g. `[{ "op": "replace", "path": "/charts/0/chart_type",
 * "value": "pie" }]`. The spec given is never changed.
 *
 * Edge cases: an invalid spec gives its own issues and applies nothing; operations run in order and
 * all or nothing (a failing one leaves no partial change); a `test` operation guards against a spec
 * that changed meanwhile; an empty patch returns the spec as it was, normalised.
 */
export function applySpecPatch(spec: GridViewSpec | GridViewSpecWire | unknown, patch: unknown): SpecPatchResult {
  let base: GridViewSpecWire;
  if (isGridViewSpec(spec)) {
    base = specToWire(spec);
  } else {
    const parsed = safeParseGridViewSpecJson(spec);
    if (!parsed.ok) return { ok: false, issues: parsed.issues };
    base = specToWire(parsed.spec);
  }
  const shape = shapeProblem(patch);
  if (shape !== null) return shape;
  const operations = patch as Operation[];
  // A copy to patch: the wire form is plain JSON, so a JSON round trip copies it entirely.
  const document = JSON.parse(JSON.stringify(base)) as GridViewSpecWire;
  // One operation at a time: fast-json-patch's validate() reports every failure at index 0, and the
  // reader needs to know which operation failed. Each is checked against the document as the
  // operations before it left it, then applied to the copy.
  let patched: unknown = document;
  for (const [index, operation] of operations.entries()) {
    const problem = jsonPatch.validate([operation], patched);
    if (problem) {
      const at = `patch[${index}]`;
      if (problem.name === 'TEST_OPERATION_FAILED') return patchIssue('patch_test_failed', at, 'A test operation found another value: the spec has changed since the patch was written.');
      if (CONFLICTS.has(problem.name)) return patchIssue('patch_conflict', at, `The operation's path does not fit the spec: ${problem.message.split('\n')[0]}`);
      return patchIssue('patch_invalid', at, `Not a valid JSON Patch operation: ${problem.message.split('\n')[0]}`);
    }
    patched = jsonPatch.applyOperation(patched, operation, false, true, true, index).newDocument;
  }
  const result = safeParseGridViewSpecJson(patched);
  if (!result.ok) return { ok: false, issues: result.issues };
  return { ok: true, spec: result.spec, wire: specToWire(result.spec), warnings: result.warnings };
}
