/**
 * The demo rows of the browser, generated with the same seeded module the server uses, so an export
 * built on the server holds exactly the rows the table shows. How many: the server says (`GET
 * /demo/settings`, from `GV_DEMO_ROWS`; 100,000 unless started otherwise), read once before the app
 * mounts. One ledger per language (regions, products and channels in the reader's language), each
 * generated on first use and then kept: switching the language back and forth costs nothing after
 * the first time. Frozen and marked raw: Vue must never walk 100,000 rows to make them reactive.
 *
 * @module
 */
import { markRaw } from 'vue';
import { DEMO_ROW_COUNT, DEMO_ROW_LIMIT, generateSales, type SaleRow } from '../shared/data';
import type { DemoLocale } from '../shared/labels';

const cached: Partial<Record<DemoLocale, readonly SaleRow[]>> = {};
let rowCount = DEMO_ROW_COUNT;

/**
 * Asks the server how many demo sales it serves. Call once, before the app mounts (the pages read
 * the rows synchronously). Rejects when the server cannot be reached or answers something else than
 * a count from 1 to {@link DEMO_ROW_LIMIT}; the count then stays {@link DEMO_ROW_COUNT}.
 */
export async function loadDemoRowCount(): Promise<void> {
  const response = await fetch('/demo/settings', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /demo/settings answered ${response.status}`);
  const { demoRows } = (await response.json()) as { demoRows?: unknown };
  if (typeof demoRows !== 'number' || !Number.isSafeInteger(demoRows) || demoRows < 1 || demoRows > DEMO_ROW_LIMIT) {
    throw new Error(`GET /demo/settings gave no row count from 1 to ${DEMO_ROW_LIMIT}: ${JSON.stringify(demoRows)}`);
  }
  rowCount = demoRows;
}

/**
 * All demo sales with their texts in `locale`. Pages read it inside a `computed` of the page
 * language, so the rows follow the header's language switch.
 */
export function salesRows(locale: DemoLocale = 'en'): readonly SaleRow[] {
  return (cached[locale] ??= Object.freeze(markRaw(generateSales(rowCount, undefined, locale))));
}
