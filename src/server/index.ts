/**
 * `vue-grid-view/server`: the Node server part. Vue-free; server-side rendering lives in `./ssr`.
 *
 * - `createGridViewHandler`: preference, export and lazy-fragment routes as `(Request) => Response`;
 * - adapters for Node `http`, Hono and Express;
 * - preference stores in SQLite and PostgreSQL (Kysely) with their migrations;
 * - PDF and XLSX export registration.
 *
 * The core contract and the hosts are re-exported, so a server needs only this entry.
 *
 * @module
 */
export * from '../core/index';
export * from '../host/index';
export { validateGridPrefsPatch, validateGridId, GRID_ID_PATTERN, PREFS_LIMITS } from '../core/prefs';
export type { PrefsValidation } from '../core/prefs';

export { createGridViewHandler } from './handler';
export type { GridViewHandler, GridViewHandlerOptions } from './handler';
export type { AuthMode, AuthorizeContext, GuardedRoute, LazyBlock, LazyBlockContext } from './context';
export { HttpError, PreferencesStorageError, STORAGE_UNAVAILABLE_MESSAGE, INTERNAL_ERROR_MESSAGE } from './errors';
export type { ErrorLogger } from './errors';
export { DEFAULT_CSRF } from './csrf';
export type { CsrfOptions } from './csrf';
export { createThrottle, DEFAULT_EXPORT_THROTTLE, DEFAULT_LAZY_THROTTLE } from './throttle';
export type { Throttle, ThrottleOptions, ThrottleResult } from './throttle';
export { getClientAddress, setClientAddress, getNodeRequest, setNodeRequest, getFrameworkContext, setFrameworkContext } from './request-context';

export { toNodeHandler, toWebRequest, writeNodeResponse } from './adapters/node';
export type { NodeHandlerOptions, NodeRequestListener } from './adapters/node';
export { honoMiddleware } from './adapters/hono';
export type { HonoContextLike, HonoMiddleware } from './adapters/hono';
export { expressMiddleware } from './adapters/express';
export type { ExpressMiddleware, ExpressRequestLike } from './adapters/express';

export { createSqlPreferencesStore } from './store/sql-store';
export type {
  SqlPreferencesStore,
  SqlPreferencesStoreOptions,
  SqliteStoreOptions,
  PostgresStoreOptions,
  KyselyStoreOptions,
} from './store/sql-store';
export { migrateToLatest, migrateDown, createGridViewMigrator, MIGRATION_TABLES } from './store/migrations';
export type { MigrateOutcome } from './store/migrations';
export type { GridPreferenceTable, GridViewDatabase, SqlDialectName } from './store/schema';

export {
  ExportRegistry,
  EXPORT_KEY_PATTERN,
  defaultExportRegistry,
  registerPdfExport,
  registerXlsxExport,
  unregisterPdfExport,
  unregisterXlsxExport,
  clearExportRegistry,
} from './exports/registry';
export type { ExportFormat, ExportRegistrationOptions, RegisteredExport } from './exports/registry';
export type { ExportBuilder, ExportColumn, ExportContext, ExportKpi, ExportTable } from './exports/types';
export { buildXlsx, XLSX_CONTENT_TYPE, XLSX_MAX_ROWS } from './exports/xlsx';
export { buildPdf, PDF_CONTENT_TYPE, DEFAULT_PDF_MAX_ROWS } from './exports/pdf';
export type { BuildPdfOptions, PdfResult } from './exports/pdf';
export { contentDisposition, exportFileName } from './exports/table';
