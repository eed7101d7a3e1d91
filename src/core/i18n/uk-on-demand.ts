/**
 * What `loadCatalog('uk')` imports dynamically: the Ukrainian catalog through a module of its own.
 *
 * `GridViewPlugin`, the hosts and `createTranslator` of the core import `./uk` statically (every
 * shipped language at once, so texts are right on the first paint and when hydrating); components
 * used without them load it on demand. Were the dynamic import aimed at `./uk` itself, every app
 * that has both paths would get a bundler warning it cannot act on (Rolldown's
 * INEFFECTIVE_DYNAMIC_IMPORT: the module is static elsewhere, so the import splits nothing off).
 * Aimed here, an app without the static path gets the catalog in this chunk, and an app with it a
 * chunk of one line.
 *
 * @module
 */
export { uk } from './uk';
