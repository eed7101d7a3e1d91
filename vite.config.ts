import { defineConfig } from 'vite';
import type { Plugin, UserConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import dts from 'vite-plugin-dts';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { builtinModules } from 'node:module';
import pkg from './package.json' with { type: 'json' };
import { SHARED_MANIFEST, SHARED_USED, exposeSharedModules, importSharedModules, recordSharedModules } from './scripts/vite-shared-modules.ts';

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
  mcp: fromRoot('src/mcp/index.ts'),
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
 * - `esm`: the browser bundle as ES modules (dist/browser/esm/): the first script `grid-view.js`
 *   and the Vue part `vue-part.js` with its chunks, and `shared-modules.json`, the modules both
 *   import (scripts/vite-shared-modules.ts).
 * - `iife-part`: the Vue part again, for the IIFE (dist/browser/iife-part/): the same modules, but
 *   those the IIFE already carries are read from it (`src/browser/shared-modules.ts`) instead of
 *   being downloaded a second time.
 * - `iife`: the same first script as a classic script (dist/browser/grid-view.iife.js, the global
 *   `GridView`), which hands its shared modules over and loads `iife-part/vue-part.js` beside it
 *   when something needs it.
 * - `mcp-app`: the MCP App view (src/mcp/view/main.ts) as ONE classic script, dist/mcp/view.js,
 *   and its stylesheet dist/mcp/view.css, which src/mcp/app-html.ts inlines into the `ui://`
 *   resource an MCP Apps host shows in a sandboxed frame. The sandbox has no network: every
 *   dynamic import is inlined (no chunk is loaded by URL), and ECharts (the parts
 *   components/echarts-setup.ts registers) and SheetJS are bundled, not read from the page. AG Grid
 *   is not: the view shows a data grid block as the simple table (src/mcp/view/tool-result.ts), so its
 *   imports read an absent page global and the grid's code never runs.
 */
/**
 * In the browser bundle's ES build, ECharts and AG Grid are the page's own script tags
 * (`window.echarts`, `window.agGrid`), as in the IIFE: an import of either package becomes a module
 * that reads the page's global when its chunk runs, with the package's named exports (their names
 * read from the installed package here, so the bundler keeps only those used). `globals` says which
 * of the two (the MCP App view bundles ECharts and reads only AG Grid so).
 */
function pageGlobals(globals: readonly ('echarts' | 'agGrid')[] = ['echarts', 'agGrid']): Plugin {
  const PREFIX = '\0gv-page-global:';
  const packageGlobal = (id: string): 'echarts' | 'agGrid' | null => (/^(echarts|zrender)(\/|$)/.test(id) ? 'echarts' : /^ag-grid-community(\/|$)/.test(id) ? 'agGrid' : null);
  const globalOf = (id: string): string | null => {
    const name = packageGlobal(id);
    return name !== null && globals.includes(name) ? name : null;
  };
  return {
    name: 'gv-page-globals',
    enforce: 'pre',
    resolveId(id) {
      return globalOf(id) === null ? null : `${PREFIX}${id}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const specifier = id.slice(PREFIX.length);
      let names: string[] = [];
      try {
        names = Object.keys((await import(specifier)) as Record<string, unknown>).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
      } catch {
        // A deep zrender path Node cannot load: the default export (the namespace) only.
      }
      const lines = [`const page = globalThis.${globalOf(specifier)} ?? {};`, 'export default page;', ...names.map((name) => `export const ${name} = page.${name};`)];
      return lines.join('\n');
    },
  };
}

const firstScript = fromRoot('src/browser/index.ts');
const vuePart = fromRoot('src/browser/vue-part.ts');

/**
 * What every browser build defines. Without `process.env.NODE_ENV` a bundle throws `process is not
 * defined` in a browser. Vue's production build still reports a hydration mismatch with one console
 * error ("Hydration completed but contains mismatches"), which the browser tests fail on.
 */
const browserDefine = {
  'process.env.NODE_ENV': '"production"',
  __VUE_OPTIONS_API__: 'true',
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  __GV_VERSION__: JSON.stringify(pkg.version),
};

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'mcp-app') {
    return {
      // AG Grid as an absent page global: the view never shows a data grid (see the build modes above).
      plugins: [vue({ isProduction: true, template: { compilerOptions: { comments: false } } }), pageGlobals(['agGrid'])],
      resolve: {
        alias: [
          // Exports go to the host (`ui/download-file`): a sandbox without `allow-downloads` drops
          // a download started inside it. See src/mcp/view/download.ts.
          { find: /^\.\/download$/, replacement: fromRoot('src/mcp/view/download.ts') },
          { find: /^axios$/, replacement: fromRoot('src/browser/axios-fetch.ts') },
          // SheetJS's mini build (XLSX and CSV; 76 kB gzip of the view) rather than the package's
          // ES module, which carries every format and its codepages (141 kB gzip) into every view.
          { find: /^xlsx$/, replacement: fromRoot('node_modules/xlsx/dist/xlsx.mini.min.js') },
        ],
      },
      define: browserDefine,
      build: {
        outDir: 'dist/mcp',
        emptyOutDir: true,
        // Inlined into a resource; a source map would only double what the host downloads.
        sourcemap: false,
        target: 'es2022',
        cssCodeSplit: false,
        minify: true,
        // An IIFE is one file: Vite builds it without code splitting, so every dynamic import is inlined.
        lib: { entry: fromRoot('src/mcp/view/main.ts'), name: 'GridViewMcpApp', formats: ['iife'], fileName: () => 'view.js', cssFileName: 'view' },
        rollupOptions: { checks },
      },
    };
  }
  if (mode === 'iife' || mode === 'esm' || mode === 'iife-part') {
    // `iife-part` reads the list of shared modules the ES build wrote in its folder (beside its
    // own); `iife` reads what `iife-part` uses of them, in `iife-part/` below its own folder.
    let outDir = '';
    const manifestFile = () => join(outDir, '..', 'esm', SHARED_MANIFEST);
    const usedFile = () => join(outDir, 'iife-part', SHARED_USED);
    const findOutDir: Plugin = {
      name: 'gv-out-dir',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
    };
    // Shared by the two builds of the browser bundle. Always compiled as production, also when a
    // test builds it under Vitest (NODE_ENV `test`, where Vue's compiler keeps templates' HTML
    // comments by default): without the comments, the markup dist/ssr.js writes and this bundle hydrates.
    const browser = {
      plugins: [
        vue({ isProduction: true, template: { compilerOptions: { comments: false } } }),
        findOutDir,
        ...(mode === 'iife' ? [exposeSharedModules(root, firstScript, usedFile)] : [pageGlobals()]),
        ...(mode === 'esm' ? [recordSharedModules(root, firstScript, vuePart)] : []),
        ...(mode === 'iife-part' ? [importSharedModules(root, manifestFile)] : []),
      ],
      // The page's full ECharts build registers every part itself (see src/browser/echarts-global.ts).
      // The XLSX writer is the page's own SheetJS build, when it has one (src/browser/xlsx-global.ts).
      // HttpHost's requests go over fetch, not axios (src/browser/axios-fetch.ts): a page without a
      // build should not download an HTTP library for two kinds of JSON request.
      resolve: {
        alias: [
          { find: /^\.\/echarts-setup$/, replacement: fromRoot('src/browser/echarts-global.ts') },
          { find: /^xlsx$/, replacement: fromRoot('src/browser/xlsx-global.ts') },
          { find: /^axios$/, replacement: fromRoot('src/browser/axios-fetch.ts') },
          // The IIFE is a classic script: it loads its Vue part (`iife-part/`) beside it, by URL.
          ...(mode === 'iife' ? [{ find: /^\.\/load-vue-part$/, replacement: fromRoot('src/browser/load-vue-part-iife.ts') }] : []),
        ],
      },
      define: browserDefine,
    };
    if (mode === 'esm' || mode === 'iife-part') {
      // The two ES builds, alike but for what they hold. `esm`: the first script (`grid-view.js`, the
      // same as the IIFE) and the Vue part (`vue-part.js`), which it loads when a view, chart or grid
      // needs it. `iife-part`: the Vue part alone, for the IIFE. Both with chunks of their own (the
      // data grid, presets, catalogs) loaded on demand below the Vue part.
      const esm = mode === 'esm';
      return {
        ...browser,
        build: {
          outDir: esm ? 'dist/browser/esm' : 'dist/browser/iife-part',
          // Old chunks (hashed names) of an earlier build would stay beside the new ones.
          emptyOutDir: true,
          sourcemap: true,
          // Library builds leave ES output unminified by default; these are served to browsers as they are.
          minify: true,
          target: 'es2022',
          lib: { entry: esm ? { 'grid-view': firstScript, 'vue-part': vuePart } : { 'vue-part': vuePart }, formats: ['es'], fileName: (_format: string, name: string) => `${name}.js` },
          rollupOptions: { checks, output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true } },
        },
      };
    }
    return {
      ...browser,
      build: {
        outDir: 'dist/browser',
        emptyOutDir: false,
        sourcemap: true,
        target: 'es2022',
        // The entry exports nothing: it sets window.GridView itself (a named IIFE would assign the
        // module's exports over it).
        lib: { entry: firstScript, name: 'GridViewBundle', formats: ['iife'], fileName: () => 'grid-view.iife.js' },
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
