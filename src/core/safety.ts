/**
 * Export safety shared by every exporter (client XLSX, server XLSX, PDF text).
 *
 * @module
 */

/** First characters that make a spreadsheet treat a cell as a formula (or as DDE in some readers). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Makes a value safe to write into a spreadsheet cell.
 *
 * Strings whose first character is `=`, `+`, `-`, `@`, tab or carriage return get a leading
 * apostrophe, so spreadsheet programs show them as text instead of running them as a formula
 * (OWASP "CSV injection"). Numbers, booleans, null and undefined pass through unchanged, so a
 * negative number stays a numeric cell; only a negative number stored as a STRING is prefixed.
 * Dates pass through. Other objects become their JSON text, then get the same check.
 */
export function neutraliseCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'bigint') return value.toString();
  const text = typeof value === 'string' ? value : safeStringify(value);
  return text.length > 0 && FORMULA_START.has(text[0] ?? '') ? `'${text}` : text;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Makes a sheet name Excel accepts: without `[ ] : * ? / \`, not starting or ending with an
 * apostrophe, at most 31 characters (never splitting a character), not the reserved `History`,
 * `Sheet1` when nothing is left. Shared by the client and the server XLSX export.
 *
 * @example
 * sheetName('Q1: sales / returns'); // "Q1 sales returns"
 */
export function sheetName(value: string | undefined): string {
  const cleaned = (value ?? '').replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '').trim();
  let out = '';
  for (const char of cleaned) {
    if (out.length + char.length > 31) break;
    out += char;
  }
  out = out.replace(/'+$/, '').trim();
  if (out === '') return 'Sheet1';
  return out.toLowerCase() === 'history' ? 'History_' : out;
}
