/**
 * The server has one warning channel: a handler's `onWarn` receives the server's own warnings and
 * the core's warnings raised in the same process (issue 9: one `onWarn` of the plugin and of the
 * server).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/core/format';
import { setWarningHandler } from '../../src/core/warn';
import { createGridViewHandler } from '../../src/server';
import type { WarningDetail } from '../../src/server';

afterEach(() => {
  setWarningHandler(null);
});

describe('server warnings', () => {
  it("routes the core's warnings to the handler's onWarn with their code", () => {
    const seen: { message: string; detail?: WarningDetail }[] = [];
    createGridViewHandler({ onWarn: (message, detail) => seen.push({ message, detail }) });
    // A malformed currency code makes the core warn once per code while formatting.
    formatValue(12.5, 'currency', { locale: 'en', currency: 'XX1-server-warning' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.detail?.code).toBe('currency_fallback');
    expect(seen[0]?.message).toContain('XX1-server-warning');
  });

  it("leaves the core's channel alone when the handler has no onWarn", () => {
    const seen: string[] = [];
    setWarningHandler((warning) => seen.push(warning.code));
    createGridViewHandler({});
    formatValue(1, 'currency', { locale: 'en', currency: 'XX2-server-warning' });
    expect(seen).toEqual(['currency_fallback']);
  });

  it('survives an onWarn that throws', () => {
    createGridViewHandler({
      onWarn: () => {
        throw new Error('broken sink');
      },
    });
    expect(() => formatValue(1, 'currency', { locale: 'en', currency: 'XX3-server-warning' })).not.toThrow();
  });
});
