/**
 * The MCP App view follows its host's look: the theme (light or dark), the host's font, and the
 * container's size, as the host context of the MCP Apps handshake (and each
 * `ui/notifications/host-context-changed`) describes them. Only the document's root element is
 * touched, through attributes and style properties, never markup.
 *
 * @module
 */
import { applyHostFonts } from '@modelcontextprotocol/ext-apps';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';

/**
 * Applies `context` to `doc`:
 *
 * - `theme` sets `data-gv-theme` on the root, the stylesheet's own switch (its tokens, and charts
 *   drawn with `chartTheme: 'auto'`, follow it), and `color-scheme` for scrollbars and form
 *   controls; without a theme the reader's system preference applies (`prefers-color-scheme`);
 * - `styles.variables['--font-sans']` becomes the library's `--gv-font`, and `styles.css.fonts`
 *   (the host's `@font-face` rules) is added once, so the view reads in the host's typeface; every
 *   other host variable is left alone: the library's colour tokens are checked for contrast as a
 *   set, and half a set from the host could break that;
 * - `containerDimensions` with a fixed `height` makes the document fill the frame (the table then
 *   scrolls inside it); a `maxHeight` or nothing leaves the height to the content, which the view
 *   reports to the host (`ui/notifications/size-changed`, sent by the SDK's `App`); the same for
 *   the width.
 *
 * Edge cases: a partial context (a change notification carries only the fields that changed) is
 * read as the whole context, so callers pass `App.getHostContext()`, which holds them merged; an
 * unknown theme value counts as none.
 */
export function applyHostLook(context: McpUiHostContext | undefined, doc: Document = document): void {
  const root = doc.documentElement;
  const theme = context?.theme;
  if (theme === 'light' || theme === 'dark') {
    root.setAttribute('data-gv-theme', theme);
    root.style.colorScheme = theme;
  } else {
    root.removeAttribute('data-gv-theme');
    root.style.removeProperty('color-scheme');
  }
  const font = context?.styles?.variables?.['--font-sans'];
  if (typeof font === 'string' && font.trim() !== '') root.style.setProperty('--gv-font', font);
  else root.style.removeProperty('--gv-font');
  const fonts = context?.styles?.css?.fonts;
  if (typeof fonts === 'string' && fonts.trim() !== '') applyHostFonts(fonts);
  const size = context?.containerDimensions;
  const fixedHeight = size !== undefined && 'height' in size && typeof size.height === 'number';
  const fixedWidth = size !== undefined && 'width' in size && typeof size.width === 'number';
  root.toggleAttribute('data-gv-mcp-fixed-height', fixedHeight);
  root.toggleAttribute('data-gv-mcp-fixed-width', fixedWidth);
}
