// Runs the benchmarks in bench/ (files named *.bench.ts, one after the other so they do not compete
// for the two cores) and assembles BENCHMARKS.md from the markdown section each one writes to
// bench/results/<name>.md. `npm run bench -- <part-of-name>` runs only matching files: their
// sections replace the ones with the same heading, every other section of BENCHMARKS.md is kept as
// it was. Each section says on which machine, which Node and which day it was measured, so a
// partial run never passes old figures off as new.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';

const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
if (files.length === 0) {
  console.error(`bench: no benchmark matches ${only.join(', ')}`);
  process.exit(1);
}
mkdirSync('bench/results', { recursive: true });
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
const measured = `_Measured ${new Date().toISOString().slice(0, 10)} on ${machine}._`;

const fresh = [];
for (const file of files) {
  const out = `bench/results/${file.replace(/\.bench\.ts$/, '.md')}`;
  if (existsSync(out)) rmSync(out);
  console.log(`bench: ${file}`);
  execFileSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit', env: { ...process.env, BENCH_OUT: out } });
  // A file may write several sections; each gets the machine line under its heading.
  for (const section of splitSections(readFileSync(out, 'utf8'))) fresh.push(withMeasured(section));
}

/** `## ` sections of a markdown text (text before the first heading is dropped). */
function splitSections(text) {
  const sections = [];
  for (const part of text.split(/^(?=## )/m)) if (part.startsWith('## ')) sections.push(part.trim());
  return sections;
}

function heading(section) {
  return section.split('\n', 1)[0].trim();
}

function withMeasured(section) {
  const [head, ...rest] = section.split('\n');
  const body = rest.filter((line) => !line.startsWith('_Measured ')).join('\n').replace(/^\n+/, '');
  return `${head}\n\n${measured}\n\n${body}`.trim();
}

const previous = existsSync('BENCHMARKS.md') ? splitSections(readFileSync('BENCHMARKS.md', 'utf8')) : [];
const replaced = new Map(fresh.map((section) => [heading(section), section]));
const sections = previous.map((section) => replaced.get(heading(section)) ?? section);
for (const section of fresh) if (!previous.some((old) => heading(old) === heading(section))) sections.push(section);

const header = [
  '# Benchmarks',
  '',
  'Written by `npm run bench`; do not edit by hand. Medians unless a column says otherwise. Comparisons',
  'in one table ran side by side in the same process and run. Each section names the machine and the',
  'day it was measured (`npm run bench -- <name>` re-measures one part and keeps the others).',
  '',
];
writeFileSync('BENCHMARKS.md', `${header.join('\n')}\n${sections.join('\n\n')}\n`);
console.log(`bench: BENCHMARKS.md written (${fresh.length} section(s) measured now, ${sections.length - fresh.length} kept)`);
