/**
 * Event payload types of `SimpleTable`.
 *
 * @module
 */
import type { Row } from '../../src/core/types';

/** Payload of `row-click`. */
export interface SimpleTableRowClick<R extends Row = Row> {
  /** The row object from `config.data` (the same object, never a copy). */
  row: R;
  /** Index of the row in `config.data`. */
  index: number;
  /** Position of the row among the visible (searched, sorted) rows. */
  visibleIndex: number;
}

/** Payload of `search-change`: the global search text and the per-column filters by column key. */
export interface SimpleTableSearchChange {
  query: string;
  filters: Record<string, string>;
}
