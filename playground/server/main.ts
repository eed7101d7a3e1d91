/**
 * `tsx playground/server/main.ts`: builds the playground server (see vite.config.ts, mode `server`)
 * and starts it. The server is built with Vite rather than run from source by tsx because it
 * renders the library's .vue components on the server.
 *
 * The browser app must be built first (`vite build --config playground/vite.config.ts`), and the
 * library's browser bundle for the plain HTML page (`vite build --mode esm`, `--mode iife-part`,
 * then `--mode iife`: dist/browser/); the `npm run playground` script does all of it.
 *
 * @module
 */
import { build } from 'vite';
import { fileURLToPath, pathToFileURL } from 'node:url';

const config = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
const entry = fileURLToPath(new URL('../dist/server/start.js', import.meta.url));

await build({ configFile: config, mode: 'server', logLevel: 'warn' });
await import(pathToFileURL(entry).href);
