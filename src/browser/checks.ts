/**
 * The argument checks of the global's functions that mount, shared by the first script (which
 * answers a wrong call at once, before the Vue part has loaded) and the Vue part (its functions
 * called directly).
 *
 * @module
 */

/** `init` with an artifact needs an element to draw the view in. */
export function checkInitRoot(root: unknown, artifact: unknown): void {
  if (artifact !== null && artifact !== undefined && !(root instanceof Element)) throw new TypeError('GridView.init: an artifact needs a root element to be drawn in.');
}

/** `attachDataGrid` with the toolbar placed automatically needs the grid's container. */
export function checkAttachPlace(toolbar: unknown, container: unknown): void {
  if ((toolbar ?? true) === true && !(container instanceof Element)) {
    throw new TypeError("GridView.attachDataGrid: the toolbar needs the grid's container element (option container), or an element to render in (option toolbar).");
  }
}
