/**
 * `./load-vue-part` in the IIFE build: the classic script loads its Vue part, an ES build beside it
 * (`iife-part/vue-part.js` next to `grid-view.iife.js`), with a dynamic `import()`, which classic
 * scripts may use. One tag stays the whole setup, and a page whose views nobody touches loads no
 * Vue. That build of the Vue part reads the modules the IIFE already carries from it
 * (`./shared-modules`) instead of downloading them again.
 *
 * @module
 */
import type { VuePartModule } from './load-vue-part';

// Read while the bundle's own script runs: `document.currentScript` is null once it has.
const script = document.currentScript;
const base = script instanceof HTMLScriptElement && script.src !== '' ? script.src : document.baseURI;

/** Imports `iife-part/vue-part.js` beside the bundle's script (the browser keeps one instance). */
export function loadVuePart(): Promise<VuePartModule> {
  return import(/* @vite-ignore */ new URL('iife-part/vue-part.js', base).href) as Promise<VuePartModule>;
}
