import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Whether the default warning handler prints, decided by the BUILT code where applications meet it:
// a consumer's Vite build of an app that installs `vue-grid-view` (resolved through its `exports`,
// as scripts/size.mjs does), run in a context without `process` as in a browser; and the dist
// module as it is, with no bundler. The app calls the default handler directly:
// `setWarningHandler(null)` puts it back and returns the one it replaced, which at start is it.
const root = resolve(__dirname, '../..');
const work = join(root, '.tmp', 'warn-build');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const PROBE = '[vue-grid-view] probe';

/** The environment of a command run by hand: vitest sets NODE_ENV=test, which Vite would build into the app. */
function envWith(nodeEnv: string | undefined): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  return env;
}

/** `vite build` of the probe app (the CLI, as a consumer runs it) and its one JavaScript file. */
function buildApp(outDir: string, nodeEnv: string | undefined): string {
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', outDir], { cwd: work, env: envWith(nodeEnv), stdio: 'pipe' });
  const assets = join(work, outDir, 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts).toHaveLength(1);
  return readFileSync(join(assets, scripts[0] as string), 'utf8');
}

/** What the bundle prints with `console.warn` when it runs where `process` does not exist. */
function warningsInBrowserLikeContext(code: string): string[] {
  const printed: string[] = [];
  const context = { console: { warn: (...args: unknown[]) => printed.push(args.map(String).join(' ')) } };
  runInNewContext(code, context);
  expect('process' in context).toBe(false);
  return printed;
}

/**
 * What the dist module prints (stderr) in plain Node with `NODE_ENV` as given, or with the global
 * `process` removed before it loads: a browser without a bundler.
 */
function warningsOfDistModule(options: { nodeEnv?: string; withoutProcess?: boolean }): string {
  const url = pathToFileURL(join(root, 'dist', 'src', 'core', 'warn.js')).href;
  const script = `
    const node = globalThis.process;
    if (${JSON.stringify(options.withoutProcess === true)}) delete globalThis.process;
    const { setWarningHandler } = await import(${JSON.stringify(url)});
    setWarningHandler(null)({ code: 'spec_warning', message: 'probe' });
    node.stdout.write(typeof process);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: envWith(options.nodeEnv), encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  // Proves the module ran without a global `process` when asked to.
  expect(run.stdout).toBe(options.withoutProcess === true ? 'undefined' : 'object');
  return run.stderr.trim();
}

describe('the default warning handler in built code', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'core.js'))) throw new Error('dist/core.js is missing: run `npm run build` first (npm test does)');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(join(work, 'node_modules'), { recursive: true });
    symlinkSync(root, join(work, 'node_modules', 'vue-grid-view'), 'dir');
    writeFileSync(join(work, 'main.js'), `import { setWarningHandler } from 'vue-grid-view/core';\nsetWarningHandler(null)({ code: 'spec_warning', message: 'probe' });\n`);
    writeFileSync(join(work, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
    // Only so the bundle runs outside a page: the polyfill reads `document`.
    writeFileSync(join(work, 'vite.config.mjs'), 'export default { build: { modulePreload: { polyfill: false } } };\n');
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it("prints nothing in a consumer's Vite production build running in a browser", () => {
    const code = buildApp('production', undefined);
    expect(warningsInBrowserLikeContext(code)).toEqual([]);
  });

  it('prints in a Vite build made with NODE_ENV=development', () => {
    const code = buildApp('development', 'development');
    expect(warningsInBrowserLikeContext(code)).toEqual([PROBE]);
  });

  it('prints with no bundler in a browser (no `process`): nothing says the page is a production one', () => {
    expect(warningsOfDistModule({ withoutProcess: true })).toBe(PROBE);
  });

  it('prints in Node without NODE_ENV and is silent under NODE_ENV=production', () => {
    expect(warningsOfDistModule({})).toBe(PROBE);
    expect(warningsOfDistModule({ nodeEnv: 'development' })).toBe(PROBE);
    expect(warningsOfDistModule({ nodeEnv: 'production' })).toBe('');
  });
});
