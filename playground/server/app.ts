/**
 * The playground server, composed from the library's parts: the real grid-view handler (SQLite
 * preferences in a file, XLSX and PDF exports, a lazy block, the big table's server rows), the
 * server-rendered report, the demo sign-in and the built Vue app. One web-standard `(Request) => Promise<Response>` function, served
 * by `node:http` through the library's own `toNodeHandler`.
 *
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createGridViewHandler, createSqlPreferencesStore } from 'vue-grid-view/server';
import { resolveKpis, parseGridViewSpecJson } from 'vue-grid-view/core';
import type { SqlPreferencesStore } from 'vue-grid-view/server';
import type { GridViewSpecWire } from 'vue-grid-view/core';
import { lazyBlockFromComponent } from 'vue-grid-view/ssr';
import { KpiStrip } from 'vue-grid-view';
import dashboardSpecJson from '../specs/sales-dashboard.json';
import reportSpecJson from '../specs/regional-report.json';
import { generateSales, summariseByMonthAndRegion, REGIONS, type SaleRow } from '../shared/data';
import { API_BASE, DEMO_CURRENCY, demoLocale, localiseSpec } from '../shared/labels';
import { demoUserOf, handleDemoUsers } from './demo-users';
import { registerSalesExports } from './exports';
import { createReportPage } from './report';
import { createStaticHandler } from './static';
import { BIG_TABLE_DEFAULT_ROWS, openBigTable, type BigTable } from './big-table';

/** Options of `createPlaygroundApp`. */
export interface PlaygroundAppOptions {
  /** Folder of the SQLite file (`prefs.sqlite`); created when missing. */
  dataDir: string;
  /** Folder of the built client (playground/dist/client). */
  distDir: string;
  /** Rows of the big table (`big-table.sqlite` in `dataDir`, generated when missing). @default 1_000_000 */
  bigTableRows?: number;
}

/** The composed application. */
export interface PlaygroundApp {
  handle(request: Request): Promise<Response>;
  /** The demo rows, as every page and export sees them. */
  readonly rows: readonly SaleRow[];
  /** The big table's SQLite file and row source. */
  readonly bigTable: BigTable;
  /** Closes the databases; idempotent. */
  close(): Promise<void>;
}

/** The id of the lazy block: the KPI strip of one region (`&region=North`). */
export const REGION_KPIS_BLOCK = 'region-kpis';

/**
 * Builds the app: generates the data, opens the SQLite store and runs its migrations (so a fresh
 * data folder works at once), registers the export builders and the lazy block.
 */
export async function createPlaygroundApp(options: PlaygroundAppOptions): Promise<PlaygroundApp> {
  const rows = Object.freeze(generateSales());
  const dashboardSpec = parseGridViewSpecJson(dashboardSpecJson);
  const reportSpec = reportSpecJson as GridViewSpecWire;
  // The report is validated at start-up so a broken spec file fails loudly here, not per request.
  parseGridViewSpecJson(reportSpec);

  await mkdir(options.dataDir, { recursive: true });
  const store: SqlPreferencesStore = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(options.dataDir, 'prefs.sqlite') });
  await store.migrate();

  registerSalesExports(dashboardSpec, rows);
  const bigTable = await openBigTable({ dataDir: options.dataDir, rows: options.bigTableRows ?? BIG_TABLE_DEFAULT_ROWS });

  const regionKpis = lazyBlockFromComponent(KpiStrip, ({ params }) => {
    const region = params.get('region') ?? '';
    const locale = demoLocale(params.get('lang'));
    const selected = (REGIONS as readonly string[]).includes(region) ? rows.filter((row) => row.region === region) : rows;
    const spec = localiseSpec(dashboardSpecJson as GridViewSpecWire, locale);
    return { kpis: resolveKpis(spec.kpis ?? [], selected, { locale, currency: DEMO_CURRENCY }), columns: 4, locale };
  });

  const gridView = createGridViewHandler({
    baseUrl: API_BASE,
    store,
    // Demo only: the cookie names the user. A real app reads its own session or token here.
    subject: (request) => demoUserOf(request),
    lazyBlocks: { [REGION_KPIS_BLOCK]: regionKpis },
    rowSources: bigTable.registrations,
    // The demo is clicked through by hand and by tests; allow more exports than the library default.
    throttle: { limit: 30, windowMs: 60_000 },
  });
  const report = createReportPage(reportSpec, summariseByMonthAndRegion(rows));
  const files = createStaticHandler(options.distDir);

  return {
    rows,
    bigTable,
    async handle(request) {
      const path = new URL(request.url).pathname;
      if (path === '/ssr' || path === '/ssr/') return report(request);
      const answer = (await gridView(request)) ?? (await handleDemoUsers(request)) ?? (await files(request));
      return (
        answer ??
        new Response(JSON.stringify({ status: 'error', message: 'Not found.' }), {
          status: request.method === 'GET' || request.method === 'HEAD' ? 404 : 405,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      );
    },
    close: async () => {
      await Promise.all([store.close(), bigTable.close()]);
    },
  };
}
