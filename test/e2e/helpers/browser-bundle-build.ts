/**
 * Builds the browser bundle for a test site with the library's own builds (vite.config.ts, modes
 * `esm`, `iife-part` and `iife`): `grid-view.iife.js` in `outDir`, the Vue part it loads in
 * `outDir/iife-part` and the ES build in `outDir/esm`, as `npm run build` lays them out in dist/browser. Vue's hydration mismatch details
 * are on: every mismatch, even one Vue's production build lets pass silently, is a console warning
 * the tests fail on.
 */
import { join, resolve } from 'node:path';
import { build } from 'vite';

export async function buildBrowserBundle(outDir: string): Promise<void> {
  const common = {
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn' as const,
    define: { __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'true' },
  };
  await build({ ...common, mode: 'esm', build: { outDir: join(outDir, 'esm'), emptyOutDir: true, rollupOptions: { checks: { bundlerTimings: false } } } });
  await build({ ...common, mode: 'iife-part', build: { outDir: join(outDir, 'iife-part'), emptyOutDir: true, rollupOptions: { checks: { bundlerTimings: false } } } });
  await build({ ...common, mode: 'iife', build: { outDir, emptyOutDir: false, rollupOptions: { checks: { bundlerTimings: false } } } });
}
