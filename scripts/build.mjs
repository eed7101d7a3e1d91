// Builds every entry of the package (one Vite build, see vite.config.ts), then:
// - writes the top-level declaration file of each entry (dist/index.d.ts, dist/core.d.ts, …);
// - gives every relative import in the emitted .d.ts files an explicit extension (`./format.js`,
//   `./table-model/index.js`, `../components/GridView.vue.js`), which TypeScript projects using
//   `moduleResolution: node16`/`nodenext` require;
// - builds the standalone browser bundle when its entry exists;
// - exits non-zero when a build printed a warning or an error: a plain build prints none (the
//   timing report is off in vite.config.ts), so anything printed is news, and `npm test`, which
//   builds once, fails on it instead of scrolling past it.
import { build, createLogger } from 'vite';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const DIST = resolve('dist');
/** Package entry → its module under dist/ (without extension). */
const ENTRIES = {
  index: 'src/index',
  core: 'src/core-entry',
  server: 'src/server/index',
  ssr: 'src/ssr/index',
  assistant: 'src/assistant/index',
  mcp: 'src/mcp/index',
  cli: 'src/server/cli',
};

/** Everything Vite's logger printed as a warning or an error (plugins and Rolldown log through it). */
const printed = [];
const customLogger = createLogger('warn');
for (const level of ['warn', 'warnOnce', 'error']) {
  const print = customLogger[level].bind(customLogger);
  customLogger[level] = (message, options) => {
    printed.push(message);
    print(message, options);
  };
}

await build({ mode: 'lib', logLevel: 'warn', configFile: 'vite.config.ts', customLogger });

// The entry modules are emitted at the top of dist/ under their entry names; their declarations
// stay beside the sources' (dist/src/…), so each gets a one-line declaration file at the top.
for (const [name, module] of Object.entries(ENTRIES)) {
  if (!existsSync(join(DIST, `${name}.js`))) throw new Error(`build: the entry ${name}.js was not emitted`);
  if (name === 'cli') continue;
  if (!existsSync(join(DIST, `${module}.d.ts`))) throw new Error(`build: no declarations for ${module}`);
  writeFileSync(join(DIST, `${name}.d.ts`), `export * from './${module}.js';\n`);
}

/** Every .d.ts file under dist/. */
function declarations(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return declarations(path);
    return path.endsWith('.d.ts') ? [path] : [];
  });
}

const RELATIVE = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)(['"])/g;
let rewritten = 0;
for (const file of declarations(DIST)) {
  const source = readFileSync(file, 'utf8');
  const out = source.replace(RELATIVE, (match, head, specifier, tail) => {
    if (/\.(js|mjs|cjs|json)$/.test(specifier)) return match;
    const target = resolve(dirname(file), specifier);
    let fixed;
    if (existsSync(`${target}.d.ts`)) fixed = `${specifier}.js`; // ./format → ./format.js, ./Grid.vue → ./Grid.vue.js
    else if (existsSync(join(target, 'index.d.ts'))) fixed = `${specifier.replace(/\/$/, '')}/index.js`;
    else throw new Error(`build: ${relative(DIST, file)} imports ${specifier}, which has no declaration file`);
    return `${head}${fixed}${tail}`;
  });
  if (out !== source) {
    writeFileSync(file, out);
    rewritten++;
  }
}

if (existsSync('src/browser/index.ts')) {
  // The ES build first: it lists the modules the IIFE and its Vue part (dist/browser/iife-part/,
  // loaded at run time) share, which the two builds after it read.
  await build({ mode: 'esm', logLevel: 'warn', configFile: 'vite.config.ts', customLogger });
  await build({ mode: 'iife-part', logLevel: 'warn', configFile: 'vite.config.ts', customLogger });
  await build({ mode: 'iife', logLevel: 'warn', configFile: 'vite.config.ts', customLogger });
  // The MCP App view (dist/mcp/view.js and view.css), which src/mcp/app-html.ts inlines into its resource.
  await build({ mode: 'mcp-app', logLevel: 'warn', configFile: 'vite.config.ts', customLogger });
  // The globals the bundle sets, for pages' own scripts checked by TypeScript
  // (`/// <reference types="vue-grid-view/browser" />`): a script declaration file (no import or
  // export at its top), its types taken from the bundle's modules' declarations.
  if (!existsSync(join(DIST, 'src', 'browser', 'index.d.ts'))) throw new Error('build: no declarations for src/browser/index');
  writeFileSync(
    join(DIST, 'browser', 'grid-view.d.ts'),
    [
      '// The globals dist/browser/grid-view.iife.js sets on the page (see docs/browser.md).',
      "type VueGridViewGlobal = import('../src/browser/index.js').GridViewGlobal;",
      "type VueGridViewI18n = import('../src/browser/compute.js').GridViewI18nGlobal;",
      '/** The library: boot server-rendered views, KPIs, charts, adapters, texts. */',
      'declare var GridView: VueGridViewGlobal;',
      '/** The same object as `GridView`, under the seed system\'s name. */',
      'declare var CmGridView: VueGridViewGlobal;',
      '/** `GridView.SimpleTable`, under the seed system\'s name. */',
      "declare var CmSimpleTable: VueGridViewGlobal['SimpleTable'];",
      '/** The page\'s language, currency and text overrides; set it before or after the bundle. */',
      'declare var GridViewI18n: VueGridViewI18n | undefined;',
      '',
    ].join('\n'),
  );
}
console.log(`build: dist/ written (${rewritten} declaration files given explicit import extensions)`);
if (printed.length > 0) {
  console.error(`build: ${printed.length} warning(s) or error(s) printed above; a build must print none (fix the cause, or configure the check in vite.config.ts with the reason)`);
  process.exit(1);
}
