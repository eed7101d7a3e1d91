/**
 * Charts in PDF exports: drawn as vectors above the table (ECharts server SVG through svg2pdf.js),
 * captions and labels as text in the embedded DejaVu Sans, so Cyrillic survives; checked the way a
 * reader's software sees the file (pdftotext, pdfinfo).
 */
import { describe, expect, it, vi } from 'vitest';
import { parseGridViewSpecJson } from '../../src/core/spec';
import { buildChartRuntime } from '../../src/core/chart';
import { createGridViewHandler } from '../../src/server/handler';
import { buildPdf } from '../../src/server/exports/pdf';
import { ExportRegistry } from '../../src/server/exports/registry';
import { checkExportTable } from '../../src/server/exports/table';
import { buildXlsx } from '../../src/server/exports/xlsx';
import type { ExportTable } from '../../src/server/exports/types';
import { pdfPages, pdfText, readXlsx } from './export-readers';
import { get, headerSubject } from './helpers';

const CITIES = ['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро'];
const CHANNELS = ['Сайт', 'Магазин', 'Телефон'];
const rows = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  city: CITIES[i % CITIES.length],
  channel: CHANNELS[i % CHANNELS.length],
  amount: (i % 7) * 100 + 50,
  units: (i % 5) + 1,
}));

const columns = [
  { key: 'id', label: 'ID', format: 'number' as const },
  { key: 'city', label: 'Місто' },
  { key: 'channel', label: 'Канал' },
  { key: 'amount', label: 'Виручка', format: 'currency' as const },
  { key: 'units', label: 'Кількість', format: 'number' as const },
];

const view = parseGridViewSpecJson({
  grid_id: 'sales',
  columns,
  charts: [
    { id: 'by_city', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount', color: 'steelblue' }, { key: 'units', series_type: 'line', label: 'Одиниці' }] },
    { id: 'share', chart_type: 'donut', label_key: 'channel', value_key: 'amount', center_total: true, title: 'Частка каналів' },
  ],
});

const table = (extra: Partial<ExportTable> = {}): ExportTable => ({
  title: 'Продажі за містами',
  columns,
  rows,
  format: { locale: 'uk', currency: 'UAH' },
  charts: view.charts,
  ...extra,
});

describe('charts in PDF exports', () => {
  it('draws the view charts above the table with Cyrillic captions, categories, legends and the donut total as text', async () => {
    const pdf = await buildPdf(table());
    const text = pdfText(pdf.bytes);
    // Captions: the generated one in Ukrainian, and the chart's own title.
    expect(text).toContain('Виручка і Одиниці у розрізі «Місто»');
    expect(text).toContain('Частка каналів');
    for (const city of CITIES) expect(text).toContain(city);
    for (const channel of CHANNELS) expect(text).toContain(channel);
    // The donut's centre total: every amount of the rows, in hryvnias, formatted for uk.
    const total = rows.reduce((sum, row) => sum + row.amount, 0);
    const formatted = new Intl.NumberFormat('uk', { style: 'currency', currency: 'UAH' }).format(total).replace(/\s/gu, ' ');
    expect(text.replace(/\s/gu, ' ')).toContain(formatted);
    // The charts come before the table's header.
    expect(text.indexOf('Частка каналів')).toBeLessThan(text.indexOf('Кількість', text.indexOf('Частка каналів')));
    expect(pdf.rowsWritten).toBe(60);
    // Title, two charts and the first rows on page 1; the rest of the table on page 2.
    expect(pdfPages(pdf.bytes)).toBe(2);
  }, 60_000);

  it('draws charts as vectors: no raster image in the file', async () => {
    const pdf = await buildPdf(table({ charts: [view.charts[0]!] }));
    const raw = Buffer.from(pdf.bytes).toString('latin1');
    expect(raw).not.toMatch(/\/Subtype\s*\/Image/);
  }, 60_000);

  it('says "no data" for an empty chart and moves the table down, onto a second page when needed', async () => {
    const empty = await buildPdf(table({ rows: [], charts: [view.charts[0]!] }));
    expect(pdfText(empty.bytes)).toContain('Немає даних для діаграми');
    expect(pdfPages(empty.bytes)).toBe(1);
    const few = rows.slice(0, 30);
    expect(pdfPages((await buildPdf(table({ rows: few, charts: undefined }))).bytes)).toBe(1);
    expect(pdfPages((await buildPdf(table({ rows: few }))).bytes)).toBe(2);
  }, 60_000);

  it('accepts ready runtimes and wire chart specs, and counts rows in English for an English export', async () => {
    const runtime = buildChartRuntime(view.charts[0]!, rows, { columns });
    const pdf = await buildPdf(table({ format: { locale: 'en', currency: 'USD' }, charts: [runtime, { id: 'count', chart_type: 'pie', group_by: 'channel' }] }));
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Count by Канал');
    expect(text).toContain('Сайт');
  }, 60_000);

  it('refuses malformed charts from a builder with a message naming the problem', () => {
    expect(() => checkExportTable(table({ charts: [{ id: 'x', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount', color: 'var(--x)' }] }] }), 'sales')).toThrow(
      /charts\[0\] is not a valid chart spec: \[invalid_color\] series\[0\]\.color/,
    );
    expect(() => checkExportTable(table({ charts: view.charts.concat(view.charts, view.charts) }), 'sales')).toThrow(/at most 3/);
    expect(() => checkExportTable({ ...table(), charts: 'all' }, 'sales')).toThrow(/charts that are not an array/);
    expect(() => checkExportTable({ ...table(), charts: [42] }, 'sales')).toThrow(/charts\[0\] must be a chart spec or a chart runtime/);
  });

  it('leaves charts out of XLSX exports', async () => {
    const workbook = readXlsx((await buildXlsx(table())).bytes);
    expect(workbook.SheetNames).toHaveLength(1);
  });

  it('answers the PDF route with the charts a builder returns', async () => {
    const registry = new ExportRegistry();
    registry.register('pdf', 'sales', () => table(), { spec: view });
    const handler = createGridViewHandler({ exports: registry, subject: headerSubject, onError: vi.fn() });
    const res = await handler(get('/grid/export/pdf/?builder=sales'));
    expect(res?.status).toBe(200);
    const text = pdfText(new Uint8Array(await (res as Response).arrayBuffer()));
    expect(text).toContain('Частка каналів');
    expect(text).toContain('Одеса');
  }, 60_000);
});
