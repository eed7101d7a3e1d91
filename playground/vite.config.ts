import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The playground imports the library only through its package entries, as an application would;
 * these aliases point the entries at the library's source (tsconfig.json maps them the same way).
 * Longest first: `vue-grid-view` must not swallow `vue-grid-view/core`.
 */
const library = [
  { find: /^vue-grid-view\/core$/, replacement: here('../src/core-entry.ts') },
  { find: /^vue-grid-view\/server$/, replacement: here('../src/server/index.ts') },
  { find: /^vue-grid-view\/ssr$/, replacement: here('../src/ssr/index.ts') },
  { find: /^vue-grid-view\/assistant$/, replacement: here('../src/assistant/index.ts') },
  // With or without a query: the plain HTML page's server takes the stylesheet as text (`?inline`).
  { find: /^vue-grid-view\/style\.css(?=$|\?)/, replacement: here('../src/style.css') },
  { find: /^vue-grid-view$/, replacement: here('../src/index.ts') },
];

const vueFlags = {
  __VUE_OPTIONS_API__: 'true',
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
};

/**
 * Rolldown's timing report (PLUGIN_TIMINGS) is off: Vue's SFC transform is most of these builds, and
 * whether the report shows depends on the machine's load, not on the output (a plain build prints
 * no warning, so a new one stands out).
 */
const checks = { bundlerTimings: false };

/**
 * Two builds, both from the library's source (its .vue and .ts files, not dist/), so the playground
 * always shows the working tree:
 *
 * - default mode: the browser app into playground/dist/client. ECharts and AG Grid are bundled from
 *   node_modules, never loaded from a CDN.
 * - `--mode server`: the Node server into playground/dist/server/start.js. It is built rather than
 *   run by tsx because the server renders the library's .vue components (SSR, lazy blocks), which
 *   need the Vue compiler; Node packages stay external and load from node_modules.
 */
export default defineConfig(({ mode }) => {
  if (mode === 'server') {
    return {
      root: here('.'),
      // Always compiled as production, also when the e2e helpers build it under Vitest (NODE_ENV
      // `test`, where Vue's compiler keeps templates' HTML comments): the plain HTML page's views
      // are hydrated by the browser bundle, which is built without them, and every comment the
      // server wrote would be a hydration mismatch.
      plugins: [vue({ isProduction: true, template: { compilerOptions: { comments: false } } })],
      resolve: { alias: library },
      define: { ...vueFlags, 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warn',
      build: {
        ssr: here('./server/start.ts'),
        outDir: here('./dist/server'),
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        rollupOptions: { checks, output: { format: 'es', entryFileNames: '[name].js' } },
      },
    };
  }
  return {
    root: here('.'),
    base: '/',
    plugins: [vue()],
    resolve: { alias: library },
    define: vueFlags,
    logLevel: 'warn',
    build: {
      outDir: here('./dist/client'),
      emptyOutDir: true,
      sourcemap: true,
      // ECharts and AG Grid alone are bigger than Vite's default warning threshold; that is expected.
      chunkSizeWarningLimit: 2500,
      rollupOptions: { checks },
    },
  };
});
