/**
 * The `translate` method shared by the package's hosts.
 *
 * @module
 */
import { createTranslator } from '../core/i18n';
import type { MessageOverrides } from '../core/i18n';

/** Translation options every package host accepts. */
export interface HostTranslateOptions {
  /** BCP 47 locale of the catalogs (`en`, `uk`, `uk-UA`); defaults to `en`. */
  locale?: string;
  /** Texts that win over the built-in catalogs, by locale then key. */
  overrides?: MessageOverrides;
  /**
   * A translation function of the application (vue-i18n's `t`, a gettext lookup). Consulted after
   * `overrides` and before the catalogs; return the key itself, null or undefined for "unknown".
   */
  translate?: (key: string) => string | null | undefined;
}

/**
 * A `GridViewHost.translate` built from the package catalogs (`src/core/i18n.ts`) and the host's
 * options. Unknown keys return the key itself, as the protocol says. Every shipped catalog is
 * available at once: `translate` is synchronous and a host may answer in any of them.
 */
export function hostTranslator(options: HostTranslateOptions): (key: string) => string {
  const translator = createTranslator({
    locale: options.locale,
    overrides: options.overrides,
    lookup: options.translate,
  });
  return (key) => translator.t(key);
}
