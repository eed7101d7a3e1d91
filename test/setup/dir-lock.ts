/**
 * A lock between test processes: a directory that exists while one process does work that others
 * must not do at the same time (pack the package, build the playground or a fixture page). Test
 * files run in parallel in several workers and in several vitest processes (scripts/test.mjs), so
 * the first one does the work and the others wait, then find it done.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Runs `work` while holding `lockDir` (created, then removed, whatever `work` does). Waits while
 * another process holds it; a lock older than `staleMs` was left by a run that died and is taken
 * over. Throws when the lock stays held past `staleMs` of waiting.
 */
export async function withDirLock<T>(lockDir: string, work: () => Promise<T> | T, staleMs = 300_000): Promise<T> {
  mkdirSync(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + staleMs;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = statSync(lockDir, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > staleMs) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lockDir} is held for too long`);
      // Another process holds the lock and sends no event when it lets go: look again shortly.
      else await new Promise((done) => setTimeout(done, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
