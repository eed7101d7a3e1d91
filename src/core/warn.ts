/**
 * The library's one warning channel. Library code never calls `console` directly: it calls `warn`,
 * and the handler decides. The default prints with `console.warn` in development builds only
 * (`process.env.NODE_ENV !== 'production'`, which bundlers replace with a constant), so production
 * pages and servers stay silent unless the application asks for warnings: `onWarn` of
 * `GridViewPlugin`, or `setWarningHandler` here (servers and scripts).
 *
 * @module
 */

// Bundlers replace `process.env.NODE_ENV` with a string; in Node it is the real variable; in a
// browser page without a bundler `process` does not exist and warnings are shown (development).
declare const process: { env: { NODE_ENV?: string } } | undefined;

/** True in development builds and in Node unless `NODE_ENV` is `production`. */
export const DEV: boolean = typeof process === 'undefined' || process.env.NODE_ENV !== 'production';

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
  | 'optional_package_missing';

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
 * Sends every later warning to `handler`, or back to the default (console in development only) for
 * null. There is one handler per page or process: the last `GridViewPlugin` install, server handler
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
