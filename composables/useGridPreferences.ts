/**
 * `useGridPreferences`: one grid's saved presets and searches (the interface document's
 * `get_grid_state(context, grid_id)`), wrapping `useGridPreferencesStore`.
 *
 * @module
 */
import { computed, getCurrentInstance, onMounted, toValue, watch } from 'vue';
import type { ComputedRef, MaybeRefOrGetter } from 'vue';
import type { PresetColumnState } from '../src/core/types';
import { HttpHost } from '../src/host/http-host';
import type { GridViewHost } from '../src/host/types';
import { useGridViewOptions } from '../src/plugin-context';
import { useGridPreferencesStore } from '../stores/preferences';
import { LAYOUT_PRESET } from '../stores/preferences/model';
import type { GridPrefsEntry, PreferencesStoreOptions, PrefsResult, SavePresetOptions, SwitchSubjectOptions } from '../stores/preferences';
import type { ColumnStateInput } from '../src/core/column-state';

/** Options of `useGridPreferences`. Store options apply to the whole store (every grid). */
export interface UseGridPreferencesOptions extends Omit<PreferencesStoreOptions, 'host'> {
  /**
   * The host. Default: the plugin's `host`; else an HTTP host for the plugin's `preferencesUrl`
   * when it is set; else none (preferences stay on this device, `localOnlyReason: 'disabled'`).
   */
  host?: GridViewHost | null;
  /** Load when mounted (default true); false: call `load()` yourself. Never loads on the server. */
  immediate?: boolean;
}

/** What `useGridPreferences` returns. */
export interface UseGridPreferencesReturn {
  /** The store entry of the grid (see `GridPrefsEntry`). */
  entry: ComputedRef<GridPrefsEntry>;
  /** Preset names in their saved order. */
  presetNames: ComputedRef<string[]>;
  /** Saved searches in their saved order. */
  searches: ComputedRef<string[]>;
  /** Not yet confirmed by the host (the change is kept locally). */
  pending: ComputedRef<boolean>;
  /** True while `load` runs. */
  loading: ComputedRef<boolean>;
  /** Kept on this device only (anonymous, or no server saving). */
  localOnly: ComputedRef<boolean>;
  /** The subject whose preferences are shown (null: the anonymous caller). Store-wide. */
  subject: ComputedRef<string | null>;
  /**
   * A status line for the UI, translated: failed-and-kept, local-only (anonymous or disabled),
   * saving, or null when everything is saved.
   */
  statusMessage: ComputedRef<string | null>;
  load(): Promise<void>;
  /** `columns` may be AG Grid's `getColumnState()` as it is; only the preset fields are kept. */
  savePreset(name: string, columns: readonly ColumnStateInput[], options?: SavePresetOptions): PrefsResult<string>;
  renamePreset(from: string, to: string): PrefsResult<string>;
  deletePreset(name: string): PrefsResult;
  /** The preset's column state for the grid (`applyColumnState({ state, applyOrder: true })`), or null. */
  applyPreset(name: string): PresetColumnState[] | null;
  /** Keeps the grid's column layout with its preferences (the store's `saveLayout`); read it back with `applyPreset(LAYOUT_PRESET)`. */
  saveLayout(columns: readonly ColumnStateInput[]): PrefsResult<string>;
  /** Marks `name` as the preset that loads first (null: none). */
  setDefaultPreset(name: string | null): PrefsResult<string | null>;
  /** The preset that loads first, or null. */
  defaultPreset: ComputedRef<string | null>;
  saveSearch(text: string): PrefsResult<string>;
  removeSearch(text: string): PrefsResult;
  flush(): Promise<void>;
  retry(): Promise<void>;
  /** The store's `setSubject`: after a sign-in or sign-out that already happened. Store-wide. */
  setSubject(subject: string | null | undefined): void;
  /**
   * The store's `switchSubject`: flushes the current subject, runs `change` (the sign-in call) with
   * requests held, then switches to `subject`. Store-wide.
   */
  switchSubject(subject: string | null | undefined, change?: () => unknown, options?: SwitchSubjectOptions): Promise<void>;
}

/**
 * Preferences of the grid `gridId`. Loads after mount (the local copy at once, then the host's),
 * follows a reactive `gridId`, and exposes the store's actions bound to that grid.
 *
 * The store is configured from `options` and the plugin: an explicit `host` always applies; the
 * plugin's host (or an HTTP host for its `preferencesUrl`) applies when the store has none yet.
 *
 * The preferences belong to one subject: the `subject` option when given (needed with an HTTP host
 * that does not know the caller), else the host's `currentSubjectId()`. After a sign-in without a
 * page reload, `switchSubject` (or `setSubject`) moves the whole store to the new user.
 *
 * @example
 * const prefs = useGridPreferences('orders', { subject: user.id });
 * const result = prefs.savePreset(name, gridApi.getColumnState());
 * if (!result.ok) showError(result.message);
 * await prefs.switchSubject(other.id, () => api.signIn(other));
 */
export function useGridPreferences(gridId: MaybeRefOrGetter<string>, options: UseGridPreferencesOptions = {}): UseGridPreferencesReturn {
  const store = useGridPreferencesStore();
  const context = useGridViewOptions();
  const { host: explicitHost, immediate = true, ...storeOptions } = options;

  const pluginHost = (): GridViewHost | null => {
    if (context.host) return context.host;
    return context.preferencesUrl ? new HttpHost({ preferencesUrl: context.preferencesUrl, locale: context.locale }) : null;
  };
  const config: PreferencesStoreOptions = { locale: context.locale, overrides: context.messages, ...storeOptions };
  if (explicitHost !== undefined) config.host = explicitHost;
  else if (!store.currentHost()) config.host = pluginHost();
  store.configure(config);

  const id = computed(() => toValue(gridId));
  watch(id, (next) => store.entryOf(next), { immediate: true, flush: 'sync' });
  const entry = computed(() => store.grids[id.value] ?? store.entryOf(id.value));

  const load = (): Promise<void> => store.load(id.value);
  if (immediate) {
    let mounted = false;
    const start = (): void => {
      mounted = true;
      void load();
    };
    if (getCurrentInstance()) onMounted(start);
    else if (typeof window !== 'undefined') start();
    watch(id, () => {
      if (mounted) void load();
    });
  }

  const statusMessage = computed(() => {
    const current = entry.value;
    const t = context.translator;
    if (current.pending && current.error) return t.t('prefs.save.failed');
    if (current.localOnly) return t.t(current.localOnlyReason === 'disabled' ? 'prefs.save.disabled' : 'prefs.save.local_only');
    if (current.pending || current.saving) return t.t('prefs.save.pending');
    return null;
  });

  return {
    entry,
    // The grid's own layout is kept as a preset (`saveLayout`) but is not one the reader chose.
    presetNames: computed(() => Object.keys(entry.value.colPresets).filter((name) => name !== LAYOUT_PRESET)),
    searches: computed(() => entry.value.searches),
    pending: computed(() => entry.value.pending),
    loading: computed(() => entry.value.loading),
    localOnly: computed(() => entry.value.localOnly),
    subject: computed(() => store.subject),
    statusMessage,
    load,
    savePreset: (name, columns, saveOptions) => store.savePreset(id.value, name, columns, saveOptions),
    saveLayout: (columns) => store.saveLayout(id.value, columns),
    renamePreset: (from, to) => store.renamePreset(id.value, from, to),
    deletePreset: (name) => store.deletePreset(id.value, name),
    applyPreset: (name) => store.applyPreset(id.value, name),
    setDefaultPreset: (name) => store.setDefaultPreset(id.value, name),
    defaultPreset: computed(() => Object.keys(entry.value.colPresets).find((name) => entry.value.colPresets[name]?.default === true) ?? null),
    saveSearch: (text) => store.saveSearch(id.value, text),
    removeSearch: (text) => store.removeSearch(id.value, text),
    flush: () => store.flush(id.value),
    retry: () => store.retry(id.value),
    setSubject: (subject) => store.setSubject(subject),
    switchSubject: (subject, change, switchOptions) => store.switchSubject(subject, change, switchOptions),
  };
}
