import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Column, Row } from '../../src/core/types';
import { exportMatrix, visibleRows } from '../../src/core/table-model';
import { buildXlsxWorkbook, writeXlsxBytes, xlsxFileName } from '../../src/core/table-model/xlsx';
import { sheetName } from '../../src/core/safety';

function col(key: string, extra: Partial<Column> = {}): Column {
  return { key, label: key, format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null, ...extra };
}

function readBack(bytes: Uint8Array) {
  const book = XLSX.read(bytes, { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return { book, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

describe('client XLSX workbook', () => {
  const rows: Row[] = [
    { id: 1, name: 'Kyiv office', amount: 1200.5, payload: '=HYPERLINK("http://evil.example","click")' },
    { id: 2, name: 'Lviv office', amount: -2, payload: '+1' },
    { id: 3, name: 'Kyiv depot', amount: 0.25, payload: '-2' },
    { id: 4, name: 'Odesa', amount: null, payload: '@SUM(A1:A9)' },
  ];
  const columns = [col('id', { format: 'number' }), col('name'), col('amount', { format: 'currency' }), col('payload')];

  it('writes the visible rows in their order, numbers as numeric cells', () => {
    const shown = visibleRows(rows, columns, { filter: { global: 'kyiv' }, sort: { key: 'amount', direction: 'asc' } });
    const { sheet, rows: back } = readBack(writeXlsxBytes(XLSX, exportMatrix(shown, columns), 'orders'));
    expect(back).toEqual([
      ['id', 'name', 'amount', 'payload'],
      [3, 'Kyiv depot', 0.25, "'-2"],
      [1, 'Kyiv office', 1200.5, '\'=HYPERLINK("http://evil.example","click")'],
    ]);
    expect(sheet.A2?.t).toBe('n');
    expect(sheet.C3?.t).toBe('n');
    expect(sheet.C3?.v).toBe(1200.5);
  });

  it('brings formula payloads back as text, never as formulas', () => {
    const { sheet } = readBack(writeXlsxBytes(XLSX, exportMatrix(rows, columns), 'orders'));
    for (const ref of ['D2', 'D3', 'D4', 'D5']) {
      expect(sheet[ref]?.t).toBe('s');
      expect(sheet[ref]?.f).toBeUndefined();
      expect(String(sheet[ref]?.v).startsWith("'")).toBe(true);
    }
    expect(sheet.D3?.v).toBe("'+1");
    expect(sheet.D4?.v).toBe("'-2");
    expect(sheet.D5?.v).toBe("'@SUM(A1:A9)");
    // A negative NUMBER stays a number.
    expect(sheet.C3?.t).toBe('n');
    expect(sheet.C3?.v).toBe(-2);
    // Null is an empty cell.
    expect(sheet.C5).toBeUndefined();
  });

  it('names the sheet after the grid, in a form Excel accepts', () => {
    expect(buildXlsxWorkbook(XLSX, [['a']], 'orders').SheetNames).toEqual(['orders']);
    // The client and the server share one sheetName (its own cases are in test/server/units.test.ts).
    expect(buildXlsxWorkbook(XLSX, [['a']], 'a/b[c]:d*e?f\\g').SheetNames).toEqual([sheetName('a/b[c]:d*e?f\\g')]);
    expect(sheetName('a/b[c]:d*e?f\\g')).not.toMatch(/[[\]:*?/\\]/);
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('  ')).toBe('Sheet1');
  });

  it('makes safe download file names', () => {
    expect(xlsxFileName('orders')).toBe('orders.xlsx');
    expect(xlsxFileName('../etc/passwd')).toBe('_etc_passwd.xlsx');
    expect(xlsxFileName('', 'table')).toBe('table.xlsx');
    expect(xlsxFileName(null)).toBe('table.xlsx');
  });
});
