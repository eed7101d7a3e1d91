/**
 * The packed package's types, as TypeScript projects of every kind see them: one consumer file
 * imports all five entries from the tarball (packed.ts) and is checked under `moduleResolution`
 * `bundler`, `nodenext`, `node16` and `node10` with `skipLibCheck: false`. A declaration file that
 * does not resolve under one of them (a relative import without its extension under nodenext, a
 * subpath without `typesVersions` under node10) fails here, and so does an import that silently
 * became `any`: every import carries a `@ts-expect-error` that only a typed import satisfies.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedConsumer } from './packed';

// No top-level await, so the same file also compiles as CommonJS for node10 projects.
const CONSUMER = `
import { GridView, GridViewPlugin, useLiveKpis, type GridViewPluginOptions } from 'vue-grid-view';
import { GridRenderer, HttpHost, parseGridViewSpecJson, type GridViewSpecWire, type Row } from 'vue-grid-view/core';
import { createGridViewHandler, createSqlPreferencesStore, migrateToLatest, type GridViewHandler } from 'vue-grid-view/server';
import { pageRoute, renderHtml } from 'vue-grid-view/ssr';
import { validatePlannerOutput, type PresentationFormat } from 'vue-grid-view/assistant';

// Every name below is typed: if an import were \`any\`, its @ts-expect-error would go unused (TS2578).
// @ts-expect-error the plugin object has no such property
GridViewPlugin.notAProperty;
// @ts-expect-error a component is not callable
GridView();
// @ts-expect-error useLiveKpis needs its arguments
useLiveKpis();
// @ts-expect-error the locale option is a string
const options: GridViewPluginOptions = { locale: 42 };
// @ts-expect-error a parsed spec's gridId is a string, not a number
const gridId: number = parseGridViewSpecJson({}).gridId;
// @ts-expect-error HttpHost takes an options object
new HttpHost('/api');
// @ts-expect-error the handler's subject is a function of the request
const handler: GridViewHandler = createGridViewHandler({ subject: 'alice' });
// @ts-expect-error renderHtml resolves to a string
const html: Promise<number> = renderHtml({}, []);
// @ts-expect-error pageRoute answers Responses
const page: (request: Request) => Promise<string> = pageRoute({}, []);
// @ts-expect-error a presentation format is one of four words
const format: PresentationFormat = 'slides';

const wire: GridViewSpecWire = { grid_id: 'sales', columns: [{ key: 'amount', label: 'Amount' }] };
const rows: Row[] = [{ amount: 1 }];
const display: string | undefined = GridRenderer.build(parseGridViewSpecJson(wire), rows).kpis[0]?.display;
const plan = validatePlannerOutput({ sql: 'select 1', purpose: 'test', format: 'table' });

// The README's line, without a cast.
export async function migrate(): Promise<void> {
  const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: ':memory:' });
  await migrateToLatest(store.db);
}

export { options, gridId, handler, html, page, format, display, plan };
`;

/**
 * A page's own script (no import or export: a classic script beside the bundle's tag), typed by the
 * package's declaration of the globals the browser bundle sets.
 */
const PAGE_SCRIPT = `/// <reference types="vue-grid-view/browser" />
const mounted: number = GridView.bootScope(document.body);
// @ts-expect-error bootScope counts the views it mounted
const wrong: string = GridView.bootScope();
const alias: typeof GridView = window.CmGridView;
const kpis = GridView.resolveKpis([{ label: 'Revenue', column_key: 'amount', aggregate: 'sum' }], [{ amount: 1 }]);
const display: string = kpis[0]?.display ?? '';
// @ts-expect-error initChart takes an element, not an id
GridView.initChart('by-region', { id: 'by-region', chart_type: 'bar', x_key: 'region', series: [] }, []);
CmSimpleTable.initAll(document.body);
const language: string | undefined = GridViewI18n?.locale;
GridView.preferencesUrl = '/grid/prefs/';
GridView.hydrate = 'load';
// @ts-expect-error hydrate is 'interaction' or 'load'
GridView.hydrate = 'later';
void GridView.ready().then(() => GridView.PageState?.entries);
declare const gridApi: Parameters<typeof GridView.attachDataGrid>[0];
const attached = GridView.attachDataGrid(gridApi, { gridId: 'orders', container: document.body, saveUrl: '/api/grid-view/save/' });
attached.detach();
const options = GridView.gridOptions({ columnDefs: [{ field: 'amount', context: { format: 'currency' } }] });
const stopFollowing: () => void = GridView.init({ root: document.body, gridAdapter: attached.adapter });
stopFollowing();
GridView.bindGridKpis({ root: document, gridAdapter: GridView.staticRowsAdapter([]) })();
const watched: number = GridView.loadLazyBlocks();
`;

const MODES: Record<string, { module: string; moduleResolution: string }> = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  // Deprecated in TypeScript 6 but still what older projects use; only the types that exist there.
  node10: { module: 'commonjs', moduleResolution: 'node10' },
};

let work = '';

beforeAll(async () => {
  work = join(await packedConsumer(), 'types');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'consumer.ts'), CONSUMER);
  writeFileSync(join(work, 'page-script.ts'), PAGE_SCRIPT);
}, 180_000);

/**
 * Errors of the consumer file and of the package's own declaration files, type-checked with
 * `skipLibCheck: false`. Other packages' declarations are checked as far as ours use them, but
 * their internal errors are not reported: they are not this package's to fix, and checking all of
 * vue, echarts and @types/node four times would cost a minute.
 */
function check(mode: { module: string; moduleResolution: string }, file = 'consumer.ts'): string[] {
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    { ...mode, target: 'es2022', lib: ['es2023', 'dom'], types: ['node'], strict: true, skipLibCheck: false, noEmit: true, ignoreDeprecations: '6.0' },
    work,
  );
  if (errors.length > 0) return errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const program = ts.createProgram({ rootNames: [join(work, file)], options });
  const ours = program.getSourceFiles().filter((file) => !file.fileName.includes('/node_modules/') || file.fileName.includes('/node_modules/vue-grid-view/'));
  // The tarball's declarations must take part, or the check proves nothing.
  if (!ours.some((file) => file.fileName.includes('/node_modules/vue-grid-view/dist/'))) return ['no declaration file of the packed package was loaded'];
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? `${relative(dirname(work), d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return `${where}TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('the packed package imported by a TypeScript project', () => {
  for (const [name, mode] of Object.entries(MODES)) {
    // A few seconds each alone; generous, as npm test runs other files on the same two cores.
    it(`type-checks all five entries, typed and not any, under moduleResolution ${name} with skipLibCheck false`, () => {
      expect(check(mode)).toEqual([]);
    }, 120_000);
    it(`types a page script's use of the browser bundle's globals under moduleResolution ${name}`, () => {
      expect(check(mode, 'page-script.ts')).toEqual([]);
    }, 120_000);
  }
});
