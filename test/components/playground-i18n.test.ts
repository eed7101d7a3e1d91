import { describe, expect, it } from 'vitest';
import { playgroundMessages, pluralText } from '../../playground/src/i18n';
import { uk } from '../../src/core/i18n/uk';
import type { PlaygroundPluralBase } from '../../playground/src/i18n';

// The playground's own catalog follows the library's rule: a text with a count is a plural form.
const keys = Object.keys(playgroundMessages.en);
const bases = [...new Set(keys.filter((key) => /\.(one|few|many|other)$/.test(key)).map((key) => key.replace(/\.[a-z]+$/, '')))] as PlaygroundPluralBase[];

describe('playground texts', () => {
  it('say every count through a plural form in both languages', () => {
    const flat = keys.filter((key) => /\{count\}/.test(playgroundMessages.en[key as keyof typeof playgroundMessages.en]) && !/\.(one|few|many|other)$/.test(key));
    expect(flat).toEqual([]);
    expect(bases.length).toBeGreaterThanOrEqual(4);
  });

  it('pick the grammatical form for 0, 1, 2, 5, 11, 21 and 22', () => {
    const counts = [0, 1, 2, 5, 11, 21, 22];
    const categories = { en: ['other', 'one', 'other', 'other', 'other', 'other', 'other'], uk: ['many', 'one', 'few', 'many', 'many', 'one', 'few'] } as const;
    for (const locale of ['en', 'uk'] as const) {
      const catalog = playgroundMessages[locale] as Record<string, string>;
      for (const base of bases) {
        counts.forEach((count, i) => {
          const text = pluralText(locale, base, count);
          expect(text, `${locale} ${base} ${count}`).toBe(catalog[`${base}.${categories[locale][i]}`]!.replace('{count}', String(count)));
        });
      }
    }
    expect(pluralText('en', 'editor.invalid', 1)).toBe('Invalid spec: 1 issue');
    expect([1, 2, 5, 21, 22].map((n) => pluralText('uk', 'editor.invalid', n))).toEqual([
      'Специфікація некоректна: 1 помилка',
      'Специфікація некоректна: 2 помилки',
      'Специфікація некоректна: 5 помилок',
      'Специфікація некоректна: 21 помилка',
      'Специфікація некоректна: 22 помилки',
    ]);
    // Counts are grouped as the locale writes them.
    expect(pluralText('uk', 'dashboard.intro', 100000)).toMatch(/100\s000 згенерованих продажів\.$/u);
  });

  it('call one thing by one Ukrainian word, the library’s: a column preset is a «набір», never a «пресет»', () => {
    // The toolbars' button comes from the library's catalog; the playground's page must not name
    // the same thing differently.
    expect(uk['grid.presets.button']).toBe('Набори');
    // Both catalogs' entries, not one object merged from both: a key in both must not hide one text.
    const texts = [...Object.entries(uk), ...Object.entries(playgroundMessages.uk)] as [string, string][];
    const synonyms = texts.filter(([, text]) => /пресет/iu.test(text)).map(([key]) => key);
    expect(synonyms).toEqual([]);
    expect(playgroundMessages.uk['prefs.presets']).toBe('Набори стовпців');
  });
});
