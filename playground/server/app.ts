/**
 * The playground server, composed from the library's parts: the real grid-view handler (SQLite
 * preferences in a file, XLSX and PDF exports, a lazy block, the big table's server rows), the
 * server-rendered report, the plain HTML page, the chat's planner flow, the demo sign-in and the built Vue app. One web-standard `(Request) => Promise<Response>` function, served
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
import { DEMO_ROW_COUNT, DEMO_ROW_LIMIT, DEMO_SEED, generateSales, summariseByMonthAndRegion, REGIONS, type SaleRow } from '../shared/data';
import { API_BASE, DEMO_CURRENCY, demoLocale, localiseSpec, type DemoLocale } from '../shared/labels';
import { demoUserOf, handleDemoUsers } from './demo-users';
import { registerSalesExports } from './exports';
import { createReportPage } from './report';
import { createPlainPage } from './plain';
import { createStaticHandler } from './static';
import { BIG_TABLE_DEFAULT_ROWS, openBigTable, type BigTable } from './big-table';
import { createChatRoute } from './chat';

/** Options of `createPlaygroundApp`. */
export interface PlaygroundAppOptions {
  /** Folder of the SQLite file (`prefs.sqlite`); created when missing. */
  dataDir: string;
  /** Folder of the built client (playground/dist/client). */
  distDir: string;
  /**
   * The repository the plain HTML page (`/plain`) serves its scripts from: the vendor builds in
   * `node_modules/` and the library's browser bundle in `dist/browser/`.
   */
  rootDir: string;
  /** Rows of the big table (`big-table.sqlite` in `dataDir`, generated when missing). @default 1_000_000 */
  bigTableRows?: number;
  /**
   * Demo sales of every other page, in the browser and on the server alike (the pages ask the
   * server through `GET /demo/settings`, so an export holds exactly the rows a page shows).
   * @default DEMO_ROW_COUNT (100,000)
   */
  demoRows?: number;
}

/** The composed application. */
export interface PlaygroundApp {
  handle(request: Request): Promise<Response>;
  /** The demo rows (English texts), as every page and export sees them. */
  readonly rows: readonly SaleRow[];
  /** The same rows in each language of the playground (`rowsByLocale.uk[i]` is `rows[i]` in Ukrainian). */
  readonly rowsByLocale: Readonly<Record<DemoLocale, readonly SaleRow[]>>;
  /** The big table's SQLite file and row source. */
  readonly bigTable: BigTable;
  /** Closes the databases; idempotent. */
  close(): Promise<void>;
}

/**
 * The demo sales count `GV_DEMO_ROWS` asks for (whole number, 1 to {@link DEMO_ROW_LIMIT}), else
 * {@link DEMO_ROW_COUNT}. Throws on anything else, naming the variable, so a typo does not silently
 * start the default.
 */
export function demoRowsFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEMO_ROW_COUNT;
  const rows = Number(value);
  if (!Number.isSafeInteger(rows) || rows < 1 || rows > DEMO_ROW_LIMIT) throw new Error(`GV_DEMO_ROWS must be a whole number from 1 to ${DEMO_ROW_LIMIT}, not ${JSON.stringify(value)}.`);
  return rows;
}

/** The id of the lazy block: the KPI strip of one region (`&region=North`). */
export const REGION_KPIS_BLOCK = 'region-kpis';

/**
 * Builds the app: generates the data, opens the SQLite store and runs its migrations (so a fresh
 * data folder works at once), registers the export builders and the lazy block.
 */
export async function createPlaygroundApp(options: PlaygroundAppOptions): Promise<PlaygroundApp> {
  // The ledger in both languages: an export, the report and the lazy block answer in the language
  // the request names, with the values the page showed.
  const demoRows = options.demoRows ?? DEMO_ROW_COUNT;
  const rowsByLocale = Object.freeze({
    en: Object.freeze(generateSales(demoRows, DEMO_SEED, 'en')),
    uk: Object.freeze(generateSales(demoRows, DEMO_SEED, 'uk')),
  });
  const rows = rowsByLocale.en;
  const dashboardSpec = parseGridViewSpecJson(dashboardSpecJson);
  const reportSpec = reportSpecJson as GridViewSpecWire;
  // The report is validated at start-up so a broken spec file fails loudly here, not per request.
  parseGridViewSpecJson(reportSpec);

  await mkdir(options.dataDir, { recursive: true });
  const store: SqlPreferencesStore = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(options.dataDir, 'prefs.sqlite') });
  await store.migrate();

  registerSalesExports(dashboardSpec, rowsByLocale);
  const bigTable = await openBigTable({ dataDir: options.dataDir, rows: options.bigTableRows ?? BIG_TABLE_DEFAULT_ROWS });

  const regionKpis = lazyBlockFromComponent(KpiStrip, ({ params }) => {
    // `region` is the region's code, its English name, whatever the language of the page.
    const region = params.get('region') ?? '';
    const locale = demoLocale(params.get('lang'));
    const selected = REGIONS.some((name) => name.en === region) ? rows.filter((row) => row.region === region) : rows;
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
  const summaryByLocale = { en: summariseByMonthAndRegion(rowsByLocale.en), uk: summariseByMonthAndRegion(rowsByLocale.uk) };
  const report = createReportPage(reportSpec, summaryByLocale);
  const plain = createPlainPage({ rootDir: options.rootDir, reportSpec, rowsByLocale, summaryByLocale });
  const files = createStaticHandler(options.distDir);
  // The chat page's answers come from the big table's file, read-only, one query process each.
  const chat = createChatRoute({ databaseFile: bigTable.path });

  return {
    rows,
    rowsByLocale,
    bigTable,
    async handle(request) {
      const path = new URL(request.url).pathname;
      if (path === '/ssr' || path === '/ssr/') return report(request);
      if (path === '/demo/settings' && request.method === 'GET') {
        return new Response(JSON.stringify({ demoRows }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
      }
      const answer = (await chat.handle(request)) ?? (await plain(request)) ?? (await gridView(request)) ?? (await handleDemoUsers(request)) ?? (await files(request));
      return (
        answer ??
        new Response(JSON.stringify({ status: 'error', message: 'Not found.' }), {
          status: request.method === 'GET' || request.method === 'HEAD' ? 404 : 405,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      );
    },
    close: async () => {
      await Promise.all([store.close(), bigTable.close(), chat.close()]);
    },
  };
}
