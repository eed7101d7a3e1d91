/**
 * `usePageState`: one view's browser-local page state, hydrated after mount.
 *
 * @module
 */
import { computed, getCurrentInstance, onMounted, toValue, watch } from 'vue';
import type { ComputedRef, MaybeRefOrGetter } from 'vue';
import type { ColumnStateInput } from '../src/core/column-state';
import type { FilterSpecLike } from '../src/host/filter-state';
import type { FilterState, SortState } from '../src/host/types';
import { usePageStateStore } from '../stores/page-state';
import type { PageStateEntry } from '../stores/page-state';
import { defaultPageState, pageStateKey } from '../stores/page-state/model';
import type { PageState } from '../stores/page-state/model';
import type { StorageOptions } from '../stores/safe-storage';

/** Options of `usePageState`. */
export interface UsePageStateOptions extends StorageOptions {
  /** Narrows the state (one record of many served by one spec). */
  scope?: MaybeRefOrGetter<string | null | undefined>;
  /** Separates applications on one origin; default `default`. */
  namespace?: string;
  /**
   * URL state that wins over stored state: a query string, parsed filter fields, or false for none.
   * Default: `window.location.search` read at hydration (never on the server).
   */
  url?: string | URLSearchParams | Partial<FilterState> | false;
  /** Spec used to check URL fields (sortable and searchable columns). */
  spec?: MaybeRefOrGetter<FilterSpecLike | null | undefined>;
  /**
   * When stored state is read: `mounted` (default; on the server nothing is read) or `manual`
   * (call `hydrate()` yourself). Outside a component `mounted` hydrates at once when a window exists.
   */
  hydrate?: 'mounted' | 'manual';
}

/** What `usePageState` returns. `state` is read-only: change it through the functions. */
export interface UsePageStateReturn {
  /** The storage key (`pageStateKey`). */
  key: ComputedRef<string>;
  state: ComputedRef<PageState>;
  /** The store entry (hydrated, restored, dropped, fromUrl, persistent). */
  entry: ComputedRef<PageStateEntry | null>;
  hydrated: ComputedRef<boolean>;
  hydrate(): PageState;
  /** Applies a change; false when it was refused as invalid (see the store's `update`). */
  update(patch: Partial<PageState>): boolean;
  setSort(sort: SortState | null): void;
  setSearch(search: string): void;
  setFilter(column: string, value: string): void;
  clearFilters(): void;
  /** The grid's column state; AG Grid's `getColumnState()` may be passed as it is. */
  setColumnState(columnState: readonly ColumnStateInput[] | null): void;
  setActivePreset(name: string | null): void;
  setCollapsed(block: string, collapsed: boolean): void;
  toggleCollapsed(block: string): void;
  isCollapsed(block: string): boolean;
  reset(): void;
}

/**
 * Page state of the view `id` (its spec's `grid_id`), from `usePageStateStore`.
 *
 * SSR-safe: during setup the entry is only registered (defaults); stored and URL state are read in
 * `onMounted`. A reactive `id` or `scope` switches entries and hydrates the new one once mounted.
 * `storage`, `window` and `warn` configure the store (they apply to every page state of the Pinia
 * instance; pass them once, typically in tests).
 *
 * @example
 * const page = usePageState(() => spec.gridId);
 * page.setSort({ key: 'total', direction: 'desc' });
 */
export function usePageState(id: MaybeRefOrGetter<string>, options: UsePageStateOptions = {}): UsePageStateReturn {
  const store = usePageStateStore();
  if (options.storage !== undefined || options.window !== undefined || options.warn !== undefined) {
    store.configure({ storage: options.storage, window: options.window, warn: options.warn });
  }

  const parts = computed(() => ({ id: toValue(id), scope: toValue(options.scope) ?? null, namespace: options.namespace ?? null }));
  const key = computed(() => pageStateKey(parts.value));
  // Registering writes to the store, so it happens in a watcher, not inside the computed.
  watch(parts, (next) => store.register(next), { immediate: true, flush: 'sync' });
  let mounted = false;

  const hydrate = (): PageState => {
    const url = options.url === false ? null : (options.url ?? (typeof window === 'undefined' ? null : window.location.search));
    return store.hydrate(key.value, { url, spec: toValue(options.spec) ?? undefined });
  };

  if (options.hydrate !== 'manual') {
    if (getCurrentInstance()) {
      onMounted(() => {
        mounted = true;
        hydrate();
      });
    } else if (typeof window !== 'undefined') {
      mounted = true;
      hydrate();
    }
    watch(key, () => {
      if (mounted) hydrate();
    });
  }

  const entry = computed(() => store.entries[key.value] ?? null);
  const state = computed(() => entry.value?.state ?? defaultPageState());

  return {
    key,
    state,
    entry,
    hydrated: computed(() => entry.value?.hydrated ?? false),
    hydrate,
    update: (patch) => store.update(key.value, patch),
    setSort: (sort) => store.setSort(key.value, sort),
    setSearch: (search) => store.setSearch(key.value, search),
    setFilter: (column, value) => store.setFilter(key.value, column, value),
    clearFilters: () => store.clearFilters(key.value),
    setColumnState: (columnState) => store.setColumnState(key.value, columnState),
    setActivePreset: (name) => store.setActivePreset(key.value, name),
    setCollapsed: (block, collapsed) => store.setCollapsed(key.value, block, collapsed),
    toggleCollapsed: (block) => store.toggleCollapsed(key.value, block),
    isCollapsed: (block) => state.value.collapsed.includes(block),
    reset: () => store.reset(key.value),
  };
}
