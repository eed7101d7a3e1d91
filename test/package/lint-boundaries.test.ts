/**
 * The architecture's import rules (docs/architecture.md, "Import rules and what holds them") are
 * enforced by eslint.config.js.
 * These tests lint small sources as if they lived in each folder, so a rule that silently stops
 * firing (a glob that misses a folder import, a rule dropped in a refactor) fails here.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The boundary messages ESLint gives for `source` linted as the file at `filePath`. */
async function boundaryMessages(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

const importOf = (target: string): string => `import * as m from '${target}';\nexport const x = m;\n`;

describe('architecture boundaries in lint', () => {
  it.each([
    ['src/core/x.ts', 'vue', 'Vue-free'],
    ['src/core/x.ts', 'pinia', 'Vue-free'],
    ['src/core/x.ts', '../../components', 'Vue layer'],
    ['src/core/x.ts', '../../components/DataGrid.vue', 'Vue layer'],
    ['src/core/x.ts', '../../composables', 'Vue layer'],
    ['src/core/x.ts', '../../stores/page-state', 'Vue layer'],
    ['src/core/x.ts', '../server', 'nothing but yup'],
    ['src/core/x.ts', '../server/handler', 'nothing but yup'],
    ['src/core/x.ts', '../host', 'nothing but yup'],
    ['src/core/x.ts', '../ssr', 'nothing but yup'],
    ['src/core/x.ts', 'node:fs', 'no Node modules'],
    ['src/core/x.ts', 'fs', 'no Node modules'],
    ['src/core/x.ts', 'echarts/core', 'nothing but yup'],
    ['src/server/x.ts', 'vue', 'Vue-free'],
    ['src/server/x.ts', '../../composables', 'Vue layer'],
    ['src/host/x.ts', '../../stores', 'Vue layer'],
    ['src/host/x.ts', '../server', 'never imports src/server or src/ssr'],
    ['src/host/x.ts', '../server/errors', 'never imports src/server or src/ssr'],
    ['src/host/x.ts', '../ssr', 'never imports src/server or src/ssr'],
    ['src/host/x.ts', 'vue-grid-view/server', 'never imports src/server or src/ssr'],
    ['src/host/x.ts', 'vue', 'Vue-free'],
    ['src/server/x.ts', '../ssr', 'never imports src/ssr'],
    ['src/server/routes/x.ts', '../../ssr/render', 'never imports src/ssr'],
    ['src/server/x.ts', 'vue-grid-view/ssr', 'never imports src/ssr'],
    ['src/assistant/x.ts', 'vue', 'Vue-free'],
    ['src/assistant/x.ts', '../../components', 'Vue layer'],
    ['composables/useX.ts', '../components', 'never import components'],
    ['composables/useX.ts', '../components/data-grid/share', 'never import components'],
    ['composables/useX.ts', '../components/DataGrid.vue', 'never import components'],
    ['composables/useX.ts', '../src/server', 'never import src/server or src/ssr'],
    ['composables/useX.ts', '../src/ssr/render', 'never import src/server or src/ssr'],
    ['components/X.ts', '../src/server', 'never import src/server or src/ssr'],
    ['components/X.ts', '../src/ssr/render', 'never import src/server or src/ssr'],
    ['components/X.ts', 'vue-grid-view/server', 'never import src/server or src/ssr'],
    ['components/X.ts', 'node:path', 'no Node modules'],
    ['stores/x.ts', '../composables', 'never import them'],
    ['stores/x.ts', '../composables/useLiveKpis', 'never import them'],
    ['stores/x.ts', '../components', 'never import them'],
    ['stores/x.ts', '../src/server', 'never import src/server or src/ssr'],
    ['playground/src/x.ts', '../../src/core', 'package entries'],
    ['playground/src/x.ts', '../../components/GridView.vue', 'package entries'],
  ])('refuses %s importing %s', async (filePath, target, says) => {
    const messages = await boundaryMessages(filePath, importOf(target));
    expect(messages.join('\n')).toContain(says);
  });

  it.each([
    ['src/core/x.ts', './url'],
    ['src/core/x.ts', 'yup'],
    ['src/server/x.ts', '../core'],
    ['src/server/x.ts', 'kysely'],
    ['components/X.ts', '../src/core'],
    ['components/X.ts', '../composables'],
    ['stores/x.ts', '../src/core'],
    ['composables/useX.ts', '../stores/page-state'],
    ['composables/useX.ts', './useLiveKpis'],
    ['src/host/x.ts', '../core/url'],
    ['src/server/x.ts', '../host/errors'],
    ['playground/src/x.ts', 'vue-grid-view/core'],
  ])('allows %s importing %s', async (filePath, target) => {
    expect(await boundaryMessages(filePath, importOf(target))).toEqual([]);
  });

  it('gives messages that read on their own: each points to docs/architecture.md and none cites a document outside the repository', async () => {
    const cases: [string, string][] = [
      ['src/core/x.ts', 'vue'],
      ['src/core/x.ts', 'fs'],
      ['src/core/x.ts', '../server'],
      ['src/server/x.ts', '../ssr'],
      ['src/host/x.ts', '../server'],
      ['src/assistant/x.ts', 'vue'],
      ['components/X.ts', '../src/server'],
      ['composables/useX.ts', '../components'],
      ['stores/x.ts', '../components'],
      ['playground/src/x.ts', '../../src/core'],
    ];
    for (const [filePath, target] of cases) {
      const messages = await boundaryMessages(filePath, importOf(target));
      expect(messages.length, `${filePath} importing ${target}`).toBeGreaterThan(0);
      for (const message of messages) {
        expect(message).toContain('docs/architecture.md');
        expect(message).not.toMatch(/DESIGN|§/);
      }
    }
    const [global] = await boundaryMessages('src/core/x.ts', 'export const x = typeof window;\n');
    expect(global).toContain('docs/architecture.md');
  });

  it.each(['window', 'document', 'process', 'Buffer'])('refuses the global %s in src/core', async (name) => {
    const messages = await boundaryMessages('src/core/x.ts', `export const x = typeof ${name};\n`);
    expect(messages.join('\n')).toContain('no DOM or Node global');
  });
});
