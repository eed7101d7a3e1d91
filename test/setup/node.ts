import { afterAll, vi } from 'vitest';
import { setWarningHandler } from '../../src/core/warn';

// The node project runs its files one after another in one module graph per worker
// (vitest.config.ts): what a file changes in process-wide state stays with that file. The warning
// channel is one per process, and `createGridViewHandler({ onWarn })` replaces it on purpose.
afterAll(() => {
  setWarningHandler(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
