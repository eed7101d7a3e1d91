/**
 * Pinia stores of vue-grid-view: browser-local page state and saved preferences. Their pure
 * helpers live beside each store (`./page-state/`, `./preferences/`) and are not public.
 *
 * @module
 */
export { usePageStateStore } from './page-state';
export type { HydrateOptions, PageStateEntry } from './page-state';
export type { PageState, PageStateKeyParts } from './page-state/model';
export { useGridPreferencesStore } from './preferences';
export type { GridPrefsEntry, PreferencesStoreOptions, PrefsResult, RetryOptions, SavePresetOptions, SwitchSubjectOptions } from './preferences';
export type { PrefsErrorCode } from './preferences/model';
export type { StorageLike, StorageOptions, WindowLike } from './safe-storage';
