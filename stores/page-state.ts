/**
 * `usePageStateStore` (`gridView/pageState`): the interface document's `GridView.PageState`, the
 * browser-local UI state of every view on the page, in ONE store keyed by
 * `pageStateKey({ id, scope, namespace })`. One store with entries (rather than a store per view)
 * keeps a single `storage` listener per page, one devtools node and one `configure` call for tests.
 *
 * Lifecycle of an entry:
 * 1. `register(parts)` creates it with defaults. No storage access, so this is safe during SSR and
 *    in `setup`.
 * 2. `hydrate(key, { url })` runs after mount (`usePageState` calls it from `onMounted`): it reads
 *    the stored payload (validated; a bad one is dropped with a warning), lays the URL's filter
 *    fields over it (the URL wins where it says something) and starts listening to other tabs.
 * 3. Changes (`update`, `setSort`, …) are written at once once hydrated; changes made before
 *    hydration are kept and win over the stored values of the same fields.
 *
 * @module
 */
import { defineStore } from 'pinia';
import { onScopeDispose, ref, shallowRef } from 'vue';
import { presentFilterFields } from '../src/host/filter-state';
import type { FilterSpecLike } from '../src/host/filter-state';
import type { FilterState, SortState } from '../src/host/types';
import { presetColumnsFromState } from '../src/core/column-state';
import type { ColumnStateInput } from '../src/core/column-state';
import {
  clonePageState,
  defaultPageState,
  pageStateKey,
  validatePageState,
  withUrlState,
} from './page-state/model';
import type { PageState, PageStateKeyParts } from './page-state/model';
import { createSafeStorage, listenToStorage, parsePayload, readPayload, writePayload } from './safe-storage';
import type { SafeStorage, StorageFallback, StorageOptions } from './safe-storage';

/** One view's page state and where it came from. */
export interface PageStateEntry {
  /** The storage key (`pageStateKey`). */
  key: string;
  id: string;
  scope: string | null;
  namespace: string;
  state: PageState;
  /** True once `hydrate` ran. */
  hydrated: boolean;
  /** True when stored state was found and applied on hydration. */
  restored: boolean;
  /** True when a stored payload was refused (corrupt, old version, wrong shape) and dropped. */
  dropped: boolean;
  /** The filter fields the URL set on hydration. */
  fromUrl: (keyof FilterState)[];
  /** False when the last write could only be kept in memory (storage missing, blocked or full). */
  persistent: boolean;
}

/** Options of `hydrate`. */
export interface HydrateOptions {
  /**
   * The page's query (`location.search`), or its filter fields already parsed. Its `q`, `sort`/`dir`
   * and `f_<key>` fields win over stored state. Null or absent: no URL state.
   */
  url?: string | URLSearchParams | Partial<FilterState> | null;
  /** Spec used to check URL fields (sortable and searchable columns). */
  spec?: FilterSpecLike;
}

/** The page-state store. See the module comment for the lifecycle and `docs/state.md` for examples. */
export const usePageStateStore = defineStore('gridView/pageState', () => {
  const entries = ref<Record<string, PageStateEntry>>({});
  const storageFallback = shallowRef<StorageFallback>(null);
  // Changed fields per key before hydration: they win over what storage holds.
  const touched = new Map<string, Set<keyof PageState>>();
  let storage: SafeStorage = createSafeStorage();
  let stopSync: (() => void) | null = null;

  /**
   * Sets the storage, window and warning sink (VueUse-style; tests pass fakes). Call before the
   * first `hydrate`; calling it later stops tab syncing until the next `hydrate`.
   */
  function configure(options: StorageOptions): void {
    stopSync?.();
    stopSync = null;
    storage = createSafeStorage(options);
  }

  /** Creates the entry for `parts` (idempotent) and returns its key. Touches no storage. */
  function register(parts: PageStateKeyParts): string {
    const key = pageStateKey(parts);
    if (!entries.value[key]) {
      entries.value[key] = {
        key,
        id: parts.id,
        scope: parts.scope || null,
        namespace: parts.namespace || 'default',
        state: defaultPageState(),
        hydrated: false,
        restored: false,
        dropped: false,
        fromUrl: [],
        persistent: true,
      };
    }
    return key;
  }

  /** The state of `key`, or defaults for a key never registered. Do not mutate: use the actions. */
  function stateOf(key: string): PageState {
    return entries.value[key]?.state ?? defaultPageState();
  }

  /**
   * Reads stored state for `key`, lays URL state over it and starts tab syncing. Call on the client
   * after mount. Calling it again re-reads storage and the given URL.
   */
  function hydrate(key: string, options: HydrateOptions = {}): PageState {
    const entry = requireEntry(key);
    const { state: stored, dropped } = readPayload(storage, key, validatePageState);
    let next = stored ?? defaultPageState();
    const fromUrl = urlFields(options);
    next = withUrlState(next, fromUrl);
    const early = touched.get(key);
    if (early) {
      for (const field of early) (next as unknown as Record<string, unknown>)[field] = cloneField(entry.state, field);
      touched.delete(key);
    }
    entry.state = next;
    entry.hydrated = true;
    entry.restored = stored !== null;
    entry.dropped = dropped;
    entry.fromUrl = Object.keys(fromUrl) as (keyof FilterState)[];
    storageFallback.value = storage.fallback;
    if (early && early.size > 0) persist(entry);
    startSync();
    return entry.state;
  }

  /**
   * Applies a partial change to `key`'s state and stores it (once hydrated). A change that would
   * make the state invalid (an empty sort key, a text over the limits, an unknown field…) is refused
   * with a warning and changes nothing, because stored state that fails validation would be dropped
   * whole on the next visit. Returns whether the change was applied.
   */
  function update(key: string, patch: Partial<PageState>): boolean {
    const entry = requireEntry(key);
    const next = clonePageState(entry.state) as unknown as Record<string, unknown>;
    const fields = (Object.keys(patch) as (keyof PageState)[]).filter((field) => patch[field] !== undefined);
    for (const field of fields) next[field] = JSON.parse(JSON.stringify(patch[field])) as unknown;
    const valid = validatePageState(next);
    if (!valid) {
      storage.warn(`refused a page state change for "${key}": the result has the wrong shape (${fields.join(', ')}).`);
      return false;
    }
    if (!entry.hydrated) {
      const set = touched.get(key) ?? new Set<keyof PageState>();
      for (const field of fields) set.add(field);
      touched.set(key, set);
    }
    entry.state = valid;
    if (entry.hydrated) persist(entry);
    return true;
  }

  /** Sets or clears (null) the sort. */
  function setSort(key: string, sort: SortState | null): void {
    update(key, { sort });
  }

  /** Sets the global search text. */
  function setSearch(key: string, search: string): void {
    update(key, { search });
  }

  /** Sets one column's filter text; an empty text removes the filter. */
  function setFilter(key: string, column: string, value: string): void {
    const filters = { ...stateOf(key).filters };
    if (value === '') delete filters[column];
    else if (column !== '__proto__') filters[column] = value;
    update(key, { filters });
  }

  /** Removes every per-column filter. */
  function clearFilters(key: string): void {
    update(key, { filters: {} });
  }

  /**
   * Stores the grid's column state (null: back to the spec's layout). AG Grid's `getColumnState()`
   * may be passed as it is: only the preset fields are kept (`presetColumnsFromState`).
   */
  function setColumnState(key: string, columnState: readonly ColumnStateInput[] | null): void {
    update(key, { columnState: columnState === null ? null : presetColumnsFromState(columnState) });
  }

  /** Records the applied preset name (null: none). */
  function setActivePreset(key: string, activePreset: string | null): void {
    update(key, { activePreset });
  }

  /** Collapses or expands one block. */
  function setCollapsed(key: string, block: string, collapsed: boolean): void {
    const current = stateOf(key).collapsed.filter((id) => id !== block);
    update(key, { collapsed: collapsed ? [...current, block] : current });
  }

  /** Flips one block between collapsed and expanded. */
  function toggleCollapsed(key: string, block: string): void {
    setCollapsed(key, block, !stateOf(key).collapsed.includes(block));
  }

  /** Back to defaults and removed from storage. */
  function reset(key: string): void {
    const entry = requireEntry(key);
    entry.state = defaultPageState();
    touched.delete(key);
    if (entry.hydrated) storage.remove(key);
  }

  function persist(entry: PageStateEntry): void {
    entry.persistent = writePayload(storage, entry.key, entry.state);
    storageFallback.value = storage.fallback;
  }

  function requireEntry(key: string): PageStateEntry {
    const entry = entries.value[key];
    if (!entry) throw new Error(`[vue-grid-view] page state "${key}" is not registered; call register() first.`);
    return entry;
  }

  // Another tab wrote: adopt its state for hydrated entries (never written back, so no ping-pong).
  function onStorage(key: string | null, newValue: string | null): void {
    const targets = key === null ? Object.values(entries.value) : [entries.value[key]];
    for (const entry of targets) {
      if (!entry || !entry.hydrated) continue;
      if (newValue === null) {
        entry.state = defaultPageState();
        continue;
      }
      const parsed = parsePayload(newValue, validatePageState);
      if (parsed.ok) entry.state = parsed.value;
      else storage.warn(`ignored page state "${entry.key}" written by another tab: it has the wrong shape.`);
    }
  }

  function startSync(): void {
    if (stopSync) return;
    stopSync = listenToStorage(storage, onStorage);
  }

  /** Stops listening to other tabs (also done when the store is disposed). */
  function stopSyncing(): void {
    stopSync?.();
    stopSync = null;
  }

  onScopeDispose(stopSyncing);

  return {
    entries,
    storageFallback,
    configure,
    register,
    stateOf,
    hydrate,
    update,
    setSort,
    setSearch,
    setFilter,
    clearFilters,
    setColumnState,
    setActivePreset,
    setCollapsed,
    toggleCollapsed,
    reset,
    stopSyncing,
  };
});

function urlFields(options: HydrateOptions): Partial<FilterState> {
  const { url, spec } = options;
  if (url === null || url === undefined) return {};
  if (typeof url === 'string' || url instanceof URLSearchParams) return presentFilterFields(url, spec);
  return url;
}

function cloneField(state: PageState, field: keyof PageState): unknown {
  return JSON.parse(JSON.stringify(state[field])) as unknown;
}
