/**
 * KPI aggregation: the one implementation behind server rendering, the Vue components and the
 * browser bundle.
 *
 * Semantics (also in docs/core-api.md):
 *
 * | aggregate        | counts / uses                                   | no values gives |
 * |------------------|-------------------------------------------------|-----------------|
 * | `count`          | rows (no `column_key`) or non-empty values      | 0               |
 * | `count_distinct` | distinct non-empty values                       | 0               |
 * | `sum`            | numeric values (see below)                      | 0               |
 * | `avg`            | numeric values                                  | null ("—")      |
 * | `min`, `max`     | numeric values                                  | null ("—")      |
 * | `median`         | numeric values; mean of the two middle values   | null ("—")      |
 *
 * Averages and medians never overflow: the mean of finite values is finite, so when the plain sum
 * (or the sum of the two middle values) overflows they are computed again in a scaled form
 * (`avg` of two `Number.MAX_VALUE` is `Number.MAX_VALUE`, not "—"). A `sum` that overflows has no
 * displayable value and gives null.
 *
 * Empty values are null, undefined (a missing key), '' and NaN. `0`, `false` and `" "` are values.
 * Numeric values are finite numbers, safe bigints and numeric strings read with the locale of
 * `options` (`parseLocaleNumber`: `"12.5"`, and `"2 500,5"` under `uk` or `"1,234.5"` under `en`),
 * never booleans, NaN or ±Infinity. `count_distinct` compares values as given with SameValueZero (`1` and
 * `"1"` are two values, `"a"` and `"A"` are two values, `0` and `-0` are one); Dates compare by
 * instant; other objects by identity. A sum of no values is 0 because an empty total is zero; an
 * average, extreme or median of nothing does not exist, so it is null and shows as "—".
 *
 * Nullish entries in `rows` are skipped (they are not rows, so `count` does not count them). `rows`
 * that is not an array at all (null, undefined, an object from a failed request) counts as no rows.
 *
 * @module
 */
import { formatKpiValue, isInheritedName, toNumber } from './format';
import { numberSymbols, parseNumberWith } from './search/numbers';
import type { NumberSymbols } from './search/numbers';
import { toKpi } from './spec/build';
import type { FormatOptions, KpiAggregate, KpiIcon, KpiSpec, KpiSpecWire, KpiTone, ResolvedKpi, Row, ValueFormat } from './types';

/** Every aggregate the core knows, in documentation order. */
export const KPI_AGGREGATES: readonly KpiAggregate[] = Object.freeze(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median']);

// Aggregates as small integers: the hot loop switches on these instead of comparing strings.
const COUNT = 0;
const COUNT_DISTINCT = 1;
const SUM = 2;
const AVG = 3;
const MIN = 4;
const MAX = 5;
const MEDIAN = 6;
const UNKNOWN = 7;

const CODES: Readonly<Record<string, number>> = { count: COUNT, count_distinct: COUNT_DISTINCT, sum: SUM, avg: AVG, min: MIN, max: MAX, median: MEDIAN };

/**
 * A KPI spec in camelCase with defaults filled, whichever form it came in (wire KPIs get the
 * parser's defaults: aggregate `count`, canonical tones, no icon for one the renderers do not draw).
 */
function normaliseKpi(spec: KpiSpec | KpiSpecWire): KpiSpec {
  return 'columnKey' in spec ? spec : toKpi(spec);
}

/**
 * Statistics of one row key, gathered in the single pass and shared by every KPI on that key (a sum,
 * an average and a median of `amount` read and classify each cell once). Which statistics are kept
 * is decided up front, so a cell costs a handful of flag tests and no per-row allocation.
 */
class ColumnStats {
  readonly key: string;
  /** The key names an `Object.prototype` member, so reads must check own properties. */
  readonly own: boolean;
  /** Some KPI needs numbers; otherwise strings are never parsed. */
  numericWanted = false;
  minWanted = false;
  maxWanted = false;
  /** Non-empty cells. */
  present = 0;
  /** Numeric cells (`numericValue`). */
  numeric = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
  distinct: DistinctSet | null = null;
  /** Numeric cells in row order, kept only when a median is wanted. */
  values: Float64Array | null = null;

  /** How numeric strings are read: the locale's groups and decimal separator, or plain decimals. */
  readonly symbols: NumberSymbols;

  constructor(key: string, symbols: NumberSymbols) {
    this.key = key;
    this.own = isInheritedName(key);
    this.symbols = symbols;
  }

  /** Adds one cell. Empty cells (null, undefined, '', NaN) are skipped entirely. */
  feed(value: unknown): void {
    let num: number;
    if (typeof value === 'number') {
      if (value !== value) return;
      this.present++;
      if (this.distinct !== null) this.distinct.add(value);
      if (value - value !== 0) return; // ±Infinity: a value, but not a number to aggregate
      num = value;
    } else {
      if (value === null || value === undefined || value === '') return;
      this.present++;
      if (this.distinct !== null) this.distinct.add(value);
      if (!this.numericWanted) return;
      const coerced = numericValue(value, this.symbols);
      if (coerced === null) return;
      num = coerced;
    }
    if (this.values !== null) this.values[this.numeric] = num;
    this.numeric++;
    this.sum += num;
    if (this.minWanted && num < this.min) this.min = num;
    if (this.maxWanted && num > this.max) this.max = num;
  }
}

/**
 * The number a non-number cell stands for: a numeric string read with the locale's conventions
 * (`parseLocaleNumber`), a safe bigint (`toNumber`), else null. Numbers never come here: the hot
 * loop handles them before calling.
 */
function numericValue(value: unknown, symbols: NumberSymbols): number | null {
  return typeof value === 'string' ? parseNumberWith(value, symbols) : toNumber(value);
}

/** `row[key]` as an own property only; used for keys such as `constructor` (see `isInheritedName`). */
function ownCell(row: Row, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
}

/** Stand-in for unused slots of the unrolled row loop; never fed. */
const NO_STATS = new ColumnStats('', numberSymbols(undefined));

/**
 * The single pass over the rows. The first eight columns are read at eight separate property-access
 * sites instead of one `row[stats.key]` in a loop: a site that only ever sees one key stays
 * monomorphic in the engine's inline caches, which makes the read several times faster than one
 * shared, megamorphic site (a spec has at most 8 KPIs, so at most 8 columns). Columns beyond eight
 * (unchecked wire input) take the generic loop. Returns the number of non-nullish rows.
 */
function accumulate(rows: readonly Row[], columns: readonly ColumnStats[]): number {
  const count = columns.length;
  const c0 = columns[0] ?? NO_STATS;
  const c1 = columns[1] ?? NO_STATS;
  const c2 = columns[2] ?? NO_STATS;
  const c3 = columns[3] ?? NO_STATS;
  const c4 = columns[4] ?? NO_STATS;
  const c5 = columns[5] ?? NO_STATS;
  const c6 = columns[6] ?? NO_STATS;
  const c7 = columns[7] ?? NO_STATS;
  const k0 = c0.key;
  const k1 = c1.key;
  const k2 = c2.key;
  const k3 = c3.key;
  const k4 = c4.key;
  const k5 = c5.key;
  const k6 = c6.key;
  const k7 = c7.key;
  const total = rows.length;
  let rowCount = 0;
  for (let r = 0; r < total; r++) {
    const row = rows[r];
    if (row === null || row === undefined) continue;
    rowCount++;
    if (count === 0) continue;
    c0.feed(c0.own ? ownCell(row, k0) : row[k0]);
    if (count === 1) continue;
    c1.feed(c1.own ? ownCell(row, k1) : row[k1]);
    if (count === 2) continue;
    c2.feed(c2.own ? ownCell(row, k2) : row[k2]);
    if (count === 3) continue;
    c3.feed(c3.own ? ownCell(row, k3) : row[k3]);
    if (count === 4) continue;
    c4.feed(c4.own ? ownCell(row, k4) : row[k4]);
    if (count === 5) continue;
    c5.feed(c5.own ? ownCell(row, k5) : row[k5]);
    if (count === 6) continue;
    c6.feed(c6.own ? ownCell(row, k6) : row[k6]);
    if (count === 7) continue;
    c7.feed(c7.own ? ownCell(row, k7) : row[k7]);
    for (let c = 8; c < count; c++) {
      const stats = columns[c] as ColumnStats;
      stats.feed(stats.own ? ownCell(row, stats.key) : row[stats.key]);
    }
  }
  return rowCount;
}

/**
 * Computes every KPI in one pass over `rows`.
 *
 * Accepts validated `KpiSpec`s or wire `KpiSpecWire`s (missing wire fields take the parser's
 * defaults: format `number`, tone `neutral`, no icon). `options` gives the locale and currency of
 * `display` and how numeric strings in the rows are read (`"2 500,5"` is 2500.5 under `uk`); numbers
 * are never rounded, only their text is.
 *
 * Edge cases: empty `rows` gives count 0, sum 0 and null for avg/min/max/median, and so does a
 * `rows` that is not an array (null, undefined, anything else JavaScript callers may pass): it counts
 * as no rows rather than throwing; a KPI whose aggregate needs a column but has none, or whose
 * aggregate is unknown (possible only with unchecked wire input), gives null rather than throwing,
 * because one bad card must not blank the strip; a sum that overflows to ±Infinity gives null, while
 * averages and medians of huge values are computed without overflow. A malformed currency code
 * falls back to USD with a one-time warning (`currency_fallback`, see `getNumberFormat`). See the
 * module documentation for the full table. Rows are only read.
 *
 * Cost: one pass over the rows for all KPIs together, each distinct column read and classified
 * once per row, no per-row allocation; medians collect their values in a `Float64Array` and select
 * the middle in linear time.
 */
export function resolveKpis(specs: readonly (KpiSpec | KpiSpecWire)[], rows: readonly Row[] | null | undefined, options?: FormatOptions): ResolvedKpi[] {
  const kpis = specs.map(normaliseKpi);
  const list: readonly Row[] = Array.isArray(rows) ? rows : NO_ROWS;
  const byKey = new Map<string, ColumnStats>();
  const symbols = numberSymbols(options?.locale);
  const statsOf: (ColumnStats | null)[] = kpis.map((kpi) => {
    const kind = CODES[kpi.aggregate] ?? UNKNOWN;
    if (kind === UNKNOWN || kpi.columnKey === null) return null;
    let stats = byKey.get(kpi.columnKey);
    if (stats === undefined) {
      stats = new ColumnStats(kpi.columnKey, symbols);
      byKey.set(kpi.columnKey, stats);
    }
    if (kind >= SUM) stats.numericWanted = true;
    if (kind === MIN) stats.minWanted = true;
    if (kind === MAX) stats.maxWanted = true;
    if (kind === COUNT_DISTINCT && stats.distinct === null) stats.distinct = new DistinctSet();
    if (kind === MEDIAN && stats.values === null) stats.values = new Float64Array(list.length);
    return stats;
  });

  const rowCount = accumulate(list, [...byKey.values()]);

  return kpis.map((kpi, k) => {
    const kind = CODES[kpi.aggregate] ?? UNKNOWN;
    const stats = statsOf[k] ?? null;
    if (stats === null) {
      // No column: only a row count has a value; anything else is a spec error shown as "—".
      return kind === COUNT && kpi.columnKey === null ? toResolved(kpi, rowCount, rowCount, options) : toResolved(kpi, null, 0, options);
    }
    const n = stats.numeric;
    let value: number | null;
    let sampleSize = n;
    if (kind === COUNT) {
      value = stats.present;
      sampleSize = stats.present;
    } else if (kind === COUNT_DISTINCT) {
      value = (stats.distinct as DistinctSet).size;
      sampleSize = stats.present;
    } else if (kind === SUM) value = stats.sum + 0;
    else if (n === 0) value = null;
    else if (kind === AVG) value = Number.isFinite(stats.sum) ? stats.sum / n : scaledMean(list, stats);
    else if (kind === MIN) value = stats.min;
    else if (kind === MAX) value = stats.max;
    else value = medianOf((stats.values as Float64Array).subarray(0, n));
    // A sum of huge values can overflow to ±Infinity; that is no displayable value. `+ 0` turns a
    // -0 (min, max or median of negative zeros) into 0, so values compare and serialise plainly.
    if (value !== null) value = Number.isFinite(value) ? value + 0 : null;
    return toResolved(kpi, value, sampleSize, options);
  });
}

/**
 * A KPI whose value was computed elsewhere (a server's SQL over all filtered rows), resolved and
 * formatted exactly as `resolveKpis` resolves one it computed itself: defaults of wire specs filled,
 * the same `display` text for the locale, `-0` read as 0 and a non-finite value as null ("—").
 *
 * Edge cases: `value` null gives display "—"; `sampleSize` is taken as given (use the number of
 * non-empty cells for `count`/`count_distinct`, of numeric cells otherwise, as `resolveKpis` does).
 *
 * @internal The server's `/aggregate` route uses it; not part of the public API.
 */
export function resolveKpiValue(spec: KpiSpec | KpiSpecWire, value: number | null, sampleSize: number, options?: FormatOptions): ResolvedKpi {
  const clean = value !== null && Number.isFinite(value) ? value + 0 : null;
  return toResolved(normaliseKpi(spec), clean, sampleSize, options);
}

/** Stand-in for `rows` that are not an array. */
const NO_ROWS: readonly Row[] = Object.freeze([]);

/**
 * The mean of a column whose plain sum overflowed, by a second pass that sums `value / n` instead
 * (each term, and so every partial sum, stays within the largest magnitude present). Runs only after
 * an overflow, so the hot loop pays nothing for it. The result is clamped to [min, max] of the
 * values, which the true mean always lies in, so rounding at the very edge of the double range cannot
 * turn it into ±Infinity.
 */
function scaledMean(rows: readonly Row[], stats: ColumnStats): number {
  const n = stats.numeric;
  let mean = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row === null || row === undefined) continue;
    const cell = stats.own ? ownCell(row, stats.key) : row[stats.key];
    const num = typeof cell === 'number' ? (cell - cell === 0 ? cell : null) : numericValue(cell, stats.symbols);
    if (num === null) continue;
    mean += num / n;
    if (num < min) min = num;
    if (num > max) max = num;
  }
  return clampMean(mean, min, max);
}

/** `mean` limited to [min, max]; NaN (only from ±Infinity partial sums) becomes the midpoint. */
function clampMean(mean: number, min: number, max: number): number {
  if (mean !== mean) return min / 2 + max / 2;
  return mean < min ? min : mean > max ? max : mean;
}

/**
 * Mean of finite values: the plain sum divided by the count when the sum is finite (the usual case,
 * bit for bit what a naive loop gives), otherwise the scaled form of `scaledMean`.
 */
function meanOf(values: Float64Array): number {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] as number;
  if (Number.isFinite(sum)) return sum / n;
  let mean = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const value = values[i] as number;
    mean += value / n;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return clampMean(mean, min, max);
}

function toResolved(kpi: KpiSpec, value: number | null, sampleSize: number, options: FormatOptions | undefined): ResolvedKpi {
  const format: ValueFormat = kpi.format;
  const icon: KpiIcon | null = kpi.icon;
  const tone: KpiTone = kpi.tone;
  return {
    label: kpi.label,
    aggregate: kpi.aggregate,
    columnKey: kpi.columnKey,
    format,
    value,
    display: formatKpiValue(value, format, options),
    icon,
    tone,
    sampleSize,
  };
}

/**
 * Median of a non-empty typed array of finite numbers, in O(n) expected time by selection rather
 * than a full sort (sorting a million doubles takes about 100 ms; selecting takes a tenth of that).
 * Reorders the array in place: it is scratch space.
 */
function medianOf(values: Float64Array): number {
  const n = values.length;
  const upper = n >> 1;
  const high = selectKth(values, upper);
  if (n % 2 === 1) return high;
  // After selection everything left of `upper` is <= the upper middle; the lower middle is their max.
  let low = -Infinity;
  for (let i = 0; i < upper; i++) {
    const value = values[i] as number;
    if (value > low) low = value;
  }
  const mid = (low + high) / 2;
  // Two huge middle values of one sign overflow their sum; halving first cannot overflow. The plain
  // form stays the first choice because it is exact where halving a subnormal would round.
  return Number.isFinite(mid) ? mid : low / 2 + high / 2;
}

/**
 * Places the k-th smallest value at index k (everything before it <=, everything after >=) and
 * returns it. Quickselect with a median-of-three pivot; if partitioning degenerates (adversarial
 * input) it falls back to sorting the remaining range, so the worst case stays O(n log n).
 */
function selectKth(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  let budget = 2 * Math.ceil(Math.log2(a.length + 1)) + 8;
  while (right > left) {
    if (budget-- === 0) {
      a.subarray(left, right + 1).sort();
      break;
    }
    const mid = left + ((right - left) >> 1);
    // Median of three as the pivot, which also orders a[left] <= a[mid] <= a[right].
    if ((a[mid] as number) < (a[left] as number)) swap(a, mid, left);
    if ((a[right] as number) < (a[left] as number)) swap(a, right, left);
    if ((a[right] as number) < (a[mid] as number)) swap(a, right, mid);
    const pivot = a[mid] as number;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // Now a[left..j] <= pivot <= a[i..right], and a[j+1..i-1] all equal the pivot.
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k] as number;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/**
 * Distinct values with SameValueZero, except that Dates count by instant (two Date objects for the
 * same moment are one value).
 */
class DistinctSet {
  private readonly values = new Set<unknown>();
  private readonly instants = new Set<number>();

  add(value: unknown): void {
    // The typeof test first: `instanceof` on every string cell costs more than the Set insertion.
    if (typeof value === 'object' && value instanceof Date) this.instants.add(value.getTime());
    else this.values.add(value);
  }

  get size(): number {
    return this.values.size + this.instants.size;
  }
}

/**
 * Aggregates plain numbers, for callers that already hold a numeric column (live KPIs over grid
 * rows, tests, custom cards). Values that are not finite numbers are skipped, so the result agrees
 * with `resolveKpis`.
 *
 * - `count`: how many finite values; `count_distinct`: how many distinct finite values;
 * - `sum`: 0 for no values; `avg`, `min`, `max`, `median`: null for no values; a sum that
 *   overflows to ±Infinity is null, while `avg` and `median` are computed without overflow; -0
 *   comes back as 0.
 */
export function aggregate(kind: KpiAggregate, values: readonly number[]): number | null {
  const result = aggregateFinite(kind, values);
  return result === null || !Number.isFinite(result) ? null : result + 0;
}

function aggregateFinite(kind: KpiAggregate, values: readonly number[]): number | null {
  const finite = new Float64Array(values.length);
  let length = 0;
  for (const value of values) if (typeof value === 'number' && value - value === 0) finite[length++] = value;
  const used = finite.subarray(0, length);
  switch (kind) {
    case 'count':
      return length;
    case 'count_distinct':
      return new Set(used).size;
    case 'sum': {
      let sum = 0;
      for (const value of used) sum += value;
      return sum;
    }
    case 'avg':
      return length === 0 ? null : meanOf(used);
    case 'min': {
      if (length === 0) return null;
      let min = Infinity;
      for (const value of used) if (value < min) min = value;
      return min;
    }
    case 'max': {
      if (length === 0) return null;
      let max = -Infinity;
      for (const value of used) if (value > max) max = value;
      return max;
    }
    case 'median':
      return length === 0 ? null : medianOf(used);
    default:
      return null;
  }
}
