/**
 * Bundle sizes of small apps built against the package (see scripts/size.mjs, which `npm test` also
 * runs to check the budgets). Writes its markdown section to process.env.BENCH_OUT. Builds the
 * package first when dist/ is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const out = process.env.BENCH_OUT;
if (!out) throw new Error('BENCH_OUT is not set; run through `npm run bench`');
if (!existsSync('dist/index.js')) execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/size.mjs', '--report', out], { stdio: 'inherit' });
