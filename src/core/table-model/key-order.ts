/**
 * Orders of numeric keys, the engine-level half of sorting: row indices stably ordered by
 * `Float64Array` keys without JavaScript comparisons where possible (keys already monotonic need no
 * sort; doubles as order-preserving bit patterns, and small integers, share a 64-bit integer with
 * their position and go through the native `BigUint64Array#sort`), plus the `TextOrder` shape that
 * text rankings return. Pure functions over typed arrays; no rows, no locale.
 *
 * @module
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Ascending order without sorting when the keys already run non-decreasing (an id column) or
 * strictly decreasing; null otherwise. One pass, and the common case of sorted ids costs nothing.
 */
export function monotonicOrder(indices: Uint32Array, keys: Float64Array): Uint32Array | null {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < indices.length && (ascending || descending); i++) {
    const previous = keys[indices[i - 1] ?? 0] ?? 0;
    const current = keys[indices[i] ?? 0] ?? 0;
    if (current < previous) ascending = false;
    if (current >= previous) descending = false;
  }
  if (ascending) return indices.slice();
  if (descending) return indices.slice().reverse();
  return null;
}

/** Native sorting of 64-bit integers (`BigUint64Array#sort`) is used where the engine has it. */
const NATIVE_SORT = LITTLE_ENDIAN && typeof BigUint64Array === 'function';

/** Bits that hold any position below `count` (count ≥ 2). */
function positionBits(count: number): number {
  return Math.max(1, Math.ceil(Math.log2(count)));
}

/** `indices` ordered by `keys[index]` with a comparison sort that keeps the given order of equal keys. */
function stableOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  // Array#sort is stable; -0 and 0 compare equal.
  return Uint32Array.from(Array.from(indices).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0)));
}

/** Orders positions [start, end) of `order` by `low[position]`, then position (when they differ at all). */
function orderRunByLow(order: Uint32Array, start: number, end: number, low: Uint32Array): void {
  const first = low[order[start] ?? 0];
  let differ = false;
  for (let k = start + 1; k < end && !differ; k++) differ = low[order[k] ?? 0] !== first;
  if (!differ) return;
  const run = Array.from(order.subarray(start, end));
  run.sort((a, b) => (low[a] ?? 0) - (low[b] ?? 0) || a - b);
  order.set(run, start);
}

/**
 * Stable ascending order of `indices` by `keys[index]` (finite or infinite doubles, no NaN; -0 and
 * 0 are equal keys): equal keys keep their order in `indices`, which the table relies on. Each key's bits
 * are mapped to an unsigned pattern in the same order; its top bits and the position share one
 * 64-bit integer, sorted natively (`BigUint64Array#sort`, no JavaScript comparisons), and the rare
 * runs whose top bits tie are ordered by the rest. Without native 64-bit sorting: a comparison sort.
 */
export function doubleOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  const count = indices.length;
  if (count < 2) return indices.slice();
  if (!NATIVE_SORT || count < 64) return stableOrder(indices, keys);
  const bits = positionBits(count);
  const mask = 2 ** bits - 1;
  const doubles = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const value = keys[indices[i] ?? 0] ?? 0;
    doubles[i] = value === 0 ? 0 : value; // -0 and 0 are equal keys
  }
  const words = new Uint32Array(doubles.buffer);
  const low = new Uint32Array(count);
  const pairs = new BigUint64Array(count);
  const halves = new Uint32Array(pairs.buffer);
  for (let i = 0; i < count; i++) {
    let l = words[2 * i] ?? 0;
    let h = words[2 * i + 1] ?? 0;
    // Negative doubles: flip every bit (larger magnitude sorts first); positive: flip the sign bit.
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    low[i] = l;
    halves[2 * i + 1] = h;
    halves[2 * i] = (((l >>> bits) << bits) | i) >>> 0;
  }
  pairs.sort();
  const order = new Uint32Array(count);
  for (let k = 0; k < count; k++) order[k] = (halves[2 * k] ?? 0) & mask;
  for (let k = 0; k < count; ) {
    const high = halves[2 * k + 1];
    const top = (halves[2 * k] ?? 0) >>> bits;
    let j = k + 1;
    while (j < count && halves[2 * j + 1] === high && (halves[2 * j] ?? 0) >>> bits === top) j++;
    if (j - k > 1) orderRunByLow(order, k, j, low);
    k = j;
  }
  const result = new Uint32Array(count);
  for (let k = 0; k < count; k++) result[k] = indices[order[k] ?? 0] ?? 0;
  return result;
}

/**
 * Stable ascending order of `indices` by `keys[index]`, non-negative integers below
 * 2^(64 - positionBits(indices.length)) and 2^53: key and position share one 64-bit integer,
 * sorted natively. Without native 64-bit sorting: a comparison sort.
 */
export function integerKeyOrder(indices: Uint32Array, keys: Float64Array): Uint32Array {
  const count = indices.length;
  if (count < 2) return indices.slice();
  if (!NATIVE_SORT || count < 64) return stableOrder(indices, keys);
  const bits = positionBits(count);
  const mask = 2 ** bits - 1;
  const split = 2 ** (32 - bits);
  const scale = 2 ** bits;
  const pairs = new BigUint64Array(count);
  const halves = new Uint32Array(pairs.buffer);
  for (let i = 0; i < count; i++) {
    const key = keys[indices[i] ?? 0] ?? 0;
    const high = Math.floor(key / split);
    halves[2 * i + 1] = high;
    halves[2 * i] = (key - high * split) * scale + i;
  }
  pairs.sort();
  const result = new Uint32Array(count);
  for (let k = 0; k < count; k++) result[k] = indices[(halves[2 * k] ?? 0) & mask] ?? 0;
  return result;
}

/** How many key codes of `base` pack into a key for `integerKeyOrder` of `count` values. */
export function packWidth(count: number, base: number): number {
  return Math.max(1, Math.floor(Math.min(53, 64 - positionBits(Math.max(2, count))) / Math.log2(base)));
}

/** 0, 1, …, count - 1. */
export function identityOrder(count: number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  return order;
}

/** Distinct texts in collator order: `order[i]` is a value id; `same[i]` is 1 when it equals the one before. */
export interface TextOrder {
  readonly order: ArrayLike<number>;
  readonly same: Uint8Array;
}
