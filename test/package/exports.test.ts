import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import ts from 'typescript';

// The public API of every package entry, as names: a change to it shows up as a diff of
// test/package/public-api.txt, so adding or removing a name is always a visible decision (and a
// CHANGELOG line). Update the file with `npx vitest run --project node test/package/exports.test.ts -u`.
const root = resolve(__dirname, '../..');
const ENTRIES: Record<string, string> = {
  'vue-grid-view': 'src/index.ts',
  'vue-grid-view/core': 'src/core-entry.ts',
  'vue-grid-view/server': 'src/server/index.ts',
  'vue-grid-view/ssr': 'src/ssr/index.ts',
  'vue-grid-view/assistant': 'src/assistant/index.ts',
  'vue-grid-view/mcp': 'src/mcp/index.ts',
};

function exportedNames(program: ts.Program, file: string): { values: string[]; types: string[] } {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not part of the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${file} has no module symbol`);
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    // `export type { X }` re-exports a class or const as a type only: count it as a type.
    const typeOnly = symbol.declarations?.some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) ?? false;
    if (!typeOnly && target.flags & ts.SymbolFlags.Value) values.push(symbol.name);
    else types.push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
}

let cached: ts.Program | undefined;
/** One program over every entry (type-checking it is the slow part; both tests share it). */
function program(): ts.Program {
  if (cached) return cached;
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.build.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.build.json could not be read');
  const files = Object.values(ENTRIES).map((file) => join(root, file));
  cached = ts.createProgram({ rootNames: [...files, join(root, 'env.d.ts')], options: { ...config.options, noEmit: true } });
  return cached;
}

describe('the public API', () => {
  it('is exactly the names listed in test/package/public-api.txt, entry by entry', async () => {
    const lines: string[] = [];
    for (const [entry, file] of Object.entries(ENTRIES)) {
      const { values, types } = exportedNames(program(), join(root, file));
      lines.push(`${entry} (${values.length} values, ${types.length} types)`, `  values: ${values.join(', ')}`, `  types: ${types.join(', ')}`, '');
    }
    await expect(lines.join('\n')).toMatchFileSnapshot('./public-api.txt');
  });

  it('exports every name from one entry only', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [entry, file] of Object.entries(ENTRIES)) {
      const { values, types } = exportedNames(program(), join(root, file));
      for (const name of [...values, ...types]) {
        const first = owner.get(name);
        if (first !== undefined) twice.push(`${name} (${first} and ${entry})`);
        else owner.set(name, entry);
      }
    }
    expect(twice).toEqual([]);
  });
});
