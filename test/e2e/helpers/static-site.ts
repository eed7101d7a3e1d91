/**
 * Fixture pages for end-to-end tests and browser benchmarks: a folder under test/e2e/fixtures
 * built with Vite, then served from a tiny static file server on 127.0.0.1 at a free port.
 *
 * @module
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { build } from 'vite';
import vue from '@vitejs/plugin-vue';
import { withDirLock } from '../../setup/dir-lock';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * Builds the fixture page in `fixtureDir` (its index.html and what that imports) into `outDir`
 * (absolute, or relative to the working directory), emptying it first, and returns the absolute
 * output folder. A `vite.config.ts` in the fixture folder is used when there is one (with `outDir`
 * overriding its own); without one the page is built for production with the Vue plugin.
 */
export async function buildFixturePage(fixtureDir: string, outDir: string): Promise<string> {
  const out = resolve(outDir);
  const configFile = join(fixtureDir, 'vite.config.ts');
  // Rolldown's timing report says how busy the machine is, not what was built: off, as in the
  // library's own build.
  const rollupOptions = { checks: { bundlerTimings: false } };
  if (existsSync(configFile)) {
    await build({ configFile, build: { outDir: out, emptyOutDir: true, rollupOptions } });
  } else {
    await build({
      root: fixtureDir,
      configFile: false,
      logLevel: 'warn',
      plugins: [vue()],
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { outDir: out, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 8192, rollupOptions },
    });
  }
  return out;
}

/** The newest modification time of `path` or of anything under it (0 when it does not exist). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The library's sources every fixture page is built from, besides its own folder. */
const LIBRARY_SOURCES = ['src', 'components', 'composables', 'stores'];

/**
 * The fixture page `test/e2e/fixtures/<name>` built into `.tmp/e2e-fixtures/<name>` (absolute
 * path returned), built now only when it is missing or older than its folder or the library's
 * sources. Test files running in parallel (workers, vitest processes) share one build: the first
 * builds under a lock, the others wait and reuse it.
 */
export async function fixturePage(name: string): Promise<string> {
  const root = process.cwd();
  const source = join(root, 'test', 'e2e', 'fixtures', name);
  const out = join(root, '.tmp', 'e2e-fixtures', name);
  const stale = (): boolean => newestMtime(join(out, 'index.html')) <= Math.max(newestMtime(source), ...LIBRARY_SOURCES.map((dir) => newestMtime(join(root, dir))));
  if (!stale()) return out;
  return withDirLock(`${out}.lock`, async () => (stale() ? buildFixturePage(source, out) : out));
}

/** A running static file server; `close()` stops it. */
export interface StaticServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/** A document served at a path instead of a file: its body and its headers. */
export interface StaticRoute {
  body: string;
  headers: Record<string, string>;
}

/**
 * Serves `dir` on 127.0.0.1 at a free port; `/` is index.html. A path that resolves outside `dir`
 * (`..`, encoded or not) gets 403, a missing file 404, an unknown extension
 * `application/octet-stream`. `routes` answer their paths with their own body and headers first
 * (e.g. a document under a Content-Security-Policy).
 */
export async function serveStatic(dir: string, routes: Readonly<Record<string, StaticRoute>> = {}): Promise<StaticServer> {
  const root = resolve(dir);
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const route = Object.prototype.hasOwnProperty.call(routes, pathname) ? routes[pathname] : undefined;
    if (route !== undefined) {
      for (const [name, value] of Object.entries(route.headers)) res.setHeader(name, value);
      res.end(route.body);
      return;
    }
    const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
    if (file !== root && !file.startsWith(root + sep)) {
      res.statusCode = 403;
      res.end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
        res.end(body);
      },
      () => {
        res.statusCode = 404;
        res.end();
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
