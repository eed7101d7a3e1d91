/**
 * The hydration island: what a browser needs to hydrate exactly the view the server rendered (the
 * spec as wire JSON, the rows, and the options that shaped the markup), written beside the markup
 * as `<script type="application/json" data-gv-island>`.
 *
 * Why it is safe to put row and spec values there: the payload is JSON (never run), and every `<`,
 * `>` and `&` in it, as well as U+2028 and U+2029, is written as a `\uXXXX` escape, so no value can
 * close the script element (`</script>`), open a comment or be read as markup; `JSON.parse` gives
 * the values back unchanged. Rows appear once, here: the markup holds their formatted cells.
 *
 * @module
 */
import type { Row } from '../core/types';
import type { GridViewPluginOptions } from '../plugin-context';

/** The version of the island's shape; a client refuses an island of another version. */
export const ISLAND_VERSION = 1;

/** The payload of a hydration island (`GridView.bootScope` reads it). */
export interface GridViewIsland {
  /** `ISLAND_VERSION` when written. */
  readonly v: number;
  /** The spec as wire JSON (a parsed spec is written through `specToWire`). */
  readonly spec: unknown;
  /** Every row the server rendered. */
  readonly rows: readonly Row[];
  /** Whether the server rendered the interactive controls (sort buttons, search, exports). */
  readonly interactive: boolean;
  readonly locale?: string;
  readonly currency?: string;
  /** The charts' theme on the server (`light` unless `dark`). */
  readonly theme: 'light' | 'dark';
  /** The one drawing width of the server's SVG charts, when it was given. */
  readonly chartWidth?: number;
  readonly messages?: GridViewPluginOptions['messages'];
  readonly routes?: GridViewPluginOptions['routes'];
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * `payload` as JSON text safe inside a `<script>` element: the characters that could end it or be
 * read as markup are `\uXXXX` escapes (valid JSON, parsed back to the same text).
 */
export function islandJson(payload: GridViewIsland): string {
  return JSON.stringify(payload).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The island's `<script type="application/json" data-gv-island>` element. */
export function islandScript(payload: GridViewIsland): string {
  return `<script type="application/json" data-gv-island>${islandJson(payload)}</script>`;
}

/**
 * The props a server-rendered view is rendered with, on the server and again by the browser that
 * hydrates it (they must be the same, or the markup would not match).
 */
export function hydratedViewProps(
  spec: unknown,
  rows: readonly Row[],
  options: { interactive: boolean; locale?: string | undefined; currency?: string | undefined },
): Record<string, unknown> {
  return {
    spec,
    rows,
    interactive: options.interactive,
    locale: options.locale,
    currency: options.currency,
    // Server HTML is read without JavaScript: every row is in the markup, none windowed away.
    tableProps: { windowThreshold: Number.POSITIVE_INFINITY },
  };
}
