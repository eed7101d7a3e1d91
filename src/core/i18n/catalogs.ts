/**
 * Every catalog the package ships, imported statically: what `GridViewPlugin` registers at install,
 * what `messages` and `createTranslator` of `vue-grid-view/core` hold (texts right on the first
 * paint, when hydrating and in the hosts and server exports), and what `./on-demand` hands to
 * `loadCatalog`. Importing it brings every catalog, so nothing on a component's first paint may.
 *
 * Typed by the registry's codes: a language in `./languages` without its catalog here, a catalog
 * here without its language there, or a catalog missing a message does not compile.
 *
 * @module
 */
import { en } from './en';
import type { MessageCatalog } from './en';
import type { LanguageCode } from './languages';
import { uk } from './uk';

/** Every shipped catalog by language code. */
export const CATALOGS: { readonly [Code in LanguageCode]: MessageCatalog } = { en, uk };
