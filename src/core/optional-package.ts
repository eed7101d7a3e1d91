/**
 * Optional packages: the features that need a package an application may not have installed (XLSX
 * export needs `xlsx`, PDF export `jspdf`, `jspdf-autotable` and `dejavu-fonts-ttf`, …) load it with
 * a dynamic `import()` on first use. This module is the one place that turns "that import failed
 * because the package is not installed" into a coded `MissingPackageError` naming the packages and
 * the command that installs them, for the browser exports and the server alike.
 *
 * Why at first use and not at build time: a spec is data that arrives at run time, so the library
 * cannot know while an application is bundled whether any view will ever export. Bundlers treat a
 * missing optional peer dependency as a module that throws when loaded (Vite: `Could not resolve
 * "xlsx" imported by "vue-grid-view". Is it installed?`); Node answers `ERR_MODULE_NOT_FOUND`. Both
 * are recognised here, so the reader gets a sentence and the developer a coded warning instead of a
 * generic failure.
 *
 * @module
 */
import { warn } from './warn';

/**
 * A feature needs packages that are not installed. `code` is always `missing_package`; `packages`
 * names the missing ones (never empty); `installCommand` is the npm command that installs them.
 *
 * Edge cases: only a failure that names one of the expected packages as unresolvable becomes this
 * error; any other failure of the import (a chunk that could not be downloaded, an exception inside
 * the package) is passed on unchanged, since installing something would not cure it.
 */
export class MissingPackageError extends Error {
  override readonly name = 'MissingPackageError';
  readonly code = 'missing_package';
  /** What needs the packages, for people: "XLSX export". */
  readonly feature: string;
  /** The packages that are not installed, in the order the feature lists them. */
  readonly packages: readonly string[];
  /** `npm install <packages>`. */
  readonly installCommand: string;

  constructor(feature: string, packages: readonly string[], options?: { cause?: unknown }) {
    super(`${feature} needs the optional ${packageList(packages)}, which ${packages.length === 1 ? 'is' : 'are'} not installed: ${installCommandFor(packages)}.`, options);
    this.feature = feature;
    this.packages = Object.freeze([...packages]);
    this.installCommand = installCommandFor(packages);
  }
}

/** `package "xlsx"` or `packages "a", "b" and "c"`. */
export function packageList(packages: readonly string[]): string {
  const quoted = packages.map((name) => `"${name}"`);
  if (quoted.length <= 1) return `package ${quoted.join('')}`;
  return `packages ${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

function installCommandFor(packages: readonly string[]): string {
  return `npm install ${packages.join(' ')}`;
}

/** True for a `MissingPackageError`, also one thrown by another copy of the library (by name and code). */
export function isMissingPackageError(value: unknown): value is MissingPackageError {
  if (value instanceof MissingPackageError) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'MissingPackageError' &&
    (value as { code?: unknown }).code === 'missing_package' &&
    Array.isArray((value as { packages?: unknown }).packages)
  );
}

// Messages of a module that cannot be resolved: Node (ESM and CommonJS), Vite's and webpack's
// stand-ins for a missing optional peer, and browsers' native import of a bare specifier.
const UNRESOLVED = /Cannot find (?:package|module)|Could not resolve|Can't resolve|Failed to resolve module specifier|bare specifier/i;

/**
 * The packages among `candidates` that `error` (thrown by an `import()` or `require.resolve`) says
 * cannot be found; empty when the failure is anything else. A package counts when the message
 * quotes its name, alone or with a path inside it (`'echarts/core'`, `'dejavu-fonts-ttf/ttf/…'`).
 */
export function missingPackagesIn(error: unknown, candidates: readonly string[]): string[] {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!UNRESOLVED.test(message)) return [];
  return candidates.filter((name) => ["'", '"', '“'].some((quote) => message.includes(`${quote}${name}${quote === '“' ? '”' : quote}`) || message.includes(`${quote}${name}/`)));
}

/**
 * Runs `load` (an `import()` of the package written at the call site, so bundlers see it) and
 * returns what it returns. When it fails because packages of `packages` are not installed, throws a
 * `MissingPackageError` for `feature` naming them, with the original failure as `cause`; any other
 * failure is rethrown as it is.
 *
 * @example
 * const xlsx = await loadOptionalPackage('XLSX export', ['xlsx'], () => import('xlsx'));
 */
export async function loadOptionalPackage<T>(feature: string, packages: readonly string[], load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackagesIn(error, packages);
    if (missing.length === 0) throw error;
    throw new MissingPackageError(feature, missing, { cause: error });
  }
}

/**
 * Awaits several loads of one feature (each usually a `loadOptionalPackage`) and returns their
 * results in order. When some failed for missing packages, throws ONE `MissingPackageError` for
 * `feature` naming every missing package, so an application learns all it must install at once
 * rather than one package per attempt; any other failure is rethrown (the first in order).
 */
export async function allOptionalPackages<const T extends readonly unknown[]>(feature: string, loads: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(loads);
  const missing: string[] = [];
  const causes: unknown[] = [];
  for (const result of settled) {
    if (result.status === 'fulfilled') continue;
    if (!isMissingPackageError(result.reason)) throw result.reason;
    for (const name of result.reason.packages) if (!missing.includes(name)) missing.push(name);
    causes.push(result.reason);
  }
  if (missing.length > 0) throw new MissingPackageError(feature, missing, { cause: causes.length === 1 ? causes[0] : new AggregateError(causes) });
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

const reported = new Set<string>();

/**
 * Sends the `optional_package_missing` warning for `error` through the library's warning channel,
 * once per page (or process) for the same feature and packages: a reader pressing the button again
 * gets the same sentence on screen, the developer's console one warning.
 */
export function warnMissingPackage(error: MissingPackageError): void {
  const key = `${error.feature}\u0000${error.packages.join('\u0000')}`;
  if (reported.has(key)) return;
  reported.add(key);
  warn('optional_package_missing', error.message, error);
}
