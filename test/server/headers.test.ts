/**
 * Headers of fragments and export downloads: no referrer leaves with links inside them, and who may
 * frame them is a configurable policy sent both as `X-Frame-Options` and CSP `frame-ancestors`.
 */
import { describe, expect, it } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import { ExportRegistry } from '../../src/server/exports/registry';
import { createGridViewHandler, type GridViewHandlerOptions } from '../../src/server/handler';
import { get } from './helpers';

function handler(options: GridViewHandlerOptions = {}) {
  const exports = new ExportRegistry();
  exports.register('xlsx', 'orders', () => ({ columns: [{ key: 'a', label: 'A' }], rows: [{ a: 1 }] }));
  exports.register('pdf', 'orders', () => ({ columns: [{ key: 'a', label: 'A' }], rows: [{ a: 1 }] }));
  return createGridViewHandler({ store: new MemoryPrefs(), exports, lazyBlocks: { hello: () => '<a href="https://elsewhere.example/">x</a>' }, throttle: false, ...options });
}

const paths = ['/grid/lazy/?block=hello', '/grid/export/xlsx/?builder=orders', '/grid/export/pdf/?builder=orders'];

function frameAncestors(response: Response | undefined): string | undefined {
  return response?.headers
    .get('content-security-policy')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-ancestors'));
}

describe('fragment and export headers', () => {
  it.each(paths)('%s sends Referrer-Policy: no-referrer and forbids framing by default', async (path) => {
    const res = await handler()(get(path));
    expect(res?.status).toBe(200);
    expect(res?.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res?.headers.get('x-frame-options')).toBe('DENY');
    expect(frameAncestors(res)).toBe("frame-ancestors 'none'");
    expect(res?.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(paths)("%s allows the page's own origin with frameAncestors: 'self'", async (path) => {
    const res = await handler({ frameAncestors: 'self' })(get(path));
    expect(res?.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(frameAncestors(res)).toBe("frame-ancestors 'self'");
  });

  it.each(paths)('%s lists given origins in frame-ancestors and leaves X-Frame-Options out (it cannot list them)', async (path) => {
    const res = await handler({ frameAncestors: ["'self'", 'https://portal.example.com', 'https://*.intranet.example'] })(get(path));
    expect(res?.headers.get('x-frame-options')).toBeNull();
    expect(frameAncestors(res)).toBe("frame-ancestors 'self' https://portal.example.com https://*.intranet.example");
  });

  it('keeps the fragment\'s content policy beside the frame policy', async () => {
    const res = await handler({ frameAncestors: 'self' })(get('/grid/lazy/?block=hello'));
    expect(res?.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
  });

  it('refuses a frame policy that could inject another directive or header', () => {
    for (const bad of [['https://a.example; script-src *'], ['https://a.example,https://b.example'], ['a b'], ['https://a.example\r\nX-Evil: 1'], [], 'any']) {
      expect(() => handler({ frameAncestors: bad as never })).toThrow(TypeError);
    }
  });
});
