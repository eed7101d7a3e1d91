/**
 * `useSimpleTableLayout`: where a simple table keeps what the reader changed about it — the column
 * layout (order, visibility, widths, in the preset format of `PresetColumnState`) and the collapsed
 * sections of a grouped table.
 *
 * One owner at a time. The composable owns both from setup. When Pinia is installed on the app
 * (and `pageState` is on), it downloads the page-state binding after mount and hands ownership to
 * the page-state store, so the layout survives a reload and follows other tabs: from then on the
 * table reads and writes the store only. Without Pinia the composable stays the owner for the life
 * of the component.
 *
 * Why the binding is loaded on demand: this module is part of every simple table, and a page with
 * only a table must not pay for Pinia and the store (issue 9: Pinia only for the stores). So the
 * module imports nothing from `pinia` (even `piniaSymbol` would bring the whole module into the
 * table's chunk); it detects the installed Pinia by `app.config.globalProperties.$pinia`, which
 * `app.use(pinia)` sets.
 *
 * @module
 */
import { computed, getCurrentInstance, getCurrentScope, onMounted, shallowRef, toValue } from 'vue';
import type { ComputedRef, MaybeRefOrGetter, Ref } from 'vue';
import type { PresetColumnState } from '../../src/core/types';
import { warn } from '../../src/core/warn';
import type { PageState } from '../../stores/page-state/model';
import type { UsePageStateReturn } from '../../composables/usePageState';

/** Options of `useSimpleTableLayout`. */
export interface UseSimpleTableLayoutOptions {
  /** The table's id (its `gridId`): the page-state entry it is kept under. */
  id: MaybeRefOrGetter<string>;
  /** Narrows the entry (one record of many served by one spec). */
  scope?: MaybeRefOrGetter<string | null | undefined>;
  /** False keeps the state in the component even when Pinia is installed. Read once. @default true */
  pageState?: boolean;
}

/** What `useSimpleTableLayout` returns. */
export interface UseSimpleTableLayoutReturn {
  /** The stored column layout; null is the columns' own layout. */
  columnState: ComputedRef<readonly PresetColumnState[] | null>;
  /** Keys of the collapsed sections. */
  collapsedGroups: ComputedRef<readonly string[]>;
  /** Replaces the column layout (null: back to the columns' own). */
  setColumnState(state: readonly PresetColumnState[] | null): void;
  /** Replaces the collapsed sections. */
  setCollapsedGroups(keys: readonly string[]): void;
  /**
   * True when the page-state store keeps the state (it then survives a reload); the store takes
   * over shortly after mount, once its code has loaded.
   */
  persistent: boolean;
  /**
   * True once the layout has its owner for good: at once without the page-state store, after the
   * store took over (its stored layout then shows) or failed to load. Until then a stored layout may
   * still arrive, so a default preset waits for this before it decides whether to apply.
   */
  settled: Readonly<Ref<boolean>>;
}

type LayoutField = 'columnState' | 'collapsedGroups';

/**
 * The layout state of one simple table. SSR-safe: the page-state store is only bound (and its
 * entry read from storage) after mount, so the server and the first client render show the
 * columns' own layout. URL fields are not read here (the table's search and sort are its own).
 *
 * Edge cases:
 * - Changes made before the store takes over (a click while its code downloads) are carried into
 *   it and win over what storage held for the same field, as changes before hydration do in
 *   `usePageState`.
 * - A change the store refuses as invalid (more collapsed sections than
 *   `PAGE_STATE_LIMITS.maxCollapsedGroups`, a key longer than its `textLength`) changes nothing and
 *   is reported through the store's warning; that includes a carried change.
 * - Unmounted before the binding has loaded: nothing is bound and the store is not touched.
 * - The binding fails to download: the composable stays the owner (`storage_unavailable` warning).
 * - Called outside a component: the composable owns the state (no app to find Pinia on).
 */
export function useSimpleTableLayout(options: UseSimpleTableLayoutOptions): UseSimpleTableLayoutReturn {
  const columnState = shallowRef<readonly PresetColumnState[] | null>(null);
  const collapsedGroups = shallowRef<readonly string[]>([]);
  /** Fields the reader changed while the composable owned them. */
  const changed = new Set<LayoutField>();
  /** The page-state binding once the store owns the state; null while the composable does. */
  const page = shallowRef<UsePageStateReturn | null>(null);

  const instance = getCurrentInstance();
  const app = instance?.appContext.app;
  const persistent = options.pageState !== false && app !== undefined && app.config.globalProperties.$pinia !== undefined;
  const scope = getCurrentScope();
  const settled = shallowRef(!persistent);

  async function handOver(): Promise<void> {
    const { usePageState } = await import('../../composables/usePageState-on-demand');
    if (!app || !scope?.active) return;
    // `runWithContext` lets the store find this app's Pinia; the scope stops the binding's watchers
    // on unmount. No current instance here, so `usePageState` hydrates at once (we are mounted).
    const binding = app.runWithContext(() => scope.run(() => usePageState(() => toValue(options.id) || 'table', { scope: options.scope, url: false })));
    if (!binding) return;
    const carried: Partial<PageState> = {};
    if (changed.has('columnState')) carried.columnState = cloneColumns(columnState.value);
    if (changed.has('collapsedGroups')) carried.collapsedGroups = [...collapsedGroups.value];
    if (changed.size > 0) binding.update(carried);
    page.value = binding;
  }

  if (persistent) {
    onMounted(() => {
      handOver()
        .catch((error: unknown) => {
          // The binding's chunk did not download (offline, a new deployment): keep owning the state.
          warn('storage_unavailable', 'the page state of a SimpleTable could not be loaded; its layout is kept for this page only.', error);
        })
        .finally(() => {
          settled.value = true;
        });
    });
  }

  return {
    columnState: computed(() => (page.value ? page.value.state.value.columnState : columnState.value)),
    collapsedGroups: computed(() => (page.value ? page.value.state.value.collapsedGroups : collapsedGroups.value)),
    setColumnState: (state) => {
      if (page.value) {
        page.value.update({ columnState: cloneColumns(state) });
        return;
      }
      columnState.value = cloneColumns(state);
      changed.add('columnState');
    },
    setCollapsedGroups: (keys) => {
      if (page.value) {
        page.value.update({ collapsedGroups: [...keys] });
        return;
      }
      collapsedGroups.value = [...keys];
      changed.add('collapsedGroups');
    },
    persistent,
    settled,
  };
}

function cloneColumns(state: readonly PresetColumnState[] | null): PresetColumnState[] | null {
  return state === null ? null : state.map((entry) => ({ ...entry }));
}
