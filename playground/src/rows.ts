/**
 * The demo rows of the browser, generated once with the same seeded module the server uses, so an
 * export built on the server holds exactly the rows the table shows. Frozen and marked raw: Vue
 * must never walk 100,000 rows to make them reactive.
 *
 * @module
 */
import { markRaw } from 'vue';
import { generateSales, type SaleRow } from '../shared/data';

let cached: readonly SaleRow[] | null = null;

/** All demo sales (100,000), generated on first use. */
export function salesRows(): readonly SaleRow[] {
  cached ??= Object.freeze(markRaw(generateSales()));
  return cached;
}
