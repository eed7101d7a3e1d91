import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import dts from 'vite-plugin-dts';
import { fileURLToPath } from 'node:url';
import { builtinModules } from 'node:module';
import pkg from './package.json' with { type: 'json' };

const root = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Everything the user installs stays external: peers, dependencies and Node builtins.
const packageNames = [...Object.keys(pkg.peerDependencies), ...Object.keys(pkg.dependencies)];
const isExternal = (id: string) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  packageNames.some((name) => id === name || id.startsWith(`${name}/`)) ||
  ['better-sqlite3', 'pg', 'kysely', 'dejavu-fonts-ttf', 'hono', '@hono/node-server', 'express'].some((name) => id === name || id.startsWith(`${name}/`));

/** The package entries (`package.json#exports`) and their source modules. */
const entries = {
  index: fromRoot('src/index.ts'),
  core: fromRoot('src/core-entry.ts'),
  server: fromRoot('src/server/index.ts'),
  ssr: fromRoot('src/ssr/index.ts'),
  assistant: fromRoot('src/assistant/index.ts'),
  cli: fromRoot('src/server/cli.ts'),
};

/**
 * Rolldown's timing report (PLUGIN_TIMINGS: "JavaScript callbacks ran for 48 s of this 53 s build")
 * is off. The declarations plugin builds a TypeScript program over every module and emits from it,
 * which stays most of the library build however it is configured (it checks no types here, see
 * below); whether the report shows depends on the machine's load, not on the output, and
 * scripts/build.mjs fails on any warning.
 */
const checks = { bundlerTimings: false };

/**
 * Build modes (scripts/build.mjs runs each):
 * - `lib`: every entry of the package in ONE build with `preserveModules`: `dist/` mirrors the
 *   sources, so a module shared by two entries exists once (a spec parsed through
 *   `vue-grid-view/core` is the same branded object `vue-grid-view/ssr` expects), and an app's
 *   bundler keeps only the modules it reaches (a table-only app never loads the spec parser or
 *   yup). Each entry is also written at the top of dist/ (`dist/core.js`, …) as a one-line
 *   re-export. Plus style.css and one `.d.ts` per module beside it (scripts/build.mjs then gives
 *   their relative imports explicit `.js` extensions for `moduleResolution: node16`).
 * - `iife`: the standalone browser bundle with the global `GridView` (everything bundled), once
 *   `src/browser/index.ts` exists.
 */
export default defineConfig(({ mode }) => {
  if (mode === 'iife') {
    return {
      // Always compiled as production, also when a test builds it under Vitest (NODE_ENV `test`,
      // where Vue's compiler keeps templates' HTML comments by default): without the comments, the
      // markup dist/ssr.js writes and this bundle hydrates.
      plugins: [vue({ isProduction: true, template: { compilerOptions: { comments: false } } })],
      // The page's full ECharts build registers every part itself (see src/browser/echarts-global.ts).
      // The XLSX writer is the page's own SheetJS build, when it has one (src/browser/xlsx-global.ts).
      // HttpHost's HTTP client is a small one over fetch instead of axios, 21 kB gzip less
      // (src/browser/axios-fetch.ts); the library build keeps axios.
      resolve: {
        alias: [
          { find: /^\.\/echarts-setup$/, replacement: fromRoot('src/browser/echarts-global.ts') },
          { find: /^xlsx$/, replacement: fromRoot('src/browser/xlsx-global.ts') },
          { find: /^axios$/, replacement: fromRoot('src/browser/axios-fetch.ts') },
        ],
      },
      // Without `process.env.NODE_ENV` the bundle throws `process is not defined` in a browser.
      // Vue's production build still reports a hydration mismatch with one console error
      // ("Hydration completed but contains mismatches"), which the browser tests fail on.
      define: {
        'process.env.NODE_ENV': '"production"',
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
        __GV_VERSION__: JSON.stringify(pkg.version),
      },
      build: {
        outDir: 'dist/browser',
        emptyOutDir: false,
        sourcemap: true,
        target: 'es2022',
        // The entry exports nothing: it sets window.GridView itself (a named IIFE would assign the
        // module's exports over it).
        lib: { entry: fromRoot('src/browser/index.ts'), name: 'GridViewBundle', formats: ['iife'], fileName: () => 'grid-view.iife.js' },
        rollupOptions: {
          checks,
          // ECharts and AG Grid come from the page (window.echarts, window.agGrid) when it uses them.
          external: (id: string) => /^(echarts|zrender)(\/|$)/.test(id) || /^ag-grid-community(\/|$)/.test(id),
          // Read as properties of globalThis, so a page without them gets undefined, not a ReferenceError.
          output: { globals: (id: string) => (id.startsWith('ag-grid') ? 'globalThis.agGrid' : 'globalThis.echarts') },
        },
      },
    };
  }
  return {
    plugins: [
      vue(),
      dts({
        tsconfigPath: fromRoot('tsconfig.build.json'),
        entryRoot: root,
        outDirs: 'dist',
        processor: 'vue',
        // Declarations only: `npm run typecheck` (vue-tsc, the same sources and options) is the type
        // check. Without this the plugin checks every module again before emitting: 52 -> 36 s of
        // build on the 2-core machine; the declarations are the same types, only the order of some
        // union members and props in the components' .d.ts differs.
        compilerOptions: { noCheck: true },
        include: ['src', 'components', 'composables', 'stores', 'env.d.ts'],
        exclude: ['test', 'playground', 'bench', 'scripts'],
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      cssCodeSplit: false,
      // Node 20 runs the server entries; browsers of the same age run the rest.
      target: ['es2022', 'node20'],
      minify: false,
      lib: {
        entry: entries,
        formats: ['es'],
        cssFileName: 'style',
      },
      rollupOptions: {
        checks,
        external: isExternal,
        output: {
          preserveModules: true,
          preserveModulesRoot: root,
          entryFileNames: '[name].js',
        },
      },
    },
  };
});
