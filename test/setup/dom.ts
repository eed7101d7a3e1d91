import { afterAll, beforeAll, vi } from 'vitest';
// jsdom lacks ResizeObserver and matchMedia; components use both, so give them inert versions.
class InertResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: InertResizeObserver, configurable: true, writable: true });
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// The dom project runs its files one after another in one jsdom (vitest.config.ts): each file starts
// with an empty page and empty storage, as it would in a jsdom of its own, and leaves no fake
// timers, spies or stubbed globals behind.
if (typeof window !== 'undefined') {
  beforeAll(() => {
    document.body.innerHTML = '';
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  // What a file forgot to undo stays with that file.
  afterAll(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}
