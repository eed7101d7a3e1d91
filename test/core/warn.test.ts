import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV, isDevelopment, setWarningHandler, warn } from '../../src/core/warn';
import type { GridViewWarning } from '../../src/core/warn';
import { formatValue } from '../../src/core/format';
import { staticRowsAdapter } from '../../src/core/adapters';

afterEach(() => {
  setWarningHandler(null);
  vi.restoreAllMocks();
});

describe('the warning channel', () => {
  it('prints to the console by default outside production (vitest runs with NODE_ENV=test)', () => {
    expect(DEV).toBe(true);
    const print = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warn('export_failed', 'the export failed.', new Error('disk'));
    expect(print).toHaveBeenCalledWith('[vue-grid-view] the export failed.', expect.any(Error));
  });

  it('counts a build or process as production only when NODE_ENV reads "production"', () => {
    // What a bundler's production build leaves of `process.env.NODE_ENV` in the library's code.
    expect(isDevelopment(() => 'production')).toBe(false);
    expect(isDevelopment(() => 'development')).toBe(true);
    expect(isDevelopment(() => 'test')).toBe(true);
    // Node without NODE_ENV.
    expect(isDevelopment(() => undefined)).toBe(true);
    // A browser without a bundler: `process` is not defined, so reading it throws.
    expect(
      isDevelopment(() => {
        throw new ReferenceError('process is not defined');
      }),
    ).toBe(true);
  });

  it('sends every warning to the handler set, and none to the console', () => {
    const print = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: GridViewWarning[] = [];
    setWarningHandler((warning) => seen.push(warning));
    warn('storage_dropped', 'dropped "x".');
    expect(seen).toEqual([{ code: 'storage_dropped', message: 'dropped "x".' }]);
    expect(print).not.toHaveBeenCalled();
  });

  it('survives a handler that throws', () => {
    setWarningHandler(() => {
      throw new Error('broken handler');
    });
    expect(() => warn('export_failed', 'x')).not.toThrow();
  });

  it('carries the core warnings: a currency that fell back (once per code) and a failing adapter subscriber', () => {
    const seen: GridViewWarning[] = [];
    setWarningHandler((warning) => seen.push(warning));
    expect(formatValue(5, 'currency', { locale: 'en', currency: 'NOPE' })).toBe('$5.00');
    expect(formatValue(6, 'currency', { locale: 'en', currency: 'NOPE' })).toBe('$6.00');
    const adapter = staticRowsAdapter([{ a: 1 }]);
    const calls: number[] = [];
    adapter.onChange(() => {
      throw new Error('subscriber');
    });
    adapter.onChange(() => calls.push(adapter.getRows().length));
    adapter.setRows([{ a: 1 }, { a: 2 }]);
    expect(calls).toEqual([2]);
    expect(seen.map((w) => w.code)).toEqual(['currency_fallback', 'adapter_subscriber_failed']);
    expect(seen[1]?.detail).toBeInstanceOf(Error);
  });
});
