import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryHost } from '../../src/host/index';
import type { FilterState } from '../../src/host/types';
import type { GridViewSpec } from '../../src/core/types';
import { parseGridViewSpecJson } from '../../src/core/spec';
import type { WorkSheet } from 'xlsx';
import { HttpError } from '../../src/server/errors';
import { createGridViewHandler, type GridViewHandlerOptions } from '../../src/server/handler';
import {
  ExportRegistry,
  clearExportRegistry,
  defaultExportRegistry,
  registerPdfExport,
  registerXlsxExport,
  unregisterPdfExport,
  unregisterXlsxExport,
} from '../../src/server/exports/registry';
import type { ExportBuilder, ExportContext, ExportTable } from '../../src/server/exports/types';
import { as, expectError, get, headerSubject, ORIGIN } from './helpers';
import { XLSX, pdfPages, pdfText, readXlsx } from './export-readers';

const XLSX_PATH = '/grid/export/xlsx/';
const PDF_PATH = '/grid/export/pdf/';

const ukrainianTable: ExportTable = {
  title: 'Звіт про продажі',
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'city', label: 'Місто' },
    { key: 'amount', label: 'Сума', format: 'currency' },
    { key: 'share', label: 'Частка', format: 'percent' },
  ],
  rows: [
    { id: 1, city: 'Київ', amount: 1234.5, share: 0.25 },
    { id: 2, city: 'Львів', amount: '99.5', share: 0.75 },
    { id: 3, city: '=HYPERLINK("http://evil.example","click")', amount: -5, share: null },
    { id: 4, city: '+1', amount: 0, share: 0 },
    { id: 5, city: '@SUM(A1)', amount: null, share: 1 },
    { id: 6, city: '-2+3', amount: 7, share: 0.5 },
    { id: 7, city: '\tcmd', amount: 8, share: 0.5 },
  ],
  kpis: [
    { label: 'Виручка', value: 1336.5, format: 'currency' },
    { label: 'Рядків', display: '7' },
  ],
  format: { locale: 'uk', currency: 'UAH' },
};

function setup(builders: { pdf?: Record<string, ExportBuilder>; xlsx?: Record<string, ExportBuilder> } = {}, options: GridViewHandlerOptions = {}) {
  const registry = new ExportRegistry();
  for (const [key, builder] of Object.entries(builders.pdf ?? {})) registry.register('pdf', key, builder);
  for (const [key, builder] of Object.entries(builders.xlsx ?? {})) registry.register('xlsx', key, builder);
  const onError = vi.fn();
  const handler = createGridViewHandler({ exports: registry, subject: headerSubject, onError, ...options });
  return { registry, handler, onError };
}

async function bytesOf(response: Response | undefined): Promise<Uint8Array> {
  expect(response?.status).toBe(200);
  return new Uint8Array(await (response as Response).arrayBuffer());
}

afterEach(() => clearExportRegistry());

describe('export route errors', () => {
  it('answers 404 while no builder is registered, with or without a builder parameter', async () => {
    const { handler } = setup();
    for (const query of ['?builder=orders', '', '?builder=', '?builder=a&builder=b', '?builder=orders&dir=sideways']) {
      await expectError(await handler(get(`${PDF_PATH}${query}`)), 404, /No PDF export builders are registered/);
      await expectError(await handler(get(`${XLSX_PATH}${query}`)), 404, /No XLSX export builders are registered/);
    }
  });

  it('keeps a format without builders at 404 while the other format has some', async () => {
    const { handler, registry } = setup({ xlsx: { orders: () => ukrainianTable } });
    await expectError(await handler(get(PDF_PATH)), 404, /No PDF export builders/);
    await expectError(await handler(get(XLSX_PATH)), 400, /builder query parameter is required/);
    registry.register('pdf', 'orders', () => ukrainianTable);
    await expectError(await handler(get(PDF_PATH)), 400, /builder query parameter is required/);
    registry.unregister('pdf', 'orders');
    await expectError(await handler(get(PDF_PATH)), 404, /No PDF export builders/);
  });

  it('answers 404 while the module-level registry is empty, and 400 once a builder is in it', async () => {
    const handler = createGridViewHandler();
    await expectError(await handler(get(XLSX_PATH)), 404, /No XLSX export builders/);
    registerXlsxExport('orders', () => ukrainianTable);
    await expectError(await handler(get(XLSX_PATH)), 400, /builder/);
  });

  it('answers 404 for an unknown key, inherited names included', async () => {
    const { handler } = setup({ xlsx: { orders: () => ukrainianTable } });
    for (const key of ['other', 'toString', '__proto__', 'constructor']) {
      await expectError(await handler(get(`${XLSX_PATH}?builder=${key}`)), 404);
    }
  });

  it('answers 404 for a key registered only for the other format', async () => {
    const { handler } = setup({ xlsx: { orders: () => ukrainianTable } });
    await expectError(await handler(get(`${PDF_PATH}?builder=orders`)), 404);
  });

  it('answers 400 when the builder parameter is missing or empty', async () => {
    const { handler } = setup({ xlsx: { orders: () => ukrainianTable } });
    await expectError(await handler(get(XLSX_PATH)), 400, /builder/);
    await expectError(await handler(get(`${XLSX_PATH}?builder=`)), 400, /builder/);
    await expectError(await handler(get(`${XLSX_PATH}?builder=%20`)), 400, /builder/);
  });

  it('answers 400 for a repeated builder parameter instead of using the first, without running a builder', async () => {
    const builder = vi.fn(() => ukrainianTable);
    const { handler } = setup({ xlsx: { orders: builder, other: builder } });
    await expectError(await handler(get(`${XLSX_PATH}?builder=orders&builder=other`)), 400, /"builder" must appear at most once \(it appears 2 times\)/);
    await expectError(await handler(get(`${XLSX_PATH}?builder=orders&builder=orders`)), 400, /at most once/);
    expect(builder).not.toHaveBeenCalled();
  });

  it.each([
    ['q', '&q=a&q=b', /"q" must appear at most once/],
    ['sort', '&sort=a&sort=b', /"sort" must appear at most once/],
    ['dir', '&sort=a&dir=asc&dir=desc', /"dir" must appear at most once/],
    ['f_<key>', '&f_city=a&f_city=b', /"f_city" must appear at most once/],
    ['a dir other than asc/desc', '&sort=a&dir=up', /dir query parameter must be asc or desc/],
    ['an empty dir', '&sort=a&dir=', /dir query parameter must be asc or desc/],
  ])('answers 400 for %s instead of exporting something else, without running the builder or counting', async (_name, query, message) => {
    const builder = vi.fn(() => ukrainianTable);
    const { handler } = setup({ xlsx: { orders: builder } }, { throttle: { limit: 1, windowMs: 60_000 } });
    await expectError(await handler(get(`${XLSX_PATH}?builder=orders${query}`)), 400, message);
    expect(builder).not.toHaveBeenCalled();
    expect((await handler(get(`${XLSX_PATH}?builder=orders`)))?.status).toBe(200);
  });

  it("passes repeated parameters the library does not read to the builder untouched", async () => {
    let seen: ExportContext | undefined;
    const { handler } = setup({ xlsx: { orders: (ctx) => { seen = ctx; return ukrainianTable; } } });
    expect((await handler(get(`${XLSX_PATH}?builder=orders&tag=a&tag=b&f_city=Київ`)))?.status).toBe(200);
    expect(seen?.params.getAll('tag')).toEqual(['a', 'b']);
    expect(seen?.filterState.filters).toEqual({ city: 'Київ' });
  });

  it('answers HEAD with 405 and Allow: GET, without running the builder or using the throttle', async () => {
    const builder = vi.fn(() => ukrainianTable);
    const authorize = vi.fn(() => true);
    const { handler } = setup({ xlsx: { orders: builder }, pdf: { orders: builder } }, { throttle: { limit: 1, windowMs: 60_000 }, authorize });
    for (const path of [XLSX_PATH, PDF_PATH]) {
      for (let i = 0; i < 3; i++) {
        const res = (await handler(new Request(`${ORIGIN}${path}?builder=orders`, { method: 'HEAD' }))) as Response;
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET');
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await res.text()).toBe('');
      }
    }
    expect(builder).not.toHaveBeenCalled();
    expect(authorize).not.toHaveBeenCalled();
    // The throttle (1 per minute) is untouched: the first real download of each format still goes through.
    expect((await handler(get(`${XLSX_PATH}?builder=orders`)))?.status).toBe(200);
    expect((await handler(get(`${PDF_PATH}?builder=orders`)))?.status).toBe(200);
    expect(builder).toHaveBeenCalledTimes(2);
  });

  it('answers 403 when authorize refuses, without running the builder', async () => {
    const builder = vi.fn(() => ukrainianTable);
    const authorize = vi.fn(({ subject }: { subject: string | null }) => subject === 'admin');
    const { handler } = setup({ xlsx: { orders: builder } }, { authorize });
    await expectError(await handler(get(`${XLSX_PATH}?builder=orders`, as('guest'))), 403);
    expect(builder).not.toHaveBeenCalled();
    expect(authorize).toHaveBeenCalledWith(expect.objectContaining({ route: 'export_xlsx', subject: 'guest', builder: 'orders' }));
    expect((await handler(get(`${XLSX_PATH}?builder=orders`, as('admin'))))?.status).toBe(200);
  });

  it('passes an HttpError thrown by a builder through with its status', async () => {
    const { handler, onError } = setup({ pdf: { orders: () => { throw new HttpError(422, 'Pick a month first.'); } } });
    await expectError(await handler(get(`${PDF_PATH}?builder=orders`)), 422, /Pick a month first/);
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers 500 with a generic message and logs when a builder fails or returns a bad table', async () => {
    const { handler, onError } = setup({
      xlsx: {
        throws: () => { throw new Error('db password leaked'); },
        noColumns: () => ({ columns: [], rows: [] }),
        badRows: () => ({ columns: [{ key: 'a', label: 'A' }], rows: 'nope' }) as unknown as ExportTable,
        badFormat: () => ({ columns: [{ key: 'a', label: 'A', format: 'date' }], rows: [] }) as unknown as ExportTable,
        notObject: () => null as unknown as ExportTable,
      },
    });
    for (const key of ['throws', 'noColumns', 'badRows', 'badFormat', 'notObject']) {
      const res = await expectError(await handler(get(`${XLSX_PATH}?builder=${key}`)), 500, /^Internal server error\.$/);
      expect(res.text).not.toContain('password');
    }
    expect(onError).toHaveBeenCalledTimes(5);
  });
});

describe('export throttle', () => {
  it('allows 5 exports per minute per caller and builder, then answers 429 with Retry-After', async () => {
    let now = 1_000_000;
    const { handler } = setup({ xlsx: { orders: () => ukrainianTable, other: () => ukrainianTable } }, { now: () => now });
    for (let i = 0; i < 5; i++) expect((await handler(get(`${XLSX_PATH}?builder=orders`, as('alice'))))?.status).toBe(200);
    const refused = await expectError(await handler(get(`${XLSX_PATH}?builder=orders`, as('alice'))), 429, /Too many exports/);
    expect(refused.headers.get('retry-after')).toBe('60');
    // Other callers and other builders have their own budget.
    expect((await handler(get(`${XLSX_PATH}?builder=orders`, as('bob'))))?.status).toBe(200);
    expect((await handler(get(`${XLSX_PATH}?builder=other`, as('alice'))))?.status).toBe(200);
    now += 30_000;
    const later = await expectError(await handler(get(`${XLSX_PATH}?builder=orders`, as('alice'))), 429);
    expect(later.headers.get('retry-after')).toBe('30');
    now += 30_001;
    expect((await handler(get(`${XLSX_PATH}?builder=orders`, as('alice'))))?.status).toBe(200);
  });

  it('follows a configured rate and can be turned off', async () => {
    const limited = setup({ pdf: { t: () => ({ columns: [{ key: 'a', label: 'A' }], rows: [] }) } }, { throttle: { limit: 1, windowMs: 10_000 } });
    expect((await limited.handler(get(`${PDF_PATH}?builder=t`)))?.status).toBe(200);
    expect((await limited.handler(get(`${PDF_PATH}?builder=t`)))?.status).toBe(429);
    const open = setup({ xlsx: { t: () => ({ columns: [{ key: 'a', label: 'A' }], rows: [] }) } }, { throttle: false });
    for (let i = 0; i < 8; i++) expect((await open.handler(get(`${XLSX_PATH}?builder=t`)))?.status).toBe(200);
  });

  it('refuses invalid throttle settings at creation', () => {
    expect(() => createGridViewHandler({ throttle: { limit: 0, windowMs: 1000 } })).toThrow(RangeError);
    expect(() => createGridViewHandler({ throttle: { limit: 1, windowMs: Number.NaN } })).toThrow(RangeError);
  });
});

describe('builder context', () => {
  it('gets the filter state from q, sort, dir and f_<key>, the subject and a host', async () => {
    let seen: ExportContext | undefined;
    const { handler } = setup({ xlsx: { orders: (ctx) => { seen = ctx; return ukrainianTable; } } });
    await handler(get(`${XLSX_PATH}?builder=orders&q=acme&sort=total&dir=desc&f_region=north&f_empty=`, as('alice')));
    expect(seen?.filterState).toEqual({ search: 'acme', sort: { key: 'total', direction: 'desc' }, filters: { region: 'north' } });
    expect(seen?.subject).toBe('alice');
    expect(seen?.format).toBe('xlsx');
    expect(seen?.builder).toBe('orders');
    expect(seen?.params.get('q')).toBe('acme');
    expect(seen?.host.currentSubjectId()).toBe('alice');
  });

  it("uses the host's filterStateFromRequest when the registration names a spec", async () => {
    const spec = { gridId: 'orders', columns: [{ key: 'total', sortable: true, searchable: true }], searchMode: 'global' } as unknown as GridViewSpec;
    const state: FilterState = { search: 'from host', sort: null, filters: {} };
    const host = new MemoryHost({ filterState: state });
    const filterSpy = vi.spyOn(host, 'filterStateFromRequest');
    const registry = new ExportRegistry();
    let seen: FilterState | undefined;
    registry.register('pdf', 'orders', (ctx) => { seen = ctx.filterState; return ukrainianTable; }, { spec });
    const handler = createGridViewHandler({ exports: registry, host: () => host });
    expect((await handler(get(`${PDF_PATH}?builder=orders&q=ignored`)))?.status).toBe(200);
    expect(filterSpy).toHaveBeenCalledWith(spec);
    expect(seen).toEqual(state);
  });

  it('drops sort and filter keys the registered spec does not have (default host)', async () => {
    const spec = { gridId: 'orders', columns: [{ key: 'total', sortable: true, searchable: true }], searchMode: 'global' } as unknown as GridViewSpec;
    const registry = new ExportRegistry();
    let seen: FilterState | undefined;
    registry.register('xlsx', 'orders', (ctx) => { seen = ctx.filterState; return ukrainianTable; }, { spec });
    const handler = createGridViewHandler({ exports: registry });
    await handler(get(`${XLSX_PATH}?builder=orders&sort=password&f_secret=1&f_total=5`));
    expect(seen).toEqual({ search: '', sort: null, filters: { total: '5' } });
  });
});

describe('XLSX export', () => {
  it('writes a header row, numeric cells, neutralised text and the download headers', async () => {
    const { handler } = setup({ xlsx: { sales: () => ukrainianTable } });
    const res = await handler(get(`${XLSX_PATH}?builder=sales`));
    expect(res?.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res?.headers.get('content-disposition')).toBe(
      `attachment; filename="____ ___ _______.xlsx"; filename*=UTF-8''${encodeURIComponent('Звіт про продажі.xlsx')}`,
    );
    expect(res?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res?.headers.get('cache-control')).toBe('no-store');
    const bytes = await bytesOf(res);
    expect(res?.headers.get('content-length')).toBe(String(bytes.byteLength));
    const book = readXlsx(bytes);
    expect(book.SheetNames).toEqual(['Звіт про продажі']);
    const sheet = book.Sheets['Звіт про продажі'];
    if (!sheet) throw new Error('sheet missing');
    expect(['A1', 'B1', 'C1', 'D1'].map((ref) => sheet[ref]?.v)).toEqual(['ID', 'Місто', 'Сума', 'Частка']);
    expect(sheet.A2).toMatchObject({ t: 'n', v: 1 });
    // The table's currency as the screen names it in its locale: after the number in Ukrainian.
    expect(sheet.C2).toMatchObject({ t: 'n', v: 1234.5, z: '#,##0.00" ₴"' });
    expect(sheet.C3).toMatchObject({ t: 'n', v: 99.5 });
    expect(sheet.C4).toMatchObject({ t: 'n', v: -5 });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 0.25, z: '#,##0.0%' });
    expect(sheet.D4).toBeUndefined();
    expect(sheet.B2).toMatchObject({ t: 's', v: 'Київ' });
    for (const [ref, payload] of [['B4', '=HYPERLINK("http://evil.example","click")'], ['B5', '+1'], ['B6', '@SUM(A1)'], ['B7', '-2+3'], ['B8', '\tcmd']] as const) {
      const cell = sheet[ref];
      expect(cell?.t, ref).toBe('s');
      expect(cell?.f, ref).toBeUndefined();
      expect(cell?.v, ref).toBe(`'${payload}`);
    }
    expect(sheet['!ref']).toBe('A1:D8');
    expect(sheet['!cols']?.map((c) => c.wch)).toHaveLength(4);
  });

  it('cuts and cleans the sheet name to what Excel accepts', async () => {
    const { handler } = setup({ xlsx: { t: () => ({ title: "'Q1/Q2: [draft]* report? for the whole company\\'", columns: [{ key: 'a', label: 'A' }], rows: [] }) } });
    const book = readXlsx(await bytesOf(await handler(get(`${XLSX_PATH}?builder=t`))));
    const name = book.SheetNames[0] ?? '';
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[[\]:*?/\\]/);
    expect(name).toBe('Q1 Q2 draft report for the whol');
  });

  it('uses the fileName the builder gives, with the extension ensured', async () => {
    const { handler } = setup({ xlsx: { t: () => ({ fileName: 'orders/../2024 "final".xlsx', columns: [{ key: 'a', label: 'A' }], rows: [] }) } });
    const res = await handler(get(`${XLSX_PATH}?builder=t`));
    expect(res?.headers.get('content-disposition')).toBe(`attachment; filename="orders .. 2024 final.xlsx"; filename*=UTF-8''orders%20..%202024%20final.xlsx`);
  });

  it('writes booleans, dates and JSON objects as their own cell types', async () => {
    const when = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
    const { handler } = setup({ xlsx: { t: () => ({ columns: [{ key: 'b', label: 'B' }, { key: 'd', label: 'D' }, { key: 'o', label: 'O' }, { key: 'n', label: 'N', format: 'number' }], rows: [{ b: true, d: when, o: { x: 1 }, n: 'n/a' }] }) } });
    const sheet = readXlsx(await bytesOf(await handler(get(`${XLSX_PATH}?builder=t`)))).Sheets.Sheet1;
    expect(sheet?.A2).toMatchObject({ t: 'b', v: true });
    expect(sheet?.B2?.t).toBe('n');
    expect(sheet?.B2?.v).toBeCloseTo(45293.1278, 3);
    expect(sheet?.B2?.z).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet?.C2).toMatchObject({ t: 's', v: '{"x":1}' });
    expect(sheet?.D2).toMatchObject({ t: 's', v: 'n/a' });
  });
});

describe('XLSX export: what the screen shows', () => {
  const salesSpec = parseGridViewSpecJson({
    grid_id: 'sales',
    columns: [
      { key: 'id', label: 'Order' },
      { key: 'day', label: 'Date' },
      { key: 'units', label: 'Units', format: 'number' },
      { key: 'unit_price', label: 'Unit price', format: 'currency', hidden: true },
      { key: 'amount', label: 'Amount', format: 'currency' },
      { key: 'margin', label: 'Margin', format: 'percent' },
      { key: 'cost', label: 'Cost', format: 'currency', exportable: false },
    ],
  });
  const salesTable = (): ExportTable => ({
    title: 'Sales',
    columns: salesSpec.columns.map((c) => ({ key: c.key, label: c.label, format: c.format })),
    rows: [
      { id: 'SO-1', day: '2024-03-15', units: 1200, unit_price: 7.04, amount: 8444.88, margin: 0.106, cost: 7550 },
      { id: 'SO-2', day: '2024-03-16T09:30:00Z', units: 2.5, unit_price: 4, amount: '-10', margin: 0.5, cost: 1 },
    ],
    format: { locale: 'en', currency: 'USD' },
  });

  function serve(table: () => ExportTable) {
    const registry = new ExportRegistry();
    registry.register('xlsx', 'sales', table, { spec: salesSpec });
    return createGridViewHandler({ exports: registry });
  }

  async function sheetOf(handler: ReturnType<typeof serve>, query = ''): Promise<WorkSheet> {
    const sheet = readXlsx(await bytesOf(await handler(get(`${XLSX_PATH}?builder=sales${query}`)))).Sheets.Sales;
    if (!sheet) throw new Error('sheet missing');
    return sheet;
  }

  const header = (sheet: WorkSheet): unknown[] => XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0] ?? [];

  it('gives each column kind its cell type and the number format of the screen, in the table locale and currency', async () => {
    const sheet = await sheetOf(serve(salesTable));
    expect(header(sheet)).toEqual(['Order', 'Date', 'Units', 'Amount', 'Margin']);
    expect(sheet.A2).toMatchObject({ t: 's', v: 'SO-1' });
    expect(sheet.B2).toMatchObject({ t: 'n', v: 45366, z: 'yyyy-mm-dd', w: '2024-03-15' });
    expect(sheet.B3).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss', w: '2024-03-16 09:30:00' });
    expect(sheet.C2).toMatchObject({ t: 'n', v: 1200, z: '#,##0', w: '1,200' });
    expect(sheet.C3).toMatchObject({ t: 'n', v: 2.5, z: '#,##0.0', w: '2.5' });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 8444.88, z: '"$"#,##0.00', w: '$8,444.88' });
    expect(sheet.D3).toMatchObject({ t: 'n', v: -10, z: '"$"#,##0.00', w: '-$10.00' });
    expect(sheet.E2).toMatchObject({ t: 'n', v: 0.106, z: '#,##0.0%', w: '10.6%' });
    expect(sheet.E3).toMatchObject({ t: 'n', v: 0.5, z: '#,##0.0%', w: '50.0%' });
  });

  it('puts the currency where the locale puts it: after the amount in Ukrainian', async () => {
    const sheet = await sheetOf(serve(() => ({ ...salesTable(), format: { locale: 'uk', currency: 'USD' } })));
    expect(sheet.D2).toMatchObject({ t: 'n', v: 8444.88, z: '#,##0.00" $"' });
  });

  it('leaves out the columns the spec hides and keeps out of exports; follows the visible columns a link names, in its order', async () => {
    const handler = serve(salesTable);
    const shown = await sheetOf(handler, `&columns=amount,unit_price,id,cost,gone`);
    // The reader showed the unit price: it is written; cost never is; an unknown key is ignored.
    expect(header(shown)).toEqual(['Amount', 'Unit price', 'Order']);
    expect(shown.B2).toMatchObject({ t: 'n', v: 7.04, z: '"$"#,##0.00' });
    expect(header(await sheetOf(handler, `&columns=${encodeURIComponent('gone,also gone')}`))).toEqual(['Order', 'Date', 'Units', 'Amount', 'Margin']);
    await expectError(await handler(get(`${XLSX_PATH}?builder=sales&columns=cost`)), 400, /may be exported/, 'invalid_query');
    await expectError(await handler(get(`${XLSX_PATH}?builder=sales&columns=%E0%A4%A`)), 400, /columns/, 'invalid_query');
    await expectError(await handler(get(`${XLSX_PATH}?builder=sales&columns=id&columns=amount`)), 400, /columns/, 'invalid_query');
  });

  it('follows the visible columns of a link for a builder registered without a spec', async () => {
    const { handler } = setup({ xlsx: { t: () => ({ ...salesTable(), title: 'Sales' }) } });
    const sheet = readXlsx(await bytesOf(await handler(get(`${XLSX_PATH}?builder=t&columns=margin,id`)))).Sheets.Sales;
    expect(header(sheet as WorkSheet)).toEqual(['Margin', 'Order']);
  });
});

describe('PDF export', () => {
  it('renders the title, KPI strip, Ukrainian table text and page numbers', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, city: i % 2 ? 'Харків' : 'Одеса', amount: i * 10.5, share: i / 120 }));
    const { handler } = setup({ pdf: { sales: () => ({ ...ukrainianTable, rows: [...ukrainianTable.rows, ...rows] }) } });
    const res = await handler(get(`${PDF_PATH}?builder=sales`));
    expect(res?.headers.get('content-type')).toBe('application/pdf');
    expect(res?.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Звіт про продажі.pdf')}`);
    expect(res?.headers.get('x-grid-view-truncated')).toBeNull();
    const bytes = await bytesOf(res);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = pdfText(bytes);
    const pages = pdfPages(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Звіт про продажі');
    expect(text).toContain('Виручка');
    expect(text).toContain('Київ');
    expect(text).toContain('Харків');
    expect(text).toContain('Місто');
    expect(text).toContain('=HYPERLINK');
    // Table amounts name the currency by its ISO code, not by a symbol a reader elsewhere could misread.
    expect(text).toMatch(/1\s234,50\sUAH/u);
    expect(text).toContain('Page 1 of');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('caps rows, says so in the PDF and in a header', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ n: i }));
    const { handler } = setup({ pdf: { t: () => ({ title: 'Capped', columns: [{ key: 'n', label: 'N' }], rows }) } }, { pdfMaxRows: 25 });
    const res = await handler(get(`${PDF_PATH}?builder=t`));
    expect(res?.headers.get('x-grid-view-truncated')).toBe('25/60');
    const text = pdfText(await bytesOf(res));
    expect(text).toContain('Showing the first 25 of 60 rows.');
    expect(text).toMatch(/\b24\b/);
    expect(text).not.toMatch(/\b25\b(?! of)/);
  });

  it('takes the row cap and labels from the registration and the table', async () => {
    const registry = new ExportRegistry();
    registry.register('pdf', 't', () => ({ title: 'T', columns: [{ key: 'n', label: 'N' }], rows: Array.from({ length: 10 }, (_, n) => ({ n })), pageLabel: 'Сторінка {page} з {pages}', truncatedLabel: 'Перші {shown} з {total}' }), { maxRows: 3 });
    const handler = createGridViewHandler({ exports: registry });
    const text = pdfText(await bytesOf(await handler(get(`${PDF_PATH}?builder=t`))));
    expect(text).toContain('Перші 3 з 10');
    expect(text).toContain('Сторінка 1 з 1');
  });
});

describe('module-level registry', () => {
  it('registers, serves, unregisters and clears builders', async () => {
    const handler = createGridViewHandler();
    await expectError(await handler(get(`${XLSX_PATH}?builder=orders`)), 404);
    registerXlsxExport('orders', () => ukrainianTable);
    registerPdfExport('orders', () => ukrainianTable);
    expect(defaultExportRegistry.keys('xlsx')).toEqual(['orders']);
    expect((await handler(get(`${XLSX_PATH}?builder=orders`)))?.status).toBe(200);
    expect(unregisterXlsxExport('orders')).toBe(true);
    expect(unregisterXlsxExport('orders')).toBe(false);
    await expectError(await handler(get(`${XLSX_PATH}?builder=orders`)), 404);
    clearExportRegistry();
    expect(unregisterPdfExport('orders')).toBe(false);
  });

  it('refuses bad keys, non-function builders and bad caps at registration', () => {
    expect(() => registerPdfExport('', () => ukrainianTable)).toThrow(TypeError);
    expect(() => registerPdfExport('a b', () => ukrainianTable)).toThrow(TypeError);
    expect(() => registerPdfExport('x'.repeat(101), () => ukrainianTable)).toThrow(TypeError);
    expect(() => registerXlsxExport('ok', 'nope' as unknown as ExportBuilder)).toThrow(TypeError);
    expect(() => registerPdfExport('ok', () => ukrainianTable, { maxRows: 0 })).toThrow(TypeError);
  });
});
