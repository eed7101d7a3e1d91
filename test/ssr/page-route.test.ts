import { describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { mountPage, pageRoute } from '../../src/ssr/index';
import type { GridViewSpecWire, Row } from '../../src/core/types';

const spec: GridViewSpecWire = {
  grid_id: 'report',
  title: 'Report <script>alert(1)</script>',
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'total', label: 'Total', format: 'number' },
  ],
  kpis: [{ label: 'Total', column_key: 'total', aggregate: 'sum' }],
  charts: [{ id: 'totals', chart_type: 'bar', x_key: 'name', series: [{ key: 'total', label: 'Total' }] }],
};
const rows: Row[] = [
  { name: 'Alpha', total: 3 },
  { name: 'Beta', total: 4 },
];

describe('pageRoute', () => {
  it('serves a whole HTML document with the view, its styles and an escaped title', async () => {
    const handler = pageRoute(spec, rows, { locale: 'en' });
    const response = await handler(new Request('http://localhost/report'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Report &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toContain('<script');
    expect(html).toContain('<style data-gv-stylesheet>');
    expect(html).toContain('Alpha');
    expect(html).toContain('data-gv-ssr-chart="totals"');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('with hydrate and scripts, writes the island and the scripts, in order and escaped, at the end of the body', async () => {
    const handler = pageRoute(spec, rows, { hydrate: true, scripts: ['/static/echarts.min.js', '/static/grid-view.iife.js?v="1"&x=<y>'] });
    const html = await (await handler(new Request('http://localhost/report'))).text();
    expect(html).toContain('<script type="application/json" data-gv-island>');
    expect(html.endsWith('<script src="/static/echarts.min.js"></script><script src="/static/grid-view.iife.js?v=&quot;1&quot;&amp;x=&lt;y&gt;"></script></body></html>')).toBe(true);
    // The title's markup stays text in the island too: no second script element opens from it.
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  it('answers HEAD without a body and other methods with 405', async () => {
    const handler = pageRoute(spec, rows);
    const head = await handler(new Request('http://localhost/report', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handler(new Request('http://localhost/report', { method: 'POST', body: '{}' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('loads rows per request and renders fresh data each time', async () => {
    let calls = 0;
    const handler = pageRoute(spec, async (request) => {
      calls += 1;
      const name = new URL(request.url).searchParams.get('name') ?? 'none';
      return [{ name, total: calls }];
    });
    expect(await (await handler(new Request('http://localhost/?name=Gamma'))).text()).toContain('Gamma');
    expect(await (await handler(new Request('http://localhost/?name=Delta'))).text()).toContain('Delta');
    expect(calls).toBe(2);
  });

  it('answers 500 with a short text and reports the error when a loader throws', async () => {
    const onError = vi.fn();
    const handler = pageRoute(spec, () => {
      throw new Error('database down: secret details');
    }, { onError });
    const response = await handler(new Request('http://localhost/'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('serves an invalid spec as the issues panel and flags it in a header', async () => {
    const response = await pageRoute({ grid_id: 'report', columns: 'nope' }, rows)(new Request('http://localhost/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-gv-spec-issues')).toBe('true');
    expect(await response.text()).toContain('role="alert"');
  });
});

describe('mountPage', () => {
  it('mounts a GET page on a Hono app', async () => {
    const app = new Hono();
    mountPage(app, '/report', { spec, rows, stylesheet: 'none' });
    const response = await app.request('/report');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Beta');
    expect(html).not.toContain('data-gv-stylesheet');
    expect((await app.request('/other')).status).toBe(404);
  });

  it('mounts a GET page on an Express app', async () => {
    const app = express();
    mountPage(app, '/report', { spec, rows: (request) => [{ name: new URL(request.url).searchParams.get('who') ?? '?', total: 1 }] });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/report?who=Zeta`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('Zeta');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a router that calls the handler with unknown arguments', () => {
    let registered: ((...args: unknown[]) => unknown) | undefined;
    mountPage({ get: (_path: string, handler: (...args: never[]) => unknown) => (registered = handler as never) }, '/x', { spec, rows });
    expect(() => registered?.(42)).toThrow(TypeError);
  });
});
