import { describe, expect, it, vi } from 'vitest';
import { staticRowsAdapter } from '../../src/core/adapters';
import { DATA_GRID_CHANGE_EVENTS } from '../../src/core/adapters';
import { createDataGridAdapter } from '../../src/core/adapters';
import { FakeGridApi } from './fake-grid';
import { setWarningHandler } from '../../src/core/warn';
import type { GridViewWarning } from '../../src/core/warn';

type Order = { id: number; region: string; total: number };
const orders: Order[] = [
  { id: 1, region: 'north', total: 10 },
  { id: 2, region: 'south', total: 30 },
  { id: 3, region: 'north', total: 20 },
];

describe('createDataGridAdapter', () => {
  it('gives the visible rows after filter and sort, skipping nodes without data', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    expect(adapter.getRows()).toEqual(orders);
    api.setFilter((row) => row.region === 'north');
    api.setSort((a, b) => b.total - a.total);
    expect(adapter.getRows().map((row) => row.id)).toEqual([3, 1]);
  });

  it('notifies on every change event and unsubscribes', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    const seen = vi.fn();
    const off = adapter.onChange(seen);
    api.setFilter(() => true);
    api.setSort(null);
    api.setRowData([]);
    api.fire('cellValueChanged');
    expect(seen).toHaveBeenCalledTimes(7);
    off();
    off();
    api.setFilter(() => false);
    expect(seen).toHaveBeenCalledTimes(7);
  });

  it('attaches grid listeners with the first subscriber and removes them with the last', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    expect(api.listenerCount()).toBe(0);
    const offA = adapter.onChange(() => {});
    const offB = adapter.onChange(() => {});
    expect(api.listenerCount()).toBe(DATA_GRID_CHANGE_EVENTS.length);
    offA();
    expect(api.listenerCount()).toBe(DATA_GRID_CHANGE_EVENTS.length);
    offB();
    expect(api.listenerCount()).toBe(0);
  });

  it('walks the grid once per change however many consumers read, and returns a new array after each change', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    adapter.onChange(() => {});
    const first = adapter.getRows();
    expect(adapter.getRows()).toBe(first);
    expect(api.walks).toBe(1);
    api.setFilter((row) => row.total > 10);
    const second = adapter.getRows();
    expect(second).not.toBe(first);
    expect(adapter.getRows()).toBe(second);
    expect(second.map((row) => row.id)).toEqual([2, 3]);
  });

  it('notifies once for the filterChanged + modelUpdated pair of one change, and always for data events', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    const seen = vi.fn();
    adapter.onChange(seen);
    adapter.getRows();
    api.setFilter((row) => row.region === 'north');
    expect(seen).toHaveBeenCalledTimes(1);
    api.fire('modelUpdated');
    expect(seen).toHaveBeenCalledTimes(1);
    api.setSort((a, b) => b.total - a.total);
    expect(seen).toHaveBeenCalledTimes(2);
    expect(adapter.getRows().map((row) => row.id)).toEqual([3, 1]);
    api.fire('cellValueChanged');
    api.fire('rowDataUpdated');
    expect(seen).toHaveBeenCalledTimes(4);
  });

  // The fake grid throws on any use after destroy, as AG Grid warns and fails: every call below
  // would throw if the adapter touched the destroyed grid.
  it('keeps the last rows on a destroyed grid API and never touches it again', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    const seen = vi.fn();
    const off = adapter.onChange(seen);
    adapter.getRows();
    api.setFilter((row) => row.id === 2);
    const rows = adapter.getRows();
    expect(rows.map((row) => row.id)).toEqual([2]);
    const walks = api.walks;
    const listeners = api.listenerCount();
    seen.mockClear();
    api.destroyed = true;

    expect(adapter.getRows()).toBe(rows);
    // An event the dying grid still fires is passed on; subscribers re-read the last rows.
    api.fire('modelUpdated');
    expect(seen).toHaveBeenCalledTimes(1);
    expect(adapter.getRows()).toBe(rows);
    expect(api.walks).toBe(walks);
    // Unsubscribing skips listener removal (the grid dropped its listeners itself)…
    expect(off()).toBeUndefined();
    expect(api.listenerCount()).toBe(listeners);
    // …and a late subscriber attaches none.
    const late = vi.fn();
    expect(adapter.onChange(late)).toBeTypeOf('function');
    expect(api.listenerCount()).toBe(listeners);
    expect(adapter.dispose()).toBeUndefined();
    expect(adapter.getRows()).toBe(rows);
    expect(api.walks).toBe(walks);
    expect(api.usesAfterDestroy).toBe(0);
  });

  it('keeps notifying the other subscribers when one throws', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    const warnings: GridViewWarning[] = [];
    setWarningHandler((warning) => warnings.push(warning));
    const good = vi.fn();
    adapter.onChange(() => {
      throw new Error('bad subscriber');
    });
    adapter.onChange(good);
    api.fire('filterChanged');
    setWarningHandler(null);
    expect(good).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual([expect.objectContaining({ code: 'adapter_subscriber_failed', detail: expect.objectContaining({ message: 'bad subscriber' }) })]);
  });

  it('dispose removes every listener and ignores later subscriptions', () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api, { events: ['filterChanged'] });
    const seen = vi.fn();
    adapter.onChange(seen);
    expect(api.listenerCount()).toBe(1);
    adapter.dispose();
    adapter.dispose();
    expect(api.listenerCount()).toBe(0);
    adapter.onChange(seen);
    api.fire('filterChanged');
    expect(seen).not.toHaveBeenCalled();
    expect(api.listenerCount()).toBe(0);
  });
});

describe('staticRowsAdapter', () => {
  it('hands out the rows by reference and notifies on setRows', () => {
    const adapter = staticRowsAdapter(orders);
    expect(adapter.getRows()).toBe(orders);
    const seen = vi.fn();
    const off = adapter.onChange(seen);
    const next = orders.slice(1);
    adapter.setRows(next);
    expect(adapter.getRows()).toBe(next);
    adapter.setRows(next);
    expect(seen).toHaveBeenCalledTimes(2);
    off();
    adapter.setRows(orders);
    expect(seen).toHaveBeenCalledTimes(2);
    expect(Object.isFrozen(orders)).toBe(false);
  });

  it('starts empty without rows', () => {
    expect(staticRowsAdapter().getRows()).toEqual([]);
  });
});
