import { describe, expect, it } from 'vitest';
import { buildChartOption, buildChartRuntime, withValueFormatter } from '../../src/core/chart';
import type { ChartCartesianSeriesOption, ChartPieSeriesOption } from '../../src/core/chart';
import { estimateTextWidth, wrapWords } from '../../src/core/chart/text-fit';
import type { ChartSpecWire, Row } from '../../src/core/types';

const columns = [
  { key: 'region', label: 'Region' },
  { key: 'channel', label: 'Channel' },
  { key: 'amount', label: 'Amount', format: 'currency' as const },
];

/** Five regions of about 82 million each: the playground's "Revenue by Region". */
const regionRows: Row[] = ['Центр', 'Північ', 'Південь', 'Захід', 'Схід'].map((region, i) => ({ region, amount: 82_696_016.02 - i * 400_000 }));
const barWire: ChartSpecWire = { id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] };
/**
 * The same amounts under one-letter names, which fit under their bars at every width tried here, so
 * the chart stays upright and its value labels are judged against the bars' width.
 */
const uprightRows: Row[] = regionRows.map((row, i) => ({ ...row, region: 'CNSWE'[i] }));
const bars = buildChartRuntime(barWire, uprightRows, { columns });

function barLabel(width: number | undefined, locale = 'uk', chartType: 'bar' | 'horizontal_bar' = 'bar'): ChartCartesianSeriesOption['label'] {
  const runtime = chartType === 'bar' ? bars : buildChartRuntime({ ...barWire, chart_type: chartType }, regionRows, { columns });
  const option = buildChartOption(runtime, { locale, currency: 'USD', ...(width !== undefined ? { width } : {}) });
  return (option.series[0] as ChartCartesianSeriesOption).label;
}

describe('value labels on bars, decided from the chart width', () => {
  it('are left out where a label is wider than its bar (uk "82,7 млн $" on five bars 300 or 350 px wide)', () => {
    expect(barLabel(300)).toBeUndefined();
    expect(barLabel(350)).toBeUndefined();
    expect(barLabel(300, 'en')).toBeUndefined();
  });

  it('are shown where each fits over its bar, and when the width is not known', () => {
    expect(barLabel(450, 'en')).toMatchObject({ show: true, position: 'top' });
    expect(barLabel(900)).toMatchObject({ show: true, position: 'top' });
    expect(barLabel(undefined)).toMatchObject({ show: true });
  });

  it('never claim more room than a bar has: the widest label fits its slot whenever labels are shown', () => {
    for (let width = 200; width <= 1400; width += 25) {
      for (const locale of ['en', 'uk']) {
        const option = buildChartOption(bars, { locale, currency: 'USD', width });
        expect(option.xAxis?.type).toBe('category');
        const series = withValueFormatter(option, ['currency'], { locale, currency: 'USD' }).series[0]!;
        if (series.label === undefined) continue;
        const widest = Math.max(...regionRows.map((r) => estimateTextWidth(series.label!.formatter!({ value: r.amount }))));
        // Five bars share the plot, which is narrower than the chart by at least its value axis.
        expect(widest).toBeLessThan(width / 5);
      }
    }
  });

  it('on horizontal bars reserve room right of the longest bar, or are left out when the bars would get too little', () => {
    const wide = buildChartOption(buildChartRuntime({ ...barWire, chart_type: 'horizontal_bar' }, regionRows, { columns }), { locale: 'uk', currency: 'USD', width: 600 });
    expect((wide.series[0] as ChartCartesianSeriesOption).label).toMatchObject({ show: true, position: 'right' });
    expect(wide.grid!.right).toBeGreaterThanOrEqual(estimateTextWidth('82,7 млн $'));
    expect(barLabel(160, 'uk', 'horizontal_bar')).toBeUndefined();
  });
});

describe('bar charts whose category names would not fit under their bars', () => {
  const regions = buildChartRuntime(barWire, regionRows, { columns });
  const option = (runtime: typeof regions, width?: number, locale = 'uk') => buildChartOption(runtime, { locale, currency: 'USD', ...(width !== undefined ? { width } : {}) });

  it('lie down at 360 px so every region keeps its name, first category on top, values right of the bars', () => {
    const narrow = option(regions, 328);
    expect(narrow.yAxis).toMatchObject({ type: 'category', data: ['Центр', 'Північ', 'Південь', 'Захід', 'Схід'], inverse: true });
    expect(narrow.xAxis?.type).toBe('value');
    expect((narrow.series[0] as ChartCartesianSeriesOption).label).toMatchObject({ show: true, position: 'right' });
  });

  it('stay upright where the names fit (1440 px), where the width is not known, and with one-letter names', () => {
    expect(option(regions, 1100).xAxis?.type).toBe('category');
    expect(option(regions).xAxis?.type).toBe('category');
    expect(option(bars, 328).xAxis?.type).toBe('category');
  });

  it('stay upright with more than twelve bars, with a series drawn as a line, and as line charts', () => {
    const many: Row[] = Array.from({ length: 13 }, (_, i) => ({ region: `Регіон номер ${i + 1}`, amount: 1000 + i }));
    expect(option(buildChartRuntime(barWire, many, { columns }), 328).xAxis?.type).toBe('category');
    const mixedWire: ChartSpecWire = { ...barWire, series: [{ key: 'amount', label: 'Amount' }, { key: 'amount', label: 'Trend', series_type: 'line' }] };
    expect(option(buildChartRuntime(mixedWire, regionRows, { columns }), 328).xAxis?.type).toBe('category');
    expect(option(buildChartRuntime({ ...barWire, chart_type: 'line' }, regionRows, { columns }), 328).xAxis?.type).toBe('category');
  });

  it('turn stacked bars too, judging the axis by the largest stack', () => {
    const stackedWire: ChartSpecWire = { ...barWire, chart_type: 'stacked_bar', series: [{ key: 'amount', label: 'Amount' }, { key: 'amount', label: 'Again' }] };
    expect(option(buildChartRuntime(stackedWire, regionRows, { columns }), 328).yAxis?.type).toBe('category');
  });
});

describe('pie and donut labels, decided from the chart width', () => {
  const channelRows: Row[] = [
    { channel: 'Роздрібна торгівля', amount: 40 },
    { channel: 'Партнерська мережа', amount: 30 },
    { channel: 'Онлайн', amount: 20 },
    { channel: 'Напряму', amount: 10 },
  ];
  const donut = buildChartRuntime({ id: 'by_channel', chart_type: 'donut', x_key: 'channel', series: [{ key: 'amount', label: 'Amount' }] }, channelRows, { columns });

  it('give long names the width they need, wrapping between words, beside a smaller ring', () => {
    const option = buildChartOption(donut, { locale: 'uk', width: 520 });
    const series = option.series[0] as ChartPieSeriesOption;
    expect(option.legend.show).toBe(false);
    expect(series.label).toMatchObject({ show: true, overflow: 'break' });
    // Every word fits on a line of the label: nothing is cut to "Па…" or broken inside a word.
    for (const word of ['Роздрібна', 'торгівля', 'Партнерська', 'мережа']) expect(series.label.width!).toBeGreaterThanOrEqual(estimateTextWidth(word));
    const [, outer] = series.radius as [number, number];
    expect(outer).toBeLessThanOrEqual((520 - 2 * series.label.width!) / 2);
  });

  it('give way to a legend under the ring when no ring of a readable size leaves room for them', () => {
    const option = buildChartOption(donut, { locale: 'uk', width: 260 });
    const series = option.series[0] as ChartPieSeriesOption;
    expect(series.label.show).toBe(false);
    expect(option.legend).toMatchObject({ show: true, type: 'plain', bottom: 0 });
    // Legend items wrap onto more lines rather than being cut.
    expect(option.legend.textStyle).toMatchObject({ overflow: 'break' });
  });

  it('say each slice\u2019s share under its name, in the labels and in the legend', () => {
    const labelled = withValueFormatter(buildChartOption(donut, { locale: 'uk', width: 520 }), ['currency'], { locale: 'uk' });
    expect(labelled.series[0]!.label!.formatter!({ name: 'Онлайн', percent: 20 })).toBe('Онлайн\n20%');
    const legended = withValueFormatter(buildChartOption(donut, { locale: 'uk', width: 260 }), ['currency'], { locale: 'uk' });
    expect(legended.legend.formatter!('Роздрібна торгівля')).toBe('Роздрібна торгівля 40%');
    expect(legended.legend.formatter!('Напряму')).toBe('Напряму 10%');
  });
});

describe('names wrapped between words', () => {
  it('break at spaces and after a hyphen inside a word, never inside a word, even a word wider than the line', () => {
    expect(wrapWords('Роздрібна торгівля', estimateTextWidth('Роздрібна'))).toEqual(['Роздрібна', 'торгівля']);
    expect(wrapWords('Онлайн-замовлення', estimateTextWidth('замовлення'))).toEqual(['Онлайн-', 'замовлення']);
    expect(wrapWords('Північно-західний регіон', estimateTextWidth('Північно-західний'))).toEqual(['Північно-західний', 'регіон']);
    expect(wrapWords('Дистриб’юторський центр', 20)).toEqual(['Дистриб’юторський', 'центр']);
    // A hyphen that starts or ends a word, stands alone or doubles is no place to break.
    expect(wrapWords('-5 % – знижка', 1)).toEqual(['-5', '%', '–', 'знижка']);
    expect(wrapWords('a--b', 1)).toEqual(['a--b']);
  });

  it('keep a line whole when it fits, keep given line breaks, and leave text alone without a usable width', () => {
    expect(wrapWords('Прямі продажі', 1000)).toEqual(['Прямі продажі']);
    expect(wrapWords('  Прямі   продажі ', 1000)).toEqual(['Прямі продажі']);
    expect(wrapWords('Рядок\nдругий рядок', 1000)).toEqual(['Рядок', 'другий рядок']);
    for (const width of [undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(wrapWords('Онлайн-замовлення і більше', width)).toEqual(['Онлайн-замовлення і більше']);
    expect(wrapWords('', 50)).toEqual(['']);
  });

  it('draw a donut\u2019s long Ukrainian names as whole words, with ECharts\u2019 own wrapping off', () => {
    const rows: Row[] = ['Роздрібна торгівля', 'Партнерська мережа', 'Онлайн-замовлення', 'Прямі продажі'].map((channel, i) => ({ channel, amount: 10 + i }));
    const runtime = buildChartRuntime({ id: 'c', chart_type: 'donut', x_key: 'channel', series: [{ key: 'amount', label: 'Amount' }] }, rows, { columns });
    for (const width of [328, 420, 520, 700, 1100]) {
      const option = withValueFormatter(buildChartOption(runtime, { locale: 'uk', width }), ['currency'], { locale: 'uk' });
      const series = option.series[0]!;
      const words = rows.flatMap((r) => String(r.channel).split(/[\s-]+/u));
      if (series.label?.formatter && (series as ChartPieSeriesOption).label.show) {
        expect((series as ChartPieSeriesOption).label.overflow).toBe('none');
        const drawn = rows.map((r) => series.label!.formatter!({ name: r.channel, percent: 25 }));
        for (const text of drawn) for (const line of text.split('\n').slice(0, -1)) expect(line.split(/[\s-]+/u).filter(Boolean).every((w) => words.includes(w))).toBe(true);
      } else {
        expect(option.legend.textStyle.overflow).toBe('none');
        for (const r of rows) for (const line of option.legend.formatter!(String(r.channel)).split('\n')) expect(line.split(/[\s-]+/u).filter((w) => w !== '' && !/\d/u.test(w)).every((w) => words.includes(w))).toBe(true);
      }
    }
  });
});

describe('motion', () => {
  it('is off when the reader prefers reduced motion, on otherwise', () => {
    expect(buildChartOption(bars).animation).toBe(true);
    expect(buildChartOption(bars, { reducedMotion: false }).animation).toBe(true);
    expect(buildChartOption(bars, { reducedMotion: true }).animation).toBe(false);
  });
});

describe('ticks of a value axis', () => {
  it('are compact from ten thousand up, lying or upright, in the notation of the bars\' value labels', () => {
    const regions = buildChartRuntime(barWire, regionRows, { columns });
    const turned = withValueFormatter(buildChartOption(regions, { locale: 'uk', currency: 'USD', width: 328 }), ['currency'], { locale: 'uk', currency: 'USD' });
    expect(turned.xAxis!.axisLabel.formatter!(40_000_000)).toMatch(/^40\sмлн\s\$$/u);
    const upright = withValueFormatter(buildChartOption(regions, { locale: 'uk', currency: 'USD', width: 1100 }), ['currency'], { locale: 'uk', currency: 'USD' });
    // Upright too (issue 23: "$100,000,000" on the axis beside "$82.7M" on the bar read as two scales).
    expect(upright.yAxis!.axisLabel.formatter!(40_000_000)).toMatch(/^40\sмлн\s\$$/u);
    expect(upright.yAxis!.axisLabel.formatter!(2_500_000)).toMatch(/^2,5\sмлн\s\$$/u);
    const small = buildChartRuntime({ ...barWire, chart_type: 'horizontal_bar' }, [{ region: 'A', amount: 9000 }, { region: 'B', amount: 500 }], { columns });
    expect(withValueFormatter(buildChartOption(small, { locale: 'en', currency: 'USD' }), ['currency'], { locale: 'en', currency: 'USD' }).xAxis!.axisLabel.formatter!(5000)).toBe('$5,000');
  });
});

describe('bar charts with very long category names', () => {
  it('stay upright: lying down, names wider than 40% of the chart would leave the bars too little room', () => {
    const long: Row[] = ['Північно-західний регіональний дистриб’юторський центр', 'Південь', 'Схід'].map((region, i) => ({ region, amount: 1000 + i }));
    const option = buildChartOption(buildChartRuntime(barWire, long, { columns }), { locale: 'uk', currency: 'USD', width: 328 });
    expect(option.xAxis?.type).toBe('category');
  });
});

describe('a lying value axis shows every tick label, evenly spaced', () => {
  /** The tick labels ECharts draws on the value axis of `runtime` at `width`, read from its SVG. */
  async function drawnTicks(runtime: ReturnType<typeof buildChartRuntime>, width: number, locale: string): Promise<string[]> {
    const { renderChartSvg } = await import('../../src/ssr/chart-svg');
    const option = withValueFormatter(buildChartOption(runtime, { locale, currency: 'USD', width }), 'currency', { locale, currency: 'USD' });
    const svg = renderChartSvg(option as unknown as Record<string, unknown>, { width, height: 260 });
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => (m[1] ?? '').replace(/&#160;|\u00a0|\u202f/g, ' '));
    const names = new Set(runtime.categories.map(String));
    // Value labels on the bars repeat the bars' own amounts; the axis' ticks are the rest.
    const barLabels = new Set((option.series[0] as ChartCartesianSeriesOption).data.map((v) => (v === null ? '' : String(v))));
    return texts.filter((t) => t !== '' && !names.has(t) && !barLabels.has(t) && /\d/.test(t));
  }

  it('at 300 px the Ukrainian region amounts get ticks at one even step from zero, none left out', async () => {
    const runtime = buildChartRuntime(barWire, regionRows.map((row, i) => ({ ...row, amount: [15.1e6, 24.7e6, 18e6, 18.8e6, 12.3e6][i] })), { columns });
    const axis = buildChartOption(runtime, { locale: 'uk', currency: 'USD', width: 300 }).xAxis;
    expect(axis?.type).toBe('value');
    const { interval, max, min } = axis ?? {};
    expect(min).toBe(0);
    expect(interval).toBeGreaterThan(0);
    expect((max ?? 0) / (interval ?? 1)).toBe(Math.round((max ?? 0) / (interval ?? 1)));
    expect(max).toBeGreaterThanOrEqual(24.7e6);
    // Drawn by ECharts: a label at every step, 0 to max, none hidden for overlapping.
    const ticks = await drawnTicks(runtime, 300, 'uk');
    const steps = Math.round((max ?? 0) / (interval ?? 1));
    expect(ticks.length).toBeGreaterThanOrEqual(steps + 1);
  });

  it('leaves the step to ECharts where the width is unknown or values go below zero', () => {
    const runtime = buildChartRuntime({ ...barWire, chart_type: 'horizontal_bar' }, regionRows, { columns });
    expect(buildChartOption(runtime, { locale: 'en', currency: 'USD' }).xAxis?.interval).toBeUndefined();
    const negative = buildChartRuntime({ ...barWire, chart_type: 'horizontal_bar' }, regionRows.map((row, i) => ({ ...row, amount: i === 0 ? -5 : 10 })), { columns });
    expect(buildChartOption(negative, { locale: 'en', currency: 'USD', width: 600 }).xAxis?.interval).toBeUndefined();
  });
});
