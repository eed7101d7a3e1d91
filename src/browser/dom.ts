/**
 * What both parts of the browser bundle look for in a page: the elements of a scope, and the mark
 * `renderHtml` writes around a hydratable view. Pure DOM reads, no Vue.
 *
 * @module
 */

/** The element `renderHtml(…, { hydrate: true })` writes around a hydratable view. */
export const HYDRATE_SELECTOR = '[data-gv-hydrate]';

/** The elements of `scope` matching `selector`, the scope itself included when it matches. */
export function elementsWithin(scope: ParentNode, selector: string): Element[] {
  const found: Element[] = [];
  if (scope instanceof Element && scope.matches(selector)) found.push(scope);
  found.push(...Array.from(scope.querySelectorAll(selector)));
  return found;
}
