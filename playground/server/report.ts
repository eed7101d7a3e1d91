/**
 * The server-rendered page `/ssr`: the regional monthly report (a summary of the ledger) rendered by
 * `renderHtml` into a complete HTML document. It is readable with JavaScript off: KPIs and the table
 * are HTML, charts are SVG drawn by ECharts on the server. Locale and theme come from the query
 * (`?lang=uk&theme=dark`) and are switched by plain links, since this page runs no script.
 *
 * @module
 */
import { h, type VNode } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { renderHtml } from 'vue-grid-view/ssr';
import type { GridViewSpecWire } from 'vue-grid-view/core';
import type { SummaryRow } from '../shared/data';
import { DEMO_CURRENCY, demoLocale, localiseSpec, type DemoLocale } from '../shared/labels';

type Theme = 'light' | 'dark';

const TEXTS: Record<DemoLocale, Record<'heading' | 'back' | 'plain' | 'note' | 'language' | 'theme' | 'light' | 'dark', string>> = {
  en: {
    heading: 'Server-rendered report',
    back: 'Back to the playground',
    plain: 'The same report live, on a plain HTML page',
    note: 'Rendered on the server by renderHtml: no JavaScript runs on this page.',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
  },
  uk: {
    heading: 'Звіт, відрендерений на сервері',
    back: 'Назад до пісочниці',
    plain: 'Цей самий звіт наживо, на звичайній HTML-сторінці',
    note: 'Відрендерено на сервері через renderHtml: на цій сторінці не виконується JavaScript.',
    language: 'Мова',
    theme: 'Тема',
    light: 'Світла',
    dark: 'Темна',
  },
};

/** Page chrome only; the view brings the library stylesheet inline. Colours follow the --gv tokens. */
const PAGE_STYLE = `
body{margin:0;font-family:var(--gv-font);background:var(--gv-color-bg);color:var(--gv-color-text)}
.pg-ssr-bar{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.75rem 1.5rem;border-bottom:1px solid var(--gv-color-border);background:var(--gv-color-surface-2)}
.pg-ssr-bar a{color:var(--gv-color-accent)}
.pg-ssr-bar [aria-current]{font-weight:700;text-decoration:none;color:var(--gv-color-text)}
.pg-ssr-heading{margin:0;font-size:1rem}
.pg-ssr-note{margin:0;color:var(--gv-color-text-muted);font-size:var(--gv-font-size-small)}
.pg-ssr-main{padding:1rem 1.5rem;--gv-view-padding:0}
.pg-ssr-bar a:focus-visible{outline:var(--gv-focus-ring-width) solid var(--gv-color-focus);outline-offset:2px;border-radius:var(--gv-radius-small)}
`;

function link(href: string, label: string, current: boolean, target?: '_top'): VNode {
  return h('a', { href, 'aria-current': current ? 'true' : undefined, target }, label);
}

/**
 * Renders the report document for one locale and theme. The page chrome is rendered by Vue (so
 * every text is escaped); the view is `renderHtml`'s output, inserted as the HTML it is.
 */
async function renderReport(spec: GridViewSpecWire, rows: readonly SummaryRow[], locale: DemoLocale, theme: Theme): Promise<string> {
  const texts = TEXTS[locale];
  const view = await renderHtml(localiseSpec(spec, locale), rows, { locale, currency: DEMO_CURRENCY, theme });
  const query = (lang: DemoLocale, mode: Theme) => `/ssr?lang=${lang}&theme=${mode}`;
  const title = localiseSpec(spec, locale).title ?? 'Report';
  const header = await renderToString(
    h('header', { class: 'pg-ssr-bar' }, [
      // One <h1> per document; the view's own title stays the h2 under it.
      h('h1', { class: 'pg-ssr-heading' }, texts.heading),
      link('/#/ssr', texts.back, false, '_top'),
      // The page that hydrates this report with the browser bundle (this one runs no script).
      link(`/plain?lang=${locale}&theme=${theme}`, texts.plain, false, '_top'),
      h('span', [`${texts.language}: `, link(query('en', theme), 'English', locale === 'en'), ' · ', link(query('uk', theme), 'Українська', locale === 'uk')]),
      h('span', [`${texts.theme}: `, link(query(locale, 'light'), texts.light, theme === 'light'), ' · ', link(query(locale, 'dark'), texts.dark, theme === 'dark')]),
      h('p', { class: 'pg-ssr-note' }, texts.note),
    ]),
  );
  return (
    `<!doctype html><html lang="${locale}" data-gv-theme="${theme}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `${await renderToString(h('title', title))}<style>${PAGE_STYLE}</style></head><body>` +
    `${header}<main class="pg-ssr-main">${view}</main></body></html>`
  );
}

/**
 * A GET handler for `/ssr`. The data never changes while the server runs, so each of the four
 * locale × theme documents is rendered once and then served from memory. `rowsByLocale` holds the
 * summary of each language's ledger (region names in that language).
 */
export function createReportPage(spec: GridViewSpecWire, rowsByLocale: Readonly<Record<DemoLocale, readonly SummaryRow[]>>): (request: Request) => Promise<Response> {
  const cache = new Map<string, Promise<string>>();
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
    }
    const params = new URL(request.url).searchParams;
    const locale = demoLocale(params.get('lang'));
    const theme: Theme = params.get('theme') === 'dark' ? 'dark' : 'light';
    const key = `${locale}|${theme}`;
    let html = cache.get(key);
    if (html === undefined) {
      html = renderReport(spec, rowsByLocale[locale], locale, theme);
      cache.set(key, html);
      // A failed render is not cached, so the next request tries again.
      html.catch(() => cache.delete(key));
    }
    const body = await html;
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' },
    });
  };
}
