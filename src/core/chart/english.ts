/**
 * The English translator of what a chart says without a reader's language, in a module of its own
 * so that the option builders can use it without importing the caption module (which imports the
 * chart-type registry, which imports them).
 *
 * @module
 */
import type { Translator } from '../i18n';
import { createTranslator } from '../i18n/translator';

let english: Translator | undefined;

/**
 * The English translator of what is said without a reader's language: a runtime's `description`,
 * the option's aria description when no translator is given. Made on first use.
 */
export function englishTranslator(): Translator {
  english ??= createTranslator({ locale: 'en' });
  return english;
}
