import { describe, expect, it } from 'vitest';
import { buildChartOption, buildChartRuntime, chartCategoryLabels, valueAxisStartsAtZero, withValueFormatter } from '../../src/core/chart';
import type { ChartCartesianSeriesOption, ChartPieSeriesOption } from '../../src/core/chart';
import { safeParseGridViewSpec, specToWire } from '../../src/core/spec';
import type { ChartSpecWire, GridViewSpecWire, Row } from '../../src/core/types';

const columns = [
  { key: 'region', label: 'Region' },
  { key: 'month', label: 'Month' },
  { key: 'amount', label: 'Amount', format: 'currency' as const },
];
const rows: Row[] = [
  { region: 'North', amount: 20 },
  { region: 'South', amount: 50 },
  { region: 'East', amount: 5 },
  { region: 'West' },
  { region: 'South', amount: 10 },
];
const wire = (over: Partial<ChartSpecWire> = {}): ChartSpecWire => ({ id: 'c', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }], ...over });

describe('bar chart sort', () => {
  it('orders categories by value, largest or smallest first, ties and empty categories in row order', () => {
    expect(buildChartRuntime(wire({ sort: 'desc' }), rows).categories).toEqual(['South', 'North', 'East', 'West']);
    expect(buildChartRuntime(wire({ sort: 'asc' }), rows).categories).toEqual(['East', 'North', 'South', 'West']);
    const sorted = buildChartRuntime(wire({ sort: 'desc' }), rows);
    expect(sorted.values[0]).toEqual([60, 20, 5, null]);
    expect(buildChartRuntime(wire(), rows).categories).toEqual(['North', 'South', 'East', 'West']);
    // Stacked bars sort by the stack's total.
    const stacked = buildChartRuntime(
      wire({ chart_type: 'stacked_bar', sort: 'desc', series: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }] }),
      [{ region: 'x', a: 1, b: 1 }, { region: 'y', a: 3 }, { region: 'z', b: 2, a: 2 }],
    );
    expect(stacked.categories).toEqual(['z', 'y', 'x']);
  });

  it('is a spec field of bar charts only, kept by the wire round trip', () => {
    const spec = (chart: ChartSpecWire): GridViewSpecWire => ({ grid_id: 'g', columns, charts: [chart] });
    const ok = safeParseGridViewSpec(spec(wire({ chart_type: 'horizontal_bar', sort: 'asc' })));
    expect(ok.ok).toBe(true);
    if (ok.ok) {
      expect(ok.spec.charts[0]?.sort).toBe('asc');
      expect(specToWire(ok.spec).charts?.[0]?.sort).toBe('asc');
    }
    const line = safeParseGridViewSpec(spec(wire({ chart_type: 'line', sort: 'desc' })));
    expect(line.ok ? [] : line.issues.map((i) => [i.code, i.path])).toEqual([['conflicting_fields', 'charts[0].sort']]);
    const bad = safeParseGridViewSpec(spec(wire({ sort: 'largest' as never })));
    expect(bad.ok ? [] : bad.issues.map((i) => [i.code, i.path])).toEqual([['invalid_enum', 'charts[0].sort']]);
  });
});

describe('what the option draws', () => {
  it('writes values on few bars, formatted like the axis, and none on many', () => {
    const runtime = buildChartRuntime(wire(), rows, { columns });
    const option = withValueFormatter(buildChartOption(runtime), ['currency'], { locale: 'uk', currency: 'USD' });
    const series = option.series[0] as ChartCartesianSeriesOption & { label: { formatter: (p: { value?: unknown }) => string } };
    expect(series.label).toMatchObject({ show: true, position: 'top' });
    expect(series.label.formatter({ value: 60 })).toMatch(/^60\s\$$/u);
    expect(series.label.formatter({ value: 82_696_016.02 })).toMatch(/^82,7\sмлн\s\$$/u);
    const many = buildChartRuntime(wire(), Array.from({ length: 12 }, (_, i) => ({ region: `r${i}`, amount: i })));
    expect((buildChartOption(many).series[0] as ChartCartesianSeriesOption).label).toBeUndefined();
  });

  it('fits a line chart axis to values far from zero and says so; bars and lines near zero start at zero', () => {
    const months = Array.from({ length: 24 }, (_, i) => ({ month: `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, amount: 3_100_000 + (i % 5) * 100_000 }));
    const line = buildChartRuntime(wire({ chart_type: 'line', x_key: 'month' }), months, { columns });
    expect(valueAxisStartsAtZero(line)).toBe(false);
    const option = buildChartOption(line, { locale: 'uk' });
    expect(option.yAxis?.scale).toBe(true);
    expect(buildChartOption(buildChartRuntime(wire({ x_key: 'month' }), months)).yAxis?.scale).toBeUndefined();
    expect(valueAxisStartsAtZero(buildChartRuntime(wire({ chart_type: 'line' }), rows))).toBe(true);
    // Month categories are drawn as localized months; the first label sits right of the origin.
    expect(option.xAxis?.data?.slice(0, 2)).toEqual(['січ. 2024 р.', 'лют. 2024 р.']);
    expect(option.xAxis?.axisLabel).toMatchObject({ alignMinLabel: 'left', alignMaxLabel: 'right' });
    expect(line.categories[0]).toBe('2024-01');
  });

  it('names the last month of a line chart and every few before it, spaced by the widest label, when its width is known', () => {
    const months = Array.from({ length: 24 }, (_, i) => ({ month: `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, amount: 3_100_000 + i * 10_000 }));
    const line = buildChartRuntime(wire({ chart_type: 'line', x_key: 'month' }), months, { columns });
    const shown = (width: number | undefined): string[] => {
      const option = buildChartOption(line, { locale: 'uk', width });
      const interval = option.xAxis?.axisLabel?.interval;
      return (option.xAxis?.data ?? []).filter((_, index) => interval === undefined || interval(index));
    };
    // Narrow (the dashboard's row of three at 768 px): the last month and one more, not one label alone.
    const narrow = shown(290);
    expect(narrow).toHaveLength(2);
    expect(narrow[1]).toBe('груд. 2025 р.');
    // Wide: more months, always ending with the last, evenly spaced.
    const wide = shown(1000);
    expect(wide.length).toBeGreaterThan(4);
    expect(wide.at(-1)).toBe('груд. 2025 р.');
    // Without a width ECharts chooses; a short line names every point.
    expect(shown(undefined)).toHaveLength(24);
    const short = buildChartRuntime(wire({ chart_type: 'line', x_key: 'month' }), months.slice(0, 3), { columns });
    expect(buildChartOption(short, { locale: 'uk', width: 600 }).xAxis?.axisLabel?.interval).toBeUndefined();
  });

  it('shows month names only when every category is a month', () => {
    expect(chartCategoryLabels(['2024-01', '2025-12'], 'en')).toEqual(['Jan 2024', 'Dec 2025']);
    expect(chartCategoryLabels(['2024-01', 'later'], 'en')).toEqual(['2024-01', 'later']);
    expect(chartCategoryLabels(['2024-13'], 'en')).toEqual(['2024-13']);
  });

  it('names donut slices with outside labels or a legend, never both', () => {
    const few = buildChartOption(buildChartRuntime(wire({ chart_type: 'donut' }), rows));
    expect(few.legend.show).toBe(false);
    expect((few.series[0] as ChartPieSeriesOption).label.show).toBe(true);
    const many = buildChartOption(buildChartRuntime(wire({ chart_type: 'donut' }), Array.from({ length: 9 }, (_, i) => ({ region: `r${i}`, amount: i + 1 }))));
    expect(many.legend.show).toBe(true);
    expect((many.series[0] as ChartPieSeriesOption).label.show).toBe(false);
  });

  it('labels currency axes with the cells\u2019 symbol, not the code', () => {
    const runtime = buildChartRuntime(wire({ chart_type: 'line' }), rows, { columns });
    const option = withValueFormatter(buildChartOption(runtime), ['currency'], { locale: 'uk', currency: 'USD' });
    const formatter = option.yAxis?.axisLabel.formatter as (value: unknown) => string;
    expect(formatter(20000)).toMatch(/^20\s000\s\$$/u);
  });
});
