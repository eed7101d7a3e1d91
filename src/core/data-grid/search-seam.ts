/**
 * What the values checklist lists of a cell: its raw text, trimmed, and whether that counts as
 * empty. Which cells a checklist then selects is its operator's test in the operator registry
 * (`filter-operators.ts`), so the list and the selection read a cell the same way.
 *
 * @module
 */
import { valueToText } from '../format';
import { isValuesEmptyCell } from './filter-operators';

/** The text a values checklist shows and selects for a cell: its raw text, trimmed. */
export function valuesKey(value: unknown): string {
  return valueToText(value).trim();
}

/** Whether a checklist text (`valuesKey`) is "empty" for a values filter (blank, `-` or `—`). */
export function isValuesEmpty(text: string): boolean {
  return isValuesEmptyCell(text);
}
