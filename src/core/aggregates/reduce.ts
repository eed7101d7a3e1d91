/**
 * Numeric reducers the aggregate registry (`../aggregates`) is built from: the overflow-safe mean and
 * the linear-time median. Every function takes finite numbers only (the engines drop empty cells,
 * NaN and ±Infinity before calling) and never allocates per value.
 *
 * @module
 */

/** `mean` limited to [min, max]; NaN (only from ±Infinity partial sums) becomes the midpoint. */
export function clampMean(mean: number, min: number, max: number): number {
  if (mean !== mean) return min / 2 + max / 2;
  return mean < min ? min : mean > max ? max : mean;
}

/**
 * Mean of a non-empty array of finite numbers: the plain sum divided by the count when the sum is
 * finite (the usual case, bit for bit what a naive loop gives), otherwise a second pass that sums
 * `value / n` (each term, and so every partial sum, stays within the largest magnitude present),
 * clamped to [min, max] so rounding at the very edge of the double range cannot give ±Infinity.
 */
export function meanOf(values: Float64Array): number {
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

/**
 * Median of a non-empty typed array of finite numbers, in O(n) expected time by selection rather
 * than a full sort (sorting a million doubles takes about 100 ms; selecting takes a tenth of that).
 * Reorders the array in place: it is scratch space.
 */
export function medianOf(values: Float64Array): number {
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
