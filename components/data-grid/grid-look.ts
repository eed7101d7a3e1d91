/**
 * How the library's AG Grids look, without importing AG Grid: the Quartz theme's parameters over the
 * `--gv-*` tokens and the overlay-scrollbar band. `DataGrid` builds its theme from them
 * (`./grid-setup`), and the browser bundle's `GridView.gridOptions` gives them to a grid a page
 * creates itself, with the page's own AG Grid.
 *
 * @module
 */

/**
 * The Quartz theme's parameters: every colour, the font and the radius taken from the library's
 * `--gv-*` custom properties, so the grid follows the stylesheet's light and dark tokens (and a
 * host's own values) without a second theme object: switching `data-gv-theme` switches the grid too.
 */
export const DATA_GRID_THEME_PARAMS = Object.freeze({
  backgroundColor: 'var(--gv-color-surface)',
  foregroundColor: 'var(--gv-color-text)',
  textColor: 'var(--gv-color-text)',
  accentColor: 'var(--gv-color-accent)',
  borderColor: 'var(--gv-color-border)',
  chromeBackgroundColor: 'var(--gv-table-head-bg)',
  headerBackgroundColor: 'var(--gv-table-head-bg)',
  headerTextColor: 'var(--gv-color-text)',
  oddRowBackgroundColor: 'var(--gv-table-stripe)',
  rowHoverColor: 'var(--gv-table-hover)',
  subtleTextColor: 'var(--gv-color-text-muted)',
  fontFamily: 'var(--gv-font)',
  fontSize: 14,
  headerFontWeight: 600,
  wrapperBorderRadius: 'var(--gv-radius)',
  borderRadius: 'var(--gv-radius-small)',
  browserColorScheme: 'inherit',
  // Denser cells than Quartz's default: spec widths such as "110px" fit an order number.
  cellHorizontalPaddingScale: 0.7,
  focusShadow: '0 0 0 2px var(--gv-color-focus)',
  inputFocusBorder: { color: 'var(--gv-color-focus)', width: 2 },
  menuBackgroundColor: 'var(--gv-color-surface)',
});

/** The band AG Grid draws for an overlay scrollbar (its `INVISIBLE_SCROLLBAR_SIZE`), in pixels. */
const OVERLAY_SCROLLBAR_BAND = 16;
let overlayBand: number | undefined | null = null;

/**
 * The grid's `scrollbarWidth` option: 16 where the browser's scrollbars take no room (overlay
 * scrollbars: macOS, phones, headless Chromium), else undefined (AG Grid measures them itself).
 *
 * Why: with overlay scrollbars AG Grid lays the columns out over the whole body but still draws a
 * 16-pixel band for its vertical scrollbar over their right edge, with the body's background, so
 * the last column lost its last characters ("44.6" of "44.6%"). Told the band's width, it keeps the
 * columns clear of it, as it does for classic scrollbars. Measured once per page; undefined outside
 * a browser.
 */
export function overlayScrollbarWidth(): number | undefined {
  if (overlayBand !== null) return overlayBand;
  if (typeof document === 'undefined' || document.body === null) return undefined;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
  document.body.appendChild(probe);
  const native = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  overlayBand = native === 0 ? OVERLAY_SCROLLBAR_BAND : undefined;
  return overlayBand;
}

