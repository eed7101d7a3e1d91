import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Four kinds of project, one runner:
// - node: core, hosts, server, SSR; plain Node environment (proves the core needs no DOM); its files
//   share one module graph per worker, and node-fresh runs the few that must not.
// - dom: components, stores and composables in jsdom, one jsdom for all; dom-fresh likewise.
// - e2e: real Chromium through playwright-core against built bundles and the playground; two files
//   at a time (each starts its own servers and browser; builds they share are made once under a lock,
//   see test/setup/dir-lock.ts). Most of an e2e file's time is spent waiting on the browser, so two
//   files keep both cores of the reference machine busy without slowing each other much.
/** The Node tests: core, assistant, hosts, server, SSR, the MCP server and the package checks. */
const NODE_TESTS = ['test/core/**/*.test.ts', 'test/assistant/**/*.test.ts', 'test/host/**/*.test.ts', 'test/server/**/*.test.ts', 'test/ssr/**/*.test.ts', 'test/mcp/**/*.test.ts', 'test/package/**/*.test.ts'];

/**
 * Node tests that run isolated, each in a process of its own: a file that replaces a module for the
 * whole file (`vi.mock` only reaches a module not yet loaded, and the replacement would stay for
 * every later file in a shared module graph), and a file that times itself in its process's CPU
 * time (`process.cpuUsage` counts every thread of the process, so in the shared project it also
 * counted the other worker's tests: units.test.ts's throttle ratio failed once that way).
 */
export const NODE_FRESH_TESTS = ['test/core/registry-fixture-chart.test.ts', 'test/core/spec-issue-texts-offline.test.ts', 'test/server/units.test.ts'];

/** The jsdom tests: components, stores, composables and the browser bundle's own modules. */
const DOM_TESTS = ['test/components/**/*.test.ts', 'test/stores/**/*.test.ts', 'test/composables/**/*.test.ts', 'test/browser/**/*.test.ts'];

/**
 * jsdom tests that need modules nobody has imported yet, so they run isolated (a new jsdom and module
 * graph per file): they mock a module (`vi.mock` only reaches a module not yet loaded) or test what
 * happens before code loaded on demand has arrived, or the first registration of something. And the
 * files that register AG Grid's `AllCommunityModule` globally (`ModuleRegistry.registerModules`,
 * which nothing undoes): in the shared graph every later grid would have every module, and
 * data-grid-columns.test.ts, which checks that DataGrid's grid has only its own, failed whenever
 * the scheduler put it after one of them in the same worker.
 */
export const DOM_FRESH_TESTS = [
  'test/components/SimpleTable.engine.test.ts',
  'test/components/catalog-loading.test.ts',
  'test/components/chart-renderer-loading.test.ts',
  'test/components/data-grid-warmup.test.ts',
  'test/components/echarts-setup.test.ts',
  'test/composables/ag-grid-presets.test.ts',
  'test/composables/grid-layout-sync.test.ts',
  'test/composables/live-kpis.test.ts',
];

export default defineConfig({
  plugins: [vue()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // SSR inlines the stylesheet through `?raw` imports; vitest returns '' for CSS it is not told to process.
          css: { include: [/\/src\/style\.css/, /\/components\/simple-table\.css/] },
          // Worker threads rather than processes, and one module graph per worker for all its files,
          // one after another: importing the server, the schema and the core again for each of some
          // ninety files cost more than a third of the project's CPU. test/setup/node.ts undoes the
          // process-wide state a file may leave (the warning handler, spies, stubbed env).
          pool: 'threads',
          isolate: false,
          include: NODE_TESTS,
          exclude: NODE_FRESH_TESTS,
          setupFiles: ['test/setup/node.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-fresh',
          environment: 'node',
          pool: 'forks',
          include: NODE_FRESH_TESTS,
          setupFiles: ['test/setup/node.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: DOM_TESTS,
          exclude: DOM_FRESH_TESTS,
          setupFiles: ['test/setup/dom.ts'],
          // One jsdom and one module graph for all these files, one after another: a new jsdom and a
          // fresh import of Vue, AG Grid and the components per file cost more than the tests
          // themselves. test/setup/dom.ts gives each file an empty page and empty storage.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-fresh',
          environment: 'jsdom',
          include: DOM_FRESH_TESTS,
          setupFiles: ['test/setup/dom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // The visual suite renders edge views with renderHtml, which inlines the stylesheet (`?raw`).
          css: { include: [/\/src\/style\.css/, /\/components\/simple-table\.css/] },
          include: ['test/e2e/**/*.test.ts'],
          // One module graph per worker here too: every file imports playwright-core, the helpers and
          // what they build from; importing them again per file cost about 60 of the project's 650
          // CPU-seconds. Each file still starts its own servers and browser (usePlayground and the
          // fixtures' beforeAll/afterAll), and no file here mocks a module.
          isolate: false,
          maxWorkers: 2,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
