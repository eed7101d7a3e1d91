/**
 * KPI aggregation: the one implementation behind server rendering, the Vue components and the
 * browser bundle.
 *
 * What each aggregate means, and what it gives for no values, is its entry in the aggregate registry
 * (`./aggregates`, also tabled in docs/core-api.md); this module gathers what the entries ask for
 * (their `accumulator`) in one pass over the rows. Averages and medians never overflow (`avg` of two
 * `Number.MAX_VALUE` is `Number.MAX_VALUE`, not "—"); a `sum` that overflows has no displayable value
 * and gives null.
 *
 * Empty values are null, undefined (a missing key), '' and NaN. `0`, `false` and `" "` are values.
 * Numeric values are finite numbers, safe bigints and numeric strings read with the locale of
 * `options` (`parseLocaleNumber`: `"12.5"`, and `"2 500,5"` under `uk` or `"1,234.5"` under `en`),
 * never booleans, NaN or ±Infinity. `count_distinct` compares values as given with SameValueZero (`1` and
 * `"1"` are two values, `"a"` and `"A"` are two values, `0` and `-0` are one); Dates compare by
 * instant; other objects by identity.
 *
 * Nullish entries in `rows` are skipped (they are not rows, so `count` does not count them). `rows`
 * that is not an array at all (null, undefined, an object from a failed request) counts as no rows.
 *
 * @module
 */
import { AGGREGATE_NAMES, AGGREGATES, countsCells, reduceNumbers, requireAggregate } from './aggregates';
import type { AggregateAccumulator, AggregateDefinition, AggregateRegistry } from './aggregates';
import { clampMean } from './aggregates/reduce';
import { formatKpiValue, isInheritedName, toNumber } from './format';
import { numberSymbols, parseNumberWith } from './search/numbers';
import type { NumberSymbols } from './search/numbers';
import { toKpi } from './spec/build';
import type { FormatOptions, KpiAggregate, KpiIcon, KpiSpec, KpiSpecWire, KpiTone, ResolvedKpi, Row, ValueFormat } from './types';

/** Every aggregate the core knows, in documentation order (the registry's names). */
export const KPI_AGGREGATES: readonly KpiAggregate[] = AGGREGATE_NAMES;

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
 * as no rows rather than throwing; a KPI whose aggregate needs a column but has none gives null
 * rather than throwing, because one bad card must not blank the strip; an aggregate the registry
 * does not know (possible only with unchecked wire input) throws a `GridViewSpecError` naming the
 * KPI (`kpis[i].aggregate`) rather than being computed as another one; a sum that overflows to
 * ±Infinity gives null, while averages and medians of huge values are computed without overflow. A
 * KPI over no values (no rows, or no numeric cell in its column) or with a null value has the tone
 * `neutral`, whatever the spec says: a tone judges a figure, and there is none. A malformed currency code
 * falls back to USD with a one-time warning (`currency_fallback`, see `getNumberFormat`). See the
 * module documentation for the full table. Rows are only read.
 *
 * Cost: one pass over the rows for all KPIs together, each distinct column read and classified
 * once per row, no per-row allocation; medians collect their values in a `Float64Array` and select
 * the middle in linear time.
 */
export function resolveKpis(specs: readonly (KpiSpec | KpiSpecWire)[], rows: readonly Row[] | null | undefined, options?: FormatOptions): ResolvedKpi[] {
  return resolveKpisWith(AGGREGATES, specs, rows, options);
}

/**
 * `resolveKpis` with the aggregates of `registry` (a scratch copy with an extra entry in the
 * registry fixture test). Throws a `GridViewSpecError` for an aggregate the registry lacks.
 *
 * @internal Not part of the public API.
 */
export function resolveKpisWith(
  registry: AggregateRegistry,
  specs: readonly (KpiSpec | KpiSpecWire)[],
  rows: readonly Row[] | null | undefined,
  options?: FormatOptions,
): ResolvedKpi[] {
  const kpis = specs.map(normaliseKpi);
  // Every aggregate is looked up before the pass: an unknown one fails the call, not one card.
  const entries = kpis.map((kpi, k) => requireAggregate(registry, kpi.aggregate, `kpis[${k}].aggregate`));
  const list: readonly Row[] = Array.isArray(rows) ? rows : NO_ROWS;
  const byKey = new Map<string, ColumnStats>();
  const symbols = numberSymbols(options?.locale);
  const statsOf: (ColumnStats | null)[] = kpis.map((kpi, k) => {
    if (kpi.columnKey === null) return null;
    let stats = byKey.get(kpi.columnKey);
    if (stats === undefined) {
      stats = new ColumnStats(kpi.columnKey, symbols);
      byKey.set(kpi.columnKey, stats);
    }
    want(stats, (entries[k] as AggregateDefinition).accumulator, list.length);
    return stats;
  });

  const rowCount = accumulate(list, [...byKey.values()]);

  return kpis.map((kpi, k) => {
    const entry = entries[k] as AggregateDefinition;
    const stats = statsOf[k] ?? null;
    if (stats === null) {
      // No column: only a row count has a value; anything else is a spec error shown as "—".
      return entry.accumulator === 'count' ? toResolved(kpi, rowCount, rowCount, options) : toResolved(kpi, null, 0, options);
    }
    let value = valueOf(entry, stats, list);
    // A sum of huge values can overflow to ±Infinity; that is no displayable value. `+ 0` turns a
    // -0 (min, max or median of negative zeros) into 0, so values compare and serialise plainly.
    if (value !== null) value = Number.isFinite(value) ? value + 0 : null;
    return toResolved(kpi, value, countsCells(entry.accumulator) ? stats.present : stats.numeric, options);
  });
}

/** Tells a column's statistics what an aggregate of it needs gathered in the pass. */
function want(stats: ColumnStats, accumulator: AggregateAccumulator, rowCount: number): void {
  if (accumulator === 'count') return;
  if (accumulator === 'distinct') {
    stats.distinct ??= new DistinctSet();
    return;
  }
  // Every other accumulator reads numbers.
  stats.numericWanted = true;
  if (accumulator === 'min') stats.minWanted = true;
  else if (accumulator === 'max') stats.maxWanted = true;
  else if (accumulator === 'collect') stats.values ??= new Float64Array(rowCount);
  // The compiler checks that no accumulator is left out (a new one fails here until handled).
  else accumulator satisfies 'sum' | 'mean';
}

/** The value of an aggregate from its column's statistics; what `reduce` gives when there are no numbers. */
function valueOf(entry: AggregateDefinition, stats: ColumnStats, rows: readonly Row[]): number | null {
  const accumulator = entry.accumulator;
  const n = stats.numeric;
  if (accumulator === 'count') return stats.present;
  if (accumulator === 'distinct') return (stats.distinct as DistinctSet).size;
  if (n === 0) return entry.reduce(NO_NUMBERS);
  if (accumulator === 'sum') return stats.sum;
  if (accumulator === 'mean') return Number.isFinite(stats.sum) ? stats.sum / n : scaledMean(rows, stats);
  if (accumulator === 'min') return stats.min;
  if (accumulator === 'max') return stats.max;
  accumulator satisfies 'collect';
  return entry.reduce((stats.values as Float64Array).subarray(0, n));
}

/** No numbers: what `reduce` is given for a column without any. */
const NO_NUMBERS = new Float64Array(0);

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

function toResolved(kpi: KpiSpec, value: number | null, sampleSize: number, options: FormatOptions | undefined): ResolvedKpi {
  const format: ValueFormat = kpi.format;
  const icon: KpiIcon | null = kpi.icon;
  // A tone judges the figure ("Good"); over no values there is nothing to judge, and a green
  // "Good" beside the $0.00 of zero rows would tell the reader something false.
  const tone: KpiTone = sampleSize > 0 && value !== null ? kpi.tone : 'neutral';
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
 * rows, tests, custom cards): the registry entry's `reduce` over the finite values. Values that are
 * not finite numbers are skipped, so the result agrees with `resolveKpis`.
 *
 * - `count`: how many finite values; `count_distinct`: how many distinct finite values;
 * - `sum`: 0 for no values; `avg`, `min`, `max`, `median`: null for no values; a sum that
 *   overflows to ±Infinity is null, while `avg` and `median` are computed without overflow; -0
 *   comes back as 0.
 *
 * @throws GridViewSpecError for a name that is not a registered aggregate (possible only past the
 * type checker), rather than guessing one.
 */
export function aggregate(kind: KpiAggregate, values: readonly number[]): number | null {
  return reduceNumbers(requireAggregate(AGGREGATES, kind, 'aggregate'), values);
}
