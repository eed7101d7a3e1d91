import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, existsSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built `./core` entry must run in plain Node with nothing but its own dependencies installed
// (yup, and axios for the HTTP host): no Vue, no DOM. The test copies dist/ into an empty folder
// outside the repository, links only those and their dependencies into its node_modules, and
// imports the entry there.
const root = resolve(__dirname, '../..');
const dist = join(root, 'dist');
let sandbox = '';

function linkPackage(name: string, into = sandbox): void {
  const target = join(into, 'node_modules', name);
  mkdirSync(join(target, '..'), { recursive: true });
  if (!existsSync(target)) symlinkSync(join(root, 'node_modules', name), target, 'dir');
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dep of Object.keys(manifest.dependencies ?? {})) linkPackage(dep, into);
}

describe('built core entry', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'core.js'))) throw new Error('dist/core.js is missing: run `npm run build` first (npm test does)');
    sandbox = mkdtempSync(join(tmpdir(), 'gv-core-'));
    cpSync(dist, join(sandbox, 'dist'), { recursive: true });
    linkPackage('yup');
    linkPackage('axios');
  });
  afterAll(() => {
    if (sandbox) rmSync(sandbox, { recursive: true, force: true });
  });

  it('imports in plain Node with only yup and axios installed and builds an artifact', () => {
    const script = `
      const core = await import('./dist/core.js');
      const spec = core.parseGridViewSpecJson({
        grid_id: 'sales',
        title: 'Sales <b>bold</b>',
        columns: [{ key: 'region', label: 'Region' }, { key: 'amount', label: 'Amount', format: 'number' }],
        kpis: [{ label: 'Total', column_key: 'amount', aggregate: 'sum' }],
        charts: [{ id: 'by-region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }],
      });
      const rows = [{ region: 'North', amount: 2 }, { region: 'South', amount: 3 }];
      const json = core.GridRenderer.build(spec, rows).toJSON();
      process.stdout.write(JSON.stringify({ kpi: json.kpis[0].value, title: json.title, categories: json.charts[0].categories }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: sandbox, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ kpi: 5, title: 'Sales <b>bold</b>', categories: ['North', 'South'] });
  });

  it('loads axios only with the HTTP host\'s first request: without it the entry still imports, and a request fails as a network error', () => {
    const bare = mkdtempSync(join(tmpdir(), 'gv-core-no-axios-'));
    try {
      cpSync(dist, join(bare, 'dist'), { recursive: true });
      linkPackage('yup', bare);
      const script = `
        const core = await import('./dist/core.js');
        const host = new core.HttpHost({ preferencesUrl: 'http://127.0.0.1:9/prefs' });
        const error = await host.loadGridPrefs(null, 'sales').then(() => null, (e) => e);
        process.stdout.write(JSON.stringify({ host: error instanceof core.HostError, code: error?.code }));
      `;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: bare, encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({ host: true, code: 'network' });
      expect(() => execFileSync(process.execPath, ['--input-type=module', '-e', "await import('axios')"], { cwd: bare, stdio: 'pipe' })).toThrow();
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('fails loudly in that sandbox when asked for vue, proving vue is absent there', () => {
    expect(() => execFileSync(process.execPath, ['--input-type=module', '-e', "await import('vue')"], { cwd: sandbox, stdio: 'pipe' })).toThrow();
  });

  it('ships a core bundle and chunks that never import vue, pinia or the DOM-only peers', () => {
    const files = [join(dist, 'core.js')];
    const seen = new Set<string>();
    while (files.length > 0) {
      const file = files.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(/from\s*["'](vue|pinia|vue-echarts|echarts|ag-grid-[a-z0-9-]+)["']/);
      for (const match of text.matchAll(/from\s*["'](\.\.?\/[^"']+)["']/g)) files.push(resolve(join(file, '..'), match[1] as string));
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
