/**
 * `vue-grid-view/server`: the Node server part. Vue-free; server-side rendering lives in
 * `vue-grid-view/ssr`, and the core contract and hosts in `vue-grid-view/core`.
 *
 * - `createGridViewHandler`: preference, export and lazy-fragment routes as `(Request) => Response`;
 * - adapters for Node `http`, Hono and Express;
 * - preference stores in SQLite and PostgreSQL (Kysely) with their migrations;
 * - `createSqlRowSource`: a data grid's rows, values and aggregates over a SQL table;
 * - PDF and XLSX export registration.
 *
 * @module
 */
export { createGridViewHandler } from './handler';
export type { GridViewHandler, GridViewHandlerOptions } from './handler';
export type { AuthMode, AuthorizeContext, GuardedRoute, LazyBlock, LazyBlockContext } from './context';
export { HttpError, PreferencesStorageError } from './errors';
export type { ErrorLogger } from './errors';
export type { ErrorBody } from './errors';
export type { WarningLogger, WarningDetail } from './log';
export type { CsrfOptions } from './csrf';
export type { FrameAncestors } from './frame-policy';
export type { ThrottleOptions } from './throttle';
export { getClientAddress, getNodeRequest, getFrameworkContext } from './request-context';

export { toNodeHandler } from './adapters/node';
export type { NodeHandlerOptions, NodeRequestListener } from './adapters/node';
export type { AdapterErrorLogger } from './adapters/node';
export { honoMiddleware } from './adapters/hono';
export type { HonoContextLike, HonoMiddleware } from './adapters/hono';
export type { HonoMiddlewareOptions } from './adapters/hono';
export { expressMiddleware } from './adapters/express';
export type { ExpressMiddleware, ExpressRequestLike } from './adapters/express';
export type { ExpressMiddlewareOptions } from './adapters/express';

export { createSqlPreferencesStore } from './store/sql-store';
export type { SqlPreferencesStore, SqlPreferencesStoreOptions, SqliteStoreOptions, PostgresStoreOptions, PostgresPoolSettings, KyselyStoreOptions } from './store/sql-store';
export { migrateToLatest, migrateDown } from './store/migrations';
export { createSqlThrottleStore } from './store/sql-throttle';
export type { ThrottleStore, ThrottleStoreHit, SqlThrottleStore, SqlThrottleStoreOptions } from './store/sql-throttle';
export type { MigrateOutcome } from './store/migrations';
export type { GridPreferenceTable, GridViewDatabase, SqlDialectName } from './store/schema';

export { createSqlRowSource } from './rows/sql-row-source';
export type { SqlRowSource, SqlRowSourceColumn, SqlRowSourceOptions } from './rows/sql-row-source';
export type { SqlColumn } from './rows/sql-filter';
export { dayIndexExpression } from './rows/sql-filter';
export type { SqlAggregateRequest, SqlAggregateResult } from './rows/sql-aggregate';
export type { RowSourceRegistration } from './routes/rows';
export { registerSqliteFunctions } from './rows/sql-text';
export type { SqliteFunctionHost } from './rows/sql-text';

export { ExportRegistry, registerPdfExport, registerXlsxExport, unregisterPdfExport, unregisterXlsxExport, clearExportRegistry } from './exports/registry';
export type { ExportFormat, ExportRegistrationOptions, RegisteredExport } from './exports/registry';
export type { ExportBuilder, ExportColumn, ExportContext, ExportKpi, ExportTable } from './exports/types';
export { buildXlsx } from './exports/xlsx';
export { buildPdf } from './exports/pdf';
export type { BuildPdfOptions, PdfResult } from './exports/pdf';

export { sqliteQueryRunner } from './assistant/sqlite-runner';
export { postgresQueryRunner } from './assistant/postgres-runner';
export type { PostgresQueryClient, PostgresQueryPool } from './assistant/postgres-runner';
export { QueryRunnerError } from './assistant/query-runner';
export type { QueryRunner, QueryRunnerErrorCode, QueryRunnerOptions } from './assistant/query-runner';
