/**
 * The MCP App view: the document an MCP Apps host (a chat client) shows in a sandboxed frame for the
 * library's `gridview_render` and `gridview_query` tools, built by vite.config.ts (mode `mcp-app`)
 * into ONE classic script, `dist/mcp/view.js`, with its stylesheet `dist/mcp/view.css`;
 * `src/mcp/app-html.ts` inlines both into the `ui://` resource. Everything the view needs travels
 * inside it (Vue, the library's components, ECharts, SheetJS, the MCP Apps client), because the
 * host's sandbox allows no network, and nothing in it evaluates strings as code, because the
 * host's Content-Security-Policy allows no `unsafe-eval`.
 *
 * What it does, in the protocol's order:
 * 1. mounts a Vue app at once (a "Loading…" line until the tool's answer arrives);
 * 2. connects to the host with the SDK's `App` over `postMessage` (`ui/initialize`, then
 *    `ui/notifications/initialized`), and follows the host context: theme, font, container size
 *    (`host-look.ts`), initially and on every `ui/notifications/host-context-changed`;
 * 3. on `ui/notifications/tool-result` reads the envelope (`tool-result.ts`) and draws the artifact
 *    with the library's `GridView`, the same component every other entry draws with (sort, search,
 *    KPIs, live ECharts charts with tooltips, CSV and XLSX export), or the coded issues panel
 *    (`SpecIssues`) for a failed tool, a missing or invalid artifact, or a cancelled call
 *    (`ui/notifications/tool-cancelled`);
 * 4. reports its size as it changes (`ui/notifications/size-changed`, the SDK's `autoResize`);
 * 5. hands exported files to the host (`ui/download-file`) when the host takes them
 *    (`download.ts`), and the library's warnings to the host's log (`notifications/message`) when
 *    the host keeps one;
 * 6. unmounts on `ui/resource-teardown`.
 *
 * Every value of the tool result reaches the page as text: Vue renders text nodes and attributes,
 * never markup.
 *
 * @module
 */
// First: Zod must be told not to generate code before the SDK's modules create their schemas.
import { ZOD_CONFIG } from './zod-jitless';
import '../../style.css';
import './view.css';
import { createApp, defineComponent, h, shallowRef } from 'vue';
import { createPinia } from 'pinia';
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps';
import GridView from '../../../components/GridView.vue';
import SpecIssues from '../../../components/SpecIssues.vue';
import { GridViewPlugin, useGridViewTranslator } from '../../plugin';
import type { GridViewContext } from '../../plugin-context';
import type { GridViewWarning } from '../../core/warn';
import { warn } from '../../core/warn';
import type { SpecIssue } from '../../core/types';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../../core/format';
import { readToolResult } from './tool-result';
import type { ToolResultView } from './tool-result';
import { applyHostLook } from './host-look';
import { setHostDownloadSink, toBase64 } from './download';

declare const __GV_VERSION__: string;

/** What the view shows: nothing yet, the view, or a problem. */
type Shown = { readonly kind: 'waiting' } | ToolResultView;

const shown = shallowRef<Shown>({ kind: 'waiting' });

/**
 * The table in a chat: windowed from 25 rows in a box of its own height (a fixed size, not `vh`:
 * the frame's height follows the content, and a height in `vh` would follow the frame, growing
 * with every size report), no saved layouts or presets (a sandboxed frame has no storage, and a
 * view in a conversation is not a page the reader comes back to). The same as a chat message's.
 */
const TABLE_PROPS = Object.freeze({ pageState: false, presets: false, windowThreshold: 25, maxHeight: '24rem' });

const Root = defineComponent({
  name: 'GridViewMcpApp',
  setup() {
    const translator = useGridViewTranslator();
    return () => {
      const state = shown.value;
      if (state.kind === 'view') {
        return h('div', { 'data-gv-mcp-state': 'view' }, [h(GridView, { artifact: state.artifact, headingLevel: 1, tableProps: TABLE_PROPS })]);
      }
      if (state.kind === 'problem') {
        // SpecIssues lists any coded issue (it prints the code as text); the MCP codes are not the spec's.
        const issues = state.issues as readonly unknown[] as readonly SpecIssue[];
        return h('div', { 'data-gv-mcp-state': 'problem', 'data-gv-mcp-code': state.code }, [h(SpecIssues, { issues, headingLevel: 1 })]);
      }
      return h('p', { class: 'gv-mcp-app__status', role: 'status', 'data-gv-mcp-state': 'waiting' }, translator.value.t('common.loading'));
    };
  },
});

/** A well-formed BCP 47 tag, or undefined (a host's `locale` is not checked by the protocol). */
function localeTag(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

// `autoResize`: the SDK reports the document's size to the host whenever it changes. No eval, ever.
const mcp = new App({ name: 'vue-grid-view', version: typeof __GV_VERSION__ === 'string' ? __GV_VERSION__ : '0.0.0' }, {}, { autoResize: true, allowUnsafeEval: ZOD_CONFIG.jitless !== true });

/** The library's warnings go to the host's log once the host said it keeps one; until then, nowhere. */
function forwardWarning(warning: GridViewWarning): void {
  if (mcp.getHostCapabilities()?.logging === undefined) return;
  void mcp.sendLog({ level: 'warning', logger: 'vue-grid-view', data: { code: warning.code, message: warning.message } }).catch(() => undefined);
}

const vueApp = createApp(Root);
vueApp.use(createPinia());
vueApp.use(GridViewPlugin, { onWarn: forwardWarning });
const context = vueApp.config.globalProperties.$gridView as GridViewContext;

/** Shows a tool result's outcome; a view switches the texts and numbers to the artifact's locale. */
function show(next: ToolResultView): void {
  if (next.kind === 'view') {
    const { locale, currency } = next.artifact.format ?? { locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY };
    context.configure({ locale, currency });
    document.documentElement.lang = locale;
    document.title = next.artifact.title ?? next.artifact.gridId;
  }
  shown.value = next;
}

mcp.addEventListener('toolresult', (result) => show(readToolResult(result, localeTag(mcp.getHostContext()?.locale))));
mcp.addEventListener('toolcancelled', ({ reason }) => {
  const message = reason ? `The tool call was cancelled: ${reason}` : 'The tool call was cancelled.';
  show({ kind: 'problem', code: 'tool_cancelled', issues: [{ code: 'tool_cancelled', path: '', message }] });
});
// The SDK merges a change into the context it holds before listeners run: the whole context is read.
mcp.addEventListener('hostcontextchanged', () => applyHostLook(mcp.getHostContext()));
mcp.onteardown = () => {
  vueApp.unmount();
  return {};
};

vueApp.mount('#gv-mcp-app');

mcp.connect(new PostMessageTransport(window.parent, window.parent)).then(
  () => {
    const host = mcp.getHostContext();
    applyHostLook(host);
    // The reader's language for the "Loading…" line; an artifact's own locale replaces it.
    const locale = localeTag(host?.locale);
    if (locale !== undefined && shown.value.kind === 'waiting') {
      context.configure({ locale });
      document.documentElement.lang = locale;
    }
    if (mcp.getHostCapabilities()?.downloadFile !== undefined) {
      setHostDownloadSink(async ({ fileName, mimeType, bytes }) => {
        const result = await mcp.downloadFile({ contents: [{ type: 'resource', resource: { uri: `file:///${encodeURIComponent(fileName)}`, mimeType, blob: toBase64(bytes) } }] });
        if (result.isError === true) warn('export_failed', `The host did not save ${fileName}.`);
        return result.isError !== true;
      });
    }
  },
  (error: unknown) => {
    // No host answered the handshake (the document opened on its own, or a host that is not an MCP Apps host).
    const message = `The view could not connect to its host: ${error instanceof Error ? error.message : String(error)}`;
    show({ kind: 'problem', code: 'host_unreachable', issues: [{ code: 'host_unreachable', path: '', message }] });
  },
);
