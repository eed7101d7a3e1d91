// Runs every benchmark in bench/ (files named *.bench.ts, one after the other so they do not compete
// for the two cores) and assembles BENCHMARKS.md from the markdown section each one writes to
// bench/results/<name>.md. Machine and date head the file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';

const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
mkdirSync('bench/results', { recursive: true });
for (const file of files) {
  const out = `bench/results/${file.replace(/\.bench\.ts$/, '.md')}`;
  if (existsSync(out)) rmSync(out);
  console.log(`bench: ${file}`);
  execFileSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit', env: { ...process.env, BENCH_OUT: out } });
}
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = [
  '# Benchmarks',
  '',
  'Written by `npm run bench`; do not edit by hand. Medians unless a column says otherwise. Comparisons',
  'in one table ran side by side in the same process and run.',
  '',
  `- Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
  `- Node ${process.version}`,
  `- Date: ${new Date().toISOString().slice(0, 10)}`,
  '',
];
const sections = readdirSync('bench/results').filter((f) => f.endsWith('.md')).sort().map((f) => readFileSync(`bench/results/${f}`, 'utf8').trim());
writeFileSync('BENCHMARKS.md', `${header.join('\n')}\n${sections.join('\n\n')}\n`);
console.log('bench: BENCHMARKS.md written');
