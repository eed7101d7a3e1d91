import { describe, expect, it } from 'vitest';
import { SPEC_PATCH_LIMITS, applySpecPatch } from '../../src/assistant/spec-patch';
import { buildArtifactFromView } from '../../src/core/artifact';
import { parseGridViewSpecJson, specToWire } from '../../src/core/spec';
import type { GridViewSpecWire } from '../../src/core/types';

const WIRE: GridViewSpecWire = {
  grid_id: 'sales',
  title: 'Revenue by region',
  columns: [
    { key: 'region', label: 'Region' },
    { key: 'amount', label: 'Amount', format: 'currency' },
    { key: 'margin', label: 'Margin', format: 'percent' },
  ],
  kpis: [{ label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' }],
  charts: [{ id: 'by-region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }],
};

/** The codes and paths of a refused patch. */
function refused(spec: unknown, patch: unknown): string[] {
  const result = applySpecPatch(spec, patch);
  if (result.ok) throw new Error('expected the patch to be refused');
  return result.issues.map((issue) => `${issue.code} ${issue.path}`);
}

describe('applySpecPatch', () => {
  it('turns the bar chart into a pie and adds a KPI, the result a valid spec that renders', () => {
    const result = applySpecPatch(WIRE, [
      { op: 'test', path: '/charts/0/chart_type', value: 'bar' },
      { op: 'replace', path: '/charts/0/chart_type', value: 'pie' },
      { op: 'add', path: '/kpis/-', value: { label: 'Average margin', column_key: 'margin', aggregate: 'avg', format: 'percent' } },
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.spec.charts[0]?.chartType).toBe('pie');
    expect(result.spec.kpis.map((kpi) => kpi.label)).toEqual(['Revenue', 'Average margin']);
    expect(result.wire.charts?.[0]?.chart_type).toBe('pie');
    const artifact = buildArtifactFromView(result.spec, [
      { region: 'North', amount: 10, margin: 0.2 },
      { region: 'South', amount: 30, margin: 0.4 },
    ]);
    expect(artifact.kpis.map((kpi) => kpi.value)).toEqual([40, expect.closeTo(0.3, 10)]);
  });

  it('takes a parsed spec as well, and never changes the spec it was given', () => {
    const spec = parseGridViewSpecJson(WIRE);
    const before = JSON.stringify(specToWire(spec));
    const frozenWire = structuredClone(WIRE);
    const result = applySpecPatch(spec, [{ op: 'replace', path: '/title', value: 'Margin by region' }]);
    expect(result.ok && result.spec.title).toBe('Margin by region');
    expect(JSON.stringify(specToWire(spec))).toBe(before);
    applySpecPatch(frozenWire, [{ op: 'remove', path: '/kpis/0' }]);
    expect(frozenWire).toEqual(WIRE);
  });

  it('revalidates the result: a patch that breaks a rule gives the spec issue at its spec path', () => {
    expect(refused(WIRE, [{ op: 'replace', path: '/charts/0/chart_type', value: 'pie3d' }])).toEqual(['invalid_enum charts[0].chart_type']);
    // A spec may not carry data, values or code: a patch cannot bring them in either.
    expect(refused(WIRE, [{ op: 'add', path: '/rows', value: [{ region: 'North' }] }])[0]).toMatch(/^forbidden_\w+ rows$/);
    expect(refused(WIRE, [{ op: 'add', path: '/charts/0/option', value: { series: [] } }])[0]).toMatch(/ charts\[0\]\.option$/);
  });

  it('refuses what is not a JSON Patch with patch_invalid and where', () => {
    expect(refused(WIRE, { op: 'replace', path: '/title', value: 'x' })).toEqual(['patch_invalid patch']);
    expect(refused(WIRE, ['replace /title'])).toEqual(['patch_invalid patch[0]']);
    expect(refused(WIRE, [{ op: 'replace', path: '/title', value: 'ok' }, { op: 'rename', path: '/title' }])).toEqual(['patch_invalid patch[1]']);
    expect(refused(WIRE, [{ op: 'replace', path: '/title' }])).toEqual(['patch_invalid patch[0]']);
    const many = Array.from({ length: SPEC_PATCH_LIMITS.maxOperations + 1 }, () => ({ op: 'test', path: '/grid_id', value: 'sales' }));
    expect(refused(WIRE, many)).toEqual(['patch_invalid patch']);
  });

  it('never reaches into __proto__: the operation is refused and no object is polluted', () => {
    expect(refused(WIRE, [{ op: 'add', path: '/__proto__/polluted', value: true }])).toEqual(['patch_invalid patch[0]']);
    expect(refused(WIRE, [{ op: 'add', path: '/columns/0/constructor/prototype/polluted', value: true }])).toEqual(['patch_invalid patch[0]']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('says patch_conflict for a path the spec does not have, and patch_test_failed when a test finds another value, all or nothing', () => {
    expect(refused(WIRE, [{ op: 'replace', path: '/charts/3/chart_type', value: 'pie' }])).toEqual(['patch_conflict patch[0]']);
    expect(refused(WIRE, [{ op: 'remove', path: '/nothing' }])).toEqual(['patch_conflict patch[0]']);
    expect(refused(WIRE, [{ op: 'replace', path: '/title', value: 'Changed' }, { op: 'test', path: '/charts/0/chart_type', value: 'line' }])).toEqual(['patch_test_failed patch[1]']);
  });

  it('gives the issues of an invalid spec instead of patching it', () => {
    expect(refused({ grid_id: 'x' }, [])[0]).toMatch(/ columns$/);
  });

  it('returns the spec as it was, normalised, for an empty patch', () => {
    const result = applySpecPatch(WIRE, []);
    expect(result.ok && result.wire).toEqual(specToWire(parseGridViewSpecJson(WIRE)));
  });
});
