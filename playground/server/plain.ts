/**
 * The plain HTML page `/plain` (issue 24): what a server without a Vue build (Django, Rails, Go
 * templates) writes, served by the playground. No Vue app runs on it: the server writes the HTML,
 * and classic script tags load ECharts, AG Grid Community, SheetJS, htmx and the library's browser
 * bundle (`dist/browser/grid-view.iife.js`), then the page's own inline script. It holds
 *
 * - a view rendered by `renderHtml(…, { hydrate: true })` (the regional report), which the bundle
 *   hydrates: complete HTML without JavaScript, sortable and searchable with it;
 * - an AG Grid the page's script creates itself over sales fetched as JSON (`GET /plain/rows`),
 *   given the library's toolbar, column chooser, presets and saved searches by
 *   `GridView.attachDataGrid`, its layout kept with the demo user's preferences (route set B), and
 *   a `[data-cm-grid-kpi]` strip and a `[data-cm-chart-spec]` chart that follow its rows;
 * - a form htmx turns into a swap: `GET /plain/fragment?region=…` answers another hydratable view,
 *   which the bundle boots while unmounting the one it replaced. Without JavaScript the same form
 *   loads the whole page for that region.
 *
 * The vendor scripts and the bundle are served from node_modules and dist/browser under
 * `/plain/assets/`; the package stylesheet is compiled from the library's source into the server.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { renderHtml } from 'vue-grid-view/ssr';
import type { GridViewSpecWire } from 'vue-grid-view/core';
import packageStylesheet from 'vue-grid-view/style.css?inline';
import { REGIONS, sampleSales, summariseRegionByProduct, type SaleRow, type SummaryRow } from '../shared/data';
import { API_BASE, DEMO_CURRENCY, columnLabel, demoLocale, localiseSpec, specText, type DemoLocale } from '../shared/labels';
import { demoUserOf, type DemoUser } from './demo-users';
import { contentTypeFor } from './static';

type Theme = 'light' | 'dark';

/** The grid id of the page's own AG Grid: presets, searches and its layout are kept under it. */
const PLAIN_GRID_ID = 'plain-orders';

/** Sales the page's grid shows (`GET /plain/rows`): a few hundred, spread over the ledger. */
const PLAIN_GRID_ROWS = 300;

/** Where the page finds its scripts and stylesheet. */
const ASSETS = '/plain/assets/';

/**
 * A test of escaping, not data: with `?probe=1` the page's region view gets one more row whose
 * product is this text, and the same text ends its title. Markup that would close the view's JSON
 * island and run a script if any layer wrote it unescaped; the page must show it as text.
 */
const ESCAPING_PROBE = '</script><img src=x onerror="window.__pwned=1">';

/** Options of `createPlainPage`. */
export interface PlainPageOptions {
  /** The repository: `node_modules/` (the vendor scripts) and `dist/browser/` (the bundle). */
  rootDir: string;
  /** The regional report spec (wire JSON), the page's first view. */
  reportSpec: GridViewSpecWire;
  /** The demo ledger in each language. */
  rowsByLocale: Readonly<Record<DemoLocale, readonly SaleRow[]>>;
  /** The report's rows (the ledger summed per month and region) in each language. */
  summaryByLocale: Readonly<Record<DemoLocale, readonly SummaryRow[]>>;
}

/**
 * The vendor files the page loads by script tag, from the packages that ship them: each one's full
 * browser build, which sets its global (`echarts`, `agGrid`, `XLSX`, `htmx`).
 */
const VENDOR_FILES: Readonly<Record<string, readonly string[]>> = {
  'echarts.min.js': ['node_modules', 'echarts', 'dist', 'echarts.min.js'],
  'ag-grid-community.min.js': ['node_modules', 'ag-grid-community', 'dist', 'ag-grid-community.min.js'],
  'xlsx.full.min.js': ['node_modules', 'xlsx', 'dist', 'xlsx.full.min.js'],
  'htmx.min.js': ['node_modules', 'htmx.org', 'dist', 'htmx.min.js'],
};

/**
 * The library's browser bundle: every other asset name is a file of `dist/browser/`, served as
 * the folder is laid out, since the first script (`grid-view.iife.js`) loads its Vue part and that
 * part's chunks from beside itself (`iife-part/…`). Only scripts and their source maps.
 */
const BUNDLE_FILE = /^(?:[\w.-]+\/)*[\w.-]+\.(?:js|map)$/;

/** The script tags, in the order the page needs them: the libraries first, the bundle, then the page's own script. */
const SCRIPT_ORDER = ['echarts.min.js', 'ag-grid-community.min.js', 'xlsx.full.min.js', 'htmx.min.js', 'grid-view.iife.js'] as const;

const TEXTS = {
  en: {
    documentTitle: 'Plain HTML page · vue-grid-view playground',
    heading: 'Plain HTML page',
    back: 'Back to the playground',
    report: 'Server-rendered report',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    intro:
      'No Vue build runs on this page. The server writes the HTML; script tags load ECharts, AG Grid, SheetJS, htmx and the library’s browser bundle (grid-view.iife.js), then the page’s own short script. What the server rendered reads without JavaScript; with it, the views come alive.',
    onThisPage: 'On this page',
    viewHeading: 'A view the server rendered',
    viewNote:
      'renderHtml(spec, rows, { hydrate: true }) wrote it with its data; the bundle hydrates it at the reader’s first interaction with the page (pointer, keyboard, touch): sorting, search, live charts and the XLSX export.',
    gridHeading: 'A grid the page owns',
    gridNote:
      'The page’s script creates AG Grid over sales fetched from /plain/rows. GridView.attachDataGrid adds the toolbar, the column chooser, presets and saved searches, and keeps the column layout with the demo user’s preferences. The figures under the grid follow its rows.',
    gridNoScript: 'This grid is drawn by the page’s script, so it needs JavaScript.',
    gridLabel: 'Sales',
    gridLoading: 'Loading the sales…',
    gridFailed: 'The sales could not be loaded.',
    gridLoaded: 'Sales loaded.',
    figures: 'Figures of the rows the grid shows',
    chartTitle: 'Revenue by region',
    user: 'Demo user',
    anonymous: 'anonymous',
    switchUser: 'Switch user',
    switchFailed: 'The user could not be switched.',
    signedIn: 'Signed in as {user}: presets, searches and the column layout are saved on the server. A demo switch, not authentication.',
    notSignedIn: 'Not signed in: presets, searches and the column layout stay in this browser. A demo switch, not authentication.',
    htmxHeading: 'Swapped in by htmx',
    htmxNote:
      'The form asks /plain/fragment for another server-rendered view; htmx swaps it in, and the bundle hydrates it and unmounts the view it replaced. Without JavaScript the form loads the whole page.',
    region: 'Region',
    showRegion: 'Show region',
    regionTitle: '{region}: sales by product',
    noRows: 'No rows to show',
    loading: 'Loading…',
  },
  uk: {
    documentTitle: 'Звичайна HTML-сторінка · пісочниця vue-grid-view',
    heading: 'Звичайна HTML-сторінка',
    back: 'Назад до пісочниці',
    report: 'Звіт, відрендерений на сервері',
    language: 'Мова',
    theme: 'Тема',
    light: 'Світла',
    dark: 'Темна',
    intro:
      'На цій сторінці не працює збірка Vue. Сервер пише HTML; теги script завантажують ECharts, AG Grid, SheetJS, htmx і браузерний пакет бібліотеки (grid-view.iife.js), а тоді короткий власний скрипт сторінки. Те, що відрендерив сервер, читається без JavaScript; з ним представлення оживають.',
    onThisPage: 'На цій сторінці',
    viewHeading: 'Представлення, відрендерене сервером',
    viewNote:
      'Його разом із даними записав renderHtml(spec, rows, { hydrate: true }); пакет гідратує його за першої дії читача на сторінці (вказівник, клавіатура, дотик): сортування, пошук, живі діаграми й експорт у XLSX.',
    gridHeading: 'Таблиця, якою володіє сторінка',
    gridNote:
      'Скрипт сторінки створює AG Grid над продажами з /plain/rows. GridView.attachDataGrid додає панель інструментів, вибір стовпців, набори й збережені пошуки та зберігає розкладку стовпців у налаштуваннях демокористувача. Показники під таблицею йдуть за її рядками.',
    gridNoScript: 'Цю таблицю малює скрипт сторінки, тож їй потрібен JavaScript.',
    gridLabel: 'Продажі',
    gridLoading: 'Завантаження продажів…',
    gridFailed: 'Не вдалося завантажити продажі.',
    gridLoaded: 'Продажі завантажено.',
    figures: 'Показники рядків, які показує таблиця',
    chartTitle: 'Виручка за регіонами',
    user: 'Демокористувач',
    anonymous: 'анонім',
    switchUser: 'Змінити користувача',
    switchFailed: 'Не вдалося змінити користувача.',
    signedIn: 'Ви ввійшли як {user}: набори, пошуки й розкладка стовпців зберігаються на сервері. Це демоперемикач, а не автентифікація.',
    notSignedIn: 'Ви не ввійшли: набори, пошуки й розкладка стовпців лишаються в цьому браузері. Це демоперемикач, а не автентифікація.',
    htmxHeading: 'Підставлено через htmx',
    htmxNote:
      'Форма просить у /plain/fragment інше представлення, відрендерене сервером; htmx підставляє його, а пакет гідратує нове й демонтує замінене. Без JavaScript форма завантажує всю сторінку.',
    region: 'Регіон',
    showRegion: 'Показати регіон',
    regionTitle: '{region}: продажі за товарами',
    noRows: 'Немає рядків для показу',
    loading: 'Завантаження…',
  },
} as const satisfies Record<DemoLocale, Record<string, string>>;

type Texts = (typeof TEXTS)[DemoLocale];

/** The columns of the page's grid: key, chooser group (an English spec text), format, fixed width. */
const GRID_COLUMNS: readonly { key: string; group: string; format?: 'number' | 'currency' | 'percent'; width?: number }[] = [
  // Wide enough for the Ukrainian header ("Замовлення") with its sort arrow.
  { key: 'id', group: 'Order', width: 140 },
  { key: 'date', group: 'Order', width: 120 },
  { key: 'region', group: 'Sale' },
  { key: 'product', group: 'Sale' },
  { key: 'channel', group: 'Sale' },
  { key: 'менеджер', group: 'Sale' },
  { key: 'units', group: 'Figures', format: 'number' },
  { key: 'amount', group: 'Figures', format: 'currency' },
  { key: 'margin', group: 'Figures', format: 'percent' },
];

/** The KPIs under the grid (wire JSON, as a spec's `kpis`), over the rows the grid shows. */
const GRID_KPIS = [
  { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency', icon: 'money', tone: 'good' },
  { label: 'Orders', aggregate: 'count', format: 'number', icon: 'cart' },
  { label: 'Units sold', column_key: 'units', aggregate: 'sum', format: 'number', icon: 'box' },
  { label: 'Average margin', column_key: 'margin', aggregate: 'avg', format: 'percent', icon: 'percent', tone: 'warning' },
] as const;

/** The view htmx swaps in: one region's sales by product. Its title is set per region. */
const REGION_SPEC: GridViewSpecWire = {
  grid_id: 'plain-region',
  title: 'Sales by product',
  kpis: [
    { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency', icon: 'money', tone: 'good' },
    { label: 'Orders', column_key: 'orders', aggregate: 'sum', format: 'number', icon: 'cart' },
    { label: 'Units sold', column_key: 'units', aggregate: 'sum', format: 'number', icon: 'box' },
  ],
  charts: [{ id: 'plain-region-products', chart_type: 'bar', x_key: 'product', series: [{ key: 'amount', label: 'Revenue' }], height: 240 }],
  columns: [
    { key: 'product', label: 'Product' },
    { key: 'orders', label: 'Orders', format: 'number', align: 'right' },
    { key: 'units', label: 'Units', format: 'number', align: 'right' },
    { key: 'amount', label: 'Amount', format: 'currency', align: 'right' },
    { key: 'margin', label: 'Margin', format: 'percent', align: 'right' },
  ],
  layout: { blocks: ['title', 'kpis', 'chart', 'table'] },
  wrapper: 'full',
  striped: true,
};

/**
 * Page chrome only; the views and the attached toolbar take the package stylesheet (linked), whose
 * --gv tokens give both themes. `.pg-plain-live` is what only JavaScript makes work: hidden when
 * scripting is off (the `<noscript>` style in the head), so a reader without it sees no dead controls.
 */
const PAGE_STYLE = `
body{margin:0;font-family:var(--gv-font);background:var(--gv-color-bg);color:var(--gv-color-text);line-height:var(--gv-line-height)}
.pg-plain-bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.75rem 1rem;border-bottom:1px solid var(--gv-color-border);background:var(--gv-color-surface-2)}
.pg-plain-bar a,.pg-plain-main a{color:var(--gv-color-accent)}
.pg-plain-bar [aria-current]{font-weight:700;text-decoration:none;color:var(--gv-color-text)}
.pg-plain-heading{margin:0;font-size:1.125rem}
.pg-plain-main{box-sizing:border-box;max-width:90rem;margin:0 auto;padding:1rem;--gv-view-padding:0;display:flex;flex-direction:column;gap:2rem}
.pg-plain-intro{margin:0;max-width:70ch}
.pg-plain-main>nav{gap:.25rem 1.25rem;margin-top:-1rem}
.pg-plain-section{display:flex;flex-direction:column;gap:.75rem;min-width:0}
.pg-plain-section>h2{margin:0;font-size:1.125rem}
.pg-plain-section>noscript>p{margin:0}
.pg-plain-note{margin:0;max-width:75ch;color:var(--gv-color-text-muted);font-size:var(--gv-font-size-small)}
.pg-plain-note code,.pg-plain-intro code{font-size:.95em;overflow-wrap:anywhere}
.pg-plain-row{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem}
.pg-plain-row fieldset{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin:0;padding:0;border:0}
.pg-plain-row legend{float:left;margin-right:.5rem;padding:0;font-weight:600}
.pg-plain-row label{display:inline-flex;align-items:center;gap:.25rem}
.pg-plain-main select{box-sizing:border-box;min-height:var(--gv-control-height);padding:0 var(--gv-space-2);font:inherit;font-size:var(--gv-control-font-size);color:var(--gv-color-text);background:var(--gv-color-surface);border:1px solid var(--gv-color-border-strong);border-radius:var(--gv-control-radius)}
.pg-plain-main :is(a,select,input):focus-visible,.pg-plain-bar a:focus-visible{outline:var(--gv-focus-ring-width) solid var(--gv-color-focus);outline-offset:2px;border-radius:var(--gv-radius-small)}
.pg-plain-status{margin:0;color:var(--gv-color-text-muted);font-size:var(--gv-font-size-small)}
.pg-plain-grid{height:26rem;min-width:0}
.pg-plain-figures{display:flex;flex-direction:column;gap:var(--gv-gap)}
.pg-plain-chart{min-width:0}
.pg-plain-slot{min-width:0}
`;

/** Hides what only works with JavaScript when scripting is off (parsed only then). */
const NOSCRIPT_STYLE = '<noscript><style>.pg-plain-live{display:none!important}</style></noscript>';

/**
 * The page's own script, the same text for every request (row values never go into it: the rows
 * come from `/plain/rows` as JSON, and the per-request settings from the `#plain-config` JSON
 * element). It creates the grid and attaches the library to it, and runs the demo user switch.
 */
const PAGE_SCRIPT = `(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('plain-config').textContent);
  const status = document.querySelector('[data-plain-grid-status]');

  // The demo user switch: sign in (a cookie), then the page again as that user.
  const userForm = document.querySelector('[data-plain-user]');
  const userStatus = document.querySelector('[data-plain-user-status]');
  userForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const user = new FormData(userForm).get('user');
    fetch('/demo/login' + (user ? '?user=' + encodeURIComponent(user) : ''), { method: 'POST', headers: { accept: 'application/json' } })
      .then((response) => {
        if (!response.ok) throw new Error('POST /demo/login answered ' + response.status);
        location.reload();
      })
      .catch(() => {
        userStatus.textContent = config.texts.switchFailed;
      });
  });

  // A swapped-in view is said to screen readers too (its title), since focus stays on the button.
  const regionStatus = document.querySelector('[data-plain-region-status]');
  document.body.addEventListener('htmx:afterSwap', (event) => {
    if (event.detail.target.id !== 'plain-region-slot') return;
    const title = event.detail.target.querySelector('.gv-view__title');
    regionStatus.textContent = title ? title.textContent : '';
  });

  if (!window.agGrid || !window.GridView) {
    status.textContent = config.texts.gridFailed;
    return;
  }
  const columnDefs = config.columns.map((column) => ({
    field: column.key,
    headerName: column.label,
    // The column chooser groups by context.menuGroup; gridOptions formats cells by context.format.
    context: { menuGroup: column.group, format: column.format || 'text' },
    ...(column.width ? { width: column.width } : { flex: 1, minWidth: column.format && column.format !== 'text' ? 120 : 150 }),
  }));
  const container = document.getElementById('plain-orders-grid');
  // What the library's own data grid sets (its theme over the --gv tokens, AG Grid's texts in the
  // page's language, the overlay scrollbar band, formatted cells), under the page's own options.
  const api = agGrid.createGrid(
    container,
    GridView.gridOptions(
      {
        columnDefs,
        rowData: [],
        loading: true,
        getRowId: (params) => params.data.id,
        context: { gridId: config.gridId },
        defaultColDef: { sortable: true, resizable: true },
        localeText: config.gridTexts,
      },
      { locale: config.locale, currency: config.currency },
    ),
  );
  const attached = GridView.attachDataGrid(api, {
    gridId: config.gridId,
    container,
    // Route set B for a signed-in reader; empty (this browser only) for an anonymous one, whom it would refuse.
    saveUrl: config.saveUrl,
    figures: document.getElementById('plain-figures'),
  });
  // For the page's own later use (and its tests): the grid and what attachDataGrid returned.
  window.plainGrid = { api, attached };
  fetch(config.rowsUrl, { headers: { accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error('GET ' + config.rowsUrl + ' answered ' + response.status);
      return response.json();
    })
    .then((body) => {
      api.setGridOption('rowData', body.rows);
      api.setGridOption('loading', false);
      // Said to screen readers; the rows themselves show it to everyone else.
      status.classList.add('gv-visually-hidden');
      status.textContent = config.texts.gridLoaded;
    })
    .catch(() => {
      api.setGridOption('loading', false);
      status.textContent = config.texts.gridFailed;
    });
})();`;

/** Text for HTML content and attribute values (double-quoted). */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON for the inside of a `<script type="application/json">` element: the characters that could
 * end the element or start markup (`<`, `>`, `&`) and the two line separators some parsers treat
 * as line ends are written as `\u` escapes, which `JSON.parse` reads back as the same characters.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The region a request names by its code (English name), or the first region. */
function regionOf(value: string | null): (typeof REGIONS)[number] {
  return REGIONS.find((region) => region.en === value) ?? (REGIONS[0] as (typeof REGIONS)[number]);
}

function plainUrl(locale: DemoLocale, theme: Theme, region?: string): string {
  const params = new URLSearchParams({ lang: locale, theme });
  if (region !== undefined) params.set('region', region);
  return `/plain?${params.toString()}`;
}

function link(href: string, label: string, current: boolean, lang?: string): string {
  return `<a href="${esc(href)}"${current ? ' aria-current="true"' : ''}${lang ? ` lang="${lang}"` : ''}>${esc(label)}</a>`;
}

function htmlResponse(body: string | null, headers: Record<string, string> = {}): Response {
  return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers } });
}

function textResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

/**
 * The page's Content-Security-Policy: scripts only from this origin, plus the one inline script
 * carrying this response's nonce. Styles may be inline: the views, ECharts and AG Grid set style
 * attributes and AG Grid's theme writes its own `<style>`; images may be `data:` URLs (AG Grid's
 * icons). No frames, plugins or foreign form targets.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The page's handler: `GET /plain`, `/plain/rows`, `/plain/fragment` and `/plain/assets/<file>`;
 * undefined for every other path. The views depend only on language, theme and region (and
 * `probe=1`, the test of escaping: see `ESCAPING_PROBE`), so each is rendered once and kept; the
 * document around them is written per request (the demo user and the script nonce differ).
 *
 * Edge cases: another method than GET or HEAD is a 405; an unknown region shows the first one; a
 * missing bundle (dist/browser/grid-view.iife.js, written by `npm run build`) is a 503 saying so,
 * and the page still reads, as without JavaScript.
 */
export function createPlainPage(options: PlainPageOptions): (request: Request) => Promise<Response | undefined> {
  const views = new Map<string, Promise<string>>();
  const cached = (key: string, render: () => Promise<string>): Promise<string> => {
    let html = views.get(key);
    if (html === undefined) {
      html = render();
      views.set(key, html);
      // A failed render is not kept, so the next request tries again.
      html.catch(() => views.delete(key));
    }
    return html;
  };

  const reportView = (locale: DemoLocale, theme: Theme): Promise<string> =>
    cached(`report|${locale}|${theme}`, () =>
      // With the XLSX export the /ssr page leaves out (it runs no script): SheetJS is on this page.
      renderHtml({ ...localiseSpec(options.reportSpec, locale), export_xlsx: true }, options.summaryByLocale[locale], { hydrate: true, locale, currency: DEMO_CURRENCY, theme, stylesheet: 'none' }),
    );

  const regionView = (locale: DemoLocale, theme: Theme, region: (typeof REGIONS)[number], probe = false): Promise<string> =>
    cached(`region|${locale}|${theme}|${region.en}${probe ? '|probe' : ''}`, () => {
      const title = fill(TEXTS[locale].regionTitle, { region: region[locale] });
      const spec = { ...localiseSpec(REGION_SPEC, locale), title: probe ? `${title} ${ESCAPING_PROBE}` : title };
      const rows = summariseRegionByProduct(options.rowsByLocale[locale], region[locale]);
      if (probe) rows.push({ product: ESCAPING_PROBE, orders: 1, units: 1, amount: 1, margin: 0 });
      return renderHtml(spec, rows, { hydrate: true, locale, currency: DEMO_CURRENCY, theme, stylesheet: 'none' });
    });

  async function documentHtml(request: Request, params: URLSearchParams, nonce: string): Promise<string> {
    const locale = demoLocale(params.get('lang'));
    const theme: Theme = params.get('theme') === 'dark' ? 'dark' : 'light';
    const region = regionOf(params.get('region'));
    const texts = TEXTS[locale];
    const user = demoUserOf(request);
    const [report, regional] = await Promise.all([reportView(locale, theme), regionView(locale, theme, region, params.get('probe') === '1')]);
    return (
      `<!doctype html><html lang="${locale}" data-gv-theme="${theme}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${esc(texts.documentTitle)}</title>` +
      `<link rel="stylesheet" href="${ASSETS}grid-view.css"><style>${PAGE_STYLE}</style>${NOSCRIPT_STYLE}</head><body>` +
      header(texts, locale, theme) +
      `<main class="pg-plain-main">` +
      `<p class="pg-plain-intro">${esc(texts.intro)}</p>` +
      // The report's table is long: the reader may go straight to the other parts.
      `<nav class="pg-plain-row" aria-label="${esc(texts.onThisPage)}">${link('#plain-view', texts.viewHeading, false)}${link('#plain-grid', texts.gridHeading, false)}${link('#plain-htmx', texts.htmxHeading, false)}</nav>` +
      `<section class="pg-plain-section" id="plain-view" aria-labelledby="plain-view-heading"><h2 id="plain-view-heading">${esc(texts.viewHeading)}</h2>` +
      `<p class="pg-plain-note">${esc(texts.viewNote)}</p>${report}</section>` +
      gridSection(texts, locale, user) +
      htmxSection(texts, locale, theme, region, regional) +
      `</main>` +
      `<script type="application/json" id="plain-config">${scriptJson(pageConfig(locale, user))}</script>` +
      SCRIPT_ORDER.map((file) => `<script src="${ASSETS}${file}"></script>`).join('') +
      `<script nonce="${nonce}">${PAGE_SCRIPT}</script>` +
      `</body></html>`
    );
  }

  function header(texts: Texts, locale: DemoLocale, theme: Theme): string {
    return (
      `<header class="pg-plain-bar">` +
      // One <h1> per document; the views' own titles are h2 under the sections' headings.
      `<h1 class="pg-plain-heading">${esc(texts.heading)}</h1>` +
      link('/#/dashboard', texts.back, false) +
      link(`/ssr?lang=${locale}&theme=${theme}`, texts.report, false) +
      `<span>${esc(texts.language)}: ${link(plainUrl('en', theme), 'English', locale === 'en', 'en')} · ${link(plainUrl('uk', theme), 'Українська', locale === 'uk', 'uk')}</span>` +
      `<span>${esc(texts.theme)}: ${link(plainUrl(locale, 'light'), texts.light, theme === 'light')} · ${link(plainUrl(locale, 'dark'), texts.dark, theme === 'dark')}</span>` +
      `</header>`
    );
  }

  function gridSection(texts: Texts, locale: DemoLocale, user: DemoUser | null): string {
    const users: [string, string][] = [
      ['alice', 'alice'],
      ['bob', 'bob'],
      ['', texts.anonymous],
    ];
    const radios = users
      .map(([value, label]) => `<label><input type="radio" name="user" value="${value}" data-user="${value || 'anonymous'}"${(user ?? '') === value ? ' checked' : ''}>${esc(label)}</label>`)
      .join('');
    const note = user === null ? texts.notSignedIn : fill(texts.signedIn, { user });
    const kpis = GRID_KPIS.map((kpi) => ({ ...kpi, label: specText(kpi.label, locale) }));
    const chart = {
      id: 'plain-by-region',
      chart_type: 'bar',
      title: texts.chartTitle,
      x_key: 'region',
      series: [{ key: 'amount', label: specText('Revenue', locale) }],
      height: 260,
      data_source: 'grid_filtered',
    };
    return (
      `<section class="pg-plain-section" id="plain-grid" aria-labelledby="plain-grid-heading"><h2 id="plain-grid-heading">${esc(texts.gridHeading)}</h2>` +
      `<p class="pg-plain-note">${esc(texts.gridNote)}</p>` +
      `<noscript><p>${esc(texts.gridNoScript)}</p></noscript>` +
      `<div class="pg-plain-live pg-plain-section">` +
      `<form class="pg-plain-row" data-plain-user data-user="${user ?? 'anonymous'}"><fieldset><legend>${esc(texts.user)}</legend>${radios}</fieldset>` +
      `<button type="submit" class="gv-button">${esc(texts.switchUser)}</button><span class="pg-plain-status" role="status" data-plain-user-status></span></form>` +
      `<p class="pg-plain-note" data-plain-user-note>${esc(note)}</p>` +
      `<p class="pg-plain-status" role="status" data-plain-grid-status>${esc(texts.gridLoading)}</p>` +
      `<div id="plain-orders-grid" class="pg-plain-grid" role="region" aria-label="${esc(texts.gridLabel)}"></div>` +
      `<div id="plain-figures" class="pg-plain-figures" role="region" aria-label="${esc(texts.figures)}">` +
      `<div data-cm-grid-kpi="${esc(JSON.stringify(kpis))}" data-cm-kpi-columns="4"></div>` +
      `<div class="pg-plain-chart" data-cm-chart-spec="${esc(JSON.stringify(chart))}"></div>` +
      `</div></div></section>`
    );
  }

  function htmxSection(texts: Texts, locale: DemoLocale, theme: Theme, region: (typeof REGIONS)[number], view: string): string {
    const choices = REGIONS.map((choice) => `<option value="${esc(choice.en)}"${choice.en === region.en ? ' selected' : ''}>${esc(choice[locale])}</option>`).join('');
    return (
      `<section class="pg-plain-section" id="plain-htmx" aria-labelledby="plain-htmx-heading"><h2 id="plain-htmx-heading">${esc(texts.htmxHeading)}</h2>` +
      `<p class="pg-plain-note">${esc(texts.htmxNote)}</p>` +
      // One form for both: htmx sends it to the fragment route and swaps the answer into the slot;
      // without JavaScript the browser submits it to the page itself, which renders that region.
      `<form class="pg-plain-row" action="/plain#plain-htmx" method="get" hx-get="/plain/fragment" hx-target="#plain-region-slot" hx-swap="innerHTML">` +
      `<input type="hidden" name="lang" value="${locale}"><input type="hidden" name="theme" value="${theme}">` +
      `<label for="plain-region">${esc(texts.region)}</label><select id="plain-region" name="region">${choices}</select>` +
      `<button type="submit" class="gv-button" data-plain-show-region>${esc(texts.showRegion)}</button>` +
      `<span class="gv-visually-hidden" role="status" data-plain-region-status></span></form>` +
      `<div id="plain-region-slot" class="pg-plain-slot">${view}</div></section>`
    );
  }

  /** Per-request settings of the page's script, written as JSON (never into the script's text). */
  function pageConfig(locale: DemoLocale, user: DemoUser | null): Record<string, unknown> {
    const texts = TEXTS[locale];
    return {
      locale,
      currency: DEMO_CURRENCY,
      gridId: PLAIN_GRID_ID,
      rowsUrl: `/plain/rows?lang=${locale}`,
      // Route set B takes only signed-in callers; an anonymous reader's presets stay in the browser.
      saveUrl: user === null ? '' : `${API_BASE}/api/grid-view/save/`,
      columns: GRID_COLUMNS.map((column) => ({ ...column, label: columnLabel(column.key, locale, column.key), group: specText(column.group, locale) })),
      // AG Grid's own overlay texts; the rest of its texts stay English (see the playground README).
      gridTexts: { noRowsToShow: texts.noRows, loadingOoo: texts.loading },
      texts: { gridFailed: texts.gridFailed, gridLoaded: texts.gridLoaded, switchFailed: texts.switchFailed },
    };
  }

  async function asset(name: string, method: string): Promise<Response | undefined> {
    if (name === 'grid-view.css') {
      return new Response(method === 'HEAD' ? null : packageStylesheet, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
    }
    const vendor = Object.prototype.hasOwnProperty.call(VENDOR_FILES, name) ? VENDOR_FILES[name] : undefined;
    const bundleDir = join(options.rootDir, 'dist', 'browser');
    // The pattern lets `..` through as a segment: normalised, the path must still be in dist/browser.
    const path = vendor !== undefined ? join(options.rootDir, ...vendor) : BUNDLE_FILE.test(name) ? normalize(join(bundleDir, name)) : null;
    // A 404 of our own rather than the app's index.html, which a module script would refuse (HTML is not JavaScript).
    if (path === null || (vendor === undefined && !path.startsWith(bundleDir + sep))) return textResponse(404, 'Not found');
    try {
      const info = await stat(path);
      const headers = { 'content-type': contentTypeFor(path), 'content-length': String(info.size), 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
      return new Response(method === 'HEAD' ? null : new Uint8Array(await readFile(path)), { headers });
    } catch {
      if (vendor !== undefined) return textResponse(503, `${name} is not there. Run \`npm install\`: ${vendor.join('/')} is missing.`);
      // The bundle is there but not this file: a chunk of an older build (a tab opened before a rebuild).
      if (await stat(join(bundleDir, 'grid-view.iife.js')).then(() => true, () => false)) return textResponse(404, 'Not found');
      return textResponse(503, `${name} is not there: the library's browser bundle is not built. Run \`npm run build\` (\`npm run playground\` runs it too) to write dist/browser/.`);
    }
  }

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const known = path === '/plain' || path === '/plain/' || path === '/plain/rows' || path === '/plain/fragment' || path.startsWith(ASSETS);
    if (!known) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed', { allow: 'GET, HEAD' });
    const head = request.method === 'HEAD';
    const params = url.searchParams;
    if (path.startsWith(ASSETS)) return asset(path.slice(ASSETS.length), request.method);
    const locale = demoLocale(params.get('lang'));
    if (path === '/plain/rows') {
      const rows = sampleSales(options.rowsByLocale[locale], PLAIN_GRID_ROWS);
      return new Response(head ? null : JSON.stringify({ rows }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
    }
    const theme: Theme = params.get('theme') === 'dark' ? 'dark' : 'light';
    if (path === '/plain/fragment') return htmlResponse(head ? null : await regionView(locale, theme, regionOf(params.get('region'))));
    const nonce = randomBytes(16).toString('base64');
    const html = await documentHtml(request, params, nonce);
    return htmlResponse(head ? null : html, { 'content-security-policy': contentSecurityPolicy(nonce) });
  };
}
