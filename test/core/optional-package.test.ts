import { afterEach, describe, expect, it } from 'vitest';
import { MissingPackageError, allOptionalPackages, isMissingPackageError, loadOptionalPackage, missingPackagesIn, packageList, warnMissingPackage } from '../../src/core/optional-package';
import { setWarningHandler, type GridViewWarning } from '../../src/core/warn';

afterEach(() => {
  setWarningHandler(null);
});

/** What Node really throws for a package that is not installed (no mock: a real failed import). */
async function nodeFailure(specifier: string): Promise<unknown> {
  return import(/* @vite-ignore */ specifier).then(
    () => {
      throw new Error(`${specifier} resolved`);
    },
    (error: unknown) => error,
  );
}

describe('loadOptionalPackage', () => {
  it('returns what the import returns when the package is installed', async () => {
    const yup = await loadOptionalPackage('Validation', ['yup'], () => import('yup'));
    expect(typeof yup.object).toBe('function');
  });

  it('turns a real ERR_MODULE_NOT_FOUND of Node into a MissingPackageError naming the package and the install command', async () => {
    const absent = 'vgv-absent-xlsx';
    const error = await loadOptionalPackage('XLSX export', [absent], () => import(/* @vite-ignore */ absent)).catch((e: unknown) => e);
    expect(isMissingPackageError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'MissingPackageError',
      code: 'missing_package',
      feature: 'XLSX export',
      packages: ['vgv-absent-xlsx'],
      installCommand: 'npm install vgv-absent-xlsx',
      message: 'XLSX export needs the optional package "vgv-absent-xlsx", which is not installed: npm install vgv-absent-xlsx.',
    });
    expect((error as Error).cause).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  it('names only the packages of a feature that are missing, for a deep import too', async () => {
    const deepAbsent = 'vgv-absent-charts/core';
    const error = await loadOptionalPackage('Charts in PDF exports', ['yup', 'vgv-absent-charts', 'vgv-absent-dom'], () =>
      Promise.all([import('yup'), import(/* @vite-ignore */ deepAbsent)]),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ packages: ['vgv-absent-charts'], installCommand: 'npm install vgv-absent-charts' });
  });

  it('passes any other failure on unchanged: installing a package would not cure it', async () => {
    const broken = new Error('Failed to fetch dynamically imported module: https://app.example/assets/xlsx-1a2b.js');
    await expect(loadOptionalPackage('XLSX export', ['xlsx'], () => Promise.reject(broken))).rejects.toBe(broken);
    const inside = new TypeError("Cannot read properties of undefined (reading 'utils')");
    await expect(loadOptionalPackage('XLSX export', ['xlsx'], () => Promise.reject(inside))).rejects.toBe(inside);
  });
});

describe('allOptionalPackages', () => {
  it('returns every result in order when all loads succeed', async () => {
    const [a, b] = await allOptionalPackages('Test', [Promise.resolve(1), Promise.resolve('two')]);
    expect([a, b]).toEqual([1, 'two']);
  });

  it('names every missing package of the feature in ONE error, so all are installed at once', async () => {
    const absentA = 'vgv-absent-a';
    const absentB = 'vgv-absent-b';
    const error = await allOptionalPackages('PDF export', [
      loadOptionalPackage('PDF export', [absentA], () => import(/* @vite-ignore */ absentA)),
      loadOptionalPackage('PDF export', ['yup'], () => import('yup')),
      loadOptionalPackage('PDF export', [absentB], () => import(/* @vite-ignore */ absentB)),
    ]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'missing_package', feature: 'PDF export', packages: ['vgv-absent-a', 'vgv-absent-b'], installCommand: 'npm install vgv-absent-a vgv-absent-b' });
    expect((error as Error).cause).toBeInstanceOf(AggregateError);
  });

  it('rethrows a failure that is not a missing package, even beside a missing one', async () => {
    const bug = new TypeError('bug');
    await expect(allOptionalPackages('Test', [Promise.reject(new MissingPackageError('Test', ['x'])), Promise.reject(bug)])).rejects.toBe(bug);
  });
});

describe('missingPackagesIn', () => {
  it("recognises the failures of Node, Vite's and webpack's stand-ins and browsers' native imports", async () => {
    expect(missingPackagesIn(await nodeFailure('vgv-absent'), ['vgv-absent'])).toEqual(['vgv-absent']);
    // Vite's module for an optional peer dependency that is not installed (the text of its source).
    expect(missingPackagesIn(new Error('Could not resolve "xlsx" imported by "vue-grid-view". Is it installed?'), ['xlsx'])).toEqual(['xlsx']);
    expect(missingPackagesIn(Object.assign(new Error("Cannot find module 'xlsx'"), { code: 'MODULE_NOT_FOUND' }), ['xlsx'])).toEqual(['xlsx']);
    expect(missingPackagesIn(new TypeError('Failed to resolve module specifier "xlsx". Relative references must start with either "/", "./", or "../".'), ['xlsx'])).toEqual(['xlsx']);
    expect(missingPackagesIn(new Error("Cannot find module 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'\nRequire stack:\n- /app/x.js"), ['dejavu-fonts-ttf'])).toEqual(['dejavu-fonts-ttf']);
  });

  it('does not blame a package whose name only appears in a path or inside a longer name', () => {
    expect(missingPackagesIn(new Error("Cannot find module './cpexcel' imported from /app/node_modules/xlsx/xlsx.mjs"), ['xlsx'])).toEqual([]);
    expect(missingPackagesIn(new Error("Cannot find package 'xlsx-style' imported from /app/main.js"), ['xlsx'])).toEqual([]);
    expect(missingPackagesIn(new Error('Network error while loading "xlsx"'), ['xlsx'])).toEqual([]);
    expect(missingPackagesIn('not an error', ['xlsx'])).toEqual([]);
  });
});

describe('MissingPackageError', () => {
  it('lists several packages in one sentence and one install command', () => {
    const error = new MissingPackageError('PDF export', ['jspdf', 'jspdf-autotable', 'dejavu-fonts-ttf']);
    expect(error.message).toBe('PDF export needs the optional packages "jspdf", "jspdf-autotable" and "dejavu-fonts-ttf", which are not installed: npm install jspdf jspdf-autotable dejavu-fonts-ttf.');
    expect(packageList(['a', 'b'])).toBe('packages "a" and "b"');
    expect(Object.isFrozen(error.packages)).toBe(true);
  });

  it('is recognised across copies of the library by name, code and packages', () => {
    expect(isMissingPackageError({ name: 'MissingPackageError', code: 'missing_package', packages: ['xlsx'] })).toBe(true);
    expect(isMissingPackageError({ name: 'MissingPackageError', code: 'missing_package' })).toBe(false);
    expect(isMissingPackageError(new Error('missing_package'))).toBe(false);
  });
});

describe('warnMissingPackage', () => {
  it('warns optional_package_missing once per feature and packages, naming the package and the install command', () => {
    const seen: GridViewWarning[] = [];
    setWarningHandler((warning) => seen.push(warning));
    const error = new MissingPackageError('Test export', ['vgv-once']);
    warnMissingPackage(error);
    warnMissingPackage(new MissingPackageError('Test export', ['vgv-once']));
    warnMissingPackage(new MissingPackageError('Other export', ['vgv-once']));
    expect(seen.map((w) => [w.code, w.message])).toEqual([
      ['optional_package_missing', 'Test export needs the optional package "vgv-once", which is not installed: npm install vgv-once.'],
      ['optional_package_missing', 'Other export needs the optional package "vgv-once", which is not installed: npm install vgv-once.'],
    ]);
    expect(seen[0]?.detail).toBe(error);
  });
});
