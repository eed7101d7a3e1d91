import { describe, expect, it } from 'vitest';
import { applyPresentationFormat, layoutForFormat, PLANNER_LIMITS, PRESENTATION_FORMATS, validatePlannerOutput } from '../../src/assistant/presenter';
import { buildArtifactFromView } from '../../src/core/artifact';
import { GridViewSpecError } from '../../src/core/errors';
import { isGridViewSpec, parseGridViewSpecJson } from '../../src/core/spec';
import type { GridViewSpec } from '../../src/core/types';
import type { PresentationFormat } from '../../src/assistant/presenter';

const SPEC = parseGridViewSpecJson({
  grid_id: 'sales',
  title: 'Sales',
  columns: [{ key: 'region', label: 'Region' }],
  kpis: [{ label: 'Rows', aggregate: 'count' }],
  layout: { blocks: ['table'] },
});

function issuesOf(raw: unknown): string[] {
  const result = validatePlannerOutput(raw);
  if (result.ok) throw new Error('expected issues');
  return result.issues.map((i) => `${i.code} ${i.path}`);
}

describe('layoutForFormat', () => {
  it('maps each presentation format to its blocks', () => {
    expect(layoutForFormat('table')).toEqual(['title', 'kpis', 'table']);
    expect(layoutForFormat('report')).toEqual(['title', 'kpis', 'chart', 'table']);
    expect(layoutForFormat('chart')).toEqual(['title', 'kpis', 'chart', 'table']);
    expect(layoutForFormat('answer')).toEqual(['title', 'kpis']);
  });

  it('returns a fresh array each time', () => {
    const blocks = layoutForFormat('table');
    blocks.push('chart');
    expect(layoutForFormat('table')).toEqual(['title', 'kpis', 'table']);
  });

  it('throws a RangeError for an unknown format, including inherited names', () => {
    expect(() => layoutForFormat('slides' as PresentationFormat)).toThrow(RangeError);
    expect(() => layoutForFormat('toString' as PresentationFormat)).toThrow(RangeError);
  });
});

describe('applyPresentationFormat', () => {
  it('gives a new parsed spec with the layout of the format and nothing else changed', () => {
    const answer = applyPresentationFormat(SPEC, 'answer');
    expect(answer.layout.blocks).toEqual(['title', 'kpis']);
    expect({ ...answer, layout: SPEC.layout }).toEqual(SPEC);
    expect(SPEC.layout.blocks).toEqual(['table']);
    expect(isGridViewSpec(answer)).toBe(true);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(buildArtifactFromView(answer, []).layout.blocks).toEqual(['title', 'kpis']);
  });

  it('accepts every presentation format', () => {
    for (const format of PRESENTATION_FORMATS) expect(applyPresentationFormat(SPEC, format).layout.blocks).toEqual(layoutForFormat(format));
  });

  it('reads a copy of a parsed spec like the spec', () => {
    expect(applyPresentationFormat({ ...SPEC }, 'report').layout.blocks).toEqual(['title', 'kpis', 'chart', 'table']);
  });

  /** The `GridViewSpecError` that `call` throws; fails the test when it throws anything else. */
  function specErrorOf(call: () => unknown): GridViewSpecError {
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(GridViewSpecError);
      return error as GridViewSpecError;
    }
    throw new Error('expected a GridViewSpecError, nothing was thrown');
  }

  it('refuses a non-object with a GridViewSpecError not_object at the root, not a TypeError', () => {
    for (const value of [null, undefined, 'sales', 5, []]) {
      const error = specErrorOf(() => applyPresentationFormat(value as unknown as GridViewSpec, 'table'));
      expect(error.issues.map((i) => [i.code, i.path]), String(value)).toEqual([['not_object', '']]);
      expect(error.issues[0]?.message).toContain('parseGridViewSpecJson');
    }
  });

  it('refuses an object whose spec fields cannot be read (wire JSON, no columns) with invalid_type at the root', () => {
    for (const value of [{}, { grid_id: 'sales', columns: [{ key: 'region', label: 'Region' }] }]) {
      const error = specErrorOf(() => applyPresentationFormat(value as unknown as GridViewSpec, 'table'));
      expect(error.issues.map((i) => [i.code, i.path])).toEqual([['invalid_type', '']]);
      expect(error.issues[0]?.message).toContain('Parse the wire JSON first');
    }
  });

  it('refuses a copy with an invalid field with the parser’s issue at that field’s path', () => {
    const error = specErrorOf(() => applyPresentationFormat({ ...SPEC, gridId: 'Not An Id' }, 'table'));
    expect(error.issues.map((i) => [i.code, i.path])).toEqual([['invalid_pattern', 'grid_id']]);
  });
});

describe('validatePlannerOutput', () => {
  it('accepts exactly sql, purpose and format', () => {
    expect(validatePlannerOutput({ sql: 'select region, sum(amount) from sales group by region', purpose: 'Revenue by region', format: 'report' })).toEqual({
      ok: true,
      value: { sql: 'select region, sum(amount) from sales group by region', purpose: 'Revenue by region', format: 'report' },
    });
  });

  it('refuses anything but a plain object with not_object', () => {
    for (const raw of [null, undefined, 'select 1', [], 5, new Map(), new Date()]) expect(issuesOf(raw), String(raw)).toEqual(['not_object ']);
  });

  it('reports missing fields as required, all at once', () => {
    expect(issuesOf({})).toEqual(['required sql', 'required purpose', 'required format']);
  });

  it('reports wrong types, blank text and a bad format', () => {
    expect(issuesOf({ sql: 5, purpose: null, format: 'slides' })).toEqual(['invalid_type sql', 'invalid_type purpose', 'invalid_enum format']);
    expect(issuesOf({ sql: '   ', purpose: '', format: 'table' })).toEqual(['too_short sql', 'too_short purpose']);
    expect(issuesOf({ sql: 'select 1', purpose: 'x', format: 'TABLE' })).toEqual(['invalid_enum format']);
  });

  it('limits the SQL to 20,000 characters and the purpose to 500', () => {
    const ok = { sql: 's'.repeat(PLANNER_LIMITS.sqlMaxLength), purpose: 'p'.repeat(PLANNER_LIMITS.purposeMaxLength), format: 'answer' };
    expect(validatePlannerOutput(ok).ok).toBe(true);
    expect(issuesOf({ ...ok, sql: `${ok.sql}s`, purpose: `${ok.purpose}p` })).toEqual(['too_long sql', 'too_long purpose']);
  });

  it('counts characters, not UTF-16 units, against the limits', () => {
    expect(validatePlannerOutput({ sql: 'select 1', purpose: '😀'.repeat(500), format: 'chart' }).ok).toBe(true);
    expect(issuesOf({ sql: 'select 1', purpose: '😀'.repeat(501), format: 'chart' })).toEqual(['too_long purpose']);
  });

  it('refuses rows, values, a view and chart options with the forbidden codes', () => {
    expect(issuesOf({ sql: 'select 1', purpose: 'x', format: 'table', rows: [], data: [], values: [1], value: 3, view: {}, chart_option: {}, chartOption: {}, spec: {} })).toEqual([
      'forbidden_rows rows',
      'forbidden_rows data',
      'forbidden_kpi_value values',
      'forbidden_kpi_value value',
      'forbidden_option view',
      'forbidden_option chart_option',
      'forbidden_option chartOption',
      'forbidden_option spec',
    ]);
  });

  it('refuses any other key as unknown_field', () => {
    expect(issuesOf({ sql: 'select 1', purpose: 'x', format: 'table', title: 'T' })).toEqual(['unknown_field title']);
  });

  it('gives messages that say how to fix the problem', () => {
    const result = validatePlannerOutput({ format: 'x', rows: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const messages = result.issues.map((i) => i.message).join('\n');
      expect(messages).toContain('sql is required');
      expect(messages).toContain('"table", "report", "chart", "answer"');
      expect(messages).toContain('host runs the SQL');
    }
  });
});
