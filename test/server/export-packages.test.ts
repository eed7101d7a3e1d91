/**
 * What the server does for an export whose optional packages are not installed: 501
 * `export_unavailable` naming them, and one `optional_package_missing` warning per handler with the
 * install command, at creation for the formats registered by then. Here every package IS installed
 * (the repository's own node_modules), so the mapping is driven with features naming packages that
 * do not exist; test/package/export-packages.test.ts proves the same through the packed package in
 * an application that really lacks `dejavu-fonts-ttf` and the chart packages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissingPackageError } from '../../src/core/optional-package';
import { HttpError, errorToResponse } from '../../src/server/errors';
import { PDF_CHARTS_EXPORT, PDF_EXPORT, XLSX_EXPORT, checkExportPackages, requireExportPackages, unresolvedPackages, writeExport } from '../../src/server/exports/packages';
import { ExportRegistry } from '../../src/server/exports/registry';
import { createGridViewHandler } from '../../src/server/handler';
import { createDefaultErrorLogger, type WarningDetail } from '../../src/server/log';
import { expectError, get } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

function collect(): { warn: (message: string, detail?: WarningDetail) => void; seen: { message: string; detail?: WarningDetail }[] } {
  const seen: { message: string; detail?: WarningDetail }[] = [];
  return { warn: (message, detail) => seen.push({ message, detail }), seen };
}

describe('the packages of the exports', () => {
  it('are all found in this repository, without loading any of them', () => {
    expect([XLSX_EXPORT, PDF_EXPORT, PDF_CHARTS_EXPORT].flatMap(unresolvedPackages)).toEqual([]);
  });

  it('name a package that is not installed, and only that one', () => {
    expect(unresolvedPackages({ feature: 'Test export', packages: ['yup', 'vgv-not-installed', 'kysely'] })).toEqual(['vgv-not-installed']);
  });
});

describe('checkExportPackages', () => {
  it('warns once per sink with code optional_package_missing, the packages, the install command and the 501 to expect', () => {
    const first = collect();
    const feature = { feature: 'Test export', packages: ['vgv-absent-a', 'yup', 'vgv-absent-b'] };
    checkExportPackages(first.warn, [feature]);
    checkExportPackages(first.warn, [feature]);
    expect(first.seen).toEqual([
      {
        message: 'Test export needs the optional packages "vgv-absent-a" and "vgv-absent-b", which are not installed: npm install vgv-absent-a vgv-absent-b. Until then these exports answer 501 export_unavailable.',
        detail: { code: 'optional_package_missing' },
      },
    ]);
    // Another handler's sink gets its own warning.
    const second = collect();
    checkExportPackages(second.warn, [feature]);
    expect(second.seen).toHaveLength(1);
  });

  it('says nothing when a handler is created with PDF and XLSX builders and row sources whose packages are installed', () => {
    const exports = new ExportRegistry();
    exports.register('pdf', 'orders', () => ({ columns: [], rows: [] }));
    exports.register('xlsx', 'orders', () => ({ columns: [], rows: [] }));
    const { warn, seen } = collect();
    createGridViewHandler({ exports, onWarn: warn });
    expect(seen).toEqual([]);
  });
});

describe('an export whose packages are missing', () => {
  it('answers 501 export_unavailable naming the packages (not the install command) and warns once with the request', async () => {
    const { warn, seen } = collect();
    const request = get('/grid/export/pdf/?builder=orders');
    const missing = new MissingPackageError('PDF export', ['dejavu-fonts-ttf']);
    for (let i = 0; i < 2; i++) {
      const error = await writeExport(warn, request, () => Promise.reject(missing)).catch((e: unknown) => e);
      const { body } = await expectError(errorToResponse(error, request, () => undefined), 501, undefined, 'export_unavailable');
      expect(body.message).toBe('PDF export is not available on this server: it needs the package "dejavu-fonts-ttf", which is not installed.');
    }
    expect(seen).toEqual([
      {
        message: 'PDF export needs the optional package "dejavu-fonts-ttf", which is not installed: npm install dejavu-fonts-ttf. Until then these exports answer 501 export_unavailable.',
        detail: { code: 'optional_package_missing', error: missing, request },
      },
    ]);
  });

  it('is answered before any row is read when the packages do not resolve', () => {
    const { warn, seen } = collect();
    const request = get('/grid/rows/export/?grid_id=a&format=xlsx');
    expect(() => requireExportPackages(warn, request, { feature: 'XLSX export', packages: ['vgv-absent-xlsx'] })).toThrow(
      expect.objectContaining({ status: 501, code: 'export_unavailable', message: 'XLSX export is not available on this server: it needs the package "vgv-absent-xlsx", which is not installed.' }),
    );
    expect(seen.map((w) => w.detail?.code)).toEqual(['optional_package_missing']);
    expect(() => requireExportPackages(warn, request, XLSX_EXPORT)).not.toThrow();
  });

  it('keeps every other failure of a writer as it was (a bug stays a 500 for onError)', async () => {
    const { warn, seen } = collect();
    const bug = new TypeError('x is undefined');
    await expect(writeExport(warn, get('/grid/export/pdf/?builder=orders'), () => Promise.reject(bug))).rejects.toBe(bug);
    expect(seen).toEqual([]);
  });
});

describe('the default error logger', () => {
  it('leaves a 501 export_unavailable to the warning and still writes a 500', () => {
    const print = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = createDefaultErrorLogger();
    const request = get('/grid/export/pdf/?builder=orders');
    log(new HttpError(501, 'PDF export is not available on this server: …', {}, 'export_unavailable'), request);
    expect(print).not.toHaveBeenCalled();
    log(new HttpError(501, 'Not here.'), request);
    log(new TypeError('bug'), request);
    expect(print).toHaveBeenCalledTimes(2);
  });
});
