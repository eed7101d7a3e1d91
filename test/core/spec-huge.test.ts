import { describe, expect, it } from 'vitest';
import { GridViewSpecError } from '../../src/core/errors';
import { SPEC_LIMITS, parseGridViewSpecJson, safeParseGridViewSpecJson } from '../../src/core/spec';
import type { SafeParseResult, SpecIssue } from '../../src/core/types';

// Oversized and hostile input: validation must return (the test timeout is the only clock here),
// return a bounded list, never throw, and never change the verdict.

const column = { key: 'id', label: 'Order' };
const base = { grid_id: 'orders', columns: [column] };

function issuesOf(result: SafeParseResult): SpecIssue[] {
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.issues;
}

/** The documented invariants of every issue list: at most 100, one per (path, code), root first. */
function expectWellFormed(issues: readonly SpecIssue[]): void {
  expect(issues.length).toBeGreaterThan(0);
  expect(issues.length).toBeLessThanOrEqual(100);
  const ids = issues.map((i) => `${i.code} ${i.path}`);
  expect(new Set(ids).size).toBe(ids.length);
  const rootSummaries = issues.filter((i) => i.code === 'too_many_issues' && i.path === '');
  expect(rootSummaries.length).toBeLessThanOrEqual(1);
  if (rootSummaries.length === 1) expect(issues[0]).toBe(rootSummaries[0]);
}

describe('huge arrays', () => {
  it('refuses 200,000 invalid columns (3 MB of JSON) with at most 100 issues and the real length, without throwing', () => {
    const text = JSON.stringify({ grid_id: 'g', columns: Array.from({ length: 200_000 }, () => ({ key: 'k', label: '' })) });
    expect(text.length).toBeGreaterThan(3_000_000);
    const issues = issuesOf(safeParseGridViewSpecJson(JSON.parse(text)));
    expectWellFormed(issues);
    expect(issues).toHaveLength(100);
    expect(issues[0]).toMatchObject({ code: 'too_many_issues', path: '' });
    expect(issues[0]!.message).toMatch(/^\d+ more issues are not listed: at most 100 issues are returned\./);
    expect(issues.find((i) => i.code === 'too_many_items')).toEqual({
      code: 'too_many_items',
      path: 'columns',
      message: 'columns has 200000 entries; at most 200 are allowed. Remove the extra ones. Only the first 201 were checked.',
      detail: expect.objectContaining({ key: 'spec_issue.too_many_checked' }),
    });
    // The first columns are still checked in full detail.
    expect(issues.map((i) => [i.code, i.path])).toContainEqual(['too_short', 'columns[0].label']);
    expect(issues.map((i) => [i.code, i.path])).toContainEqual(['duplicate_key', 'columns[1].key']);
  });

  it('throws only GridViewSpecError from the throwing parser for the same input', () => {
    const input = { grid_id: 'g', columns: Array.from({ length: 150_000 }, () => ({ key: 'k', label: '' })) };
    let thrown: unknown;
    try {
      parseGridViewSpecJson(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GridViewSpecError);
    expect((thrown as GridViewSpecError).issues.length).toBeLessThanOrEqual(100);
  });

  it('gives 200,000 valid columns exactly one too_many_items issue', () => {
    const input = { grid_id: 'g', columns: Array.from({ length: 200_000 }, (_, i) => ({ key: `k${i}`, label: 'L' })) };
    expect(issuesOf(safeParseGridViewSpecJson(input)).map((i) => [i.code, i.path])).toEqual([['too_many_items', 'columns']]);
  });

  it('applies every array limit: KPIs, charts, series and layout blocks far over the limit get too_many_items with the real count', () => {
    const chart = { id: 'c', chart_type: 'bar', x_key: 'x', series: [{ key: 'v', label: 'V' }] };
    const cases: [Record<string, unknown>, string, number][] = [
      [{ ...base, kpis: Array.from({ length: 50_000 }, () => ({ label: 'N', aggregate: 'count' })) }, 'kpis', SPEC_LIMITS.kpisMax],
      [{ ...base, charts: Array.from({ length: 50_000 }, (_, i) => ({ ...chart, id: `c${i}` })) }, 'charts', SPEC_LIMITS.chartsMax],
      [{ ...base, charts: [{ ...chart, series: Array.from({ length: 50_000 }, (_, i) => ({ key: `s${i}`, label: 'S' })) }] }, 'charts[0].series', SPEC_LIMITS.seriesMax],
      [{ ...base, layout: { blocks: Array.from({ length: 50_000 }, () => 'table') } }, 'layout.blocks', SPEC_LIMITS.layoutBlocksMax],
    ];
    for (const [input, path, max] of cases) {
      const issues = issuesOf(safeParseGridViewSpecJson(input));
      expectWellFormed(issues);
      expect(issues.find((i) => i.code === 'too_many_items')?.message, path).toBe(
        `${path} has 50000 entries; at most ${max} are allowed. Remove the extra ones. Only the first ${max + 1} were checked.`,
      );
      expect(issues.find((i) => i.code === 'too_many_items')?.path).toBe(path);
    }
  });

  it('keeps a spec exactly at every limit valid (the cut never changes a verdict)', () => {
    const series = Array.from({ length: SPEC_LIMITS.seriesMax }, (_, i) => ({ key: `s${i}`, label: 'S' }));
    const result = safeParseGridViewSpecJson({
      grid_id: 'g',
      columns: Array.from({ length: SPEC_LIMITS.columnsMax }, (_, i) => ({ key: `k${i}`, label: 'L' })),
      kpis: Array.from({ length: SPEC_LIMITS.kpisMax }, () => ({ label: 'N', aggregate: 'count' })),
      charts: Array.from({ length: SPEC_LIMITS.chartsMax }, (_, i) => ({ id: `c${i}`, chart_type: 'bar', x_key: 'x', series })),
      layout: { blocks: ['title', 'kpis', 'chart', 'table'] },
    });
    expect(result.ok).toBe(true);
  });

  it('checks entries up to one past the limit and no further', () => {
    const columns: unknown[] = Array.from({ length: 300 }, (_, i) => ({ key: `k${i}`, label: 'L' }));
    columns[200] = { key: 'k200', label: 'L', rows: [] };
    columns[250] = { key: 'k250', label: 'L', rows: [] };
    const paths = issuesOf(safeParseGridViewSpecJson({ grid_id: 'g', columns })).map((i) => `${i.code} ${i.path}`);
    expect(paths).toEqual(['too_many_items columns', 'forbidden_rows columns[200].rows']);
  });

  it('reports a few holes one by one and summarises the rest, without the rules repeating them', () => {
    const issues = issuesOf(safeParseGridViewSpecJson({ grid_id: 'g', columns: new Array(60) }));
    expect(issues.filter((i) => i.code === 'invalid_type')).toHaveLength(50);
    expect(issues.filter((i) => i.code === 'too_many_issues').map((i) => i.path)).toEqual(['columns']);
    expect(issues).toHaveLength(51);
  });
});

describe('huge objects', () => {
  it('lists 50 of 100,000 unknown keys and counts the rest, without throwing', () => {
    const input: Record<string, unknown> = { ...base };
    for (let i = 0; i < 100_000; i++) input[`extra_${i}`] = { nested: [i, String(i)] };
    const issues = issuesOf(safeParseGridViewSpecJson(input));
    expectWellFormed(issues);
    expect(issues.filter((i) => i.code === 'unknown_field')).toHaveLength(50);
    expect(issues[0]).toEqual({
      code: 'too_many_issues',
      path: '',
      message: 'The spec has 99950 more unknown or forbidden fields than the 50 listed; they are not listed one by one. Remove them.',
      detail: expect.objectContaining({ key: 'spec_issue.more_fields' }),
    });
  });

  it('still checks the known fields of an object full of unknown keys', () => {
    const input: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) input[`extra_${i}`] = i;
    Object.assign(input, { grid_id: 'Bad Id', columns: [column] });
    const codes = issuesOf(safeParseGridViewSpecJson(input)).map((i) => `${i.code} ${i.path}`);
    expect(codes).toContain('invalid_pattern grid_id');
  });

  it('bounds 100,000 numbers inside one KPI to 50 forbidden_kpi_value issues and a summary', () => {
    const kpi: Record<string, unknown> = { label: 'K', aggregate: 'count' };
    for (let i = 0; i < 100_000; i++) kpi[`n${i}`] = i;
    const issues = issuesOf(safeParseGridViewSpecJson({ ...base, kpis: [kpi] }));
    expect(issues.filter((i) => i.code === 'forbidden_kpi_value')).toHaveLength(50);
    expect(issues.find((i) => i.code === 'too_many_issues')?.path).toBe('kpis[0]');
  });

  it('stops searching unknown parts after 10,000 values and says so at the root', () => {
    const issues = issuesOf(safeParseGridViewSpecJson({ ...base, extra: Array.from({ length: 1_000_000 }, (_, i) => i) }));
    expect(issues.map((i) => `${i.code} ${i.path}`)).toEqual(['too_many_issues ', 'unknown_field extra']);
    expect(issues[0]!.message).toContain('only their first 10000 values were searched');
  });

  it('survives shared references that unfold to 2^40 paths (a DAG, not a cycle)', () => {
    let dag: unknown = { leaf: true };
    for (let i = 0; i < 40; i++) dag = [dag, dag];
    const issues = issuesOf(safeParseGridViewSpecJson({ ...base, extra: dag }));
    expectWellFormed(issues);
    expect(issues.map((i) => `${i.code} ${i.path}`)).toContain('unknown_field extra');
  });

  it('survives a sparse array of a billion holes and a huge array where text belongs', () => {
    const sparse = issuesOf(safeParseGridViewSpecJson({ ...base, extra: new Array(1e9) }));
    expectWellFormed(sparse);
    const title = issuesOf(safeParseGridViewSpecJson({ ...base, title: new Array(1e6).fill('x') }));
    expect(title.find((i) => i.path === 'title')).toMatchObject({ code: 'invalid_type', message: expect.stringContaining('an array of 1000000') });
  });
});

describe('hostile objects', () => {
  it('turns a throwing getter into not_object', () => {
    const input = { ...base };
    Object.defineProperty(input, 'title', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const issues = issuesOf(safeParseGridViewSpecJson(input));
    expect(issues.map((i) => [i.code, i.path])).toEqual([['not_object', '']]);
    expect(issues[0]!.message).toContain('Error: boom');
  });

  it('turns a proxy whose every trap throws into not_object, at the root or nested', () => {
    const trap = () => {
      throw new TypeError('trap');
    };
    const hostile = new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, has: trap });
    for (const input of [hostile, { ...base, columns: [hostile] }, { ...base, extra: hostile }]) {
      const result = safeParseGridViewSpecJson(input);
      expect(result.ok ? [] : result.issues.map((i) => [i.code, i.path])).toEqual([['not_object', '']]);
    }
    expect(() => parseGridViewSpecJson(hostile)).toThrow(GridViewSpecError);
  });

  it('describes a thrown value that is not an Error, and one whose message getter throws', () => {
    const weird = Object.create(Error.prototype, {
      message: {
        get() {
          throw new Error('again');
        },
      },
    }) as Error;
    for (const thrown of [42, null, weird]) {
      const input = { ...base };
      Object.defineProperty(input, 'title', {
        enumerable: true,
        get() {
          throw thrown;
        },
      });
      const issues = issuesOf(safeParseGridViewSpecJson(input));
      expect(issues.map((i) => i.code)).toEqual(['not_object']);
    }
  });
});
