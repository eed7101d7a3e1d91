/**
 * The three Vite plugins that let the IIFE and the Vue part it loads share one copy of their common
 * modules (see src/browser/shared-modules.ts for the page's side):
 *
 * 1. `recordSharedModules` (ES build): lists the source modules the first script imports statically
 *    that the Vue part also reaches, with their export names, in `shared-modules.json`.
 * 2. `importSharedModules` (the IIFE's Vue part, `iife-part/`): every import of a listed module
 *    becomes a module that reads it back from the registry, export by export. An import of a name
 *    the list lacks fails the build (the bundler's missing-export error), so a drift is found at
 *    build time. It writes the names it really uses in `shared-used.json`.
 * 3. `exposeSharedModules` (IIFE): the script hands exactly those exports to the page's registry,
 *    so the bundler still drops what neither part uses.
 *
 * The ES build itself shares through its chunks and needs none of this.
 */
import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One module the two parts share: its path from the project root (`/` separated) and its exports. */
export interface SharedModule {
  path: string;
  exports: string[];
}

/** The manifest's name, in the ES build's output folder. */
export const SHARED_MANIFEST = 'shared-modules.json';
/** The list of what the IIFE's Vue part uses of them, in its output folder. */
export const SHARED_USED = 'shared-used.json';

const posix = (path: string): string => path.split(sep).join('/');

/** Reads a list an earlier build wrote, or says which build has to run first. */
export function readSharedList(file: string, build: string): SharedModule[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SharedModule[];
  } catch (error) {
    throw new Error(`${file} could not be read (${(error as Error).message}): run \`vite build --mode ${build}\` first`);
  }
}

const listJson = (modules: SharedModule[]): string => `${JSON.stringify(modules, null, 1)}\n`;

/**
 * ES build: writes `shared-modules.json` beside its output. `firstScript` and `vuePart` are the two
 * entries' absolute paths; `root` is the project root the listed paths are relative to.
 */
export function recordSharedModules(root: string, firstScript: string, vuePart: string): Plugin {
  return {
    name: 'gv-record-shared-modules',
    generateBundle() {
      const closure = (start: string, dynamic: boolean): Set<string> => {
        const seen = new Set<string>();
        const queue = [start];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (info === null) continue;
          queue.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      const reachedByVuePart = closure(vuePart, true);
      const shared: SharedModule[] = [];
      for (const id of closure(firstScript, false)) {
        // Source modules only: packages (none today) and the bundler's virtual modules stay as they are.
        if (id === firstScript || !reachedByVuePart.has(id) || !id.startsWith(root) || id.includes('node_modules') || !/\.(ts|js|mjs)$/.test(id)) continue;
        const exports = this.getModuleInfo(id)?.exports ?? [];
        if (exports.length > 0) shared.push({ path: posix(relative(root, id)), exports: [...exports].sort() });
      }
      shared.sort((a, b) => a.path.localeCompare(b.path));
      this.emitFile({ type: 'asset', fileName: SHARED_MANIFEST, source: listJson(shared) });
    },
  };
}

/**
 * IIFE: appends to the entry module the handover of the exports the Vue part uses (`usedFile`, the
 * list `importSharedModules` wrote). Imports are hoisted, so they are all evaluated by then; the Vue
 * part loads later, asynchronously.
 */
export function exposeSharedModules(root: string, entry: string, usedFile: () => string): Plugin {
  return {
    name: 'gv-expose-shared-modules',
    enforce: 'pre',
    transform(code, id) {
      if (id !== entry) return null;
      const used = readSharedList(usedFile(), 'iife-part');
      const lines = [`import { exposeModules as __gvExpose } from ${JSON.stringify(join(root, 'src/browser/shared-modules.ts'))};`];
      const entries: string[] = [];
      used.forEach((module, index) => {
        const names = module.exports.map((name, at) => `${JSON.stringify(name)} as __gv${index}_${at}`);
        lines.push(`import { ${names.join(', ')} } from ${JSON.stringify(join(root, module.path))};`);
        entries.push(`${JSON.stringify(module.path)}: { ${module.exports.map((name, at) => `${JSON.stringify(name)}: __gv${index}_${at}`).join(', ')} }`);
      });
      lines.push(`__gvExpose({ ${entries.join(', ')} });`);
      return { code: `${code}\n${lines.join('\n')}\n`, map: null };
    },
  };
}

/** The IIFE's Vue part: listed modules are read from the registry instead of being bundled again. */
export function importSharedModules(root: string, manifestFile: () => string): Plugin {
  const PREFIX = '\0gv-shared:';
  let shared: Map<string, SharedModule> | undefined;
  const manifest = (): Map<string, SharedModule> => (shared ??= new Map(readSharedList(manifestFile(), 'esm').map((module) => [module.path, module])));
  return {
    name: 'gv-import-shared-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || source.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || resolved.external !== false) return null;
      const path = posix(relative(root, resolved.id.split('?')[0] ?? resolved.id));
      return manifest().has(path) ? `${PREFIX}${path}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const module = manifest().get(id.slice(PREFIX.length));
      if (module === undefined) return null;
      const lines = [
        `import { exposedModule } from ${JSON.stringify(join(root, 'src/browser/shared-modules.ts'))};`,
        `const module = exposedModule(${JSON.stringify(module.path)});`,
        ...module.exports.map((name, index) => `const e${index} = module[${JSON.stringify(name)}];\nexport { e${index} as ${JSON.stringify(name)} };`),
      ];
      return lines.join('\n');
    },
    generateBundle(_options, bundle) {
      const used = new Map<string, Set<string>>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(file.modules)) {
          if (!id.startsWith(PREFIX)) continue;
          const names = used.get(id.slice(PREFIX.length)) ?? new Set<string>();
          for (const name of module.renderedExports) names.add(name);
          used.set(id.slice(PREFIX.length), names);
        }
      }
      const list = [...used].filter(([, names]) => names.size > 0).map(([path, names]) => ({ path, exports: [...names].sort() }));
      this.emitFile({ type: 'asset', fileName: SHARED_USED, source: listJson(list.sort((a, b) => a.path.localeCompare(b.path))) });
    },
  };
}
