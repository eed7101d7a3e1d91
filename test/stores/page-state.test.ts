import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageStateStore } from '../../stores/index';
import { pageStateKey } from '../../stores/page-state/model';
import { defaultPageState } from '../../stores/page-state/model';
import type { PageState } from '../../stores/index';
import { FakeStorage, createTabs } from './helpers';

const sample: PageState = {
  sort: { key: 'total', direction: 'desc' },
  search: 'acme',
  filters: { region: 'north' },
  columnState: [{ colId: 'name', width: 200, pinned: 'left' }, { colId: 'total', hide: true }],
  activePreset: 'Wide',
  collapsed: ['kpis'],
  filterModel: { total: { filterType: 'number', type: 'greaterThan', filter: 100 } },
  collapsedGroups: ['North', ''],
};

function freshStore(options: Parameters<ReturnType<typeof usePageStateStore>['configure']>[0]) {
  setActivePinia(createPinia());
  const store = usePageStateStore();
  store.configure(options);
  return store;
}

describe('usePageStateStore', () => {
  let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
  beforeEach(() => {
    warn = vi.fn<(message: string) => void>();
  });
  afterEach(() => {
    localStorage.clear();
  });

  it('builds namespaced keys with every part encoded', () => {
    expect(pageStateKey({ id: 'orders' })).toBe('gridView:pageState:default:orders');
    expect(pageStateKey({ id: 'orders', scope: 'c:42', namespace: 'crm' })).toBe('gridView:pageState:crm:orders:c%3A42');
    expect(pageStateKey({ id: 'a:b' })).not.toBe(pageStateKey({ id: 'a', scope: 'b' }));
  });

  it('touches no storage on register, only on hydrate (SSR-safe)', () => {
    const storage = new FakeStorage();
    const store = freshStore({ storage, window: null, warn });
    const key = store.register({ id: 'orders' });
    store.setSearch(key, 'typed before mount');
    expect(storage.reads + storage.writes).toBe(0);
    store.hydrate(key);
    expect(storage.reads).toBe(1);
  });

  it('round-trips: state saved in one session is identical after a reload', () => {
    const storage = new FakeStorage();
    const first = freshStore({ storage, window: null, warn });
    const key = first.register({ id: 'orders', scope: 'c1' });
    first.hydrate(key);
    first.update(key, sample);
    const payload = JSON.parse(storage.data.get(key)!) as { v: number; state: PageState; savedAt: string };
    expect(payload.v).toBe(1);
    expect(payload.state).toEqual(sample);
    expect(Date.parse(payload.savedAt)).not.toBeNaN();

    const second = freshStore({ storage, window: null, warn });
    const again = second.register({ id: 'orders', scope: 'c1' });
    expect(second.stateOf(again)).toEqual(defaultPageState());
    expect(second.hydrate(again)).toEqual(sample);
    expect(second.entries[again]).toMatchObject({ restored: true, dropped: false, hydrated: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps scopes and namespaces apart', () => {
    const storage = new FakeStorage();
    const store = freshStore({ storage, window: null, warn });
    const a = store.register({ id: 'orders', scope: 'a' });
    const b = store.register({ id: 'orders', scope: 'b' });
    const other = store.register({ id: 'orders', scope: 'a', namespace: 'admin' });
    for (const key of [a, b, other]) store.hydrate(key);
    store.setSearch(a, 'only a');
    expect(store.stateOf(b).search).toBe('');
    expect(store.stateOf(other).search).toBe('');
  });

  it.each([
    ['not JSON', '{oops'],
    ['a wrong version', JSON.stringify({ v: 2, state: defaultPageState(), savedAt: 'x' })],
    ['a wrong shape', JSON.stringify({ v: 1, state: { ...defaultPageState(), sort: 'total' }, savedAt: 'x' })],
    ['an unknown field', JSON.stringify({ v: 1, state: { ...defaultPageState(), extra: 1 }, savedAt: 'x' })],
    ['a __proto__ filter', `{"v":1,"savedAt":"x","state":{"sort":null,"search":"","filters":{"__proto__":"x"},"columnState":null,"activePreset":null,"collapsed":[]}}`],
    ['a bad column state', JSON.stringify({ v: 1, state: { ...defaultPageState(), columnState: [{ colId: 'a', width: 'wide' }] }, savedAt: 'x' })],
    ['no savedAt', JSON.stringify({ v: 1, state: defaultPageState() })],
  ])('drops a payload with %s, warns naming the key and starts from defaults', (_label, text) => {
    const storage = new FakeStorage();
    const key = pageStateKey({ id: 'orders' });
    storage.data.set(key, text);
    const store = freshStore({ storage, window: null, warn });
    store.register({ id: 'orders' });
    expect(store.hydrate(key)).toEqual(defaultPageState());
    expect(store.entries[key]).toMatchObject({ dropped: true, restored: false });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(key));
    expect(storage.data.has(key)).toBe(false);
  });

  it('keeps working in memory when storage throws on every access', () => {
    const storage = new FakeStorage();
    storage.mode = 'throw';
    const store = freshStore({ storage, window: null, warn });
    const key = store.register({ id: 'orders' });
    expect(() => store.hydrate(key)).not.toThrow();
    store.update(key, sample);
    expect(store.stateOf(key)).toEqual(sample);
    store.setSearch(key, 'still works');
    expect(store.stateOf(key).search).toBe('still works');
    expect(store.storageFallback).toBe('unavailable');
    expect(store.entries[key]!.persistent).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('keeps working when storage is full, and writes again once there is room', () => {
    const storage = new FakeStorage();
    const store = freshStore({ storage, window: null, warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    storage.mode = 'full';
    store.update(key, sample);
    store.setSearch(key, 'second');
    expect(store.stateOf(key).search).toBe('second');
    expect(store.storageFallback).toBe('full');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('full');
    storage.mode = 'ok';
    store.setSearch(key, 'third');
    expect(store.entries[key]!.persistent).toBe(true);
    expect((JSON.parse(storage.data.get(key)!) as { state: PageState }).state.search).toBe('third');
  });

  it('keeps working when there is no storage at all', () => {
    const store = freshStore({ window: { addEventListener() {}, removeEventListener() {} }, warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    store.update(key, sample);
    expect(store.stateOf(key)).toEqual(sample);
    expect(store.storageFallback).toBe('missing');
  });

  it('lets the URL win where it carries a field and keeps stored values elsewhere', () => {
    const storage = new FakeStorage();
    const seed = freshStore({ storage, window: null, warn });
    const key = seed.register({ id: 'orders' });
    seed.hydrate(key);
    seed.update(key, sample);

    const store = freshStore({ storage, window: null, warn });
    store.register({ id: 'orders' });
    const state = store.hydrate(key, { url: '?q=from-url&f_city=kyiv' });
    expect(state.search).toBe('from-url');
    expect(state.filters).toEqual({ city: 'kyiv' });
    expect(state.sort).toEqual(sample.sort);
    expect(state.columnState).toEqual(sample.columnState);
    expect(store.entries[key]!.fromUrl.sort()).toEqual(['filters', 'search']);
    // The URL is not persistence: hydrating writes nothing.
    expect((JSON.parse(storage.data.get(key)!) as { state: PageState }).state.search).toBe('acme');
  });

  it('checks URL fields against the spec', () => {
    const store = freshStore({ storage: new FakeStorage(), window: null, warn });
    const key = store.register({ id: 'orders' });
    const spec = { columns: [{ key: 'name', sortable: false, searchable: true }], searchMode: 'global' as const };
    const state = store.hydrate(key, { url: new URLSearchParams('sort=name&f_name=x&f_ghost=y'), spec: spec as never });
    expect(state.sort).toBeNull();
    expect(state.filters).toEqual({ name: 'x' });
  });

  it('keeps changes made before hydration over the stored values of those fields', () => {
    const storage = new FakeStorage();
    const seed = freshStore({ storage, window: null, warn });
    const key = seed.register({ id: 'orders' });
    seed.hydrate(key);
    seed.update(key, sample);

    const store = freshStore({ storage, window: null, warn });
    store.register({ id: 'orders' });
    store.setSearch(key, 'early');
    const state = store.hydrate(key);
    expect(state.search).toBe('early');
    expect(state.sort).toEqual(sample.sort);
    expect((JSON.parse(storage.data.get(key)!) as { state: PageState }).state.search).toBe('early');
  });

  it('offers focused setters for filters, collapse, preset and reset', () => {
    const storage = new FakeStorage();
    const store = freshStore({ storage, window: null, warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    store.setFilter(key, 'region', 'north');
    store.setFilter(key, 'city', 'kyiv');
    store.setFilter(key, 'region', '');
    expect(store.stateOf(key).filters).toEqual({ city: 'kyiv' });
    store.toggleCollapsed(key, 'chart:sales');
    store.toggleCollapsed(key, 'kpis');
    store.toggleCollapsed(key, 'chart:sales');
    expect(store.stateOf(key).collapsed).toEqual(['kpis']);
    store.setActivePreset(key, 'Wide');
    store.setColumnState(key, [{ colId: 'a', hide: true }]);
    store.setSort(key, { key: 'a', direction: 'asc' });
    store.clearFilters(key);
    expect(store.stateOf(key)).toMatchObject({ activePreset: 'Wide', filters: {}, sort: { key: 'a', direction: 'asc' } });
    store.reset(key);
    expect(store.stateOf(key)).toEqual(defaultPageState());
    expect(storage.data.has(key)).toBe(false);
  });

  it('does not let callers change stored state through objects they passed', () => {
    const store = freshStore({ storage: new FakeStorage(), window: null, warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    const columns = [{ colId: 'a', width: 10 }];
    store.setColumnState(key, columns);
    columns[0]!.width = 99;
    expect(store.stateOf(key).columnState).toEqual([{ colId: 'a', width: 10 }]);
  });

  it('keeps two tabs in sync through storage events', async () => {
    const { tabs, settle } = createTabs(2);
    const a = freshStore({ storage: tabs[0]!.storage, window: tabs[0]!.window, warn });
    const key = a.register({ id: 'orders' });
    a.hydrate(key);
    const b = freshStore({ storage: tabs[1]!.storage, window: tabs[1]!.window, warn });
    b.register({ id: 'orders' });
    b.hydrate(key);

    a.update(key, sample);
    await settle();
    expect(b.stateOf(key)).toEqual(sample);
    b.setSearch(key, 'from b');
    await settle();
    expect(a.stateOf(key).search).toBe('from b');
    a.reset(key);
    await settle();
    expect(b.stateOf(key)).toEqual(defaultPageState());
  });

  it('ignores a malformed state written by another tab', async () => {
    const { tabs, settle } = createTabs(2);
    const b = freshStore({ storage: tabs[1]!.storage, window: tabs[1]!.window, warn });
    const key = b.register({ id: 'orders' });
    b.hydrate(key);
    b.update(key, sample);
    tabs[0]!.storage.setItem(key, JSON.stringify({ v: 1, state: { nope: true }, savedAt: 'x' }));
    await settle();
    expect(b.stateOf(key)).toEqual(sample);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(key));
  });

  it('syncs with the real jsdom localStorage and StorageEvent', () => {
    const store = freshStore({ warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    store.update(key, { search: 'mine' });
    expect(JSON.parse(localStorage.getItem(key)!)).toMatchObject({ v: 1, state: { search: 'mine' } });
    const other = JSON.stringify({ v: 1, state: sample, savedAt: new Date().toISOString() });
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: other, storageArea: localStorage }));
    expect(store.stateOf(key)).toEqual(sample);
    // Events of another storage area (sessionStorage) are not ours.
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify({ v: 1, state: defaultPageState(), savedAt: 'x' }), storageArea: sessionStorage }));
    expect(store.stateOf(key)).toEqual(sample);
  });

  it('removes its storage listener when the store is disposed', () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    const store = freshStore({ storage: new FakeStorage(), window: target as never, warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    store.hydrate(key);
    expect(add).toHaveBeenCalledTimes(1);
    store.$dispose();
    expect(remove).toHaveBeenCalledWith('storage', add.mock.calls[0]![1]);
  });

  it('refuses actions on keys that were never registered', () => {
    const store = freshStore({ storage: new FakeStorage(), window: null, warn });
    expect(() => store.setSearch('nope', 'x')).toThrow(/not registered/);
    expect(store.stateOf('nope')).toEqual(defaultPageState());
  });
});

describe('usePageStateStore input checks', () => {
  it('refuses a change that would make the stored state invalid, and keeps the previous state', () => {
    const storage = new FakeStorage();
    const warn = vi.fn();
    setActivePinia(createPinia());
    const store = usePageStateStore();
    store.configure({ storage, window: null, warn });
    const key = store.register({ id: 'orders' });
    store.hydrate(key);
    store.setSearch(key, 'kept');
    expect(store.update(key, { sort: { key: '', direction: 'asc' } })).toBe(false);
    expect(store.update(key, { search: 'x'.repeat(5000) })).toBe(false);
    expect(store.update(key, { collapsed: ['kpis', 'kpis'] })).toBe(false);
    expect(store.stateOf(key)).toMatchObject({ sort: null, search: 'kept', collapsed: [] });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]![0]).toContain(key);
  });
});

describe('page state: collapsed sections of a simple table', () => {
  it('reads a payload stored before collapsedGroups existed as [] and refuses repeated or oversized lists', async () => {
    const { validatePageState, PAGE_STATE_LIMITS } = await import('../../stores/page-state/model');
    const { collapsedGroups: _dropped, ...older } = sample;
    expect(validatePageState(older)?.collapsedGroups).toEqual([]);
    expect(validatePageState({ ...sample, collapsedGroups: ['North', ''] })?.collapsedGroups).toEqual(['North', '']);
    expect(validatePageState({ ...sample, collapsedGroups: ['North', 'North'] })).toBeNull();
    expect(validatePageState({ ...sample, collapsedGroups: [1] })).toBeNull();
    expect(validatePageState({ ...sample, collapsedGroups: Array.from({ length: PAGE_STATE_LIMITS.maxCollapsedGroups + 1 }, (_, i) => `g${i}`) })).toBeNull();
    expect(validatePageState({ ...sample, collapsedGroups: ['x'.repeat(PAGE_STATE_LIMITS.textLength + 1)] })).toBeNull();
  });
});
