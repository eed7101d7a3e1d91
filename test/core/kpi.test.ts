import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, KPI_AGGREGATES, resolveKpis, resolveKpiValue } from '../../src/core/kpi';
import { GridViewSpecError } from '../../src/core/errors';
import { toNumber } from '../../src/core/format';
import type { KpiAggregate, KpiSpec, KpiSpecWire, Row } from '../../src/core/types';

function kpi(aggregate: KpiAggregate, columnKey: string | null, extra: Partial<KpiSpec> = {}): KpiSpec {
  return { label: `${aggregate} ${columnKey ?? 'rows'}`, columnKey, aggregate, format: 'number', icon: null, tone: 'neutral', ...extra };
}

function value(aggregate: KpiAggregate, columnKey: string | null, rows: readonly Row[]): number | null {
  return resolveKpis([kpi(aggregate, columnKey)], rows)[0]!.value;
}

/** A column full of blemishes: every kind of empty and non-numeric value beside real numbers. */
const MIXED: Row[] = [
  { v: 10 },
  { v: '5' },
  { v: ' 2.5 ' },
  { v: null },
  { v: undefined },
  {},
  { v: '' },
  { v: NaN },
  { v: Infinity },
  { v: true },
  { v: false },
  { v: 0 },
  { v: 'abc' },
];

describe('resolveKpis: count', () => {
  it('counts rows when there is no column key', () => {
    expect(value('count', null, MIXED)).toBe(13);
  });

  it('counts non-empty values when there is a column key (0 and false count; null, undefined, missing, empty string and NaN do not)', () => {
    // 10, '5', ' 2.5 ', Infinity, true, false, 0, 'abc'
    expect(value('count', 'v', MIXED)).toBe(8);
  });

  it('gives 0 for no rows, not a dash', () => {
    const [resolved] = resolveKpis([kpi('count', null)], []);
    expect(resolved!.value).toBe(0);
    expect(resolved!.display).toBe('0');
  });

  it('skips nullish entries in rows instead of crashing', () => {
    const rows = [{ v: 1 }, null, undefined, { v: 2 }] as unknown as Row[];
    expect(value('count', null, rows)).toBe(2);
    expect(value('sum', 'v', rows)).toBe(3);
  });
});

describe('resolveKpis: count_distinct', () => {
  it('counts distinct non-empty values as given (1 and "1" are two values)', () => {
    const rows: Row[] = [{ v: 1 }, { v: '1' }, { v: 1 }, { v: 'a' }, { v: 'A' }, { v: null }, { v: '' }, {}, { v: NaN }, { v: false }, { v: 0 }, { v: -0 }];
    // 1, '1', 'a', 'A', false, 0 (== -0)
    expect(value('count_distinct', 'v', rows)).toBe(6);
  });

  it('counts Dates of the same instant once', () => {
    const rows: Row[] = [{ d: new Date(0) }, { d: new Date(0) }, { d: new Date(1000) }];
    expect(value('count_distinct', 'd', rows)).toBe(2);
  });

  it('reports how many non-empty values it saw as the sample size', () => {
    const [resolved] = resolveKpis([kpi('count_distinct', 'v')], [{ v: 'x' }, { v: 'x' }, { v: null }]);
    expect(resolved!.value).toBe(1);
    expect(resolved!.sampleSize).toBe(2);
  });
});

describe('resolveKpis: numeric strings in the locale', () => {
  const rows: Row[] = [{ v: '2 500,5' }, { v: '1\u00a0000' }, { v: '1\u202f234,5' }, { v: '0,5' }, { v: '1234.5' }, { v: 10 }, { v: '1,234.5' }];
  const sumIn = (locale?: string) => resolveKpis([kpi('sum', 'v')], rows, locale === undefined ? undefined : { locale })[0]!;

  it('reads "2 500,5" with no-break and narrow no-break spaces as numbers under uk, beside plain decimals', () => {
    // 2500.5 + 1000 + 1234.5 + 0.5 + 1234.5 + 10; "1,234.5" is not a number in uk.
    expect(sumIn('uk').value).toBe(5980);
    expect(sumIn('uk').sampleSize).toBe(6);
    const [median] = resolveKpis([kpi('median', 'v')], rows, { locale: 'uk' });
    expect(median!.value).toBe(1117.25);
  });

  it('reads "1,234.5" under en, and leaves uk writing as text there', () => {
    // 1234.5 + 10 + 1234.5
    expect(sumIn('en').value).toBe(2479);
    expect(sumIn().value).toBe(2479);
  });

  it('averages locale strings with overflowing sums through the same reading', () => {
    const huge: Row[] = [{ v: Number.MAX_VALUE }, { v: Number.MAX_VALUE }, { v: '1,5' }];
    const [avg] = resolveKpis([kpi('avg', 'v')], huge, { locale: 'uk' });
    expect(avg!.value).toBe(Number.MAX_VALUE / 3 + Number.MAX_VALUE / 3 + 1.5 / 3);
  });
});

describe('resolveKpis: numeric aggregates', () => {
  it('sums numbers and numeric strings, skipping everything else', () => {
    expect(value('sum', 'v', MIXED)).toBe(17.5);
  });

  it('averages only numeric values', () => {
    // 10, 5, 2.5, 0
    expect(value('avg', 'v', MIXED)).toBe(4.375);
  });

  it('takes min and max over numeric values only (booleans and Infinity do not take part)', () => {
    expect(value('min', 'v', MIXED)).toBe(0);
    expect(value('max', 'v', MIXED)).toBe(10);
  });

  it('takes the median of an odd count and the mean of the middle two of an even count', () => {
    expect(value('median', 'v', [{ v: 3 }, { v: 1 }, { v: 2 }])).toBe(2);
    expect(value('median', 'v', [{ v: 4 }, { v: 1 }, { v: 3 }, { v: 2 }])).toBe(2.5);
    expect(value('median', 'v', MIXED)).toBe(3.75);
  });

  it('returns 0 for a sum of no values, because an empty total is zero', () => {
    expect(value('sum', 'v', [])).toBe(0);
    expect(value('sum', 'v', [{ v: null }, { v: 'x' }])).toBe(0);
  });

  it('returns null for avg, min, max and median of no values, shown as a dash', () => {
    for (const aggregate of ['avg', 'min', 'max', 'median'] as const) {
      const [resolved] = resolveKpis([kpi(aggregate, 'v')], [{ v: null }, { v: '' }, { v: true }]);
      expect(resolved!.value, aggregate).toBeNull();
      expect(resolved!.display, aggregate).toBe('—');
      expect(resolved!.sampleSize, aggregate).toBe(0);
    }
  });

  it('handles negative numbers and -0 without showing "-0"', () => {
    expect(value('min', 'v', [{ v: -5 }, { v: 3 }])).toBe(-5);
    const [resolved] = resolveKpis([kpi('sum', 'v')], [{ v: -0 }]);
    expect(resolved!.display).toBe('0');
  });

  it('returns 0, never -0, for min, max and median of negative zeros', () => {
    for (const aggregate of ['min', 'max', 'median', 'sum', 'avg'] as const) expect(Object.is(value(aggregate, 'v', [{ v: -0 }, { v: -0 }]), 0), aggregate).toBe(true);
    expect(Object.is(aggregate('median', [-0]), 0)).toBe(true);
  });

  it('returns null when a sum overflows to Infinity', () => {
    expect(value('sum', 'v', [{ v: Number.MAX_VALUE }, { v: Number.MAX_VALUE }])).toBeNull();
  });

  it('averages huge values without overflowing: avg of two Number.MAX_VALUE is Number.MAX_VALUE, not a dash', () => {
    const M = Number.MAX_VALUE;
    const [resolved] = resolveKpis([kpi('avg', 'v')], [{ v: M }, { v: M }]);
    expect(resolved!.value).toBe(M);
    expect(resolved!.display).not.toBe('—');
    expect(value('avg', 'v', [{ v: -M }, { v: -M }, { v: -M }])).toBeCloseTo(-M, -300);
    expect(value('avg', 'v', [{ v: -M }, { v: -M }, { v: -M }])).toBeGreaterThanOrEqual(-M);
    // The partial sum overflows on the way although the total is small.
    expect(value('avg', 'v', [{ v: M }, { v: M }, { v: -M }, { v: -M }, { v: 5 }])).toBeCloseTo(1, 10);
    expect(value('avg', 'v', [{ v: M }, { v: String(M) }, { v: null }])).toBe(M);
  });

  it('takes the median of two huge middle values without overflowing', () => {
    const M = Number.MAX_VALUE;
    expect(value('median', 'v', [{ v: M }, { v: M }])).toBe(M);
    expect(value('median', 'v', [{ v: -M }, { v: -M }, { v: 0 }, { v: -M }])).toBe(-M);
    expect(value('median', 'v', [{ v: M }, { v: M / 2 }])).toBe(M * 0.75);
  });

  it('still gives null for a sum that overflows, next to a finite average of the same column', () => {
    const M = Number.MAX_VALUE;
    const [sum, avg] = resolveKpis([kpi('sum', 'v'), kpi('avg', 'v')], [{ v: M }, { v: M }]);
    expect(sum!.value).toBeNull();
    expect(avg!.value).toBe(M);
  });

  it('gives the same results for several KPIs sharing one column as for each alone', () => {
    const rows: Row[] = Array.from({ length: 50 }, (_, i) => ({ v: i % 7 === 0 ? null : (i * 37) % 11 }));
    const aggregates: KpiAggregate[] = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median', 'median'];
    const together = resolveKpis(aggregates.map((a) => kpi(a, 'v')), rows).map((k) => k.value);
    const alone = aggregates.map((a) => value(a, 'v', rows));
    expect(together).toEqual(alone);
  });
});

describe('resolveKpis: median selection', () => {
  const sortedMedian = (values: number[]): number | null => {
    if (values.length === 0) return null;
    const s = [...values].sort((a, b) => a - b);
    const m = s.length >> 1;
    // The library reports -0 as 0 (the mean of two tiny opposite values can round to -0).
    return (s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) + 0;
  };

  it('agrees with a sort-based median on sorted, reversed, constant and duplicate-heavy inputs', () => {
    const inputs: number[][] = [
      Array.from({ length: 1001 }, (_, i) => i),
      Array.from({ length: 1000 }, (_, i) => 1000 - i),
      Array.from({ length: 999 }, () => 7),
      Array.from({ length: 2000 }, (_, i) => i % 3),
      Array.from({ length: 1024 }, (_, i) => (i % 2 ? -i : i) * 0.5),
      [1, 1, 1, 2],
      [5],
    ];
    for (const input of inputs) expect(value('median', 'v', input.map((v) => ({ v })))).toBe(sortedMedian(input));
  });

  it('agrees with a sort-based median on random inputs (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 300 }), (values) => {
        expect(value('median', 'v', values.map((v) => ({ v })))).toBe(sortedMedian(values.map((v) => v + 0)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('resolveKpis: specs', () => {
  it('accepts wire specs and fills their defaults', () => {
    const wire: KpiSpecWire[] = [{ label: 'Revenue', column_key: 'amount', aggregate: 'sum' }];
    const [resolved] = resolveKpis(wire, [{ amount: 1234.5 }]);
    expect(resolved).toEqual({
      label: 'Revenue',
      aggregate: 'sum',
      columnKey: 'amount',
      format: 'number',
      value: 1234.5,
      display: '1,234.5',
      icon: null,
      tone: 'neutral',
      sampleSize: 1,
    });
  });

  it('keeps icon and tone and formats with the locale and currency from the options', () => {
    const [resolved] = resolveKpis([kpi('sum', 'amount', { format: 'currency', icon: 'money', tone: 'good' })], [{ amount: 12345.5 }], { locale: 'uk', currency: 'UAH' });
    expect(resolved!.display).toMatch(/^12[\u00a0\u202f]345,50[\u00a0\u202f]₴$/u);
    expect(resolved!.icon).toBe('money');
    expect(resolved!.tone).toBe('good');
  });

  it('drops the tone of a KPI over no values: no green "Good" beside the $0.00 of zero rows', () => {
    const specs = [
      kpi('sum', 'amount', { format: 'currency', tone: 'good' }),
      kpi('count', null, { tone: 'warning' }),
      kpi('avg', 'amount', { tone: 'bad' }),
      kpi('sum', 'note', { tone: 'info' }),
    ];
    expect(resolveKpis(specs, []).map((k) => [k.display, k.tone])).toEqual([
      ['$0.00', 'neutral'],
      ['0', 'neutral'],
      ['—', 'neutral'],
      ['0', 'neutral'],
    ]);
    // A column without a single number is no figure either; one row with a number keeps the tone.
    expect(resolveKpis(specs, [{ amount: 'n/a', note: 'x' }]).map((k) => k.tone)).toEqual(['neutral', 'warning', 'neutral', 'neutral']);
    expect(resolveKpis(specs, [{ amount: 5, note: 1 }]).map((k) => k.tone)).toEqual(['good', 'warning', 'bad', 'info']);
    expect(resolveKpiValue(specs[0]!, 0, 0).tone).toBe('neutral');
    expect(resolveKpiValue(specs[0]!, 0, 3).tone).toBe('good');
  });

  it('shows percent KPIs as fractions', () => {
    const [resolved] = resolveKpis([kpi('avg', 'rate', { format: 'percent' })], [{ rate: 0.1 }, { rate: 0.15 }]);
    expect(resolved!.display).toBe('12.5%');
  });

  it('returns a dash rather than throwing for a numeric aggregate without a column', () => {
    const specs = [{ label: 'Broken', aggregate: 'sum' }] as unknown as KpiSpecWire[];
    const resolved = resolveKpis(specs, [{ v: 1 }]);
    expect(resolved.map((k) => k.value)).toEqual([null]);
    expect(resolved.map((k) => k.display)).toEqual(['—']);
  });

  it('refuses an aggregate the registry does not know with a coded error naming the KPI, instead of guessing one', () => {
    const specs = [{ label: 'Rows', aggregate: 'count' }, { label: 'Unknown', aggregate: 'mode', column_key: 'v' }] as unknown as KpiSpecWire[];
    const error = captured(() => resolveKpis(specs, [{ v: 1 }]));
    expect(error).toBeInstanceOf(GridViewSpecError);
    expect((error as GridViewSpecError).issues).toEqual([expect.objectContaining({ code: 'invalid_enum', path: 'kpis[1].aggregate' })]);
    // Inherited names are no aggregates either.
    expect(() => resolveKpis([{ label: 'Proto', aggregate: 'constructor', column_key: 'v' } as unknown as KpiSpecWire], [])).toThrow(GridViewSpecError);
  });

  it('keeps the label verbatim, markup included', () => {
    const [resolved] = resolveKpis([{ label: '<script>alert(1)</script>', aggregate: 'count' }], []);
    expect(resolved!.label).toBe('<script>alert(1)</script>');
  });

  it('does not read Object.prototype members for column keys such as constructor', () => {
    const rows: Row[] = [{}, { constructor: 5 }, { toString: 'x' }];
    expect(value('count', 'constructor', rows)).toBe(1);
    expect(value('sum', 'constructor', rows)).toBe(5);
    expect(value('count', 'toString', rows)).toBe(1);
    expect(value('count_distinct', '__proto__', rows)).toBe(0);
  });

  it('handles more than eight distinct columns (unchecked wire input)', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const rows: Row[] = [Object.fromEntries(keys.map((k, i) => [k, i])), Object.fromEntries(keys.map((k, i) => [k, i * 2]))];
    expect(resolveKpis(keys.map((k) => kpi('sum', k)), rows).map((k) => k.value)).toEqual(keys.map((_, i) => i * 3));
  });

  it('treats rows that are null, undefined or not an array as no rows instead of throwing', () => {
    const specs = [kpi('count', null), kpi('sum', 'v'), kpi('avg', 'v'), kpi('median', 'v'), kpi('count_distinct', 'v')];
    for (const rows of [null, undefined, { v: 1 }, 'rows', 42]) {
      const resolved = resolveKpis(specs, rows as unknown as Row[]);
      expect(resolved.map((k) => k.value), String(rows)).toEqual([0, 0, null, null, 0]);
      expect(resolved.map((k) => k.display), String(rows)).toEqual(['0', '0', '—', '—', '0']);
    }
  });

  // KPI_AGGREGATES order: count, count_distinct, sum, avg, min, max, median.
  const EXPECTED = [3, 3, 6, 2, 1, 3, 2];

  it('never mutates the rows: the same array, order, row objects and fields afterwards', () => {
    // Plain objects, as applications pass them: a write into a frozen row would throw and so could
    // be swallowed, while a write here stays visible to the comparison.
    const rows: Row[] = [{ v: 3, w: 'b' }, { v: 1, w: 'a' }, { v: '2', w: null }, { w: 'c' }];
    const objects = [...rows];
    const before = structuredClone(rows);
    expect(resolveKpis(KPI_AGGREGATES.map((a) => kpi(a, 'v')), rows).map((k) => k.value)).toEqual(EXPECTED);
    expect(rows).toStrictEqual(before);
    expect(rows.every((row, i) => row === objects[i])).toBe(true);
  });

  it('reads frozen rows (as artifacts hold them) without throwing and gives the same values', () => {
    const rows: readonly Row[] = Object.freeze([{ v: 3, w: 'b' }, { v: 1, w: 'a' }, { v: '2', w: null }, { w: 'c' }].map((row) => Object.freeze(row)));
    expect(resolveKpis(KPI_AGGREGATES.map((a) => kpi(a, 'v')), rows).map((k) => k.value)).toEqual(EXPECTED);
  });
});

describe('resolveKpis: agreement with a naive implementation (property)', () => {
  const cell = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.double({ min: -1e6, max: 1e6 }),
    fc.constantFrom(null, undefined, '', NaN, Infinity, -Infinity, true, false, ' 7 ', '1e2', 'x', '0x10'),
    fc.string({ maxLength: 4 }),
  );
  const rowArb = fc.record({ a: cell, b: cell }, { requiredKeys: [] });

  function naive(aggregate: KpiAggregate, key: string, rows: readonly Row[]): number | null {
    const present = rows.map((r) => r[key]).filter((v) => !(v === null || v === undefined || v === '' || Number.isNaN(v)));
    const numbers = present.map(toNumber).filter((n): n is number => n !== null);
    switch (aggregate) {
      case 'count':
        return present.length;
      case 'count_distinct':
        return new Set(present).size;
      case 'sum':
        return numbers.reduce((s, n) => s + n, 0) + 0;
      case 'avg':
        return numbers.length ? numbers.reduce((s, n) => s + n, 0) / numbers.length : null;
      case 'min':
        return numbers.length ? numbers.reduce((m, n) => (n < m ? n : m)) : null;
      case 'max':
        return numbers.length ? numbers.reduce((m, n) => (n > m ? n : m)) : null;
      case 'median': {
        if (!numbers.length) return null;
        const s = [...numbers].sort((x, y) => x - y);
        const m = s.length >> 1;
        return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
      }
    }
  }

  it('matches for every aggregate on random rows with every kind of blemish', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const specs = KPI_AGGREGATES.flatMap((a) => [kpi(a, 'a'), kpi(a, 'b')]);
        const got = resolveKpis(specs, rows).map((k) => k.value);
        const want = specs.map((s) => naive(s.aggregate, s.columnKey as string, rows));
        got.forEach((g, i) => {
          const w = want[i] ?? null;
          if (g === null || w === null) expect(g, specs[i]!.label).toBe(w);
          else expect(g, specs[i]!.label).toBeCloseTo(w, 6);
        });
      }),
      { numRuns: 400 },
    );
  });
});

describe('aggregate', () => {
  it('aggregates plain numbers with the same empty-input rules', () => {
    expect(aggregate('count', [])).toBe(0);
    expect(aggregate('sum', [])).toBe(0);
    expect(aggregate('avg', [])).toBeNull();
    expect(aggregate('min', [])).toBeNull();
    expect(aggregate('max', [])).toBeNull();
    expect(aggregate('median', [])).toBeNull();
    expect(aggregate('count_distinct', [1, 1, 2])).toBe(2);
    expect(aggregate('sum', [1, 2, 3.5])).toBe(6.5);
    expect(aggregate('avg', [1, 2])).toBe(1.5);
    expect(aggregate('median', [5, 1, 3, 2])).toBe(2.5);
  });

  it('skips NaN and Infinity', () => {
    expect(aggregate('count', [1, NaN, Infinity])).toBe(1);
    expect(aggregate('max', [1, NaN, Infinity, -Infinity])).toBe(1);
  });

  it('handles a million values without exhausting the stack', () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(aggregate('min', values)).toBe(0);
    expect(aggregate('max', values)).toBe(999_999);
    expect(aggregate('median', values)).toBe(499_999.5);
  });

  it('averages and takes medians of huge values without overflowing', () => {
    const M = Number.MAX_VALUE;
    expect(aggregate('avg', [M, M])).toBe(M);
    expect(aggregate('avg', [M, M, -M, -M, 5])).toBeCloseTo(1, 10);
    expect(aggregate('median', [M, M, 1, -1])).toBe(M / 2);
    expect(aggregate('median', [M, M])).toBe(M);
    expect(aggregate('sum', [M, M])).toBeNull();
  });

  it('throws for an unknown aggregate rather than answering null', () => {
    expect(() => aggregate('mode' as KpiAggregate, [1])).toThrow(GridViewSpecError);
  });
});

/** What `run` threw (undefined when it returned). */
function captured(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
