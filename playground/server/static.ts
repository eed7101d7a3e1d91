/**
 * Serves the built playground app (playground/dist/client): static files with the right content types, and
 * index.html for every other GET so the app's own router decides what a path shows.
 *
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Content type of a file name; unknown extensions are served as opaque bytes. */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

async function fileResponse(path: string, method: string, cacheControl: string): Promise<Response | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    const headers = {
      'content-type': contentTypeFor(path),
      'content-length': String(info.size),
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    };
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(new Uint8Array(await readFile(path)), { status: 200, headers });
  } catch {
    return undefined;
  }
}

/**
 * A handler for the built app. Returns undefined for non-GET/HEAD requests so the caller can answer
 * 405 or 404 itself.
 *
 * Edge cases: paths that try to leave `distDir` (`..`, encoded or not) never read outside it; a
 * missing `/assets/…` file is a 404 rather than index.html (a stale tab asking for an old chunk must
 * fail loudly, not parse HTML as JavaScript); any other unknown path gets index.html (SPA fallback).
 */
export function createStaticHandler(distDir: string): (request: Request) => Promise<Response | undefined> {
  const root = normalize(distDir + sep);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response('Bad request path', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    const candidate = normalize(join(root, pathname));
    if (candidate.startsWith(root) && !pathname.endsWith('/')) {
      // Hashed file names never change content, so assets may be cached for a year.
      const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      const found = await fileResponse(candidate, request.method, cache);
      if (found) return found;
    }
    if (pathname.startsWith('/assets/')) {
      return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    const index = await fileResponse(join(root, 'index.html'), request.method, 'no-cache');
    return (
      index ??
      new Response('The playground app is not built. Run `npx vite build --config playground/vite.config.ts` first.', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    );
  };
}
