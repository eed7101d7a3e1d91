// ESLint flat config. Besides the usual TypeScript and Vue rules it holds the architecture's
// boundaries (DESIGN §3, docs/architecture.md): src/core is Vue-free, DOM-free and Node-free;
// src/server and src/host are Vue-free; components never import the server or SSR; composables
// never import components; stores never import composables or components; the playground imports
// the library only through its package entries. A boundary broken here fails `npm run lint`, not a
// code review.
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
          paths: nodeBuiltins.map((name) => ({ name, message: 'src/core runs in browsers too: no Node modules (DESIGN §3).' })),
          patterns: [
            { group: vueLayer, message: 'src/core is Vue-free (DESIGN §3).' },
            { group: vueLayerDirs, message: 'src/core never imports the Vue layer (DESIGN §3).' },
            { group: ['node:*', 'fs/*'], message: 'src/core runs in browsers too: no Node modules (DESIGN §3).' },
            { group: [...folder('server'), ...folder('host'), ...folder('ssr'), ...folder('browser'), 'echarts', 'echarts/*', 'ag-grid-*', 'axios', 'xlsx', 'jspdf*'], message: 'src/core depends on nothing but yup.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[...domGlobals, ...nodeGlobals].map((name) => ({ name, message: 'src/core touches no DOM or Node global (DESIGN §3).' })),
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/host/**/*.ts', 'src/assistant/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: vueLayer, message: 'src/server, src/host and src/assistant are Vue-free (DESIGN §3); SSR lives in src/ssr.' },
            { group: vueLayerDirs, message: 'src/server, src/host and src/assistant never import the Vue layer (DESIGN §3).' },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'Components run in browsers: no Node modules.' })),
          patterns: [
            { group: [...folder('src/server'), ...folder('src/ssr'), 'vue-grid-view/server', 'vue-grid-view/ssr'], message: 'Components run in browsers: they never import src/server or src/ssr (DESIGN §3).' },
            { group: ['node:*'], message: 'Components run in browsers: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // Composables sit below components: a component's own composables live in its folder
    // (components/simple-table/use*.ts), so nothing in composables/ may reach into components.
    files: ['composables/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...folder('components'), '**/*.vue'], message: 'Composables sit below components: they never import components or their internal composables (docs/architecture.md).' },
            { group: [...folder('src/server'), ...folder('src/ssr')], message: 'Composables run in browsers: they never import src/server or src/ssr.' },
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
            { group: [...folder('composables'), ...folder('components'), '**/*.vue'], message: 'Stores sit below composables and components: they never import them (docs/architecture.md).' },
            { group: [...folder('src/server'), ...folder('src/ssr')], message: 'Stores run in browsers: they never import src/server or src/ssr.' },
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
              message: 'The playground imports the library only through its package entries (vue-grid-view, vue-grid-view/core, …), as an application would.',
            },
          ],
        },
      ],
    },
  },
);
