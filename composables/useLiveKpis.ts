/**
 * `useLiveKpis`: KPIs aggregated in the browser from the rows a grid currently shows.
 *
 * @module
 */
import { computed, toValue } from 'vue';
import type { ComputedRef, MaybeRefOrGetter, ShallowRef } from 'vue';
import type { GridAdapter } from '../src/core/adapters';
import { resolveKpis } from '../src/core/kpi';
import type { KpiSpec, KpiSpecWire, ResolvedKpi, Row } from '../src/core/types';
import { useGridViewFormat } from '../src/plugin-context';
import type { RecomputeFlush } from '../src/core/coalesce';
import { useGridAdapter } from './useGridAdapter';

/** Options of `useLiveKpis`. */
export interface UseLiveKpisOptions {
  /** Locale of the displayed values; default: the plugin's, else `en`. */
  locale?: MaybeRefOrGetter<string | null | undefined>;
  /** Currency of `currency` KPIs; default: the plugin's, else `USD`. */
  currency?: MaybeRefOrGetter<string | null | undefined>;
  /** When a change is picked up; default `frame`: one recompute per animation frame however many grid events burst. */
  flush?: RecomputeFlush;
}

/** What `useLiveKpis` returns. */
export interface UseLiveKpisReturn<R extends Row = Row> {
  /** The resolved KPIs for the current rows (recomputed lazily, once per change). */
  kpis: ComputedRef<ResolvedKpi[]>;
  /** The rows they are computed from (a `shallowRef`; in the adapter's `getRowSet()` order when it has one). */
  rows: ShallowRef<readonly R[]>;
  /** Re-reads the rows now. */
  refresh(): void;
}

/**
 * KPIs that follow every filter, sort and model change of a grid adapter: the same `resolveKpis`
 * the server uses, over `adapter.getRows()`.
 *
 * Edge cases: no adapter, or a grid with no visible rows, gives count 0 and "—" for averages (see
 * `resolveKpis`); reactive `specs`, `locale` and `currency` recompute too; the subscription ends
 * with the current effect scope.
 *
 * @example
 * const adapter = createDataGridAdapter(gridApi);
 * const { kpis } = useLiveKpis(() => spec.kpis, adapter);
 */
export function useLiveKpis<R extends Row = Row>(
  specs: MaybeRefOrGetter<readonly (KpiSpec | KpiSpecWire)[]>,
  adapter: MaybeRefOrGetter<GridAdapter<R> | null | undefined>,
  options: UseLiveKpisOptions = {},
): UseLiveKpisReturn<R> {
  // KPIs ignore order: after a sort an adapter with `getRowSet` hands back the same rows and the
  // KPIs are not computed again.
  const { rows, refresh } = useGridAdapter(adapter, { flush: options.flush ?? 'frame', order: 'any' });
  const format = useGridViewFormat(options.locale, options.currency);
  const kpis = computed(() => resolveKpis(toValue(specs), rows.value, format.value));
  return { kpis, rows, refresh };
}
