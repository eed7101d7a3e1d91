/**
 * The library's one warning channel. Library code never calls `console` directly: it calls `warn`,
 * and the handler decides. The default prints with `console.warn` except in production builds, so
 * production pages and servers stay silent unless the application asks for warnings: `onWarn` of
 * `GridViewPlugin`, or `setWarningHandler` here (servers and scripts). What counts as production:
 * see `isDevelopment`.
 *
 * @module
 */

// Bundlers replace `process.env.NODE_ENV` with a string; in Node it is the real variable; in a
// browser page without a bundler `process` does not exist and reading it throws.
declare const process: { env: { NODE_ENV?: string } };

/**
 * Whether warnings count as development: true unless `readNodeEnv()` gives `'production'`.
 *
 * `readNodeEnv` is `() => process.env.NODE_ENV`, read unguarded on purpose: a bundler's production
 * build (Vite, webpack, Rollup with its replace plugin) turns that expression into `"production"`
 * in the library's code too, and a guard such as `typeof process === 'undefined' || …` would stay
 * true in every browser, where `process` does not exist even after the replacement.
 *
 * Edge cases: a reader that throws (no bundler in a browser: plain ESM through an import map or a
 * CDN, or a bundler that leaves the expression alone, so `process` is not defined) counts as
 * development, as does Node without `NODE_ENV` or with any value but `production`: nothing says the
 * page or process is a production one, and the warnings are for its developer. Silence them with
 * `onWarn` / `setWarningHandler(() => {})`.
 */
export function isDevelopment(readNodeEnv: () => string | undefined): boolean {
  try {
    return readNodeEnv() !== 'production';
  } catch {
    return true;
  }
}

/** True unless the build or process says production (`isDevelopment`); read once, when the module loads. */
export const DEV: boolean = isDevelopment(() => process.env.NODE_ENV);

/** Stable codes of the library's warnings (for filtering in an `onWarn` handler). */
export type GridViewWarningCode =
  | 'currency_fallback'
  | 'adapter_subscriber_failed'
  | 'export_failed'
  | 'storage_unavailable'
  | 'storage_dropped'
  | 'catalog_unavailable'
  | 'chart_renderer_unavailable'
  | 'row_source_failed'
  | 'preset_columns_dropped'
  | 'spec_warning'
  | 'table_engine_unavailable'
  | 'optional_package_missing'
  | 'hydrate_failed'
  | 'lazy_failed';

/** One warning: a stable code, a sentence for people, and the thrown value or data behind it. */
export interface GridViewWarning {
  readonly code: GridViewWarningCode;
  readonly message: string;
  readonly detail?: unknown;
}

/** Receives every warning of the library. It must not throw (a throw is swallowed). */
export type WarningHandler = (warning: GridViewWarning) => void;

const printInDevelopment: WarningHandler = (warning) => {
  if (!DEV) return;
  const sink = (globalThis as { console?: { warn?(...args: unknown[]): void } }).console;
  if (warning.detail === undefined) sink?.warn?.(`[vue-grid-view] ${warning.message}`);
  else sink?.warn?.(`[vue-grid-view] ${warning.message}`, warning.detail);
};

let current: WarningHandler = printInDevelopment;

/**
 * Sends every later warning to `handler`, or back to the default for null: `console.warn`, except
 * in a production build or under `NODE_ENV=production` (see `isDevelopment`: without a bundler, and
 * in Node without `NODE_ENV`, the default prints). There is one handler per page or process: the last `GridViewPlugin` install, server handler
 * or call here wins. Returns the handler it replaced.
 */
export function setWarningHandler(handler: WarningHandler | null | undefined): WarningHandler {
  const previous = current;
  current = handler ?? printInDevelopment;
  return previous;
}

/** Reports a warning through the current handler; never throws. */
export function warn(code: GridViewWarningCode, message: string, detail?: unknown): void {
  try {
    current(detail === undefined ? { code, message } : { code, message, detail });
  } catch {
    // A broken handler must not break rendering.
  }
}
