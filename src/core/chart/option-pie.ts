/**
 * The option of the chart types drawn as slices (`pie`, `donut`): the first series' positive values
 * as slices, named by outside labels or by a legend under the pie (decided from the chart's size and
 * its names), and a donut's centre total.
 *
 * @module
 */
import { formatValue } from '../format';
import type { ChartRuntime } from '../types';
import { englishTranslator } from './english';
import { baseChartOption, sizedText } from './option-base';
import type { ChartBuildContext, ChartPalette } from './option-base';
import { numericFormat } from './formatters';
import type { ChartOption, ChartOptionOptions, ChartPieSeriesOption } from './option-types';
import { estimateTextWidth, wrapWords } from './text-fit';

/**
 * The option of a pie or donut: the first series only, slices for positive values (see
 * `buildChartRuntime`); outside labels for a few slices that have the room, else a legend; a donut
 * with `centerTotal` shows it in its centre, formatted like the series, and its accessible
 * description says it too. An empty runtime gives no series.
 */
export function buildPieOption(context: ChartBuildContext): ChartOption {
  const { runtime, options, palette, fontSize } = context;
  const fontFamily = options?.fontFamily;
  const total = centerTotalText(runtime, options);
  const pieLayout = runtime.empty ? null : piePlan(runtime, options?.width, options?.height ?? runtime.height, fontSize);
  const translator = options?.translator ?? englishTranslator();
  const description = total !== null ? `${context.description} ${translator.format('chart.describe.total', { amount: total })}` : context.description;
  // A pie names its slices either with outside labels (few slices) or with a legend, never both.
  const option = baseChartOption(context, { description, tooltip: { trigger: 'item' }, legend: pieLayout?.mode === 'legend' });
  if (pieLayout !== null) {
    option.series = [pieSeries(runtime, palette, total !== null, pieLayout, fontSize)];
    if (pieLayout.mode === 'legend' && pieLayout.legendWidth !== undefined) {
      // Under the pie, items wrapping onto as many lines as they need; long names wrap too.
      option.legend = {
        show: true,
        type: 'plain',
        bottom: 0,
        left: 8,
        right: 8,
        textStyle: { color: palette.text, ...sizedText(fontSize), width: pieLayout.legendWidth, overflow: 'break' },
        pageTextStyle: option.legend.pageTextStyle,
      };
    }
  }
  if (total !== null) {
    option.title = { show: true, text: total, left: 'center', top: 'middle', textStyle: { color: palette.text, fontSize: 18, fontWeight: 'bold', ...(fontFamily ? { fontFamily } : {}) } };
  }
  return option;
}

/**
 * The centre text of a donut that asks for one: its total formatted like the series (the
 * `centerFormat` option, else the first series' format, with `locale`/`currency`). Null otherwise.
 */
function centerTotalText(runtime: ChartRuntime, options: ChartOptionOptions | undefined): string | null {
  if (runtime.chartType !== 'donut' || runtime.empty || typeof runtime.centerTotal !== 'number' || !Number.isFinite(runtime.centerTotal)) return null;
  const format = numericFormat(options?.centerFormat ?? runtime.series[0]?.format);
  return formatValue(runtime.centerTotal, format, options);
}

/** Pie and donut slices beyond this many get a legend instead of outside labels. */
const PIE_LABELS_MAX = 6;

/** How a pie names its slices, decided from its size and its names (see `piePlan`). */
interface PiePlan {
  mode: 'labels' | 'legend';
  /** Outer radius in pixels; undefined: ECharts' percentages (size unknown). */
  radius?: number;
  /** Width at which a label's name wraps (labels). */
  labelWidth?: number;
  /** Width at which a legend item's name wraps (legend). */
  legendWidth?: number;
  /** Vertical centre of the pie, as a percentage of the height. */
  centerY?: number;
}

/** Smallest outer radius of a pie with outside labels; a pie that would be smaller gets a legend. */
const PIE_MIN_RADIUS = 56;

/**
 * How a pie names its slices. More than `PIE_LABELS_MAX` slices: a legend. Else, with a known
 * width: outside labels ("Роздріб" over its share) when the longest name fits on two lines of at
 * most 30 % of the width beside a pie of at least `PIE_MIN_RADIUS`, the pie shrinking to leave
 * them the room; otherwise a legend under the pie, whose items wrap and are never cut.
 */
function piePlan(runtime: ChartRuntime, width: number | undefined, height: number, fontSize: number): PiePlan {
  const values = runtime.values[0] ?? [];
  const names: string[] = [];
  runtime.categories.forEach((name, i) => {
    const value = values[i];
    if (value !== null && value !== undefined && value > 0) names.push(name);
  });
  const known = width !== undefined && Number.isFinite(width) && width > 0;
  if (names.length > PIE_LABELS_MAX) {
    return known ? { mode: 'legend', legendWidth: Math.max(80, Math.floor(width - 60)), ...legendPie(names, width, height, fontSize) } : { mode: 'legend' };
  }
  if (!known) return { mode: 'labels' };
  // With slack over the estimate: ECharts breaks a label wider than its width, even inside a word.
  const wide = (text: string): number => estimateTextWidth(text, fontSize) * 1.1 + 6;
  const longest = Math.max(...names.map(wide), wide('100 %'));
  const longestWord = Math.max(...names.flatMap((n) => n.split(/\s+/u)).map(wide));
  const labelWidth = Math.ceil(Math.min(longest, Math.max(longestWord, 56, width * 0.3)));
  // Two lines at most per name (wrapped between words, as `withValueFormatter` draws them), plus the
  // share: taller labels would crowd each other.
  const lines = Math.max(...names.map((name) => wrapWords(name, labelWidth, fontSize).length));
  const radius = Math.floor(Math.min(height / 2 - 24 - lines * fontSize * 0.7, (width - 2 * (labelWidth + 36)) / 2));
  if (lines <= 2 && radius >= PIE_MIN_RADIUS) return { mode: 'labels', radius, labelWidth };
  return { mode: 'legend', legendWidth: Math.max(80, Math.floor(width - 60)), ...legendPie(names, width, height, fontSize) };
}

/**
 * The radius and centre of a pie above a legend naming `names`: the legend's lines are counted by
 * laying its items out as ECharts does (marker, name and share, gap; as many per line as fit in the
 * legend's width, a name wider than that wrapping), so the pie never reaches under the legend.
 */
function legendPie(names: readonly string[], width: number, height: number, fontSize: number): { radius: number; centerY: number } {
  const room = Math.max(80, width - 16);
  const legendText = Math.max(80, Math.floor(width - 60));
  let lines = 0;
  let used = Infinity;
  for (const name of names) {
    const text = estimateTextWidth(`${name} 100 %`, fontSize);
    // Marker (25) and its gap (5) before the text, 10 between items.
    const item = 30 + Math.min(text, legendText);
    const wraps = Math.max(1, Math.ceil(text / legendText));
    if (wraps > 1 || used + 10 + item > room) {
      lines += wraps;
      used = wraps > 1 ? Infinity : item;
    } else {
      used += 10 + item;
    }
  }
  const legendHeight = lines * (fontSize + 10) + 8;
  const free = Math.max(80, height - legendHeight);
  return { radius: Math.floor(Math.max(40, Math.min(free / 2 - 12, width / 2 - 16))), centerY: Math.round((free / 2 / height) * 100) };
}

function pieSeries(runtime: ChartRuntime, palette: ChartPalette, centred: boolean, plan: PiePlan, fontSize: number): ChartPieSeriesOption {
  const values = runtime.values[0] ?? [];
  const data: { name: string; value: number }[] = [];
  runtime.categories.forEach((name, i) => {
    const value = values[i];
    if (value !== null && value !== undefined && value > 0) data.push({ name, value });
  });
  return {
    type: 'pie',
    id: `${runtime.id}-0`,
    name: runtime.series[0]?.label ?? '',
    radius: pieRadius(runtime.chartType === 'donut', plan.radius),
    // A centre total is drawn in the middle of the box, so the ring is centred on it.
    center: ['50%', plan.centerY !== undefined ? `${plan.centerY}%` : centred ? '50%' : '55%'],
    data,
    avoidLabelOverlap: true,
    label: {
      show: plan.mode === 'labels',
      color: palette.text,
      fontSize,
      ...(plan.labelWidth !== undefined ? { width: plan.labelWidth, overflow: 'break' as const, lineHeight: Math.round(fontSize * 1.25) } : {}),
    },
    ...(plan.radius !== undefined ? { labelLine: { length: 10, length2: 10 } } : {}),
    emphasis: { focus: 'self' },
  };
}

function pieRadius(donut: boolean, outer: number | undefined): ChartPieSeriesOption['radius'] {
  if (outer === undefined) return donut ? ['45%', '70%'] : '70%';
  return donut ? [Math.round(outer * 0.64), outer] : outer;
}
