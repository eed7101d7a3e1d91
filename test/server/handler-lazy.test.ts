import { describe, expect, it, vi } from 'vitest';
import { MemoryHost } from '../../src/host/index';
import { HttpError } from '../../src/server/errors';
import { createGridViewHandler } from '../../src/server/handler';
import type { LazyBlock, LazyBlockContext } from '../../src/server/context';
import { as, expectError, get, headerSubject, ORIGIN } from './helpers';

const LAZY = '/grid/lazy/';

describe('lazy fragment route', () => {
  it('renders a registered block as an HTML fragment with its context', async () => {
    let seen: LazyBlockContext | undefined;
    const lazyBlocks: Record<string, LazyBlock> = {
      'orders-chart': (ctx) => {
        seen = ctx;
        return '<section class="gv-lazy">Продажі &amp; KPI</section>';
      },
    };
    const handler = createGridViewHandler({ lazyBlocks, subject: headerSubject });
    const res = await handler(get(`${LAZY}?block=orders-chart&region=north`, as('alice')));
    expect(res?.status).toBe(200);
    expect(res?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res?.headers.get('cache-control')).toBe('private, no-store');
    expect(res?.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res?.text()).toBe('<section class="gv-lazy">Продажі &amp; KPI</section>');
    expect(seen?.subject).toBe('alice');
    expect(seen?.params.get('region')).toBe('north');
    expect(seen?.host.currentSubjectId()).toBe('alice');
    expect(seen?.host.filterStateFromRequest({ columns: [], searchMode: 'global' } as never)).toEqual({ search: '', sort: null, filters: {} });
  });

  it('awaits async renderers and passes the host from the host option', async () => {
    const host = new MemoryHost({ locale: 'uk' } as never);
    const hostFactory = vi.fn(() => host);
    const handler = createGridViewHandler({ lazyBlocks: { b: async (ctx) => `<p>${ctx.host === host}</p>` }, host: hostFactory });
    expect(await (await handler(get(`${LAZY}?block=b`)))?.text()).toBe('<p>true</p>');
    expect(hostFactory).toHaveBeenCalledWith(expect.any(Request), { subject: null });
  });

  it('answers 400 when the block id is missing or empty', async () => {
    const handler = createGridViewHandler({ lazyBlocks: { a: () => '' } });
    await expectError(await handler(get(LAZY)), 400, /block/);
    await expectError(await handler(get(`${LAZY}?block=`)), 400, /block/);
  });

  it('answers 404 while no block is registered, with or without a block parameter', async () => {
    const handler = createGridViewHandler();
    for (const query of ['', '?block=', '?block=a', '?block=a&block=b']) {
      await expectError(await handler(get(`${LAZY}${query}`)), 404, /No lazy blocks are registered/);
    }
  });

  it('answers 400 for a repeated block parameter instead of rendering the first', async () => {
    const render = vi.fn(() => '<p>a</p>');
    const handler = createGridViewHandler({ lazyBlocks: { a: render, b: render } });
    await expectError(await handler(get(`${LAZY}?block=a&block=b`)), 400, /"block" must appear at most once/);
    expect(render).not.toHaveBeenCalled();
  });

  it('answers HEAD with 405 and Allow: GET, without rendering or using the throttle', async () => {
    const render = vi.fn(() => '<p>a</p>');
    const handler = createGridViewHandler({ lazyBlocks: { a: render }, lazyThrottle: { limit: 1, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      const res = (await handler(new Request(`${ORIGIN}${LAZY}?block=a`, { method: 'HEAD' }))) as Response;
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
      expect(await res.text()).toBe('');
    }
    expect(render).not.toHaveBeenCalled();
    expect(await (await handler(get(`${LAZY}?block=a`)))?.text()).toBe('<p>a</p>');
  });

  it('answers 404 for unknown blocks, including names every object inherits', async () => {
    const handler = createGridViewHandler({ lazyBlocks: { a: () => '<p>a</p>' } });
    for (const block of ['b', 'toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      await expectError(await handler(get(`${LAZY}?block=${block}`)), 404, /No lazy block/);
    }
    await expectError(await createGridViewHandler()(get(`${LAZY}?block=a`)), 404);
  });

  it('serves blocks added to the registry object after the handler was created', async () => {
    const lazyBlocks: Record<string, LazyBlock> = {};
    const handler = createGridViewHandler({ lazyBlocks });
    await expectError(await handler(get(`${LAZY}?block=late`)), 404);
    lazyBlocks.late = () => '<p>late</p>';
    expect(await (await handler(get(`${LAZY}?block=late`)))?.text()).toBe('<p>late</p>');
  });

  it('answers 403 when authorize refuses, without rendering', async () => {
    const render = vi.fn(() => '<p>secret</p>');
    const authorize = vi.fn(() => false);
    const handler = createGridViewHandler({ lazyBlocks: { a: render }, authorize, subject: headerSubject });
    await expectError(await handler(get(`${LAZY}?block=a`, as('eve'))), 403);
    expect(render).not.toHaveBeenCalled();
    expect(authorize).toHaveBeenCalledWith(expect.objectContaining({ route: 'lazy', block: 'a', subject: 'eve' }));
  });

  it('throttles per caller and block with 429 and Retry-After', async () => {
    const handler = createGridViewHandler({ lazyBlocks: { a: () => 'x', b: () => 'y' }, lazyThrottle: { limit: 2, windowMs: 5_000 }, now: () => 0 });
    expect((await handler(get(`${LAZY}?block=a`)))?.status).toBe(200);
    expect((await handler(get(`${LAZY}?block=a`)))?.status).toBe(200);
    const res = await expectError(await handler(get(`${LAZY}?block=a`)), 429);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await handler(get(`${LAZY}?block=b`)))?.status).toBe(200);
  });

  it('passes HttpErrors of a renderer through and turns anything else into a logged 500', async () => {
    const onError = vi.fn();
    const handler = createGridViewHandler({
      onError,
      lazyBlocks: {
        gone: () => { throw new HttpError(410, 'This block was removed.'); },
        broken: () => { throw new Error('template crashed'); },
        wrongType: () => 42 as unknown as string,
      },
    });
    await expectError(await handler(get(`${LAZY}?block=gone`)), 410, /removed/);
    await expectError(await handler(get(`${LAZY}?block=broken`)), 500, /^Internal server error\.$/);
    await expectError(await handler(get(`${LAZY}?block=wrongType`)), 500);
    expect(onError).toHaveBeenCalledTimes(2);
  });
});
