import { describe, expect, it } from 'vitest';
import { parseGridViewSpecJson, safeParseGridViewSpecJson } from '../../src/core/spec';
import type { SafeParseResult } from '../../src/core/types';

const base = () => ({ grid_id: 'orders', columns: [{ key: 'id', label: 'Order' }] as Record<string, unknown>[] });
const chart = () => ({ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] as Record<string, unknown>[] });
const kpi = () => ({ label: 'Revenue', aggregate: 'sum', column_key: 'amount' }) as Record<string, unknown>;

function issuesOf(result: SafeParseResult): [string, string][] {
  return result.ok ? [] : result.issues.map((i) => [i.code, i.path]);
}

describe('a spec never carries rows', () => {
  it('refuses rows and data at the root with forbidden_rows, and nothing else for them', () => {
    expect(issuesOf(safeParseGridViewSpecJson({ ...base(), rows: [{ id: 1 }], data: { id: [1] } }))).toEqual([
      ['forbidden_rows', 'data'],
      ['forbidden_rows', 'rows'],
    ]);
  });

  it('finds rows at any depth: inside a column, a chart, a series, a layout and an unknown subtree', () => {
    const spec = base();
    spec.columns[0] = { key: 'id', label: 'Order', rows: [] };
    const c = chart();
    c.series[0] = { key: 'amount', label: 'Amount', data: [1, 2, 3] };
    const result = safeParseGridViewSpecJson({
      ...spec,
      charts: [{ ...c, rows: [] }],
      layout: { blocks: ['table'], data: [] },
      meta: { deeper: [{ rows: [] }] },
    });
    expect(issuesOf(result)).toEqual([
      ['forbidden_rows', 'charts[0].rows'],
      ['forbidden_rows', 'charts[0].series[0].data'],
      ['forbidden_rows', 'columns[0].rows'],
      ['forbidden_rows', 'layout.data'],
      ['unknown_field', 'meta'],
      ['forbidden_rows', 'meta.deeper[0].rows'],
    ]);
  });

  it('names rows hidden inside a value of the wrong type', () => {
    expect(issuesOf(safeParseGridViewSpecJson({ ...base(), title: { rows: [1] } }))).toEqual([
      ['invalid_type', 'title'],
      ['forbidden_rows', 'title.rows'],
    ]);
  });

  it('catches other spellings such as Rows and DATA', () => {
    expect(issuesOf(safeParseGridViewSpecJson({ ...base(), Rows: [], DATA: [] }))).toEqual([
      ['forbidden_rows', 'DATA'],
      ['forbidden_rows', 'Rows'],
    ]);
  });

  it('reports a forbidden subtree once, without also reporting what is inside it', () => {
    expect(issuesOf(safeParseGridViewSpecJson({ ...base(), rows: [{ sql: 'select', chart_option: {}, __proto__x: 1 }] }))).toEqual([['forbidden_rows', 'rows']]);
  });
});

describe('a KPI never carries a value', () => {
  for (const key of ['value', 'raw_value', 'values', 'result', 'current', 'previous', 'delta', 'target', 'rawValue', 'Value']) {
    it(`refuses "${key}" inside a KPI with forbidden_kpi_value at its path`, () => {
      const result = safeParseGridViewSpecJson({ ...base(), kpis: [kpi(), { ...kpi(), [key]: 'anything' }] });
      expect(issuesOf(result)).toEqual([['forbidden_kpi_value', `kpis[1].${key}`]]);
    });
  }

  it('refuses any number inside a KPI, in a known field, an unknown field, nested, or as the KPI itself', () => {
    const result = safeParseGridViewSpecJson({
      ...base(),
      kpis: [{ ...kpi(), label: 1234 }, { ...kpi(), amount: 99 }, { ...kpi(), meta: { figures: [1, 2] } }, 42],
    });
    expect(issuesOf(result)).toEqual([
      ['forbidden_kpi_value', 'kpis[0].label'],
      ['forbidden_kpi_value', 'kpis[1].amount'],
      ['unknown_field', 'kpis[2].meta'],
      ['forbidden_kpi_value', 'kpis[2].meta.figures[0]'],
      ['forbidden_kpi_value', 'kpis[2].meta.figures[1]'],
      ['forbidden_kpi_value', 'kpis[3]'],
    ]);
  });

  it('gives a number in a known KPI field only forbidden_kpi_value, not also invalid_type', () => {
    const result = safeParseGridViewSpecJson({ ...base(), kpis: [{ ...kpi(), format: 0 }] });
    expect(issuesOf(result)).toEqual([['forbidden_kpi_value', 'kpis[0].format']]);
  });

  it('leaves "value" outside KPIs an ordinary unknown field, and accepts numeric-looking text in a KPI label', () => {
    expect(issuesOf(safeParseGridViewSpecJson({ ...base(), value: 1 }))).toEqual([['unknown_field', 'value']]);
    expect(safeParseGridViewSpecJson({ ...base(), kpis: [{ ...kpi(), label: '2024' }] }).ok).toBe(true);
  });
});

describe('a spec never carries raw option objects', () => {
  for (const key of ['chart_option', 'option', 'options', 'echarts_option', 'grid_options', 'column_defs', 'columnDefs', 'chartOption', 'echarts-option', 'gridOptions']) {
    it(`refuses "${key}" with forbidden_option at its path`, () => {
      const result = safeParseGridViewSpecJson({ ...base(), charts: [{ ...chart(), [key]: { series: [] } }] });
      expect(issuesOf(result)).toEqual([['forbidden_option', `charts[0]${/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`]]);
    });
  }

  it('refuses an option object at the root too', () => {
    expect(issuesOf(safeParseGridViewSpecJson({ ...base(), grid_options: { rowModelType: 'infinite' } }))).toEqual([['forbidden_option', 'grid_options']]);
  });
});

describe('a spec never carries SQL', () => {
  it('refuses sql and query keys at any depth with forbidden_sql', () => {
    const result = safeParseGridViewSpecJson({ ...base(), sql: 'select * from orders', kpis: [{ ...kpi(), query: 'select sum(amount)' }], columns: [{ key: 'id', label: 'Order', SQL: 'x' }] });
    expect(issuesOf(result)).toEqual([
      ['forbidden_sql', 'columns[0].SQL'],
      ['forbidden_sql', 'kpis[0].query'],
      ['forbidden_sql', 'sql'],
    ]);
  });

  it('lets text that merely looks like SQL stay a label, since labels are only shown', () => {
    expect(safeParseGridViewSpecJson({ ...base(), title: "'; DROP TABLE orders; --" }).ok).toBe(true);
  });
});

describe('keys that could reach an object prototype', () => {
  it('refuses __proto__, constructor and prototype keys as unknown_field and pollutes nothing', () => {
    const raw: unknown = JSON.parse(
      '{"grid_id": "g", "columns": [{"key": "k", "label": "K", "__proto__": {"polluted": true}}], "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "layout": {"blocks": ["table"], "prototype": {}}}',
    );
    expect(issuesOf(safeParseGridViewSpecJson(raw))).toEqual([
      ['unknown_field', '__proto__'],
      ['unknown_field', 'columns[0].__proto__'],
      ['unknown_field', 'constructor'],
      ['unknown_field', 'layout.prototype'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses "__proto__" as a row key value with invalid_pattern', () => {
    const result = safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: '__proto__', label: 'K' }] });
    expect(issuesOf(result)).toEqual([['invalid_pattern', 'columns[0].key']]);
  });

  it('never puts an own __proto__ key into a parsed spec', () => {
    const spec = parseGridViewSpecJson(JSON.parse('{"grid_id": "g", "columns": [{"key": "k", "label": "K"}]}'));
    expect(Object.getPrototypeOf(spec)).toBe(Object.prototype);
    expect(Object.keys(spec)).not.toContain('__proto__');
  });
});

describe('markup in text is text', () => {
  const markup = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '{{ constructor.constructor("alert(1)")() }}',
    '<a href="javascript:alert(1)">x</a>',
    '&lt;b&gt;',
  ];
  it('accepts markup in the title, labels and series labels and keeps it verbatim', () => {
    for (const text of markup) {
      const spec = parseGridViewSpecJson({
        grid_id: 'g',
        title: text,
        columns: [{ key: text, label: text }],
        kpis: [{ label: text, aggregate: 'count' }],
        charts: [{ id: 'c', chart_type: 'pie', x_key: text, series: [{ key: text, label: text }] }],
      });
      expect([spec.title, spec.columns[0]?.label, spec.columns[0]?.key, spec.kpis[0]?.label, spec.charts[0]?.series[0]?.label, spec.charts[0]?.xKey]).toEqual(Array(6).fill(text));
    }
  });
});

describe('links are http(s) or relative', () => {
  const linkIssue = (link_template: string) => issuesOf(safeParseGridViewSpecJson({ grid_id: 'g', columns: [{ key: 'k', label: 'K', link_template }] }));
  const pdfIssue = (export_pdf_url: string) => issuesOf(safeParseGridViewSpecJson({ ...base(), export_pdf_url }));

  const unsafe = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u200b:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@example.com',
    'https:evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://exa mple.com',
  ];
  for (const url of unsafe) {
    it(`refuses ${JSON.stringify(url)} as unsafe_url in link_template and export_pdf_url`, () => {
      expect(linkIssue(url)).toEqual([['unsafe_url', 'columns[0].link_template']]);
      expect(pdfIssue(url)).toEqual([['unsafe_url', 'export_pdf_url']]);
    });
  }

  it('refuses a placeholder that builds a scheme, such as {scheme}:alert(1) or java{x}script:', () => {
    expect(linkIssue('{scheme}:alert(1)')).toEqual([['unsafe_url', 'columns[0].link_template']]);
    expect(linkIssue('java{x}script:alert(1)')).toEqual([['unsafe_url', 'columns[0].link_template']]);
    expect(linkIssue('{host}://x')).toEqual([['unsafe_url', 'columns[0].link_template']]);
  });

  it('refuses unmatched, empty or nested braces as invalid_placeholder', () => {
    for (const template of ['/orders/{id', '/orders/id}', '/orders/{}', '/orders/{{id}}']) {
      expect(linkIssue(template), template).toEqual([['invalid_placeholder', 'columns[0].link_template']]);
    }
  });

  it('accepts http(s), protocol-relative and relative links with placeholders', () => {
    for (const template of ['https://example.com/orders/{id}', 'HTTP://EXAMPLE.COM/{id}', '//cdn.example.com/{id}', '/orders/{id}?tab={tab}', 'orders/{id}', '?id={id}', '#row-{id}', '{id}']) {
      expect(linkIssue(template), template).toEqual([]);
    }
  });

  it('refuses URLs longer than 2048 characters as too_long', () => {
    expect(pdfIssue(`/${'a'.repeat(2048)}`)).toEqual([['too_long', 'export_pdf_url']]);
    expect(pdfIssue(`/${'a'.repeat(2047)}`)).toEqual([]);
  });
});
