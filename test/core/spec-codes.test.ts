import { describe, expect, it, vi } from 'vitest';
import { GridViewSpecError, SPEC_ERROR_CATALOG } from '../../src/core/errors';
import { parseGridViewSpecJson, safeParseGridViewSpecJson } from '../../src/core/spec';
import { wireSpecRules } from '../../src/core/spec/rules';
import type { SpecErrorCode } from '../../src/core/types';

const columns = [{ key: 'id', label: 'Order' }];
const series = [{ key: 'amount', label: 'Amount' }];
const chart = { id: 'c', chart_type: 'bar', x_key: 'region', series };
const spec = (extra: Record<string, unknown>) => ({ grid_id: 'orders', columns, ...extra });

/**
 * Codes that never stand alone: `too_many_issues` comes with the issues it summarises, and
 * `validation_failed` needs the validator itself to fail. Each has its own tests below and in
 * spec-huge.test.ts.
 */
type CompanionCode = 'too_many_issues' | 'validation_failed';
const COMPANION_CODES: readonly CompanionCode[] = ['too_many_issues', 'validation_failed'];

/** For every other code: a spec that triggers it (and nothing else), and the path the issue must name. */
const triggers: Record<Exclude<SpecErrorCode, CompanionCode>, { input: unknown; path: string }> = {
  not_object: { input: '{"grid_id": "orders"}', path: '' },
  required: { input: { columns }, path: 'grid_id' },
  invalid_type: { input: spec({ striped: 'true' }), path: 'striped' },
  unknown_field: { input: spec({ theme: 'dark' }), path: 'theme' },
  invalid_pattern: { input: { grid_id: '1st-view', columns }, path: 'grid_id' },
  invalid_enum: { input: spec({ charts: [{ ...chart, chart_type: 'radar' }] }), path: 'charts[0].chart_type' },
  too_short: { input: { grid_id: 'orders', columns: [{ key: 'id', label: ' \t ' }] }, path: 'columns[0].label' },
  too_long: { input: spec({ title: 'T'.repeat(201) }), path: 'title' },
  too_few_items: { input: { grid_id: 'orders', columns: [] }, path: 'columns' },
  too_many_items: { input: spec({ kpis: Array.from({ length: 9 }, () => ({ label: 'N', aggregate: 'count' })) }), path: 'kpis' },
  out_of_range: { input: spec({ charts: [{ ...chart, height: 1201 }] }), path: 'charts[0].height' },
  duplicate_id: { input: spec({ charts: [chart, { ...chart, chart_type: 'line' }] }), path: 'charts[1].id' },
  duplicate_key: { input: { grid_id: 'orders', columns: [...columns, { key: 'id', label: 'Again' }] }, path: 'columns[1].key' },
  invalid_width: { input: { grid_id: 'orders', columns: [{ key: 'id', label: 'Order', width: '100' }] }, path: 'columns[0].width' },
  invalid_placeholder: { input: { grid_id: 'orders', columns: [{ key: 'id', label: 'Order', link_template: '/orders/{id' }] }, path: 'columns[0].link_template' },
  unsafe_url: { input: spec({ export_pdf_url: 'javascript:alert(1)' }), path: 'export_pdf_url' },
  forbidden_rows: { input: spec({ rows: [{ id: 1 }] }), path: 'rows' },
  forbidden_kpi_value: { input: spec({ kpis: [{ label: 'Revenue', aggregate: 'sum', column_key: 'amount', value: 1200 }] }), path: 'kpis[0].value' },
  forbidden_option: { input: spec({ charts: [{ ...chart, chart_option: { series: [] } }] }), path: 'charts[0].chart_option' },
  forbidden_sql: { input: spec({ sql: 'select * from orders' }), path: 'sql' },
  missing_column_key: { input: spec({ kpis: [{ label: 'Average', aggregate: 'avg' }] }), path: 'kpis[0].column_key' },
  missing_value_key: { input: spec({ charts: [{ id: 'c', chart_type: 'bar', group_by: 'region', aggregate: 'avg' }] }), path: 'charts[0].value_key' },
  conflicting_fields: { input: spec({ charts: [{ ...chart, group_by: 'region' }] }), path: 'charts[0].group_by' },
  invalid_color: { input: spec({ charts: [{ ...chart, series: [{ key: 'amount', color: 'var(--brand)' }] }] }), path: 'charts[0].series[0].color' },
  unknown_column: { input: spec({ export_columns: ['id', 'amount'] }), path: 'export_columns[1]' },
};

describe('every code of the catalog', () => {
  it('has a trigger here or is a companion code, and nothing here is outside the catalog', () => {
    expect([...Object.keys(triggers), ...COMPANION_CODES].sort()).toEqual(Object.keys(SPEC_ERROR_CATALOG).sort());
  });

  for (const [code, { input, path }] of Object.entries(triggers)) {
    it(`${code}: reported at ${path === '' ? 'the root' : path} as the only issue, with a message that says what to do`, () => {
      const result = safeParseGridViewSpecJson(input);
      expect(result.ok).toBe(false);
      const issues = result.ok ? [] : result.issues;
      expect(issues.map((i) => [i.code, i.path])).toEqual([[code, path]]);
      expect(issues[0]?.message.length).toBeGreaterThan(20);
    });
  }
});

describe('boundaries between codes', () => {
  const codesOf = (input: unknown) => {
    const result = safeParseGridViewSpecJson(input);
    return result.ok ? [] : result.issues.map((i) => [i.code, i.path]);
  };

  it('calls a missing field required, a null field invalid_type and an empty label too_short', () => {
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'k' }] })).toEqual([['required', 'columns[0].label']]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'k', label: null }] })).toEqual([['invalid_type', 'columns[0].label']]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'k', label: '' }] })).toEqual([['too_short', 'columns[0].label']]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: '', label: 'K' }] })).toEqual([['too_short', 'columns[0].key']]);
  });

  it('calls a fractional height invalid_type and an integer outside 120..1200 out_of_range', () => {
    const withHeight = (height: unknown) => ({ grid_id: 'g', columns, charts: [{ ...chart, height }] });
    expect(codesOf(withHeight(320.5))).toEqual([['invalid_type', 'charts[0].height']]);
    expect(codesOf(withHeight('320'))).toEqual([['invalid_type', 'charts[0].height']]);
    expect(codesOf(withHeight(119))).toEqual([['out_of_range', 'charts[0].height']]);
    expect(codesOf(withHeight(120))).toEqual([]);
    expect(codesOf(withHeight(1200))).toEqual([]);
  });

  it('refuses a grid_id over 100 characters as too_long and one with capitals as invalid_pattern', () => {
    expect(codesOf({ grid_id: 'g'.repeat(101), columns })).toEqual([['too_long', 'grid_id']]);
    expect(codesOf({ grid_id: 'Orders', columns })).toEqual([['invalid_pattern', 'grid_id']]);
    expect(codesOf({ grid_id: '', columns })).toEqual([['invalid_pattern', 'grid_id']]);
  });

  it('refuses chart ids over 64 characters or with capitals', () => {
    expect(codesOf({ grid_id: 'g', columns, charts: [{ ...chart, id: 'c'.repeat(65) }] })).toEqual([['too_long', 'charts[0].id']]);
    expect(codesOf({ grid_id: 'g', columns, charts: [{ ...chart, id: 'Chart' }] })).toEqual([['invalid_pattern', 'charts[0].id']]);
  });

  it('refuses control characters in row keys and keys over 100 characters', () => {
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'a\tb', label: 'K' }] })).toEqual([['invalid_pattern', 'columns[0].key']]);
    expect(codesOf({ grid_id: 'g', columns: [{ key: 'k'.repeat(101), label: 'K' }] })).toEqual([['too_long', 'columns[0].key']]);
    expect(codesOf({ grid_id: 'g', columns, charts: [{ ...chart, x_key: 'x\u0085' }] })).toEqual([['invalid_pattern', 'charts[0].x_key']]);
  });

  it('limits series to 1..8, charts to 3, columns to 200 and layout blocks to 1..6 unique names', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ key: `s${i}`, label: 'S' }));
    expect(codesOf({ grid_id: 'g', columns, charts: [{ ...chart, series: many }] })).toEqual([['too_many_items', 'charts[0].series']]);
    expect(codesOf({ grid_id: 'g', columns, charts: ['a', 'b', 'c', 'd'].map((id) => ({ ...chart, id })) })).toEqual([['too_many_items', 'charts']]);
    expect(codesOf({ grid_id: 'g', columns: Array.from({ length: 201 }, (_, i) => ({ key: `c${i}`, label: 'C' })) })).toEqual([['too_many_items', 'columns']]);
    expect(codesOf({ grid_id: 'g', columns, layout: { blocks: [] } })).toEqual([['too_few_items', 'layout.blocks']]);
    expect(codesOf({ grid_id: 'g', columns, layout: {} })).toEqual([['required', 'layout.blocks']]);
    expect(codesOf({ grid_id: 'g', columns, layout: { blocks: ['table', 'chart', 'table'] } })).toEqual([['duplicate_key', 'layout.blocks[2]']]);
    expect(codesOf({ grid_id: 'g', columns, layout: { blocks: ['title', 'kpis', 'chart', 'table', 'toolbar', 'ag_grid'] } })).toEqual([]);
    expect(codesOf({ grid_id: 'g', columns, layout: { blocks: ['title', 'kpis', 'chart', 'table', 'toolbar', 'ag_grid', 'footer'] } })).toEqual([
      ['too_many_items', 'layout.blocks'],
      ['invalid_enum', 'layout.blocks[6]'],
    ]);
  });

  it('names every enum by its value set: format, align, aggregate, tone, chart_type, data_source, wrapper, search_mode (an unknown icon is only a warning)', () => {
    const result = safeParseGridViewSpecJson({
      grid_id: 'g',
      columns: [{ key: 'k', label: 'K', format: 'html', align: 'justify' }],
      kpis: [{ label: 'K', aggregate: 'total', column_key: 'k', icon: 'rocket', tone: 'angry' }],
      charts: [{ ...chart, data_source: 'server' }],
      wrapper: 'card',
      search_mode: 'fuzzy',
    });
    const issues = result.ok ? [] : result.issues;
    expect(issues.map((i) => i.path)).toEqual([
      'charts[0].data_source',
      'columns[0].align',
      'columns[0].format',
      'kpis[0].aggregate',
      'kpis[0].tone',
      'search_mode',
      'wrapper',
    ]);
    expect(issues.every((i) => i.code === 'invalid_enum')).toBe(true);
    expect(issues.find((i) => i.path === 'wrapper')?.message).toContain('"full", "inner", "shell"');
    expect(issues.find((i) => i.path === 'kpis[0].tone')?.message).toContain('"amber"');
    expect(result.warnings.map((w) => [w.code, w.path])).toEqual([['unknown_icon', 'kpis[0].icon']]);
  });

  it('does not ask for column_key when the aggregate is missing (a count, seed system v1) or unknown', () => {
    expect(codesOf({ grid_id: 'g', columns, kpis: [{ label: 'K' }] })).toEqual([]);
    expect(codesOf({ grid_id: 'g', columns, kpis: [{ label: 'K', aggregate: 'total' }] })).toEqual([['invalid_enum', 'kpis[0].aggregate']]);
  });
});

describe('companion codes', () => {
  it('too_many_issues: summarises unknown fields beyond 50 in one object, after the 50 it lists', () => {
    const input: Record<string, unknown> = { grid_id: 'orders', columns };
    for (let i = 0; i < 60; i++) input[`extra_${i}`] = true;
    const result = safeParseGridViewSpecJson(input);
    const issues = result.ok ? [] : result.issues;
    expect(issues.filter((i) => i.code === 'unknown_field')).toHaveLength(50);
    expect(issues.filter((i) => i.code === 'too_many_issues').map((i) => [i.path, i.message])).toEqual([
      ['', 'The spec has 10 more unknown or forbidden fields than the 50 listed; they are not listed one by one. Remove them.'],
    ]);
  });

  it('validation_failed: an error thrown inside the rules becomes a root issue, next to the issues the walk found', () => {
    const spy = vi.spyOn(wireSpecRules, 'validateSync').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    try {
      const result = safeParseGridViewSpecJson(spec({ theme: 'dark' }));
      expect(result.ok).toBe(false);
      const issues = result.ok ? [] : result.issues;
      expect(issues.map((i) => [i.code, i.path])).toEqual([
        ['validation_failed', ''],
        ['unknown_field', 'theme'],
      ]);
      expect(issues[0]?.message).toContain('RangeError: Maximum call stack size exceeded');
      // The throwing parser reports it as a spec error too, never as the RangeError itself.
      expect(() => parseGridViewSpecJson(spec({}))).toThrow(GridViewSpecError);
    } finally {
      spy.mockRestore();
    }
  });

  it('validation_failed: a thrown non-Error (even a proxy that throws on every touch) is described without throwing again', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    const spy = vi.spyOn(wireSpecRules, 'validateSync').mockImplementation(() => {
      throw hostile;
    });
    try {
      const result = safeParseGridViewSpecJson(spec({}));
      expect(result.ok ? [] : result.issues.map((i) => i.code)).toEqual(['validation_failed']);
    } finally {
      spy.mockRestore();
    }
  });
});
