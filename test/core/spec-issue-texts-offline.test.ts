/**
 * What the spec editor's texts do offline: replaces the Ukrainian texts' module for the whole file,
 * so it runs isolated (NODE_FRESH_TESTS in vitest.config.ts) and never leaves the mock behind for a
 * later file of the shared Node project.
 */
import { describe, expect, it, vi } from 'vitest';

describe('spec issue texts on demand', () => {
  it('resolves to undefined with a catalog_unavailable warning when the texts cannot be downloaded, and tries again later', async () => {
    let offline = true;
    vi.doMock('../../src/core/i18n/spec-issues/uk', async (importOriginal) => {
      if (offline) throw new Error('offline');
      return importOriginal();
    });
    const fresh = await import('../../src/core/i18n/spec-issues');
    const { setWarningHandler } = await import('../../src/core/warn');
    const codes: string[] = [];
    const previous = setWarningHandler((warning) => codes.push(warning.code));
    try {
      expect(await fresh.loadSpecIssueTexts('uk')).toBeUndefined();
      expect(fresh.specIssueTexts('uk')).toBeUndefined();
      expect(codes).toEqual(['catalog_unavailable']);
      offline = false;
      const { ukSpecIssues } = await vi.importActual<{ ukSpecIssues: unknown }>('../../src/core/i18n/spec-issues/uk');
      expect(await fresh.loadSpecIssueTexts('uk')).toEqual(ukSpecIssues);
      expect(fresh.specIssueTexts('uk')).toEqual(ukSpecIssues);
    } finally {
      setWarningHandler(previous);
      vi.doUnmock('../../src/core/i18n/spec-issues/uk');
    }
  });
});
