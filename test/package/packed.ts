/**
 * One packed copy of the package for the consumer tests (docs.test.ts, types.test.ts): `npm pack`
 * of the repository, extracted into `.tmp/consumer/node_modules/vue-grid-view`, so their files
 * import `vue-grid-view`, `vue-grid-view/core`, … exactly as an application does, through the
 * tarball's `exports`, `types` and `typesVersions`. The folder sits inside the repository so every
 * other dependency (vue, pinia, kysely, @types/node, …) resolves from its node_modules, as it would
 * from an application's.
 *
 * Packing happens once per build: the copy is stamped with a hash of what goes into the tarball
 * (package.json, dist/, schema/), and test files running in parallel wait on a lock directory
 * instead of packing twice.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const root = resolve(__dirname, '../..');
export const consumerDir = join(root, '.tmp', 'consumer');
const lockDir = join(root, '.tmp', 'consumer.lock');
const stampFile = join(consumerDir, '.packed');
/** A lock older than this was left by a run that died; packing itself takes a few seconds. */
const STALE_LOCK_MS = 120_000;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out.sort();
}

/** Hash of every byte the tarball is made of (the README is left out: it holds no code to resolve). */
function contentKey(): string {
  const hash = createHash('sha256');
  for (const file of [join(root, 'package.json'), ...filesUnder(join(root, 'dist')), ...filesUnder(join(root, 'schema'))]) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function pack(key: string): void {
  rmSync(consumerDir, { recursive: true, force: true });
  const target = join(consumerDir, 'node_modules', 'vue-grid-view');
  mkdirSync(target, { recursive: true });
  const [info] = JSON.parse(execFileSync('npm', ['pack', root, '--pack-destination', consumerDir, '--json', '--silent'], { cwd: consumerDir, encoding: 'utf8' })) as { filename: string }[];
  if (!info) throw new Error('npm pack reported no tarball');
  execFileSync('tar', ['-xzf', join(consumerDir, info.filename), '-C', target, '--strip-components=1']);
  // An ESM application, as the README's snippets assume (top-level await, nodenext reads it too).
  writeFileSync(join(consumerDir, 'package.json'), JSON.stringify({ name: 'docs-consumer', private: true, type: 'module' }, null, 2));
  writeFileSync(stampFile, key);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * The consumer folder with the packed package installed, packed now if dist/ changed since the
 * last time. Needs `npm run build` first (npm test does it).
 */
export async function packedConsumer(): Promise<string> {
  if (!existsSync(join(root, 'dist', 'index.d.ts'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const key = contentKey();
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = statSync(lockDir, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lockDir} is held for too long`);
      // Another process holds the lock and sends no event when it lets go: look again shortly.
      else await sleep(200);
    }
  }
  try {
    if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== key) pack(key);
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
  return consumerDir;
}
