/**
 * The catalog parity check every language must pass, against English: the same message keys, AG
 * Grid keys and spec issue keys, none empty, the same placeholders, and a real translation (only a
 * few texts equal to the English ones). Shared by the catalog test (every shipped language) and the
 * registry fixture test (a scratch language), so a new language is checked without writing a test.
 */
import { en } from '../../src/core/i18n/en';
import { AG_GRID_TEXTS } from '../../src/core/i18n/aggrid';
import { enSpecIssues } from '../../src/core/i18n/spec-issues/en';

/** How many texts may equal the English ones ("OK", names of formats) before it is no translation. */
export const MAX_SAME_MESSAGES = 3;
export const MAX_SAME_AG_GRID_TEXTS = 1;
/** Spec issue phrases that may stay English: "null" is a JSON word. */
export const MAX_SAME_SPEC_ISSUE_TEXTS = 1;

const placeholders = (text: string): string => Array.from(text.matchAll(/\{([A-Za-z_]\w*)\}/g), (m) => m[1] ?? '').sort().join(',');
const agGridVariables = (text: string): number => text.split('${variable}').length - 1;

/**
 * Every way `catalog`, `agGrid` and `specIssues` (the texts of one language) differ from English's,
 * as readable lines; empty when they are in parity. English itself is checked only for empty texts.
 */
export function catalogParityProblems(
  code: string,
  catalog: Readonly<Record<string, string>>,
  agGrid: Readonly<Record<string, string>>,
  specIssues: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const check = (kind: string, reference: Readonly<Record<string, string>>, texts: Readonly<Record<string, string>>, same: (a: string, b: string) => boolean, maxIdentical: number): void => {
    const keys = Object.keys(reference);
    for (const key of Object.keys(texts)) if (!Object.hasOwn(reference, key)) problems.push(`${code} ${kind}: extra key ${key}`);
    let identical = 0;
    for (const key of keys) {
      const text = texts[key];
      const english = reference[key] ?? '';
      if (!Object.hasOwn(texts, key) || text === undefined) {
        problems.push(`${code} ${kind}: missing key ${key}`);
        continue;
      }
      if (text.trim() === '') problems.push(`${code} ${kind}: empty text ${key}`);
      if (!same(text, english)) problems.push(`${code} ${kind}: placeholders of ${key} differ from English`);
      if (code !== 'en' && text === english) identical++;
    }
    if (identical > maxIdentical) problems.push(`${code} ${kind}: ${identical} texts equal the English ones (at most ${maxIdentical})`);
  };
  check('messages', en, catalog, (a, b) => placeholders(a) === placeholders(b), MAX_SAME_MESSAGES);
  check('AG Grid', AG_GRID_TEXTS.en, agGrid, (a, b) => agGridVariables(a) === agGridVariables(b), MAX_SAME_AG_GRID_TEXTS);
  check('spec issues', enSpecIssues, specIssues, (a, b) => placeholders(a) === placeholders(b), MAX_SAME_SPEC_ISSUE_TEXTS);
  return problems;
}
