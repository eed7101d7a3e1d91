import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator, registerCatalog } from '../../src/core/i18n';
import { uk } from '../../src/core/i18n/uk';
import { MissingPackageError } from '../../src/core/optional-package';
import { setWarningHandler, type GridViewWarning } from '../../src/core/warn';
import { exportFailureText } from '../../components/xlsx-export';

afterEach(() => {
  setWarningHandler(null);
});

describe('exportFailureText', () => {
  it("tells the reader in the reader's language which package the app lacks, and anything else that the export failed", () => {
    registerCatalog('uk', uk);
    const seen: GridViewWarning[] = [];
    setWarningHandler((warning) => seen.push(warning));
    const missing = new MissingPackageError('XLSX export', ['xlsx']);
    expect(exportFailureText(missing, createTranslator({ locale: 'en' }), 'unused')).toBe('This export is not available: the app does not include the package “xlsx”');
    expect(exportFailureText(missing, createTranslator({ locale: 'uk' }), 'unused')).toBe('Цей експорт недоступний: у застосунку немає пакета «xlsx»');
    const other = new Error('disk full');
    expect(exportFailureText(other, createTranslator({ locale: 'uk' }), 'the XLSX export of a test failed.')).toBe('Експорт не вдався');
    expect(seen.map((w) => w.code)).toEqual(['optional_package_missing', 'export_failed']);
    expect(seen[1]).toEqual({ code: 'export_failed', message: 'the XLSX export of a test failed.', detail: other });
  });
});
