import { AllCommunityModule, ModuleRegistry, createGrid } from 'ag-grid-community';
import type { GridApi } from 'ag-grid-community';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, effectScope, h, isReactive, nextTick, ref, shallowRef } from 'vue';
import { useGridAdapter, useGridFilteredChart, useLiveKpis } from '../../composables/index';
import { createCoalescer } from '../../src/core/coalesce';
import { staticRowsAdapter } from '../../src/core/adapters';
import { createDataGridAdapter } from '../../src/core/adapters';
import type { GridAdapter } from '../../src/core/adapters';
import { GridViewPlugin } from '../../src/plugin';
import type { ChartSpecWire, KpiSpecWire } from '../../src/core/types';
import { FakeGridApi } from './fake-grid';
import { waitFor } from '../setup/wait';

type Order = { id: number; region: string; total: number };
const orders: Order[] = [
  { id: 1, region: 'north', total: 10 },
  { id: 2, region: 'south', total: 30 },
  { id: 3, region: 'north', total: 20 },
  { id: 4, region: 'east', total: 40 },
];
const specs: KpiSpecWire[] = [
  { label: 'Orders', aggregate: 'count' },
  { label: 'Revenue', aggregate: 'sum', column_key: 'total' },
  { label: 'Average', aggregate: 'avg', column_key: 'total' },
];
const values = (kpis: { value: number | null }[]) => kpis.map((kpi) => kpi.value);
const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('useGridAdapter', () => {
  it('holds rows in a shallowRef and follows changes, coalescing a burst into one read', async () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    const scope = effectScope();
    const { rows } = scope.run(() => useGridAdapter(adapter, { flush: 'microtask' }))!;
    expect(rows.value).toEqual(orders);
    expect(isReactive(rows.value)).toBe(false);
    const walks = api.walks;
    api.setFilter((row) => row.region === 'north');
    api.setSort((a, b) => b.total - a.total);
    await microtasks();
    expect(rows.value.map((row) => row.id)).toEqual([3, 1]);
    expect(api.walks).toBe(walks + 1);
    scope.stop();
  });

  it('removes every subscription when the scope stops and drops a scheduled read', async () => {
    const api = new FakeGridApi(orders);
    const adapter = createDataGridAdapter(api);
    const scope = effectScope();
    const { rows } = scope.run(() => useGridAdapter(adapter, { flush: 'microtask' }))!;
    expect(api.listenerCount()).toBeGreaterThan(0);
    api.setFilter(() => false);
    scope.stop();
    await microtasks();
    expect(api.listenerCount()).toBe(0);
    expect(rows.value).toEqual(orders);
  });

  it('follows a reactive adapter, unsubscribing from the old one', () => {
    const first = staticRowsAdapter(orders);
    const second = staticRowsAdapter(orders.slice(0, 1));
    const unsubscribed = vi.fn();
    const subscribe = first.onChange.bind(first);
    first.onChange = (callback) => {
      const off = subscribe(callback);
      return () => {
        unsubscribed();
        off();
      };
    };
    const current = shallowRef<GridAdapter<Order> | null>(first);
    const scope = effectScope();
    const { rows } = scope.run(() => useGridAdapter(current, { flush: 'sync' }))!;
    expect(rows.value).toHaveLength(4);
    current.value = second;
    expect(unsubscribed).toHaveBeenCalledTimes(1);
    expect(rows.value).toHaveLength(1);
    first.setRows([]);
    expect(rows.value).toHaveLength(1);
    second.setRows(orders.slice(0, 2));
    expect(rows.value).toHaveLength(2);
    current.value = null;
    expect(rows.value).toEqual([]);
    scope.stop();
  });

  it('triggers dependants when a static adapter re-sets the same array', () => {
    const data = orders.slice();
    const adapter = staticRowsAdapter(data);
    const scope = effectScope();
    const { kpis } = scope.run(() => useLiveKpis(specs, adapter, { flush: 'sync' }))!;
    expect(kpis.value[0]!.value).toBe(4);
    data.push({ id: 5, region: 'west', total: 5 });
    adapter.setRows(data);
    expect(kpis.value[0]!.value).toBe(5);
    scope.stop();
  });
});

describe('useGridAdapter with order: any', () => {
  /** An adapter whose row set keeps its identity while only the order changes (as the DataGrid's). */
  function sortingAdapter(rows: readonly Order[]) {
    let set: readonly Order[] = rows;
    let shown: readonly Order[] = rows;
    const listeners = new Set<() => void>();
    const notify = () => listeners.forEach((listener) => listener());
    return {
      getRows: vi.fn(() => shown),
      getRowSet: vi.fn(() => set),
      onChange(callback: () => void) {
        listeners.add(callback);
        return () => listeners.delete(callback);
      },
      sort(compare: (a: Order, b: Order) => number) {
        shown = [...set].sort(compare);
        notify();
      },
      filter(keep: (row: Order) => boolean) {
        set = rows.filter(keep);
        shown = set;
        notify();
      },
    };
  }

  it('reads the row set and leaves dependants alone after a sort, but follows a filter', () => {
    const adapter = sortingAdapter(orders);
    const scope = effectScope();
    const { kpis, rows } = scope.run(() => useLiveKpis(specs, adapter, { flush: 'sync' }))!;
    const computedKpis = kpis.value;
    expect(values(computedKpis)).toEqual([4, 100, 25]);
    adapter.sort((a, b) => b.total - a.total);
    expect(kpis.value).toBe(computedKpis);
    expect(rows.value).toBe(orders);
    expect(adapter.getRows).not.toHaveBeenCalled();
    adapter.filter((row) => row.region === 'north');
    expect(values(kpis.value)).toEqual([2, 30, 15]);
    scope.stop();
  });

  it('reads rows in the grid order by default, and falls back to getRows without a row set', () => {
    const adapter = sortingAdapter(orders);
    const scope = effectScope();
    const { rows } = scope.run(() => useGridAdapter(adapter, { flush: 'sync' }))!;
    adapter.sort((a, b) => b.total - a.total);
    expect(rows.value.map((row) => row.id)).toEqual([4, 2, 3, 1]);
    const plain = staticRowsAdapter(orders);
    const { rows: unordered } = scope.run(() => useGridAdapter(plain, { flush: 'sync', order: 'any' }))!;
    expect(unordered.value).toBe(orders);
    scope.stop();
  });
});

describe('useLiveKpis', () => {
  it('follows filter, sort and model changes of a fake grid API', async () => {
    const api = new FakeGridApi(orders);
    const scope = effectScope();
    const { kpis } = scope.run(() => useLiveKpis(specs, createDataGridAdapter(api), { flush: 'microtask' }))!;
    expect(values(kpis.value)).toEqual([4, 100, 25]);
    api.setFilter((row) => row.region === 'north');
    await microtasks();
    expect(values(kpis.value)).toEqual([2, 30, 15]);
    api.setSort((a, b) => a.total - b.total);
    await microtasks();
    expect(values(kpis.value)).toEqual([2, 30, 15]);
    api.setRowData([{ id: 9, region: 'north', total: 7 }]);
    await microtasks();
    expect(values(kpis.value)).toEqual([1, 7, 7]);
    api.setFilter(() => false);
    await microtasks();
    expect(kpis.value.map((kpi) => kpi.display)).toEqual(['0', '0', '—']);
    scope.stop();
    expect(api.listenerCount()).toBe(0);
  });

  it('recomputes once for a burst of events', async () => {
    const adapter = staticRowsAdapter(orders);
    const getRows = vi.spyOn(adapter, 'getRows');
    const scope = effectScope();
    const { kpis } = scope.run(() => useLiveKpis(specs, adapter, { flush: 'microtask' }))!;
    void kpis.value;
    getRows.mockClear();
    for (let i = 0; i < 50; i++) adapter.setRows(orders.slice(0, (i % 4) + 1));
    await microtasks();
    expect(getRows).toHaveBeenCalledTimes(1);
    expect(values(kpis.value)).toEqual([2, 40, 20]);
    scope.stop();
  });

  it('coalesces to one run per animation frame by default', async () => {
    const adapter = staticRowsAdapter(orders);
    const getRows = vi.spyOn(adapter, 'getRows');
    const scope = effectScope();
    const { kpis } = scope.run(() => useLiveKpis(specs, adapter))!;
    getRows.mockClear();
    adapter.setRows(orders.slice(0, 1));
    adapter.setRows(orders.slice(0, 2));
    await microtasks();
    expect(getRows).not.toHaveBeenCalled();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(getRows).toHaveBeenCalledTimes(1);
    expect(values(kpis.value)).toEqual([2, 40, 20]);
    scope.stop();
  });

  it('follows reactive specs and the locale', async () => {
    const adapter = staticRowsAdapter([{ id: 1, region: 'n', total: 1234.5 }]);
    const list = shallowRef<KpiSpecWire[]>([{ label: 'Revenue', aggregate: 'sum', column_key: 'total', format: 'number' }]);
    const locale = ref('en');
    const scope = effectScope();
    const { kpis } = scope.run(() => useLiveKpis(list, adapter, { flush: 'sync', locale }))!;
    expect(kpis.value[0]!.display).toBe('1,234.5');
    locale.value = 'uk';
    expect(kpis.value[0]!.display).not.toBe('1,234.5');
    list.value = [...list.value, { label: 'Max', aggregate: 'max', column_key: 'total' }];
    expect(kpis.value).toHaveLength(2);
    scope.stop();
  });

  it('takes locale and currency from the plugin inside an app', async () => {
    const adapter = staticRowsAdapter([{ id: 1, region: 'n', total: 5 }]);
    let display = '';
    const app = createApp(
      defineComponent({
        setup() {
          const { kpis } = useLiveKpis([{ label: 'Revenue', aggregate: 'sum', column_key: 'total', format: 'currency' }], adapter, { flush: 'sync' });
          return () => {
            display = kpis.value[0]!.display;
            return h('span', display);
          };
        },
      }),
    );
    app.use(GridViewPlugin, { locale: 'en', currency: 'EUR' });
    const root = document.createElement('div');
    app.mount(root);
    await nextTick();
    expect(display).toContain('€');
    app.unmount();
  });
});

describe('useGridFilteredChart', () => {
  it('rebuilds the chart runtime from the visible rows', async () => {
    const api = new FakeGridApi(orders);
    const chart: ChartSpecWire = { id: 'by-region', chart_type: 'bar', x_key: 'region', series: [{ key: 'total', label: 'Total' }], data_source: 'grid_filtered' };
    const scope = effectScope();
    const { runtime } = scope.run(() => useGridFilteredChart(chart, createDataGridAdapter(api), { flush: 'microtask' }))!;
    expect(runtime.value.categories).toEqual(['north', 'south', 'east']);
    expect(runtime.value.values[0]).toEqual([30, 30, 40]);
    api.setFilter((row) => row.total >= 20);
    await microtasks();
    expect(runtime.value.categories).toEqual(['south', 'north', 'east']);
    api.setFilter(() => false);
    await microtasks();
    expect(runtime.value.empty).toBe(true);
    scope.stop();
    expect(api.listenerCount()).toBe(0);
  });

  it('takes series formats and the x label from the view columns when given', () => {
    const api = new FakeGridApi(orders);
    const chart: ChartSpecWire = { id: 'by-region', chart_type: 'bar', x_key: 'region', series: [{ key: 'total', label: 'Total' }] };
    const columns = [
      { key: 'region', label: 'Region' },
      { key: 'total', label: 'Total', format: 'currency' as const },
    ];
    const scope = effectScope();
    const withColumns = scope.run(() => useGridFilteredChart(chart, createDataGridAdapter(api), { flush: 'sync', columns }))!;
    const without = scope.run(() => useGridFilteredChart(chart, createDataGridAdapter(api), { flush: 'sync' }))!;
    expect(withColumns.runtime.value.xLabel).toBe('Region');
    expect(withColumns.runtime.value.series[0]?.format).toBe('currency');
    expect(without.runtime.value.xLabel).toBeUndefined();
    expect(without.runtime.value.series[0]?.format).toBeUndefined();
    scope.stop();
  });
});

describe('live KPIs over a real AG Grid in jsdom', () => {
  let api: GridApi<Order> | null = null;
  afterEach(() => {
    if (api && !api.isDestroyed()) api.destroy();
    api = null;
    document.body.replaceChildren();
  });

  it('follow the quick filter, the filter model and the sort of a mounted grid, and survive its destruction', async () => {
    ModuleRegistry.registerModules([AllCommunityModule]);
    const container = document.createElement('div');
    container.style.height = '400px';
    document.body.append(container);
    api = createGrid<Order>(container, {
      columnDefs: [{ field: 'id' }, { field: 'region', filter: 'agTextColumnFilter' }, { field: 'total', filter: 'agNumberColumnFilter' }],
      rowData: orders,
    });
    const adapter = createDataGridAdapter(api as never);
    const scope = effectScope();
    const { kpis, rows } = scope.run(() => useLiveKpis(specs, adapter, { flush: 'microtask' }))!;
    expect(values(kpis.value)).toEqual([4, 100, 25]);

    api.setGridOption('quickFilterText', 'north');
    await waitFor(() => expect(values(kpis.value)).toEqual([2, 30, 15]));

    api.setGridOption('quickFilterText', '');
    await api.setColumnFilterModel('total', { filterType: 'number', type: 'greaterThan', filter: 15 });
    api.onFilterChanged();
    await waitFor(() => expect(values(kpis.value)).toEqual([3, 90, 30]));

    api.applyColumnState({ state: [{ colId: 'total', sort: 'desc' }] });
    await waitFor(() => expect(rows.value.map((row) => row.id)).toEqual([4, 2, 3]));

    api.setFilterModel(null);
    api.setGridOption('rowData', [...orders, { id: 5, region: 'west', total: 100 }]);
    await waitFor(() => expect(values(kpis.value)).toEqual([5, 200, 40]));

    api.destroy();
    expect(() => adapter.getRows()).not.toThrow();
    expect(() => scope.stop()).not.toThrow();
  });
});

describe('createCoalescer', () => {
  it('runs once per microtask window, at once with sync, and never after cancel', async () => {
    const task = vi.fn();
    const micro = createCoalescer(task, 'microtask');
    micro.schedule();
    micro.schedule();
    await microtasks();
    expect(task).toHaveBeenCalledTimes(1);
    micro.schedule();
    micro.cancel();
    await microtasks();
    expect(task).toHaveBeenCalledTimes(1);
    const sync = createCoalescer(task, 'sync');
    sync.schedule();
    sync.schedule();
    expect(task).toHaveBeenCalledTimes(3);
  });
});
