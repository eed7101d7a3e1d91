/**
 * `useGridLayoutSync` over a real AG Grid in jsdom, through `controllerFromGridApi` as the browser
 * bundle's `attachDataGrid` uses it: a layout change is kept with the reader's preferences by itself
 * (after a quiet time, then the store's debounce), a failed save keeps the change and is retried,
 * and a grid created later starts from the kept layout. The layout is never listed as a preset.
 */
import { AllCommunityModule, ModuleRegistry, createGrid } from 'ag-grid-community';
import type { GridApi, GridOptions } from 'ag-grid-community';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { useGridLayoutSync } from '../../components/data-grid/useGridLayoutSync';
import { useGridPreferences } from '../../composables/useGridPreferences';
import { controllerFromGridApi } from '../../components/data-grid/controller';
import { LAYOUT_PRESET } from '../../stores/preferences/model';
import { useGridPreferencesStore } from '../../stores/preferences';
import { FakeStorage, FlakyHost, drain } from '../stores/helpers';

interface Order {
  id: number;
  region: string;
  total: number;
}

const options: GridOptions<Order> = {
  columnDefs: [{ field: 'id' }, { field: 'region' }, { field: 'total' }],
  rowData: [
    { id: 1, region: 'north', total: 10 },
    { id: 2, region: 'south', total: 30 },
  ],
};

let grids: GridApi<Order>[] = [];

function mountGrid(): GridApi<Order> {
  const container = document.createElement('div');
  container.style.height = '300px';
  document.body.append(container);
  const api = createGrid<Order>(container, options);
  grids.push(api);
  return api;
}

/** A grid with its layout followed, in a scope of its own (as a page's attached toolbar has). */
function follow(api: GridApi<Order>, host: FlakyHost, storage: FakeStorage) {
  const scope = effectScope();
  const controller = controllerFromGridApi(api, { gridId: 'orders' });
  const sync = scope.run(() => useGridLayoutSync(controller, 'orders', { host, storage, window: null, quietMs: 300 }))!;
  const prefs = scope.run(() => useGridPreferences('orders', { host, storage, window: null, immediate: false }))!;
  return { scope, sync, prefs };
}

const visible = (api: GridApi<Order>) => api.getColumnState().filter((column) => !column.hide).map((column) => column.colId);

beforeAll(() => {
  ModuleRegistry.registerModules([AllCommunityModule]);
});

afterEach(() => {
  for (const api of grids) if (!api.isDestroyed()) api.destroy();
  grids = [];
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('useGridLayoutSync', () => {
  it('keeps a layout change with the preferences by itself, and a new grid starts from it', async () => {
    vi.useFakeTimers();
    setActivePinia(createPinia());
    const host = new FlakyHost();
    const storage = new FakeStorage();
    const first = mountGrid();
    const { scope, sync, prefs } = follow(first, host, storage);
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(sync.restored.value).toBe(true);
    expect(host.saves).toHaveLength(0);

    first.applyColumnState({ state: [{ colId: 'region', hide: true }, { colId: 'total', sort: 'desc' }] });
    // A burst of changes is one save, after the quiet time and the store's debounce.
    first.applyColumnState({ state: [{ colId: 'id', width: 150 }] });
    await vi.advanceTimersByTimeAsync(299);
    expect(prefs.entry.value.colPresets[LAYOUT_PRESET]).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(prefs.entry.value.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(400);
    await drain();
    expect(host.saves).toHaveLength(1);
    const kept = host.saves[0]?.colPresets?.[LAYOUT_PRESET]?.columns ?? [];
    expect(kept.find((column) => column.colId === 'region')).toMatchObject({ hide: true });
    expect(kept.find((column) => column.colId === 'total')).toMatchObject({ sort: 'desc' });
    expect(kept.find((column) => column.colId === 'id')).toMatchObject({ width: 150 });
    // The reader's presets do not list it, and nobody can name a preset after it.
    expect(prefs.presetNames.value).toEqual([]);
    expect(prefs.savePreset(LAYOUT_PRESET, first.getColumnState())).toMatchObject({ ok: false, code: 'invalid' });
    scope.stop();

    // Another page load: a fresh store over the same host, a grid with the columns' own layout.
    setActivePinia(createPinia());
    const second = mountGrid();
    expect(visible(second)).toEqual(['id', 'region', 'total']);
    const again = follow(second, host, new FakeStorage());
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    expect(visible(second)).toEqual(['id', 'total']);
    expect(second.getColumnState().find((column) => column.colId === 'total')?.sort).toBe('desc');
    // Applying the kept layout is not a change to send back: past the quiet time (300 ms) and the
    // store's debounce (400 ms) with room to spare. Not 2 s: each fake second steps AG Grid's
    // frequent timers in jsdom, about 1.4 s of CPU, and the test timed out once on a loaded machine.
    await vi.advanceTimersByTimeAsync(1000);
    await drain();
    expect(host.saves).toHaveLength(1);
    again.scope.stop();
  });

  it('keeps a change whose save failed, and sends it again on the retry', async () => {
    vi.useFakeTimers();
    setActivePinia(createPinia());
    const host = new FlakyHost();
    const storage = new FakeStorage();
    const api = mountGrid();
    const { scope, prefs } = follow(api, host, storage);
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    host.failSaves = 1;
    api.applyColumnState({ state: [{ colId: 'region', hide: true }] });
    await vi.advanceTimersByTimeAsync(700);
    await drain();
    // The one attempt failed: the change stays, marked pending.
    expect(host.saves).toHaveLength(1);
    await expect(host.getGridPrefs('u1', 'orders')).resolves.toMatchObject({ colPresets: {} });
    expect(prefs.entry.value).toMatchObject({ pending: true, attempts: 1 });
    expect(prefs.entry.value.colPresets[LAYOUT_PRESET]?.columns.find((column) => column.colId === 'region')).toMatchObject({ hide: true });
    const retryAt = prefs.entry.value.nextRetryAt;
    expect(retryAt).not.toBeNull();
    await vi.advanceTimersByTimeAsync(retryAt! - Date.now() + 1);
    await drain();
    expect(host.saves).toHaveLength(2);
    expect(prefs.entry.value).toMatchObject({ pending: false, error: null });
    const stored = (await host.getGridPrefs('u1', 'orders')).colPresets[LAYOUT_PRESET]?.columns ?? [];
    expect(stored.find((column) => column.colId === 'region')).toMatchObject({ hide: true });
    scope.stop();
  });

  it('keeps a change still in its quiet time when the grid goes', async () => {
    vi.useFakeTimers();
    setActivePinia(createPinia());
    const host = new FlakyHost();
    const api = mountGrid();
    const { scope } = follow(api, host, new FakeStorage());
    await vi.advanceTimersByTimeAsync(0);
    await drain();
    api.applyColumnState({ state: [{ colId: 'total', hide: true }] });
    // AG Grid tells of the change in a task of its own; the quiet time (300 ms) has not passed.
    await vi.advanceTimersByTimeAsync(50);
    expect(useGridPreferencesStore().entryOf('orders').colPresets[LAYOUT_PRESET]).toBeUndefined();
    scope.stop();
    expect(useGridPreferencesStore().entryOf('orders').colPresets[LAYOUT_PRESET]?.columns.find((column) => column.colId === 'total')).toMatchObject({ hide: true });
  });
});
