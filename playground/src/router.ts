/**
 * A hash router small enough to read in one go: the playground has eight pages and no nested routes,
 * so `#/table` style URLs and a `hashchange` listener are all it needs (vue-router is not a
 * dependency of the library and the playground does not add one).
 *
 * @module
 */
import { ref } from 'vue';

export const PAGE_IDS = ['dashboard', 'table', 'grid', 'big', 'editor', 'ssr', 'preferences', 'chat'] as const;
export type PageId = (typeof PAGE_IDS)[number];

function pageFromHash(hash: string): PageId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return (PAGE_IDS as readonly string[]).includes(id) ? (id as PageId) : 'dashboard';
}

/** The page the URL names; unknown or empty hashes show the dashboard. */
export const currentPage = ref<PageId>(pageFromHash(location.hash));

/** The href of a page, for links. */
export function hrefOf(page: PageId): string {
  return `#/${page}`;
}

/** Keeps `currentPage` in step with the URL (back/forward buttons, typed URLs). Call once. */
export function startRouter(): void {
  window.addEventListener('hashchange', () => {
    currentPage.value = pageFromHash(location.hash);
  });
}
