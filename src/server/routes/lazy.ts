/**
 * `GET {base}/grid/lazy/?block=<id>`: one lazy block rendered to an HTML fragment.
 *
 * @module
 */
import { callerKey } from '../caller';
import type { RequestContext } from '../context';
import { BASE_SECURITY_HEADERS, apiError } from '../errors';
import { singleQueryValue } from '../query';

/**
 * Renders a registered lazy block. Checks: no block registered at all (404, like the export routes
 * before any builder exists), `block` missing, empty or repeated (400), not registered (404; names
 * such as `toString` or `__proto__` are never found through the prototype), `authorize` (403),
 * throttle (429). A renderer returning anything but a string is a bug (500). `HEAD` never gets here
 * (405 in the handler): it would render the block and use up the throttle for nothing.
 */
export async function lazyFragment(ctx: RequestContext): Promise<Response> {
  const { request, url, options } = ctx;
  if (Object.keys(options.lazyBlocks).length === 0) throw apiError('not_found', 'No lazy blocks are registered.');
  const block = singleQueryValue(url.searchParams, 'block');
  if (block === null || block.trim() === '') throw apiError('invalid_query', 'The block query parameter is required.');
  const render = Object.prototype.hasOwnProperty.call(options.lazyBlocks, block) ? options.lazyBlocks[block] : undefined;
  if (typeof render !== 'function') throw apiError('unknown_block', `No lazy block is registered as "${block.slice(0, 100)}".`);
  const subject = await ctx.subject();
  if (options.authorize && !(await options.authorize({ request, route: 'lazy', subject, block }))) {
    throw apiError('forbidden', 'You are not allowed to load this block.');
  }
  if (options.lazyThrottle) {
    const hit = await options.lazyThrottle.hit(`${callerKey(request, subject)}\u0000lazy\u0000${block}`);
    if (!hit.allowed) {
      throw apiError('rate_limited', `Too many requests; try again in ${hit.retryAfterSeconds} s.`, { 'Retry-After': String(hit.retryAfterSeconds) });
    }
  }
  const html: unknown = await render({ request, params: url.searchParams, host: await ctx.host(), subject });
  if (typeof html !== 'string') throw new Error(`Lazy block "${block}" returned ${typeof html} instead of an HTML string.`);
  return new Response(html, {
    status: 200,
    headers: {
      ...BASE_SECURITY_HEADERS,
      ...options.frame.headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      // Fetched fragments are inserted into the host page; this only guards a fragment opened directly.
      'Content-Security-Policy': `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; ${options.frame.directive}`,
    },
  });
}
