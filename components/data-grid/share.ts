/**
 * "Share view": the grid's view in the page URL as one query parameter, `gv_<gridId>`, holding the
 * compact text of `encodeViewState`. A page opened with it shows that view (the URL wins over what
 * the browser stored, as the page state's other URL fields do).
 *
 * @module
 */
import { decodeViewState, encodeViewState } from '../../src/core/data-grid/view-state';
import type { DataGridViewState } from '../../src/core/data-grid/view-state';

/** The query parameter of a grid's shared view. Grid ids are `^[a-z][a-z0-9_-]*$`, so no escaping is needed. */
export function sharedViewParam(gridId: string): string {
  return `gv_${gridId}`;
}

/** The view a query string shares for `gridId`, or null (absent, or refused by validation). */
export function readSharedView(gridId: string, search: string): DataGridViewState | null {
  const text = new URLSearchParams(search).get(sharedViewParam(gridId));
  return text === null ? null : decodeViewState(text);
}

/**
 * `href` with the grid's view as its `gv_<gridId>` parameter (replacing an older one); every other
 * parameter and the fragment are kept.
 */
export function urlWithSharedView(href: string, gridId: string, state: DataGridViewState): string {
  const url = new URL(href);
  url.searchParams.set(sharedViewParam(gridId), encodeViewState(state));
  return url.toString();
}
