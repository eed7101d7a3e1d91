/**
 * Locale and theme of the playground, chosen in the header and kept in localStorage so a reload
 * keeps them. The theme is applied as `data-gv-theme` on <html>, which the library's stylesheet
 * reads for its dark variables.
 *
 * @module
 */
import { reactive, watch } from 'vue';

export type PlaygroundLocale = 'en' | 'uk';
export type PlaygroundTheme = 'light' | 'dark';

const STORAGE_KEY = 'gv-playground-settings';

interface Settings {
  locale: PlaygroundLocale;
  theme: PlaygroundTheme;
}

function readStored(): Settings {
  const fallback: Settings = { locale: 'en', theme: 'light' };
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    const record = parsed as Record<string, unknown>;
    return {
      locale: record.locale === 'uk' ? 'uk' : 'en',
      theme: record.theme === 'dark' ? 'dark' : 'light',
    };
  } catch {
    // Storage blocked or corrupt: start with the defaults rather than failing the whole app.
    return fallback;
  }
}

/** The current settings; change them and the page, the library components and storage follow. */
export const settings = reactive<Settings>(readStored());

function apply(): void {
  document.documentElement.setAttribute('data-gv-theme', settings.theme);
  document.documentElement.setAttribute('lang', settings.locale);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ locale: settings.locale, theme: settings.theme }));
  } catch {
    // A full or blocked storage only loses persistence, not the switch itself.
  }
}

/** Applies the settings now and whenever they change. Call once at start-up. */
export function startSettingsSync(): void {
  apply();
  watch(() => [settings.locale, settings.theme], apply);
}
