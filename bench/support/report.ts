/**
 * What every bench script does around its measurements: medians of timed runs, writing its
 * markdown section (see bench/README.md), and running an async `main` as the process's whole job.
 *
 * @module
 */
import { writeFileSync } from 'node:fs';

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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
