/**
 * The MCP App resource: the HTML document an MCP Apps host (a chat client) shows in a sandboxed
 * frame for the tools that link it (`_meta.ui.resourceUri`), served under {@link MCP_APP_URI} with
 * the MIME type `text/html;profile=mcp-app`. The document is self-contained: the view's script
 * (`dist/mcp/view.js`, built by vite.config.ts in mode `mcp-app` from src/mcp/view/) and its
 * stylesheet (`dist/mcp/view.css`) are inlined, because the host's sandbox allows no network and
 * its default Content-Security-Policy (`default-src 'none'; script-src 'self' 'unsafe-inline';
 * style-src 'self' 'unsafe-inline'; …`) allows inline script and style only, and no `eval`. The
 * resource therefore declares no CSP domains at all.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `ui://` URI of the view's resource, which `gridview_render` and `gridview_query` link. */
export const MCP_APP_URI: string = 'ui://vue-grid-view/view.html';

/**
 * Where the built view is, relative to this module: `dist/src/mcp/app-html.js` in the package (the
 * view in `dist/mcp/`), or `src/mcp/app-html.ts` in a checkout run from its sources (tests, `tsx`;
 * the view in `dist/mcp/` after `npm run build`). Paths, not `new URL(…, import.meta.url)`: the
 * library build would take that for an asset to copy.
 */
function viewDirectories(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, '..', '..', 'mcp'), join(here, '..', '..', 'dist', 'mcp')];
}

/**
 * Inline script text that cannot end its `<script>` element early or change how the HTML parser
 * reads it. Two sequences matter: `</script` ends the element, and `<!--` puts the parser into its
 * escaped state, where a later `<script` makes the real `</script>` no longer end the element.
 * With no `<!--` left the escaped state is never entered, so these two are all there is to
 * escape. Their `<` becomes `\x3C`, which means `<` in every place the minified code can hold them
 * (a string, a template literal, a regular expression, with or without the `u` flag) and is only
 * text in a comment. Case-insensitive, as the parser is.
 *
 * Edge case: a tagged template's raw text (`String.raw`) would keep `\x3C` as four characters; the
 * bundled code has no such template holding these sequences (the view's only `<!--` are Vue's
 * comment placeholder and two of SheetJS's regular expressions).
 */
export function escapeInlineScript(code: string): string {
  return code.replace(/<(\/script|!--)/gi, '\\x3C$1');
}

/** Stylesheet text that cannot end its `<style>` element early (`</style` is the only way out of it). */
export function escapeInlineStyle(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** The document around the inlined stylesheet and script. */
function documentHtml(css: string, js: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<title>vue-grid-view</title>',
    `<style>${escapeInlineStyle(css)}</style>`,
    '</head>',
    '<body>',
    '<main id="gv-mcp-app" class="gv-mcp-app"></main>',
    `<script>${escapeInlineScript(js)}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

let cached: Promise<string> | null = null;

/**
 * The whole HTML document of the MCP App resource ({@link MCP_APP_URI}): `<!doctype html>`, the
 * view's stylesheet in a `<style>` and its script in a `<script>`, both inline, and no URL to
 * anything outside the document. Read from the built package's `dist/mcp/` once per process; every
 * later call returns the same string.
 *
 * Edge cases: rejects with an error naming `npm run build` when the view has not been built (a
 * checkout run from its sources before its first build); a failed read is not cached, so a call
 * after the build succeeds.
 */
export function mcpAppHtml(): Promise<string> {
  cached ??= (async () => {
    const dir = viewDirectories().find((candidate) => existsSync(join(candidate, 'view.js')));
    if (dir === undefined) throw new Error(`The MCP App view is not built (no mcp/view.js in ${viewDirectories().join(' or ')}); run \`npm run build\``);
    const [js, css] = await Promise.all([readFile(join(dir, 'view.js'), 'utf8'), readFile(join(dir, 'view.css'), 'utf8')]);
    return documentHtml(css, js);
  })().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
