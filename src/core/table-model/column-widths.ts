/**
 * Column widths of a simple table from its content, as plain arithmetic: which rows to sample,
 * which texts to measure, and how measured columns share the width there is. The measuring itself
 * (canvas `measureText` in a browser, an estimate elsewhere) is the caller's: this module gets the
 * numbers and never touches a DOM.
 *
 * @module
 */
import { formatValue, isInheritedName, readCell, toNumber } from '../format';
import type { Column, FormatOptions, Row } from '../types';
import { COLUMN_WIDTH_LIMITS } from './column-layout';

/** How content-sized columns are bounded, in CSS pixels. */
export const COLUMN_FIT = Object.freeze({
  /**
   * A text column whose content is at most this wide is never cut (dates, codes, names: short values
   * without a good place to break); a longer one shrinks to this (or its header's longest word)
   * before the table scrolls sideways.
   */
  textMin: 200,
  /** A text column grows to at most this from its content; longer texts are cut with an ellipsis. */
  textMax: 320,
  /** A header wider than this on one line wraps rather than widening its column. */
  headerMax: 240,
  /** Rows sampled from the start, and spread over the rest (the extremes of number columns come on top). */
  head: 40,
  spread: 40,
});

/** True for a column whose cells are numbers: right-aligned, or a `number`, `currency` or `percent` format. */
export function isNumericColumn(column: Pick<Column, 'format' | 'align'>): boolean {
  return column.format !== 'text' || column.align === 'right';
}

/**
 * The rows whose cells are measured: the first `head`, then `spread` more evenly over the rest
 * (all of them when there are at most `head + spread`). Ascending, no repeats.
 */
export function sampleRowIndices(count: number, head: number = COLUMN_FIT.head, spread: number = COLUMN_FIT.spread): number[] {
  const n = Math.max(0, Math.floor(count));
  if (n <= head + spread) return Array.from({ length: n }, (_v, i) => i);
  const out = Array.from({ length: head }, (_v, i) => i);
  const step = (n - head) / spread;
  for (let k = 0; k < spread; k++) out.push(head + Math.floor(k * step));
  return out;
}

/**
 * The rows holding the largest and the smallest number of a column (the longest texts of a
 * numeric column are usually those of its extremes: `410 082 320,97`, `-98 765 432,10`), found in
 * one pass that reads each cell once and formats nothing. Empty when no cell holds a number.
 */
export function numericExtremeRows(rows: readonly Row[], key: string): number[] {
  // A tight loop (this reads every row once): the inherited-name check of readCell is made once.
  const inherited = isInheritedName(key);
  let max = -Infinity;
  let min = Infinity;
  let maxAt = -1;
  let minAt = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row === null || row === undefined) continue;
    const raw = inherited && !Object.prototype.hasOwnProperty.call(row, key) ? undefined : row[key];
    let value: number;
    if (typeof raw === 'number') value = raw;
    else if (raw === null || raw === undefined) continue;
    else {
      const read = toNumber(raw);
      if (read === null) continue;
      value = read;
    }
    // Finite numbers only (NaN and infinities show no digits).
    if (value - value !== 0) continue;
    if (value > max) {
      max = value;
      maxAt = i;
    }
    if (value < min) {
      min = value;
      minAt = i;
    }
  }
  if (maxAt === -1) return [];
  return maxAt === minAt ? [maxAt] : [maxAt, minAt];
}

/**
 * The distinct texts of a column's cells in the rows `sample` names (plus, for a numeric column,
 * `extremes`), formatted as the table shows them. Empty cells give no text.
 */
export function sampleColumnTexts(rows: readonly Row[], column: Pick<Column, 'key' | 'format'>, options: FormatOptions, sample: readonly number[], extremes: readonly number[] = []): string[] {
  const texts = new Set<string>();
  for (const list of [sample, extremes]) {
    for (const i of list) {
      if (i < 0 || i >= rows.length) continue;
      const text = formatValue(readCell(rows[i], column.key), column.format, options);
      if (text !== '') texts.add(text);
    }
  }
  return [...texts];
}

/** The longest word of a label (where a wrapped header cannot break), or the label when it has one word. */
export function labelWords(label: string): string[] {
  const words = label.split(/\s+/u).filter((word) => word !== '');
  return words.length > 0 ? words : [label];
}

/**
 * A column's spec `width` (`120px`, `12.5rem`, `8em`, `10ch`, `20%`, `15vw`; see `SPEC_LIMITS`) in
 * CSS pixels, given the sizes it is relative to. Null for `auto`, for anything else, and for a
 * relative unit whose base is not known (a `%` before the table's width is).
 */
export function cssWidthToPx(width: string | null | undefined, base: { rem: number; em: number; ch: number; available: number | null; viewport: number | null }): number | null {
  const match = /^(\d+(?:\.\d+)?)(px|rem|em|ch|%|vw)$/u.exec((width ?? '').trim());
  if (!match) return null;
  const value = Number(match[1]);
  switch (match[2]) {
    case 'px':
      return value;
    case 'rem':
      return value * base.rem;
    case 'em':
      return value * base.em;
    case 'ch':
      return value * base.ch;
    case '%':
      return base.available === null ? null : (value / 100) * base.available;
    default:
      return base.viewport === null ? null : (value / 100) * base.viewport;
  }
}

/** What the arithmetic knows of one shown column, in CSS pixels. */
export interface ColumnWidthInput {
  /** A width the column must have exactly (the reader's own); null: from content. */
  fixed: number | null;
  /**
   * The least width the column may have (the spec's `width` in pixels, as the data grid reads it):
   * its content may widen it, nothing narrows it. Absent or null: none.
   */
  least?: number | null;
  /** A number column: never narrower than `content`, so a number is never cut. */
  numeric: boolean;
  /** The widest measured cell (footer included), padding included; 0 for no cells. */
  content: number;
  /** The header label on one line, with its padding, sort indicator and resize handle. */
  header: number;
  /** The header's longest word with the same extras: the narrowest the header wraps to. */
  headerWord: number;
}

/** The widths `fitColumnWidths` gives. */
export interface FittedWidths {
  /** One whole number of pixels per column, in input order. */
  widths: number[];
  /** Their sum: the table's width (wider than `available` when the columns cannot fit; with `available` null, the least width of the table). */
  total: number;
  /** The narrowest each column may be resized to (a number column's widest value). */
  mins: number[];
}

interface Bounds {
  min: number;
  natural: number;
}

function boundsOf(column: ColumnWidthInput): Bounds {
  const header = Math.min(column.header, Math.max(COLUMN_FIT.headerMax, column.headerWord));
  const least = column.least ?? 0;
  if (column.numeric) {
    const min = Math.max(column.content, column.headerWord, least);
    return { min, natural: Math.max(min, header) };
  }
  const min = Math.max(column.headerWord, Math.min(column.content, COLUMN_FIT.textMin), least);
  return { min, natural: Math.max(min, Math.min(Math.max(column.content, header), COLUMN_FIT.textMax)) };
}

/**
 * Widths for the shown columns of a table `available` pixels wide. With `available` null (not known,
 * as in server rendering) every column that is not `fixed` gets its minimum: the least width before
 * a number is cut or a short text wraps, for the browser's automatic table layout, which treats a
 * column's width as its minimum and gives the rest by content.
 *
 * - A `fixed` column (the reader's width) keeps its width (a number column never below its widest
 *   value: a reader's resize cannot cut a number).
 * - Every other column has a minimum (a number column: its widest value; a text column: its
 *   content when that is at most `COLUMN_FIT.textMin`, else `textMin`, and at least its header's
 *   longest word; both at least their `least`, the spec's width) and a natural width (its content
 *   and its header on one line, text capped at `COLUMN_FIT.textMax`, at least the minimum).
 * - Room for every natural width: first a header that had to wrap gets the room to stand on one
 *   line, then the rest goes to the text columns, in proportion to their natural widths (to the
 *   number columns when there is no text column left to widen). Room for
 *   less: each column gives up the same share of what it has above its minimum. Room for less than
 *   the minimums: every column at its minimum, and the table scrolls sideways.
 *
 * Widths are whole pixels summing to exactly `available` when the columns fit; number columns are
 * rounded up, never down. Non-finite inputs count as 0.
 */
export function fitColumnWidths(columns: readonly ColumnWidthInput[], available: number | null): FittedWidths {
  const clean = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);
  const inputs = columns.map((c) => ({
    ...c,
    content: clean(c.content),
    header: clean(c.header),
    headerWord: clean(c.headerWord),
    fixed: c.fixed === null ? null : clean(c.fixed),
    least: c.least === null || c.least === undefined ? null : clean(c.least),
  }));
  const bounds = inputs.map(boundsOf);
  const mins = inputs.map((c, i) => (c.numeric ? Math.min(COLUMN_WIDTH_LIMITS.max, Math.max(COLUMN_WIDTH_LIMITS.min, Math.ceil(bounds[i]!.min))) : COLUMN_WIDTH_LIMITS.min));
  // Room unknown: each column's minimum, for the browser's automatic layout to grow by content.
  const widths: number[] = inputs.map((c, i) => (c.fixed === null ? (available === null ? bounds[i]!.min : bounds[i]!.natural) : c.numeric ? Math.max(c.fixed, bounds[i]!.min) : c.fixed));
  const flexible = inputs.flatMap((c, i) => (c.fixed === null ? [i] : []));
  const room = available === null ? null : Math.max(0, clean(available) - widths.reduce((sum, w, i) => (inputs[i]!.fixed === null ? sum : sum + w), 0));

  if (room !== null && flexible.length > 0) {
    const sumMin = flexible.reduce((sum, i) => sum + bounds[i]!.min, 0);
    const sumNatural = flexible.reduce((sum, i) => sum + bounds[i]!.natural, 0);
    if (room <= sumMin) {
      for (const i of flexible) widths[i] = bounds[i]!.min;
    } else if (room < sumNatural) {
      const share = (room - sumMin) / (sumNatural - sumMin);
      for (const i of flexible) widths[i] = bounds[i]!.min + (bounds[i]!.natural - bounds[i]!.min) * share;
    } else {
      let spare = room - sumNatural;
      for (const i of flexible) widths[i] = bounds[i]!.natural;
      // First a wrapped header gets the room to stand on one line (in proportion to what it lacks).
      const lacking = flexible.map((i) => Math.max(0, inputs[i]!.header - bounds[i]!.natural));
      const lack = lacking.reduce((sum, n) => sum + n, 0);
      if (lack > 0) {
        const share = Math.min(1, spare / lack);
        flexible.forEach((i, k) => {
          widths[i] = widths[i]! + lacking[k]! * share;
        });
        spare -= lack * share;
      }
      const texts = flexible.filter((i) => !inputs[i]!.numeric);
      const growing = texts.length > 0 ? texts : flexible;
      const weight = growing.reduce((sum, i) => sum + bounds[i]!.natural, 0);
      for (const i of growing) widths[i] = widths[i]! + spare * (weight > 0 ? bounds[i]!.natural / weight : 1 / growing.length);
    }
  }

  // Whole pixels: numbers up (a value must fit), text down, then the widest text column (or the
  // last number column, which may only grow) takes the difference so the columns fill the room.
  const whole = widths.map((w, i) => Math.min(COLUMN_WIDTH_LIMITS.max, Math.max(COLUMN_WIDTH_LIMITS.min, inputs[i]!.numeric ? Math.ceil(w - 1e-6) : Math.floor(w))));
  if (room !== null && flexible.length > 0) {
    const target = whole.reduce((sum, w, i) => (inputs[i]!.fixed === null ? sum + w : sum), 0);
    const difference = Math.round(room) - target;
    const texts = flexible.filter((i) => !inputs[i]!.numeric);
    const taker = texts.length > 0 ? texts.reduce((a, b) => (whole[b]! > whole[a]! ? b : a)) : flexible[flexible.length - 1]!;
    const floor = inputs[taker]!.numeric ? whole[taker]! : Math.max(COLUMN_WIDTH_LIMITS.min, Math.floor(bounds[taker]!.min));
    if (difference > 0 || whole[taker]! + difference >= floor) whole[taker] = Math.max(floor, whole[taker]! + difference);
  }
  return { widths: whole, total: whole.reduce((sum, w) => sum + w, 0), mins };
}
