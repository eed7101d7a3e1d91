import type { DataGridApiLike } from '../../src/core/adapters';
import type { Row } from '../../src/core/types';

/**
 * A fake AG Grid API: rows, a filter predicate and a sort, with the grid's event methods. `set*`
 * methods change what is visible and fire the events AG Grid fires for that change.
 */
export class FakeGridApi<R extends Row = Row> implements DataGridApiLike<R> {
  rows: R[];
  predicate: (row: R) => boolean = () => true;
  compare: ((a: R, b: R) => number) | null = null;
  destroyed = false;
  /** Calls made after `destroyed` was set, counted even when the caller swallows the throw. */
  usesAfterDestroy = 0;
  walks = 0;
  readonly listeners = new Map<string, Set<(event: unknown) => void>>();

  constructor(rows: R[]) {
    this.rows = rows;
  }

  forEachNodeAfterFilterAndSort(callback: (node: { data?: R }, index: number) => void): void {
    this.assertAlive();
    this.walks++;
    const visible = this.rows.filter(this.predicate);
    if (this.compare) visible.sort(this.compare);
    // A group node without data, as AG Grid hands out with row grouping.
    callback({}, -1);
    visible.forEach((data, index) => callback({ data }, index));
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.assertAlive();
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.assertAlive();
    this.listeners.get(type)?.delete(listener);
  }

  private assertAlive(): void {
    if (!this.destroyed) return;
    this.usesAfterDestroy++;
    throw new Error('grid API used after destroy');
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  fire(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type });
  }

  setFilter(predicate: (row: R) => boolean): void {
    this.predicate = predicate;
    this.fire('filterChanged');
    this.fire('modelUpdated');
  }

  setSort(compare: ((a: R, b: R) => number) | null): void {
    this.compare = compare;
    this.fire('sortChanged');
    this.fire('modelUpdated');
  }

  setRowData(rows: R[]): void {
    this.rows = rows;
    this.fire('rowDataUpdated');
    this.fire('modelUpdated');
  }
}
