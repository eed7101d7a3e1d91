/**
 * `useDataGridWarmup`: a `DataGrid` over rows in memory gets its first sort and search ready before
 * the reader asks. The table model's sort and search caches are warmed while the browser is idle
 * (`useTableWarmup`, more than 200 rows), and the sort of a column is prepared when a pointer rests
 * on its header or focus arrives at it. Internal to `DataGrid` (not exported by the package).
 *
 * @module
 */
import { ref, watch } from 'vue';
import type { ComputedRef, Ref } from 'vue';
import type { Column, Row } from '../../src/core/types';
import type { LocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { RowSource } from '../../src/core/data-grid/types';
import { useTableWarmup } from '../../composables/useTableWarmup';
import { useTableEngine } from '../../composables/useTableEngine';

/** Options of `useDataGridWarmup`. */
export interface UseDataGridWarmupOptions {
  /** The local source; null (a host `rowSource`) warms nothing. */
  localSource: ComputedRef<LocalRowSource | null>;
  /** The host's row source (another source forgets the header last prepared). */
  rowSource: () => RowSource | null;
  rows: ComputedRef<readonly Row[]>;
  columns: ComputedRef<readonly Column[]>;
  format: ComputedRef<{ locale: string; currency: string }>;
}

/** What `useDataGridWarmup` returns. */
export interface UseDataGridWarmupReturn {
  /** Bind to the grid's root element: the warm-up runs on its window's scheduler. */
  host: Ref<HTMLElement | null>;
  /** Listener for `pointerover` and `focusin` around the grid's headers. */
  onHeaderIntent(event: Event): void;
}

/** Fewer rows than this are sorted and searched fast enough without caches built ahead. */
const WARM_ABOVE_ROWS = 200;

/**
 * The warm-up of a `DataGrid`; see the module comment. Edge cases: nothing is warmed on a remote
 * source or without a window (SSR); the same header prepares once until the rows or the source
 * change; a header of a column that cannot be sorted prepares nothing.
 */
export function useDataGridWarmup(options: UseDataGridWarmupOptions): UseDataGridWarmupReturn {
  const { localSource, rows, columns } = options;
  const host = ref<HTMLElement | null>(null);
  const tableEngine = useTableEngine();
  const warmable = (): boolean => localSource.value !== null && rows.value.length > WARM_ABOVE_ROWS;
  const { prepareSort } = useTableWarmup({
    enabled: warmable,
    interactive: warmable,
    prepareOnIntent: () => localSource.value !== null,
    engine: tableEngine.engine,
    requestEngine: tableEngine.request,
    element: host,
    rows,
    columns,
    searchMode: () => 'global',
    format: options.format,
  });

  /** The column whose sort the last header intent prepared (the pointer moves over a header's parts). */
  let intentKey: string | null = null;
  watch([localSource, options.rowSource], () => {
    intentKey = null;
  });

  return {
    host,
    /**
     * A pointer resting on a column header, or focus arriving at one: that column's sort is prepared
     * in short idle slices before the click (the first text sort of 100,000 rows builds a collation
     * index, which the background warm-up may not have reached yet).
     */
    onHeaderIntent(event) {
      const target = event.target as Element | null;
      const key = typeof target?.closest === 'function' ? target.closest('.ag-header-cell[col-id]')?.getAttribute('col-id') : null;
      if (!key || key === intentKey) return;
      intentKey = key;
      const column = columns.value.find((c) => c.key === key);
      if (column) prepareSort(column);
    },
  };
}
