import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// playground/README.md's page table against the playground's router: a page added to PAGE_IDS and
// not to the table (as the data grid page was) fails here. The router module reads `location` when
// it loads, so its list is read from the source text rather than imported.
const root = resolve(__dirname, '../..');

/** The ids of `export const PAGE_IDS = [...] as const` in playground/src/router.ts. */
function pageIds(): string[] {
  const source = readFileSync(join(root, 'playground', 'src', 'router.ts'), 'utf8');
  const list = /export const PAGE_IDS = \[([^\]]*)\] as const;/.exec(source)?.[1];
  if (list === undefined) throw new Error('playground/src/router.ts no longer declares `export const PAGE_IDS = [...] as const`: update this test');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1] as string);
}

/** The first cells of the table under "## Pages" in playground/README.md. */
function pageTableFirstCells(): string[] {
  const text = readFileSync(join(root, 'playground', 'README.md'), 'utf8');
  const start = text.indexOf('\n## Pages\n');
  expect(start, 'playground/README.md has a "## Pages" section').toBeGreaterThanOrEqual(0);
  const next = text.indexOf('\n## ', start + 1);
  const rows = text.slice(start, next < 0 ? undefined : next).split('\n').filter((line) => line.startsWith('| '));
  // The header row; the alignment row starts with "|---".
  return rows.slice(1).map((line) => line.split('|')[1]?.trim() ?? '');
}

describe('playground/README.md', () => {
  it('names every page of the router in its page table, in the navigation order, and no other', () => {
    const ids = pageIds();
    expect(ids.length).toBeGreaterThan(5);
    const linked = pageTableFirstCells().map((cell) => /\(`#\/([a-z-]+)`\)/.exec(cell)?.[1] ?? `(no page link in "${cell}")`);
    expect(linked).toEqual(ids);
  });
});
