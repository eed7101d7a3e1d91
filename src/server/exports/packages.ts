/**
 * The optional packages behind the server's exports, and what the handler does without them: the
 * writers (`xlsx.ts`, `pdf.ts`, `font.ts`, `charts.ts`) reject with a `MissingPackageError`; the
 * export routes answer it with 501 `export_unavailable` naming the packages (never a 500: the
 * request is fine, the server lacks a part) and warn once per handler through `onWarn` with the
 * install command. The handler also looks for the packages when it is created, for the formats that
 * are registered by then, so an operator reads the warning at start-up rather than at the first
 * download.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { type MissingPackageError, isMissingPackageError, missingPackagesIn, packageList } from '../../core/optional-package';
import { apiError } from '../errors';
import { type WarningLogger, safeWarn } from '../log';

/** One export feature and the optional packages it loads. */
export interface ExportFeature {
  /** For people, in messages: "PDF export". */
  readonly feature: string;
  readonly packages: readonly string[];
}

/** XLSX files. */
export const XLSX_EXPORT: ExportFeature = { feature: 'XLSX export', packages: ['xlsx'] };

/** PDF files: the writer, its table plugin and the font that covers Cyrillic. */
export const PDF_EXPORT: ExportFeature = { feature: 'PDF export', packages: ['jspdf', 'jspdf-autotable', 'dejavu-fonts-ttf'] };

/** Charts drawn into a PDF (only when an export table has charts). */
export const PDF_CHARTS_EXPORT: ExportFeature = { feature: 'PDF export with charts', packages: ['echarts', 'jsdom', 'svg2pdf.js'] };

/** What to resolve to learn whether a package is installed without loading it (a package without a main needs a file of it). */
const PROBES: Readonly<Record<string, string>> = {
  'dejavu-fonts-ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'svg2pdf.js': 'svg2pdf.js/dist/svg2pdf.umd.min.js',
};

/**
 * The packages of `feature` that cannot be resolved from this module, as its `import()` would look
 * for them; nothing is loaded. A package that resolves but fails otherwise counts as present here
 * (its first use reports what is wrong).
 */
export function unresolvedPackages(feature: ExportFeature): string[] {
  const require = createRequire(import.meta.url);
  return feature.packages.filter((name) => {
    try {
      require.resolve(PROBES[name] ?? name);
      return false;
    } catch (error) {
      return missingPackagesIn(error, [name]).length > 0;
    }
  });
}

/** Warnings already given, per warning sink (one handler's `onWarn`), by feature and packages. */
const warned = new WeakMap<WarningLogger, Set<string>>();

/** Sends the `optional_package_missing` warning to `warn` once for these packages of this feature. */
export function warnMissingExportPackages(warn: WarningLogger, feature: string, packages: readonly string[], detail: { error?: unknown; request?: Request } = {}): void {
  const key = `${feature}\u0000${packages.join('\u0000')}`;
  let seen = warned.get(warn);
  if (!seen) warned.set(warn, (seen = new Set()));
  if (seen.has(key)) return;
  seen.add(key);
  const install = `npm install ${packages.join(' ')}`;
  safeWarn(warn, `${feature} needs the optional ${packageList(packages)}, which ${packages.length === 1 ? 'is' : 'are'} not installed: ${install}. Until then these exports answer 501 export_unavailable.`, {
    ...detail,
    code: 'optional_package_missing',
  });
}

/**
 * Warns (once per sink) about the packages of `features` that are not installed; called when a
 * handler is created, for the formats it can serve by then.
 */
export function checkExportPackages(warn: WarningLogger, features: readonly ExportFeature[]): void {
  for (const feature of features) {
    const missing = unresolvedPackages(feature);
    if (missing.length > 0) warnMissingExportPackages(warn, feature.feature, missing);
  }
}

/**
 * The 501 `export_unavailable` answer for packages of `feature` that are missing, after one warning
 * through `warn`. Its message names the packages but not the install command: the caller cannot
 * install anything, the operator reads the warning.
 */
function unavailable(warn: WarningLogger, feature: string, packages: readonly string[], detail: { error?: unknown; request?: Request }): Error {
  warnMissingExportPackages(warn, feature, packages, detail);
  return apiError('export_unavailable', `${feature} is not available on this server: it needs the ${packageList(packages)}, which ${packages.length === 1 ? 'is' : 'are'} not installed.`);
}

/**
 * Throws 501 `export_unavailable` when packages of `feature` cannot be resolved, before a route
 * spends time on the rows (a builder's query, a million rows read from SQL) that no file could
 * hold. Packages a table's content alone needs (charts) are found by `writeExport`.
 */
export function requireExportPackages(warn: WarningLogger, request: Request, feature: ExportFeature): void {
  const missing = unresolvedPackages(feature);
  if (missing.length > 0) throw unavailable(warn, feature.feature, missing, { request });
}

/**
 * Runs one export writer; a `MissingPackageError` becomes 501 `export_unavailable` (see
 * `unavailable`). Any other failure passes through unchanged.
 */
export async function writeExport<T>(warn: WarningLogger, request: Request, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isMissingPackageError(error)) throw error;
    const missing: MissingPackageError = error;
    throw unavailable(warn, missing.feature, missing.packages, { error: missing, request });
  }
}
