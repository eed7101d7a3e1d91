/**
 * Registries of export builders. The module-level registry is what `registerPdfExport` and
 * `registerXlsxExport` fill at application start-up and what a handler uses by default; a handler
 * may be given its own `ExportRegistry` instead (tests, several apps in one process).
 *
 * @module
 */
import type { GridViewSpec } from '../../core/types';
import type { ExportBuilder } from './types';

/** The two export formats. */
export type ExportFormat = 'pdf' | 'xlsx';

/** Options of one registration. */
export interface ExportRegistrationOptions {
  /**
   * The view the export belongs to. When given, the filter state comes from the host's
   * `filterStateFromRequest(spec)` and unknown sort/filter keys are dropped.
   */
  spec?: GridViewSpec;
  /** PDF only: most rows written (default: the handler's `pdfMaxRows`, 5,000). Extra rows are cut and the PDF says so. */
  maxRows?: number;
}

/** A builder with its registration options. */
export interface RegisteredExport {
  key: string;
  builder: ExportBuilder;
  options: ExportRegistrationOptions;
}

/** Builder keys: 1 to 100 characters of letters, digits, `_`, `-`, `.` and `:`. */
export const EXPORT_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * Builders by format and key. Registering a key again replaces the builder (so a dev server can
 * re-register on reload).
 *
 * A registry of your own, passed as the handler's `exports` option, is for tests (a fresh registry
 * per test, nothing left over from another) and for several handlers in one process with different
 * builders. The primary way to register is `registerPdfExport`/`registerXlsxExport` at start-up,
 * which fill the registry every handler uses by default (see docs/core-api.md, "One function per
 * job").
 */
export class ExportRegistry {
  readonly #builders = { pdf: new Map<string, RegisteredExport>(), xlsx: new Map<string, RegisteredExport>() };

  /**
   * Registers a builder. Throws a `TypeError` for a key outside `EXPORT_KEY_PATTERN`, a builder that
   * is not a function, or a `maxRows` that is not a positive integer.
   */
  register(format: ExportFormat, key: string, builder: ExportBuilder, options: ExportRegistrationOptions = {}): void {
    if (typeof key !== 'string' || !EXPORT_KEY_PATTERN.test(key)) {
      throw new TypeError(`Export builder keys are 1 to 100 characters of A-Z, a-z, 0-9, "_", "-", "." or ":" (got ${JSON.stringify(key)}).`);
    }
    if (typeof builder !== 'function') throw new TypeError(`The ${format} export builder for "${key}" must be a function.`);
    if (options.maxRows !== undefined && !(Number.isSafeInteger(options.maxRows) && options.maxRows > 0)) {
      throw new TypeError('maxRows must be a positive integer.');
    }
    this.#builders[format].set(key, { key, builder, options: { ...options } });
  }

  /** Removes one builder; returns whether it was registered. */
  unregister(format: ExportFormat, key: string): boolean {
    return this.#builders[format].delete(key);
  }

  /** The builder registered for a key, or undefined (never an inherited property: `toString` is unknown). */
  get(format: ExportFormat, key: string): RegisteredExport | undefined {
    return this.#builders[format].get(key);
  }

  /** How many builders are registered for a format (0 while none is: the export route then answers 404). */
  size(format: ExportFormat): number {
    return this.#builders[format].size;
  }

  /** Keys registered for a format, in registration order. */
  keys(format: ExportFormat): string[] {
    return [...this.#builders[format].keys()];
  }

  /** Removes every builder of both formats. */
  clear(): void {
    this.#builders.pdf.clear();
    this.#builders.xlsx.clear();
  }
}

/** The registry handlers use unless given their own. */
export const defaultExportRegistry = new ExportRegistry();

/**
 * Registers a PDF builder under `key` in the default registry (see `ExportRegistry.register`): the
 * primary way to register exports, once at start-up (the interface document's `register_pdf_export`).
 * A handler created without an `exports` option serves every builder registered here, also those
 * registered after it was created.
 */
export function registerPdfExport(key: string, builder: ExportBuilder, options?: ExportRegistrationOptions): void {
  defaultExportRegistry.register('pdf', key, builder, options);
}

/**
 * Registers an XLSX builder under `key` in the default registry (see `ExportRegistry.register`): the
 * primary way to register exports, as `registerPdfExport` is for PDF.
 */
export function registerXlsxExport(key: string, builder: ExportBuilder, options?: ExportRegistrationOptions): void {
  defaultExportRegistry.register('xlsx', key, builder, options);
}

/** Removes a PDF builder from the default registry; returns whether it was registered. */
export function unregisterPdfExport(key: string): boolean {
  return defaultExportRegistry.unregister('pdf', key);
}

/** Removes an XLSX builder from the default registry; returns whether it was registered. */
export function unregisterXlsxExport(key: string): boolean {
  return defaultExportRegistry.unregister('xlsx', key);
}

/** Empties the default registry (tests). */
export function clearExportRegistry(): void {
  defaultExportRegistry.clear();
}
