import { describe, expect, it } from 'vitest';
import {
  COLUMN_FIT,
  cssWidthToPx,
  fitColumnWidths,
  isNumericColumn,
  labelWords,
  numericExtremeRows,
  sampleColumnTexts,
  sampleRowIndices,
} from '../../src/core/table-model/column-widths';
import type { ColumnWidthInput } from '../../src/core/table-model/column-widths';
import { COLUMN_WIDTH_LIMITS } from '../../src/core/table-model/column-layout';

const text = (content: number, header = 60, headerWord = header): ColumnWidthInput => ({ fixed: null, numeric: false, content, header, headerWord });
const num = (content: number, header = 60, headerWord = header): ColumnWidthInput => ({ fixed: null, numeric: true, content, header, headerWord });
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('sampleRowIndices', () => {
  it('takes every row of a small table', () => {
    expect(sampleRowIndices(5)).toEqual([0, 1, 2, 3, 4]);
    expect(sampleRowIndices(0)).toEqual([]);
  });

  it('takes the first rows and spreads the rest over a large table, ascending and without repeats', () => {
    const sample = sampleRowIndices(100_000);
    expect(sample).toHaveLength(COLUMN_FIT.head + COLUMN_FIT.spread);
    expect(sample.slice(0, 3)).toEqual([0, 1, 2]);
    expect(new Set(sample).size).toBe(sample.length);
    expect([...sample].sort((a, b) => a - b)).toEqual(sample);
    expect(sample[sample.length - 1]).toBeGreaterThan(95_000);
    expect(sample[sample.length - 1]).toBeLessThan(100_000);
  });
});

describe('numericExtremeRows and sampleColumnTexts', () => {
  const rows = [{ v: 5 }, { v: '12.5' }, { v: null }, { v: -98_765_432.1 }, { v: 410_082_320.97 }, { v: 'n/a' }, {}];

  it('finds the rows of the largest and smallest number, reading numeric strings and skipping the rest', () => {
    expect(numericExtremeRows(rows, 'v')).toEqual([4, 3]);
    expect(numericExtremeRows([{ v: 3 }], 'v')).toEqual([0]);
    expect(numericExtremeRows([{ v: 'x' }, {}], 'v')).toEqual([]);
    expect(numericExtremeRows([{ v: Number.NaN }, { v: Infinity }], 'v')).toEqual([]);
    // A key every object inherits counts only where the row holds it itself.
    expect(numericExtremeRows([{}, { constructor: 5 }, { toString: 7 }], 'constructor')).toEqual([1]);
  });

  it('formats the sampled cells and the extremes as the table shows them, each text once', () => {
    const texts = sampleColumnTexts(rows, { key: 'v', format: 'currency' }, { locale: 'uk', currency: 'UAH' }, [0, 0, 2], numericExtremeRows(rows, 'v'));
    const uah = new Intl.NumberFormat('uk', { style: 'currency', currency: 'UAH' });
    expect(texts).toEqual([uah.format(5), uah.format(410_082_320.97), uah.format(-98_765_432.1)]);
    expect(sampleColumnTexts(rows, { key: 'v', format: 'text' }, {}, [5, 99, -1])).toEqual(['n/a']);
  });

  it('calls right-aligned and number-formatted columns numeric', () => {
    expect(isNumericColumn({ format: 'currency', align: 'left' })).toBe(true);
    expect(isNumericColumn({ format: 'text', align: 'right' })).toBe(true);
    expect(isNumericColumn({ format: 'text', align: 'center' })).toBe(false);
  });

  it('splits a label into words', () => {
    expect(labelWords(' Unit  price ')).toEqual(['Unit', 'price']);
    expect(labelWords('')).toEqual(['']);
  });
});

describe('cssWidthToPx', () => {
  const base = { rem: 16, em: 15, ch: 9, available: 1000, viewport: 1440 };
  it('reads the units a spec width may have', () => {
    expect(cssWidthToPx('110px', base)).toBe(110);
    expect(cssWidthToPx('6rem', base)).toBe(96);
    expect(cssWidthToPx('2em', base)).toBe(30);
    expect(cssWidthToPx('10ch', base)).toBe(90);
    expect(cssWidthToPx('12.5%', base)).toBe(125);
    expect(cssWidthToPx('10vw', base)).toBe(144);
  });

  it('gives null for auto, anything else, and a relative width whose base is unknown', () => {
    expect(cssWidthToPx('auto', base)).toBeNull();
    expect(cssWidthToPx(null, base)).toBeNull();
    expect(cssWidthToPx('calc(1px + 2px)', base)).toBeNull();
    expect(cssWidthToPx('20%', { ...base, available: null })).toBeNull();
    expect(cssWidthToPx('20vw', { ...base, viewport: null })).toBeNull();
  });
});

describe('fitColumnWidths', () => {
  it('gives each column its minimum when the room is unknown: a short text whole, a long one down to textMin, a number whole', () => {
    const fitted = fitColumnWidths([text(60), text(900, 80), num(130, 160, 60), num(70, 110, 90), { ...text(10), fixed: 200 }], null);
    expect(fitted.widths).toEqual([60, COLUMN_FIT.textMin, 130, 90, 200]);
    expect(fitted.total).toBe(sum(fitted.widths));
  });

  it('gives natural widths when there is exactly room for them: content or header, text capped', () => {
    const columns = [text(150), text(900, 80), num(130, 60), num(70, 110, 60)];
    const natural = 150 + COLUMN_FIT.textMax + 130 + 110;
    expect(fitColumnWidths(columns, natural).widths).toEqual([150, COLUMN_FIT.textMax, 130, 110]);
  });

  it('gives the spare room to the text columns, in proportion, filling the room exactly', () => {
    const fitted = fitColumnWidths([text(100), text(200), num(130)], 1000);
    expect(fitted.widths[2]).toBe(130);
    expect(fitted.widths[1]! - 200).toBeGreaterThan(fitted.widths[0]! - 100);
    expect(fitted.total).toBe(1000);
  });

  it('first lets a wrapped header stand on one line, then gives the rest to the text columns', () => {
    // A 500-pixel label over short cells: capped at COLUMN_FIT.headerMax while room is short.
    const long = text(100, 500, 150);
    expect(fitColumnWidths([long, text(100)], 340).widths[0]).toBe(COLUMN_FIT.headerMax);
    expect(fitColumnWidths([long, text(100)], 500).widths).toEqual([400, 100]);
    const roomy = fitColumnWidths([long, text(100)], 900);
    expect(roomy.widths[0]).toBeGreaterThan(500);
    expect(roomy.total).toBe(900);
  });

  it('spreads the room over number columns when no text column can take it', () => {
    const fitted = fitColumnWidths([num(100), num(100), { ...text(100), fixed: 150 }], 650);
    expect(fitted.widths).toEqual([250, 250, 150]);
  });

  it('shrinks text columns toward their minimum, never a number column below its widest value', () => {
    const columns = [text(300, 70), text(250, 200, 90), num(180, 80)];
    // Between the minimums (200 + 200 + 180) and the natural widths (300 + 250 + 180).
    const fitted = fitColumnWidths(columns, 600);
    expect(fitted.widths[2]).toBe(180);
    expect(fitted.total).toBe(600);
    expect(fitted.widths[0]).toBeGreaterThanOrEqual(COLUMN_FIT.textMin);
    expect(fitted.widths[1]).toBeGreaterThanOrEqual(90);
    expect(fitted.widths[0]).toBeLessThan(300);
  });

  it('puts every column at its minimum when even that does not fit: the table scrolls', () => {
    // A long text shrinks to textMin (200, so a person's name stays whole); a header word wider than that wins.
    const fitted = fitColumnWidths([text(300, 70), text(300, 240, 230), num(410.2)], 200);
    expect(fitted.widths).toEqual([COLUMN_FIT.textMin, 230, 411]);
    expect(fitted.total).toBeGreaterThan(200);
  });

  it('never cuts a short text (a date, a code, a name), even when the table scrolls sideways', () => {
    const date = text(104, 50);
    const name = text(COLUMN_FIT.textMin - 1, 60);
    const note = text(600, 50);
    const fitted = fitColumnWidths([date, name, note, num(120)], 300);
    expect(fitted.widths).toEqual([104, COLUMN_FIT.textMin - 1, COLUMN_FIT.textMin, 120]);
  });

  it("takes a spec width as the column's least width: content may widen it, nothing narrows it", () => {
    // A spec written for a narrower font (110 px) must not cut a 124-pixel date.
    const dateWithSpec: ColumnWidthInput = { ...text(124, 50), least: 110 };
    const narrowWithSpec: ColumnWidthInput = { ...text(40, 50), least: 110 };
    const fitted = fitColumnWidths([dateWithSpec, narrowWithSpec, text(400, 60)], 200);
    expect(fitted.widths.slice(0, 2)).toEqual([124, 110]);
    const roomy = fitColumnWidths([dateWithSpec, narrowWithSpec, text(100, 60)], 1000);
    expect(roomy.widths[0]).toBeGreaterThanOrEqual(124);
    expect(roomy.widths[1]).toBeGreaterThanOrEqual(110);
    expect(roomy.total).toBe(1000);
  });

  it('keeps a header word whole: no column is narrower than its longest header word', () => {
    const fitted = fitColumnWidths([text(40, 160, 150), num(30, 70)], 100);
    expect(fitted.widths[0]).toBeGreaterThanOrEqual(150);
    expect(fitted.widths[1]).toBeGreaterThanOrEqual(70);
  });

  it('keeps a fixed width, but never lets it cut a number, and reports each column\'s resize minimum', () => {
    const fitted = fitColumnWidths([{ ...text(300), fixed: 50 }, { ...num(180), fixed: 90 }, text(100)], 800);
    expect(fitted.widths[0]).toBe(50);
    expect(fitted.widths[1]).toBe(180);
    expect(fitted.widths[2]).toBe(800 - 50 - 180);
    expect(fitted.mins).toEqual([COLUMN_WIDTH_LIMITS.min, 180, COLUMN_WIDTH_LIMITS.min]);
  });

  it('lets a table of fixed columns be as wide as their sum', () => {
    expect(fitColumnWidths([{ ...text(10), fixed: 120 }, { ...text(10), fixed: 80 }], 1000)).toMatchObject({ widths: [120, 80], total: 200 });
  });

  it('treats non-finite and negative measures as 0 and stays within the resize limits', () => {
    const fitted = fitColumnWidths([{ fixed: null, numeric: true, content: Number.NaN, header: -5, headerWord: Infinity }, num(5000)], 100);
    expect(fitted.widths[0]).toBe(COLUMN_WIDTH_LIMITS.min);
    expect(fitted.widths[1]).toBe(COLUMN_WIDTH_LIMITS.max);
  });
});
