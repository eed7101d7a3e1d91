/**
 * `vue-grid-view/assistant`: what chat assistants need beside the core: the presentation formats a
 * chat presenter maps to layouts, the validated planner contract `{ sql, purpose, format }`, the
 * read-only SQL guard and the planner flow that turns a plan into a view. Vue-free; runs in Node
 * and browsers.
 *
 * @module
 */
export { PRESENTATION_FORMATS, PLANNER_LIMITS, layoutForFormat, applyPresentationFormat, validatePlannerOutput } from './presenter';
export type { PlannerOutput, PresentationFormat } from './presenter';
export { SPEC_PATCH_LIMITS, applySpecPatch } from './spec-patch';
export type { SpecPatchIssue, SpecPatchIssueCode, SpecPatchResult } from './spec-patch';
export { checkReadOnlySql } from './sql-guard';
export type { SqlGuardIssue, SqlGuardIssueCode, SqlGuardResult } from './sql-guard';
export { ANSWER_LIMITS, answerWithGrid } from './answer';
export type { AnswerIssue, AnswerIssueCode, AnswerWithGridIssue, AnswerWithGridOptions, AnswerWithGridResult, QueryColumn, QueryResult, RunQuery, RunQueryOptions } from './answer';
