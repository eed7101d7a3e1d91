/**
 * The chart types the core draws, one entry each: the single place that says what a chart type is.
 * An entry names its family (on axes, or slices), whether `sort` may order its categories, the
 * builder of its ECharts option, the ECharts parts that option needs (by their export names, so the
 * core holds them without importing echarts) and the catalog key of its name.
 *
 * Everything else reads the registry: the spec enum and through it the parser and the JSON Schema
 * check (`SPEC_ENUMS.chart_type`), the parser's rules for pie-only and sortable types,
 * `buildChartOption`, the caption, and the ECharts registration of the Vue layer, server-side
 * rendering and the PDF export (`echartsParts`). A type with no entry is refused: by the parser at
 * its path (`invalid_enum`), and by `chartTypes.entry`, which throws rather than fall through to
 * another type's builder.
 *
 * The table is typed against the `ChartType` union: a type without an entry, an entry for no type,
 * a missing field or a catalog key the English catalog lacks are compile errors.
 *
 * @module
 */
import { GridViewSpecError } from '../errors';
import type { MessageKey } from '../i18n/en';
import type { ChartType } from '../types';
import type { ChartOptionBuilder } from './option-base';
import { buildCartesianOption } from './option-cartesian';
import { buildPieOption } from './option-pie';

/**
 * An ECharts series module a chart type may need: the name of an export of `echarts/charts`. A new
 * name here is a compile error in `components/echarts-setup.ts` until it imports the part.
 */
export type EChartsChartPart = 'BarChart' | 'LineChart' | 'PieChart';

/** An ECharts component a chart type may need: the name of an export of `echarts/components`. */
export type EChartsComponentPart = 'GridComponent' | 'TooltipComponent' | 'LegendComponent' | 'AriaComponent' | 'TitleComponent';

/** ECharts parts by export name: series modules and components. Renderers are the caller's choice. */
export interface EChartsParts {
  readonly charts: readonly EChartsChartPart[];
  readonly components: readonly EChartsComponentPart[];
}

/**
 * The parts every chart's option uses, whatever its type (`baseChartOption`): the tooltip, the
 * legend, `aria`, and the title, which draws an empty chart's text and a donut's centre total.
 */
export const CHART_COMMON_PARTS: EChartsParts = { charts: [], components: ['TooltipComponent', 'LegendComponent', 'AriaComponent', 'TitleComponent'] };

/**
 * The parts of the charts on axes. `LineChart` for bars and `BarChart` for lines too: a series'
 * `series_type` may draw it the other way (mixed charts).
 */
const AXES: EChartsParts = { charts: ['BarChart', 'LineChart'], components: ['GridComponent'] };

/** The parts of the charts of slices. */
const SLICES: EChartsParts = { charts: ['PieChart'], components: [] };

/**
 * How a chart type plots its data. `cartesian`: categories on one axis and values on the other,
 * every series plotted. `pie`: slices of the first series' positive values only, each slice a colour
 * of the palette (series colours, series types and stacking mean nothing there).
 */
export type ChartFamily = 'cartesian' | 'pie';

/** One chart type of a registry. */
export interface ChartTypeEntry {
  readonly family: ChartFamily;
  /** `sort` may order the categories by value (bar charts). */
  readonly sortable: boolean;
  /** Builds the type's ECharts option (see `buildChartOption`, which hands it its context). */
  readonly build: ChartOptionBuilder;
  /** The ECharts parts the type's option needs beyond `CHART_COMMON_PARTS`. */
  readonly echarts: EChartsParts;
  /** Catalog key of the type's name ("Bar chart"), said when a chart has nothing else to be called. */
  readonly label: string;
}

/**
 * The registry's table: exactly one entry per `ChartType`, its name's key in the English catalog (a
 * type without a name there is a compile error; `test/core/chart-registry.test.ts` proves it).
 */
export type ChartTypeTable = { readonly [K in ChartType]: ChartTypeEntry & { readonly label: `chart.type.${K}` & MessageKey } };

/** Every chart type, in documentation order (the order of the spec enum and the JSON Schema). */
export const CHART_TYPE_ENTRIES: ChartTypeTable = Object.freeze<ChartTypeTable>({
  bar: {
    family: 'cartesian',
    sortable: true,
    build: buildCartesianOption,
    echarts: AXES,
    label: 'chart.type.bar',
  },
  horizontal_bar: {
    family: 'cartesian',
    sortable: true,
    build: buildCartesianOption,
    echarts: AXES,
    label: 'chart.type.horizontal_bar',
  },
  stacked_bar: {
    family: 'cartesian',
    sortable: true,
    build: buildCartesianOption,
    echarts: AXES,
    label: 'chart.type.stacked_bar',
  },
  line: {
    family: 'cartesian',
    sortable: false,
    build: buildCartesianOption,
    echarts: AXES,
    label: 'chart.type.line',
  },
  area: {
    family: 'cartesian',
    sortable: false,
    build: buildCartesianOption,
    echarts: AXES,
    label: 'chart.type.area',
  },
  pie: { family: 'pie', sortable: false, build: buildPieOption, echarts: SLICES, label: 'chart.type.pie' },
  donut: { family: 'pie', sortable: false, build: buildPieOption, echarts: SLICES, label: 'chart.type.donut' },
});

/** What every reader of chart types asks: the names, one type's entry, the ECharts parts, the catalog keys. */
export interface ChartTypeRegistry<T extends string = ChartType> {
  /** Every type, in the table's order. Frozen. */
  readonly names: readonly T[];
  /** True for a type with an entry (own keys only: `toString` or `__proto__` is no chart type). */
  has(value: unknown): value is T;
  /**
   * The entry of `type`. Throws a `GridViewSpecError` (`invalid_enum` at `chartType`, listing the
   * types) for a value with no entry, e.g. a runtime of a newer version read from JSON: never
   * another type's entry.
   */
  entry(type: unknown): ChartTypeEntry;
  /**
   * The ECharts parts charts of `types` need (default: every type): `CHART_COMMON_PARTS` and each
   * entry's, every part once, in first-seen order. Throws as `entry` for a type with no entry.
   */
  echartsParts(types?: readonly string[]): { charts: EChartsChartPart[]; components: EChartsComponentPart[] };
  /** The catalog key of every type's name, in the table's order. */
  catalogKeys(): string[];
}

/**
 * Makes a registry over a table of entries. `chartTypes` is the one the package uses; a test may
 * make a scratch one with a further type. Names are taken as given: the typed table only holds
 * `ChartType`s, whose form the JSON Schema and the parser's enum check.
 */
export function defineChartTypes<T extends string>(entries: Readonly<Record<T, ChartTypeEntry>>): ChartTypeRegistry<T> {
  const names = Object.freeze(Object.keys(entries) as T[]);
  const has = (value: unknown): value is T => typeof value === 'string' && Object.hasOwn(entries, value);
  const entry = (type: unknown): ChartTypeEntry => {
    if (has(type)) return entries[type];
    const got = typeof type === 'string' ? JSON.stringify(type) : String(type);
    throw new GridViewSpecError([
      { code: 'invalid_enum', path: 'chartType', message: `chartType must be one of "${names.join('", "')}"; got ${got}.` },
    ]);
  };
  return Object.freeze({
    names,
    has,
    entry,
    echartsParts(types: readonly string[] = names) {
      const charts = new Set<EChartsChartPart>(CHART_COMMON_PARTS.charts);
      const components = new Set<EChartsComponentPart>(CHART_COMMON_PARTS.components);
      for (const type of types) {
        const parts = entry(type).echarts;
        for (const part of parts.charts) charts.add(part);
        for (const part of parts.components) components.add(part);
      }
      return { charts: [...charts], components: [...components] };
    },
    catalogKeys: () => names.map((name) => entries[name].label),
  });
}

/** The chart types of the package. */
export const chartTypes: ChartTypeRegistry = defineChartTypes<ChartType>(CHART_TYPE_ENTRIES);
