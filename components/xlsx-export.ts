/**
 * What every client XLSX export shares (SimpleTable's through `simple-table/export-files.ts`, the
 * DataGrid toolbar's): loading the optional `xlsx` package, and the sentence and warning a failed
 * export gives. The `import('xlsx')` stays a dynamic import written here, so an application's bundler
 * makes it a chunk of its own that only the first XLSX export downloads.
 *
 * @module
 */
import type * as Xlsx from 'xlsx';
import type { Translator } from '../src/core/i18n/translator';
import { isMissingPackageError, loadOptionalPackage, warnMissingPackage } from '../src/core/optional-package';
import { warn } from '../src/core/warn';

/** What the exports name in a `MissingPackageError` and its warning. */
export const XLSX_EXPORT_FEATURE = 'XLSX export';

/**
 * The `xlsx` module, downloaded by the first call. Rejects with a `MissingPackageError` (code
 * `missing_package`, `packages: ['xlsx']`) when the application has not installed `xlsx`, which a
 * bundler turns into a module that throws when loaded rather than a build error.
 */
export function loadXlsxWriter(): Promise<typeof Xlsx> {
  return loadOptionalPackage(XLSX_EXPORT_FEATURE, ['xlsx'], () => import('xlsx'));
}

/**
 * Reports a failed export and returns the sentence for the reader, in the translator's language: for
 * a missing package that the export is not available and which package the app lacks (the
 * `optional_package_missing` warning, once per page, names it and the install command); for anything
 * else "The export failed" with an `export_failed` warning carrying `what` and the error.
 */
export function exportFailureText(error: unknown, translator: Translator, what: string): string {
  if (isMissingPackageError(error)) {
    warnMissingPackage(error);
    return translator.format('table.export.missing_package', { package: error.packages.join(', ') }, 'This export is not available: the app does not include the package “{package}”');
  }
  warn('export_failed', what, error);
  return translator.t('table.export.failed', 'The export failed');
}
