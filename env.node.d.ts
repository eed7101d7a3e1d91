// Module shapes the Node-only type check (tsconfig.node.json) needs, which has no Vite types:
// src/mcp bundles docs/llm.md with Vite's `?raw`, and renders HTML through src/ssr (loaded on
// demand), which imports `.vue` components and stylesheets as text. env.d.ts declares the same
// for the Vue checks through `vite/client`; the two files are never in one program.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
declare module '*.css?raw' {
  const text: string;
  export default text;
}
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
