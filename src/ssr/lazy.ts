/**
 * Lazy blocks: functions the server handler's lazy route calls to render one HTML fragment.
 *
 * @module
 */
import type { Component } from 'vue';
import type { GridViewHost } from '../host/types';
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
