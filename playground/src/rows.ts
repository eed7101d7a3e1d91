/**
 * The demo rows of the browser, generated with the same seeded module the server uses, so an export
 * built on the server holds exactly the rows the table shows. One ledger per language (regions,
 * products and channels in the reader's language), each generated on first use and then kept:
 * switching the language back and forth costs nothing after the first time. Frozen and marked raw:
 * Vue must never walk 100,000 rows to make them reactive.
 *
 * @module
 */
import { markRaw } from 'vue';
import { generateSales, type SaleRow } from '../shared/data';
import type { DemoLocale } from '../shared/labels';

const cached: Partial<Record<DemoLocale, readonly SaleRow[]>> = {};

/**
 * All demo sales (100,000) with their texts in `locale`. Pages read it inside a `computed` of the
 * page language, so the rows follow the header's language switch.
 */
export function salesRows(locale: DemoLocale = 'en'): readonly SaleRow[] {
  return (cached[locale] ??= Object.freeze(markRaw(generateSales(undefined, undefined, locale))));
}
