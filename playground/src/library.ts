/**
 * Installs the library the way an application would: `GridViewPlugin` with the locale, currency
 * and the routes of the playground server, the locale kept in step with the header's switch
 * through the plugin's `configure`.
 *
 * The chart theme is deliberately left at the plugin's default, `auto`: the header's theme switch
 * sets `data-gv-theme` on <html> (see ./settings.ts) and every chart follows that attribute by
 * itself, as it would in any application with its own theme switch.
 *
 * @module
 */
import { watch, type App } from 'vue';
import { GridViewPlugin } from 'vue-grid-view';
import type { GridViewPluginOptions } from 'vue-grid-view';
import { API_BASE, DEMO_CURRENCY } from '../shared/labels';
import { settings } from './settings';

/** The library's routes on the playground server (see server/app.ts). */
export const ROUTES = {
  grid_prefs: `${API_BASE}/grid/preferences/`,
  export_pdf: `${API_BASE}/grid/export/pdf/`,
  export_xlsx: `${API_BASE}/grid/export/xlsx/`,
  lazy: `${API_BASE}/grid/lazy/`,
} as const;

function currentOptions(): GridViewPluginOptions {
  return { locale: settings.locale };
}

/** `app.use(GridViewPlugin, …)` and a watcher that reconfigures it when a switch changes. */
export function installLibrary(app: App): void {
  app.use(GridViewPlugin, {
    ...currentOptions(),
    currency: DEMO_CURRENCY,
    routes: ROUTES,
    preferencesUrl: ROUTES.grid_prefs,
  });
  const context = app.config.globalProperties.$gridView;
  watch(
    () => settings.locale,
    () => context.configure(currentOptions()),
  );
}
