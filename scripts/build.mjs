// Builds every entry of the package: the library (Vue + core, with .d.ts and style.css), the Node
// entries (server, ssr, CLI) and the standalone browser bundle. One process, three Vite builds.
import { build } from 'vite';
import { existsSync } from 'node:fs';

for (const mode of ['lib', 'node', 'iife']) {
  if (mode === 'iife' && !existsSync('src/browser/index.ts')) continue;
  await build({ mode, logLevel: 'warn', configFile: 'vite.config.ts' });
}
console.log('build: dist/ written');
