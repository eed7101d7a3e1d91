/**
 * How DataGrid sets AG Grid up (jsdom, real AG Grid): the column definitions built from the spec
 * (formats through the library's cached `Intl` formatters, alignment, the filter by column kind,
 * header tooltips, link cells), the modules registered per grid (no all-modules bundle, no
 * Enterprise), link cells that never carry an unchecked href or row markup, and 100,000 rows that
 * never become reactive.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { isProxy, isReactive, markRaw } from 'vue';
import * as agGrid from 'ag-grid-community';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { DATA_GRID_MODULES, LinkCellRenderer, buildColumnDefs, contentWidth, filterKindOf } from '../../components/data-grid/grid-setup';
import TextFilter from '../../components/data-grid/TextFilter.vue';
import DataGrid from '../../components/DataGrid.vue';
import ValuesFilter from '../../components/data-grid/ValuesFilter.vue';
import { columnsFromSpec } from '../../src/core/columns';
import { formatValue, getNumberFormat } from '../../src/core/format';
import { createTranslator } from '../../src/core/i18n';
import { parseGridViewSpec } from '../../src/core/spec';
import type { Column, Row } from '../../src/core/types';
import { ORDERS_SPEC, exposed, mountGrid, orderRows, until } from './data-grid.fixtures';

afterEach(() => {
  document.body.innerHTML = '';
});

const VALUES = { component: ValuesFilter, params: (column: Column) => ({ columnLabel: column.label }) };
const TEXT = { component: TextFilter, params: (column: Column) => ({ columnLabel: column.label }) };

function defsFor(rows: readonly Row[], locale = 'en', currency = 'USD'): Map<string, ColDef> {
  const columns = columnsFromSpec(parseGridViewSpec(ORDERS_SPEC));
  const defs = buildColumnDefs(columns, rows, {
    format: { locale, currency },
    translator: createTranslator({ locale }),
    valuesFilter: VALUES,
    textFilter: TEXT,
    groups: new Map([['id', 'Order']]),
  });
  return new Map(defs.map((def) => [def.colId as string, def]));
}

/** The classes a column definition gives every cell (`cellClass`, and `cellClassRules` that always hold). */
function cellClasses(def: ColDef | undefined): string[] {
  const out: string[] = [];
  const fixed = def?.cellClass;
  if (typeof fixed === 'string') out.push(...fixed.split(' '));
  else if (Array.isArray(fixed)) out.push(...fixed);
  for (const [names, rule] of Object.entries(def?.cellClassRules ?? {})) {
    if (typeof rule === 'function' && rule({} as never)) out.push(...names.split(' '));
  }
  return out.filter((name) => name !== '');
}

function formatted(def: ColDef | undefined, value: unknown): string {
  const formatter = def?.valueFormatter;
  if (typeof formatter !== 'function') throw new Error('no value formatter');
  return formatter({ value } as Parameters<typeof formatter>[0]) as string;
}

describe('DataGrid column definitions', () => {
  it('format cells through the library’s cached Intl formatters, as every other view does', () => {
    const defs = defsFor(orderRows(40), 'uk', 'UAH');
    expect(formatted(defs.get('amount'), 1234.5)).toBe(getNumberFormat('uk', 'currency', 'UAH').format(1234.5));
    expect(formatted(defs.get('amount'), 1234.5)).toBe(formatValue(1234.5, 'currency', { locale: 'uk', currency: 'UAH' }));
    // Ukrainian grouping (a no-break space) and decimal comma: the locale's, not English.
    expect(formatted(defs.get('units'), 1234567.5)).toMatch(/^1\s234\s567,5$/u);
    expect(formatted(defs.get('units'), '2500')).toBe(getNumberFormat('uk', 'number').format(2500));
    expect(formatted(defs.get('note'), 'plain <b>text</b>')).toBe('plain <b>text</b>');
    expect(formatted(defs.get('units'), null)).toBe('');
    const english = defsFor(orderRows(40));
    expect(formatted(english.get('amount'), 1234.5)).toBe('$1,234.50');
  });

  it('align numbers right with AG Grid’s own classes, text left, and name every header in a tooltip', () => {
    const defs = defsFor(orderRows(40));
    expect(cellClasses(defs.get('amount'))).toContain('ag-right-aligned-cell');
    expect(String(defs.get('amount')?.headerClass)).toContain('ag-right-aligned-header');
    expect(cellClasses(defs.get('units'))).toContain('ag-right-aligned-cell');
    expect(cellClasses(defs.get('region'))).toContain('gv-align-left');
    expect(cellClasses(defs.get('region')).join(' ')).not.toContain('right-aligned');
    expect(String(defs.get('region')?.headerClass)).toContain('gv-align-left');
    for (const [key, label] of [['id', 'Order'], ['amount', 'Amount'], ['secret', 'Internal code']] as const) {
      expect(defs.get(key)?.headerName).toBe(label);
      expect(defs.get(key)?.headerTooltip).toBe(label);
    }
    expect(defs.get('id')?.context).toMatchObject({ menuGroup: 'Order' });
  });

  it('give every mounted cell its alignment and format classes, still there after a search refreshes the rows in place', async () => {
    const rows = orderRows(200);
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const { controller } = exposed(wrapper);
    const classesOf = (key: string): string[] => [...wrapper.element.querySelectorAll(`.ag-row .ag-cell[col-id="${key}"]`)].map((cell) => cell.className);
    await until(() => classesOf('amount').length > 0, 'the first rows');
    const check = (): void => {
      for (const name of classesOf('amount')) expect(name.split(' ')).toEqual(expect.arrayContaining(['gv-cell', 'gv-align-right', 'gv-format-currency', 'ag-right-aligned-cell']));
      for (const name of classesOf('region')) {
        expect(name.split(' ')).toEqual(expect.arrayContaining(['gv-cell', 'gv-align-left', 'gv-format-text']));
        expect(name).not.toContain('right-aligned');
      }
    };
    check();
    controller.setQuickFilter('south');
    const first = rows.find((row) => row.region === 'South')!;
    await until(() => wrapper.element.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="id"]')?.textContent === first.id, 'the southern rows');
    check();
    wrapper.unmount();
  });

  it('choose the filter by the column: number filter for numeric formats, date filter for ISO days, values checklist for few repeated texts, the search-language text filter otherwise, none when not searchable', () => {
    const defs = defsFor(orderRows(40));
    expect(defs.get('units')?.filter).toBe('agNumberColumnFilter');
    expect(defs.get('amount')?.filter).toBe('agNumberColumnFilter');
    expect(defs.get('day')?.filter).toBe('agDateColumnFilter');
    // The operator menus come from the operator registry: for its built-in operators, AG Grid's own lists.
    expect(defs.get('units')?.filterParams).toEqual({
      debounceMs: 250,
      maxNumConditions: 2,
      filterOptions: ['equals', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'inRange', 'blank', 'notBlank'],
    });
    expect(defs.get('day')?.filterParams).toEqual({ debounceMs: 250, maxNumConditions: 2, filterOptions: ['equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange', 'blank', 'notBlank'] });
    expect(defs.get('region')?.filter).toEqual({ component: ValuesFilter });
    expect(defs.get('region')?.filterParams).toEqual({ columnLabel: 'Region' });
    expect(defs.get('note')?.filter).toEqual({ component: TextFilter });
    expect(defs.get('note')?.filterParams).toEqual({ columnLabel: 'Note' });
    // AG Grid's own text filter is never used: it cannot read the search language.
    for (const def of defs.values()) expect(def.filter).not.toBe('agTextColumnFilter');

    const column = (extra: Partial<Column>): Column => ({ key: 'c', label: 'C', format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null, ...extra });
    expect(filterKindOf(column({ searchable: false }), [{ c: 'x' }])).toBe('none');
    expect(filterKindOf(column({ format: 'percent' }), [{ c: 'x' }])).toBe('number');
    // A values column needs each value seen twice on average; unique texts get the text filter.
    expect(filterKindOf(column({}), [{ c: 'a' }, { c: 'b' }])).toBe('text');
    expect(filterKindOf(column({}), [{ c: 'a' }, { c: 'a' }, { c: 'b' }, { c: 'b' }])).toBe('values');
    expect(filterKindOf(column({}), [{ c: '2024-01-01' }, { c: '' }, { c: '2024-02-03T10:00:00Z' }])).toBe('date');
    expect(filterKindOf(column({}), [])).toBe('text');
    const notSearchable = columnsFromSpec(parseGridViewSpec({ ...ORDERS_SPEC, columns: [{ key: 'note', label: 'Note', searchable: false, sortable: false }] }));
    const [def] = buildColumnDefs(notSearchable, orderRows(3), { format: {}, translator: createTranslator(), valuesFilter: VALUES, textFilter: TEXT, groups: new Map() });
    expect(def?.filter).toBe(false);
    expect(def?.sortable).toBe(false);
  });

  it('draw link cells with the library’s renderer only for columns with a link template', () => {
    const defs = defsFor(orderRows(4));
    expect(defs.get('id')?.cellRenderer).toBe(LinkCellRenderer);
    expect(defs.get('id')?.cellRendererParams).toEqual({ linkTemplate: '/orders/{id}' });
    expect(defs.get('note')?.cellRenderer).toBeUndefined();
  });
});

describe('DataGrid modules', () => {
  const MODULE_NAMES = [
    'InfiniteRowModel',
    'NumberFilter',
    'DateFilter',
    'CustomFilter',
    'ExternalFilter',
    'ColumnApi',
    'CellStyle',
    'RowApi',
    'ScrollApi',
    'EventApi',
    'Tooltip',
    'Locale',
  ];

  it('registers exactly the modules it uses, each one of ag-grid-community’s own, and no bundle of all modules', () => {
    const names = DATA_GRID_MODULES.map((module) => module.moduleName);
    // ValidationModule is added in development builds only (vitest runs as development).
    expect(names.filter((name) => name !== 'Validation')).toEqual(MODULE_NAMES);
    const exported = new Set(Object.values(agGrid));
    for (const module of DATA_GRID_MODULES) expect(exported.has(module)).toBe(true);
    expect(DATA_GRID_MODULES).not.toContain(agGrid.AllCommunityModule);
    expect(names).not.toContain('AllCommunity');
    expect(names).not.toContain('TextFilter');
    expect(names).not.toContain('ClientSideRowModel');
  });

  it('gives a mounted grid those modules only: no client-side row model, no quick filter, no AG Grid text filter', async () => {
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows: orderRows(30) });
    const api = exposed(wrapper).api!;
    for (const name of ['InfiniteRowModelModule', 'CustomFilterModule', 'NumberFilterModule', 'DateFilterModule'] as const) expect(api.isModuleRegistered(name)).toBe(true);
    for (const name of ['ClientSideRowModelModule', 'QuickFilterModule', 'TextFilterModule', 'CsvExportModule', 'RowSelectionModule'] as const) expect(api.isModuleRegistered(name)).toBe(false);
    wrapper.unmount();
  });

  it('never imports AG Grid Enterprise, the all-modules bundle or a licence key in shipped code, and registers nothing globally', () => {
    const root = join(__dirname, '..', '..');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|vue)$/.test(entry)) files.push(path);
      }
    };
    for (const dir of ['components', 'composables', 'stores', 'src']) walk(join(root, dir));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/ag-grid-enterprise|AllCommunityModule|AllEnterpriseModule|LicenseManager|ModuleRegistry\.register/);
    }
  });
});

/** Renders one cell with the link renderer, as AG Grid would call it. */
function renderLink(template: unknown, data: Row | undefined, value: unknown = data?.id): HTMLElement {
  const renderer = new LinkCellRenderer();
  renderer.init({ value, valueFormatted: formatValue(value, 'text'), data, linkTemplate: template } as unknown as ICellRendererParams);
  return renderer.getGui();
}

describe('DataGrid link cells', () => {
  it('never draw a link for an unsafe template: the cell shows its text only', () => {
    for (const template of ['javascript:alert({id})', 'JavaScript:alert(1)', 'data:text/html,{id}', 'java\tscript:{id}', '/\\evil.example/{id}', 'vbscript:{id}', '{id', 42]) {
      const cell = renderLink(template, { id: 'SO-1' });
      expect(cell.querySelector('a'), String(template)).toBeNull();
      expect(cell.textContent).toBe('SO-1');
    }
  });

  it('cannot be turned into a javascript: link or markup by a row value: placeholders are URL-encoded, text is a text node', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const cell = renderLink('/orders/{id}', { id: markup });
    const link = cell.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/orders/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(link?.textContent).toBe(markup);
    expect(cell.querySelector('img')).toBeNull();
    expect(link?.childNodes).toHaveLength(1);
    expect(link?.firstChild?.nodeType).toBe(Node.TEXT_NODE);

    const scheme = renderLink('{id}', { id: 'javascript:alert(1)' }).querySelector('a');
    expect(scheme?.getAttribute('href')).toBe('javascript%3Aalert(1)');
    expect(scheme?.href.startsWith('javascript:')).toBe(false);
  });

  it('encodes every placeholder so a value cannot change the path, query or fragment', () => {
    const cell = renderLink('https://crm.example/orders/{id}?region={region}', { id: 'a/b?c#d&e', region: 'Kyiv & Co 100%' });
    expect(cell.querySelector('a')?.getAttribute('href')).toBe('https://crm.example/orders/a%2Fb%3Fc%23d%26e?region=Kyiv%20%26%20Co%20100%25');
  });

  it('draws plain text when a placeholder has no value or an object, and when the row is not loaded yet', () => {
    expect(renderLink('/orders/{id}', { id: null }).querySelector('a')).toBeNull();
    expect(renderLink('/orders/{id}/{missing}', { id: 1 }).querySelector('a')).toBeNull();
    expect(renderLink('/orders/{id}', { id: { toString: () => 'x' } }, 'x').querySelector('a')).toBeNull();
    expect(renderLink('/orders/{id}', undefined, 'SO-9').textContent).toBe('SO-9');
  });

  it('in a mounted grid: every link is encoded and row markup stays text; an unsafe template in a spec is refused before any grid exists', async () => {
    const rows = orderRows(5).map((row, i) => (i === 0 ? { ...row, id: '<b onclick="alert(1)">x</b>/..?a=1#f' } : row));
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    await until(() => document.querySelectorAll('.ag-cell[col-id="id"] a').length === 5, 'the link cells');
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.ag-cell[col-id="id"] a'));
    expect(links[0]?.getAttribute('href')).toBe('/orders/%3Cb%20onclick%3D%22alert(1)%22%3Ex%3C%2Fb%3E%2F..%3Fa%3D1%23f');
    expect(links[0]?.textContent).toBe('<b onclick="alert(1)">x</b>/..?a=1#f');
    expect(document.querySelector('.ag-cell[col-id="id"] b, [onclick]')).toBeNull();
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/orders\/[^/?#]+$/);
    wrapper.unmount();

    const unsafe = { ...ORDERS_SPEC, columns: [{ key: 'id', label: 'Order', link_template: 'javascript:alert({id})' }] };
    const refused = mount(DataGrid, { props: { spec: unsafe, rows, pageState: false }, attachTo: document.body });
    expect(refused.find('[data-gv-invalid="true"]').exists()).toBe(true);
    expect(refused.text()).toContain('unsafe_url');
    expect(document.querySelector('.ag-root, a[href^="javascript"]')).toBeNull();
    refused.unmount();
  });
});

describe('DataGrid rows', () => {
  it('never makes 100,000 rows reactive: the grid, the adapter and the export get the very row objects given', async () => {
    const rows = orderRows(100_000);
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const { api, adapter, controller } = exposed(wrapper);
    expect(controller.counts()).toEqual({ shown: 100_000, total: 100_000 });
    const first = api!.getDisplayedRowAtIndex(0)?.data as Row;
    expect(first).toBe(rows[0]);
    expect(isProxy(first)).toBe(false);
    expect(isReactive(rows)).toBe(false);
    expect(isProxy(adapter!.getRows())).toBe(false);
    expect(adapter!.getRows()[99_999]).toBe(rows[99_999]);
    expect(isProxy(controller.rowsForExport())).toBe(false);
    // A search reads the same objects: the row source never copies or wraps them.
    controller.setQuickFilter('SO-99999');
    await until(() => controller.counts().shown === 1, 'the search');
    expect(adapter!.getRows()[0]).toBe(rows[99_998]);
    expect(isProxy(adapter!.getRows()[0])).toBe(false);
    wrapper.unmount();
  });

  it('reads a frozen rows array without changing it, and a markRaw one the same', async () => {
    const rows = Object.freeze(orderRows(300).map((row) => Object.freeze(row)));
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows: markRaw(rows) });
    exposed(wrapper).api!.applyColumnState({ state: [{ colId: 'amount', sort: 'desc' }] });
    await until(() => (exposed(wrapper).api!.getDisplayedRowAtIndex(0)?.data as Row | undefined)?.amount === 999.5, 'the sort');
    expect(rows[0]?.id).toBe('SO-0001');
    wrapper.unmount();
  });
});

describe('DataGrid column widths', () => {
  it('give every column at least the width of its widest value and of its label’s longest word, and at least the spec’s pixel width', () => {
    const rows = orderRows(2000).map((row, i) => ({ ...row, note: i === 1500 ? 'a much longer note somewhere in the middle' : 'short' }));
    const defs = defsFor(rows);
    const units = defs.get('units')!.minWidth!;
    const note = defs.get('note')!.minWidth!;
    // "Units" (a header word) outweighs two-digit values; the long note, sampled from the middle, outweighs its header.
    expect(note).toBeGreaterThan(units);
    expect(note).toBeGreaterThanOrEqual('a much longer note somewhere in the middle'.length * 8);
    expect(defs.get('amount')!.minWidth).toBeGreaterThanOrEqual('$999.50'.length * 8);
    expect(defs.get('secret')!.minWidth).toBeGreaterThanOrEqual('Internal'.length * 9);
    for (const def of defs.values()) expect(def.flex).toBe(1);
    const wide = columnsFromSpec(parseGridViewSpec({ ...ORDERS_SPEC, columns: [{ key: 'units', label: 'U', format: 'number', width: '240px' }] }));
    expect(buildColumnDefs(wide, rows, { format: {}, translator: createTranslator(), valuesFilter: VALUES, textFilter: TEXT, groups: new Map() })[0]?.minWidth).toBe(240);
    // A text far longer than a grid can show asks for no more than 360 px.
    const huge = [{ note: 'x'.repeat(500) }];
    expect(contentWidth({ key: 'note', label: 'Note', format: 'text' }, huge, {})).toBe(360);
  });
});
