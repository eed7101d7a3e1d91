import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, csvText } from '../../src/core/table-model/csv';
import { exportMatrix } from '../../src/core/table-model';
import { exportedColumns } from '../../src/core/table-model/export';
import { writeXlsxBytes } from '../../src/core/table-model/xlsx';
import * as XLSX from 'xlsx';

/** Splits RFC 4180 text into records of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}

describe('csvText', () => {
  it('starts with the UTF-8 byte order mark and ends every record, the last included, with CRLF', () => {
    const text = csvText([['Name', 'City'], ['Olena', 'Київ']]);
    expect(text).toBe('\uFEFFName,City\r\nOlena,Київ\r\n');
    expect(Array.from(new TextEncoder().encode(text).subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvText([['a']], { bom: false })).toBe('a\r\n');
    expect(csvText([])).toBe('\uFEFF');
  });

  it('quotes fields holding a quote, comma, CR or LF and doubles the quotes inside', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    const text = csvText([['k', 'v'], ['x', 'a,"b"\r\nc']], { bom: false });
    expect(parseCsv(text)).toEqual([['k', 'v'], ['x', 'a,"b"\r\nc']]);
  });

  it('writes raw numbers, TRUE/FALSE, ISO dates and empty fields for null, NaN and infinities', () => {
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-0)).toBe('0');
    expect(csvField(-12)).toBe('-12');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvField(true)).toBe('TRUE');
    expect(csvField(false)).toBe('FALSE');
    expect(csvField(new Date(Date.UTC(2026, 2, 1, 10)))).toBe('2026-03-01T10:00:00.000Z');
    expect(csvField(new Date(Number.NaN))).toBe('');
    expect(csvField(null)).toBe('');
  });

  it('is formula-safe exactly as the XLSX export: both write the same neutralised matrix', () => {
    const rows = [
      { name: '=HYPERLINK("http://evil.example","x")', n: -5, note: '+1' },
      { name: '@SUM(A1)', n: 3, note: '-2' },
      { name: '\tTab', n: 0, note: '\rCR' },
    ];
    const columns = [
      { key: 'name', label: 'Name' },
      { key: 'n', label: '=Formula header' },
      { key: 'note', label: 'Note' },
    ];
    const matrix = exportMatrix(rows, columns);
    const csv = parseCsv(csvText(matrix, { bom: false }));
    expect(csv[0]).toEqual(['Name', "'=Formula header", 'Note']);
    expect(csv.slice(1).map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1)", "'\tTab"]);
    expect(csv.slice(1).map((r) => r[1])).toEqual(['-5', '3', '0']);
    expect(csv.slice(1).map((r) => r[2])).toEqual(["'+1", "'-2", "'\rCR"]);
    // Every text field starts with a character no spreadsheet reads as a formula.
    for (const record of csv) for (const field of record) expect(field).not.toMatch(/^[=+@\t\r]/);
    // The XLSX of the same matrix holds the same texts.
    const book = XLSX.read(writeXlsxBytes(XLSX, matrix, 'x'), { type: 'array' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true });
    expect(sheet.slice(1).map((r) => r[0])).toEqual(csv.slice(1).map((r) => r[0]));
  });

  it('names the file after the grid id with unsafe characters replaced', () => {
    expect(csvFileName('orders')).toBe('orders.csv');
    expect(csvFileName('../a b', 'table')).toBe('_a_b.csv');
    expect(csvFileName('', 'таблиця')).toBe('таблиця.csv');
  });
});

describe('exportedColumns', () => {
  const shown = [{ key: 'c' }, { key: 'a' }, { key: 'secret', exportable: false }, { key: 'b' }];

  it('keeps the shown exportable columns in the order shown', () => {
    expect(exportedColumns(shown).map((c) => c.key)).toEqual(['c', 'a', 'b']);
  });

  it('narrows to export_columns when given, still in the order shown, ignoring keys not shown', () => {
    expect(exportedColumns(shown, ['a', 'c', 'hidden']).map((c) => c.key)).toEqual(['c', 'a']);
    expect(exportedColumns(shown, [])).toEqual([]);
  });
});
