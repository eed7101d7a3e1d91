// ESLint flat config. Besides the usual TypeScript and Vue rules it holds the architecture's
// boundaries (docs/architecture.md, "Import rules and what holds them"): src/core is Vue-free,
// DOM-free and Node-free; src/server, src/host and src/assistant are Vue-free; src/host never
// imports the server or SSR, and src/server never imports SSR; components and composables never
// import the server or SSR, and composables never import components; stores never import
// composables or components; the playground imports the library only through its package entries.
// A boundary broken here fails `npm run lint`, not a code review. Each message says the rule in
// full and where it is explained, so it reads on its own in an editor or a CI log.
//
// Flat config replaces a rule's options when two blocks match one file (it does not merge them),
// so each folder has exactly one block that sets `no-restricted-imports`, with all of its patterns.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';

const vueLayer = ['vue', 'vue/*', '@vue/*', 'pinia', 'vue-echarts', 'ag-grid-vue3'];
// A folder as an import target: `**/x/**` alone misses `import … from '../x'` (the folder's index),
// so every folder boundary names both forms.
const folder = (path) => [`**/${path}`, `**/${path}/**`];
const vueLayerDirs = [...folder('components'), ...folder('composables'), ...folder('stores'), '**/src/plugin*', '**/src/index*', '**/*.vue'];
// Bare Node builtins go in `paths` (exact names), so a relative './url' is not mistaken for 'url'.
const nodeBuiltins = ['fs', 'path', 'os', 'http', 'https', 'crypto', 'url', 'stream', 'child_process', 'buffer', 'util', 'events', 'better-sqlite3', 'pg', 'kysely'];
const domGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history', 'HTMLElement', 'Element', 'Node', 'ResizeObserver', 'requestAnimationFrame', 'fetch', 'XMLHttpRequest', 'alert'];
const nodeGlobals = ['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global', 'setImmediate'];
// Where every boundary below is explained; appended to each message.
const SEE = 'See docs/architecture.md, "Import rules and what holds them".';
/** The Vue-free rule of a folder outside the Vue layer (src/server, src/host, src/assistant). */
const vueFree = (dir) => [
  { group: vueLayer, message: `${dir} is Vue-free: no vue, pinia, vue-echarts or ag-grid-vue3 (SSR lives in src/ssr). ${SEE}` },
  { group: vueLayerDirs, message: `${dir} never imports the Vue layer (components, composables, stores, src/plugin*, src/index*, .vue files). ${SEE}` },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'playground/dist/**', 'coverage/**', 'test-results/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'vue/no-v-html': 'error',
      'vue/no-v-text-v-html-on-component': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    // Browser tests wait through waitUntil (helpers/browser.ts), which polls on a timer: waitForFunction
    // polls on every animation frame by default, keeping the page drawing for the whole wait.
    files: ['test/e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { property: 'waitForFunction', message: 'Use waitUntil from test/e2e/helpers/browser.ts: it polls on a timer, not on every frame.' }],
    },
  },
  {
    // innerHTML and friends are never used with spec or row values; ban them outright in shipped code.
    files: ['src/**/*.ts', 'components/**/*.{ts,vue}', 'composables/**/*.ts', 'stores/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Spec and row values never reach innerHTML; build nodes or use text.' },
        { property: 'outerHTML', message: 'Spec and row values never reach outerHTML.' },
        { property: 'insertAdjacentHTML', message: 'Spec and row values never reach insertAdjacentHTML.' },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: `src/core runs in browsers too: no Node modules (fs, path, better-sqlite3, pg, kysely, …). ${SEE}` })),
          patterns: [
            { group: vueLayer, message: `src/core is Vue-free: no vue, pinia, vue-echarts or ag-grid-vue3. ${SEE}` },
            { group: vueLayerDirs, message: `src/core never imports the Vue layer (components, composables, stores, src/plugin*, src/index*, .vue files). ${SEE}` },
            { group: ['node:*', 'fs/*'], message: `src/core runs in browsers too: no Node modules (node:*). ${SEE}` },
            { group: [...folder('server'), ...folder('host'), ...folder('ssr'), ...folder('browser'), 'echarts', 'echarts/*', 'ag-grid-*', 'axios', 'xlsx', 'jspdf*'], message: `src/core depends on nothing but yup: not on src/server, src/host, src/ssr, src/browser, echarts, AG Grid, axios, xlsx or jsPDF. ${SEE}` },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[...domGlobals, ...nodeGlobals].map((name) => ({ name, message: `src/core touches no DOM or Node global (window, document, fetch, process, Buffer, …): it runs unchanged in browsers and Node. ${SEE}` })),
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...vueFree('src/server'),
            { group: [...folder('ssr'), 'vue-grid-view/ssr'], message: `src/server never imports src/ssr: server-side rendering needs Vue, and the server loads without it (a lazy block's renderer comes from the application). ${SEE}` },
          ],
        },
      ],
    },
  },
  {
    files: ['src/host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...vueFree('src/host'),
            { group: [...folder('server'), ...folder('ssr'), 'vue-grid-view/server', 'vue-grid-view/ssr'], message: `src/host runs in browsers: it never imports src/server or src/ssr (the server imports the hosts, not the other way round). ${SEE}` },
          ],
        },
      ],
    },
  },
  {
    files: ['src/assistant/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: vueFree('src/assistant') }],
    },
  },
  {
    files: ['components/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: `Components run in browsers: no Node modules. ${SEE}` })),
          patterns: [
            { group: [...folder('src/server'), ...folder('src/ssr'), 'vue-grid-view/server', 'vue-grid-view/ssr'], message: `Components run in browsers: they never import src/server or src/ssr. ${SEE}` },
            { group: ['node:*'], message: `Components run in browsers: no Node modules. ${SEE}` },
          ],
        },
      ],
    },
  },
  {
    files: ['composables/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...folder('components'), '**/*.vue'], message: `Composables sit below components: components use composables (a component's own live in its folder, such as components/simple-table/use*.ts), composables never import components or .vue files. ${SEE}` },
            { group: [...folder('src/server'), ...folder('src/ssr'), 'vue-grid-view/server', 'vue-grid-view/ssr'], message: `Composables run in browsers: they never import src/server or src/ssr. ${SEE}` },
          ],
        },
      ],
    },
  },
  {
    files: ['stores/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...folder('composables'), ...folder('components'), '**/*.vue'], message: `Stores sit below composables and components: they never import them. ${SEE}` },
            { group: [...folder('src/server'), ...folder('src/ssr')], message: `Stores run in browsers: they never import src/server or src/ssr. ${SEE}` },
          ],
        },
      ],
    },
  },
  {
    files: ['playground/**/*.{ts,vue}'],
    ignores: ['playground/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}(src|components|composables|stores|schema)(/|$)',
              message: `The playground imports the library only through its package entries (vue-grid-view, vue-grid-view/core, …), as an application would. ${SEE}`,
            },
          ],
        },
      ],
    },
  },
);
