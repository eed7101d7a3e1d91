// Bundle-size budgets: builds small Vite apps against the built package (dist/, through its
// `exports`, exactly as an application resolves `vue-grid-view`) and measures what each one ships
// on first load, minified and gzipped. Lazy chunks (the XLSX writer, the SVG renderer, the
// Ukrainian catalog) are listed but not counted: a page downloads them only when it uses them.
//
//   node scripts/size.mjs            check the budgets (non-zero exit when one is exceeded)
//   node scripts/size.mjs --report F also write the results as a markdown section to F
//
// Needs `npm run build` first. The budgets and the apps' titles are in scripts/size-budgets.json,
// which test/package/size-budgets.test.ts also reads, so BENCHMARKS.md cannot list other budgets.
import { build } from 'vite';
import vue from '@vitejs/plugin-vue';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve('.');
const WORK = join(ROOT, '.tmp', 'size');
const KB = 1000;
const BUDGETS = JSON.parse(readFileSync(new URL('./size-budgets.json', import.meta.url), 'utf8')).apps;

/** The title and budget (bytes) of an app from size-budgets.json. */
function budgeted(name) {
  const entry = BUDGETS[name];
  if (entry === undefined) throw new Error(`size: scripts/size-budgets.json has no app "${name}"`);
  return { name, title: entry.title, budget: entry.budgetKb * KB };
}

/** The apps; `over` names the baseline the budget is measured against. */
const APPS = [
  {
    name: 'vue',
    title: 'Vue alone (baseline)',
    source: `import { createApp, h } from 'vue';\ncreateApp({ render: () => h('p', 'hello') }).mount('#app');\n`,
  },
  {
    ...budgeted('simple-table'),
    over: 'vue',
    // 30 kB until the search language (issue 10): parser, locale number reading, the "understood
    // as" summary, the help popover and the stepwise first search add about 10 kB.
    // Issue 14's column menu, resize, CSV and section totals: 35.5 -> 42.0 kB with the column menu,
    // the page-state binding (and Pinia) and the section rows loaded on demand; what stays is on
    // screen at first paint (resize handles, column layout, row grouping, CSV, Vue's async runtime).
    // Issue 15's table part: 42.1 -> 45.7 kB for column widths from content (sampling, canvas and
    // estimated measuring, the width arithmetic, the extremes scan) drawn at first paint; the
    // computed footer and its totals load on demand (SimpleTableTotalsFooter, shared group-totals).
    // Issue 9 (small bundles): 47.7 -> 28.9 kB with the search language, the sort, sections and the
    // warm-up tasks in one chunk loaded after the first paint (src/core/table-model/engine.ts,
    // 17.3 kB) and the export glue with the first export. What stays is the first paint: Vue's
    // runtime parts the table uses, the component and its header cells, formatting, the column
    // widths measured before the first paint (issue 15), windowing, the search box with its help
    // popover (about 2 kB) and the English catalog (about 5 kB, every component's texts: the
    // translator reads it synchronously).
    // With the table's presets menu (downloaded after mount, only with Pinia) and numeric columns
    // right-aligned by a core default (issue 15): 28.9 -> 29.6 kB; the budget is issue 9's target.
    // Issue 22: SimpleTable split into composables (+0.3 kB), then the search help's popover loaded
    // on its first open (-0.7 kB with its listeners) and 21 catalog keys nothing asked for removed
    // from en and uk (-0.3 kB): 30.0 -> 29.0 kB, budget 30 -> 29.5 kB.
    source: `import { createApp, h } from 'vue';
import { SimpleTable } from 'vue-grid-view';
import 'vue-grid-view/style.css';
const columns = [{ key: 'city', label: 'City', format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null }];
const config = { gridId: 'cities', columns, columnGroups: [], data: [{ city: 'Kyiv' }], searchMode: 'global', striped: false, exportXlsx: true, exportPdfUrl: null, rowUrl: null, rowOnclick: null, footerRow: null, footerLabel: null, footerLabelSpan: 1 };
createApp({ render: () => h(SimpleTable, { config }) }).mount('#app');
`,
  },
  {
    ...budgeted('grid-view'),
    over: 'vue',
    // 70 kB until the search language (issue 10), which SimpleTable inside GridView carries: measured
    // 68.4 -> 79.6 kB when it landed (the same ~11 kB as in the simple-table app). The DataGrid
    // (issue 11) is a lazy chunk, but its texts are in the catalogs (en and uk, both registered by
    // the plugin) and GridView's blocks use more of Vue's runtime: 79.4 -> 85.9 kB.
    // Issues 14 and 15 (the table's settings above; compact KPIs, currency symbols, chart sorting,
    // value labels and month categories): 85.9 -> 92.9 kB.
    // The DataGrid's quick search and text filter with the search language's help and summary
    // (issues 10/11): the lazy DataGrid and DataGridToolbar chunks now share SearchHelp and the
    // parser/describer with SimpleTable, so Vite 8 (rolldown) moves those shared modules out of the
    // entry into chunks of their own; the same code, in more chunks, gzips worse: 93.4 -> 97.2 kB
    // (the app's first load; measured both ways on the same build machine).
    // Issue 15's table part (SimpleTable's column widths from content, as in the simple-table
    // app): 93.5 -> 97.2 kB measured alone; both together 101.4 kB.
    // Issue 9 (small bundles): 103.3 -> 83.8 kB with SimpleTable's search and sort code loaded after
    // the first paint (the same chunk as in the simple-table app, shared with the lazy DataGrid).
    // Issue 21: pie and donut names wrapped between words by the core (wrapWords) instead of by
    // ECharts, which broke Ukrainian words where a CJK font is installed: 84.5 -> 84.8 kB.
    // Issue 21 (honest install): the reason of a failed export shown on screen and its en text (the
    // reasons themselves, a missing package above all, load with the export code).
    // Issue 22 (registries): the chart-type registry (+0.6 kB with option.ts split by concern), the
    // aggregate registry (+0.1 kB), the language registry (+0.15 kB) and the DataGrid split: 84.8 ->
    // 86.5 kB, budget raised 85 -> 87 kB. Then 86.4 -> 85.8 kB: the SVG renderer's on-demand module
    // stopped importing echarts-setup, through which it reached the chart-type registry and every
    // option builder; rolldown had moved those out of the entry into a chunk of their own, the same
    // code gzipped apart (+0.6 kB). Budget 86 kB. What the registries still cost, about (each
    // module's share of the gzipped first load, comments stripped, against 84.8 kB's build): the
    // chart-type registry's table and lookups 0.54 kB, the aggregate registry beside kpi.ts 0.34 kB,
    // the language registry with its part of the plugin and translator 0.21 kB, the parser's
    // registry rules 0.1 kB, ChartBlock's useChartBox split 0.06 kB and data-gv-chart-drawn 0.05 kB.
    // format.js and warn.js in a chunk of their own (1.8 kB) are older than issue 22 (rolldown's
    // choice; cutting either lazy path that reaches them does not change it).
    // SimpleTable split by concern into seven composables (issue 22; each composable's boundary, its
    // arguments and returned names, costs about 40 B after minification): 85.8 -> 86.1 kB, budget
    // 86.5 kB. Then off the first paint: the search help's popover until its first open (-0.75 kB),
    // the invalid-spec panel until a spec is invalid (-0.17 kB), and with the grid, which hands
    // them their input, the grid's live KPI strip (-0.13 kB) and the follower of its rows for
    // grid-filtered charts (-0.23 kB); 21 unused catalog keys gone from en and uk (-0.56 kB).
    // HttpHost importing axios on demand costs this app +0.14 kB although it sends no request:
    // rolldown splits the entry into more chunks once the lazy preset menu has a dynamic import of
    // its own. 86.1 -> 84.5 kB, budget 86.5 -> 85 kB.
    // Issue 23 (what users see): charts described to screen readers in the reader's language
    // (chartDescription and 28 chart.describe texts in en and uk, both registered by the plugin),
    // the grid's loading status, the preset menu's words and Undo (their texts are in the catalogs),
    // the KPI's currency spoken by name, percent ticks without a zero fraction: 84.5 -> 85.8 kB,
    // budget 85 -> 86 kB.
    // Issue 23, the spec editor in the reader's language: every sentence the parser says carries its
    // template key and values (SpecIssue.detail) beside its English text, about 150 call sites; the
    // templates themselves (en and uk) load with the invalid-spec panel only. 85.8 -> 87.3 kB,
    // budget 86 -> 87.5 kB, knowingly: the alternatives measured were the English templates on the
    // first paint with the message rendered from them (88.4 kB) and no translation.
    // Issue 24, lazy blocks: their status texts `lazy.loaded` and `lazy.open` in en and uk (the plugin registers both catalogs), +39 B gzip: budget 87.5 -> 87.6 kB.
    // Issue 23: a lying value axis (horizontal bars) gets a tick step at which every label shows
    // (`lyingAxisStep`; ECharts hid the overlapping ones and left "10 млн $ … 25 млн $"), +0.3 kB:
    // budget 87.6 -> 87.9 kB.
    // Issue 26: a seed v1 pie or donut naming label_key beside group_by is accepted, with the
    // warning that label_key is ignored (a rule exception and one warning text), +0.1 kB:
    // budget 87.9 -> 88.0 kB.
    external: ['echarts', 'zrender', 'vue-echarts'],
    source: `import { createApp, h } from 'vue';
import { GridViewPlugin, GridView } from 'vue-grid-view';
import 'vue-grid-view/style.css';
const spec = { grid_id: 'sales', title: 'Sales', columns: [{ key: 'region', label: 'Region' }, { key: 'amount', label: 'Amount', format: 'currency' }],
  kpis: [{ label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' }],
  charts: [{ id: 'by-region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }] };
createApp({ render: () => h(GridView, { spec, rows: [{ region: 'North', amount: 2 }] }) }).use(GridViewPlugin).mount('#app');
`,
  },
  {
    ...budgeted('core'),
    // 88 kB until the search language (issue 10): measured 86.3 -> 97.2 kB when it landed (parser,
    // locale numbers, describe() in en and uk, the table model's search index); issue 14's seed
    // system v1 spec (CSS named colours, chart field rules, AG Grid preset payloads) -> 99.6 kB;
    // issue 11's row source (createLocalRowSource, filter models, view state) -> 105.8 kB.
    // Issue 15's chart and currency options -> 107.9 kB; issue 12's client row source
    // (createRowSource: fetch, abort, retry, shared requests) and request validation -> 110.7 kB.
    // Issue 9: the helpers a table's first paint needs apart from the search code (filterHasText)
    // -> 112.02 kB. Issue 15's charts that fit their width (bar value labels judged from the chart's
    // width, pie labels or a wrapping legend, reduced motion) and the SQL row count's `rowCount`
    // (issue 12) -> 113.6 kB. Bar charts that lie down when their names do not fit -> 114.0 kB.
    // Issue 11's local row source answering a cold search or sort in steps (it now reaches the
    // table model's visibleRowsInSteps, firstSortedRows and idle slices) -> 117.4 kB.
    // Issues 21 and 22 (missing optional packages named; the registries and the split modules)
    // -> 117.7 kB. Then HttpHost imports axios with its first request (axios is a lazy chunk of
    // 23.9 kB here, listed, not counted) and 21 unused catalog keys left en and uk: -> 93.8 kB,
    // budget 118 -> 95 kB. Issue 23: the chart descriptions and the KPIs' spoken currency (94.8 kB),
    // then every spec issue with its detail and formatSpecIssue with the spec issue texts' loader
    // (the texts are lazy chunks here too): 97.3 kB, budget 95 -> 97.5 kB.
    // Issue 24: HttpHost answers route set B's refusal of an anonymous caller (401 login_required)
    // as local-only, like route set A, instead of an error the store would show: budget 97.5 -> 97.6 kB.
    // Issue 23: the tick step of a lying value axis at which every label shows (`lyingAxisStep`),
    // +0.3 kB: budget 97.6 -> 97.9 kB.
    // Issue 26: the seed pie with label_key beside group_by accepted with a warning, +0.1 kB:
    // budget 97.9 -> 98.0 kB.
    library: true,
    source: `export * from 'vue-grid-view/core';\n`,
  },
];

/**
 * The browser bundle, measured from its built files (dist/browser/): `entries` and what they import
 * statically, transitively (what loads before any `import()`); the ES build's other chunks are
 * listed as loaded on demand.
 */
const BROWSER = [
  {
    ...budgeted('browser-iife'),
    // Issue 24: the first script only (the global, texts, KPIs, chart options, lazy blocks); Vue
    // and the components come from `iife-part/` at the reader's first interaction. It also carries
    // the exports of its modules that only the Vue part uses (34.9 -> 41.5 kB), which hands them
    // over instead of downloading a second copy (see the last row).
    files: ['grid-view.iife.js'],
    onDemand: 'the Vue part (`iife-part/vue-part.js`) and its chunks, at the first interaction (rows below)',
  },
  {
    ...budgeted('browser-esm-first'),
    files: ['esm/grid-view.js'],
    onDemand: 'the Vue part and its chunks, at the first interaction (rows below)',
  },
  {
    ...budgeted('browser-esm-live'),
    // Issue 24's target for the whole bundle, 150 kB: met by the ES build.
    files: ['esm/grid-view.js', 'esm/vue-part.js'],
  },
  {
    ...budgeted('browser-iife-live'),
    // Issue 24's target for the whole bundle, 150 kB. The classic script carries the pure core its
    // functions answer with at once (texts, KPIs, chart options); its Vue part, built for it
    // (`iife-part/`), reads those modules from the script (src/browser/shared-modules.ts) instead
    // of loading them again: 172.4 kB with two copies, 144.7 kB with one.
    files: ['grid-view.iife.js', 'iife-part/vue-part.js'],
  },
];

/**
 * Gzipped size of `files` (relative to dist/browser) and their static imports; the other chunks of
 * the builds they belong to (`esm/chunks/`, `iife-part/chunks/`) listed as on demand.
 */
function measureFiles(app) {
  const base = join(ROOT, 'dist', 'browser');
  for (const part of ['esm', 'iife-part']) {
    if (!existsSync(join(base, part, 'vue-part.js'))) throw new Error(`size: dist/browser/${part} is missing; run \`npm run build\` first`);
  }
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.[^"']+)["']/g)) visit(resolve(dirname(file), match[1]));
  };
  for (const file of app.files) visit(join(base, file));
  let js = 0;
  for (const file of seen) js += gzipSync(readFileSync(file), { level: 9 }).length;
  const lazy = [];
  const chunkDirs = [...new Set(app.files.map((file) => join(base, dirname(file), 'chunks')))].filter((dir) => existsSync(dir));
  for (const dir of chunkDirs) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.js')).sort()) {
      const file = join(dir, name);
      if (!seen.has(file)) lazy.push(`${name.replace(/-[\w-]{8}\.js$/, '')} ${(gzipSync(readFileSync(file), { level: 9 }).length / KB).toFixed(1)} kB`);
    }
  }
  return { js, css: 0, lazy: app.onDemand ? [app.onDemand] : lazy };
}

function prepare() {
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) throw new Error('size: dist/ is missing; run `npm run build` first');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(join(WORK, 'node_modules'), { recursive: true });
  // Resolve `vue-grid-view` as an installed package: its package.json and `exports`, then dist/.
  symlinkSync(ROOT, join(WORK, 'node_modules', 'vue-grid-view'), 'dir');
}

async function measure(app) {
  const dir = join(WORK, app.name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.js'), app.source);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="./main.js"></script>\n');
  const external = app.external ?? [];
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [vue()],
    define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'false', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      ...(app.library ? { lib: { entry: join(dir, 'main.js'), formats: ['es'], fileName: 'main' } } : {}),
      rollupOptions: { external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)) },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  // First paint loads the entry chunks and what they import statically, transitively; a chunk that
  // only lazy chunks import (code two lazy chunks share) loads with them, not on first paint.
  const byName = new Map(chunks.filter((chunk) => chunk.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const firstLoad = new Set();
  const visit = (chunk) => {
    if (firstLoad.has(chunk.fileName)) return;
    firstLoad.add(chunk.fileName);
    for (const name of chunk.imports) if (byName.has(name)) visit(byName.get(name));
  };
  for (const chunk of byName.values()) if (chunk.isEntry || chunk.isImplicitEntry) visit(chunk);
  let js = 0;
  let css = 0;
  const lazy = [];
  for (const chunk of chunks) {
    const text = chunk.type === 'chunk' ? chunk.code : chunk.source;
    const size = gzipSync(typeof text === 'string' ? Buffer.from(text) : Buffer.from(text), { level: 9 }).length;
    if (chunk.type === 'chunk') {
      if (firstLoad.has(chunk.fileName)) js += size;
      else lazy.push(`${chunk.name} ${(size / KB).toFixed(1)} kB`);
    } else if (chunk.fileName.endsWith('.css')) css += size;
  }
  return { js, css, lazy };
}

const reportAt = process.argv.indexOf('--report');
const reportPath = reportAt > 0 ? process.argv[reportAt + 1] : null;
prepare();
const results = new Map();
for (const app of APPS) results.set(app.name, await measure(app));
for (const app of BROWSER) results.set(app.name, measureFiles(app));

const rows = [];
let failed = false;
for (const app of [...APPS, ...BROWSER]) {
  if (app.name === 'vue') continue;
  const result = results.get(app.name);
  const base = app.over ? results.get(app.over).js : 0;
  const counted = result.js - base;
  const pass = app.budget === undefined || counted <= app.budget;
  if (!pass) failed = true;
  rows.push({ app, counted, css: result.css, lazy: result.lazy, pass });
}
const fmt = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const vueBase = results.get('vue').js;
console.log(`size: Vue alone ${fmt(vueBase)} (minified + gzip)`);
for (const row of rows) {
  console.log(`size: ${row.app.name}: ${fmt(row.counted)}${row.app.over ? ' over Vue' : ''}, budget ${fmt(row.app.budget)} ${row.pass ? 'ok' : 'EXCEEDED'}; css ${fmt(row.css)}${row.lazy.length ? `; lazy: ${row.lazy.join(', ')}` : ''}`);
}
if (reportPath) {
  const lines = [
    '## Bundle size',
    '',
    `Small Vite apps built against the packed package layout (\`dist/\` through \`package.json#exports\`), production mode, minified, gzip level 9; JavaScript loaded on first paint, over an app with Vue alone (${fmt(vueBase)}) where the row says so. Chunks loaded on demand are listed, not counted. Budgets are checked by \`npm test\` (\`scripts/size.mjs\`).`,
    '',
    '| App | JavaScript | Budget | | CSS | Loaded on demand |',
    '|---|---:|---:|---|---:|---|',
    ...rows.map((r) => `| ${r.app.title} | ${fmt(r.counted)}${r.app.over ? ' over Vue' : ''} | ${fmt(r.app.budget)} | ${r.pass ? 'pass' : 'FAIL'} | ${r.css ? fmt(r.css) : '—'} | ${r.lazy.join(', ') || '—'} |`),
  ];
  writeFileSync(reportPath, `${lines.join('\n')}\n`);
}
if (failed) {
  console.error('size: a bundle exceeds its budget');
  process.exit(1);
}
