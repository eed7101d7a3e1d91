/**
 * The package's declaration files never make an application install an optional peer it does not
 * use. Two checks:
 *
 * - the declaration graph of every entry (from `dist/<entry>.d.ts` through its relative imports)
 *   names exactly the packages listed here: the server, core, SSR and assistant entries no optional
 *   peer beyond what the entry needs at run time;
 * - a TypeScript server with ONE database driver installed type-checks against the packed package:
 *   `module`/`moduleResolution` NodeNext, `strict`, `skipLibCheck: false`, as `tsc` would run in
 *   such a project. Each consumer is an isolated folder (isolated.ts) holding the tarball, the
 *   package's own dependencies, @types/node and the one driver with its types, and provably not the
 *   other driver: a declaration file that imported `pg` (or `better-sqlite3`, or `xlsx`) fails here
 *   with "Cannot find module", as it did for applications before the structural pool settings.
 */
import { dirname, join, relative } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedConsumer, type IsolatedConsumer } from './isolated';
import { root } from './packed';

/** What every server consumer has: the package's dependencies and Node's types. */
const BASE = ['kysely', 'yup', 'axios', '@types/node'];

const SQLITE_SERVER = `
import { createServer } from 'node:http';
import Database from 'better-sqlite3';
import { createGridViewHandler, createSqlPreferencesStore, createSqlRowSource, migrateToLatest, registerSqliteFunctions, toNodeHandler } from 'vue-grid-view/server';

const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: ':memory:' });
await migrateToLatest(store.db);
// @ts-expect-error a SQLite store needs its filename (proves the options are typed, not any)
createSqlPreferencesStore({ dialect: 'sqlite' });

const database = new Database(':memory:');
registerSqliteFunctions(database);
export const rows = createSqlRowSource;
const handler = createGridViewHandler({ store, subject: () => 'alice' });
createServer(toNodeHandler(handler)).close();
`;

const POSTGRES_SERVER = `
import { createServer } from 'node:http';
import pg from 'pg';
import { createGridViewHandler, createSqlPreferencesStore, toNodeHandler } from 'vue-grid-view/server';

// The pool settings are the package's own structural type: pg's own PoolConfig must still fit.
const settings: pg.PoolConfig = { max: 4, idleTimeoutMillis: 10_000, ssl: { rejectUnauthorized: false } };
const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: 'postgres://app@127.0.0.1/app', pool: settings });
createSqlPreferencesStore({ dialect: 'postgres', connectionString: 'postgres://app@127.0.0.1/app', pool: { max: 2, connectionTimeoutMillis: 1_000 } });
// @ts-expect-error max is a number (proves the pool settings are typed, not any)
createSqlPreferencesStore({ dialect: 'postgres', connectionString: 'postgres://app@127.0.0.1/app', pool: { max: 'ten' } });

const handler = createGridViewHandler({ store, subject: () => 'alice' });
createServer(toNodeHandler(handler)).close();
`;

const CONSUMERS = [
  { name: 'sqlite', driver: 'better-sqlite3', other: 'pg', packages: [...BASE, 'better-sqlite3', '@types/better-sqlite3'], source: SQLITE_SERVER },
  { name: 'postgres', driver: 'pg', other: 'better-sqlite3', packages: [...BASE, 'pg', '@types/pg'], source: POSTGRES_SERVER },
] as const;

/**
 * Packages each entry's declarations import. The Vue entry names vue, pinia, echarts and AG Grid:
 * its components import them, so an application bundling it installs them anyway (README, "Use it
 * in a Vue app"). The MCP entry names the MCP SDK, whose `McpServer` it returns: an application
 * that imports it installs the SDK to run it anyway. Every other entry names only its dependencies
 * and Node's modules.
 */
const DECLARED_PACKAGES: Record<string, string[]> = {
  index: ['ag-grid-community', 'echarts', 'pinia', 'vue'],
  core: ['axios'],
  server: ['kysely', 'node:http', 'node:tls'],
  ssr: ['vue'],
  assistant: [],
  mcp: ['@modelcontextprotocol/server', 'node:stream'],
};

/** Bare specifiers imported by `dist/<entry>.d.ts` and every declaration file it reaches, as package names. */
function declaredPackages(entry: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    // Comments are dropped first: a JSDoc line may quote an import.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\(\s*)['"]([^'"]+)['"]/g)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.d.ts')));
      else packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  };
  visit(join(root, 'dist', `${entry}.d.ts`));
  return [...packages].sort();
}

describe('the declaration files of each entry', () => {
  for (const [entry, expected] of Object.entries(DECLARED_PACKAGES)) {
    it(`of ${entry} import only ${expected.length === 0 ? 'no package' : expected.join(', ')}`, () => {
      expect(declaredPackages(entry)).toEqual(expected);
    });
  }
});

const consumers = new Map<string, IsolatedConsumer>();

beforeAll(async () => {
  for (const consumer of CONSUMERS) {
    const isolated = await isolatedConsumer(`types-${consumer.name}`, consumer.packages);
    consumers.set(consumer.name, isolated);
    writeFileSync(join(isolated.dir, 'server.ts'), consumer.source);
  }
}, 180_000);

afterAll(() => {
  for (const consumer of consumers.values()) consumer.dispose();
});

/** Every diagnostic `tsc --noEmit` would print for the consumer's `server.ts`, as `file:line: TSnnnn: text`. */
function typeCheck(dir: string): string[] {
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023'], types: ['node'], strict: true, skipLibCheck: false, noEmit: true },
    dir,
  );
  if (errors.length > 0) return errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const program = ts.createProgram({ rootNames: [join(dir, 'server.ts')], options });
  // The package's declarations must take part, or the check proves nothing.
  if (!program.getSourceFiles().some((file) => file.fileName.includes('/node_modules/vue-grid-view/dist/'))) return ['no declaration file of the packed package was loaded'];
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${relative(dirname(dir), d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return `${where}TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('a NodeNext strict server with one database driver', () => {
  for (const consumer of CONSUMERS) {
    it(`type-checks with only ${consumer.driver} installed (no ${consumer.other}, skipLibCheck false)`, () => {
      const isolated = consumers.get(consumer.name) as IsolatedConsumer;
      expect({ driver: isolated.resolves(consumer.driver), other: isolated.resolves(consumer.other) }).toEqual({ driver: true, other: false });
      expect(typeCheck(isolated.dir)).toEqual([]);
    }, 120_000);
  }
});
