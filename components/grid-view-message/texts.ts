/**
 * The words of `GridViewMessage` (`message.*`) in every shipped language. They travel in the
 * message's own chunk instead of the message catalogs (`src/core/i18n/en.ts`, `uk.ts`): the plugin
 * and the core's `createTranslator` carry every catalog on the first paint of every app, and these
 * texts are needed only by an app that shows a message (the same reason the spec issue texts are
 * apart). A host rewords them like any catalog text, under the same keys, through the plugin's
 * `messages` overrides or its host's `translate` (`messageTranslator` consults both first).
 *
 * Typed by the language registry: a language added to `LANGUAGES` without its texts here does not
 * compile, and its texts must hold every key of the English ones.
 *
 * @module
 */
import { createTranslator } from '../../src/core/i18n/translator';
import type { MessageOverrides, Translator } from '../../src/core/i18n/translator';
import { languageOf } from '../../src/core/i18n/languages';
import type { LanguageCode } from '../../src/core/i18n/languages';

/** The English texts: the reference for the key set. Plural bases: `message.copied`, `message.error.invalid`. */
const en = {
  // Accessible name of the message (an `article`): the view's title, or the generic name without one.
  'message.label': 'View in a message',
  'message.label_named': 'View in a message: {title}',
  'message.actions': 'Message actions',
  'message.open': 'Open full view',
  'message.copy': 'Copy',
  'message.copied.one': 'Copied {count} row',
  'message.copied.few': 'Copied {count} rows',
  'message.copied.many': 'Copied {count} rows',
  'message.copied.other': 'Copied {count} rows',
  'message.copy_failed': 'Could not copy: the browser did not allow access to the clipboard.',
  // The error card: one sentence per kind of problem; the code and where it is come beside it.
  'message.error.not_json': 'This message could not be read: it is not valid JSON.',
  'message.error.not_grid_view': 'This message is not a grid view.',
  'message.error.invalid.one': 'The view in this message has {count} problem and cannot be shown.',
  'message.error.invalid.few': 'The view in this message has {count} problems and cannot be shown.',
  'message.error.invalid.many': 'The view in this message has {count} problems and cannot be shown.',
  'message.error.invalid.other': 'The view in this message has {count} problems and cannot be shown.',
};

/** A key of the message texts. */
export type MessageTextKey = keyof typeof en;

/** The texts of one language: every key of the English ones. */
export type MessageTexts = Readonly<Record<MessageTextKey, string>>;

const uk: MessageTexts = {
  'message.label': 'Подання в повідомленні',
  'message.label_named': 'Подання в повідомленні: {title}',
  'message.actions': 'Дії з повідомленням',
  'message.open': 'Відкрити повністю',
  'message.copy': 'Копіювати',
  'message.copied.one': 'Скопійовано {count} рядок',
  'message.copied.few': 'Скопійовано {count} рядки',
  'message.copied.many': 'Скопійовано {count} рядків',
  'message.copied.other': 'Скопійовано {count} рядка',
  'message.copy_failed': 'Не вдалося скопіювати: браузер не дав доступу до буфера обміну.',
  'message.error.not_json': 'Це повідомлення не вдалося прочитати: це не коректний JSON.',
  'message.error.not_grid_view': 'Це повідомлення не містить подання даних.',
  'message.error.invalid.one': 'Подання в цьому повідомленні має {count} помилку, тому його неможливо показати.',
  'message.error.invalid.few': 'Подання в цьому повідомленні має {count} помилки, тому його неможливо показати.',
  'message.error.invalid.many': 'Подання в цьому повідомленні має {count} помилок, тому його неможливо показати.',
  'message.error.invalid.other': 'Подання в цьому повідомленні має {count} помилки, тому його неможливо показати.',
};

/** The message texts of every shipped language. Frozen. */
export const MESSAGE_TEXTS: { readonly [Code in LanguageCode]: MessageTexts } = Object.freeze({ en: Object.freeze(en), uk: Object.freeze(uk) });

/**
 * A translator of the message texts for `locale`: the host's overrides and `lookup` first (as every
 * catalog text), then the texts of the locale's language, else English (a language the package
 * does not ship still gets its plural categories from Intl over the English forms). Only for
 * `message.*` keys: catalog texts come from the plugin's translator.
 */
export function messageTranslator(locale: string, overrides: MessageOverrides, lookup?: (key: string) => string | null | undefined): Translator {
  const language = languageOf(locale);
  const texts = Object.prototype.hasOwnProperty.call(MESSAGE_TEXTS, language) ? MESSAGE_TEXTS[language as LanguageCode] : MESSAGE_TEXTS.en;
  // English under `en` as well: a tag Intl refuses makes a translator for `en`.
  return createTranslator({ locale, overrides, lookup, catalogs: { en: MESSAGE_TEXTS.en, [language]: texts } });
}
