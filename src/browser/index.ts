/**
 * The standalone browser bundle (`dist/browser/grid-view.iife.js`): one `<script>` tag makes the
 * views a server rendered with `renderHtml(…, { hydrate: true })` live, with the same Vue components
 * that rendered them. It sets `window.GridView` (and `window.CmGridView`, the same object, for pages
 * written for the seed system) and boots the page once the document is parsed.
 *
 * @module
 */
import { bootScope, mountedViews, unmountScope } from './boot';
import type { BootOptions } from './boot';

/** The `window.GridView` global. */
export interface GridViewGlobal {
  /** The package version this bundle was built from. */
  readonly version: string;
  /**
   * URL the booted views post named presets and searches to; `''` (default) keeps them in the page.
   * Read by every boot, so set it before the document is parsed or before calling `bootScope`.
   */
  preferencesUrl: string;
  /** Hydrates the server-rendered views in `scope` (default the document); see `./boot`. */
  bootScope(scope?: ParentNode): number;
  /** Unmounts the live views in `scope`. */
  unmountScope(scope?: ParentNode): number;
  /** How many views are live. */
  mountedViews(): number;
}

declare const __GV_VERSION__: string;

const global: GridViewGlobal = {
  version: typeof __GV_VERSION__ === 'string' ? __GV_VERSION__ : '0.0.0',
  preferencesUrl: '',
  bootScope: (scope?: ParentNode) => bootScope(scope ?? document, bootOptions()),
  unmountScope: (scope?: ParentNode) => unmountScope(scope ?? document),
  mountedViews,
};

function bootOptions(): BootOptions {
  return { preferencesUrl: global.preferencesUrl };
}

declare global {
  interface Window {
    GridView?: GridViewGlobal;
    CmGridView?: GridViewGlobal;
  }
}

// A page may set `window.GridView = { preferencesUrl }` before the tag: keep what it set.
const preset = typeof window.GridView === 'object' && window.GridView !== null ? (window.GridView as Partial<GridViewGlobal>) : {};
if (typeof preset.preferencesUrl === 'string') global.preferencesUrl = preset.preferencesUrl;
window.GridView = global;
window.CmGridView = global;

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => global.bootScope(), { once: true });
else global.bootScope();

// htmx: after a swap the new content is booted, and the views it replaced (no longer in the page)
// are unmounted by the same call. htmx 2 announces new content with `htmx:load`, htmx 4 with
// `htmx:after:swap`; both bubble to the document. Booting the whole document is cheap (one query;
// live views are skipped). Not htmx's cleanup events: they also fire for elements htmx processes
// again without removing them, and a view unmounted there could not be hydrated a second time.
for (const name of ['htmx:load', 'htmx:after:swap']) document.addEventListener(name, () => global.bootScope());


