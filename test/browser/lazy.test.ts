/**
 * src/browser/lazy.ts in jsdom, with an IntersectionObserver and a `fetch` the test drives: what is
 * watched and when, what is requested and how, what the placeholder shows in each state, the
 * timeout, and that removed placeholders are forgotten. test/e2e/browser-lazy.test.ts checks the
 * same in Chromium against the real server; this file covers what a browser test cannot do quickly
 * (15 seconds without an answer) or see (which elements the observer holds).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAZY_TIMEOUT_MS, bootLazy, watchedLazyBlocks } from '../../src/browser/lazy';

/** The one observer lazy.ts makes: it records what it observes, and `show` brings an element into view. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.current = this;
  }
  observe(el: Element): void {
    this.observed.add(el);
  }
  unobserve(el: Element): void {
    this.observed.delete(el);
  }
  disconnect(): void {
    this.observed.clear();
  }
  show(el: Element): void {
    this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function observer(): FakeIntersectionObserver {
  const current = FakeIntersectionObserver.current;
  if (current === null) throw new Error('lazy.ts made no observer');
  return current;
}

/** A `fetch` whose answers the test gives, one per call, in order; it honours the abort signal. */
function fakeFetch() {
  const calls: { url: string; init: RequestInit; answer: (response: Response) => void; fail: (error: unknown) => void }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    return new Promise<Response>((answer, fail) => {
      init.signal?.addEventListener('abort', () => fail(init.signal?.reason));
      calls.push({ url, init, answer, fail });
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

/** A placeholder as lazyPlaceholder writes it, added to the page. */
/** A fragment as the lazy route answers it: HTML, typed as such. */
function html(body: string): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function placeholder(url: string, extra = ''): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML =
    `<div class="gv-lazy" data-gv-lazy data-gv-lazy-url="${url}" aria-busy="true" style="min-height:300px"${extra}>` +
    '<p class="gv-lazy__status" role="status" data-gv-lazy-status><span class="gv-lazy__label">Sales</span> <span class="gv-lazy__message" data-gv-lazy-message>Loading…</span></p>' +
    `<noscript><p class="gv-lazy__fallback"><a href="${url}">Sales</a></p></noscript></div>`;
  const block = host.firstElementChild as HTMLElement;
  document.body.append(block);
  return block;
}

const settle = () => new Promise<void>((done) => setTimeout(done, 0));
const message = (block: Element) => block.querySelector('[data-gv-lazy-message]')?.textContent;

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

beforeEach(() => {
  document.body.replaceChildren();
  // Forget what earlier tests left (their elements are gone from the page).
  watchedLazyBlocks();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('bootLazy', () => {
  it('watches each placeholder once, however often it is booted, with a margin of a few hundred pixels', () => {
    const block = placeholder('/grid/lazy/?block=a');
    expect(bootLazy()).toBe(1);
    expect(bootLazy()).toBe(0);
    expect(bootLazy(block)).toBe(0);
    expect(observer().observed).toEqual(new Set([block]));
    expect(observer().options.rootMargin).toMatch(/^[1-9]\d\dpx 0px$/);
    expect(block.getAttribute('data-gv-lazy-state')).toBe('waiting');
    expect(watchedLazyBlocks()).toBe(1);
  });

  it('requests nothing until the block comes into view, then fetches it same-origin as HTML and shows it in place of "Loading…"', async () => {
    const { fetch, calls } = fakeFetch();
    const block = placeholder('/grid/lazy/?block=a&amp;region=north');
    const boot = vi.fn();
    bootLazy(document, { boot });
    expect(fetch).not.toHaveBeenCalled();
    observer().show(block);
    expect(observer().observed.has(block)).toBe(false);
    expect(block.getAttribute('data-gv-lazy-state')).toBe('loading');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/grid/lazy/?block=a&region=north');
    expect(calls[0]?.init).toMatchObject({ credentials: 'same-origin', headers: { Accept: 'text/html' } });
    calls[0]?.answer(html('<!--[--><section id="fragment">Fragment</section><!--]-->'));
    await settle();
    expect(block.getAttribute('data-gv-lazy-state')).toBe('loaded');
    expect(block.getAttribute('aria-busy')).toBe('false');
    expect(block.querySelector('#fragment')?.textContent).toBe('Fragment');
    // Vue's comment markers are kept for hydration; the noscript link is gone with the rest.
    expect(block.innerHTML).toContain('<!--[--><section id="fragment">');
    expect(block.querySelector('noscript')).toBeNull();
    // The status line stays, unseen, saying the block arrived.
    const status = block.querySelector('[data-gv-lazy-status]');
    expect(status?.classList.contains('gv-visually-hidden')).toBe(true);
    expect(status?.textContent).toBe('Sales Loaded.');
    expect(block.style.minHeight).toBe('');
    expect(boot).toHaveBeenCalledWith(block);
    // Loaded for good: not watched any more, and never again.
    expect(watchedLazyBlocks()).toBe(0);
    expect(bootLazy()).toBe(0);
  });

  it('shows the failure with a real "Load again" button on an answer other than 2xx, and loads when it is pressed', async () => {
    const { calls } = fakeFetch();
    const block = placeholder('/grid/lazy/?block=a');
    bootLazy();
    observer().show(block);
    calls[0]?.answer(new Response('{"status":"error"}', { status: 500 }));
    await settle();
    expect(block.getAttribute('data-gv-lazy-state')).toBe('failed');
    expect(block.getAttribute('aria-busy')).toBe('false');
    expect(message(block)).toBe('This part could not be loaded.');
    const button = block.querySelector('button');
    expect(button?.type).toBe('button');
    expect(button?.textContent).toBe('Load again');
    // Booting again while it has failed changes nothing: the reader decides when to retry.
    expect(bootLazy()).toBe(0);
    button?.click();
    expect(block.querySelector('button')).toBeNull();
    expect(message(block)).toBe('Loading…');
    expect(block.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(block);
    expect(calls).toHaveLength(2);
    calls[1]?.answer(html('<p id="second">Second try</p>'));
    await settle();
    expect(block.getAttribute('data-gv-lazy-state')).toBe('loaded');
    expect(block.querySelector('#second')).not.toBeNull();
  });

  it('never puts in the page an answer that is not an HTML fragment: JSON, or a sign-in page reached by a redirect', async () => {
    const { calls } = fakeFetch();
    const json = placeholder('/grid/lazy/?block=a');
    const redirected = placeholder('/grid/lazy/?block=b');
    bootLazy();
    observer().show(json);
    observer().show(redirected);
    calls[0]?.answer(new Response('{"status":"ok"}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const signIn = html('<form id="sign-in">Sign in</form>');
    Object.defineProperty(signIn, 'redirected', { value: true });
    calls[1]?.answer(signIn);
    await settle();
    for (const block of [json, redirected]) {
      expect(block.getAttribute('data-gv-lazy-state')).toBe('failed');
      expect(block.querySelector('button')?.textContent).toBe('Load again');
    }
    expect(document.getElementById('sign-in')).toBeNull();
    expect(json.textContent).not.toContain('status');
  });

  it(`gives up after ${LAZY_TIMEOUT_MS / 1000} s without an answer and offers to try again`, async () => {
    vi.useFakeTimers();
    const { calls } = fakeFetch();
    const block = placeholder('/grid/lazy/?block=slow');
    bootLazy();
    observer().show(block);
    await vi.advanceTimersByTimeAsync(LAZY_TIMEOUT_MS - 1);
    expect(block.getAttribute('data-gv-lazy-state')).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(block.getAttribute('data-gv-lazy-state')).toBe('failed');
    expect(block.querySelector('button')?.textContent).toBe('Load again');
  });

  it('takes a shorter timeout when given one', async () => {
    vi.useFakeTimers();
    fakeFetch();
    const block = placeholder('/grid/lazy/?block=slow');
    bootLazy(document, { timeoutMs: 1000 });
    observer().show(block);
    await vi.advanceTimersByTimeAsync(1000);
    expect(block.getAttribute('data-gv-lazy-state')).toBe('failed');
  });

  it('forgets a placeholder removed from the page: unobserved, and its request abandoned without a message', async () => {
    const { calls } = fakeFetch();
    const waiting = placeholder('/grid/lazy/?block=a');
    const loading = placeholder('/grid/lazy/?block=b');
    bootLazy();
    observer().show(loading);
    waiting.remove();
    loading.remove();
    expect(bootLazy()).toBe(0);
    expect(observer().observed.has(waiting)).toBe(false);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    await settle();
    expect(watchedLazyBlocks()).toBe(0);
    expect(loading.querySelector('button')).toBeNull();
  });

  it('never fetches a data-gv-lazy-url that is not http(s) or relative, and shows the failure instead', async () => {
    const { fetch } = fakeFetch();
    const block = placeholder('javascript:alert(1)');
    bootLazy();
    observer().show(block);
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    expect(block.getAttribute('data-gv-lazy-state')).toBe('failed');
  });

  it('gives a placeholder written by hand without a status line one, so it is never blank', () => {
    const block = document.createElement('div');
    block.setAttribute('data-gv-lazy', '');
    block.setAttribute('data-gv-lazy-url', '/x');
    document.body.append(block);
    bootLazy();
    expect(block.querySelector('[role="status"][data-gv-lazy-status]')?.textContent).toBe('Loading…');
    expect(block.getAttribute('aria-busy')).toBe('true');
  });

  it('watches the placeholders a loaded fragment brings', async () => {
    const { calls } = fakeFetch();
    const block = placeholder('/grid/lazy/?block=outer');
    bootLazy();
    observer().show(block);
    calls[0]?.answer(html('<div data-gv-lazy data-gv-lazy-url="/grid/lazy/?block=inner"></div>'));
    await settle();
    const inner = block.querySelector('[data-gv-lazy-url="/grid/lazy/?block=inner"]');
    expect(inner?.getAttribute('data-gv-lazy-state')).toBe('waiting');
    expect(observer().observed.has(inner as Element)).toBe(true);
  });

  it('watches markup restored in the middle of a load afresh, and leaves a loaded block alone', () => {
    const restored = placeholder('/grid/lazy/?block=a', ' data-gv-lazy-state="failed" aria-busy="false"');
    restored.append(Object.assign(document.createElement('button'), { textContent: 'Load again' }));
    restored.lastElementChild?.setAttribute('data-gv-lazy-retry', '');
    placeholder('/grid/lazy/?block=b', ' data-gv-lazy-state="loaded"');
    expect(bootLazy()).toBe(1);
    expect(restored.getAttribute('data-gv-lazy-state')).toBe('waiting');
    expect(restored.getAttribute('aria-busy')).toBe('true');
    expect(restored.querySelector('button')).toBeNull();
  });
});
