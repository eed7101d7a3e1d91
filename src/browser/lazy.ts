/**
 * Lazy blocks in the page: each placeholder the server wrote (`lazyPlaceholder` of
 * `vue-grid-view/ssr`, or by hand: any element with `data-gv-lazy` and `data-gv-lazy-url`) loads its
 * HTML fragment once it comes near the viewport, shows it in place of "Loading…", and boots the views
 * in it (the `boot` option: the global's `bootScope`), so a fragment rendered with
 * `renderHtml(…, { hydrate: true })` becomes live.
 *
 * One IntersectionObserver watches every placeholder. A request that fails (network error, an answer
 * other than 2xx, no answer within {@link LAZY_TIMEOUT_MS}) leaves a message and a "Load again"
 * button in the placeholder, never a blank. The placeholder's `data-gv-lazy-state` says where it is:
 * `waiting` (watched), `loading`, `failed`, `loaded`; `aria-busy` is true until it is loaded or has
 * failed, and its status line (`role="status"`) says how it ended, politely.
 *
 * Placeholders are remembered by their element, as `./boot` remembers views: booting a scope twice
 * watches nothing twice, and each call first forgets the placeholders that left the document (an
 * htmx swap, any DOM replacement), unobserving them and abandoning their requests.
 *
 * @module
 */
import { t } from './compute';
import { elementsWithin } from './dom';
import { isSafeUrl } from '../core/url';
import { warn } from '../core/warn';

/** The placeholders `bootLazy` looks for. */
export const LAZY_SELECTOR = '[data-gv-lazy]';

/** How long a fragment may take, in milliseconds, before its request is abandoned as failed. */
export const LAZY_TIMEOUT_MS = 15_000;

/**
 * How far below (or above) the viewport a placeholder starts loading: a moment of scrolling before
 * it is seen, so a reader scrolling at an ordinary pace rarely sees "Loading…" for long, while a
 * block far down a long page is not requested by readers who never get there.
 */
const ROOT_MARGIN = '400px 0px';

const STATE = 'data-gv-lazy-state';

/** Options of `bootLazy`. */
export interface LazyOptions {
  /**
   * Boots what a loaded fragment brought, called with the placeholder once the fragment is in it
   * (the global passes its `bootScope`, so the views in it hydrate). Absent: nothing is booted.
   * Placeholders inside the fragment are watched in any case.
   */
  boot?: (block: Element) => void;
  /** Milliseconds before a request is abandoned as failed; default {@link LAZY_TIMEOUT_MS}. */
  timeoutMs?: number;
}

interface Watched {
  readonly options: LazyOptions;
  /** The request under way, null between requests. */
  controller: AbortController | null;
}

const watched = new Map<Element, Watched>();
let observer: IntersectionObserver | null = null;

/** The page's one observer, made on first use; null in a browser without IntersectionObserver. */
function intersectionObserver(): IntersectionObserver | null {
  if (observer === null && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        sweep();
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          void load(entry.target);
        }
      },
      { rootMargin: ROOT_MARGIN },
    );
  }
  return observer;
}

/** Forgets the placeholders no longer in the document: unobserved, their requests abandoned. */
function sweep(): void {
  for (const [block, entry] of watched) {
    if (block.isConnected) continue;
    observer?.unobserve(block);
    entry.controller?.abort();
    watched.delete(block);
  }
}

/**
 * The status line of a placeholder and the element holding its message: the server's
 * (`data-gv-lazy-status`, `data-gv-lazy-message`), else made now at the start of the block, so a
 * placeholder written by hand without them is never blank.
 */
function statusOf(block: Element): { status: Element; message: Element } {
  let status = block.querySelector(':scope > [data-gv-lazy-status]');
  if (status === null) {
    status = document.createElement('p');
    status.className = 'gv-lazy__status';
    status.setAttribute('role', 'status');
    status.setAttribute('data-gv-lazy-status', '');
    block.prepend(status);
  }
  let message = status.querySelector('[data-gv-lazy-message]');
  if (message === null) {
    message = document.createElement('span');
    message.className = 'gv-lazy__message';
    message.setAttribute('data-gv-lazy-message', '');
    message.textContent = t('lazy.loading');
    status.append(message);
  }
  return { status, message };
}

/** Back to "Loading…" from a failure (a retry, or markup restored in the state it was saved in). */
function showLoading(block: Element): void {
  block.querySelector(':scope > [data-gv-lazy-retry]')?.remove();
  statusOf(block).message.textContent = t('lazy.loading');
}

/** The failure: the message and a real button that loads the block again. */
function showFailed(block: Element, options: LazyOptions): void {
  const { status, message } = statusOf(block);
  message.textContent = t('lazy.failed');
  if (block.querySelector(':scope > [data-gv-lazy-retry]') === null) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'gv-button gv-lazy__retry';
    button.setAttribute('data-gv-lazy-retry', '');
    button.textContent = t('lazy.retry');
    button.addEventListener('click', () => retry(block, options));
    status.after(button);
  }
  block.setAttribute(STATE, 'failed');
  // Last: assistive technology reads the status once the block is no longer busy.
  block.setAttribute('aria-busy', 'false');
}

function retry(block: Element, options: LazyOptions): void {
  // The button goes away while the block loads: keep keyboard focus in the block rather than let it
  // fall back to the start of the page.
  if (block instanceof HTMLElement) {
    if (!block.hasAttribute('tabindex')) block.setAttribute('tabindex', '-1');
    block.focus({ preventScroll: true });
  }
  // Put back in the page after a sweep forgot it: watched again.
  if (!watched.has(block)) watched.set(block, { options, controller: null });
  void load(block);
}

/**
 * The nodes of an HTML fragment, parsed without running anything.
 *
 * Why inserting it is acceptable: the fragment is HTML the application's own server rendered (the
 * lazy route renders a registered block; Vue escaped every spec and row value in it, so a value
 * such as `<img src=x onerror=…>` is text, not markup), fetched from the URL the server wrote into
 * the placeholder: the same trust as the HTML an htmx swap inserts. Parsed by DOMParser, its
 * `<script>` elements are marked as already run and never run once moved into the page (a JSON
 * island stays readable). It is not a sanitizer: markup the server itself writes (an inline event
 * handler) behaves as it would had the server written it into the page.
 *
 * Parsed as a whole document after `<body>`, so everything in it is body content, in order: a
 * fragment that starts with `<style>` or with one of Vue's comment markers keeps them in place
 * instead of losing them to the head or to the document node. Comments are kept, so a view's
 * markup keeps the markers hydration needs.
 */
function parseFragment(html: string): Node[] {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return Array.from(parsed.body.childNodes);
}

/** The fragment in place of the placeholder's content, then what it brought booted. */
function showLoaded(block: Element, html: string, options: LazyOptions): void {
  const { status, message } = statusOf(block);
  block.replaceChildren(status, ...parseFragment(html));
  // The status line stays, unseen, to tell screen readers the block has arrived.
  status.classList.add('gv-visually-hidden');
  message.textContent = t('lazy.loaded');
  // The space kept for the block was for the wait; the fragment takes what it needs.
  if (block instanceof HTMLElement) block.style.removeProperty('min-height');
  block.setAttribute(STATE, 'loaded');
  block.setAttribute('aria-busy', 'false');
  try {
    options.boot?.(block);
  } catch (error) {
    // The fragment stays as the server wrote it: readable, only not live.
    warn('lazy_failed', 'A lazy block loaded, but booting its views failed; it stays as the server wrote it.', { error });
  }
  bootLazy(block, options);
  // htmx attributes in the fragment (an hx-get button) work as in content htmx swapped in itself.
  (globalThis as { htmx?: { process?: (element: Element) => void } }).htmx?.process?.(block);
}

/** Loads one watched placeholder's fragment (nothing when it is not watched or already loading). */
async function load(block: Element): Promise<void> {
  const entry = watched.get(block);
  if (entry === undefined || entry.controller !== null) return;
  const url = block.getAttribute('data-gv-lazy-url') ?? '';
  if (block.getAttribute(STATE) === 'failed') showLoading(block);
  block.setAttribute(STATE, 'loading');
  block.setAttribute('aria-busy', 'true');
  const controller = new AbortController();
  entry.controller = controller;
  const timer = setTimeout(() => controller.abort(new DOMException('The lazy block took too long.', 'TimeoutError')), entry.options.timeoutMs ?? LAZY_TIMEOUT_MS);
  let html: string;
  try {
    // The attribute may come from any server template: only http(s) and relative URLs are fetched.
    if (!isSafeUrl(url)) throw new Error('data-gv-lazy-url is not an http(s) or relative URL');
    const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' }, signal: controller.signal });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    // A session that expired sends the request to a sign-in page (a redirect), and a proxy may
    // answer with something else than a fragment: neither is put in the page as if it were the block.
    if (response.redirected) throw new Error('the request was redirected (a sign-in page?)');
    const type = response.headers.get('content-type') ?? '';
    if (!/^text\/html\b/i.test(type)) throw new Error(`the answer is ${type || 'untyped'}, not text/html`);
    html = await response.text();
  } catch (error) {
    // Removed from the page meanwhile (the sweep abandoned the request): nothing to show.
    if (watched.get(block) !== entry || !block.isConnected) return;
    const reason = controller.signal.aborted ? `no answer within ${entry.options.timeoutMs ?? LAZY_TIMEOUT_MS} ms` : error instanceof Error ? error.message : String(error);
    warn('lazy_failed', `A lazy block could not be loaded (${reason}); it offers to try again.`, { url: url.slice(0, 200) });
    showFailed(block, entry.options);
    return;
  } finally {
    clearTimeout(timer);
    entry.controller = null;
  }
  if (watched.get(block) !== entry || !block.isConnected) return;
  // Loaded for good: nothing to watch any more (the state attribute keeps later boots away).
  watched.delete(block);
  showLoaded(block, html, entry.options);
}

/**
 * Watches every lazy-block placeholder in `scope` (the scope itself included) that is not handled
 * yet, after forgetting those that left the document: each loads its fragment when it comes within
 * a few hundred pixels of the viewport. Returns how many it started watching.
 *
 * Edge cases: idempotent (a placeholder being watched, loading or failed is not watched twice; a
 * loaded one, `data-gv-lazy-state="loaded"`, never again); markup restored with another state (a
 * page snapshot taken mid-load) is watched afresh; a placeholder outside the document is skipped; a
 * `data-gv-lazy-url` that is not http(s) or relative is never fetched and the block shows its
 * failure; without IntersectionObserver every placeholder loads at once. A placeholder removed
 * while its request is under way has the request abandoned, silently.
 */
export function bootLazy(scope: ParentNode = document, options: LazyOptions = {}): number {
  sweep();
  let count = 0;
  for (const block of elementsWithin(scope, LAZY_SELECTOR)) {
    const state = block.getAttribute(STATE);
    if (watched.has(block) || !block.isConnected || state === 'loaded') continue;
    // A placeholder written by hand may have no status line: it gets one now, never a blank box.
    if (state === null) statusOf(block);
    else showLoading(block);
    block.setAttribute(STATE, 'waiting');
    block.setAttribute('aria-busy', 'true');
    watched.set(block, { options, controller: null });
    count++;
    const io = intersectionObserver();
    if (io === null) void load(block);
    else io.observe(block);
  }
  return count;
}

/** How many placeholders are watched or loading now (after forgetting those that left the document). */
export function watchedLazyBlocks(): number {
  sweep();
  return watched.size;
}
