import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Three projects, one runner:
// - node: core, hosts, server, SSR; plain Node environment (proves the core needs no DOM).
// - dom: components, stores and composables in jsdom.
// - e2e: real Chromium through playwright-core against built bundles and the playground; two files
//   at a time (each starts its own servers and browser; builds they share are made once under a lock,
//   see test/setup/dir-lock.ts). Most of an e2e file's time is spent waiting on the browser, so two
//   files keep both cores of the reference machine busy without slowing each other much.
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
          // Worker threads rather than processes: each file is still isolated (a new thread with
          // its own modules), without starting a Node process per file.
          pool: 'threads',
          include: ['test/core/**/*.test.ts', 'test/assistant/**/*.test.ts', 'test/host/**/*.test.ts', 'test/server/**/*.test.ts', 'test/ssr/**/*.test.ts', 'test/package/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/components/**/*.test.ts', 'test/stores/**/*.test.ts', 'test/composables/**/*.test.ts'],
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
          maxWorkers: 2,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
