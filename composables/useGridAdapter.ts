/**
 * `useGridAdapter`: the rows of a grid adapter as a `shallowRef` that follows every change.
 *
 * @module
 */
import { shallowRef, toValue, triggerRef, watch } from 'vue';
import type { MaybeRefOrGetter, ShallowRef } from 'vue';
import type { GridAdapter } from '../src/core/adapters';
import type { Row } from '../src/core/types';
import { createCoalescer } from '../src/core/coalesce';
import type { RecomputeFlush } from '../src/core/coalesce';

/** Options of `useGridAdapter`. */
export interface UseGridAdapterOptions {
  /** When rows are re-read after a change notification; default `frame` (see `RecomputeFlush`). */
  flush?: RecomputeFlush;
  /**
   * `shown` (default): the rows in the grid's order (`getRows()`). `any`: the consumer ignores order
   * (KPIs): rows come from the adapter's `getRowSet()` when it has one, and `rows` is left alone
   * when that hands back the same array (a sort changed nothing the consumer reads).
   */
  order?: 'shown' | 'any';
}

/** What `useGridAdapter` returns. */
export interface UseGridAdapterReturn<R extends Row = Row> {
  /**
   * The adapter's current rows. A `shallowRef`: rows are never made reactive; the ref changes
   * (or is triggered) after each change notification.
   */
  rows: ShallowRef<readonly R[]>;
  /** Re-reads the rows now (after a change the adapter could not report). */
  refresh(): void;
}

/**
 * Subscribes to a grid adapter for the life of the current effect scope (component or
 * `effectScope`). A reactive `adapter` is followed: the old one is unsubscribed, the new one read.
 *
 * Edge cases: a null or undefined adapter gives `[]`; an adapter that hands back the same array
 * after a change (a `staticRowsAdapter` whose caller mutated and re-set it) still triggers
 * dependants, except with `order: 'any'` from an adapter's `getRowSet()` (the same set); bursts of notifications re-read the rows once per `flush` window; when the scope
 * ends the subscription is removed and a scheduled re-read is dropped.
 */
export function useGridAdapter<R extends Row = Row>(
  adapter: MaybeRefOrGetter<GridAdapter<R> | null | undefined>,
  options: UseGridAdapterOptions = {},
): UseGridAdapterReturn<R> {
  const rows = shallowRef<readonly R[]>([]);
  let current: GridAdapter<R> | null = null;

  const unordered = options.order === 'any';
  const rowsOf = (source: GridAdapter<R>): readonly R[] => (unordered && source.getRowSet ? source.getRowSet() : source.getRows());

  const read = (): void => {
    const next = current ? rowsOf(current) : [];
    if (next !== rows.value) rows.value = next;
    // The same array again: a set that did not change, or an array its owner changed in place.
    else if (!(unordered && current?.getRowSet)) triggerRef(rows);
  };
  const coalescer = createCoalescer(read, options.flush ?? 'frame');

  watch(
    () => toValue(adapter) ?? null,
    (next, _previous, onCleanup) => {
      current = next;
      coalescer.cancel();
      rows.value = next ? rowsOf(next) : [];
      if (!next) return;
      const unsubscribe = next.onChange(() => coalescer.schedule());
      onCleanup(() => {
        unsubscribe();
        coalescer.cancel();
      });
    },
    { immediate: true, flush: 'sync' },
  );

  return { rows, refresh: read };
}
