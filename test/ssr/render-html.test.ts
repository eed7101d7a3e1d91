import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h } from 'vue';
import type { App } from 'vue';
import { createPinia, defineStore } from 'pinia';
import { renderToString } from 'vue/server-renderer';
import GridView from '../../components/GridView.vue';
import KpiStrip from '../../components/KpiStrip.vue';
import { GRID_VIEW_STYLESHEET, lazyBlockFromComponent, renderChartSvg, renderHtml, renderLazyFragment } from '../../src/ssr/index';
import { SVG_CHART_WIDTHS } from '../../src/ssr/chart-svg';
import { MemoryHost } from '../../src/host/index';
import { parseGridViewSpecJson } from '../../src/core/spec';
import type { GridViewSpecWire, Row } from '../../src/core/types';

const EVIL = '<img src=x onerror=alert(1)>';

const wire: GridViewSpecWire = {
  grid_id: 'sales',
  title: 'Sales',
  columns: [
    { key: 'region', label: 'Region' },
    { key: 'amount', label: 'Amount', format: 'currency' },
    { key: 'cost', label: 'Cost', format: 'number' },
  ],
  kpis: [
    { label: 'Orders', aggregate: 'count', tone: 'good' },
    { label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' },
  ],
  charts: [
    { id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] },
    { id: 'trend', chart_type: 'line', x_key: 'region', series: [{ key: 'cost', label: 'Cost' }] },
    { id: 'share', chart_type: 'pie', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] },
  ],
};

const rows: Row[] = [
  { region: 'North', amount: 1200, cost: 300 },
  { region: 'South', amount: 800.25, cost: 150 },
  { region: EVIL, amount: 10, cost: 5 },
];

const count = (html: string, needle: RegExp): number => html.match(needle)?.length ?? 0;

describe('server-side rendering', () => {
  it('runs where there is no window or document', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders GridView to a string with plain Vue SSR', async () => {
    const app = createSSRApp({ render: () => h(GridView, { spec: wire, rows }) });
    const html = await renderToString(app);
    expect(html).toContain('class="gv-view gv-view--full"');
    expect(html).toContain('Sales');
    // Without the SSR chart renderer a chart is its labelled box plus the hidden data table.
    expect(count(html, /class="gv-chart__canvas"/g)).toBe(3);
    expect(html).toContain('<caption>Chart data</caption>');
  });

  it('renderHtml holds the KPI values, the table rows and an SVG per chart', async () => {
    const html = await renderHtml(wire, rows);
    expect(html.startsWith('<div class="gv-ssr">')).toBe(true);
    expect(html).toContain('>3<');
    expect(html).toContain('$2,010.25');
    expect(html).toContain('North');
    expect(html).toContain('$800.25');
    // Each chart is drawn once per width of SVG_CHART_WIDTHS; the stylesheet shows the one that fits.
    expect(count(html, /<svg[\s>]/g) - count(html, /<svg[^>]*class="gv-kpi__icon"/g)).toBe(3 * SVG_CHART_WIDTHS.length);
    expect(count(html, /data-gv-ssr-chart="/g)).toBe(3);
    expect(html).toMatch(/data-gv-ssr-chart="by_region"[^>]*><div class="gv-chart__svg-at" data-gv-svg-width="320"><svg[^>]*viewBox="0 0 320 /);
    expect(html).toContain('<path');
  });

  it('escapes markup from rows in the table, the data tables and the ECharts SVG', async () => {
    const html = await renderHtml(wire, rows);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const svgs = html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
    expect(svgs.some((svg) => svg.includes('&lt;img'))).toBe(true);
  });

  it('escapes markup in the title and labels of the spec', async () => {
    const html = await renderHtml({ ...wire, title: EVIL, columns: [{ key: 'region', label: EVIL }, ...wire.columns.slice(1)] }, rows);
    expect(html).not.toContain('<img');
    expect(count(html, /&lt;img src=x onerror=alert\(1\)&gt;/g)).toBeGreaterThan(2);
  });

  it('accepts a parsed spec as well as wire JSON', async () => {
    const html = await renderHtml(parseGridViewSpecJson(wire), rows, { stylesheet: 'none' });
    expect(html).toContain('data-gv-grid-id="sales"');
  });

  it('renders the issues panel for an invalid spec instead of throwing', async () => {
    const html = await renderHtml({ grid_id: 'Nope!', columns: [] }, rows, { stylesheet: 'none' });
    expect(html).toContain('role="alert"');
    expect(html).toContain('invalid_pattern');
    expect(html).toContain('grid_id');
  });

  it('says the issues in the reader\'s language on the server, as the client says them when hydrating', async () => {
    const html = await renderHtml({ grid_id: 'orders', columns: [] }, rows, { locale: 'uk', stylesheet: 'none' });
    expect(html).toContain('columns має містити щонайменше 1 елемент, а список порожній.');
    expect(html).not.toContain('lang="en"');
  });

  it('inlines, links or leaves out the stylesheet', async () => {
    const inline = await renderHtml(wire, rows);
    expect(inline).toContain('<style data-gv-stylesheet>');
    expect(GRID_VIEW_STYLESHEET).toContain('--gv-color-bg');
    expect(GRID_VIEW_STYLESHEET).toContain('.gv-table');
    const linked = await renderHtml(wire, rows, { stylesheet: { href: '/assets/style.css?v="1"' } });
    expect(linked).toContain('<link rel="stylesheet" href="/assets/style.css?v=&quot;1&quot;">');
    expect(linked).not.toContain('data-gv-stylesheet');
    const none = await renderHtml(wire, rows, { stylesheet: 'none' });
    expect(none).not.toContain('data-gv-stylesheet');
    expect(none).not.toContain('<link');
  });

  it('renders a read-only table by default and the controls on request', async () => {
    const spec = { ...wire, search_mode: 'global' as const };
    const readOnly = await renderHtml(spec, rows, { stylesheet: 'none' });
    expect(readOnly).toContain('data-gv-interactive="false"');
    expect(readOnly).not.toContain('type="search"');
    const interactive = await renderHtml(spec, rows, { stylesheet: 'none', interactive: true });
    expect(interactive).toContain('data-gv-interactive="true"');
  });

  it('draws dark charts and marks the fragment dark with theme dark', async () => {
    const html = await renderHtml(wire, rows, { theme: 'dark', stylesheet: 'none' });
    expect(html.startsWith('<div class="gv-ssr" data-gv-theme="dark">')).toBe(true);
    expect(html).toContain('data-gv-chart-theme="dark"');
  });

  it('uses the locale and the host translations', async () => {
    const host = new MemoryHost({ overrides: { en: { 'kpi.tone.good': 'Чудово' } } });
    const html = await renderHtml(wire, rows, { locale: 'uk', currency: 'UAH', host, stylesheet: 'none' });
    expect(html).toContain('Дані діаграми');
    expect(html).toContain('Чудово');
    // The host (English by default) does not drown the Ukrainian catalog.
    expect(html).toContain('Ключові показники');
    expect(html).toMatch(/2\s010,25\s₴/);
  });

  it('draws uk-formatted value-axis labels into the server SVG, in the currency of the series', async () => {
    const html = await renderHtml(wire, rows, { locale: 'uk', currency: 'UAH', stylesheet: 'none' });
    const bar = html.match(/data-gv-ssr-chart="by_region"[^>]*><div[^>]*>(<svg[\s\S]*?<\/svg>)/)?.[1] ?? '';
    const texts = [...bar.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
    // Amount is a currency column: ticks such as "1 200 ₴" (uk grouping, hryvnia, no zero kopiyky).
    expect(texts.some((text) => /^1\s200\s₴$/u.test(text))).toBe(true);
    expect(texts.some((text) => text.includes('1,200'))).toBe(false);
    const en = await renderHtml(wire, rows, { stylesheet: 'none' });
    const enBar = en.match(/data-gv-ssr-chart="by_region"[^>]*><div[^>]*>(<svg[\s\S]*?<\/svg>)/)?.[1] ?? '';
    expect(enBar).toContain('>$1,200<');
  });

  it('gives each server SVG a role="img" wrapper labelled with the chart description', async () => {
    const html = await renderHtml(wire, rows, { stylesheet: 'none' });
    const wrappers = [...html.matchAll(/<div class="gv-chart__svg gv-chart__svg--responsive"([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(wrappers).toHaveLength(3);
    for (const attrs of wrappers) expect(attrs).toContain('role="img"');
    const label = wrappers[0]!.match(/aria-label="([^"]*)"/)?.[1] ?? '';
    expect(label).toBe('Bar chart of Amount by Region: 3 categories, 1 value each.');
    // The box around it is no second image: the SVG wrapper is the one the reader meets.
    expect(html).not.toMatch(/class="gv-chart__canvas" role="img"/);
  });

  it('renders a visible caption that names each chart figure, in the locale', async () => {
    const html = await renderHtml(wire, rows, { stylesheet: 'none' });
    const captions = [...html.matchAll(/<figcaption id="([^"]+)" class="gv-chart__caption">([^<]*)<\/figcaption>/g)];
    expect(captions.map((m) => m[2])).toEqual(['Amount by Region', 'Cost by Region', 'Amount by Region']);
    for (const [, id] of captions) expect(html).toContain(`aria-labelledby="${id}"`);
    expect(new Set(captions.map((m) => m[1])).size).toBe(3);
    const uk = await renderHtml(wire, rows, { locale: 'uk', stylesheet: 'none' });
    expect(uk).toContain('>Amount у розрізі «Region»</figcaption>');
  });

  it('escapes markup in chart captions and SVG labels taken from spec labels', async () => {
    const evilWire: GridViewSpecWire = {
      ...wire,
      columns: [{ key: 'region', label: EVIL }, ...wire.columns.slice(1)],
      charts: [{ id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: EVIL }] }],
    };
    const html = await renderHtml(evilWire, rows, { stylesheet: 'none' });
    expect(html).not.toContain('<img');
    expect(html).toContain('>&lt;img src=x onerror=alert(1)&gt; by &lt;img src=x onerror=alert(1)&gt;</figcaption>');
    expect(html).toMatch(/class="gv-chart__svg[^"]*"[^>]*aria-label="[^"]*&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  it('renderChartSvg returns a scalable SVG and disposes its instance', () => {
    const svg = renderChartSvg(
      { xAxis: { type: 'category', data: ['a', EVIL] }, yAxis: {}, series: [{ type: 'bar', data: [1, 2] }] },
      { width: 320, height: 200 },
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 320 200"');
    expect(svg).not.toContain('<img');
  });

  it('builds lazy blocks from a component with props computed per request', async () => {
    const block = lazyBlockFromComponent(KpiStrip, ({ params }) => ({
      kpis: [{ label: `Region ${params.get('region') ?? ''}`, aggregate: 'count', columnKey: null, format: 'number', value: 4, display: '4', icon: null, tone: 'neutral', sampleSize: 4 }],
    }));
    const request = new Request('http://localhost/grid/lazy/?block=k&region=%3Cb%3E');
    const html = await block({ request, params: new URL(request.url).searchParams, host: new MemoryHost() });
    expect(html).toContain('class="gv-kpis"');
    expect(html).toContain('Region &lt;b&gt;');
    expect(html).toContain('>4<');
  });

  it('renderLazyFragment renders any component with the plugin installed', async () => {
    const html = await renderLazyFragment(GridView, { spec: wire, rows, interactive: false }, { locale: 'uk' });
    expect(html).toContain('Ключові показники');
    expect(count(html, /data-gv-ssr-chart=/g)).toBe(3);
  });
});

describe('renderHtml with many rows', () => {
  it('writes every row into the table (nothing windowed away without JavaScript)', async () => {
    const many: Row[] = Array.from({ length: 450 }, (_, i) => ({ region: `r${i}`, amount: i, cost: 1 }));
    const html = await renderHtml({ ...wire, kpis: [], charts: [] }, many, { stylesheet: 'none' });
    expect(html).toContain('>r0<');
    expect(html).toContain('>r449<');
  });
});

describe('renderLazyFragment setupApp', () => {
  it('lets each render install what its components need, on a fresh app every time', async () => {
    const useCounter = defineStore('ssr-counter', { state: () => ({ n: 0 }) });
    const Counter = defineComponent({
      setup() {
        const store = useCounter();
        store.n += 1;
        return () => h('output', String(store.n));
      },
    });
    const options = { setupApp: (app: App) => app.use(createPinia()) };
    expect(await renderLazyFragment(Counter, {}, options)).toBe('<output>1</output>');
    // A fresh Pinia per render: state from the first request does not leak into the second.
    expect(await renderLazyFragment(Counter, {}, options)).toBe('<output>1</output>');
  });
});
