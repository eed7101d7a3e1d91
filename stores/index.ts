/**
 * Pinia stores of vue-grid-view: browser-local page state and saved preferences, plus the storage
 * helper both use.
 *
 * @module
 */
export { usePageStateStore } from './page-state';
export type { HydrateOptions, PageStateEntry } from './page-state';
export {
  pageStateKey,
  defaultPageState,
  validatePageState,
  withUrlState,
  PAGE_STATE_KEY_PREFIX,
  PAGE_STATE_LIMITS,
  DEFAULT_NAMESPACE,
} from './page-state/model';
export type { PageState, PageStateKeyParts } from './page-state/model';
export { useGridPreferencesStore } from './preferences';
export type { GridPrefsEntry, PreferencesStoreOptions, PrefsResult, RetryOptions, SavePresetOptions, SwitchSubjectOptions } from './preferences';
export { mergePrefs, prefsStorageKey, subjectKeyPart, validateLocalPrefsRecord, PREFS_KEY_PREFIX, ANONYMOUS_SUBJECT_KEY } from './preferences/model';
export { presetColumnsFromState } from '../src/core/column-state';
export type { ColumnStateInput } from '../src/core/column-state';
export type { LocalPrefsRecord, PrefsErrorCode, Tombstones } from './preferences/model';
export { createSafeStorage, readPayload, writePayload, parsePayload, listenToStorage, PAYLOAD_VERSION } from './safe-storage';
export type { SafeStorage, StorageFallback, StorageLike, StorageOptions, StoredPayload, WindowLike } from './safe-storage';
