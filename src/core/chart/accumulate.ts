/**
 * The chart runtime's one pass over the rows: per chart, the categories in first-seen order and the
 * aggregate of each series per category, gathered the way the aggregate's registry entry says
 * (`accumulator`, see `../aggregates`). `./runtime` turns the result into a `ChartRuntime`.
 *
 * @module
 */
import { ACCUMULATOR_CODES, reduceNumbers } from '../aggregates';
import type { AggregateDefinition } from '../aggregates';
import { EMPTY_VALUE, isInheritedName, toNumber, valueToText } from '../format';
import { numberSymbols, parseNumberWith } from '../search/numbers';
import type { NumberSymbols } from '../search/numbers';
import type { Row } from '../types';

// The registry's accumulator codes (one table for KPIs and charts), so the per-cell switch compares numbers.
const { count: COUNT, distinct: DISTINCT, sum: SUM, mean: MEAN, min: MIN, max: MAX, collect: COLLECT } = ACCUMULATOR_CODES;
/** Not an aggregate, so outside the registry's table: a chart without series counts rows per category. */
const ROWS = -1;

/**
 * Text label of an x value. Empty values (null, undefined, '', NaN) become "—" so that their rows
 * still count (dropping them would make the chart disagree with the table); other values use
 * `valueToText` (numbers as `String`, Dates as ISO 8601). Note that a real category spelled "—"
 * shares the bucket of empty values.
 */
export function categoryLabel(value: unknown): string {
  if (value === null || value === undefined || value === '' || (typeof value === 'number' && value !== value)) return EMPTY_VALUE;
  const text = valueToText(value);
  return text === '' ? EMPTY_VALUE : text;
}

/**
 * A series cell as a number, NaN for none (so hot loops keep unboxed doubles): numbers as they are,
 * numeric strings read with the locale's symbols, safe bigints.
 */
function numeric(value: unknown, symbols: NumberSymbols): number {
  if (typeof value === 'number') return value - value === 0 ? value : NaN;
  const n = typeof value === 'string' ? parseNumberWith(value, symbols) : toNumber(value);
  return n === null ? NaN : n;
}

/** Reads `row[key]`; keys such as `constructor` are read as own properties only. */
function cell(row: Row, key: string, own: boolean): unknown {
  if (own) return Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
  return row[key];
}

/**
 * Category aggregates of one chart. Category lookup goes through the raw x value first (a Map hit
 * costs no string building); only a raw value never seen before gets its label, which may merge it
 * into an existing category. Sums, counts and extremes live in plain double arrays with NaN meaning
 * "no numeric value yet"; the sum path is the one the renderer's benchmark measures, so it stays a
 * handful of operations per cell.
 */
export class ChartAccumulator {
  readonly xKey: string;
  readonly ownX: boolean;
  readonly keys: readonly string[];
  readonly own: readonly boolean[];
  readonly key0: string;
  readonly own0: boolean;
  readonly key1: string;
  readonly own1: boolean;
  readonly seriesCount: number;
  readonly kind: number;
  /** The aggregate's entry; null for ROWS. */
  readonly entry: AggregateDefinition | null;
  private readonly byRaw = new Map<unknown, number>();
  private readonly byLabel = new Map<string, number>();
  private readonly categories: string[] = [];
  /** One array per series (one for ROWS): sums, counts or extremes per category. */
  private readonly sums: number[][];
  private readonly symbols: NumberSymbols;
  /** MEAN and COLLECT: the numbers of each category; DISTINCT: the distinct values of each category. */
  private readonly groups: (number[] | Set<unknown>)[][];

  /**
   * @param entry the aggregate of the series, or null for a chart that counts its rows per category
   *   (no series)
   */
  constructor(xKey: string, keys: readonly string[], entry: AggregateDefinition | null, symbols: NumberSymbols = numberSymbols(undefined)) {
    this.symbols = symbols;
    this.xKey = xKey;
    this.ownX = isInheritedName(xKey);
    this.keys = keys;
    this.own = keys.map(isInheritedName);
    this.key0 = keys[0] ?? '';
    this.own0 = this.own[0] ?? false;
    this.key1 = keys[1] ?? '';
    this.own1 = this.own[1] ?? false;
    this.seriesCount = keys.length;
    const kind = entry === null ? ROWS : ACCUMULATOR_CODES[entry.accumulator];
    this.kind = kind;
    this.entry = entry;
    this.sums = kind === ROWS ? [[]] : keys.map(() => []);
    this.groups = kind === MEAN || kind === COLLECT || kind === DISTINCT ? keys.map(() => []) : [];
  }

  /** The category index of an x value, creating the category on first sight. */
  private slot(x: unknown): number {
    let index = this.byRaw.get(x);
    if (index !== undefined) return index;
    const label = categoryLabel(x);
    index = this.byLabel.get(label);
    if (index === undefined) {
      index = this.categories.length;
      this.categories.push(label);
      this.byLabel.set(label, index);
      const start = this.kind === COUNT || this.kind === ROWS || this.kind === DISTINCT ? 0 : NaN;
      for (const series of this.sums) series.push(start);
      if (this.kind === MEAN || this.kind === COLLECT) for (const series of this.groups) series.push([]);
      else if (this.kind === DISTINCT) for (const series of this.groups) series.push(new Set());
    }
    // Objects are keyed by identity, so only primitives are worth remembering by raw value.
    if (typeof x !== 'object' || x === null) this.byRaw.set(x, index);
    return index;
  }

  /** Adds a row whose x value and first two series cells the caller has read. */
  add(row: Row, x: unknown, v0: unknown, v1: unknown): void {
    const index = this.slot(x);
    const count = this.seriesCount;
    if (this.kind !== SUM) {
      this.addOther(row, index, v0, v1);
      return;
    }
    if (count === 0) return;
    plus(this.sums[0] as number[], index, numeric(v0, this.symbols));
    if (count === 1) return;
    plus(this.sums[1] as number[], index, numeric(v1, this.symbols));
    for (let s = 2; s < count; s++) plus(this.sums[s] as number[], index, numeric(cell(row, this.keys[s] as string, this.own[s] as boolean), this.symbols));
  }

  /** Every aggregate but sum: off the hot path of the common chart. */
  private addOther(row: Row, index: number, v0: unknown, v1: unknown): void {
    if (this.kind === ROWS) {
      const counts = this.sums[0] as number[];
      counts[index] = (counts[index] as number) + 1;
      return;
    }
    for (let s = 0; s < this.seriesCount; s++) {
      const value = s === 0 ? v0 : s === 1 ? v1 : cell(row, this.keys[s] as string, this.own[s] as boolean);
      const target = this.sums[s] as number[];
      switch (this.kind) {
        case COUNT:
          if (!isEmptyCell(value)) target[index] = (target[index] as number) + 1;
          break;
        case DISTINCT:
          if (!isEmptyCell(value)) {
            const distinct = (this.groups[s] as Set<unknown>[])[index] as Set<unknown>;
            // Dates count by instant, as in resolveKpis.
            distinct.add(value instanceof Date ? `\u0000date:${value.getTime()}` : value);
            target[index] = distinct.size;
          }
          break;
        case MIN: {
          const n = numeric(value, this.symbols);
          if (n === n && !((target[index] as number) <= n)) target[index] = n;
          break;
        }
        case MAX: {
          const n = numeric(value, this.symbols);
          if (n === n && !((target[index] as number) >= n)) target[index] = n;
          break;
        }
        case MEAN:
        case COLLECT: {
          const n = numeric(value, this.symbols);
          if (n === n) ((this.groups[s] as number[][])[index] as number[]).push(n);
          break;
        }
        default:
          // SUM never comes here (`add` takes it); any other code is a defect, not a sum.
          throw new TypeError(`No accumulator ${this.kind}`);
      }
    }
  }

  result(): { categories: string[]; values: (number | null)[][] } {
    if (this.kind === MEAN || this.kind === COLLECT) {
      const entry = this.entry as AggregateDefinition;
      // A category without a number is a gap whatever `reduce` gives for none.
      const values = this.groups.map((series) => (series as number[][]).map((numbers) => (numbers.length === 0 ? null : reduceNumbers(entry, numbers))));
      return { categories: this.categories, values };
    }
    // NaN ("nothing numeric") and overflowed sums become null, the JSON-safe gap.
    return { categories: this.categories, values: this.sums.map((series) => series.map((v) => (Number.isFinite(v) ? v + 0 : null))) };
  }
}

/** Empty as `resolveKpis` counts it: null, undefined, '' and NaN. */
function isEmptyCell(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'number' && value !== value);
}

function plus(target: number[], index: number, n: number): void {
  if (n !== n) return;
  const prev = target[index] as number;
  target[index] = prev !== prev ? n : prev + n;
}

const NO_CHART = new ChartAccumulator('', [], null);

/**
 * The single pass over the rows for all charts. Like the KPI pass (see kpi.ts), the x value and the
 * first two series of the first three charts (a spec's maximum) are read at their own
 * property-access sites, which stay monomorphic in the engine's inline caches; further series and
 * charts are read through one generic site.
 */
export function accumulate(rows: readonly Row[], charts: readonly ChartAccumulator[]): void {
  const count = charts.length;
  const a = charts[0] ?? NO_CHART;
  const b = charts[1] ?? NO_CHART;
  const c = charts[2] ?? NO_CHART;
  const ax = a.xKey;
  const a0 = a.key0;
  const a1 = a.key1;
  const bx = b.xKey;
  const b0 = b.key0;
  const b1 = b.key1;
  const cx = c.xKey;
  const c0 = c.key0;
  const c1 = c.key1;
  const aSeries = a.seriesCount;
  const bSeries = b.seriesCount;
  const cSeries = c.seriesCount;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row === null || row === undefined) continue;
    if (count === 0) return;
    a.add(
      row,
      a.ownX ? cell(row, ax, true) : row[ax],
      aSeries > 0 ? (a.own0 ? cell(row, a0, true) : row[a0]) : undefined,
      aSeries > 1 ? (a.own1 ? cell(row, a1, true) : row[a1]) : undefined,
    );
    if (count === 1) continue;
    b.add(
      row,
      b.ownX ? cell(row, bx, true) : row[bx],
      bSeries > 0 ? (b.own0 ? cell(row, b0, true) : row[b0]) : undefined,
      bSeries > 1 ? (b.own1 ? cell(row, b1, true) : row[b1]) : undefined,
    );
    if (count === 2) continue;
    c.add(
      row,
      c.ownX ? cell(row, cx, true) : row[cx],
      cSeries > 0 ? (c.own0 ? cell(row, c0, true) : row[c0]) : undefined,
      cSeries > 1 ? (c.own1 ? cell(row, c1, true) : row[c1]) : undefined,
    );
    for (let i = 3; i < count; i++) {
      const chart = charts[i] as ChartAccumulator;
      chart.add(row, cell(row, chart.xKey, chart.ownX), cell(row, chart.key0, chart.own0), cell(row, chart.key1, chart.own1));
    }
  }
}
