/**
 * Grid adapters: the small interface through which live KPIs and `grid_filtered` charts read the
 * rows a data grid currently shows, and hear when they change. Pure and framework-free (no Vue, no
 * DOM, no AG Grid import: the grid API is duck-typed), so the browser bundle and the Vue layer share
 * them.
 *
 * @module
 */
import type { Row } from './types';
import { warn } from './warn';

/**
 * Source of the rows a view aggregates. `getRows()` gives the rows currently visible (after the
 * grid's filter and sort); `onChange(cb)` calls `cb` whenever they may have changed and returns a
 * function that unsubscribes (calling it twice is harmless).
 */
export interface GridAdapter<R extends Row = Row> {
  getRows(): readonly R[];
  onChange(callback: () => void): () => void;
  /**
   * Optional: the same rows as `getRows()` in an order of the adapter's choosing, handed back as the
   * SAME array as long as only their order changed (a sort). Consumers that ignore order (KPIs) read
   * this instead and skip their work after a sort. Adapters that cannot tell leave it out.
   */
  getRowSet?(): readonly R[];
}

/** A `GridAdapter` over rows the application holds; `setRows` replaces them and notifies. */
export interface StaticRowsAdapter<R extends Row = Row> extends GridAdapter<R> {
  /** Replaces the rows (the array is kept by reference, never copied or mutated) and notifies. */
  setRows(rows: readonly R[]): void;
}

/** A row node as the grid API hands it out: only `data` is read. Group nodes have no `data`. */
export interface DataGridRowNodeLike<R> {
  data?: R | undefined;
}

/**
 * The part of an AG Grid `GridApi` the adapter uses (duck-typed, so any grid with these methods
 * works and no AG Grid import is needed). `isDestroyed` exists since AG Grid 31.
 */
export interface DataGridApiLike<R = Row> {
  forEachNodeAfterFilterAndSort(callback: (node: DataGridRowNodeLike<R>, index: number) => void): void;
  addEventListener(eventType: string, listener: (event: unknown) => void): void;
  removeEventListener(eventType: string, listener: (event: unknown) => void): void;
  isDestroyed?(): boolean;
}

/** Grid events after which the visible rows may differ. */
export const DATA_GRID_CHANGE_EVENTS: readonly string[] = Object.freeze([
  'filterChanged',
  'sortChanged',
  'modelUpdated',
  'rowDataUpdated',
  'cellValueChanged',
]);

/**
 * Events that only change which rows are visible or their order (never a row's values). After one
 * of them the adapter re-walks the grid at once and stays silent when the visible rows are the same
 * objects in the same order: AG Grid fires `filterChanged` and then `modelUpdated` for one filter
 * change, and consumers should recompute once, not twice.
 */
const VIEW_EVENTS = new Set(['filterChanged', 'sortChanged', 'modelUpdated']);

/** Options of `createDataGridAdapter`. */
export interface DataGridAdapterOptions {
  /** Grid events that mean "rows may have changed"; defaults to `DATA_GRID_CHANGE_EVENTS`. */
  events?: readonly string[];
}

/** What `createDataGridAdapter` returns: a `GridAdapter` plus `dispose`. */
export interface DataGridAdapter<R extends Row = Row> extends GridAdapter<R> {
  /** Removes every grid listener and every subscriber; idempotent. */
  dispose(): void;
}

/**
 * Adapter over a host-owned data-grid API (AG Grid's `GridApi` with the client-side row model).
 *
 * - `getRows()` walks `forEachNodeAfterFilterAndSort` and keeps the nodes that carry `data`
 *   (group rows have none). While someone is subscribed the result is cached until the next grid
 *   event, so several consumers of one change walk the grid once; without subscribers every call
 *   walks the grid. Each change yields a NEW array (consumers compare by identity).
 * - After a view event (`filterChanged`, `sortChanged`, `modelUpdated`) the adapter walks the grid
 *   at once and notifies only when the visible rows differ (other objects, or another order), so
 *   the event pair AG Grid fires for one change costs one recompute. Data events
 *   (`rowDataUpdated`, `cellValueChanged`, any custom event) always notify: values may have
 *   changed inside the same row objects.
 * - The grid listeners are attached when the first subscriber arrives and removed when the last one
 *   leaves, so an adapter nobody listens to holds no listener on the grid.
 * - A destroyed grid (`isDestroyed()` true) never throws: `getRows()` returns the last rows seen (an
 *   empty array if none) and listener removal is skipped (the grid dropped them itself).
 * - A subscriber that throws does not stop the others; the error is reported through `warn`
 *   (code `adapter_subscriber_failed`).
 *
 * Edge cases: with the infinite or server-side row model AG Grid only walks the loaded rows, and
 * warns; KPIs over such grids belong on the server. Composables coalesce notifications further
 * (one recompute per animation frame or microtask).
 */
export function createDataGridAdapter<R extends Row = Row>(gridApi: DataGridApiLike<R>, options: DataGridAdapterOptions = {}): DataGridAdapter<R> {
  const events = options.events ?? DATA_GRID_CHANGE_EVENTS;
  const subscribers = new Set<() => void>();
  let cache: readonly R[] | null = null;
  let lastRows: readonly R[] = [];
  let attached = false;
  let disposed = false;

  const destroyed = (): boolean => {
    try {
      return gridApi.isDestroyed?.() === true;
    } catch {
      return true;
    }
  };

  const walk = (): R[] => {
    const rows: R[] = [];
    gridApi.forEachNodeAfterFilterAndSort((node) => {
      if (node.data !== undefined && node.data !== null) rows.push(node.data);
    });
    return rows;
  };

  const onGridEvent = (type: string): void => {
    if (VIEW_EVENTS.has(type) && cache !== null && !destroyed()) {
      const fresh = walk();
      if (sameRows(cache, fresh)) return;
      cache = fresh;
      lastRows = fresh;
    } else {
      cache = null;
    }
    notify(subscribers);
  };

  const listeners = new Map<string, () => void>(events.map((type) => [type, () => onGridEvent(type)]));

  const attach = (): void => {
    if (attached || disposed || destroyed()) return;
    for (const [type, listener] of listeners) gridApi.addEventListener(type, listener);
    attached = true;
  };

  const detach = (): void => {
    if (!attached) return;
    attached = false;
    cache = null;
    if (destroyed()) return;
    for (const [type, listener] of listeners) gridApi.removeEventListener(type, listener);
  };

  return {
    getRows() {
      // The cache is only trusted while listeners tell us when it goes stale.
      if (cache && attached) return cache;
      if (destroyed()) return lastRows;
      const rows = walk();
      cache = attached ? rows : null;
      lastRows = rows;
      return rows;
    },
    onChange(callback) {
      if (disposed) return () => {};
      const entry = (): void => callback();
      subscribers.add(entry);
      attach();
      return () => {
        if (!subscribers.delete(entry)) return;
        if (subscribers.size === 0) detach();
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      subscribers.clear();
      detach();
    },
  };
}

/**
 * Adapter over rows the application holds (the interface document's `staticRowsAdapter`): the
 * rows as given, with `setRows` to replace them and notify subscribers.
 *
 * Edge cases: the array is kept by reference and never copied, frozen or mutated; `setRows` with
 * the same array still notifies (the caller says its contents changed); unsubscribing twice is
 * harmless.
 */
export function staticRowsAdapter<R extends Row = Row>(rows: readonly R[] = []): StaticRowsAdapter<R> {
  let current = rows;
  const subscribers = new Set<() => void>();
  return {
    getRows: () => current,
    onChange(callback) {
      const entry = (): void => callback();
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    },
    setRows(next) {
      current = next;
      notify(subscribers);
    },
  };
}

/** True when both lists hold the same objects in the same order. */
function sameRows<R>(a: readonly R[], b: readonly R[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Calls every subscriber; one that throws is reported and does not stop the rest. */
function notify(subscribers: ReadonlySet<() => void>): void {
  for (const subscriber of [...subscribers]) {
    try {
      subscriber();
    } catch (error) {
      reportError(error);
    }
  }
}

function reportError(error: unknown): void {
  warn('adapter_subscriber_failed', 'a grid adapter subscriber threw; the other subscribers were still called.', error);
}
