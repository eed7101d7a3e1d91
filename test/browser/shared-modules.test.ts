/**
 * src/browser/shared-modules.ts: the handover of the IIFE's modules to its Vue part, keyed by the
 * bundle's version. test/e2e/browser-bundle.test.ts checks the built bundle hands over every
 * module its Vue part reads, in Chromium.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exposeModules, exposedModule } from '../../src/browser/shared-modules';

const REGISTRY = '__vueGridViewModules';

beforeEach(() => {
  vi.stubGlobal('__GV_VERSION__', '1.2.3');
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[REGISTRY];
});

describe('the modules the IIFE hands to its Vue part', () => {
  it('gives back the very namespace the script exposed, by source path', () => {
    const format = { formatValue: () => 'x' };
    exposeModules({ 'src/core/format.ts': format });
    expect(exposedModule('src/core/format.ts')).toBe(format);
  });

  it('says what is wrong when the Vue part runs without the IIFE of its version', () => {
    expect(() => exposedModule('src/core/format.ts')).toThrow(/iife-part\/vue-part\.js needs grid-view\.iife\.js of the same version.*src\/core\/format\.ts/);
    exposeModules({ 'src/core/format.ts': {} });
    expect(() => exposedModule('src/core/kpi.ts')).toThrow(/module src\/core\/kpi\.ts is missing/);
  });

  it('keeps the modules of two bundle versions on one page apart', () => {
    const older = { version: 'old' };
    exposeModules({ 'src/core/format.ts': older });
    vi.stubGlobal('__GV_VERSION__', '2.0.0');
    expect(() => exposedModule('src/core/format.ts')).toThrow(/vue-grid-view 2\.0\.0/);
    const newer = { version: 'new' };
    exposeModules({ 'src/core/format.ts': newer });
    expect(exposedModule('src/core/format.ts')).toBe(newer);
    vi.stubGlobal('__GV_VERSION__', '1.2.3');
    expect(exposedModule('src/core/format.ts')).toBe(older);
  });
});
