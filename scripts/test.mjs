// The whole test suite, as `npm test` runs it: system packages, the library build, and three lanes
// side by side, because most of the suite waits on a browser or a database and two cores are enough
// for all of them at once:
//   - the browser tests (vitest project e2e, real Chromium), once the build is done (the browser
//     bundle's tests render with dist/ssr.js);
//   - the node and dom tests, once the build is done (the package tests read dist/);
//   - lint and typecheck, then the package checks on dist/ (publint, attw, bundle-size budgets).
// Each step's output goes to test-results/logs/<step>.log and is printed when the step ends, so the
// lanes do not interleave. The run ends with every step's duration and one plain summary line
// "Tests: N passed, N failed, N skipped" that CI reads.
//
// `--tests-only` (npm run test:unit) runs the vitest lanes alone, against the dist/ already built.
// The suite must leave the checkout as it found it: a tracked file it changed fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const LOGS = join('test-results', 'logs');
const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
/** @type {{ name: string, status: 'ok' | 'failed' | 'skipped', seconds: string }[]} */
const results = [];

/** Runs one step as a child process, its output in its log file; prints the log when it ends. */
function step(name, cmd, args) {
  const log = join(LOGS, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const out = createWriteStream(log);
  const begun = Date.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.once('close', (code) => {
      out.end(() => {
        const ok = code === 0;
        results.push({ name, status: ok ? 'ok' : 'failed', seconds: seconds(begun) });
        console.log(`\n──── ${name} (${log}) ────\n${readFileSync(log, 'utf8').trimEnd()}`);
        console.log(`◀ ${name}: ${ok ? 'ok' : `failed (exit ${code})`} in ${seconds(begun)} s\n`);
        resolve(ok);
      });
    });
  });
}

/** Runs steps one after another; after a failure the rest are reported as skipped. */
async function chain(steps) {
  for (const [i, [name, cmd, args]] of steps.entries()) {
    if (!(await step(name, cmd, args))) {
      for (const [rest] of steps.slice(i + 1)) results.push({ name: rest, status: 'skipped', seconds: '0.0' });
      return false;
    }
  }
  return true;
}

const vitest = (name, projects, extra = []) => [
  name,
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=test-results/${name.replace(/[^a-z0-9]+/gi, '-')}.json`],
];
const E2E = vitest('vitest e2e', ['e2e']);
// Two files at a time (vitest's default here is one, a core less than the machine has): the browser
// lane ends first, and a second worker keeps both cores busy to the end; many server tests wait on
// a database or a timeout meanwhile.
const UNIT = vitest('vitest node and dom', ['node', 'node-fresh', 'dom', 'dom-fresh'], ['--maxWorkers=2']);

const tracked = () => spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout ?? '';
const trackedBefore = tracked();

rmSync(LOGS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });
for (const [name] of [E2E, UNIT]) rmSync(join('test-results', `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), { force: true });

let ok;
if (process.argv.includes('--tests-only')) {
  ok = (await Promise.all([chain([E2E]), chain([UNIT])])).every(Boolean);
} else {
  ok = await step('system packages', 'bash', ['scripts/ensure-system.sh']);
  if (ok) {
    const build = chain([['build', 'npm', ['run', '--silent', 'build']]]);
    const lanes = await Promise.all([
      // After the build too: the browser bundle's tests render their server markup with dist/ssr.js,
      // as an application does. It costs nothing: the unit lane, which also waits, ends later.
      build.then((built) => (built ? chain([E2E]) : false)),
      build.then((built) => (built ? chain([UNIT]) : false)),
      chain([
        ['lint', 'npx', ['eslint', '.']],
        ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ]).then(async (checked) =>
        (await build) && checked
          ? chain([
              ['publint', 'npx', ['publint', '--strict']],
              // Types resolve under bundler, node16/nodenext and node10 for every entry, as a user runs
              // it: .attw.json says the package is ESM only and the stylesheet has no types.
              ['are the types wrong', 'npx', ['attw', '--pack', '.']],
              ['bundle size budgets', 'node', ['scripts/size.mjs']],
            ])
          : false,
      ),
    ]);
    ok = lanes.every(Boolean);
  }
}

// Tests counted over both vitest reports.
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const [name] of [E2E, UNIT]) {
  try {
    const report = JSON.parse(readFileSync(join('test-results', `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), 'utf8'));
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
    counts.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    if (results.some((r) => r.name === name && r.status !== 'skipped')) console.error(`${name} wrote no JSON report`);
  }
}

const changed = tracked();
if (changed !== trackedBefore) {
  console.error(`The suite changed tracked files (tests may write only to ignored or temporary paths):\n${changed}`);
  ok = false;
}

console.log('Steps (each lane ran beside the others; durations are wall-clock):');
for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.seconds.padStart(7)} s  ${r.name}`);
console.log(`  total   ${seconds(started).padStart(7)} s`);
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (!ok || counts.failed > 0 || counts.passed === 0) process.exit(1);
