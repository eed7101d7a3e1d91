/**
 * Read export bytes back the way a user's software would: XLSX through the `xlsx` reader, PDF text
 * through poppler's `pdftotext` (package `poppler-utils`).
 */
import { execFileSync } from 'node:child_process';
import * as XLSXModule from 'xlsx';
import type { WorkBook } from 'xlsx';

const XLSX = ((XLSXModule as { default?: typeof XLSXModule }).default ?? XLSXModule) as typeof XLSXModule;

export function readXlsx(bytes: Uint8Array): WorkBook {
  return XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true, cellStyles: true });
}

export { XLSX };

/** Text of a PDF. Throws with an install hint when pdftotext is missing. */
export function pdfText(bytes: Uint8Array): string {
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('pdftotext is missing: apt-get install -y poppler-utils', { cause: error });
    }
    throw error;
  }
}

/** Number of pages of a PDF, from pdfinfo. */
export function pdfPages(bytes: Uint8Array): number {
  const info = execFileSync('pdfinfo', ['-'], { input: bytes, encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? Number.NaN);
}
