/**
 * Lazy blocks: functions the server handler's lazy route calls to render one HTML fragment, and the
 * placeholder a page writes where such a fragment goes (the browser bundle loads it once it scrolls
 * into view, see src/browser/lazy.ts).
 *
 * @module
 */
import type { Component } from 'vue';
import type { GridViewHost } from '../host/types';
import { createTranslator } from '../core/i18n';
import { isSafeUrl } from '../core/url';
import { escapeAttribute, escapeText } from './escape';
import { renderLazyFragment } from './render';
import type { SsrRenderOptions } from './render';

/** What the lazy route passes to a block (the server handler's `lazyBlocks` registry). */
export interface LazyBlockContext {
  /** The incoming request. */
  request: Request;
  /** Its query parameters (the block id and whatever the page added). */
  params: URLSearchParams;
  /** The request-bound host. */
  host: GridViewHost;
}

/** A lazy block: renders HTML for one request. */
export type LazyBlock = (ctx: LazyBlockContext) => Promise<string> | string;

/** Props of a lazy block's component: fixed, or computed per request (sync or async). */
export type LazyBlockProps = Readonly<Record<string, unknown>> | ((ctx: LazyBlockContext) => Readonly<Record<string, unknown>> | Promise<Readonly<Record<string, unknown>>>);

/**
 * Builds a lazy block from a Vue component and its props: each call renders the component with Vue
 * SSR (plugin installed with the request's host, charts as SVG) and resolves to the fragment.
 * Props may be a function of the context, e.g. to load rows filtered by `ctx.params`; it may throw
 * a server `HttpError`-like error for the handler to turn into a response.
 */
export function lazyBlockFromComponent(
  component: Component,
  props: LazyBlockProps = {},
  options: Omit<SsrRenderOptions, 'host'> = {},
): LazyBlock {
  return async (ctx: LazyBlockContext): Promise<string> => {
    const resolved = typeof props === 'function' ? await props(ctx) : props;
    return renderLazyFragment(component, resolved, { ...options, host: ctx.host });
  };
}

/** Options of `lazyPlaceholder`. */
export interface LazyPlaceholderOptions extends Pick<SsrRenderOptions, 'locale' | 'messages'> {
  /**
   * What the block is ("Regional sales"): shown above "Loading…" and, without JavaScript, the text
   * of the link to the fragment. Default: no name, and the link says "Open this part".
   */
  label?: string;
  /**
   * The space kept for the block until it arrives, so the page does not jump when it does: pixels
   * as a number, or a CSS length in `px`, `rem`, `em` or `vh` (`'20rem'`). Default: the
   * placeholder's own height (two lines of text).
   */
  minHeight?: number | string;
}

/** A CSS length `minHeight` may be given as: a plain number and one of a few units, nothing else. */
const CSS_LENGTH = /^\d{1,5}(?:\.\d{1,3})?(?:px|rem|em|vh)$/;

/** The `min-height` declaration of `minHeight`, or '' without one; throws for anything else. */
function minHeightStyle(minHeight: number | string | undefined): string {
  if (minHeight === undefined) return '';
  if (typeof minHeight === 'number' && Number.isFinite(minHeight) && minHeight >= 0) return `min-height:${Math.round(minHeight)}px`;
  // Only a bare length: the value goes into a style attribute, where `1px;background:url(…)` would
  // be escaped as HTML but still read as CSS.
  if (typeof minHeight === 'string' && CSS_LENGTH.test(minHeight)) return `min-height:${minHeight}`;
  throw new RangeError(`lazyPlaceholder: minHeight must be a number of pixels or a length such as "20rem" (px, rem, em, vh); got ${JSON.stringify(String(minHeight).slice(0, 40))}.`);
}

/**
 * The HTML of a lazy block's placeholder: the element the browser bundle fills with the fragment at
 * `url` (typically the server handler's lazy route, `/grid/lazy/?block=regional&region=north`) once
 * it scrolls into view, then boots the views in it. It reads "Loading…" in `locale` (the core's
 * catalogs; `messages` override them), under `label` when given, and holds, for pages read without
 * JavaScript, a plain link to the fragment.
 *
 * ```html
 * <div class="gv-lazy" data-gv-lazy data-gv-lazy-url="/grid/lazy/?block=regional" aria-busy="true">
 *   <p class="gv-lazy__status" role="status" data-gv-lazy-status>…Loading…</p>
 *   <noscript><p class="gv-lazy__fallback"><a href="/grid/lazy/?block=regional">…</a></p></noscript>
 * </div>
 * ```
 *
 * Edge cases: `url` must be an http(s) URL or a relative one (path, query or fragment); anything
 * else (`javascript:`, `data:`, a URL with spaces or control characters, which browsers strip, or a
 * backslash) throws a `TypeError` naming the rule, so an unsafe link is never written. Every value
 * written is escaped (`&`, `<`, `>`, quotes), the URL included. An empty or blank `label` counts as
 * none. A `minHeight` that is not a non-negative finite number or a bare CSS length throws a
 * `RangeError`. Unknown or invalid locales fall back to English, as everywhere.
 */
export function lazyPlaceholder(url: string, options: LazyPlaceholderOptions = {}): string {
  if (typeof url !== 'string' || !isSafeUrl(url)) {
    throw new TypeError(
      `lazyPlaceholder: the fragment URL must be http(s) or relative (a path, query or fragment, its spaces encoded); got ${JSON.stringify(String(url).slice(0, 100))}.`,
    );
  }
  const texts = createTranslator({ locale: options.locale, overrides: options.messages });
  const label = typeof options.label === 'string' && options.label.trim() !== '' ? options.label.trim() : null;
  const href = escapeAttribute(url);
  const style = minHeightStyle(options.minHeight);
  const name = label === null ? '' : `<span class="gv-lazy__label">${escapeText(label)}</span> `;
  return (
    `<div class="gv-lazy" data-gv-lazy data-gv-lazy-url="${href}" aria-busy="true"${style === '' ? '' : ` style="${style}"`}>` +
    `<p class="gv-lazy__status" role="status" data-gv-lazy-status>${name}<span class="gv-lazy__message" data-gv-lazy-message>${escapeText(texts.t('lazy.loading'))}</span></p>` +
    // Without JavaScript nothing loads: the reader gets the fragment itself through a link instead.
    `<noscript><p class="gv-lazy__fallback"><a class="gv-lazy__link" href="${href}">${escapeText(label ?? texts.t('lazy.open'))}</a></p></noscript>` +
    '</div>'
  );
}
