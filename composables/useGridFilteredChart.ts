/**
 * `useGridFilteredChart`: a chart runtime built from the rows a grid currently shows
 * (`data_source: grid_filtered`).
 *
 * @module
 */
import { computed, toValue } from 'vue';
import type { ComputedRef, MaybeRefOrGetter, ShallowRef } from 'vue';
import type { GridAdapter } from '../src/core/adapters';
import { buildChartRuntime } from '../src/core/chart';
import type { ChartColumnInfo, ChartRuntimeOptions } from '../src/core/chart';
import type { ChartRuntime, ChartSpec, ChartSpecWire, Row } from '../src/core/types';
import type { RecomputeFlush } from '../src/core/coalesce';
import { useGridAdapter } from './useGridAdapter';

/** Options of `useGridFilteredChart`. */
export interface UseGridFilteredChartOptions {
  /** Line/area charts with more categories are marked `sampled` (see `buildChartRuntime`). */
  maxPoints?: number;
  /** When a change is picked up; default `frame`. */
  flush?: RecomputeFlush;
  /**
   * The view's columns, so series get their column's format and the caption the x column's label
   * (without them values format as numbers and the caption names the raw `x_key`).
   */
  columns?: MaybeRefOrGetter<readonly ChartColumnInfo[] | undefined>;
  /** Locale whose writing numeric strings in the rows are read with (`"2 500,5"` under `uk`). Default `en`. */
  locale?: MaybeRefOrGetter<string | undefined>;
}

/** What `useGridFilteredChart` returns. */
export interface UseGridFilteredChartReturn<R extends Row = Row> {
  /** The chart runtime for the current rows; pass it to `<ChartBlock :config>`. */
  runtime: ComputedRef<ChartRuntime>;
  /** The rows it is built from (a `shallowRef`). */
  rows: ShallowRef<readonly R[]>;
  /** Re-reads the rows now. */
  refresh(): void;
}

/**
 * A chart that follows the grid: `buildChartRuntime(chart, adapter.getRows())`, recomputed once
 * per change burst. The runtime is built whatever the chart's `data_source` says; choosing this
 * composable is what makes a chart grid-filtered.
 *
 * Edge cases: no adapter or no visible rows gives an `empty` runtime (renderers show the empty
 * state); a reactive `chart` rebuilds too; the subscription ends with the current effect scope.
 */
export function useGridFilteredChart<R extends Row = Row>(
  chart: MaybeRefOrGetter<ChartSpec | ChartSpecWire>,
  adapter: MaybeRefOrGetter<GridAdapter<R> | null | undefined>,
  options: UseGridFilteredChartOptions = {},
): UseGridFilteredChartReturn<R> {
  const { rows, refresh } = useGridAdapter(adapter, { flush: options.flush ?? 'frame' });
  const runtime = computed(() => {
    const runtimeOptions: ChartRuntimeOptions = {};
    if (options.maxPoints !== undefined) runtimeOptions.maxPoints = options.maxPoints;
    const columns = toValue(options.columns);
    if (columns) runtimeOptions.columns = columns;
    const locale = toValue(options.locale);
    if (locale) runtimeOptions.locale = locale;
    return buildChartRuntime(toValue(chart), rows.value, runtimeOptions);
  });
  return { runtime, rows, refresh };
}
