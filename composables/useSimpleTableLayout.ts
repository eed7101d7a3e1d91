/**
 * `useSimpleTableLayout`: where a simple table keeps what the reader changed about it — the column
 * layout (order, visibility, widths, in the preset format of `PresetColumnState`) and the collapsed
 * sections of a grouped table. With Pinia installed (and `pageState` on) the page-state store owns
 * both, so they survive a reload and follow other tabs; without Pinia the composable holds them
 * itself for the life of the component. Either way there is one owner and the table only reads.
 *
 * @module
 */
import { computed, hasInjectionContext, inject, shallowRef, toValue } from 'vue';
import type { ComputedRef, MaybeRefOrGetter } from 'vue';
import { piniaSymbol } from 'pinia';
import type { PresetColumnState } from '../src/core/types';
import { usePageState } from './usePageState';

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
  /** True when the page-state store keeps the state (it then survives a reload). */
  persistent: boolean;
}

/**
 * The layout state of one simple table. SSR-safe: the page-state entry is only read from storage
 * after mount (`usePageState`), so the server and the first client render show the columns' own
 * layout. URL fields are not read here (the table's search and sort are its own).
 *
 * Edge cases: a change the store refuses as invalid (more collapsed sections than
 * `PAGE_STATE_LIMITS.maxCollapsedGroups`, a key longer than its `textLength`) changes nothing and
 * is reported through the store's warning.
 */
export function useSimpleTableLayout(options: UseSimpleTableLayoutOptions): UseSimpleTableLayoutReturn {
  const pinia = options.pageState !== false && hasInjectionContext() ? inject(piniaSymbol, null) : null;
  if (pinia) {
    const page = usePageState(() => toValue(options.id) || 'table', { scope: options.scope, url: false });
    return {
      columnState: computed(() => page.state.value.columnState),
      collapsedGroups: computed(() => page.state.value.collapsedGroups),
      setColumnState: (state) => page.update({ columnState: state === null ? null : state.map((entry) => ({ ...entry })) }),
      setCollapsedGroups: (keys) => page.update({ collapsedGroups: [...keys] }),
      persistent: true,
    };
  }
  const columnState = shallowRef<readonly PresetColumnState[] | null>(null);
  const collapsedGroups = shallowRef<readonly string[]>([]);
  return {
    columnState: computed(() => columnState.value),
    collapsedGroups: computed(() => collapsedGroups.value),
    setColumnState: (state) => {
      columnState.value = state === null ? null : state.map((entry) => ({ ...entry }));
    },
    setCollapsedGroups: (keys) => {
      collapsedGroups.value = [...keys];
    },
    persistent: false,
  };
}
