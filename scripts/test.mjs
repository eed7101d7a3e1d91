// The whole test suite, as `npm test` runs it: system packages, lint, typecheck, build, package
// checks (publint, attw, bundle-size budgets), then every
// vitest project (node, dom, e2e in Chromium). Ends with one plain summary line
// "Tests: N passed, N failed, N skipped" that CI reads.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';

function step(name, cmd, args) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  console.log(`◀ ${name}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

const skipChecks = process.argv.includes('--tests-only');
if (!skipChecks) {
  if (!step('system packages', 'bash', ['scripts/ensure-system.sh'])) process.exit(1);
  if (!step('lint', 'npx', ['eslint', '.'])) process.exit(1);
  if (!step('typecheck', 'npm', ['run', '--silent', 'typecheck'])) process.exit(1);
  if (!step('build', 'npm', ['run', '--silent', 'build'])) process.exit(1);
  if (!step('publint', 'npx', ['publint', '--strict'])) process.exit(1);
  // Types resolve under bundler, node16/nodenext and node10 for every entry. The package is ESM
  // only, so a CommonJS `require` reaching it is expected (cjs-resolves-to-esm); the stylesheet
  // has no types to check.
  if (!step('are the types wrong', 'npx', ['attw', '--pack', '.', '--ignore-rules', 'cjs-resolves-to-esm', '--exclude-entrypoints', './style.css'])) process.exit(1);
  if (!step('bundle size budgets', 'node', ['scripts/size.mjs'])) process.exit(1);
}

mkdirSync('test-results', { recursive: true });
const ok = step('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numTotalTests: 0 };
try {
  summary = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
} catch {
  console.error('vitest wrote no JSON report');
}
const skipped = summary.numPendingTests + summary.numTodoTests;
console.log(`\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
if (!ok || summary.numFailedTests > 0 || summary.numPassedTests === 0) process.exit(1);
