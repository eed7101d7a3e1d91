/**
 * `vue-grid-view/assistant`: what chat assistants need beside the core: the presentation formats a
 * chat presenter maps to layouts, and the validated planner contract `{ sql, purpose, format }`.
 * Vue-free; runs in Node and browsers.
 *
 * @module
 */
export { PRESENTATION_FORMATS, PLANNER_LIMITS, layoutForFormat, applyPresentationFormat, validatePlannerOutput } from './presenter';
export type { PlannerOutput, PresentationFormat } from './presenter';
export { SPEC_PATCH_LIMITS, applySpecPatch } from './spec-patch';
export type { SpecPatchIssue, SpecPatchIssueCode, SpecPatchResult } from './spec-patch';
