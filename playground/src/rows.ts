/**
 * The demo rows of the browser, generated with the same seeded module the server uses, so an export
 * built on the server holds exactly the rows the table shows. How many: the server says (`GET
 * /demo/settings`, from `GV_DEMO_ROWS`; 100,000 unless started otherwise), read once while the app's
 * shell paints (`startDemoRows`); the pages, which read the rows synchronously, mount after that. One ledger per language (regions, products and channels in the reader's language), each
 * generated on first use and then kept: switching the language back and forth costs nothing after
 * the first time. Frozen and marked raw: Vue must never walk 100,000 rows to make them reactive.
 *
 * @module
 */
import { markRaw, ref } from 'vue';
import { DEMO_ROW_COUNT, DEMO_ROW_LIMIT, generateSales, type SaleRow } from '../shared/data';
import type { DemoLocale } from '../shared/labels';

const cached: Partial<Record<DemoLocale, readonly SaleRow[]>> = {};
let rowCount = DEMO_ROW_COUNT;

/**
 * Asks the server how many demo sales it serves (`startDemoRows` calls it before the pages mount:
 * they read the rows synchronously). Rejects when the server cannot be reached or answers something else than
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
 * True once the row count is known and the shell has been painted: the pages (which generate and
 * aggregate 100,000 rows as they mount, a few hundred milliseconds of work) render from then on.
 */
export const demoReady = ref(false);

/**
 * Reads the row count (see {@link loadDemoRowCount}; without an answer the default count is used and
 * the console says why), then lets the browser paint the shell (header, navigation, the page's title)
 * before the pages start their work: the reader sees the playground at once instead of a blank
 * window while the rows are generated. Call once, after mounting the app.
 */
export async function startDemoRows(): Promise<void> {
  try {
    await loadDemoRowCount();
  } catch (error) {
    console.warn('vue-grid-view playground: using the default row count.', error);
  }
  // A frame, then a task: the shell's first frame is painted before the pages' work begins.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  demoReady.value = true;
}

/**
 * All demo sales with their texts in `locale`. Pages read it inside a `computed` of the page
 * language, so the rows follow the header's language switch.
 */
export function salesRows(locale: DemoLocale = 'en'): readonly SaleRow[] {
  return (cached[locale] ??= Object.freeze(markRaw(generateSales(rowCount, undefined, locale))));
}
