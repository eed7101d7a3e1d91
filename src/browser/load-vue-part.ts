/**
 * Loads the Vue part of the browser bundle (`./vue-part`), once: in the ES build a chunk of its own
 * beside the first script. The IIFE build puts `./load-vue-part-iife` in this module's place.
 *
 * @module
 */
import type * as VuePart from './vue-part';

/** The Vue part's module. */
export type VuePartModule = typeof VuePart;

/** Imports the Vue part (the module system keeps one instance, however often it is called). */
export function loadVuePart(): Promise<VuePartModule> {
  return import('./vue-part');
}
