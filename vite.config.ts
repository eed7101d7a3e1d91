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

/**
 * Build modes (scripts/build.mjs runs each):
 * - `lib`: the Vue entry `.` and the core entry `./core`, ES modules for bundlers, plus style.css and .d.ts.
 * - `node`: `./server`, `./ssr` and the CLI, for Node.
 * - `iife`: the standalone browser bundle with the global `GridView` (everything bundled).
 */
export default defineConfig(({ mode }) => {
  if (mode === 'node') {
    return {
      plugins: [vue()],
      build: {
        ssr: true,
        outDir: 'dist',
        emptyOutDir: false,
        target: 'node20',
        sourcemap: true,
        rollupOptions: {
          input: {
            server: fromRoot('src/server/index.ts'),
            ssr: fromRoot('src/ssr/index.ts'),
            cli: fromRoot('src/server/cli.ts'),
          },
          external: isExternal,
          output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    };
  }
  if (mode === 'iife') {
    return {
      plugins: [vue()],
      // Without this the bundle throws `process is not defined` in a browser.
      define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        sourcemap: true,
        lib: { entry: fromRoot('src/browser/index.ts'), name: 'GridView', formats: ['iife'], fileName: () => 'grid-view.iife.js' },
      },
    };
  }
  return {
    plugins: [
      vue(),
      dts({
        tsconfigPath: fromRoot('tsconfig.json'),
        entryRoot: root,
        outDirs: 'dist/types',
        processor: 'vue',
        include: ['src', 'components', 'composables', 'stores', 'env.d.ts'],
        exclude: ['test', 'playground', 'bench', 'scripts'],
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      cssCodeSplit: false,
      lib: {
        entry: { index: fromRoot('src/index.ts'), core: fromRoot('src/core/index.ts') },
        formats: ['es'],
        cssFileName: 'style',
      },
      rollupOptions: {
        external: isExternal,
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
});
