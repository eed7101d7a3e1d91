import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import * as XLSX from 'xlsx';
import type { Row } from '../../src/core/types';
import { setWarningHandler } from '../../src/core/warn';
import type { GridViewWarning } from '../../src/core/warn';
import { column, mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';
import { waitFor } from '../setup/wait';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

interface Download {
  blob: Blob;
  fileName: string;
}

/** Captures what the component hands to the browser: the Blob behind the object URL and the file name. */
function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      const url = `blob:test/${next++}`;
      blobs.set(url, blob);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ blob, fileName: this.download });
  });
  return downloads;
}

async function readSheet(blob: Blob): Promise<unknown[][]> {
  const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
}

describe('SimpleTable: XLSX export', () => {
  it('exports exactly the visible rows in their current order, with raw values and a header row', async () => {
    const downloads = captureDownloads();
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { exportXlsx: true }));
    await wrapper.find('input[data-cm-search]').setValue('kyiv');
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('th[data-cm-col-key="qty"] button').trigger('click');
    await wrapper.find('button[data-cm-export="xlsx"]').trigger('click');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('orders.xlsx');
    expect(downloads[0]!.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await readSheet(downloads[0]!.blob)).toEqual([
      ['ID', 'Name', 'City', 'Amount', 'Qty'],
      [1, 'Olena', 'Kyiv', 1200.5, 10],
      [4, 'Zoë', 'Kyiv', null, 2],
    ]);
    await flushPromises();
    expect(wrapper.find('[data-cm-announcer]').text()).toBe('The file is ready');
    expect(wrapper.find('button[data-cm-export="xlsx"]').attributes('disabled')).toBeUndefined();
  });

  it('honours exportRaw and neutralises formula-like text', async () => {
    const downloads = captureDownloads();
    const rows: Row[] = [{ code: '=HYPERLINK("http://evil","x")', when: 'ignored', n: -2 }];
    const columns = [column('code', { label: '@header' }), column('when', { exportRaw: () => '+raw' }), column('n', { format: 'number' })];
    const wrapper = mountTable(tableConfig(rows, columns, { exportXlsx: true, gridId: 'a/../b c' }));
    await wrapper.find('button[data-cm-export="xlsx"]').trigger('click');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('a_.._b_c.xlsx');
    expect(await readSheet(downloads[0]!.blob)).toEqual([
      ["'@header", 'when', 'n'],
      ["'=HYPERLINK(\"http://evil\",\"x\")", "'+raw", -2],
    ]);
  });

  it('shows no export button unless exportXlsx is on', () => {
    expect(mountTable(tableConfig(people, peopleColumns())).find('button[data-cm-export="xlsx"]').exists()).toBe(false);
  });

  it('announces and shows a failed export, keeps the table usable, and drops the message once an export succeeds', async () => {
    captureDownloads();
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => { throw new Error('blocked'); } });
    const warnings: GridViewWarning[] = [];
    setWarningHandler((warning) => warnings.push(warning));
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { exportXlsx: true }));
    await wrapper.find('button[data-cm-export="xlsx"]').trigger('click');
    await waitFor(() => expect(wrapper.find('[data-cm-announcer]').text()).toBe('The export failed'));
    setWarningHandler(null);
    expect(warnings).toEqual([expect.objectContaining({ code: 'export_failed', detail: expect.any(Error) })]);
    expect(wrapper.find('[data-cm-export-error]').text()).toBe('The export failed');
    expect(wrapper.find('button[data-cm-export="xlsx"]').attributes('disabled')).toBeUndefined();
    const downloads = captureDownloads();
    await wrapper.find('button[data-cm-export="xlsx"]').trigger('click');
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    await vi.waitFor(() => expect(wrapper.find('[data-cm-announcer]').text()).toBe('The file is ready'));
    expect(wrapper.find('[data-cm-export-error]').exists()).toBe(false);
  });

  it('exposes the visible rows the export writes', async () => {
    const wrapper = mountTable(tableConfig(people, peopleColumns()));
    await wrapper.find('input[data-cm-search]').setValue('lyon');
    expect((wrapper.vm as unknown as { visibleRows: () => unknown[] }).visibleRows()).toEqual([people[1]]);
  });
});

describe('SimpleTable: XLSX number formats', () => {
  it("writes numbers in the table's locale and currency, as its cells show them", async () => {
    const downloads = captureDownloads();
    const wrapper = mountTable(tableConfig(people, peopleColumns(), { exportXlsx: true }), { locale: 'uk', currency: 'UAH' });
    await wrapper.find('button[data-cm-export="xlsx"]').trigger('click');
    await waitFor(() => expect(downloads).toHaveLength(1));
    const book = XLSX.read(new Uint8Array(await downloads[0]!.blob.arrayBuffer()), { type: 'array', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet.D2).toMatchObject({ t: 'n', v: 1200.5, z: '#,##0.00" ₴"' });
    expect(sheet.E2).toMatchObject({ t: 'n', v: 10, z: '#,##0' });
    expect(sheet.B2).toMatchObject({ t: 's', v: 'Olena' });
  });
});
