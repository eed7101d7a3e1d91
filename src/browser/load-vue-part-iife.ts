/**
 * `./load-vue-part` in the IIFE build: the classic script loads the Vue part from the ES build
 * beside it (`esm/vue-part.js` next to `grid-view.iife.js`) with a dynamic `import()`, which classic
 * scripts may use. One tag stays the whole setup, and a page whose views nobody touches loads no
 * Vue. The IIFE carries only its first script's code: the Vue part and its chunks are the ES build's.
 *
 * @module
 */
import type { VuePartModule } from './load-vue-part';

// Read while the bundle's own script runs: `document.currentScript` is null once it has.
const script = document.currentScript;
const base = script instanceof HTMLScriptElement && script.src !== '' ? script.src : document.baseURI;

/** Imports `esm/vue-part.js` beside the bundle's script (the browser keeps one instance). */
export function loadVuePart(): Promise<VuePartModule> {
  return import(/* @vite-ignore */ new URL('esm/vue-part.js', base).href) as Promise<VuePartModule>;
}
