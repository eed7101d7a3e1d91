import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is where a newcomer looks up what a module is for. A module added under src/
// and left out of it (as rows/sql-keyset.ts, store/pg-pool.ts and i18n/aggrid.ts once were) fails
// here, so the map stays complete as the tree grows.
const root = resolve(__dirname, '../..');

/** Every file under `dir`, as paths relative to the repository root with `/` separators. */
function filesUnder(dir: string): string[] {
  const entries = readdirSync(join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The text of every inline code span (`…`) of the document. */
function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
}

describe('docs/architecture.md', () => {
  it('names every file under src/ in a code span, by its file name or a path ending in it', () => {
    const spans = codeSpans(readFileSync(join(root, 'docs', 'architecture.md'), 'utf8'));
    const files = filesUnder('src');
    expect(files.length).toBeGreaterThan(100);
    const unnamed = files.filter((file) => {
      const name = basename(file);
      return !spans.some((span) => span === name || span.endsWith(`/${name}`));
    });
    expect(unnamed, 'add these files to docs/architecture.md (Folders or Core modules)').toEqual([]);
  });
});
