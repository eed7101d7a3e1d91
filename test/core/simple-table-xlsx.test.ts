import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Column, Row } from '../../src/core/types';
import { visibleRows } from '../../src/core/table-model';
import { buildXlsxWorkbook, writeXlsxBytes, xlsxFileName, xlsxMatrix } from '../../src/core/table-model/xlsx';
import { sheetName } from '../../src/core/safety';

function col(key: string, extra: Partial<Column> = {}): Column {
  return { key, label: key, format: 'text', align: 'left', sortable: true, searchable: true, width: null, linkTemplate: null, ...extra };
}

function readBack(bytes: Uint8Array) {
  const book = XLSX.read(bytes, { type: 'array', cellNF: true });
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
    const { sheet, rows: back } = readBack(writeXlsxBytes(XLSX, xlsxMatrix(shown, columns), 'orders'));
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
    const { sheet } = readBack(writeXlsxBytes(XLSX, xlsxMatrix(rows, columns), 'orders'));
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

  it('keeps what the screen shows: number formats per column kind in the locale and currency, dates as dates', () => {
    const kinds = [
      col('units', { format: 'number' }),
      col('amount', { format: 'currency', exportRaw: (row) => row.amount }),
      col('margin', { format: 'percent' }),
      col('day'),
      col('at'),
      col('note'),
    ];
    const data: Row[] = [
      { units: 1200, amount: 8444.88, margin: 0.106, day: '2024-03-15', at: new Date(Date.UTC(2024, 2, 15, 9, 30, 5)), note: '=1+1' },
      { units: 2.5, amount: '-12', margin: 0.5, day: '2024-02-30', at: null, note: 'plain' },
    ];
    const { sheet } = readBack(writeXlsxBytes(XLSX, xlsxMatrix(data, kinds, { locale: 'uk', currency: 'USD' }), 'orders'));
    expect(sheet.A1).toMatchObject({ t: 's', v: 'units' });
    expect(sheet.A2).toMatchObject({ t: 'n', v: 1200, z: '#,##0' });
    expect(sheet.A3).toMatchObject({ t: 'n', v: 2.5, z: '#,##0.0' });
    expect(sheet.B2).toMatchObject({ t: 'n', v: 8444.88, z: '#,##0.00" $"' });
    // A numeric string in a currency column is the number the screen shows, not the text "'-12".
    expect(sheet.B3).toMatchObject({ t: 'n', v: -12, z: '#,##0.00" $"' });
    expect(sheet.C2).toMatchObject({ t: 'n', v: 0.106, z: '#,##0.0%' });
    expect(sheet.C3).toMatchObject({ t: 'n', v: 0.5, z: '#,##0.0%' });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 45366, z: 'yyyy-mm-dd' });
    expect(sheet.D3).toMatchObject({ t: 's', v: '2024-02-30' });
    expect(sheet.E2).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss' });
    expect(sheet.E2?.w).toBe('2024-03-15 09:30:05');
    expect(sheet.E3).toBeUndefined();
    expect(sheet.F2).toMatchObject({ t: 's', v: "'=1+1" });
    // In English the symbol leads, as on screen.
    const en = readBack(writeXlsxBytes(XLSX, xlsxMatrix(data, kinds, { locale: 'en', currency: 'USD' }), 'orders')).sheet;
    expect(en.B2).toMatchObject({ t: 'n', v: 8444.88, z: '"$"#,##0.00', w: '$8,444.88' });
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
