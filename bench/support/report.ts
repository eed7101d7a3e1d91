/**
 * What every bench script does around its measurements: medians of timed runs (and how far two
 * series' medians can be told apart), writing its
 * markdown section (see bench/README.md), and running an async `main` as the process's whole job.
 *
 * @module
 */
import { writeFileSync } from 'node:fs';
import { seededRandom } from './random';

/** Milliseconds as the reports write them: whole from 100 up, one decimal below (no unit). */
export function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The nearest-rank `p`th percentile of `values` (0 < p ≤ 100): the smallest value with at least p %
 * of the values at or below it; NaN for none.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Prints the bench's markdown section and writes it to the file named by BENCH_OUT, if set. */
export function writeSection(section: string): void {
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, section);
  console.log(section);
}

/**
 * Runs `main` and exits: code 0 when it resolves, 1 with the error printed when it rejects. The
 * explicit exit ends the process even while a browser, grid or timer would keep it alive.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * How far apart two series' medians can be told, as a 90% bootstrap interval of
 * median(`after`) ÷ median(`before`): both series are resampled with replacement `resamples` times
 * and the 5th and 95th percentiles of the ratio are returned. An interval that contains 1 means
 * this many samples cannot tell the two apart: a cold step on a shared 2-core machine scatters by
 * a factor of three from page to page, so a median alone can move 20 ms between two runs of the
 * same code. Seeded, so the same samples always give the same interval; [NaN, NaN] when a series
 * is empty.
 */
export function medianRatioInterval(after: readonly number[], before: readonly number[], resamples = 2000): [number, number] {
  if (after.length === 0 || before.length === 0) return [Number.NaN, Number.NaN];
  const random = seededRandom(0x5eed);
  const resample = (values: readonly number[]): number[] => values.map(() => values[Math.floor(random() * values.length)]!);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) ratios.push(median(resample(after)) / median(resample(before)));
  ratios.sort((a, b) => a - b);
  return [ratios[Math.floor(resamples * 0.05)]!, ratios[Math.ceil(resamples * 0.95) - 1]!];
}
