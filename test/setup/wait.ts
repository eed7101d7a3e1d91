/**
 * Waiting on state in tests, with room for a loaded machine.
 *
 * @module
 */
import { vi } from 'vitest';

/**
 * `vi.waitFor` with a 10 s limit instead of its 1 s default: `npm test` runs its lanes side by side,
 * so a lazily loaded chunk or a debounced update may take seconds on a busy machine. It still
 * returns as soon as `check` passes, so a fast machine waits no longer than before.
 */
export function waitFor<T>(check: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000, interval: 20, ...options });
}
