import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import schema from '../../schema/grid-view-spec.v1.json';
import { AGGREGATES } from '../../src/core/aggregates';
import { chartTypes } from '../../src/core/chart/registry';
import { SPEC_ENUMS, SPEC_LIMITS, isGridViewSpec, parseGridViewSpecJson, safeParseGridViewSpecJson, specToWire } from '../../src/core/spec';
import { checkLinkTemplate, isSafeUrl } from '../../src/core/url';
import type { Json } from './spec-arbitraries';
import { breaksParserOnlyRules, mutatedSpecArb, validSpecArb } from './spec-arbitraries';

// strict: true also lints the schema (unknown keywords, required names without properties, ...).
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validateWithSchema = ajv.compile(schema);

function ajvErrors(): string {
  return (validateWithSchema.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.message ?? ''}`).join('; ');
}

describe('the JSON Schema and the yup parser agree', () => {
  /**
   * Checks the two verdicts agree on 1,500 generated specs and returns what they saw. `seed`
   * undefined: fast-check picks one per run, so every run explores specs the others did not.
   */
  function agreeOn1500Specs(seed?: number): { valid: number; invalid: number; codesSeen: Set<string> } {
    let valid = 0;
    let invalid = 0;
    const codesSeen = new Set<string>();
    fc.assert(
      fc.property(mutatedSpecArb, (input: Json) => {
        // Duplicate column keys and chart ids, and export_columns/group_by that name no column, are
        // the rules a JSON Schema cannot state; they are tested on their own below.
        fc.pre(!breaksParserOnlyRules(input));
        const yup = safeParseGridViewSpecJson(input);
        const schemaOk = validateWithSchema(input);
        if (yup.ok) valid++;
        else {
          invalid++;
          for (const issue of yup.issues) codesSeen.add(issue.code);
        }
        expect(
          yup.ok,
          `yup ${yup.ok ? 'accepted' : `rejected (${yup.issues.map((i) => `${i.code} @ ${i.path}`).join(', ')})`}, ajv ${schemaOk ? 'accepted' : `rejected (${ajvErrors()})`}: ${JSON.stringify(input).slice(0, 2000)}`,
        ).toBe(schemaOk);
      }),
      { numRuns: 1500, ...(seed === undefined ? {} : { seed }) },
    );
    return { valid, invalid, codesSeen };
  }

  it('give the same verdict on 1,500 generated specs, valid and invalid alike, new ones on every run', () => {
    const { valid, invalid } = agreeOn1500Specs();
    expect(valid + invalid).toBeGreaterThanOrEqual(1500);
  });

  it('are compared on a healthy mix: both verdicts common, the invalid specs hitting most of the catalog', () => {
    // A fixed seed: whether 1,500 random specs happen to break one rare rule is luck (a run on
    // 2026-11-28 saw no missing_value_key), and this test is about the generator's mix, not luck.
    const { valid, invalid, codesSeen } = agreeOn1500Specs(20_261_128);
    expect(valid).toBeGreaterThanOrEqual(300);
    expect(invalid).toBeGreaterThanOrEqual(300);
    expect([...codesSeen].sort()).toEqual(
      expect.arrayContaining([
        'not_object',
        'required',
        'invalid_type',
        'unknown_field',
        'invalid_pattern',
        'invalid_enum',
        'too_short',
        'too_long',
        'too_few_items',
        'too_many_items',
        'out_of_range',
        'invalid_width',
        'invalid_placeholder',
        'unsafe_url',
        'forbidden_rows',
        'forbidden_kpi_value',
        'forbidden_option',
        'forbidden_sql',
        'missing_column_key',
        'duplicate_key',
        'missing_value_key',
        'conflicting_fields',
        'invalid_color',
      ]),
    );
  });

  it('round-trips: specToWire output passes the schema and parses back to a deep-equal, branded spec', () => {
    fc.assert(
      fc.property(validSpecArb, (wire) => {
        const spec = parseGridViewSpecJson(wire);
        const minimal = specToWire(spec);
        expect(validateWithSchema(minimal), ajvErrors()).toBe(true);
        const again = parseGridViewSpecJson(JSON.parse(JSON.stringify(minimal)));
        expect(again).toEqual(spec);
        expect(isGridViewSpec(again)).toBe(true);
        expect(specToWire(again)).toEqual(minimal);
      }),
      { numRuns: 300 },
    );
  });

  it('differ only on duplicate column keys and chart ids and on column references, which the schema cannot express and the parser rejects', () => {
    const columns = [
      { key: 'id', label: 'A' },
      { key: 'id', label: 'B' },
    ];
    const series = [{ key: 'v', label: 'V' }];
    const charts = [
      { id: 'c', chart_type: 'bar', x_key: 'x', series },
      { id: 'c', chart_type: 'line', x_key: 'x', series },
    ];
    const spec = { grid_id: 'dupes', columns, charts };
    expect(validateWithSchema(spec)).toBe(true);
    const result = safeParseGridViewSpecJson(spec);
    expect(result.ok ? [] : result.issues.map((i) => [i.code, i.path])).toEqual([
      ['duplicate_id', 'charts[1].id'],
      ['duplicate_key', 'columns[1].key'],
    ]);
    const references = {
      grid_id: 'refs',
      columns: [
        { key: 'id', label: 'Id' },
        { key: 'secret', label: 'Secret', exportable: false },
      ],
      export_columns: ['id', 'password', 'secret'],
      group_by: 'region',
    };
    expect(validateWithSchema(references)).toBe(true);
    const refs = safeParseGridViewSpecJson(references);
    expect(refs.ok ? [] : refs.issues.map((i) => [i.code, i.path])).toEqual([
      ['unknown_column', 'export_columns[1]'],
      ['conflicting_fields', 'export_columns[2]'],
      ['unknown_column', 'group_by'],
    ]);
  });
});

describe('the schema patterns mean what the core checks mean', () => {
  const template = ajv.compile({ type: 'string', pattern: schema.$defs.column.properties.link_template.pattern });
  const plainUrl = ajv.compile({ type: 'string', pattern: schema.properties.export_pdf_url.pattern });
  const tricky = fc.constantFrom(
    'h', 't', 'p', 's', 'H', 'T', 'P', 'S', 'x', 'j', ':', '/', '//', '?', '#', '.', '+', '-', '{', '}', '{id}', '{a b}',
    '\\', ' ', '\t', '\n', '\u0000', '\u007f', '\u00a0', '\u200b', '\u2028', '\ufeff', 'é', '😀', '\ud800',
    'http', 'https', 'HTTP', '://', 'javascript:', 'data:', 'mailto:',
  );
  const urlLike = fc.array(tricky, { maxLength: 8 }).map((parts) => parts.join(''));

  it('link_template pattern accepts exactly what checkLinkTemplate accepts', () => {
    fc.assert(
      fc.property(urlLike, (text) => {
        expect(template(text), JSON.stringify(text)).toBe(checkLinkTemplate(text) === null);
      }),
      { numRuns: 5000 },
    );
  });

  it('export_pdf_url pattern accepts exactly what isSafeUrl accepts', () => {
    fc.assert(
      fc.property(urlLike, (text) => {
        expect(plainUrl(text), JSON.stringify(text)).toBe(isSafeUrl(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('counts string length in code points, as the parser does (emoji and lone surrogates included)', () => {
    const label = ajv.compile(schema.$defs.label);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '😀', '\ud800', '\udc00', 'Щ', ' '), { minLength: 195, maxLength: 205 }), (parts) => {
        const text = parts.join('');
        const wire = { grid_id: 'g', columns: [{ key: 'k', label: text }] };
        expect(safeParseGridViewSpecJson(wire).ok).toBe(label(text));
      }),
      { numRuns: 500 },
    );
  });

  it('treats "visible text" as String.prototype.trim does', () => {
    const visible = new RegExp(SPEC_LIMITS.visibleTextPattern, 'u');
    const ws = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', 'a');
    fc.assert(
      fc.property(fc.array(ws, { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.join('');
        expect(visible.test(text)).toBe(text.trim().length > 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the schema file', () => {
  type SchemaNode = Record<string, unknown>;

  function objectSchemas(node: unknown, out: SchemaNode[] = []): SchemaNode[] {
    if (Array.isArray(node)) node.forEach((n) => objectSchemas(n, out));
    else if (node !== null && typeof node === 'object') {
      const record = node as SchemaNode;
      if (record.type === 'object') out.push(record);
      for (const value of Object.values(record)) objectSchemas(value, out);
    }
    return out;
  }

  it('is a valid draft 2020-12 schema with an $id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/grid-view-spec.*v1/);
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it('sets additionalProperties: false on every object level', () => {
    const objects = objectSchemas(schema);
    // root, layout, column, kpi, series, chart (pie series lost their own shape: a seed spec's
    // colours and series types on pies are accepted and ignored, issue 14)
    expect(objects.length).toBe(6);
    for (const node of objects) expect(node.additionalProperties).toBe(false);
  });

  it('says in its $comment which rules only the parser checks', () => {
    expect(schema.$comment).toContain('charts[].id is unique');
    expect(schema.$comment).toContain('duplicate_id');
    expect(schema.$comment).toContain('columns[].key is unique');
    expect(schema.$comment).toContain('export_columns and group_by name keys of columns (unknown_column)');
    expect(schema.$comment).toContain('unknown_icon');
    expect(schema.$comment).toContain('ignored_field');
  });

  it('states every limit of SPEC_LIMITS', () => {
    const L = SPEC_LIMITS;
    const { properties: p, $defs: d } = schema;
    expect([p.grid_id.pattern, p.grid_id.maxLength]).toEqual([L.gridIdPattern, L.gridIdMaxLength]);
    expect([p.columns.minItems, p.columns.maxItems]).toEqual([L.columnsMin, L.columnsMax]);
    expect(p.kpis.maxItems).toBe(L.kpisMax);
    expect(p.charts.maxItems).toBe(L.chartsMax);
    expect([p.title.maxLength, p.title.pattern]).toEqual([L.titleMaxLength, L.visibleTextPattern]);
    expect([p.layout.properties.blocks.minItems, p.layout.properties.blocks.maxItems, p.layout.properties.blocks.uniqueItems]).toEqual([
      L.layoutBlocksMin,
      L.layoutBlocksMax,
      true,
    ]);
    expect([p.layout.properties.kpi_columns.minimum, p.layout.properties.kpi_columns.maximum, p.layout.properties.kpi_columns.type]).toEqual([L.kpiColumnsMin, L.kpiColumnsMax, 'integer']);
    expect([p.export_columns.minItems, p.export_columns.maxItems, p.export_columns.uniqueItems]).toEqual([1, L.exportColumnsMax, true]);
    expect(d.series.properties.color.pattern).toBe(L.colorPattern);
    expect(d.kpi.properties.icon.anyOf[1]?.maxLength).toBe(L.iconMaxLength);
    expect([p.export_pdf_url.pattern, p.export_pdf_url.maxLength]).toEqual([L.urlPattern, L.urlMaxLength]);
    expect([d.rowKey.pattern, d.rowKey.maxLength, d.rowKey.minLength, d.rowKey.not.enum]).toEqual([L.keyPattern, L.keyMaxLength, 1, [...L.reservedKeys]]);
    expect([d.label.pattern, d.label.maxLength]).toEqual([L.visibleTextPattern, L.labelMaxLength]);
    expect([d.column.properties.link_template.pattern, d.column.properties.link_template.maxLength]).toEqual([L.linkTemplatePattern, L.urlMaxLength]);
    expect(d.column.properties.width.pattern).toBe(L.widthPattern);
    expect([d.chart.properties.id.pattern, d.chart.properties.id.maxLength]).toEqual([L.chartIdPattern, L.chartIdMaxLength]);
    expect([d.chart.properties.series.minItems, d.chart.properties.series.maxItems]).toEqual([L.seriesMin, L.seriesMax]);
    expect([d.chart.properties.height.minimum, d.chart.properties.height.maximum, d.chart.properties.height.type]).toEqual([
      L.heightMin,
      L.heightMax,
      'integer',
    ]);
  });

  it('lists exactly the enum values of SPEC_ENUMS', () => {
    const { properties: p, $defs: d } = schema;
    expect(d.format.enum).toEqual([...SPEC_ENUMS.format]);
    expect(d.column.properties.align.enum).toEqual([...SPEC_ENUMS.align]);
    expect(d.kpi.properties.aggregate.enum).toEqual([...SPEC_ENUMS.aggregate]);
    // icon takes any text up to its length limit; the first branch names the icons that are drawn.
    expect(d.kpi.properties.icon.anyOf[0]?.enum).toEqual([...SPEC_ENUMS.icon]);
    expect(d.kpi.properties.tone.enum).toEqual([...SPEC_ENUMS.tone, ...SPEC_ENUMS.tone_alias]);
    expect(d.chart.properties.aggregate.enum).toEqual([...SPEC_ENUMS.aggregate]);
    // The conditional copies ("an aggregate other than count needs a column") list every other name.
    const needsColumn = SPEC_ENUMS.aggregate.filter((a) => a !== 'count');
    expect(d.kpi.if.properties.aggregate.enum).toEqual(needsColumn);
    const chartRules = d.chart.allOf as unknown as readonly { $comment?: string; if?: { properties?: { aggregate?: { enum?: string[] } } } }[];
    expect(chartRules.find((rule) => rule.$comment === 'An aggregate other than count needs values.')?.if?.properties?.aggregate?.enum).toEqual(needsColumn);
    expect(d.series.properties.series_type.enum).toEqual([...SPEC_ENUMS.series_type]);
    expect(d.column.properties.total.enum).toEqual([...SPEC_ENUMS.total]);
    expect(d.chart.properties.chart_type.enum).toEqual([...SPEC_ENUMS.chart_type]);
    expect(d.chart.properties.data_source.enum).toEqual([...SPEC_ENUMS.data_source]);
    expect(d.chart.properties.sort.enum).toEqual([...SPEC_ENUMS.sort]);
    expect(p.layout.properties.blocks.items.enum).toEqual([...SPEC_ENUMS.block]);
    expect(p.wrapper.enum).toEqual([...SPEC_ENUMS.wrapper]);
    expect(p.search_mode.enum).toEqual([...SPEC_ENUMS.search_mode]);
  });
});

describe("the schema's copies of the registries' names", () => {
  /** Every `enum` of the schema with its JSON pointer, in document order. */
  function enums(node: unknown, path = ''): { path: string; values: unknown[] }[] {
    if (Array.isArray(node)) return node.flatMap((item, i) => enums(item, `${path}/${i}`));
    if (node === null || typeof node !== 'object') return [];
    return Object.entries(node).flatMap(([key, value]) => (key === 'enum' && Array.isArray(value) ? [{ path, values: value }] : enums(value, `${path}/${key}`)));
  }

  const aggregateNames = Object.keys(AGGREGATES);
  const chartTypeNames = [...chartTypes.names];
  // The rules that copy a part of a registry: which part, by where the copy stands.
  const expected = (path: string): unknown[] | undefined => {
    if (path.endsWith('/properties/aggregate')) {
      // An `if` names the aggregates that need a column: every one but count, which counts rows.
      return /\/if\/properties\/aggregate$/.test(path) ? aggregateNames.filter((name) => name !== 'count') : aggregateNames;
    }
    if (path.endsWith('/properties/chart_type')) {
      // The `then` of the sort rule names the types whose entry is sortable.
      return /\/then\/properties\/chart_type$/.test(path) ? chartTypeNames.filter((type) => chartTypes.entry(type).sortable) : chartTypeNames;
    }
    return undefined;
  };

  it('equal the aggregate and chart-type registries wherever the schema lists them (in the registry order)', () => {
    const copies = enums(schema).filter(({ path }) => expected(path) !== undefined);
    // Four aggregate lists (KPI and chart, each with its "needs a column" rule) and two chart-type
    // lists (the field and the sort rule): a new copy must be placed in a rule above to pass.
    expect(copies.map(({ path }) => path)).toEqual([
      '/$defs/kpi/properties/aggregate',
      '/$defs/kpi/if/properties/aggregate',
      '/$defs/chart/properties/chart_type',
      '/$defs/chart/properties/aggregate',
      '/$defs/chart/allOf/3/if/properties/aggregate',
      '/$defs/chart/allOf/4/then/properties/chart_type',
    ]);
    for (const { path, values } of copies) expect(values, path).toEqual(expected(path));
  });

  it('hold no other list of aggregate or chart-type names under another field', () => {
    // E.g. a column's `total` is its own list (sum, avg, min, max, count, none), not the registry.
    const elsewhere = enums(schema).filter(({ path, values }) => expected(path) === undefined && values.some((value) => value === 'median' || value === 'horizontal_bar'));
    expect(elsewhere).toEqual([]);
  });
});
