/**
 * Consumers that really lack the optional packages they do not install. `packed.ts` extracts the
 * tarball inside the repository, where every optional peer (pg, xlsx, jspdf, …) resolves from the
 * repository's node_modules, so it cannot show what happens to an application without one. Here
 * the extracted package is COPIED into a fresh folder under the system's temporary directory, and
 * its node_modules gets symlinks to exactly the packages named (and, as npm would hoist them,
 * their own dependencies) and nothing else. Resolution from the package's files climbs that
 * folder's parents, none of which has a node_modules of this repository.
 *
 * A symlinked package resolves its own dependencies from its real path in the repository, as an
 * installed one would from its own folder; only what the tarball imports is limited to the list.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packedConsumer, root } from './packed';

/** One isolated consumer folder; `dispose()` removes it. */
export interface IsolatedConsumer {
  /** The folder: `package.json` (an ESM app), `node_modules/vue-grid-view` and the linked packages. */
  readonly dir: string;
  /** True when `name` resolves from the folder as an application's import would. */
  resolves(name: string): boolean;
  dispose(): void;
}

interface Manifest {
  dependencies?: Record<string, string>;
}

function link(dir: string, name: string): void {
  const target = join(dir, 'node_modules', name);
  if (existsSync(target)) return;
  const source = join(root, 'node_modules', name);
  if (!existsSync(source)) throw new Error(`${name} is not installed in the repository: it cannot be linked into a consumer`);
  mkdirSync(join(target, '..'), { recursive: true });
  symlinkSync(source, target, 'dir');
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as Manifest;
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    // A dependency npm nested inside the package (another version) comes with the package's folder.
    if (!existsSync(join(source, 'node_modules', dependency))) link(dir, dependency);
  }
}

/**
 * A fresh consumer of the packed package (needs `npm run build` first, as packed.ts does) with
 * only `packages` installed besides it. The package's own dependencies (`kysely`, `yup`, `axios`)
 * are NOT added implicitly: list them like any other, so a test says everything its app has.
 */
export async function isolatedConsumer(prefix: string, packages: readonly string[]): Promise<IsolatedConsumer> {
  const packed = join(await packedConsumer(), 'node_modules', 'vue-grid-view');
  const dir = mkdtempSync(join(tmpdir(), `gv-${prefix}-`));
  try {
    cpSync(packed, join(dir, 'node_modules', 'vue-grid-view'), { recursive: true });
    for (const name of packages) link(dir, name);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `${prefix}-consumer`, private: true, type: 'module' }, null, 2));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const from = join(dir, 'node_modules', 'vue-grid-view', 'dist');
  return {
    dir,
    resolves(name) {
      // Node's and TypeScript's lookup: node_modules/<name> in the folder and every parent. (Not
      // require.resolve: a package without a main, such as dejavu-fonts-ttf, never resolves bare.)
      for (let at = from; ; at = dirname(at)) {
        if (existsSync(join(at, 'node_modules', name, 'package.json'))) return true;
        if (dirname(at) === at) return false;
      }
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
