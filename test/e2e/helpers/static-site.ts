/**
 * Fixture pages for end-to-end tests and browser benchmarks: a folder under test/e2e/fixtures
 * built with Vite, then served from a tiny static file server on 127.0.0.1 at a free port.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { build } from 'vite';
import vue from '@vitejs/plugin-vue';

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
  if (existsSync(configFile)) {
    await build({ configFile, build: { outDir: out, emptyOutDir: true } });
  } else {
    await build({
      root: fixtureDir,
      configFile: false,
      logLevel: 'warn',
      plugins: [vue()],
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { outDir: out, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 8192 },
    });
  }
  return out;
}

/** A running static file server; `close()` stops it. */
export interface StaticServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 at a free port; `/` is index.html. A path that resolves outside `dir`
 * (`..`, encoded or not) gets 403, a missing file 404, an unknown extension
 * `application/octet-stream`.
 */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = resolve(dir);
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
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
