/**
 * Presets from a real AG Grid: `getColumnState()` of a grid mounted in jsdom carries many more keys
 * than the server accepts (flex, rowGroup, pivot, aggFunc, sortType, …). Saved through the
 * composables as it is, it must be stored and applied back.
 */
import { AllCommunityModule, ModuleRegistry, createGrid } from 'ag-grid-community';
import type { ColumnState, GridApi, GridOptions } from 'ag-grid-community';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { useGridPreferences, usePageState } from '../../composables/index';
import { validateGridPrefsPatch } from '../../src/core/prefs';
import { MemoryHost, MemoryPrefs } from '../../src/host/index';
import { FakeStorage } from '../stores/helpers';

interface Order {
  id: number;
  region: string;
  total: number;
  note: string;
}

const PRESET_KEYS = ['colId', 'hide', 'pinned', 'sort', 'sortIndex', 'width'];
const rows: Order[] = [
  { id: 1, region: 'north', total: 10, note: 'a' },
  { id: 2, region: 'south', total: 30, note: 'b' },
];
const options: GridOptions<Order> = {
  columnDefs: [{ field: 'id', width: 90 }, { field: 'region', flex: 1 }, { field: 'total', pinned: true, sort: 'desc' }, { field: 'note', hide: true }],
  rowData: rows,
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

/** The preset fields of a column state, for comparing grids. */
function presetView(state: ColumnState[]): Record<string, unknown>[] {
  return state.map((column) => ({ colId: column.colId, hide: column.hide, pinned: column.pinned, sort: column.sort, width: column.width }));
}

beforeAll(() => {
  ModuleRegistry.registerModules([AllCommunityModule]);
});

afterEach(() => {
  for (const api of grids) if (!api.isDestroyed()) api.destroy();
  grids = [];
  document.body.replaceChildren();
});

describe('presets from a real AG Grid column state', () => {
  it('saves getColumnState() as it is, keeping only the six preset fields, and applies it back', async () => {
    const api = mountGrid();
    api.applyColumnState({ state: [{ colId: 'id', width: 123.4 }] });
    const raw = api.getColumnState();
    for (const key of ['flex', 'rowGroup', 'pivot', 'aggFunc']) expect(Object.keys(raw[0]!)).toContain(key);
    // As it is, the server's validation refuses it: the store has to pick the fields.
    expect(validateGridPrefsPatch({ colPresets: { Layout: { columns: raw } } })).toMatchObject({ ok: false });

    setActivePinia(createPinia());
    const prefs = new MemoryPrefs();
    const host = new MemoryHost({ subjectId: 'u1', prefs });
    const scope = effectScope();
    const view = scope.run(() => useGridPreferences('orders', { host, storage: new FakeStorage(), window: null, immediate: false }))!;
    await view.load();
    expect(view.savePreset('Layout', raw)).toEqual({ ok: true, value: 'Layout' });
    await view.flush();
    expect(view.entry.value).toMatchObject({ pending: false, error: null });

    const stored = (await prefs.get('u1', 'orders')).colPresets.Layout!.columns;
    expect(stored.map((column) => column.colId)).toEqual(['id', 'region', 'total', 'note']);
    for (const column of stored) expect(Object.keys(column).sort()).toEqual(PRESET_KEYS.slice().sort());
    expect(stored[0]).toMatchObject({ width: 123, pinned: null, hide: false });
    expect(stored[2]).toMatchObject({ colId: 'total', pinned: 'left', sort: 'desc' });
    expect(stored[3]).toMatchObject({ colId: 'note', hide: true });
    expect(stored.every((column) => Number.isInteger(column.width) && column.width! > 0)).toBe(true);

    // Another grid, arranged differently, takes the preset back.
    const other = mountGrid();
    other.applyColumnState({ state: [{ colId: 'note', hide: false }, { colId: 'total', pinned: null, sort: null }, { colId: 'id', width: 300 }] });
    const state = view.applyPreset('Layout');
    expect(state).not.toBeNull();
    other.applyColumnState({ state: state!, applyOrder: true });
    const expected = presetView(raw).map((column) => (column.colId === 'id' ? { ...column, width: 123 } : column));
    expect(presetView(other.getColumnState())).toEqual(expected);
    scope.stop();
  });

  it('keeps a real column state as page state instead of refusing it', () => {
    const api = mountGrid();
    setActivePinia(createPinia());
    const scope = effectScope();
    const page = scope.run(() => usePageState('orders', { url: false, storage: new FakeStorage(), window: null }))!;
    page.setColumnState(api.getColumnState());
    const columns = page.state.value.columnState;
    expect(columns?.map((column) => column.colId)).toEqual(['id', 'region', 'total', 'note']);
    for (const column of columns ?? []) expect(Object.keys(column).sort()).toEqual(PRESET_KEYS.slice().sort());
    scope.stop();
  });
});
