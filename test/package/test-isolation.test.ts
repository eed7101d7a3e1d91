/**
 * The test projects that share one module graph per worker (vitest.config.ts: node, dom and e2e run
 * with `isolate: false`) hold no file that calls `vi.mock`: a mocked module would stay mocked for
 * every later file of that worker. Such a file belongs in NODE_FRESH_TESTS or DOM_FRESH_TESTS. The
 * same for a file that registers AG Grid modules globally: every later grid of that worker would
 * have them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOM_FRESH_TESTS, NODE_FRESH_TESTS } from '../../vitest.config';

const ROOT = join(__dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('test files in projects that share modules between files', () => {
  it('never call vi.mock or vi.doMock unless listed to run isolated', () => {
    const isolated = new Set([...NODE_FRESH_TESTS, ...DOM_FRESH_TESTS]);
    const mocking = testFiles(join(ROOT, 'test')).filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !isolated.has(file))).toEqual([]);
  });

  it('never register AG Grid modules globally (ModuleRegistry) unless listed to run isolated', () => {
    const isolated = new Set([...NODE_FRESH_TESTS, ...DOM_FRESH_TESTS]);
    const registering = testFiles(join(ROOT, 'test')).filter((file) => /\bModuleRegistry\.register(?:Modules)?\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(registering.length).toBeGreaterThan(0);
    expect(registering.filter((file) => !isolated.has(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    const all = new Set(testFiles(join(ROOT, 'test')));
    expect([...NODE_FRESH_TESTS, ...DOM_FRESH_TESTS].filter((file) => !all.has(file))).toEqual([]);
  });
});
