/**
 * The PDF font. jsPDF's built-in fonts cover Latin-1 only, so Ukrainian (and other Cyrillic) text
 * would come out as garbage; DejaVu Sans covers Latin, Greek and Cyrillic and is embedded instead.
 * The TTF files come from the `dejavu-fonts-ttf` package and are read once per process.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadOptionalPackage } from '../../core/optional-package';
import { PDF_EXPORT } from './packages';

/** Family name the PDF writer registers the font under. */
export const PDF_FONT_FAMILY = 'DejaVuSans';

/** Base64 of the regular and bold TTF files. */
export interface PdfFontData {
  normal: string;
  bold: string;
}

let fontData: Promise<PdfFontData> | undefined;

/**
 * Reads DejaVu Sans (regular and bold) once and keeps it as base64 for `addFileToVFS`. Rejects with a
 * `MissingPackageError` naming `dejavu-fonts-ttf` when that package cannot be found, and looks again
 * on the next call.
 */
export function loadPdfFont(): Promise<PdfFontData> {
  fontData ??= loadOptionalPackage(PDF_EXPORT.feature, ['dejavu-fonts-ttf'], readFonts).catch((error: unknown) => {
    fontData = undefined;
    throw error;
  });
  return fontData;
}

async function readFonts(): Promise<PdfFontData> {
  const require = createRequire(import.meta.url);
  const [normal, bold] = await Promise.all(
    ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map(async (file) => (await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))).toString('base64')),
  );
  return { normal: normal as string, bold: bold as string };
}
