/**
 * `useUniqueGridId` (internal to `GridViewMessage`): a grid id no other message of the same app
 * draws under at the same time. `GridView` derives element ids from the grid id (`<id>-view`,
 * `<id>-title`, which names the view), and a chat shows one spec several times (a follow-up edit
 * answers with the same `grid_id`): the first message keeps the id, the next ones get `-2`, `-3`, …
 * Claims are kept per app (its `appContext`), so server-side rendering, where each request has an
 * app of its own, and the hydrating browser hand out the same ids in the same order.
 *
 * @module
 */
import { getCurrentInstance, onScopeDispose, shallowRef, watch } from 'vue';
import type { ShallowRef } from 'vue';
import { SPEC_LIMITS } from '../../src/core/spec/limits';

/** The numbers in use per grid id, per app (the key: its appContext, or one object outside components). */
const claimsByApp = new WeakMap<object, Map<string, Set<number>>>();
const outsideApps = {};

/** `id` for the first claim, `id-2` for the second, … within the spec's length limit. */
export function numberedGridId(id: string, n: number): string {
  if (n <= 1) return id;
  const suffix = `-${n}`;
  return `${id.slice(0, SPEC_LIMITS.gridIdMaxLength - suffix.length)}${suffix}`;
}

/**
 * Follows `id` (null: nothing to claim) and returns the id to draw under, released when the id
 * changes or the calling scope ends. Edge case: a released number is handed out again to the next
 * claim of the same id, so ids stay short in a long chat.
 */
export function useUniqueGridId(id: () => string | null): Readonly<ShallowRef<string | null>> {
  const owner = getCurrentInstance()?.appContext ?? outsideApps;
  let claims = claimsByApp.get(owner);
  if (claims === undefined) {
    claims = new Map();
    claimsByApp.set(owner, claims);
  }
  const table = claims;
  const unique = shallowRef<string | null>(null);
  let held: { id: string; n: number } | null = null;
  const release = (): void => {
    if (held === null) return;
    const used = table.get(held.id);
    used?.delete(held.n);
    if (used?.size === 0) table.delete(held.id);
    held = null;
  };
  watch(
    id,
    (next) => {
      if (held !== null && held.id === next) return;
      release();
      if (next === null) {
        unique.value = null;
        return;
      }
      const used = table.get(next) ?? new Set<number>();
      table.set(next, used);
      let n = 1;
      while (used.has(n)) n++;
      used.add(n);
      held = { id: next, n };
      unique.value = numberedGridId(next, n);
    },
    { immediate: true, flush: 'sync' },
  );
  onScopeDispose(release);
  return unique;
}
