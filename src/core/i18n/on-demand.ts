/**
 * What `loadCatalog` imports dynamically: the shipped catalogs through a module of their own.
 *
 * `GridViewPlugin`, the hosts and `createTranslator` of the core import `./catalogs` statically
 * (every shipped language at once, so texts are right on the first paint and when hydrating);
 * components used without them load a language on demand. Were the dynamic import aimed at
 * `./catalogs` (or a catalog file) itself, every app that has both paths would get a bundler
 * warning it cannot act on (Rolldown's INEFFECTIVE_DYNAMIC_IMPORT: the module is static elsewhere,
 * so the import splits nothing off). Aimed here, an app without the static path gets the catalogs
 * other than English in this chunk, and an app with it a chunk of one line. (One chunk for every
 * language other than English: fine for a few; with many, give each language a module like this.)
 *
 * @module
 */
export { CATALOGS } from './catalogs';
