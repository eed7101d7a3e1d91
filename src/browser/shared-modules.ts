/**
 * One copy of each module on an IIFE page. The classic script (`grid-view.iife.js`) carries the
 * pure core its global answers with (texts, catalogs, KPIs, chart options, formatting); the Vue part
 * it loads later (`iife-part/vue-part.js`) needs most of the same modules. Rather than download them a
 * second time, the script hands its module namespaces over here and that build of the Vue part
 * reads them back (vite.config.ts, `scripts/vite-shared-modules.ts`): one download, and one
 * instance of every module, so a class or a cache is the same object in both parts.
 *
 * The handover is keyed by the bundle's version, so two bundles of different versions on one page
 * never read each other's modules.
 *
 * @module
 */

declare const __GV_VERSION__: string;

type Namespace = Readonly<Record<string, unknown>>;

interface Registry {
  [version: string]: Readonly<Record<string, Namespace>> | undefined;
}

/** The page-wide handover, a property of `globalThis` no page script is expected to use. */
const REGISTRY = '__vueGridViewModules';

function registry(): Registry {
  const holder = globalThis as unknown as Record<string, Registry | undefined>;
  holder[REGISTRY] ??= Object.create(null) as Registry;
  return holder[REGISTRY];
}

/** Called by the IIFE once, with its module namespaces by source path (`src/core/format.ts`). */
export function exposeModules(modules: Readonly<Record<string, Namespace>>): void {
  registry()[__GV_VERSION__] = Object.freeze({ ...modules });
}

/**
 * The namespace of the module at `path` the IIFE exposed. Throws when there is none: the IIFE's Vue
 * part was loaded without the IIFE of the same version (the ES build's `esm/vue-part.js` is the one
 * for pages without it).
 */
export function exposedModule(path: string): Namespace {
  const module = registry()[__GV_VERSION__]?.[path];
  if (module === undefined) {
    throw new Error(`vue-grid-view ${__GV_VERSION__}: iife-part/vue-part.js needs grid-view.iife.js of the same version on the page (module ${path} is missing); pages without it load esm/grid-view.js.`);
  }
  return module;
}
