/* eslint-disable vue/one-component-per-file -- each test mounts its own small inline component */
import { createPinia, setActivePinia } from 'pinia';
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, createSSRApp, defineComponent, effectScope, h, nextTick, ref } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { usePageState, useGridPreferences } from '../../composables/index';
import type { UseGridPreferencesReturn, UsePageStateReturn } from '../../composables/index';
import { MemoryHost, MemoryPrefs } from '../../src/host/index';
import { GridViewPlugin } from '../../src/plugin';
import type { GridViewPluginOptions } from '../../src/plugin';
import { useGridPreferencesStore, usePageStateStore } from '../../stores/index';
import { FakeStorage, FlakyHost, drain } from '../stores/helpers';

const nullWindow = { addEventListener() {}, removeEventListener() {} };

function mountWith<T>(pinia: Pinia, setup: () => T, plugin?: GridViewPluginOptions) {
  let exposed: T | undefined;
  const app = createApp(
    defineComponent({
      setup() {
        exposed = setup();
        return () => h('div');
      },
    }),
  );
  app.use(pinia);
  if (plugin) app.use(GridViewPlugin, plugin);
  const root = document.createElement('div');
  return { app, root, mount: () => app.mount(root), get value() { return exposed as T; } };
}

describe('usePageState', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/');
  });
  afterEach(() => {
    history.replaceState(null, '', '/');
  });

  it('registers during setup without touching storage and hydrates on mount', async () => {
    const storage = new FakeStorage();
    const pinia = createPinia();
    let hydratedDuringSetup: boolean | null = null;
    let readsDuringSetup = -1;
    const app = createApp(
      defineComponent({
        setup() {
          const page = usePageState('orders', { storage, window: nullWindow });
          hydratedDuringSetup = page.hydrated.value;
          readsDuringSetup = storage.reads;
          return () => h('div');
        },
      }),
    );
    app.use(pinia);
    app.mount(document.createElement('div'));
    await nextTick();
    expect(hydratedDuringSetup).toBe(false);
    expect(readsDuringSetup).toBe(0);
    expect(storage.reads).toBe(1);
    expect(usePageStateStore(pinia).entries['gridView:pageState:default:orders']!.hydrated).toBe(true);
    app.unmount();
  });

  it('reads nothing from storage while rendering on the server', async () => {
    const storage = new FakeStorage();
    const pinia = createPinia();
    const app = createSSRApp(
      defineComponent({
        setup() {
          const page = usePageState('orders', { storage, window: nullWindow });
          page.setSearch('server-side change');
          return () => h('p', page.state.value.search);
        },
      }),
    );
    app.use(pinia);
    const html = await renderToString(app);
    expect(html).toContain('server-side change');
    expect(storage.reads + storage.writes).toBe(0);
  });

  it('round-trips through a reload and lets the page URL win', async () => {
    const storage = new FakeStorage();
    const first = mountWith(createPinia(), () => usePageState('orders', { storage, window: nullWindow, scope: 'c7' }));
    first.mount();
    await nextTick();
    first.value.setSort({ key: 'total', direction: 'desc' });
    first.value.setSearch('acme');
    first.value.toggleCollapsed('kpis');
    first.value.setColumnState([{ colId: 'total', width: 120 }]);
    const saved = JSON.parse(JSON.stringify(first.value.state.value)) as object;
    first.app.unmount();

    const second = mountWith(createPinia(), () => usePageState('orders', { storage, window: nullWindow, scope: 'c7' }));
    second.mount();
    await nextTick();
    expect(second.value.state.value).toEqual(saved);
    expect(second.value.isCollapsed('kpis')).toBe(true);
    second.app.unmount();

    history.replaceState(null, '', '/orders?q=from-link&sort=id&dir=asc');
    const third = mountWith(createPinia(), () => usePageState('orders', { storage, window: nullWindow, scope: 'c7' }));
    third.mount();
    await nextTick();
    expect(third.value.state.value).toMatchObject({ search: 'from-link', sort: { key: 'id', direction: 'asc' }, collapsed: ['kpis'] });
    expect(third.value.entry.value!.fromUrl.sort()).toEqual(['search', 'sort']);
    third.app.unmount();
  });

  it('hydrates at once outside a component, not at all with hydrate: manual, and follows a reactive id', () => {
    setActivePinia(createPinia());
    const storage = new FakeStorage();
    const scope = effectScope();
    const id = ref('orders');
    const page = scope.run(() => usePageState(id, { storage, window: nullWindow, url: false }))!;
    expect(page.hydrated.value).toBe(true);
    page.setSearch('for orders');
    id.value = 'invoices';
    return nextTick().then(() => {
      expect(page.key.value).toBe('gridView:pageState:default:invoices');
      expect(page.hydrated.value).toBe(true);
      expect(page.state.value.search).toBe('');
      const manual = scope.run(() => usePageState('manual', { hydrate: 'manual', url: false }))!;
      expect(manual.hydrated.value).toBe(false);
      manual.hydrate();
      expect(manual.hydrated.value).toBe(true);
      scope.stop();
      id.value = 'after-stop';
      return nextTick().then(() => {
        expect(usePageStateStore().entries['gridView:pageState:default:after-stop']).toBeUndefined();
      });
    });
  });
});

describe('useGridPreferences', () => {
  it('loads on mount through the plugin host and saves presets through it', async () => {
    vi.useFakeTimers();
    try {
      const host = new FlakyHost();
      await host.saveGridPrefs('u1', 'orders', { colPresets: { Stored: { columns: [{ colId: 'a' }] } } });
      const pinia = createPinia();
      setActivePinia(pinia);
      useGridPreferencesStore().configure({ storage: new FakeStorage(), window: null });
      const view = mountWith<UseGridPreferencesReturn>(pinia, () => useGridPreferences('orders'), { host });
      view.mount();
      await drain();
      expect(view.value.presetNames.value).toEqual(['Stored']);
      expect(view.value.statusMessage.value).toBeNull();
      expect(view.value.savePreset('Mine', [{ colId: 'a', hide: true }])).toEqual({ ok: true, value: 'Mine' });
      expect(view.value.statusMessage.value).toBe('Saving…');
      expect(view.value.applyPreset('Mine')).toEqual([{ colId: 'a', hide: true }]);
      await vi.advanceTimersByTimeAsync(400);
      expect(view.value.pending.value).toBe(false);
      expect(host.saves.at(-1)!.colPresets).toHaveProperty('Mine');
      view.app.unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when preferences stay on this device and when a save failed', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    useGridPreferencesStore().configure({ storage: new FakeStorage(), window: null, retry: { initialDelayMs: 60_000 } });
    const anonymous = mountWith<UseGridPreferencesReturn>(pinia, () => useGridPreferences('orders', { host: new MemoryHost() }));
    anonymous.mount();
    await drain();
    expect(anonymous.value.localOnly.value).toBe(true);
    expect(anonymous.value.statusMessage.value).toContain('signed in');
    anonymous.app.unmount();

    const failing = new FlakyHost();
    failing.failSaves = 1;
    const second = mountWith<UseGridPreferencesReturn>(createPinia(), () => useGridPreferences('orders', { host: failing, storage: new FakeStorage(), window: null }));
    second.mount();
    await drain();
    second.value.saveSearch('x');
    await second.value.flush();
    expect(second.value.pending.value).toBe(true);
    expect(second.value.statusMessage.value).toContain('kept on this device');
    await second.value.retry();
    expect(second.value.pending.value).toBe(false);
    second.app.unmount();
  });

  it('without any host keeps preferences local and says saving is off', async () => {
    const view = mountWith<UseGridPreferencesReturn>(createPinia(), () => useGridPreferences('orders', { storage: new FakeStorage(), window: null }));
    view.mount();
    await drain();
    expect(view.value.entry.value.localOnlyReason).toBe('disabled');
    expect(view.value.statusMessage.value).toContain('turned off');
    view.app.unmount();
  });

  it('switches the shown user without remounting: the rendered presets follow the subject', async () => {
    const prefs = new MemoryPrefs();
    await prefs.save('alice', 'orders', { colPresets: { 'Alice layout': { columns: [{ colId: 'a' }] } } });
    await prefs.save('bob', 'orders', { colPresets: { 'Bob layout': { columns: [{ colId: 'b' }] } } });
    // The page names the subject itself, as it must with an HTTP host that cannot know the caller.
    const host = new MemoryHost({ prefs, subjectId: 'alice' });
    const pinia = createPinia();
    setActivePinia(pinia);
    let view: UseGridPreferencesReturn | undefined;
    const app = createApp(
      defineComponent({
        setup() {
          view = useGridPreferences('orders', { host, subject: 'alice', storage: new FakeStorage(), window: null });
          return () => h('ul', view!.presetNames.value.map((name) => h('li', name)));
        },
      }),
    );
    app.use(pinia);
    const root = document.createElement('div');
    app.mount(root);
    await drain();
    await nextTick();
    expect(view!.subject.value).toBe('alice');
    expect(root.textContent).toBe('Alice layout');

    await view!.switchSubject('bob', () => host.setSubjectId('bob'));
    await view!.load();
    await nextTick();
    expect(view!.subject.value).toBe('bob');
    expect(view!.entry.value.subject).toBe('bob');
    expect(root.textContent).toBe('Bob layout');

    view!.setSubject('alice');
    host.setSubjectId('alice');
    await view!.load();
    await nextTick();
    expect(root.textContent).toBe('Alice layout');
    app.unmount();
  });

  it('loads the new grid when a reactive id changes, and stops following it after the scope ends', async () => {
    setActivePinia(createPinia());
    const host = new FlakyHost();
    const scope = effectScope();
    const id = ref('orders');
    const prefs = scope.run(() => useGridPreferences(id, { host, storage: new FakeStorage(), window: null }))!;
    await drain();
    expect(host.loads).toBe(1);
    id.value = 'invoices';
    await nextTick();
    await drain();
    expect(host.loads).toBe(2);
    expect(prefs.entry.value.gridId).toBe('invoices');
    scope.stop();
    id.value = 'customers';
    await nextTick();
    await drain();
    expect(host.loads).toBe(2);
  });
});

describe('composables typing', () => {
  it('exposes the page-state return shape', () => {
    setActivePinia(createPinia());
    const scope = effectScope();
    const page: UsePageStateReturn = scope.run(() => usePageState('typed', { url: false, storage: null, window: nullWindow }))!;
    page.setFilter('region', 'north');
    expect(page.state.value.filters).toEqual({ region: 'north' });
    scope.stop();
  });
});
