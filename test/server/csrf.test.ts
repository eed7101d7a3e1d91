import { describe, expect, it } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import { createGridViewHandler, type GridViewHandlerOptions } from '../../src/server/handler';
import { as, expectError, headerSubject, ORIGIN, postRaw } from './helpers';

const PREFS = '/grid/preferences/';
const body = JSON.stringify({ grid_id: 'orders', searches: ['x'] });

function setup(options: GridViewHandlerOptions = {}) {
  const store = new MemoryPrefs();
  return { store, handler: createGridViewHandler({ store, subject: headerSubject, ...options }) };
}

/** A cookie-authenticated POST with extra browser headers. */
function cookiePost(headers: Record<string, string>, path = PREFS): Request {
  return postRaw(path, body, { 'Content-Type': 'application/json', Cookie: 'session=abc', ...as('alice'), ...headers });
}

describe('CSRF protection of cookie callers (same-origin mode, the default)', () => {
  it.each([
    ['a cross-site Origin', { Origin: 'https://evil.example' }],
    ['Origin null (sandboxed frame, data: URL)', { Origin: 'null' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site from another subdomain', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://other.app.test' }],
    ['a cross-site Referer only', { Referer: 'https://evil.example/page' }],
    ['a different port', { Origin: 'http://app.test:8080' }],
  ])('refuses %s with 403 and stores nothing', async (_name, headers) => {
    const { handler, store } = setup();
    await expectError(await handler(cookiePost(headers)), 403, /Cross-site request refused/);
    await expectError(await handler(cookiePost(headers, '/api/grid-view/save/')), 403);
    expect(store.size).toBe(0);
  });

  it.each([
    ['the same Origin', { Origin: ORIGIN }],
    ['Sec-Fetch-Site same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['Sec-Fetch-Site same-origin behind a proxy that changes the host', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://public.example' }],
    ['a same-origin Referer only', { Referer: `${ORIGIN}/orders?page=2` }],
    ['no browser provenance headers (server-to-server client)', {}],
    ['a cross-site Origin with the token header', { Origin: 'https://evil.example', 'X-CSRF-Token': 'tok' }],
  ])('accepts %s', async (_name, headers) => {
    const { handler, store } = setup();
    expect((await handler(cookiePost(headers)))?.status).toBe(200);
    expect(store.size).toBe(1);
  });

  it('accepts origins listed in allowedOrigins', async () => {
    const { handler } = setup({ csrf: { mode: 'same-origin', allowedOrigins: ['https://public.example/'] } });
    expect((await handler(cookiePost({ Origin: 'https://public.example' })))?.status).toBe(200);
    await expectError(await handler(cookiePost({ Origin: 'https://evil.example' })), 403);
  });

  it('checks the token with verifyToken when given', async () => {
    const { handler } = setup({ csrf: { mode: 'same-origin', verifyToken: (token) => token === 'good' } });
    expect((await handler(cookiePost({ 'X-CSRF-Token': 'good', Origin: 'https://evil.example' })))?.status).toBe(200);
    await expectError(await handler(cookiePost({ 'X-CSRF-Token': 'bad', Origin: ORIGIN })), 403, /token is invalid/);
  });

  it('applies to anonymous cookie callers too, before reading the body', async () => {
    const { handler } = setup();
    const req = postRaw(PREFS, '{not json', { 'Content-Type': 'application/json', Cookie: 's=1', Origin: 'https://evil.example' });
    await expectError(await handler(req), 403);
  });
});

describe('CSRF modes and token callers', () => {
  it('header mode requires the token header even from the same origin', async () => {
    const { handler } = setup({ csrf: { mode: 'header', header: 'X-XSRF-TOKEN' } });
    await expectError(await handler(cookiePost({ Origin: ORIGIN })), 403, /X-XSRF-TOKEN header is required/);
    expect((await handler(cookiePost({ Origin: ORIGIN, 'X-XSRF-TOKEN': 't' })))?.status).toBe(200);
  });

  it('off mode performs no check', async () => {
    const { handler } = setup({ csrf: { mode: 'off' } });
    expect((await handler(cookiePost({ Origin: 'https://evil.example' })))?.status).toBe(200);
  });

  it('does not apply to token callers (Authorization header, no cookie) by default', async () => {
    const { handler } = setup();
    const req = postRaw(PREFS, body, { 'Content-Type': 'application/json', Authorization: 'Bearer t', Origin: 'https://evil.example', ...as('alice') });
    expect((await handler(req))?.status).toBe(200);
  });

  it('still applies when a request carries both a cookie and an Authorization header', async () => {
    const { handler } = setup();
    await expectError(await handler(cookiePost({ Authorization: 'Bearer t', Origin: 'https://evil.example' })), 403);
  });

  it('follows an explicit authMode', async () => {
    const token = setup({ authMode: 'token' });
    expect((await token.handler(cookiePost({ Origin: 'https://evil.example' })))?.status).toBe(200);
    const cookie = setup({ authMode: () => 'cookie' });
    const req = postRaw(PREFS, body, { 'Content-Type': 'application/json', Authorization: 'Bearer t', Origin: 'https://evil.example', ...as('alice') });
    await expectError(await cookie.handler(req), 403);
  });
});
