/**
 * What every chart type's option shares: the theme palettes, the font size, and `baseChartOption`,
 * the part of the option every type's builder starts from (colours, text, accessible description,
 * tooltip, legend, an empty chart's text). The builders of the chart types (`./option-cartesian`,
 * `./option-pie`) add their axes and series; `buildChartOption` (`./option`) calls the builder of
 * the runtime's chart type.
 *
 * @module
 */
import type { ChartRuntime } from '../types';
import type { ChartOption, ChartOptionOptions } from './option-types';
import { LABEL_FONT_SIZE } from './text-fit';

/** The colours of one theme: series colours in order, then text, axis and grid colours. */
export interface ChartPalette {
  series: string[];
  text: string;
  muted: string;
  axis: string;
  split: string;
  tooltipBg?: string;
}

/**
 * The surfaces a chart is drawn on in each theme (`--gv-color-bg`, `--gv-color-surface`,
 * `--gv-color-surface-2` of the stylesheet): every series colour keeps 3:1 contrast (WCAG 2's
 * minimum for graphics) against each of them.
 */
export const CHART_BACKGROUNDS: Readonly<Record<'light' | 'dark', readonly string[]>> = {
  light: ['#ffffff', '#f6f8fa'],
  dark: ['#0d1117', '#151b23', '#1c232c'],
};

/**
 * Series colours per theme. Okabe–Ito hues (distinguishable with the common colour-vision
 * deficiencies), darkened on light backgrounds where the original would fall below 3:1 (its orange,
 * sky blue and pink), with indigo and brown for the two slots whose darkened forms collided with
 * others. A test checks every colour against `CHART_BACKGROUNDS`.
 */
export const CHART_PALETTES: Readonly<Record<'light' | 'dark', ChartPalette>> = {
  light: {
    series: ['#0072B2', '#B26B00', '#00845F', '#D55E00', '#B0578C', '#5B5FC7', '#8A6D3B', '#4D4D4D'],
    text: '#1F2937',
    muted: '#4B5563',
    axis: '#9CA3AF',
    split: '#E5E7EB',
  },
  dark: {
    series: ['#56B4E9', '#E69F00', '#2EC4A0', '#FF7F50', '#E39AC6', '#F0E442', '#9DB8FF', '#D1D5DB'],
    text: '#E5E7EB',
    muted: '#9CA3AF',
    axis: '#6B7280',
    split: '#374151',
    tooltipBg: '#111827',
  },
};

/**
 * What `buildChartOption` hands a chart type's builder: the runtime (with the count series already
 * named in the reader's language), the caller's options and what is decided once for every type.
 */
export interface ChartBuildContext {
  runtime: ChartRuntime;
  options: ChartOptionOptions | undefined;
  dark: boolean;
  palette: ChartPalette;
  /** The option's `color`: `chartSeriesColors` of the runtime in the theme. */
  colors: string[];
  /** `chartFontSize(options)`. */
  fontSize: number;
  /** The accessible description: the runtime's, plus the value range when a `valueFormat` is given. */
  description: string;
}

/**
 * Builds the ECharts option of one chart type: a pure function of its context, plain JSON out (no
 * functions, no markup, no templates made from row values).
 */
export type ChartOptionBuilder = (context: ChartBuildContext) => ChartOption;

/**
 * The size in pixels of a chart's text: `options.fontSize` when it is a number from 8 to 40, else
 * ECharts' own 12 (`LABEL_FONT_SIZE`).
 */
export function chartFontSize(options: Pick<ChartOptionOptions, 'fontSize'> | undefined): number {
  const size = options?.fontSize;
  return size !== undefined && Number.isFinite(size) && size >= 8 && size <= 40 ? size : LABEL_FONT_SIZE;
}

/** `{ fontSize }` when the chart's text is not ECharts' default size, else nothing. */
export function sizedText(fontSize: number): { fontSize?: number } {
  return fontSize !== LABEL_FONT_SIZE ? { fontSize } : {};
}

/** What a chart type decides in the shared part of its option. */
export interface BaseOptionParts {
  /** The accessible description as the type completes it (a donut adds its total). */
  description: string;
  /** `item` for slices, `axis` (with its pointer) for charts on axes. */
  tooltip: { trigger: 'item' } | { trigger: 'axis'; axisPointer: 'line' | 'shadow' };
  /** The legend is shown (never for an empty chart). */
  legend: boolean;
}

/**
 * The part of the option every chart type shares, with no series yet: motion only for readers who
 * have not asked for less (and never for a sampled long line), the palette, ECharts `aria` on with
 * the description (`decal` patterns on request), the tooltip confined to the chart, a scrolling
 * legend at the top, and for an empty runtime with `emptyText` that text in the middle.
 */
export function baseChartOption(context: ChartBuildContext, parts: BaseOptionParts): ChartOption {
  const { runtime, options, dark, palette, fontSize } = context;
  const fontFamily = options?.fontFamily;
  const sized = sizedText(fontSize);
  const option: ChartOption = {
    animation: !runtime.sampled && options?.reducedMotion !== true,
    backgroundColor: 'transparent',
    color: context.colors,
    darkMode: dark,
    textStyle: { color: palette.text, ...(fontFamily ? { fontFamily } : {}), ...sized },
    aria: { enabled: true, label: { enabled: true, description: parts.description }, decal: { show: options?.decal === true } },
    tooltip: {
      trigger: parts.tooltip.trigger,
      confine: true,
      ...(parts.tooltip.trigger === 'axis' ? { axisPointer: { type: parts.tooltip.axisPointer } } : {}),
      ...(palette.tooltipBg ? { backgroundColor: palette.tooltipBg, borderColor: palette.axis, textStyle: { color: palette.text } } : {}),
    },
    legend: {
      show: !runtime.empty && parts.legend,
      type: 'scroll',
      top: 0,
      // ECharts gives legends and axis labels a size of their own (12): a larger chart text is set on each.
      textStyle: { color: palette.text, ...sized },
      pageTextStyle: { color: palette.muted, ...sized },
    },
    series: [],
  };
  if (runtime.empty && options?.emptyText) {
    option.title = { show: true, text: options.emptyText, left: 'center', top: 'middle', textStyle: { color: palette.muted, fontSize: 14, fontWeight: 'normal', ...(fontFamily ? { fontFamily } : {}) } };
  }
  return option;
}
